"""The bear-off database against an independent brute force written from R7/R8.

Positions are tuples ``(c1, …, c6)`` of checkers on own points 1…6; the
brute force reads rules.md directly (a die ``d`` moves a checker from
``p > d`` to ``p - d``, bears it off from ``p == d``, or from a lower point
only when no checker stands above it; a double is played four times; the
turns using the most dice count) and never calls the engine.  The tie
rule between turns of equal expectation is the database's documented one
(within 1e-12, the end board of the lowest packed value wins).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache

import pytest

from narde_notation import Position, Side
from narde_notation.evaluator.bearoff import database
from narde_notation.evaluator.evaluate import Evaluator, expected_rolls
from narde_notation.evaluator.network import Network

State = tuple[int, ...]
ROLLS = [(a, b, (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(1, a + 1)]


def one_die(c: State, d: int) -> set[State]:
    out = set()
    for p in range(1, 7):
        if not c[p - 1]:
            continue
        new = list(c)
        new[p - 1] -= 1
        if p > d:
            new[p - d - 1] += 1
        elif p < d and any(c[q - 1] for q in range(p + 1, 7)):
            continue
        out.add(tuple(new))
    return out


def ends(c: State, d1: int, d2: int) -> list[State]:
    orders = [[d1] * 4] if d1 == d2 else [[d1, d2], [d2, d1]]
    best_depth, finals = -1, set()
    for dice in orders:
        layer = {c}
        depth = 0
        for d in dice:
            nxt = set().union(*(one_die(s, d) for s in layer))
            if not nxt:
                break
            layer, depth = nxt, depth + 1
        if depth > best_depth:
            best_depth, finals = depth, set(layer)
        elif depth == best_depth:
            finals |= layer
    return sorted(finals, key=packed)


def packed(c: State) -> int:
    return sum(n << (4 * (i + 1)) for i, n in enumerate(c)) + 15 - sum(c)


def choose(kids: list[State], value: object) -> State:
    vals = [value(k) for k in kids]  # type: ignore[operator]
    least = min(vals)
    return next(k for k, v in zip(kids, vals, strict=True) if v <= least + 1e-12)


@cache
def e_rolls(c: State) -> float:
    if not any(c):
        return 0.0
    return 1.0 + sum(p * e_rolls(choose(ends(c, a, b), e_rolls)) for a, b, p in ROLLS)


@cache
def e_first(c: State) -> float:
    if sum(c) < 15:
        return 0.0
    return 1.0 + sum(p * e_first(choose(ends(c, a, b), e_first)) for a, b, p in ROLLS)


@cache
def win(a: State, b: State) -> float:
    """P(the side with ``a`` to roll finishes first), both playing for fewest rolls."""
    total = 0.0
    for d1, d2, p in ROLLS:
        kid = choose(ends(a, d1, d2), e_rolls)
        total += p * (1.0 if not any(kid) else 1.0 - win(b, kid))
    return total


def _both_roll(a: State, b: State, pick_a: object, a_end: Callable[[State], float | None],
               pick_b: object, b_end: Callable[[State], float | None],
               again: Callable[[State, State], float]) -> float:
    """The mean over ``a``'s roll (its turn chosen by ``pick_a``) and then
    ``b``'s (by ``pick_b``) of: ``a_end(kid)`` or ``b_end(other)`` when the
    race is settled there, else ``again(kid, other)``."""
    total = 0.0
    for d1, d2, p in ROLLS:
        kid = choose(ends(a, d1, d2), pick_a)
        if (end := a_end(kid)) is not None:
            total += p * end
            continue
        for e1, e2, q in ROLLS:
            other = choose(ends(b, e1, e2), pick_b)
            settled = b_end(other)
            total += p * q * (again(kid, other) if settled is None else settled)
    return total


@cache
def win_mars(a: State, b: State) -> float:
    """P(``a`` finishes before ``b`` (15 on the board, saving its mars) bears one off)."""
    # a done: won; b bore one off: no mars for a to win
    return _both_roll(a, b, e_rolls, lambda kid: None if any(kid) else 1.0,
                      e_first, lambda other: None if sum(other) == 15 else 0.0, win_mars)


@cache
def lose_mars(a: State, b: State) -> float:
    """P(``b`` finishes before ``a`` (15 on the board, to roll) bears one off)."""
    # a bore one off: saved; b done first: a is marsed
    return _both_roll(a, b, e_first, lambda kid: 0.0 if sum(kid) < 15 else None,
                      e_rolls, lambda other: None if any(other) else 1.0, lose_mars)


def small(max_checkers: int) -> list[State]:
    return [c for c in itertools.product(range(max_checkers + 1), repeat=6)
            if 0 < sum(c) <= max_checkers]


def full(max_pips: int) -> list[State]:
    """Positions with all 15 on the board and at most ``max_pips`` pips."""
    out: list[State] = []

    def fill(prefix: tuple[int, ...], left: int, pips: int) -> None:
        point = len(prefix) + 1
        if point == 7:
            if left == 0:
                out.append(prefix)
            return
        for n in range(left + 1):
            if pips + n * point <= max_pips:
                fill((*prefix, n), left - n, pips + n * point)

    fill((), 15, 0)
    return out


def test_expected_rolls_by_hand() -> None:
    # One checker on 1: any roll bears it off.  One on 6: off in one roll unless the
    # roll is 2-1, 3-1, 4-1, 3-2 (8/36) or 1-1 (1/36), then any roll finishes it.
    db = database()
    assert db.expected_rolls(packed((1, 0, 0, 0, 0, 0))) == pytest.approx(1.0, abs=1e-12)
    assert db.expected_rolls(packed((0, 0, 0, 0, 0, 1))) == pytest.approx(1 + 9 / 36,
                                                                           abs=1e-12)
    assert db.expected_rolls(packed((0,) * 6)) == 0.0


def test_expected_rolls_equal_brute_force() -> None:
    db = database()
    states = small(4) + full(21)
    for c in states:
        assert db.expected_rolls(packed(c)) == pytest.approx(e_rolls(c), abs=1e-9), c


def test_two_sided_win_equals_brute_force() -> None:
    db = database()
    states = small(3)
    for a in states[::3]:
        for b in states[::5]:
            got, _wm, _lm = db.race(packed(a), packed(b))
            assert float(got) == pytest.approx(win(a, b), abs=1e-9), (a, b)


def test_mars_equals_brute_force() -> None:
    db = database()
    for a in small(2)[::2]:
        for b in full(18):
            _w, wm, lm = db.race(packed(a), packed(b))
            assert float(wm) == pytest.approx(win_mars(a, b), abs=1e-9), (a, b)
            _w, wm, lm = db.race(packed(b), packed(a))
            assert float(lm) == pytest.approx(lose_mars(b, a), abs=1e-9), (b, a)


def test_evaluator_uses_the_database_exactly() -> None:
    ev = Evaluator(network=Network(208, 4))
    est = ev.evaluate(Position.from_string("6:1 / 6:1 / W"))
    # by hand: the mover is off in one roll with 27/36, else the opponent must miss too.
    assert est.exact
    assert est.win == pytest.approx(27 / 36 + 9 / 36 * 9 / 36 * 1.0, abs=1e-12)
    assert est.win_mars == 0.0 and est.lose_mars == 0.0


def test_expected_rolls_api() -> None:
    pos = Position.from_string("6:1 / 24:15 / W")
    assert expected_rolls(pos, Side.WHITE) == pytest.approx(1 + 9 / 36, abs=1e-12)
    with pytest.raises(ValueError, match="outside its home"):
        expected_rolls(pos, Side.BLACK)
    assert expected_rolls(Position.from_string(" / 24:15 / B"), Side.WHITE) == 0.0
