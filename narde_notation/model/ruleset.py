"""Rulesets: the standard rules of rules.md plus its named variants.

Variants are options of one :class:`Ruleset`, never forks of the engine.
A record names them in its ``Rules`` tag: ``standard`` (none) or a comma
list such as ``reroll,koks``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from narde_notation._lazy import publish
from narde_notation.model.errors import RulesetError
from narde_notation.model.safe_text import shown

__all__ = ["VARIANTS", "Ruleset"]

#: tag name -> field name, in the canonical tag order.
VARIANTS: dict[str, str] = {
    "reroll": "reroll",
    "head-doubles-64": "head_doubles_64",
    "head-exception-strict": "head_exception_strict",
    "end-of-turn-block": "end_of_turn_block",
    "koks": "koks",
    "last-roll-draw": "last_roll_draw",
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Which variants are in force (all ``False`` = the standard rules).

    Attributes:
        reroll: R2, the opening roll's winner rolls both dice again (the
            first move may be a double).
        head_doubles_64: R5, only 6-6 and 4-4 let a second checker leave
            the head on the first turn.
        head_exception_strict: R5, the second head checker only when a
            single checker playing the double would be stopped exactly by
            the opponent's head.
        end_of_turn_block: R6, the six-block rule checks only the turn's
            final position.
        koks: R9, 3 points when the loser has none off and a checker in its
            own 19…24.
        last_roll_draw: R9, the second player gets a last turn; bearing off
            all 15 then draws.
    """

    reroll: bool = False
    head_doubles_64: bool = False
    head_exception_strict: bool = False
    end_of_turn_block: bool = False
    koks: bool = False
    last_roll_draw: bool = False

    @classmethod
    def standard(cls) -> Ruleset:
        """The standard ruleset: no variant."""
        return _STANDARD

    @classmethod
    def coerce(cls, rules: Ruleset | str | None) -> Ruleset | None:
        """``rules`` as a :class:`Ruleset`: every public function that takes
        ``rules`` accepts a ``Ruleset`` or a ``Rules`` tag value (read by
        :meth:`from_tag`); ``None`` stays ``None`` (the caller's default:
        the record's own tag, or the standard rules).

        Raises:
            RulesetError: a string that is not a ruleset tag, or a value of
                another type (the message names it).
        """
        if rules is None or isinstance(rules, Ruleset):
            return rules
        if isinstance(rules, str):
            return cls.from_tag(rules)
        raise RulesetError(f"rules must be a Ruleset or a Rules tag such as 'reroll,koks', "
                           f"not {type(rules).__name__}")

    @classmethod
    def from_tag(cls, tag: str) -> Ruleset:
        """Read a ``Rules`` tag value: ``"standard"`` or a comma list of variants.

        Case and spaces around names are tolerated (``" Koks , REROLL"``).

        Raises:
            RulesetError: an empty or blank value (write ``standard``), an
                unknown variant name (the message names it and
                lists the valid ones), ``standard`` combined with variants,
                an empty item (``"koks,"``), a variant named twice, or a
                non-string value.
        """
        if not isinstance(tag, str):
            raise RulesetError(f"rules must be a string, not {type(tag).__name__}")
        return cls._parse(tag)

    @classmethod
    @functools.lru_cache(maxsize=256)  # immutable values; a replay reads one tag per game
    def _parse(cls, tag: str) -> Ruleset:
        valid = ", ".join(["standard", *VARIANTS])
        if not tag.strip():
            raise RulesetError(f"empty rules; write 'standard' or variants from: {valid}")
        if tag.strip().lower() == "standard":
            return _STANDARD
        chosen: dict[str, bool] = {}
        for raw in tag.split(","):
            name = raw.strip().lower()
            if not name:
                raise RulesetError(f"empty variant name in rules {shown(tag)}; valid: {valid}")
            if name == "standard":
                raise RulesetError(
                    f"rules {shown(tag)}: 'standard' means no variant and cannot be combined"
                    " with others"
                )
            if name not in VARIANTS:
                raise RulesetError(f"unknown rules variant {shown(raw.strip())}; valid: {valid}")
            if VARIANTS[name] in chosen:
                raise RulesetError(f"rules variant {shown(name)} is named twice in {shown(tag)}")
            chosen[VARIANTS[name]] = True
        return cls(**chosen)

    def to_tag(self) -> str:
        """The ``Rules`` tag value: ``"standard"`` or variants in canonical order."""
        names = [tag for tag, attr in VARIANTS.items() if getattr(self, attr)]
        return ",".join(names) if names else "standard"

    @property
    def variants(self) -> tuple[str, ...]:
        """Tag names of the variants in force, canonical order."""
        return tuple(tag for tag, attr in VARIANTS.items() if getattr(self, attr))

    def __str__(self) -> str:
        return self.to_tag()


_STANDARD = Ruleset()


publish("narde_notation.model", Ruleset)
