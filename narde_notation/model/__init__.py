"""The record model: sides, point numbering, rulesets, findings and the
record types (:class:`GameRecord`, :class:`HalfTurn`, :class:`Move`): data,
whose text codecs are :mod:`narde_notation.formats`'.  No Lark, no engine:
every later stage builds on it.

Modules: :mod:`.side` (the two sides and the own/absolute flip),
:mod:`.errors` (the exception family), :mod:`.findings` (finding codes),
:mod:`.ruleset` (standard rules and variants), :mod:`.record` (records as
written, rolls, the expansion of repeated moves), :mod:`.safe_text` (record
text made safe to show).
"""

from typing import TYPE_CHECKING

from narde_notation._lazy import lazy_names

if TYPE_CHECKING:  # the lazy names, for type checkers
    from narde_notation.model.errors import (
        GameOverError,
        IllegalTurnError,
        NardeError,
        NotationError,
        PositionError,
        RulesetError,
    )
    from narde_notation.model.findings import CODES, Finding, Severity
    from narde_notation.model.record import (
        BAR,
        OFF,
        ROLL_SPELLINGS,
        ROLLS,
        GameRecord,
        HalfTurn,
        Move,
        expand_moves,
        format_path,
        parse_roll,
        pips_rolled,
    )
    from narde_notation.model.ruleset import Ruleset
    from narde_notation.model.safe_text import (
        csv_safe,
        csv_safe_frame,
        html_text,
        json_safe,
        markdown_safe,
        masked,
        script_json,
        shown,
        unicode_text,
        visible,
    )
    from narde_notation.model.side import FLIP, Side, absolute_to_own, own_to_absolute

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
        "ROLLS": ".record",
        "GameRecord": ".record",
        "HalfTurn": ".record",
        "Move": ".record",
        "GameOverError": ".errors",
        "BAR": ".record",
        "expand_moves": ".record",
        "format_path": ".record",
        "parse_roll": ".record",
        "pips_rolled": ".record",
        "shown": ".safe_text",
        "visible": ".safe_text",
        "unicode_text": ".safe_text",
        "csv_safe_frame": ".safe_text",
        "json_safe": ".safe_text",
        "markdown_safe": ".safe_text",
        "csv_safe": ".safe_text",
        "FLIP": ".side",
        "ROLL_SPELLINGS": ".record",
        "masked": ".safe_text",
        "absolute_to_own": ".side",
        "own_to_absolute": ".side",
        "html_text": ".safe_text",
        "script_json": ".safe_text",
    },
)

__all__ = [
    "BAR",
    "CODES",
    "FLIP",
    "OFF",
    "ROLLS",
    "ROLL_SPELLINGS",
    "Finding",
    "GameOverError",
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
    "absolute_to_own",
    "csv_safe",
    "csv_safe_frame",
    "expand_moves",
    "format_path",
    "html_text",
    "json_safe",
    "markdown_safe",
    "masked",
    "own_to_absolute",
    "parse_roll",
    "pips_rolled",
    "script_json",
    "shown",
    "unicode_text",
    "visible",
]
