"""narde-notation: read, check and analyse Long Narde game records.

Data flows one way: text → grammar (:mod:`narde_notation.reader`) →
records (:mod:`narde_notation.record`) → engine (:mod:`narde_notation.position`,
:mod:`narde_notation.engine`) → findings and positions
(:mod:`narde_notation.validate`) → tables and plots
(:mod:`narde_notation.frames`, :mod:`narde_notation.plots`).
"""

import sys

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
from narde_notation.version import __version__ as __version__

# In Jupyter, records and reports display as HTML (tags, moves, final board);
# outside IPython this costs nothing and imports nothing more.
if "IPython" in sys.modules:  # pragma: no cover - depends on the host
    from narde_notation.display import register_ipython_formatters

    register_ipython_formatters()

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
