"""FIBS ratings (issue 12): a history worked out by hand."""

from __future__ import annotations

import pandas as pd
import pytest

from narde_notation.archive import HISTORY_COLUMNS, ratings, win_probability

#: The history's columns as ratings()' docstring documents them: match (int64),
#: date (str / NA), player, opponent (str), length (int64), result (str),
#: rating_before, rating_after, change (float64), experience_before,
#: experience_after (int64).
DOCUMENTED_HISTORY = {
    "match": "int64", "date": "str", "player": "str", "opponent": "str", "length": "int64",
    "result": "str", "rating_before": "float64", "rating_after": "float64", "change": "float64",
    "experience_before": "int64", "experience_after": "int64",
}


def _matches(rows: list[tuple[str, str, int, bool]]) -> pd.DataFrame:
    """A matches frame of (winner, loser, length, rated) in order."""
    return pd.DataFrame({
        "match": range(len(rows)),
        "date": [f"2026.01.{i + 1:02d}" for i in range(len(rows))],
        "length": [r[2] for r in rows],
        "winner": [r[0] for r in rows],
        "loser": [r[1] for r in rows],
        "rated": [r[3] for r in rows],
    })


def test_three_players_four_matches_by_hand() -> None:
    # Worked with a calculator from the formula of issue 12 (FIBS):
    #   P(lower-rated wins) = 1 / (10 ** (D * sqrt(N) / 2000) + 1),
    #   change = 4 * sqrt(N) * p, p = the loser's chance to win,
    #   times max(1, 5 - experience / 100) while experience < 400.
    #
    # M1: A beats B, N = 1.  1500 v 1500: p = 0.5; change 4 * 1 * 0.5 = 2;
    #     both at experience 0: x5 -> A 1510, B 1490 (exp A 1, B 1).
    # M2: B (1490, exp 1) beats C (1500, exp 0), N = 3.  D = 10,
    #     10 ** (10 * 1.7320508 / 2000) = 10 ** 0.0086603 = 1.0201411,
    #     underdog (B) 1 / 2.0201411 = 0.4950149; p = C's chance = 0.5049851;
    #     4 * sqrt(3) * p = 6.9282032 * 0.5049851 = 3.4986392;
    #     B +3.4986392 * 4.99 = +17.458210 -> 1507.458210;
    #     C -3.4986392 * 5.00 = -17.493196 -> 1482.506804   (exp B 4, C 3).
    # M3: A (1510, exp 1) beats C (1482.506804, exp 3), N = 400.  D = 27.493196,
    #     10 ** (27.493196 * 20 / 2000) = 10 ** 0.27493196 = 1.8833540,
    #     p = C's chance (underdog) = 1 / 2.8833540 = 0.3468183;
    #     4 * 20 * p = 27.745466;
    #     A +27.745466 * 4.99 = +138.449874 -> 1648.449874;
    #     C -27.745466 * 4.97 = -137.894965 -> 1344.611839   (exp A 401, C 403).
    # M4: B (1507.458210, exp 4) beats A (1648.449874, exp 401), N = 5.
    #     D = 140.991664, 10 ** (140.991664 * 2.2360680 / 2000) = 10 ** 0.1576334
    #     = 1.4375848; underdog (B) 1 / 2.4375848 = 0.4102421; p = A's chance
    #     = 0.5897579; 4 * sqrt(5) * p = 8.9442719 * 0.5897579 = 5.2749547;
    #     B +5.2749547 * 4.96 = +26.163775 -> 1533.621985;
    #     A experienced (401 >= 400): -5.2749547 -> 1643.174919 (exp A 406, B 9).
    history = ratings(_matches([
        ("A", "B", 1, True),
        ("B", "C", 3, True),
        ("A", "C", 400, True),
        ("B", "A", 5, True),
    ]))
    assert list(history.columns) == list(HISTORY_COLUMNS)
    assert len(history) == 8
    assert list(history["player"]) == ["A", "B", "B", "C", "A", "C", "B", "A"]
    assert list(history["result"]) == ["won", "lost"] * 4
    assert list(history["opponent"]) == ["B", "A", "C", "B", "C", "A", "A", "B"]
    expected_after = [1510.0, 1490.0, 1507.458210, 1482.506804,
                      1648.449874, 1344.611839, 1533.621985, 1643.174919]
    assert list(history["rating_after"]) == pytest.approx(expected_after, abs=1e-5)
    assert list(history["rating_before"]) == pytest.approx(
        [1500, 1500, 1490, 1500, 1510, 1482.506804, 1507.458210, 1648.449874], abs=1e-5)
    assert list(history["experience_before"]) == [0, 0, 1, 0, 1, 3, 4, 401]
    assert list(history["experience_after"]) == [1, 1, 4, 3, 401, 403, 9, 406]
    assert history["change"].iloc[7] == pytest.approx(-5.2749547, abs=1e-6)
    for column, dtype in DOCUMENTED_HISTORY.items():
        # "str" is pandas' string dtype: named "str" from pandas 3, "string" before
        names = {"str", "string"} if dtype == "str" else {dtype}
        assert str(history[column].dtype) in names, (column, history[column].dtype)
    assert list(history.columns) == list(DOCUMENTED_HISTORY)
    assert HISTORY_COLUMNS == DOCUMENTED_HISTORY


def test_unrated_matches_are_skipped() -> None:
    history = ratings(_matches([("A", "B", 1, False), ("A", "B", 1, True)]))
    assert list(history["match"]) == [1, 1]
    assert list(history["rating_after"]) == [1510.0, 1490.0]


def test_no_rated_match_gives_an_empty_typed_history() -> None:
    history = ratings(_matches([("A", "B", 1, False)]))
    assert len(history) == 0
    assert list(history.columns) == list(HISTORY_COLUMNS)
    assert str(history["rating_after"].dtype) == "float64"


def test_win_probability_equal_ratings_and_symmetry() -> None:
    assert win_probability(1600, 1600, 7) == 0.5
    # D = 200, N = 1: 10 ** 0.1 = 1.2589254; underdog 1 / 2.2589254 = 0.4426884
    assert win_probability(1500, 1700, 1) == pytest.approx(0.4426884, abs=1e-7)
    assert win_probability(1700, 1500, 1) == pytest.approx(1 - 0.4426884, abs=1e-7)


def test_plot_ratings_draws_each_players_history() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from narde_notation.show.plots import plot_ratings

    history = ratings(_matches([
        ("A", "B", 1, True), ("B", "C", 3, True), ("A", "C", 400, True), ("B", "A", 5, True),
    ]))
    fig, ax = plt.subplots()
    try:
        assert plot_ratings(history, players=["A", "$x$"], ax=ax) is ax
        (line, one_five_hundred) = ax.lines  # "$x$" has no match: no line
        # A plays rated matches 1, 3 and 4 (values of the hand-worked test)
        assert list(line.get_xdata()) == [0, 1, 3, 4]
        assert list(line.get_ydata()) == pytest.approx(
            [1500, 1510, 1648.449874, 1643.174919], abs=1e-5)
        assert line.get_label() == "A"
        assert list(one_five_hundred.get_ydata()) == [1500, 1500]
        ax.clear()
        plot_ratings(history, ax=ax)
        assert [ln.get_label() for ln in ax.lines[:3]] == ["A", "B", "C"]
    finally:
        plt.close(fig)
