"""The native reader's plain path (decisions PL1): a chunk made only of tag
blocks, turn-line blocks and results is read without Lark's parser, and gives
the records the parser gives, line and column included; anything else goes
to the parser as before."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest
from corpus import CORPUS

from narde_notation.formats import native
from narde_notation.formats.grammar import cached_terminals
from narde_notation.formats.reader import parse_games, read_games
from narde_notation.model import GameRecord, Side


def _whole(record: GameRecord) -> tuple[object, ...]:
    """Every field of a record, its half-turns', moves' and findings' too
    (lines and columns: a record's ``repr`` is short)."""
    return dataclasses.astuple(record)


def _both(text: str, monkeypatch: pytest.MonkeyPatch
          ) -> tuple[list[GameRecord], list[tuple[object, ...]]]:
    """The records of ``text`` by the plain path (where it applies), and the
    same records' fields by the parser alone."""
    plain = list(parse_games(text))
    with monkeypatch.context() as patch:
        patch.setattr(native, "_plain_drafts", lambda text: None)
        parsed = [_whole(record) for record in parse_games(text)]
    return plain, parsed


def test_an_ordinary_game_is_read_with_its_lines_and_columns(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = ('[White "Ann"]\n[Black "Bo \\"B\\""]\n\n'
            "1. 65: 24/18 18/13    31: 24/21 24/23\n"
            "2. 66: 24/18(2)  12/off 1-0\n")
    taken: list[str] = []
    real = native._plain_drafts
    monkeypatch.setattr(native, "_plain_drafts",
                        lambda text: taken.append(text) or real(text))
    (game,), parsed = _both(text, monkeypatch)
    assert taken and real(taken[0]) is not None  # the plain path read it
    assert game.tags == {"White": "Ann", "Black": 'Bo "B"'}
    assert game.tag_lines == {"White": 1, "Black": 2}
    sides = [h.side for h in game.half_turns]
    assert sides == [Side.WHITE, Side.BLACK, Side.WHITE]
    assert [(h.line, h.column) for h in game.half_turns] == [(4, 4), (4, 23), (5, 4)]
    assert [m.text for m in game.half_turns[2].moves] == ["24/18(2)", "12/off"]
    assert game.half_turns[2].moves[1].column == 18
    assert game.result == "1-0"
    assert (game.result_line, game.result_column) == (5, 25)
    assert [_whole(game)] == parsed


@pytest.mark.parametrize("text", [
    "",                                            # nothing: no game
    "  \n\n",
    "*\n",                                         # a result alone is a game
    "65: 24/13\n",                                 # no result: the game is open
    "1. 65: 24/13 { a comment } 2. 31: 24/21\n*",  # a comment: the parser
    "1. 65: 24/13\n2.\n31: 24/21\n*",              # a turn number alone: the parser
    '[White "A"]\n',                               # tags only: a syntax finding
    '[White "A"]\n1-0\n[White "B"]\n65: 24/13\n',  # two games
    "1. 65: 24/13 x\n*",                            # an error: the parser
    "1. 65: 24/13   54: 24/20 20/15   33: 24/21\n*",  # three half-turns on a line
    "1. 65: 24/131-0",                              # a result right after the moves
    "1. 65: 24/13\n1-02\n",
    "7... 65: 24/13\n8. 41: 1/5 1/2 0-2\n",
    "65: 24/18 18/13!\n\f*\n",
])
def test_the_plain_path_gives_the_parsers_records(text: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    plain, parsed = _both(text, monkeypatch)
    assert [_whole(record) for record in plain] == parsed


def test_plain_path_cases_are_not_vacuous() -> None:
    assert native._plain_drafts("65: 24/13\n") is not None
    assert native._plain_drafts("1. 65: 24/13 { a comment }\n*") is None
    assert native._plain_drafts('[White "A"]\n') is None
    two = native._plain_drafts('1-0\n[White "B"]\n65: 24/13\n')
    assert two is not None and [(d.result, d.tags, len(d.half_turns)) for d in two] == [
        ("1-0", {}, 0), (None, {"White": "B"}, 1)]


def test_corpus_records_read_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    files = sorted(p for folder in ("games", "syntax", "bugs")
                   for p in (CORPUS / folder).rglob("*.txt"))
    assert len(files) > 50
    for path in files:
        plain = [_whole(record) for record in read_games(str(path))]
        with monkeypatch.context() as patch:
            patch.setattr(native, "_plain_drafts", lambda text: None)
            parsed = [_whole(record) for record in read_games(str(path))]
        assert plain == parsed, path


def test_a_damaged_terminals_file_is_written_again(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NARDE_CACHE_DIR", str(tmp_path))
    built = cached_terminals("native", native.native_parser)
    assert built["RESULT"] == native.native_parser().get_terminal("RESULT").pattern.to_regexp()
    (stored,) = tmp_path.glob("native-terminals-*")
    assert cached_terminals("native", lambda: pytest.fail("built again")) == built
    stored.write_text("RESULT\t\\x", encoding="ascii")  # cut short, a bad escape
    assert cached_terminals("native", native.native_parser) == built
    assert cached_terminals("native", lambda: pytest.fail("built again")) == built


def test_a_one_game_run_imports_no_lark(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text('[White "A"]\n1. 65: 24/13   31: 24/21 24/23\n*\n', encoding="utf-8")
    program = ("import sys\nfrom narde_notation.formats.reader import read_games\n"
               "games = list(read_games(sys.argv[1]))\n"
               "assert len(games) == 1 and len(games[0].half_turns) == 2, games\n"
               "print(sorted(m for m in sys.modules if m.split('.')[0] == 'lark'))\n")
    env = dict(os.environ, NARDE_CACHE_DIR=str(tmp_path / "cache"))
    for _ in range(2):  # the first run writes the terminals' file, the second reads it
        done = subprocess.run([sys.executable, "-c", program, str(record)], env=env,
                              capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
