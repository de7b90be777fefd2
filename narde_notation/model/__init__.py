"""The record model: sides, point numbering, rulesets, findings and the
record types (:class:`GameRecord`, :class:`HalfTurn`, :class:`Move`) with
their notation codec.  No Lark, no engine: every later stage builds on it.

Modules: :mod:`.side` (the two sides and the own/absolute flip),
:mod:`.errors` (the exception family), :mod:`.findings` (finding codes),
:mod:`.ruleset` (standard rules and variants), :mod:`.record` (records as
written), :mod:`.notation` (rolls, moves, half-turns, scores and results as
text), :mod:`.safe_text` (record text made safe to show).
"""

from narde_notation._lazy import lazy_names

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "Side": ".side",
        "NardeError": ".errors",
        "NotationError": ".errors",
        "PositionError": ".errors",
        "IllegalTurnError": ".errors",
        "RulesetError": ".errors",
        "CODES": ".findings",
        "Finding": ".findings",
        "Severity": ".findings",
        "Ruleset": ".ruleset",
        "OFF": ".record",
        "GameRecord": ".record",
        "HalfTurn": ".record",
        "Move": ".record",
    },
)

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
    "Ruleset",
    "RulesetError",
    "Severity",
    "Side",
]
