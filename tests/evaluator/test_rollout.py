"""Rollouts: evaluator/rollout.py, Evaluator.rollout, `narde rollout`, `narde hint --rollout`."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

import narde_notation.evaluator.rollout as rollout_module
from narde_notation.cli.main import narde
from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.evaluator.game import mover_view
from narde_notation.evaluator.rollout import Start, dice_of_trial, play_trials
from narde_notation.model.ruleset import Ruleset
from narde_notation.rules.position import Position

#: White has one checker left on its point 1, Black all 15 on its head (R1):
#: whatever Black plays, White bears off its last checker next turn and Black
#: has none off: a mars (R9), and under koks a koks (Black's head is its own 24).
DECIDED = "1:1 / 24:15 / B"
#: Black's 66 from its head lands on its 18, White's 6: no legal play (a pass, R7).
NO_PLAY = "6:1 24:14 / 24:15 / B"
#: a midgame position from self-play (both sides with checkers outside home).
MIDGAME = ("24:4 22:5 21:2 14:2 13:1 2:1 / 24:5 23:2 22:1 21:1 20:1 19:1 17:1 13:1 8:1 7:1"
           " / B")


@pytest.fixture(scope="module")
def evaluator() -> Evaluator:
    return Evaluator()


def test_a_decided_game_rolls_out_to_its_points_with_no_error(evaluator: Evaluator) -> None:
    got = evaluator.rollout(Position.from_string(DECIDED), "31", trials=4)
    (row,) = got.rows  # one checker off the head (R5): 24/21 21/20 the only turn
    assert row.equity == pytest.approx(-2.0)  # a mars lost (R9)
    assert row.mean[0] == pytest.approx(0.0) and row.mean[2] == pytest.approx(1.0)
    assert row.equity_se == pytest.approx(0.0, abs=1e-9)
    koks = Evaluator(Ruleset.from_tag("koks")).rollout(Position.from_string(DECIDED), "31",
                                                      trials=4)
    assert koks.rows[0].equity == pytest.approx(-3.0)  # 14 still on Black's 24: koks


def test_the_position_itself_is_rolled_out_from_its_side_to_move(evaluator: Evaluator) -> None:
    got = evaluator.rollout(Position.from_string(DECIDED), trials=4)
    assert got.rows[0].turn is None and got.rows[0].equity == pytest.approx(-2.0)
    white = Position.from_string("1:1 / 24:15 / W")
    assert evaluator.rollout(white, trials=2).rows[0].equity == pytest.approx(2.0)


def test_a_turn_that_ends_the_game_is_exact(evaluator: Evaluator) -> None:
    got = evaluator.rollout(Position.from_string("1:1 / 24:15 / W"), "31", trials=2)
    (row,) = got.rows
    assert row.exact and row.equity == pytest.approx(2.0) and row.turn is not None
    assert row.turn.notation() == "1/off"


def test_bad_input_is_refused(evaluator: Evaluator) -> None:
    with pytest.raises(ValueError, match="game is over"):
        evaluator.rollout(Position.from_string(" / 24:15 / B"), "31")
    with pytest.raises(ValueError, match="no legal play"):
        evaluator.rollout(Position.from_string(NO_PLAY), "66")
    with pytest.raises(ValueError, match="at least 2 trials"):
        evaluator.rollout(Position.from_string(MIDGAME), trials=1)


@pytest.mark.parametrize(("argument", "value", "error", "message"), [
    ("prune", "no", TypeError, "prune must be True or False, not 'no'"),  # was taken as True
    ("luck", 1, TypeError, "luck must be True or False"),
    ("trials", "36", TypeError, "trials must be an int, not '36'"),
    ("trials", 2.5, TypeError, "trials must be an int"),
    ("seed", None, TypeError, "seed must be an int"),
    ("ply", True, TypeError, "ply must be an int"),
    ("top", 0, ValueError, "top must be at least 1, not 0"),  # was a numpy error
])
def test_arguments_of_the_wrong_kind_are_named(evaluator: Evaluator, argument: str, value: Any,
                                              error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        evaluator.rollout(Position.from_string(MIDGAME), "53", **{"trials": 2, argument: value})


def test_numpy_integers_are_ints(evaluator: Evaluator) -> None:
    got = evaluator.rollout(Position.from_string(MIDGAME), "53", trials=np.int64(2), top=1,
                            seed=np.int64(1))
    assert (got.trials, len(got.rows)) == (2, 1)


def test_the_first_two_rolls_are_stratified() -> None:
    # 36 trials throw each ordered throw once first: a double once, another roll twice (R12)
    first = Counter(dice_of_trial(5, t, 1)[0] for t in range(36))
    assert first[(6, 6)] == 1 and first[(6, 5)] == 2 and sum(first.values()) == 36
    assert len(first) == 21
    second = Counter(dice_of_trial(5, t, 2)[1] for t in range(36))
    assert second[(1, 1)] == 1 and second[(2, 1)] == 2
    pairs = Counter(tuple(dice_of_trial(5, t, 2)) for t in range(36 * 36))
    assert pairs[((6, 6), (1, 1))] == 1 and pairs[((6, 5), (4, 3))] == 4
    # later rolls depend on the seed and the trial only
    assert dice_of_trial(5, 40, 6) == dice_of_trial(5, 40, 6)
    assert dice_of_trial(5, 40, 30) != dice_of_trial(6, 40, 30)


def test_the_same_seed_gives_the_same_figures(evaluator: Evaluator) -> None:
    pos = Position.from_string(MIDGAME)
    a = evaluator.rollout(pos, "53", trials=4, top=2, seed=3)
    b = evaluator.rollout(pos, "53", trials=4, top=2, seed=3)
    c = evaluator.rollout(pos, "53", trials=4, top=2, seed=4)
    assert [r.equity for r in a.rows] == [r.equity for r in b.rows]
    assert [r.equity for r in a.rows] != [r.equity for r in c.rows]


def test_the_batched_playout_plays_as_the_one_game_reference(evaluator: Evaluator) -> None:
    me, opp, mf, of = mover_view(Position.from_string(MIDGAME))
    starts = [Start(me, opp, mf, of, True), Start(opp, me, of, mf, False)]
    for luck in (False, True):
        one = play_trials(evaluator.judge, starts, range(3), 7, luck=luck, batch=1)
        many = play_trials(evaluator.judge, starts, range(3), 7, luck=luck)
        # float32 products of other batch sizes round differently, by about 1e-7
        np.testing.assert_allclose(one.results, many.results, atol=1e-5)


def test_the_luck_correction_keeps_the_mean(evaluator: Evaluator) -> None:
    # a short race (both sides nearly home): both estimators of the same value
    pos = Position.from_string("7:2 5:3 3:4 2:3 1:3 / 8:1 6:4 4:4 2:3 1:3 / W")
    plain = evaluator.rollout(pos, trials=144, seed=1).rows[0]
    luck = evaluator.rollout(pos, trials=144, seed=1, luck=True).rows[0]
    assert luck.equity_se < plain.equity_se
    gap = abs(plain.equity - luck.equity)
    assert gap < 3 * np.hypot(plain.equity_se, luck.equity_se)


def test_losses_are_paired_against_the_best_row(evaluator: Evaluator) -> None:
    got = evaluator.rollout(Position.from_string(MIDGAME), "53", trials=8, top=3)
    assert [r.equity for r in got.rows] == sorted((r.equity for r in got.rows), reverse=True)
    best = got.rows[0]
    assert best.loss == 0.0 and best.loss_se == 0.0
    for r in got.rows[1:]:
        assert r.loss == pytest.approx(best.equity - r.equity)
        assert r.loss_se > 0


def test_narde_rollout_prints_figures_with_errors() -> None:
    result = CliRunner().invoke(narde, ["rollout", DECIDED, "31", "--trials", "2",
                                        "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["trials"] == 2 and data["rows"][0]["turn"] == "24/20"
    assert data["rows"][0]["equity"] == pytest.approx(-2.0)
    assert data["rows"][0]["equity_se"] == pytest.approx(0.0)


@pytest.mark.parametrize(("position", "roll", "message"), [
    (" / 24:15 / B", "31", "game is over"),
    (NO_PLAY, "66", "no legal play"),
])
def test_narde_rollout_refuses_what_cannot_be_rolled_out(position: str, roll: str,
                                                         message: str) -> None:
    result = CliRunner().invoke(narde, ["rollout", position, roll])
    assert result.exit_code == 2
    assert message in result.output


def test_ctrl_c_keeps_the_trials_done(monkeypatch: pytest.MonkeyPatch) -> None:
    real = rollout_module.trials_share

    def stop_at_second(label: str, share: tuple[int, int] = (0, 1), **options: Any) -> Any:
        if share[0] == 1:
            raise KeyboardInterrupt
        return real(label, share, **options)

    monkeypatch.setattr(rollout_module, "trials_share", stop_at_second)
    result = CliRunner().invoke(narde, ["rollout", MIDGAME, "53", "--trials", "72",
                                        "--top", "2", "--format", "json"])
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["trials"] == 36 and data["requested"] == 72
    assert all(row["equity_se"] > 0 for row in data["rows"])
    assert "interrupted after 36 of 72 trials" in result.stderr


def test_narde_hint_rollout_adds_the_rollout_of_the_best_turns() -> None:
    result = CliRunner().invoke(narde, ["hint", MIDGAME, "53", "--rollout", "--top", "2",
                                        "--trials", "4", "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    rolled = [r for r in rows if "rollout" in r]
    assert len(rolled) == 2 and all(r["rollout"]["trials"] == 4 for r in rolled)


def test_two_ply_searches_the_filters_best_deeper() -> None:
    ev = Evaluator()
    pos = Position.from_string(MIDGAME)
    one = ev.rank_turns(pos, "53", ply=1)
    two = ev.rank_turns(pos, "53", ply=2)
    plies = [r.ply for r in two]
    # gnubg's second filter: at most three turns, within 0.04 of the 1-ply best, go deeper
    assert 1 <= plies.count(2) <= 3 and plies == sorted(plies, reverse=True)
    deep = {r.turn.position for r in two if r.ply == 2}
    best_one = one[0].estimate.equity
    assert deep == {r.turn.position for r in one[:3] if r.estimate.equity >= best_one - 0.04}


def test_one_ply_players_and_worker_processes_give_the_same_figures() -> None:
    runner = CliRunner()
    args = ["rollout", MIDGAME, "53", "--trials", "72", "--top", "2", "--format", "json"]
    here = runner.invoke(narde, args)
    pool = runner.invoke(narde, [*args, "-j", "2"])
    assert here.exit_code == 0 == pool.exit_code, pool.output
    assert json.loads(here.stdout) == json.loads(pool.stdout)  # trials fix their dice
    one_ply = Evaluator().rollout(Position.from_string(DECIDED), "31", trials=2, ply=1)
    assert one_ply.rows[0].equity == pytest.approx(-2.0) and one_ply.ply == 1


def test_a_scheduler_that_cannot_be_used_is_exit_2() -> None:
    result = CliRunner().invoke(narde, ["rollout", MIDGAME, "--trials", "2",
                                        "--scheduler", "tcp://127.0.0.1:1"])
    assert result.exit_code == 2 and "scheduler" in result.output


def test_the_games_first_roll_is_never_a_double() -> None:
    # R2: the first roll decides who starts and is never a double (unless reroll)
    first = Counter(dice_of_trial(3, t, 1, opening=True)[0] for t in range(30))
    assert len(first) == 15 and set(first.values()) == {2}
    assert all(a != b for a, b in first)
    assert dice_of_trial(3, 7, 2, opening=True)[1] == dice_of_trial(3, 7, 2)[1]


def test_one_ply_rollouts_prune_unless_told_not_to(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1 ply the players' Judge gets the shipped pruning network (decisions
    PR3, PR5); --no-prune (prune=False) and 0 ply get none; the CLI's
    figures are Evaluator.rollout's with the same setting."""
    from narde_notation.evaluator.prune import prune_network

    made: list[object] = []
    real = rollout_module.Judge

    def judge(*args: Any, **kwargs: Any) -> Any:
        made.append(kwargs.get("prune"))
        return real(*args, **kwargs)

    monkeypatch.setattr(rollout_module, "Judge", judge)
    pos = Position.from_string(MIDGAME)
    ev = Evaluator()
    figures = {}
    for ply, prune in ((1, True), (1, False), (0, True)):
        made.clear()
        got = ev.rollout(pos, "53", trials=2, top=2, seed=2, ply=ply, prune=prune)
        assert made and all(m is (prune_network() if ply == 1 and prune else None)
                            for m in made)
        figures[ply, prune] = [round(r.equity, 6) for r in got.rows]
    for prune in (True, False):
        result = CliRunner().invoke(narde, [
            "rollout", MIDGAME, "53", "--ply", "1", "--trials", "2", "--top", "2", "--seed",
            "2", "--format", "json", "--prune" if prune else "--no-prune"])
        assert result.exit_code == 0, result.output
        assert [r["equity"] for r in json.loads(result.stdout)["rows"]] == figures[1, prune]
