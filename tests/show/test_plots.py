"""Plots: what they draw (lines' data, bars, labels, legend), headless (Agg)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest

from narde_notation.archive.frames import tables
from narde_notation.formats.reader import parse_games
from narde_notation.replay.validation import validate
from narde_notation.show import plots

# White 6-5 24/13, Black 5-4 24/15, White 4-2 24/20/18, Black 5-1 24/19/18:
# pips White 360, 349, 349, 343, 343; Black 360, 360, 351, 351, 345.
OPENING = """\
[White "A"]
[Black "B"]

1. 65: 24/13          54: 24/15
2. 42: 24/20/18       51: 24/19/18
*
"""
WHITE = [360, 349, 349, 343, 343]
BLACK = [360, 360, 351, 351, 345]


@pytest.fixture(autouse=True)
def _close() -> object:
    yield None
    plt.close("all")


def test_race_lines_labels_legend() -> None:
    (record,) = parse_games(OPENING)
    _fig, ax = plt.subplots()
    out = plots.plot_race(validate(record), ax=ax)
    assert out is ax
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert list(lines["White"].get_xdata()) == [0, 1, 2, 3, 4]
    assert list(lines["White"].get_ydata()) == WHITE
    assert list(lines["Black"].get_ydata()) == BLACK
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend[:2] == ["White", "Black"]
    assert "White ahead" in legend
    assert "ply" in ax.get_xlabel() and "pip" in ax.get_ylabel()
    assert "A (White) vs B (Black)" in ax.get_title()


def test_race_from_record_and_from_turns_frame(tmp_path: Path) -> None:
    (record,) = parse_games(OPENING)
    ax = plots.plot_race(record)  # replayed inside; ax=None -> plt.gca()
    assert ax is plt.gca()
    (tmp_path / "g.txt").write_text(OPENING, encoding="utf-8")
    turns = tables(tmp_path).turns
    data = plots.race_data(turns)
    assert data["white_pips"].tolist() == WHITE
    assert data["black_pips"].tolist() == BLACK


MARS = '[White "A"]\n[Black "B"]\n[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n2-0\n'
OYN = '[White "A"]\n[Black "B"]\n[Position "1 / 1 / W"]\n\n1. 21: 1/off\n1-0\n'


def test_mars_rate_bars(tmp_path: Path) -> None:
    # White won both (first mover both times): one mars, one oyn -> 0.5 for
    # all, winner white, first mover won; 0 for the others.
    (tmp_path / "g.txt").write_text(MARS + "\n" + OYN, encoding="utf-8")
    games = tables(tmp_path).games
    _fig, ax = plt.subplots()
    assert plots.plot_mars_rate(games, ax=ax) is ax
    heights = [p.get_height() for p in ax.patches]
    assert heights == [0.5, 0.5, 0.0, 0.5, 0.0]
    ticks = [t.get_text().replace("\n", " ") for t in ax.get_xticklabels()]
    assert ticks == ["all", "winner white", "winner black", "first mover won",
                     "second mover won"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["mars"]


def test_game_lengths_histogram(tmp_path: Path) -> None:
    (tmp_path / "g.txt").write_text(MARS + "\n" + OYN + "\n" + OPENING, encoding="utf-8")
    games = tables(tmp_path).games
    _fig, ax = plt.subplots()
    plots.plot_game_lengths(games, ax=ax)
    # two finished valid games of 1 half-turn each (the opening is unfinished)
    assert sum(p.get_height() for p in ax.patches) == 2
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["median 1", "games"] or legend == ["games", "median 1"]
    assert ax.get_xlabel() == "half-turns per game"


def test_dice_bars_and_expected(tmp_path: Path) -> None:
    (tmp_path / "g.txt").write_text(OPENING, encoding="utf-8")
    turns = tables(tmp_path).turns
    _fig, ax = plt.subplots()
    plots.plot_dice(turns, ax=ax)
    # the first roll (65) is an opening roll: 3 rolls counted: 54, 42, 51
    heights = {t.get_text(): p.get_height()
               for t, p in zip(ax.get_xticklabels(), ax.patches, strict=True)}
    assert heights["54"] == 1 and heights["42"] == 1 and heights["51"] == 1
    assert heights["65"] == 0
    assert sum(heights.values()) == 3
    (expected,) = [ln for ln in ax.get_lines() if ln.get_label() == "expected"]
    ydata = list(expected.get_ydata())
    assert ydata[0] == pytest.approx(3 / 36) and ydata[1] == pytest.approx(6 / 36)
    assert "p faces" in ax.get_title()


# -- readability: the notebook's figure sizes, the example archive ------------

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "archive"


def _overlaps(fig: object, labels: list[object]) -> list[tuple[str, str]]:
    fig.canvas.draw()  # type: ignore[attr-defined]
    boxes = [(t.get_text(), t.get_window_extent()) for t in labels  # type: ignore[attr-defined]
             if t.get_text() and t.get_visible()]  # type: ignore[attr-defined]
    return [(a, b) for i, (a, box_a) in enumerate(boxes) for b, box_b in boxes[i + 1:]
            if box_a.overlaps(box_b)]


def _whole(values: object) -> bool:
    return all(float(v).is_integer() for v in values)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def archive() -> object:
    return tables(EXAMPLES)


def test_mars_and_lengths_side_by_side_are_readable(archive: object) -> None:
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 3.5))
    plots.plot_mars_rate(archive.games, ax=a1)  # type: ignore[attr-defined]
    plots.plot_game_lengths(archive.games, ax=a2)  # type: ignore[attr-defined]
    assert _overlaps(fig, a1.get_xticklabels()) == []
    assert _overlaps(fig, a2.get_xticklabels()) == []
    # counts of games and of half-turns: whole-number ticks only
    assert _whole(a2.get_yticks()) and _whole(a2.get_xticks())


def test_dice_and_race_ticks_are_readable(archive: object) -> None:
    fig, ax = plt.subplots(figsize=(9, 3.5))
    plots.plot_dice(archive.turns, ax=ax)  # type: ignore[attr-defined]
    assert _overlaps(fig, ax.get_xticklabels()) == []
    assert _whole(ax.get_yticks())
    # the legend sits above the bars, not on them
    legend = ax.get_legend().get_window_extent()
    bars = [p.get_window_extent() for p in ax.patches]
    assert not any(legend.overlaps(b) for b in bars)
    (record,) = parse_games(OPENING)
    fig, ax = plt.subplots(figsize=(8, 4))
    plots.plot_race(record, ax=ax)
    fig.canvas.draw()
    assert _whole(ax.get_xticks())  # plies


def test_without_ax_each_plot_gets_a_figure_of_its_own() -> None:
    # issue 28 item 5: a race plot, then an equity plot, then a ratings plot in one
    # script used to land on one axes (the ratings on a 0-1 winning-chance scale)
    import pandas as pd

    (record,) = parse_games(OPENING)
    race = plots.plot_race(record)
    frame = pd.DataFrame({"ply": [1, 2], "white_win": [0.5, 0.6], "mark": [None, None],
                          "side": ["white", "black"]})
    equity = plots.plot_equity(frame)
    history = pd.DataFrame({"date": pd.to_datetime(["2024-01-01", "2024-01-02"]),
                            "player": ["A", "A"], "rating_before": [1500.0, 1510.0],
                            "rating_after": [1510.0, 1520.0],
                            "match": [0, 1]})
    ratings = plots.plot_ratings(history)
    assert len({id(race), id(equity), id(ratings)}) == 3
    assert len({id(race.figure), id(equity.figure), id(ratings.figure)}) == 3
    assert equity.get_ylim() == (0, 1) and ratings.get_ylim()[0] > 1


def test_equity_marks_tell_the_players_apart() -> None:
    # issue 28 item 12: a mistake by White and one by Black are told apart in the
    # plot and its legend, not one colour for both
    import pandas as pd

    frame = pd.DataFrame({"ply": [1, 2, 3, 4], "white_win": [0.5, 0.4, 0.45, 0.6],
                          "mark": ["bad", "bad", None, "very bad"],
                          "side": ["white", "black", "white", "black"]})
    ax = plots.plot_equity(frame)
    handles, labels = ax.get_legend_handles_labels()
    assert {"White bad", "Black bad", "Black very bad"} <= set(labels)
    by_label = dict(zip(labels, handles, strict=True))
    white, black = by_label["White bad"], by_label["Black bad"]
    assert white.get_paths()[0].vertices.shape != black.get_paths()[0].vertices.shape
