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

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, NamedTuple

from narde_notation.model import OFF, Finding, Ruleset, Side
from narde_notation.rules.generation import STEPS, Step, generate, more_dice_playable
from narde_notation.rules.packed import after_board, mover_boards
from narde_notation.rules.step import HEAD_SHIFT, head_allowance, illegal_block, step

if TYPE_CHECKING:
    from narde_notation.rules.position import Position

__all__ = ["PASS", "TurnCheck", "fewer_dice", "quick_check", "quick_legs", "quick_turns"]


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
    legs = _checked_legs(paths)
    if legs is None:
        return None
    if d1 == d2:
        read = _read_double(me, opp, floor, d1, legs, not eot)
    else:
        read = _read_roll(me, opp, floor, d1, d2, legs, eot)
    if read is None:
        return None
    st, done = read
    if eot and illegal_block(st, opp):
        return None
    end = after_board(position, st)
    if len(done) == (4 if d1 == d2 else 2):
        return end, done
    return fewer_dice(side, me, opp, first, d1, d2, rules, done, end)


#: (end board, steps) of a reading, or ``None`` (not shown legal)
_Read = tuple[int, tuple[Step, ...]] | None
#: written moves as single legs ``(a, b)``
_Legs = Sequence[tuple[int, int]]


def _checked_legs(paths: Sequence[Sequence[int]]) -> _Legs | None:
    """The written moves as legs ``a/b`` of int points ``0 <= b < a <= 24``
    (``paths`` itself when each is one; a chain such as ``24/18/13`` as its
    legs in order, :func:`_legs`); ``None`` for anything else (for the
    diagnosis)."""
    for path in paths:
        if type(path) is not tuple or len(path) != 2:
            legs = _legs(paths)
            return None if legs is None else _checked_legs(legs)
        a, b = path
        if type(a) is not int or type(b) is not int or not 0 <= b < a <= 24:
            return None
    return paths  # type: ignore[return-value]  # every path checked to be a leg


def _read_double(me: int, opp: int, floor: int, d: int, legs: _Legs, block: bool) -> _Read:
    """:func:`quick_check`'s reading of a double: as many dice as each move's
    distance needs (to bear off: as many as reach off), in written order."""
    st = me
    steps: list[Step] = []
    table = STEPS
    left = 4
    for a, b in legs:
        if b == OFF:
            k = -(-a // d)
        else:
            dist = a - b
            if dist % d:
                return None
            k = dist // d
        left -= k
        if left < 0:
            return None
        for _ in range(k):
            st = step(st, a, d, opp, floor, block)
            if st < 0:
                return None
            steps.append(table[a][d])
            a -= d
    return st, tuple(steps)


def _read_roll(me: int, opp: int, floor: int, d1: int, d2: int, legs: _Legs,
               eot: bool) -> _Read:
    """:func:`quick_check`'s reading of a non-double ``d1 > d2``: each move
    takes the first fitting dice — the higher, the lower, then both (higher
    first, else lower first), the lower first when bearing off — in written
    order; a turn written as one bear-off by :func:`_bear_off_alone`."""
    st = me
    steps: list[Step] = []
    table = STEPS
    block = not eot
    free1 = free2 = True
    for a, b in legs:
        if b == OFF:
            if len(legs) == 1:  # the only move bears off: one die or two?
                return _bear_off_alone(me, a, d1, d2, opp, floor, eot)
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
    if (free1 or free2) and steps and steps[0].to_point == OFF:
        # One die borne off of two: other readings may use both dice.
        return None
    return st, tuple(steps)


# ------------------------------------------------- many half-turns, compiled
#: a turn word's mark of a written pass (no legs): ``PASS`` in generation_kernel.c
PASS = 1 << 52
#: the rules :func:`quick_turns` hands the compiled reading (generation_kernel.c's
#: ``EOT``, ``HEAD_64``, ``HEAD_STRICT``)
_END_OF_TURN_BLOCK, _HEAD_DOUBLES_64, _HEAD_EXCEPTION_STRICT = 1, 2, 4


def quick_legs(paths: Sequence[Sequence[int]]) -> int:
    """The written moves as :func:`quick_turns` takes them: ``n << 9`` and
    each leg ``a/b`` as ``(a | b << 5) << (12 + 10 k)`` (chains as their legs,
    in order); :data:`PASS` for no moves (a pass written); 0 when they are not
    1 to 4 legs of int points ``0 <= b < a <= 24`` (anything for
    :func:`quick_check` and the diagnosis themselves)."""
    if not paths:
        return PASS
    legs = _checked_legs(paths)
    if not legs or len(legs) > 4:
        return 0
    word = len(legs) << 9
    shift = 12
    for a, b in legs:
        word |= (a | b << 5) << shift
        shift += 10
    return word


#: the compiled reading of many half-turns: ``[]`` until first asked, then it or ``None``
_QUICK_TURNS: list[Callable[[int, int, bool, bool, int, list[int]], list[int]] | None] = []


def quick_turns(position: Position, turns: list[int], rules: Ruleset) -> list[int]:
    """:func:`quick_check` of consecutive half-turns in one compiled call (the
    replay's common case): the mover's packed end board of each leading
    half-turn that :func:`quick_check` shows legal, in order.

    ``turns``: one int per half-turn, ``d1 | d2 << 4 | black << 8 | legs``
    (``legs``: :func:`quick_legs`; 0 for a half-turn to read otherwise).  A
    turn of fewer dice than rolled and a pass (:data:`PASS`) are settled by
    the compiled search of the roll (R7: as :func:`fewer_dice` and
    :func:`~narde_notation.rules.generation.generate` answer), except under
    ``end-of-turn-block``.  The reading stops at the first half-turn it does
    not show legal — one :func:`quick_check` would not show legal, a pass
    that is not the only play, a side all off, an R7 question under
    ``end-of-turn-block`` — and the caller reads that one itself (its
    findings are the diagnosis's).  Each board is the one :func:`quick_check`
    reaches (tests/rules/test_quick_turns.py compares them).  ``[]`` without
    the compiled search (:mod:`.generation_kernel`; ``NARDE_PURE_PYTHON=1``).
    """
    if not _QUICK_TURNS:
        from narde_notation.rules.generation_kernel import quick_turns_kernel

        _QUICK_TURNS.append(quick_turns_kernel())
    call = _QUICK_TURNS[0]
    if call is None or not turns:
        return []
    flags = (rules.end_of_turn_block * _END_OF_TURN_BLOCK | rules.head_doubles_64
             * _HEAD_DOUBLES_64 | rules.head_exception_strict * _HEAD_EXCEPTION_STRICT)
    side, me, opp, first, opp_first = mover_boards(position)
    if side is Side.WHITE:
        return call(me, opp, first, opp_first, flags, turns)
    return call(opp, me, opp_first, first, flags, turns)
