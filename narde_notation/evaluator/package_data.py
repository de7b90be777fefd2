"""Reading the evaluator's arrays files (``.npz``: the shipped weights and
bear-off tables, their cached copies, training checkpoints) so that a damaged
file is one clear :class:`ValueError`, never a traceback from deep inside
numpy or zipfile (decisions R7)."""

from __future__ import annotations

import os
import stat
import zipfile
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["read_arrays"]


def read_arrays(path: Path | str) -> dict[str, npt.NDArray[Any]]:
    """Every array of an ``.npz`` file, read whole (checksums checked).

    Raises:
        FileNotFoundError: there is no such file.
        ValueError: the file is damaged (cut short, bytes changed, empty), is
            no ``.npz`` file, or is not a regular file (a FIFO is not opened);
            the message names the file and what is wrong.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ValueError(f"{path}: not a regular file")
        with np.load(path, allow_pickle=False) as data:
            return {name: data[name] for name in data.files}
    except FileNotFoundError:
        raise
    except (OSError, EOFError, zipfile.BadZipFile, zlib.error, KeyError, ValueError) as exc:
        if isinstance(exc, ValueError) and str(exc).startswith(f"{path}:"):
            raise
        reason = str(exc) or type(exc).__name__
        if "allow_pickle" in reason:  # numpy's advice to load it unsafely is not ours
            reason = "numpy takes it for pickled Python objects, which are never loaded"
        raise ValueError(f"{path}: damaged or not an arrays file ({reason})") from exc
