"""Do the analysis's error rates tell players apart?  Seeded games, one run.

Run: ``python benchmarks/sanity_analyse.py [--games 6] [--seed 1] [--ply 0|1]``.

Plays ``--games`` games of the hand-written heuristic player
(:class:`~narde_notation.evaluator.players.HeuristicPlayer`) against the
uniformly random legal player, colours alternating, dice seeded; writes
each as a native record, reads it back and analyses it (``--ply``); prints
each policy's error rate (mean loss per unforced move × 1000), skill label,
mark counts and luck.  A sensible analysis rates the random player far
worse; the luck of the two should be near zero on average.
"""

from __future__ import annotations

import argparse
import random

from narde_notation.analysis.game import analyse
from narde_notation.analysis.summary import player_summary
from narde_notation.evaluator.players import HeuristicPlayer, Player, RandomPlayer
from narde_notation.formats.reader import parse_games
from narde_notation.model.side import Side
from narde_notation.rules.game import Game, opening_roll, roll


def record_text(white: Player, black: Player, names: tuple[str, str], rng: random.Random,
                first: Side) -> str:
    """One game as native text (R2 opening roll, R9 end), the half-turns as played."""
    game = Game(first_mover=first)
    lines = [f'[White "{names[0]}"]', f'[Black "{names[1]}"]', ""]
    number = 1
    players = {Side.WHITE: white, Side.BLACK: black}
    for ply in range(2000):
        dice = opening_roll(rng) if ply == 0 else roll(rng)
        mover = game.position.side_to_move
        turn = players[mover].choose(game.position, dice)
        chosen = next(t for t in game.legal_turns(dice) if t.position == turn.position)
        label = f"{number}." if mover is Side.WHITE else f"{number}..."
        lines.append(f"{label} {dice[0]}{dice[1]}: {chosen.notation()}")
        if mover is Side.BLACK:
            number += 1
        result = game.push(chosen)
        if result is not None:
            lines.append(result.result_string)
            break
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ply", type=int, default=0, choices=(0, 1))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    texts = []
    for k in range(args.games):
        heuristic, rand = HeuristicPlayer(), RandomPlayer(args.seed + k)
        if k % 2 == 0:
            texts.append(record_text(heuristic, rand, ("heuristic", "random"), rng, Side.WHITE))
        else:
            texts.append(record_text(rand, heuristic, ("random", "heuristic"), rng, Side.BLACK))
    analyses = [analyse(record, ply=args.ply) for record in parse_games("\n".join(texts))]
    table = player_summary(analyses).set_index("player")
    print(table[["games_analysed", "unforced", "error_rate", "skill", "doubtful", "bad", "very_bad",
                 "luck"]].to_string(float_format=lambda v: f"{v:.3f}"))


if __name__ == "__main__":
    main()
