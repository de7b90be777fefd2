"""Marks on half-turns and the plain label of an error rate (gnubg's scales).

Move marks (gnubg's ``arSkillLevel`` defaults): an unforced half-turn that
gives up at least :data:`DOUBTFUL` points of equity against the best turn is
``"doubtful"``, at least :data:`BAD` ``"bad"``, at least :data:`VERY_BAD`
``"very bad"``.  Luck marks (gnubg's ``arLuckLevel``): a roll whose luck
is above +0.6 points is ``"very lucky"``, above +0.3 ``"lucky"``, below
-0.3 ``"unlucky"``, below -0.6 ``"very unlucky"``.

The error-rate label is gnubg's rating scale (``arThrsRating`` in gnubg's
``analysis.c``), in milli-points per unforced move: below 2
``Supernatural``, 5 ``World class``, 8 ``Expert``, 12 ``Advanced``, 18
``Intermediate``, 26 ``Casual player``, 35 ``Beginner``, else ``Awful``.
gnubg made it for backgammon money equity; narde points are the same unit
(1 a game, 2 a mars, R9) but the scale has not been calibrated on narde
players (docs/decisions.md A4).
"""

from __future__ import annotations

__all__ = [
    "BAD",
    "DOUBTFUL",
    "LUCKY",
    "MARK_COLOURS",
    "MARK_SYMBOLS",
    "RATINGS",
    "VERY_BAD",
    "VERY_LUCKY",
    "luck_mark",
    "move_mark",
    "rating",
    "rating_scale",
    "signed",
]

#: equity losses (points) at which a move is doubtful, bad, very bad (gnubg).
DOUBTFUL = 0.04
BAD = 0.08
VERY_BAD = 0.16
#: luck (points) beyond which a roll is lucky / very lucky (and minus: unlucky).
LUCKY = 0.3
VERY_LUCKY = 0.6
#: the move-list sign of each mark (PGN's annotation glyphs, as gnubg writes them).
MARK_SYMBOLS = {"doubtful": "?!", "bad": "?", "very bad": "??"}
#: the colour of each mark in the viewer and the equity plot (lichess's inaccuracy,
#: mistake and blunder hues, from the Okabe-Ito palette: told apart with colour blindness).
MARK_COLOURS = {"doubtful": "#0072b2", "bad": "#e69f00", "very bad": "#d55e00"}
#: (upper bound in milli-points per unforced move, label), best first (gnubg).
RATINGS: tuple[tuple[float, str], ...] = (
    (2.0, "Supernatural"), (5.0, "World class"), (8.0, "Expert"), (12.0, "Advanced"),
    (18.0, "Intermediate"), (26.0, "Casual player"), (35.0, "Beginner"),
    (float("inf"), "Awful"),
)


def move_mark(loss: float, forced: bool) -> str | None:
    """``"very bad"``, ``"bad"``, ``"doubtful"`` or ``None`` for a half-turn's loss (points)."""
    if forced:
        return None
    if loss >= VERY_BAD:
        return "very bad"
    if loss >= BAD:
        return "bad"
    if loss >= DOUBTFUL:
        return "doubtful"
    return None


def luck_mark(luck: float) -> str | None:
    """``"very lucky"``, ``"lucky"``, ``"unlucky"``, ``"very unlucky"`` or ``None``."""
    if luck > VERY_LUCKY:
        return "very lucky"
    if luck > LUCKY:
        return "lucky"
    if luck < -VERY_LUCKY:
        return "very unlucky"
    if luck < -LUCKY:
        return "unlucky"
    return None


def rating(error_rate: float | None) -> str | None:
    """The label of an error rate (milli-points per unforced move); ``None`` for none."""
    if error_rate is None or error_rate != error_rate:  # no unforced move: NaN
        return None
    for bound, label in RATINGS:
        if error_rate < bound:
            return label
    return RATINGS[-1][1]


def rating_scale() -> str:
    """:data:`RATINGS` in words, for a summary's footnote: ``"below 2
    Supernatural, below 5 World class, ..., else Awful (gnubg's scale,
    milli-points per unforced half-turn)"``."""
    steps = [f"below {bound:g} {label}" for bound, label in RATINGS[:-1]]
    return (", ".join([*steps, f"else {RATINGS[-1][1]}"])
            + " (gnubg's scale, milli-points per unforced half-turn)")


def signed(value: float) -> str:
    """An equity (points, R9) or a difference of equities for the programs'
    tables: three decimals with their sign, ``"+0.125"``, ``"-0.040"``; one
    that rounds to zero has no sign, ``" 0.000"`` (a blank keeps the column):
    never ``"-0.000"``, which says the side is behind when nothing is lost."""
    text = f"{value:+.3f}"
    return " " + text[1:] if text[1:] == "0.000" else text
