"""A runaway half-turn (far more moves than four dice can play, R3) is read up
to parsers.MAX_MOVES moves and reported there; what follows is not built, so
one bad line costs no more memory or time than a normal game."""

from __future__ import annotations

from narde_notation.formats.grammar import MAX_MOVES
from narde_notation.formats.reader import parse_games
from narde_notation.replay.validation import validate

CUT = "moves from '24/18' on are not read"


def test_one_line_of_moves() -> None:
    # "1. 65: " is 7 characters: move k (0-based) starts at column 8 + 6 k
    (record,) = parse_games("1. 65: " + "24/18 " * 1000 + "*\n")
    (half,) = record.half_turns
    assert len(half.moves) == MAX_MOVES == 8
    (finding,) = [f for f in record.findings if f.code == "syntax"]
    assert (finding.line, finding.column) == (1, 8 + 6 * MAX_MOVES)
    assert CUT in finding.message
    assert not validate(record).valid


def test_moves_one_a_line() -> None:
    # the half-turn's moves run on, one a line, after the roll on line 1
    text = "1. 65: 24/18\n" + "24/18\n" * 30000 + "*\n"
    records = list(parse_games(text))
    first = records[0]
    assert len(first.half_turns[0].moves) == MAX_MOVES
    cut = [f for f in first.findings if f.code == "syntax" and CUT in f.message]
    assert [(f.line, f.column) for f in cut] == [(MAX_MOVES + 1, 1)]  # line 9: the 9th move


def test_four_moves_are_read_as_written() -> None:
    (record,) = parse_games("1. 11: 24/23 23/22 22/21 21/20 *\n")
    assert len(record.half_turns[0].moves) == 4
    assert not [f for f in record.findings if f.code == "syntax"]


def test_a_short_line_with_too_many_moves() -> None:
    # under 200 characters (the memoised path): the 9th move, 16/15, starts at
    # column 8 + 6 × 8 = 56
    text = "1. 11: 24/23 23/22 22/21 21/20 20/19 19/18 18/17 17/16 16/15 15/14 *\n"
    (record,) = parse_games(text)
    assert len(record.half_turns[0].moves) == MAX_MOVES
    assert [(f.code, f.line, f.column) for f in record.findings] == [("syntax", 1, 56)]
