"""Hostile input to the analysis (issue 19's trial, the analysis programs): each
gives an answer or a documented exception in bounded time, never a hang."""

from __future__ import annotations

import pytest

from narde_notation.analysis.game import analyse
from narde_notation.analysis.match_equity import MAX_MATCH_LENGTH, match_equity_table
from narde_notation.formats.reader import parse_games

OPENING = "1. 65: 24/18 18/13\n*\n"


def first(text: str):  # type: ignore[no-untyped-def]
    return next(iter(parse_games(text)))


def test_a_999999999_point_match_is_judged_by_points_only() -> None:
    # the table would be 10^18 cells: before the fix this never returned
    got = analyse(first('[Match "999999999"]\n[Game "1"]\n[Score "0-0"]\n\n' + OPENING))
    assert got.match == (999999999, 999999999, 999999999)
    assert len(got.half_turns) == 1
    assert got.half_turns[0].mwc_played is None and got.half_turns[0].mwc_loss is None


def test_a_long_match_near_its_end_still_gets_match_winning_chances() -> None:
    # 1000-point match at 998-999: 2-away against 1-away, a table of 2 points is enough
    got = analyse(first('[Match "1000"]\n[Score "998-999"]\n\n' + OPENING))
    assert got.match == (1000, 2, 1)
    h = got.half_turns[0]
    assert h.mwc_played is not None and 0.0 <= h.mwc_played <= 1.0


def test_the_table_refuses_lengths_beyond_its_limit() -> None:
    with pytest.raises(ValueError, match="at most"):
        match_equity_table(MAX_MATCH_LENGTH + 1, (0.35, 0.15, 0.0))
    assert match_equity_table(MAX_MATCH_LENGTH, (0.35, 0.15, 0.0)).mwc(1, 1) == \
        pytest.approx(0.5)


def test_an_unknown_rules_tag_is_named_as_why_nothing_was_analysed() -> None:
    got = analyse(first('[Rules "bogus"]\n\n' + OPENING))
    assert got.half_turns == [] and got.stopped is not None
    assert "bad-tag" in got.stopped and "unknown rules variant 'bogus'" in got.stopped
    assert "Position" not in got.stopped  # there is none: the Rules tag is to blame


def test_a_position_tag_that_is_no_position_is_named_too() -> None:
    got = analyse(first('[Position "garbage"]\n\n' + OPENING))
    assert got.stopped is not None and "Position tag 'garbage'" in got.stopped


def test_a_player_on_both_sides_of_a_game_is_in_one_game() -> None:
    from narde_notation.analysis.game import GameAnalysis
    from narde_notation.analysis.summary import player_rows

    games = [GameAnalysis("f.txt", 0, "A", "A", 0, "standard"),
             GameAnalysis("f.txt", 1, "A", "B", 0, "standard")]
    rows = {r["player"]: r for r in player_rows(games)}
    assert rows["A"]["games_analysed"] == 2 and rows["B"]["games_analysed"] == 1


@pytest.mark.parametrize("ply", [True, 1.0, "0", -1, 3])
def test_a_ply_that_is_not_the_int_0_1_or_2_is_refused(ply: object) -> None:
    # True and 1.0 were taken as 1 and reported as "True-ply" / "1.0-ply"
    with pytest.raises(ValueError, match="ply must be 'auto', 0, 1 or 2"):
        analyse(first(OPENING), ply=ply)  # type: ignore[arg-type]


@pytest.mark.parametrize("thing", ["1. 65: 24/18 18/13\n*\n", None])
def test_what_is_neither_a_record_nor_a_report_is_a_type_error(thing: object) -> None:
    with pytest.raises(TypeError, match="GameRecord or a GameReport"):
        analyse(thing)  # type: ignore[arg-type]
