"""The ``.mat`` reader on hand-written match files (values worked out by hand).

record-format.md "Match files from backgammon programs" and the corpus
README decisions 9 (columns, Wins indentation, cube lines) and 10 (columns).
"""

from __future__ import annotations

import io

from narde_notation.formats.reader import parse_games, read_games
from narde_notation.model.record import OFF, Move
from narde_notation.model.side import Side

MATCH = (
    "\ufeffExported by some program.\r\n"
    "Free text that is not a record.\r\n"
    "\r\n"
    '; [Site "Club"]\r\n'
    '; [Match ID "42"]\r\n'
    "; [Game 1, Move 1: Dice set to Mersenne Twister, seed=1]\r\n"
    "\r\n"
    " 3 point match\r\n"
    "\r\n"
    " Game 1\r\n"
    " Smith, A : 0                   Doe, B : 0\r\n"
    "  1)                             43: 24/20 20/17\r\n"
    "  2) 65: 24/18 18/13             55:\r\n"
    "  3) 33: 24/21 21/18 18/15 15/12 21: 17/15 15/14\r\n"
    "  4) 21: 1/0 2/off\r\n"
    "      Wins 2 points\r\n"
    "\r\n"
    "Game 2\r\n"
    " Smith, A : 2                   Doe, B : 0\r\n"
    "  1) 65: 24/18 18/13\t\t54: 24/20 20/15\r\n"
    "                                  Wins 1 point\r\n"
)


def test_match_file_tags_and_results() -> None:
    first, second = parse_games(MATCH)
    assert first.format == "mat" and second.format == "mat"
    assert first.tags == {
        "Site": "Club",
        "MatchID": "42",
        "Match": "3",
        "Game": "1",
        "White": "Smith, A",
        "Black": "Doe, B",
        "Score": "0-0",
    }
    assert second.tags["Game"] == "2"
    assert second.tags["Score"] == "2-0"
    assert first.result == "2-0"
    assert (first.result_line, first.result_column) == (16, 7)
    # a Wins line indented 20 columns or more is the right player's
    assert second.result == "0-1"
    assert first.line == 10
    assert second.line == 18
    assert first.tag_lines["Site"] == 4
    assert first.tag_lines["Match"] == 8
    assert first.tag_lines["White"] == 11
    assert [r.index for r in (first, second)] == [0, 1]
    assert not first.findings and not second.findings


def test_columns_sides_numbers() -> None:
    first, second = parse_games(MATCH)
    sides = [h.side for h in first.half_turns]
    assert sides == [Side.BLACK, Side.WHITE, Side.BLACK, Side.WHITE, Side.BLACK, Side.WHITE]
    assert [h.number for h in first.half_turns] == [1, 2, None, 3, None, 4]
    black_first = first.half_turns[0]
    assert (black_first.line, black_first.column) == (12, 34)
    assert black_first.dice == (4, 3)
    # an empty right column is a pass
    assert first.half_turns[2].dice == (5, 5) and first.half_turns[2].is_pass
    # one space between the columns
    assert first.half_turns[3].moves[-1] == Move((15, 12))
    assert first.half_turns[4].dice == (2, 1)
    assert first.half_turns[5].moves == (Move((1, OFF)), Move((2, OFF)))
    # tabs between the columns
    assert [h.side for h in second.half_turns] == [Side.WHITE, Side.BLACK]
    assert second.half_turns[1].column == 23


def test_cube_line_is_syntax_and_reading_goes_on() -> None:
    text = (
        " 1 point match\n\n Game 1\n A : 0      B : 0\n"
        "  1) 65: 24/18 18/13             54: 24/20 20/15\n"
        "  2)  Doubles => 2                Takes\n"
        "  3) 21: 24/22 22/21             43: 24/20 20/17\n"
    )
    (record,) = parse_games(text)
    # each cube action once: Doubles (left column) and Takes (right column)
    doubles, takes = record.findings
    assert (doubles.code, takes.code) == ("syntax", "syntax")
    assert (doubles.line, doubles.column) == (6, 7)
    assert (takes.line, takes.column) == (6, 35)
    assert "no doubling cube" in doubles.message and "'Takes'" in takes.message
    assert len(record.half_turns) == 4


def test_bad_turn_line_is_reported_and_the_next_lines_read() -> None:
    text = (
        " Game 1\n A : 0      B : 0\n"
        "  1) 65: 24/18 18/13             54: 24//20\n"
        "  2) 21: 24/22 22/21             43: 24/20 20/17\n"
        "  3) 7: 24/17\n"
        " Game 2\n A : 0      B : 0\n"
        "  1) 65: 24/18 18/13             54: 24/20 20/15\n"
    )
    first, second = parse_games(text)
    # every malformed line is reported: the layout is line-based
    finding, later = first.findings
    assert (finding.code, later.code) == ("syntax", "syntax")
    assert (finding.line, finding.column) == (3, 38)
    assert (later.line, later.column) == (5, 6)
    # each column is read on its own: the broken one keeps its roll, its moves
    # not read (the replay stops there); the later lines are read
    assert [h.dice for h in first.half_turns] == [(6, 5), (5, 4), (2, 1), (4, 3)]
    assert first.half_turns[1].moves == () and first.half_turns[1].unread == "24//20"
    assert not first.half_turns[1].is_pass
    # `7:` is no roll: nothing of line 5 is read
    assert [h.line for h in first.half_turns] == [3, 3, 4, 4]
    assert len(second.half_turns) == 2 and not second.findings


def test_binary_mat_stream() -> None:
    first, _second = read_games(io.BytesIO(MATCH.encode("utf-8")), name="m.mat")
    assert first.file == "m.mat"
    assert len(first.half_turns) == 6


def test_turns_without_a_game_line_are_still_a_game() -> None:
    # A hand-made .mat: match header and score line, but no " Game 1" line.
    # The two half-turns must be read, not dropped as preamble.
    text = (
        " 3 point match\n\n"
        " Kaya E. : 0                    Sokolov D. : 0\n"
        "  1) 65: 24/18 18/13             54: 24/20 20/15\n"
    )
    (record,) = list(parse_games(text))
    assert record.format == "mat"
    assert (record.white, record.black) == ("Kaya E.", "Sokolov D.")
    assert [h.dice for h in record.half_turns] == [(6, 5), (5, 4)]
    assert record.tags["Match"] == "3"
    assert "Game" not in record.tags


def test_bare_turn_lines_are_a_game() -> None:
    (record,) = list(parse_games("  1) 65: 24/18 18/13             54: 24/20 20/15\n"))
    assert len(record.half_turns) == 2
