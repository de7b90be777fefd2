"""``narde-stats --by player``: a table a terminal can show, ``-`` for a missing
value (issue 28 item 11)."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner
from records import MARS_GAME, OYN_BLACK

from narde_notation.archive.table_text import text_table
from narde_notation.cli.stats import PLAYER_COLUMNS, narde_stats


@pytest.fixture
def games(tmp_path: Path) -> Path:
    path = tmp_path / "one.txt"
    path.write_text(MARS_GAME + "\n" + OYN_BLACK, encoding="utf-8")
    return path


def header(out: str) -> list[str]:
    return out.splitlines()[0].split()


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(narde_stats, [*args, "--jobs", "1", "-q"])
    return result.exit_code, result.stdout


def test_the_default_table_fits_a_terminal(games: Path) -> None:
    code, out = run(str(games), "--by", "player")
    assert code == 0
    assert header(out) == list(PLAYER_COLUMNS)
    assert max(len(line) for line in out.splitlines()) <= 100


def test_every_column_on_request_and_in_csv(games: Path) -> None:
    _, wide = run(str(games), "--by", "player", "--columns", "all")
    assert len(header(wide)) == 20  # the player and the standings' 19 columns
    _, csv = run(str(games), "--by", "player", "--format", "csv")
    assert len(csv.splitlines()[0].split(",")) == 20
    code, some = run(str(games), "--by", "player", "--columns", "rating,games")
    assert code == 0 and header(some) == ["player", "rating", "games"]
    code, _ = run(str(games), "--by", "player", "--columns", "elo")
    assert code == 2


def test_a_missing_value_is_a_dash_never_nan() -> None:
    frame = pd.DataFrame({"error_rate": [4.5, math.nan], "skill": ["Expert", None],
                          "rating": pd.array([1510, None], dtype="Int64")},
                         index=pd.Index(["Ann", "Bob"], name="player"))
    table = text_table(frame)
    assert "nan" not in table and "<NA>" not in table
    bob = table.splitlines()[-1].split()
    assert bob == ["Bob", "-", "-", "-"]
