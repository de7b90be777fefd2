"""Time ``narde-stats`` against ``narde-validate`` on the benchmark archive.

Goal (issue): ``narde-stats`` within 1.3x of ``narde-validate``'s time on
``../shared/corpus/archive`` (5000 games).  Both run as fresh processes with
the same ``--jobs``, alternately, ``--repeat`` times; the best and the median
wall times and the median CPU time (process and workers: steadier than
wall time on a shared machine) are printed with their ratios.  The stats run's JSON output is
also reconciled with ``archive/SUMMARY.json`` (results, kinds, wins, draws,
first-mover wins).

It also prints the memory of the three tables in bytes per row
(``DataFrame.memory_usage(deep=True)``): repeated strings are categoricals
(issue 11: the turns table took about 413 bytes a row with object strings).

Usage::

    python benchmarks/bench_stats.py [--archive DIR] [--jobs N] [--repeat K]

Exit 0 when the totals reconcile (the timing goal is reported, not enforced:
timings depend on the machine and its load).
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _archive_options import archive_options

STATS = "from narde_notation.cli.stats import narde_stats; narde_stats()"
VALIDATE = "from narde_notation.cli.validate import narde_validate; narde_validate()"


def command(script: str, code: str) -> list[str]:
    """The installed console script beside this Python, else ``python -c``."""
    installed = Path(sys.executable).with_name(script)
    return [str(installed)] if installed.is_file() else [sys.executable, "-c", code]


def run(cmd: list[str], args: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the process and its workers, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [*cmd, *args],
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        sys.exit(f"failed ({done.returncode}): {done.stderr[-2000:]}")
    return elapsed, cpu, done.stdout


def reconcile(output: str, summary_path: Path) -> list[str]:
    """Differences between the stats JSON and SUMMARY.json (empty = all equal)."""
    got = json.loads(output)
    want = json.loads(summary_path.read_text(encoding="utf-8"))
    ov = got["overview"]
    problems = []
    checks = {
        "games": (ov["games"], want["games"]),
        "files": (ov["files"], want["files"]),
        "half_turns": (ov["half_turns_total"], want["half_turns"]),
        "results": (got["results"], want["results"]),
        "kinds": ({k: v for k, v in got["kinds"].items() if v or k in want["kinds"]},
                  want["kinds"]),
        "white_wins": (ov["white_wins"], want["white_wins"]),
        "black_wins": (ov["black_wins"], want["black_wins"]),
        "draws": (ov["draws"], want["draws"]),
        "first_mover_wins": (ov["first_mover_wins"], want["first_mover_wins"]),
    }
    for name, (a, b) in checks.items():
        if a != b:
            problems.append(f"{name}: narde-stats {a} != SUMMARY.json {b}")
    return problems


def memory(archive: Path, jobs: int) -> None:
    """Bytes per row of the games, turns and findings tables of ``archive``."""
    import pandas as pd

    from narde_notation.archive.frames import tables

    ft = tables(archive, jobs=jobs)
    print(f"pandas {pd.__version__}: memory of the tables (deep)")
    for name in ("games", "turns", "findings"):
        frame = getattr(ft, name)
        per_row = frame.memory_usage(deep=True).sum() / max(1, len(frame))
        print(f"  {name:8} {len(frame):8} rows  {per_row:7.1f} bytes/row")


def main() -> int:
    opts = archive_options(__doc__)
    if not opts.archive.is_dir():
        sys.exit(f"archive not found: {opts.archive}")
    common = [str(opts.archive), "-q", "--jobs", str(opts.jobs)]
    t_val: list[float] = []
    t_stats: list[float] = []
    c_val: list[float] = []
    c_stats: list[float] = []
    output = ""
    validate_cmd = command("narde-validate", VALIDATE)
    stats_cmd = command("narde-stats", STATS)
    for _ in range(opts.repeat):
        wall, cpu, _out = run(validate_cmd, common)
        t_val.append(wall)
        c_val.append(cpu)
        wall, cpu, output = run(stats_cmd, [*common, "--format", "json"])
        t_stats.append(wall)
        c_stats.append(cpu)
    med = statistics.median
    print(f"archive: {opts.archive} ({opts.jobs} jobs, {opts.repeat} runs each)")
    print(f"commands: {' '.join(validate_cmd[:1])} / {' '.join(stats_cmd[:1])}")
    print(f"narde-validate: wall best {min(t_val):.2f} s, median {med(t_val):.2f} s; "
          f"CPU median {med(c_val):.2f} s")
    print(f"narde-stats:    wall best {min(t_stats):.2f} s, median {med(t_stats):.2f} s; "
          f"CPU median {med(c_stats):.2f} s")
    print(f"ratio stats/validate: wall best {min(t_stats) / min(t_val):.2f}x, "
          f"wall median {med(t_stats) / med(t_val):.2f}x, "
          f"CPU median {med(c_stats) / med(c_val):.2f}x (goal <= 1.30x)")
    memory(opts.archive, opts.jobs)
    summary_path = opts.archive / "SUMMARY.json"
    if summary_path.is_file():
        problems = reconcile(output, summary_path)
        print("totals vs SUMMARY.json:", "all equal" if not problems else "DIFFER")
        for p in problems:
            print("  " + p)
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
