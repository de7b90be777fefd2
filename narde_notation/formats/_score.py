"""Scores, results and counts as records write them: the one place they are read and written.

A ``Score`` tag (and a ``.mat`` score line) is the match score before a game,
White first (``"1-0"``); a result token (and a ``Result`` tag, a ``.mat``
``Wins`` line) is the points of one game, White first (``"2-0"``, ``"0-1"``,
``"0-0"`` for a draw, ``"*"`` unfinished); ``Match`` and ``Game`` tags are
counts (record-format.md, "Tag pairs"; R9, R10).  Everything that reads or
writes one of them calls this module: the readers, the writer, the
validation, the match sequencer, the tables and the analysis.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

from narde_notation._lazy import publish
from narde_notation.model import Side

__all__ = [
    "RESULTS",
    "MatchTags",
    "format_score",
    "parse_count",
    "parse_result",
    "parse_score",
    "result_token",
]

#: A count written in a tag (Match, Game): ASCII digits, at most nine (``str.isdigit``
#: admits ``²``, and ``int()`` refuses more than 4,300 digits).
_COUNT = re.compile(r"[ \t]*([0-9]{1,9})[ \t]*")
#: A score written in a tag or a ``.mat`` score line, White first: ``1-0``.
_SCORE = re.compile(r"[ \t]*([0-9]{1,9})[ \t]*-[ \t]*([0-9]{1,9})[ \t]*")

#: The result of a finished game, White first: a win of 1 (oyn), 2 (mars) or
#: 3 (koks) points, or ``0-0`` (the last-roll draw, R9).  ``*`` (unfinished)
#: is a result token too, but no game's points.
RESULTS = frozenset({"1-0", "2-0", "3-0", "0-1", "0-2", "0-3", "0-0"})


def parse_count(text: str | None) -> int | None:
    """A count written in a tag (``Match "5"``, ``Game "2"``): 1 to 9 ASCII digits,
    blanks around allowed; ``None`` for anything else (``"²"``, ``"5 points"``)."""
    found = _COUNT.fullmatch(text) if text is not None else None
    return int(found[1]) if found else None


def parse_score(text: str | None) -> tuple[int, int] | None:
    """A match score as a ``Score`` tag writes it, White first: ``"1-0"`` -> ``(1, 0)``;
    ``None`` for anything else (record-format.md, "Tag pairs").  Also the points of
    a ``.mat`` win of any size (``"4016-0"``, decisions F17)."""
    found = _SCORE.fullmatch(text) if text is not None else None
    return (int(found[1]), int(found[2])) if found else None


def parse_result(text: str | None) -> tuple[int, int] | None:
    """The points of a finished game's result, White first: ``"2-0"`` -> ``(2, 0)``,
    ``"0-0"`` -> ``(0, 0)`` (a draw); ``None`` for ``"*"`` and anything that is
    not one of :data:`RESULTS` (blanks around allowed; R9)."""
    if text is None or text.strip() not in RESULTS:
        return None
    return parse_score(text)


def format_score(white: int | str, black: int | str) -> str:
    """A score or a result as records write it, White first: ``(1, 0)`` -> ``"1-0"``."""
    return f"{white}-{black}"


def result_token(winner: Side | None, points: int | str) -> str:
    """The result token of a game ``winner`` won by ``points`` (R9), White first:
    ``(Side.WHITE, 2)`` -> ``"2-0"``, ``(Side.BLACK, 1)`` -> ``"0-1"``; ``None``
    (a draw) -> ``"0-0"``.  ``points`` may be digits as written (``.mat``)."""
    if winner is None:
        return "0-0"
    return format_score(points, 0) if winner is Side.WHITE else format_score(0, points)


class MatchTags(NamedTuple):
    """A game's place in its match as its tags write it (record-format.md, R10).

    Attributes:
        length: the ``Match`` tag: points to win, ``None`` when missing or
            not a count of at least 1.
        number: the ``Game`` tag (from 1), ``None`` when missing or not a count.
        score: the ``Score`` tag, White first, ``None`` when missing or not a score.
    """

    length: int | None
    number: int | None
    score: tuple[int, int] | None


    @classmethod
    def of(cls, tags: Mapping[str, str]) -> MatchTags:
        """The ``Match``, ``Game`` and ``Score`` tags of a record's ``tags``."""
        length = parse_count(tags.get("Match"))
        return cls(length or None, parse_count(tags.get("Game")) or None,
                   parse_score(tags.get("Score")))


publish("narde_notation.formats", MatchTags, format_score, parse_count, parse_result, parse_score,
        result_token)
