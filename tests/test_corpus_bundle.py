"""The corpus that travels with the project (tests/data, made by
``tests/data/pack_shared.py``) is the shared one: the counts the corpus's own
README gives, and, where ``../shared`` lies beside the clone, the same bytes."""

from __future__ import annotations

import gzip
import json
import tarfile
from types import ModuleType

from corpus import (
    BUNDLED,
    CORPUS,
    DATA,
    PACKED_POSITIONS,
    PACKED_RECORDS,
    SHARED_BESIDE,
    load_module,
)


def _pack_shared() -> ModuleType:
    return load_module(DATA / "pack_shared.py")


def _files(folder: str, suffix: str) -> int:
    return sum(1 for p in (CORPUS / folder).rglob(f"*{suffix}") if p.is_file())


def test_the_corpus_holds_what_its_readme_counts() -> None:
    # shared/corpus/README.md, "What is here": 1678 cases; games/legal 73 files,
    # games/illegal 116, mat/ 16, syntax/ 28, bugs/ 16; expected.jsonl 249 lines
    lines = (CORPUS / "positions.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1678
    assert {"id", "position", "dice", "rules", "max_dice", "finals"} <= set(json.loads(lines[0]))
    assert [_files("games/legal", ".txt"), _files("games/illegal", ".txt"),
            _files("mat", ".mat"), len(list((CORPUS / "syntax").iterdir())),
            len(list((CORPUS / "bugs").iterdir()))] == [73, 116, 16, 28, 16]
    assert len((CORPUS / "expected.jsonl").read_text(encoding="utf-8").splitlines()) == 249
    if BUNDLED:
        return
    # ../shared is here: the packed files hold its bytes, every file of the packed
    # folders and no other (tests/data/pack_shared.py --shared ... rewrites them)
    assert gzip.decompress(PACKED_POSITIONS.read_bytes()) == \
        (SHARED_BESIDE / "corpus" / "positions.jsonl").read_bytes()
    with tarfile.open(PACKED_RECORDS, "r:gz") as tar:
        packed = {m.name: tar.extractfile(m).read()  # type: ignore[union-attr]
                  for m in tar.getmembers()}
    names = _pack_shared().record_files(SHARED_BESIDE)
    assert sorted(packed) == names
    for name in names:
        assert packed[name] == (SHARED_BESIDE / name).read_bytes(), name


def test_a_bare_clone_unpacks_the_packed_corpus_where_shared_would_be() -> None:
    # the same relative paths whether ../shared is here or not
    assert CORPUS.name == "corpus" and (CORPUS.parent / "spec" / "rules.md").is_file()
    assert BUNDLED is not (SHARED_BESIDE / "corpus").is_dir()
    assert BUNDLED is not (CORPUS / "realworld-mat").is_dir()
