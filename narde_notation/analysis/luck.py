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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from narde_notation.evaluator import (
    Judge,
    Values,
    child_boards_of_rolls,
    equities,
    flip,
    mover_view,
)
from narde_notation.model import ROLLS

#: estimates and boards as the Judge hands them (float64 rows, uint8 boards)
FloatArray = npt.NDArray[np.float64]
UInt8Array = npt.NDArray[np.uint8]

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
        self._last: tuple[tuple[Position, bool], _Table] | None = None

    def luck(self, position: Position, dice: tuple[int, int], opening: bool = False) -> Luck:
        """The luck of ``dice`` (higher first) for the side to move of ``position``.

        Args:
            position: before the roll is played (not over).
            dice: the roll, higher die first.
            opening: the game's first half-turn from the initial position:
                doubles cannot be rolled (R2) unless the rules are ``reroll``.
        """
        # a double on the first half-turn is an `opening-double` error (R2):
        # analysed as rolled, with the doubles in the mean
        no_doubles = opening and not self.rules.reroll and dice[0] != dice[1]
        table = self._table(position, no_doubles)
        played = (max(dice), min(dice))
        mine = table.rolls.index(played)
        # the ranking of the roll played (Evaluator.rank_turns) reuses its rows
        own = table.rows[table.starts[mine]:table.starts[mine] + table.counts[mine]]
        _me, opp, _mf, of = mover_view(position)
        self.judge.remember(opp, of, table.boards[own], table.got, own)
        best = float(table.best[mine])
        return Luck(best - table.mean, best, table.mean, table.exact)

    def one_ply(self, position: Position) -> FloatArray:
        """The estimate (5,) of ``position`` (not over) for the side that moved
        into it, 1 ply: the mean over the 21 rolls of the side to move of the
        position after its best 0-ply turn of each (R12 odds), what
        :meth:`Judge.one_ply <narde_notation.evaluator.search.Judge.one_ply>`
        gives, from the batch of :meth:`luck` (the next half-turn's luck reuses
        it: the played turn's 1-ply figure costs nothing, docs/decisions.md JD2)."""
        out: FloatArray = flip(self._table(position, False).mean_values[None, :])[0]
        return out

    def _table(self, position: Position, no_doubles: bool) -> _Table:
        """Every roll's best 0-ply turn in ``position``, one batch; the last is kept."""
        key = (position, no_doubles)
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        me, opp, mf, of = mover_view(position)
        rolls = [(d1, d2) for d1, d2, _p in ROLLS if not (no_doubles and d1 == d2)]
        weights = np.array([p for d1, d2, p in ROLLS if not (no_doubles and d1 == d2)])
        # every roll's end boards (a pass: one board), those of one pip total
        # often the same: each distinct board once, valued in one batch
        boards, rows, counts = child_boards_of_rolls(me, opp, mf, rolls, self.rules)
        got = self.judge.after_boards(boards, opp, of)
        values = flip(got.values)
        eq = equities(values, self.judge.koks)
        starts = np.cumsum([0, *counts[:-1]])
        seg = eq[rows]
        best = np.maximum.reduceat(seg, starts)
        # the first row of each roll with its best figure: that roll's best turn
        firsts = np.flatnonzero(seg == np.repeat(best, counts))
        chosen = rows[firsts[np.searchsorted(firsts, starts)]]
        w = weights / weights.sum()
        table = _Table(rolls, boards, rows, counts, starts, got, best, float(w @ best),
                       w @ values[chosen], bool(got.exact.all()))
        self._last = (key, table)
        return table


class _Table(NamedTuple):
    """Every roll's best 0-ply turn of one position (:meth:`LuckMeter._table`)."""

    rolls: list[tuple[int, int]]
    boards: UInt8Array  # the distinct end boards of all rolls
    rows: npt.NDArray[np.integer[Any]]  # each roll's boards, a segment a roll
    counts: Sequence[int]
    starts: npt.NDArray[np.integer[Any]]
    got: Values  # the boards' estimates, from the opponent's side
    best: FloatArray  # (rolls,) equity after each roll's best turn, mover's side
    mean: float  # their mean (R12 odds)
    mean_values: FloatArray  # (5,) the mean estimate after the best turns, mover's side
    exact: bool
