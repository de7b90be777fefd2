"""The luck of a roll, gnubg's definition, with the 36 rolls in one batch.

The luck of the roll a side is to play in a position is the equity (points,
from the mover's side) after the best 0-ply play of that roll, minus the
mean of the same over the 36 rolls (R12: the 21 distinct rolls, a double
1/36, any other 2/36).  On the first half-turn of a game from the initial
position, unless the rules are ``reroll``, the roll is never a double (R2),
so the mean is over the 30 other rolls.  Every end board of every roll is
valued in one call of the evaluator's :class:`~narde_notation.evaluator.search.Judge`
(one matrix product of the network; exact bear-off values where both sides
are home), so the luck of a half-turn costs one evaluation batch of some
hundreds of positions, not 21 calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from narde_notation.evaluator import ROLLS, Judge, child_boards_of_rolls, equities, flip, mover_view

if TYPE_CHECKING:
    from narde_notation.evaluator import Evaluator
    from narde_notation.rules import Position

__all__ = ["Luck", "LuckMeter"]


class Luck(NamedTuple):
    """The luck of one roll (points, mover's side) and what it is made of."""

    luck: float  # best equity of the roll played minus the mean over the rolls
    best: float  # equity after the best 0-ply play of the roll played
    mean: float  # the mean of the best equity over the rolls (R12 odds)
    exact: bool  # every value came from R9 or the bear-off database


class LuckMeter:
    """Luck of rolls for one evaluator (its network, its rules).

    Args:
        evaluator: the :class:`~narde_notation.evaluator.evaluate.Evaluator`
            (its public ``network`` and ``rules``).
    """

    def __init__(self, evaluator: Evaluator) -> None:
        self.rules = evaluator.rules
        # the evaluator's own: its ranking of the roll played reuses the luck's batch
        self.judge: Judge = evaluator.judge

    def luck(self, position: Position, dice: tuple[int, int], opening: bool = False) -> Luck:
        """The luck of ``dice`` (higher first) for the side to move of ``position``.

        Args:
            position: before the roll is played (not over).
            dice: the roll, higher die first.
            opening: the game's first half-turn from the initial position:
                doubles cannot be rolled (R2) unless the rules are ``reroll``.
        """
        me, opp, mf, of = mover_view(position)
        # a double on the first half-turn is an `opening-double` error (R2):
        # analysed as rolled, with the doubles in the mean
        no_doubles = opening and not self.rules.reroll and dice[0] != dice[1]
        played = (max(dice), min(dice))
        rolls = [(d1, d2) for d1, d2, _p in ROLLS if not (no_doubles and d1 == d2)]
        weights = np.array([p for d1, d2, p in ROLLS if not (no_doubles and d1 == d2)])
        mine = rolls.index(played)
        # every roll's end boards (a pass: one board), those of one pip total
        # often the same: each distinct board once, valued in one batch
        boards, rows, counts = child_boards_of_rolls(me, opp, mf, rolls, self.rules)
        got = self.judge.after_boards(boards, opp, of)
        eq = equities(flip(got.values), self.judge.koks)
        starts = np.cumsum([0, *counts[:-1]])
        best = np.maximum.reduceat(eq[rows], starts)
        # the ranking of the roll played (Evaluator.rank_turns) reuses its rows
        own = rows[starts[mine]:starts[mine] + counts[mine]]
        self.judge.remember(opp, of, boards[own], got, own)
        w = weights / weights.sum()
        mean = float(w @ best)
        return Luck(float(best[mine]) - mean, float(best[mine]), mean, bool(got.exact.all()))
