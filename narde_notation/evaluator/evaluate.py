"""The evaluator's public face: :class:`Evaluator` and :func:`expected_rolls`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from narde_notation.evaluator.bearoff import database
from narde_notation.evaluator.encoding import ENCODING, N_INPUTS, PREFIX_OF
from narde_notation.evaluator.estimate import Estimate, RankedTurn
from narde_notation.evaluator.game import (
    Position,
    Ruleset,
    Side,
    Turn,
    child_boards,
    legal_turns,
    mover_view,
    parse_roll,
    resolve_rules,
)
from narde_notation.evaluator.network import Network
from narde_notation.evaluator.search import Judge, Ranking

if TYPE_CHECKING:
    from narde_notation.evaluator.rollout import Rollout, Runner

__all__ = ["SHIPPED_WEIGHTS", "Evaluator", "expected_rolls"]

#: the trained network shipped with the package (``python -m
#: narde_notation.evaluator.train promote`` writes it).
SHIPPED_WEIGHTS = Path(__file__).with_name("data") / "weights.npz"
_MOVEMENT = ("reroll", "head_doubles_64", "head_exception_strict", "end_of_turn_block")


def _check_position(position: object) -> None:
    """TypeError unless ``position`` is a :class:`Position` (a plain tuple of
    five numbers would be read as packed boards: decisions R12)."""
    if not isinstance(position, Position):
        raise TypeError("position must be a Position (Position.from_string(\"24:15 / 24:15 /"
                        f" W\")), not {type(position).__name__}")


class Evaluator:
    """Estimates of Long Narde positions and rankings of legal turns.

    Args:
        rules: the ruleset (``None`` = standard).  ``koks`` adds koks to
            the equity (3 points, R9); the movement variants (``reroll``,
            ``head-doubles-64``, ``head-exception-strict``,
            ``end-of-turn-block``) change the legal turns and use the same
            network, trained under the standard rules (:attr:`notes` says
            so); ``last-roll-draw``'s draw is not modelled (a win by the
            first side to finish is counted as a win).
        weights: a weights file written by :meth:`Network.save` (default:
            the shipped :data:`SHIPPED_WEIGHTS`).
        network: a :class:`Network` to use instead of a file (evaluated in
            float32 from a copy of its weights made here: later changes to
            its weights are not seen; decisions V10).

    Raises:
        FileNotFoundError: no weights file.
        ValueError: the file is not a weights file, or its network was trained
            for another input encoding (an older one whose inputs are the first
            columns of this one, :data:`~.encoding.PREFIX_OF`, is read with zero
            weights on the others).
        TypeError: ``rules`` is not a Ruleset.
    """

    def __init__(self, rules: Ruleset | None = None, *, weights: str | Path | None = None,
                 network: Network | None = None) -> None:
        self.rules = resolve_rules(rules)
        if network is None:
            network, _extra = Network.load(Path(weights) if weights else SHIPPED_WEIGHTS)
            made_for = network.meta.get("encoding", ENCODING)
            if PREFIX_OF.get(made_for) != network.n_inputs:
                raise ValueError(f"the weights were trained for input encoding {made_for} "
                                 f"({network.n_inputs} inputs); this code encodes version "
                                 f"{ENCODING} ({N_INPUTS} inputs)")
            # an older encoding's inputs are this one's first columns
            network = network.widened(N_INPUTS)
        self.network = network
        # float32 arithmetic: the network is fixed here (decisions V10)
        self._judge = Judge(network, self.rules, dtype=np.float32)
        self.notes: list[str] = []
        if any(getattr(self.rules, v) for v in _MOVEMENT):
            self.notes.append("movement variants use the network trained under the standard"
                              " rules")
        if self.rules.last_roll_draw:
            self.notes.append("last-roll-draw: the draw is not modelled")

    @property
    def judge(self) -> Judge:
        """The :class:`~.search.Judge` behind :meth:`evaluate` and :meth:`rank_turns`
        (float32 network arithmetic, decisions V10)."""
        return self._judge

    @property
    def meta(self) -> dict[str, Any]:
        """How the network was made: games, seed, code version, strength reached."""
        return self.network.meta

    def evaluate(self, position: Position) -> Estimate:
        """The estimate for the side to move of ``position``, before its roll.

        Exact (``Estimate.exact``) when the game is over (R9) or both sides
        have every checker home (the bear-off database); else the network.

        Raises:
            TypeError: ``position`` is not a :class:`Position`.
        """
        _check_position(position)
        me, opp, mf, of = mover_view(position)
        got = self._judge.values([me], [opp], [mf], [of])
        return Estimate.from_row(got.values[0], bool(got.exact[0]), self.rules.koks)

    def rank_turns(self, position: Position, dice: tuple[int, int] | str,
                   ply: int = 0) -> list[RankedTurn]:
        """Every legal turn of ``dice`` (one per distinct end position, R7), best first.

        Args:
            position: the position; its side to move plays.
            dice: the roll, ``(6, 5)`` or ``"65"``.
            ply: 0 (the estimate after the turn) or 1 (expectimax over the
                opponent's 21 rolls for the turns passing the move filter;
                the others keep 0-ply figures and follow them).

        Returns:
            :class:`RankedTurn` items: the turn, its estimate from the mover's
            side and its equity loss against the first (rounded at 1e-12 to 0).

        Raises:
            TypeError: ``position`` is not a :class:`Position`.
            ValueError: the game is over in ``position`` or ``ply`` is not 0 or 1.
            NotationError: a bad roll.
        """
        _check_position(position)
        turns, ranking = self.ranking(position, dice, ply)
        best = float(ranking.equity[0])
        koks = self.rules.koks
        out = []
        equity = ranking.equity.tolist()
        exact = ranking.exact.tolist()
        for k, i in enumerate(ranking.order):
            loss = best - equity[k]
            out.append(RankedTurn(turns[i], Estimate.from_row(ranking.values[k], exact[k], koks,
                                                                equity[k]),
                                  loss if loss > 1e-12 else 0.0, ranking.ply[k]))
        return out

    def best_turn(self, position: Position, dice: tuple[int, int] | str, ply: int = 0) -> Turn:
        """The first turn of :meth:`rank_turns` (same arguments and errors)."""
        _check_position(position)
        turns, ranking = self.ranking(position, dice, ply)
        return turns[ranking.order[0]]

    def ranking(self, position: Position, dice: tuple[int, int] | str,
                ply: int = 0) -> tuple[list[Turn], Ranking]:
        """:meth:`rank_turns` as arrays: the legal turns of ``dice`` (in
        :func:`legal_turns`'s order) and their :class:`~.search.Ranking`
        (``order[k]`` is the index in that list of the ``k``-th best turn), for a
        caller that needs a few of the turns' estimates, not all (same
        arguments and errors)."""
        if position.is_game_over():
            raise ValueError("the game is over in this position (R9): nothing may be played")
        roll = parse_roll(dice)
        turns = legal_turns(position, roll, self.rules)
        me, opp, mf, of = mover_view(position)
        # the turns' end boards, in their order (the same generation, cached)
        boards = child_boards(me, opp, mf, roll[0], roll[1], self.rules)
        return turns, self._judge.rank(boards, opp, of, ply)

    def rollout(self, position: Position, dice: tuple[int, int] | str | None = None, *,
                trials: int = 360, ply: int = 0, seed: int = 0,
                turns: Sequence[Turn] | None = None, top: int = 5, luck: bool = False,
                runner: Runner | None = None, prune: bool = True) -> Rollout:
        """Roll out ``position`` (``dice`` None) or the candidate turns of ``dice``:
        play each to the end ``trials`` times, this evaluator choosing both
        sides' turns at ``ply`` (0 or 1), gnubg's variance reduction (shared,
        quasi-random dice; the luck correction), trials cut at the bear-off
        database (:mod:`~.rollout`).

        Args:
            turns: the candidates (legal turns of ``dice``); default the
                ``top`` best of :meth:`rank_turns` at ``ply``.
            seed: the dice's seed (the same seed, the same figures).
            luck: apply the luck correction.
            runner: runs the chunks of trials elsewhere (:data:`~.rollout.Runner`).
            prune: at 1 ply, the players pick each reply among the 8 end
                boards the pruning network scores best (gnubg's pruning nets,
                docs/decisions.md PR3, PR5); False: among all of them.

        Returns:
            :class:`~.rollout.Rollout`: each row's mean estimate, equity and loss
            against the best row, each with its standard error.

        Raises:
            ValueError: the game is over, ``dice`` has no legal play, a turn
                not legal, ``trials`` < 2, ``top`` < 1, ``ply`` not 0 or 1.
            TypeError: ``trials``, ``ply``, ``seed`` or ``top`` not an int,
                ``luck`` or ``prune`` not a bool.
            NotationError: a bad roll.
        """
        from narde_notation.evaluator.rollout import iter_rollout

        *_, last = iter_rollout(self, position, dice, trials=trials, ply=ply, seed=seed,
                                turns=turns, top=top, luck=luck, runner=runner, prune=prune)
        return last


def expected_rolls(position: Position, side: Side | str) -> float:
    """Expected own rolls ``side`` needs to bear off all its checkers (R8), exact.

    From the bear-off database: each roll played to minimise this
    expectation, the opponent not in the way (a one-sided race).  0.0 when
    all 15 are off.

    Raises:
        ValueError: a checker of ``side`` on the board is outside its home
            (own points 7…24).
        TypeError: ``side`` is not a side (:meth:`Side.coerce`).
    """
    side = Side.coerce(side)
    on_board = position.checkers(side)
    outside = [p for p in on_board if p > 6]
    if outside:
        raise ValueError(f"{side.name.capitalize()} has checkers outside its home (own points "
                         f"{', '.join(map(str, outside))}): the bear-off database needs all home")
    board = sum(n << (4 * p) for p, n in on_board.items()) + position.borne_off(side)
    return database().expected_rolls(board)
