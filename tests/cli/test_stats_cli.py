"""``narde-stats``: formats, files written, exit codes (click's CliRunner)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from records import MARS_GAME, OYN_BLACK

from narde_notation.cli.stats import narde_stats

# Two finished games (hand-worked in records.py): a mars won by White
# (Ann) and an oyn won by Black (Ann again, moving first).
GAMES = MARS_GAME + "\n" + OYN_BLACK
ILLEGAL = '[White "Cid"]\n[Black "Dan"]\n\n1. 65: 24/18 24/19\n*\n'


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    (tmp_path / "arch").mkdir()
    (tmp_path / "arch" / "one.txt").write_text(GAMES, encoding="utf-8")
    (tmp_path / "arch" / "two.txt").write_text(ILLEGAL, encoding="utf-8")
    return tmp_path / "arch"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(narde_stats, list(args))
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def test_json_summary(archive: Path) -> None:
    code, out, err = run(str(archive), "--format", "json", "--jobs", "1")
    assert code == 0, err
    data = json.loads(out)
    assert data["overview"]["games"] == 3
    assert data["overview"]["valid"] == 2
    assert data["kinds"] == {"oyn": 1, "mars": 1, "koks": 0, "draw": 0}
    assert data["skipped"] == {"errors: head-rule": 1}
    assert data["overview"]["white_wins"] == 1 and data["overview"]["black_wins"] == 1
    assert "3 games" in err


def test_table_and_markdown(archive: Path) -> None:
    code, out, _ = run(str(archive))
    assert code == 0
    assert "Overview" in out and "mars_rate" in out and "Dice fairness" in out
    code, md, _ = run(str(archive), "--format", "markdown")
    assert code == 0
    assert "## Overview" in md and "|" in md


def test_csv_summary_is_tidy(archive: Path) -> None:
    code, out, _ = run(str(archive), "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert set(rows[0]) == {"section", "key", "value"}
    games = [r for r in rows if r["section"] == "overview" and r["key"] == "games"]
    assert float(games[0]["value"]) == 3


def test_by_player_and_by_file(archive: Path) -> None:
    code, out, _ = run(str(archive), "--by", "player", "--format", "json")
    assert code == 0
    players = {row["player"]: row for row in json.loads(out)}  # a list (issue 18)
    assert players["Ann"]["wins"] == 2 and players["Ann"]["mars_given"] == 1
    assert players["Bob"]["losses"] == 2 and players["Bob"]["points_lost"] == 3
    code, out, _ = run(str(archive), "--by", "file", "--format", "csv")
    assert code == 0
    rows = {Path(r["file"]).name: r for r in csv.DictReader(io.StringIO(out))}
    assert rows["one.txt"]["games"] == "2" and rows["two.txt"]["valid"] == "0"


def test_games_and_turns_csv(archive: Path, tmp_path: Path) -> None:
    games, turns = tmp_path / "g.csv", tmp_path / "t.csv"
    code, _, _ = run(str(archive), "--games-csv", str(games), "--turns-csv", str(turns))
    assert code == 0
    g = list(csv.DictReader(games.open(encoding="utf-8")))
    assert len(g) == 3
    assert [r["kind"] for r in g] == ["mars", "oyn", ""]
    t = list(csv.DictReader(turns.open(encoding="utf-8")))
    assert len(t) == 3 and t[0]["roll"] == "21"


def test_missing_file_exit_2_others_processed(archive: Path) -> None:
    missing = str(archive / "nope.txt")
    code, out, err = run(str(archive / "one.txt"), missing, "--format", "json")
    assert code == 2
    assert missing in err
    data = json.loads(out)
    assert data["overview"]["games"] == 2
    # the other file's rolls still count for dice fairness (two 21s, no
    # opening rolls: both games start from a Position tag)
    assert data["dice"]["rolls"]["21"] == 2
    assert "Traceback" not in err


def test_bad_rules_is_a_usage_error(archive: Path) -> None:
    code, _, err = run(str(archive), "--rules", "nonsense")
    assert code == 2
    assert "nonsense" in err


def test_bad_format_is_a_usage_error(archive: Path) -> None:
    code, _, _ = run(str(archive), "--format", "xml")
    assert code == 2


def test_jobs_give_the_same_output(archive: Path) -> None:
    one = run(str(archive), "--format", "json", "--jobs", "1")
    two = run(str(archive), "--format", "json", "--jobs", "2")
    assert one[0] == two[0] == 0
    assert json.loads(one[1]) == json.loads(two[1])


def test_plots_written(archive: Path, tmp_path: Path) -> None:
    out = tmp_path / "plots"
    code, _, err = run(str(archive), "--plots", str(out))
    assert code == 0, err
    names = sorted(p.name for p in out.iterdir())
    assert names == ["dice.png", "game_lengths.png", "mars_rate.png", "race.png"]
    for p in out.iterdir():
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_stdin(archive: Path) -> None:
    result = CliRunner().invoke(narde_stats, ["-", "--format", "json"], input=GAMES)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["overview"]["games"] == 2


def test_rules_override(archive: Path, tmp_path: Path) -> None:
    # Under koks the mars game (Black all 15 on its head, in its own 19..24)
    # replays as koks, 3 points; its record declares 2-0, so it is now a
    # wrong-result (R9) game: kept in the games table, skipped in the summary.
    games = tmp_path / "g.csv"
    code, out, _ = run(str(archive / "one.txt"), "--rules", "koks", "--format", "json",
                       "--games-csv", str(games))
    assert code == 0
    data = json.loads(out)
    assert data["skipped"] == {"errors: wrong-result": 1}
    assert data["kinds"] == {"oyn": 1, "mars": 0, "koks": 0, "draw": 0}
    rows = list(csv.DictReader(games.open(encoding="utf-8")))
    assert [(r["kind"], r["points"], r["rules"], r["valid"]) for r in rows] == [
        ("koks", "3", "koks", "False"),
        ("oyn", "1", "koks", "True"),
    ]


def test_race_plot_skips_a_first_game_that_cannot_be_replayed(tmp_path: Path) -> None:
    # The first game's Position tag is impossible (16 White checkers: R1), so
    # nothing of it is replayed; the race plot takes the next game, Ann's mars.
    broken = ('[White "Eve"]\n[Black "Fay"]\n[Position "24:16 / 24:15 / W"]\n\n'
              "1. 54: 24/19 19/15\n*\n")
    (tmp_path / "a.txt").write_text(broken + "\n" + GAMES, encoding="utf-8")
    plots = tmp_path / "plots"
    result = CliRunner().invoke(narde_stats, [str(tmp_path / "a.txt"), "--plots", str(plots)])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert (plots / "race.png").is_file()


def test_race_without_plots_says_it_needs_them(archive: Path) -> None:
    result = CliRunner().invoke(narde_stats, [str(archive), "--race", "one.txt:0"])
    assert result.exit_code == 0
    assert "needs --plots" in result.stderr
