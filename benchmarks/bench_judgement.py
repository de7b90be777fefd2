"""How far the evaluator's judgement can be trusted: a truth set of rolled-out positions.

Build (appends to the data file, resumable; run it with ``nice``)::

    python benchmarks/bench_judgement.py build [--positions 200] [--trials 144]
        [--data benchmarks/data/judgement-0ply.jsonl] [--luck]

Report (the default)::

    python benchmarks/bench_judgement.py [report] [--plies auto,0,1,2] [--data ...]
        [--weights FILE]

Positions come from three kinds of games, in turn: self-play (the 0-ply
evaluator against itself), heuristic-player games (the heuristic player
against the 0-ply evaluator; the position is the heuristic player's, so
its own turn is often a real error) and prime positions (from either kind
of game, the first half-turn where a side holds five or more points in a
row with an opposing checker behind them).  Each position keeps the roll
thrown in the game; its candidates are the three best turns at 0 ply and
at 1 ply and the turn played in the game (up to seven), rolled out with
the same dice for all (:meth:`Evaluator.rollout`, 0-ply players).

The report judges each position at each depth as ``narde analyse`` does
(``auto``, its default: 0 ply, deeper where it matters; or 0, 1, 2 ply
everywhere), each rolled-out candidate in turn as the turn played, and
prints, against the rollouts (whatever data file is there: the candidates
are matched by end position):

* best-turn agreement: the depth's first turn is the rollout's best, in the
  positions where the rollout separates its best from the second (by more
  than two paired standard errors);
* false ``??``: candidates the analysis calls ``??`` (loss >= 0.16 against
  its best turn) that the rollout shows lose under 0.08, of all its ``??``;
* the loss RMSE, noise-corrected: sqrt(mean((analysis's loss - rollout's
  loss)^2) - mean(rollout loss's standard error^2)), over the candidates
  (the loss the analysis reports for the candidate played, against its
  best turn; the rollout's against its best candidate), and the mean
  signed difference;
* CPU seconds per position (judging the turn played) at each depth.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # small matrices: threads only wait

import numpy as np

from narde_notation.analysis.depth import AUTO, Depth, check_depth, depth_label, judge_half_turn
from narde_notation.analysis.marks import BAD, VERY_BAD
from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.evaluator.game import FLIP, mover_view
from narde_notation.evaluator.players import (
    EvaluatorPlayer,
    HeuristicPlayer,
    Player,
    opening_roll,
)
from narde_notation.model.side import Side
from narde_notation.rules.engine import Turn, check_turn, legal_turns
from narde_notation.rules.position import Position

# the complete set; judgement-1ply.jsonl (1-ply players) is being built (decisions RO10)
DATA = Path(__file__).with_name("data") / "judgement-0ply.jsonl"
KINDS = ("self-play", "heuristic", "prime")
PRIME = 5


def _roll(rng: random.Random) -> tuple[int, int]:
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    return (max(a, b), min(a, b))


def play(white: Player, black: Player, seed: int) -> list[tuple[Position, tuple[int, int], Turn]]:
    """A game's half-turns: (position before the roll, roll, turn played)."""
    rng = random.Random(seed)
    evaluator_rules = Evaluator().rules
    pos = Position.initial().with_side_to_move(Side.WHITE if seed % 2 else Side.BLACK)
    out = []
    for k in range(400):
        dice = opening_roll(rng, evaluator_rules) if k == 0 else _roll(rng)
        player = white if pos.side_to_move is Side.WHITE else black
        turn = player.choose(pos, dice)
        out.append((pos, dice, turn))
        pos = turn.position
        if pos.is_game_over():
            break
    return out


def longest_prime(me: int, opp: int) -> int:
    """The longest run of points ``me`` holds (one checker holds a point, R6)
    ahead of the opponent's rearmost checker on the opponent's path."""
    mine = [(me >> (4 * p)) & 15 for p in range(25)]
    theirs = [(opp >> (4 * p)) & 15 for p in range(25)]
    path = list(range(24, 0, -1))  # the opponent's own points, in the order it passes them
    rear = next((k for k, q in enumerate(path) if theirs[q]), 24)
    best = run = 0
    for k, q in enumerate(path):
        if mine[FLIP[q]] and k > rear:
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def pick(kind: str, seed: int, evaluator: Evaluator) -> dict[str, object] | None:
    """One position of ``kind`` from game ``seed`` (None when the game has none)."""
    zero = EvaluatorPlayer(evaluator, 0)
    if kind == "self-play":
        game = play(zero, zero, seed)
        mine = None
    else:
        heur = HeuristicPlayer(evaluator.rules)
        white_heur = seed % 2 == 0
        game = play(heur, zero, seed) if white_heur else play(zero, heur, seed)
        mine = Side.WHITE if white_heur else Side.BLACK
    rng = random.Random(seed * 7 + KINDS.index(kind))
    usable = []
    for k, (pos, dice, _turn) in enumerate(game):
        if k < 2 or (mine is not None and pos.side_to_move is not mine and kind == "heuristic"):
            continue
        if evaluator.evaluate(pos).exact:
            continue
        turns = legal_turns(pos, dice, evaluator.rules)
        if len({t.position for t in turns}) < 2:
            continue
        if kind == "prime":
            me, opp, _mf, _of = mover_view(pos)
            if max(longest_prime(me, opp), longest_prime(opp, me)) < PRIME:
                continue
            usable.append(k)
            break
        usable.append(k)
    if not usable:
        return None
    k = usable[0] if kind == "prime" else rng.choice(usable)
    pos, dice, turn = game[k]
    return {"kind": kind, "seed": seed, "half_turn": k, "position": str(pos),
            "roll": f"{dice[0]}{dice[1]}", "played": turn.notation()}


def candidates(evaluator: Evaluator, pos: Position, dice: tuple[int, int],
               played: str) -> list[Turn]:
    out: list[Turn] = []
    for ply in (0, 1):
        for r in evaluator.rank_turns(pos, dice, ply)[:3]:
            if r.turn.position not in {t.position for t in out}:
                out.append(r.turn)
    for t in legal_turns(pos, dice, evaluator.rules):
        if t.notation() == played and t.position not in {u.position for u in out}:
            out.append(t)
    return out


def build(args: argparse.Namespace) -> None:
    evaluator = Evaluator()
    path = Path(args.data)
    path.parent.mkdir(parents=True, exist_ok=True)
    done = set()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            done.add((row["kind"], row["seed"]))
    count = len(done)
    seed = args.first_seed
    while count < args.positions:
        kind = KINDS[seed % len(KINDS)]
        if (kind, seed) in done:
            seed += 1
            continue
        t0 = time.process_time()
        got = pick(kind, seed, evaluator)
        seed += 1
        if got is None:
            continue
        pos = Position.from_string(str(got["position"]))
        dice = (int(str(got["roll"])[0]), int(str(got["roll"])[1]))
        cands = candidates(evaluator, pos, dice, str(got["played"]))
        result = evaluator.rollout(pos, dice, turns=cands, trials=args.trials,
                                   seed=int(got["seed"]), luck=args.luck)
        append_row(path, got, result, evaluator, t0)
        count += 1
        print(f"{count}: {got['kind']} seed {got['seed']} {got['roll']}"
              f" {len(cands)} candidates, {got['cpu']} s", flush=True)


def rate_turn(evaluator: Evaluator, pos: Position, dice: tuple[int, int], after: Position,
              ply: Depth) -> tuple[Position, float]:
    """The turn ending in ``after`` judged at ``ply`` as ``narde analyse`` judges
    it: the end position of the best turn it reports, and the turn's loss."""
    got = judge_half_turn(evaluator, pos, dice, after, ply)
    assert got is not None
    best = got.turns[got.ranking.order[got.best]].position
    return best, max(0.0, got.best_estimate.equity - got.estimate.equity)


def judged(evaluator: Evaluator, row: dict[str, Any], ply: Depth) -> dict[str, Any]:
    """One position judged at ``ply`` as ``narde analyse`` judges a half-turn
    (:func:`~narde_notation.analysis.depth.judge_half_turn`: the played turn
    searched as deep as the best; at ``"auto"`` deeper only where it matters),
    each rolled-out candidate in turn taken as the turn played: per candidate
    the loss and mark the analysis would give, the rollout's loss and its
    error; whether the rollout separates its best and the analysis's best
    turn (for the turn played in the game) is it; the CPU of judging the
    turn played.  Candidates are matched by their end positions (a turn's
    notation may be written otherwise today than when the set was built)."""
    pos = Position.from_string(row["position"])
    dice = (int(row["roll"][0]), int(row["roll"][1]))

    def end_of(text: str) -> Position:
        check = check_turn(pos, f"{row['roll']}: {text}", rules=evaluator.rules)
        assert check.position is not None, f"{row['position']} {row['roll']}: {text}"
        return check.position

    def rate(after: Position) -> tuple[Position, float]:
        return rate_turn(evaluator, pos, dice, after, ply)

    cands = row["candidates"]
    t0 = time.process_time()
    best, _loss = rate(end_of(row["played"]))
    cpu = time.process_time() - t0
    losses = []
    for c in cands:
        _best, loss = rate(end_of(c["turn"]))
        losses.append((loss, c["loss"], c["loss_se"]))
    separated = len(cands) > 1 and cands[1]["loss"] > 2 * cands[1]["loss_se"]
    return {"losses": losses, "separated": separated, "cpu": cpu,
            "agree": best == end_of(cands[0]["turn"])}


def line(name: str, got: list[dict[str, Any]]) -> str:
    """The figures of some judged positions, one table line."""
    separated = [g for g in got if g["separated"]]
    agree = sum(g["agree"] for g in separated)
    losses = [x for g in got for x in g["losses"]]
    sq = [(mine - roll) ** 2 for mine, roll, _se in losses]
    noise = [se ** 2 for _m, _r, se in losses]
    marked = [roll for mine, roll, _se in losses if mine >= VERY_BAD]
    rmse = float(np.sqrt(max(0.0, np.mean(sq) - np.mean(noise)))) if sq else float("nan")
    bias = float(np.mean([m - r for m, r, _se in losses])) if losses else float("nan")
    share = f"{agree}/{len(separated)} {agree / len(separated):.0%}" if separated else "-"
    false = sum(r < BAD for r in marked)
    cpu = sum(g["cpu"] for g in got) / max(1, len(got))
    return (f"{name:>13} {share:>12} {false:>4}/{len(marked):<4} {rmse:6.3f} {bias:+7.3f}"
            f" {cpu:7.3f}s")


def _trials(rows: list[dict[str, Any]]) -> str:
    """The rows' trials per candidate: one figure, or the range."""
    counts = sorted({int(r["trials"]) for r in rows}) or [0]
    return str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"


def report(args: argparse.Namespace) -> None:
    evaluator = Evaluator(weights=args.weights)
    rows = [json.loads(text) for text in
            Path(args.data).read_text(encoding="utf-8").splitlines()]
    kinds = {k: sum(r["kind"] == k for r in rows) for k in KINDS}
    print(f"{len(rows)} positions ({', '.join(f'{n} {k}' for k, n in kinds.items())}),"
          f" {_trials(rows)} trials per candidate,"
          f" {rows[0]['ply'] if rows else 0}-ply players ({Path(args.data).name})")
    print(f"{'depth, kind':>13} {'agree':>12} {'false ??':>9} {'RMSE':>6} {'bias':>7}"
          f" {'cpu/pos':>8}")
    for ply in [check_depth(p if p == AUTO else int(p)) for p in args.plies.split(",")]:
        got = [judged(evaluator, row, ply) for row in rows]
        print(line(f"{depth_label(ply)}, all", got))
        for kind in KINDS:
            print(line(kind, [g for g, r in zip(got, rows, strict=True) if r["kind"] == kind]))
    print("agree: the depth's best turn is the rollout's, where the rollout separates its best"
          " from the second by 2 SE; false ??: '??' (loss >= 0.16) on a candidate the rollout"
          " shows loses < 0.08, of all '??'; RMSE: the candidates' losses against the"
          " rollout's, noise removed; bias: mean (depth's loss - rollout's)")



def candidate(row: Any, turn: str | None = None) -> dict[str, Any]:
    """One rollout row's figures as the truth set keeps them (5 decimals);
    ``turn``: its notation (default the row's own)."""
    if turn is None:
        turn = row.turn.notation() if row.turn else None
    return {"turn": turn, "equity": round(row.equity, 5), "equity_se": round(row.equity_se, 5),
            "loss": round(row.loss, 5), "loss_se": round(row.loss_se, 5), "exact": row.exact}


def append_row(path: Path, got: dict[str, object], result: Any, evaluator: Evaluator,
               t0: float) -> None:
    """Write position ``got`` with its rollout ``result`` (a row of the truth
    set: each candidate's equity and loss with their errors) to ``path``."""
    got.update(trials=result.trials, ply=result.ply, luck=result.luck,
               weights_games=evaluator.meta.get("games"),
               candidates=[candidate(r) for r in result.rows],
               cpu=round(time.process_time() - t0, 1))
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(got) + "\n")

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", nargs="?", choices=["build", "report"], default="report")
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--trials", type=int, default=144)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--luck", action="store_true", help="the luck correction on")
    parser.add_argument("--weights", default=None,
                        help="report: the weights file judged (default: the shipped weights)")
    parser.add_argument("--plies", default="auto,0,1,2",
                        help="the depths to report: auto (narde analyse's default), 0, 1, 2")
    args = parser.parse_args()
    if args.command == "build":
        build(args)
    else:
        report(args)


if __name__ == "__main__":
    sys.exit(main())
