"""Time ``narde-stats --report`` against plain ``narde-stats`` on the benchmark archive.

Both run as fresh processes with the same ``--jobs``, alternately (A B A B),
``--repeat`` times; the median wall and CPU times (process and workers) and
their ratios are printed, with the size of the report folder (bytes of
``index.html``, number and bytes of viewer pages, the shared viewer assets;
the mean page and a 500-page site projected from it).  The report is checked
against ``archive/README.md``: 5000 games of 20 players, 38 draws (1-point
matches without a ``Match`` tag, so 38 unrated), every player in the
standings.

Usage::

    python benchmarks/bench_report.py [--archive DIR] [--jobs N] [--repeat K]
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _archive_options import archive_options

STATS = "from narde_notation.cli.stats import narde_stats; narde_stats()"


def command() -> list[str]:
    installed = Path(sys.executable).with_name("narde-stats")
    return [str(installed)] if installed.is_file() else [sys.executable, "-c", STATS]


def run(args: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the children) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def size(folder: Path) -> tuple[int, int, int, int]:
    """Bytes of index.html, number and bytes of viewer pages, bytes of the shared assets."""
    pages = list((folder / "games").iterdir())
    assets = folder / "assets"
    shared = sum(p.stat().st_size for p in assets.iterdir()) if assets.is_dir() else 0
    return ((folder / "index.html").stat().st_size, len(pages),
            sum(p.stat().st_size for p in pages), shared)


def main() -> int:
    opts = archive_options(__doc__)
    base = [*command(), str(opts.archive), "-q", "--jobs", str(opts.jobs)]
    times: dict[str, list[tuple[float, float]]] = {"stats": [], "stats --report": []}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report"
        for _ in range(opts.repeat):
            times["stats"].append(run(base))
            times["stats --report"].append(run([*base, "--report", str(out)]))
        index, pages, page_bytes, shared = size(out)
        text = (out / "index.html").read_text(encoding="utf-8")
    med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
           for k, v in times.items()}
    for name, (wall, cpu) in med.items():
        print(f"{name:16s} median wall {wall:6.2f} s   median CPU {cpu:6.2f} s")
    (wa, ca), (wb, cb) = med["stats"], med["stats --report"]
    print(f"ratio report / plain: wall {wb / wa:.2f}x, CPU {cb / ca:.2f}x")
    print(f"report: index.html {index:,} bytes, {pages} viewer pages ({page_bytes:,} bytes),"
          f" assets {shared:,} bytes, total {index + page_bytes + shared:,} bytes")
    if pages:
        per_page = page_bytes / pages
        print(f"per viewer page {per_page / 1000:.1f} KB; 500 pages: "
              f"{(500 * per_page + index + shared) / 1e6:.1f} MB")
    ok = "Matches (5000; 4962 rated)" in text
    print("reconciled with archive/README.md (5000 matches, 38 draws unrated):", ok)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
