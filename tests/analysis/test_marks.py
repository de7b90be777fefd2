"""The marks' thresholds at their edges (gnubg's ``arLuckLevel`` and
``arThrsRating``: strictly above +0.3 / +0.6 a roll is lucky / very lucky,
strictly below -0.3 / -0.6 unlucky / very unlucky; an error rate is labelled
by the first bound it stays below)."""

from __future__ import annotations

import math

import pytest

from narde_notation.analysis.marks import luck_mark, move_mark, rating, rating_scale


@pytest.mark.parametrize(("luck", "mark"), [
    (0.0, None), (0.29, None), (0.3, None), (0.300001, "lucky"), (0.6, "lucky"),
    (0.600001, "very lucky"), (5.0, "very lucky"),
    (-0.29, None), (-0.3, None), (-0.300001, "unlucky"), (-0.6, "unlucky"),
    (-0.600001, "very unlucky"), (-5.0, "very unlucky"),
])
def test_luck_marks_at_their_edges(luck: float, mark: str | None) -> None:
    assert luck_mark(luck) == mark


@pytest.mark.parametrize(("loss", "mark"), [
    (0.0, None), (0.0399, None), (0.04, "doubtful"), (0.0799, "doubtful"), (0.08, "bad"),
    (0.1599, "bad"), (0.16, "very bad"), (2.0, "very bad"),
])
def test_move_marks_at_their_edges(loss: float, mark: str | None) -> None:
    assert move_mark(loss, forced=False) == mark
    assert move_mark(loss, forced=True) is None  # a forced half-turn is never marked


@pytest.mark.parametrize(("rate", "label"), [
    (0.0, "Supernatural"), (2.0, "World class"), (5.0, "Expert"), (8.0, "Advanced"),
    (12.0, "Intermediate"), (18.0, "Casual player"), (26.0, "Beginner"), (35.0, "Awful"),
    (1e9, "Awful"), (math.inf, "Awful"),
])
def test_rating_bounds_belong_to_the_next_label(rate: float, label: str) -> None:
    assert rating(rate) == label


def test_rating_scale_in_words() -> None:
    assert rating_scale() == (
        "below 2 Supernatural, below 5 World class, below 8 Expert, below 12 Advanced, "
        "below 18 Intermediate, below 26 Casual player, below 35 Beginner, else Awful "
        "(gnubg's scale, milli-points per unforced half-turn)")
