"""Optional compiled helpers: a C source beside a module, built on first use.

The rules engine and the evaluator each have one C file that speeds up a
step the Python code also does (decisions E19, V11): the same answers, the
Python form the reference and the fallback.  :func:`library` compiles a
source with the C compiler (``$CC``, else ``cc``) into the cache folder
(:func:`narde_notation.formats.grammar.cache_folder`), the file named by a
hash of the source, and loads it with ctypes.  Without a compiler, a
writable folder or a 64-bit little-endian platform, or with ``NARDE_PURE_PYTHON=1`` in
the environment, it is ``None`` and the Python code runs.

A build writes a stamp beside the library (``.sha256``: the hash of the
library's bytes).  Before loading, the cached file must be a regular file
whose bytes have that hash: a file cut short (which would kill the process
with SIGBUS when mapped), a foreign library, a FIFO or a directory in its
place is rebuilt, or the Python code runs (decisions R6).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import stat
import sys
from pathlib import Path

from narde_notation._files import atomic_write
from narde_notation.formats import cache_folder

__all__ = ["library"]

_LOADED: dict[Path, ctypes.CDLL | None] = {}


def library(source: Path) -> ctypes.CDLL | None:
    """The shared library built from C file ``source``, or ``None`` (module
    docstring).  Built once (a compile of about a second, an atomic rename
    into place), then kept for the process."""
    if source not in _LOADED:
        _LOADED[source] = _build(source)
    return _LOADED[source]


def _build(source: Path) -> ctypes.CDLL | None:
    if (os.environ.get("NARDE_PURE_PYTHON") or ctypes.sizeof(ctypes.c_void_p) != 8
            or sys.byteorder != "little"):  # the C writes boards as little-endian words
        return None
    folder = cache_folder()
    if folder is None:
        return None
    text = source.read_bytes()
    target = Path(folder, f"{source.stem}-{hashlib.sha256(text).hexdigest()[:16]}.so")
    stamp = target.with_suffix(".sha256")
    if not _verified(target, stamp) and not _compile(source, target, stamp):
        return None
    try:
        return ctypes.CDLL(str(target))
    except OSError:
        return None


def _digest(path: Path) -> str | None:
    """The SHA-256 of a regular file's bytes; ``None`` for anything else (a
    FIFO is never opened: reading one would wait for a writer)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _verified(target: Path, stamp: Path) -> bool:
    """``target`` is the library its build stamped (a regular file, same bytes)."""
    written = _digest(stamp)  # the stamp must be a regular file too
    if written is None:
        return False
    try:
        expected = stamp.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return False
    return bool(expected) and _digest(target) == expected


def _compile(source: Path, target: Path, stamp: Path) -> bool:
    """Build ``source`` into ``target`` (replacing whatever stands there) and
    write its stamp; ``False`` when it cannot (the Python code then runs).
    (``subprocess`` is imported here: a process that finds the library built
    never loads it.)"""
    import subprocess

    try:
        with atomic_write(target, suffix=".so") as (library_file, tmp):
            library_file.close()  # the compiler writes it
            subprocess.run([os.environ.get("CC", "cc"), "-O2", "-shared", "-fPIC", "-o",
                            str(tmp), str(source)], check=True, capture_output=True, timeout=120)
            digest = _digest(tmp)
            if digest is None:
                raise OSError(f"{tmp} is not a regular file")
            # a stamp ahead of its library only fails to verify
            with atomic_write(stamp, suffix=".sha256") as (stamp_file, _):
                stamp_file.write(f"{digest}\n".encode("ascii"))
    except (OSError, subprocess.SubprocessError):
        return False
    return _verified(target, stamp)
