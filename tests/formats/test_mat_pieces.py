"""What a ``.mat`` turn line's pieces are read as, column by column
(record-format.md, "Match files"; the corpus README's decision 9). Columns are
1-based and counted by hand on the lines below."""

from __future__ import annotations

import pytest

from narde_notation import Side, parse_games

W, B = Side.WHITE, Side.BLACK
HEAD = " 7 point match\n\n Game 1\n Ann : 0                        Bob : 0\n"


def one(body: str) -> object:
    (game,) = parse_games(HEAD + body, name="m.mat")
    return game


@pytest.mark.parametrize(("line", "column", "unread", "says"), [
    # a move that is not a move: the finding at its first character, the
    # roll kept with its moves unread
    ("  1) 65: 24/18 18/x3               43: 24/20 20/17", 16, "24/18 18/x3",
     "a move's points are numbers 1-24"),
    # the piece ends inside a move
    ("  1) 65: 24/                       43: 24/20 20/17", 10, "24/",
     "a slash needs a point on both sides"),
    # junk after the moves
    ("  1) 65: 24/18 18/13   ~~~~   43: 24/20 20/17", 24, "24/18 18/13   ~~~~",
     "found '~~~~'"),
    # a word of another line of the layout (`Game N`) among the moves: the
    # parser meets a whole token it cannot take there, not a bad character
    ("  1) 65: 24/18 Game 2              43: 24/20 20/17", 16, "24/18 Game 2",
     "found 'Game'"),
], ids=["not-a-move", "cut-short", "junk", "a-layout-word"])
def test_an_unreadable_piece_is_named_at_its_column(
    line: str, column: int, unread: str, says: str
) -> None:
    game = one(line + "\n")
    (finding,) = game.findings  # type: ignore[attr-defined]
    assert (finding.code, finding.file, finding.game, finding.line, finding.column) == (
        "syntax", "m.mat", 0, 5, column)
    assert says in finding.message
    assert "expected a move such as `24/18`" in finding.message
    # the line and a caret under the column, for people
    assert finding.context.splitlines() == [line, " " * (column - 1) + "^"]
    white, black = game.half_turns  # type: ignore[attr-defined]
    assert (white.side, white.dice, white.line, white.column, white.unread) == (
        W, (6, 5), 5, 6, unread)
    assert not white.moves
    assert (black.side, black.dice, black.column) == (B, (4, 3), line.index("43:") + 1)
    assert [m.text for m in black.moves] == ["24/20", "20/17"]


def test_more_than_eight_moves_are_cut_with_a_finding_at_the_ninth() -> None:
    # moves start at column 10, six characters each: the ninth (16/15) at 58
    line = ("  1) 11: 24/23 23/22 22/21 21/20 20/19 19/18 18/17 17/16 16/15 15/14"
            "   43: 24/20 20/17")
    game = one(line + "\n")
    (finding,) = game.findings  # type: ignore[attr-defined]
    assert (finding.code, finding.file, finding.game, finding.line, finding.column) == (
        "syntax", "m.mat", 0, 5, 58)
    assert "'16/15'" in finding.message
    white, black = game.half_turns  # type: ignore[attr-defined]
    assert [m.text for m in white.moves][-1] == "17/16" and len(white.moves) == 8
    assert (black.side, black.column) == (B, 72)


@pytest.mark.parametrize(("indent", "result"), [(19, "1-0"), (20, "0-1"), (28, "0-1")])
def test_a_wins_line_indented_twenty_columns_or_more_is_the_right_players(
    indent: int, result: str
) -> None:
    game = one("  1) 65: 24/18 18/13                43: 24/20 20/17\n"
               + " " * indent + "Wins 1 point\n")
    assert (game.result, game.result_line) == (result, 6)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("line", "result"), [
    ("  2) Losses 1 point", "0-1"),                                # White gives up a point
    ("  2)                               Losses 2 points", "2-0"),  # Black, in its column
], ids=["white", "black"])
def test_losses_alone_give_the_points_to_the_other_side(line: str, result: str) -> None:
    game = one("  1) 65: 24/18 18/13                43: 24/20 20/17\n" + line + "\n")
    assert game.result == result  # type: ignore[attr-defined]


@pytest.mark.parametrize(("written", "says"), [
    ("????", "did not record its moves"),
    ("Illegal play (24/18 18/12)", "recorded an illegal play"),
], ids=["question-marks", "illegal-play"])
def test_moves_a_program_did_not_record_keep_the_roll(written: str, says: str) -> None:
    line = f"  1) 65: {written:<26}  43: 24/20 20/17"
    game = one(line + "\n")
    (finding,) = game.findings  # type: ignore[attr-defined]
    assert (finding.code, finding.file, finding.line, finding.column) == ("syntax", "m.mat", 5, 10)
    assert says in finding.message and written in finding.message
    white, black = game.half_turns  # type: ignore[attr-defined]
    assert (white.side, white.dice, white.column, white.unread, white.moves) == (
        W, (6, 5), 6, written, ())
    assert (black.side, black.column, len(black.moves)) == (B, line.index("43:") + 1, 2)


def test_cannot_move_is_a_pass_without_a_finding() -> None:
    game = one("  1) 65: Cannot Move                43: 24/20 20/17\n")
    assert game.findings == []  # type: ignore[attr-defined]
    white, black = game.half_turns  # type: ignore[attr-defined]
    assert (white.side, white.dice, white.unread, white.moves) == (W, (6, 5), None, ())
    assert (black.side, black.column) == (B, 37)
