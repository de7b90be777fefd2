"""``narde show``: a game's board as SVG or PNG, or its viewer page."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from click.testing import CliRunner

from narde_notation.cli.main import narde

# two games; the first: 1. 65 (White 349) 54 (Black 351), 2. 61 (White 342)
GAMES = """\
[White "Ann"]
[Black "Bob"]

1. 65: 24/13   54: 24/15
2. 61: 24/18 18/17
*

[White "Cem"]
[Black "Dan"]

1. 43: 24/17
*
"""


@pytest.fixture
def games(tmp_path: Path) -> Path:
    path = tmp_path / "two.txt"
    path.write_text(GAMES, encoding="utf-8")
    return path


def run(*args: str) -> tuple[int, bytes, str]:
    result = CliRunner().invoke(narde, ["show", *args])
    return result.exit_code, result.stdout_bytes, result.stderr


def test_svg_of_the_last_half_turn_by_default(games: Path) -> None:
    code, out, _ = run(str(games))
    assert code == 0
    svg = out.decode()
    assert svg.startswith("<svg")
    assert "White 342 pips" in svg and "Black 351 pips" in svg
    assert svg.count('class="die"') == 2 and 'data-value="6"' in svg
    assert "After half-turn 3: White 61: 24/17" in svg


def test_ply_and_game_choose_the_picture(games: Path) -> None:
    code, out, _ = run(str(games), "--ply", "1")
    assert code == 0 and "White 349 pips" in out.decode() and "Black 360 pips" in out.decode()
    code, out, _ = run(str(games), "--ply", "0")
    assert code == 0 and 'class="die"' not in out.decode() and "Start" in out.decode()
    code, out, _ = run(str(games), "--game", "1")
    assert code == 0 and "White 353 pips" in out.decode()  # 360 - 7


def test_black_side(games: Path) -> None:
    code, out, _ = run(str(games), "--from", "black")
    assert code == 0 and "Black&#x27;s side" in out.decode()


def test_png_to_a_file(games: Path, tmp_path: Path) -> None:
    target = tmp_path / "board.png"
    code, out, _ = run(str(games), "-o", str(target), "--size", "300")
    assert code == 0 and out == b""
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">I", data[16:20])[0] == 300


def test_html_page(games: Path, tmp_path: Path) -> None:
    target = tmp_path / "game.html"
    code, _, _ = run(str(games), "-o", str(target), "--ply", "2")
    assert code == 0
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert 'id="white-pips" data-role="white-pips">White 349 pips' in page
    assert 'id="black-pips" data-role="black-pips">Black 351 pips' in page
    code, out, _ = run(str(games), "--format", "html")
    assert code == 0 and 'id="white-pips" data-role="white-pips">White 360 pips' in out.decode()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "2"], "holds 2 games (0 to 1)"),
        (["--game", "-1"], "numbered from 0"),
        (["--ply", "4"], "plies 0 to 3"),
        (["--ply", "-1"], "plies 0 to 3"),
        (["--format", "gif"], "Invalid value"),
    ],
)
def test_bad_numbers_are_usage_errors(games: Path, args: list[str], message: str) -> None:
    code, out, err = run(str(games), *args)
    assert code == 2
    assert message in err
    assert out == b""


def test_unreadable_and_unwritable_files(tmp_path: Path, games: Path) -> None:
    code, _, err = run(str(tmp_path / "missing.txt"))
    assert code == 2 and "cannot read" in err
    code, _, err = run(str(games), "-o", str(tmp_path / "no" / "such" / "dir.svg"))
    assert code == 2 and "cannot write" in err
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    code, _, err = run(str(empty))
    assert code == 2 and "no game" in err


def test_an_unknown_extension_is_a_usage_error(games: Path, tmp_path: Path) -> None:
    code, _, err = run(str(games), "-o", str(tmp_path / "board.pdf"))
    assert code == 2 and "--format" in err
    assert not (tmp_path / "board.pdf").exists()


def test_html_from_black_and_escaped_errors(games: Path, tmp_path: Path) -> None:
    code, out, _ = run(str(games), "--format", "html", "--from", "black")
    assert code == 0 and "Black&#x27;s side" in out.decode()
    code, _, err = run(str(tmp_path / "x\x1by.txt"))
    assert code == 2 and "\x1b" not in err and "x\\x1by.txt" in err
