"""narde-validate's contract on the shared corpus (expected.jsonl, built by an
independent reader and reference replay): every game's first error at the
expected line with the expected code (and column where given); clean games
with the replayed result, points, kind, final pips, half-turns and warnings.
"""

from __future__ import annotations

from typing import Any

import pytest
from corpus import CORPUS, expected_lines, need_corpus

from narde_notation.model.findings import Finding
from narde_notation.replay import GameReport, Pipeline

LINES = expected_lines()


def _first_error(report: GameReport) -> Finding | None:
    errors = [f for f in report.findings if f.is_error]
    if not errors:
        return None
    return min(errors, key=lambda f: (f.line or 0, f.column or 0))


def _check_game(report: GameReport, game: dict[str, Any]) -> None:
    first = _first_error(report)
    expected = game["first_error"]
    if expected is None:
        assert first is None, f"unexpected {first}"
        assert report.result == game["result"]
        assert report.points == game["points"]
        # the corpus leaves kind null for a draw; we name it "draw"
        draw = "draw" if game["result"] == "0-0" else None
        assert report.kind == (game["kind"] or draw)
        assert list(report.final_pips or ()) == game["final_pips"]
        assert report.half_turn_count == game["half_turns"]
        codes = sorted({f.code for f in report.warnings})
        assert codes == game["warnings"]
        if game["first_warning"] and game["first_warning"]["code"] == "turn-number":
            warning = min(report.warnings, key=lambda f: (f.line or 0, f.column or 0))
            assert warning.line == game["first_warning"]["line"]
        if "players" in game:
            assert [report.record.white, report.record.black] == game["players"]
    else:
        assert first is not None, f"expected {expected}, found nothing"
        assert (first.code, first.line) == (expected["code"], expected["line"]), str(first)
        if "column" in expected:
            assert first.column == expected["column"], str(first)


@pytest.mark.parametrize("entry", LINES, ids=[e["file"] for e in LINES])
def test_corpus_file(entry: dict[str, Any]) -> None:
    need_corpus()
    reports = list(Pipeline().reports(CORPUS / entry["file"]))
    games = entry["games"]
    if entry["file"].startswith("syntax/"):
        by_line = {r.record.line: r for r in reports}
        for game in games:
            assert game["start_line"] in by_line, f"game at line {game['start_line']} lost"
            _check_game(by_line[game["start_line"]], game)
        if "file_error" in entry:
            errors = [f for r in reports for f in r.findings if f.code == "syntax"]
            assert errors and errors[0].line == entry["file_error"]["line"]
        return
    assert len(reports) == len(games)
    for report, game in zip(reports, games, strict=True):
        _check_game(report, game)
