"""Benchmark: full validation of the shared archive vs python-chess reading PGN.

Run on demand (not part of the tests)::

    pip install ".[bench]"
    python benchmarks/bench_validate.py [ARCHIVE] [--games N]

Prints, in one run on the same machine:
- ``narde-validate`` games/s on the archive with ``--jobs 1`` and ``--jobs 2``
  (the CLI's own per-file worker and process pool, output discarded);
- python-chess ``chess.pgn.read_game`` games/s on a PGN of seeded random
  legal chess games with the same number of half-turns per game;
- peak memory (tracemalloc) validating the archive once and three times
  over in one stream (flat = streaming).

``--process N`` instead times whole processes, start-up included, on the
first archive files holding N games (1,000 by default in the issue):
``narde-validate --jobs 1 -q FILES`` against a process that imports
python-chess and reads a PGN of as many random games of the same length
with ``chess.pgn.read_game``; ``--baseline TREE`` adds the same
``narde-validate`` run from another source tree (``PYTHONPATH=TREE``).
Rounds alternate (A B A B), figures are medians of CPU time (user + sys of
the child, robust when other work shares the machine) and of wall time.
Every program is timed as installed, with its bytecode cached: the children
write and read ``.pyc`` files in a temporary ``PYTHONPYCACHEPREFIX`` (an
environment with ``PYTHONDONTWRITEBYTECODE`` would otherwise compile the
package's sources on every start, 0.04 s, while python-chess's ``.pyc``
files came with its install) and its own Lark grammar cache (another tree
sharing the file would rebuild it), after one untimed warm-up run of each.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from narde_notation.archive.executor import Failure, run_each
from narde_notation.archive.tasks import check_file
from narde_notation.formats.sources import expand_paths
from narde_notation.replay import Pipeline

HERE = Path(__file__).resolve().parent
DEFAULT_ARCHIVE = HERE.parents[1] / "shared" / "corpus" / "archive"


def bench_validate(files: list[str], jobs: int) -> tuple[float, int, int]:
    start = time.perf_counter()
    games = findings = 0
    for result in run_each(check_file, files, jobs=jobs):
        if isinstance(result, Failure):
            continue
        games += result.games
        findings += len(result.findings)
    return time.perf_counter() - start, games, findings


def random_pgn(games: int, plies: list[int], seed: int = 1) -> str:
    import chess
    import chess.pgn

    rng = random.Random(seed)
    out = io.StringIO()
    for index in range(games):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = "random"
        game.headers["Round"] = str(index + 1)
        node: chess.pgn.GameNode = game
        target = plies[index % len(plies)]
        while len(board.move_stack) < target:
            moves = list(board.legal_moves)
            if not moves:  # mate or stalemate: start the rest on a new board
                break
            move = rng.choice(moves)
            board.push(move)
            node = node.add_variation(move)
        print(game, file=out, end="\n\n")
    return out.getvalue()


def bench_chess(pgn: str) -> tuple[float, int, int]:
    import chess.pgn

    handle = io.StringIO(pgn)
    start = time.perf_counter()
    games = plies = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        games += 1
        plies += sum(1 for _ in game.mainline_moves())
    return time.perf_counter() - start, games, plies


def peak_memory(files: list[str], times: int) -> int:
    tracemalloc.start()
    for _ in range(times):
        for name in files:
            for _report in Pipeline().reports(name):
                pass
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


NARDE = "from narde_notation.cli.validate import narde_validate; narde_validate()"
ONE_GAME = '[White "A"]\n[Black "B"]\n\n1. 65: 24/18 18/13 43: 24/20 20/17 *\n'
CHESS = """
import sys, chess.pgn
with open(sys.argv[1], encoding="utf-8") as handle:
    while chess.pgn.read_game(handle) is not None:
        pass
"""


def timed_process(argv: list[str], tree: str | None = None,
                  pycache: str | None = None) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one child process, output discarded.

    With ``tree``, the child imports the package from there (``-c`` puts the
    working folder first on ``sys.path``, so the child runs in ``tree``).
    With ``pycache``, the child keeps its bytecode there, and its grammar
    cache in a folder of it (``NARDE_CACHE_DIR``: no other tree or program
    on the machine rewrites it between runs).
    """
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = tree
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
        env["NARDE_CACHE_DIR"] = os.path.join(pycache, "grammar")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, cwd=tree or tempfile.gettempdir(),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def bench_processes(files: list[str], games: int, per_game: int, rounds: int,
                    baseline: str | None) -> None:
    count = 0
    chosen: list[str] = []
    for name in files:
        chosen.append(name)
        count += sum(1 for _ in Pipeline().reports(name))
        if count >= games:
            break
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as fh:
        fh.write(random_pgn(count, [per_game]))
        pgn = fh.name
    runs: dict[str, list[tuple[float, float]]] = {"this": [], "chess": []}
    if baseline:
        runs["baseline"] = []
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
        fh.write(ONE_GAME)
        one = fh.name
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as fh:
        fh.write(random_pgn(1, [per_game]))
        one_pgn = fh.name
    # (games run, start-up run) per program
    argv = {"chess": ([sys.executable, "-c", CHESS, pgn], [sys.executable, "-c", CHESS, one_pgn])}
    for who in ("this", "baseline"):
        argv[who] = ([sys.executable, "-c", NARDE, "--jobs", "1", "-q", *chosen],
                     [sys.executable, "-c", NARDE, "--jobs", "1", "-q", one])
    trees = {"this": str(HERE.parent), "baseline": baseline, "chess": None}
    start_up: dict[str, list[float]] = {who: [] for who in runs}
    try:
        with tempfile.TemporaryDirectory() as pycache:
            # one prefix per tree: both trees hold the same module names
            caches = {who: os.path.join(pycache, who) for who in runs}
            for who in runs:  # untimed: writes the bytecode
                timed_process(argv[who][0], trees[who], caches[who])
            for _ in range(rounds):
                for who in runs:
                    runs[who].append(timed_process(argv[who][0], trees[who], caches[who]))
                    start_up[who].append(timed_process(argv[who][1], trees[who], caches[who])[0])
    finally:
        for name in (pgn, one, one_pgn):
            os.unlink(name)
    print(f"{count} games in {len(chosen)} files, {per_game} half-turns a game; "
          f"whole processes, medians of {rounds}:")
    rate: dict[str, float] = {}
    for who, got in runs.items():
        cpu = statistics.median(c for c, _ in got)
        wall = statistics.median(w for _, w in got)
        rate[who] = count / cpu
        print(f"  {who:>8}: {count / cpu:7.0f} games per CPU second ({cpu:.2f} s CPU, "
              f"{wall:.2f} s wall; start-up with one game {statistics.median(start_up[who]):.3f}"
              " s CPU)")
    ratio = rate["this"] / rate["chess"]
    print(f"  narde-validate --jobs 1 / python-chess read_game: {ratio:.2f}x")
    if baseline:
        print(f"  this / baseline: {rate['this'] / rate['baseline']:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", nargs="?", default=str(DEFAULT_ARCHIVE))
    parser.add_argument("--memory-files", type=int, default=10,
                        help="files used for the memory check (default 10)")
    parser.add_argument("--process", type=int, metavar="GAMES", default=0,
                        help="time whole processes on this many archive games")
    parser.add_argument("--rounds", type=int, default=5, help="rounds for --process")
    parser.add_argument("--baseline", metavar="TREE", help="another source tree for --process")
    args = parser.parse_args()
    files = expand_paths([args.archive]).files
    if not files:
        sys.exit(f"no record files under {args.archive}")
    summary = Path(args.archive) / "SUMMARY.json"
    half_turns = json.loads(summary.read_text())["half_turns"] if summary.exists() else None
    if args.process:
        games = json.loads(summary.read_text())["games"] if half_turns else 0
        per_game = round(half_turns / games) if half_turns else 92
        bench_processes(files, args.process, per_game, args.rounds, args.baseline)
        return

    # Warm-up: load the grammars and the engine's tables once, as a long run
    # does; pool workers forked later inherit them, so both figures are warm.
    start = time.perf_counter()
    bench_validate(files[:1], 1)
    print(f"start-up (grammar, tables, one file): {time.perf_counter() - start:.2f} s")
    # --jobs 2 first: its workers are forked from this process, and must not
    # inherit caches already warmed on the whole archive by the --jobs 1 run.
    t2, _, _ = bench_validate(files, 2)
    t1, games, findings = bench_validate(files, 1)
    print(f"archive: {len(files)} files, {games} games, {findings} findings")
    print(f"narde-validate --jobs 1: {games / t1:8.0f} games/s ({t1:.2f} s)")
    print(f"narde-validate --jobs 2: {games / t2:8.0f} games/s ({t2:.2f} s), "
          f"speed-up {t1 / t2:.2f}x")

    per_game = round(half_turns / games) if half_turns else 92
    pgn = random_pgn(games, [per_game])
    tc, cgames, plies = bench_chess(pgn)
    print(f"python-chess read_game: {cgames / tc:8.0f} games/s ({tc:.2f} s, "
          f"{plies / cgames:.1f} half-turns per game; narde archive {per_game})")
    print(f"narde --jobs 1 / python-chess: {(games / t1) / (cgames / tc):.2f}x per core")

    some = files[: args.memory_files]
    once, three = peak_memory(some, 1), peak_memory(some, 3)
    print(f"peak memory validating {len(some)} files once: {once / 1e6:.1f} MB, "
          f"three times in one stream: {three / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
