"""Values of packed positions and the 0-ply / 1-ply ranking of a roll's turns.

:class:`Judge` answers "what is this position worth to its side to move"
for many positions at once: a finished game from R9, a no-contact
bear-off from the database (exact), anything else from the network, all
candidates of a roll in one matrix evaluation.  :meth:`Judge.rank`
orders a roll's end boards at 0 ply (the network after the turn) or 1
ply (expectimax over the opponent's 21 rolls, the opponent answering
each with its best 0-ply turn), with gnubg's move filter: only the
:data:`FILTER_COUNT` best 0-ply turns within :data:`FILTER_EQUITY` of the
best are searched deeper; the others keep their 0-ply figures and rank
after them.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from narde_notation.evaluator.bearoff import BearoffDatabase, database
from narde_notation.evaluator.encoding import (
    FACING,
    N_INPUTS,
    encode_raw,
    fused_forward,
    packed_boards,
    raw_boards,
)
from narde_notation.evaluator.estimate import equities, flip
from narde_notation.evaluator.game import ROLLS, child_boards_of_rolls, compiled_rolls_search
from narde_notation.evaluator.network import Network
from narde_notation.model import Ruleset
from narde_notation.rules import packed_words

__all__ = ["FILTER2_COUNT", "FILTER2_EQUITY", "FILTER_COUNT", "FILTER_EQUITY", "Judge", "Ranking",
           "Values", "over_rolls"]

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

#: gnubg's default 1-ply filter: at most this many turns, within this much equity of the best.
FILTER_COUNT = 8
FILTER_EQUITY = 0.16
#: the 2-ply filter after the 1-ply one: at most this many turns, within this much of the best.
FILTER2_COUNT = 3
FILTER2_EQUITY = 0.04
_PROBS = np.array([p for _d1, _d2, p in ROLLS])


class Values(NamedTuple):
    """Estimates of positions for their side to move (:meth:`Judge.values`)."""

    values: FloatArray  # (n, 5), columns of network.OUTPUTS
    exact: BoolArray  # (n,): game over or bear-off database
    inputs: FloatArray | None  # (n, N_INPUTS) of the network's rows when asked for, else None
    by_network: BoolArray  # (n,): the rows the network valued


class Ranking(NamedTuple):
    """End boards of a roll, best first (:meth:`Judge.rank`)."""

    boards: list[int]  # the mover's packed boards after each turn, best first
    order: list[int]  # their indices in the order of the boards given
    values: FloatArray  # (n, 5) from the mover's side after the turn
    equity: FloatArray  # (n,)
    exact: BoolArray
    ply: list[int]  # search depth of each row


UInt8Array = npt.NDArray[np.uint8]


def over_rolls(values: FloatArray) -> FloatArray:
    """The mean over the 21 rolls (R12 odds, :data:`~.game.ROLLS`' order) of
    estimates (n, 21, k): (n, k), each position's expectation before its roll."""
    out: FloatArray = np.einsum("r,nrk->nk", _PROBS, values)
    return out


def _lost(loser: UInt8Array) -> FloatArray:
    """Estimates (n, 5) of the side to move that has lost (R9): a mars when the
    loser (``loser``, board bytes (n, 13+)) has nothing off, a koks when it also
    has a checker on own 19…24 (nibbles from 19: byte 9's high half, bytes 10–12)."""
    none_off = (loser[:, 0] & 15) == 0
    koks = ((loser[:, 9] >> 4) != 0) | loser[:, 10:13].any(axis=1)
    out = np.zeros((len(loser), 5))
    out[:, 2] = none_off
    out[:, 4] = none_off & koks
    return out


def _check_ply(ply: int) -> None:
    if ply not in (0, 1, 2):
        raise ValueError(f"ply must be 0, 1 or 2, not {ply!r}")


def _words(boards: Sequence[int]) -> npt.NDArray[np.uint64]:
    """Packed boards as (n, 2) uint64 words, low then high 64 bits (the rules'
    :func:`~narde_notation.rules.packed_words`)."""
    return np.array(packed_words(boards), dtype=np.uint64).reshape(-1, 2)


def _all_home(raw: UInt8Array) -> BoolArray:
    """Every checker of each board (bytes (n, 13+)) home or off: nibbles from 7 empty
    (byte 3's high half, bytes 4–12)."""
    home: BoolArray = ((raw[:, 3] >> 4) == 0) & ~raw[:, 4:13].any(axis=1)
    return home


class Judge:
    """Values and rankings for a network under a ruleset.

    Args:
        network: the network for positions outside the database.
        rules: the ruleset (its ``koks`` decides the equity; the movement
            variants change the legal turns only).
        bearoff: the database (default: :func:`~.bearoff.database`).
        dtype: the network's arithmetic: float64, or float32 (a copy of the
            weights taken now, for a network that no longer changes: the
            shipped weights are float32; equities move by about 1e-7).
        prune: a pruning network (:mod:`.prune`, docs/decisions.md PR3, PR5;
            its weights on the facing columns zero): in :meth:`best_replies`
            (the opponent's answers of a 1-ply search, a 0-ply player's
            turns) only the ``keep`` end boards of a roll it scores best are
            candidates for the full network's choice.  None: every board.
        keep: how many, 1 to 64.

    Raises:
        ValueError: ``keep`` is not 1 to 64, or ``prune`` reads a facing
            column (the compiled search does not work them out for it).
        TypeError: ``keep`` not an int, ``prune`` neither a Network nor None.
    """

    def __init__(self, network: Network, rules: Ruleset,
                 bearoff: BearoffDatabase | None = None, *, dtype: Any = np.float64,
                 prune: Network | None = None, keep: int = 8) -> None:
        self.network = network
        self.rules = rules
        self.koks = rules.koks
        self.bearoff = bearoff if bearoff is not None else database()
        self.dtype = np.dtype(dtype)
        # float32: a copy of the weights made now (for a network that no longer changes)
        # another dtype: a copy of the weights, fixed from now on, so a batch's
        # figures stay right and after_turns may keep the last one
        self._fixed = self.dtype != network.params["w1"].dtype
        self._forward = network.astype(dtype).forward if self._fixed else network.forward
        # fixed float32 weights: the compiled forward pass fused with the encoding (V12)
        self._fused = (fused_forward(network.params) if self._fixed
                       and self.dtype == np.float32 else None)
        if not isinstance(keep, int | np.integer) or isinstance(keep, bool):
            raise TypeError(f"keep must be an int, not {keep!r}")
        if prune is not None and not isinstance(prune, Network):
            raise TypeError(f"prune must be a Network or None, not {prune!r}")
        if not 1 <= keep <= 64:  # the compiled search's bound
            raise ValueError(f"keep must be 1 to 64, not {keep!r}")
        self.keep = int(keep)
        if prune is not None and np.any(prune.params["w1"][:, FACING:]):
            raise ValueError("the pruning network must not read the facing columns "
                             f"({FACING} on): their weights must be zero")
        self._prune = prune.astype(self.dtype) if prune is not None else None
        self._prune_fused = (fused_forward(prune.params) if prune is not None
                             and self._fused is not None else None)
        # the last batch of after_turns: (opp, opp_first, board -> row, its Values)
        self._last: tuple[int, bool, dict[int, int], Values] | None = None

    def values(self, movers: Sequence[int], others: Sequence[int],
               mover_first: Sequence[bool], other_first: Sequence[bool],
               want_inputs: bool = False) -> Values:
        """Estimates for the side to move of each position ``(movers[i], others[i])``
        (packed boards, each in its own numbering; first-turn flags for R5).

        A row is exact when a side has borne off all 15 (R9) or both sides have
        every checker home (the bear-off database); the network values the rest.
        """
        n = len(movers)
        one_mover = n > 1 and movers.count(movers[0]) == n
        return self.values_raw(raw_boards(movers[:1] if one_mover else movers),
                               raw_boards(others), np.asarray(mover_first, dtype=bool),
                               np.asarray(other_first, dtype=bool), want_inputs)

    def values_raw(self, movers: UInt8Array, others: UInt8Array,
                   mover_first: BoolArray | bool, other_first: BoolArray | bool,
                   want_inputs: bool = False) -> Values:
        """:meth:`values` of boards as bytes (:func:`~.encoding.raw_boards`, uint8
        (n, 13) or wider): ``others`` (n, ...), ``movers`` (n, ...) or (1, ...) for
        one board to move against each of ``others``; the flags arrays (n,) or one bool."""
        n = len(others)
        single = movers[:1] if len(movers) == 1 else None  # one board against every row
        if single is not None:
            movers = np.broadcast_to(single, (n, single.shape[1]))
        mover_first = np.broadcast_to(np.asarray(mover_first, dtype=bool), (n,))
        other_first = np.broadcast_to(np.asarray(other_first, dtype=bool), (n,))
        values = np.empty((n, 5))
        lost = (others[:, 0] & 15) == 15
        won = ((movers[:, 0] & 15) == 15) & ~lost
        race = _all_home(movers) & _all_home(others) & ~lost & ~won
        exact = lost | won | race
        # the opponent has borne off all 15: the mover has lost (R9), and the reverse
        if lost.any():
            values[lost] = _lost(movers[lost])
        if won.any():
            values[won] = flip(_lost(others[won]))
        if race.any():
            win, win_mars, lose_mars = self.bearoff.race(
                np.array(packed_boards(movers[race]), dtype=object),
                np.array(packed_boards(others[race]), dtype=object))
            zeros = np.zeros(len(win))
            values[race] = np.stack([win, win_mars, lose_mars, zeros, zeros], axis=1)
        inputs = None
        by_network = ~exact
        if self._fused is not None and not want_inputs:
            if not exact.all():
                rows = slice(None) if not exact.any() else by_network
                values[rows] = self._fused(movers[rows] if single is None else single,
                                           others[rows], mover_first[rows], other_first[rows])
        elif not exact.any():
            x = encode_raw(movers if single is None else single, others, mover_first,
                           other_first, dtype=self.dtype)
            values[:] = self._forward(x)
        elif not exact.all():
            rows = by_network
            x = encode_raw(movers[rows] if single is None else single, others[rows],
                           mover_first[rows], other_first[rows], dtype=self.dtype)
            values[by_network] = self._forward(x)
        if want_inputs and by_network.any():
            inputs = np.zeros((n, N_INPUTS))
            inputs[by_network] = x
        return Values(values, exact, inputs, by_network)

    def after_turns(self, boards: Sequence[int], opp: int, opp_first: bool,
                    want_inputs: bool = False) -> Values:
        """Estimates from the **opponent's** side (it is to move) of the positions
        where the mover reached each of ``boards`` against ``opp``.

        A float32 Judge (fixed weights) keeps the last batch: boards all valued
        by it against the same ``opp`` get its rows (the same figures) without a
        new evaluation."""
        last = self._last
        if last is not None and not want_inputs and last[0] == opp and last[1] == opp_first:
            # the same opponent as the last batch (a roll's ranking after its luck,
            # analysis/luck.py): its rows when it valued every board
            rows = [last[2].get(b, -1) for b in boards]
            if -1 not in rows:
                got = last[3]
                return Values(got.values[rows], got.exact[rows], None, got.by_network[rows])
        n = len(boards)
        got = self.values([opp] * n, boards, [opp_first] * n, [False] * n, want_inputs)
        if self._fixed and not want_inputs:
            self._last = (opp, opp_first, dict(zip(boards, range(n), strict=True)), got)
        return got

    def after_boards(self, boards: UInt8Array, opp: int, opp_first: bool) -> Values:
        """:meth:`after_turns` of the mover's end boards given as bytes (uint8
        (n, 13) or wider, :func:`~.encoding.raw_boards`; the compiled generation's
        16 per board): estimates from the opponent's side, not kept."""
        return self.values_raw(raw_boards([opp]), boards, opp_first, False)

    def remember(self, opp: int, opp_first: bool, boards: UInt8Array, got: Values,
                 rows: npt.NDArray[np.integer[Any]]) -> None:
        """Keep rows ``rows`` of ``got`` (from :meth:`after_boards` against ``opp``)
        as the estimates of ``boards`` (bytes (len(rows), 13+)), for the next
        :meth:`after_turns` against ``opp`` (a roll's ranking after its luck,
        analysis/luck.py); only for a float32 Judge (fixed weights)."""
        if not self._fixed:
            return
        keys = packed_boards(boards)
        self._last = (opp, opp_first, dict(zip(keys, range(len(keys)), strict=True)),
                      Values(got.values[rows], got.exact[rows], None, got.by_network[rows]))

    def best_replies(self, positions: Sequence[tuple[int, int, bool, bool]],
                     rolls: Sequence[Sequence[tuple[int, int]]] | None = None,
                     compiled: bool = True) -> tuple[UInt8Array, FloatArray, BoolArray]:
        """The best 0-ply turn of each roll in each position, all valued in one
        matrix evaluation.

        Args:
            positions: ``(me, opp, me_first, opp_first)``, ``me`` to roll
                (packed boards, :func:`~.game.mover_view`).
            rolls: the rolls of each position (``d1 >= d2``); default the 21
                of :data:`~.game.ROLLS`, in that order.  Every position
                must have as many.

        Returns:
            ``(boards, values, exact)``: the end board (bytes, uint8 (n, k, 16))
            of each position's best turn of each of its ``k`` rolls (the first
            of equal ones, in generation order), its estimate (n, k, 5) from
            the **opponent's** side (to move after it) and whether that is exact.

        A position asked more than once (with the same rolls) is worked out
        once.  A float32 Judge (fixed weights) does it in one compiled call from
        generation to choice when it can (``compiled``, the default;
        :meth:`.encoding.FusedForward.best_turns`, docs/decisions.md K1): the
        positions it leaves (an exact end board, a first turn) and every
        position with ``compiled=False`` are done here with numpy (the
        reference: the same boards, the same figures).
        """
        every_rolls = rolls or [[(d1, d2) for d1, d2, _p in ROLLS]] * len(positions)
        keys = list(zip(positions, map(tuple, every_rolls), strict=True))
        unique = dict.fromkeys(keys)
        if len(unique) < len(keys):  # a position asked twice (2 ply: two rolls, one answer)
            rows = dict(zip(unique, range(len(unique)), strict=True))
            boards, values, exact = self.best_replies([p for p, _r in unique],
                                                      [list(r) for _p, r in unique], compiled)
            at = [rows[k] for k in keys]
            return boards[at], values[at], exact[at]
        # a pruning network the compiled pass cannot take (wider than its
        # buffers): the numpy path, which prunes
        fused = self._fused is not None and (self._prune is None
                                             or self._prune_fused is not None)
        search = compiled_rolls_search(self.rules) if compiled and fused and positions else None
        if search is None:
            return self._best_replies_numpy(positions, every_rolls)
        assert self._fused is not None
        columns = list(zip(*positions, strict=True))
        boards, got, status = self._fused.best_turns(
            search, _words(columns[0]), np.array(columns[2], dtype=bool), _words(columns[1]),
            np.array(columns[3], dtype=bool), np.array(every_rolls, dtype=np.int32), self.koks,
            self._prune_fused, self.keep)
        values = got.astype(np.float64)
        exact = np.zeros(values.shape[:2], dtype=bool)
        left = np.flatnonzero(status != 0).tolist()
        if len(left):
            b, v, e = self._best_replies_numpy([positions[i] for i in left],
                                               [every_rolls[i] for i in left])
            boards[left], values[left], exact[left] = b, v, e
        return boards, values, exact

    def _best_replies_numpy(self, positions: Sequence[tuple[int, int, bool, bool]],
                            every_rolls: Sequence[Sequence[tuple[int, int]]]
                            ) -> tuple[UInt8Array, FloatArray, BoolArray]:
        """:meth:`best_replies` with numpy between generation and choice."""
        found = [child_boards_of_rolls(me, opp, mf, r, self.rules)
                 for (me, opp, mf, _of), r in zip(positions, every_rolls, strict=True)]
        sizes = [len(raw) for raw, _rows, _counts in found]
        boards = np.concatenate([raw for raw, _rows, _counts in found])
        opps = raw_boards([opp for _me, opp, _mf, _of in positions])
        got = self.values_raw(np.repeat(opps, sizes, axis=0), boards,
                              np.repeat([of for _me, _opp, _mf, of in positions], sizes), False)
        eq = equities(got.values, self.koks)
        # every roll of every position is a segment of the rows: the first row of
        # each segment with its lowest equity for the opponent (the mover's best)
        offsets = np.repeat(np.cumsum([0, *sizes[:-1]]),
                            [len(rows) for _raw, rows, _counts in found])
        rows = np.concatenate([rows for _raw, rows, _counts in found]) + offsets
        counts = np.concatenate([counts for _raw, _rows, counts in found])
        if self._prune is not None:
            chosen = self._pruned_choice(np.repeat(opps, sizes, axis=0), boards,
                                         np.repeat([of for *_b, of in positions], sizes),
                                         got, rows, counts).reshape(len(positions), -1)
            return boards[chosen], got.values[chosen], got.exact[chosen]
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
        seg = eq[rows]
        worst = np.minimum.reduceat(seg, starts)
        firsts = np.flatnonzero(seg == np.repeat(worst, counts))
        chosen = rows[firsts[np.searchsorted(firsts, starts)]].reshape(len(positions), -1)
        return boards[chosen], got.values[chosen], got.exact[chosen]

    def _pruned_choice(self, opps: UInt8Array, boards: UInt8Array, opp_first: BoolArray,
                       got: Values, rows: npt.NDArray[np.integer[Any]],
                       counts: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int64]:
        """The chosen row of each roll's segment of ``rows`` (``counts`` long
        each) with the pruning network: a segment of more than ``keep`` boards
        keeps the ``keep`` with the opponent's lowest pruning-net equity
        (exact boards: their exact equity; earlier rows first on ties), and of
        those the first in generation order with the opponent's lowest equity
        by ``got`` is chosen."""
        assert self._prune is not None
        full = equities(got.values, self.koks)
        score = full.copy()
        net = got.by_network
        if net.any():
            if self._prune_fused is not None:
                pv = self._prune_fused(opps[net], boards[net], opp_first[net], False)
            else:
                pv = self._prune.forward(encode_raw(opps[net], boards[net], opp_first[net],
                                                    np.zeros(int(net.sum()), dtype=bool),
                                                    dtype=self.dtype))
            score[net] = equities(pv.astype(np.float64), self.koks)
        chosen = np.empty(len(counts), dtype=np.int64)
        start = 0
        for s, c in enumerate(counts.tolist()):
            seg = rows[start:start + c]
            start += c
            cand = (np.arange(c) if c <= self.keep
                    else np.sort(np.argsort(score[seg], kind="stable")[:self.keep]))
            chosen[s] = seg[cand[int(np.argmin(full[seg[cand]]))]]
        return chosen

    def one_ply(self, board: int, opp: int, opp_first: bool) -> FloatArray:
        """The mover's estimate (5,) of reaching ``board``: the mean over the
        opponent's 21 rolls of its best 0-ply answer (expectimax, R12 odds)."""
        out: FloatArray = self.deeper([board], opp, opp_first, 1)[0]
        return out

    def two_ply(self, board: int, opp: int, opp_first: bool) -> FloatArray:
        """The mover's estimate (5,) of reaching ``board`` at 2 ply: the mean over
        the opponent's 21 rolls of the 1-ply estimate (the mover's 21 rolls, its
        best 0-ply turn each) of the position after the opponent's best 0-ply
        answer (exact answers keep their exact figure)."""
        out: FloatArray = self.deeper([board], opp, opp_first, 2)[0]
        return out

    def deeper(self, boards: Sequence[int], opp: int, opp_first: bool,
               ply: int) -> FloatArray:
        """:meth:`one_ply` (``ply`` 1) or :meth:`two_ply` (2) of each of the mover's
        end ``boards`` against ``opp``, all in one matrix evaluation a level:
        estimates (n, 5) from the mover's side."""
        return self.deeper_many([(b, opp, opp_first) for b in boards], ply)

    def deeper_many(self, rows: Sequence[tuple[int, int, bool]], ply: int) -> FloatArray:
        """:meth:`deeper` of rows ``(board, opp, opp_first)`` each against its own
        opponent (the positions of several games), all in one matrix
        evaluation a level: estimates (n, 5) from the mover's side."""
        _replies, values, exact = self.best_replies([(opp, b, of, False) for b, opp, of in rows])
        if ply == 2:
            deep = np.argwhere(~exact)  # (board, roll) pairs whose answer is searched on
            if len(deep):
                answers = packed_boards(_replies[deep[:, 0], deep[:, 1]])
                _b, after, _e = self.best_replies(
                    [(rows[k][0], a, False, False) for k, a in zip(deep[:, 0], answers,
                                                                     strict=True)])
                values[deep[:, 0], deep[:, 1]] = flip(over_rolls(after))
        out = over_rolls(values)
        return out

    def rank(self, boards: Sequence[int], opp: int, opp_first: bool, ply: int = 0) -> Ranking:
        """Order the mover's end ``boards`` of one roll against ``opp``, best first.

        At 1 ply the :data:`FILTER_COUNT` best 0-ply turns within
        :data:`FILTER_EQUITY` are searched at 1 ply; at 2 ply, of those, the
        :data:`FILTER2_COUNT` best within :data:`FILTER2_EQUITY` at 1 ply are
        searched at 2 ply (gnubg's move filters).  Deeper rows rank first.

        Raises:
            ValueError: ``ply`` is not 0, 1 or 2.
        """
        _check_ply(ply)
        return self.rank_many([(boards, opp, opp_first)], ply,
                              self.after_turns(boards, opp, opp_first))[0]

    def rank_many(self, items: Sequence[tuple[Sequence[int], int, bool]], ply: int = 0,
                  got: Values | None = None, *, playing: bool = False) -> list[Ranking]:
        """:meth:`rank` of several rolls' end boards, each ``(boards, opp,
        opp_first)`` (the half-turns of several games): their 0-ply figures
        in one evaluation, and each depth's searches of all of them in one
        (:meth:`deeper_many`); the rankings are :meth:`rank`'s, one by one.
        ``got``: the 0-ply figures of all the boards, in order, if known.
        ``playing``: only each ranking's first turn is wanted (a player's
        choice): a roll whose filter keeps a single turn is not searched (it
        is the first either way; gnubg's players stop there too), and its
        ranking keeps its 0-ply figures (docs/decisions.md K10).

        Raises:
            ValueError: ``ply`` is not 0, 1 or 2.
        """
        _check_ply(ply)
        sizes = [len(boards) for boards, _opp, _of in items]
        if got is None:
            got = self.values([opp for (boards, opp, _of) in items for _b in boards],
                              [b for boards, _opp, _of in items for b in boards],
                              [of for (boards, _opp, of) in items for _b in boards],
                              [False] * sum(sizes))
        cuts = list(itertools.pairwise(np.cumsum([0, *sizes]).tolist()))
        values = [flip(got.values[a:b]) for a, b in cuts]
        exact = [got.exact[a:b].copy() for a, b in cuts]
        eqs = [equities(v, self.koks) for v in values]
        orders = [sorted(range(len(e)), key=lambda i: -e[i]) for e in eqs]
        plies = [[0] * n for n in sizes]
        for depth, count, margin in ((1, FILTER_COUNT, FILTER_EQUITY),
                                     (2, FILTER2_COUNT, FILTER2_EQUITY))[:ply]:
            chosen = []
            for order, eq, pl in zip(orders, eqs, plies, strict=True):
                best = eq[order[0]]
                chosen.append([i for i in order[:count] if pl[i] == depth - 1
                               and eq[i] >= best - margin])
                if playing and len(chosen[-1]) == 1:
                    chosen[-1] = []
                for i in chosen[-1]:
                    pl[i] = depth
            searched = [(k, i) for k, rows in enumerate(chosen) for i in rows
                        if not exact[k][i]]
            if searched:
                deep = self.deeper_many([(items[k][0][i], items[k][1], items[k][2])
                                         for k, i in searched], depth)
                for (k, i), v in zip(searched, deep, strict=True):
                    values[k][i] = v
            for k, rows in enumerate(chosen):
                eq = eqs[k] = equities(values[k], self.koks)
                # equal figures (within rounding: 21 odds sum to 1 only nearly): exact first
                x = exact[k]
                ahead = sorted(rows, key=lambda i: (-round(float(eq[i]), 9), not x[i]))
                taken = set(rows)
                orders[k] = ahead + [i for i in orders[k] if i not in taken]
        return [Ranking([boards[i] for i in order], order, v[order], eq[order], x[order],
                        [pl[i] for i in order])
                for (boards, _opp, _of), order, v, eq, x, pl
                in zip(items, orders, values, eqs, exact, plies, strict=True)]

    def refine(self, ranking: Ranking, rows: Sequence[int], opp: int, opp_first: bool,
               ply: int, known: dict[int, FloatArray] | None = None) -> Ranking:
        """``ranking`` with its rows ``rows`` (indices in its order) searched at
        ``ply`` (1 or 2, :meth:`deeper`, one matrix evaluation; exact rows keep
        their figures): they rank first, best first, the others follow in their
        order.  ``known``: the figures (5,) at ``ply`` of some of the rows, from
        the mover's side (not searched again).  What the analysis's automatic
        depth searches (docs/decisions.md JD1).

        Raises:
            ValueError: ``ply`` is not 1 or 2.
        """
        if ply not in (1, 2):
            raise ValueError(f"ply must be 1 or 2, not {ply!r}")
        known = known or {}
        values = ranking.values.copy()
        todo = [k for k in rows if not ranking.exact[k] and k not in known]
        if todo:
            values[todo] = self.deeper([ranking.boards[k] for k in todo], opp, opp_first, ply)
        for k, v in known.items():
            values[k] = v
        eq = equities(values, self.koks)
        searched = set(rows)
        deep = sorted(searched, key=lambda k: (-round(float(eq[k]), 9), not ranking.exact[k]))
        order = deep + [k for k in range(len(ranking.boards)) if k not in searched]
        plies = [ply if k in searched else ranking.ply[k] for k in range(len(ranking.boards))]
        return Ranking([ranking.boards[k] for k in order], [ranking.order[k] for k in order],
                       values[order], eq[order], ranking.exact[order], [plies[k] for k in order])
