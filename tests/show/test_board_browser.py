"""The analysis board in a real headless browser (Chromium through selenium).

One browser session for the module (the ``browser`` fixture of
tests/conftest.py); the board's Flask app is served from a thread on
127.0.0.1.  Expected values are worked out by hand (rules.md): absolute
points are White's numbering, Black's own ``b`` is absolute
``(b + 11) % 24 + 1``; pips drop by the dice played.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from narde_notation.cli.validate import narde_validate
from narde_notation.formats.reader import parse_games
from narde_notation.rules.position import Position

pytest.importorskip("flask")
pytest.importorskip("selenium")

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from werkzeug.serving import make_server

from narde_notation.show.board_app import create_app, load_record

MAT = """ 1 point match

 Game 1
 Anna : 0                        Boris : 0
  1) 65: 24/18 18/13             31: 24/21 21/20
  2) 42: 24/20 20/18             53: 24/19 19/16
"""


#: a race set up by hand: White 3, 3, 2 and Black 3, 2, 2 (own numbering), each 12 off
SET_UP = "3:2 2:1 / 3:1 2:2 / W"


def _serve(app: Any) -> Iterator[str]:
    server = make_server("127.0.0.1", 0, app)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def out_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("board") / "saved.txt"


@pytest.fixture(scope="module")
def board_url(out_file: Path) -> Iterator[str]:
    yield from _serve(create_app(out=out_file))


@pytest.fixture(scope="module")
def mat_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = tmp_path_factory.mktemp("mat") / "match.mat"
    path.write_text(MAT, encoding="utf-8")
    yield from _serve(create_app(load_record(str(path))))


def _idle(driver: Any) -> None:
    """Wait until the page has its answers (no request under way)."""
    WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, "board-app")
                                    .get_attribute("data-busy") == "0")


def _open(driver: Any, url: str) -> None:
    driver.get(url)
    _idle(driver)


def _text(driver: Any, css: str) -> str:
    return str(driver.find_element(By.CSS_SELECTOR, css).text)


def _click(driver: Any, css: str) -> None:
    driver.find_element(By.CSS_SELECTOR, css).click()
    _idle(driver)


def _point(driver: Any, n: int) -> None:
    _click(driver, f'[data-point="{n}"]')


def _legal(driver: Any) -> set[int]:
    return {int(e.get_attribute("data-point") or 0)
            for e in driver.find_elements(By.CSS_SELECTOR, ".legal")}


def _roll(driver: Any, roll: str) -> None:
    box = driver.find_element(By.CSS_SELECTOR, "input[name=roll]")
    box.clear()
    box.send_keys(roll + Keys.ENTER)
    _idle(driver)


def _validated(tmp_path: Path, text: str) -> str:
    path = tmp_path / "entered.txt"
    path.write_text(text, encoding="utf-8")
    done = CliRunner().invoke(narde_validate, [str(path)])
    assert done.exit_code == 0, done.output
    return str(done.output)


def _severe(driver: Any) -> list[Any]:
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def test_the_page_keeps_the_contract(browser: Any, board_url: str) -> None:
    _open(browser, board_url)
    points = browser.find_elements(By.CSS_SELECTOR, "g.pt[data-point]")
    assert sorted(int(p.get_attribute("data-point")) for p in points) == list(range(1, 25))
    # the first element of each point is the point itself (the one a test clicks)
    assert browser.find_element(By.CSS_SELECTOR, '[data-point="7"]').get_attribute(
        "class") == "pt"
    for css in ("input[name=roll]", "[role=alert]", '[data-action="undo"]',
                '[data-action="hint"]', "#record"):
        assert browser.find_element(By.CSS_SELECTOR, css)
    assert _text(browser, "#white-pips") == "White 360 pips"
    # the viewer's drawing: 15 checkers a side, 5 drawn on each head with the count
    assert len(browser.find_elements(By.CSS_SELECTOR, "g.play circle.checker")) == 10
    assert _severe(browser) == []


def test_moves_by_clicks_a_refusal_undo_and_hint(browser: Any, board_url: str,
                                                 tmp_path: Path) -> None:
    _open(browser, board_url)
    _roll(browser, "65")
    _point(browser, 24)
    # one checker off the head (R5): 24/18, 24/19, or on to 13
    assert _legal(browser) == {18, 19, 13}
    _point(browser, 13)
    assert _text(browser, "#white-pips") == "White 349 pips"
    assert "24/18 18/13" in _text(browser, "#record") or "24/13" in _text(browser, "#record")
    # Black's first 31 (clicked on the dice) from its head (absolute 12): to 9, 11 or 8
    browser.find_element(By.CSS_SELECTOR, '[data-die="1"]').click()
    _click(browser, '[data-die="3"]')
    assert browser.find_element(By.CSS_SELECTOR, "input[name=roll]").get_attribute(
        "value") == "31"
    _point(browser, 12)
    assert _legal(browser) == {9, 11, 8}
    _point(browser, 9)
    assert _text(browser, "#black-pips") == "Black 357 pips"
    # a second checker off the head is refused, with its rule
    _point(browser, 12)
    alert = _text(browser, "[role=alert]")
    assert "head-rule" in alert and "R5" in alert
    assert _legal(browser) == set()
    _click(browser, '[data-action="undo"]')
    assert _text(browser, "#black-pips") == "Black 360 pips"
    _click(browser, '[data-action="hint"]')
    rows = browser.find_elements(By.CSS_SELECTOR, "[data-hint-row]")
    # Black's first 31 plays one checker 24/20 either way: one legal turn
    assert len(rows) == 1
    # its equity is the server's text (signed: three decimals, a sign or a blank);
    # the best row has no loss
    cells = [td.get_attribute("textContent")
             for td in rows[0].find_elements(By.TAG_NAME, "td")]
    assert re.fullmatch(r"[+ -]\d\.\d{3}", cells[2]) and cells[5] == ""
    rows[0].click()
    _idle(browser)
    assert _text(browser, "#black-pips") == "Black 356 pips"
    assert "2 games" not in _validated(tmp_path, _text(browser, "#record"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "#moves [data-ply]")) == 2
    # the whole turn back, then its last step
    _click(browser, '[data-action="undo"]')
    assert len(browser.find_elements(By.CSS_SELECTOR, "#moves [data-ply]")) == 1
    assert _text(browser, "#black-pips") == "Black 357 pips"
    assert _severe(browser) == []


def _play_turn(driver: Any, roll: str) -> None:
    """Enter one half-turn by clicks: each time the first checker that may move,
    to the first point marked for it."""
    _roll(driver, roll)
    for _ in range(8):
        if not driver.find_element(By.CSS_SELECTOR, "input[name=roll]").get_attribute("value"):
            return  # the half-turn is complete
        mover = "white" if "White to play" in _text(driver, "#where") else "black"
        points = sorted({int(c.get_attribute("data-point")) for c in driver.find_elements(
            By.CSS_SELECTOR, f"g.play circle.checker.{mover}")})
        for p in points:
            _point(driver, p)
            marks = driver.find_elements(By.CSS_SELECTOR, ".legal")
            if marks:
                marks[0].click()
                _idle(driver)
                break
        else:
            raise AssertionError(f"no checker of {mover} may move: {_text(driver, '#where')}")
    raise AssertionError("the half-turn did not complete")


def test_a_whole_game_entered_by_clicks_reads_back_clean(browser: Any, board_url: str,
                                                         out_file: Path,
                                                         tmp_path: Path) -> None:
    _open(browser, board_url)
    browser.find_element(By.CSS_SELECTOR, "#setup summary").click()
    box = browser.find_element(By.CSS_SELECTOR, "input[name=position]")
    # a race set up by hand: White 3, 3, 2 and Black 3, 2, 2, each side 12 off
    box.send_keys(SET_UP)
    _click(browser, '[data-action="set-position"]')
    assert _text(browser, "#white-pips") == "White 8 pips"
    # 43: White bears off 3 and 3 (the 4 from 3: no checker above, R8); 21 for Black:
    # 3/1, 2/off or so, then 21 for White: its last checker, on 2, off with the 2
    for roll in ("43", "21", "21"):
        _play_turn(browser, roll)
    assert "White wins" in _text(browser, "#where")
    record = _text(browser, "#record")
    (game,) = parse_games(record)
    assert Position.from_string(game.tags["Position"]) == Position.from_string(SET_UP)
    assert "1 game, 0 errors" in _validated(tmp_path, record)
    # a roll after the end is refused (R11)
    _roll(browser, "65")
    assert "R11" in _text(browser, "[role=alert]")
    _click(browser, '[data-action="save"]')
    assert "saved.txt" in _text(browser, "[role=alert]")
    assert out_file.read_text(encoding="utf-8").strip() == record.strip()


def test_a_mat_record_is_stepped_through(browser: Any, mat_url: str, tmp_path: Path) -> None:
    _open(browser, mat_url)
    assert _text(browser, "#players") == "Anna – Boris"
    assert _text(browser, "#where").startswith("Start")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#moves [data-ply]")) == 4
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.END)
    # White 360 - 11 - 6, Black 360 - 4 - 8
    assert (_text(browser, "#white-pips"), _text(browser, "#black-pips")) == (
        "White 343 pips", "Black 348 pips")
    body.send_keys(Keys.HOME)
    assert _text(browser, "#white-pips") == "White 360 pips"
    body.send_keys(Keys.ARROW_RIGHT)
    assert (_text(browser, "#white-pips"), _text(browser, "#black-pips")) == (
        "White 349 pips", "Black 360 pips")
    _click(browser, '#moves [data-ply="3"]')
    assert (_text(browser, "#white-pips"), _text(browser, "#black-pips")) == (
        "White 343 pips", "Black 356 pips")
    assert "half-turn 3" in _text(browser, "#where")
    assert "1 game, 0 errors" in _validated(tmp_path, _text(browser, "#record"))
    # the analysis: the viewer with its marks and graph
    browser.find_element(By.CSS_SELECTOR, "#analysis-box summary").click()
    _click(browser, '[data-action="analyse"]')
    WebDriverWait(browser, 30).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis .narde-viewer[data-ready]"))
    assert browser.find_element(By.CSS_SELECTOR, "#analysis [data-role=graph]")
    # a phone's width: nothing wider than the screen
    browser.set_window_size(400, 800)
    try:
        width = browser.execute_script("return document.documentElement.scrollWidth")
        assert width <= 400
    finally:
        browser.set_window_size(1200, 900)
    assert _severe(browser) == []
