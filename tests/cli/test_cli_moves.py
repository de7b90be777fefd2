"""``narde moves``: legal turns on the command line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from narde_notation.cli.main import narde


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(narde, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("roll", ["65", "56", "6-5", "6:5"])
def test_opening_65_text(roll: str) -> None:
    code, out = run("moves", "24:15 / 24:15 / W", roll)
    assert code == 0
    assert "1 legal turn" in out
    assert "24:14 13:1 / 24:15 / B" in out


def test_json_bear_off() -> None:
    # Hand-worked in test_engine.test_seed_bear_off_65: two end positions.
    code, out = run(
        "moves", "6:2 5:2 4:2 3 2 1 / 6:2 5:2 4:2 3:3 2:3 1:3 / W", "65", "--format", "json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["max_dice"] == 2
    positions = {t["position"] for t in data["turns"]}
    assert positions == {
        "6:1 5:1 4:2 3:1 2:1 1:1 / 6:2 5:2 4:2 3:3 2:3 1:3 / B",
        "5:2 4:2 3:1 2:1 1:2 / 6:2 5:2 4:2 3:3 2:3 1:3 / B",
    }
    moves = {t["moves"] for t in data["turns"]}
    assert "6/off 5/off" in moves or "5/off 6/off" in moves


def test_rules_option() -> None:
    # First-turn 6-6 under reroll: 24/18(2).
    code, out = run("moves", "24:15 / 24:15 / W", "66", "--rules", "reroll", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data == {
        "max_dice": 2,
        "turns": [{"moves": "24/18(2)", "position": "24:13 18:2 / 24:15 / B"}],
    }


def test_pass_json() -> None:
    code, out = run("moves", "10:1 / 18:1 17:1 1:12 / W", "54", "--format", "json")
    assert code == 0
    assert json.loads(out) == {
        "max_dice": 0,
        "turns": [{"moves": "pass", "position": "10:1 / 18:1 17:1 1:12 / B"}],
    }


@pytest.mark.parametrize(
    ("args", "part"),
    [
        (("moves", "24:15 / 24:15", "65"), "POSITION"),
        (("moves", "24:16 / 24:15 / W", "65"), "POSITION"),
        (("moves", "24:15 / 24:15 / W", "75"), "ROLL"),
        (("moves", "24:15 / 24:15 / W", "6"), "ROLL"),
        (("moves", "24:15 / 24:15 / W", "65", "--rules", "gammon"), "gammon"),
        (("moves", "24:15 / 24:15 / W", "65", "--format", "xml"), "xml"),
    ],
)
def test_bad_input_is_a_usage_error(args: tuple[str, ...], part: str) -> None:
    result = CliRunner().invoke(narde, list(args))
    assert result.exit_code == 2
    assert part in result.output
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    )


def test_finished_position_is_a_usage_error() -> None:
    # White has borne off all 15 (no White checker listed): the game is over
    # (R9), so no roll may be played (R11).
    result = CliRunner().invoke(narde, ["moves", " / 1 / B", "65"])
    assert result.exit_code == 2
    assert "game is over" in result.output


def test_short_help_option() -> None:
    result = CliRunner().invoke(narde, ["moves", "-h"])
    assert result.exit_code == 0
    assert "POSITION" in result.output


@pytest.mark.parametrize("side", ["W", "B"])
def test_a_double_on_the_initial_position_names_r2(side: str) -> None:
    code, out = run("moves", f"24:15 / 24:15 / {side}", "33")
    assert code == 0
    assert "Note: R2 makes 33 an opening double" in out and "reroll" in out
    code, out = run("moves", f"24:15 / 24:15 / {side}", "33", "--format", "json")
    assert "R2" in json.loads(out)["note"]


def test_no_r2_note_under_reroll_nor_for_a_plain_roll_nor_later() -> None:
    assert "R2" not in run("moves", "24:15 / 24:15 / W", "33", "--rules", "reroll")[1]
    assert "R2" not in run("moves", "24:15 / 24:15 / W", "31")[1]
    code, out = run("moves", "24:14 13:1 / 24:15 / B", "33")
    assert code == 0 and "R2" not in out
