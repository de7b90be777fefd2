"""The optional compiled search behind :func:`~narde_notation.rules.generation.generate`.

``generation_kernel.c`` (next to this file) is the same breadth-first search
as the Python one, in the same order, with :func:`~narde_notation.rules.step.step`
transcribed; the tables of the rule (``FACING``, ``UNDER``, ``NEAR``,
``ABOVE``, the R6 neighbours, ``FLIP``) are handed to it from
:mod:`narde_notation.rules.step`, so they exist once.  On first use it is
compiled with the C compiler (``$CC``, else ``cc``) into the cache folder
(:func:`narde_notation.formats.grammar.cache_folder`), keyed by a hash of its
source; without a compiler, a writable folder or a 64-bit platform with
128-bit integers, or with ``NARDE_PURE_PYTHON=1`` in the environment,
:func:`kernel` is ``None`` and the Python search runs (the same results:
tests/rules/test_generation_kernel.py).  docs/decisions.md E12.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from narde_notation.formats.grammar import cache_folder
from narde_notation.model.side import FLIP
from narde_notation.rules import step as rule

__all__ = ["KernelResult", "Search", "kernel"]

_SOURCE = Path(__file__).with_name("generation_kernel.c")
#: end boards a call may return (a double's layer has some thousands at most)
CAP = 1 << 15
_MASK64 = (1 << 64) - 1
#: ``(max_dice, single_die, words)``, three words per end board in the order
#: found: its low and high 64 bits, its steps (one ``point | die << 8`` per 16
#: bits, the first played lowest); ``None`` when the search gave up (more than
#: :data:`CAP` boards): then run the Python one.
KernelResult = tuple[int, int, list[int]] | None
#: ``search(me, opp, d1, d2, floor)`` (:func:`kernel`).
Search = Callable[[int, int, int, int, int], KernelResult]


def _tables() -> tuple[ctypes.Array[ctypes.c_uint64], ctypes.Array[ctypes.c_int32]]:
    sizes = (len(rule.FACING), len(rule.UNDER), len(rule.NEAR), len(rule.ABOVE))
    if sizes != (26, 26, 25, 25) or len(rule.R6_BELOW) != 25 or len(rule.R6_BEYOND) != 25:
        raise RuntimeError(f"step.py's tables changed size {sizes}: generation_kernel.c"
                           " reads them by position")
    values: list[int] = [*rule.FACING, *rule.UNDER, *rule.NEAR, *rule.ABOVE]
    for rows in (rule.R6_BELOW, rule.R6_BEYOND):
        for masks in rows:
            values += [*masks, *(0,) * (6 - len(masks))]
    flat = (ctypes.c_uint64 * (2 * len(values)))()
    for i, v in enumerate(values):
        flat[2 * i], flat[2 * i + 1] = v & _MASK64, v >> 64
    return flat, (ctypes.c_int32 * 25)(0, *FLIP[1:25])


def _build() -> ctypes.CDLL | None:
    if os.environ.get("NARDE_PURE_PYTHON") or ctypes.sizeof(ctypes.c_void_p) != 8:
        return None
    folder = cache_folder()
    if folder is None:
        return None
    source = _SOURCE.read_bytes()
    target = Path(folder, f"generation-{hashlib.sha256(source).hexdigest()[:16]}.so")
    if not target.exists():
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".so")
        os.close(fd)
        try:
            subprocess.run([os.environ.get("CC", "cc"), "-O2", "-shared", "-fPIC", "-o", tmp,
                            str(_SOURCE)], check=True, capture_output=True, timeout=120)
            os.replace(tmp, target)
        except (OSError, subprocess.SubprocessError):
            return None
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    try:
        lib = ctypes.CDLL(str(target))
    except OSError:
        return None
    lib.narde_init.argtypes = [ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int32)]
    lib.narde_init.restype = None
    lib.narde_generate.restype = ctypes.c_int
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
        n = call(me & _MASK64, me >> 64, opp & _MASK64, opp >> 64, d1, d2, floor, CAP, *refs)
        if n < 0:
            return None
        return max_dice.value, single_die.value, words[:3 * n].tolist()

    return search


_STATE: list[Search | None] = []


def kernel() -> Search | None:
    """The compiled search ``search(me, opp, d1, d2, floor)``, or ``None`` (module docstring).

    Built on the first call (a compile of about a second), then kept."""
    if not _STATE:
        lib = _build()
        _STATE.append(None if lib is None else _searcher(lib))
    return _STATE[0]
