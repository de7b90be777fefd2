"""The project's exceptions: one family, all :class:`ValueError` subclasses.

Callers that do not care which problem it was catch :class:`NardeError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from narde_notation.model.findings import Finding

__all__ = [
    "GameOverError",
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
    """A turn that R1–R12 do not allow in the given position.

    Raised by :meth:`narde_notation.rules.position.Position.play`.

    Attributes:
        findings: the :class:`~narde_notation.model.findings.Finding` objects that
            say why (usually one; codes of rules.md, "Findings").
    """

    def __init__(self, message: str, findings: Sequence[Finding] = ()) -> None:
        super().__init__(message)
        self.findings: list[Finding] = list(findings)

    @property
    def finding(self) -> Finding | None:
        """The first (most specific) finding, ``None`` if none."""
        return self.findings[0] if self.findings else None


class GameOverError(NardeError):
    """A half-turn played after the game has ended (R11; the ``game-over``
    finding of a record).  Raised by
    :meth:`narde_notation.rules.game.Game.push` and its kin."""
