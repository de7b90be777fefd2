"""A damaged compiled helper in the cache is never loaded (issue 25): cut
short (mapping it killed the process with SIGBUS), foreign, a FIFO or a
folder in its place; it is rebuilt, or the Python code runs.

Each case runs in a fresh interpreter (a crash or a hang there fails the
test instead of killing the run) on a one-function C file whose answer (42)
is known by construction."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    shutil.which(os.environ.get("CC", "cc")) is None or sys.platform == "win32"
    or not hasattr(os, "mkfifo"), reason="needs a C compiler and FIFOs")

SOURCE = "int answer(void) { return 42; }\n"
FOREIGN = "int other(void) { return 7; }\n"
PROGRAM = """
import sys
from pathlib import Path
from narde_notation.rules.compiled import library
lib = library(Path(sys.argv[1]))
print("python" if lib is None else lib.answer())
"""


def _run(source: Path, cache: Path) -> str:
    env = {**os.environ, "NARDE_CACHE_DIR": str(cache)}
    env.pop("NARDE_PURE_PYTHON", None)
    done = subprocess.run([sys.executable, "-c", PROGRAM, str(source)], env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def _built(tmp_path: Path) -> tuple[Path, Path, Path]:
    source = tmp_path / "helper.c"
    source.write_text(SOURCE)
    cache = tmp_path / "cache"
    assert _run(source, cache) == "42"
    (target,) = cache.glob("helper-*.so")
    return source, cache, target


def test_a_build_writes_a_stamp_of_its_bytes(tmp_path: Path) -> None:
    import hashlib

    _, _, target = _built(tmp_path)
    stamp = target.with_suffix(".sha256")
    assert stamp.read_text().strip() == hashlib.sha256(target.read_bytes()).hexdigest()


def test_a_library_cut_short_is_rebuilt(tmp_path: Path) -> None:
    source, cache, target = _built(tmp_path)
    size = target.stat().st_size
    with target.open("r+b") as handle:
        handle.truncate(size // 3)
    assert _run(source, cache) == "42"
    assert target.stat().st_size == size


def test_a_foreign_library_is_rebuilt(tmp_path: Path) -> None:
    source, cache, target = _built(tmp_path)
    other = tmp_path / "other.c"
    other.write_text(FOREIGN)
    subprocess.run(["cc", "-shared", "-fPIC", "-o", str(target), str(other)], check=True)
    assert _run(source, cache) == "42"


def test_a_fifo_in_place_of_the_library_never_hangs(tmp_path: Path) -> None:
    source, cache, target = _built(tmp_path)
    target.unlink()
    os.mkfifo(target)
    assert _run(source, cache) == "42"  # within the timeout: rebuilt over the FIFO
    # a FIFO in place of the stamp, too
    stamp = target.with_suffix(".sha256")
    stamp.unlink()
    os.mkfifo(stamp)
    assert _run(source, cache) == "42"


def test_a_folder_in_place_of_the_library_falls_back_to_python(tmp_path: Path) -> None:
    source, cache, target = _built(tmp_path)
    target.unlink()
    target.mkdir()
    (target / "x").write_text("")
    assert _run(source, cache) == "python"


def test_a_fifo_in_place_of_a_grammar_cache_never_hangs(tmp_path: Path) -> None:
    # Lark's parser cache lives in the same folder: a FIFO there is passed by
    cache = tmp_path / "cache"
    code = ("from narde_notation.formats.reader import parse_games; "
            "print(len(list(parse_games('1. 65: 24/18 18/13\\n'))), "
            "len(list(parse_games(' 1 point match\\n\\n Game 1\\n A : 0   B : 0\\n'))))")
    env = {**os.environ, "NARDE_CACHE_DIR": str(cache)}
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, timeout=120, check=True)
    grammars = list(cache.glob("*.cache"))
    assert len(grammars) == 2  # native and mat
    for path in grammars:
        path.unlink()
        os.mkfifo(path)
    again = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, timeout=60, check=True)
    assert again.stdout == first.stdout == "1 1\n"
