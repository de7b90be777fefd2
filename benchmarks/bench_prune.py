"""The pruned 1-ply player against the unpruned one (docs/decisions.md PR4).

Duplicate games: each seed's dice are played twice, the pruned player White in
one and Black in the other, both 1-ply players of the shipped weights (the
float32 Judge, gnubg's move filter), the pruned one's opponents' replies picked
among the pruning network's ``--keep`` best.  A game ends when a turn reaches
an exact position (R9, or the bear-off database); its figures are the
expected ones there.  Prints the pruned player's win share and its equity a
game, each with a 95% interval (pairs of duplicate games as the units), and
both players' CPU seconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from narde_notation.evaluator.estimate import equities
from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.evaluator.game import HEAD_ONLY, child_boards, opening_roll, roll
from narde_notation.evaluator.prune import prune_network
from narde_notation.evaluator.search import Judge


def play(judges: tuple[Judge, Judge], seed: int, cpu: list[float]) -> np.ndarray:
    """One game, ``judges[0]`` White; the five outputs from White's side."""
    rng = random.Random(seed)
    me, opp, mf, of = HEAD_ONLY, HEAD_ONLY, True, True
    side = 0
    dice = opening_roll(rng, judges[0].rules)
    while True:
        judge = judges[side]
        t0 = time.process_time()
        ranked = judge.rank(child_boards(me, opp, mf, dice[0], dice[1], judge.rules), opp, of, 1)
        cpu[side] += time.process_time() - t0
        if ranked.exact[0]:
            v = ranked.values[0]
            return v if side == 0 else _flip(v)
        me, opp, mf, of = opp, ranked.boards[0], of, False
        side = 1 - side
        dice = roll(rng)


def _flip(v: np.ndarray) -> np.ndarray:
    return np.array([1 - v[0], v[2], v[1], v[4], v[3]])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=500, help="duplicate pairs of games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=int, default=8)
    args = parser.parse_args()
    ev = Evaluator()
    plain = Judge(ev.network, ev.rules, dtype=np.float32)
    pruned = Judge(ev.network, ev.rules, dtype=np.float32, prune=prune_network(), keep=args.keep)
    wins, eqs = [], []
    cpu = {"pruned": 0.0, "plain": 0.0}
    for k in range(args.pairs):
        seed = args.seed * 1_000_003 + k
        pair_w, pair_e = 0.0, 0.0
        for pruned_first in (True, False):
            judges = (pruned, plain) if pruned_first else (plain, pruned)
            spent = [0.0, 0.0]
            white = play(judges, seed, spent)
            mine = white if pruned_first else _flip(white)
            cpu["pruned"] += spent[0 if pruned_first else 1]
            cpu["plain"] += spent[1 if pruned_first else 0]
            pair_w += float(mine[0]) / 2
            pair_e += float(equities(mine[None, :], ev.rules.koks)[0]) / 2
        wins.append(pair_w)
        eqs.append(pair_e)
        if (k + 1) % 50 == 0 or k + 1 == args.pairs:
            n = len(wins)
            hw = 1.96 * statistics.stdev(wins) / n ** 0.5
            he = 1.96 * statistics.stdev(eqs) / n ** 0.5
            print(f"{2 * n} games: pruned win share {statistics.mean(wins):.4f} ± {hw:.4f}, "
                  f"equity {statistics.mean(eqs):+.4f} ± {he:.4f} a game; CPU-s pruned "
                  f"{cpu['pruned']:.0f}, plain {cpu['plain']:.0f}", flush=True)


if __name__ == "__main__":
    main()
