"""``findings_frame`` (and the other ``*_frame``) of the replay API's reports.

Rows worked out by hand from rules.md: in ``1. 65: 24/18 24/19`` the second
checker off the head (R5) is ``24/19`` at column 14 and the ``*`` at column
20 ends the record before the game is over (``unfinished``, a warning); in
``1. 65: 24/18 17/12`` White has no checker on 17 (R3) at column 14, and
the replay stops there (no ``unfinished`` after it).
"""

from __future__ import annotations

import pandas as pd
import pytest

import narde_notation
from narde_notation.formats.reader import parse_games
from narde_notation.replay import validate, validate_games

TEXT = '1. 65: 24/18 24/19 *\n\n[White "C"]\n1. 65: 24/18 17/12\n*\n'
ROWS = [
    (0, 1, 14, "head-rule", "error", "R5"),
    (0, 1, 20, "unfinished", "warning", None),
    (1, 4, 14, "no-checker", "error", "R3"),
]


def _rows(frame: pd.DataFrame) -> list[tuple[object, ...]]:
    return [(r.game, r.line, r.column, r.code, r.severity, None if pd.isna(r.rule) else r.rule)
            for r in frame.itertuples()]


def test_the_findings_of_reports_as_a_frame() -> None:
    reports = list(validate_games(parse_games(TEXT)))
    frame = narde_notation.findings_frame(reports)
    assert _rows(frame) == ROWS
    assert frame["message"].iloc[1] == "the record ends with * before the game is over."
    assert {c: str(frame[c].dtype) for c in frame.columns if c != "message"} == {
        "file": "category", "game": "Int64", "line": "Int64", "column": "Int64",
        "code": "category", "severity": "category", "rule": "category"}
    assert pd.api.types.is_string_dtype(frame["message"])
    # a generator of reports, and records (replayed there) give the same rows
    assert _rows(narde_notation.findings_frame(r for r in reports)) == ROWS
    assert _rows(narde_notation.findings_frame(list(parse_games(TEXT)))) == ROWS
    # one report of `validate`; its game's row in games_frame
    one = validate(next(iter(parse_games(TEXT))))
    assert _rows(narde_notation.findings_frame([one])) == ROWS[:2]
    assert narde_notation.games_frame([one])["valid"].tolist() == [False]


def test_reports_and_paths_do_not_mix() -> None:
    reports = list(validate_games(parse_games(TEXT)))
    with pytest.raises(TypeError, match="not both"):
        narde_notation.findings_frame([*reports, "examples/club-match.txt"])
    with pytest.raises(TypeError, match="rules and encoding apply to files"):
        narde_notation.findings_frame(reports, rules="koks")
