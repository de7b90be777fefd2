"""Reader benchmark: games per second against ``main``, and peak memory and time
on large inputs.

Usage::

    python benchmarks/bench_reader.py [--archive DIR] [--baseline DIR] [--rounds N]
                                      [--no-large] [--no-speed]

**Speed** (``../shared/corpus/archive``: 5000 games, 100 files, 10.4 MB):
games read per second of CPU time by ``read_games`` over the 100 files, in a
fresh process each run, alternating this working tree (A) and the baseline
checkout (B, default ``/work/main``: the code at ``main``) A B A B …; the
median of each side and the ratio A/B are printed.  Each process reads the
archive once to warm up (grammar loaded, memos filled), then times the read
and the *split floor* in turn (``--rounds`` times each, medians): the same
files read as text and split into words by a regular expression.  The
reader's speed as a fraction of the floor's is printed for A and B (issue
29's goal: at least 0.12x).
To compare with an older commit, extract it and point ``--baseline`` there::

    git archive bbb2e0a | (mkdir -p /tmp/base && tar x -C /tmp/base)
    python benchmarks/bench_reader.py --baseline /tmp/base

**Large inputs** (each in a fresh process; peak resident memory from
``getrusage(RUSAGE_SELF).ru_maxrss``, wall time): at 1x and 10x, where 10x is
the size the issue names and 1x a tenth of it, so that time can be seen to
grow linearly:

* ``tag``: one game whose ``Event`` value is 10 MB (10x);
* ``game``: one game of 22 MB of turn lines (10x);
* ``tagless``: 200,000 games without tags, each closed by its result (10x);
* ``line``: a single 40 MB line (10x; no line break: junk, one ``syntax`` finding).

The inputs are written to a temporary folder first (not counted).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
DEFAULT_ARCHIVE = HERE.parent / "shared" / "corpus" / "archive"
DEFAULT_BASELINE = Path("/work/main")
TURN = "{n}. 65: 24/18 18/13            54: 24/20 20/15\n"


# -- inputs -------------------------------------------------------------------------
def write_input(case: str, scale: int, folder: Path) -> Path:
    """The input file of ``case`` at ``scale`` (1 or 10) in ``folder``."""
    path = folder / f"{case}-{scale}x.txt"
    with open(path, "w", encoding="utf-8") as out:
        if case == "tag":
            size = 1_000_000 * scale
            out.write('[Event "')
            for _ in range(size // 100_000):
                out.write("x" * 100_000)
            out.write('"]\n[White "A"]\n\n1. 65: 24/18 18/13\n*\n')
        elif case == "game":
            size, written, n = 2_200_000 * scale, 0, 0
            out.write('[White "A"]\n[Black "B"]\n\n')
            while written < size:
                n += 1
                line = TURN.format(n=n)
                out.write(line)
                written += len(line)
            out.write("*\n")
        elif case == "tagless":
            for _ in range(20_000 * scale):
                out.write("1. 65: 24/18 18/13  54: 24/20 20/15 *\n")
        elif case == "line":
            for _ in range(40 * scale):
                out.write("ab/cd " * (100_000 // 6) + "ab/c")
            out.write("\n")
        else:
            raise ValueError(case)
    return path


# -- the measured processes ------------------------------------------------------------
def child_large(path: str) -> None:
    from narde_notation.formats.reader import read_games

    wall = time.perf_counter()
    games = half_turns = findings = 0
    for record in read_games(path):
        games += 1
        half_turns += len(record.half_turns)
        findings += len(record.findings)
    elapsed = time.perf_counter() - wall
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"games": games, "half_turns": half_turns, "findings": findings,
                      "seconds": elapsed, "peak_mib": peak_kib / 1024}))


#: The floor: the same files read as text and split into words by a regular
#: expression (the least any reader of the text does), timed in the same process.
_WORDS_RE = re.compile(r"\s+")


def child_speed(folder: str, rounds: int) -> None:
    from narde_notation.formats.reader import read_games

    files = sorted(Path(folder).glob("*.txt"))

    def read_all() -> int:
        return sum(1 for path in files for _ in read_games(path))

    def split_all() -> int:
        words = 0
        for path in files:
            with open(path, encoding="utf-8") as handle:
                words += len(_WORDS_RE.split(handle.read()))
        return words

    games = read_all()  # warm-up
    split_all()
    reader: list[float] = []
    floor: list[float] = []
    for _ in range(rounds):  # A B A B in this process
        cpu = time.process_time()
        read_all()
        reader.append(time.process_time() - cpu)
        cpu = time.process_time()
        split_all()
        floor.append(time.process_time() - cpu)
    print(json.dumps({"games": games, "seconds": statistics.median(reader),
                      "floor_seconds": statistics.median(floor)}))


def run(args: list[str], pythonpath: Path) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(pythonpath))
    out = subprocess.run([sys.executable, __file__, *args], env=env, check=True,
                         capture_output=True, text=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


# -- reports ---------------------------------------------------------------------------
def speed(archive: Path, baseline: Path, rounds: int) -> None:
    mine: list[float] = []
    theirs: list[float] = []
    floors: list[float] = []
    floors_b: list[float] = []
    games = 0.0
    for _ in range(rounds):
        a = run(["--child-speed", str(archive), "--rounds", str(rounds)], HERE)
        b = run(["--child-speed", str(archive), "--rounds", str(rounds)], baseline)
        games = a["games"]
        assert a["games"] == b["games"], (a, b)
        mine.append(a["games"] / a["seconds"])
        theirs.append(b["games"] / b["seconds"])
        floors.append(a["floor_seconds"] / a["seconds"])
        floors_b.append(b["floor_seconds"] / b["seconds"])
    a_med, b_med = statistics.median(mine), statistics.median(theirs)
    print(f"speed on {archive} ({games:.0f} games), A B A B x{rounds}, medians:")
    print(f"  this tree (A): {a_med:,.0f} games/s   baseline {baseline} (B): {b_med:,.0f}"
          f" games/s   A/B = {a_med / b_med:.2f}")
    print(f"  against the split floor (a regular-expression split of the same text, timed"
          f" in the same process): A {statistics.median(floors):.3f}x,"
          f" B {statistics.median(floors_b):.3f}x (goal >= 0.12x)")


def large(cases: list[str]) -> None:
    print("large inputs (fresh process each; 10x is the issue's size):")
    print(f"  {'case':8} {'scale':>5} {'MB':>7} {'games':>8} {'half-turns':>11} "
          f"{'seconds':>8} {'peak MiB':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            for scale in (1, 10):
                path = write_input(case, scale, Path(tmp))
                size = path.stat().st_size / 1e6
                r = run(["--child-large", str(path)], HERE)
                print(f"  {case:8} {scale:>4}x {size:7.1f} {r['games']:8.0f} "
                      f"{r['half_turns']:11.0f} {r['seconds']:8.2f} {r['peak_mib']:9.0f}")
                path.unlink()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--archive", type=Path, default=DEFAULT_ARCHIVE)
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cases", default="tag,game,tagless,line")
    parser.add_argument("--no-large", action="store_true")
    parser.add_argument("--no-speed", action="store_true")
    parser.add_argument("--child-large", help=argparse.SUPPRESS)
    parser.add_argument("--child-speed", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child_large:
        child_large(args.child_large)
        return 0
    if args.child_speed:
        child_speed(args.child_speed, args.rounds)
        return 0
    if not args.no_speed:
        speed(args.archive, args.baseline, args.rounds)
    if not args.no_large:
        large(args.cases.split(","))
    return 0


if __name__ == "__main__":
    sys.exit(main())
