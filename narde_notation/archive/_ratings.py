"""Player ratings by the FIBS formula, the backgammon servers' standard for match play.

Everyone starts at 1500 with experience 0.  For a match of length N
between ratings R_a and R_b, the probability that the lower-rated side wins
is ``1 / (10 ** (|R_a - R_b| * sqrt(N) / 2000) + 1)``; the winner gains and
the loser loses ``4 * sqrt(N) * p``, where p is the probability of the
result that did not happen (the loser's chance to win).  A player whose
experience (the sum of the lengths of the rated matches they played
before) is under 400 has their own change multiplied by
``max(1, 5 - experience / 100)``.  Then both players' experience grows by
N.  (Issue 12; FIBS "ratings formula".)

Only rated matches count (:func:`narde_notation.archive.matches.matches_frame`,
column ``rated``: won matches between two named players; a drawn 1-point
match, an unfinished one or one holding an invalid game is not rated).
Ratings are kept unrounded (float64).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from narde_notation._lazy import publish
from narde_notation.archive.schema import typed_frame

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["HISTORY_COLUMNS", "START_RATING", "ratings", "win_probability"]

#: Everyone's rating before their first rated match.
START_RATING = 1500.0
#: Experience (sum of match lengths) from which the change is no longer boosted.
_EXPERIENCED = 400

#: Columns of :func:`ratings` and their dtypes.
HISTORY_COLUMNS: dict[str, str] = {
    "match": "int64",
    "date": "str",
    "player": "str",
    "opponent": "str",
    "length": "int64",
    "result": "str",
    "rating_before": "float64",
    "rating_after": "float64",
    "change": "float64",
    "experience_before": "int64",
    "experience_after": "int64",
}


#: The largest power of ten the probability is worked out with (floats end near 1e308).
_MAX_EXPONENT = 300.0


def win_probability(rating: float, opponent: float, length: int) -> float:
    """The FIBS probability that the side rated ``rating`` wins an N-point match.

    The lower-rated side wins with ``1 / (10 ** (D * sqrt(N) / 2000) + 1)``,
    D the rating difference in points; the higher-rated side with one minus
    that; equal ratings give 0.5.  Past ``10 ** 300`` the underdog's chance is
    0 (a float holds no less; a 999,999,999-point match would overflow).
    """
    exponent = abs(rating - opponent) * math.sqrt(length) / 2000.0
    underdog = 0.0 if exponent > _MAX_EXPONENT else 1.0 / (math.pow(10.0, exponent) + 1.0)
    return underdog if rating <= opponent else 1.0 - underdog


def _boost(experience: int) -> float:
    if experience >= _EXPERIENCED:
        return 1.0
    return max(1.0, 5.0 - experience / 100.0)


def ratings(matches: pd.DataFrame, *, start: float = START_RATING) -> pd.DataFrame:
    """The rating history: one row per player per rated match, in match order.

    Args:
        matches: a matches frame (:func:`narde_notation.archive.matches.matches_frame`),
            or any frame with columns match, date, length, winner, loser and
            rated, in the order the matches count.
        start: everyone's rating before their first rated match.

    Returns:
        :data:`HISTORY_COLUMNS`, two rows per rated match (the winner's,
        then the loser's): match (int64, the matches frame's id), date (str
        / NA, as written in the ``Date`` tag), player, opponent (str),
        length (int64, points), result (str ``"won"`` / ``"lost"``),
        rating_before, rating_after, change (float64, rating points,
        unrounded), experience_before, experience_after (int64, sum of the
        lengths of the player's rated matches before / after this one).
        Players with no rated match have no row (their rating is ``start``).
    """
    import pandas as pd

    rating: dict[str, float] = {}
    experience: dict[str, int] = {}
    rows: list[dict[str, Any]] = []
    rated = matches.loc[matches["rated"].to_numpy(dtype=bool)]
    for match, date, length, winner, loser in rated[
        ["match", "date", "length", "winner", "loser"]
    ].itertuples(index=False, name=None):
        n = int(length)
        rw, rl = rating.get(winner, start), rating.get(loser, start)
        ew, el = experience.get(winner, 0), experience.get(loser, 0)
        p = win_probability(rl, rw, n)  # the result that did not happen
        gain = 4.0 * math.sqrt(n) * p
        dw, dl = gain * _boost(ew), -gain * _boost(el)
        rating[winner], rating[loser] = rw + dw, rl + dl
        experience[winner], experience[loser] = ew + n, el + n
        day = None if pd.isna(date) else date
        for player, opponent, result, before, change, exp in (
            (winner, loser, "won", rw, dw, ew),
            (loser, winner, "lost", rl, dl, el),
        ):
            rows.append({
                "match": match, "date": day, "player": player, "opponent": opponent,
                "length": n, "result": result, "rating_before": before,
                "rating_after": before + change, "change": change,
                "experience_before": exp, "experience_after": exp + n,
            })
    return typed_frame({c: [row[c] for row in rows] for c in HISTORY_COLUMNS}, HISTORY_COLUMNS)


publish("narde_notation.archive", ratings, win_probability)  # their one home: the front door
