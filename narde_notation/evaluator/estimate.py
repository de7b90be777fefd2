"""Estimates of a position for its side to move, and the equity of R9.

The equity is the expected points of the side to move (R9: an oyn 1,
a mars 2, a koks 3 under the ``koks`` variant), so with probabilities
``win``, ``win_mars`` (part of ``win``), ``lose_mars`` and, under
``koks``, ``win_koks`` (part of ``win_mars``) and ``lose_koks``::

    equity = win - (1 - win) + win_mars - lose_mars [+ win_koks - lose_koks]

from -2 (-3) to +2 (+3).  Arrays of estimates are float64 (n, 5) in the
column order of :data:`narde_notation.evaluator.network.OUTPUTS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from narde_notation.evaluator.game import Turn

__all__ = ["Estimate", "RankedTurn", "equities", "flip"]

FloatArray = npt.NDArray[np.float64]
#: column permutation that turns the opponent's view into the mover's (with 1 - win).
_SWAP = [0, 2, 1, 4, 3]


def flip(values: FloatArray) -> FloatArray:
    """Estimates (n, 5) of the opponent turned into the other side's: win -> 1 - win,
    its mars wins -> mars losses and back."""
    out = values[:, _SWAP].copy()
    out[:, 0] = 1.0 - values[:, 0]
    return out


def equities(values: FloatArray, koks: bool) -> FloatArray:
    """Equity (points, float64 (n,)) of estimates (n, 5); koks counts only when ``koks``."""
    eq = 2.0 * values[:, 0] - 1.0 + values[:, 1] - values[:, 2]
    if koks:
        eq = eq + values[:, 3] - values[:, 4]
    return eq


@dataclass(frozen=True, slots=True)
class Estimate:
    """What a position is worth to its side to move, before its roll.

    Attributes:
        win: P(the side to move wins), 0…1.
        win_mars: P(it wins by mars or koks), part of ``win`` (R9).
        lose_mars: P(it loses by mars or koks).
        equity: expected points for it (module docstring), -2…2 (-3…3 under koks).
        exact: True when the figures come from the bear-off database (both
            sides home, no contact) or the game is over; False for the network.
        win_koks, lose_koks: P(winning / losing by koks); 0 unless the
            ruleset is ``koks``.
    """

    win: float
    win_mars: float
    lose_mars: float
    equity: float
    exact: bool
    win_koks: float = 0.0
    lose_koks: float = 0.0

    @classmethod
    def from_row(cls, row: FloatArray, exact: bool, koks: bool) -> Estimate:
        """The estimate of one row (5,) of an estimates array."""
        r = [float(v) for v in row]
        eq = float(equities(row[None, :], koks)[0])
        return cls(r[0], r[1], r[2], eq, exact, r[3] if koks else 0.0, r[4] if koks else 0.0)


@dataclass(frozen=True, slots=True)
class RankedTurn:
    """One legal turn ranked by :meth:`Evaluator.rank_turns`.

    Attributes:
        turn: the turn, as :func:`legal_turns` returns it.
        estimate: the end position's estimate, from the **mover's** side (after
            the turn, before the opponent's roll).
        loss: equity given up against the best turn (points, >= 0; 0 for the best).
        ply: the search depth behind ``estimate`` (0 or 1).
    """

    turn: Turn
    estimate: Estimate
    loss: float
    ply: int
