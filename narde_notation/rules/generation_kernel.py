"""The optional compiled search behind :func:`~narde_notation.rules.generation.generate`.

``generation_kernel.c`` (next to this file) is the same breadth-first search
as the Python one, in the same order, with :func:`~narde_notation.rules.step.step`
transcribed; the tables of the rule (``FACING``, ``UNDER``, ``NEAR``,
``ABOVE``, the R6 neighbours, ``FLIP``) are handed to it from
:mod:`narde_notation.rules.step`, so they exist once.  On first use it is
compiled into the cache folder (:func:`narde_notation.rules.compiled.library`);
without a compiler, a writable folder or a 64-bit platform with
128-bit integers, or with ``NARDE_PURE_PYTHON=1`` in the environment,
:func:`kernel` is ``None`` and the Python search runs (the same results:
tests/rules/test_generation_kernel.py).  docs/decisions.md E12.
"""

from __future__ import annotations

import array
import ctypes
import itertools
import operator
from collections.abc import Callable, Iterable
from pathlib import Path

from narde_notation.model import FLIP
from narde_notation.rules import step as rule
from narde_notation.rules.compiled import library

__all__ = ["KernelResult", "QuickTurns", "RollsResult", "RollsSearch", "Search", "kernel",
           "packed_words", "quick_turns_kernel", "rolls_address", "rolls_kernel"]

_SOURCE = Path(__file__).with_name("generation_kernel.c")
#: end boards a call may return (a double's layer has some thousands at most)
CAP = 1 << 15
_MASK64 = (1 << 64) - 1


def packed_words(boards: Iterable[int]) -> list[int]:
    """The packed boards (Python ints, 0 <= board < 2**128, see :mod:`.packed`)
    split as generation_kernel.c takes them: a flat list of ``2 * len(boards)``
    unsigned 64-bit words (ints), each board's low 64 bits then its high 64.

    This is the calling convention of the compiled search (each board is two
    ``uint64_t`` arguments or array slots); ``numpy.array(words, dtype=numpy.uint64)
    .reshape(-1, 2)`` gives the ``(n, 2)`` array form.  A board of 2**128 or more
    gives a high word too large for 64 bits (ctypes and numpy then raise
    ``OverflowError``)."""
    return [w for b in boards for w in (b & _MASK64, b >> 64)]
#: ``(max_dice, single_die, words)``, three words per end board in the order
#: found: its low and high 64 bits, its steps (one ``point | die << 8`` per 16
#: bits, the first played lowest); ``None`` when the search gave up (more than
#: :data:`CAP` boards): then run the Python one.
KernelResult = tuple[int, int, list[int]] | None
#: ``search(me, opp, d1, d2, floor)`` (:func:`kernel`).
Search = Callable[[int, int, int, int, int], KernelResult]
#: ``(boards, rows, counts)`` of several rolls (:func:`rolls_kernel`): the
#: distinct end boards, 16 little-endian bytes each (the packed board's low 13
#: and 3 zero bytes) in order of first appearance; each roll's end boards in
#: turn, in :data:`Search`'s order, as their rows among those (int32, 4
#: bytes each, the machine's order); how many end boards each roll has.  ``None``
#: when the search gave up (more than :data:`CAP` boards).
RollsResult = tuple[bytes, bytes, list[int]] | None
#: ``search_rolls(me, opp, rolls)``, ``rolls`` a list of ``(d1, d2, floor)`` (:func:`rolls_kernel`).
RollsSearch = Callable[[int, int, list[tuple[int, int, int]]], RollsResult]


#: ``quick_turns(w, b, wfirst, bfirst, flags, turns)`` (:func:`quick_turns_kernel`):
#: the end boards of the leading half-turns of ``turns`` that the quick reading
#: shows legal (R7 by the compiled search); ``flags`` and ``turns`` as
#: :func:`narde_notation.rules.turn_check.quick_turns` writes them.
QuickTurns = Callable[[int, int, bool, bool, int, list[int]], list[int]]
#: half-turns read in one call at most (a longer game: the replay calls again)
_TURNS = 4096


def _tables() -> tuple[ctypes.Array[ctypes.c_uint64], ctypes.Array[ctypes.c_int32]]:
    sizes = (len(rule.FACING), len(rule.UNDER), len(rule.NEAR), len(rule.ABOVE))
    if sizes != (26, 26, 25, 25) or len(rule.R6_BELOW) != 25 or len(rule.R6_BEYOND) != 25:
        raise RuntimeError(f"step.py's tables changed size {sizes}: generation_kernel.c"
                           " reads them by position")
    values: list[int] = [*rule.FACING, *rule.UNDER, *rule.NEAR, *rule.ABOVE]
    for rows in (rule.R6_BELOW, rule.R6_BEYOND):
        for masks in rows:
            values += [*masks, *(0,) * (6 - len(masks))]
    flat = (ctypes.c_uint64 * (2 * len(values)))(*packed_words(values))
    return flat, (ctypes.c_int32 * 25)(0, *FLIP[1:25])


def _build() -> ctypes.CDLL | None:
    lib = library(_SOURCE)
    if lib is None:
        return None
    lib.narde_init.argtypes = [ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int32)]
    lib.narde_init.restype = None
    lib.narde_generate.restype = ctypes.c_int
    lib.narde_generate_rolls.restype = ctypes.c_int
    lib.narde_quick_turns.restype = ctypes.c_int
    lib.narde_init(*_tables())
    return lib


def _searcher(lib: ctypes.CDLL) -> Search:
    out = (ctypes.c_uint64 * (3 * CAP))()
    words = memoryview(out).cast("B").cast("Q")
    max_dice, single_die = ctypes.c_int32(), ctypes.c_int32()
    call = lib.narde_generate
    call.argtypes = [ctypes.c_uint64] * 4 + [ctypes.c_int] * 4 + [ctypes.c_void_p] * 3
    refs = (ctypes.addressof(out), ctypes.addressof(max_dice), ctypes.addressof(single_die))

    def search(me: int, opp: int, d1: int, d2: int, floor: int) -> KernelResult:
        """R7's answer of a roll under the per-step R6 check (not end-of-turn-block)."""
        n = call(*packed_words((me, opp)), d1, d2, floor, CAP, *refs)
        if n < 0:
            return None
        return max_dice.value, single_die.value, words[:3 * n].tolist()

    return search


def _rolls_searcher(lib: ctypes.CDLL) -> RollsSearch:
    boards = (ctypes.c_uint64 * (2 * CAP))()
    rows = (ctypes.c_int32 * CAP)()
    counts = (ctypes.c_int32 * 64)()
    call = lib.narde_generate_rolls
    call.argtypes = [ctypes.c_uint64, ctypes.c_uint64, ctypes.c_uint64, ctypes.c_uint64,
                     ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p,
                     ctypes.c_void_p, ctypes.c_void_p]
    refs = (ctypes.addressof(boards), ctypes.addressof(rows), ctypes.addressof(counts))

    def search_rolls(me: int, opp: int, rolls: list[tuple[int, int, int]]) -> RollsResult:
        """The end boards of each of ``rolls`` ``(d1, d2, floor)`` (at most 64) under
        the per-step R6 check, the distinct ones once (:data:`RollsResult`)."""
        k = len(rolls)
        if k > len(counts):
            raise ValueError(f"at most {len(counts)} rolls at once, not {k}")
        spec = (ctypes.c_int32 * (3 * k))(*[v for roll in rolls for v in roll])
        n = call(*packed_words((me, opp)), k, spec, CAP, *refs)
        if n < 0:
            return None
        got = counts[:k]
        return (ctypes.string_at(boards, 16 * n), ctypes.string_at(rows, 4 * sum(got)), got)

    return search_rolls


def _quick_turner(lib: ctypes.CDLL) -> QuickTurns:
    out = (ctypes.c_uint64 * (2 * _TURNS))()
    words = memoryview(out).cast("B").cast("Q")
    call = lib.narde_quick_turns
    call.argtypes = [ctypes.c_uint64] * 4 + [ctypes.c_int] * 3 + [ctypes.c_void_p, ctypes.c_int,
                                                                  ctypes.c_void_p]
    call.restype = ctypes.c_int
    address = ctypes.addressof(out)
    sixty_fours = itertools.repeat(64)

    def quick_turns(w: int, b: int, wfirst: bool, bfirst: bool, flags: int,
                    turns: list[int]) -> list[int]:
        """White's and Black's boards and first-turn flags, the rules' flags,
        then one word per half-turn as ``narde_quick_turns`` (generation_kernel.c)
        reads it."""
        spec = array.array("Q", turns[:_TURNS])
        n = call(*packed_words((w, b)), wfirst, bfirst, flags,
                 spec.buffer_info()[0], len(spec), address)
        got = words[:2 * n].tolist()
        return list(map(operator.or_, got[0::2], map(operator.lshift, got[1::2], sixty_fours)))

    return quick_turns


_LIB: list[ctypes.CDLL | None] = []
_STATE: list[Search | None] = []
_ROLLS: list[RollsSearch | None] = []


def _lib() -> ctypes.CDLL | None:
    if not _LIB:
        _LIB.append(_build())
    return _LIB[0]


def kernel() -> Search | None:
    """The compiled search ``search(me, opp, d1, d2, floor)``, or ``None`` (module docstring).

    Built on the first call (a compile of about a second), then kept."""
    if not _STATE:
        lib = _lib()
        _STATE.append(None if lib is None else _searcher(lib))
    return _STATE[0]


def rolls_kernel() -> RollsSearch | None:
    """The compiled search of several rolls of one position at once,
    ``search_rolls(me, opp, rolls)`` (:data:`RollsResult`), or ``None`` as
    :func:`kernel`."""
    if not _ROLLS:
        lib = _lib()
        _ROLLS.append(None if lib is None else _rolls_searcher(lib))
    return _ROLLS[0]


def rolls_address() -> int | None:
    """The address of ``narde_generate_rolls`` (the search of :func:`rolls_kernel`,
    its tables set), for a compiled caller in another source; ``None`` as :func:`kernel`."""
    lib = _lib()
    return None if lib is None else ctypes.cast(lib.narde_generate_rolls, ctypes.c_void_p).value


_QUICK: list[QuickTurns | None] = []


def quick_turns_kernel() -> QuickTurns | None:
    """The compiled quick reading of consecutive half-turns (:data:`QuickTurns`;
    :func:`narde_notation.rules.turn_check.quick_turns` uses it), or ``None`` as
    :func:`kernel`."""
    if not _QUICK:
        lib = _lib()
        _QUICK.append(None if lib is None else _quick_turner(lib))
    return _QUICK[0]
