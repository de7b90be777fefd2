"""narde-validate through click's CliRunner: exit codes, formats, inputs."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from narde_notation.cli.validate import COLUMNS, narde_validate

# White opens 6-5 with 24/13 (R3, legal), Black answers 5-4 24/15.
CLEAN = '[White "A"]\n[Black "B"]\n\n1. 65: 24/13  54: 24/15\n*\n'
# Two checkers off the head on an ordinary 6-5 (R5): head-rule at column 14.
ILLEGAL = "1. 65: 24/18 24/19\n*\n"


@pytest.fixture()
def records(tmp_path: Path) -> Path:
    (tmp_path / "clean.txt").write_text(CLEAN, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "bad.nrd").write_text(ILLEGAL, encoding="utf-8")
    (tmp_path / "notes.md").write_text("not a record", encoding="utf-8")
    return tmp_path


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(narde_validate, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_clean_file_exits_0_with_the_unfinished_warning(records: Path) -> None:
    code, out, err = run(str(records / "clean.txt"), "--jobs", "1")
    assert code == 0
    assert "warning[unfinished]" in out
    assert "1 file, 1 game, 0 errors, 1 warning\n" in err  # singular words


def test_folder_is_searched_recursively_and_errors_exit_1(records: Path) -> None:
    code, out, err = run(str(records), "--jobs", "1")
    assert code == 1
    assert f"{records / 'sub' / 'bad.nrd'}:1:14: error[head-rule]" in out
    head_line = next(line for line in out.splitlines() if "error[head-rule]" in line)
    assert head_line.endswith("(R5)")
    assert "2 files, 2 games, 1 error, 2 warnings" in err  # notes.md is not a record


def test_two_jobs_give_the_same_findings(records: Path) -> None:
    assert run(str(records), "--jobs", "1")[:2] == run(str(records), "--jobs", "2")[:2]


def test_json_format(records: Path) -> None:
    code, out, _ = run(str(records / "sub" / "bad.nrd"), "--format", "json")
    assert code == 1
    objects = json.loads(out)
    head = [o for o in objects if o["code"] == "head-rule"]
    assert head and set(head[0]) == set(COLUMNS)
    assert (head[0]["line"], head[0]["column"], head[0]["rule"], head[0]["severity"]) == (
        1, 14, "R5", "error")
    assert head[0]["game"] == 0


def test_json_format_with_no_findings_is_an_empty_array(tmp_path: Path) -> None:
    path = tmp_path / "done.txt"
    # White's last checker bears off with the 2 (R8); Black has 14 off: 1-0 oyn.
    path.write_text('[Position "1 / 1 / W"]\n\n1. 21: 1/off\n1-0\n', encoding="utf-8")
    code, out, _ = run(str(path), "--format", "json")
    assert (code, json.loads(out)) == (0, [])


def test_csv_format(records: Path) -> None:
    code, out, _ = run(str(records / "sub" / "bad.nrd"), "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 1
    assert tuple(rows[0]) == COLUMNS
    assert [r["code"] for r in rows][:1] == ["head-rule"]


def test_standard_input(records: Path) -> None:
    code, out, _ = run("-", stdin=ILLEGAL)
    assert code == 1
    assert out.startswith("<stdin>:1:14: error[head-rule]")


def test_glob(records: Path) -> None:
    code, _, err = run(str(records / "*.txt"))
    assert code == 0
    assert "1 file," in err


def test_missing_file_exits_2_but_checks_the_rest(records: Path) -> None:
    code, out, err = run(str(records / "nope.txt"), str(records / "sub" / "bad.nrd"))
    assert code == 2
    assert "nope.txt: no such file or folder" in err
    assert "error[head-rule]" in out


def test_glob_matching_nothing_exits_2(records: Path) -> None:
    code, _, err = run(str(records / "*.mat"))
    assert code == 2
    assert "no file matches" in err


def test_unknown_rules_is_a_usage_error(records: Path) -> None:
    code, _, err = run(str(records), "--rules", "backgammon")
    assert code == 2
    assert "backgammon" in err


def test_rules_override_changes_the_verdict(tmp_path: Path) -> None:
    # An opening 6-6 is an opening-double under standard rules (R2), fine under reroll.
    path = tmp_path / "double.txt"
    path.write_text("1. 66: 24/18(2)\n*\n", encoding="utf-8")
    assert run(str(path))[0] == 1
    assert run(str(path), "--rules", "reroll")[0] == 0


def test_quiet_drops_the_summary(records: Path) -> None:
    code, _, err = run(str(records / "clean.txt"), "--quiet")
    assert code == 0
    assert err == ""


def test_no_arguments_is_a_usage_error() -> None:
    assert run()[0] == 2


def test_unreadable_bytes_never_crash(tmp_path: Path) -> None:
    path = tmp_path / "junk.txt"
    path.write_bytes(b"\xff\xfe\x00garbage\x80\x81 [[[ 65: 24/\n")
    code, out, _ = run(str(path))
    assert code == 1
    assert "error[syntax]" in out
