"""How deep a half-turn is searched: a fixed depth, or ``"auto"``, depth where it matters.

gnubg's way of affording depth: a cheap pass everywhere, a deeper search
of the few turns that can change what the user sees (docs/decisions.md
JD1).  At ``"auto"`` every roll's turns are ranked at 0 ply; the played
turn and the :data:`AUTO_COUNT` best within :data:`AUTO_EQUITY` of the
best are searched at 1 ply when the played turn loses
:data:`~narde_notation.analysis.marks.DOUBTFUL` or more at 0 ply (it would
get a mark) or is one of a close call (another turn within
:data:`AUTO_EQUITY`); where the played turn's 1-ply loss is near the
``??`` line (:data:`AUTO_TWO_PLY`), it and the 1-ply best are searched at
2 ply.  The mark, the loss and the best turn come from the deepest
figures; ``HalfTurnAnalysis.depth`` says which.  The numbers were chosen on
the truth set (``benchmarks/bench_judgement.py``) against the CPU of a
50-game file (``benchmarks/bench_analyse.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from narde_notation.analysis.marks import DOUBTFUL

if TYPE_CHECKING:  # numpy and the evaluator on first use: the command line imports this
    from narde_notation.analysis.luck import LuckMeter
    from narde_notation.evaluator import Estimate, Evaluator, Ranking
    from narde_notation.rules import Position, Turn

__all__ = ["AUTO", "AUTO_COUNT", "AUTO_EQUITY", "AUTO_TWO_PLY", "DEPTHS", "Depth", "Judged",
           "check_depth", "depth_label", "judge_half_turn", "ranked_estimate"]

#: the automatic depth (the default of :func:`~narde_notation.analysis.game.analyse`).
AUTO: Literal["auto"] = "auto"
#: a search depth: 0, 1, 2 ply everywhere, or :data:`AUTO`.
Depth = int | Literal["auto"]
DEPTHS: tuple[Depth, ...] = (AUTO, 0, 1, 2)
#: at :data:`AUTO`: the best this many turns at 0 ply within :data:`AUTO_EQUITY`
#: of the best are the candidates searched at 1 ply, with the turn played.
AUTO_COUNT = 3
AUTO_EQUITY = 0.08
#: at :data:`AUTO`: a played turn whose 1-ply loss is in this range (points) is
#: searched at 2 ply with the 1-ply best (1 ply's false ``??`` lie just above 0.16).
AUTO_TWO_PLY = (0.16, 0.20)


class Judged(NamedTuple):
    """A half-turn's turns judged (:func:`judge_half_turn`)."""

    turns: list[Turn]  # the legal turns, in legal_turns's order
    ranking: Ranking  # their end boards, best first (ranking.order indexes turns)
    played: int  # the played turn's row in ranking
    estimate: Estimate  # the played turn's, searched as deep as the best
    best: int  # the best turn's row (0, or played when it did better)
    best_estimate: Estimate
    depth: int  # the search depth of the played and best figures (0, 1 or 2)

    def row_estimate(self, k: int, koks: bool) -> Estimate:
        """:func:`ranked_estimate` of this ranking's row ``k``."""
        return ranked_estimate(self.ranking, k, koks)


def check_depth(ply: object) -> Depth:
    """``ply`` when it is a search depth (:data:`DEPTHS`; not ``True``, ``1.0``).

    Raises:
        ValueError: anything else.
    """
    if ply == AUTO or (type(ply) is int and ply in (0, 1, 2)):
        return ply
    raise ValueError(f"ply must be 'auto', 0, 1 or 2, not {ply!r}")


def depth_label(ply: Depth) -> str:
    """``"0-ply"``, ``"1-ply"``, ``"2-ply"`` or ``"auto depth"``."""
    return "auto depth" if ply == AUTO else f"{ply}-ply"


def _auto_rows(ranking: Ranking, played: int) -> list[int]:
    """The rows :data:`AUTO` searches at 1 ply (none: 0 ply is enough)."""
    eq = ranking.equity
    close = [k for k in range(min(AUTO_COUNT, len(eq))) if eq[k] >= eq[0] - AUTO_EQUITY]
    marked = eq[0] - eq[played] >= DOUBTFUL
    if not marked and not (played in close and len(close) > 1):
        return []
    rows = sorted({*close, played})
    return [] if all(ranking.exact[k] for k in rows) else rows


def ranked_estimate(ranking: Ranking, k: int, koks: bool) -> Estimate:
    """The estimate of ``ranking``'s k-th best turn (row ``k``), from the mover's
    side after it, at the depth the ranking searched that row."""
    from narde_notation.evaluator import Estimate

    return Estimate.from_row(ranking.values[k], bool(ranking.exact[k]), koks,
                             float(ranking.equity[k]))


def judge_half_turn(ev: Evaluator, before: Position, dice: tuple[int, int], after: Position,
                    ply: Depth, meter: LuckMeter | None = None) -> Judged | None:
    """The turns of ``dice`` in ``before`` ranked at ``ply``, the played turn
    (the one that ends in ``after``) searched as deep as the best.

    Args:
        ev: the evaluator (its rules).
        ply: 0, 1, 2 or :data:`AUTO`.
        meter: the game's luck meter: at :data:`AUTO` the played turn's 1-ply
            figure is its batch of ``after`` (the next half-turn's luck); without
            it the same figure is searched here.

    Returns:
        The judgement, or ``None`` when no legal turn ends in ``after``.
    """
    from narde_notation.evaluator import Estimate, mover_view

    turns, ranking = ev.ranking(before, dice, ply=0 if ply == AUTO else ply)
    me_after = mover_view(after)[1]
    index = next((k for k, b in enumerate(ranking.boards) if b == me_after), None)
    if index is None or turns[ranking.order[index]].position != after:
        return None
    judge = ev.judge
    _me, opp, _mf, of = mover_view(before)
    if ply == AUTO and (rows := _auto_rows(ranking, index)):
        known = {} if meter is None or ranking.exact[index] else {index: meter.one_ply(after)}
        ranking = judge.refine(ranking, rows, opp, of, 1, known)
        index = ranking.boards.index(me_after)
        loss = float(ranking.equity[0] - ranking.equity[index])
        if AUTO_TWO_PLY[0] <= loss < AUTO_TWO_PLY[1]:
            ranking = judge.refine(ranking, sorted({0, index}), opp, of, 2)
            index = ranking.boards.index(me_after)
    koks = ev.rules.koks
    estimate = ranked_estimate(ranking, index, koks)
    if ranking.ply[index] < ranking.ply[0] and not estimate.exact:
        # outside the filters: the played turn searched as deep as the best
        deeper = judge.one_ply if ranking.ply[0] == 1 else judge.two_ply
        estimate = Estimate.from_row(deeper(me_after, opp, of), False, koks)
    best, best_estimate = 0, ranked_estimate(ranking, 0, koks)
    if estimate.equity > best_estimate.equity:
        best, best_estimate = index, estimate
    return Judged(turns, ranking, index, estimate, best, best_estimate, int(ranking.ply[0]))
