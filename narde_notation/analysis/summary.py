"""Per-player figures over analysed games (a game, a match, an archive).

For each player (by name: the ``White`` / ``Black`` tags, so a player's
games as either colour add up): the error rate, gnubg's measure, is the mean
equity loss over the player's **unforced** half-turns × 1000
(milli-points per move); the counts of doubtful, bad and very bad moves;
total luck (points) and the counts of lucky and unlucky rolls; the plain
label of the error rate (:func:`~narde_notation.analysis.marks.rating`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from narde_notation.analysis.marks import rating

if TYPE_CHECKING:
    import pandas as pd

    from narde_notation.analysis.game import GameAnalysis

__all__ = ["SUMMARY_COLUMNS", "player_rows", "player_summary"]

#: columns of :func:`player_summary` and their dtypes.
SUMMARY_COLUMNS: dict[str, str] = {
    "player": "string", "games": "int64", "half_turns": "int64", "unforced": "int64",
    "doubtful": "int64", "bad": "int64", "very_bad": "int64", "loss": "float64",
    "error_rate": "float64", "skill": "string", "luck": "float64", "very_lucky": "int64",
    "lucky": "int64", "unlucky": "int64", "very_unlucky": "int64", "mwc_loss": "float64",
}
_MARKS = {"doubtful": "doubtful", "bad": "bad", "very bad": "very_bad"}
_LUCK = {"very lucky": "very_lucky", "lucky": "lucky", "unlucky": "unlucky",
         "very unlucky": "very_unlucky"}


def player_rows(analyses: Iterable[GameAnalysis]) -> list[dict[str, Any]]:
    """The rows of :func:`player_summary` as dicts, players in order of first appearance.

    ``error_rate`` is ``None`` for a player with no unforced half-turn;
    ``mwc_loss`` (match-winning chance given up, 0…1, summed) is ``None``
    when none of the player's half-turns was in a match.
    """
    rows: dict[str, dict[str, Any]] = {}
    for analysis in analyses:
        for name in (analysis.white, analysis.black):
            row = rows.setdefault(name, {c: 0 for c in SUMMARY_COLUMNS} | {
                "player": name, "loss": 0.0, "luck": 0.0, "mwc_loss": None})
            row["games"] += 1
        for h in analysis.half_turns:
            row = rows[h.player]
            row["half_turns"] += 1
            row["luck"] += h.luck
            if h.luck_mark is not None:
                row[_LUCK[h.luck_mark]] += 1
            if h.mwc_loss is not None:
                row["mwc_loss"] = (row["mwc_loss"] or 0.0) + h.mwc_loss
            if h.forced:
                continue
            row["unforced"] += 1
            row["loss"] += h.loss
            if h.mark is not None:
                row[_MARKS[h.mark]] += 1
    for row in rows.values():
        row["error_rate"] = 1000 * row["loss"] / row["unforced"] if row["unforced"] else None
        row["skill"] = rating(row["error_rate"])
    return list(rows.values())


def player_summary(analyses: Iterable[GameAnalysis]) -> pd.DataFrame:
    """One row per player: :data:`SUMMARY_COLUMNS` (names and dtypes).

    ``loss`` is the total equity given up on unforced half-turns (points),
    ``error_rate`` ``1000 × loss / unforced`` (NaN with no unforced move),
    ``skill`` its label (gnubg's rating scale; ``<NA>`` then), ``luck`` the total luck (points).
    """
    import pandas as pd

    frame = pd.DataFrame(player_rows(analyses), columns=list(SUMMARY_COLUMNS))
    return frame.astype(SUMMARY_COLUMNS)
