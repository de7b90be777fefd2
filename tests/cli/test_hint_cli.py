"""``narde hint``: each row's depth, and a record's half-turn as input (issue 28 item 3)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from narde_notation.cli.main import narde

# White 6-5 24/13, Black 5-4 24/15, White 3-1 24/23 13/10: before the third
# half-turn the position is White 24:14 13:1, Black 24:14 15:1, White to move
# (README, "A game being played").
GAME = "1. 65: 24/13  54: 24/15\n2. 31: 24/23 13/10\n*\n"
BEFORE_THIRD = "24:14 13:1 / 24:14 15:1 / W"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(narde, list(args))
    return result.exit_code, result.output


def test_each_row_says_its_depth() -> None:
    # at 1 ply only the turns passing the move filter are searched 1 ply deep;
    # the others keep 0-ply figures, and each row says which
    code, out = run("hint", BEFORE_THIRD, "21", "--ply", "1", "--format", "json")
    assert code == 0, out
    rows = json.loads(out)
    depths = [row["ply"] for row in rows]
    assert set(depths) == {0, 1} and depths[0] == 1
    code, text = run("hint", BEFORE_THIRD, "21", "--ply", "1")
    lines = [x for x in text.splitlines() if re.match(r"\s+\d+\. ", x)]
    assert [("1-ply" in x, "0-ply" in x) for x in lines] == [(d == 1, d == 0) for d in depths]


def test_bear_off_rows_are_exact() -> None:
    code, text = run("hint", "2:1 1:1 / 6:2 / W", "21")  # both sides home
    assert code == 0
    assert all(" exact " in x for x in text.splitlines()[1:])


def test_a_half_turn_of_a_record(tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    game.write_text(GAME, encoding="utf-8")
    code, out = run("hint", str(game), "--half-turn", "3", "--format", "json")
    assert code == 0, out
    rows = json.loads(out)
    code, typed = run("hint", BEFORE_THIRD, "31", "--format", "json")
    assert [r["turn"] for r in rows] == [r["turn"] for r in json.loads(typed)]
    assert [r["turn"] for r in rows if r["played"]] == ["24/23 13/10"]
    code, text = run("hint", str(game), "--half-turn", "3")
    assert text.startswith("half-turn 3: White to play 31")
    (marked,) = [x for x in text.splitlines() if "<- played" in x]
    assert "24/23 13/10" in marked


@pytest.mark.parametrize(("args", "message"), [
    (["--half-turn", "4"], "has half-turns 1 to 3"),
    (["--half-turn", "1", "--game", "1"], "holds 1 game"),
])
def test_a_half_turn_that_is_not_there(tmp_path: Path, args: list[str], message: str) -> None:
    game = tmp_path / "game.txt"
    game.write_text(GAME, encoding="utf-8")
    result = CliRunner().invoke(narde, ["hint", str(game), *args])
    assert result.exit_code == 2
    assert message in result.output


def test_a_position_needs_its_roll() -> None:
    code, out = run("hint", BEFORE_THIRD)
    assert code == 2 and "ROLL" in out


def test_the_help_says_whose_equity_it_is() -> None:
    # issue 28 item 12: "of the side to move after the turn" read as the opponent's
    code, out = run("hint", "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "the points the player to move (the one choosing the turn) can expect" in text
    assert "side to move after the turn" not in text


def test_a_loss_of_nothing_has_no_sign() -> None:
    # White's 4 and 1 with 21: 4/1 leaves two checkers on 1, 4/2 1/off one on
    # 2; either way every roll bears the rest off next turn, and Black (15 on
    # its 6, none off) cannot finish in one roll: both turns win the same, so
    # the second gives up nothing. It printed "(-0.000)" (a loss of -0.0).
    code, text = run("hint", "4:1 1:1 / 6:15 / W", "21")
    assert code == 0, text
    rows = [x for x in text.splitlines() if re.match(r"\s+\d+\. ", x)]
    assert len(rows) == 2 and "(0.000)" in rows[1]
    assert "-0.000" not in text


@pytest.mark.parametrize(("value", "shown"), [
    (0.0, " 0.000"), (-0.0, " 0.000"), (-0.0004, " 0.000"), (0.0004, " 0.000"),
    (-0.04, "-0.040"), (0.125, "+0.125"), (-1.5, "-1.500"), (2.0, "+2.000")])
def test_an_equity_that_rounds_to_zero_has_no_sign(value: float, shown: str) -> None:
    from narde_notation.analysis import signed

    assert signed(value) == shown
