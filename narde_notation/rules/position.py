"""Positions: where every checker stands, who is to move, first-turn flags.

A :class:`Position` is an immutable, hashable value.  Points are kept per
side in that side's **own** numbering (24 = head, 6…1 = home, R1); the
**absolute** numbering of diagrams is White's.  Black's own point ``b`` is
absolute ``(b + 11) % 24 + 1`` (:func:`own_to_absolute`).

Internally each side is one packed integer: 4 bits per own point, nibble
``p`` (bits ``4p … 4p+3``) holds the count on own point ``p`` for ``p`` in
1…24 and nibble 0 the borne-off count.  The engine
(:mod:`narde_notation.rules.engine`) works directly on these integers.
Own/absolute numbering uses the one flip table,
:data:`narde_notation.model.side.FLIP`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from narde_notation.model.errors import IllegalTurnError, NotationError, PositionError
from narde_notation.model.record import HalfTurn
from narde_notation.model.safe_text import shown
from narde_notation.model.side import FLIP, Side, absolute_to_own, own_to_absolute
from narde_notation.rules.engine import Turn, check_turn, legal_turns

if TYPE_CHECKING:
    from narde_notation.model.ruleset import Ruleset

__all__ = ["FLIP", "Position", "absolute_to_own", "own_to_absolute"]

CHECKERS = 15
HEAD = 24
#: A side's packed board with all 15 checkers on its head, own 24 (R1).
_HEAD_ONLY = CHECKERS << (4 * HEAD)
_TOKEN = re.compile(r"([0-9]{1,9})(?::([0-9]{1,9}))?\Z")


def _pack(points: Mapping[int, int], side: Side) -> int:
    packed = 0
    total = 0
    for point, count in points.items():
        if not isinstance(point, int) or not 1 <= point <= 24:
            raise PositionError(f"{side.name.capitalize()} point {point} is outside 1…24")
        if not isinstance(count, int) or count < 0:
            raise PositionError(
                f"{side.name.capitalize()} count {count} on point {point} is not 0…15"
            )
        total += count
        if total > CHECKERS:
            raise PositionError(f"{side.name.capitalize()} has more than {CHECKERS} checkers")
        packed += count << (4 * point)
    return packed + (CHECKERS - total)


def _unpack(packed: int) -> dict[int, int]:
    return {p: (packed >> (4 * p)) & 15 for p in range(24, 0, -1) if (packed >> (4 * p)) & 15}


class Position(tuple[int, int, Side, bool, bool]):
    """A Long Narde position (immutable, hashable).

    ``Position()`` is the initial position (R1): 15 checkers on each head,
    White to move, both sides on their first turn.

    Args:
        white: White's checkers, own point (1…24) -> count; unlisted
            checkers (up to 15) are borne off.  ``None`` (the default):
            all 15 on the head, own 24 (R1).
        black: Black's checkers in Black's own numbering; ``None`` as for
            ``white``.
        side_to_move: who moves next.
        first_turn: ``(white, black)`` first-turn flags (R5); default: a
            side with all 15 on its head (own 24) is on its first turn.

    Raises:
        PositionError: more than 15 checkers a side, a point outside 1…24,
            or both colours on one absolute point (R1).

    A position is a value, not a sequence: ``len``, ``+``, ``*``, ``in``,
    ``count``, ``index`` and ordering (``<`` …) raise :class:`TypeError` /
    :class:`AttributeError`.  Two positions are equal when the checkers,
    the side to move and the first-turn flags agree; a position is never
    equal to a tuple.  (Inside, for speed, the value is a tuple of the two
    packed sides of the module docstring, the side to move and the two
    flags, which the engine modules unpack; that layout is not API:
    decisions E3.)
    """

    __slots__ = ()

    def __new__(
        cls,
        white: Mapping[int, int] | None = None,
        black: Mapping[int, int] | None = None,
        side_to_move: Side = Side.WHITE,
        *,
        first_turn: tuple[bool, bool] | None = None,
    ) -> Position:
        w = _HEAD_ONLY if white is None else _pack(white, Side.WHITE)
        b = _HEAD_ONLY if black is None else _pack(black, Side.BLACK)
        for p in range(1, 25):
            if (w >> (4 * p)) & 15 and (b >> (4 * FLIP[p])) & 15:
                raise PositionError(
                    f"absolute point {p} holds both colours "
                    f"(White's {p}, Black's {FLIP[p]})"
                )
        if first_turn is None:
            first_turn = ((w >> 96) & 15 == CHECKERS, (b >> 96) & 15 == CHECKERS)
        return _NEW(cls, (w, b, side_to_move, bool(first_turn[0]), bool(first_turn[1])))

    @classmethod
    def from_packed(cls, w: int, b: int, side: Side, wfirst: bool, bfirst: bool) -> Position:
        """Build from packed sides without validation (the engine's constructor)."""
        return _NEW(cls, (w, b, side, wfirst, bfirst))

    # ------------------------------------------------------------ codecs
    @classmethod
    def initial(cls) -> Position:
        """The start position (R1): 15 on each head, White to move, both on first
        turn; the same as ``Position()``."""
        return cls()

    @classmethod
    def from_string(cls, text: str) -> Position:
        """Read ``"WHITE / BLACK / SIDE"`` (record-format.md, Position strings).

        Each side lists ``point:count`` or ``point`` (one checker) items in its
        own numbering, in any order; unlisted checkers are borne off.  A side
        with all 15 on its head is on its first turn (R5).

        Raises:
            NotationError: a missing field, a token that is not ``p`` or
                ``p:n``, a point listed twice, a side letter other than W/B.
            PositionError: more than 15 checkers a side, a point outside
                1…24 (0 included), both colours on one point.
        """
        if not isinstance(text, str):
            raise NotationError(f"position must be a string, not {type(text).__name__}")
        fields = text.split("/")
        if len(fields) != 3:
            raise NotationError(
                f"position {shown(text)} needs three fields 'WHITE / BLACK / SIDE', "
                f"found {len(fields)}"
            )
        sides: list[dict[int, int]] = []
        for name, field in zip(("White", "Black"), fields[:2], strict=True):
            points: dict[int, int] = {}
            for token in field.split():
                m = _TOKEN.match(token)
                if m is None:
                    raise NotationError(
                        f"bad {name} token {shown(token)} in position: expected 'point' or"
                        " 'point:count'"
                    )
                point = int(m.group(1))
                count = int(m.group(2)) if m.group(2) is not None else 1
                if point in points:
                    raise NotationError(f"{name} point {point} is listed twice in position")
                if not 1 <= point <= 24:
                    raise PositionError(f"{name} point {point} is outside 1…24")
                if count < 1:
                    raise PositionError(f"{name} count {count} on point {point} is not 1…15")
                points[point] = count
            sides.append(points)
        letter = fields[2].strip()
        if letter not in ("W", "B"):
            raise NotationError(f"side to move must be 'W' or 'B', not {letter!r}")
        return cls(sides[0], sides[1], Side(letter))

    def _side_string(self, packed: int) -> str:
        return " ".join(
            f"{p}:{(packed >> (4 * p)) & 15}" for p in range(24, 0, -1) if (packed >> (4 * p)) & 15
        )

    def __str__(self) -> str:
        """The canonical string: ``p:n`` items descending, ``" / "`` between fields."""
        w, b, side, _wfirst, _bfirst = self
        return f"{self._side_string(w)} / {self._side_string(b)} / {side.value}"

    def __repr__(self) -> str:
        return f"Position.from_string({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Position):
            return tuple.__eq__(self, other)
        # A plain tuple with the same items is the layout, not an equal position.
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = tuple.__hash__

    def __reduce__(self) -> tuple[object, ...]:
        return (Position.from_packed, self[:])

    # ------------------------------------------------- not a sequence
    # The tuple underneath is the engine's layout (decisions E3); its
    # sequence operations are closed to users.  Unpacking and indexing stay
    # (the engine's hot loops use them at C speed).
    def __len__(self) -> int:
        raise TypeError("a Position has no len(): it is a value, not a sequence")

    def __bool__(self) -> bool:
        return True

    def __contains__(self, item: object) -> bool:
        raise TypeError("a Position is not a sequence: ask count_at(side, point) or checkers(side)")

    def __add__(self, other: object) -> Position:
        return NotImplemented

    def __radd__(self, other: object) -> Position:
        return NotImplemented

    def __mul__(self, other: object) -> Position:
        return NotImplemented

    __rmul__ = __mul__

    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__

    @property
    def count(self) -> Any:
        """Not available: a position is not a sequence (see :meth:`count_at`)."""
        raise AttributeError("'Position' object has no attribute 'count' (see count_at)")

    @property
    def index(self) -> Any:
        """Not available: a position is not a sequence."""
        raise AttributeError("'Position' object has no attribute 'index'")

    # ------------------------------------------------------------ queries
    def _packed(self, side: Side) -> int:
        return self[0] if side is Side.WHITE else self[1]

    @property
    def side_to_move(self) -> Side:
        """The side whose turn it is."""
        return self[2]

    def with_side_to_move(self, side: Side) -> Position:
        """The same checkers and flags with ``side`` to move."""
        w, b, _side, wfirst, bfirst = self
        return _NEW(Position, (w, b, side, wfirst, bfirst))

    def pip_count(self, side: Side) -> int:
        """Sum of own point numbers of ``side``'s checkers (borne-off count 0); start 360."""
        packed = self._packed(side)
        return sum(p * ((packed >> (4 * p)) & 15) for p in range(1, 25))

    def pip_counts(self) -> tuple[int, int]:
        """``(white, black)`` pip counts."""
        return self.pip_count(Side.WHITE), self.pip_count(Side.BLACK)

    def borne_off(self, side: Side) -> int:
        """How many of ``side``'s 15 checkers are off (R8)."""
        return self._packed(side) & 15

    def checkers(self, side: Side) -> dict[int, int]:
        """``side``'s checkers on the board: own point -> count, descending points."""
        return _unpack(self._packed(side))

    def count_at(self, side: Side, own_point: int) -> int:
        """Checkers of ``side`` on its ``own_point`` (1…24; ``OFF`` = 0 gives the borne-off count).

        Raises:
            PositionError: ``own_point`` outside 0…24.
        """
        if not isinstance(own_point, int) or not 0 <= own_point <= 24:
            raise PositionError(f"point {own_point} is outside 1…24")
        return (self._packed(side) >> (4 * own_point)) & 15

    @property
    def winner(self) -> Side | None:
        """The side with all 15 borne off (R9), or ``None``.

        ``None`` as well when both sides have all 15 off (a last-roll draw).
        """
        w_done = self[0] & 15 == CHECKERS
        b_done = self[1] & 15 == CHECKERS
        if w_done and not b_done:
            return Side.WHITE
        if b_done and not w_done:
            return Side.BLACK
        return None

    @property
    def is_game_over(self) -> bool:
        """A side (or both, under ``last-roll-draw``) has borne off all 15 (R9, R11)."""
        return self[0] & 15 == CHECKERS or self[1] & 15 == CHECKERS

    def is_first_turn(self, side: Side) -> bool:
        """Whether ``side`` has not moved yet this game (R5's first-turn exception)."""
        return self[3] if side is Side.WHITE else self[4]

    def legal_turns(
        self, dice: tuple[int, int] | str, rules: Ruleset | str | None = None
    ) -> list[Turn]:
        """Legal turns of the side to move (R3–R8).

        See :func:`narde_notation.rules.engine.legal_turns`; ``dice`` is ``(6, 5)`` or ``"65"``.
        """
        return legal_turns(self, dice, rules)

    def play(
        self, half_turn: str | HalfTurn | Turn, rules: Ruleset | str | None = None
    ) -> Position:
        """The position after the side to move plays ``half_turn`` (R3–R8, R11).

        Like python-chess's ``Board.push_san``, but a position is a value:
        ``self`` is unchanged and the next position is returned.

        Args:
            half_turn: ``"65: 24/18 18/13"`` (own numbering; ``"43: pass"``
                for a pass), a :class:`~narde_notation.model.record.HalfTurn`,
                or a :class:`~narde_notation.rules.engine.Turn` from
                :meth:`legal_turns` (its roll and steps are checked here
                like a written half-turn).
            rules: variants in force, a Ruleset or a tag; ``None`` = standard.

        Raises:
            IllegalTurnError: the moves are not a legal turn here (a turn
                generated from another position included); its
                ``findings`` say why (codes of rules.md, "Findings").
            NotationError: the text is not one half-turn.
            ValueError: a :class:`Turn` made without its roll.
        """
        if isinstance(half_turn, Turn):
            return self._play_turn(half_turn, rules)
        check = check_turn(self, half_turn, rules=rules)
        if not check.legal or check.position is None:
            text = half_turn if isinstance(half_turn, str) else str(half_turn)
            reason = check.findings[0].message if check.findings else "not a legal turn"
            raise IllegalTurnError(f"{shown(text)} in {self}: {reason}", check.findings)
        return check.position

    def _play_turn(self, turn: Turn, rules: Ruleset | str | None) -> Position:
        if turn.dice is None:
            raise ValueError("this turn was made without its roll: play(turn) needs turn.dice")
        paths = [(s.from_point, s.to_point) for s in turn.steps]
        check = check_turn(self, turn.dice, paths, rules)
        if check.legal and check.position == turn.position:
            return turn.position
        text = turn.half_turn_text()
        reason = (check.findings[0].message if check.findings
                  else f"it ends in {turn.position}, not {check.position}")
        raise IllegalTurnError(f"{text} in {self}: {reason}", check.findings)

    # ------------------------------------------------------------ diagram
    def _cell(self, absolute: int) -> str:
        w = (self[0] >> (4 * absolute)) & 15
        b = (self[1] >> (4 * FLIP[absolute])) & 15
        if w:
            return f"W{w}".rjust(4)
        if b:
            return f"B{b}".rjust(4)
        return "   ."

    def _repr_svg_(self) -> str:
        """Jupyter: the board as SVG in absolute numbering (heads and homes
        marked, pip counts shown); see :func:`narde_notation.show.board_svg.position_svg`."""
        from narde_notation.show.board_svg import position_svg  # drawing code only when shown

        return position_svg(self)

    def diagram(self) -> str:
        """An ASCII board in absolute numbering (White's), with pip counts.

        Top row absolute 13…24 (White's head 24, Black's home 13…18),
        bottom row 12…1 (Black's head 12, White's home 6…1).  ``W3`` = three
        White checkers, ``B1`` = one Black checker, ``.`` = empty.
        """
        top = list(range(13, 25))
        bottom = list(range(12, 0, -1))
        wpips, bpips = self.pip_counts()

        def row(points: list[int]) -> str:
            cells = [self._cell(p) for p in points]
            return "|" + "".join(cells[:6]) + " |" + "".join(cells[6:]) + " |"

        def numbers(points: list[int]) -> str:
            nums = [str(p).rjust(4) for p in points]
            return " " + "".join(nums[:6]) + "  " + "".join(nums[6:])

        rule = "+" + "-" * 25 + "+" + "-" * 25 + "+"
        lines = [
            numbers(top),
            rule,
            row(top),
            row(bottom),
            rule,
            numbers(bottom),
            f"White: head abs 24, home abs 6-1, pips {wpips}, off {self.borne_off(Side.WHITE)}"
            + (", first turn" if self[3] else ""),
            f"Black: head abs 12, home abs 18-13, pips {bpips}, off {self.borne_off(Side.BLACK)}"
            + (", first turn" if self[4] else ""),
            f"{self[2].name.capitalize()} to move",
        ]
        return "\n".join(lines)


_NEW = tuple.__new__
