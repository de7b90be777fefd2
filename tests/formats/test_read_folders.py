"""``read_games`` on a folder or a glob, as every program takes them (issue 28 item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from narde_notation.formats.reader import read_games

GAME = '[White "{name}"]\n\n1. 65: 24/13\n*\n'


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "deeper").mkdir()
    (tmp_path / "a.txt").write_text(GAME.format(name="A") + "\n" + GAME.format(name="B"))
    (tmp_path / "deeper" / "c.txt").write_text(GAME.format(name="C"))
    (tmp_path / "notes.md").write_text("not a record")  # not a record file: passed over
    return tmp_path


def test_a_folder_reads_every_record_file_however_deep(folder: Path) -> None:
    assert [g.white for g in read_games(folder)] == ["A", "B", "C"]
    assert [g.white for g in read_games(str(folder))] == ["A", "B", "C"]


def test_a_glob_reads_the_files_it_matches(folder: Path) -> None:
    assert [g.white for g in read_games(str(folder / "*.txt"))] == ["A", "B"]
    assert [g.white for g in read_games(str(folder / "**" / "c.txt"))] == ["C"]


def test_a_glob_matching_nothing_says_so(folder: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no file matches"):
        read_games(str(folder / "*.mat"))
