"""matplotlib plots of games and archives.

Every function takes ``ax=None`` (then draws on a new figure of its own, so
that plots made one after another in a script never share axes), draws,
and returns the :class:`matplotlib.axes.Axes`.  matplotlib is imported inside
the functions, so ``import narde_notation`` stays fast; headless use needs
the Agg backend (``MPLBACKEND=Agg``), which matplotlib picks by itself
without a display.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pandas as pd

from narde_notation.analysis import MARK_COLOURS
from narde_notation.model import GameRecord

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from narde_notation.analysis import GameAnalysis
    from narde_notation.archive import FileTables, Summary
    from narde_notation.replay import GameReport

__all__ = ["MARK_COLOURS", "plot_dice", "plot_equity", "plot_game_lengths", "plot_mars_rate",
           "plot_race", "race_data"]

WHITE_COLOUR = "#c8a165"  # light wood: White's checkers
BLACK_COLOUR = "#3b2a1e"  # dark wood: Black's checkers


def _whole_numbers(axis: Any) -> None:
    """Ticks at whole numbers only on ``axis`` (``ax.xaxis``/``ax.yaxis``): counts, plies."""
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def _axes(ax: Axes | None) -> Axes:
    """``ax``, or the axes of a new figure (never the current axes: a ratings
    plot drawn after a race plot gets its own scale)."""
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _figure, new = plt.subplots()
    return new


def race_data(game: GameReport | GameRecord | pd.DataFrame) -> pd.DataFrame:
    """Pip counts per ply of one game: the data :func:`plot_race` draws.

    Args:
        game: a :class:`~narde_notation.replay.validation.GameReport`, a
            :class:`~narde_notation.model.record.GameRecord` (replayed here), or the
            rows of one game of a turns frame.

    Returns:
        A frame with columns ply (int64: 0 = the start, k = after the k-th
        half-turn), white_pips, black_pips (int64, pips in each side's own
        numbering).  Stops where the replay stopped.

    Raises:
        ValueError: the game has no start position (unusable ``Position``
            tag) or the turns frame holds more than one game.
    """
    if isinstance(game, pd.DataFrame):
        t = game.loc[game["replayed"].to_numpy(dtype=bool) & game["white_pips"].notna()]
        if len(t) and t[["file", "game"]].drop_duplicates().shape[0] > 1:
            raise ValueError("race_data: the turns frame holds more than one game")
        if not len(t):
            raise ValueError("race_data: no replayed half-turn")
        t = t.sort_values("ply")
        first = t.iloc[0]
        w0, b0 = int(first["white_pips"]), int(first["black_pips"])
        if first["side"] == "white":
            w0 += int(first["pips_played"])
        else:
            b0 += int(first["pips_played"])
        plies = [0, *(int(p) for p in t["ply"])]
        white = [w0, *(int(v) for v in t["white_pips"])]
        black = [b0, *(int(v) for v in t["black_pips"])]
    else:
        if isinstance(game, GameRecord):
            from narde_notation.replay import Pipeline

            report = Pipeline().report(game)
        else:
            report = game
        if report.start is None:
            raise ValueError("race_data: the game has no start position")
        w0, b0 = report.start.pip_counts()
        plies, white, black = [0], [w0], [b0]
        for tr in report.turns:
            pips = tr.pips_after
            if pips is None:
                break
            plies.append(tr.ply + 1)
            white.append(pips[0])
            black.append(pips[1])
    return pd.DataFrame(
        {
            "ply": pd.array(plies, dtype="int64"),
            "white_pips": pd.array(white, dtype="int64"),
            "black_pips": pd.array(black, dtype="int64"),
        }
    )


def _title_of(game: Any) -> str | None:
    if isinstance(game, pd.DataFrame):
        if not len(game):
            return None
        first = game.iloc[0]
        return f"{str(first['file']).replace(chr(92), '/').rsplit('/', 1)[-1]} game {first['game']}"
    record = getattr(game, "record", game)
    if isinstance(record, GameRecord):
        w, b = record.white or "White", record.black or "Black"
        return f"{w} (White) vs {b} (Black)"
    return None


def plot_race(game: GameReport | GameRecord | pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Both sides' pip counts per ply, the leader's area shaded.

    Draws two lines (labels ``"White"`` and ``"Black"``; x = ply, 0 the
    start; y = pip count, lower is ahead in the race) and shades between
    them in the colour of the side ahead (labels ``"White ahead"``,
    ``"Black ahead"``).  See :func:`race_data` for what ``game`` may be.

    Raises:
        ValueError: as :func:`race_data`.
    """
    ax = _axes(ax)
    data = race_data(game)
    x = data["ply"].to_numpy()
    w = data["white_pips"].to_numpy()
    b = data["black_pips"].to_numpy()
    ax.plot(x, w, color=WHITE_COLOUR, linewidth=2, label="White")
    ax.plot(x, b, color=BLACK_COLOUR, linewidth=2, label="Black")
    ax.fill_between(x, w, b, where=w < b, interpolate=True, color=WHITE_COLOUR, alpha=0.3,
                    label="White ahead")
    ax.fill_between(x, w, b, where=b < w, interpolate=True, color=BLACK_COLOUR, alpha=0.25,
                    label="Black ahead")
    ax.set_xlabel("ply (half-turns played)")
    ax.set_ylabel("pip count (own numbering)")
    title = _title_of(game)
    ax.set_title(f"Race: {title}" if title else "Race")
    ax.set_xlim(x.min(), max(x.max(), 1))
    ax.set_ylim(bottom=0)
    _whole_numbers(ax.xaxis)
    ax.legend(loc="upper right")
    ax.grid(True, alpha=0.3)
    return ax


def plot_equity(analysis: GameAnalysis | pd.DataFrame, ax: Axes | None = None) -> Axes:
    """White's chance of winning the game after each half-turn (lichess's evaluation chart).

    x = ply (1-based half-turn), y = White's winning chance 0…1 after it
    (the analysis's ``white_win``), the area above 1/2 shaded in White's
    colour and below in Black's; each marked half-turn is a dot in the
    colour of its mark (:data:`MARK_COLOURS`), a circle for White's and a
    square for Black's (labels ``"White doubtful"``, ``"Black very bad"``…).

    Args:
        analysis: a :class:`~narde_notation.analysis.game.GameAnalysis` or
            its :meth:`~narde_notation.analysis.game.GameAnalysis.to_frame`.
        ax: the axes to draw on (default: a new figure).

    Raises:
        ValueError: no half-turn was analysed.
    """
    from narde_notation.model import visible

    frame = analysis if isinstance(analysis, pd.DataFrame) else analysis.to_frame()
    if not len(frame):
        raise ValueError("no analysed half-turn to draw")
    ax = _axes(ax)
    x = frame["ply"].to_numpy()
    y = frame["white_win"].to_numpy(dtype=float)
    ax.plot(x, y, color="#555555", linewidth=1.5, label="White's winning chance")
    ax.fill_between(x, y, 0.5, where=y >= 0.5, interpolate=True, color=WHITE_COLOUR,
                    alpha=0.5)
    ax.fill_between(x, y, 0.5, where=y <= 0.5, interpolate=True, color=BLACK_COLOUR,
                    alpha=0.35)
    # a boolean array whatever the column's dtype (object or string, and
    # pandas 2.1's comparison of a nullable column gives an object array)
    marks = frame["mark"].astype(object).fillna("").to_numpy()
    sides = frame["side"].astype(object).fillna("").to_numpy()
    for side, marker, edge in (("white", "o", WHITE_COLOUR), ("black", "s", BLACK_COLOUR)):
        for mark, colour in MARK_COLOURS.items():
            chosen = ((marks == mark) & (sides == side)).astype(bool)
            if chosen.any():
                # the mark's colour, the mover's shape and rim: White's mistakes
                # are circles, Black's squares
                ax.scatter(x[chosen], y[chosen], color=colour, marker=marker, zorder=3,
                           s=32, edgecolors=edge, linewidths=1.2,
                           label=f"{side.capitalize()} {mark}")
    ax.axhline(0.5, color="#999999", linewidth=0.8)
    ax.set_ylim(0, 1)
    ax.set_xlim(x.min() - 0.5, x.max() + 0.5)
    ax.set_xlabel("ply (half-turn)")
    ax.set_ylabel("P(White wins)")
    if not isinstance(analysis, pd.DataFrame):
        ax.set_title(visible(f"{analysis.white} (White) vs {analysis.black} (Black)")
                     .replace("$", r"\$"))
    _whole_numbers(ax.xaxis)
    ax.legend(loc="best", fontsize="small")
    ax.grid(True, alpha=0.3)
    return ax


def _mars_table(games: pd.DataFrame) -> pd.DataFrame:
    from narde_notation.archive import summary

    return summary(games).mars


def plot_mars_rate(games: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Mars (and koks) rate by group, as bars.

    Groups (x, in order): all, winner white, winner black, first mover won,
    second mover won; heights: share of decided valid games of that group
    won by mars (bars labelled ``"mars"``) and by koks (``"koks"``, only
    when any).  The group size is written above each group.  ``games`` is a
    games frame (:func:`narde_notation.archive.frames.games_frame`).
    """
    import textwrap

    import numpy as np

    ax = _axes(ax)
    table = _mars_table(games)
    x = np.arange(len(table))
    has_koks = bool(table["koks"].sum() > 0)
    width = 0.4 if has_koks else 0.6
    mars_rates = table["mars_rate"].fillna(0).to_numpy(dtype=float)
    ax.bar(x - (width / 2 if has_koks else 0), mars_rates, width=width, color="#b03a2e",
           label="mars")
    if has_koks:
        ax.bar(x + width / 2, table["koks_rate"].fillna(0).to_numpy(dtype=float), width=width,
               color="#6c3483", label="koks")
    for xi, (rate, n) in enumerate(zip(mars_rates, table["decided"], strict=True)):
        ax.annotate(f"n={int(n)}", (xi, rate), textcoords="offset points", xytext=(0, 3),
                    ha="center", fontsize=8)
    # group names wrapped (one word a line) so that neighbours never overlap
    ax.set_xticks(x, [textwrap.fill(str(i), 7) for i in table.index])
    ax.set_ylabel("share of decided games")
    ax.set_xlabel("group")
    ax.set_title("Mars rate")
    top = float(max(mars_rates.max(initial=0), table["koks_rate"].fillna(0).max()))
    ax.set_ylim(0, max(top * 1.25, 0.05))
    ax.legend()
    return ax


def plot_game_lengths(games: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Histogram of half-turns per finished valid game, the median marked.

    Bars: number of games per bin of half-turns (label ``"games"``); a
    vertical dashed line at the median (label ``"median N"``).
    """
    import numpy as np

    ax = _axes(ax)
    valid = games["valid"].to_numpy(dtype=bool) & games["kind"].notna().to_numpy(dtype=bool)
    lengths = games.loc[valid, "half_turns"].to_numpy(dtype=float)
    if len(lengths):
        lo, hi = int(lengths.min()), int(lengths.max())
        bins = list(range(lo, hi + 2, max(1, (hi - lo + 1) // 30)))
        ax.hist(lengths, bins=bins, color="#2e86c1", edgecolor="white", label="games")
        med = float(np.median(lengths))
        ax.axvline(med, color="#922b21", linestyle="--", label=f"median {med:g}")
    ax.set_xlabel("half-turns per game")
    ax.set_ylabel("games")
    _whole_numbers(ax.xaxis)
    _whole_numbers(ax.yaxis)
    ax.set_title(f"Game lengths ({len(lengths)} finished valid games)")
    if len(lengths):
        ax.legend()
    return ax


def plot_dice(data: pd.DataFrame | Summary | FileTables, ax: Axes | None = None) -> Axes:
    """Counts of the 21 rolls against their fair expectation.

    Bars (label ``"observed"``): how often each roll came (x ticks
    ``"11"``, ``"21"``, …, ``"66"``); markers (label ``"expected"``):
    n/36 for a double, 2n/36 for another roll.  The title gives the
    chi-square p-values (faces and rolls).  ``data`` is a
    :class:`~narde_notation.archive.frames.Summary` or
    :class:`~narde_notation.archive.frames.FileTables` (the rolls of the summary's
    dice table: valid games, opening rolls left out), or a turns frame
    (every roll in it but openings, see :func:`narde_notation.archive.frames.dice_fairness`).
    """
    import numpy as np

    from narde_notation.archive import ROLL_NAMES, FileTables, Summary, dice_fairness, summary

    ax = _axes(ax)
    if isinstance(data, FileTables):
        data = summary(data)
    dice = data.dice if isinstance(data, Summary) else dice_fairness(data)
    x = np.arange(len(ROLL_NAMES))
    counts = dice.rolls.reindex(list(ROLL_NAMES)).to_numpy(dtype=float)
    n = dice.rolls_counted
    expected = np.array([n / 36 if r[0] == r[1] else 2 * n / 36 for r in ROLL_NAMES])
    colours = ["#ca6f1e" if r[0] == r[1] else "#5d6d7e" for r in ROLL_NAMES]
    ax.bar(x, counts, color=colours, label="observed")
    ax.plot(x, expected, linestyle="none", marker="_", markersize=14, color="black",
            markeredgewidth=2, label="expected")
    ax.set_xticks(x, list(ROLL_NAMES))
    ax.set_xlabel("roll (doubles in orange)")
    ax.set_ylabel("rolls")
    _whole_numbers(ax.yaxis)

    def p(v: float) -> str:
        return "-" if v != v else f"{v:.3g}"

    ax.set_title(
        f"Dice: {n} rolls; χ² p faces = {p(dice.faces_p)}, rolls = {p(dice.rolls_p)}"
    )
    # headroom for the legend above the bars
    top = max(float(np.nanmax(counts, initial=0)), float(expected.max(initial=0)), 1.0)
    ax.set_ylim(0, top * 1.3)
    ax.legend(loc="upper center", ncol=2)
    return ax


__all__ += ["plot_ratings"]


def plot_ratings(
    history: pd.DataFrame, players: list[str] | None = None, ax: Axes | None = None
) -> Axes:
    """Rating of each player after each of their rated matches, as lines.

    ``history`` is :func:`narde_notation.archive.ratings`'s frame; x is the
    rated match's number in date order (0 = before the first, where every
    line starts at its ``rating_before``), y the FIBS rating in rating
    points.  One line per player (label: the name), for ``players`` or
    every player of ``history``; a dotted line marks 1500.
    """
    ax = _axes(ax)
    order = {m: i + 1 for i, m in enumerate(pd.unique(history["match"]))}
    names = list(players) if players is not None else sorted(history["player"].unique())
    drawn = 0
    for name in names:
        rows = history.loc[history["player"] == name]
        if not len(rows):
            continue
        x = [order[rows["match"].iloc[0]] - 1, *(order[m] for m in rows["match"])]
        y = [float(rows["rating_before"].iloc[0]), *rows["rating_after"].astype(float)]
        # a name is text, not mathtext ($) nor a hidden label (leading _)
        label = " " + str(name) if str(name).startswith("_") else str(name)
        ax.plot(x, y, label=label.replace("$", r"\$"), linewidth=1.2)
        drawn += 1
    ax.axhline(1500, color="grey", linestyle=":", linewidth=1)
    ax.set_xlabel("rated match (date order)")
    ax.set_ylabel("rating (FIBS)")
    ax.set_title(f"Ratings ({len(order)} rated matches)")
    if drawn:
        ax.legend(fontsize=8, loc="best")
    return ax
