"""The two sides of a Long Narde game."""

from __future__ import annotations

import enum

__all__ = ["FLIP", "Side"]


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


#: own point <-> the other side's own number for the same place (an involution):
#: Black's own ``b`` is absolute (White's) ``FLIP[b] = (b + 11) % 24 + 1``; index 0
#: (off) maps to itself.  The project's one point-flip table (rules.md, numbering).
FLIP = (0, *((x + 11) % 24 + 1 for x in range(1, 25)))
