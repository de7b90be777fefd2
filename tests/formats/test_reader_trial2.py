"""What a hostile trial of the reader found (all four older than the trial):
comments counted twice after a syntax error at the end of the text, a
correct long game broken where it is read in pieces, reading time growing
with the square of the commented games in one parse, and a turn-number
warning at the indentation instead of the number."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import FrameType

import lark

import narde_notation
from narde_notation.formats.native import CHUNK_LINES
from narde_notation.formats.reader import parse_games


def test_comments_once_after_an_error_at_the_end() -> None:
    (game,) = parse_games("1. 65: 24/13 {a} 54: 24/15 2.")
    assert [h.comments for h in game.half_turns] == [("a",), ()]
    (game,) = parse_games('[White "x"] {a}\n1. 65: 24/13 {b} 54: 24/15 ; c\n2.')
    assert [h.comments for h in game.half_turns] == [("b",), ("c",)]


def _long_game(number_line: str, blank: str = "") -> str:
    head = "".join(f"{i}. 65: 24/18  54: 24/20\n" for i in range(1, CHUNK_LINES))
    return head + number_line + "\n" + blank + "65: 1/2  54: 3/4\n*\n"


def test_a_number_alone_before_the_piece_boundary_stays_with_its_roll() -> None:
    for number_line, blank in [(f"{CHUNK_LINES}.", ""), (f"{CHUNK_LINES}.", "\n"),
                               (f"{CHUNK_LINES}. {{ a note }}", ""),
                               (f"{CHUNK_LINES - 1}... 65: 24/18  {CHUNK_LINES}.", "")]:
        text = _long_game(number_line, blank)
        (game,) = parse_games(text)
        assert [f.code for f in game.findings if f.is_error] == [], number_line
        last = game.half_turns[-2]
        assert (last.number, last.dice, last.moves[0].path) == (CHUNK_LINES, (6, 5), (1, 2))


#: Where reading's work is done: every module of the package and of Lark.
_WORKERS = tuple(str(Path(module.__file__).parent) + os.sep for module in (narde_notation, lark)
                 if module.__file__)


def _lines_run(text: str) -> int:
    """Lines of the package and of Lark executed reading ``text`` (every
    module, so work moved to another module is still counted): a count of
    work that does not depend on the machine's speed."""
    count = 0
    counted: dict[str, bool] = {}

    def local(frame: FrameType, event: str, arg: object) -> object:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def tracer(frame: FrameType, event: str, arg: object) -> object:
        name = frame.f_code.co_filename
        ours = counted.get(name)
        if ours is None:
            ours = counted[name] = name.startswith(_WORKERS)
        return local if ours else None

    sys.settrace(tracer)
    try:
        records = list(parse_games(text))
    finally:
        sys.settrace(None)
    assert all(r.half_turns[0].comments == ("c",) for r in records)
    assert any(name.endswith(os.sep + "native.py") for name, ours in counted.items() if ours)
    return count


def test_many_commented_games_in_one_line_read_in_linear_time() -> None:
    one_game = "1. 65: 24/13 {c} 54: 24/15 1-0 "
    small, large = _lines_run(one_game * 100), _lines_run(one_game * 400)
    # 4x the games: 4x the work when linear (16x when every game looked at
    # every comment of the line, as it did)
    assert large < 4.5 * small


def test_turn_number_warning_at_the_number() -> None:
    (game,) = parse_games("1. 65: 24/13\n   12345678901. 54: 1/2\n*")
    (warning,) = [f for f in game.findings if f.code == "turn-number"]
    assert (warning.line, warning.column) == (2, 4)
