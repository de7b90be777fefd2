"""python-chess habits (issue 28 item 6): a game being played and an analysis
show as the viewer in Jupyter; a report's half_turns are the record's; dir()
of the package lists what a user may use."""

from __future__ import annotations

import sys
import types

import pytest

import narde_notation
from narde_notation.formats.reader import parse_games
from narde_notation.replay.validation import validate
from narde_notation.rules.game import Game
from narde_notation.show.jupyter import register_ipython_formatters

# both sides home: the analysis is exact and quick (as tests/analysis/test_shares.py)
BEAROFF = '[Position "3:1 1:1 / 4:2 1:1 / W"]\n\n1. 62: 3/1 1/off\n*\n'


@pytest.fixture
def formatter(monkeypatch: pytest.MonkeyPatch) -> object:
    formatters_mod = pytest.importorskip("IPython.core.formatters")
    fmt = formatters_mod.DisplayFormatter()
    fake = types.ModuleType("IPython")
    fake.get_ipython = lambda: types.SimpleNamespace(display_formatter=fmt)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "IPython", fake)
    assert register_ipython_formatters()
    return fmt


def test_a_game_being_played_shows_as_the_viewer(formatter: object) -> None:
    game = Game()
    game.play("65: 24/13")
    data, _ = formatter.format(game)  # type: ignore[attr-defined]
    html = data["text/html"]
    assert "narde-viewer" in html and "<svg" in html
    assert "65: 24/13" in html  # its half-turn in the move list


def test_an_analysis_shows_as_the_viewer_with_its_graph(formatter: object) -> None:
    analysis = narde_notation.analyse(validate(next(parse_games(BEAROFF))))
    data, _ = formatter.format(analysis)  # type: ignore[attr-defined]
    html = data["text/html"]
    assert "narde-viewer" in html and 'data-role="graph"' in html


def test_a_report_names_half_turns_as_the_record_does() -> None:
    report = validate(next(parse_games(BEAROFF)))
    assert report.half_turns == report.record.half_turns
    assert isinstance(report.half_turns, list) and report.half_turn_count == 1


def test_dir_lists_what_a_user_may_use() -> None:
    names = dir(narde_notation)
    assert {"sys", "TYPE_CHECKING", "lazy_names", "importlib"}.isdisjoint(names)
    assert {"Game", "Position", "read_games", "analyse"} <= set(names)
