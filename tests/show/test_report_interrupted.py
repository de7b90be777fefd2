"""Ctrl-C while the club report is written (issue 19, decisions F21): exit 130
and the folder holds the old report or none, never half of one; the site is
written beside the folder and moved into place at the end."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import narde_notation.show.club_report as club_report
import narde_notation.show.viewer as viewer
from narde_notation.cli.stats import narde_stats

GAMES = ('[White "Ann"]\n[Black "Bob"]\n[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n2-0\n\n'
         '[White "Bob"]\n[Black "Cid"]\n[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n2-0\n')


def _interrupted(*args: object, **kwargs: object) -> object:
    raise KeyboardInterrupt


def _run(club: Path, out: Path) -> tuple[int, str]:
    done = CliRunner().invoke(narde_stats, [str(club), "--report", str(out), "-q", "-j", "1"])
    return done.exit_code, done.output


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "march.txt").write_text(GAMES, encoding="utf-8")
    return folder


@pytest.mark.parametrize("where", ["index", "page"])
def test_a_first_report_interrupted_leaves_no_folder(club: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     where: str) -> None:
    if where == "index":  # the pages are written, the index is being made
        monkeypatch.setattr(club_report, "_games_html", _interrupted)
    else:  # a game's page is being made
        monkeypatch.setattr(viewer, "game_page", _interrupted)
    out = tmp_path / "site" / "report"
    code, output = _run(club, out)
    assert code == 130 and "interrupted" in output
    assert not out.exists()
    assert os.listdir(tmp_path / "site") == []  # nothing left beside it either


def test_an_interrupted_report_leaves_the_old_one_whole(club: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "report"
    assert _run(club, out)[0] == 0
    before = _tree(out)
    assert "index.html" in before and "games/g00000.html" in before
    (club / "april.txt").write_text(GAMES.replace("Ann", "Dan"), encoding="utf-8")
    monkeypatch.setattr(club_report, "_games_html", _interrupted)
    code, _ = _run(club, out)
    assert code == 130
    assert _tree(out) == before
    assert sorted(os.listdir(tmp_path)) == ["club", "report"]


def test_a_new_report_replaces_the_old_and_keeps_other_files(club: Path,
                                                             tmp_path: Path) -> None:
    out = tmp_path / "report"
    assert _run(club, out)[0] == 0
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    (out / "games" / "logo.png").write_bytes(b"png")
    (out / "games" / "g00099.html").write_text("stale page", encoding="utf-8")
    (club / "april.txt").write_text(GAMES.replace("Ann", "Dan"), encoding="utf-8")
    assert _run(club, out)[0] == 0
    assert "Dan" in (out / "index.html").read_text(encoding="utf-8")
    # four games, four pages: the stale fifth is gone, the folder's other files stay
    assert sorted(os.listdir(out / "games")) == [
        "g00000.html", "g00001.html", "g00002.html", "g00003.html", "logo.png"]
    assert (out / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert sorted(os.listdir(tmp_path)) == ["club", "report"]
    # the pages' folder is readable as a folder made by mkdir is, not private
    assert (out / "games").stat().st_mode & 0o777 == out.stat().st_mode & 0o777
