"""Replay: every half-turn of a record checked from the real position,
with its findings and the position at each ply (:class:`GameReport`).

Depends on :mod:`narde_notation.formats` (to read files) and
:mod:`narde_notation.rules`.
"""

from narde_notation._lazy import lazy_names

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "GameReport": ".validation",
        "TurnReplay": ".validation",
        "validate": ".validation",
        "validate_games": ".validation",
        "validate_source": ".validation",
    },
)
