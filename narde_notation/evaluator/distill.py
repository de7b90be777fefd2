"""The 1-ply search distilled into the 0-ply network, round by round (resumable).

Usage::

    python -m narde_notation.evaluator.distill --out training/run4 --init WEIGHTS --rounds 3

TD(λ) self-play (:mod:`.train`) learns from the one roll each game rolls;
here every position learns from all 21 (docs/decisions.md D1).  Round
``k`` (1, 2, ...) of a run:

1. **positions**: ``--games`` greedy 0-ply self-play games of the
   network as it stands (the previous round's, or ``--init``'s), dice from
   ``random.Random((seed + k) * 1_000_003 + game)`` (the opening roll by
   R2, then R12's dice), ``--parallel`` games in lockstep; every position
   before a roll except White's first, until a roll's best turn reaches an
   exact position (R9's end, or both sides home: the bear-off database);
2. **targets**: each position's 1-ply estimate for its side to roll, the
   mean over its 21 rolls (R12 odds) of the estimate after its best 0-ply
   turn (:meth:`.search.Judge.best_replies`, float32 weights; exact where
   exact), all five outputs (:data:`.network.OUTPUTS`);
3. **fit**: the network fitted by Adam (batch 128, fresh moments each
   round) to this round's and the previous round's positions (the cross-
   entropy of each output against its target, :meth:`.Network.gradients`),
   ``--epochs`` passes, the step size falling linearly from ``--lr`` to
   ``--lr-end``; 5% of the rows held out, their excess loss (over the
   targets' own entropy) and the RMSE of the equity (R9, no koks) logged.

The round's weights go to ``OUT/round-KKK.npz`` (float32, the next round's
start) and a line to ``OUT/log.jsonl``; a run started again with the same
``--out`` goes on after its last saved round.  A round's positions are kept
in ``OUT/positions-KKK.npz`` for the next round (not needed to resume: they
are played again from the previous round's weights when missing).
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # small matrices: threads only wait
os.environ.setdefault("OMP_NUM_THREADS", "1")

import json
import random
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import click
import numpy as np
import numpy.typing as npt

from narde_notation._files import atomic_write
from narde_notation.evaluator.bearoff import database
from narde_notation.evaluator.encoding import encode, packed_boards
from narde_notation.evaluator.estimate import equities, flip
from narde_notation.evaluator.game import (
    HEAD_ONLY,
    ROLLS,
    Ruleset,
    child_boards,
    opening_roll,
    roll,
)
from narde_notation.evaluator.network import Network, adam_step, cross_entropy
from narde_notation.evaluator.search import Judge, over_rolls

__all__ = ["Round", "fit", "one_ply_positions", "one_ply_targets", "round_path", "run_round"]

FloatArray = npt.NDArray[np.float64]
_STANDARD = Ruleset()
_ROLL_ROW = {(d1, d2): i for i, (d1, d2, _p) in enumerate(ROLLS)}
_State = tuple[int, int, bool, bool]  # mover, opponent, their first-turn flags


@dataclass(frozen=True)
class Round:
    """One round's settings (logged with its figures)."""

    games: int = 6000
    seed: int = 10
    parallel: int = 32
    epochs: int = 10
    lr: float = 3e-4
    lr_end: float = 3e-5


def _openings(judge: Judge, rngs: list[random.Random]) -> list[_State]:
    """Each game after White's greedy first half-turn (R2's opening roll)."""
    states = []
    for rng in rngs:
        d1, d2 = opening_roll(rng, judge.rules)
        kids = child_boards(HEAD_ONLY, HEAD_ONLY, True, d1, d2, judge.rules)
        best = int(np.argmin(equities(judge.after_turns(kids, HEAD_ONLY, True).values, False)))
        states.append((HEAD_ONLY, kids[best], True, False))
    return states


def one_ply_targets(judge: Judge, states: list[_State]
                    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32],
                               npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
    """Inputs float32 (n, N_INPUTS) and 1-ply targets float32 (n, 5) of positions
    ``states`` (mover's and opponent's packed boards, their first-turn flags;
    the mover to roll): the mean over the 21 rolls (R12 odds) of the mover's
    estimate after its best 0-ply turn.  Also each roll's best turn, as
    :meth:`.Judge.best_replies` gives it: end boards uint8 (n, 21, 16) and
    whether their estimate is exact (n, 21)."""
    boards, values, exact = judge.best_replies(states)
    movers, others, movers_first, others_first = (list(c) for c in zip(*states, strict=True))
    x = encode(movers, others, movers_first, others_first, dtype=np.float32)
    y = flip(over_rolls(values)).astype(np.float32)
    return x, y, boards, exact


def _play_batch(judge: Judge, rngs: list[random.Random]
                ) -> tuple[list[npt.NDArray[np.float32]], list[npt.NDArray[np.float32]]]:
    """Inputs and 1-ply targets of the positions of one lockstep batch of games."""
    states = _openings(judge, rngs)
    xs: list[npt.NDArray[np.float32]] = []
    ys: list[npt.NDArray[np.float32]] = []
    active = list(range(len(rngs)))
    for _half_turn in range(1500):
        if not active:
            break
        x, y, boards, exact = one_ply_targets(judge, [states[g] for g in active])
        xs.append(x)
        ys.append(y)
        still = []
        for j, g in enumerate(active):
            d1, d2 = roll(rngs[g])
            r = _ROLL_ROW[(max(d1, d2), min(d1, d2))]
            if exact[j, r]:
                continue
            _me, opp, _me_first, opp_first = states[g]
            states[g] = (opp, packed_boards(boards[j, r][None, :])[0], opp_first, False)
            still.append(g)
        active = still
    return xs, ys


def one_ply_positions(network: Network, k: int, settings: Round,
                      rules: Ruleset = _STANDARD) -> tuple[npt.NDArray[np.float32],
                                                          npt.NDArray[np.float32]]:
    """Round ``k``'s positions (steps 1 and 2 of the module docstring): inputs
    float32 (n, N_INPUTS) and 1-ply targets float32 (n, 5), for the side to roll.

    Raises:
        ValueError: ``rules`` has ``last-roll-draw`` (its reply is not sequenced here).
    """
    if rules.last_roll_draw:
        raise ValueError("self-play sequences games without last-roll-draw's reply (R9)")
    judge = Judge(network, rules, database(), dtype=np.float32)
    base = (settings.seed + k) * 1_000_003
    xs: list[npt.NDArray[np.float32]] = []
    ys: list[npt.NDArray[np.float32]] = []
    for first in range(0, settings.games, settings.parallel):
        count = min(settings.parallel, settings.games - first)
        x, y = _play_batch(judge, [random.Random(base + first + i) for i in range(count)])
        xs += x
        ys += y
    return np.concatenate(xs), np.concatenate(ys)


def _held_out(network: Network, x: FloatArray, y: FloatArray) -> dict[str, float]:
    """Excess cross-entropy over the targets' entropy, and the equity's RMSE."""
    got = network.forward(x)
    gap = equities(got, False) - equities(y, False)
    return {"excess_loss": cross_entropy(got, y) - cross_entropy(y, y),
            "equity_rmse": float(np.sqrt(np.mean(gap ** 2)))}


def fit(network: Network, x: FloatArray, y: FloatArray, settings: Round,
        seed: int = 5) -> list[dict[str, float]]:
    """Fit ``network`` in place to inputs ``x`` (n, N_INPUTS) and targets ``y``
    (n, 5) in 0…1 (step 3 of the module docstring); the held-out figures
    before the first pass and after each."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(x))
    x, y = x[order], np.clip(y[order], 0.0, 1.0)
    held = len(x) // 20
    xh, yh, xt, yt = x[:held], y[:held], x[held:], y[held:]
    log = [_held_out(network, xh, yh)]
    m = {k: np.zeros_like(v) for k, v in network.params.items()}
    v = {k: np.zeros_like(w) for k, w in network.params.items()}
    step = 0
    for epoch in range(settings.epochs):
        lr = settings.lr + (settings.lr_end - settings.lr) * epoch / max(1, settings.epochs - 1)
        order_t = rng.permutation(len(xt))
        for start in range(0, len(xt), 128):
            grads, _loss = network.gradients(xt[order_t[start:start + 128]],
                                             yt[order_t[start:start + 128]])
            step += 1
            adam_step(network.params, grads, m, v, step, lr)
        log.append(_held_out(network, xh, yh))
    return log


def round_path(out: Path, k: int) -> Path:
    """Where a run keeps round ``k``'s weights (float32)."""
    return out / f"round-{k:03d}.npz"


def _positions(out: Path, k: int, network: Network, settings: Round
               ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Round ``k``'s positions from ``OUT/positions-KKK.npz``, else played by
    ``network`` (the weights round ``k`` starts from) and kept there."""
    path = out / f"positions-{k:03d}.npz"
    if path.exists():
        with np.load(path) as data:
            return data["x"], data["y"]
    x, y = one_ply_positions(network, k, settings)
    with atomic_write(path, mode=0o644) as (fh, _):
        np.savez(fh, x=x, y=y)
    return x, y


def _start_of(out: Path, init: Path, k: int) -> Network:
    """The weights round ``k`` starts from: round ``k - 1``'s, or ``init``'s."""
    return Network.load(round_path(out, k - 1) if k > 1 else init)[0]


def run_round(out: Path, init: Path, k: int, settings: Round) -> dict[str, Any]:
    """Round ``k`` of the run in ``out`` (module docstring): its weights saved,
    its log line returned."""
    t0 = time.time()
    network = _start_of(out, init, k)
    x, y = _positions(out, k, network, settings)
    if k > 1:
        px, py = _positions(out, k - 1, _start_of(out, init, k - 1), settings)
        x, y = np.concatenate([x, px]), np.concatenate([y, py])
    log = fit(network, x.astype(np.float64), y.astype(np.float64), settings)
    entry = {"round": k, "rows": len(x), "settings": asdict(settings), "held_out": log,
             "seconds": round(time.time() - t0)}
    meta = dict(network.meta)
    meta.pop("config", None)
    network.meta = {**meta, "distilled": [*meta.get("distilled", []), entry],
                    "recipe": "1-ply distillation, narde_notation.evaluator.distill"}
    network.save(round_path(out, k), dtype=np.float32)
    with open(out / "log.jsonl", "a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")
    return entry


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="Run folder: round-KKK.npz, log.jsonl (goes on after its last round).")
@click.option("--init", "init", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              required=True, help="The weights round 1 starts from.")
@click.option("--rounds", type=int, default=1, show_default=True,
              help="Stop after this many rounds in all.")
@click.option("--games", type=int, default=Round.games, show_default=True)
@click.option("--seed", type=int, default=Round.seed, show_default=True)
@click.option("--parallel", type=int, default=Round.parallel, show_default=True)
@click.option("--epochs", type=int, default=Round.epochs, show_default=True)
@click.option("--lr", type=float, default=Round.lr, show_default=True)
@click.option("--lr-end", type=float, default=Round.lr_end, show_default=True)
def cli(out: Path, init: Path, rounds: int, games: int, seed: int, parallel: int, epochs: int,
        lr: float, lr_end: float) -> None:
    """Distil the 1-ply search into the network, round by round, into OUT."""
    out.mkdir(parents=True, exist_ok=True)
    settings = Round(games, seed, parallel, epochs, lr, lr_end)
    done = 0
    while round_path(out, done + 1).exists():
        done += 1
    for k in range(done + 1, rounds + 1):
        entry = run_round(out, init, k, settings)
        click.echo(f"round {k}: {entry['rows']} rows, held out {entry['held_out'][-1]}, "
                   f"{entry['seconds']} s")


if __name__ == "__main__":
    cli()
