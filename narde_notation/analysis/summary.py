"""Per-player figures over analysed games (a game, a match, an archive).

For each player (by name: the ``White`` / ``Black`` tags, so a player's
games as either colour add up): the error rate, gnubg's measure, is the mean
equity loss over the player's **unforced** half-turns × 1000
(milli-points per move); the counts of doubtful, bad and very bad moves;
total luck (points) and the counts of lucky and unlucky rolls; the plain
label of the error rate (:func:`~narde_notation.analysis.marks.rating`).

:data:`SUMMARY_COLUMNS` is the one definition of these figures: every
per-player table of the analysis has these columns, in this order, with
these names and dtypes — ``narde analyse``'s text and JSON summaries (a
game, a match, all games), ``narde-stats --analyse --by player`` (after the
standings' columns) and the club report's standings (docs/decisions.md A7,
A12).  :data:`SUMMARY_UNITS` says the unit of each.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from narde_notation.analysis.marks import BAD, DOUBTFUL, LUCKY, VERY_BAD, VERY_LUCKY, rating

if TYPE_CHECKING:
    import pandas as pd

    from narde_notation.analysis.game import GameAnalysis

__all__ = ["ANALYSIS_COLUMNS", "SUMMARY_COLUMNS", "SUMMARY_UNITS", "player_rows",
           "player_summary"]

#: the per-player columns and their pandas dtypes, in the order every table shows them.
#:
#: ==============  ======== =========================================================
#: player          category the ``White`` / ``Black`` tag (``"White"`` / ``"Black"``)
#: games_analysed  int64    analysed games the player is in (count)
#: half_turns      int64    the player's rated half-turns (count)
#: unforced        int64    of them, the unforced ones (count)
#: error_rate      float64  ``1000 × loss / unforced``: milli-points per unforced
#:                          half-turn (NaN with none)
#: skill           category the error rate's label (gnubg's scale, ``marks.rating``)
#: doubtful        int64    marked doubtful (count; 0.04 <= loss < 0.08)
#: bad             int64    marked bad (count; 0.08 <= loss < 0.16)
#: very_bad        int64    marked very bad (count; loss >= 0.16)
#: loss            float64  equity given up over the unforced half-turns (points)
#: luck            float64  total luck of the player's rolls (points)
#: very_lucky      int64    rolls marked very lucky (count; luck > +0.6)
#: lucky           int64    marked lucky (count; +0.3 < luck <= +0.6)
#: unlucky         int64    marked unlucky (count; -0.6 <= luck < -0.3)
#: very_unlucky    int64    marked very unlucky (count; luck < -0.6)
#: mwc_loss        float64  match-winning chance given up, summed (0…1 each
#:                          half-turn; NaN outside a match)
#: ==============  ======== =========================================================
SUMMARY_COLUMNS: dict[str, str] = {
    "player": "category", "games_analysed": "int64", "half_turns": "int64",
    "unforced": "int64", "error_rate": "float64", "skill": "category",
    "doubtful": "int64", "bad": "int64", "very_bad": "int64", "loss": "float64",
    "luck": "float64", "very_lucky": "int64", "lucky": "int64", "unlucky": "int64",
    "very_unlucky": "int64", "mwc_loss": "float64",
}
#: the unit of each of :data:`SUMMARY_COLUMNS` (the text summaries print it).
SUMMARY_UNITS: dict[str, str] = {
    "player": "name", "games_analysed": "count", "half_turns": "count",
    "unforced": "count", "error_rate": "milli-points per unforced half-turn",
    "skill": "label of error_rate (gnubg's scale)",
    "doubtful": f"count ({DOUBTFUL} <= loss < {BAD})",
    "bad": f"count ({BAD} <= loss < {VERY_BAD})", "very_bad": f"count (loss >= {VERY_BAD})",
    "loss": "points (unforced half-turns)", "luck": "points",
    "very_lucky": f"count (luck > +{VERY_LUCKY})",
    "lucky": f"count (+{LUCKY} < luck <= +{VERY_LUCKY})",
    "unlucky": f"count (-{VERY_LUCKY} <= luck < -{LUCKY})",
    "very_unlucky": f"count (luck < -{VERY_LUCKY})",
    "mwc_loss": "match-winning chance lost, summed over half-turns (1 = a whole match)",
}
#: the columns a player table gains from the analysis: all but ``player``, in order.
ANALYSIS_COLUMNS: tuple[str, ...] = tuple(c for c in SUMMARY_COLUMNS if c != "player")
_MARKS = {"doubtful": "doubtful", "bad": "bad", "very bad": "very_bad"}
_LUCK = {"very lucky": "very_lucky", "lucky": "lucky", "unlucky": "unlucky",
         "very unlucky": "very_unlucky"}


def player_rows(analyses: Iterable[GameAnalysis]) -> list[dict[str, Any]]:
    """The rows of :func:`player_summary` as dicts (keys :data:`SUMMARY_COLUMNS`, in
    order), players in order of first appearance.

    ``error_rate`` and ``skill`` are ``None`` for a player with no unforced
    half-turn; ``mwc_loss`` is ``None`` when none of the player's half-turns
    was in a match.
    """
    rows: dict[str, dict[str, Any]] = {}
    for analysis in analyses:
        for name in dict.fromkeys((analysis.white, analysis.black)):  # "A" - "A": one game
            row = rows.setdefault(name, {c: 0 for c in SUMMARY_COLUMNS} | {
                "player": name, "loss": 0.0, "luck": 0.0, "mwc_loss": None})
            row["games_analysed"] += 1
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
    """One row per player: :data:`SUMMARY_COLUMNS` (names, order, dtypes; units
    :data:`SUMMARY_UNITS`); ``error_rate`` and ``mwc_loss`` NaN, ``skill``
    ``<NA>`` where :func:`player_rows` has ``None``."""
    import pandas as pd

    frame = pd.DataFrame(player_rows(analyses), columns=list(SUMMARY_COLUMNS))
    return frame.astype(SUMMARY_COLUMNS)
