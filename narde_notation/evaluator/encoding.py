"""The network's inputs: a position seen by its side to move, before its roll.

:func:`decode` turns packed boards (the engine's 4 bits per own point,
:mod:`narde_notation.rules.position`) into a count array with numpy shifts, no
per-checker loop; :func:`encode` builds the :data:`N_INPUTS` features of
docs/decisions.md (section "Evaluator", V2), for the mover and the
opponent, each in its own numbering:

* per own point 1…24, TD-Gammon's truncated unary: ``n >= 1``, ``n >= 2``,
  ``n >= 3``, ``(n - 3) / 4`` above three (stacks); 96 per side;
* borne off / 15, pip count / 200, checkers on the head / 15, checkers
  home or off / 15 (R8), the longest run of held points along the
  opponent's path / 6 (R6 blocks), points held ahead of the opponent's
  rearmost checker / 12 (blocks in front of it);
  the run is counted up to six;
* the pip lead (opponent's minus mover's) / 100, a contact flag (some
  checker still has an opposing checker ahead on its path), the two
  first-turn flags (R5).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from narde_notation.evaluator.game import FLIP

__all__ = ["ENCODING", "N_INPUTS", "decode", "encode"]

#: the version of this encoding (stored with trained weights; a change needs new weights).
ENCODING = 1
N_INPUTS = 2 * (96 + 6) + 4

_MASK64 = (1 << 64) - 1
_LOW_SHIFTS = np.arange(16, dtype=np.uint64) * np.uint64(4)
_HIGH_SHIFTS = np.arange(9, dtype=np.uint64) * np.uint64(4)
_POINTS = np.arange(1, 25, dtype=np.float64)
#: own points of a side in the order its opponent passes them (the opponent's
#: own 24 … 1): index ``k`` is the opponent's own point ``24 - k``.
_PATH = np.array([FLIP[q] for q in range(24, 0, -1)])
#: ``_FLIPPED[t - 1]``: the other side's own number of own point ``t``, minus one.
_FLIPPED = np.array([FLIP[t] - 1 for t in range(1, 25)])


def decode(boards: Sequence[int]) -> npt.NDArray[np.int64]:
    """Counts of packed boards: int64 array (n, 25), column ``p`` = own point ``p``, 0 = off."""
    n = len(boards)
    low = np.fromiter((b & _MASK64 for b in boards), dtype=np.uint64, count=n)
    high = np.fromiter((b >> 64 for b in boards), dtype=np.uint64, count=n)
    counts = np.empty((n, 25), dtype=np.int64)
    counts[:, :16] = (low[:, None] >> _LOW_SHIFTS) & np.uint64(15)
    counts[:, 16:] = (high[:, None] >> _HIGH_SHIFTS) & np.uint64(15)
    return counts


#: truncated unary of a count 0…15: ``n >= 1``, ``n >= 2``, ``n >= 3``, ``(n - 3) / 4``.
_UNARY = np.array([[n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 4] for n in range(16)])
_BITS = np.int64(1) << np.arange(24, dtype=np.int64)
_LONGEST = 6  # runs are counted up to six points (a wall, R6)


def _longest_run(held: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """Longest run of True along axis 1 (capped at six), by and-ing shifted bit masks."""
    bits = held.astype(np.int64) @ _BITS
    length = np.zeros(held.shape[0], dtype=np.int64)
    for _ in range(_LONGEST):
        nonzero = bits != 0
        if not nonzero.any():
            break
        length += nonzero
        bits &= bits >> 1
    return length


def _side_features(me: npt.NDArray[np.int64], opp: npt.NDArray[np.int64]
                   ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The 102 features of side ``me`` (counts (n, 25)) against ``opp``; and its pip counts."""
    n = len(me)
    out = np.empty((n, 102))
    out[:, :96] = _UNARY[me[:, 1:]].reshape(n, 96)
    pips = me[:, 1:] @ _POINTS
    held_path = me[:, _PATH] > 0  # in the order the opponent meets them
    # the opponent's rearmost checker, as an index along its path (0 = its own 24)
    opp_on = opp[:, 24:0:-1] > 0
    rear = np.where(opp_on.any(1), opp_on.argmax(1), 24)
    ahead = rear[:, None] < _STEPS
    out[:, 96] = me[:, 0] / 15
    out[:, 97] = pips / 200
    out[:, 98] = me[:, 24] / 15
    out[:, 99] = me[:, :7].sum(1) / 15
    out[:, 100] = _longest_run(held_path) / 6
    out[:, 101] = (held_path & ahead).sum(1) / 12
    return out, pips


_STEPS = np.arange(24)[None, :]


def _contact(me: npt.NDArray[np.int64], opp: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """Whether some checker of either side has an opposing checker ahead on its own path."""
    idx = np.arange(1, 25)[None, :]
    me_on = me[:, 1:] > 0
    opp_on = opp[:, 1:] > 0
    me_rear = np.where(me_on.any(1), 24 - me_on[:, ::-1].argmax(1), 0)
    opp_rear = np.where(opp_on.any(1), 24 - opp_on[:, ::-1].argmax(1), 0)
    # opponent checkers in the mover's numbering, and the mover's in the opponent's
    opp_in_me = opp_on[:, _FLIPPED]
    me_in_opp = me_on[:, _FLIPPED]
    first = (opp_in_me & (idx < me_rear[:, None])).any(1)
    second = (me_in_opp & (idx < opp_rear[:, None])).any(1)
    return np.asarray(first | second, dtype=bool)


def encode(movers: Sequence[int], others: Sequence[int], mover_first: Sequence[bool],
           other_first: Sequence[bool]) -> npt.NDArray[np.float64]:
    """Inputs (n, N_INPUTS) float64 for positions whose side to move has packed
    board ``movers[i]`` and its opponent ``others[i]`` (each in its own numbering)."""
    n = len(movers)
    both = decode([*movers, *others])  # rows 0…n-1 the movers, n…2n-1 their opponents
    me, opp = both[:n], both[n:]
    sides, pips = _side_features(both, np.concatenate([opp, me]))
    out = np.empty((n, N_INPUTS))
    out[:, :102] = sides[:n]
    out[:, 102:204] = sides[n:]
    out[:, 204] = (pips[n:] - pips[:n]) / 100
    out[:, 205] = _contact(me, opp)
    out[:, 206] = mover_first
    out[:, 207] = other_first
    return out
