"""The Long Narde match equity table and match-winning chances (R9, R10).

Long Narde has no cube, so a match is a sequence of independent games, each
won by an oyn (1 point), a mars (2) or, under ``koks``, a koks (3).  With
``p1, p2, p3`` a player's chances of winning a game by each and the same
chances of losing it (the opening roll decides who starts, R2, so the
game is even), the chance ``M(a, b)`` of winning the match when needing
``a`` more points against the opponent's ``b`` is the small dynamic
programme::

    M(a, b) = 1 if a <= 0;  0 if b <= 0 (and a > 0)
    M(a, b) = p1 M(a-1, b) + p2 M(a-2, b) + p3 M(a-3, b)
            + p1 M(a, b-1) + p2 M(a, b-2) + p3 M(a, b-3)

The rates come from the evaluator's own estimate of the initial position
(:func:`outcome_rates`), averaged over which side moves first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from narde_notation.evaluator import Estimate, Evaluator

__all__ = ["MAX_MATCH_LENGTH", "MatchEquityTable", "match_equity_table", "outcome_rates"]

#: the longest table made (points; gnubg's ``MAXSCORE``): its cells grow as the
#: square of the length, and a ``Match "999999999"`` tag must not ask for 10^18
#: (docs/decisions.md A13).
MAX_MATCH_LENGTH = 64


def outcome_rates(evaluator: Evaluator) -> tuple[float, float, float]:
    """A player's chances ``(oyn, mars, koks)`` of winning one game by each (R9).

    From ``evaluator``'s estimate of the initial position for its side to
    move, averaged with the other side's view (each side starts half the
    games, R2): a mars rate ``(win_mars + lose_mars) / 2`` (koks, part of
    it, likewise) and an oyn rate ``1/2 - mars``.  Koks is 0 unless the
    evaluator's rules are ``koks``.
    """
    from narde_notation.rules import Position

    start = evaluator.evaluate(Position.initial())
    koks = (start.win_koks + start.lose_koks) / 2
    mars = (start.win_mars + start.lose_mars) / 2 - koks
    return 0.5 - mars - koks, mars, koks


@dataclass(frozen=True, slots=True)
class MatchEquityTable:
    """``M(a, b)`` for ``1 <= a, b <= length``: P(win the match) needing ``a`` points
    against ``b`` (module docstring).

    Attributes:
        length: the longest match the table covers (points).
        rates: ``(oyn, mars, koks)``: one player's chances of winning a game by each.
        table: ``table[a][b]`` for ``0 <= a, b <= length`` (row and column 0
            are the finished matches: ``table[0][b] = 1`` for ``b > 0``,
            ``table[a][0] = 0``).
    """

    length: int
    rates: tuple[float, float, float]
    table: tuple[tuple[float, ...], ...]

    def mwc(self, away: int, opp_away: int) -> float:
        """P(win the match) needing ``away`` points against ``opp_away`` (<= 0: reached)."""
        if away <= 0:
            return 1.0
        if opp_away <= 0:
            return 0.0
        if away > self.length or opp_away > self.length:
            raise ValueError(f"the table covers matches to {self.length} points, not "
                             f"{max(away, opp_away)}-away")
        return self.table[away][opp_away]

    def of_estimate(self, estimate: Estimate, away: int, opp_away: int) -> float:
        """The match-winning chance of a game position worth ``estimate`` to a
        side needing ``away`` points against ``opp_away`` (R9 points: oyn 1,
        mars 2, koks 3)."""
        e = estimate
        win_oyn = e.win - e.win_mars
        lose_oyn = 1.0 - e.win - e.lose_mars
        return (win_oyn * self.mwc(away - 1, opp_away)
                + (e.win_mars - e.win_koks) * self.mwc(away - 2, opp_away)
                + e.win_koks * self.mwc(away - 3, opp_away)
                + lose_oyn * self.mwc(away, opp_away - 1)
                + (e.lose_mars - e.lose_koks) * self.mwc(away, opp_away - 2)
                + e.lose_koks * self.mwc(away, opp_away - 3))


def match_equity_table(length: int, rates: tuple[float, float, float]) -> MatchEquityTable:
    """The table for matches up to ``length`` points with game outcome ``rates``.

    Args:
        length: the longest match (points, 1 to :data:`MAX_MATCH_LENGTH`).
        rates: ``(oyn, mars, koks)`` chances of one player winning a game
            by each, summing to 1/2 (:func:`outcome_rates`).

    Raises:
        ValueError: ``length`` outside 1 to :data:`MAX_MATCH_LENGTH`, or rates
            that are not chances summing to 1/2.
    """
    if length < 1:
        raise ValueError(f"a match is played to at least 1 point, not {length}")
    if length > MAX_MATCH_LENGTH:
        raise ValueError(f"a match equity table covers at most {MAX_MATCH_LENGTH} points,"
                         f" not {length}")
    if min(rates) < 0 or abs(sum(rates) - 0.5) > 1e-9:
        raise ValueError(f"the win rates {rates} must be chances summing to 1/2")
    n = length
    m = [[0.0] * (n + 1) for _ in range(n + 1)]

    def at(a: int, b: int) -> float:
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        return m[a][b]

    for a in range(n + 1):
        m[a][0] = 0.0
    for b in range(1, n + 1):
        m[0][b] = 1.0
    for total in range(2, 2 * n + 1):  # every (a, b) after those with a smaller sum
        for a in range(max(1, total - n), min(n, total - 1) + 1):
            b = total - a
            m[a][b] = sum(p * (at(a - k, b) + at(a, b - k)) for k, p in enumerate(rates, 1))
    return MatchEquityTable(length, (rates[0], rates[1], rates[2]),
                            tuple(tuple(row) for row in m))
