"""Where the shared corpus lies: ``../shared/corpus`` beside the clone, or the
copy of its core that travels with the project (tests/data, packed by
``tests/data/pack_shared.py``).

``NARDE_SHARED`` in the environment names another shared folder (a worktree
whose ``../shared`` is elsewhere). Without a shared folder, the two packed files
are unpacked once per test run into a temporary folder laid out like ``shared/``
(``corpus/positions.jsonl``, ``corpus/games``, ... ``spec/rules.md``), so every
test reads the same paths either way; only ``corpus/archive`` and
``corpus/realworld-mat`` are missing then (:data:`BUNDLED` is true).
"""

from __future__ import annotations

import atexit
import gzip
import importlib.util
import json
import os
import shutil
import sys
import tarfile
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

DATA = Path(__file__).resolve().parent / "data"
PACKED_POSITIONS = DATA / "corpus-positions.jsonl.gz"
PACKED_RECORDS = DATA / "corpus-records.tar.gz"

#: ../shared beside the clone (or $NARDE_SHARED), present or not
SHARED_BESIDE = Path(os.environ.get("NARDE_SHARED")
                     or Path(__file__).resolve().parents[1].parent / "shared")


def _unpack() -> Path:
    """The packed corpus unpacked into a fresh temporary folder (removed at exit)."""
    root = Path(tempfile.mkdtemp(prefix="narde-shared-"))
    atexit.register(shutil.rmtree, root, True)
    (root / "corpus").mkdir()
    (root / "corpus" / "positions.jsonl").write_bytes(
        gzip.decompress(PACKED_POSITIONS.read_bytes()))
    with tarfile.open(PACKED_RECORDS, "r:gz") as tar:
        for member in tar.getmembers():  # plain files with relative names only
            assert member.isfile() and not Path(member.name).is_absolute() \
                and ".." not in Path(member.name).parts, member.name
            target = root / member.name
            target.parent.mkdir(parents=True, exist_ok=True)
            source = tar.extractfile(member)
            assert source is not None
            target.write_bytes(source.read())
    return root


#: true when the tests read the packed copy (no shared folder beside the clone)
BUNDLED = not (SHARED_BESIDE / "corpus").is_dir()
SHARED = _unpack() if BUNDLED else SHARED_BESIDE
CORPUS = SHARED / "corpus"
SPEC = SHARED / "spec"


def need_corpus() -> Path:
    """The corpus folder, or skip the test when it is absent."""
    if not CORPUS.is_dir():
        pytest.skip(f"shared corpus not found at {CORPUS}")
    return CORPUS


def need_shared_only(name: str) -> Path:
    """``corpus/<name>`` (archive, realworld-mat: not packed), or skip the test."""
    path = CORPUS / name
    if not path.is_dir():
        pytest.skip(f"corpus/{name} is not packed with the project; it lies in "
                    f"../shared only (not found at {SHARED_BESIDE})")
    return path


def expected_lines() -> list[dict[str, Any]]:
    """The lines of expected.jsonl (empty when the corpus is absent)."""
    path = CORPUS / "expected.jsonl"
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def load_module(path: Path, name: str | None = None) -> ModuleType:
    """The module of a Python file outside the package (a benchmark's script,
    ``tests/data/pack_shared.py``, ``docs/conf.py``), imported by its path and
    entered in :data:`sys.modules` as ``name`` (default: the file's stem), so
    its dataclasses and pickles find it."""
    name = name or path.stem
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
