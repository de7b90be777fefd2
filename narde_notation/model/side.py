"""The two sides of a Long Narde game."""

from __future__ import annotations

import enum

__all__ = ["FLIP", "Side", "absolute_to_own", "own_to_absolute"]


class Side(enum.Enum):
    """White or Black; the value is the letter used in position strings."""

    WHITE = "W"
    BLACK = "B"

    @property
    def other(self) -> Side:
        """The opponent."""
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @property
    def name_lower(self) -> str:
        """``"white"`` or ``"black"``, as used in tables."""
        return "white" if self is Side.WHITE else "black"

    def __repr__(self) -> str:
        return f"Side.{self.name}"

    @classmethod
    def coerce(cls, side: object) -> Side:
        """``side`` as a :class:`Side`: a side, or ``"white"`` / ``"black"``.

        The one reading of a side given to a public function (decisions G2).

        Raises:
            TypeError: anything else (``"W"``, ``"White"``, ``None``, ``0`` …).
        """
        if type(side) is cls:
            return side
        found = _NAMES.get(side) if type(side) is str else None
        if found is None:
            raise TypeError(f"a side is Side.WHITE, Side.BLACK, 'white' or 'black', not {side!r}")
        return found


_NAMES = {"white": Side.WHITE, "black": Side.BLACK}

#: own point <-> the other side's own number for the same place (an involution):
#: Black's own ``b`` is absolute (White's) ``FLIP[b] = (b + 11) % 24 + 1``; index 0
#: (off) maps to itself.  The project's one point-flip table (rules.md, numbering).
FLIP = (0, *((x + 11) % 24 + 1 for x in range(1, 25)))


def own_to_absolute(side: Side | str, point: int) -> int:
    """Absolute (White's) number of ``side``'s own ``point``.

    White's numbering is the absolute one; Black's own ``b`` is
    ``(b + 11) % 24 + 1``.  ``OFF`` (0) maps to itself.

    Raises:
        PositionError: ``point`` outside 0…24.
        TypeError: ``side`` is not a side (:meth:`Side.coerce`).
    """
    side = Side.coerce(side)
    if not 0 <= point <= 24:
        from narde_notation.model.errors import PositionError

        raise PositionError(f"point {point} is outside 1…24")
    if point == 0 or side is Side.WHITE:  # off (0) maps to itself
        return point
    return FLIP[point]


def absolute_to_own(side: Side | str, point: int) -> int:
    """``side``'s own number of absolute ``point`` (inverse of :func:`own_to_absolute`)."""
    # The mapping is an involution, so the inverse is the same function.
    return own_to_absolute(side, point)
