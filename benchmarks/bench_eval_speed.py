"""Speed of the evaluator beside the engine's legal-turn generation, in one run.

Run: ``python benchmarks/bench_eval_speed.py [--rounds 3] [--positions 300]
[--weights FILE]`` (default: the shipped weights).

Positions come from seeded 0-ply self-play.  Each round times, in turn
(A B A B …, medians reported): ``legal_turns`` per second on those
positions and rolls (generation caches cleared first), ``best_turn`` per
second at 0 ply and at 1 ply, self-play games per second (0-ply greedy,
both sides the evaluator, through the public API) and training games per
second (``train run``'s loop: 16 games in lockstep with the TD(λ) update,
a fresh 80-unit network).  Ratios are against
``legal_turns``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.evaluator.players import EvaluatorPlayer, play_game
from narde_notation.evaluator.train import Config, Trainer
from narde_notation.model.ruleset import Ruleset
from narde_notation.rules.engine import clear_caches, legal_turns
from narde_notation.rules.game import opening_roll
from narde_notation.rules.position import Position


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--weights", default=None, help="weights file (a training checkpoint, say)")
    args = ap.parse_args()
    ev = Evaluator(weights=args.weights)
    me = EvaluatorPlayer(ev)
    rng = random.Random(3)
    record: list[Position] = []
    while len(record) < args.positions:
        play_game(me, me, random.Random(rng.random()), record=record)
    cases = [(pos, opening_roll(rng, Ruleset()) if rng.random() < 0.8 else (d, d))
             for pos in record[:args.positions] if not pos.is_game_over()
             for d in [rng.randint(1, 6)]]
    few = cases[: max(20, len(cases) // 10)]
    trainer = Trainer(Path(tempfile.mkdtemp()) / "run", Config(seed=1))

    def legal() -> float:
        clear_caches()
        t = time.perf_counter()
        for pos, dice in cases:
            legal_turns(pos, dice)
        return len(cases) / (time.perf_counter() - t)

    def best(ply: int, sample: list[tuple[Position, tuple[int, int]]]) -> float:
        clear_caches()
        t = time.perf_counter()
        for pos, dice in sample:
            ev.best_turn(pos, dice, ply)
        return len(sample) / (time.perf_counter() - t)

    def games() -> float:
        t = time.perf_counter()
        for g in range(args.games):
            play_game(me, me, random.Random(g))
        return args.games / (time.perf_counter() - t)

    def training() -> float:
        t = time.perf_counter()
        trainer.train_games(trainer.config.parallel)  # one lockstep batch, as `train run`
        return trainer.config.parallel / (time.perf_counter() - t)

    timers = {
        "legal_turns/s": legal,
        "best_turn/s 0-ply": lambda: best(0, cases),
        "best_turn/s 1-ply": lambda: best(1, few),
        "self-play games/s (0-ply)": games,
        "training games/s (TD update)": training,
    }
    figures: dict[str, list[float]] = {k: [] for k in timers}
    for _ in range(args.rounds):
        for name, fn in timers.items():
            figures[name].append(fn())
    base = statistics.median(figures["legal_turns/s"])
    print(f"{len(cases)} positions from self-play, {args.rounds} rounds (medians)")
    for name, values in figures.items():
        med = statistics.median(values)
        ratio = "" if name == "legal_turns/s" else f"   ({med / base:.4f} x legal_turns/s)"
        print(f"  {name:30} {med:10.1f}{ratio}")


if __name__ == "__main__":
    main()
