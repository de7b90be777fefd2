"""Checking written moves: the quick readings and R7 for a legal reading.

A record writes a turn's moves as paths (``24/18 18/13``, ``24/13``,
``24/18/13``, ``6/off(2)``).  :func:`quick_check` reads them the obvious
way — each written pair takes the first fitting dice, steps in written
order — applying the single-step rule :func:`narde_notation.rules.step.step` to
every step.  When that reading is legal it is the one the search of all
readings (:mod:`narde_notation.rules.turn_diagnosis`) would find first, so the common
legal turn is settled here, building nothing but the end board.
:func:`fewer_dice` then answers R7 when the reading uses fewer dice than
rolled.  ``None`` from a reading means "not shown legal this way", never
"illegal": the caller then asks the diagnosis.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, NamedTuple

from narde_notation.model import OFF, Finding, Ruleset, Side
from narde_notation.rules.generation import STEPS, Step, generate, more_dice_playable
from narde_notation.rules.packed import after_board, mover_boards
from narde_notation.rules.step import HEAD_SHIFT, head_allowance, illegal_block, step

if TYPE_CHECKING:
    from narde_notation.rules.position import Position

__all__ = ["TurnCheck", "fewer_dice", "quick_check"]


class TurnCheck(NamedTuple):
    """What :func:`~narde_notation.rules.engine.check_turn` found (an immutable named tuple).

    Attributes:
        legal: the written moves are a legal turn (R3–R8).
        findings: empty when legal; otherwise usually one finding, the most
            specific, with ``move`` = index of the path to blame (or ``None``).
        position: the position after the moves applied as written, the other
            side to move, whenever every move is physically possible (a
            checker on its from point, every written stop not held by the
            opponent) whatever the dice and rules; ``None`` when not.
        steps: the single-die reading that was checked when one makes the
            written moves legal step by step (also for ``not-max-dice`` /
            ``not-higher-die``), else ``None``.
    """

    legal: bool
    findings: list[Finding]
    position: Position | None
    steps: tuple[Step, ...] | None



def _legs(paths: Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...] | None:
    """Written moves as single legs: ``24/18/13`` is ``24/18`` then ``18/13``; ``None``
    when a move is not a tuple of at least two points."""
    legs: list[tuple[int, int]] = []
    for path in paths:
        if type(path) is not tuple or len(path) < 2:
            return None
        legs.extend(pairwise(path))
    return tuple(legs)


def _bear_off_alone(
    me: int, a: int, d1: int, d2: int, opp: int, floor: int, eot: bool
) -> tuple[int, tuple[Step, ...]] | None:
    """:func:`quick_check` for a non-double turn written as the single move ``a/off``.

    The readings in the order the search tries them: both dice (higher
    first, then lower first) when one die is too small, then one die (the
    higher, then the lower); the first legal one, else ``None``.
    """
    plans: list[tuple[int, ...]] = []
    if d1 < a <= d1 + d2:
        plans.append((d1, d2))
    if d2 < a <= d1 + d2:
        plans.append((d2, d1))
    if d1 >= a:
        plans.append((d1,))
    if d2 >= a:
        plans.append((d2,))
    block = not eot
    for plan in plans:
        st = me
        p = a
        steps: list[Step] = []
        for d in plan:
            st = step(st, p, d, opp, floor, block)
            if st < 0:
                break
            steps.append(STEPS[p][d])
            p -= d
        else:
            if not (eot and illegal_block(st, opp)):
                return st, tuple(steps)
    return None


def fewer_dice(
    side: Side,
    me: int,
    opp: int,
    first: bool,
    d1: int,
    d2: int,
    rules: Ruleset,
    steps: tuple[Step, ...],
    end: Position,
) -> TurnCheck:
    """R7 for a legal reading that uses fewer dice than rolled (``steps``, ending in ``end``).

    Usually no more dice can be played and the turn is legal: without the
    ``end-of-turn-block`` variant that is shown without generating turns
    (:func:`~narde_notation.rules.generation.more_dice_playable`); the findings
    ``not-max-dice`` and ``not-higher-die`` come from
    :func:`~narde_notation.rules.generation.generate`.
    """
    used = len(steps)
    if not rules.end_of_turn_block:
        floor = (me >> HEAD_SHIFT) - head_allowance(first, d1, d2, opp, rules)
        higher_alone = more_dice_playable(me, opp, d1, d2, floor, used)
        if higher_alone is not None and (
            used != 1 or d1 == d2 or not higher_alone or steps[0][2] == d1
        ):
            return TurnCheck(True, [], end, steps)
    gen = generate(me, opp, first, d1, d2, rules)
    name = side.name.capitalize()
    if used < gen.max_dice:
        numbers = "number" if gen.max_dice == 1 else "numbers"
        return TurnCheck(
            False,
            [
                Finding(
                    "not-max-dice",
                    f"{name} played {used} of the roll {d1}{d2} but "
                    f"{gen.max_dice} {numbers} can be played",
                )
            ],
            end,
            steps,
        )
    if used == 1 and d1 != d2 and gen.single_die == d1 and steps[0][2] != d1:
        return TurnCheck(
            False,
            [
                Finding(
                    "not-higher-die",
                    f"{name} played the {steps[0][2]} but the higher die "
                    f"{d1} can be played and only one number can",
                    move=0,
                )
            ],
            end,
            steps,
        )
    return TurnCheck(True, [], end, steps)


def quick_check(
    position: Position, d1: int, d2: int, paths: Sequence[Sequence[int]], rules: Ruleset
) -> tuple[Position, tuple[Step, ...]] | TurnCheck | None:
    """The common case of checking: the obvious reading of the written moves is legal.

    The obvious reading: each written pair takes the first fitting dice —
    the higher, the lower, then both (higher first, else lower first), the
    lower first when bearing off; on a double, as many dice as the distance
    needs — and the steps are played in written order, each by
    :func:`~narde_notation.rules.step.step` (the final board too under
    ``end-of-turn-block``).  A chain (``24/18/13``) reads as its legs in
    order; a non-double turn written as one bear-off is read by
    :func:`_bear_off_alone`.  Whenever this shows a turn legal, the search
    of all readings (:mod:`narde_notation.rules.turn_diagnosis`) would find the same
    first legal reading.

    Args:
        position: the position before the turn; ``d1 >= d2`` the dice;
            ``paths`` the written moves (own numbering, repeats expanded) —
            anything but tuples of int points forming forward paths gives
            ``None``; ``rules`` the variants.

    Returns:
        ``(end position, steps)`` when the reading is a legal turn using
        every die (no :class:`TurnCheck` built); the :class:`TurnCheck` of
        :func:`fewer_dice` when it uses fewer dice (R7); ``None`` when the
        reading does not show the turn legal, for a pass, or when the game
        is over — "ask the diagnosis", never "illegal".
    """
    side, me, opp, first, _opp_first = mover_boards(position)
    if me & 15 == 15 or opp & 15 == 15 or not paths:
        return None
    allowance = head_allowance(True, d1, d2, opp, rules) if first else 1
    floor = (me >> 96) - allowance  # me >> HEAD_SHIFT: the head count
    eot = rules.end_of_turn_block
    st = me
    steps: list[Step] = []
    table = STEPS
    block = not eot
    double = d1 == d2
    free1 = free2 = True
    left = 4
    for path in paths:
        if type(path) is not tuple or len(path) != 2:
            # A chain (24/18/13) reads as its legs in order; anything else is
            # for the diagnosis.
            legs = _legs(paths)
            if legs is None:
                return None
            return quick_check(position, d1, d2, legs, rules)
        a, b = path
        if type(a) is not int or type(b) is not int or not 0 <= b < a <= 24:
            return None
        if double:
            if b == OFF:
                k = -(-a // d1)
            else:
                dist = a - b
                if dist % d1:
                    return None
                k = dist // d1
            left -= k
            if left < 0:
                return None
            for _ in range(k):
                st = step(st, a, d1, opp, floor, block)
                if st < 0:
                    return None
                steps.append(table[a][d1])
                a -= d1
            continue
        if b == OFF:
            if len(paths) == 1:  # the only move bears off: one die or two?
                alone = _bear_off_alone(me, a, d1, d2, opp, floor, eot)
                if alone is None:
                    return None
                st, alone_steps = alone
                steps = list(alone_steps)
                break
            if free2 and d2 >= a:
                free2 = False
                d = d2
            elif free1 and d1 >= a:
                free1 = False
                d = d1
            else:
                return None
        else:
            dist = a - b
            if dist == d1 and free1:
                free1 = False
                d = d1
            elif dist == d2 and free2:
                free2 = False
                d = d2
            elif dist == d1 + d2 and free1 and free2:
                # Both dice: the higher first, else the lower first (the
                # two readings the search tries, in its order).
                free1 = free2 = False
                for x, y in ((d1, d2), (d2, d1)):
                    new = step(st, a, x, opp, floor, block)
                    if new >= 0:
                        new = step(new, a - x, y, opp, floor, block)
                        if new >= 0:
                            break
                else:
                    return None
                st = new
                steps.append(table[a][x])
                steps.append(table[a - x][y])
                continue
            else:
                return None
        st = step(st, a, d, opp, floor, block)
        if st < 0:
            return None
        steps.append(table[a][d])
    else:
        if not double and (free1 or free2) and steps and steps[0].to_point == OFF:
            # One die borne off of two: other readings may use both dice.
            return None
        if eot and illegal_block(st, opp):
            return None
    end = after_board(position, st)
    done = tuple(steps)
    if len(done) == (4 if double else 2):
        return end, done
    return fewer_dice(side, me, opp, first, d1, d2, rules, done, end)
