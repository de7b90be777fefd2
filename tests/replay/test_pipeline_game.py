"""``Pipeline.game``: the one owner of "game N of a file" (issue 26), used by
``narde show``, ``narde hint --half-turn`` and the analysis board's ``--game``."""

from __future__ import annotations

from pathlib import Path

import pytest

from narde_notation.replay import Pipeline
from narde_notation.show.board_app import BoardError, load_record


def _game(white: str) -> str:
    # White's last checker on own 1 bears off with the 1; Black has all 15 on
    # its head: mars, 2 points for White (R9).
    return (f'[White "{white}"]\n[Black "Bob"]\n[Position "1 / 24:15 / W"]\n'
            '[Result "2-0"]\n\n1. 21: 1/off\n2-0\n')


@pytest.fixture
def three_games(tmp_path: Path) -> Path:
    path = tmp_path / "three.txt"
    path.write_text("\n".join(_game(name) for name in ("Ann", "Cy", "Dee")), encoding="utf-8")
    return path


@pytest.mark.parametrize(("index", "white"), [(0, "Ann"), (1, "Cy"), (2, "Dee")])
def test_game_is_the_nth_game_replayed(three_games: Path, index: int, white: str) -> None:
    item = Pipeline().game(str(three_games), index)
    assert item.record.index == index and item.record.white == white
    assert item.failure is None and item.report is not None
    # the one half-turn bears White's last checker off: a mars, 2 points (R9)
    assert item.report.plies_replayed == 1
    assert (item.report.kind, item.report.points) == ("mars", 2)


def test_game_past_the_last_says_how_many_there_are(three_games: Path) -> None:
    with pytest.raises(IndexError, match=r"three\.txt holds 3 games \(0 to 2\)"):
        Pipeline().game(str(three_games), 3)


def test_game_of_a_file_with_one_game(tmp_path: Path) -> None:
    path = tmp_path / "one.txt"
    path.write_text(_game("Ann"), encoding="utf-8")
    with pytest.raises(IndexError, match=r"one\.txt holds 1 game \(0 to 0\)"):
        Pipeline().game(str(path), 1)


def test_game_of_a_file_without_games(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("", encoding="utf-8")
    with pytest.raises(IndexError, match=r"empty\.txt holds no game"):
        Pipeline().game(str(path), 0)


def test_game_numbers_start_at_zero(three_games: Path) -> None:
    with pytest.raises(IndexError, match="numbered from 0"):
        Pipeline().game(str(three_games), -1)


def test_game_is_replayed_with_the_games_before_it(tmp_path: Path) -> None:
    # game 0 is a mars for White (2 points, R9), so game 1 of the match must
    # start at 2-0: its Score "1-0" is wrong (R10); game 0's "0-0" is right.
    path = tmp_path / "match.txt"
    path.write_text(
        '[White "A"]\n[Black "B"]\n[Match "3"]\n[Game "1"]\n[Score "0-0"]\n'
        '[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n2-0\n\n'
        '[White "A"]\n[Black "B"]\n[Match "3"]\n[Game "2"]\n[Score "1-0"]\n'
        '[Position "1 / 1 / W"]\n\n1. 21: 1/off\n1-0\n', encoding="utf-8")
    first, second = (Pipeline().game(str(path), k).report for k in (0, 1))
    assert first is not None and second is not None
    assert "wrong-result" not in {f.code for f in first.findings}
    assert "wrong-result" in {f.code for f in second.findings}


def test_the_board_chooses_its_game_through_the_pipeline(three_games: Path) -> None:
    assert load_record(str(three_games), 2).white == "Dee"
    with pytest.raises(BoardError, match=r"--game 5: .*holds 3 games \(0 to 2\)"):
        load_record(str(three_games), 5)
