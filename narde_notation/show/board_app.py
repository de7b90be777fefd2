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
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narde_notation.model import (
    CODES,
    NardeError,
    Side,
    html_text,
    own_to_absolute,
    script_json,
    visible,
)
from narde_notation.rules import Game, Position, Turn
from narde_notation.show.board_entry import Refusal, Step, TurnEntry
from narde_notation.show.board_svg import board_drawing, viewer_geometry
from narde_notation.show.viewer import ply_data, viewer_assets

if TYPE_CHECKING:
    from flask import Flask

    from narde_notation.evaluator import Evaluator

__all__ = ["MAX_BODY", "BoardError", "Loaded", "board_page", "create_app", "load_record",
           "read_state", "state_answer"]

#: the largest request body (bytes): a 300-half-turn game is about 10 KB.
MAX_BODY = 64 * 1024
#: the most half-turns a line may hold (a long game has about 120).
MAX_TURNS = 1000
#: the most characters of a half-turn text, a name, a position string.
MAX_TEXT = 200
#: hint rows sent to the page (a double has up to a few hundred legal turns).
HINT_ROWS = 30

_ASSETS = ("viewer.js", "viewer.css", "board.js", "board.css")
_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


class BoardError(ValueError):
    """A request the board cannot answer: its message goes back with status 400."""


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


@dataclass(slots=True)
class State:
    """One request's state, checked (:func:`read_state`)."""

    start: Position
    rules: str
    white: str
    black: str
    turns: list[str]
    ply: int
    roll: str | None = None
    steps: tuple[Step, ...] = ()
    attempt: tuple[int, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


# ------------------------------------------------------------------ requests
def _text(body: dict[str, Any], key: str, default: str) -> str:
    value = body.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise BoardError(f"{key!r} must be a string")
    if len(value) > MAX_TEXT:
        raise BoardError(f"{key!r} is longer than {MAX_TEXT} characters")
    return value


def _points(value: Any, key: str, length: tuple[int, ...]) -> tuple[int, ...]:
    if (not isinstance(value, list) or len(value) not in length
            or not all(type(v) is int and 0 <= v <= 24 for v in value)):
        raise BoardError(f"{key!r} must be a list of {' or '.join(map(str, length))} points"
                         " 0…24 (absolute, 0 = off)")
    return tuple(value)


def read_state(body: object) -> State:
    """The state a page sends, checked field by field.

    Keys (all optional): ``start`` (a position string; default the
    opening), ``rules`` (a ``Rules`` tag), ``white``, ``black`` (names),
    ``turns`` (half-turn texts, the line), ``ply`` (0 … len(turns): where the
    half-turn being entered starts; default the end), ``roll`` (``"65"``),
    ``steps`` (the half-turn's steps so far: ``[from, to]`` absolute points,
    0 = off), ``try`` (``[point]``: a checker clicked, ``[from, to]``: a
    move tried).

    Raises:
        BoardError: not a JSON object, a key of the wrong type or size, a
            position that cannot be (R1), a bad rules tag.
    """
    if not isinstance(body, dict):
        raise BoardError("the body must be a JSON object")
    try:
        start = Position.from_string(_text(body, "start", str(Position())))
    except NardeError as exc:
        raise BoardError(f"start: {exc}") from None
    rules = _text(body, "rules", "standard")
    turns = body.get("turns", [])
    if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
        raise BoardError("'turns' must be a list of half-turn texts")
    if len(turns) > MAX_TURNS or any(len(t) > MAX_TEXT for t in turns):
        raise BoardError(f"'turns' holds at most {MAX_TURNS} half-turns of {MAX_TEXT}"
                         " characters")
    ply = body.get("ply", len(turns))
    if type(ply) is not int or not 0 <= ply <= len(turns):
        raise BoardError(f"'ply' must be an integer 0…{len(turns)}")
    roll = body.get("roll")
    if roll is not None and (not isinstance(roll, str) or len(roll) > 10):
        raise BoardError("'roll' must be a short string such as \"65\"")
    steps = body.get("steps", [])
    if not isinstance(steps, list) or len(steps) > 8:
        raise BoardError("'steps' must be a list of at most 8 steps")
    attempt = body.get("try")
    return State(
        start=start, rules=rules, white=_text(body, "white", "White"),
        black=_text(body, "black", "Black"), turns=list(turns), ply=ply, roll=roll or None,
        steps=tuple(_points(s, "steps", (2,)) for s in steps),  # type: ignore[misc]
        attempt=None if attempt is None else _points(attempt, "try", (1, 2)))


def _game(state: State, upto: int | None = None) -> Game:
    """The line replayed (its first ``upto`` half-turns), every half-turn checked."""
    start = state.start
    opening = Position().with_side_to_move(start.side_to_move)
    try:
        game = (Game(None, state.rules, first_mover=start.side_to_move) if start == opening
                else Game(start, state.rules))
    except NardeError as exc:
        raise BoardError(f"rules: {exc}") from None
    for k, text in enumerate(state.turns[:upto]):
        try:
            game.play(text)
        except NardeError as exc:
            raise BoardError(f"half-turn {k + 1} ({visible(text)}): {exc}") from None
    return game


def _side_name(side: Side) -> str:
    return side.name_lower.capitalize()


def _abs_steps(turn: Turn, mover: Side) -> list[list[int]]:
    return [[own_to_absolute(mover, s.from_point), own_to_absolute(mover, s.to_point)]
            for s in turn.steps]


def _line(state: State, game: Game) -> dict[str, Any]:
    """The line's half-turns and every ply's board, the record, the outcome."""
    from narde_notation.formats import write_game

    positions = game.positions()
    turns: list[dict[str, Any]] = []
    plies: list[dict[str, Any]] = []
    n = len(positions) - 1
    for k, pos in enumerate(positions):
        outcome = game.outcome(final=True) if k == n else None
        if k == 0:
            plies.append({"board": ply_data(pos, outcome=outcome), "pips": pos.pip_counts(),
                          "where": f"Start: {_side_name(pos.side_to_move)} to move",
                          "to_move": pos.side_to_move.name_lower})
            continue
        played = game.turn_stack[k - 1]
        before = positions[k - 1]
        mover = before.side_to_move
        text = state.turns[k - 1]
        dice = played.dice
        turns.append({"text": text, "side": mover.name_lower,
                      "roll": "" if dice is None else f"{dice[0]}{dice[1]}",
                      "steps": _abs_steps(played, mover) if isinstance(played, Turn) else []})
        plies.append({"board": ply_data(pos, mover=mover, dice=dice, before=before,
                                        outcome=outcome),
                      "pips": pos.pip_counts(), "to_move": pos.side_to_move.name_lower,
                      "where": f"After half-turn {k}: {_side_name(mover)} {text}"})
    record = game.to_record(white=state.white, black=state.black)
    outcome = game.outcome(final=True)
    result = None
    if outcome is not None:
        plural = "" if outcome.points == 1 else "s"
        result = ("a draw (R9)" if outcome.winner is None else
                  f"{_side_name(outcome.winner)} wins: {outcome.kind}, {outcome.points}"
                  f" point{plural} ({outcome.result_string})")
    return {"turns": turns, "plies": plies, "record": write_game(record), "result": result}


def _opening(game: Game) -> bool:
    """The game's first roll is due (R2: never a double, unless ``reroll``)."""
    return not game.turn_stack and not game.set_up and not game.rules.reroll


def _roll_refusal(game: Game, dice: tuple[int, int]) -> Refusal | None:
    if game.is_game_over():
        return Refusal("game-over", CODES["game-over"][1],
                       "the game is over: nothing more is played (R11)")
    if _opening(game) and dice[0] == dice[1]:
        return Refusal("opening-double", CODES["opening-double"][1],
                       f"{dice[0]}{dice[1]} cannot open the game: the first roll decides who"
                       " starts and is never a double (R2)")
    return None


def _entry(state: State) -> tuple[Game, TurnEntry | None, Refusal | None]:
    """The line up to ``ply`` and the half-turn being entered there (if a roll is given)."""
    game = _game(state, state.ply)
    if state.roll is None:
        return game, None, None
    try:
        entry = TurnEntry(game.position, state.roll, state.rules)
    except NardeError as exc:
        raise BoardError(f"roll: {exc}") from None
    refused = _roll_refusal(game, entry.dice)
    return game, (None if refused else entry), refused


def state_answer(state: State) -> dict[str, Any]:
    """The answer to ``POST /api/state`` (module docstring).

    Keys: ``turns`` (per half-turn: ``text``, ``side``, ``roll``, ``steps``),
    ``plies`` (per ply 0 … n: ``board`` for ``drawPlay``, ``pips``,
    ``where``), ``ply``, ``record`` (native text), ``result``; ``entry``
    (``roll``, ``board``, ``steps`` accepted, ``left`` (dice not played),
    ``reach``: from point -> to point -> steps) or ``None``; ``refused``
    (``code``, ``rule``, ``message``) or ``None``; ``completed``, ``branched``.

    Raises:
        BoardError: the state does not hold (a half-turn of the line the
            rules refuse, a bad roll).
    """
    game, entry, refused = _entry(state)
    answer: dict[str, Any] = {"entry": None, "refused": None, "completed": False,
                              "branched": False, "ply": state.ply}
    if refused is not None:
        answer["refused"] = refused.to_dict()
    if entry is not None:
        steps = state.steps
        good = 0  # the longest playable prefix
        while good < len(steps) and entry.playable(steps[: good + 1]):
            good += 1
        if good < len(steps):
            a, b = steps[good]
            answer["refused"] = entry.refusal(steps[:good], a, b).to_dict()
            steps = steps[:good]
        elif state.attempt is not None:
            attempt = state.attempt
            if entry.playable(steps) and not entry.complete(steps):
                to = attempt[1] if len(attempt) == 2 else None
                if to is None and attempt[0] in entry.reach(steps):
                    pass  # a checker that may move: nothing to refuse
                else:
                    answer["refused"] = entry.refusal(steps, attempt[0], to).to_dict()
        if entry.complete(steps):
            turn = entry.turn(steps)
            answer["branched"] = state.ply < len(state.turns)
            state.turns = [*state.turns[: state.ply], turn.half_turn_text()]
            state.ply += 1
            answer["completed"] = True
            answer["ply"] = state.ply
            game = _game(state)
        else:
            mover = entry.mover
            after = entry.after(steps)
            answer["entry"] = {
                "roll": f"{entry.dice[0]}{entry.dice[1]}",
                "board": ply_data(after, mover=mover, dice=entry.dice,
                                  before=entry.position),
                "pips": after.pip_counts(),
                "steps": [list(s) for s in steps],
                "left": entry.dice_left(steps),
                "reach": {str(a): {str(b): [list(s) for s in path]
                                   for b, path in targets.items()}
                          for a, targets in entry.reach(steps).items()},
                "where": f"{_side_name(mover)} to play {entry.dice[0]}{entry.dice[1]}",
            }
    if not answer["completed"]:
        game = _game(state)
    answer.update(_line(state, game))
    answer["opening"] = answer["ply"] == 0 and _opening(_game(state, 0))
    return answer


@functools.cache
def _evaluator(rules: str) -> Evaluator:
    from narde_notation.evaluator import Evaluator
    from narde_notation.model import Ruleset

    return Evaluator(Ruleset.from_tag(rules))


def hint_answer(state: State) -> dict[str, Any]:
    """The answer to ``POST /api/hint``: ``rows`` (best first, at most
    :data:`HINT_ROWS`: ``turn``, ``equity``, ``win``, ``win_mars``,
    ``lose_mars`` (probabilities 0–1, the mover's), ``loss``, ``steps``)
    and ``total`` (legal turns).

    Raises:
        BoardError: no roll, or the state does not hold.
    """
    if state.roll is None:
        raise BoardError("type a roll first: a hint ranks the turns of a roll")
    game, entry, refused = _entry(state)
    if refused is not None:
        raise BoardError(refused.message)
    assert entry is not None
    try:
        evaluator = _evaluator(state.rules)
    except (OSError, ValueError) as exc:
        raise BoardError(f"cannot load the evaluator's weights: {exc}") from None
    ranked = evaluator.rank_turns(game.position, entry.dice)
    rows = [{"turn": r.turn.notation(), "equity": round(r.estimate.equity, 4),
             "win": round(r.estimate.win, 4), "win_mars": round(r.estimate.win_mars, 4),
             "lose_mars": round(r.estimate.lose_mars, 4), "loss": round(r.loss, 4),
             "steps": _abs_steps(r.turn, entry.mover)}
            for r in ranked[:HINT_ROWS]]
    return {"rows": rows, "total": len(ranked),
            "roll": f"{entry.dice[0]}{entry.dice[1]}"}


def analysis_answer(state: State, from_side: Side) -> dict[str, Any]:
    """The answer to ``POST /api/analysis``: ``html``, the game so far in the
    viewer with its analysis (:func:`~narde_notation.show.viewer.viewer_html`)."""
    from narde_notation.analysis import analyse
    from narde_notation.replay import validate
    from narde_notation.show.viewer import viewer_html

    game = _game(state)
    record = game.to_record(white=state.white, black=state.black)
    report = validate(record)
    try:
        analysis = analyse(report, _evaluator(state.rules))
    except (OSError, ValueError) as exc:
        raise BoardError(f"cannot analyse: {exc}") from None
    html = viewer_html(report, analysis=analysis, root_id="analysis-view", board_size=360,
                       from_side=from_side, ply=len(state.turns), inline_assets=False)
    return {"html": html}


# ------------------------------------------------------------------ the record
def load_record(file: str, game_index: int = 0) -> Loaded:
    """Game ``game_index`` of ``file`` (native or ``.mat``), replayed: its start,
    its half-turns up to the first the rules refuse, names and rules.

    Raises:
        OSError: the file cannot be read.
        BoardError: no such game, or a game without a usable start.
    """
    from narde_notation.replay import Pipeline, Replayed

    count = 0
    for item in Pipeline().replay(file):
        if not isinstance(item, Replayed):
            continue
        count += 1
        if item.record.index != game_index:
            continue
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
    plural = "" if count == 1 else "s"
    raise BoardError(f"--game {game_index}: {visible(file)} holds {count} game{plural}"
                     + (f" (0 to {count - 1})" if count else ""))


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
               hosts: tuple[str, ...] | None = ("127.0.0.1", "localhost", "::1")) -> Flask:
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
    from flask import Flask, Response, request
    from werkzeug.exceptions import HTTPException

    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    start = loaded or Loaded()
    page = board_page(start, from_side=from_side, size=size,
                      can_save=None if out is None else out.name)

    def answer(value: object, status: int = 200) -> Response:
        return Response(json.dumps(value, ensure_ascii=False), status=status,
                        mimetype="application/json")

    def body() -> object:
        if not request.is_json:
            raise BoardError("send the state as JSON (Content-Type: application/json)")
        got = request.get_json(silent=True)
        if got is None:
            raise BoardError("the body is not JSON")
        return got

    @app.before_request
    def known_host() -> None:
        host = request.host
        name = host[1:host.find("]")] if host.startswith("[") else host.split(":")[0]
        if hosts is not None and name not in hosts:
            raise BoardError(f"this board answers requests to {', '.join(hosts)} only")

    @app.errorhandler(BoardError)
    def bad_request(exc: BoardError) -> Response:
        return answer({"error": visible(str(exc))}, 400)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response:
        message = exc.description or exc.name
        if exc.code == 413:
            message = f"the request body is larger than {MAX_BODY} bytes"
        return answer({"error": message}, exc.code or 500)

    @app.errorhandler(Exception)
    def failure(exc: Exception) -> Response:
        # one line on the terminal, none of the internals on the page
        sys.stderr.write(f"narde board: error: {type(exc).__name__}: {visible(str(exc))}\n")
        return answer({"error": "the board failed to answer this request"}, 500)

    @app.get("/")
    def index() -> Response:
        return Response(page, mimetype="text/html")

    @app.get("/favicon.ico")
    def favicon() -> Response:
        return Response(status=204)

    @app.get("/assets/<name>")
    def asset(name: str) -> Response:
        if name not in _ASSETS:
            return answer({"error": "no such asset"}, 404)
        return Response(_asset_text(name), mimetype=_TYPES[Path(name).suffix])

    @app.post("/api/state")
    def state() -> Response:
        return answer(state_answer(read_state(body())))

    @app.post("/api/hint")
    def hint() -> Response:
        return answer(hint_answer(read_state(body())))

    @app.post("/api/analysis")
    def analysis() -> Response:
        return answer(analysis_answer(read_state(body()), from_side))

    @app.post("/api/save")
    def save() -> Response:
        if out is None:
            raise BoardError("no file to save to: start the board with --out FILE")
        got = read_state(body())
        text = _line(got, _game(got))["record"]
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise BoardError(f"cannot write {out.name}: {exc.strerror or exc}") from None
        return answer({"saved": out.name})

    return app
