"""Rollouts: positions played out to the end many times, gnubg's way.

A rollout plays a position (or each candidate turn of a roll) to the end
``trials`` times with the evaluator choosing both sides' turns, at 0 or 1
ply, and averages what happened: the five probabilities of
:data:`~.network.OUTPUTS` and the equity of R9, each with its standard error.
Three of gnubg's devices make the figures sharper for the same work:

* **shared dice**: trial ``t`` throws the same dice for every candidate,
  so the differences between candidates are not blurred by luck;
* **quasi-random dice**: the first two random rolls of the trials are
  stratified: any 36 consecutive trials (from a multiple of 36) throw each
  of the 36 ordered rolls once as their first roll and once as their
  second, and 1,296 trials every pair of them (seeded permutations, so the
  seed still matters); later rolls come from a generator seeded by
  ``(seed, trial)``, so a trial is the same whatever the chunking; the
  game's first roll (both sides on their first turn) is never a double (R2,
  unless ``reroll``): 30 trials throw each of its 30 ordered throws once;
* **the luck correction** (``luck=True``): before each half-turn the
  evaluator's own 0-ply estimate of every one of the 21 rolls is taken (the
  best turn of each); the luck of the roll thrown (its figure minus their
  mean, R12 odds) is subtracted from the trial's result.  The luck has mean
  zero whatever the players do, so the mean is unchanged; it divides the
  variance by about 3 for 11 times the work, so it is off by default
  (plain dice give smaller errors for the same CPU, docs/decisions.md RO2).

A trial ends when the game is over (R9) or when the position is exact for
the evaluator (both sides have every checker home: the bear-off database,
truncation as gnubg does at its bear-off databases); a trial still going
after :data:`MAX_HALF_TURNS` half-turns takes the evaluator's estimate.

The playout's sequencing is one function, :func:`play_trials`; it reaches
the rules only through :mod:`.game` (the end boards of every roll) and the
:class:`~.search.Judge` (game over and exact positions).  Trials are
played in lockstep, every game of a chunk valued in one matrix evaluation
per half-turn (the batched playout); a chunk of one game is the reference
(tests/evaluator/test_rollout.py plays both and compares).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from narde_notation.evaluator.encoding import packed_boards
from narde_notation.evaluator.estimate import equities, flip
from narde_notation.evaluator.game import (
    ROLLS,
    Position,
    Ruleset,
    Turn,
    child_boards,
    legal_turns,
    mover_view,
    parse_roll,
)
from narde_notation.evaluator.network import Network
from narde_notation.evaluator.prune import prune_network
from narde_notation.evaluator.search import Judge

if TYPE_CHECKING:
    from narde_notation.evaluator.evaluate import Evaluator

__all__ = [
    "CHUNK",
    "DEFAULT_TOP",
    "DEFAULT_TRIALS",
    "MAX_HALF_TURNS",
    "STRATIFIED_ROLLS",
    "RolledOut",
    "Rollout",
    "Runner",
    "Start",
    "Trials",
    "dice_of_trial",
    "iter_rollout",
    "play_trials",
    "trials_share",
]

FloatArray = npt.NDArray[np.float64]

#: a trial still going after this many half-turns takes the evaluator's estimate
#: (a safety net: real games end in about 60 half-turns).
MAX_HALF_TURNS = 1000
#: how many of a trial's first random rolls are stratified (module docstring).
STRATIFIED_ROLLS = 2
#: the 36 ordered throws as rolls (higher die first).
_ORDERED: list[tuple[int, int]] = [(max(a, b), min(a, b)) for a in range(1, 7)
                                   for b in range(1, 7)]
_STRATUM: list[int] = [36 ** k for k in range(STRATIFIED_ROLLS)]  # trials per block of roll k
#: the game's first roll is never a double (R2, unless ``reroll``): its 30 ordered throws.
_OPENING_ORDERED = [t for t in _ORDERED if t[0] != t[1]]


class _Rolls(NamedTuple):
    """The rolls a half-turn may throw: the rolls, their R12 odds, each roll's number."""

    rolls: list[tuple[int, int]]
    probs: FloatArray
    number: dict[tuple[int, int], int]


def _rolls_table(rolls: list[tuple[int, int]], weights: list[float]) -> _Rolls:
    probs = np.array(weights) / sum(weights)
    return _Rolls(rolls, probs, {r: i for i, r in enumerate(rolls)})


_EVERY = _rolls_table([(d1, d2) for d1, d2, _p in ROLLS], [p for _d1, _d2, p in ROLLS])
_OPENING = _rolls_table([(d1, d2) for d1, d2, _p in ROLLS if d1 != d2],
                        [1.0 for d1, d2, _p in ROLLS if d1 != d2])


class Start(NamedTuple):
    """A position to play out, before its side to move rolls (packed boards,
    each in its own numbering, :func:`~.game.mover_view`).

    ``root_moves``: the figures are for the side to move here (a rollout of a
    position); False: for the other side (a candidate turn, its mover's).
    """

    me: int
    opp: int
    me_first: bool
    opp_first: bool
    root_moves: bool


@dataclass
class Trials:
    """Results of trials: ``results[t, s]`` the luck-corrected estimate
    (5, :data:`~.network.OUTPUTS`) of trial ``trials[t]`` from start ``s``,
    from the root's side."""

    trials: list[int]
    results: FloatArray  # (len(trials), n_starts, 5)


def _permutations(seed: int) -> list[list[int]]:
    rng = random.Random(f"narde-rollout-{seed}")
    out = []
    for size in [36] * STRATIFIED_ROLLS + [len(_OPENING_ORDERED)]:  # the last: the opening's
        perm = list(range(size))
        rng.shuffle(perm)
        out.append(perm)
    return out


def dice_of_trial(seed: int, trial: int, count: int, perms: list[list[int]] | None = None,
                  opening: bool = False) -> list[tuple[int, int]]:
    """The first ``count`` random rolls (higher die first) of trial ``trial``:
    the first :data:`STRATIFIED_ROLLS` stratified (roll ``k`` is ordered throw
    ``perm_k[(trial // 36**k + trial) % 36]``, ``trial`` itself for ``k = 0``),
    the rest from ``random.Random`` seeded by ``(seed, trial)``.  ``opening``:
    the first roll is the game's first (R2), one of the 30 throws that are not
    doubles (``perm[trial % 30]``)."""
    dice = _Dice(seed, trial, perms if perms is not None else _permutations(seed), opening)
    return [dice.next() for _ in range(count)]


class _Dice:
    """A trial's rolls, drawn as they are needed (:func:`dice_of_trial`)."""

    def __init__(self, seed: int, trial: int, perms: list[list[int]],
                 opening: bool = False) -> None:
        self.seed, self.trial, self.perms = seed, trial, perms
        self.thrown = 0
        self.opening = opening
        self.rng: random.Random | None = None

    def next(self) -> tuple[int, int]:
        k = self.thrown
        self.thrown += 1
        if k == 0 and self.opening:  # the game's first roll: no double (R2)
            return _OPENING_ORDERED[self.perms[-1][self.trial % len(_OPENING_ORDERED)]]
        if k < STRATIFIED_ROLLS:
            cell = (self.trial // _STRATUM[k] + (self.trial if k else 0)) % 36
            return _ORDERED[self.perms[k][cell]]
        if self.rng is None:
            self.rng = random.Random(self.seed * 1_000_003 + self.trial)
        return _ORDERED[int(self.rng.random() * 36)]


def _to_root(values: FloatArray, root_moves: bool) -> FloatArray:
    """An estimate (5,) of the side to move as the root's (itself or flipped)."""
    return values if root_moves else flip(values[None, :])[0]


class _Game:
    __slots__ = ("dice", "luck", "me", "mf", "of", "opp", "root_moves", "slot")

    def __init__(self, start: Start, dice: _Dice, slot: tuple[int, int]) -> None:
        self.me, self.opp, self.mf, self.of = start.me, start.opp, start.me_first, start.opp_first
        self.root_moves = start.root_moves
        self.dice = dice
        self.slot = slot
        self.luck = np.zeros(5)

    @property
    def opening(self) -> bool:
        """The game's first roll is due (R2: not a double)."""
        return self.dice.opening and self.dice.thrown == 0


def play_trials(judge: Judge, starts: Sequence[Start], trials: Sequence[int], seed: int,
                ply: int = 0, luck: bool = False, batch: int | None = None,
                tick: Callable[[int], None] | None = None) -> Trials:
    """Play trials ``trials`` from every start, sharing each trial's dice.

    Args:
        judge: the evaluator's :class:`~.search.Judge` (values and rankings).
        starts: the positions (:class:`Start`).
        trials: trial numbers (they fix the dice, :func:`dice_of_trial`).
        seed: the rollout's seed.
        ply: the players' depth, 0 or 1 (:meth:`~.search.Judge.rank`).
        luck: apply the luck correction (module docstring).
        batch: games played in lockstep (default: all); 1 is the reference
            playout, one game at a time.
        tick: called with the number of trials finished, as they finish.

    Returns:
        :class:`Trials`, rows in the order of ``trials``.

    Raises:
        ValueError: ``ply`` is not 0 or 1.
    """
    if ply not in (0, 1):
        raise ValueError(f"ply must be 0 or 1, not {ply!r}")
    perms = _permutations(seed)
    results = np.zeros((len(trials), len(starts), 5))
    # a start that is already exact (game over, bear-off database) is its own figure
    now = judge.values([s.me for s in starts], [s.opp for s in starts],
                       [s.me_first for s in starts], [s.opp_first for s in starts])
    played = [j for j in range(len(starts)) if not now.exact[j]]
    for j in range(len(starts)):
        if now.exact[j]:
            results[:, j] = _to_root(now.values[j], starts[j].root_moves)
    # both sides on their first turn: the game's first roll, never a double (R2)
    opening = [s.me_first and s.opp_first and not judge.rules.reroll for s in starts]
    games = [_Game(starts[j], _Dice(seed, t, perms, opening[j]), (i, j))
             for i, t in enumerate(trials) for j in played]
    size = batch or max(1, len(games))
    left = [len(played)] * len(trials)
    if not played and tick is not None:
        tick(len(trials))
    for lo in range(0, len(games), size):
        active = games[lo:lo + size]
        for _ in range(MAX_HALF_TURNS):
            if not active:
                break
            active = _half_turn(judge, active, ply, luck, results, left, tick)
        for g in active:  # cut at the limit: the evaluator's estimate
            got = judge.values([g.me], [g.opp], [g.mf], [g.of]).values[0]
            results[g.slot] = _to_root(got, g.root_moves) - g.luck
            _finish(g, left, tick)
    return Trials(list(trials), results)


def _finish(game: _Game, left: list[int], tick: Callable[[int], None] | None) -> None:
    i = game.slot[0]
    left[i] -= 1
    if left[i] == 0 and tick is not None:
        tick(1)


def _half_turn(judge: Judge, games: list[_Game], ply: int, luck: bool, results: FloatArray,
               left: list[int], tick: Callable[[int], None] | None) -> list[_Game]:
    """One half-turn of every game: the games at their first roll (R2) and the
    others, each group by :func:`_play`."""
    first = [g for g in games if g.opening]
    rest = [g for g in games if not g.opening] if first else games
    still = []
    for group, table in ((first, _OPENING), (rest, _EVERY)):
        if group:
            still.extend(_play(judge, group, table, ply, luck, results, left, tick))
    return still


def _play(judge: Judge, games: list[_Game], table: _Rolls, ply: int, luck: bool,
          results: FloatArray, left: list[int], tick: Callable[[int], None] | None
          ) -> list[_Game]:
    """Throw, find the best turn of every roll (all of ``table``'s with the luck
    correction, :meth:`~.search.Judge.best_replies`), play, and end the games
    that are over or exact."""
    thrown = [g.dice.next() for g in games]
    # the 0-ply best turn of each roll: the 0-ply players' choice, and the
    # luck correction's figures (a 1-ply player with plain dice needs neither)
    if ply == 0 or luck:
        boards, values, exact = judge.best_replies(
            [(g.me, g.opp, g.mf, g.of) for g in games],
            [table.rolls] * len(games) if luck else [[r] for r in thrown])
        # the root's side of each game's figures (the opponent's, flipped where the root moves)
        roots = np.array([g.root_moves for g in games])
        ours = values.copy()
        if roots.any():
            ours[roots] = flip(values[roots].reshape(-1, 5)).reshape(-1, values.shape[1], 5)
        n = np.arange(len(games))
        which = [table.number[r] for r in thrown] if luck else [0] * len(games)
        finals = ours[n, which]  # after the best turn of the roll thrown
        if luck:
            gains = finals - np.einsum("r,nrk->nk", table.probs, ours)
        ends = packed_boards(boards[n, which]) if ply == 0 else []
        over = exact[n, which].tolist()
    # the 1-ply players: every game's turns ranked in one search (rank_many)
    ranks = [] if ply == 0 else judge.rank_many(
        [(child_boards(g.me, g.opp, g.mf, roll[0], roll[1], judge.rules), g.opp, g.of)
         for g, roll in zip(games, thrown, strict=True)], ply=1, playing=True)
    still = []
    for k, g in enumerate(games):
        if luck:
            g.luck += gains[k]
        if ply == 0:
            board, done, final = ends[k], over[k], finals[k]
        else:
            ranked = ranks[k]
            board = ranked.boards[0]
            done = bool(ranked.exact[0])
            final = _to_root(ranked.values[0], g.root_moves)
        if done:
            results[g.slot] = final - g.luck
            _finish(g, left, tick)
            continue
        g.me, g.opp, g.mf, g.of = g.opp, board, g.of, False
        g.root_moves = not g.root_moves
        still.append(g)
    return still


# ---------------------------------------------------------------------------
# Rollouts of a position or of a roll's candidate turns, in chunks of trials

#: trials per chunk of work (one stratum of the first roll).
CHUNK = 36
#: candidates rolled out for a roll when none are named (gnubg's hint rolls out the top few).
DEFAULT_TOP = 5
#: a rollout's default trials (ten strata of the first roll).
DEFAULT_TRIALS = 360


@dataclass(frozen=True)
class RolledOut:
    """One row of a :class:`Rollout`: the figures of a candidate turn (or of the
    position itself), from the mover's side (the side to move, for a position).

    Attributes:
        turn: the candidate turn; ``None`` for a rollout of the position.
        mean: float64 (5,), the mean luck-corrected estimate, columns of
            :data:`~.network.OUTPUTS` (win, win_mars, lose_mars, win_koks, lose_koks).
        se: float64 (5,), their standard errors (0 for an exact row).
        equity: the mean equity (points, R9); ``equity_se`` its standard error.
        loss: equity given up against the first row (points, >= 0 up to noise;
            the rows are ordered by equity); ``loss_se`` its standard error,
            paired (both rows played with the same dice).
        exact: the row's end position is exact (game over or bear-off
            database): no noise.
    """

    turn: Turn | None
    mean: FloatArray
    se: FloatArray
    equity: float
    equity_se: float
    loss: float
    loss_se: float
    exact: bool


@dataclass(frozen=True)
class Rollout:
    """A rollout's figures (:meth:`Evaluator.rollout <.evaluate.Evaluator.rollout>`).

    Attributes:
        position: the position rolled out, before its roll.
        dice: the roll whose candidates were rolled out; ``None`` for the position.
        rows: :class:`RolledOut`, best equity first.
        trials: trials done; ``requested`` those asked for (fewer done after Ctrl-C).
        ply: the players' depth; ``seed``: the dice's seed; ``luck``: the luck
            correction was on.
    """

    position: Position
    dice: tuple[int, int] | None
    rows: list[RolledOut]
    trials: int
    requested: int
    ply: int
    seed: int
    luck: bool

    @property
    def complete(self) -> bool:
        """Every trial asked for was played."""
        return self.trials >= self.requested


def _figures(position: Position, dice: tuple[int, int] | None, turns: Sequence[Turn | None],
             exact: Sequence[bool], results: FloatArray, requested: int, ply: int, seed: int,
             luck: bool, koks: bool) -> Rollout:
    """The :class:`Rollout` of per-trial results (trials, rows, 5)."""
    n = len(results)
    if n == 0:
        raise ValueError("no trial was played")
    eq = np.stack([equities(results[:, j], koks) for j in range(results.shape[1])], axis=1)
    mean_eq = eq.mean(axis=0)
    order = sorted(range(len(turns)), key=lambda j: -mean_eq[j])
    best = order[0]

    def se(x: FloatArray) -> FloatArray:
        out: FloatArray = x.std(axis=0, ddof=1) / np.sqrt(n) if n > 1 else np.full(
            x.shape[1:], np.nan)
        return out

    rows = []
    for j in order:
        diff = eq[:, best] - eq[:, j]
        rows.append(RolledOut(turns[j], results[:, j].mean(axis=0), se(results[:, j]),
                              float(mean_eq[j]), float(se(eq[:, j:j + 1])[0]),
                              float(diff.mean()), 0.0 if j == best else float(
                                  se(diff[:, None])[0]), exact[j]))
    return Rollout(position, dice, rows, n, requested, ply, seed, luck)


#: how chunks of trials are run: ``runner(work, chunks, options)`` yields, in
#: chunk order, ``work("rollout", share=(k, chunks), **options)`` for each
#: chunk ``k`` (the command line's runs them in worker processes or on Dask,
#: :mod:`narde_notation.archive.executor`); the default runs them here, in turn.
Runner = Callable[[Callable[..., Trials], int, dict[str, Any]], Iterator[Trials]]


def _here(work: Callable[..., Trials], chunks: int, options: dict[str, Any]) -> Iterator[Trials]:
    return (work("rollout", share=(k, chunks), **options) for k in range(chunks))


def trials_share(label: str, share: tuple[int, int] = (0, 1), *, network: Network,
                  rules: Ruleset, starts: list[Start], trials: int, seed: int, ply: int,
                  luck: bool, location: str | None = None, prune: bool = True) -> Trials:
    """A :data:`Runner`'s unit of work: chunk ``share[0]`` of the trials (:data:`CHUNK`
    consecutive trials), played from ``starts`` by a Judge of ``network``; at 1 ply
    with the pruning network when ``prune`` (:mod:`.prune`, docs/decisions.md PR3)."""
    k = share[0]
    judge = Judge(network, rules, dtype=np.float32,
                  prune=prune_network() if prune and ply == 1 else None)
    return play_trials(judge, starts, range(k * CHUNK, min(trials, (k + 1) * CHUNK)), seed,
                       ply, luck)


def _check_arguments(**arguments: object) -> None:
    """TypeError naming the argument when an int or a bool argument is not one
    (a string "no" would otherwise pass for True, "36" fail deep inside)."""
    for name, value in arguments.items():
        flag = name in ("luck", "prune")
        is_flag = isinstance(value, bool | np.bool_)
        if not is_flag if flag else is_flag or not isinstance(value, int | np.integer):
            raise TypeError(f"{name} must be {'True or False' if flag else 'an int'},"
                            f" not {value!r}")


def iter_rollout(evaluator: Evaluator, position: Position, dice: tuple[int, int] | str | None,
                 *, trials: int = DEFAULT_TRIALS, ply: int = 0, seed: int = 0,
                 turns: Sequence[Turn] | None = None, top: int = DEFAULT_TOP,
                 luck: bool = False, runner: Runner | None = None,
                 prune: bool = True) -> Iterator[Rollout]:
    """The figures of a rollout after each chunk of :data:`CHUNK` trials (the
    last one complete); arguments as :meth:`Evaluator.rollout
    <.evaluate.Evaluator.rollout>`; ``prune``: the 1-ply players pick the
    opponent's replies among the pruning network's 8 best (decisions PR3,
    PR5).  Stopping the iteration (Ctrl-C) keeps the figures last yielded:
    every trial finished so far, chunks in order.

    Raises:
        ValueError: the game is over, ``dice`` has no legal play (a pass), a
            turn that is not legal, ``trials`` < 2, ``top`` < 1 or ``ply`` not
            0 or 1.
        TypeError: ``trials``, ``ply``, ``seed`` or ``top`` not an int,
            ``luck`` or ``prune`` not a bool.
        NotationError: a bad roll.
        Exception: what ``runner`` raises (a chunk that failed in a worker).
    """
    if position.is_game_over():
        raise ValueError("the game is over in this position (R9): nothing to roll out")
    _check_arguments(trials=trials, ply=ply, seed=seed, top=top, luck=luck, prune=prune)
    trials, ply, seed, top = int(trials), int(ply), int(seed), int(top)  # numpy's ints too
    luck, prune = bool(luck), bool(prune)
    if trials < 2:
        raise ValueError(f"a rollout needs at least 2 trials (for its errors), not {trials}")
    if top < 1:
        raise ValueError(f"top must be at least 1, not {top}")
    if ply not in (0, 1):
        raise ValueError(f"ply must be 0 or 1, not {ply!r}")
    me, opp, mf, of = mover_view(position)
    roll: tuple[int, int] | None = None
    rows: list[Turn | None]
    if dice is None:
        rows = [None]
        starts = [Start(me, opp, mf, of, True)]
    else:
        roll = parse_roll(dice)
        legal = legal_turns(position, roll, evaluator.rules)
        if len(legal) == 1 and not legal[0].steps:
            raise ValueError(f"no legal play with {roll[0]}{roll[1]} in this position (R7):"
                             " the turn is a pass, nothing to roll out")
        if turns is None:
            turns = [r.turn for r in evaluator.rank_turns(position, roll, ply)[:top]]
        ends = {t.position: t for t in legal}
        for t in turns:
            if t.position not in ends:
                raise ValueError(f"{t.notation()} is not a legal turn of {roll[0]}{roll[1]}")
        rows = list(turns)
        starts = []
        for t in turns:
            o2, m2, of2, _mf2 = mover_view(t.position)
            starts.append(Start(o2, m2, of2, False, False))
    judge = evaluator.judge
    now = judge.values([s.me for s in starts], [s.opp for s in starts],
                       [s.me_first for s in starts], [s.opp_first for s in starts])
    exact = [bool(x) for x in now.exact]
    chunks = -(-trials // CHUNK)
    options = {"network": evaluator.network, "rules": evaluator.rules, "starts": starts,
               "trials": trials, "seed": seed, "ply": ply, "luck": luck, "prune": prune}
    done: list[FloatArray] = []
    for got in (runner or _here)(trials_share, chunks, options):
        done.append(got.results)
        yield _figures(position, roll, rows, exact, np.concatenate(done), trials, ply, seed,
                       luck, evaluator.rules.koks)
