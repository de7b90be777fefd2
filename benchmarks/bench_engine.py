"""Benchmark of legal-turn generation over ../shared/corpus/positions.jsonl.

Run: ``python benchmarks/bench_engine.py [--repeat N] [--corpus DIR]``.

Prints positions per second for all cases, the non-double and the double
ones (caches cleared before each timed pass, so every position is
generated cold), and the peak memory of a pass (tracemalloc, measured in a
separate untimed pass because tracing slows Python down).

Then times :func:`check_turn` on the half-turns of seeded random self-play
games (``--games``), as the validator calls it: microseconds per legal
half-turn, each written as a record would (one path per checker, chained
steps joined: ``24/18 18/13`` is written ``24/13``).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path

from narde_notation.model.ruleset import Ruleset
from narde_notation.rules import engine
from narde_notation.rules.position import Position

Case = tuple[Position, tuple[int, int], Ruleset]


def load(corpus: Path) -> list[Case]:
    cases: list[Case] = []
    with (corpus / "positions.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            cases.append(
                (
                    Position.from_string(d["position"]),
                    engine.parse_roll(d["dice"]),
                    Ruleset.from_tag(d["rules"]),
                )
            )
    return cases


def run(cases: list[Case]) -> int:
    n = 0
    for pos, dice, rules in cases:
        n += len(engine.legal_turns(pos, dice, rules))
    return n


def timed(cases: list[Case], repeat: int) -> float:
    """Best positions/s over ``repeat`` cold passes."""
    best = float("inf")
    for _ in range(repeat):
        engine.clear_caches()
        t0 = time.perf_counter()
        run(cases)
        best = min(best, time.perf_counter() - t0)
    return len(cases) / best if best > 0 else float("inf")


HalfTurn = tuple[Position, tuple[int, int], list[tuple[int, ...]], Ruleset]


def selfplay(games: int, seed: int = 1) -> list[HalfTurn]:
    """Half-turns of random legal games, moves joined per checker like a record."""
    rng = random.Random(seed)
    rules = Ruleset.standard()
    out: list[HalfTurn] = []
    for _ in range(games):
        pos = Position.initial()
        while not pos.is_game_over():
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            turn = rng.choice(pos.legal_turns(dice, rules))
            paths: list[list[int]] = []
            for step in turn.steps:
                chain = next((p for p in paths if p[-1] == step.from_point), None)
                if chain is not None and rng.random() < 0.5:
                    chain[-1] = step.to_point  # 24/18 18/13 written 24/13
                else:
                    paths.append([step.from_point, step.to_point])
            out.append((pos, dice, [tuple(p) for p in paths], rules))
            pos = turn.position
    return out


def time_check_turn(half_turns: list[HalfTurn]) -> float:
    """Microseconds per call of check_turn (cold caches), asserting legality."""
    engine.clear_caches()
    t0 = time.perf_counter()
    for pos, dice, paths, rules in half_turns:
        engine.check_turn(pos, dice, paths, rules)
    elapsed = time.perf_counter() - t0
    for pos, dice, paths, rules in half_turns[:2000]:
        if not engine.check_turn(pos, dice, paths, rules).legal:
            raise SystemExit(f"check_turn rejects a generated turn: {pos!r} {dice} {paths}")
    return elapsed / len(half_turns) * 1e6


def main(argv: list[str] | None = None) -> int:
    default = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=default)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args(argv)
    if not (args.corpus / "positions.jsonl").exists():
        print(f"no positions.jsonl under {args.corpus}", file=sys.stderr)
        return 2
    cases = load(args.corpus)
    groups = {
        "all": cases,
        "non-double": [c for c in cases if c[1][0] != c[1][1]],
        "double": [c for c in cases if c[1][0] == c[1][1]],
    }
    for name, group in groups.items():
        rate = timed(group, args.repeat)
        print(f"{name:>10}: {len(group):5d} positions, {rate:9.0f} positions/s")
    engine.clear_caches()
    tracemalloc.start()
    run(cases)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak traced memory of one pass: {peak / 1e6:.2f} MB")
    if args.games > 0:
        half_turns = selfplay(args.games)
        micro = time_check_turn(half_turns)
        print(f"check_turn: {len(half_turns)} legal half-turns, {micro:.1f} us each")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"process max RSS: {rss / 1024:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
