"""TD(λ) self-play training of the evaluator's network, resumable; ``promote``.

Usage::

    python -m narde_notation.evaluator.train run --out training/run1 --seed 1
    python -m narde_notation.evaluator.train promote training/run1

``run`` plays greedy 0-ply self-play games under the standard rules (dice
from ``random.Random(seed * 1_000_003 + game number)``, so a resumed run
plays the games it would have played).  After each game the forward-view
λ-return of every position is the target of all five outputs (Tesauro's
TD(λ) in its offline form): ``G_t = flip((1 - λ) V(s_t+1) + λ G_t+1)``,
the last target the game's result (R9) or the exact bear-off estimate
once both sides are home (the game stops there).  The targets train the
network by Adam steps on minibatches of the game's positions.

Every ``--checkpoint-minutes`` (and on SIGTERM / Ctrl-C) the state goes to
``OUT/checkpoint.npz`` atomically (a temporary file, then ``os.replace``);
``run`` with the same ``--out`` resumes from it.  Every ``--eval-every``
games a match of ``--eval-games`` games (colours alternating, dice seeded)
against the random and the heuristic player is logged to stdout and to
``OUT/strength.jsonl``.

``promote`` writes the checkpoint's network as float32 package data
(:data:`~narde_notation.evaluator.evaluate.SHIPPED_WEIGHTS`) with its
metadata: games trained, seed, code version, and the strength reached (a
fresh 0-ply match of ``--measure-games`` games against each of the random
and the heuristic player, dice seeded).
"""

from __future__ import annotations

import os

# The matrices are small: BLAS threads only wait for each other (0.28 ms against 5 ms for a
# 32-row gradient here).  Set before numpy is first imported by this process.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import json
import random
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from types import FrameType
from typing import Any

import click
import numpy as np
import numpy.typing as npt

from narde_notation.evaluator.bearoff import database
from narde_notation.evaluator.encoding import ENCODING, N_INPUTS, encode
from narde_notation.evaluator.estimate import equities, flip
from narde_notation.evaluator.evaluate import SHIPPED_WEIGHTS, Evaluator
from narde_notation.evaluator.game import Ruleset, child_boards
from narde_notation.evaluator.network import Network
from narde_notation.evaluator.players import (
    EvaluatorPlayer,
    HeuristicPlayer,
    Player,
    RandomPlayer,
    play_match,
)
from narde_notation.evaluator.search import Judge
from narde_notation.version import __version__

__all__ = ["Config", "Trainer", "match_points", "self_play_game"]

FloatArray = npt.NDArray[np.float64]
_START = 15 << 96  # 15 checkers on the head (own 24), R1
_STANDARD = Ruleset()
_PARAMS = ("w1", "b1", "w2", "b2")


@dataclass
class Config:
    """Training settings (stored in the checkpoint; a resumed run keeps them)."""

    seed: int = 1
    hidden: int = 80
    lr: float = 1e-3
    lam: float = 0.7
    batch: int = 32
    eval_every: int = 2000
    eval_games: int = 200
    checkpoint_minutes: float = 5.0


def _roll(rng: random.Random, first: bool) -> tuple[int, int]:
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if a != b or not first:  # R2: the opening roll is never a double
            return (a, b) if a >= b else (b, a)


def self_play_game(judge: Judge, rng: random.Random, lam: float,
                   max_half_turns: int = 1500) -> tuple[FloatArray, FloatArray] | None:
    """One greedy 0-ply self-play game: inputs (T, N_INPUTS) of the positions
    before each roll and their λ-return targets (T, 5); ``None`` if cut."""
    me, opp, me_first, opp_first = _START, _START, True, True
    xs = [encode([me], [opp], [True], [True])[0]]
    vs = [judge.network.forward(xs[0][None, :])[0]]
    final: FloatArray | None = None
    for ply in range(max_half_turns):
        d1, d2 = _roll(rng, ply == 0)
        kids = child_boards(me, opp, me_first, d1, d2, judge.rules)
        got = judge.after_turns(kids, opp, opp_first, want_inputs=True)
        k = int(np.argmin(equities(got.values, False)))  # the opponent's worst = mover's best
        if got.exact[k]:
            final = got.values[k]
            break
        assert got.inputs is not None
        xs.append(got.inputs[k])
        vs.append(got.values[k])
        me, opp, me_first, opp_first = opp, kids[k], opp_first, False
    if final is None:
        return None
    targets = np.empty((len(xs), 5))
    nxt = final  # the value of the position after the last state, from its mover's side
    g = final
    for t in range(len(xs) - 1, -1, -1):
        g = flip(((1 - lam) * nxt + lam * g)[None, :])[0]
        targets[t] = g
        nxt = vs[t]
    return np.asarray(xs), targets


class Trainer:
    """The state of a run: network, Adam moments, games played (module docstring)."""

    def __init__(self, out: Path, config: Config) -> None:
        self.out = out
        self.path = out / "checkpoint.npz"
        if self.path.exists():
            net, extra = Network.load(self.path)
            stored = net.meta.get("config", {})
            self.config = Config(**stored)
            self.games = int(net.meta.get("games", 0))
            self.steps = int(net.meta.get("steps", 0))
            self.m = {k: extra[f"m_{k}"] for k in _PARAMS}
            self.v = {k: extra[f"v_{k}"] for k in _PARAMS}
            self.network = net
            self.resumed = True
        else:
            self.config = config
            self.network = Network(N_INPUTS, config.hidden, seed=config.seed)
            self.games = 0
            self.steps = 0
            self.m = {k: np.zeros_like(v) for k, v in self.network.params.items()}
            self.v = {k: np.zeros_like(v) for k, v in self.network.params.items()}
            self.resumed = False
        self.judge = Judge(self.network, _STANDARD, database())

    def _adam(self, grads: dict[str, FloatArray]) -> None:
        self.steps += 1
        b1, b2, lr = 0.9, 0.999, self.config.lr
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            m_hat = self.m[k] / (1 - b1 ** self.steps)
            v_hat = self.v[k] / (1 - b2 ** self.steps)
            self.network.params[k] -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)

    def train_game(self) -> float:
        """Play and learn from the next game; its mean loss (NaN if the game was cut)."""
        rng = random.Random(self.config.seed * 1_000_003 + self.games)
        self.games += 1
        got = self_play_game(self.judge, rng, self.config.lam)
        if got is None:
            return float("nan")
        x, y = got
        order = np.random.default_rng(self.config.seed * 7_919 + self.games).permutation(len(x))
        losses = []
        for start in range(0, len(x), self.config.batch):
            rows = order[start:start + self.config.batch]
            grads, loss = self.network.gradients(x[rows], y[rows])
            self._adam(grads)
            losses.append(loss)
        return float(np.mean(losses))

    def save(self) -> None:
        """Write the checkpoint atomically."""
        self.network.meta.update(games=self.games, steps=self.steps, config=asdict(self.config),
                                 encoding=ENCODING)
        extra = {f"m_{k}": self.m[k] for k in _PARAMS} | {f"v_{k}": self.v[k] for k in _PARAMS}
        self.network.save(self.path, extra=extra)


def match_points(network: Network, opponent: str, games: int, seed: int,
                 rules: Ruleset | None = None) -> dict[str, float]:
    """A 0-ply match of ``network`` against ``"random"`` or ``"heuristic"``
    (:func:`~narde_notation.evaluator.players.play_match`): its share of the
    games and of the points (R9)."""
    rules = rules or _STANDARD

    def make(g: int) -> Player:
        if opponent == "random":
            return RandomPlayer(seed * 31 + g, rules)
        return HeuristicPlayer(rules)

    played = play_match(EvaluatorPlayer(Evaluator(rules, network=network)), make, games, seed,
                        rules)
    points_for = sum(m.points_for for m in played)
    total = points_for + sum(m.points_against for m in played)
    return {"games": games, "win_rate": sum(m.won for m in played) / games,
            "points_share": points_for / total if total else float("nan")}


def _code_version() -> str:
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, cwd=Path(__file__).parent, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return f"{__version__}+{commit}" if commit else __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Train the evaluator's network by self-play, and ship it."""


@cli.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="Run folder: checkpoint.npz, strength.jsonl (resumed when present).")
@click.option("--seed", type=int, default=Config.seed, show_default=True)
@click.option("--hidden", type=int, default=Config.hidden, show_default=True)
@click.option("--lr", type=float, default=Config.lr, show_default=True)
@click.option("--lam", "lam", type=float, default=Config.lam, show_default=True,
              help="TD's λ.")
@click.option("--games", type=int, default=None, help="Stop after this many games in all.")
@click.option("--eval-every", type=int, default=Config.eval_every, show_default=True)
@click.option("--eval-games", type=int, default=Config.eval_games, show_default=True)
@click.option("--checkpoint-minutes", type=float, default=Config.checkpoint_minutes,
              show_default=True)
def run(out: Path, seed: int, hidden: int, lr: float, lam: float, games: int | None,
        eval_every: int, eval_games: int, checkpoint_minutes: float) -> None:
    """Self-play TD(λ) training into OUT (resumes OUT/checkpoint.npz)."""
    trainer = Trainer(out, Config(seed, hidden, lr, lam, 32, eval_every, eval_games,
                                  checkpoint_minutes))
    cfg = trainer.config
    click.echo(f"{'resumed' if trainer.resumed else 'new'} run {out}: {trainer.games} games, "
               f"config {asdict(cfg)}", err=False)
    stop: list[bool] = []

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.append(True)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    last_save = time.monotonic()
    t0, g0, recent = time.monotonic(), trainer.games, []
    while not stop and (games is None or trainer.games < games):
        recent.append(trainer.train_game())
        if trainer.games % 100 == 0:
            rate = (trainer.games - g0) / (time.monotonic() - t0)
            click.echo(f"games {trainer.games}  loss {np.nanmean(recent):.4f}  "
                       f"{rate:.1f} games/s", err=False)
            sys.stdout.flush()
            recent = []
        if trainer.games % cfg.eval_every == 0:
            entry: dict[str, Any] = {"games": trainer.games, "time": time.time()}
            for opponent in ("random", "heuristic"):
                entry[opponent] = match_points(trainer.network, opponent, cfg.eval_games,
                                               seed=9_999)
            click.echo(f"strength {json.dumps(entry)}")
            with open(out / "strength.jsonl", "a", encoding="utf-8") as fh:
                fh.write(json.dumps(entry) + "\n")
            trainer.network.meta["strength"] = entry
        if time.monotonic() - last_save > 60 * cfg.checkpoint_minutes:
            trainer.save()
            last_save = time.monotonic()
    trainer.save()
    click.echo(f"saved {trainer.path} after {trainer.games} games")


@cli.command()
@click.argument("run_dir", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option("--to", "target", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write (default: the package's shipped weights).")
@click.option("--measure-games", type=int, default=200, show_default=True,
              help="Games of a fresh 0-ply match against the random and the heuristic"
                   " player, recorded as the strength reached (0: the run's last log entry).")
def promote(run_dir: Path, target: Path | None, measure_games: int) -> None:
    """Write RUN_DIR's checkpoint as the shipped weights (float32, with metadata)."""
    net, _extra = Network.load(run_dir / "checkpoint.npz")
    config = net.meta.get("config", {})
    if measure_games > 0:
        net.meta["strength"] = {"games": net.meta.get("games"), "time": time.time(), **{
            opponent: match_points(net, opponent, measure_games, seed=4_242)
            for opponent in ("random", "heuristic")}}
    shipped = Network(net.n_inputs, net.n_hidden, params=net.params, meta={
        "games": net.meta.get("games"), "seed": config.get("seed"), "config": config,
        "encoding": net.meta.get("encoding"), "code_version": _code_version(),
        "strength": net.meta.get("strength"), "promoted": time.strftime(
            "%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "recipe": "TD(lambda) self-play, "
        "narde_notation.evaluator.train"})
    dest = target or SHIPPED_WEIGHTS
    shipped.save(dest, dtype=np.float32)
    click.echo(f"wrote {dest}: {shipped.meta['games']} games, strength {shipped.meta['strength']}")


if __name__ == "__main__":
    cli()
