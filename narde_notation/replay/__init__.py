"""Replay: every half-turn of a record checked from the real position,
with its findings and the position at each ply (:class:`GameReport`).

Depends on :mod:`narde_notation.formats` (to read files) and
:mod:`narde_notation.rules`.
"""

from typing import TYPE_CHECKING

from narde_notation._lazy import lazy_names

if TYPE_CHECKING:  # the lazy names, for type checkers
    from narde_notation.replay._matches import (
        UNKNOWN,
        Match,
        MatchGame,
        MatchSequencer,
        match_away,
        validate_games,
    )
    from narde_notation.replay._replay import validate
    from narde_notation.replay._report import GameReport, TurnReplay
    from narde_notation.replay.pipeline import Pipeline, Replayed, ReplayOptions, text_encoding

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "GameReport": "._report",
        "TurnReplay": "._report",
        "validate": "._replay",
        "validate_games": "._matches",
        "Match": "._matches",
        "UNKNOWN": "._matches",
        "MatchGame": "._matches",
        "MatchSequencer": "._matches",
        "match_away": "._matches",
        "Pipeline": ".pipeline",
        "ReplayOptions": ".pipeline",
        "Replayed": ".pipeline",
        "text_encoding": ".pipeline",
    },
)

__all__ = [
    "UNKNOWN",
    "GameReport",
    "Match",
    "MatchGame",
    "MatchSequencer",
    "Pipeline",
    "ReplayOptions",
    "Replayed",
    "TurnReplay",
    "match_away",
    "text_encoding",
    "validate",
    "validate_games",
]
