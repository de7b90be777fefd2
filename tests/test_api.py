"""The API a python-chess user expects: text codecs, reprs, Position.play, IllegalTurnError.

Expected values are worked out by hand from rules.md and record-format.md.
"""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import narde_notation
from narde_notation import (
    GameRecord,
    IllegalTurnError,
    NotationError,
    Position,
    Side,
)
from narde_notation.formats import read_half_turn, read_move
from narde_notation.formats.reader import parse_games
from narde_notation.model.record import BAR, OFF, format_path, parse_roll
from narde_notation.replay.validation import validate
from narde_notation.rules.engine import check_turn


@pytest.mark.parametrize(
    ("text", "path", "repeat", "hit"),
    [
        ("24/18(2)", (24, 18), 2, False),
        ("24/18/13", (24, 18, 13), 1, False),
        ("6/off", (6, OFF), 1, False),
        ("13/7*", (13, 7), 1, True),
        ("bar/22", (BAR, 22), 1, False),
    ],
)
def test_move_text_round_trips(text: str, path: tuple[int, ...], repeat: int, hit: bool) -> None:
    move = read_move(text)
    assert (move.path, move.repeat, move.hit) == (path, repeat, hit)
    assert str(move) == text
    assert eval(repr(move)) == move  # the repr pastes back


@pytest.mark.parametrize("bad", ["24/", "", "24/18 18/13", "65: 24/18", "x/y"])
def test_move_from_bad_text_raises_notation_error(bad: str) -> None:
    with pytest.raises(NotationError):
        read_move(bad)


def test_halfturn_text_round_trips() -> None:
    half = read_half_turn("65: 24/18 18/13")
    assert half.side is Side.WHITE and half.dice == (6, 5)
    assert [m.path for m in half.moves] == [(24, 18), (18, 13)]
    assert str(half) == "65: 24/18 18/13"
    # Lower die first reads higher first (record-format.md); a pass; an annotation.
    assert str(read_half_turn("56: 24/13")) == "65: 24/13"
    assert read_half_turn("43: pass").moves == ()
    assert str(read_half_turn("43: pass")) == "43: pass"
    black = read_half_turn("7... 66: 24/18(2) 6/off?!", Side.BLACK)
    assert black.side is Side.BLACK and black.number == 7 and black.annotation == "?!"
    assert eval(repr(black)) == black


@pytest.mark.parametrize("bad", ["", "65", "65: 24/18\n43: 13/9", "[White \"A\"]", "1-0"])
def test_halfturn_from_bad_text_raises_notation_error(bad: str) -> None:
    with pytest.raises(NotationError):
        read_half_turn(bad)


def test_one_move_formatter_and_one_roll_parser() -> None:
    assert format_path((24, 18, 13)) == "24/18/13"
    assert format_path((1, OFF)) == "1/off"  # never 1/0
    assert parse_roll("5-6") == (6, 5)
    assert parse_roll((1, 1)) == (1, 1)


def test_game_record_repr_is_short() -> None:
    text = '[White "A"]\n[Black "B"]\n\n1. 65: 24/13  43: 24/17\n1-0\n'
    record = next(parse_games(text))
    assert repr(record) == "<GameRecord 'A' vs 'B', 2 half-turns, 1-0>"
    assert repr(GameRecord()) == "<GameRecord '?' vs '?', 0 half-turns, no result>"


def test_game_report_repr_is_short() -> None:
    # 6-5 played 24/17 cannot be made from the dice: one error; unfinished (*).
    text = '[White "A"]\n[Black "B"]\n\n1. 65: 24/17\n*\n'
    report = validate(next(parse_games(text)))
    assert repr(report) == "<GameReport 'A' vs 'B', 1 half-turn, *, 1 error>"


def test_position_play_returns_the_next_position() -> None:
    start = Position.initial()
    after = start.play("65: 24/18 18/13")
    assert str(after) == "24:14 13:1 / 24:15 / B"
    assert str(start) == "24:15 / 24:15 / W"  # a value: unchanged
    # Black replies in its own numbering; a HalfTurn value works the same.
    again = after.play(read_half_turn("43: 24/20 20/17", Side.BLACK))
    assert str(again) == "24:14 13:1 / 24:14 17:1 / W"


def test_position_play_raises_illegal_turn_error_with_the_finding() -> None:
    # Two checkers off the head with 6-5 (R5): head-rule.
    with pytest.raises(IllegalTurnError) as caught:
        Position.initial().play("65: 24/18 24/19")
    assert caught.value.finding is not None
    assert caught.value.finding.code == "head-rule"
    assert isinstance(caught.value, narde_notation.NardeError)
    # 6-5 played as 24/17: the dice cannot make 7 pips.
    with pytest.raises(IllegalTurnError) as caught:
        Position.initial().play("65: 24/17")
    assert [f.code for f in caught.value.findings] == ["dice-mismatch"]
    with pytest.raises(NotationError):
        Position.initial().play("65 24/18")


def test_check_turn_takes_a_halfturn_or_its_text() -> None:
    start = Position.initial()
    by_paths = check_turn(start, "65", [(24, 18), (18, 13)])
    assert check_turn(start, "65: 24/18 18/13") == by_paths
    assert check_turn(start, read_half_turn("65: 24/13")).position == by_paths.position
    assert not check_turn(start, "66: pass").legal  # 6-6 can be played: illegal-pass


def test_a_move_after_the_end_keeps_the_finished_games_result() -> None:
    # White bears off its last checker (1/off with the 2): White wins; Black
    # has 14 off, so it is an oyn (R9).  Black's 6-1 after it is game-over
    # (R11), and the report still says White won 1-0.
    text = '[Position "1 / 1 / W"]\n\n1. 21: 1/off  61: 1/off\n1-0\n'
    report = validate(next(parse_games(text)))
    assert [f.code for f in report.findings] == ["game-over"]
    assert report.result == "1-0"
    assert report.winner is Side.WHITE and report.kind == "oyn"


def test_top_level_working_set() -> None:
    for name in ("Position", "Ruleset", "Move", "HalfTurn", "GameRecord", "read_games",
                 "parse_games", "validate", "validate_games", "games_frame", "turns_frame",
                 "findings_frame", "summary", "IllegalTurnError", "NotationError"):
        assert getattr(narde_notation, name) is not None, name
    assert narde_notation.validate is validate
    # the module is narde_notation.replay.validation: the function's name is free
    assert importlib.import_module("narde_notation.replay.validation").validate is validate
    assert any(name.startswith("plot_") for name in narde_notation.__all__)


#: All that ``import narde_notation`` may load: the record model and the
#: lazy facades; no engine, reader, Lark, pandas or matplotlib (an
#: allow-list: a module renamed or newly imported here fails the test).
IMPORT_MAY_LOAD = frozenset({
    "narde_notation", "narde_notation._compat", "narde_notation._lazy", "narde_notation.version",
    "narde_notation.model", "narde_notation.model.errors", "narde_notation.model.findings",
    "narde_notation.model.record", "narde_notation.model.ruleset",
    "narde_notation.model.safe_text", "narde_notation.model.side",
    "narde_notation._startup",
})


def test_import_stays_light() -> None:
    # the engine, Lark, pandas, matplotlib and the process pool load only when asked for
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import narde_notation\n"
        "print(' '.join(sorted(set(sys.modules) - before)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(out.stdout.split())
    assert "narde_notation.model.record" in loaded  # not vacuous: the import did happen
    outside = {name for name in loaded
               if name.split(".")[0] not in sys.stdlib_module_names and name not in IMPORT_MAY_LOAD}
    assert outside == set()
    assert "concurrent.futures" not in loaded


def test_what_the_public_functions_return_is_importable_from_the_top() -> None:
    # GameReport, Turn, Outcome, Summary, ... are reachable without knowing
    # the private module, and are the classes the functions return.
    start = narde_notation.Position()
    (turn,) = start.legal_turns("65")
    assert type(turn) is narde_notation.Turn and type(turn.steps[0]) is narde_notation.Step
    report = narde_notation.validate(next(narde_notation.parse_games("1. 65: 24/13 *")))
    assert type(report) is narde_notation.GameReport
    assert type(report.turns[0]) is narde_notation.TurnReplay
    assert narde_notation.Outcome.__name__ == "Outcome"
    assert narde_notation.Game().position == start
    assert narde_notation.Summary.__name__ == "Summary"
    for name in narde_notation.__all__:
        assert getattr(narde_notation, name) is not None, name
