"""The one score/result module: values from record-format.md ("Tag pairs") and R9/R10."""

from __future__ import annotations

import pytest

import narde_notation.formats as fmt
from narde_notation.formats import RESULTS, MatchTags
from narde_notation.model.side import Side


@pytest.mark.parametrize(
    ("text", "points"),
    [("1-0", (1, 0)), ("0-2", (0, 2)), ("3-0", (3, 0)), ("0-0", (0, 0)), (" 2-0 ", (2, 0)),
     ("*", None), ("2-1", None), ("4-0", None), ("1-1", None), ("", None), (None, None)],
)
def test_parse_result_reads_a_finished_games_points(text: str | None,
                                                    points: tuple[int, int] | None) -> None:
    # a game is won by 1 (oyn), 2 (mars) or 3 (koks) points, or drawn 0-0 (R9)
    assert fmt.parse_result(text) == points


def test_results_are_the_seven_of_r9() -> None:
    assert {"1-0", "2-0", "3-0", "0-1", "0-2", "0-3", "0-0"} == RESULTS


@pytest.mark.parametrize(
    ("text", "score"),
    [("4-3", (4, 3)), ("12 - 0", (12, 0)), ("4016-0", (4016, 0)), ("4:3", None), ("x", None)],
)
def test_parse_score(text: str, score: tuple[int, int] | None) -> None:
    assert fmt.parse_score(text) == score


def test_result_token_and_format_score_write_white_first() -> None:
    assert fmt.result_token(Side.WHITE, 2) == "2-0"
    assert fmt.result_token(Side.BLACK, 1) == "0-1"
    assert fmt.result_token(None, 0) == "0-0"
    assert fmt.result_token(Side.BLACK, "4016") == "0-4016"  # .mat digits as written
    assert fmt.format_score(3, 4) == "3-4"


def test_match_tags_read_match_game_and_score_at_once() -> None:
    assert MatchTags.of({"Match": "7", "Game": "2", "Score": "1-0"}) == MatchTags(7, 2, (1, 0))
    # a Match of 0 or a Game of 0 is no count of a match or a game
    assert MatchTags.of({"Match": "0", "Game": "0"}) == MatchTags(None, None, None)
    assert MatchTags.of({}) == MatchTags(None, None, None)
    assert fmt.parse_count("²") is None and fmt.parse_count(" 5 ") == 5
