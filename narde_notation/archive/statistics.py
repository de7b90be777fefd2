"""Statistical tests of the summary: dice fairness and binomial intervals.

The numbers come from :mod:`scipy.stats` (``chisquare``, ``binomtest``),
imported when a test is made, not at start-up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from narde_notation.archive.schema import ROLL_NAMES

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DiceFairness",
    "chisquare_test",
    "clopper_pearson",
    "dice_fairness",
    "dice_from_counts",
]

_FACES = tuple(range(1, 7))


@dataclass
class DiceFairness:
    """Are the dice uniform?  Computed over the rolls in scope (see :func:`dice_fairness`).

    Attributes:
        rolls_counted: number of rolls (half-turns) counted.
        faces: count of each face 1..6 over both dice of every roll (a
            double counts two faces, not four), index 1..6.
        rolls: count of each of the 21 rolls, index :data:`ROLL_NAMES` (``"65"``).
        doubles_rate: share of rolls that are doubles (fair: 1/6).
        faces_chi2, faces_p: chi-square goodness of fit of ``faces`` against
            the uniform 1/6 (5 degrees of freedom), :func:`chisquare_test`.
        rolls_chi2, rolls_p: the same for ``rolls`` against 1/36 for each
            double and 2/36 for each other roll (20 degrees of freedom).
        excluded_openings: opening rolls left out (R2: never a double).
    """

    rolls_counted: int
    faces: pd.Series
    rolls: pd.Series
    doubles_rate: float
    faces_chi2: float
    faces_p: float
    rolls_chi2: float
    rolls_p: float
    excluded_openings: int = 0

    def to_frame(self) -> pd.DataFrame:
        """Tidy: one row per face and per roll: what, value, count, expected."""
        import pandas as pd

        n = self.rolls_counted
        rows: list[dict[str, Any]] = []
        for face, count in self.faces.items():
            rows.append(
                {"what": "face", "value": str(face), "count": int(count), "expected": 2 * n / 6}
            )
        for roll_key, count in self.rolls.items():
            roll = str(roll_key)
            p = 1 / 36 if roll[0] == roll[1] else 2 / 36
            rows.append({"what": "roll", "value": roll, "count": int(count), "expected": n * p})
        return pd.DataFrame(rows)


def dice_fairness(turns: pd.DataFrame) -> DiceFairness:
    """Dice fairness over the rolls of ``turns`` (a turns frame, or any frame
    with columns ``roll`` and ``opening``).

    Opening rolls (``opening`` True: R2 forbids a double there) are left
    out, every other half-turn's roll counts once, passes included.  See
    :func:`dice_from_counts` for the tests.  To count only valid games, pass
    their turns (:func:`narde_notation.archive.frames.valid_turns`).
    """
    opening = turns["opening"].to_numpy(dtype=bool)
    counts = turns.loc[~opening, "roll"].astype(str).value_counts()
    return dice_from_counts(counts, int(opening.sum()))


def chisquare_test(observed: Sequence[float], expected: Sequence[float]) -> tuple[float, float]:
    """Pearson's chi-square goodness of fit: (statistic, p-value), ``len - 1``
    degrees of freedom: ``scipy.stats.chisquare(observed, expected)``.

    Raises:
        ValueError: the totals of ``observed`` and ``expected`` differ (scipy).
    """
    from scipy.stats import chisquare

    result = chisquare(list(observed), list(expected))
    return float(result.statistic), float(result.pvalue)


def clopper_pearson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) interval of a binomial proportion k/n:
    ``scipy.stats.binomtest(k, n).proportion_ci(confidence, method="exact")``.

    Raises:
        ValueError: ``n < 1`` or ``k`` outside 0..n.
    """
    from scipy.stats import binomtest

    if n < 1 or not 0 <= k <= n:
        raise ValueError(f"clopper_pearson: need 0 <= k <= n and n >= 1, got k={k}, n={n}")
    ci = binomtest(k, n).proportion_ci(confidence_level=confidence, method="exact")
    return float(ci.low), float(ci.high)


def dice_from_counts(rolls: pd.Series, excluded_openings: int = 0) -> DiceFairness:
    """Dice fairness from counts of rolls (index ``"65"``, ``"33"``, … as in :data:`ROLL_NAMES`).

    Tests (Pearson chi-square goodness of fit, :func:`chisquare_test`): the
    faces of both dice of every roll (a double counts its face twice)
    against uniform 1/6, 5 degrees of freedom; the 21 rolls against 1/36
    for each double and 2/36 for each other roll, 20 degrees of freedom.
    No data gives NaN statistics.
    """
    import pandas as pd

    counts = rolls.reindex(list(ROLL_NAMES), fill_value=0).astype("int64")
    counts.index = pd.Index(list(ROLL_NAMES), name="roll")
    counts.name = "count"
    n = int(counts.sum())
    face_counts = dict.fromkeys(_FACES, 0)
    for roll, c in zip(ROLL_NAMES, counts.to_numpy(), strict=True):
        face_counts[int(roll[0])] += int(c)
        face_counts[int(roll[1])] += int(c)
    faces = pd.Series(face_counts, dtype="int64", name="count")
    faces.index.name = "face"
    doubles = int(sum(counts[r] for r in ROLL_NAMES if r[0] == r[1]))
    if n:
        f_stat, f_p = chisquare_test(faces.tolist(), [2 * n / 6] * 6)
        probs = [1 / 36 if r[0] == r[1] else 2 / 36 for r in ROLL_NAMES]
        r_stat, r_p = chisquare_test(counts.tolist(), [n * p for p in probs])
    else:
        f_stat = f_p = r_stat = r_p = math.nan
    return DiceFairness(
        rolls_counted=n,
        faces=faces,
        rolls=counts,
        doubles_rate=doubles / n if n else math.nan,
        faces_chi2=f_stat,
        faces_p=f_p,
        rolls_chi2=r_stat,
        rolls_p=r_p,
        excluded_openings=excluded_openings,
    )
