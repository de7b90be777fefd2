"""The single-step rule: one checker moved by one die (R3–R6, R8).

Everything the engine does — generating legal turns
(:mod:`narde_notation.rules.generation`), checking a written turn
(:mod:`narde_notation.rules.turn_check`) and explaining why it is illegal
(:mod:`narde_notation.rules.turn_diagnosis`) — is built on :func:`step` alone; a rule
of a single step exists only here.

Boards are the packed integers of :mod:`narde_notation.rules.position`, in the
**mover's own numbering**: nibble ``p`` (bits ``4p … 4p+3``) is the count
on own point ``p`` (1…24, head 24, home 6…1), nibble 0 the borne-off
count.  The opponent's packed checkers ``opp`` are used as they are: the
mover's own point ``t`` is the opponent's own ``FLIP[t]``, so
``opp & FACING[t]`` says whether ``t`` is closed (R4), and
``opp & UNDER[q]`` whether an opposing checker stands on the board below
the opponent's own point ``q`` (R6 "ahead").
"""

from __future__ import annotations

from narde_notation.model import FLIP, Ruleset

__all__ = [
    "BLOCK",
    "CLOSED",
    "HEAD",
    "HIGHER",
    "NOT_HOME",
    "NO_CHECKER",
    "REFUSAL_CODES",
    "head_allowance",
    "head_floor",
    "illegal_block",
    "step",
]

#: ``ONE[p]`` adds one checker on own point ``p`` (``ONE[0]``: one borne off).
ONE = tuple(1 << (4 * p) for p in range(26))
#: ``NIB[p]`` masks own point ``p``'s count.
NIB = tuple(15 << (4 * p) for p in range(26))
#: low bit of the nibbles of points 1…24: ``(st | st>>1 | st>>2 | st>>3) & OCC`` = occupied.
OCC = sum(1 << (4 * p) for p in range(1, 25))
HEAD_SHIFT = 96  # 4 * 24: ``st >> HEAD_SHIFT`` is the head count
HOME_SHIFT = 28  # nibbles 7…24 start here: ``st >> HOME_SHIFT`` != 0 means a checker outside home
#: nibbles of own points ``p+1 … 6`` (R8 higher-point test), index ``p`` in 0…24.
ABOVE = tuple(sum(NIB[q] for q in range(p + 1, 7)) for p in range(7)) + (0,) * 18
#: nibble of the opponent's point facing own point ``t`` (0 for off and bar).
FACING = (0, *(NIB[FLIP[t]] for t in range(1, 25)), 0)
#: nibbles of the opponent's own points 1 … ``q - 1``, index ``q`` in 0…25.
UNDER = tuple(sum(NIB[y] for y in range(1, q)) for q in range(26))
_OCC_LOW = sum(1 << (4 * p) for p in range(1, 13))
_OCC_HIGH = sum(1 << (4 * p) for p in range(13, 25))

# What forbids a step: :func:`step` returns one of these (negative) instead of a board.
NO_CHECKER = -1  #: R3: no checker on the from point
CLOSED = -2  #: R4: the point reached is held by the opponent
HEAD = -3  #: R5: one checker too many off the head
BLOCK = -4  #: R6: an illegal six-point block through the point reached
NOT_HOME = -5  #: R8: bearing off before all 15 are home
HIGHER = -6  #: R8: a higher die from a lower point while a checker stands above
#: finding code of each refusal (rules.md, "Findings").
REFUSAL_CODES = {
    NO_CHECKER: "no-checker",
    CLOSED: "closed-point",
    HEAD: "head-rule",
    BLOCK: "six-block",
    NOT_HOME: "bear-off-not-home",
    HIGHER: "bear-off-higher-point",
}


def step(st: int, p: int, d: int, opp: int, floor: int, block: bool) -> int:
    """One checker from own point ``p`` moved by die ``d``: the new board, or why not.

    Args:
        st: the mover's packed board; ``opp``: the opponent's.
        p: own point 1…24 the checker leaves; ``d``: the die 1…6.
        floor: the head count at or below which no checker may leave the
            head (R5; see :func:`head_floor`).
        block: apply R6 to this step (``False`` under ``end-of-turn-block``,
            which checks the final position with :func:`illegal_block`).

    Returns:
        The new packed board (>= 0), or a negative refusal: ``NO_CHECKER``
        (R3), ``CLOSED`` (R4), ``HEAD`` (R5), ``BLOCK`` (R6), ``NOT_HOME``
        or ``HIGHER`` (R8).  A die of ``d >= p`` bears off (R8).
    """
    # The shifts are written as numbers (HEAD_SHIFT = 96, HOME_SHIFT = 28): this
    # is the engine's innermost function.
    if not st & NIB[p]:
        return NO_CHECKER
    t = p - d
    if t > 0:
        if opp & FACING[t]:
            return CLOSED
        if p == 24 and st >> 96 <= floor:
            return HEAD
        new = st - ONE[p] + ONE[t]
        if block and not st & NIB[t] and new & NEAR[t] and _makes_block(new, t, opp):
            return BLOCK
        return new
    if st >> 28:
        return NOT_HOME
    if t and st & ABOVE[p]:
        return HIGHER
    return st - ONE[p] + 1


def head_allowance(first_turn: bool, d1: int, d2: int, opp: int, rules: Ruleset) -> int:
    """How many checkers may leave the head this turn (R5 and its variants)."""
    if not first_turn or d1 != d2:
        return 1
    if d1 not in ((6, 4) if rules.head_doubles_64 else (6, 4, 3)):
        return 1
    if rules.head_exception_strict:
        # A single checker playing the double from the head must be stopped
        # exactly by the opponent's head (own 12), all earlier stops open.
        point = 24
        for _ in range(4):
            point -= d1
            if opp & FACING[point]:
                return 2 if point == 12 else 1
        return 1
    return 2


def head_floor(me: int, first_turn: bool, d1: int, d2: int, opp: int, rules: Ruleset) -> int:
    """The ``floor`` argument of :func:`step` for this turn (R5)."""
    if not first_turn:
        return (me >> HEAD_SHIFT) - 1
    return (me >> HEAD_SHIFT) - head_allowance(first_turn, d1, d2, opp, rules)


def _makes_block(st: int, t: int, opp: int) -> bool:
    """R6 after a step that newly occupied own point ``t``: an illegal block through it?

    Consecutive = along the opponent's path (opponent's own numbering, no
    wrap from its 1 to its 24); legal only with an opponent checker on an
    opponent point lower than the block's lowest point.  ``R6_BELOW[t]`` and
    ``R6_BEYOND[t]`` are the nibbles of the five points before and after
    ``t`` along that path.
    """
    n = 0  # points held just below t (opponent's numbering)
    for mask in R6_BELOW[t]:
        if not st & mask:
            break
        n += 1
    if opp & UNDER[FLIP[t] - n]:  # an opponent checker below the lowest start
        return False
    for mask in R6_BEYOND[t]:
        if n >= 5:
            return True
        if not st & mask:
            return False
        n += 1
    return n >= 5


def illegal_block(st: int, opp: int) -> bool:
    """R6 on a whole board: six consecutive points with no opposing checker ahead.

    ``run`` has bit ``4 * q`` set when the mover holds the opponent's own
    points ``q`` … ``q + 5`` (the opponent's own ``y`` is the mover's
    ``y + 12`` or ``y - 12``: a 48-bit swap of the halves); the lowest such
    ``q`` is the most permissive block, illegal unless an opposing checker
    stands below it.
    """
    occ = (st | st >> 1 | st >> 2 | st >> 3) & OCC
    occ = ((occ & _OCC_LOW) << 48) | ((occ & _OCC_HIGH) >> 48)  # opponent's numbering
    run = occ & occ >> 4 & occ >> 8 & occ >> 12 & occ >> 16 & occ >> 20
    return bool(run) and not opp & UNDER[((run & -run).bit_length() - 1) >> 2]


#: nibbles of own points ``q - 1`` … ``q - 5`` / ``q + 1`` … ``q + 5`` of the
#: opponent's numbering (``q = FLIP[t]``, clipped to 1…24), index ``t``.
R6_BELOW: tuple[tuple[int, ...], ...] = (
    (),
    *(
        tuple(NIB[FLIP[q]] for q in range(FLIP[t] - 1, max(0, FLIP[t] - 6), -1))
        for t in range(1, 25)
    ),
)
R6_BEYOND: tuple[tuple[int, ...], ...] = (
    (),
    *(
        tuple(NIB[FLIP[q]] for q in range(FLIP[t] + 1, min(25, FLIP[t] + 6)))
        for t in range(1, 25)
    ),
)
#: nibbles of the own points next to ``t`` along the opponent's path (R6 quick test).
NEAR = (
    0,
    *(
        (NIB[FLIP[FLIP[t] - 1]] if FLIP[t] > 1 else 0)
        | (NIB[FLIP[FLIP[t] + 1]] if FLIP[t] < 24 else 0)
        for t in range(1, 25)
    ),
)
