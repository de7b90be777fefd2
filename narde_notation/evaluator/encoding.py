"""The network's inputs: a position seen by its side to move, before its roll.

:func:`decode` turns packed boards (the engine's 4 bits per own point,
:mod:`narde_notation.position`) into a count array with numpy shifts, no
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
  first-turn flags (R5);
* (encoding 2, decisions "Evaluator inputs that see primes") for each side
  facing the other's blocks, the mover first: the escape rolls / 36 of its
  rearmost checker and the fewest of any of its checkers (:data:`ESCAPES`),
  where the other side's longest run of held points starts on its path
  ((start + 1) / 24, 0 without one), its checkers behind that run / 15, its
  checkers still to pass the other side's frontmost checker / 15, and the
  pips of its checkers past all of them (free pips, its timing) / 200.

Encoding 1's 208 inputs are the first 208 of encoding 2 (:data:`PREFIX_OF`):
a network trained for it reads encoding 2 with zero weights on the rest.

The whole batch is worked at once (docs/decisions.md V10): each board's 13
bytes once, the unary features by a table lookup per byte (two points), the
point sets as 24-bit masks (one integer matrix product) whose runs, counts
and rearmost checkers are bit operations.  A batch whose movers are all one
board (the end boards of a roll against one opponent) decodes that board once.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from narde_notation.evaluator.game import FLIP, compiled_library

__all__ = ["ENCODING", "ESCAPES", "FACING", "N_INPUTS", "PREFIX_OF", "FusedForward", "decode",
           "encode", "encode_raw", "fused_forward", "packed_boards", "raw_boards", "use_kernel"]

#: the version of this encoding (stored with trained weights; a change needs new weights).
ENCODING = 2
N_INPUTS = 2 * (96 + 6) + 4 + 2 * 6
#: older encodings whose inputs are this one's first columns: version -> their count.
PREFIX_OF = {1: 2 * (96 + 6) + 4, ENCODING: N_INPUTS}
#: the first of the twelve facing columns (encoding 2: each side's escapes,
#: prime, trapped checkers facing the other's blocks), the last of the inputs.
FACING = 2 * (96 + 6) + 4
_WINDOW = 12  # escapes look this many points ahead
_LONGEST = 6  # runs are counted up to six points (a wall, R6)

#: truncated unary of a count 0…15: ``n >= 1``, ``n >= 2``, ``n >= 3``, ``(n - 3) / 4``.
_UNARY = np.array([[n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 4] for n in range(16)])
#: the unary of both nibbles of a byte, the low nibble's four first: (256, 8).
_BYTE_UNARY = np.concatenate([_UNARY[np.arange(256) & 15], _UNARY[np.arange(256) >> 4]], axis=1)
_BYTE_UNARY32 = _BYTE_UNARY.astype(np.float32)

#: weights (25,) of a count row (column ``p`` = own point ``p``, 0 = off): pips, home or off.
_PIP_HOME = np.array([[p, p <= 6] for p in range(25)], dtype=np.int64)


def _bit_columns() -> npt.NDArray[np.int64]:
    """(25, 4) bit weights of a held-points row (column ``p`` = own point ``p`` held):

    0. the side's points along its **opponent's** path: own ``t`` (the
       opponent's own ``FLIP[t]``) at bit ``24 - FLIP[t]`` (bit 0 = the
       opponent's head, where that path starts);
    1. the side's checkers along its **own** path: own ``q`` at bit ``24 - q``
       (so its rearmost checker is the lowest bit, on the other side's
       column-0 scale);
    2. own point ``t`` at bit ``t - 1``;
    3. own point ``q`` at bit ``FLIP[q] - 1`` (the other side's numbering).
    """
    cols = np.zeros((25, 4), dtype=np.int64)
    for p in range(1, 25):
        cols[p] = [1 << (24 - FLIP[p]), 1 << (24 - p), 1 << (p - 1), 1 << (FLIP[p] - 1)]
    return cols


_BITS = _bit_columns()
# float64 copies: a BLAS product of small integers is exact (sums below 2**25)
# and several times quicker than numpy's integer one
_BITS_F = _BITS.astype(np.float64)
_PIP_HOME_F = _PIP_HOME.astype(np.float64)


_MASK24 = (1 << 24) - 1


#: every 12-bit number (4096,) and its bits (4096, 12), bit 0 first.
_NUMBERS12 = np.arange(1 << 12, dtype=np.int64)
_BITS12 = (_NUMBERS12[:, None] >> np.arange(12)) & 1


def _run_tables() -> tuple[npt.NDArray[np.int64], ...]:
    """For every 12-bit number: its longest run of set bits, its set bits from
    bit 11 down, from bit 0 up (a 24-bit mask's longest run is the longest of
    its halves' or the low half's top run plus the high half's bottom run).
    All numbers at once, bit by bit (a start-up cost: issue 29)."""
    longest = np.zeros(1 << 12, dtype=np.int64)
    run = np.zeros(1 << 12, dtype=np.int64)
    for bit in _BITS12.T:  # bit 0 up: the run ending at each bit
        run = (run + 1) * bit
        np.maximum(longest, run, out=longest)
    top = np.cumprod(_BITS12[:, ::-1], axis=1).sum(axis=1)
    bottom = np.cumprod(_BITS12, axis=1).sum(axis=1)
    return longest, top, bottom


_RUN12, _TOP12, _BOTTOM12 = _run_tables()


def _escape_table() -> npt.NDArray[np.int64]:
    """:data:`ESCAPES`: for each 12-bit mask of the points ahead of a checker
    that the other side holds (bit ``k``: the point ``k + 1`` pips ahead),
    how many of the 36 rolls carry the checker past the furthest of them, each
    die landing on a point not held (R3; a double moves up to four times; either
    order of the dice).  36 when none of the twelve points is held.

    Every mask at once: each order of the dice is followed die by die, a mask
    escaping when the checker is past its furthest point, stopping when it
    lands on a held one."""
    held = _NUMBERS12
    furthest = _BIT_LENGTH12
    count = np.zeros(1 << _WINDOW, dtype=np.int64)
    for a in range(1, 7):
        for b in range(1, 7):
            escaped = np.zeros(1 << _WINDOW, dtype=np.bool_)
            for dice in ([a] * 4,) if a == b else ([a, b], [b, a]):
                moving = np.ones(1 << _WINDOW, dtype=np.bool_)
                at = 0
                for die in dice:
                    at += die
                    past = moving & (at > furthest)
                    escaped |= past
                    moving &= ~past & ((held >> (at - 1)) & 1 == 0)
            count += escaped
    return count


#: ``int.bit_length`` of every 12-bit number: its bits up to the highest set one.
_BIT_LENGTH12 = (_NUMBERS12[:, None] >> np.arange(12) != 0).sum(axis=1)
#: escape rolls (of 36) of a checker with the 12-bit mask of held points ahead (bit 0 next).
ESCAPES = _escape_table()
#: index of the highest set bit of every 12-bit number (-1 for 0).
_HIGH12 = _BIT_LENGTH12 - 1
_POSITIONS = np.arange(24)
#: set bits of every 12-bit number.
_POPCOUNT12 = _BITS12.sum(axis=1)


def raw_boards(boards: Sequence[int]) -> npt.NDArray[np.uint8]:
    """The 13 little-endian bytes of each packed board: uint8 (n, 13), the
    form :func:`encode_raw` reads (nibble ``p`` of a board, own point ``p``,
    is the low half of byte ``p // 2`` for an even ``p``, the high half for an odd one)."""
    return np.frombuffer(b"".join([b.to_bytes(13, "little") for b in boards]),
                         dtype=np.uint8).reshape(len(boards), 13)


def packed_boards(raw: npt.NDArray[np.uint8]) -> list[int]:
    """The packed boards of board bytes (n, 13) or wider: :func:`raw_boards` undone."""
    return [int.from_bytes(row.tobytes(), "little") for row in raw[:, :13]]


def _counts(raw: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """Nibbles of board bytes: uint8 (n, 25), column ``p`` = own point ``p``, 0 = off."""
    counts = np.empty((len(raw), 26), dtype=np.uint8)
    counts[:, 0::2] = raw & 15
    counts[:, 1::2] = raw >> 4
    return counts[:, :25]


def decode(boards: Sequence[int]) -> npt.NDArray[np.int64]:
    """Counts of packed boards: int64 array (n, 25), column ``p`` = own point ``p``, 0 = off.

    Each board's 13 little-endian bytes hold two nibbles apiece: the low one
    is the even point, the high one the odd point.
    """
    return _counts(raw_boards(boards)).astype(np.int64)


def _longest_run(bits: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Longest run of set bits of each 24-bit mask (capped at six), from its
    12-bit halves' tables."""
    low, high = bits & 4095, bits >> 12
    run = np.maximum(np.maximum(_RUN12[low], _RUN12[high]), _TOP12[low] + _BOTTOM12[high])
    capped: npt.NDArray[np.int64] = np.minimum(run, _LONGEST)
    return capped


def _popcount(bits: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Set bits of 24-bit masks."""
    counts: npt.NDArray[np.int64] = _POPCOUNT12[bits & 4095] + _POPCOUNT12[bits >> 12]
    return counts


def _below_highest(bits: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Every bit below the highest set bit of each 24-bit mask (0 for an empty mask)."""
    bits = bits | bits >> 1
    bits |= bits >> 2
    bits |= bits >> 4
    bits |= bits >> 8
    bits |= bits >> 16
    return bits >> 1


def _highest(bits: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Index of the highest set bit of each 24-bit mask (-1 for an empty mask)."""
    high = bits >> 12
    found: npt.NDArray[np.int64] = np.where(high != 0, _HIGH12[high] + 12, _HIGH12[bits & 4095])
    return found


def _facing(counts: npt.NDArray[np.uint8], path: npt.NDArray[np.int64],
            blocks: npt.NDArray[np.int64], run: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """The six encoding-2 inputs (n, 6) of a side facing the other's blocks:
    its ``counts`` (n, 25) and checkers along its path ``path`` (bit ``i``:
    its own point ``24 - i``), the other side's held points on that path
    ``blocks`` and their longest run ``run`` (capped at six)."""
    rows = np.arange(len(counts))
    along = counts[:, 24:0:-1].astype(np.int64)  # column i: own point 24 - i
    before = np.zeros((len(counts), 25), dtype=np.int64)  # checkers behind position k
    np.cumsum(along, axis=1, out=before[:, 1:])
    pips_before = np.zeros((len(counts), 25), dtype=np.int64)
    np.cumsum(along * (24 - _POSITIONS), axis=1, out=pips_before[:, 1:])
    front = _highest(blocks)  # the other side's frontmost checker on this path
    # the frontmost run of the longest length: bit i of `starts` = bits i…i+run-1 held
    starts = np.where(run == 1, blocks, 0)
    acc = blocks
    for k in range(1, _LONGEST):
        acc = acc & (blocks >> k)
        starts = np.where(run == k + 1, acc, starts)
    start = _highest(starts)
    escapes = ESCAPES[(blocks[:, None] >> (_POSITIONS + 1)) & ((1 << _WINDOW) - 1)]
    escapes = np.where(along != 0, escapes, 36)
    rear = _highest(path & -path)
    out = np.empty((len(counts), 6))
    out[:, 0] = np.where(rear >= 0, escapes[rows, np.maximum(rear, 0)], 36) / 36
    out[:, 1] = escapes.min(axis=1) / 36
    out[:, 2] = (start + 1) / 24
    out[:, 3] = before[rows, np.maximum(start, 0)] / 15
    out[:, 4] = before[rows, np.maximum(front, 0)] / 15
    out[:, 5] = (pips_before[:, 24] - pips_before[rows, front + 1]) / 200
    return out


def encode(movers: Sequence[int], others: Sequence[int], mover_first: Sequence[bool],
           other_first: Sequence[bool], dtype: Any = np.float64) -> npt.NDArray[Any]:
    """Inputs (n, N_INPUTS) for positions whose side to move has packed
    board ``movers[i]`` and its opponent ``others[i]`` (each in its own numbering).

    ``dtype`` is the array's (float64 by default; float32 for the network's
    fast path): each feature is worked out in float64 and then stored, so a
    float32 array holds the float64 inputs rounded once.
    """
    n = len(movers)
    if n == 0:
        return np.empty((0, N_INPUTS), dtype=dtype)
    one_mover = movers.count(movers[0]) == n
    return encode_raw(raw_boards(movers[:1] if one_mover else movers), raw_boards(others),
                      mover_first, other_first, dtype)


def encode_raw(movers: npt.NDArray[np.uint8], others: npt.NDArray[np.uint8],
               mover_first: Sequence[bool] | npt.NDArray[np.bool_],
               other_first: Sequence[bool] | npt.NDArray[np.bool_],
               dtype: Any = np.float64) -> npt.NDArray[Any]:
    """:func:`encode` of boards given as bytes (:func:`raw_boards`; uint8 (n, 13)
    or wider, the bytes past 13 unread): ``others`` (n, ...), ``movers`` (n, ...)
    or (1, ...) for one board facing every row of ``others`` (decoded once).

    Runs compiled (``encoding_kernel.c``, decisions V11) when it could be built,
    else with numpy: the same numbers, bit for bit."""
    kernel = _kernel()
    if kernel is not None and np.dtype(dtype) in (np.float32, np.float64):
        return kernel(movers, others, mover_first, other_first, np.dtype(dtype))
    return _encode_numpy(movers, others, mover_first, other_first, dtype)


def _encode_numpy(movers: npt.NDArray[np.uint8], others: npt.NDArray[np.uint8],
                  mover_first: Sequence[bool] | npt.NDArray[np.bool_],
                  other_first: Sequence[bool] | npt.NDArray[np.bool_],
                  dtype: Any = np.float64) -> npt.NDArray[Any]:
    """:func:`encode_raw` with numpy (the reference form)."""
    n = len(others)
    out = np.empty((n, N_INPUTS), dtype=dtype)
    if n == 0:
        return out
    one_mover = len(movers) == 1 and n != 1
    raw = np.concatenate([movers[:, :13], others[:, :13]])
    # rows of the decoded batch: the movers', then the others'
    me: slice | npt.NDArray[np.intp] = np.zeros(n, dtype=np.intp) if one_mover else slice(0, n)
    opp = slice(len(raw) - n, len(raw))
    pairs = (raw[:, :12] >> 4) | (raw[:, 1:] << 4)  # byte j: own points 2j + 1, 2j + 2
    table = _BYTE_UNARY32 if np.dtype(dtype) == np.float32 else _BYTE_UNARY
    unary = np.take(table, pairs, axis=0).reshape(len(raw), 96)
    counts = _counts(raw)
    pip_home = counts.astype(np.float64) @ _PIP_HOME_F  # (rows, 2): pips, home or off
    pips = pip_home[:, 0]
    masks = ((counts != 0).astype(np.float64) @ _BITS_F).astype(np.int64)
    along_theirs, along_own, own, flipped = masks.T
    runs = _longest_run(along_theirs)
    for rows, against, col in ((me, opp, 0), (opp, me, 102)):
        if col == 0 and one_mover:
            out[:, :96] = unary[0]
        else:
            out[:, col:col + 96] = unary[rows]
        out[:, col + 96] = counts[rows, 0] / 15
        out[:, col + 97] = pips[rows] / 200
        out[:, col + 98] = counts[rows, 24] / 15
        out[:, col + 99] = pip_home[rows, 1] / 15
        out[:, col + 100] = runs[rows] / 6
        # points ahead of the opponent's rearmost checker (its lowest bit on this scale)
        rear = along_own[against]
        ahead = -((rear & -rear) << 1) & _MASK24
        out[:, col + 101] = _popcount(along_theirs[rows] & ahead) / 12
    out[:, 204] = (pips[opp] - pips[me]) / 100
    # contact: an opposing checker on a point below a side's rearmost (highest) checker
    out[:, 205] = ((flipped[opp] & _below_highest(own[me]))
                   | (flipped[me] & _below_highest(own[opp]))) != 0
    out[:, 206] = mover_first
    out[:, 207] = other_first
    for col, rows, against in ((FACING, me, opp), (FACING + 6, opp, me)):
        out[:, col:col + 6] = _facing(counts[rows], along_own[rows], along_theirs[against],
                                      runs[against])
    return out


_SOURCE = Path(__file__).with_name("encoding_kernel.c")
Kernel = Callable[[npt.NDArray[np.uint8], npt.NDArray[np.uint8], Any, Any, np.dtype[Any]],
                  npt.NDArray[Any]]
#: the compiled encoder in use: ``[]`` until the first encoding asks (:func:`use_kernel`).
_KERNEL: list[Kernel | None] = []


_ONE_FLAG = (np.zeros(1, dtype=np.bool_), np.ones(1, dtype=np.bool_))


def _flag(flags: Any, n: int) -> tuple[npt.NDArray[np.bool_], int]:
    """A flag column as bytes for the C and its step: one byte (step 0) when it
    is one value for every row (a bool, or an array of stride 0), else ``n``."""
    if isinstance(flags, (bool, np.bool_)):
        return _ONE_FLAG[bool(flags)], 0
    a = np.asarray(flags, dtype=np.bool_)
    if a.ndim == 0 or (n and a.strides == (0,)):
        return _ONE_FLAG[bool(a.flat[0])], 0
    return np.ascontiguousarray(np.broadcast_to(a, (n,))), 1


def _board_arguments(movers: npt.NDArray[np.uint8], others: npt.NDArray[np.uint8],
                     mover_first: Any, other_first: Any) -> tuple[Any, ...]:
    """The C's first nine arguments (boards, steps, flags) for ``others`` (n,
    13+) facing ``movers`` (n or 1 rows); the arrays they point into are kept
    alive by the tuple.

    Raises:
        ValueError: boards narrower than 13 bytes, or movers neither 1 nor n rows.
    """
    n = len(others)
    others = np.ascontiguousarray(others, dtype=np.uint8)
    movers = np.ascontiguousarray(movers, dtype=np.uint8)
    if others.shape[1] < 13 or movers.shape[1] < 13 or len(movers) not in (1, n):
        raise ValueError(f"boards of 13 bytes or more, movers 1 or {n} rows:"
                         f" {movers.shape}, {others.shape}")
    step = 0 if len(movers) == 1 else movers.shape[1]
    (first, first_step), (second, second_step) = _flag(mover_first, n), _flag(other_first, n)
    return (_Pointer(movers), step, _Pointer(others), others.shape[1], n, _Pointer(first),
            first_step, _Pointer(second), second_step)


class _Pointer(ctypes.c_void_p):
    """A ``c_void_p`` to an array's data that holds the array while the call runs."""

    def __init__(self, array: npt.NDArray[Any]) -> None:
        super().__init__(array.ctypes.data)
        self.array = array


def _load() -> Kernel | None:
    lib = compiled_library(_SOURCE)
    if lib is None:
        return None
    bits = np.ascontiguousarray(_BITS, dtype=np.int64)
    escapes = np.ascontiguousarray(ESCAPES, dtype=np.int64)
    lib.narde_encode_init.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    lib.narde_encode_init.restype = None
    lib.narde_encode_init(bits.ctypes.data, escapes.ctypes.data)
    call = lib.narde_encode
    call.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64,
                     ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p,
                     ctypes.c_int64, ctypes.c_int, ctypes.c_void_p]
    call.restype = None

    def encode_compiled(movers: npt.NDArray[np.uint8], others: npt.NDArray[np.uint8],
                        mover_first: Any, other_first: Any,
                        dtype: np.dtype[Any]) -> npt.NDArray[Any]:
        out = np.empty((len(others), N_INPUTS), dtype=dtype)
        if len(others):
            call(*_board_arguments(movers, others, mover_first, other_first),
                 int(dtype == np.float64), out.ctypes.data)
        return out

    encode_compiled.forward = lib.narde_forward  # type: ignore[attr-defined]
    lib.narde_forward.argtypes = call.argtypes[:-2] + [ctypes.c_void_p] * 4 + [
        ctypes.c_int64, ctypes.c_void_p]
    lib.narde_forward.restype = None
    best = lib.narde_best_turns
    pointers: list[Any] = [ctypes.c_void_p] * 4
    best.argtypes = [ctypes.c_void_p, ctypes.c_int64, *pointers, ctypes.c_int, ctypes.c_void_p,
                     ctypes.c_int, *pointers, ctypes.c_int64, *pointers, ctypes.c_int64,
                     ctypes.c_int, *pointers[:3]]
    best.restype = ctypes.c_int
    encode_compiled.best_turns = best  # type: ignore[attr-defined]
    return encode_compiled


def _kernel() -> Kernel | None:
    if not _KERNEL:
        _KERNEL.append(_load())
    return _KERNEL[0]


_BLOCK = 8  # the C sums hidden units in blocks of eight
_MOST_HIDDEN = 512  # its buffers hold this many


class FusedForward:
    """A network's forward pass fused with the encoding, compiled
    (``encoding_kernel.c``'s ``narde_forward``, decisions V12): the outputs
    (n, 5) float32 of ``forward(encode_raw(...))`` from the boards as bytes,
    without the (n, 220) inputs; the first layer summed over the nonzero
    inputs only, the mover's own columns once per mover.  Equal to numpy's
    float32 product to rounding (about 1e-6).  Built by :func:`fused_forward`.
    """

    def __init__(self, call: Any, params: dict[str, npt.NDArray[Any]],
                 best_turns: Any = None) -> None:
        w1 = np.asarray(params["w1"], dtype=np.float32)
        h, width = w1.shape
        padded = -(-h // _BLOCK) * _BLOCK  # zero units answer tanh(0) = 0 with zero weight
        self._w1t = np.zeros((N_INPUTS, padded), dtype=np.float32)
        self._w1t[:width, :h] = w1.T
        self._b1 = np.zeros(padded, dtype=np.float32)
        self._b1[:h] = params["b1"]
        self._w2 = np.zeros((5, padded), dtype=np.float32)
        self._w2[:, :h] = params["w2"]
        self._b2 = np.ascontiguousarray(params["b2"], dtype=np.float32)
        self._h = padded
        self._call = call
        self._best_turns = best_turns

    def __call__(self, movers: npt.NDArray[np.uint8], others: npt.NDArray[np.uint8],
                 mover_first: Any, other_first: Any) -> npt.NDArray[np.float32]:
        """Outputs (n, 5) float32 for the rows :func:`encode_raw` would encode
        from the same arguments (``movers`` (n, 13+) or (1, 13+)).

        Raises:
            ValueError: boards narrower than 13 bytes, or movers neither 1 nor n rows.
        """
        out = np.empty((len(others), 5), dtype=np.float32)
        if len(others):
            self._call(*_board_arguments(movers, others, mover_first, other_first),
                       *self._layers(), out.ctypes.data)
        return out

    def _layers(self) -> list[int]:
        """The C's ``layers``: the four arrays' addresses and the hidden width."""
        return [self._w1t.ctypes.data, self._b1.ctypes.data, self._w2.ctypes.data,
                self._b2.ctypes.data, self._h]

    def best_turns(self, search: int, me: npt.NDArray[np.uint64], me_first: npt.NDArray[np.bool_],
                   opp: npt.NDArray[np.uint64], opp_first: npt.NDArray[np.bool_],
                   rolls: npt.NDArray[np.int32], koks: bool, prune: FusedForward | None = None,
                   keep: int = 8
                   ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """The best 0-ply turn of each roll of each position, compiled from
        generation to choice (``encoding_kernel.c``'s ``narde_best_turns``;
        what :meth:`~.search.Judge.best_replies` does, docs/decisions.md K1).

        Args:
            search: the address of generation's compiled search
                (:func:`~narde_notation.rules.generation.compiled_rolls_search`).
            me, opp: packed boards as (n, 2) uint64 words (low, high), the
                mover to roll and its opponent.
            me_first, opp_first: their first-turn flags (n,).
            rolls: (n, k, 2) int32, each position's rolls ``(d1, d2)``, ``d1 >= d2``.
            koks: the equity counts koks (R9).
            prune: a pruning network (:mod:`.prune`, docs/decisions.md PR3,
                PR5; its weights on the facing columns zero): of a roll's end
                boards only the ``keep`` (1 to 64) it scores best are valued
                by this network.  None: every board.

        Returns:
            ``(boards, values, status)``: the best end board of each roll
            (uint8 (n, k, 16), the 13 bytes of :func:`raw_boards` then zeros),
            its estimate (float32 (n, k, 5)) from the opponent's side, and each
            position's status (int8 (n,)): 0 done; 1 left to the caller (an
            end board is exact, or the mover is on its first turn, or the game
            is over); -1 the search gave up.  Rows of a position not done are
            undefined.

        Raises:
            MemoryError: the C could not allocate its buffers.
        """
        n, k = rolls.shape[:2]
        boards = np.empty((n, k, 2), dtype=np.uint64)
        values = np.zeros((n, k, 5), dtype=np.float32)
        status = np.empty(n, dtype=np.int8)
        if n:
            arrays = [np.ascontiguousarray(a) for a in (
                me, np.asarray(me_first, dtype=np.bool_), opp,
                np.asarray(opp_first, dtype=np.bool_), np.asarray(rolls, dtype=np.int32))]
            pruner = prune._layers() if prune is not None else [None] * 4 + [0]
            got = self._best_turns(search, n, *(a.ctypes.data for a in arrays[:4]), k,
                                   arrays[4].ctypes.data, int(koks), *self._layers(),
                                   *pruner, keep, boards.ctypes.data, values.ctypes.data,
                                   status.ctypes.data)
            if got < 0:
                raise MemoryError("narde_best_turns could not allocate its buffers")
        return boards.view(np.uint8).reshape(n, k, 16), values, status


def fused_forward(params: dict[str, npt.NDArray[Any]]) -> FusedForward | None:
    """The compiled forward pass of the network with weights ``params``
    (``w1`` (hidden, inputs), ``b1``, ``w2`` (5, hidden), ``b2``; its inputs
    the first columns of this encoding, :data:`PREFIX_OF`), a copy in float32;
    ``None`` when the compiled encoder is off or could not be built, or the
    hidden layer is wider than 512 units (then encode and ``Network.forward``)."""
    kernel = _kernel()
    call = getattr(kernel, "forward", None)
    w1 = params["w1"]
    if call is None or w1.shape[1] > N_INPUTS or w1.shape[0] > _MOST_HIDDEN:
        return None
    return FusedForward(call, params, getattr(kernel, "best_turns", None))


def use_kernel(on: bool) -> bool:
    """Encode compiled when ``on`` and it could be built, else with numpy;
    returns whether the compiled encoder is now in use (tests compare the two)."""
    _KERNEL[:] = [_load() if on else None]
    return _KERNEL[0] is not None
