"""Lark's on-disk parser cache: written once, used by the next process, and
silently skipped where the cache folder cannot be made (docs/decisions.md F7)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import narde_notation
from narde_notation.formats.grammar import grammar_folder

SCRIPT = ("from narde_notation.formats.reader import parse_games\n"
          "mat = ' 1 point match\\n  1) 65: 24/18 18/13\\n'\n"
          "native = '1. 65: 24/18 18/13\\n*\\n'\n"
          "print(sum(len(g.half_turns) for text in (mat, native) for g in parse_games(text)))\n")


def run(cache: Path) -> str:
    env = dict(os.environ, NARDE_CACHE_DIR=str(cache))
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                          text=True, check=True)
    assert done.stderr == ""
    return done.stdout.strip()


def test_cache_written_then_used(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert run(cache) == "2"
    names = sorted(p.name for p in cache.iterdir())
    # Lark's parsers, and each grammar's terminals' patterns (decisions PL1)
    assert [name.split("-")[:2] for name in names] == [
        ["mat", "terminals"], ["mat", "v2"], ["native", "terminals"], ["native", "v2"]]
    stamps = {p: p.stat().st_mtime_ns for p in cache.iterdir()}
    assert run(cache) == "2"  # read from the cache: not written again
    assert {p: p.stat().st_mtime_ns for p in cache.iterdir()} == stamps


def test_unwritable_cache_is_skipped_silently(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert run(blocker / "cache") == "2"  # cannot be a folder: no cache, same result


def test_grammar_files_are_found_installed_or_in_the_source_tree() -> None:
    # an installed wheel carries them as narde_notation/grammar; a source tree
    # (editable install) keeps them in the top-level grammar/ beside the package
    folder = grammar_folder()
    package = Path(narde_notation.__file__).parent
    assert folder in (package / "grammar", package.parent / "grammar")
    assert not folder.is_symlink()
    assert sorted(p.name for p in folder.glob("*.lark")) == ["mat.lark", "native.lark",
                                                              "terms.lark"]
