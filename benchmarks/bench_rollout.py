"""Rollout speed: games per CPU-second, ours against GNU Backgammon's, side by side.

Run: ``python benchmarks/bench_rollout.py [--trials 288] [--gnubg-trials 1296]
[--rounds 2] [--ply 0|1] [--plain-only]``.

Both roll out their game's start position, cubeless, ``--ply`` players (0 by
default; at 1 ply gnubg's default move filter, as ours: the best 8 within
0.16 searched at 1 ply; use a few dozen trials), one
thread, games cut at the exact bear-off database (ours: both sides home;
gnubg: ``bearofftruncation exact``), first with plain dice (shared,
quasi-random) and then with the luck correction (gnubg: ``varredn on``).
Ours is timed in this process (``time.process_time``), gnubg as a child
process (its user + system CPU, its start-up included: about 0.1 s).  The
rounds alternate A B A B; the medians and their ratio are printed.  Without
``/usr/games/gnubg`` only our figures are printed.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # small matrices: threads only wait

from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.evaluator.rollout import iter_rollout
from narde_notation.rules.position import Position

GNUBG = shutil.which("gnubg") or "/usr/games/gnubg"
SCRIPT = """set threads 1
set rollout trials {trials}
set rollout chequerplay plies {ply}
set rollout cubeful off
set rollout varredn {varredn}
set rollout quasirandom on
set rollout truncation enable off
set rollout bearofftruncation exact on
set rollout later enable off
new game
rollout
"""


def ours(evaluator: Evaluator, trials: int, luck: bool, ply: int = 0,
         prune: bool = True) -> float:
    """Games per CPU-second of a rollout of the start position (at 1 ply with
    the pruning network or without it)."""
    t0 = time.process_time()
    *_, _last = iter_rollout(evaluator, Position.initial(), None, trials=trials, luck=luck,
                             ply=ply, prune=prune)
    return trials / (time.process_time() - t0)


def gnubg(trials: int, luck: bool, ply: int = 0) -> float:
    """Games per CPU-second of gnubg's rollout of its start position."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([GNUBG, "-t", "-q"], input=SCRIPT.format(
        trials=trials, varredn="on" if luck else "off", ply=ply), text=True, capture_output=True,
        check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return trials / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=288)
    parser.add_argument("--gnubg-trials", type=int, default=1296)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--ply", type=int, choices=(0, 1), default=0)
    parser.add_argument("--plain-only", action="store_true", help="skip the luck correction")
    args = parser.parse_args()
    evaluator = Evaluator()
    evaluator.rollout(Position.initial(), trials=2)  # load the bear-off database first
    have_gnubg = os.path.exists(GNUBG)
    for luck in (False,) if args.plain_only else (False, True):
        a, b, c = [], [], []
        for _ in range(args.rounds):
            # the luck correction costs about 20x: fewer trials keep the run short
            a.append(ours(evaluator, args.trials // (8 if luck else 1), luck, args.ply))
            if args.ply == 1:  # the same without the pruning network
                c.append(ours(evaluator, args.trials // (8 if luck else 1), luck, 1, False))
            if have_gnubg:
                b.append(gnubg(args.gnubg_trials // (8 if luck else 1), luck, args.ply))
        name = "luck correction" if luck else "plain dice"
        line = f"{name:16} narde {statistics.median(a):7.1f} games/CPU-s"
        if c:
            line += f" (unpruned {statistics.median(c):7.1f})"
        if b:
            line += (f"   gnubg {statistics.median(b):7.1f} games/CPU-s"
                     f"   ratio {statistics.median(a) / statistics.median(b):.2f}")
        print(line, flush=True)


if __name__ == "__main__":
    main()
