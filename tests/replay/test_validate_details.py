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
], ids=["from-30", "to-99", "bar"])
def test_a_point_off_the_board_stops_the_replay_at_its_move(
    moves: str, code: str, column: int
) -> None:
    (report,) = reports(moves)
    assert [(f.code, f.file, f.game, f.line, f.column)  # type: ignore[attr-defined]
            for f in report.findings] == [(code, "g.txt", 0, 4, column)]  # type: ignore[attr-defined]
    assert report.stopped and not report.valid  # type: ignore[attr-defined]
    # the half-turn is in the replay, not applied, with its finding
    (turn,) = report.turns  # type: ignore[attr-defined]
    assert (turn.ply, turn.before, turn.after) == (0, report.start, None)  # type: ignore[attr-defined]
    assert [f.code for f in turn.findings] == [code]


def test_a_half_turn_after_the_end_is_game_over_and_stops() -> None:
    # White bears off its last checker (mars, R9); Black's reply comes too late
    text = '[White "A"]\n[Black "B"]\n[Position "1 / 24:15 / W"]\n\n1. 21: 1/off 21: 24/22 24/23\n'
    (report,) = validate_games(parse_games(text, name="g.txt"))
    assert [(f.code, f.line, f.column) for f in report.findings] == [("game-over", 5, 14)]
    assert "White won" in report.findings[0].message
    first, late = report.turns
    assert late.before == first.after and late.after is None
    assert [f.code for f in late.findings] == ["game-over"]
    assert report.stopped


@pytest.mark.parametrize(("end", "says"), [("*", "with *"), ("", "without a result")],
                         ids=["star", "nothing"])
def test_an_unfinished_record_says_how_it_ends(end: str, says: str) -> None:
    (report,) = validate_games(parse_games(TAGS + "1. 65: 24/18 18/13\n" + end, name="g.txt"))
    (finding,) = report.findings
    assert finding.code == "unfinished"
    assert finding.message == f"the record ends {says} before the game is over."


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


def test_a_resignation_worth_more_than_the_position_names_who_resigned() -> None:
    # White has one checker off: resigning, it can lose an oyn (1 point), not a
    # mars (R9); the result 0-2 claims a mars
    text = ('[White "A"]\n[Black "B"]\n[Position "6:5 5:5 4:4 / 24:15 / W"]\n'
            '[Termination "resign"]\n\n1. 21: 6/4 5/4\n0-2\n')
    (report,) = validate_games(parse_games(text, name="g.txt"))
    (finding,) = report.findings
    assert (finding.code, finding.line, finding.column) == ("wrong-result", 7, 1)
    assert "White resigning" in finding.message and "at most 1 (oyn)" in finding.message
