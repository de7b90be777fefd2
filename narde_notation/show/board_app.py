"""The analysis board: enter, replay and study a game on a board in the browser.

``narde board [RECORD]`` (:mod:`narde_notation.cli.board`) serves one page
on 127.0.0.1 with Flask (decisions: "The analysis board").  The page
(``show/assets/board.js``) draws and asks; every answer comes from the
package's own rules engine, evaluator and writer, here:

* ``GET /`` — the page: the viewer's board layer as SVG
  (:func:`~narde_notation.show.board_svg.board_drawing`) and the viewer's
  script, which draws the checkers (``viewer.js``'s ``drawPlay``), so the
  board is the viewer's drawing;
* ``GET /assets/NAME`` — the four scripts and style sheets, by name from a
  fixed table (no path comes from a request);
* ``POST /api/state`` — the game so far replayed (:class:`~narde_notation.rules.game.Game`),
  each ply's board, the record in native notation, and the half-turn
  being entered (:class:`~narde_notation.show.board_entry.TurnEntry`):
  the points each checker may reach, a refused move with its finding and
  rule; a completed half-turn is appended to the line (a half-turn entered
  at an earlier ply starts a new line);
* ``POST /api/hint`` — the legal turns of the roll ranked by the evaluator
  (equity, win and mars chances, loss);
* ``POST /api/analysis`` — the game so far analysed, as the viewer shows it
  (marks, the winning-chance graph);
* ``POST /api/save`` — the record written to the file named by ``--out``.

Every POST body is a JSON object of at most :data:`MAX_BODY` bytes (the
state: ``start``, ``rules``, ``white``, ``black``, ``turns``, ``ply``,
``roll``, ``steps``, ``try``; see :func:`read_state`); anything else gets a
400 (413 for a larger body) with ``{"error": message}``, never a traceback.
Text from records reaches the page as JSON set as ``textContent`` or
through the viewer's escaping.
"""

from __future__ import annotations

import functools
import json
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from narde_notation.model import Side, html_text, script_json, visible
from narde_notation.rules import Position
from narde_notation.show._board_state import (
    BoardError,
    analysis_answer,
    hint_answer,
    read_state,
    record_text,
    state_answer,
)
from narde_notation.show.board_svg import board_drawing, viewer_geometry
from narde_notation.show.viewer import viewer_assets

if TYPE_CHECKING:
    import flask
    from flask import Flask, Response

__all__ = ["MAX_BODY", "BoardError", "Loaded", "board_page", "create_app", "load_record",
           "read_state", "state_answer"]

#: the largest request body (bytes): a 300-half-turn game is about 10 KB.
MAX_BODY = 64 * 1024
_ASSETS = ("viewer.js", "viewer.css", "board.js", "board.css")
_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


@dataclass(frozen=True, slots=True)
class Loaded:
    """The game the page starts with: a record read from RECORD, or the opening.

    Attributes:
        start: the start position string (record-format.md, Position strings).
        turns: the half-turns, as the writer writes them (``"65: 24/18 18/13"``).
        white, black: the players' names.
        rules: the ``Rules`` tag.
        note: what was left out (a half-turn the rules refuse, and after it).
    """

    start: str = str(Position())
    turns: tuple[str, ...] = ()
    white: str = "White"
    black: str = "Black"
    rules: str = "standard"
    note: str = ""


# ------------------------------------------------------------------ the record
def load_record(file: str, game_index: int = 0) -> Loaded:
    """Game ``game_index`` of ``file`` (native or ``.mat``), replayed: its start,
    its half-turns up to the first the rules refuse, names and rules.

    Raises:
        OSError: the file cannot be read.
        BoardError: no such game, or a game without a usable start.
    """
    from narde_notation.replay import Pipeline

    try:
        item = Pipeline().game(file, game_index)
    except IndexError as exc:
        raise BoardError(f"--game {game_index}: {visible(str(exc))}") from None
    report = item.report
    if report is None or report.start is None:
        why = item.failure or "its start position is unusable"
        raise BoardError(f"game {game_index} of {visible(file)} cannot be replayed: {why}")
    turns: list[str] = []
    note = ""
    for turn in report.turns:
        errors = [f for f in turn.findings if f.is_error]
        if turn.after is None or errors:
            why = errors[0].message if errors else "it cannot be applied"
            note = (f"loaded up to half-turn {len(turns)}: half-turn {turn.ply + 1}"
                    f" ({turn.half_turn}) is refused: {why}")
            break
        turns.append(turn.half_turn.to_text())
    record = report.record
    return Loaded(start=str(report.start), turns=tuple(turns),
                  white=record.white or "White", black=record.black or "Black",
                  rules=report.rules.to_tag(), note=note)


# ------------------------------------------------------------------ the page
@functools.cache
def _asset_text(name: str) -> str:
    if name.startswith("viewer."):
        return viewer_assets()[name]
    return (resources.files("narde_notation.show") / "assets" / name).read_text("utf-8")


def board_page(loaded: Loaded, *, from_side: Side = Side.WHITE, size: int = 480,
               can_save: str | None = None) -> str:
    """The page: the board layer, the controls, the state as JSON (``#board-data``).

    Element contract (issue 27, tested in a browser): each point a
    ``[data-point="N"]`` element (N = 1…24, White's numbering; the trays
    ``[data-side]``), ``input[name=roll]`` (or two clicks on the dice
    ``[data-die]``), points a selected checker may
    reach carry the class ``legal``, refusals in ``[role=alert]``, buttons
    ``[data-action="undo"]`` and ``[data-action="hint"]``, hint rows
    ``[data-hint-row]``, ``#record`` the game so far as a native record.
    """
    drawing = board_drawing(Position(), size=size, from_side=from_side)
    board = (f'{drawing.svg_open()}{drawing.elements("board")}'
             '<g class="play"></g></svg>')
    data = {"board": viewer_geometry(size, from_side), "start": loaded.start,
            "turns": list(loaded.turns), "white": loaded.white, "black": loaded.black,
            "rules": loaded.rules, "note": loaded.note, "save": can_save,
            "opening": str(Position())}

    def button(action: str, label: str, tip: str) -> str:
        return (f'<button type="button" data-action="{action}" title="{html_text(tip)}">'
                f"{label}</button>")

    nav = (button("first", "|◀", "start (Home)") + button("prev", "◀", "back (←)")
           + button("next", "▶", "forward (→)") + button("last", "▶|", "end (End)"))
    save = button("save", "Save", f"write the record to {can_save or 'the --out file'}")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Long Narde analysis board</title>"
        '<link rel="stylesheet" href="/assets/viewer.css">'
        '<link rel="stylesheet" href="/assets/board.css"></head>\n<body>'
        '<div class="narde-board-app" id="board-app">'
        f'<div class="board" id="board">{board}</div>'
        '<div class="side">'
        '<h1 id="players"></h1>'
        '<p class="pips"><span id="white-pips"></span> · <span id="black-pips"></span></p>'
        '<p class="where" id="where"></p><p class="note" id="note"></p>'
        '<form id="roll-form" autocomplete="off"><label>Roll '
        '<input name="roll" size="4" maxlength="5" placeholder="65" inputmode="numeric">'
        '</label> <span class="dice-pick" title="click two dice">'
        + "".join(f'<button type="button" data-die="{d}" aria-label="die {d}">{face}</button>'
                  for d, face in enumerate("⚀⚁⚂⚃⚄⚅", 1))
        + "</span> " + button("roll", "Roll dice", "roll two random dice") + " "
        + button("undo", "Undo", "take the last step back") + " "
        + button("hint", "Hint", "rank the turns of the roll") + "</form>"
        '<p class="alert" role="alert" id="alert"></p>'
        f'<div class="controls">{nav}'
        + button("old-line", "Old line", "go back to the line before the new one") + "</div>"
        '<ol class="moves" id="moves"></ol>'
        '<table class="hints" id="hints"></table>'
        '<h2>Record</h2><pre id="record"></pre>'
        '<div class="controls">' + button("download", "Download", "save the record as a file")
        + save + "</div>"
        '<details id="setup"><summary>Start position</summary>'
        '<p><input name="position" size="34" placeholder="24:15 / 24:15 / W"> '
        + button("set-position", "Start here", "start a new game from this position") + " "
        + button("new-game", "New game", "start from the opening") + "</p>"
        '<p class="help">White\'s checkers / Black\'s checkers / side to move; each'
        " side as point:count in its own numbering.  Or edit the board: "
        + button("edit", "Edit board", "click a point: one more checker of the colour"
                 " chosen; right click or shift-click: one fewer")
        + ' <select name="edit-side"><option value="white">White</option>'
        '<option value="black">Black</option></select></p></details>'
        '<details id="analysis-box"><summary>Analysis</summary>'
        + button("analyse", "Analyse the game", "rate every half-turn so far (0-ply)")
        + '<div id="analysis"></div></details>'
        "</div>"
        f'<script type="application/json" id="board-data">{script_json(data)}</script>'
        "</div>"
        '<script src="/assets/viewer.js"></script><script src="/assets/board.js"></script>'
        "</body></html>\n"
    )


def create_app(loaded: Loaded | None = None, *, from_side: Side = Side.WHITE,
               out: Path | None = None, size: int = 480,
               hosts: tuple[str, ...] | None = ("127.0.0.1", "localhost", "::1")) -> flask.Flask:
    """The Flask application of the board (module docstring).

    Args:
        loaded: the game to start with (:func:`load_record`); default the opening.
        from_side: draw the board as this side sees it.
        out: the file ``POST /api/save`` writes (``--out``); ``None``: no saving
            (the page still offers a download).
        size: the board's width in pixels.
        hosts: the host names a request may be addressed to (its ``Host``
            header): a page of another site whose name was pointed at
            127.0.0.1 (DNS rebinding) is refused with a 400; ``None``: any
            (a board listening on another address).
    """
    from flask import Flask

    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    page = board_page(loaded or Loaded(), from_side=from_side, size=size,
                      can_save=None if out is None else out.name)
    _add_guards(app, hosts)
    _add_routes(app, page, from_side, out)
    return app


def _answer(value: object, status: int = 200) -> Response:
    """A JSON response."""
    from flask import Response

    return Response(json.dumps(value, ensure_ascii=False), status=status,
                    mimetype="application/json")


def _body() -> object:
    """The request's JSON body.

    Raises:
        BoardError: not JSON.
    """
    from flask import request

    if not request.is_json:
        raise BoardError("send the state as JSON (Content-Type: application/json)")
    got = request.get_json(silent=True)
    if got is None:
        raise BoardError("the body is not JSON")
    return got


def _add_guards(app: Flask, hosts: tuple[str, ...] | None) -> None:
    """The host check and the error handlers: a JSON ``{"error": message}``, never a traceback."""
    from flask import request
    from werkzeug.exceptions import HTTPException

    @app.before_request
    def known_host() -> None:
        host = request.host
        name = host[1:host.find("]")] if host.startswith("[") else host.split(":")[0]
        if hosts is not None and name not in hosts:
            raise BoardError(f"this board answers requests to {', '.join(hosts)} only")

    @app.errorhandler(BoardError)
    def bad_request(exc: BoardError) -> Response:
        return _answer({"error": visible(str(exc))}, 400)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response:
        message = exc.description or exc.name
        if exc.code == 413:
            message = f"the request body is larger than {MAX_BODY} bytes"
        return _answer({"error": message}, exc.code or 500)

    @app.errorhandler(Exception)
    def failure(exc: Exception) -> Response:
        # one line on the terminal, none of the internals on the page
        sys.stderr.write(f"narde board: error: {type(exc).__name__}: {visible(str(exc))}\n")
        return _answer({"error": "the board failed to answer this request"}, 500)


def _add_routes(app: Flask, page: str, from_side: Side, out: Path | None) -> None:
    """The page, its assets and the four API routes (module docstring)."""
    from flask import Response

    @app.get("/")
    def index() -> Response:
        return Response(page, mimetype="text/html")

    @app.get("/favicon.ico")
    def favicon() -> Response:
        return Response(status=204)

    @app.get("/assets/<name>")
    def asset(name: str) -> Response:
        if name not in _ASSETS:
            return _answer({"error": "no such asset"}, 404)
        return Response(_asset_text(name), mimetype=_TYPES[Path(name).suffix])

    @app.post("/api/state")
    def state() -> Response:
        return _answer(state_answer(read_state(_body())))

    @app.post("/api/hint")
    def hint() -> Response:
        return _answer(hint_answer(read_state(_body())))

    @app.post("/api/analysis")
    def analysis() -> Response:
        return _answer(analysis_answer(read_state(_body()), from_side))

    @app.post("/api/save")
    def save() -> Response:
        if out is None:
            raise BoardError("no file to save to: start the board with --out FILE")
        text = record_text(read_state(_body()))
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise BoardError(f"cannot write {out.name}: {exc.strerror or exc}") from None
        return _answer({"saved": out.name})
