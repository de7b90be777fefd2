"""The two sides of a Long Narde game."""

from __future__ import annotations

import enum

__all__ = ["Side"]


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
