"""The replay with the compiled quick reading of half-turns (issue 29) against
the replay without it (quick_check and check_turn for every half-turn, as
``NARDE_PURE_PYTHON=1`` runs): the same report — every half-turn's positions
and findings, the findings, the outcome, where the replay stopped — for every
record of the corpus's record folders and for seeded random games."""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus import need_corpus

from narde_notation.formats.reader import read_games
from narde_notation.replay import _replay, validate
from narde_notation.replay._report import GameReport
from narde_notation.rules.generation_kernel import quick_turns_kernel
from narde_notation.rules.random_play import random_game

pytestmark = pytest.mark.skipif(quick_turns_kernel() is None,
                                reason="the compiled search could not be built here")

#: the record folders that travel with the project (tests/data/corpus-records.tar.gz)
_FOLDERS = ("games", "syntax", "mat", "bugs")


@pytest.fixture(autouse=True)
def _compiled_from_the_first_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_replay, "COMPILED_AFTER", -1)


def _report(report: GameReport) -> object:
    return ([(t.ply, t.before, t.after, t.findings) for t in report.turns], report.findings,
            report.outcome, report.stopped, report.start)


def _both(records: list, monkeypatch: pytest.MonkeyPatch) -> tuple[list, list]:
    compiled = [_report(validate(record)) for record in records]
    with monkeypatch.context() as patch:
        patch.setattr(_replay, "quick_turns", lambda *args: [])
        python = [_report(validate(record)) for record in records]
    return compiled, python


def test_every_corpus_record_replays_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = need_corpus()
    files = sorted(p for folder in _FOLDERS for p in (corpus / folder).rglob("*")
                   if p.is_file() and p.suffix in (".txt", ".mat"))
    records = [record for path in files for record in read_games(path)]
    assert len(records) > 200
    compiled, python = _both(records, monkeypatch)
    for record, a, b in zip(records, compiled, python, strict=True):
        assert a == b, (record.file, record.index)


def test_random_games_replay_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    records = [random_game(seed, rules) for seed in range(40)
               for rules in (None, "head-doubles-64", "last-roll-draw")]
    compiled, python = _both(records, monkeypatch)
    assert compiled == python


def test_a_record_starting_from_a_position_tag_replays_the_same(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # White has left the head already (14 there): its 55 may take one checker
    # off the head (R5), and in its next turn 24/20(2) takes two (head-rule,
    # applied as written, then the replay goes on)
    text = ('[White "A"]\n[Black "B"]\n[Position "24:14 13:1 / 24:15 / W"]\n\n'
            "1. 55: 24/9 13/8  65: 24/18 18/13\n"
            "2. 44: 24/20(2) 9/5 8/4  31: 24/21 21/20\n"
            "3. 21: 20/18 18/17  54: 24/15\n*\n")
    records = list(read_games(_write(tmp_path, text)))
    compiled, python = _both(records, monkeypatch)
    assert compiled == python
    report = validate(records[0])
    assert [(f.code, f.line) for f in report.findings] == [("head-rule", 6), ("unfinished", 8)]
    assert len(report.turns) == 6 and report.turns[-1].after is not None


def _write(folder: Path, text: str) -> Path:
    path = folder / "game.txt"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("dice", [(7, 1), (0, 0), (6, 5)])
def test_a_half_turn_made_by_hand_with_any_dice_replays_the_same(
        monkeypatch: pytest.MonkeyPatch, dice: tuple[int, int]) -> None:
    from dataclasses import replace

    record = random_game(3)
    halves = list(record.half_turns)
    halves[4] = replace(halves[4], dice=dice)  # not a roll a reader makes
    record = replace(record, half_turns=halves)

    def outcome() -> object:
        try:
            return _report(validate(record))
        except Exception as exc:  # the same exception both ways, if any
            return repr(exc)

    compiled = outcome()
    with monkeypatch.context() as patch:
        patch.setattr(_replay, "quick_turns", lambda *args: [])
        python = outcome()
    assert compiled == python
