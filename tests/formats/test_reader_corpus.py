"""The reader on every record file of the shared corpus (expected.jsonl).

* games with ``first_error`` null: the number of half-turns written;
* games whose first error is ``syntax``: a syntax finding at that line (and
  column where given), the half-turns read before it as the reference
  counted them;
* in ``syntax/`` games are matched by ``start_line`` (the reader may report
  extra fragments of a broken game, but must not lose a listed game);
* an empty file: one record carrying a syntax finding at line 1.

Every value compared comes from expected.jsonl.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from corpus import CORPUS

from narde_notation.formats.reader import read_games
from narde_notation.model.record import GameRecord


def _expected() -> list[dict[str, Any]]:
    path = CORPUS / "expected.jsonl"
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


LINES = _expected()


def _need_corpus() -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"shared corpus not found at {CORPUS}")


def _check(record: GameRecord, game: dict[str, Any]) -> None:
    syntax = [f for f in record.findings if f.code == "syntax"]
    expected = game["first_error"]
    if expected is None or expected["code"] != "syntax":
        assert not syntax, f"unexpected {syntax[0]}"
        if expected is None:
            assert len(record.half_turns) == game["half_turns"]
            if "players" in game:
                assert [record.white, record.black] == game["players"]
        return
    assert syntax, f"expected a syntax finding at line {expected['line']}"
    first = min(syntax, key=lambda f: (f.line or 0, f.column or 0))
    assert first.line == expected["line"], str(first)
    if "column" in expected:
        assert first.column == expected["column"], str(first)
    assert first.game == record.index
    assert first.file == record.file
    assert len(record.half_turns) == game["half_turns"]


@pytest.mark.parametrize("entry", LINES, ids=[e["file"] for e in LINES])
def test_corpus_file(entry: dict[str, Any]) -> None:
    _need_corpus()
    records = list(read_games(CORPUS / entry["file"]))
    games = entry["games"]
    if "file_error" in entry:
        assert len(records) == 1
        (finding,) = records[0].findings
        assert finding.code == "syntax"
        assert finding.line == entry["file_error"]["line"]
        assert not records[0].tags and not records[0].half_turns
        return
    if entry["file"].startswith("syntax/"):
        by_line = {r.line: r for r in records}
        for game in games:
            assert game["start_line"] in by_line, f"game at line {game['start_line']} lost"
            _check(by_line[game["start_line"]], game)
        return
    assert len(records) == len(games)
    for record, game in zip(records, games, strict=True):
        assert record.index == game["index"]
        assert record.line == game["start_line"]
        _check(record, game)


def test_every_record_file_is_listed() -> None:
    """No file of games/, mat/, syntax/, bugs/ escapes the test above."""
    _need_corpus()
    listed = {e["file"] for e in LINES}
    on_disk = {
        str(p.relative_to(CORPUS))
        for folder in ("games", "mat", "syntax", "bugs")
        for p in (CORPUS / folder).rglob("*")
        if p.is_file() and p.suffix in (".txt", ".mat")
    }
    assert on_disk <= listed


def test_archive_reads_clean() -> None:
    """archive/README.md: 5000 games in 100 files, 459,480 half-turns, no finding
    (a bare clone packs two of the files: each file's games as SUMMARY.json counts)."""
    _need_corpus()
    summary = json.loads((CORPUS / "archive" / "SUMMARY.json").read_text(encoding="utf-8"))
    paths = sorted((CORPUS / "archive").glob("*.txt"))
    assert len(paths) >= 2
    games = half_turns = 0
    for path in paths:
        in_file = 0
        for record in read_games(path):
            assert not record.findings, str(record.findings[0])
            in_file += 1
            half_turns += len(record.half_turns)
        assert in_file == summary["games_per_file"][f"archive/{path.name}"], path.name
        games += in_file
    if len(paths) == summary["files"]:
        assert (games, half_turns) == (5000, 459_480)
