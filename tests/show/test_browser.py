"""The game viewer in a real headless browser (Chromium through selenium).

Skipped when selenium, Chromium or chromedriver is missing; ``.ci/run``
installs Debian's ``chromium`` and ``chromium-driver`` so that CI runs it.
selenium is pointed at the installed driver and browser, so selenium-manager
never tries to download either.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from narde_notation.formats.reader import parse_games, read_games
from narde_notation.model.side import Side, own_to_absolute
from narde_notation.replay.validation import GameReport, validate
from narde_notation.rules.position import Position
from narde_notation.show.board_svg import MAX_DRAWN, board_drawing

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


#: The shapes the script drew into the shown board: [tag, {attribute: value}, text].
_PLAY = """var root = arguments[0] || document;
return Array.from(root.querySelectorAll('.board g.play > *')).map(function (e) {
  var a = {};
  for (var i = 0; i < e.attributes.length; i++) a[e.attributes[i].name] = e.attributes[i].value;
  return [e.tagName, a, e.textContent];
});"""


def _drawn(driver: Any, root: Any = None) -> list[tuple[str, dict[str, str], str]]:
    return [(str(t), dict(a), str(x)) for t, a, x in driver.execute_script(_PLAY, root)]


def _stacks(shapes: list[tuple[str, dict[str, str], str]]) -> dict[tuple[str, int], int]:
    """(side, absolute point) -> checkers drawn there, read from the circles."""
    found: Counter[tuple[str, int]] = Counter()
    for tag, attrs, _ in shapes:
        cls = attrs.get("class", "").split()
        if tag == "circle" and cls[0] == "checker":
            found[(cls[1], int(attrs["data-point"]))] += 1
    return dict(found)


def _expected_stacks(pos: Position) -> dict[tuple[str, int], int]:
    return {(side.name_lower, own_to_absolute(side, own)): min(n, MAX_DRAWN)
            for side in (Side.WHITE, Side.BLACK) for own, n in pos.checkers(side).items() if n}


def _marked(shapes: list[tuple[str, dict[str, str], str]], cls: str, key: str = "data-point"
            ) -> list[str]:
    return sorted(a.get(key, "") for _, a, _ in shapes if a.get("class") == cls)


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
    # the board shown is ply STEPS's: its checkers where the rules engine put them
    after = report.turns[STEPS - 1].after
    assert after is not None
    assert _stacks(_drawn(browser)) == _expected_stacks(after)
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


# worked out by hand (R1 heads: White abs 24, Black own 24 = abs 12):
# 1. 65: 24/13 | 54: 24/15 (own 15 = abs 3) | 2. 33: 24/21 13/10 10/7 21/18 | 21: 24/22 15/14
SHORT = """[White "A"]
[Black "B"]

1. 65: 24/13          54: 24/15
2. 33: 24/21 13/10 10/7 21/18   21: 24/22 15/14
*
"""
#: per ply: (White's points, Black's points), absolute numbering
BY_HAND = [
    ({24: 15}, {12: 15}),
    ({24: 14, 13: 1}, {12: 15}),
    ({24: 14, 13: 1}, {12: 14, 3: 1}),
    ({24: 13, 18: 1, 7: 1}, {12: 14, 3: 1}),
    ({24: 13, 18: 1, 7: 1}, {12: 13, 10: 1, 2: 1}),  # own 22 = abs 10, own 14 = abs 2
]


def test_the_board_drawn_from_data_has_the_checkers_of_each_ply(
        browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.get(_page(tmp_path, validate(next(iter(parse_games(SHORT))))))
    body = browser.find_element(By.TAG_NAME, "body")

    def check(k: int) -> list[tuple[str, dict[str, str], str]]:
        shapes = _drawn(browser)
        white, black = BY_HAND[k]
        expected = {**{("white", p): min(n, 5) for p, n in white.items()},
                    **{("black", p): min(n, 5) for p, n in black.items()}}
        assert _stacks(shapes) == expected, k
        counts = {(a["data-point"], x) for t, a, x in shapes if a.get("class") == "count"}
        assert counts == {(str(p), str(n)) for side in (white, black)
                          for p, n in side.items() if n > 5}, k
        return shapes

    start = check(0)  # (drawn in the page as well; the script draws every step below)
    assert not _marked(start, "die") and not _marked(start, "mark-from")
    assert [x for _, a, x in start if a.get("class") == "status"] == ["White to move"]
    for k in range(1, 4):
        body.send_keys(Keys.ARROW_RIGHT)
        shapes = check(k)
    # after 2. 33: 24/21 13/10 10/7 21/18: two dice showing 3, the points left
    # (24, and 13 emptied: a ghost there) and reached (7, 18) marked
    assert _marked(shapes, "die", "data-value") == ["3", "3"]
    assert _marked(shapes, "mark-from") == ["13", "24"]
    assert _marked(shapes, "mark-label") == ["13", "24"]
    assert _marked(shapes, "ghost") == ["13"]  # 24 still holds a full stack
    assert _marked(shapes, "mark-to") == ["18", "7"]
    assert [x for _, a, x in shapes if a.get("class") == "off-count"] == ["0 off", "0 off"]
    body.send_keys(Keys.ARROW_RIGHT)
    check(4)
    body.send_keys(Keys.ARROW_LEFT)
    body.send_keys(Keys.ARROW_LEFT)
    check(2)
    body.send_keys(Keys.HOME)
    check(0)
    body.send_keys(Keys.END)
    check(4)
    browser.find_element(By.CSS_SELECTOR, '.move[data-ply="1"]').click()
    check(1)
    assert _severe(browser) == []


def _key(shape: tuple[str, dict[str, str], str]) -> tuple[str, ...]:
    tag, a, text = shape
    where = [a.get(k, "") for k in ("cy", "y", "cx", "x")]
    return (tag, a.get("class", ""), a.get("data-point", ""), a.get("data-side", ""),
            a.get("data-value", ""), text, *(f"{float(v):09.1f}" if v else "" for v in where))


def _same(drawn: tuple[str, dict[str, str], str], still: tuple[str, dict[str, str], str]
          ) -> bool:
    if drawn[0] != still[0] or drawn[2] != still[2] or set(drawn[1]) != set(still[1]):
        return False
    for k, v in still[1].items():
        w = drawn[1][k]
        try:
            if abs(float(v) - float(w)) > 0.15:  # both 0.1-pixel figures
                return False
        except ValueError:
            if v != w:
                return False
    return True


@pytest.mark.parametrize("side", [Side.WHITE, Side.BLACK])
def test_the_page_draws_what_the_still_picture_draws(
        browser: Any, report: GameReport, tmp_path: Path, side: Side) -> None:
    """Ply by ply, the shapes the script draws are the still picture's play layer
    (board_drawing, ``narde show -o x.svg``): same elements, classes, places, texts,
    from either side."""
    from selenium.webdriver.common.by import By

    from narde_notation.show.viewer import game_page

    path = tmp_path / "game.html"
    path.write_text(game_page(report, from_side=side), encoding="utf-8")
    browser.get(path.as_uri())
    last = report.plies_replayed
    for k in (0, 1, 2, STEPS, last):
        if k:
            browser.find_element(By.CSS_SELECTOR, f'.move[data-ply="{k}"]').click()
        turn = report.turns[k - 1] if k else None
        pos = report.start if turn is None else turn.after
        assert pos is not None
        drawing = board_drawing(
            pos, size=440, from_side=side, outcome=report.outcome if k == last else None,
            dice=None if turn is None else turn.half_turn.dice,
            mover=None if turn is None else turn.side,
            before=None if turn is None else turn.before)
        still = sorted(((s.tag, {a: str(v) for a, v in s.attrs.items()}, s.text)
                        for s in drawing.shapes if s.layer == "play"), key=_key)
        drawn = sorted(_drawn(browser), key=_key)
        assert len(drawn) == len(still), k
        bad = [(d, s) for d, s in zip(drawn, still, strict=True) if not _same(d, s)]
        assert bad == [], (k, bad[:3])
    assert _severe(browser) == []


def test_hostile_names_stay_text(browser: Any, tmp_path: Path) -> None:
    name = "</script><script>document.title='owned'</script><!--\u2028"
    report = validate(next(iter(parse_games(SHORT.replace('"A"', f'"{name}"')))))
    browser.get(_page(tmp_path, report))
    from selenium.webdriver.common.by import By

    assert browser.title != "owned"
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("</script><script>")
    from selenium.webdriver.common.keys import Keys

    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    # the data parsed: the script drew ply 1 (65: 24/13)
    assert _stacks(_drawn(browser)) == {("white", 24): 5, ("white", 13): 1, ("black", 12): 5}
    assert _severe(browser) == []
