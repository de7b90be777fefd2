"""Jupyter display: the SVG board and the game HTML."""

from __future__ import annotations

import re
import sys
import types
import xml.dom.minidom

import pytest

from narde_notation.formats.reader import parse_games
from narde_notation.model.side import Side
from narde_notation.model.side import own_to_absolute as to_absolute
from narde_notation.replay.validation import GameReport, validate
from narde_notation.rules.position import Position
from narde_notation.show.board_svg import position_svg
from narde_notation.show.jupyter import game_html, game_text, register_ipython_formatters

GAME = """\
[White "Ann <A>"]
[Black "Bob"]
[Event "Club night"]

1. 65: 24/13          54: 24/15
*
"""


def test_absolute_numbering() -> None:
    assert to_absolute(Side.WHITE, 24) == 24
    assert to_absolute(Side.BLACK, 24) == 12
    assert to_absolute(Side.BLACK, 1) == 13
    assert to_absolute(Side.BLACK, 6) == 18


def test_svg_initial_board() -> None:
    svg = position_svg(Position.initial())
    xml.dom.minidom.parseString(svg)  # well-formed
    labels = re.findall(r'class="label"[^>]*>(\d+)</text>', svg)
    assert sorted(int(x) for x in labels) == list(range(1, 25))
    # 15 on each head: 5 checkers drawn and a count of 15
    assert svg.count('class="checker white" data-point="24"') == 5
    assert svg.count('class="checker black" data-point="12"') == 5
    assert len(re.findall(r'class="count"[^>]*>15</text>', svg)) == 2
    assert "W head" in svg and "B head" in svg
    assert "White home" in svg and "Black home" in svg
    assert "White 360 pips" in svg and "Black 360 pips" in svg


def test_svg_places_black_in_absolute_numbering() -> None:
    # Black own 6 is absolute 18, own 1 absolute 13; White own 1 absolute 1.
    pos = Position.from_string("1:15 / 6:2 1:13 / B")
    svg = position_svg(pos)
    assert svg.count('class="checker black" data-point="18"') == 2
    assert svg.count('class="checker black" data-point="13"') == 5
    assert svg.count('class="checker white" data-point="1"') == 5
    assert "White 15 pips" in svg and "Black 25 pips" in svg
    assert "Black to move" in svg


def test_game_html_is_the_viewer_at_the_last_ply() -> None:
    (record,) = parse_games(GAME)
    html = game_html(record)
    assert "Ann &lt;A&gt;" in html  # escaped
    assert "Club night" in html
    assert "65: 24/13" in html and "54: 24/15" in html
    # shown first: after the last half-turn, 360 - 11 and 360 - 9 pips
    assert "White 349 pips" in html and "Black 351 pips" in html
    assert 'class="move current" data-ply="2"' in html
    assert "<svg" in html and "<script>" in html
    report = validate(record)
    # a fresh unique root id each time, so several viewers can share a notebook
    assert re.sub(r"narde-[0-9a-f]{10}", "ID", game_html(report)) == re.sub(
        r"narde-[0-9a-f]{10}", "ID", html)
    assert 'id="next"' not in html
    assert "Ann <A> (White) vs Bob (Black)" in game_text(report)


def test_plain_text_writes_control_characters_out() -> None:
    (record,) = parse_games('[White "x\x1b[2Jy"]\n[Black "\u202eB"]\n\n1. 65: 24/13\n*\n')
    text = game_text(validate(record))
    assert "\x1b" not in text and "\u202e" not in text
    assert "x\\x1b[2Jy (White)" in text and "\\u202eB (Black)" in text


def test_register_formatters_with_a_fake_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    formatters_mod = pytest.importorskip("IPython.core.formatters")
    fmt = formatters_mod.DisplayFormatter()
    shell = types.SimpleNamespace(display_formatter=fmt)
    fake = types.ModuleType("IPython")
    fake.get_ipython = lambda: shell  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "IPython", fake)
    assert register_ipython_formatters()
    (record,) = parse_games(GAME)
    data, _ = fmt.format(record)
    assert "<svg" in data["text/html"]
    assert data["text/plain"].startswith("<Narde game")
    data, _ = fmt.format(validate(record))
    assert isinstance(validate(record), GameReport) and "text/html" in data


def test_register_without_ipython(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "IPython", raising=False)
    assert register_ipython_formatters() is False


def test_control_characters_are_shown_not_embedded() -> None:
    from narde_notation.model.safe_text import html_text as escape

    assert escape("junk \x01\x1b[0m <b>") == "junk \\x01\\x1b[0m &lt;b&gt;"


def test_position_shows_as_svg_in_jupyter() -> None:
    from narde_notation.rules.position import Position

    svg = Position.initial()._repr_svg_()
    assert svg.lstrip().startswith("<svg")
    # both sides start with 360 pips (R1: 15 checkers on own point 24)
    assert svg.count("360") >= 2
