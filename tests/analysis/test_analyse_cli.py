"""``narde analyse`` through click's CliRunner: formats, marks, exit codes."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from narde_notation.cli.analyse import KEYS
from narde_notation.cli.main import narde

from .oracle import board, rate
from .test_analysis import BEAROFF

# 62 with own {3, 1} against {4, 4, 1}: 3/1 1/off gives up 1/6 (test_analysis)
VERY_BAD = BEAROFF.split("\n\n", 4)[-1]
ERROR = ('[Position "6:1 4:1 1:1 / 6:1 3:1 2:1 / W"]\n\n'
         "1. 41: 6/5 4/off\n1... 21: 6/4 3/1\n*\n")


@pytest.fixture()
def files(tmp_path: Path) -> Path:
    (tmp_path / "bearoff.txt").write_text(BEAROFF, encoding="utf-8")
    (tmp_path / "blunder.txt").write_text(VERY_BAD, encoding="utf-8")
    (tmp_path / "error.txt").write_text(ERROR, encoding="utf-8")
    return tmp_path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(narde, ["analyse", *args])
    return result.exit_code, result.stdout, result.stderr


def test_jsonl_has_the_keys_and_the_exact_values(files: Path) -> None:
    code, out, err = run(str(files / "blunder.txt"), "--format", "jsonl")
    assert code == 0, err
    (row,) = [json.loads(line) for line in out.splitlines()]
    assert list(row)[: len(KEYS)] == list(KEYS)
    played, best, luck, _forced = rate(board({3: 1, 1: 1}), board({4: 2, 1: 1}), (6, 2),
                                       board({1: 1}))
    assert row["file"].endswith("blunder.txt") and row["game"] == 0 and row["ply"] == 1
    assert row["side"] == "white" and row["roll"] == "62" and row["played"] == "3/1/off"
    assert sorted(row["best"].split()) == ["1/off", "3/off"]
    assert row["loss"] == pytest.approx(best - played, abs=1e-6) == pytest.approx(1 / 6,
                                                                                  abs=1e-6)
    assert row["luck"] == pytest.approx(luck, abs=1e-6)
    assert row["mark"] == "very bad" and row["exact"] is True and row["forced"] is False


def test_text_shows_marks_best_turn_and_the_summary(files: Path) -> None:
    code, out, _ = run(str(files / "bearoff.txt"))
    assert code == 0
    line = next(x for x in out.splitlines() if "3/1/off" in x)
    assert "?? very bad" in line and "loss 0.167  best" in line and "exact" in line
    assert "? bad" in out and "?! doubtful" in out
    assert "Summary of all 3 games:" in out  # the summary over the file
    assert "Match summary" not in out  # no Match tags: no match
    summary = out.split("Summary of all 3 games:\n")[1].splitlines()
    players = summary[0].split()[:-1]
    assert players == ["Ann", "Bob", "Cy", "Di"]
    cy = players.index("Cy") + 1
    table = summary[2:summary.index("")]  # up to the blank line after the table
    rows = {line.split()[0]: line.split() for line in table}
    assert rows["error_rate"][cy] == "166.667"  # 1000 x 1/6 over one unforced move
    assert rows["skill"][cy] == "Awful" and rows["very_bad"][cy] == "1"


def test_csv_and_json(files: Path) -> None:
    code, out, _ = run(str(files / "bearoff.txt"), "--format", "csv", "--game", "2")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 1 and rows[0]["game"] == "2" and rows[0]["mark"] == "very bad"
    code, out, _ = run(str(files / "bearoff.txt"), "--format", "json")
    data = json.loads(out)
    assert [g["game"] for g in data["games"]] == [0, 1, 2]
    players = {p["player"]: p for p in data["players"]}
    assert players["Ann"]["games_analysed"] == 2 and players["Cy"]["very_bad"] == 1


def test_a_game_with_an_error_exits_1_and_says_where(files: Path) -> None:
    code, out, err = run(str(files / "error.txt"))
    assert code == 1
    assert "Analysis stopped before half-turn 2" in out
    assert "1 with errors" in err


def test_usage_and_io_errors_exit_2(files: Path) -> None:
    code, _, err = run(str(files / "missing.txt"))
    assert code == 2 and "missing.txt" in err
    code, _, err = run(str(files / "blunder.txt"), "--game", "5")
    assert code == 2 and "holds 1 game" in err
    assert run(str(files / "blunder.txt"), "--ply", "3")[0] == 2


def test_one_ply_agrees_in_the_bear_off(files: Path) -> None:
    # exact positions are not searched deeper: the same loss at 1-ply
    code, out, _ = run(str(files / "blunder.txt"), "--format", "jsonl", "--ply", "1")
    assert code == 0
    assert json.loads(out)["loss"] == pytest.approx(1 / 6, abs=1e-6)


def test_stats_analyse_adds_columns_to_turns_and_players(files: Path, tmp_path: Path) -> None:
    from narde_notation.cli.stats import narde_stats

    turns = tmp_path / "turns.csv"
    result = CliRunner().invoke(narde_stats, [str(files / "bearoff.txt"), "--analyse", "-q",
                                              "--by", "player", "--format", "json",
                                              "--turns-csv", str(turns), "-j", "1"])
    assert result.exit_code == 0, result.output
    players = {row["player"]: row for row in json.loads(result.stdout)}
    assert players["Cy"]["very_bad"] == 1 and players["Cy"]["skill"] == "Awful"
    assert players["Cy"]["error_rate"] == pytest.approx(1000 / 6)
    assert players["Ann"]["games"] == 2 and "luck" in players["Ann"]
    rows = list(csv.DictReader(io.StringIO(turns.read_text(encoding="utf-8"))))
    cy = [r for r in rows if r["game"] == "2"]
    assert cy[0]["ply"] == "1" and cy[0]["mark"] == "very bad"  # the first half-turn: ply 1
    assert float(cy[0]["loss"]) == pytest.approx(1 / 6)


def test_stats_analyse_alone_says_it_shows_nowhere_and_analyses_nothing(
        files: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from narde_notation.archive import analysed
    from narde_notation.cli.stats import narde_stats

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("analysed although nothing shows it")

    monkeypatch.setattr(analysed, "iter_file_analyses", never)
    result = CliRunner().invoke(narde_stats, [str(files / "bearoff.txt"), "--analyse", "-q",
                                              "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "note: --analyse shows with --by player" in result.stderr
    assert "nothing analysed" in result.stderr


def test_the_narde_command_starts_without_the_evaluator() -> None:
    import subprocess
    import sys

    code = ("import sys, narde_notation.cli.main\n"
            "print(any(m.split('.')[0] in ('numpy', 'pandas') or"
            " m.startswith('narde_notation.evaluator') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"


def test_record_text_reaches_the_terminal_escaped(tmp_path: Path) -> None:
    path = tmp_path / "hostile.txt"
    path.write_text('[White "A\u001b[31mB"]\n[Position "3:1 1:1 / 4:2 1:1 / W"]\n\n'
                    "1. 62: 3/1 1/off\n*\n", encoding="utf-8")
    code, out, _ = run(str(path))
    assert code == 0 and "\x1b" not in out and "A\\x1b[31mB" in out


def test_a_game_cut_by_a_syntax_error_says_where_its_analysis_stopped(tmp_path: Path) -> None:
    # line 5's roll `6x:` is not a roll: the reader keeps half-turns 1-2 (line 4)
    path = tmp_path / "syntax.txt"
    path.write_text('[White "A"]\n[Black "B"]\n\n1. 65: 24/13 54: 24/15\n2. 6x: 9/3\n*\n',
                    encoding="utf-8")
    text = CliRunner().invoke(narde, ["analyse", str(path)])
    assert text.exit_code == 1
    assert "stopped after half-turn 2: syntax error at line 5" in text.stdout
    rows = CliRunner().invoke(narde, ["analyse", str(path), "--format", "jsonl"])
    assert [json.loads(r)["ply"] for r in rows.stdout.splitlines()] == [1, 2]
    assert "game 0: analysis stopped after half-turn 2: syntax error at line 5" in rows.stderr
