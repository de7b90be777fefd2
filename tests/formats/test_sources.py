"""Which files the tools read for the paths a user names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from narde_notation.formats.sources import expand_paths, record_files


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "1.txt").write_text("")
    (tmp_path / "a" / "2.MAT").write_text("")
    (tmp_path / "a" / "notes.md").write_text("")
    (tmp_path / "a" / ".git").mkdir()
    (tmp_path / "a" / ".git" / "x.txt").write_text("")
    return tmp_path


def test_folder_is_recursive_by_suffix_and_skips_hidden(tree: Path) -> None:
    files = expand_paths([str(tree / "a")]).files
    assert [Path(f).name for f in files] == ["1.txt", "2.MAT"]


def test_a_file_reached_twice_is_read_once(tree: Path) -> None:
    files = expand_paths([str(tree / "a"), str(tree / "a" / ".." / "a" / "1.txt")]).files
    assert len(files) == 2


def test_named_file_is_read_whatever_its_suffix(tree: Path) -> None:
    assert expand_paths([str(tree / "a" / "notes.md")]).files == [str(tree / "a" / "notes.md")]


def test_missing_path_and_empty_glob_are_problems(tree: Path) -> None:
    result = expand_paths([str(tree / "nope"), str(tree / "*.nrd"), "-"])
    assert result.files == ["-"]
    assert len(result.problems) == 2


def test_broken_link_inside_a_folder_is_a_problem(tree: Path) -> None:
    os.symlink(tree / "gone.txt", tree / "a" / "3.txt")
    result = expand_paths([str(tree / "a")])
    assert [Path(f).name for f in result.files] == ["1.txt", "2.MAT"]
    assert result.problems == [f"{tree / 'a' / '3.txt'}: a link to nothing"]


def test_record_files_raises_for_library_callers(tree: Path) -> None:
    with pytest.raises(FileNotFoundError) as info:
        record_files(tree / "nope")
    assert info.value.filename == str(tree / "nope")


def test_fifos_are_never_opened(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "game.txt").write_text("")
    os.mkfifo(tmp_path / "d" / "pipe.txt")
    inside = expand_paths([str(tmp_path / "d")])
    assert inside.files == [str(tmp_path / "d" / "game.txt")]
    assert inside.problems == []
    assert inside.notices == [f"{tmp_path / 'd' / 'pipe.txt'}: skipped, a FIFO (named pipe)"]
    named = expand_paths([str(tmp_path / "d" / "pipe.txt"), str(tmp_path / "d" / "game.txt")])
    assert named.files == [str(tmp_path / "d" / "game.txt")]
    assert named.problems == [f"{tmp_path / 'd' / 'pipe.txt'}: not read: a FIFO (named pipe)"]


def test_a_folder_without_record_files_is_a_problem(tmp_path: Path) -> None:
    (tmp_path / "e").mkdir()
    (tmp_path / "e" / "notes.md").write_text("")
    result = expand_paths([str(tmp_path / "e")])
    assert result.files == []
    assert result.problems == [
        f"{tmp_path / 'e'}: no record file (*.txt, *.mat, *.nrd) in this folder"]
