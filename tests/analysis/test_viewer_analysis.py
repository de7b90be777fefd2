"""The analysed viewer: marks in the move list, the panel, the mistake jumps and the
graph, in the page (always) and in headless Chromium (when installed)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from narde_notation.analysis.game import GameAnalysis, analyse
from narde_notation.analysis.marks import MARK_COLOURS
from narde_notation.formats.reader import parse_games
from narde_notation.replay.validation import GameReport, validate
from narde_notation.show.viewer import game_page

from .oracle import rate
from .test_analysis import BEAROFF, STEPS


@pytest.fixture(scope="module")
def game() -> tuple[GameReport, GameAnalysis]:
    report = validate(next(iter(parse_games(BEAROFF))))
    return report, analyse(report)


def _loss(k: int) -> float:
    me, opp, dice, after = STEPS[0][k]
    played, best, _luck, _forced = rate(me, opp, dice, after)
    return best - played


def test_page_marks_moves_and_carries_the_graph(game: tuple[GameReport, GameAnalysis]) -> None:
    report, analysis = game
    page = game_page(report, analysis=analysis)
    cell = re.search(r'<td class="move[^"]*" data-ply="1">.*?</td>', page)
    assert cell is not None
    assert "mark-bad" in cell[0] and ">?</span>" in cell[0]  # 1. 41: 6/5 4/off is bad
    assert f"bad: -{_loss(0):.3f}" in cell[0]
    assert 'id="graph"' in page and 'id="next-mistake"' in page
    m = re.search(r'class="narde-data">(.*?)</script>', page)
    assert m is not None
    data = json.loads(m.group(1))["analysis"]
    assert len(data["x"]) == len(data["info"]) == 4  # the start and three half-turns
    assert data["mistakes"] == [k + 1 for k in range(3) if _loss(k) >= 0.04]
    assert data["marks"][1] == "bad"
    plain = game_page(report)
    assert "mark-bad\"" not in plain and 'id="graph"' not in plain


def _open_page(browser: Any, game: tuple[GameReport, GameAnalysis], path: Path,
               fragment: str = "") -> None:
    """Write the analysed game's page to ``path`` and open it (at ``fragment``)."""
    report, analysis = game
    path.write_text(game_page(report, analysis=analysis), encoding="utf-8")
    browser.get(path.as_uri() + fragment)


def test_browser_jumps_to_mistakes_and_by_the_graph(
        browser: Any, game: tuple[GameReport, GameAnalysis], tmp_path: Path,
) -> None:
    from selenium.webdriver.common.by import By

    _open_page(browser, game, tmp_path / "analysed.html")
    body = browser.find_element(By.TAG_NAME, "body")

    def current() -> str:
        return str(browser.find_element(By.CSS_SELECTOR, ".move.current")
                   .get_attribute("data-ply"))

    panel = browser.find_element(By.ID, "analysis")
    assert panel.text.startswith("Start: White wins")
    body.send_keys("n")  # the next mistake: half-turn 1
    assert current() == "1"
    assert f"lost {_loss(0):.3f}, bad; best " in panel.text
    assert "mark-bad" in str(panel.get_attribute("class"))
    # the marked move in the mark's colour (the style sheet), the tray of 4/off marked
    cell = browser.find_element(By.CSS_SELECTOR, '.move[data-ply="1"]')
    assert "mark-bad" in str(cell.get_attribute("class"))
    rgb = tuple(int(MARK_COLOURS["bad"][i:i + 2], 16) for i in (1, 3, 5))
    assert cell.value_of_css_property("color") in (f"rgba({rgb[0]}, {rgb[1]}, {rgb[2]}, 1)",
                                                   f"rgb({rgb[0]}, {rgb[1]}, {rgb[2]})")
    tray = browser.find_elements(By.CSS_SELECTOR, '.board g.play rect.mark-to')
    assert [t.get_attribute("data-side") for t in tray] == ["white"]
    offs = browser.find_elements(By.CSS_SELECTOR, ".board g.play text.off-count")
    # three checkers each on the board (12 off), then White's 4/off: 13
    assert sorted(t.text for t in offs) == ["12 off", "13 off"]
    # one hit box per ply in the graph, made by the script
    assert len(browser.find_elements(By.CSS_SELECTOR, "#graph rect[data-ply]")) == 4
    rect = browser.find_element(By.CSS_SELECTOR, '#graph rect[data-ply="3"]')
    browser.execute_script(
        "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", rect)
    assert current() == "3"
    assert "White wins 100.0%" in panel.text
    marked = [k + 1 for k in range(3) if _loss(k) >= 0.04]
    body.send_keys("p")
    assert current() == str(max(m for m in marked if m < 3))
    earlier = any(m < int(current()) for m in marked)
    disabled = browser.find_element(By.ID, "prev-mistake").get_attribute("disabled")
    assert (disabled is None) is earlier
    assert [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"] == []


def test_report_lists_blunders_linked_to_their_half_turn(tmp_path: Path) -> None:
    from narde_notation.archive.analysed import analyse_files
    from narde_notation.show.club_report import write_report

    games = tmp_path / "bearoff.txt"
    games.write_text(BEAROFF, encoding="utf-8")
    analyses = analyse_files([str(games)])
    index = write_report([str(games)], tmp_path / "site", analyses=analyses)
    html = index.read_text(encoding="utf-8")
    table = html[html.index('id="blunders-table"'):]
    first = table[table.index("<tr><td>"):table.index("</tr>", table.index("<tr><td>"))]
    # the largest loss of the three games, by the oracle
    losses = {(g, k + 1): (lambda r: r[1] - r[0])(rate(*step))
              for g, steps in enumerate(STEPS) for k, step in enumerate(steps)}
    (game, ply), loss = max(losses.items(), key=lambda x: x[1])
    assert f"bearoff.txt game {game}," in first and f"#ply={ply}" in first
    assert f"<td>{loss:.3f}</td>" in first and "very bad" in first
    standings = html[html.index('id="standings-table"'):]
    assert "error_rate" in standings and "skill" in standings and "166.67" in standings


def test_browser_opens_a_page_at_the_half_turn_of_its_link(
        browser: Any, game: tuple[GameReport, GameAnalysis], tmp_path: Path,
) -> None:
    from selenium.webdriver.common.by import By

    _open_page(browser, game, tmp_path / "linked.html", "#ply=2")
    current = browser.find_element(By.CSS_SELECTOR, ".move.current")
    assert current.get_attribute("data-ply") == "2"


def test_jupyter_fragment_carries_the_analysis(game: tuple[GameReport, GameAnalysis]) -> None:
    from narde_notation.show.jupyter import game_html

    report, analysis = game
    html = game_html(report, analysis=analysis)
    assert "mark-bad" in html and 'data-role="next-mistake"' in html
    assert "mark-bad" not in game_html(report).replace(".mark-bad", "")


def test_the_graph_says_what_it_shows(game: tuple[GameReport, GameAnalysis]) -> None:
    # issue 28 item 12: the winning-chance graph has axis labels and a legend
    report, analysis = game
    page = game_page(report, analysis=analysis)
    graph = re.search(r'<svg class="graph".*?</svg>', page)
    assert graph is not None
    assert [t for t in re.findall(r">(\d+%)</text>", graph[0])] == ["100%", "50%", "0%"]
    legend = re.search(r'<p class="graph-legend"[^>]*>(.*?)</p>', page)
    assert legend is not None
    assert "White&#x27;s winning chance" in legend[1] or "White's winning chance" in legend[1]
    assert "0 to 3" in legend[1]  # three half-turns
    assert all(word in legend[1] for word in ("doubtful", "bad", "very bad"))
