"""narde-notation: read, check and analyse Long Narde game records.

Data flows one way: text → grammar (:mod:`narde_notation.reader`) →
records (:mod:`narde_notation.record`) → engine (:mod:`narde_notation.position`,
:mod:`narde_notation.engine`) → findings and positions
(:mod:`narde_notation.validate`) → tables and plots
(:mod:`narde_notation.frames`, :mod:`narde_notation.plots`).
"""

from narde_notation.errors import (
    IllegalTurnError,
    NardeError,
    NotationError,
    PositionError,
    RulesetError,
)
from narde_notation.findings import CODES, Finding, Severity
from narde_notation.record import OFF, GameRecord, HalfTurn, Move
from narde_notation.side import Side

__version__ = "0.1.0"

__all__ = [
    "CODES",
    "OFF",
    "Finding",
    "GameRecord",
    "HalfTurn",
    "IllegalTurnError",
    "Move",
    "NardeError",
    "NotationError",
    "PositionError",
    "RulesetError",
    "Severity",
    "Side",
]
