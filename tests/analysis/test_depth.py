"""The automatic depth (``narde analyse``'s default): where it searches deeper,
and that the figures it reports are the deeper search's, checked against
the evaluator's own independent searches (:meth:`Judge.one_ply`,
:meth:`Judge.deeper`: one board at a time, not the analysis's batches)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from narde_notation.analysis.depth import (
    AUTO,
    AUTO_COUNT,
    AUTO_EQUITY,
    AUTO_TWO_PLY,
    check_depth,
    judge_half_turn,
)
from narde_notation.analysis.game import analyse, evaluator_for
from narde_notation.analysis.luck import LuckMeter
from narde_notation.analysis.marks import DOUBTFUL
from narde_notation.cli.main import narde
from narde_notation.evaluator.estimate import equities
from narde_notation.evaluator.game import mover_view
from narde_notation.formats.reader import parse_games
from narde_notation.model.ruleset import Ruleset
from narde_notation.replay import GameReport, validate
from narde_notation.rules.position import Position

ROOT = Path(__file__).resolve().parents[2]
# a game of the examples' archive (random and greedy players: many marks)
GAME = ROOT / "examples" / "archive" / "archive-001.txt"


@pytest.fixture(scope="module")
def report() -> GameReport:
    text = GAME.read_text(encoding="utf-8")
    return validate(list(parse_games(text))[1])  # its 11th half-turn is searched at 2 ply


def _turns(report: GameReport, count: int = 60
           ) -> Iterator[tuple[Position, tuple[int, int], Position]]:
    for replay in report.turns[:count]:
        if replay.after is None or replay.before.is_game_over():
            break
        yield replay.before, replay.half_turn.dice, replay.after


def test_the_luck_batch_holds_the_played_turns_one_ply_figure(report: GameReport) -> None:
    ev = evaluator_for(Ruleset.standard())
    meter = LuckMeter(ev)
    checked = 0
    for before, _dice, after in _turns(report):
        if after.is_game_over():
            continue
        _me, opp, _mf, of = mover_view(before)
        direct = ev.judge.one_ply(mover_view(after)[1], opp, of)
        assert np.allclose(meter.one_ply(after), direct, atol=1e-5)
        checked += 1
    assert checked > 20


def test_auto_reports_the_deeper_figures_where_a_mark_is_at_stake(report: GameReport) -> None:
    ev = evaluator_for(Ruleset.standard())
    game = analyse(report, ev)  # the default depth
    assert game.search_ply == AUTO
    depths = {h.depth for h in game.half_turns}
    twos = 0
    assert 0 in depths and 1 in depths  # cheap where nothing is at stake, deeper elsewhere
    for (before, dice, after), h in zip(_turns(report), game.half_turns, strict=False):
        zero = ev.rank_turns(before, dice, 0)
        played0 = next(r for r in zero if r.turn.position == after)
        if played0.loss >= DOUBTFUL and not played0.estimate.exact:
            assert h.depth >= 1, h  # every half-turn that would get a mark
        if h.depth == 0:
            assert h.loss == pytest.approx(played0.loss, abs=1e-6)
            continue
        # the loss is the depth's: best and played searched one board at a time
        best = next(r for r in zero if r.turn.notation() == h.best)
        _me, opp, _mf, of = mover_view(before)
        pair = ev.judge.deeper([mover_view(best.turn.position)[1], mover_view(after)[1]],
                               opp, of, h.depth)
        eq = equities(pair, ev.rules.koks)
        assert h.loss == pytest.approx(max(0.0, eq[0] - eq[1]), abs=1e-5)
        # 2 ply only where the 1-ply loss (against the best of the 1-ply candidates:
        # the played turn and the best AUTO_COUNT within AUTO_EQUITY at 0 ply) is near ??
        rows = [r for r in zero[:AUTO_COUNT] if r.loss <= AUTO_EQUITY]
        rows = [*rows, played0]
        one = equities(ev.judge.deeper([mover_view(r.turn.position)[1] for r in rows],
                                       opp, of, 1), ev.rules.koks)
        near = AUTO_TWO_PLY[0] <= max(one) - one[-1] < AUTO_TWO_PLY[1]
        assert (h.depth == 2) == near, h
        twos += h.depth == 2
    assert twos >= 1


def test_a_fixed_depth_is_the_same_everywhere(report: GameReport) -> None:
    game = analyse(report, ply=0)
    assert {h.depth for h in game.half_turns} == {0}


def test_judge_refine_ranks_the_searched_rows_first(report: GameReport) -> None:
    ev = evaluator_for(Ruleset.standard())
    before, dice, after = next((b, d, a) for b, d, a in _turns(report)
                               if len(ev.rank_turns(b, d, 0)) >= 6)
    _turns_list, ranking = ev.ranking(before, dice, 0)
    _me, opp, _mf, of = mover_view(before)
    refined = ev.judge.refine(ranking, [2, 4], opp, of, 1)
    assert set(refined.boards[:2]) == {ranking.boards[2], ranking.boards[4]}
    assert refined.boards[2:] == [b for k, b in enumerate(ranking.boards) if k not in (2, 4)]
    assert refined.ply[:3] == [1, 1, 0]
    direct = [float(equities(ev.judge.one_ply(b, opp, of)[None, :], ev.rules.koks)[0])
              for b in refined.boards[:2]]
    assert direct[0] >= direct[1]
    assert list(refined.equity[:2]) == pytest.approx(direct, abs=1e-5)
    with pytest.raises(ValueError, match="ply must be 1 or 2"):
        ev.judge.refine(ranking, [0], opp, of, 0)
    got = judge_half_turn(ev, before, dice, after, AUTO)
    assert got is not None and got.depth in (0, 1, 2)


@pytest.mark.parametrize("ply", ["auto", 0, 1, 2])
def test_check_depth_takes_the_four_depths(ply: object) -> None:
    assert check_depth(ply) == ply


def test_the_command_says_each_half_turns_depth(tmp_path: Path) -> None:
    text = GAME.read_text(encoding="utf-8").split("\n\n[")[0]
    (tmp_path / "one.txt").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(narde, ["analyse", str(tmp_path / "one.txt"), "-q"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "auto depth" in next(x for x in lines if "game 0:" in x)
    turns = [x for x in lines if ": " in x and x.startswith("  ") and "-ply" in x]
    assert len(turns) > 20 and any(" 1-ply " in x for x in turns)
    result = CliRunner().invoke(narde, ["analyse", str(tmp_path / "one.txt"), "--ply", "0",
                                        "--format", "jsonl"])
    assert result.exit_code == 0
    assert {json.loads(x)["depth"] for x in result.stdout.splitlines()} == {0}
    result = CliRunner().invoke(narde, ["analyse", str(tmp_path / "one.txt"), "--ply", "3"])
    assert result.exit_code == 2
