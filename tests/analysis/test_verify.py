"""``analyse(verify=...)`` and ``narde analyse --verify``; the analysis at 2 ply."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from narde_notation.analysis.game import analyse
from narde_notation.cli.main import narde
from narde_notation.formats.reader import read_games

from .test_analyse_cli import VERY_BAD

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SEVERITY = [None, "doubtful", "bad", "very bad"]


def test_an_exact_blunder_is_verified_with_no_error(tmp_path: Path) -> None:
    # 62 with own {3, 1} against {4, 4, 1}: 3/1 1/off gives up 1/6 (test_analysis's
    # hand-worked bear-off); both end positions are exact, so the rollout is too
    blunder = tmp_path / "blunder.txt"
    blunder.write_text(VERY_BAD, encoding="utf-8")
    result = CliRunner().invoke(narde, ["analyse", str(blunder), "--verify", "--trials", "4",
                                        "--format", "jsonl"])
    assert result.exit_code == 0, result.output
    (row,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert row["verified"] is True and row["mark"] == "very bad"
    assert row["rollout_loss"] == pytest.approx(1 / 6, abs=1e-6)
    assert row["rollout_loss_se"] == pytest.approx(0.0, abs=1e-9)
    text = CliRunner().invoke(narde, ["analyse", str(blunder), "--verify", "--trials", "4"])
    assert "verified: rollout loss +0.167 ±0.000" in text.stdout


def test_a_verified_mark_is_never_worse_than_the_depths() -> None:
    # the first game of the club match with a marked half-turn (its players slip)
    for record in read_games(EXAMPLES / "club-match.txt"):
        plain = analyse(record)
        if any(h.mark is not None for h in plain.half_turns):
            break
    else:
        pytest.fail("no game of the club match has a mark")
    checked = analyse(record, verify=4, seed=2)
    for before, after in zip(plain.half_turns, checked.half_turns, strict=True):
        assert after.verified == (before.mark is not None)
        assert SEVERITY.index(after.mark) <= SEVERITY.index(before.mark)
        if after.verified:
            assert after.rollout_loss is not None and after.rollout_loss_se is not None
            assert after.rollout_loss_se >= 0
        else:
            assert after.rollout_loss is None


def test_two_ply_agrees_in_the_bear_off(tmp_path: Path) -> None:
    # exact positions are not searched deeper: the same loss at 2-ply
    blunder = tmp_path / "blunder.txt"
    blunder.write_text(VERY_BAD, encoding="utf-8")
    result = CliRunner().invoke(narde, ["analyse", str(blunder), "--format", "jsonl",
                                        "--ply", "2"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["loss"] == pytest.approx(1 / 6, abs=1e-6)


def test_verify_refuses_one_trial() -> None:
    record = next(iter(read_games(EXAMPLES / "seed-bearoff.txt")))
    with pytest.raises(ValueError, match="verify"):
        analyse(record, verify=1)
