"""Optional compiled helpers: a C source beside a module, built on first use.

The rules engine and the evaluator each have one C file that speeds up a
step the Python code also does (decisions E19, V11): the same answers, the
Python form the reference and the fallback.  :func:`library` compiles a
source with the C compiler (``$CC``, else ``cc``) into the cache folder
(:func:`narde_notation.formats.grammar.cache_folder`), the file named by a
hash of the source, and loads it with ctypes.  Without a compiler, a
writable folder or a 64-bit little-endian platform, or with ``NARDE_PURE_PYTHON=1`` in
the environment, it is ``None`` and the Python code runs.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from narde_notation.formats.grammar import cache_folder

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
    if not target.exists():
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".so")
        os.close(fd)
        try:
            subprocess.run([os.environ.get("CC", "cc"), "-O2", "-shared", "-fPIC", "-o", tmp,
                            str(source)], check=True, capture_output=True, timeout=120)
            os.replace(tmp, target)
        except (OSError, subprocess.SubprocessError):
            return None
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    try:
        return ctypes.CDLL(str(target))
    except OSError:
        return None
