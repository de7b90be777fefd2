"""One read-and-replay pipeline (issue 16): every consumer reads with the
same encoding and rules and replays with the match-score checks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from narde_notation import Ruleset, RulesetError, games_frame, parse_games, validate
from narde_notation.cli.main import narde
from narde_notation.replay.pipeline import Replayed, ReplayOptions, replay_source
from narde_notation.rules import Position, legal_turns
from narde_notation.show.club_report import write_report

# Game 1 is a mars for White (2 points: one checker off, Black none, R9), so
# game 2 must start at 2-0; its Score "1-0" is wrong (R10, line 15).
MATCH = ('[White "A"]\n[Black "B"]\n[Match "3"]\n[Game "1"]\n[Score "0-0"]\n'
         '[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n2-0\n\n'
         '[White "A"]\n[Black "B"]\n[Match "3"]\n[Game "2"]\n[Score "1-0"]\n'
         '[Position "1 / 1 / W"]\n\n1. 21: 1/off\n1-0\n')

# 'Ğ' is byte 0xD0 in cp1254, which cp1251 (the likely guess) reads as 'Р'.
TURKISH = '[White "Ğökhan"]\n[Black "Ayşe"]\n\n1. 65: 24/13  54: 24/15\n*\n'


def test_narde_show_checks_the_match_score_as_narde_validate_does(tmp_path: Path) -> None:
    path = tmp_path / "match.txt"
    path.write_text(MATCH, encoding="utf-8")
    done = CliRunner().invoke(narde, ["show", str(path), "--game", "1", "-o", "-",
                                      "--format", "html"])
    assert done.exit_code == 0, done.output
    assert "wrong-result" in done.output
    first = CliRunner().invoke(narde, ["show", str(path), "--game", "0", "-o", "-",
                                       "--format", "html"])
    assert "wrong-result" not in first.output


def test_the_report_pages_read_with_the_encoding_given(tmp_path: Path) -> None:
    path = tmp_path / "turkish.txt"
    path.write_bytes(TURKISH.encode("cp1254"))
    index = write_report([str(path)], tmp_path / "site", encoding="cp1254")
    pages = [p.read_text(encoding="utf-8") for p in (index.parent / "games").glob("*.html")]
    assert len(pages) == 1
    assert "Ğökhan" in pages[0] and "Рökhan" not in pages[0]
    assert "Ğökhan" in index.read_text(encoding="utf-8")


def test_replay_source_reads_bytes_with_the_options_encoding() -> None:
    items = list(replay_source(TURKISH.encode("cp1254"), ReplayOptions(encoding="cp1254")))
    games = [i for i in items if isinstance(i, Replayed)]
    assert [g.record.white for g in games] == ["Ğökhan"]


def test_rules_are_a_ruleset_or_a_tag_everywhere(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text('[White "A"]\n[Black "B"]\n\n1. 65: 24/13\n*\n', encoding="utf-8")
    by_object = games_frame(path, rules=Ruleset(koks=True))
    by_tag = games_frame(path, rules="koks")
    assert len(by_object) == len(by_tag) == 1
    assert list(by_object["rules"]) == list(by_tag["rules"]) == ["koks"]
    record = next(iter(parse_games('[Position "1 / 1 / W"]\n\n1. 21: 1/off\n1-0\n')))
    assert validate(record, "koks").valid and validate(record, Ruleset(koks=True)).valid
    start = Position.initial()
    assert len(legal_turns(start, (6, 5), "reroll")) == len(legal_turns(start, (6, 5))) == 1
    with pytest.raises(RulesetError, match="Ruleset or a Rules tag"):
        validate(record, 3)  # type: ignore[arg-type]
    with pytest.raises(RulesetError):
        games_frame(path, rules="kokss")
    with pytest.raises(RulesetError):
        legal_turns(start, (6, 5), ["koks"])  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["base64", "rot13", "idna", "undefined", "no-such-codec"])
def test_options_refuse_what_is_not_a_text_encoding(name: str) -> None:
    with pytest.raises(LookupError):
        ReplayOptions(encoding=name)


def test_summary_is_the_function_whatever_was_imported_before() -> None:
    # the modules behind the archive's summary, standings and ratings loaded
    # first: the names through both front doors are still the functions
    program = ("import narde_notation.archive._summary, narde_notation.archive._standings\n"
               "import narde_notation.archive._ratings, narde_notation.archive.frames\n"
               "from narde_notation import games_frame, summary\n"
               "from narde_notation.archive import ratings, standings\n"
               "from narde_notation.archive import summary as archive_summary\n"
               "print(*(type(f).__name__ for f in (summary, archive_summary, standings,"
               " ratings)), summary is archive_summary)")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["function"] * 4 + ["True"]


def test_the_position_at_each_ply_is_the_reports() -> None:
    # half-turn 3 moves from an empty point (5/off: no checker there): the
    # replay stops, so plies 0-2 have positions (White 360 - 11 = 349 pips
    # after 65, Black 360 - 9 = 351 after 54) and ply 3 none (rules.md "Findings")
    record = next(iter(parse_games("1. 65: 24/13  54: 24/15\n2. 61: 5/off\n*\n")))
    report = validate(record)
    assert report.plies_replayed == 2
    assert [p.pip_counts() for p in report.positions()] == [(360, 360), (349, 360), (349, 351)]
    assert report.position_at(3) is None and report.position_at(2) == report.positions()[-1]
