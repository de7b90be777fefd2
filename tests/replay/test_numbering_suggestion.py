"""A record in absolute numbering without its ``Numbering`` tag: the first error
says to add the tag (issue 28 item 13)."""

from __future__ import annotations

from narde_notation.formats.reader import parse_games
from narde_notation.replay.validation import validate

HINT = '[Numbering "absolute"]'


def first_error(text: str) -> str:
    report = validate(next(parse_games(text)))
    return next(f.message for f in report.findings if f.is_error)


def test_absolute_moves_without_the_tag_get_the_suggestion() -> None:
    # Black's head is absolute 12: 5-4 written 12/8 8/3 in White's numbering is
    # 24/20 20/15 in Black's own (record-format.md, "Numbering")
    message = first_error("1. 65: 24/13  54: 12/8 8/3\n*\n")
    assert message.startswith("Black: no checker on point 12")
    assert HINT in message
    report = validate(next(parse_games("1. 65: 24/13  54: 12/8 8/3\n*\n")))
    turn = report.turns[1]
    assert [f.message for f in turn.findings if f.is_error] == [message]


def test_no_suggestion_when_the_other_numbering_fails_too() -> None:
    # 12/2 is no 5-4 in either numbering
    assert HINT not in first_error("1. 65: 24/13  54: 12/2\n*\n")


def test_no_suggestion_when_the_tag_is_there() -> None:
    assert HINT not in first_error('[Numbering "own"]\n\n1. 65: 24/13  54: 12/8 8/3\n*\n')


def test_no_suggestion_for_whites_errors() -> None:
    # White's numbering is the same in both: a bad White move is no numbering slip
    assert HINT not in first_error("1. 65: 23/12\n*\n")
