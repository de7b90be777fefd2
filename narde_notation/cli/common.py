"""Helpers shared by the command-line programs: finding the record files."""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["RECORD_SUFFIXES", "STDIN", "ExpandedPaths", "expand_paths"]

#: Files a folder argument contributes (searched recursively).
RECORD_SUFFIXES = (".txt", ".mat", ".nrd")
#: The argument that means standard input.
STDIN = "-"


@dataclass
class ExpandedPaths:
    """The record files named by command-line arguments.

    Attributes:
        files: paths in argument order (folders expanded in sorted order),
            each once; ``"-"`` for standard input.
        problems: one message per argument that named nothing readable.
    """

    files: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _folder_files(folder: Path) -> list[str]:
    found = [
        str(p)
        for p in folder.rglob("*")
        if p.is_file() and p.suffix.lower() in RECORD_SUFFIXES
    ]
    return sorted(found)


def expand_paths(arguments: Iterable[str]) -> ExpandedPaths:
    """Expand files, folders (recursive ``*.txt``, ``*.mat``, ``*.nrd``), globs and ``-``.

    A file named explicitly is read whatever its suffix.  An argument that is
    neither an existing path nor a glob matching something becomes a
    problem message (the CLIs exit 2 for it after checking the rest).
    """
    result = ExpandedPaths()
    seen: set[str] = set()

    def add(name: str) -> None:
        if name not in seen:
            seen.add(name)
            result.files.append(name)

    for arg in arguments:
        if arg == STDIN:
            add(STDIN)
            continue
        path = Path(arg)
        if path.is_dir():
            for name in _folder_files(path):
                add(name)
        elif path.exists():
            add(arg)
        elif glob.has_magic(arg):
            matches = sorted(glob.glob(arg, recursive=True))
            if not matches:
                result.problems.append(f"{arg}: no file matches this pattern")
            for match in matches:
                if os.path.isdir(match):
                    for name in _folder_files(Path(match)):
                        add(name)
                else:
                    add(match)
        else:
            result.problems.append(f"{arg}: no such file or folder")
    return result
