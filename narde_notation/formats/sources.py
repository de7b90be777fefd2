"""Finding record files: the paths, folders and globs a user names.

Shared by the library (:func:`narde_notation.archive.frames.games_frame` and
friends) and the command-line programs.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pathlib and glob are imported for folders and patterns only
    from pathlib import Path

__all__ = [
    "RECORD_SUFFIXES",
    "STDIN",
    "ExpandedPaths",
    "expand_paths",
    "record_files",
    "special_kind",
]

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
        problems: one message per argument that named nothing readable
            (the CLIs exit 2 for them after checking the rest).
        notices: things passed over inside folders that are worth saying
            (a FIFO or device with a record suffix); not errors.
    """

    files: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)


def special_kind(path: str | Path) -> str | None:
    """``None`` for a regular file (or a link to one, or a path that cannot be
    stat'ed: opening it says why), else what it is (``"a FIFO (named pipe)"``,
    ``"a socket"``, ``"a device"``): reading one could block forever."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # gone or unreadable: opening it reports why
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _folder_files(folder: Path, result: ExpandedPaths) -> list[str]:
    """Record files below ``folder``, sorted; hidden folders and files
    (``.git``, ``.venv``, …) are passed over, broken links reported,
    FIFOs and devices skipped with a notice (reading one could block), a
    subfolder that cannot be read reported.  The walk keeps its own stack
    (a folder nested 1,000 levels deep is no recursion), and a folder reached
    again through a link is not walked twice."""
    found = []
    stack = [os.fspath(folder)]
    walked: set[tuple[int, int]] = set()
    while stack:
        top = stack.pop()
        try:
            info = os.stat(top)
            if (info.st_dev, info.st_ino) in walked:
                continue
            walked.add((info.st_dev, info.st_ino))
            with os.scandir(top) as scan:
                entries = sorted(scan, key=lambda entry: entry.name, reverse=True)
        except OSError as exc:
            result.problems.append(f"{top}: folder not read: {exc.strerror or exc}")
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            path = entry.path
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                stack.append(path)
                continue
            if os.path.splitext(entry.name)[1].lower() not in RECORD_SUFFIXES:
                continue
            if entry.is_symlink() and not os.path.exists(path):
                result.problems.append(f"{path}: a link to nothing")
            elif (kind := special_kind(path)) is not None:
                result.notices.append(f"{path}: skipped, {kind}")
            else:
                found.append(path)
    if not found:
        result.problems.append(
            f"{folder}: no record file ({', '.join('*' + s for s in RECORD_SUFFIXES)}) "
            "in this folder"
        )
    return sorted(found)


def expand_paths(arguments: Iterable[str | os.PathLike[str]]) -> ExpandedPaths:
    """Expand files, folders (recursive ``*.txt``, ``*.mat``, ``*.nrd``), globs and ``-``.

    A file named explicitly is read whatever its suffix; a file reached
    twice (``a/`` and ``a/../a/x.txt``) is read once.  Problem messages
    (the CLIs exit 2 for them after checking the rest): an argument that
    is neither an existing path nor a glob matching something, a folder
    (or pattern) that holds no record file, a named FIFO, socket or device
    (never opened: reading one could block), a broken link inside a folder.
    """
    result = ExpandedPaths()
    seen: set[str] = set()

    def add(name: str) -> None:
        key = name if name == STDIN else os.path.realpath(name)
        if key not in seen:
            seen.add(key)
            result.files.append(name)

    for raw in arguments:
        arg = os.fspath(raw)
        if arg == STDIN:
            add(STDIN)
            continue
        if os.path.isfile(arg):  # a regular file (or a link to one), as below: no pathlib
            add(arg)
            continue
        import glob
        from pathlib import Path

        path = Path(arg)
        if path.is_dir():
            for name in _folder_files(path, result):
                add(name)
        elif path.exists():
            if (kind := special_kind(arg)) is not None:
                result.problems.append(f"{arg}: not read: {kind}")
            else:
                add(arg)
        elif glob.has_magic(arg):
            matches = sorted(glob.glob(arg, recursive=True))
            if not matches:
                result.problems.append(f"{arg}: no file matches this pattern")
            for match in matches:
                if os.path.isdir(match):
                    for name in _folder_files(Path(match), result):
                        add(name)
                elif (kind := special_kind(match)) is not None:
                    result.problems.append(f"{match}: not read: {kind}")
                else:
                    add(match)
        else:
            result.problems.append(f"{arg}: no such file or folder")
    return result


def record_files(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> list[str]:
    """The files of :func:`expand_paths` for library callers, or an error.

    Raises:
        FileNotFoundError: an argument names no file, folder or matching glob;
            its ``filename`` is that argument.
    """
    if isinstance(paths, str | os.PathLike):
        paths = [paths]
    expanded = expand_paths(paths)
    if expanded.problems:
        name, _, reason = expanded.problems[0].partition(": ")
        raise FileNotFoundError(2, reason, name)
    return expanded.files
