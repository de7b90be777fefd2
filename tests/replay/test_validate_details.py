"""Where validation's findings point and what a report says about itself
(columns counted by hand: `1. 65: ` puts the first move at column 8)."""

from __future__ import annotations

import pytest

from narde_notation import parse_games, validate_games

TAGS = '[White "A"]\n[Black "B"]\n\n'


def reports(moves: str) -> list[object]:
    return list(validate_games(parse_games(TAGS + moves + "\n*\n", name="g.txt")))


@pytest.mark.parametrize(("moves", "code", "column"), [
    ("1. 65: 30/24 24/19", "no-checker", 8),         # from a point above 24 (R3)
    ("1. 65: 24/18 18/99", "wrong-direction", 14),   # to a point above 24 (R3)
    ("1. 65: bar/19 24/18", "bar", 8),               # no bar in Long Narde (R4)
])
def test_a_point_off_the_board_stops_the_replay_at_its_move(
    moves: str, code: str, column: int
) -> None:
    (report,) = reports(moves)
    assert [(f.code, f.file, f.game, f.line, f.column)  # type: ignore[attr-defined]
            for f in report.findings] == [(code, "g.txt", 0, 4, column)]  # type: ignore[attr-defined]
    assert report.stopped and not report.valid  # type: ignore[attr-defined]


def test_every_finding_names_its_file_game_line_and_column() -> None:
    # Black takes two checkers off its head (R5) on both turns: the second
    # head move is at column 30 of each line
    (report,) = reports("1. 65: 24/18 18/13 43: 24/20 24/21\n2. 31: 24/21 21/20 42: 24/20 24/22")
    assert [(f.code, f.file, f.game, f.line, f.column)  # type: ignore[attr-defined]
            for f in report.findings] == [  # type: ignore[attr-defined]
        ("head-rule", "g.txt", 0, 4, 30), ("head-rule", "g.txt", 0, 5, 30),
        ("unfinished", "g.txt", 0, 6, 1)]
    assert repr(report) == "<GameReport 'A' vs 'B', 4 half-turns, *, 2 errors>"
    (one,) = reports("1. 65: 24/18 18/13 43: 24/20 24/21")
    assert repr(one) == "<GameReport 'A' vs 'B', 2 half-turns, *, 1 error>"


def test_position_at_names_the_plies_it_has() -> None:
    (report,) = reports("1. 65: 24/18 18/13 43: 24/20 20/17")
    assert report.position_at(0) == report.start  # type: ignore[attr-defined]
    assert report.position_at(2) == report.final_position  # type: ignore[attr-defined]
    for ply in (-1, 3):
        with pytest.raises(IndexError, match=r"ply -?[0-9] is outside 0…2"):
            report.position_at(ply)  # type: ignore[attr-defined]
