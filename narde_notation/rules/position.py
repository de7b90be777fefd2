"""Positions: where every checker stands, who is to move, first-turn flags.

A :class:`Position` is an immutable, hashable value.  Points are kept per
side in that side's **own** numbering (24 = head, 6…1 = home, R1); the
**absolute** numbering of diagrams is White's.  Black's own point ``b`` is
absolute ``(b + 11) % 24 + 1`` (:func:`own_to_absolute`).

Internally each side is one packed integer: 4 bits per own point, nibble
``p`` (bits ``4p … 4p+3``) holds the count on own point ``p`` for ``p`` in
1…24 and nibble 0 the borne-off count.  The engine
(:mod:`narde_notation.rules.engine`) works directly on these integers,
which it gets from :func:`mover_boards` and turns back into a position with
:func:`after_board`: this module alone builds a position and reads how it
is stored (decisions G1).  Own/absolute numbering uses the one flip table,
:data:`narde_notation.model.side.FLIP`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, final

from narde_notation.model.errors import IllegalTurnError, NotationError, PositionError
from narde_notation.model.record import HalfTurn
from narde_notation.model.safe_text import shown
from narde_notation.model.side import FLIP, Side, absolute_to_own, own_to_absolute

if TYPE_CHECKING:
    from narde_notation.model.ruleset import Ruleset
    from narde_notation.rules.engine import Turn

__all__ = ["FLIP", "Position", "absolute_to_own", "after_board", "mover_boards",
           "own_to_absolute"]

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


def _side_string(packed: int) -> str:
    return " ".join(
        f"{p}:{(packed >> (4 * p)) & 15}" for p in range(24, 0, -1) if (packed >> (4 * p)) & 15
    )


def _unpack(packed: int) -> dict[int, int]:
    return {p: (packed >> (4 * p)) & 15 for p in range(24, 0, -1) if (packed >> (4 * p)) & 15}


@final
class Position:
    """A Long Narde position: an immutable, hashable value.

    ``Position()`` is the initial position (R1): 15 checkers on each head,
    White to move, both sides on their first turn.

    Args:
        white: White's checkers, own point (1…24) -> count; unlisted
            checkers (up to 15) are borne off.  ``None`` (the default):
            all 15 on the head, own 24 (R1).
        black: Black's checkers in Black's own numbering; ``None`` as for
            ``white``.
        side_to_move: who moves next: a :class:`~narde_notation.model.side.Side`
            or ``"white"`` / ``"black"``.
        first_turn: ``(white, black)`` first-turn flags (R5); default: a
            side with all 15 on its head (own 24) is on its first turn.

    Raises:
        PositionError: more than 15 checkers a side, a point outside 1…24,
            or both colours on one absolute point (R1).
        TypeError: ``side_to_move`` is not a side.

    A position is a value, not a sequence: no ``len``, indexing, iteration,
    ``+`` or ordering (:class:`TypeError`).  Two positions are equal when the
    checkers, the side to move and the first-turn flags agree.  How it is
    stored is this module's business alone (decisions E3, G1): the rest of
    the rules kernel reads and builds positions through :func:`mover_boards`
    and :func:`after_board`, everyone else through the methods.
    """

    __slots__ = ("_key",)
    #: ``(white board, black board, side to move, white's first-turn flag,
    #: black's)``, the boards packed as the module docstring says.
    _key: tuple[int, int, Side, bool, bool]

    def __new__(
        cls,
        white: Mapping[int, int] | None = None,
        black: Mapping[int, int] | None = None,
        side_to_move: Side | str = Side.WHITE,
        *,
        first_turn: tuple[bool, bool] | None = None,
    ) -> Position:
        side = Side.coerce(side_to_move)
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
        return _make((w, b, side, bool(first_turn[0]), bool(first_turn[1])))

    def __init_subclass__(cls, **kwargs: object) -> None:
        raise TypeError("Position is a value class: it cannot be subclassed")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Position is immutable: play() returns the next one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Position is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is Position:
            return self._key == other._key
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key)

    def __reduce__(self) -> tuple[object, ...]:
        return (_restore, self._key)

    def __copy__(self) -> Position:
        return self

    def __deepcopy__(self, memo: object) -> Position:
        return self

    # ------------------------------------------------------------ codecs
    @classmethod
    def initial(cls) -> Position:
        """The start position (R1): 15 on each head, White to move, both on first
        turn; the same as ``Position()``."""
        return _INITIAL

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

    def __str__(self) -> str:
        """The canonical string: ``p:n`` items descending, ``" / "`` between fields."""
        w, b, side, _wfirst, _bfirst = self._key
        return f"{_side_string(w)} / {_side_string(b)} / {side.value}"

    def __repr__(self) -> str:
        return f"Position.from_string({str(self)!r})"

    # ------------------------------------------------------------ queries
    def _board(self, side: Side | str) -> int:
        if type(side) is not Side:
            side = Side.coerce(side)
        return self._key[0] if side is Side.WHITE else self._key[1]

    @property
    def side_to_move(self) -> Side:
        """The side whose turn it is."""
        return self._key[2]

    def with_side_to_move(self, side: Side | str) -> Position:
        """The same checkers and flags with ``side`` to move.

        Raises:
            TypeError: ``side`` is not a side (:meth:`Side.coerce`).
        """
        w, b, _side, wfirst, bfirst = self._key
        return _make((w, b, Side.coerce(side), wfirst, bfirst))

    def pip_count(self, side: Side | str) -> int:
        """Sum of own point numbers of ``side``'s checkers (borne-off count 0); start 360.

        Raises:
            TypeError: ``side`` is not a side (:meth:`Side.coerce`).
        """
        board = self._board(side)
        return sum(p * ((board >> (4 * p)) & 15) for p in range(1, 25))

    def pip_counts(self) -> tuple[int, int]:
        """``(white, black)`` pip counts."""
        return self.pip_count(Side.WHITE), self.pip_count(Side.BLACK)

    def borne_off(self, side: Side | str) -> int:
        """How many of ``side``'s 15 checkers are off (R8).

        Raises:
            TypeError: ``side`` is not a side (:meth:`Side.coerce`).
        """
        return self._board(side) & 15

    def checkers(self, side: Side | str) -> dict[int, int]:
        """``side``'s checkers on the board: own point -> count, descending points.

        Raises:
            TypeError: ``side`` is not a side (:meth:`Side.coerce`).
        """
        return _unpack(self._board(side))

    def count_at(self, side: Side | str, own_point: int) -> int:
        """Checkers of ``side`` on its ``own_point`` (1…24; ``OFF`` = 0 gives the borne-off count).

        Raises:
            PositionError: ``own_point`` outside 0…24.
            TypeError: ``side`` is not a side (:meth:`Side.coerce`).
        """
        board = self._board(side)
        if not isinstance(own_point, int) or not 0 <= own_point <= 24:
            raise PositionError(f"point {own_point} is outside 1…24")
        return (board >> (4 * own_point)) & 15

    @property
    def winner(self) -> Side | None:
        """The side with all 15 borne off (R9), or ``None``.

        ``None`` as well when both sides have all 15 off (a last-roll draw).
        """
        w_done = self._key[0] & 15 == CHECKERS
        b_done = self._key[1] & 15 == CHECKERS
        if w_done and not b_done:
            return Side.WHITE
        if b_done and not w_done:
            return Side.BLACK
        return None

    def is_game_over(self) -> bool:
        """A side (or both, after a last-roll draw) has borne off all 15 (R9, R11).

        The position alone: under ``last-roll-draw`` the first mover's last
        checker off still leaves the other side its reply, which only a
        :class:`~narde_notation.rules.game.Game` (it knows who moved first)
        can tell: ask :meth:`Game.is_game_over() <narde_notation.rules.game.Game.is_game_over>`.
        """
        w, b = self._key[0], self._key[1]
        return w & 15 == CHECKERS or b & 15 == CHECKERS

    def is_first_turn(self, side: Side | str) -> bool:
        """Whether ``side`` has not moved yet this game (R5's first-turn exception).

        Raises:
            TypeError: ``side`` is not a side (:meth:`Side.coerce`).
        """
        key = self._key
        return key[3] if Side.coerce(side) is Side.WHITE else key[4]

    def legal_turns(
        self, dice: tuple[int, int] | str, rules: Ruleset | str | None = None
    ) -> list[Turn]:
        """Legal turns of the side to move (R3–R8).

        See :func:`narde_notation.rules.engine.legal_turns`; ``dice`` is ``(6, 5)`` or ``"65"``.
        """
        from narde_notation.rules.engine import legal_turns  # the engine builds on this module

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
        from narde_notation.rules.engine import Turn, check_turn  # built on this module

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
        from narde_notation.rules.engine import check_turn  # built on this module

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
        w = (self._key[0] >> (4 * absolute)) & 15
        b = (self._key[1] >> (4 * FLIP[absolute])) & 15
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
            + (", first turn" if self._key[3] else ""),
            f"Black: head abs 12, home abs 18-13, pips {bpips}, off {self.borne_off(Side.BLACK)}"
            + (", first turn" if self._key[4] else ""),
            f"{self._key[2].name.capitalize()} to move",
        ]
        return "\n".join(lines)



# ------------------------------------------------- the rules kernel's door
# The only code that builds a position or reads its layout (decisions G1).
_new_object = object.__new__
_set_key = vars(Position)["_key"].__set__  # the slot's own setter (no __setattr__)


def _make(key: tuple[int, int, Side, bool, bool]) -> Position:
    position = _new_object(Position)
    _set_key(position, key)
    return position


def _restore(w: int, b: int, side: Side, wfirst: bool, bfirst: bool) -> Position:
    """Unpickle (:meth:`Position.__reduce__`)."""
    return _make((w, b, side, wfirst, bfirst))


def mover_boards(position: Position) -> tuple[Side, int, int, bool, bool]:
    """``(side to move, its packed board, the opponent's, its first-turn flag,
    the opponent's)``: the rules kernel's and the evaluator's view of a
    position (boards as the module docstring says, each side in its own
    numbering)."""
    w, b, side, wfirst, bfirst = position._key
    if side is _WHITE:
        return side, w, b, wfirst, bfirst
    return side, b, w, bfirst, wfirst


def after_board(position: Position, board: int) -> Position:
    """``position`` after its side to move reached packed ``board`` (not
    checked): the other side to move, the mover's first-turn flag cleared
    (R5, R11)."""
    w, b, side, wfirst, bfirst = position._key
    after = _new_object(Position)
    if side is _WHITE:
        _set_key(after, (board, b, _BLACK, False, bfirst))
    else:
        _set_key(after, (w, board, _WHITE, wfirst, False))
    return after


_WHITE = Side.WHITE
_BLACK = Side.BLACK
_INITIAL = Position()
