"""Analysis checked against values worked out without the code under test.

Bear-off games (both sides home: the evaluator is exact there) are rated
by the independent oracle of :mod:`oracle` (this folder), written from the
rules; the match equity table by hand.
"""

from __future__ import annotations

import math

import pytest

from narde_notation.analysis.game import analyse
from narde_notation.analysis.marks import luck_mark, move_mark, rating
from narde_notation.analysis.match_equity import match_equity_table
from narde_notation.analysis.summary import player_summary
from narde_notation.evaluator.estimate import Estimate
from narde_notation.formats.reader import parse_games
from narde_notation.model.side import Side

from .oracle import ROLLS, board, ends, rate

# White own {6, 4, 1} against Black own {6, 3, 2}, 12 off each (no mars possible)
W0, B0 = board({6: 1, 4: 1, 1: 1}), board({6: 1, 3: 1, 2: 1})
W1 = board({5: 1, 1: 1})  # after 41: 6/5 4/off
B1 = board({5: 1, 2: 1, 1: 1})  # after 21: 6/5 3/1
BEAROFF = """[White "Ann"]
[Black "Bob"]
[Position "6:1 4:1 1:1 / 6:1 3:1 2:1 / W"]

1. 41: 6/5 4/off
1... 21: 6/5 3/1
2. 63: 5/off 1/off
1-0

[White "Ann"]
[Black "Bob"]
[Position "6:1 4:1 1:1 / 6:1 3:1 2:1 / W"]

1. 63: 6/3 4/off
*

[White "Cy"]
[Black "Di"]
[Position "3:1 1:1 / 4:2 1:1 / W"]

1. 62: 3/1 1/off
*
"""
#: per game, per half-turn: (mover before, opponent, dice, mover after), oracle boards
STEPS = [
    [(W0, B0, (4, 1), W1), (B0, W1, (2, 1), B1), (W1, B1, (6, 3), board({}))],
    [(W0, B0, (6, 3), board({3: 1, 1: 1}))],
    [(board({3: 1, 1: 1}), board({4: 2, 1: 1}), (6, 2), board({1: 1}))],
]


def _mark(loss: float) -> str | None:  # rules of issue 18 (gnubg's defaults)
    return "very bad" if loss >= 0.16 else "bad" if loss >= 0.08 else (
        "doubtful" if loss >= 0.04 else None)


@pytest.fixture(scope="module")
def bearoff_games() -> list:
    return [analyse(r) for r in parse_games(BEAROFF)]


def test_bearoff_loss_luck_and_marks_are_exact(bearoff_games: list) -> None:
    marks = []
    for analysis, steps in zip(bearoff_games, STEPS, strict=True):
        assert analysis.stopped is None
        assert len(analysis.half_turns) == len(steps)
        for h, (me, opp, dice, after) in zip(analysis.half_turns, steps, strict=True):
            assert after in ends(me, *dice)  # the written move is legal (oracle's rules)
            played, best, luck, forced = rate(me, opp, dice, after)
            assert h.exact
            assert h.equity_played == pytest.approx(played, abs=1e-9)
            assert h.equity_best == pytest.approx(best, abs=1e-9)
            assert h.loss == pytest.approx(best - played, abs=1e-9)
            assert h.luck == pytest.approx(luck, abs=1e-9)
            assert h.forced is forced
            assert h.mark == (None if forced else _mark(best - played))
            marks.append(h.mark)
    # the games were chosen so that every mark occurs (the test can fail)
    assert {"doubtful", "bad", "very bad"} <= set(marks)


def test_bearoff_by_hand() -> None:
    # 62 with own {3, 1} against {4, 4, 1}: 3/off 1/off wins at once (equity +1);
    # 3/1 1/off leaves one checker on 1, and Black, to roll, wins only by bearing
    # off all three at once: a double of 4 or more (3/36), so 1 - 2 * 3/36
    got = analyse(next(iter(parse_games(BEAROFF.split("\n\n", 4)[-1])))).half_turns[0]
    assert got.equity_best == pytest.approx(1.0)
    assert got.equity_played == pytest.approx(1 - 2 * 3 / 36)
    assert got.loss == pytest.approx(1 / 6)
    assert got.mark == "very bad"


def test_sides_and_summary(bearoff_games: list) -> None:
    first = bearoff_games[0]
    assert [h.side for h in first.half_turns] == [Side.WHITE, Side.BLACK, Side.WHITE]
    assert [h.number for h in first.half_turns] == ["1.", "1...", "2."]
    assert first.half_turns[-1].white_win == 1.0  # White has borne off all 15
    summary = player_summary(bearoff_games).set_index("player")
    ann = bearoff_games[0].half_turns[::2] + bearoff_games[1].half_turns
    unforced = [h for h in ann if not h.forced]
    assert summary.loc["Ann", "games_analysed"] == 2
    assert summary.loc["Ann", "unforced"] == len(unforced)
    assert summary.loc["Ann", "error_rate"] == pytest.approx(
        1000 * sum(h.loss for h in unforced) / len(unforced))
    assert summary.loc["Ann", "luck"] == pytest.approx(sum(h.luck for h in ann))
    assert summary.loc["Cy", "very_bad"] == 1
    assert summary.loc["Cy", "error_rate"] == pytest.approx(1000 / 6)
    assert summary.loc["Cy", "skill"] == "Awful"


def test_frame_columns_and_dtypes(bearoff_games: list) -> None:
    frame = bearoff_games[0].to_frame()
    assert list(frame.columns[:4]) == ["file", "game", "ply", "number"]
    assert str(frame["loss"].dtype) == "float64" and str(frame["forced"].dtype) == "bool"
    assert frame["mwc_loss"].isna().all()  # not a match
    assert frame["ply"].tolist() == [1, 2, 3]


def test_a_game_with_an_error_is_analysed_up_to_it() -> None:
    text = ('[Position "6:1 4:1 1:1 / 6:1 3:1 2:1 / W"]\n\n'
            "1. 41: 6/5 4/off\n1... 21: 6/4 3/1\n2. 63: 5/off 1/off\n1-0\n")
    got = analyse(next(iter(parse_games(text))))
    assert len(got.half_turns) == 1  # 6/4 with a 2 is not the roll 21's: an error
    assert got.stopped is not None and "half-turn 2" in got.stopped
    assert got.errors


def test_luck_of_the_opening_roll_leaves_out_doubles() -> None:
    # the first roll of a game is never a double (R2): the mean is over the 30
    # other rolls, here taken from the evaluator's own ranking, roll by roll
    from narde_notation.evaluator.evaluate import Evaluator
    from narde_notation.rules.position import Position

    got = analyse(next(iter(parse_games("1. 21: 24/22 22/21\n*\n")))).half_turns[0]
    ev, start = Evaluator(), Position.initial()
    best = {(a, b): ev.rank_turns(start, (a, b))[0].estimate.equity for a, b, _p in ROLLS}
    mean = sum(2 * e for (a, b), e in best.items() if a != b) / 30
    # float32 network arithmetic: a position's figures depend on its batch to ~1e-7
    assert got.luck == pytest.approx(best[(2, 1)] - mean, abs=1e-6)
    with_doubles = sum(p * best[(a, b)] for a, b, p in ROLLS)
    assert abs(mean - with_doubles) > 1e-3  # the doubles would have changed it
    assert got.forced  # 24/21 and 24/22 22/21 end alike: one checker off the head (R5)


def test_marks_and_rating_scales() -> None:
    assert [move_mark(x, False) for x in (0.039, 0.04, 0.08, 0.16)] == [
        None, "doubtful", "bad", "very bad"]
    assert move_mark(1.0, True) is None
    assert [luck_mark(x) for x in (0.61, 0.31, 0.3, -0.31, -0.61)] == [
        "very lucky", "lucky", None, "unlucky", "very unlucky"]
    assert [rating(x) for x in (1.9, 4.9, 7.9, 11.9, 17.9, 25.9, 34.9, 35.0)] == [
        "Supernatural", "World class", "Expert", "Advanced", "Intermediate",
        "Casual player", "Beginner", "Awful"]
    assert rating(None) is None and rating(math.nan) is None


def test_match_equity_table_by_hand() -> None:
    # oyn 0.3 and mars 0.2 each way (worked out on paper in docs/decisions.md A3)
    met = match_equity_table(3, (0.3, 0.2, 0.0))
    assert met.mwc(1, 1) == pytest.approx(0.5)
    assert met.mwc(1, 2) == pytest.approx(0.5 + 0.3 * 0.5)  # lose by mars: out
    assert met.mwc(2, 1) == pytest.approx(0.35)
    assert met.mwc(2, 2) == pytest.approx(0.5)
    assert met.mwc(1, 3) == pytest.approx(0.5 + 0.3 * 0.65 + 0.2 * 0.5)
    assert met.mwc(2, 3) == pytest.approx(0.3 * 0.795 + 0.2 + 0.3 * 0.5 + 0.2 * 0.35)
    assert met.mwc(0, 2) == 1.0 and met.mwc(2, 0) == 0.0
    estimate = Estimate(win=0.6, win_mars=0.1, lose_mars=0.05, equity=0.0, exact=False)
    assert met.of_estimate(estimate, 1, 2) == pytest.approx(0.6 + 0.35 * 0.5)
    with pytest.raises(ValueError):
        match_equity_table(3, (0.3, 0.3, 0.0))


def test_match_games_are_judged_by_match_winning_chance() -> None:
    with open("examples/club-match.txt", encoding="utf-8") as handle:
        head = handle.read().split("\n")[:16]  # the tags and the first 4 turns
    got = analyse(next(iter(parse_games("\n".join([*head, "*", ""])))))
    assert got.match == (3, 3, 3)
    h = got.half_turns[3]
    assert h.mwc_played is not None and h.mwc_best is not None
    assert h.mwc_loss == pytest.approx(h.mwc_best - h.mwc_played)
    assert 0 <= h.mwc_played <= 1


def test_ply_must_be_0_1_or_2() -> None:
    with pytest.raises(ValueError):
        analyse(next(iter(parse_games("1. 21: 24/22 22/21\n*\n"))), ply=3)


def test_roll_odds_of_the_oracle() -> None:
    assert sum(p for _a, _b, p in ROLLS) == pytest.approx(1.0)


def test_plot_equity_draws_whites_chance_and_the_marks(bearoff_games: list) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import narde_notation

    fig, ax = plt.subplots()
    try:
        got = narde_notation.plot_equity(bearoff_games[0], ax=ax)
        assert got is ax
        line = ax.get_lines()[0]
        assert list(line.get_xdata()) == [1, 2, 3]
        assert list(line.get_ydata()) == pytest.approx(
            [h.white_win for h in bearoff_games[0].half_turns])
        labels = ax.get_legend_handles_labels()[1]
        assert "White bad" in labels  # 1. 41: 6/5 4/off
        with pytest.raises(ValueError):
            narde_notation.plot_equity(bearoff_games[0].to_frame().iloc[:0], ax=ax)
    finally:
        plt.close(fig)


def test_public_names() -> None:
    import narde_notation

    assert narde_notation.analyse is analyse
    assert "analyse" in dir(narde_notation)


def test_at_one_ply_the_best_turn_is_never_worse_than_the_played_one() -> None:
    # a played turn outside the 1-ply filter is searched as deep as the best; when
    # it then comes out ahead it is the best turn: equity_best is its figure, not
    # its 0-ply one (half-turns 40 and 55 of this corpus game used to show a best
    # turn worth less than the played one)
    from corpus import need_corpus

    text = (need_corpus() / "archive" / "archive-001.txt").read_text(encoding="utf-8")
    lines = text.split("\n\n[Event")[0].splitlines()
    head = lines[:next(i for i, line in enumerate(lines) if line.startswith("29."))]
    got = analyse(next(iter(parse_games("\n".join([*head, "*", ""])))), ply=1)
    assert len(got.half_turns) == 55
    for h in got.half_turns:
        assert h.equity_best >= h.equity_played - 1e-12, h.ply
        assert h.loss == pytest.approx(max(0.0, h.equity_best - h.equity_played), abs=1e-12)
    assert [h.ply for h in got.half_turns if h.rank == 1 and h.played != h.best] == []
