"""Replay and validation (the 0.x module path): :func:`validate`,
:func:`validate_games`, :class:`GameReport` and :class:`TurnReplay`.

Their home is :mod:`narde_notation.replay`; this module names them for the
imports that were written before it.
"""

from narde_notation.replay._matches import validate_games
from narde_notation.replay._replay import validate
from narde_notation.replay._report import GameReport, TurnReplay

__all__ = ["GameReport", "TurnReplay", "validate", "validate_games"]
