"""Pack the cases the test suite stands on from ``../shared`` into tests/data.

The shared corpus (``../shared/corpus``, made by an independent reference
implementation) lies beside a developer's clone but not beside a bare clone, so
its core travels with the project in two compressed files, as python-chess
ships its perft files:

* ``corpus-positions.jsonl.gz``: ``corpus/positions.jsonl`` byte for byte (every
  legal-turn case: position, roll, ruleset and the corpus's answers, ``finals``
  and ``max_dice``);
* ``corpus-records.tar.gz``: the record and validation corpora
  (``corpus/games``, ``syntax``, ``mat``, ``bugs``, ``expected.jsonl``,
  ``README.md``), the first two of the archive's 100 files with its
  ``SUMMARY.json`` and ``README.md``, and the spec (``spec/*.md``), byte for byte.

The rest of ``corpus/archive`` (11 MB of legal games) and ``corpus/realworld-mat``
(real files from real programs, not ours to ship) stay in ``../shared`` only: the
tests that read them read what is packed in a bare clone (two archive files; the
packed ``.mat`` files in place of the real ones).

Run from the project folder after ``../shared`` changes::

    python tests/data/pack_shared.py            # rewrite the two files
    python tests/data/pack_shared.py --check    # exit 1 if they differ from ../shared

The output is reproducible (sorted members, zero times and owners), so packing
an unchanged corpus rewrites the same bytes. ``tests/test_corpus_bundle.py``
checks the files against ``../shared`` whenever it is present.
"""

from __future__ import annotations

import argparse
import gzip
import io
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
POSITIONS = HERE / "corpus-positions.jsonl.gz"
RECORDS = HERE / "corpus-records.tar.gz"

#: what goes into the records archive: files and folders relative to shared/
RECORD_PARTS = ("corpus/expected.jsonl", "corpus/README.md", "corpus/games", "corpus/syntax",
                "corpus/mat", "corpus/bugs", "corpus/archive/README.md",
                "corpus/archive/SUMMARY.json", "corpus/archive/archive-001.txt",
                "corpus/archive/archive-002.txt", "spec/rules.md", "spec/record-format.md")


def record_files(shared: Path) -> list[str]:
    """The records archive's members: paths relative to ``shared``, sorted."""
    names: list[str] = []
    for part in RECORD_PARTS:
        path = shared / part
        if path.is_dir():
            names += [p.relative_to(shared).as_posix() for p in path.rglob("*") if p.is_file()]
        else:
            names.append(part)
    return sorted(names)


def positions_bytes(shared: Path) -> bytes:
    """``corpus/positions.jsonl`` gzipped (level 9, no name or time in the header)."""
    return gzip.compress((shared / "corpus" / "positions.jsonl").read_bytes(), 9, mtime=0)


def records_bytes(shared: Path) -> bytes:
    """The records archive (a tar inside gzip) built from ``shared``."""
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, compresslevel=9, mtime=0) as gz, \
            tarfile.open(fileobj=gz, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name in record_files(shared):
            data = (shared / name).read_bytes()
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=HERE.parents[1].parent / "shared",
                        help="the shared folder (default: ../shared beside the project)")
    parser.add_argument("--check", action="store_true",
                        help="compare with the files in tests/data instead of writing them")
    args = parser.parse_args(argv)
    if not (args.shared / "corpus").is_dir():
        parser.error(f"no corpus folder in {args.shared}")
    stale = []
    for path, data in ((POSITIONS, positions_bytes(args.shared)),
                       (RECORDS, records_bytes(args.shared))):
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(path.name)
        else:
            path.write_bytes(data)
            print(f"{path.relative_to(HERE.parents[1])}: {len(data):,} bytes")
    if stale:
        print(f"out of date with {args.shared}: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
