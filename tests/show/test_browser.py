"""The game viewer in a real headless browser (Chromium through selenium).

Skipped when selenium, Chromium or chromedriver is missing; ``.ci/run``
installs Debian's ``chromium`` and ``chromium-driver`` so that CI runs it.
selenium is pointed at the installed driver and browser, so selenium-manager
never tries to download either.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from narde_notation.formats.reader import read_games
from narde_notation.replay.validation import GameReport, validate

STEPS = 7


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "archive" / "archive-001.txt"


@pytest.fixture(scope="module")
def report() -> GameReport:
    rep = validate(next(iter(read_games(EXAMPLE))))
    assert sum(t.after is not None for t in rep.turns) > STEPS
    return rep


def _page(tmp_path: Path, report: GameReport, **kw: Any) -> str:
    path = tmp_path / "game.html"
    path.write_text(report.to_html(**kw), encoding="utf-8")
    return path.as_uri()


def _severe(driver: Any) -> list[Any]:
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def test_arrow_keys_step_and_the_pips_follow_the_replay(
        browser: Any, report: GameReport, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.get(_page(tmp_path, report))
    assert report.start is not None
    white, black = report.start.pip_counts()
    assert browser.find_element(By.ID, "white-pips").text == f"White {white} pips"
    assert browser.find_element(By.ID, "black-pips").text == f"Black {black} pips"
    body = browser.find_element(By.TAG_NAME, "body")
    for n in range(1, STEPS + 1):
        body.send_keys(Keys.ARROW_RIGHT)
        pips = report.turns[n - 1].pips_after
        assert pips is not None
        assert browser.find_element(By.ID, "white-pips").text == f"White {pips[0]} pips"
        assert browser.find_element(By.ID, "black-pips").text == f"Black {pips[1]} pips"
    current = browser.find_elements(By.CSS_SELECTOR, ".move.current")
    assert [c.get_attribute("data-ply") for c in current] == [str(STEPS)]
    shown = [g for g in browser.find_elements(By.CSS_SELECTOR, "g.ply") if g.is_displayed()]
    assert [g.get_attribute("data-state") for g in shown] == [str(STEPS)]
    body.send_keys(Keys.ARROW_LEFT)
    pips = report.turns[STEPS - 2].pips_after
    assert pips is not None
    assert browser.find_element(By.ID, "white-pips").text == f"White {pips[0]} pips"
    assert _severe(browser) == []


def test_buttons_and_a_click_on_a_move(
        browser: Any, report: GameReport, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    browser.get(_page(tmp_path, report))
    assert browser.find_element(By.ID, "prev").get_attribute("disabled") is not None
    browser.find_element(By.ID, "next").click()
    browser.find_element(By.ID, "next").click()
    pips = report.turns[1].pips_after
    assert pips is not None
    assert browser.find_element(By.ID, "black-pips").text == f"Black {pips[1]} pips"
    browser.find_element(By.CSS_SELECTOR, '.move[data-ply="5"]').click()
    pips = report.turns[4].pips_after
    assert pips is not None
    assert browser.find_element(By.ID, "white-pips").text == f"White {pips[0]} pips"
    browser.find_element(By.ID, "last").click()
    final = report.final_pips
    assert final is not None
    assert browser.find_element(By.ID, "white-pips").text == f"White {final[0]} pips"
    assert browser.find_element(By.ID, "next").get_attribute("disabled") is not None
    assert _severe(browser) == []


def test_two_viewers_in_a_notebook_step_apart(
        browser: Any, report: GameReport, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from narde_notation.show.jupyter import game_html

    path = tmp_path / "notebook.html"
    path.write_text(f"<html><body>{game_html(report)}<hr>{game_html(report)}</body></html>",
                    encoding="utf-8")
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(path.as_uri())

    def both(driver: Any) -> list[Any] | bool:  # once the page has both (a busy CI machine)
        found = driver.find_elements(By.CSS_SELECTOR, ".narde-viewer")
        return found if len(found) >= 2 else False

    first, second = WebDriverWait(browser, 20).until(both)

    def white(root: Any) -> str:
        return str(root.find_element(By.CSS_SELECTOR, '[data-role="white-pips"]').text)

    final = report.final_pips
    assert final is not None
    assert white(first) == white(second) == f"White {final[0]} pips"  # shown at the end
    first.find_element(By.CSS_SELECTOR, '[data-role="first"]').click()
    first.send_keys(Keys.ARROW_RIGHT)  # keys act on the viewer that has the focus
    pips = report.turns[0].pips_after
    assert pips is not None
    assert white(first) == f"White {pips[0]} pips"
    assert white(second) == f"White {final[0]} pips"
    assert _severe(browser) == []
