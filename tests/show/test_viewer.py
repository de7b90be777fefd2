"""The game viewer page: one self-contained HTML page per game."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any

from narde_notation.formats.reader import parse_games
from narde_notation.model.safe_text import html_text as escape
from narde_notation.model.safe_text import visible
from narde_notation.replay.validation import GameReport, validate
from narde_notation.show.viewer import game_page

GAME = """\
[White "Ann <A>"]
[Black "Bob"]
[Event "Club night"]

1. 65: 24/13          54: 24/15
2. 33: 24/21 13/10 10/7 21/18   21: 24/22 15/14
*
"""

# 2. White 61 takes two checkers from the head: R5 head rule (one per turn)
ILLEGAL = """\
[White "A"]
[Black "B"]

1. 65: 24/13          54: 24/15
2. 61: 24/18 24/23    21: 24/22 15/14
*
"""


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.plies: list[int] = []
        self.external: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        if "data-ply" in a and "move" in str(a.get("class", "")).split():
            self.plies.append(int(str(a["data-ply"])))
        for key in ("src", "href"):
            if key in a:
                self.external.append(f"{tag} {key}={a[key]}")


def _report(text: str = GAME) -> GameReport:
    return validate(next(iter(parse_games(text))))


def _parse(page: str) -> _Ids:
    p = _Ids()
    p.feed(page)
    return p


def _data(page: str) -> dict[str, Any]:
    """The game data of the page's viewer (the script draws the boards from it)."""
    m = re.search(r'<script type="application/json" class="narde-data">(.*?)</script>', page,
                  re.S)
    assert m
    data: dict[str, Any] = json.loads(m.group(1))
    return data


def _on(row: list[int]) -> dict[int, int]:
    """Checkers per absolute point (index 0 = point 1), points without any left out."""
    return {p + 1: n for p, n in enumerate(row) if n}


def _text_of(page: str, element_id: str) -> str:
    m = re.search(rf'id="{element_id}"[^>]*>([^<]*)<', page)
    assert m, element_id
    return m.group(1)


def test_page_is_self_contained_with_stable_ids() -> None:
    page = game_page(_report())
    assert page.startswith("<!DOCTYPE html>")
    p = _parse(page)
    assert not p.external  # no scripts, styles, fonts or images to fetch
    assert "url(" not in page and "@import" not in page
    assert "script" in p.tags and "svg" in p.tags
    for element_id in ("white-pips", "black-pips", "next", "prev", "first", "last", "moves",
                       "findings", "where"):
        assert p.ids.count(element_id) == 1, element_id
    assert p.plies == [1, 2, 3, 4]  # one move item per half-turn


def test_pip_counts_as_text_at_the_start_and_at_a_ply() -> None:
    report = _report()
    page = game_page(report)
    assert _text_of(page, "white-pips") == "White 360 pips"
    assert _text_of(page, "black-pips") == "Black 360 pips"
    # after 1. 65 (360 - 11) and 54 (360 - 9), then 33 (a double: 4 × 3 = 12 pips)
    page = game_page(report, ply=3)
    assert _text_of(page, "white-pips") == "White 337 pips"
    assert _text_of(page, "black-pips") == "Black 351 pips"
    assert 'class="move current" data-ply="3"' in page
    data = _data(page)
    assert data["start"] == 3 and len(data["plies"]) == 5  # the start and four half-turns
    assert data["pips"][3] == [337, 351]


def test_the_page_carries_each_position_as_data() -> None:
    page = game_page(_report())
    # one board, drawn at the ply shown first (a static render without the script):
    # the start, 15 on each head, five drawn (the script draws the other plies)
    assert page.count("<svg") == 1
    assert page.count('class="checker white" data-point="24"') == 5
    assert page.count('class="checker black" data-point="12"') == 5
    assert page.count('class="checker') == 10
    at_ply_3 = game_page(_report(), ply=3)  # 24/21 13/10 10/7 21/18: 7 and 18 reached
    assert at_ply_3.count('class="mark-to"') == 2 and 'class="die"' in at_ply_3
    plies = _data(page)["plies"]
    assert _on(plies[0]["w"]) == {24: 15} and _on(plies[0]["b"]) == {12: 15}  # R1, heads
    assert "m" not in plies[0] and "d" not in plies[0]
    # worked out by hand: 1. 65: 24/13, 54: 24/15 (Black own 24 = abs 12, own 15 = abs 3),
    # 2. 33: 24/21 13/10 10/7 21/18: White 13 on 24, one each on 18 and 7
    ply = plies[3]
    assert _on(ply["w"]) == {24: 13, 18: 1, 7: 1} and _on(ply["b"]) == {12: 14, 3: 1}
    assert ply["m"] == "white" and ply["d"] == [3, 3] and ply["o"] == [0, 0]
    # the marks of the half-turn: points left (13 emptied, 24 one fewer) and reached
    assert ply["f"] == [[13, 1], [24, 1]] and ply["t"] == [[7, 1], [18, 1]]
    assert ply["i"] == "White 337 pips, 0 off · Black 351 pips, 0 off"
    assert ply["s"] == "Black to move"
    # 21: 24/22 15/14: own 22 = abs 10, own 14 = abs 2
    assert _on(plies[4]["b"]) == {12: 13, 10: 1, 2: 1} and plies[4]["m"] == "black"


def test_record_text_never_leaves_the_data_script() -> None:
    hostile = "</script><script>alert(1)</script><!-- "
    text = GAME.replace("Ann <A>", hostile.replace('"', ""))
    page = game_page(_report(text))
    # every </script> closes one of the page's own two scripts (the data, the viewer)
    assert page.count("</script>") == page.count("<script") == 2
    assert "alert(1)" not in page.replace("&lt;script&gt;alert(1)", "")
    _data(page)  # the data still parses


def test_ply_is_clamped_and_the_title_escaped() -> None:
    page = game_page(_report(), ply=99, title="<T>")
    assert _text_of(page, "black-pips") == "Black 348 pips"  # 351 - 3
    assert "<title>&lt;T&gt;</title>" in page
    assert "<h1>&lt;T&gt;</h1>" in page  # the title replaces the heading
    assert "Ann &lt;A&gt;" in game_page(_report())  # the tags and default heading
    assert "Ann <A>" not in game_page(_report())


def test_findings_are_shown_at_their_half_turn() -> None:
    report = _report(ILLEGAL)
    bad = [t.ply for t in report.turns if t.findings]
    assert bad == [2]  # White's second half-turn takes two checkers off the head
    page = game_page(report)
    lists = re.findall(r'<ul class="findings" data-state="(\d+)"[^>]*>(.*?)</ul>', page)
    shown = {int(k): items for k, items in lists}
    assert "R5" in shown[3] or "head" in shown[3]
    assert all(not items for k, items in shown.items() if k != 3)
    assert re.search(r'data-ply="3">[^<]*<span class="err">\[', page)
    # once with its half-turn, not again among the game's own findings
    assert page.count("[head-rule] ") == 1
    assert "[unfinished] " in page


def test_to_html_is_the_page() -> None:
    report = _report()
    assert report.to_html(ply=2) == game_page(report, ply=2)


def test_a_game_without_start_position_has_no_board() -> None:
    report = _report('[Position "bogus"]\n\n1. 65: 24/13\n*\n')
    page = game_page(report)
    assert "No board" in page and "<svg" not in page
    assert _parse(page).plies == []
    assert _data(page)["board"] is None and _data(page)["pips"] == [[0, 0]]


def test_control_characters_in_record_text_are_written_out() -> None:
    report = _report('[White "x\x1b[31mred"]\n[Black "\u202eevil"]\n\n1. 65: 24/13\n*\n')
    page = game_page(report)
    assert "\x1b" not in page and "\u202e" not in page
    assert "x\\x1b[31mred" in page and "\\u202eevil" in page
    assert visible("a\tb\x07", lines=True) == "a\tb\\x07"
    assert escape("<\x00>") == "&lt;\\x00&gt;"


def test_moves_in_the_projects_move_text_a_bear_off_as_off() -> None:
    # a .mat file writes a bear-off as 1/0; the page shows 1/off
    mat = (" 1 point match\n\n Game 1\n A : 0                B : 0\n"
           "  1) 21: 1/0 2/0\n")
    report = validate(next(iter(parse_games(mat))))
    assert [m.text for m in report.record.half_turns[0].moves] == ["1/0", "2/0"]
    page = game_page(report)
    assert ">21: 1/off 2/off" in page  # not replayable from the start: listed all the same
    assert "1/0" not in page


def test_a_luck_that_rounds_to_zero_shows_without_a_minus_sign() -> None:
    # the panel's luck figure: -0.0004 is 0.000 to three decimals, and the page
    # must not say "-0.000" (a side behind where nothing is lost)
    import dataclasses

    import narde_notation

    bearoff = '[Position "3:1 1:1 / 4:2 1:1 / W"]\n\n1. 62: 3/1 1/off\n*\n'
    report = validate(next(parse_games(bearoff)))
    analysis = narde_notation.analyse(report)
    analysis.half_turns = [dataclasses.replace(h, luck=-0.0004, luck_mark=None)
                           for h in analysis.half_turns]
    page = game_page(report, analysis=analysis)
    assert "luck 0.000" in page
    assert "-0.000" not in page
