"""Jupyter display of game records and reports (HTML), without needing IPython.

:func:`game_html` renders a game as HTML: its tags, a move table (turn
number, each side's roll and moves as written, pip counts after, finding
codes) and the final board (:func:`narde_notation.board.position_svg`).
:func:`register_ipython_formatters` makes IPython use it for
:class:`~narde_notation.record.GameRecord` and
:class:`~narde_notation.validate.GameReport`.
"""

from __future__ import annotations

import re
import sys
from html import escape as _html_escape
from typing import TYPE_CHECKING, Any

from narde_notation.record import GameRecord

if TYPE_CHECKING:
    from narde_notation.validate import GameReport

__all__ = ["game_html", "game_text", "register_ipython_formatters"]

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def escape(text: str) -> str:
    """HTML-escape ``text``, control characters shown as ``\\xNN`` (they are
    not allowed in HTML and break XML-based renderers)."""
    return _html_escape(_CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text))


_STYLE = (
    "<style>.narde-game table{border-collapse:collapse;font-size:90%;margin:0.3em 0}"
    ".narde-game td,.narde-game th{border:1px solid #ccc;padding:1px 6px;text-align:left}"
    ".narde-game .err{color:#a00}.narde-game .warn{color:#a60}</style>"
)


def _report_of(game: GameRecord | GameReport) -> GameReport:
    if isinstance(game, GameRecord):
        from narde_notation.validate import validate

        return validate(game)
    return game


def game_text(game: GameRecord | GameReport) -> str:
    """A one-line description: players, half-turns, declared and replayed result."""
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
    return text + ">"


def game_html(game: GameRecord | GameReport, board_size: int = 360) -> str:
    """HTML of one game: tags, move table, findings and final board.

    A :class:`GameRecord` is replayed first (:func:`narde_notation.validate.validate`)
    to get the pip counts, findings and final position.  The move table has
    one row per turn number: White's roll and moves, Black's roll and moves
    (as written, own numbering), the pip counts (White, Black) after the
    turn, and the codes of any finding on either half-turn.  A game whose
    ``Position`` tag is unusable has no board.

    Never raises on a bad record: problems are shown as findings.
    """
    from narde_notation.board import position_svg

    report = _report_of(game)
    record = report.record
    out = [_STYLE, '<div class="narde-game">']
    title = f"{escape(record.white or '?')} (White) vs {escape(record.black or '?')} (Black)"
    summary = f"replayed {escape(report.result)}"
    if report.kind:
        summary += f" ({escape(report.kind)}, {report.points} points)"
    summary += f"; {len(report.errors)} errors, {len(report.warnings)} warnings"
    out.append(f"<h4>{title}</h4><p>{summary}</p>")
    if record.tags:
        rows = "".join(
            f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in record.tags.items()
        )
        out.append(f'<table class="tags">{rows}</table>')

    # move table: one row per (turn number, pair of half-turns)
    replays = {tr.ply: tr for tr in report.turns}
    rows_html: list[str] = []
    row: dict[str, str] = {}
    turn_no = 0

    def flush() -> None:
        if row:
            rows_html.append(
                "<tr>"
                + "".join(
                    f"<td>{row.get(k, '')}</td>"
                    for k in ("n", "white_roll", "white_moves", "black_roll", "black_moves",
                              "pips", "codes")
                )
                + "</tr>"
            )
            row.clear()

    for ply, ht in enumerate(record.half_turns):
        side = ht.side.name_lower
        if side == "white" or not row:
            flush()
            turn_no += 1
            row["n"] = str(ht.number if ht.number is not None else turn_no)
        d1, d2 = sorted(ht.dice, reverse=True)
        moves = " ".join(escape(m.text) if m.text else escape("/".join(map(str, m.path)))
                         for m in ht.moves) or "<i>pass</i>"
        row[f"{side}_roll"] = f"{d1}{d2}"
        row[f"{side}_moves"] = moves
        tr = replays.get(ply)
        if tr is not None:
            pips = tr.pips_after
            if pips is not None:
                row["pips"] = f"{pips[0]} / {pips[1]}"
            if tr.findings:
                codes = ", ".join(
                    f'<span class="{"err" if f.is_error else "warn"}">{escape(f.code)}</span>'
                    for f in tr.findings
                )
                row["codes"] = ", ".join(x for x in (row.get("codes"), codes) if x)
        if side == "black":
            flush()
    flush()
    if rows_html:
        out.append(
            '<table class="moves"><tr><th>#</th><th colspan="2">White</th>'
            '<th colspan="2">Black</th><th>pips W / B</th><th>findings</th></tr>'
            + "".join(rows_html)
            + "</table>"
        )
    if report.findings:
        items = "".join(
            f'<li class="{"err" if f.is_error else "warn"}">'
            f"line {f.line if f.line is not None else '?'}: {escape(f.severity.value)}"
            f"[{escape(f.code)}] {escape(f.message)}</li>"
            for f in report.findings
        )
        out.append(f'<ul class="findings">{items}</ul>')
    final = report.final_position
    if final is not None:
        out.append(f'<div class="board">{position_svg(final, size=board_size)}</div>')
    out.append("</div>")
    return "".join(out)


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
    from narde_notation.validate import GameReport

    formatters = shell.display_formatter.formatters
    for cls in (GameRecord, GameReport):
        formatters["text/html"].for_type(cls, game_html)
        formatters["text/plain"].for_type(cls, _plain)
    return True


def spreadsheet_text(text: str) -> str:
    """A cell text a spreadsheet shows as text, never runs as a formula.

    Text starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
    return gets a leading ``'`` (OWASP, "CSV injection"): a player named
    ``=HYPERLINK(...)`` stays a name when a CSV is opened.
    """
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
