"""TD(λ) self-play training of the evaluator's network, resumable; ``promote``.

Usage::

    python -m narde_notation.evaluator.train run --out training/run1 --seed 1
    python -m narde_notation.evaluator.train run --out training/run2 --init CHECKPOINT
    python -m narde_notation.evaluator.train promote training/run1

``--init`` starts a new run from trained weights or a checkpoint, widened to
this encoding's inputs with zero weights on the new ones (decisions N4).

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
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from types import FrameType
from typing import Any

import click
import numpy as np
import numpy.typing as npt

from narde_notation.evaluator.bearoff import database
from narde_notation.evaluator.encoding import ENCODING, N_INPUTS, PREFIX_OF, encode
from narde_notation.evaluator.estimate import equities, flip
from narde_notation.evaluator.evaluate import SHIPPED_WEIGHTS, Evaluator
from narde_notation.evaluator.game import HEAD_ONLY, Ruleset, child_boards, opening_roll, roll
from narde_notation.evaluator.network import Network, adam_step
from narde_notation.evaluator.players import (
    EvaluatorPlayer,
    HeuristicPlayer,
    Player,
    RandomPlayer,
    play_match,
)
from narde_notation.evaluator.search import Judge
from narde_notation.version import __version__

__all__ = ["Config", "Trainer", "averaged", "match_points", "self_play_game", "self_play_games",
           "snapshot_path"]

FloatArray = npt.NDArray[np.float64]
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
    parallel: int = 16  # games played in lockstep (one evaluation per half-turn of all)
    init: str = ""  # weights a new run starts from (widened to these inputs and hidden units)
    snapshots: bool = True  # each checkpoint's weights also kept in OUT/snapshots (averaging)


def self_play_games(judge: Judge, rngs: list[random.Random], lam: float,
                    max_half_turns: int = 1500) -> list[tuple[FloatArray, FloatArray] | None]:
    """Greedy 0-ply self-play games in lockstep, one per ``rngs`` item (its dice):
    each game's inputs (T, N_INPUTS) of the positions before each roll and their
    λ-return targets (T, 5); ``None`` for a game cut at ``max_half_turns``.

    Each half-turn of all unfinished games is one evaluation of all their
    candidates (the same results as one game at a time).  The dice are the
    game's (:func:`~narde_notation.rules.game.opening_roll` first, R2); a game
    ends on the judge's exact value, which is R9's under rules without
    ``last-roll-draw`` (decisions G4).

    Raises:
        ValueError: the judge's rules have ``last-roll-draw`` (its reply is
            not sequenced here).
    """
    if judge.rules.last_roll_draw:
        raise ValueError("self-play sequences games without last-roll-draw's reply (R9)")
    n = len(rngs)
    x0 = encode([HEAD_ONLY], [HEAD_ONLY], [True], [True])[0]
    v0 = judge.network.forward(x0[None, :])[0]
    boards = [(HEAD_ONLY, HEAD_ONLY, True, True)] * n  # mover, opponent, their first-turn flags
    xs: list[list[FloatArray]] = [[x0] for _ in range(n)]
    vs: list[list[FloatArray]] = [[v0] for _ in range(n)]
    finals: list[FloatArray | None] = [None] * n
    active = list(range(n))
    for ply in range(max_half_turns):
        if not active:
            break
        movers: list[int] = []
        others: list[int] = []
        firsts: list[bool] = []
        cuts = [0]
        kids_of = []
        for g in active:
            me, opp, me_first, opp_first = boards[g]
            d1, d2 = opening_roll(rngs[g], judge.rules) if ply == 0 else roll(rngs[g])
            kids = child_boards(me, opp, me_first, d1, d2, judge.rules)
            kids_of.append(kids)
            movers.extend([opp] * len(kids))
            others.extend(kids)
            firsts.extend([opp_first] * len(kids))
            cuts.append(len(others))
        got = judge.values(movers, others, firsts, [False] * len(others), want_inputs=True)
        eq = equities(got.values, False)
        still = []
        for j, g in enumerate(active):
            k = cuts[j] + int(np.argmin(eq[cuts[j]:cuts[j + 1]]))  # the opponent's worst
            if got.exact[k]:
                finals[g] = got.values[k]
                continue
            assert got.inputs is not None
            xs[g].append(got.inputs[k])
            vs[g].append(got.values[k])
            _me, opp, _mf, opp_first = boards[g]
            boards[g] = (opp, kids_of[j][k - cuts[j]], opp_first, False)
            still.append(g)
        active = still
    out: list[tuple[FloatArray, FloatArray] | None] = []
    for g in range(n):
        final = finals[g]
        if final is None:
            out.append(None)
            continue
        targets = np.empty((len(xs[g]), 5))
        nxt = final  # the value of the position after the last state, from its mover's side
        ret = final
        for t in range(len(xs[g]) - 1, -1, -1):
            ret = flip(((1 - lam) * nxt + lam * ret)[None, :])[0]
            targets[t] = ret
            nxt = vs[g][t]
        out.append((np.asarray(xs[g]), targets))
    return out


def self_play_game(judge: Judge, rng: random.Random, lam: float,
                   max_half_turns: int = 1500) -> tuple[FloatArray, FloatArray] | None:
    """One game of :func:`self_play_games`."""
    return self_play_games(judge, [rng], lam, max_half_turns)[0]


def _placed(old: FloatArray, shape: tuple[int, ...]) -> FloatArray:
    """Zeros of ``shape`` with ``old`` in their first rows and columns."""
    out = np.zeros(shape)
    out[tuple(slice(0, n) for n in old.shape)] = old
    return out


def _warm_start(path: Path, hidden: int, seed: int
                ) -> tuple[Network, dict[str, dict[str, FloatArray]] | None, int]:
    """The network of weights file ``path`` widened to this encoding's inputs and
    ``hidden`` units, computing the same outputs (:meth:`Network.widened`; its
    metadata says where it started), and, when ``path`` is a training
    checkpoint, its Adam moments (zeros for the new weights) and steps, so
    the run goes on from it without Adam's fresh start."""
    start, extra = Network.load(path)
    made_for = start.meta.get("encoding", ENCODING)
    if PREFIX_OF.get(made_for) != start.n_inputs:
        raise click.UsageError(f"{path}: weights for input encoding {made_for} "
                               f"({start.n_inputs} inputs) cannot start encoding {ENCODING}")
    network = start.widened(N_INPUTS, hidden, seed=seed)
    network.meta = {"init": {"path": str(path), "games": start.meta.get("games"),
                             "encoding": made_for, "hidden": start.n_hidden}}
    if not all(f"{m}_{k}" in extra for m in "mv" for k in _PARAMS):
        return network, None, 0
    moments = {m: {k: _placed(extra[f"{m}_{k}"], network.params[k].shape) for k in _PARAMS}
               for m in "mv"}
    return network, moments, int(start.meta.get("steps", 0))


class Trainer:
    """The state of a run: network, Adam moments, games played (module docstring)."""

    def __init__(self, out: Path, config: Config) -> None:
        self.out = out
        out.mkdir(parents=True, exist_ok=True)  # a new run's folder: its log is written first
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
            moments = None
            self.games = 0
            self.steps = 0
            if config.init:
                self.network, moments, self.steps = _warm_start(Path(config.init), config.hidden,
                                                                config.seed)
            else:
                self.network = Network(N_INPUTS, config.hidden, seed=config.seed)
            self.m = moments["m"] if moments else {k: np.zeros_like(v) for k, v in
                                                   self.network.params.items()}
            self.v = moments["v"] if moments else {k: np.zeros_like(v) for k, v in
                                                   self.network.params.items()}
            self.resumed = False
        self.judge = Judge(self.network, _STANDARD, database())

    def _adam(self, grads: dict[str, FloatArray]) -> None:
        self.steps += 1
        adam_step(self.network.params, grads, self.m, self.v, self.steps, self.config.lr)

    def train_games(self, count: int = 1) -> float:
        """Play the next ``count`` games in lockstep and learn from them: Adam steps
        on minibatches of their positions, shuffled; the mean loss (NaN if every
        game was cut)."""
        rngs = [random.Random(self.config.seed * 1_000_003 + self.games + i)
                for i in range(count)]
        self.games += count
        played = [g for g in self_play_games(self.judge, rngs, self.config.lam) if g is not None]
        if not played:
            return float("nan")
        x = np.concatenate([g[0] for g in played])
        y = np.concatenate([g[1] for g in played])
        order = np.random.default_rng(self.config.seed * 7_919 + self.games).permutation(len(x))
        losses = []
        for start in range(0, len(x), self.config.batch):
            rows = order[start:start + self.config.batch]
            grads, loss = self.network.gradients(x[rows], y[rows])
            self._adam(grads)
            losses.append(loss)
        return float(np.mean(losses))

    def train_game(self) -> float:
        """:meth:`train_games` of one game."""
        return self.train_games(1)

    def save(self) -> None:
        """Write the checkpoint atomically."""
        self.network.meta.update(games=self.games, steps=self.steps, config=asdict(self.config),
                                 encoding=ENCODING)
        extra = {f"m_{k}": self.m[k] for k in _PARAMS} | {f"v_{k}": self.v[k] for k in _PARAMS}
        self.network.save(self.path, extra=extra)
        if self.config.snapshots:
            self.network.save(snapshot_path(self.out, self.games), dtype=np.float32)


def snapshot_path(out: Path, games: int) -> Path:
    """Where a run keeps the weights of its checkpoint after ``games`` games
    (float32, no Adam moments; names sort by games)."""
    return out / "snapshots" / f"games-{games:09d}.npz"


def averaged(paths: Sequence[Path]) -> Network:
    """A network whose weights are the mean of the weights in ``paths`` (checkpoints
    or snapshots of one run, so one shape; Polyak averaging of the run's last
    stretch, decisions W1), its metadata the last one's with ``averaged``: the
    games of each.

    Raises:
        ValueError: no paths, or networks of different shapes.
    """
    if not paths:
        raise ValueError("no weights to average")
    nets = [Network.load(path)[0] for path in paths]
    shapes = {tuple(n.params[k].shape for k in _PARAMS) for n in nets}
    if len(shapes) != 1:
        raise ValueError(f"weights of different shapes cannot be averaged: {sorted(shapes)}")
    params = {k: np.mean([np.asarray(n.params[k], dtype=np.float64) for n in nets], axis=0)
              for k in _PARAMS}
    meta = dict(nets[-1].meta)
    meta["averaged"] = [n.meta.get("games") for n in nets]
    return Network(nets[-1].n_inputs, nets[-1].n_hidden, params=params, meta=meta)


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
@click.option("--parallel", type=int, default=Config.parallel, show_default=True,
              help="Games played in lockstep (one network evaluation per half-turn of all).")
@click.option("--init", "init", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              default=None, help="A new run starts from these weights or checkpoint (an older"
              " encoding's are widened with zero weights; --hidden adds units with zero output"
              " weights; a checkpoint's Adam moments and steps go on).")
def run(out: Path, seed: int, hidden: int, lr: float, lam: float, games: int | None,
        eval_every: int, eval_games: int, checkpoint_minutes: float, parallel: int,
        init: Path | None) -> None:
    """Self-play TD(λ) training into OUT (resumes OUT/checkpoint.npz).

    A resumed run keeps its stored settings; --lr, --eval-every, --eval-games,
    --checkpoint-minutes and --parallel given on the command line replace them.
    """
    trainer = Trainer(out, Config(seed, hidden, lr, lam, 32, eval_every, eval_games,
                                  checkpoint_minutes, parallel, str(init) if init else ""))
    if trainer.resumed:
        ctx = click.get_current_context()
        given: dict[str, Any] = {name: value for name, value in (
            ("lr", lr), ("eval_every", eval_every), ("eval_games", eval_games),
            ("checkpoint_minutes", checkpoint_minutes), ("parallel", parallel))
            if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE}
        trainer.config = replace(trainer.config, **given)
    cfg = trainer.config
    click.echo(f"{'resumed' if trainer.resumed else 'new'} run {out}: {trainer.games} games, "
               f"config {asdict(cfg)}", err=False)
    stop: list[bool] = []

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.append(True)

    # the run's own handlers, put back when it ends (a caller in the same
    # process, such as the tests, keeps its Ctrl-C)
    before_term = signal.signal(signal.SIGTERM, on_signal)
    before_int = signal.signal(signal.SIGINT, on_signal)
    try:
        _train_until(trainer, out, games, stop)
    finally:
        signal.signal(signal.SIGTERM, before_term)
        signal.signal(signal.SIGINT, before_int)
    trainer.save()
    click.echo(f"saved {trainer.path} after {trainer.games} games")


def _train_until(trainer: Trainer, out: Path, games: int | None, stop: list[bool]) -> None:
    """:func:`run`'s loop: batches of self-play games until ``games`` or a
    signal (``stop``), logging, measuring and checkpointing as it goes."""
    cfg = trainer.config
    last_save = time.monotonic()
    t0, g0, recent = time.monotonic(), trainer.games, []
    while not stop and (games is None or trainer.games < games):
        before = trainer.games
        count = cfg.parallel if games is None else min(cfg.parallel, games - before)
        recent.append(trainer.train_games(count))
        if trainer.games // 100 > before // 100:
            rate = (trainer.games - g0) / (time.monotonic() - t0)
            click.echo(f"games {trainer.games}  loss {np.nanmean(recent):.4f}  "
                       f"{rate:.1f} games/s", err=False)
            sys.stdout.flush()
            recent = []
        if trainer.games // cfg.eval_every > before // cfg.eval_every:
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


@cli.command()
@click.argument("run_dir", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option("--to", "target", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write (default: the package's shipped weights).")
@click.option("--measure-games", type=int, default=200, show_default=True,
              help="Games of a fresh 0-ply match against the random and the heuristic"
                   " player, recorded as the strength reached (0: the run's last log entry).")
@click.option("--average", type=int, default=0, show_default=True,
              help="Ship the mean of the weights of the run's last K snapshots (0: the"
                   " checkpoint).")
def promote(run_dir: Path, target: Path | None, measure_games: int, average: int) -> None:
    """Write RUN_DIR's checkpoint as the shipped weights (float32, with metadata);
    with --average K, the mean of the weights of its last K snapshots."""
    if average > 0:
        kept = sorted((run_dir / "snapshots").glob("games-*.npz"))[-average:]
        if len(kept) < average:
            raise click.UsageError(f"{run_dir / 'snapshots'} holds {len(kept)} snapshots,"
                                   f" not {average}")
        net = averaged(kept)
    else:
        net, _extra = Network.load(run_dir / "checkpoint.npz")
    config = net.meta.get("config", {})
    if measure_games > 0:
        net.meta["strength"] = {"games": net.meta.get("games"), "time": time.time(), **{
            opponent: match_points(net, opponent, measure_games, seed=4_242)
            for opponent in ("random", "heuristic")}}
    # a warm-started run's weights stand on the games of the weights it started from too
    games = net.meta.get("games")
    started = (net.meta.get("init") or {}).get("games")
    shipped = Network(net.n_inputs, net.n_hidden, params=net.params, meta={
        "games": games + started if games is not None and started else games,
        "run_games": games, "seed": config.get("seed"), "config": config,
        "encoding": net.meta.get("encoding"), "code_version": _code_version(),
        "strength": net.meta.get("strength"), "init": net.meta.get("init"),
        "averaged": net.meta.get("averaged"),
        "promoted": time.strftime(
            "%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "recipe": "TD(lambda) self-play, "
        "narde_notation.evaluator.train"})
    dest = target or SHIPPED_WEIGHTS
    shipped.save(dest, dtype=np.float32)
    click.echo(f"wrote {dest}: {shipped.meta['games']} games, strength {shipped.meta['strength']}")


if __name__ == "__main__":
    cli()
