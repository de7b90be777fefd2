"""Tag numbers are read in one place (record.parse_count / parse_score): the
validator's bad-tag checks, the tables' match/game_number columns and the
club report's matches all rest on them."""

from __future__ import annotations

import pytest

from narde_notation.formats import parse_count, parse_score
from narde_notation.model.record import pips_rolled


@pytest.mark.parametrize(("text", "expected"), [
    ("5", 5), (" 3 ", 3), ("\t7", 7), ("0", 0), ("999999999", 999999999),
    ("²", None),            # str.isdigit() admits it, int() does not
    ("1234567890", None),   # more than nine digits: no 4,300-digit int() either
    ("5 points", None), ("", None), ("-1", None), ("١", None), (None, None),
])
def test_parse_count(text: str | None, expected: int | None) -> None:
    assert parse_count(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("1-0", (1, 0)), ("0-0", (0, 0)), (" 2 - 3 ", (2, 3)), ("12-11", (12, 11)),
    ("1:0", None), ("-1-0", None), ("1-", None), ("²-0", None), ("1-0-0", None),
    ("9" * 5000 + "-0", None), (None, None),
])
def test_parse_score(text: str | None, expected: tuple[int, int] | None) -> None:
    assert parse_score(text) == expected


@pytest.mark.parametrize(("dice", "pips"), [((6, 5), 11), ((5, 6), 11), ((3, 3), 12),
                                            ((1, 1), 4), ((6, 6), 24), ((2, 1), 3)])
def test_pips_rolled(dice: tuple[int, int], pips: int) -> None:
    # R3: each die moves its number of pips; a double is played four times
    assert pips_rolled(dice) == pips
