"""The options every archive benchmark takes (bench_report.py, bench_stats.py)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the shared corpus's archive folder (CI has ``../shared`` beside the clone)
ARCHIVE = ROOT.parent / "shared" / "corpus" / "archive"


def archive_options(doc: str) -> argparse.Namespace:
    """``--archive`` (a folder of records), ``--jobs`` and ``--repeat``, parsed
    from the command line; ``doc``'s first line describes the program."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--archive", type=Path, default=ARCHIVE)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--repeat", type=int, default=3)
    return parser.parse_args()
