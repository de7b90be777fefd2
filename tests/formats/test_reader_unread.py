"""A native half-turn cut by a syntax error inside its moves keeps its roll
with its moves not read (``HalfTurn.unread``), as a ``.mat`` column that does
not parse does (issue 19, decisions F18): not the moves read before the error
as if they were the whole half-turn."""

from __future__ import annotations

import pytest

from narde_notation.formats.reader import parse_games
from narde_notation.model.record import GameRecord
from narde_notation.model.side import Side
from narde_notation.replay.validation import validate


def _one(text: str) -> GameRecord:
    (game,) = parse_games(text)
    return game


@pytest.mark.parametrize("end", ["", "\n", "\n\n"])
def test_a_half_turn_cut_at_the_end_of_the_file_is_unread(end: str) -> None:
    game = _one("1. 65: 24/18 18/" + end)
    (half,) = game.half_turns
    assert (half.side, half.dice, half.moves, half.unread) == (Side.WHITE, (6, 5), (), "24/18 18/")
    assert not half.is_pass
    (finding,) = game.findings
    # the error is at `18/`, column 14 of line 1
    assert (finding.code, finding.line, finding.column) == ("syntax", 1, 14)
    assert "the roll 6-5 is kept, its moves are not read" in finding.message


def test_a_black_half_turn_cut_at_a_line_end_and_the_games_result_kept() -> None:
    game = _one("1. 31: 24/21 21/20   42: 24/20 20/\n2. 65: 24/18 18/13\n1-0\n")
    white, black = game.half_turns
    assert white.unread is None and [m.path for m in white.moves] == [(24, 21), (21, 20)]
    assert (black.side, black.dice, black.moves, black.unread) == (
        Side.BLACK, (4, 2), (), "24/20 20/")
    assert game.result == "1-0"
    assert [(f.line, f.column) for f in game.findings] == [(1, 32)]


def test_a_word_that_is_no_move_among_the_moves_makes_them_unread() -> None:
    game = _one("1. 65: 24/13 x 1-0\n")
    (half,) = game.half_turns
    assert (half.moves, half.unread) == ((), "24/13 x")  # the result is not part of it
    assert game.result == "1-0"


def test_the_replay_goes_no_further_than_before_an_unread_half_turn() -> None:
    # nothing is replayed from a half-turn whose moves are not all read (no
    # rule finding made from a part of its moves)
    report = validate(_one("1. 65: 24/18 18/\n"))
    assert report.turns == [] and [f.code for f in report.findings] == ["syntax"]


def test_unread_moves_are_written_back_as_they_stood() -> None:
    (half,) = _one("1. 65: 24/18 18/").half_turns
    assert half.to_text() == "65: 24/18 18/"


@pytest.mark.parametrize(("text", "paths"), [
    ("1. 65: 24/18 18/13 {never closed\n", [(24, 18), (18, 13)]),
    ("1. 65: 24/18 18/13!!!\n", [(24, 18), (18, 13)]),
])
def test_an_error_after_a_whole_half_turn_leaves_its_moves_read(
        text: str, paths: list[tuple[int, int]]) -> None:
    (half,) = _one(text).half_turns
    assert half.unread is None and [m.path for m in half.moves] == paths
