"""Jupyter display of game records and reports, without needing IPython.

A game's rich display is the game viewer (:func:`narde_notation.show.viewer.viewer_html`):
the board, the move list, both pip counts and the findings, with buttons
(and the arrow keys once the viewer has the focus) to step through it.
:func:`game_text` is the plain-text view, control characters written out
(:func:`narde_notation.model.safe_text.visible`).  :func:`register_ipython_formatters`
makes IPython use them for :class:`~narde_notation.model.record.GameRecord`,
:class:`~narde_notation.replay.validation.GameReport`, a game being played
(:class:`~narde_notation.rules.game.Game`: the viewer of its half-turns so
far) and :class:`~narde_notation.analysis.game.GameAnalysis` (the viewer with
the marks, the winning chance and the graph, as ``narde show --analyse``).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from narde_notation.model import GameRecord, visible
from narde_notation.show.viewer import viewer_html

if TYPE_CHECKING:
    from narde_notation.analysis import GameAnalysis
    from narde_notation.replay import GameReport
    from narde_notation.rules import Game

__all__ = ["analysis_html", "game_html", "game_text", "played_game_html",
           "register_ipython_formatters"]


def _report_of(game: GameRecord | GameReport) -> GameReport:
    if isinstance(game, GameRecord):
        from narde_notation.replay import Pipeline

        return Pipeline().report(game)
    return game


def game_text(game: GameRecord | GameReport) -> str:
    """A one-line description: players, half-turns, declared and replayed result.

    Record text in it (names, file, result) has its control characters
    written out (``\\x1b``), so printing it cannot act on a terminal.
    """
    record = game if isinstance(game, GameRecord) else game.record
    white = record.white or "?"
    black = record.black or "?"
    where = f"{record.file}#{record.index}" if record.file else f"game {record.index}"
    text = f"<Narde game {where}: {white} (White) vs {black} (Black), "
    text += f"{len(record.half_turns)} half-turns"
    declared = record.result or record.tags.get("Result")
    if declared:
        text += f", result {declared}"
    if not isinstance(game, GameRecord):
        text += f", replayed {game.result}"
        if game.kind:
            text += f" ({game.kind})"
        text += f", {len(game.errors)} errors, {len(game.warnings)} warnings"
    return visible(text + ">", lines=True)


def game_html(game: GameRecord | GameReport, board_size: int = 360,
              analysis: GameAnalysis | None = None) -> str:
    """The game viewer of one game, as an HTML fragment, showing its last replayed ply.

    With ``analysis`` (:func:`narde_notation.analyse` of the game) the viewer
    marks the moves and shows the winning chance, the loss, the best turn,
    the mistake jumps (keys ``n`` / ``p``) and the graph, as ``narde show
    --analyse`` does: ``IPython.display.HTML(game_html(report, analysis=a))``.

    A :class:`GameRecord` is replayed first (:func:`narde_notation.replay.validation.validate`).
    See :func:`narde_notation.show.viewer.viewer_html`: board, move list (roll and
    moves as written), pip counts, findings, tags; the arrow keys work once
    the viewer has the focus (a click on it).  Never raises on a bad record.
    """
    report = _report_of(game)
    return viewer_html(report, ply=len(report.turns), board_size=board_size,
                       analysis=analysis)


def _plain(obj: Any, p: Any, cycle: bool) -> None:
    p.text(game_text(obj))


def register_ipython_formatters() -> bool:
    """Register text/html (and a short text/plain) for records and reports.

    Does nothing when IPython is not imported or not running; never imports
    IPython itself, so it costs nothing outside Jupyter.

    Returns:
        True when the formatters were registered.
    """
    ipython_mod = sys.modules.get("IPython")
    if ipython_mod is None:
        return False
    get_ipython = getattr(ipython_mod, "get_ipython", None)
    shell = get_ipython() if get_ipython is not None else None
    if shell is None:
        return False
    from narde_notation.replay import GameReport

    formatters = shell.display_formatter.formatters
    for cls in (GameRecord, GameReport):
        formatters["text/html"].for_type(cls, game_html)
        formatters["text/plain"].for_type(cls, _plain)
    # by name: registering imports neither the engine's game nor the evaluator
    html = formatters["text/html"]
    html.for_type_by_name("narde_notation.rules.game", "Game", played_game_html)
    html.for_type_by_name("narde_notation.analysis.game", "GameAnalysis", analysis_html)
    return True


def played_game_html(game: Game, board_size: int = 360) -> str:
    """A game being played (:class:`~narde_notation.rules.game.Game`) as the game
    viewer of its half-turns so far, at the last one."""
    return game_html(game.to_record(), board_size=board_size)


def analysis_html(analysis: GameAnalysis, board_size: int = 360) -> str:
    """An analysis as the viewer of its game with the marks, the winning chance
    and the graph; a table of its rated half-turns when the game's replay is
    not at hand (an analysis made in a worker process)."""
    if analysis.report is not None:
        return game_html(analysis.report, board_size=board_size, analysis=analysis)
    return str(analysis.to_frame().to_html(index=False, escape=True))
