"""The 21 rolls and their odds (R12), owned by the model."""

from __future__ import annotations

from fractions import Fraction

from narde_notation.model import ROLLS


def test_the_21_rolls_are_every_pair_of_dice_once_with_their_odds() -> None:
    # two fair dice: 36 equally likely throws; 6 doubles (1/36 each) and
    # 15 other rolls (2/36 each: both orders of the dice)
    assert len(ROLLS) == 21
    assert {(a, b) for a, b, _ in ROLLS} == {(a, b) for a in range(1, 7) for b in range(1, a + 1)}
    assert ROLLS[0] == (6, 6, 1 / 36) and ROLLS[1] == (6, 5, 2 / 36) and ROLLS[-1] == (1, 1, 1 / 36)
    assert sum(Fraction(p).limit_denominator(36) for _, _, p in ROLLS) == 1
    assert sum(1 for a, b, _ in ROLLS if a == b) == 6


def test_the_evaluator_lends_the_models_rolls() -> None:
    from narde_notation.evaluator import game

    assert game.ROLLS is ROLLS


def test_the_archive_names_the_same_21_rolls_from_11_to_66() -> None:
    from narde_notation.archive.schema import ROLL_NAMES

    assert ROLL_NAMES == ("11", "21", "22", "31", "32", "33", "41", "42", "43", "44",
                          "51", "52", "53", "54", "55", "61", "62", "63", "64", "65", "66")
