"""A ``.mat`` turn number too long to be a number (more than nine digits) is a
``turn-number`` warning at the number, and the line's rolls are still read
(the layout is line-based; record-format.md, "Match files")."""

from __future__ import annotations

import pytest

from narde_notation import Side, parse_games, validate_games

W, B = Side.WHITE, Side.BLACK


def match(number: str) -> str:
    """Three turn lines of legal half-turns (one head checker each, R5), the
    second numbered ``number``."""
    return (" 7 point match\n\n Game 1\n Ann : 0                        Bob : 0\n"
            "  1) 65: 24/18 18/13                43: 24/20 20/17\n"
            f"  {number}) 31: 24/21 21/20                42: 24/20 20/18\n"
            "  3) 31: 24/21 21/20                42: 24/20 20/18\n")


@pytest.mark.parametrize("number", ["1234567890", "9" * 40])
def test_an_over_long_turn_number_is_a_warning_at_it(number: str) -> None:
    (game,) = parse_games(match(number), name="m.mat")
    assert [(f.code, f.file, f.line, f.column) for f in game.findings] == [
        ("turn-number", "m.mat", 6, 3)]
    # what the number is and what the reader does instead (the columns give the sides)
    assert game.findings[0].message == (
        f"a turn number of {len(number)} digits is not read as a turn number; sides"
        " alternate whatever the numbers say.")
    # every roll of the three lines, each side in its column
    assert [(h.side, h.dice, h.line) for h in game.half_turns] == [
        (W, (6, 5), 5), (B, (4, 3), 5), (W, (3, 1), 6), (B, (4, 2), 6), (W, (3, 1), 7),
        (B, (4, 2), 7)]
    (report,) = validate_games([game])
    assert [(f.code, f.line) for f in report.findings] == [("turn-number", 6), ("unfinished", 7)]


def test_a_turn_number_of_nine_digits_is_read_as_one() -> None:
    # read as turn 2 once its leading zeros go: no finding at all
    (game,) = parse_games(match("000000002"))
    assert game.findings == []
    (report,) = validate_games([game])
    assert [f.code for f in report.findings] == ["unfinished"]
