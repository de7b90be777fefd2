"""Players for matches and benchmarks, and the game loop that checks them.

A :class:`Player` picks one of the legal turns of a roll.  Three kinds:
:class:`RandomPlayer` (uniform over the legal turns), :class:`HeuristicPlayer`
(a hand-written scoring of the end position: pip lead, points held in
front of the opponent's checkers and the longest such run, checkers left
on the head, stacks, checkers home and off) and :class:`EvaluatorPlayer`
(an :class:`~narde_notation.evaluator.evaluate.Evaluator` at 0 or 1 ply).
:func:`play_game` plays one game between two players and refuses any
turn that is not one of the legal turns (R3–R8, R7).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from narde_notation.evaluator.game import (
    FLIP,
    Game,
    Outcome,
    Position,
    Ruleset,
    Side,
    Turn,
    legal_turns,
    mover_view,
    opening_roll,
    resolve_rules,
    roll,
)

if TYPE_CHECKING:
    from narde_notation.evaluator.evaluate import Evaluator

__all__ = [
    "EvaluatorPlayer",
    "GameResult",
    "HeuristicPlayer",
    "IllegalChoiceError",
    "MatchGame",
    "Player",
    "RandomPlayer",
    "play_game",
    "play_match",
]


class Player(Protocol):
    """Anything that picks a turn: ``choose(position, dice) -> Turn``, one of
    ``legal_turns(position, dice, rules)`` (``dice`` higher die first)."""

    def choose(self, position: Position, dice: tuple[int, int]) -> Turn:
        """The turn to play."""
        ...


class RandomPlayer:
    """Uniformly random among the legal turns (one per distinct end position)."""

    def __init__(self, seed: int | random.Random = 0, rules: Ruleset | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.rules = resolve_rules(rules)

    def choose(self, position: Position, dice: tuple[int, int]) -> Turn:
        """A uniformly random legal turn."""
        return self.rng.choice(legal_turns(position, dice, self.rules))


@dataclass(frozen=True)
class HeuristicWeights:
    """Points of the heuristic score, per unit (pips are the scale: 1 per pip of lead)."""

    pip_lead: float = 1.0
    held_in_front: float = 3.0  # per own point held ahead of the opponent's rearmost checker
    longest_run: float = 4.0  # per point of the longest such run (up to six)
    on_head: float = -2.0  # per checker still on the head beyond the first
    stack: float = -1.5  # per checker beyond three on one point
    home: float = 1.0  # per checker home (own 1…6)
    off: float = 2.0  # per checker borne off


def _counts(board: int) -> list[int]:
    return [(board >> (4 * p)) & 15 for p in range(25)]


#: own points in the order the opponent passes them (its own 24 … 1).
_PATH = [FLIP[q] for q in range(24, 0, -1)]


def heuristic_score(me: int, opp: int, w: HeuristicWeights) -> float:
    """The heuristic value of packed boards ``me`` (the side that just moved) and
    ``opp`` (each in its own numbering): higher is better for ``me``."""
    mine, theirs = _counts(me), _counts(opp)
    pips_me = sum(p * mine[p] for p in range(1, 25))
    pips_opp = sum(p * theirs[p] for p in range(1, 25))
    rear = next((k for k, q in enumerate(range(24, 0, -1)) if theirs[q]), 24)
    held = 0
    run = best = 0
    for k, t in enumerate(_PATH):
        if mine[t] and k > rear:
            held += 1
            run += 1
            best = max(best, run)
        else:
            run = 0
    stacks = sum(max(0, n - 3) for n in mine[1:])
    return (w.pip_lead * (pips_opp - pips_me) + w.held_in_front * held
            + w.longest_run * min(best, 6) + w.on_head * max(0, mine[24] - 1)
            + w.stack * stacks + w.home * sum(mine[1:7]) + w.off * mine[0])


class HeuristicPlayer:
    """The legal turn whose end position scores best by :func:`heuristic_score`
    (ties: the first in :func:`legal_turns` order)."""

    def __init__(self, rules: Ruleset | None = None,
                 weights: HeuristicWeights | None = None) -> None:
        self.rules = resolve_rules(rules)
        self.weights = weights or HeuristicWeights()

    def choose(self, position: Position, dice: tuple[int, int]) -> Turn:
        """The best-scoring legal turn."""
        turns = legal_turns(position, dice, self.rules)
        best, best_score = turns[0], float("-inf")
        for turn in turns:
            opp, me, _of, _mf = mover_view(turn.position)
            score = heuristic_score(me, opp, self.weights)
            if score > best_score:
                best, best_score = turn, score
        return best


class EvaluatorPlayer:
    """The evaluator's best turn at ``ply`` 0 or 1."""

    def __init__(self, evaluator: Evaluator, ply: int = 0) -> None:
        self.evaluator = evaluator
        self.ply = ply

    def choose(self, position: Position, dice: tuple[int, int]) -> Turn:
        """:meth:`Evaluator.best_turn`."""
        return self.evaluator.best_turn(position, dice, self.ply)


class IllegalChoiceError(RuntimeError):
    """A player chose a turn that is not one of the legal turns."""


@dataclass(frozen=True)
class GameResult:
    """A finished (or cut) game: the outcome (``None`` if cut at the ply limit),
    the number of half-turns, and who moved first."""

    outcome: Outcome | None
    half_turns: int
    first: Side


def play_game(white: Player, black: Player, rng: random.Random, rules: Ruleset | None = None,
              first: Side | str | None = None, max_half_turns: int = 2000,
              record: list[Position] | None = None) -> GameResult:
    """One game from the start position (R1), dice from ``rng``, ending by R9.

    The game is a :class:`~narde_notation.rules.game.Game` (the one sequencer:
    the opening roll is never a double unless ``reroll``, R2, and the end
    of the game, the ``last-roll-draw`` reply included, R9).

    Args:
        first: who moves first (R2), a side or ``"white"`` / ``"black"``;
            default drawn from ``rng``.
        record: a list that receives every position before a roll.

    Raises:
        IllegalChoiceError: a player returned a turn whose end position is not
            that of a legal turn.
        TypeError: ``first`` is not a side.
    """
    rules = resolve_rules(rules)
    first = rng.choice((Side.WHITE, Side.BLACK)) if first is None else Side.coerce(first)
    game = Game(rules=rules, first_mover=first)
    players: dict[Side, Player] = {Side.WHITE: white, Side.BLACK: black}
    for ply in range(max_half_turns):
        pos = game.position
        if record is not None:
            record.append(pos)
        dice = opening_roll(rng, rules) if ply == 0 else roll(rng)
        mover = pos.side_to_move
        turn = players[mover].choose(pos, dice)
        legal: Sequence[Turn] = game.legal_turns(dice)
        chosen = next((t for t in legal if t.position == turn.position), None)
        if chosen is None:
            raise IllegalChoiceError(f"{type(players[mover]).__name__} chose {turn} with "
                                     f"{dice} in {pos}, not a legal turn")
        result = game.push(chosen)
        if result is not None:
            return GameResult(result, ply + 1, first)
    return GameResult(None, max_half_turns, first)


@dataclass(frozen=True)
class MatchGame:
    """One game of :func:`play_match` from the first player's side."""

    side: Side  # the colour it played
    won: bool
    points_for: int  # points it scored (R9), 0 when it lost
    points_against: int
    half_turns: int


def play_match(player: Player, make_opponent: Callable[[int], Player], games: int, seed: int,
               rules: Ruleset | None = None) -> list[MatchGame]:
    """``games`` games of ``player`` against ``make_opponent(game number)``.

    Colours alternate (``player`` is White in even games) and so does who
    moves first (by pairs of games, so each colour opens as often with
    each player); game ``g``'s dice come from ``random.Random(seed *
    1_000_003 + g)``.  Every turn is checked by :func:`play_game`; a game
    cut at the ply limit or drawn scores nothing.

    Raises:
        IllegalChoiceError: a player chose a turn that is not legal.
    """
    out = []
    for g in range(games):
        other = make_opponent(g)
        mine = Side.WHITE if g % 2 == 0 else Side.BLACK
        white, black = (player, other) if mine is Side.WHITE else (other, player)
        result = play_game(white, black, random.Random(seed * 1_000_003 + g), rules,
                           first=Side.WHITE if (g // 2) % 2 == 0 else Side.BLACK)
        o = result.outcome
        won = o is not None and o.winner is mine
        lost = o is not None and o.winner is mine.other
        out.append(MatchGame(mine, won, o.points if won and o else 0,
                             o.points if lost and o else 0, result.half_turns))
    return out
