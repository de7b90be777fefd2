"""An independent bear-off oracle, written from rules.md alone (R3, R7, R8, R9, R12).

Tiny home boards only: ``(off, n1, …, n6)`` counts of one side's checkers,
own points 1…6.  Nothing here calls the package.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

Board = tuple[int, ...]  # (off, p1, ..., p6)

ROLLS = [(a, b, (1 if a == b else 2) / 36) for a in range(6, 0, -1) for b in range(a, 0, -1)]


def board(points: dict[int, int]) -> Board:
    counts = [0] * 7
    for p, n in points.items():
        counts[p] = n
    counts[0] = 15 - sum(points.values())
    return tuple(counts)


def _step(b: Board, d: int) -> list[Board]:
    """Every board after one die ``d`` (R8: from point d, or from the highest
    point below d when none stands above d; inside home otherwise)."""
    out = []
    highest = max((p for p in range(1, 7) if b[p]), default=0)
    for p in range(1, 7):
        if not b[p]:
            continue
        c = list(b)
        c[p] -= 1
        if p > d:
            c[p - d] += 1
        elif p in (d, highest):
            c[0] += 1
        else:
            continue
        out.append(tuple(c))
    return out


def ends(b: Board, d1: int, d2: int) -> set[Board]:
    """Distinct end boards of roll d1 >= d2 (R7: most dice, else the higher)."""
    if b[0] == 15:
        return {b}
    orders = [(d1,) * 4] if d1 == d2 else list(set(permutations((d1, d2))))
    best: dict[int, set[Board]] = {}
    for order in orders:
        frontier = {b}
        for used, d in enumerate(order, 1):
            nxt = {c for f in frontier for c in (_step(f, d) if f[0] < 15 else [])}
            if not nxt:
                break
            best.setdefault(used, set()).update(nxt)
            if used == 1 and d1 != d2:
                best.setdefault(-d, set()).update(nxt)  # which die a single step used
            frontier = nxt
    if not best:
        return {b}
    most = max(k for k in best if k > 0)
    if most == 1 and d1 != d2:
        return best.get(-d1) or best[-d2]
    return best[most]


@cache
def expected(b: Board) -> float:
    """Expected own rolls to bear off all (each roll played to minimise it)."""
    if b[0] == 15:
        return 0.0
    return 1.0 + sum(p * min(expected(c) for c in ends(b, a, d)) for a, d, p in ROLLS)


@cache
def dist(b: Board) -> tuple[float, ...]:
    """P(N = k) for k = 0…: own rolls needed, under the play of :func:`expected`."""
    if b[0] == 15:
        return (1.0,)
    out: dict[int, float] = {}
    for a, d, p in ROLLS:
        child = min(ends(b, a, d), key=expected)
        for k, q in enumerate(dist(child)):
            out[k + 1] = out.get(k + 1, 0.0) + p * q
    return tuple(out.get(k, 0.0) for k in range(max(out) + 1))


def win_after(mover: Board, opponent: Board) -> float:
    """P(the side that just reached ``mover`` wins), the opponent to roll."""
    n, m = dist(mover), dist(opponent)
    if mover[0] == 15:
        return 1.0
    # the mover wins when it needs fewer of its rolls than the opponent needs of its own
    return sum(pn * sum(pm for k, pm in enumerate(m) if k > j) for j, pn in enumerate(n))


def equity_after(mover: Board, opponent: Board) -> float:
    """Points (R9) for the mover; both sides have checkers off: no mars."""
    assert mover[0] > 0 and opponent[0] > 0
    return 2 * win_after(mover, opponent) - 1


def rate(mover: Board, opponent: Board, dice: tuple[int, int], played: Board
         ) -> tuple[float, float, float, bool]:
    """(equity played, equity best, luck, forced) for the mover's roll ``dice``."""
    def best_of(a: int, d: int) -> float:
        return max(equity_after(c, opponent) for c in ends(mover, a, d))

    options = ends(mover, *dice)
    mean = sum(p * best_of(a, d) for a, d, p in ROLLS)
    return (equity_after(played, opponent), best_of(*dice), best_of(*dice) - mean,
            len(options) == 1)
