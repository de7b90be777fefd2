"""Calibration of the evaluator's P(win) over its own 0-ply self-play.

Run: ``python benchmarks/bench_eval_calibration.py [--games 300] [--seed 7] [--weights FILE]``.

Every position before a roll that the network values (not the exact
bear-off or a finished game) gives one prediction for its side to move;
the game's winner gives the outcome.  Prints, per tenth of predicted
P(win), the positions, the mean prediction and the observed rate (the
goal: within 0.10 wherever there are at least 100 positions), the Brier
score against that of the constant guess (the overall rate), and the same
for P(win by mars) and P(lose by mars).
"""

from __future__ import annotations

import argparse
import os
import random

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.evaluator.players import EvaluatorPlayer, play_game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--weights", default=None)
    args = ap.parse_args()
    ev = Evaluator(weights=args.weights)
    me = EvaluatorPlayer(ev)
    pred: list[list[float]] = []
    actual: list[list[float]] = []
    for g in range(args.games):
        record: list = []
        result = play_game(me, me, random.Random(args.seed * 1_000_003 + g), record=record)
        if result.outcome is None or result.outcome.winner is None:
            continue
        o = result.outcome
        for pos in record:
            est = ev.evaluate(pos)
            if est.exact:
                continue
            mover_won = o.winner is pos.side_to_move
            pred.append([est.win, est.win_mars, est.lose_mars])
            actual.append([float(mover_won), float(mover_won and o.points >= 2),
                           float(not mover_won and o.points >= 2)])
    p = np.array(pred)
    y = np.array(actual)
    print(f"{args.games} self-play games, {len(p)} positions valued by the network")
    print(" tenth     positions  predicted  observed  |diff|")
    worst = 0.0
    for k in range(10):
        rows = (p[:, 0] >= k / 10) & ((p[:, 0] < (k + 1) / 10) | (k == 9))
        if not rows.any():
            continue
        mp, mo = p[rows, 0].mean(), y[rows, 0].mean()
        flag = "" if rows.sum() >= 100 else "  (few)"
        if rows.sum() >= 100:
            worst = max(worst, abs(mp - mo))
        print(f" {k / 10:.1f}-{(k + 1) / 10:.1f}  {rows.sum():9d}  {mp:9.3f}  {mo:8.3f}"
              f"  {abs(mp - mo):.3f}{flag}")
    print(f"largest |predicted - observed| over tenths with >= 100 positions: {worst:.3f}")
    for c, name in enumerate(("win", "win_mars", "lose_mars")):
        brier = np.mean((p[:, c] - y[:, c]) ** 2)
        base = y[:, c].mean()
        const = np.mean((base - y[:, c]) ** 2)
        print(f"Brier {name:9}: {brier:.4f} against {const:.4f} for the constant guess "
              f"{base:.3f} (skill {1 - brier / const:.2f})")


if __name__ == "__main__":
    main()
