"""Tag numbers are read in one place (record.parse_count / parse_score): the
validator's bad-tag checks, the tables' match/game_number columns and the
club report's matches all rest on them."""

from __future__ import annotations

import pytest

from narde_notation.record import parse_count, parse_score


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
