"""Files written whole or not at all: the one place the package writes a
file atomically (a temporary file in the same folder, then ``os.replace``).

Below every pipeline stage (like :mod:`narde_notation._lazy`): the
evaluator's weights and bear-off tables and the rules' compiled library
all write through :func:`atomic_write`.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

__all__ = ["atomic_write"]


@contextlib.contextmanager
def atomic_write(path: Path, *, suffix: str = ".tmp", mode: int | None = None
                 ) -> Iterator[tuple[BinaryIO, Path]]:
    """Write ``path`` whole or not at all: yields ``(file, temporary path)``,
    a binary file open on a temporary file in ``path``'s folder (created if
    missing), which replaces ``path`` when the block ends without an error.

    ``mode`` (e.g. ``0o644``) is given to the file before it replaces
    ``path``; without it the file keeps :func:`tempfile.mkstemp`'s 0600.
    On any error (``KeyboardInterrupt`` included) the temporary file is
    removed and ``path`` is left as it was.

    Raises:
        OSError: the folder cannot be created or written, or the file cannot
            replace ``path``.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=path.parent, suffix=suffix)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh, tmp
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
