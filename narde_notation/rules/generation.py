"""Legal turns: every end position a roll allows (R3–R8, R7 compulsory play).

Built on the single-step rule :func:`narde_notation.rules.step.step`: a layer of
boards (packed integers, mover's own numbering) is expanded one die at a
time, deduplicated by board, and R7 keeps the turns using the most dice
(the higher die when only one can be played).  Results are
:class:`Turn` values whose steps and end :class:`~narde_notation.rules.position.Position`
are built only when asked for.

Readings of rules.md taken here (none is contradicted by the shared corpus):

* R6 "ahead" means an opposing checker **on the board** on an opponent
  point below the block; borne-off checkers do not count.  The per-step
  check looks at blocks through the point a step newly occupies (an
  illegal block already standing in a set-up position does not stop other
  moves); under ``end-of-turn-block`` the whole final position is checked.
* R5's first turn: a side is on its first turn until it has taken one
  (a pass included); positions carry the flags.
* A turn's steps are single-die steps (``24/18 18/13``), never merged.
"""

from __future__ import annotations

import array
import itertools
import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from narde_notation.model import OFF, HalfTurn, Move, Ruleset, Side, format_path, parse_roll
from narde_notation.rules.packed import after_board, mover_boards
from narde_notation.rules.step import OCC, head_floor, illegal_block, step

if TYPE_CHECKING:
    from narde_notation.rules.generation_kernel import RollsSearch, Search
    from narde_notation.rules.position import Position

__all__ = [
    "RollBoards",
    "Step",
    "Turn",
    "clear_caches",
    "compiled_rolls_search",
    "end_boards_of_rolls",
    "generate",
    "legal_turns",
    "max_dice_used",
    "more_dice_playable",
    "resolve_rules",
    "set_reader",
    "trail_steps",
    "use_kernel",
]

STANDARD = Ruleset()
RawStep = tuple[int, int, int]  # (from, to or OFF, die), mover's own numbering
#: how generation reached a board: ``()`` at the start, else ``(previous trail, from, die)``
#: (a linked list: one small tuple per step, flattened only for the turns asked for);
#: from the compiled search, one int: a ``from | die << 8`` per 16 bits, the first step lowest.
Trail = tuple[()] | tuple["Trail", int, int] | int


def trail_steps(trail: Trail) -> tuple[RawStep, ...]:
    """The raw steps of a trail, in play order."""
    out: list[RawStep] = []
    if isinstance(trail, int):
        while trail:
            p, d = trail & 255, (trail >> 8) & 255
            out.append((p, p - d if p > d else OFF, d))
            trail >>= 16
        return tuple(out)
    while isinstance(trail, tuple) and trail:
        trail, p, d = trail
        out.append((p, p - d if p > d else OFF, d))
    out.reverse()
    return tuple(out)


class Step(NamedTuple):
    """One checker moved by one die, in the mover's own numbering.

    ``to_point`` is ``OFF`` (0) when the checker is borne off (R8).
    """

    from_point: int
    to_point: int
    die: int

    def __str__(self) -> str:
        return format_path((self.from_point, self.to_point))


#: ``STEPS[p][d]``: the :class:`Step` of die ``d`` from own point ``p`` (off when ``d >= p``).
STEPS = tuple(tuple(Step(p, p - d if p > d else OFF, d) for d in range(7)) for p in range(25))


#: How written moves are read back in a position: ``reads_back(position, dice,
#: paths, end) -> bool``, whether ``paths`` (own numbering) are a legal reading
#: that ends in ``end``.  The engine, which builds on this module, sets it
#: (:func:`set_reader`); a turn written before it is loaded gets the shortest form.
ReadsBack = Callable[["Position", tuple[int, int], list[tuple[int, ...]], "Position"], bool]
_READER: dict[str, ReadsBack] = {}


def set_reader(reads_back: ReadsBack) -> None:
    """Install the engine's reading of written moves (:meth:`Turn.written_moves`)."""
    _READER["reads_back"] = reads_back


class Turn:
    """A legal turn: its roll, its single-die steps in play order and the end position.

    ``Turn(steps, position, dice=(6, 5))``; an immutable value compared by
    steps and end position.

    Attributes:
        steps: one :class:`Step` per die used (empty for a pass, R11).
        position: the position after the turn, the other side to move, the
            mover's first-turn flag cleared.
        dice: the roll, higher die first, ``(6, 5)``; ``None`` for a turn
            made by hand without it.  Turns from :func:`legal_turns` carry
            the roll they were generated for.
        before: the position the turn was generated from (turns from
            :func:`legal_turns`), else ``None``.

    Turns made by :func:`legal_turns` build their steps and end position
    on first access.  :meth:`notation` gives the moves (``24/13``),
    :meth:`half_turn_text` the half-turn with its roll (``65:
    24/13``), :meth:`to_half_turn` the record's
    :class:`~narde_notation.model.record.HalfTurn`.
    """

    __slots__ = ("_base", "_end", "_position", "_raw", "_trail", "dice")

    _raw: tuple[RawStep, ...] | None
    _trail: Trail
    _base: Position | None  # the position before the turn (lazy turns)
    _end: int  # the mover's packed board after it (lazy turns)
    _position: Position | None
    dice: tuple[int, int] | None

    def __init__(
        self, steps: Sequence[Step], position: Position, dice: tuple[int, int] | str | None = None
    ) -> None:
        self._raw = tuple(tuple(s) for s in steps)  # type: ignore[misc]
        self._trail = ()
        self._base = None
        self._end = 0
        self._position = position
        self.dice = None if dice is None else parse_roll(dice)

    @property
    def _steps(self) -> tuple[RawStep, ...]:
        raw = self._raw
        if raw is None:
            raw = self._raw = trail_steps(self._trail)
        return raw

    @property
    def steps(self) -> tuple[Step, ...]:
        """The single-die steps in play order, mover's own numbering."""
        return tuple(STEPS[p][d] for p, _t, d in self._steps)

    @property
    def position(self) -> Position:
        """The end position (other side to move)."""
        position = self._position
        if position is None:
            assert self._base is not None
            position = self._position = after_board(self._base, self._end)
        return position

    @property
    def before(self) -> Position | None:
        """The position the turn was generated from; ``None`` for a hand-made turn."""
        return self._base

    @property
    def side(self) -> Side:
        """The mover: the side not to move in the end :attr:`position`."""
        return self.position.side_to_move.other

    @property
    def dice_used(self) -> int:
        """How many dice the turn uses (R7); 0 for a pass."""
        return len(self._steps)

    def notation(self) -> str:
        """The moves as players write them, ``"24/13"``, ``"24/16(2)"``, ``"6/off 5/off"``;
        ``"pass"`` (the shortest standard form, :meth:`written_moves`)."""
        if not self._steps:
            return "pass"
        return " ".join(str(m) for m in self.written_moves())

    def written_moves(self) -> tuple[Move, ...]:
        """The moves as a record writes them: the shortest standard form
        (:func:`~narde_notation.formats.writer.shortest_moves`: ``24/13``,
        ``24/16(2)``, highest point first) when, read back in the position the
        turn was generated from, it gives this turn's end position; else the
        moves in the order played (:func:`~narde_notation.formats.writer.
        played_order_moves`; a six-point block that one order of the steps
        builds and another does not, R6, can make the sorted form unreadable),
        else the single-die steps as played.  A turn made by hand, without that position, gets the
        shortest form."""
        from narde_notation.formats import played_order_moves, shortest_moves

        steps = [(p, t) for p, t, _d in self._steps]
        moves = shortest_moves(steps)
        base = self._base
        reads_back = _READER.get("reads_back")
        if base is None or self.dice is None or len(steps) < 2 or reads_back is None:
            return moves
        for written in (moves, played_order_moves(steps)):
            paths = [m.path for m in written for _ in range(m.repeat)]
            if reads_back(base, self.dice, paths, self.position):
                return written
        return tuple(Move((p, t)) for p, t in steps)

    def to_half_turn(self, *, number: int | None = None) -> HalfTurn:
        """The turn as a record's half-turn: the mover, the roll, the moves in the
        shortest standard form (``24/13``, ``24/16(2)``: :meth:`written_moves`), the
        turn ``number`` if given.

        Raises:
            ValueError: the turn has no roll (``dice`` is ``None``).
        """
        if self.dice is None:
            raise ValueError("this turn was made without its roll: no half-turn to write")
        moves = self.written_moves()
        return HalfTurn(self.side, self.dice, moves, number=number)

    def half_turn_text(self) -> str:
        """The half-turn as a record writes it, roll first (higher die first):
        ``"65: 24/13"``, ``"43: pass"`` (record-format.md; the one
        writer, :meth:`HalfTurn.to_text <narde_notation.model.record.HalfTurn.to_text>`).

        Raises:
            ValueError: the turn has no roll (``dice`` is ``None``).
        """
        return self.to_half_turn().to_text()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Turn):
            return NotImplemented
        return self._steps == other._steps and self.position == other.position

    def __hash__(self) -> int:
        return hash((self._steps, self.position))

    def __repr__(self) -> str:
        if self.dice is None:
            return f"Turn({self.steps!r}, {self.position!r})"
        return f"Turn({self.steps!r}, {self.position!r}, dice={self.dice!r})"

    def __str__(self) -> str:
        return self.notation()


_new_object = object.__new__


def _lazy_turn(trail: Trail, base: Position, end: int, dice: tuple[int, int]) -> Turn:
    turn: Turn = _new_object(Turn)
    turn._raw = None
    turn._trail = trail
    turn._base = base
    turn._end = end
    turn._position = None
    turn.dice = dice
    return turn


def resolve_rules(rules: Ruleset | str | None) -> Ruleset:
    """``rules`` as a ruleset (:meth:`Ruleset.coerce`), the standard one for ``None``.

    Raises:
        RulesetError: neither a :class:`~narde_notation.model.ruleset.Ruleset`
            nor a ruleset tag.
    """
    if rules is None:
        return STANDARD
    if type(rules) is Ruleset:
        return rules
    return Ruleset.coerce(rules) or STANDARD


# ---------------------------------------------------------------- generation
Layer = dict[int, Trail]


def _expand(layer: Layer, d: int, opp: int, floor: int, block: bool) -> Layer:
    """All boards one legal step of die ``d`` away from ``layer`` (deduplicated)."""
    out: Layer = {}
    for st, trail in layer.items():
        occ = (st | st >> 1 | st >> 2 | st >> 3) & OCC
        while occ:
            low = occ & -occ
            occ ^= low
            p = (low.bit_length() - 1) >> 2
            new = step(st, p, d, opp, floor, block)
            if new >= 0 and new not in out:
                out[new] = (trail, p, d)
    return out


def _reach(states: set[int], d: int, opp: int, floor: int, any_one: bool) -> set[int]:
    """The boards one legal step of ``d`` away (as :func:`_expand`, steps not kept).

    With ``any_one``, stops at the first such board.
    """
    out: set[int] = set()
    for st in states:
        occ = (st | st >> 1 | st >> 2 | st >> 3) & OCC
        while occ:
            low = occ & -occ
            occ ^= low
            new = step(st, (low.bit_length() - 1) >> 2, d, opp, floor, True)
            if new >= 0:
                out.add(new)
                if any_one:
                    return out
    return out


class Generated(NamedTuple):
    """What :func:`generate` found: R7's answer and the end boards."""

    max_dice: int
    finals: Layer  # end board -> trail of one turn reaching it (:func:`trail_steps`)
    single_die: int  # the die a one-die turn uses (0 unless max_dice == 1)


_CACHE: dict[tuple[int, int, bool, int, int, bool, int], Generated] = {}
_SIXTY_FOURS = itertools.repeat(64)  # the shift of each end board's high word


def generate(me: int, opp: int, first: bool, d1: int, d2: int, rules: Ruleset) -> Generated:
    """R7: end boards of the turns using the most dice (and the higher die).

    The search runs compiled (:mod:`.generation_kernel`) when it could be built
    and the R6 check is per step, else in Python: the same boards in the same
    order, the same steps to each (decisions E19).  Results are cached by
    position and roll (:func:`clear_caches`).
    """
    floor = head_floor(me, first, d1, d2, opp, rules)
    eot = rules.end_of_turn_block
    key = (me, opp, first, d1, d2, eot, floor)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    block = not eot
    search = _search()
    if search is not None and block:
        found = search(me, opp, d1, d2, floor)
        if found is not None:
            words = found[2]
            ends = map(operator.or_, words[0::3], map(operator.lshift, words[1::3], _SIXTY_FOURS))
            compiled = Generated(found[0], dict(zip(ends, words[2::3], strict=True)), found[1])
            _remember(key, compiled)
            return compiled
    start: Layer = {me: ()}

    def legal_end(layer: Layer) -> Layer:
        if not eot:
            return layer
        return {s: v for s, v in layer.items() if not illegal_block(s, opp)}

    result: Generated | None = None
    if d1 == d2:
        layers = [start]
        layer = start
        for _ in range(4):
            layer = _expand(layer, d1, opp, floor, block)
            if not layer:
                break
            layers.append(layer)
        for k in range(len(layers) - 1, 0, -1):
            finals = legal_end(layers[k])
            if finals:
                result = Generated(k, finals, d1 if k == 1 else 0)
                break
    else:
        hi1 = _expand(start, d1, opp, floor, block)
        lo1 = _expand(start, d2, opp, floor, block)
        both = _expand(hi1, d2, opp, floor, block) if hi1 else {}
        if lo1:
            for s, v in _expand(lo1, d1, opp, floor, block).items():
                if s not in both:
                    both[s] = v
        finals = legal_end(both)
        if finals:
            result = Generated(2, finals, 0)
        else:
            finals = legal_end(hi1)
            if finals:
                result = Generated(1, finals, d1)
            else:
                finals = legal_end(lo1)
                if finals:
                    result = Generated(1, finals, d2)
    if result is None:
        result = Generated(0, start, 0)
    _remember(key, result)
    return result


class RollBoards(NamedTuple):
    """The end boards of several rolls of one position (:func:`end_boards_of_rolls`)."""

    boards: bytes  # the distinct end boards, 16 little-endian bytes each, first seen first
    rows: bytes  # each roll's end boards in turn (generate's order): rows of boards, int32
    counts: list[int]  # how many end boards each roll has (a pass: 1, the start board)


def end_boards_of_rolls(me: int, opp: int, first: bool, rolls: Sequence[tuple[int, int]],
                        rules: Ruleset) -> RollBoards:
    """The end boards of :func:`generate` for each roll ``(d1, d2)`` (``d1 >= d2``)
    of one position, each distinct board once: what valuing every roll of a
    position needs (the luck of a roll, R12), as bytes for an array reader.

    The same boards, in the same order, as ``generate(...).finals`` roll by
    roll; one compiled call for all the rolls when the compiled search runs
    (decisions E19), else :func:`generate` for each (and its cache).
    """
    search = _rolls_search()
    if search is not None and not rules.end_of_turn_block:
        spec = [(d1, d2, head_floor(me, first, d1, d2, opp, rules)) for d1, d2 in rolls]
        found = search(me, opp, spec)
        if found is not None:
            return RollBoards(*found)
    unique: dict[int, int] = {}
    rows: list[int] = []
    counts: list[int] = []
    for d1, d2 in rolls:
        finals = generate(me, opp, first, d1, d2, rules).finals
        rows.extend(unique.setdefault(b, len(unique)) for b in finals)
        counts.append(len(finals))
    return RollBoards(b"".join([b.to_bytes(16, "little") for b in unique]),
                      array.array("i", rows).tobytes(), counts)


def _remember(key: tuple[int, int, bool, int, int, bool, int], result: Generated) -> None:
    if len(_CACHE) > 50_000:
        _CACHE.clear()
    _CACHE[key] = result


#: the search in use: ``[]`` until the first generation asks (:func:`use_kernel`).
_SEARCH: list[Search | None] = []


def _search() -> Search | None:
    if not _SEARCH:  # imported here: a run that never generates loads no ctypes
        from narde_notation.rules.generation_kernel import kernel

        _SEARCH.append(kernel())
    return _SEARCH[0]


def _rolls_search() -> RollsSearch | None:
    if _search() is None:  # off (use_kernel) or not built
        return None
    from narde_notation.rules.generation_kernel import rolls_kernel

    return rolls_kernel()


def compiled_rolls_search(rules: Ruleset) -> int | None:
    """The address of the compiled search behind :func:`end_boards_of_rolls`
    (``narde_generate_rolls`` in generation_kernel.c, its tables set), for
    another compiled source to call (the evaluator's best turns); ``None``
    when the Python search runs for ``rules`` (not built, :func:`use_kernel`
    off, ``end_of_turn_block``)."""
    if rules.end_of_turn_block or _rolls_search() is None:
        return None
    from narde_notation.rules.generation_kernel import rolls_address

    return rolls_address()


def use_kernel(on: bool) -> bool:
    """Run the compiled search (:mod:`.generation_kernel`) when ``on`` and it
    could be built, else the Python one; clears the cache.  Returns whether the
    compiled search is now in use (tests compare the two)."""
    from narde_notation.rules.generation_kernel import kernel

    _SEARCH[:] = [kernel() if on else None]
    _CACHE.clear()
    return _SEARCH[0] is not None


def more_dice_playable(me: int, opp: int, d1: int, d2: int, floor: int, used: int) -> bool | None:
    """R7 without ``end-of-turn-block``: can no turn use more than ``used`` dice?

    ``used`` dice can be played (a legal reading does).  ``None`` when more
    can; else whether the higher die alone can be played (the one-die
    question of a non-double).  Same answers as :func:`generate`'s
    ``max_dice`` and ``single_die``, from the sets of boards the steps reach
    (no turns built, nothing cached).
    """
    if d1 == d2:
        if used >= 4:
            return True
        layer = {me}
        for _ in range(used):
            layer = _reach(layer, d1, opp, floor, False)
        return None if _reach(layer, d1, opp, floor, True) else True
    hi1 = _reach({me}, d1, opp, floor, False)
    if hi1 and _reach(hi1, d2, opp, floor, True):
        return None
    if _reach(_reach({me}, d2, opp, floor, False), d1, opp, floor, True):
        return None
    return bool(hi1)


def clear_caches() -> None:
    """Forget cached generation results (benchmarks measure cold runs)."""
    _CACHE.clear()


def legal_turns(
    position: Position, dice: tuple[int, int] | str, rules: Ruleset | str | None = None
) -> list[Turn]:
    """Every legal turn of the side to move, one per distinct end position.

    Args:
        position: the position; its side to move moves.
        dice: the roll, ``(6, 5)`` or ``"65"`` (any order).
        rules: variants in force, a Ruleset or a ``Rules`` tag; ``None`` = standard.

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
        RulesetError: ``rules`` is neither a Ruleset nor a ruleset tag.
    """
    d1, d2 = parse_roll(dice)
    rules = resolve_rules(rules)
    _side, me, opp, first, _opp_first = mover_boards(position)
    gen = generate(me, opp, first, d1, d2, rules)
    dice_read = (d1, d2)
    return [_lazy_turn(trail, position, st, dice_read) for st, trail in gen.finals.items()]


def max_dice_used(
    position: Position, dice: tuple[int, int] | str, rules: Ruleset | str | None = None
) -> int:
    """How many dice every legal turn uses (R7): 0 (pass) … 2, or 4 on a double."""
    d1, d2 = parse_roll(dice)
    _side, me, opp, first, _opp_first = mover_boards(position)
    return generate(me, opp, first, d1, d2, resolve_rules(rules)).max_dice
