"""The club report (issue 12): contents, escaping, links, pages; headless browser."""

from __future__ import annotations

import html
import json
import os
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from narde_notation.cli.stats import narde_stats
from narde_notation.show.club_report import write_report

SCRIPT = "<script>alert(1)</script>"
FORMULA = '=HYPERLINK("http://evil.example/","click")'
WHITE_MARS = '[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n2-0\n'
BLACK_OYN = '[Position "1:14 / 1 / B"]\n\n1... 21: 1/off\n0-1\n'
ILLEGAL = "1. 65: 24/18 24/19\n*\n"


def game(white: str, black: str, body: str, date: str = "2026.03.01") -> str:
    return f'[White "{white}"]\n[Black "{black}"]\n[Date "{date}"]\n{body}\n'


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """Four players (two with hostile names), three valid games, one invalid."""
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "march.txt").write_text(
        game(SCRIPT.replace('"', '\\"'), "Bob", WHITE_MARS)
        + game("Bob", FORMULA.replace('"', '\\"'), BLACK_OYN)
        + game("Ann", "Bob", WHITE_MARS, "2026.02.01"),
        encoding="utf-8",
    )
    (folder / "bad & <odd>.txt").write_text(game("Ann", "Cid", ILLEGAL), encoding="utf-8")
    return folder


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.scripts += tag == "script"
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.refs.append(value)


def _links(page: Path) -> _Links:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def test_report_contents_links_and_escaping(club: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    index = write_report([str(club)], out)
    assert index == out / "index.html"
    text = index.read_text(encoding="utf-8")
    # hostile names appear escaped, never as markup
    assert html.escape(SCRIPT) in text
    assert SCRIPT not in text
    assert html.escape(FORMULA) in text and FORMULA not in text
    assert html.escape("bad & <odd>.txt") in text
    parser = _links(index)
    assert parser.scripts == 0  # no script at all: nothing from a record ran
    # self-contained: every reference is a page of the report or inline data
    for ref in parser.refs:
        assert not ref.startswith(("http:", "https:", "//")), ref
        if not ref.startswith(("data:", "#")):
            assert (out / html.unescape(ref)).is_file(), ref
    pages = sorted(p.name for p in (out / "games").iterdir())
    assert len(pages) == 4  # 4 games <= report_games: every game has its page
    assert len([r for r in parser.refs if r.startswith("games/")]) >= 4
    for page in (out / "games").iterdir():
        body = page.read_text(encoding="utf-8")
        assert SCRIPT not in body
        # the viewer's script and style are the report's shared files, not in the page
        refs = _links(page).refs
        assert refs == ["../assets/viewer.css", "../assets/viewer.js"], refs
        assert "addEventListener" not in body and ".narde-viewer{" not in body
    from narde_notation.show.viewer import viewer_assets

    shipped = viewer_assets()
    for name in ("viewer.js", "viewer.css"):
        assert (out / "assets" / name).read_text(encoding="utf-8") == shipped[name]
    assert 'name="viewport"' in text and "overflow-x:auto" in text
    for section in ("summary", "standings", "ratings", "plots", "findings", "games"):
        assert f'id="{section}"' in text
    assert text.count("data:image/png;base64,") == 4  # ratings, mars, lengths, dice
    assert "head-rule" in text  # the invalid game's finding, by code


def test_past_report_games_only_games_with_findings_get_pages(club: Path,
                                                              tmp_path: Path) -> None:
    out = tmp_path / "small"
    write_report([str(club)], out)
    assert len(list((out / "games").iterdir())) == 4
    (out / "games" / "notes.txt").write_text("mine", encoding="utf-8")
    write_report([str(club)], out, report_games=2)  # the earlier pages go, other files stay
    pages = list((out / "games").glob("*.html"))
    assert len(pages) == 1  # only the illegal game
    assert (out / "games" / "notes.txt").is_file()
    assert "head-rule" in pages[0].read_text(encoding="utf-8")
    parser = _links(out / "index.html")
    refs = [r for r in parser.refs if r.startswith("games/")]
    # the games table, and its findings (head-rule; unfinished at the *)
    assert set(refs) == {f"games/{pages[0].name}"} and len(refs) == 3


def test_report_from_tables_with_category_columns(club: Path, tmp_path: Path) -> None:
    from narde_notation.archive.frames import tables

    ft = tables([str(club)])
    ft.games = ft.games.astype({"file": "category", "winner": "category",
                                "first_mover": "category"})
    ft.findings = ft.findings.astype({"file": "category", "code": "category"})
    index = write_report([str(club)], tmp_path / "cat", tables=ft)
    refs = [r for r in _links(index).refs if r.startswith("games/")]
    assert len(set(refs)) == 4 and all((index.parent / r).is_file() for r in refs)
    assert "Matches (4; 3 rated)" in index.read_text(encoding="utf-8")


def test_cli_report_and_standings_by_player(club: Path, tmp_path: Path) -> None:
    out = tmp_path / "cli"
    result = CliRunner().invoke(
        narde_stats, [str(club), "--report", str(out), "--report-games", "10", "-j", "1",
                      "--by", "player", "--format", "json"])
    assert result.exit_code == 0, result.output
    players = {row["player"]: row for row in json.loads(result.stdout)}
    assert set(players) == {SCRIPT, FORMULA, "Ann", "Bob", "Cid"}
    # Ann beats Bob first (February), then in March the <script> player and
    # the =HYPERLINK player beat Bob: three 1-point matches.  Ann: +2 x 5
    # = 1510 (Bob 1490, exp 1).  <script> (1500, exp 0) beats Bob (1490):
    # D = 10, Bob's chance 1 / (10 ** 0.005 + 1) = 1 / 2.0115795 = 0.4971218,
    # change 4 * 0.4971218 = 1.9884872, x 5 -> 1509.942436.
    assert players["Ann"]["rating"] == pytest.approx(1510.0)
    assert players[SCRIPT]["rating"] == pytest.approx(1509.942436, abs=1e-6)
    assert players["Bob"]["matches"] == 3 and players["Bob"]["matches_lost"] == 3
    assert players["Bob"]["matches_won"] == 0 and players["Bob"]["experience"] == 3
    assert players["Ann"]["matches"] == 2 and players["Ann"]["matches_won"] == 1
    assert players["Cid"]["games"] == 0 and players["Cid"]["rating"] == 1500.0
    assert (out / "index.html").is_file()
    assert f"report: {out / 'index.html'}" in result.stderr
    csv = CliRunner().invoke(narde_stats, [str(club), "--by", "player", "--format", "csv",
                                           "-j", "1", "-q"])
    assert csv.exit_code == 0
    lines = csv.stdout.splitlines()
    assert lines[0].startswith("player,") and "matches_won" in lines[0]
    assert "rating" in lines[0] and "experience" in lines[0]
    formula_rows = [line for line in lines if "HYPERLINK" in line]
    assert len(formula_rows) == 1 and formula_rows[0].startswith("\"'=HYPERLINK(")


def test_report_to_an_unwritable_place_exits_2(club: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    result = CliRunner().invoke(narde_stats, [str(club), "--report", str(blocker / "sub"),
                                              "-q", "-j", "1"])
    assert result.exit_code == 2
    assert "cannot write the report" in result.stderr


CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def test_report_in_headless_chromium(club: Path, tmp_path: Path) -> None:
    """Opened in a phone-sized headless Chromium: no console error, every link
    leads to a page that loads, the standings list every player."""
    webdriver = pytest.importorskip("selenium.webdriver")
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        pytest.skip("chromium or chromedriver not installed")
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    out = tmp_path / "browse"
    index = write_report([str(club)], out)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    # a phone: 390 CSS pixels wide, the viewport meta tag applies
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except Exception as exc:  # a browser that cannot start here is an absent one
        pytest.skip(f"headless chromium does not start: {exc}")
    try:
        driver.get(index.as_uri())
        rows = driver.find_elements(By.CSS_SELECTOR, "#standings-table tbody tr")
        names = {r.find_elements(By.TAG_NAME, "td")[1].text for r in rows}
        assert names == {SCRIPT, FORMULA, "Ann", "Bob", "Cid"}
        # the page is as wide as the phone: tables scroll inside their box
        width = driver.execute_script("return document.documentElement.scrollWidth")
        assert width <= 390
        images = driver.find_elements(By.TAG_NAME, "img")
        assert images and all(
            driver.execute_script("return arguments[0].naturalWidth", img) > 0
            for img in images)
        hrefs = [a.get_attribute("href") for a in driver.find_elements(By.TAG_NAME, "a")]
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert errors == []
        assert hrefs
        for href in hrefs:
            assert href.startswith("file://")
            driver.get(href)
            assert "ERR_FILE_NOT_FOUND" not in driver.page_source
            assert driver.find_elements(By.TAG_NAME, "h1")
            if "/games/" in href:  # the shared script drew the board from the page's data
                assert driver.find_elements(By.CSS_SELECTOR, ".board g.play circle.checker")
                # the board shrinks to the phone's width: nothing scrolls sideways
                assert driver.execute_script(
                    "return document.documentElement.scrollWidth") <= 390
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            assert errors == [], href
    finally:
        driver.quit()
