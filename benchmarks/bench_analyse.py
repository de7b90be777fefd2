"""Speed of the analysis beside validation of the same games, in one run.

Run: ``python benchmarks/bench_analyse.py [FILE] [--games 50] [--rounds 2]
[--one-ply-games 10] [--two-ply-games 2]``.

FILE (default: the shared corpus's ``archive/archive-001.txt``, else
``examples/archive/archive-001.txt``) is cut to its first ``--games`` games,
written to a temporary file: "one 50-game archive file" of issue 18.  Each
round times, in turn (A B A B …, medians of CPU time, ``time.process_time``,
so other work on the machine counts less): ``narde-validate``'s per-file work
(:func:`~narde_notation.archive.tasks.check_file`: read, replay, check) on
the file, and :func:`~narde_notation.analysis.files.analyse_file` on it at
0-ply and at ``auto`` depth, ``narde analyse``'s default (luck included);
validation, a tenth of a second, counts as the median of five cold runs in
each round.  Every timed run starts cold: generation's cache
(:func:`~narde_notation.rules.generation.clear_caches`) is emptied before it,
so neither program reuses the other's legal turns.  The evaluator is loaded
before timing (a worker loads it once); so is the compiled generation search
and encoder when they can be built (decisions E19, V11; ``NARDE_PURE_PYTHON=1``
times without them).  1-ply is timed on the first ``--one-ply-games`` games only (it takes
seconds per game), against validation of those games; 2-ply on the first
``--two-ply-games`` (one round).
Printed: games per CPU-second, and the ratio analysis / validation — the
goal (issue 24) is at most 100× at the default depth for the 50-game file.

``--process`` also times both as a user runs them, whole processes
(``narde-validate -j 1 -q FILE`` and ``narde analyse -j 1 FILE``, start-up
included; A B A B, the children's user + system CPU, medians): the per-file
work above leaves out the start-up both pay (validation's is most of its
whole process).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from narde_notation.analysis.depth import AUTO
from narde_notation.analysis.files import analyse_file
from narde_notation.analysis.game import evaluator_for
from narde_notation.archive.tasks import check_file
from narde_notation.evaluator import encoding
from narde_notation.model.ruleset import Ruleset
from narde_notation.rules import generation_kernel
from narde_notation.rules.generation import clear_caches

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = [ROOT.parent / "shared" / "corpus" / "archive" / "archive-001.txt",
              ROOT / "examples" / "archive" / "archive-001.txt"]


def first_games(path: Path, n: int) -> str:
    """The text of the first ``n`` games of a native file (games start at a tag
    block after a blank line)."""
    blocks = path.read_text(encoding="utf-8").split("\n\n")
    games: list[list[str]] = []
    for block in blocks:
        if block.lstrip().startswith("[") and (not games or len(games[-1]) > 1):
            games.append([])
        if games:
            games[-1].append(block)
    return "\n\n".join("\n\n".join(g) for g in games[:n]) + "\n"


VALIDATE_REPEATS = 5


def process_cpu(args: list[str]) -> float:
    """CPU seconds (user + system) of one child process ``args`` (bytecode
    cached, as an installed package has it)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def whole_processes(path: Path, rounds: int) -> tuple[float, float]:
    """Median CPU of ``narde-validate`` (median of VALIDATE_REPEATS a round) and of
    ``narde analyse`` (the default depth) on ``path``, whole processes, A B A B."""
    cli = [sys.executable, "-m", "narde_notation.cli.main"]
    validate = [sys.executable, "-c", "from narde_notation.cli.validate import narde_validate;"
                " narde_validate()"]
    v, a = [], []
    for _ in range(rounds):
        v.append(statistics.median(process_cpu([*validate, "-j", "1", "-q", str(path)])
                                   for _ in range(VALIDATE_REPEATS)))
        a.append(process_cpu([*cli, "analyse", "-j", "1", str(path)]))
    return statistics.median(v), statistics.median(a)


def cpu(work: Callable[[], object]) -> float:
    """CPU seconds of ``work()`` from cold: generation's cache emptied first."""
    clear_caches()
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", type=Path)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--one-ply-games", type=int, default=10)
    ap.add_argument("--two-ply-games", type=int, default=2)
    ap.add_argument("--process", action="store_true",
                    help="also time narde-validate and narde analyse as whole processes")
    args = ap.parse_args()
    source = args.file or next(p for p in CANDIDATES if p.exists())
    evaluator_for(Ruleset.standard())  # loaded once, as in a worker
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp, "games.txt")
        big.write_text(first_games(source, args.games), encoding="utf-8")
        small = Path(tmp, "few.txt")
        small.write_text(first_games(source, args.one_ply_games), encoding="utf-8")
        n = check_file(str(big)).games
        m = check_file(str(small)).games
        half_turns = sum(len(g.half_turns) for g in analyse_file(str(small)).games)
        print(f"{source}: first {n} games ({m} for 1-ply, {half_turns} half-turns analysed"
              " there)")
        print("generation: " + ("compiled search" if generation_kernel.kernel() is not None
                                else "Python search") + "; encoding: "
              + ("compiled" if encoding.use_kernel(True) else "numpy"))
        validate, zero, auto = [], [], []
        for _ in range(args.rounds):
            # validation is short (a tenth of a second): each round's figure is
            # the median of VALIDATE_REPEATS cold runs, so one noisy run does not set the ratio
            validate.append(statistics.median(cpu(lambda: check_file(str(big)))
                                              for _ in range(VALIDATE_REPEATS)))
            zero.append(cpu(lambda: analyse_file(str(big), ply=0)))
            auto.append(cpu(lambda: analyse_file(str(big), ply=AUTO)))
        validate_few, one = [], []
        for _ in range(args.rounds):
            validate_few.append(statistics.median(cpu(lambda: check_file(str(small)))
                                                  for _ in range(VALIDATE_REPEATS)))
            one.append(cpu(lambda: analyse_file(str(small), ply=1)))
        two_ply: tuple[int, float, float] | None = None
        if args.two_ply_games:
            tiny = Path(tmp, "two.txt")
            tiny.write_text(first_games(source, args.two_ply_games), encoding="utf-8")
            k = check_file(str(tiny)).games
            vt = statistics.median(cpu(lambda: check_file(str(tiny)))
                                   for _ in range(VALIDATE_REPEATS))
            two_ply = (k, vt, cpu(lambda: analyse_file(str(tiny), ply=2)))
        processes = whole_processes(big, args.rounds) if args.process else None
    v, z, a = statistics.median(validate), statistics.median(zero), statistics.median(auto)
    vf, o = statistics.median(validate_few), statistics.median(one)
    print(f"validate ({n} games)     {v:8.3f} CPU-s  {n / v:9.1f} games/s")
    print(f"analyse 0-ply + luck    {z:8.3f} CPU-s  {n / z:9.2f} games/s   "
          f"{z / v:6.0f}x validation")
    print(f"analyse auto + luck     {a:8.3f} CPU-s  {n / a:9.2f} games/s   "
          f"{a / v:6.0f}x validation (the default; goal <= 100x), {a / z:.2f}x 0-ply")
    print(f"validate ({m} games)     {vf:8.3f} CPU-s  {m / vf:9.1f} games/s")
    print(f"analyse 1-ply + luck    {o:8.3f} CPU-s  {m / o:9.2f} games/s   "
          f"{o / vf:6.0f}x validation")
    if two_ply is not None:  # one round: 2-ply takes about ten times 1-ply
        k, vt, t = two_ply
        print(f"analyse 2-ply + luck    {t:8.3f} CPU-s  {k / t:9.2f} games/s   "
              f"{t / vt:6.0f}x validation ({k} games)")
    if processes is not None:
        pv, pa = processes
        print(f"whole processes ({n} games): narde-validate {pv:.3f} CPU-s, narde analyse"
              f" (auto) {pa:.3f} CPU-s: {pa / pv:.0f}x")


if __name__ == "__main__":
    main()
