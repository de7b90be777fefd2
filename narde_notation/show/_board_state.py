"""The analysis board's answers: a page's state checked, replayed and answered.

What ``POST /api/state``, ``/api/hint``, ``/api/analysis`` and ``/api/save`` of
:mod:`narde_notation.show.board_app` answer, without the web server: every answer
comes from the package's own rules engine (:class:`~narde_notation.rules.game.Game`,
:class:`~narde_notation.show.board_entry.TurnEntry`), evaluator and writer.
Public names are re-exported by :mod:`narde_notation.show.board_app`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from narde_notation.analysis import signed
from narde_notation.model import CODES, NardeError, Side, own_to_absolute, visible
from narde_notation.rules import Game, Position, Turn
from narde_notation.show.board_entry import Refusal, Step, TurnEntry
from narde_notation.show.viewer import ply_data

if TYPE_CHECKING:
    from narde_notation.evaluator import Evaluator

__all__ = ["HINT_ROWS", "MAX_TEXT", "MAX_TURNS", "BoardError", "State", "analysis_answer",
           "hint_answer", "read_state", "record_text", "state_answer"]

#: the most half-turns a line may hold (a long game has about 120).
MAX_TURNS = 1000
#: the most characters of a half-turn text, a name, a position string.
MAX_TEXT = 200
#: hint rows sent to the page (a double has up to a few hundred legal turns).
HINT_ROWS = 30


class BoardError(ValueError):
    """A request the board cannot answer: its message goes back with status 400."""


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
    :data:`HINT_ROWS`: ``turn``, ``equity`` (points, R9), ``win``,
    ``win_mars``, ``lose_mars`` (probabilities 0–1, the mover's), ``loss``
    (points), ``steps``, and the texts the page shows: ``equity_text``,
    :func:`~narde_notation.analysis.marks.signed`'s ``"+0.125"`` or
    ``" 0.000"``, and ``loss_text``, the loss as a signed difference
    (``"-0.040"``; ``""`` on the best row)) and ``total`` (legal turns).

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
             "equity_text": signed(r.estimate.equity),
             "loss_text": signed(-r.loss) if k else "",
             "steps": _abs_steps(r.turn, entry.mover)}
            for k, r in enumerate(ranked[:HINT_ROWS])]
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


def record_text(state: State) -> str:
    """The line replayed, as a native record (what ``POST /api/save`` writes).

    Raises:
        BoardError: a half-turn of the line the rules refuse.
    """
    return str(_line(state, _game(state))["record"])

