"""``narde analyse -j 2`` shares a file's games out among the workers
(decisions A18): every format byte for byte what ``-j 1`` writes; a finding
outside the games said once; the text's legend once, at the top."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from narde_notation.cli.main import narde

ROOT = Path(__file__).resolve().parents[2]
CLUB = str(ROOT / "examples" / "club-match.txt")  # 4 games of a 3-point match
BEAROFF = str(ROOT / "examples" / "seed-bearoff.txt")  # 1 game


def run(*args: str) -> tuple[int, str, str]:
    done = CliRunner().invoke(narde, ["analyse", *args])
    return done.exit_code, done.stdout, done.stderr


@pytest.mark.parametrize("fmt", ["jsonl", "text"])
def test_two_workers_write_what_one_writes(fmt: str) -> None:
    one = run(CLUB, BEAROFF, "--format", fmt, "-j", "1")
    two = run(CLUB, BEAROFF, "--format", fmt, "-j", "2")
    assert one[0] == 0 and two == one
    if fmt == "jsonl":
        games = [(Path(row["file"]).name, row["game"])
                 for row in map(json.loads, one[1].splitlines())]
        # the 4 games of the match, then the bear-off's 1, in file order
        assert list(dict.fromkeys(games)) == [("club-match.txt", 0), ("club-match.txt", 1),
                                              ("club-match.txt", 2), ("club-match.txt", 3),
                                              ("seed-bearoff.txt", 0)]


def test_a_finding_outside_the_games_is_said_once(tmp_path: Path) -> None:
    noise = tmp_path / "noise.txt"
    noise.write_bytes(b"\x00\x01\x02 no record here\n")
    code, out, err = run(str(noise), CLUB, "--format", "jsonl", "-j", "2")
    assert code == 1  # an error outside any game
    said = [line for line in err.splitlines() if line.startswith(str(noise))]
    assert len(said) == 1 and "error[" in said[0]
    assert "1 error outside games" in err
    assert {json.loads(row)["game"] for row in out.splitlines()} == {0, 1, 2, 3}  # the match's


def test_the_text_legend_is_said_once_before_the_first_game() -> None:
    code, out, _ = run(CLUB, "-j", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("(each half-turn: roll and turn played")
    assert lines[1] == "" and lines[2].endswith("club-match.txt, game 0: Kaya E. (White) -"
                                               " Sokolov D. (Black), auto depth, 3-point match"
                                               " at 0-0")
    assert out.count("each half-turn") == 1
    assert sum(", game " in line and "(White)" in line for line in lines) == 4
