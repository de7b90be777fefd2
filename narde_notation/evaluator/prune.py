"""A pruning network: a small net that ranks the opponent's replies inside a
1-ply search, so that only its best few are valued by the full network
(gnubg's pruning nets, eval.c ScoreMovesPruned; docs/decisions.md PR1-PR5).

Usage (resumable: each step's output is kept in ``--out`` and not made again)::

    python -m narde_notation.evaluator.prune --out training/prune \
        --weights narde_notation/evaluator/data/weights.npz --hidden 16

1. **positions**: ``--games`` greedy 0-ply self-play games of the full
   network (``--weights``) (the float32 :class:`~.search.Judge`), dice from
   ``random.Random(seed * 1_000_003 + game)`` (R12's dice from the start
   position, White first), every ``--every``-th position before a roll
   kept, until a game reaches an exact position; the games split into
   training (the first ``1 - held``) and held-out ones.
2. **replies**: for every kept position and each of its 21 rolls, every
   legal end board, valued by the full network from the opponent's side
   (the targets: all five outputs, :data:`.network.OUTPUTS`).
3. **fit**: a :class:`~.network.Network` of the same 220 inputs and
   ``--hidden`` hidden units fitted to those targets by
   :func:`.distill.fit` (Adam, cross-entropy; distillation), blind to the
   twelve facing columns (from :data:`.encoding.FACING`: zero in training,
   zero weights), the costly ones to work out for every end board; the
   compiled search does not work them out for it (decisions PR5).
4. **measure**: on the held-out positions' rolls, how often the full net's
   best reply is among the prune net's ``K`` best, and the equity lost by
   taking the best (by the full net) of those ``K`` instead of the best of all.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import functools
import hashlib
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
import numpy as np
import numpy.typing as npt

from narde_notation._files import atomic_write
from narde_notation.evaluator.bearoff import database
from narde_notation.evaluator.distill import Round, fit
from narde_notation.evaluator.encoding import FACING, packed_boards
from narde_notation.evaluator.estimate import equities
from narde_notation.evaluator.game import HEAD_ONLY, ROLLS, Ruleset, child_boards_of_rolls, roll
from narde_notation.evaluator.network import Network
from narde_notation.evaluator.search import Judge

__all__ = ["PRUNE_WEIGHTS", "measure", "network_digest", "prune_network", "reply_table",
           "self_play_positions"]

#: the shipped pruning network.
PRUNE_WEIGHTS = Path(__file__).with_name("data") / "prune.npz"

_ROLLS = [(d1, d2) for d1, d2, _p in ROLLS]
_ROLL_ROW = {r: i for i, r in enumerate(_ROLLS)}
_State = tuple[int, int, bool, bool]


def network_digest(network: Network) -> str:
    """The SHA-256 of a network's weights as float32 (``w1``, ``b1``, ``w2``,
    ``b2`` in turn): a pruning network records the one it was distilled from
    (``meta["distilled_from"]``), so a new full network cannot ship with a
    pruner fitted to the old one (decisions PR5)."""
    digest = hashlib.sha256()
    for name in ("w1", "b1", "w2", "b2"):
        digest.update(np.ascontiguousarray(network.params[name], dtype=np.float32).tobytes())
    return digest.hexdigest()


_WITHOUT = ("this is the pruning network of 1-ply rollouts: --no-prune (prune=False) rolls"
            " out without it, reinstalling the package restores it")


@functools.cache
def prune_network() -> Network:
    """The shipped pruning network (:data:`PRUNE_WEIGHTS`, read once).

    Raises:
        OSError, ValueError: as :meth:`.Network.load`, the message saying
            how to roll out without it (``--no-prune``, ``prune=False``).
    """
    try:
        return Network.load(PRUNE_WEIGHTS)[0]
    except ValueError as exc:
        raise ValueError(f"{exc}; {_WITHOUT}") from exc
    except OSError as exc:
        raise OSError(f"{exc}; {_WITHOUT}") from exc



def self_play_positions(judge: Judge, games: int, seed: int, every: int = 3,
                        parallel: int = 32) -> list[list[_State]]:
    """Each game's kept positions ``(me, opp, me_first, opp_first)``, ``me`` to
    roll (step 1 of the module docstring); games played ``parallel`` at a time."""
    out: list[list[_State]] = [[] for _ in range(games)]
    for first in range(0, games, parallel):
        ids = list(range(first, min(games, first + parallel)))
        rngs = {g: random.Random(seed * 1_000_003 + g) for g in ids}
        states: dict[int, _State] = {g: (HEAD_ONLY, HEAD_ONLY, True, True) for g in ids}
        for half_turn in range(1500):
            if not ids:
                break
            if half_turn % every == every - 1:
                for g in ids:
                    out[g].append(states[g])
            dice = []
            for g in ids:
                d1, d2 = roll(rngs[g])
                dice.append([(max(d1, d2), min(d1, d2))])
            boards, _values, exact = judge.best_replies([states[g] for g in ids], dice)
            still = []
            for j, g in enumerate(ids):
                if exact[j, 0]:
                    continue
                _me, opp, _mf, of = states[g]
                states[g] = (opp, packed_boards(boards[j, 0][None, :])[0], of, False)
                still.append(g)
            ids = still
    return out


def reply_table(judge: Judge, states: Sequence[_State]) -> dict[str, npt.NDArray[Any]]:
    """Every legal end board of every roll of each position (step 2): ``x``
    float32 (m, 220) inputs and ``y`` float32 (m, 5) the full network's
    estimates from the opponent's side of the boards the network values;
    ``eq`` (b,) the equity (opponent's side) of every distinct end board,
    ``net_row`` (b,) its row in ``x`` (-1: exact), ``rows`` (k,) the boards
    of each roll in turn, ``counts`` (g,) how many a (position, roll) has."""
    xs, ys, eqs, net_rows, all_rows, all_counts = [], [], [], [], [], []
    base = n_x = 0
    for me, opp, mf, of in states:
        raw, rows, counts = child_boards_of_rolls(me, opp, mf, _ROLLS, judge.rules)
        opps = np.repeat(np.frombuffer(opp.to_bytes(16, "little"), dtype=np.uint8)[None, :13],
                         len(raw), axis=0)
        got = judge.values_raw(opps, raw, of, False, want_inputs=True)
        net = got.by_network
        if got.inputs is not None:
            xs.append(got.inputs[net].astype(np.float32))
            ys.append(got.values[net].astype(np.float32))
        eqs.append(equities(got.values, judge.koks))
        idx = np.full(len(raw), -1, dtype=np.int64)
        idx[net] = n_x + np.arange(int(net.sum()))
        net_rows.append(idx)
        n_x += int(net.sum())
        all_rows.append(rows.astype(np.int64) + base)
        all_counts.append(np.asarray(counts, dtype=np.int64))
        base += len(raw)
    return {"x": np.concatenate(xs), "y": np.concatenate(ys), "eq": np.concatenate(eqs),
            "net_row": np.concatenate(net_rows), "rows": np.concatenate(all_rows),
            "counts": np.concatenate(all_counts)}


def measure(prune: Network, table: dict[str, npt.NDArray[Any]], koks: bool,
            ks: Sequence[int] = (1, 2, 3, 5, 8)) -> dict[str, Any]:
    """Step 4 on ``table`` (:func:`reply_table` of held-out positions): for each
    ``K``, the share of (position, roll) pairs of two or more end boards whose
    full-net best reply is among the prune net's ``K`` best, and the mean and
    largest equity the mover loses by taking the best of those ``K``."""
    full = table["eq"]
    approx = full.copy()  # exact boards keep their exact figure
    net = table["net_row"] >= 0
    approx[net] = equities(prune.forward(table["x"][table["net_row"][net]].astype(np.float64)),
                           koks)
    out: dict[str, Any] = {"pairs": 0, "mean_boards": 0.0}
    hit = {k: 0 for k in ks}
    loss: dict[int, list[float]] = {k: [] for k in ks}
    start = 0
    sizes = []
    for c in table["counts"]:
        seg = table["rows"][start:start + c]
        start += c
        if c < 2:
            continue
        sizes.append(c)
        f, a = full[seg], approx[seg]  # the mover's best: the opponent's lowest
        best = f.min()
        order = np.argsort(a, kind="stable")
        for k in ks:
            top = f[order[:k]].min()
            hit[k] += bool(top <= best)
            loss[k].append(float(top - best))
    out["pairs"] = len(sizes)
    out["mean_boards"] = float(np.mean(sizes))
    for k in ks:
        out[f"K{k}"] = {"hit": hit[k] / len(sizes), "mean_loss": float(np.mean(loss[k])),
                        "max_loss": float(np.max(loss[k])),
                        "share_over_0.02": float(np.mean(np.array(loss[k]) > 0.02))}
    return out


def _tables(out: Path, judge: Judge, games: int, seed: int, every: int,
            held: float) -> tuple[dict[str, Any], dict[str, Any]]:
    """Steps 1-2, kept in ``out/replies-{train,held}.npz``."""
    paths = [out / "replies-train.npz", out / "replies-held.npz"]
    if not all(p.exists() for p in paths):
        played = self_play_positions(judge, games, seed, every)
        cut = games - max(1, round(games * held))
        for path, part in zip(paths, (played[:cut], played[cut:]), strict=True):
            table = reply_table(judge, [s for game in part for s in game])
            with atomic_write(path, mode=0o644) as (fh, _):
                np.savez(fh, allow_pickle=False, **table)
    loaded = []
    for p in paths:
        with np.load(p) as data:
            loaded.append({k: data[k] for k in data.files})
    return loaded[0], loaded[1]


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="Run folder: replies-*.npz, prune.npz, log.jsonl (steps kept, not redone).")
@click.option("--weights", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              required=True, help="The full network (the shipped one: evaluator/data/weights.npz).")
@click.option("--games", type=int, default=120, show_default=True)
@click.option("--seed", type=int, default=24, show_default=True)
@click.option("--every", type=int, default=3, show_default=True)
@click.option("--held", type=float, default=0.2, show_default=True,
              help="Share of the games held out for step 4.")
@click.option("--hidden", type=int, default=16, show_default=True)
@click.option("--epochs", type=int, default=6, show_default=True)
@click.option("--lr", type=float, default=3e-3, show_default=True)
@click.option("--lr-end", type=float, default=3e-4, show_default=True)
@click.option("--max-rows", type=int, default=600_000, show_default=True,
              help="At most this many training rows (a seeded sample).")
def cli(out: Path, weights: Path, games: int, seed: int, every: int, held: float, hidden: int,
        epochs: int, lr: float, lr_end: float, max_rows: int) -> None:
    """Train the pruning network into OUT (module docstring) and measure it."""
    out.mkdir(parents=True, exist_ok=True)
    full, _extra = Network.load(weights)
    judge = Judge(full, Ruleset(), database(), dtype=np.float32)
    train, held_out = _tables(out, judge, games, seed, every, held)
    made = out / f"prune-{hidden}.npz"
    if made.exists():
        prune = Network.load(made)[0]
        log: list[dict[str, float]] = []
    else:
        rng = np.random.default_rng(seed)
        take = rng.permutation(len(train["x"]))[:max_rows]
        prune = Network(full.n_inputs, hidden, seed=seed,
                        meta={"encoding": full.meta.get("encoding"), "recipe":
                              "pruning net, narde_notation.evaluator.prune"})
        x = train["x"][take].astype(np.float64)
        x[:, FACING:] = 0.0  # the facing columns: not read (decisions PR5)
        log = fit(prune, x, train["y"][take].astype(np.float64),
                  Round(epochs=epochs, lr=lr, lr_end=lr_end), seed=seed)
        prune.params["w1"][:, FACING:] = 0.0
        prune.meta["fit"] = {"rows": len(take), "games": games, "seed": seed, "epochs": epochs,
                             "held_out": log}
        prune.meta["distilled_from"] = network_digest(full)
        prune.save(made, dtype=np.float32)
    figures = measure(prune.astype(np.float32), held_out, judge.koks)
    entry = {"hidden": hidden, "train_rows": len(train["x"]), "fit": log,
             "measure": figures}
    with open(out / "log.jsonl", "a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")
    click.echo(json.dumps(entry, indent=1))


if __name__ == "__main__":
    cli()
