"""The replay with the compiled quick reading of half-turns (issue 29) against
the replay without it (quick_check and check_turn for every half-turn, as
``NARDE_PURE_PYTHON=1`` runs): the same report — every half-turn's positions
and findings (code, message, line, column), the findings, the outcome, where
the replay stopped — for every record of the corpus's record folders, a
sample of its archive (every ruleset it has, end-of-turn-block included), and
seeded random games under every ruleset, played as generated and with
half-turns changed into illegal ones (another roll, a move left out, a pass,
a move a pip off, the moves reversed)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from corpus import need_corpus

from narde_notation.formats.reader import read_games
from narde_notation.model import GameRecord, HalfTurn, Move
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


def test_archive_games_replay_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    files = sorted((need_corpus() / "archive").glob("archive-*.txt"))[5:10]  # 006-010
    if len(files) < 5:  # the packed copy holds archive-001 only
        pytest.skip("archive-006..010 lie in ../shared only")
    records = [record for path in files for record in read_games(path)]
    rules = {record.tags.get("Rules") for record in records}
    assert rules == {None, "koks", "reroll", "last-roll-draw", "end-of-turn-block"}, rules
    compiled, python = _both(records, monkeypatch)
    for record, a, b in zip(records, compiled, python, strict=True):
        assert a == b, (record.file, record.index)


_RULES = (None, "head-doubles-64", "head-exception-strict", "end-of-turn-block",
          "last-roll-draw", "koks, reroll, head-exception-strict, end-of-turn-block")


def test_random_games_replay_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    records = [random_game(seed, rules) for seed in range(40) for rules in _RULES]
    compiled, python = _both(records, monkeypatch)
    assert compiled == python


def _spoiled(half: HalfTurn, rng: random.Random) -> HalfTurn:
    """``half`` written wrongly in one of five ways (most of them illegal)."""
    moves = half.moves
    way = rng.randrange(5)
    if way == 0:
        return replace(half, dice=tuple(sorted((rng.randint(1, 6), rng.randint(1, 6)),
                                               reverse=True)))  # type: ignore[arg-type]
    if way == 1 and moves:
        return replace(half, moves=moves[:-1])
    if way == 2:
        return replace(half, moves=())
    if way == 3 and moves:
        a, *rest = moves[0].path
        return replace(half, moves=(Move((min(24, a + rng.choice((-1, 1))), *rest)),
                                    *moves[1:]))
    return replace(half, moves=tuple(reversed(moves)))


def _with_illegal_turns(seed: int, rules: str | None) -> GameRecord:
    rng = random.Random(seed)
    record = random_game(rng, rules)
    halves = [_spoiled(h, rng) if rng.random() < 0.08 else h for h in record.half_turns]
    return replace(record, half_turns=halves)


def test_games_with_illegal_turns_replay_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    records = [_with_illegal_turns(seed, rules) for seed in range(40) for rules in _RULES]
    compiled, python = _both(records, monkeypatch)
    assert compiled == python
    codes = {f.code for report in python for f in report[1]}  # type: ignore[index]
    assert {"dice-mismatch", "not-max-dice", "illegal-pass", "no-checker"} <= codes, codes


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
