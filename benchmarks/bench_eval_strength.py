"""Strength of the evaluator: matches against the random and the heuristic player.

Run: ``python benchmarks/bench_eval_strength.py [--games 1000] [--ply 0]
[--opponent random|heuristic|both] [--seed 1] [--weights FILE] [--against FILE]``.

``--against FILE`` plays the network head to head against another weights
file (the previous shipped weights, say) instead of the fixed opponents:
the same dice for both, colours and the opening side alternating.

Colours alternate, who opens alternates by pairs of games, dice are seeded
(``random.Random(seed * 1_000_003 + game)``) and every chosen turn is
checked against ``legal_turns`` (:func:`narde_notation.evaluator.players.play_match`).
Prints the share of games won with its 95% Wilson interval (scipy) and
the share of the points (R9: oyn 1, mars 2) with a 95% bootstrap
interval (scipy, games resampled, percentile method), and the mars counts.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # small matrices: threads only wait

import numpy as np
from scipy import stats

from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.evaluator.players import (
    EvaluatorPlayer,
    HeuristicPlayer,
    MatchGame,
    Player,
    RandomPlayer,
    play_match,
)


def report(name: str, played: list[MatchGame], seconds: float) -> None:
    n = len(played)
    wins = sum(m.won for m in played)
    ci = stats.binomtest(wins, n).proportion_ci(0.95, method="wilson")
    pf = np.array([m.points_for for m in played], dtype=float)
    pa = np.array([m.points_against for m in played], dtype=float)

    def share(f: np.ndarray, a: np.ndarray, axis: int = -1) -> np.ndarray:
        return f.sum(axis) / (f.sum(axis) + a.sum(axis))

    # percentile intervals: BCa is undefined when every resample agrees (all points won)
    boot = stats.bootstrap((pf, pa), share, paired=True, vectorized=True, confidence_level=0.95,
                           n_resamples=4000, method="percentile",
                           random_state=np.random.default_rng(0))
    lo, hi = boot.confidence_interval
    mars_won = sum(m.points_for == 2 for m in played)
    mars_lost = sum(m.points_against == 2 for m in played)
    print(f"vs {name}: {n} games in {seconds:.0f} s ({n / seconds:.1f} games/s)")
    print(f"  games won   {wins}/{n} = {wins / n:.1%}  (95% CI {ci.low:.1%} – {ci.high:.1%})")
    print(f"  points      {pf.sum():.0f} – {pa.sum():.0f} = {share(pf, pa):.1%} of the points"
          f"  (95% CI {lo:.1%} – {hi:.1%})")
    print(f"  mars        won {mars_won}, lost {mars_lost};"
          f" mean length {np.mean([m.half_turns for m in played]):.1f} half-turns")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--ply", type=int, default=0, choices=(0, 1))
    ap.add_argument("--opponent", choices=("random", "heuristic", "both"), default="both")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--weights", default=None, help="weights file (default: the shipped one)")
    ap.add_argument("--against", default=None,
                    help="another weights file to play head to head (replaces --opponent)")
    args = ap.parse_args()
    ev = Evaluator(weights=args.weights)
    meta = ev.meta
    print(f"network: {meta.get('games')} self-play games, seed {meta.get('seed')}, code "
          f"{meta.get('code_version')}; {args.ply}-ply")
    me = EvaluatorPlayer(ev, args.ply)
    if args.against is not None:
        other_ev = Evaluator(weights=args.against)
        print(f"against: {other_ev.meta.get('games')} self-play games ({args.against})")
        other = EvaluatorPlayer(other_ev, args.ply)
        t0 = time.perf_counter()
        played = play_match(me, lambda g: other, args.games, args.seed)
        report(f"the network of {other_ev.meta.get('games')} games", played,
               time.perf_counter() - t0)
        return
    opponents = ("random", "heuristic") if args.opponent == "both" else (args.opponent,)
    for name in opponents:
        def make(g: int, name: str = name) -> Player:
            return RandomPlayer(args.seed * 31 + g) if name == "random" else HeuristicPlayer()

        t0 = time.perf_counter()
        played = play_match(me, make, args.games, args.seed)
        report(name, played, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
