"""Analysis speed beside GNU Backgammon's at the same depth: moves per CPU-second.

Run: ``python benchmarks/bench_analyse_gnubg.py [--ply 1|auto] [--games 10]
[--points 7] [--rounds 3] [--gnubg-plies 0,1]`` (needs ``/usr/games/gnubg``,
Debian's ``gnubg``).

Both programs are timed whole, as a user runs them: each a child process,
its CPU time (user + system, ``resource.getrusage(RUSAGE_CHILDREN)``),
rounds alternating gnubg and ours (A B A B, medians).

* gnubg: a match of ``--points`` played by gnubg against itself at 0 ply
  (seeded dice, cube off) is saved once, untimed; each round times
  ``gnubg -t -q`` loading it and running ``analyse match`` with chequer play
  at ``--ply`` plies (its default move filters), cube analysis off, luck on
  (its defaults otherwise).  The moves are the chequer plays in the file.
* ours: ``narde analyse FILE --ply P -j 1 --format csv`` on the first
  ``--games`` games of ``examples/archive/archive-001.txt`` (the luck of
  every roll included, as always).  The moves are the half-turns analysed.

``--ply auto`` (``narde analyse``'s default: 0 ply, 1 or 2 where a mark or the
best turn can change) has no single gnubg depth to match: gnubg is timed at
each of ``--gnubg-plies`` (default for auto: 0 and 1, the depths whose
judgement auto's lies between; otherwise ``--ply``), each in the same A B
alternation.

Printed: each program's moves per CPU-second and ours as a multiple of
gnubg's (issue 24's target at the default depth: at least 1.5×).  The
games differ (backgammon has hitting, doubles played four times in both),
so this compares the cost of a rated move, not of the same positions.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ARCHIVE = HERE.parent / "examples" / "archive" / "archive-001.txt"
GNUBG = shutil.which("gnubg") or "/usr/games/gnubg"


def child_cpu(cmd: list[str], stdin: str | None = None) -> tuple[float, str]:
    """CPU seconds of the child process running ``cmd``, and its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=False,
                          env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})
    if done.returncode not in (0, 1):  # 1: findings in the games, still analysed
        sys.exit(f"{cmd[0]} exited {done.returncode}: {done.stderr[-2000:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout


def gnubg_match(path: Path, points: int) -> int:
    """Save a match of ``points`` played by gnubg against itself; its chequer plays."""
    script = "\n".join([
        "set rng mersenne", "set seed 1", "set cube use off",
        *[f"set player {p} gnubg\nset player {p} chequerplay evaluation plies 0" for p in (0, 1)],
        "set automatic game on", f"new match {points}", f"save match {path}", ""])
    child_cpu([GNUBG, "-t", "-q"], script)
    text = path.read_text(errors="replace")
    return len(re.findall(r";[BW]\[[1-6][1-6][a-z]+\]", text))  # rolls with a move


def gnubg_analysis(path: Path, ply: int) -> float:
    script = "\n".join([
        f"set analysis chequerplay evaluation plies {ply}", "set analysis cube off",
        "set analysis luck on", f"load match {path}", "analyse match", ""])
    cpu, _out = child_cpu([GNUBG, "-t", "-q"], script)
    return cpu


def our_file(path: Path, games: int) -> None:
    text = ARCHIVE.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"^\[Event ", text, re.M)]
    # the cut: the blank line before the tag pairs of game games + 1
    cut = text.rfind("\n\n", 0, starts[games]) + 2 if games < len(starts) else len(text)
    path.write_text(text[:cut], encoding="utf-8")


def our_analysis(path: Path, ply: str) -> tuple[float, int]:
    cmd = [sys.executable, "-m", "narde_notation.cli.main", "analyse", str(path), "--ply",
           str(ply), "-j", "1", "--format", "csv"]
    cpu, out = child_cpu(cmd)
    rows = list(csv.DictReader(io.StringIO(out)))
    return cpu, len(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ply", choices=["0", "1", "2", "auto"], default="1")
    ap.add_argument("--gnubg-plies", default=None,
                    help="gnubg's depths, comma-separated (default: --ply; for auto 0,1)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--points", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    if not Path(GNUBG).exists():
        sys.exit("gnubg is not installed (apt-get install gnubg)")
    with tempfile.TemporaryDirectory() as tmp:
        match, ours = Path(tmp) / "match.sgf", Path(tmp) / "games.txt"
        gnubg_moves = gnubg_match(match, args.points)
        our_file(ours, args.games)
        plies = [int(p) for p in (args.gnubg_plies or ("0,1" if args.ply == "auto"
                                                        else args.ply)).split(",")]
        theirs: dict[int, list[float]] = {p: [] for p in plies}
        mine, our_moves = [], 0
        for _ in range(args.rounds):
            for p in plies:
                theirs[p].append(gnubg_analysis(match, p))
            cpu, our_moves = our_analysis(ours, args.ply)
            mine.append(cpu)
        o_rate = our_moves / statistics.median(mine)
        print(f"analysis, ours at {args.ply} ply, whole process, medians of {args.rounds}"
              " (A B A B)")
        print(f"  ours        {our_moves:5d} moves  {statistics.median(mine):7.2f} CPU-s"
              f"  {o_rate:8.1f} moves/CPU-s")
        for p in plies:
            g_rate = gnubg_moves / statistics.median(theirs[p])
            print(f"  gnubg {p} ply {gnubg_moves:5d} moves  {statistics.median(theirs[p]):7.2f}"
                  f" CPU-s  {g_rate:8.1f} moves/CPU-s: ours {o_rate / g_rate:.2f}x")


if __name__ == "__main__":
    main()
