"""Resignations in native records and numbers the rules cannot hold.

record-format.md, "Resignations": a resignation concedes 1 point (oyn), 2
(mars) when the resigning side has borne off no checker, 3 (koks) under the
``koks`` variant when it also has a checker on its own 19…24; more is
``wrong-result``; the game is not ``unfinished``.  Values worked out by hand.
"""

from __future__ import annotations

from click.testing import CliRunner

from narde_notation.cli.validate import narde_validate
from narde_notation.formats.reader import parse_games
from narde_notation.replay.validation import GameReport, validate_games

OPENING = "1. 65: 24/18 18/13  54: 24/20 20/15\n"


def one(text: str) -> GameReport:
    (report,) = validate_games(parse_games(text))
    return report


def found(report: GameReport) -> list[tuple[str, int | None, int | None]]:
    return [(f.code, f.line, f.column) for f in report.findings]


def test_mars_resignation_accepted() -> None:
    report = one(f'[Termination "resign"]\n[Result "0-2"]\n\n{OPENING}0-2\n')
    assert found(report) == []
    assert (report.result, report.kind, report.points) == ("0-2", "mars", 2)
    assert report.ending == "resignation"
    # conceding less than the position allows is a player's right
    report = one(f'[Termination "resign"]\n\n{OPENING}0-1\n')
    assert found(report) == [] and (report.result, report.kind) == ("0-1", "oyn")


def test_koks_needs_the_variant() -> None:
    # White still has 13 checkers on its own 24: koks is possible under `koks` only
    report = one(f'[Termination "resign"]\n\n{OPENING}0-3\n')
    assert found(report) == [("wrong-result", 4, 1)]
    assert "at most 2 (mars)" in report.findings[0].message
    report = one(f'[Rules "koks"]\n[Termination "resign"]\n\n{OPENING}0-3\n')
    assert found(report) == [] and (report.result, report.kind) == ("0-3", "koks")


def test_side_that_bore_off_concedes_one_point() -> None:
    # 2 checkers of each side are off; Black resigns after White's turn
    head = '[Position "1:13 / 1:13 / W"]\n[Termination "resign"]\n\n1. 21: 1/off 1/off\n'
    assert found(one(head + "1-0\n")) == []
    report = one(head + "2-0\n")
    assert found(report) == [("wrong-result", 5, 1)]
    assert "at most 1 (oyn)" in report.findings[0].message


def test_resignation_result_must_be_a_win() -> None:
    report = one(f'[Termination "resign"]\n\n{OPENING}0-0\n')
    assert found(report) == [("wrong-result", 4, 1)]
    # with `*`: the game ended by resignation, it is not `unfinished`
    report = one(f'[Termination "resign"]\n\n{OPENING}*\n')
    assert found(report) == [] and report.ending == "resignation"
    # without the tag the same record is unfinished
    report = one(f"{OPENING}*\n")
    assert found(report) == [("unfinished", 2, 1)] and report.ending == "unfinished"


def test_numbers_the_rules_cannot_hold_are_findings_on_their_line() -> None:
    big = "9" * 5000
    cases = {
        "1. 65: 30/24 24/19\n*\n": [("no-checker", 1, 8)],
        "1. 65: 24/99\n*\n": [("wrong-direction", 1, 8)],
        # 25 is a point over 24, not the bar
        "1. 65: 25/19 19/14\n*\n": [("no-checker", 1, 8)],
        '[Numbering "absolute"]\n1. 65: 24/18 18/13  54: 30/26 26/21\n*\n':
            [("no-checker", 2, 25)],
        '[Match "²"]\n1. 65: 24/18 18/13\n*\n': [("bad-tag", 1, 1), ("unfinished", 3, 1)],
        '[Game "²"]\n1. 65: 24/18 18/13\n*\n': [("bad-tag", 1, 1), ("unfinished", 3, 1)],
        f'[Match "{big}"]\n[Game "{big}"]\n[Score "{big}-0"]\n1. 65: 24/18 18/13\n*\n': [
            ("bad-tag", 1, 1), ("bad-tag", 2, 1), ("bad-tag", 3, 1), ("unfinished", 5, 1)],
        f"{big}. 65: 24/18 18/13\n*\n": [("turn-number", 1, 1), ("unfinished", 2, 1)],
    }
    for text, expected in cases.items():
        assert found(one(text)) == expected, text[:60]
    for report in (one("1. 65: 30/24 24/19\n*\n"), one("1. 65: 24/99\n*\n")):
        assert report.stopped


def test_the_program_reports_every_file(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    (folder / "a.txt").write_text("1. 65: 30/24 24/19\n*\n")
    (folder / "b.txt").write_text('[Match "²"]\n1. 65: 24/18 18/13\n*\n')
    (folder / "c.txt").write_text(f'[Termination "resign"]\n\n{OPENING}0-2\n')
    result = CliRunner().invoke(narde_validate, [str(folder), "--format", "csv", "-q"])
    assert result.exit_code == 1, result.output
    rows = result.output.splitlines()[1:]
    # a.txt stops at its move (no `unfinished` then), b.txt goes on, c.txt is valid
    assert [row.split(",")[4] for row in rows] == ["no-checker", "bad-tag", "unfinished"]
    assert result.exception is None or isinstance(result.exception, SystemExit)
