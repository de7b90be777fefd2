"""Legal turns and turn checking: rules R3–R8 of rules.md.

Everything here works in the **mover's own numbering** (head 24, home
6…1, ``OFF`` = 0 when bearing off).  A side's checkers are one packed
integer (4 bits per own point, nibble 0 = borne off, see
:mod:`narde_notation.position`), so a single checker step is two integer
additions and a position is hashed as one int.

Two entry points:

* :func:`legal_turns` — every distinct end position a roll allows (R7
  compulsory play, R5 head rule, R6 six-block, R8 bearing off, R4 closed
  points), one :class:`Turn` each.
* :func:`check_turn` — whether the moves a record wrote are a legal turn,
  with :class:`~narde_notation.findings.Finding` objects when they are
  not.  The common legal case is verified directly from the written moves
  (no generation); legal turns are generated only for R7 questions (fewer
  dice written than rolled, a pass).

:func:`check_turn` is the validator's hot path, so it reads the moves in
three tiers: :func:`_fast` reads the obvious way of writing a turn with
every rule inlined and builds nothing but the result (a few microseconds);
fewer dice than rolled are then settled by :func:`_no_more_dice` (sets of
states, no turns built) unless ``end-of-turn-block`` is in force; anything
else — a finding, an unusual reading, ``end-of-turn-block`` R7 — goes to
the search of all readings and to :func:`_generate`.  The tiers agree:
whatever a faster tier answers is what the search would answer (only the
dice of two bear-offs of a non-double may be paired the other way round,
as :func:`_fast` always has).  The opponent's packed checkers are tested
directly: ``opp & _FACING[t]`` for a closed point, ``opp & _UNDER[q]`` for
R6's "checker ahead".

Readings of rules.md this module takes (none is contradicted by the
shared corpus):

* R6 "ahead" means an opposing checker **on the board** on an opponent
  point below the block; borne-off checkers do not count, so with no
  opposing checker on the board every six-block is illegal.  The per-step
  check looks at blocks through the point a step newly occupies (an
  illegal block already standing in a set-up position does not stop other
  moves); under ``end-of-turn-block`` the whole final position is checked.
* R5's first turn: a side is on its first turn until it has taken one
  (a pass included); :class:`~narde_notation.position.Position` carries
  the flags, set from "all 15 on the head" when read from a string.
* A turn's steps are single-die steps (``24/18 18/13``), never merged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise, permutations
from typing import Any, NamedTuple

from narde_notation.errors import NotationError
from narde_notation.findings import Finding
from narde_notation.position import Position, _packed_position
from narde_notation.record import BAR, OFF
from narde_notation.ruleset import Ruleset
from narde_notation.side import Side

__all__ = [
    "Step",
    "Turn",
    "TurnCheck",
    "check_turn",
    "clear_caches",
    "legal_turns",
    "max_dice_used",
    "parse_roll",
]

# ---------------------------------------------------------------- packed board
_ONE = tuple(1 << (4 * p) for p in range(26))
_NIB = tuple(15 << (4 * p) for p in range(26))
#: low bit of the nibbles of points 1…24 (occupancy mask).
_OCC = sum(1 << (4 * p) for p in range(1, 25))
#: nibbles of own points p+1…6 (R8 higher-point test), index p in 1…6.
_ABOVE = tuple(sum(_NIB[q] for q in range(p + 1, 7)) for p in range(7)) + (0,) * 19
#: own point <-> opponent's own number for the same place (an involution).
_FLIP = (0, *((x + 11) % 24 + 1 for x in range(1, 25)))
_HEAD_SHIFT = 96  # 4 * 24
_HOME_SHIFT = 28  # nibbles 7…24 start here: st >> 28 != 0 means a checker outside home
_STANDARD = Ruleset()

_RawStep = tuple[int, int, int]  # (from, to or OFF, die), mover's own numbering


class Step(NamedTuple):
    """One checker moved by one die, in the mover's own numbering.

    ``to_point`` is ``OFF`` (0) when the checker is borne off (R8).
    """

    from_point: int
    to_point: int
    die: int

    def __str__(self) -> str:
        to = "off" if self.to_point == OFF else str(self.to_point)
        return f"{self.from_point}/{to}"


class Turn:
    """A legal turn: its single-die steps in play order and the end position.

    ``Turn(steps, position)``; immutable, compared by both fields.

    Attributes:
        steps: one :class:`Step` per die used (empty for a pass, R11); built
            on first access when the engine made the turn.
        position: the position after the turn, the other side to move, the
            mover's first-turn flag cleared.
    """

    __slots__ = ("_position", "_raw", "_steps")

    _position: Position
    _raw: tuple[_RawStep, ...]
    _steps: tuple[Step, ...] | None

    def __init__(self, steps: Sequence[Step], position: Position) -> None:
        object.__setattr__(self, "_steps", tuple(Step(*s) for s in steps))
        object.__setattr__(self, "_raw", tuple(tuple(s) for s in steps))
        object.__setattr__(self, "_position", position)

    @classmethod
    def _lazy(cls, raw: tuple[_RawStep, ...], position: Position) -> Turn:
        turn = object.__new__(cls)
        _SET_RAW(turn, raw)
        _SET_STEPS(turn, None)
        _SET_POSITION(turn, position)
        return turn

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Turn is immutable")

    @property
    def steps(self) -> tuple[Step, ...]:
        """The single-die steps in play order, mover's own numbering."""
        steps = self._steps
        if steps is None:
            steps = tuple(Step(*s) for s in self._raw)
            _SET_STEPS(self, steps)
        return steps

    @property
    def position(self) -> Position:
        """The end position (other side to move)."""
        return self._position

    @property
    def dice_used(self) -> int:
        """How many dice the turn uses (R7); 0 for a pass."""
        return len(self._raw)

    def notation(self) -> str:
        """The moves as a record writes them, ``"24/18 18/13"``, ``"6/off 5/off"``; ``"pass"``."""
        if not self._raw:
            return "pass"
        return " ".join(f"{p}/{'off' if t == OFF else t}" for p, t, _d in self._raw)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Turn):
            return NotImplemented
        return self._raw == other._raw and self._position == other._position

    def __hash__(self) -> int:
        return hash((self._raw, self._position))

    def __repr__(self) -> str:
        return f"Turn({self.steps!r}, {self._position!r})"

    def __str__(self) -> str:
        return self.notation()


_SET_RAW: Callable[[Turn, Any], None] = vars(Turn)["_raw"].__set__
_SET_STEPS: Callable[[Turn, Any], None] = vars(Turn)["_steps"].__set__
_SET_POSITION: Callable[[Turn, Any], None] = vars(Turn)["_position"].__set__


@dataclass(frozen=True, slots=True)
class TurnCheck:
    """What :func:`check_turn` found.

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


class _CheckDraft:
    """A mutable twin of :class:`TurnCheck` (same slots): fast to fill, then retyped.

    ``TurnCheck`` is frozen, so its fields can only be written through
    slot descriptors, one call each; a draft's plain attribute stores are
    cheaper, and assigning ``__class__`` between classes of the same slot
    layout is allowed.  Used on the success path of :func:`check_turn`.
    """

    __slots__ = TurnCheck.__slots__

    legal: bool
    findings: list[Finding]
    position: Position
    steps: tuple[Step, ...]


_SET_CLASS = object.__setattr__
_WHITE = Side.WHITE
_BLACK = Side.BLACK


# ---------------------------------------------------------------- dice
_ROLL = re.compile(r"\s*([1-6])\s*[-:]?\s*([1-6])\s*\Z")


def parse_roll(roll: str | Sequence[int]) -> tuple[int, int]:
    """Read a roll: ``"65"``, ``"56"``, ``"6-5"``, ``"6:5"`` or ``(6, 5)``; higher die first.

    Raises:
        NotationError: not two dice 1…6 (R12); the message names the bad part.
    """
    try:
        known = _ROLLS.get(roll)
    except TypeError:  # unhashable
        known = None
    if known is not None and not isinstance(roll[0], bool):
        return known
    if isinstance(roll, str):
        m = _ROLL.match(roll)
        if m is None:
            raise NotationError(f"bad roll {roll!r}: expected two dice 1-6 such as 65, 6-5 or 6:5")
        a, b = int(m.group(1)), int(m.group(2))
    else:
        try:
            a, b = roll
        except (TypeError, ValueError):
            raise NotationError(f"bad roll {roll!r}: expected two dice") from None
        for die in (a, b):
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
                raise NotationError(f"bad die {die!r} in roll {roll!r}: dice show 1-6 (R12)")
    return (a, b) if a >= b else (b, a)


_ROLLS: dict[object, tuple[int, int]] = {}
for _a in range(1, 7):
    for _b in range(1, 7):
        _hl = (max(_a, _b), min(_a, _b))
        for _key in ((_a, _b), f"{_a}{_b}", f"{_a}-{_b}", f"{_a}:{_b}"):
            _ROLLS[_key] = _hl

# ---------------------------------------------------------------- per-turn context
# The opponent's packed checkers ``opp`` are used as they are: the mover's
# own point ``t`` is the opponent's own ``_FLIP[t]``, so ``opp & _FACING[t]``
# says whether ``t`` is closed (R4), and ``opp & _UNDER[q]`` whether an
# opponent checker stands on the board below the opponent's own point ``q``
# (R6).  Borne-off checkers (nibble 0) are in neither mask.
#: nibble of the opponent's point facing own point ``t`` (0 for ``OFF`` and ``BAR``).
_FACING = (0, *(_NIB[_FLIP[t]] for t in range(1, 25)), 0)
#: nibbles of the opponent's own points 1 … ``q - 1``, index ``q`` in 0…25.
_UNDER = tuple(sum(_NIB[y] for y in range(1, q)) for q in range(26))
#: occupancy bits of points 1…12 / 13…24 (low bit of each nibble).
_OCC_LOW = sum(1 << (4 * p) for p in range(1, 13))
_OCC_HIGH = sum(1 << (4 * p) for p in range(13, 25))


def _head_limit(first_turn: bool, d1: int, d2: int, opp: int, rules: Ruleset) -> int:
    """How many checkers may leave the head this turn (R5 and its variants)."""
    if not first_turn or d1 != d2:
        return 1
    allowed = (6, 4) if rules.head_doubles_64 else (6, 4, 3)
    if d1 not in allowed:
        return 1
    if rules.head_exception_strict:
        # A single checker playing the double from the head must be stopped
        # exactly by the opponent's head (own 12), all earlier stops open.
        point = 24
        for _ in range(4):
            point -= d1
            if opp & _FACING[point]:
                return 2 if point == 12 else 1
        return 1
    return 2


def _makes_block(st: int, t: int, opp: int) -> bool:
    """R6 after a step that newly occupied own point ``t``: an illegal block through it?

    Consecutive = along the opponent's path (opponent's own numbering, no
    wrap from its 1 to its 24); legal only with an opponent checker on an
    opponent point lower than the block's lowest point.  ``_BELOW[t]`` and
    ``_BEYOND[t]`` are the nibbles of the five points before and after
    ``t`` along that path.
    """
    n = 0  # points held just below t (opponent's numbering)
    for mask in _BELOW[t]:
        if not st & mask:
            break
        n += 1
    if opp & _UNDER[_FLIP[t] - n]:  # an opponent checker below the lowest start
        return False
    for mask in _BEYOND[t]:
        if n >= 5:
            return True
        if not st & mask:
            return False
        n += 1
    return n >= 5


#: nibbles of own points ``q - 1`` … ``q - 5`` / ``q + 1`` … ``q + 5`` of the
#: opponent's numbering (``q = _FLIP[t]``, clipped to 1…24), index ``t``.
_BELOW: tuple[tuple[int, ...], ...] = (
    (),
    *(
        tuple(_NIB[_FLIP[q]] for q in range(_FLIP[t] - 1, max(0, _FLIP[t] - 6), -1))
        for t in range(1, 25)
    ),
)
_BEYOND: tuple[tuple[int, ...], ...] = (
    (),
    *(
        tuple(_NIB[_FLIP[q]] for q in range(_FLIP[t] + 1, min(25, _FLIP[t] + 6)))
        for t in range(1, 25)
    ),
)


def _has_block(st: int, opp: int) -> bool:
    """R6 on a whole position: six consecutive points with no opponent checker ahead.

    ``run`` has bit ``4 * q`` set when the mover holds the opponent's own
    points ``q`` … ``q + 5`` (the opponent's own ``y`` is the mover's
    ``y + 12`` or ``y - 12``: a 48-bit swap of the halves); the lowest such
    ``q`` is the most permissive block, illegal unless an opponent checker
    stands below it.
    """
    occ = (st | st >> 1 | st >> 2 | st >> 3) & _OCC
    occ = ((occ & _OCC_LOW) << 48) | ((occ & _OCC_HIGH) >> 48)  # opponent's numbering
    run = occ & occ >> 4 & occ >> 8 & occ >> 12 & occ >> 16 & occ >> 20
    return bool(run) and not opp & _UNDER[((run & -run).bit_length() - 1) >> 2]


_Layer = dict[int, tuple[_RawStep, ...]]


def _expand(
    layer: _Layer, d: int, opp: int, head_floor: int, block: bool
) -> _Layer:
    """All states one legal step of die ``d`` away from ``layer`` (deduplicated)."""
    out: _Layer = {}
    one = _ONE
    nib = _NIB
    facing = _FACING
    for st, steps in layer.items():
        occ = (st | st >> 1 | st >> 2 | st >> 3) & _OCC
        while occ:
            low = occ & -occ
            occ ^= low
            p = (low.bit_length() - 1) >> 2
            t = p - d
            if t > 0:
                if opp & facing[t]:
                    continue
                if p == 24 and (st >> _HEAD_SHIFT) & 15 <= head_floor:
                    continue
                new = st - one[p] + one[t]
                if block and not st & nib[t] and _makes_block(new, t, opp):
                    continue
                if new not in out:
                    out[new] = (*steps, (p, t, d))
            else:
                if st >> _HOME_SHIFT:
                    continue
                if t < 0 and st & _ABOVE[p]:
                    continue
                new = st - one[p] + 1
                if new not in out:
                    out[new] = (*steps, (p, OFF, d))
    return out


class _Gen(NamedTuple):
    max_dice: int
    finals: _Layer
    single_die: int  # the die a one-die turn uses (0 unless max_dice == 1)


_GEN_CACHE: dict[tuple[int, int, bool, int, int, bool, int], _Gen] = {}


def _generate(me: int, opp: int, first: bool, d1: int, d2: int, rules: Ruleset) -> _Gen:
    """R7: end states of the turns using the most dice (and the higher die)."""
    limit = _head_limit(first, d1, d2, opp, rules)
    eot = rules.end_of_turn_block
    key = (me, opp, first, d1, d2, eot, limit)
    hit = _GEN_CACHE.get(key)
    if hit is not None:
        return hit
    head_floor = ((me >> _HEAD_SHIFT) & 15) - limit
    block = not eot
    start: _Layer = {me: ()}

    def legal_end(layer: _Layer) -> _Layer:
        if not eot:
            return layer
        return {s: v for s, v in layer.items() if not _has_block(s, opp)}

    result: _Gen | None = None
    if d1 == d2:
        layers = [start]
        layer = start
        for _ in range(4):
            layer = _expand(layer, d1, opp, head_floor, block)
            if not layer:
                break
            layers.append(layer)
        for k in range(len(layers) - 1, 0, -1):
            finals = legal_end(layers[k])
            if finals:
                result = _Gen(k, finals, d1 if k == 1 else 0)
                break
    else:
        hi1 = _expand(start, d1, opp, head_floor, block)
        lo1 = _expand(start, d2, opp, head_floor, block)
        both = _expand(hi1, d2, opp, head_floor, block) if hi1 else {}
        if lo1:
            for s, v in _expand(lo1, d1, opp, head_floor, block).items():
                if s not in both:
                    both[s] = v
        finals = legal_end(both)
        if finals:
            result = _Gen(2, finals, 0)
        else:
            finals = legal_end(hi1)
            if finals:
                result = _Gen(1, finals, d1)
            else:
                finals = legal_end(lo1)
                if finals:
                    result = _Gen(1, finals, d2)
    if result is None:
        result = _Gen(0, start, 0)
    if len(_GEN_CACHE) > 50_000:
        _GEN_CACHE.clear()
    _GEN_CACHE[key] = result
    return result


def clear_caches() -> None:
    """Forget cached generation results (benchmarks measure cold runs)."""
    _GEN_CACHE.clear()


def _split(position: Position) -> tuple[Side, int, int, bool]:
    side = position.side_to_move
    if side is Side.WHITE:
        return side, position._w, position._b, position._wfirst
    return side, position._b, position._w, position._bfirst


def _end_position(position: Position, side: Side, me: int) -> Position:
    if side is Side.WHITE:
        return Position._from_packed(me, position._b, Side.BLACK, False, position._bfirst)
    return Position._from_packed(position._w, me, Side.WHITE, position._wfirst, False)


def _rules(rules: Ruleset | None) -> Ruleset:
    if rules is None:
        return _STANDARD
    if not isinstance(rules, Ruleset):
        raise TypeError(f"rules must be a Ruleset, not {type(rules).__name__}")
    return rules


def legal_turns(
    position: Position, dice: tuple[int, int] | str, rules: Ruleset | None = None
) -> list[Turn]:
    """Every legal turn of the side to move, one per distinct end position.

    Args:
        position: the position; its side to move moves.
        dice: the roll, ``(6, 5)`` or ``"65"`` (any order).
        rules: variants in force; ``None`` = standard.

    Returns:
        Turns using the most dice that can legally be used (R7, higher die
        when only one can be), each step legal under R3 (exact pips,
        forward, intermediate stops open), R4 (closed points), R5 (head
        rule, first-turn doubles and variants), R6 (six-block after every
        step, or at the end under ``end-of-turn-block``) and R8 (bearing
        off).  A turn with no legal step is one pass :class:`Turn` (no
        steps).  A side that has already borne off all 15 gets a pass.

    Raises:
        NotationError: a bad roll.
    """
    d1, d2 = parse_roll(dice)
    rules = _rules(rules)
    side, me, opp, first = _split(position)
    gen = _generate(me, opp, first, d1, d2, rules)
    return [
        Turn._lazy(steps, _end_position(position, side, st)) for st, steps in gen.finals.items()
    ]


def max_dice_used(
    position: Position, dice: tuple[int, int] | str, rules: Ruleset | None = None
) -> int:
    """How many dice every legal turn uses (R7): 0 (pass) … 2, or 4 on a double."""
    d1, d2 = parse_roll(dice)
    _side, me, opp, first = _split(position)
    return _generate(me, opp, first, d1, d2, _rules(rules)).max_dice


# ---------------------------------------------------------------- turn checking
_PRIORITY = {
    # order of preference among failures of equal depth (most specific first)
    "six-block": 0,
    "head-rule": 1,
    "bear-off-higher-point": 2,
    "bear-off-not-home": 3,
    "closed-point": 4,
    "no-checker": 5,
}


def _try_step(
    st: int, p: int, d: int, opp: int, head_floor: int, block: bool
) -> int | str:
    """One step by the rules: the new state, or the finding code that forbids it."""
    if not (st >> (4 * p)) & 15:
        return "no-checker"
    t = p - d
    if t > 0:
        if opp & _FACING[t]:
            return "closed-point"
        if p == 24 and (st >> _HEAD_SHIFT) & 15 <= head_floor:
            return "head-rule"
        new = st - _ONE[p] + _ONE[t]
        if block and not st & _NIB[t] and _makes_block(new, t, opp):
            return "six-block"
        return new
    if st >> _HOME_SHIFT:
        return "bear-off-not-home"
    if t < 0 and st & _ABOVE[p]:
        return "bear-off-higher-point"
    return st - _ONE[p] + 1


def _pair_options(a: int, b: int, dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Die sequences that carry a checker from ``a`` to ``b`` (or off) (R3, R8)."""
    d1, d2 = dice[0], dice[1]
    out: list[tuple[int, ...]] = []
    if d1 == d2:
        d = d1
        if b == OFF:
            k = -(-a // d)  # ceil: every earlier stop stays on the board
            if k <= 4:
                out.append((d,) * k)
        else:
            dist = a - b
            if dist % d == 0 and 1 <= dist // d <= 4:
                out.append((d,) * (dist // d))
        return out
    if b == OFF:
        for n in (d1, d2):
            if n >= a:
                out.append((n,))
        for x, y in ((d1, d2), (d2, d1)):
            if x < a <= x + y:
                out.append((x, y))
        return out
    dist = a - b
    if dist == d1:
        out.append((d1,))
    if dist == d2:
        out.append((d2,))
    if dist == d1 + d2:
        out.append((d1, d2))
        out.append((d2, d1))
    return out


def _fmt(point: int) -> str:
    if point == OFF:
        return "off"
    if point == BAR:
        return "bar"
    return str(point)


def _path_text(path: tuple[int, ...]) -> str:
    return "/".join(_fmt(p) for p in path)


_POINT_SET = frozenset(range(BAR + 1))


def _normalise_paths(paths: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    if type(paths) is list or type(paths) is tuple:
        # Fast check for the usual shape: tuples of 2+ int points 0…25.
        for path in paths:
            if (
                type(path) is not tuple
                or len(path) < 2
                or not _POINT_SET.issuperset(path)
                or any(type(p) is not int for p in path)
            ):
                break
        else:
            return tuple(paths)
    out: list[tuple[int, ...]] = []
    for i, path in enumerate(paths):
        try:
            points = tuple(path)
        except TypeError:
            raise NotationError(f"move {i + 1} ({path!r}) is not a sequence of points") from None
        if len(points) < 2:
            raise NotationError(f"move {i + 1} ({path!r}) needs a from point and a to point")
        for p in points:
            if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= BAR:
                raise NotationError(f"bad point {p!r} in move {i + 1} ({path!r}): expected 0…25")
        out.append(points)
    return tuple(out)


def _physical(
    me: int, opp: int, paths: tuple[tuple[int, ...], ...]
) -> tuple[int | None, tuple[str, int, str] | None]:
    """Apply the moves as written, ignoring dice and rules (decision 4 of the corpus).

    Tries the written order, then any order of the moves.  Returns the end
    state, or ``None`` and the written order's failure (code, move, text).
    """
    first_failure: tuple[str, int, str] | None = None
    orders: list[tuple[int, ...]] = [tuple(range(len(paths)))]
    if len(paths) <= 5:
        orders.extend(o for o in permutations(range(len(paths))) if o != orders[0])
    for order in orders:
        st = me
        failure: tuple[str, int, str] | None = None
        for i in order:
            path = paths[i]
            a = path[0]
            if a in (OFF, BAR) or not (st >> (4 * a)) & 15:
                failure = (
                    "no-checker",
                    i,
                    f"no checker on point {_fmt(a)} to move {_path_text(path)}",
                )
                break
            if any(b in (BAR,) for b in path[1:]):
                failure = ("wrong-direction", i, f"{_path_text(path)} moves to the bar")
                break
            stop_closed = next((b for b in path[1:] if opp & _FACING[b]), None)
            if stop_closed is not None:
                failure = (
                    "closed-point",
                    i,
                    f"{_path_text(path)} stops on point {stop_closed}, held by the opponent",
                )
                break
            end = path[-1]
            st = st - _ONE[a] + (1 if end == OFF else _ONE[end])
        if failure is None:
            return st, None
        if first_failure is None:
            first_failure = failure
    return None, first_failure


def check_turn(
    position: Position,
    dice: tuple[int, int] | str,
    paths: Sequence[Sequence[int]],
    rules: Ruleset | None = None,
    *,
    last_roll: bool = False,
) -> TurnCheck:
    """Check the moves a record wrote for the side to move against R3–R8 and R11.

    Args:
        position: the position before the half-turn.
        dice: the roll, ``(6, 5)`` or ``"65"``.
        paths: the written moves in the mover's own numbering, repeats
            expanded: ``[(24, 13)]`` for ``24/13``, ``[(24, 18, 13)]`` for
            ``24/18/13``, ``OFF`` (0) for off; ``BAR`` (25) is treated as
            ``no-checker`` (as a source) or ``wrong-direction`` (as a
            destination).  An empty sequence is a pass.
        rules: variants in force; ``None`` = standard.
        last_roll: the ``last-roll-draw`` extra turn (R9): the opponent may
            already have borne off all 15.  Under ``rules.last_roll_draw`` this
            is assumed (the position does not record who moved first, so the
            caller decides whether the reply is due); otherwise a position
            where either side has all 15 off gives ``game-over``.

    A reading is a split of every move into single-die steps (a move of one
    die sum, or naming its stops) and any order of the steps; the turn is
    legal when some reading is legal step by step and uses as many dice as
    can be used (R7).  When none is, one finding is returned, the most
    specific, in this precedence: ``game-over``; ``illegal-pass``;
    ``wrong-direction``; ``no-checker`` and ``closed-point`` of a written
    stop (moves applied as written); ``dice-mismatch``; then the rule that
    stops the reading that gets furthest (``closed-point`` of an unwritten
    intermediate stop, ``head-rule``, ``six-block``, ``bear-off-not-home``,
    ``bear-off-higher-point``); then ``not-max-dice`` / ``not-higher-die``.

    Raises:
        NotationError: a bad roll, or a move that is not a sequence of at
            least two points 0…25.
    """
    try:
        d1, d2 = _ROLLS[dice]
        if type(dice[0]) is bool:
            raise KeyError(dice)
    except (KeyError, TypeError):
        d1, d2 = parse_roll(dice)
    if rules is None:
        rules = _STANDARD
    elif type(rules) is not Ruleset:
        rules = _rules(rules)

    # Fast path (the common legal case): the moves are tuples of int points
    # and their obvious reading, in written order, uses every die.  Nothing
    # is built but the end position and the result.
    if (type(paths) is list or type(paths) is tuple) and paths:
        side = position._side
        if side is _WHITE:
            me = position._w
            opp = position._b
            first = position._wfirst
        else:
            me = position._b
            opp = position._w
            first = position._bfirst
        if me & 15 != 15 and opp & 15 != 15:
            limit = _head_limit(True, d1, d2, opp, rules) if first else 1
            fast = _fast(
                me,
                paths,
                d1,
                d2,
                opp,
                (me >> _HEAD_SHIFT) - limit,
                rules.end_of_turn_block,
            )
            if fast is not None:
                st, steps = fast
                if side is _WHITE:
                    end = _packed_position(st, opp, _BLACK, False, position._bfirst)
                else:
                    end = _packed_position(opp, st, _WHITE, position._wfirst, False)
                if len(steps) != (4 if d1 == d2 else 2):  # fewer dice: R7 decides
                    return _fewer_dice(side, me, opp, first, d1, d2, rules, steps, end)
                check = _CheckDraft()
                check.legal = True
                check.findings = []
                check.position = end
                check.steps = steps
                _SET_CLASS(check, "__class__", TurnCheck)
                return check  # type: ignore[return-value]
    return _check_turn(position, d1, d2, paths, rules, last_roll)


def _check_turn(
    position: Position,
    d1: int,
    d2: int,
    paths: Sequence[Sequence[int]],
    rules: Ruleset,
    last_roll: bool,
) -> TurnCheck:
    """The general path of :func:`check_turn` (dice and rules already read)."""
    norm = _normalise_paths(paths)
    side, me, opp, first = _split(position)
    name = side.name.capitalize()

    # R11: nothing after the end of the game.
    if me & 15 == 15 or (opp & 15 == 15 and not (last_roll or rules.last_roll_draw)):
        return TurnCheck(
            False,
            [Finding("game-over", "the game is already over: no half-turn may follow")],
            None,
            None,
        )

    if not norm:  # a pass (R7/R11)
        gen = _generate(me, opp, first, d1, d2, rules)
        end = _end_position(position, side, me)
        if gen.max_dice:
            some = next(iter(gen.finals.values()))
            example = " ".join(str(Step(*s)) for s in some)
            return TurnCheck(
                False,
                [
                    Finding(
                        "illegal-pass",
                        f"{name} passed with {d1}{d2} although {example} is possible",
                    )
                ],
                end,
                None,
            )
        return TurnCheck(True, [], end, ())

    dice_pool: tuple[int, ...] = (d1,) * 4 if d1 == d2 else (d1, d2)
    limit = _head_limit(first, d1, d2, opp, rules) if first else 1
    head_floor = ((me >> _HEAD_SHIFT) & 15) - limit
    eot = rules.end_of_turn_block

    # Fast path: the obvious reading, steps in written order, all dice used.
    fast = _fast(me, norm, d1, d2, opp, head_floor, eot)
    if fast is not None:
        end = _end_position(position, side, fast[0])
        if len(fast[1]) == len(dice_pool):
            return TurnCheck(True, [], end, fast[1])
        return _fewer_dice(side, me, opp, first, d1, d2, rules, fast[1], end)

    # Per-pair shape: wrong direction, then which dice could make each pair.
    wrong: Finding | None = None
    options: list[list[list[tuple[int, ...]]]] = []  # path -> pair -> die sequences
    for i, path in enumerate(norm):
        pair_opts: list[list[tuple[int, ...]]] = []
        for a, b in pairwise(path):
            if wrong is None and (a == OFF or b == BAR or (b != OFF and b > a)):
                wrong = Finding(
                    "wrong-direction",
                    f"{name}'s move {_path_text(path)} goes backwards ({_fmt(a)} to {_fmt(b)})",
                    move=i,
                )
            if a in (OFF, BAR) or b == BAR or (b != OFF and b >= a):
                pair_opts.append([])
            else:
                pair_opts.append(_pair_options(a, b, dice_pool))
        options.append(pair_opts)
    if wrong is not None:
        phys, _ = _physical(me, opp, norm)
        return TurnCheck(False, [wrong], _maybe(position, side, phys), None)

    # Every reading (dice split x step order), without generating legal turns.
    best_fail: tuple[int, int, str, int, str] | None = None  # (depth, -priority, code, move, msg)
    found: tuple[int, tuple[_RawStep, ...]] | None = None
    any_assignment = False
    blame_dice = 0
    # Readings that use more dice first: the first legal one uses the most.
    plans = _assignments(norm, options, dice_pool)
    plans.sort(key=lambda plan: 0 if isinstance(plan, int) else -sum(map(len, plan)))
    for plan in plans:
        if isinstance(plan, int):
            blame_dice = max(blame_dice, plan)
            continue
        any_assignment = True
        result = _simulate(me, plan, opp, head_floor, not eot, eot)
        if isinstance(result, tuple) and len(result) == 2:
            found = result
            break
        depth, code, move, raw = result
        key = (depth, -_PRIORITY[code], code, move, _step_message(name, code, raw, norm[move]))
        if best_fail is None or key[:2] > best_fail[:2]:
            best_fail = key

    if found is None:
        phys, phys_fail = _physical(me, opp, norm)
        applied = _maybe(position, side, phys)
        if phys_fail is not None:
            code, move, msg = phys_fail
            return TurnCheck(False, [Finding(code, f"{name}: {msg}", move=move)], None, None)
        if not any_assignment:
            move = min(blame_dice, len(norm) - 1)
            return TurnCheck(
                False,
                [
                    Finding(
                        "dice-mismatch",
                        f"{name}'s move {_path_text(norm[move])} cannot be made "
                        f"with the roll {d1}{d2} together with the other moves",
                        move=move,
                    )
                ],
                applied,
                None,
            )
        if best_fail is None:  # cannot happen: every failed reading records why
            best_fail = (0, 0, "dice-mismatch", 0, f"{name}'s moves do not fit the roll")
        _, _, code, move, msg = best_fail
        return TurnCheck(False, [Finding(code, msg, move=move)], applied, None)

    used, raw_steps = found
    steps = tuple(Step(*s) for s in raw_steps)
    end_state = me
    for p, t, _d in raw_steps:
        end_state = end_state - _ONE[p] + (1 if t == OFF else _ONE[t])
    end = _end_position(position, side, end_state)
    if used == len(dice_pool):
        return TurnCheck(True, [], end, steps)
    return _fewer_dice(side, me, opp, first, d1, d2, rules, steps, end)


def _fewer_dice(
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
    (:func:`_no_more_dice`); the findings come from :func:`_generate`.
    """
    used = len(steps)
    if not rules.end_of_turn_block:
        limit = _head_limit(first, d1, d2, opp, rules)
        higher_alone = _no_more_dice(me, opp, d1, d2, ((me >> _HEAD_SHIFT) & 15) - limit, used)
        if higher_alone is not None and (
            used != 1 or d1 == d2 or not higher_alone or steps[0][2] == d1
        ):
            return TurnCheck(True, [], end, steps)
    gen = _generate(me, opp, first, d1, d2, rules)
    if used < gen.max_dice:
        return TurnCheck(
            False,
            [
                Finding(
                    "not-max-dice",
                    f"{side.name.capitalize()} played {used} of the roll {d1}{d2} but "
                    f"{gen.max_dice} {'number' if gen.max_dice == 1 else 'numbers'} can be played",
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
                    f"{side.name.capitalize()} played the {steps[0][2]} but the higher die "
                    f"{d1} can be played and only one number can",
                    move=0,
                )
            ],
            end,
            steps,
        )
    return TurnCheck(True, [], end, steps)


def _no_more_dice(
    me: int, opp: int, d1: int, d2: int, head_floor: int, used: int
) -> bool | None:
    """R7 without ``end-of-turn-block``: can no turn use more than ``used`` dice?

    ``used`` dice can be played (a legal reading does).  ``None`` when more
    can; else whether the higher die alone can be played (the one-die
    question of a non-double).  Same answers as :func:`_generate`'s
    ``max_dice`` and ``single_die``, from the sets of states the steps reach
    (no turns built, nothing cached).
    """
    if d1 == d2:
        if used >= 4:
            return True
        layer = {me}
        for _ in range(used):
            layer = _reach(layer, d1, opp, head_floor, False)
        return None if _reach(layer, d1, opp, head_floor, True) else True
    hi1 = _reach({me}, d1, opp, head_floor, False)
    if hi1 and _reach(hi1, d2, opp, head_floor, True):
        return None
    if _reach(_reach({me}, d2, opp, head_floor, False), d1, opp, head_floor, True):
        return None
    return bool(hi1)


def _reach(states: set[int], d: int, opp: int, head_floor: int, any_one: bool) -> set[int]:
    """The states one legal step of ``d`` away (R3–R6, R8, as :func:`_expand`).

    With ``any_one``, stops at the first such state.
    """
    out: set[int] = set()
    one = _ONE
    nib = _NIB
    facing = _FACING
    for st in states:
        occ = (st | st >> 1 | st >> 2 | st >> 3) & _OCC
        while occ:
            low = occ & -occ
            occ ^= low
            p = (low.bit_length() - 1) >> 2
            t = p - d
            if t > 0:
                if opp & facing[t]:
                    continue
                if p == 24 and st >> _HEAD_SHIFT <= head_floor:
                    continue
                new = st - one[p] + one[t]
                if not st & nib[t] and _makes_block(new, t, opp):
                    continue
            else:
                if st >> _HOME_SHIFT:
                    continue
                if t < 0 and st & _ABOVE[p]:
                    continue
                new = st - one[p] + 1
            out.add(new)
            if any_one:
                return out
    return out


def _fast(
    me: int,
    paths: Sequence[Sequence[int]],
    d1: int,
    d2: int,
    opp: int,
    head_floor: int,
    eot: bool,
) -> tuple[int, tuple[Step, ...]] | None:
    """The common legal case: the obvious reading, steps in written order.

    Returns the end state and the steps when the written moves, read the
    obvious way, are legal step by step (R3–R6, R8; the final position too
    under ``end-of-turn-block``).  Each written pair takes the first fitting
    die: the higher, the lower, then both (higher first), the lower first
    when bearing off; on a double, as many dice as the distance needs.

    The steps may use fewer dice than rolled (R7 is then the caller's), but
    only when that reading is the only one: a non-double turn of a single
    step that bears off gives ``None`` (a two-dice reading may exist).
    Whenever this returns a result, the search of all readings of
    :func:`check_turn` would find the same first legal one.

    ``paths`` may be the caller's raw moves: anything but tuples of int
    points forming a forward path (``OFF`` last only) gives ``None``.
    ``None`` means "not shown legal this way" (the caller then normalises
    the moves and searches all readings), never "illegal".

    This is the hot loop of the validator: moves written as pairs are read
    here with every rule of :func:`_try_step` inlined; a chain (``24/18/13``)
    hands the whole turn to :func:`_fast_chains`, which reads it the same
    way, slower.
    """
    st = me
    steps: list[Step] = []
    one = _ONE
    nib = _NIB
    near = _NEAR
    facing = _FACING
    table = _STEPS
    block = not eot
    if d1 != d2:
        free1 = free2 = True
        for path in paths:
            if type(path) is not tuple:
                return _fast_chains(me, paths, d1, d2, opp, head_floor, eot)
            try:
                a, b = path
            except ValueError:  # not a pair: a chain (or a bad move)
                return _fast_chains(me, paths, d1, d2, opp, head_floor, eot)
            if type(a) is not int or type(b) is not int or not 0 <= b < a <= 24:
                return None
            if not st & nib[a]:
                return None
            if b:
                dist = a - b
                if dist == d1 and free1:
                    free1 = False
                    d = d1
                elif dist == d2 and free2:
                    free2 = False
                    d = d2
                elif dist == d1 + d2 and free1 and free2:
                    # Both dice: the higher first, else the lower first (the
                    # two readings the search would try, in its order).
                    free1 = free2 = False
                    lead = d1
                    new = _two_steps(st, a, d1, d2, opp, head_floor, block)
                    if new < 0:
                        lead = d2
                        new = _two_steps(st, a, d2, d1, opp, head_floor, block)
                        if new < 0:
                            return None
                    st = new
                    steps.append(table[a][lead])
                    steps.append(table[a - lead][dist - lead])
                    continue
                else:
                    return None
                if opp & facing[b] or (a == 24 and st >> _HEAD_SHIFT <= head_floor):
                    return None
                new = st - one[a] + one[b]
                if block and not st & nib[b] and new & near[b] and _makes_block(new, b, opp):
                    return None
                st = new
                steps.append(table[a][d])
            else:
                if len(paths) == 1:  # the only move bears off: one die or two?
                    return _bear_off_alone(me, a, d1, d2, opp, head_floor, eot)
                if free2 and d2 >= a:
                    free2 = False
                    d = d2
                elif free1 and d1 >= a:
                    free1 = False
                    d = d1
                else:
                    return None
                if st >> _HOME_SHIFT or (d > a and st & _ABOVE[a]):
                    return None
                st = st - one[a] + 1
                steps.append(table[a][d])
        if (free1 or free2) and steps and steps[0].to_point == OFF:
            # One die borne off of two: other readings may use both dice.
            return None
    else:
        left = 4
        for path in paths:
            if type(path) is not tuple:
                return _fast_chains(me, paths, d1, d2, opp, head_floor, eot)
            try:
                a, b = path
            except ValueError:  # not a pair: a chain (or a bad move)
                return _fast_chains(me, paths, d1, d2, opp, head_floor, eot)
            if type(a) is not int or type(b) is not int or not 0 <= b < a <= 24:
                return None
            if b:
                dist = a - b
                if dist % d1:
                    return None
                left -= dist // d1
            else:
                left -= -(-a // d1)
                b = a % d1 or d1  # the last stop before bearing off
            if left < 0:
                return None
            while a != b:
                if not st & nib[a]:
                    return None
                t = a - d1
                if opp & facing[t] or (a == 24 and st >> _HEAD_SHIFT <= head_floor):
                    return None
                new = st - one[a] + one[t]
                if block and not st & nib[t] and new & near[t] and _makes_block(new, t, opp):
                    return None
                st = new
                steps.append(table[a][d1])
                a = t
            if not path[1]:
                if not st & nib[a] or st >> _HOME_SHIFT or (d1 > a and st & _ABOVE[a]):
                    return None
                st = st - one[a] + 1
                steps.append(table[a][d1])
    if eot and _has_block(st, opp):
        return None
    return st, tuple(steps)


def _two_steps(st: int, a: int, x: int, y: int, opp: int, head_floor: int, block: bool) -> int:
    """The state after the steps ``a`` by ``x`` then by ``y`` (:func:`_try_step`), or -1."""
    new = _try_step(st, a, x, opp, head_floor, block)
    if isinstance(new, str):
        return -1
    new = _try_step(new, a - x, y, opp, head_floor, block)
    return -1 if isinstance(new, str) else new


def _bear_off_alone(
    me: int, a: int, d1: int, d2: int, opp: int, head_floor: int, eot: bool
) -> tuple[int, tuple[Step, ...]] | None:
    """:func:`_fast` for a non-double turn written as the single move ``a/off``.

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
            new = _try_step(st, p, d, opp, head_floor, block)
            if isinstance(new, str):
                break
            st = new
            steps.append(_STEPS[p][d])
            p -= d
        else:
            if not (eot and _has_block(st, opp)):
                return st, tuple(steps)
    return None


def _fast_chains(
    me: int,
    paths: Sequence[Sequence[int]],
    d1: int,
    d2: int,
    opp: int,
    head_floor: int,
    eot: bool,
) -> tuple[int, tuple[Step, ...]] | None:
    """:func:`_fast` for any written moves, chains (``24/18/13``) included."""
    st = me
    steps: list[Step] = []
    block = not eot
    one = _ONE
    nib = _NIB
    double = d1 == d2
    free1 = free2 = True
    used = 0
    for path in paths:
        if type(path) is not tuple:
            return None
        n = len(path)
        if n == 2:
            stops: Sequence[int] = (path[1],)
        elif n > 2:
            stops = path[1:]
        else:
            return None
        cur = path[0]
        if type(cur) is not int or not 0 < cur <= 24:
            return None
        last = len(stops) - 1
        for i, b in enumerate(stops):
            if type(b) is not int or not 0 <= b < cur or (b == OFF and i != last):
                return None
            # Which dice carry the checker from cur to b (or off).
            if double:
                if b == OFF:
                    k = -(-cur // d1)
                else:
                    dist = cur - b
                    if dist % d1:
                        return None
                    k = dist // d1
                used += k
                if used > 4:
                    return None
                seq: tuple[int, ...] = _REPEAT[d1][k]
            elif b == OFF:
                if free2 and d2 >= cur:
                    free2 = False
                    seq = (d2,)
                elif free1 and d1 >= cur:
                    free1 = False
                    seq = (d1,)
                else:
                    return None
            else:
                dist = cur - b
                if dist == d1 and free1:
                    free1 = False
                    seq = (d1,)
                elif dist == d2 and free2:
                    free2 = False
                    seq = (d2,)
                elif dist == d1 + d2 and free1 and free2:
                    free1 = free2 = False
                    seq = (d1, d2)
                else:
                    return None
            # Apply the steps (R3 checker present, R4, R5, R6, R8).
            for d in seq:
                if not (st >> (4 * cur)) & 15:
                    return None
                t = cur - d
                if t > 0:
                    if opp & _FACING[t]:
                        return None
                    if cur == 24 and st >> _HEAD_SHIFT <= head_floor:
                        return None
                    new = st - one[cur] + one[t]
                    if (
                        block
                        and not st & nib[t]
                        and new & _NEAR[t]
                        and _makes_block(new, t, opp)
                    ):
                        return None
                    st = new
                else:
                    if st >> _HOME_SHIFT or (t < 0 and st & _ABOVE[cur]):
                        return None
                    st = st - one[cur] + 1
                    t = OFF
                steps.append(_STEPS[cur][d])
                cur = t
    if not double and (free1 or free2) and steps and steps[0].to_point == OFF:
        # One die borne off of two: other readings may use both dice.
        return None
    if eot and _has_block(st, opp):
        return None
    return st, tuple(steps)


#: ``_STEPS[p][d]``: the :class:`Step` of die ``d`` from own point ``p`` (off when ``d >= p``).
_STEPS = tuple(tuple(Step(p, p - d if p > d else OFF, d) for d in range(7)) for p in range(25))
#: ``_REPEAT[d][k]``: ``k`` dice showing ``d``.
_REPEAT = tuple(tuple((d,) * k for k in range(5)) for d in range(7))
#: nibbles of the own points next to ``t`` along the opponent's path (R6 quick test).
_NEAR = (
    0,
    *(
        (_NIB[_FLIP[_FLIP[t] - 1]] if _FLIP[t] > 1 else 0)
        | (_NIB[_FLIP[_FLIP[t] + 1]] if _FLIP[t] < 24 else 0)
        for t in range(1, 25)
    ),
)


def _maybe(position: Position, side: Side, st: int | None) -> Position | None:
    return None if st is None else _end_position(position, side, st)


def _step_message(name: str, code: str, raw: _RawStep, path: tuple[int, ...]) -> str:
    p, t, d = raw
    move = f"{p}/{_fmt(t)} with the {d}"
    where = f" (in {_path_text(path)})"
    if code == "closed-point":
        return f"{name}'s step {move}{where} stops on point {p - d}, held by the opponent"
    if code == "head-rule":
        return f"{name}'s step {move}{where} takes one checker too many from the head (24)"
    if code == "six-block":
        return (
            f"{name}'s step {move}{where} builds six consecutive points "
            "with no opposing checker ahead"
        )
    if code == "bear-off-not-home":
        return f"{name} bears off {move}{where} before all 15 checkers are home"
    if code == "bear-off-higher-point":
        return (
            f"{name} bears off {move}{where} from point {p} "
            f"while a checker stands on a higher point"
        )
    return f"{name} has no checker on point {p} for the step {move}{where}"


_Plan = list[list[_RawStep]]


def _assignments(
    paths: tuple[tuple[int, ...], ...],
    options: list[list[list[tuple[int, ...]]]],
    pool: tuple[int, ...],
) -> list[_Plan | int]:
    """Every way to give dice to the written pairs within the roll.

    Yields plans (per path, the raw steps in path order).  When no plan
    exists, the list holds instead the index of the path at which the dice
    ran out (an int), for ``dice-mismatch`` blame.
    """
    pairs: list[tuple[int, int, int, list[tuple[int, ...]]]] = []
    for i, path in enumerate(paths):
        for j, (a, b) in enumerate(pairwise(path)):
            pairs.append((i, a, b, options[i][j]))
    plans: list[_Plan | int] = []
    deepest = 0
    counts: dict[int, int] = {}
    for d in pool:
        counts[d] = counts.get(d, 0) + 1
    chosen: list[tuple[int, ...]] = []

    def rec(k: int) -> None:
        nonlocal deepest
        if k == len(pairs):
            plan: _Plan = [[] for _ in paths]
            for (i, a, b, _), seq in zip(pairs, chosen, strict=True):
                cur = a
                for n, d in enumerate(seq):
                    nxt = cur - d
                    if n == len(seq) - 1:
                        nxt = b
                    plan[i].append((cur, nxt, d))
                    cur = nxt
            plans.append(plan)
            return
        deepest = max(deepest, pairs[k][0])
        for seq in pairs[k][3]:
            need: dict[int, int] = {}
            for d in seq:
                need[d] = need.get(d, 0) + 1
            if all(counts.get(d, 0) >= n for d, n in need.items()):
                for d, n in need.items():
                    counts[d] -= n
                chosen.append(seq)
                rec(k + 1)
                chosen.pop()
                for d, n in need.items():
                    counts[d] += n

    rec(0)
    if not plans:
        return [deepest]
    return plans


def _simulate(
    me: int,
    plan: _Plan,
    opp: int,
    head_floor: int,
    block: bool,
    eot: bool,
) -> tuple[int, tuple[_RawStep, ...]] | tuple[int, str, int, _RawStep]:
    """Search the orders of the plan's steps (each move's steps in its own order).

    Returns ``(dice used, steps)`` for a legal order, else the deepest
    failure ``(depth, code, move index, step)``.
    """
    total = sum(len(s) for s in plan)
    n = len(plan)
    seen: set[tuple[int, tuple[int, ...]]] = set()
    best: tuple[int, str, int, _RawStep] | None = None
    trail: list[_RawStep] = []

    def rec(st: int, progress: list[int], depth: int) -> bool:
        nonlocal best
        if depth == total:
            if eot and _has_block(st, opp):
                last = trail[-1]
                move = next(i for i in range(n) if last in plan[i])
                if best is None or depth > best[0] or (
                    depth == best[0] and _PRIORITY["six-block"] < _PRIORITY[best[1]]
                ):
                    best = (depth, "six-block", move, last)
                return False
            return True
        key = (st, tuple(progress))
        if key in seen:
            return False
        seen.add(key)
        for i in range(n):
            k = progress[i]
            if k == len(plan[i]):
                continue
            raw = plan[i][k]
            new = _try_step(st, raw[0], raw[2], opp, head_floor, block)
            if isinstance(new, str):
                if (
                    best is None
                    or depth > best[0]
                    or (depth == best[0] and _PRIORITY[new] < _PRIORITY[best[1]])
                ):
                    best = (depth, new, i, raw)
                continue
            progress[i] = k + 1
            trail.append(raw)
            if rec(new, progress, depth + 1):
                return True
            trail.pop()
            progress[i] = k
        return False

    if rec(me, [0] * n, 0):
        return total, tuple(trail)
    if best is None:  # cannot happen: a plan has at least one step
        return 0, "no-checker", 0, plan[0][0]
    return best
