"""The project's exceptions: one family, all :class:`ValueError` subclasses.

Callers that do not care which problem it was catch :class:`NardeError`.
"""

from __future__ import annotations

__all__ = [
    "IllegalTurnError",
    "NardeError",
    "NotationError",
    "PositionError",
    "RulesetError",
]


class NardeError(ValueError):
    """Base class of every error this package raises on bad input."""


class NotationError(NardeError):
    """Text that is not valid notation: a position string, roll, move or tag value.

    Maps to the ``bad-tag`` finding when it comes from a tag value, to
    ``syntax`` elsewhere.
    """


class PositionError(NardeError):
    """A position that cannot occur (R1): not 15 checkers a side, two colours
    on one point, a point outside 1…24.  Maps to the ``bad-position`` finding.
    """


class RulesetError(NardeError):
    """An unknown or malformed ruleset name (``Rules`` tag, ``--rules``)."""


class IllegalTurnError(NardeError):
    """A turn that R1–R12 do not allow in the given position."""
