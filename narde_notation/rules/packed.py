"""The stored form of a position: the rules kernel's layout, built and read here alone.

A :class:`~narde_notation.rules.position.Position` keeps, in one slot, the
tuple ``(white board, black board, side to move, white's first-turn flag,
black's)``.  A board is one packed integer per side in that side's own
numbering: 4 bits per point, nibble ``p`` (bits ``4p … 4p+3``) the count on
own point ``p`` for ``p`` in 1…24, nibble 0 the borne-off count.  The
engine (:mod:`.step`, :mod:`.generation`, :mod:`.turn_check`,
:mod:`.turn_diagnosis`, the compiled search's board bytes) works on these
boards, which it gets from :func:`mover_boards` and turns back into a
position with :func:`after_board`; the evaluator reaches the same two
through :mod:`narde_notation.evaluator.game`.  Nothing else reads or builds
the tuple (decisions G1): :class:`PackedPosition` answers every question
about it, and :class:`~narde_notation.rules.position.Position` adds the
codecs and the rules' moves on top.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Self, TypeVar

from narde_notation.model import FLIP, PositionError, Side

__all__ = ["CHECKERS", "HEAD_ONLY", "PackedPosition", "after_board", "build", "mover_boards"]

CHECKERS = 15
HEAD = 24
#: A side's packed board with all 15 checkers on its head, own 24 (R1).
HEAD_ONLY = CHECKERS << (4 * HEAD)
_WHITE = Side.WHITE
_BLACK = Side.BLACK

Key = tuple[int, int, Side, bool, bool]
P = TypeVar("P", bound="PackedPosition")


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


class PackedPosition:
    """What a position holds and every question about it (immutable, hashable).

    Not made directly: :class:`~narde_notation.rules.position.Position` is
    the public class (its docstring says what a position is).
    """

    __slots__ = ("_key",)
    _key: Key

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Position is immutable: play() returns the next one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Position is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return self._key == other._key
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key)

    def __reduce__(self) -> tuple[object, ...]:
        return (_restore, (type(self), *self._key))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self

    def __str__(self) -> str:
        """The canonical string: ``p:n`` items descending, ``" / "`` between fields."""
        w, b, side, _wfirst, _bfirst = self._key
        return f"{_side_string(w)} / {_side_string(b)} / {side.value}"

    # ------------------------------------------------------------ queries
    def _board(self, side: Side | str) -> int:
        if type(side) is not Side:
            side = Side.coerce(side)
        return self._key[0] if side is _WHITE else self._key[1]

    @property
    def side_to_move(self) -> Side:
        """The side whose turn it is."""
        return self._key[2]

    def with_side_to_move(self, side: Side | str) -> Self:
        """The same checkers and flags with ``side`` to move.

        Raises:
            TypeError: ``side`` is not a side (:meth:`Side.coerce`).
        """
        w, b, _side, wfirst, bfirst = self._key
        return _make(type(self), (w, b, Side.coerce(side), wfirst, bfirst))

    def pip_count(self, side: Side | str) -> int:
        """Sum of own point numbers of ``side``'s checkers (borne-off count 0); start 360.

        Raises:
            TypeError: ``side`` is not a side (:meth:`Side.coerce`).
        """
        board = self._board(side)
        return sum(p * ((board >> (4 * p)) & 15) for p in range(1, 25))

    def pip_counts(self) -> tuple[int, int]:
        """``(white, black)`` pip counts."""
        return self.pip_count(_WHITE), self.pip_count(_BLACK)

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
            return _WHITE
        if b_done and not w_done:
            return _BLACK
        return None

    def is_game_over(self) -> bool:
        """A side (or both, after a last-roll draw) has borne off all 15 (R9, R11).

        The position alone: under ``last-roll-draw`` the first mover's last
        checker off still leaves the other side its reply, which only a
        :class:`~narde_notation.rules.game.Game` (it knows who moved first)
        can tell: ask :meth:`Game.is_game_over() <narde_notation.rules.game.Game.is_game_over>`.
        """
        key = self._key
        return key[0] & 15 == CHECKERS or key[1] & 15 == CHECKERS

    def is_first_turn(self, side: Side | str) -> bool:
        """Whether ``side`` has not moved yet this game (R5's first-turn exception).

        Raises:
            TypeError: ``side`` is not a side (:meth:`Side.coerce`).
        """
        key = self._key
        return key[3] if Side.coerce(side) is _WHITE else key[4]


# ------------------------------------------------- the rules kernel's door
_new_object = object.__new__
_set_key = vars(PackedPosition)["_key"].__set__  # the slot's own setter (no __setattr__)


def _make(cls: type[P], key: Key) -> P:
    position = _new_object(cls)
    _set_key(position, key)
    return position


def _restore(cls: type[P], w: int, b: int, side: Side, wfirst: bool, bfirst: bool) -> P:
    """Unpickle (:meth:`PackedPosition.__reduce__`)."""
    return _make(cls, (w, b, side, wfirst, bfirst))


def build(cls: type[P], white: Mapping[int, int] | None, black: Mapping[int, int] | None,
          side_to_move: Side, first_turn: tuple[bool, bool] | None) -> P:
    """A position of class ``cls`` from each side's own point -> count (``None``:
    15 on the head, R1), checked (the arguments of
    :class:`~narde_notation.rules.position.Position`).

    Raises:
        PositionError: more than 15 checkers a side, a point outside 1…24,
            or both colours on one absolute point (R1).
    """
    w = HEAD_ONLY if white is None else _pack(white, _WHITE)
    b = HEAD_ONLY if black is None else _pack(black, _BLACK)
    for p in range(1, 25):
        if (w >> (4 * p)) & 15 and (b >> (4 * FLIP[p])) & 15:
            raise PositionError(
                f"absolute point {p} holds both colours (White's {p}, Black's {FLIP[p]})"
            )
    if first_turn is None:
        first_turn = ((w >> 96) & 15 == CHECKERS, (b >> 96) & 15 == CHECKERS)
    return _make(cls, (w, b, side_to_move, bool(first_turn[0]), bool(first_turn[1])))


def mover_boards(position: PackedPosition) -> tuple[Side, int, int, bool, bool]:
    """``(side to move, its packed board, the opponent's, its first-turn flag,
    the opponent's)``: the rules kernel's and the evaluator's view of a
    position (boards as the module docstring says, each side in its own
    numbering)."""
    w, b, side, wfirst, bfirst = position._key
    if side is _WHITE:
        return side, w, b, wfirst, bfirst
    return side, b, w, bfirst, wfirst


def after_board(position: P, board: int) -> P:
    """``position`` after its side to move reached packed ``board`` (not
    checked): the other side to move, the mover's first-turn flag cleared
    (R5, R11)."""
    w, b, side, wfirst, bfirst = position._key
    after = _new_object(type(position))
    if side is _WHITE:
        _set_key(after, (board, b, _BLACK, False, bfirst))
    else:
        _set_key(after, (w, board, _WHITE, wfirst, False))
    return after
