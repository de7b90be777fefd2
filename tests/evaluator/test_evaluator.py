"""The evaluator's API, players, training loop and ``narde hint``.

Values asserted are worked out by hand from R7–R9: a turn that bears off
the last checker while the opponent has none off wins a mars (2 points,
exact); a finished game is worth what R9 says.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import narde_notation
from narde_notation import Position, Ruleset, Side
from narde_notation.cli.main import narde
from narde_notation.evaluator.encoding import N_INPUTS, decode
from narde_notation.evaluator.evaluate import SHIPPED_WEIGHTS, Evaluator
from narde_notation.evaluator.game import mover_view
from narde_notation.evaluator.network import Network
from narde_notation.evaluator.players import (
    EvaluatorPlayer,
    HeuristicPlayer,
    IllegalChoiceError,
    RandomPlayer,
    play_game,
)
from narde_notation.evaluator.train import Config, Trainer

TINY = Network(N_INPUTS, 4, seed=3)
# White can bear off both checkers with 2-1 (2/off 1/off) or play 2/1 1/off and keep one.
ENDGAME = "2:1 1:1 / 24:15 / W"


def test_decode_reads_every_point() -> None:
    pos = Position.from_string("24:3 13:2 7:1 1:4 / 24:15 / W")
    counts = decode([mover_view(pos)[0]])[0]  # White to move: its board
    assert counts[24] == 3 and counts[13] == 2 and counts[7] == 1 and counts[1] == 4
    assert counts[0] == 5  # 15 - 10 on the board are off
    assert counts.sum() == 15


def test_public_names_are_lazy() -> None:
    assert narde_notation.Evaluator is Evaluator
    assert "expected_rolls" in narde_notation.__all__
    code = "import sys, narde_notation; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_winning_turn_ranks_first_and_is_exact() -> None:
    ev = Evaluator(network=TINY)
    ranked = ev.rank_turns(Position.from_string(ENDGAME), "21")
    assert ranked[0].turn.notation() == "2/off 1/off"
    best = ranked[0].estimate
    assert best.exact and best.win == 1.0 and best.win_mars == 1.0 and best.equity == 2.0
    assert ranked[0].loss == 0.0
    assert len(ranked) == 2 and ranked[1].loss > 0
    assert ev.best_turn(Position.from_string(ENDGAME), (2, 1)) == ranked[0].turn


def test_rank_turns_covers_every_legal_turn_once() -> None:
    ev = Evaluator(network=TINY)
    pos = Position.from_string("24:13 19:1 13:1 / 24:14 18:1 / W")
    for ply in (0, 1, 2):
        ranked = ev.rank_turns(pos, "64", ply=ply)
        ends = [r.turn.position for r in ranked]
        assert sorted(map(str, ends)) == sorted(str(t.position) for t in pos.legal_turns("64"))
        losses = [r.loss for r in ranked if r.ply == ply]
        assert losses == sorted(losses) and losses[0] == 0.0
    with pytest.raises(ValueError, match="ply"):
        ev.rank_turns(pos, "64", ply=3)


def test_finished_game_is_worth_what_r9_says() -> None:
    lost = Position.from_string(" / 24:15 / B")  # White has all 15 off, Black none
    est = Evaluator(network=TINY).evaluate(lost)
    assert est.exact and est.win == 0.0 and est.lose_mars == 1.0 and est.equity == -2.0
    koks = Evaluator(Ruleset(koks=True), network=TINY).evaluate(lost)
    assert koks.lose_koks == 1.0 and koks.equity == -3.0
    with pytest.raises(ValueError, match="game is over"):
        Evaluator(network=TINY).rank_turns(lost, "21")


def test_players_play_legal_games_and_cheats_are_caught() -> None:
    result = play_game(RandomPlayer(1), HeuristicPlayer(), random.Random(4))
    assert result.outcome is not None and result.outcome.points in (1, 2)

    class Cheat:
        def choose(self, position: Position, dice: tuple[int, int]) -> object:
            return Position.from_string(ENDGAME).legal_turns("21")[0]

    with pytest.raises(IllegalChoiceError):
        play_game(Cheat(), Cheat(), random.Random(0))  # type: ignore[arg-type]


def test_tiny_training_is_seeded_and_resumable(tmp_path: Path) -> None:
    cfg = Config(seed=5, hidden=6)
    straight = Trainer(tmp_path / "a", cfg)
    losses = [straight.train_game() for _ in range(3)]
    assert all(np.isfinite(losses))
    halves = Trainer(tmp_path / "b", cfg)
    halves.train_game()
    halves.train_game()
    halves.save()
    resumed = Trainer(tmp_path / "b", Config(seed=99))  # the stored config wins
    assert resumed.resumed and resumed.games == 2 and resumed.config.seed == 5
    resumed.train_game()
    for k, v in straight.network.params.items():
        np.testing.assert_allclose(resumed.network.params[k], v, rtol=0, atol=1e-12)


shipped = pytest.mark.skipif(not SHIPPED_WEIGHTS.exists(), reason="no shipped weights")


@shipped
def test_shipped_network_beats_random() -> None:
    # 30 games, colours alternating: a player winning 95% of games wins 21 or more
    # with probability 1 - 2e-6; a random-strength one (50%) with probability 0.02.
    ev = Evaluator()
    me = EvaluatorPlayer(ev)
    wins = 0
    for g in range(30):
        other = RandomPlayer(g)
        mine = Side.WHITE if g % 2 == 0 else Side.BLACK
        white, black = (me, other) if mine is Side.WHITE else (other, me)
        result = play_game(white, black, random.Random(1000 + g))
        assert result.outcome is not None
        wins += result.outcome.winner is mine
    assert wins >= 21
    assert ev.meta["games"] > 0 and "seed" in ev.meta and ev.meta["code_version"]
    assert ev.meta["strength"]["random"]["win_rate"] >= 0.9


@shipped
def test_hint_text_and_json() -> None:
    runner = CliRunner()
    out = runner.invoke(narde, ["hint", ENDGAME, "21", "--format", "json", "--ply", "0"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)
    assert rows[0] == {"turn": "2/off 1/off", "equity": 2.0, "win": 1.0, "win_mars": 1.0,
                       "lose_mars": 0.0, "loss": 0.0, "ply": 0}
    assert [r["turn"] for r in rows] == ["2/off 1/off", "2/1/off"]
    assert rows[1]["loss"] > 0  # the network's figure, not quite 2
    # by default (2 ply) 2/1/off is seen to win the mars too: Black cannot bear
    # off in one turn, White then bears off its last checker (R9)
    deep = json.loads(runner.invoke(narde, ["hint", ENDGAME, "21", "--format", "json"]).output)
    assert [r["turn"] for r in deep] == ["2/off 1/off", "2/1/off"]
    assert deep[1]["equity"] == pytest.approx(2.0) and deep[1]["loss"] == pytest.approx(0.0)
    text = runner.invoke(narde, ["hint", ENDGAME, "21", "--ply", "1"])
    assert text.exit_code == 0
    assert "White to play 21 (standard, 1-ply): 2 legal turns" in text.output
    assert "2/off 1/off" in text.output.splitlines()[1]
    bad = runner.invoke(narde, ["hint", "24:16 / 24:15 / W", "21"])
    assert bad.exit_code == 2 and "more than 15" in bad.output


def test_lockstep_games_equal_games_one_at_a_time(tmp_path: Path) -> None:
    from narde_notation.evaluator.train import self_play_game, self_play_games

    judge = Trainer(tmp_path, Config(seed=2, hidden=6)).judge
    together = self_play_games(judge, [random.Random(g) for g in range(3)], 0.7)
    for g, got in enumerate(together):
        alone = self_play_game(judge, random.Random(g), 0.7)
        assert got is not None and alone is not None
        # the same positions; values agree to rounding (a batch sums in another order)
        np.testing.assert_array_equal(got[0], alone[0])
        np.testing.assert_allclose(got[1], alone[1], rtol=0, atol=1e-9)


def test_weights_of_another_encoding_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "w.npz"
    Network(N_INPUTS, 4, meta={"encoding": 999}).save(path)
    with pytest.raises(ValueError, match="encoding 999"):
        Evaluator(weights=path)
    with pytest.raises(FileNotFoundError):
        Evaluator(weights=tmp_path / "missing.npz")


OLD_INPUTS = 208  # encoding 1 (decisions V2): the first columns of encoding 2


def test_weights_of_the_previous_encoding_read_the_new_inputs_with_zero_weights(
        tmp_path: Path) -> None:
    path = tmp_path / "old.npz"
    old = Network(OLD_INPUTS, 4, seed=7, meta={"encoding": 1})
    old.save(path)
    ev = Evaluator(weights=path)
    assert ev.network.n_inputs == N_INPUTS and ev.network.n_hidden == 4
    assert not ev.network.params["w1"][:, OLD_INPUTS:].any()
    x = np.random.default_rng(0).uniform(0, 1, (5, N_INPUTS))
    np.testing.assert_allclose(ev.network.forward(x), old.forward(x[:, :OLD_INPUTS]),
                               rtol=0, atol=1e-6)  # float32 arithmetic
    Network(OLD_INPUTS, 4, meta={"encoding": 2}).save(path)  # too few inputs for encoding 2
    with pytest.raises(ValueError, match="encoding 2"):
        Evaluator(weights=path)


def test_a_warm_start_computes_what_it_started_from_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "old.npz"
    old = Network(OLD_INPUTS, 6, seed=3, meta={"encoding": 1, "games": 123})
    old.save(path)
    trainer = Trainer(tmp_path / "run", Config(seed=2, hidden=9, init=str(path)))
    net = trainer.network
    assert (net.n_inputs, net.n_hidden) == (N_INPUTS, 9) and net.meta["init"]["games"] == 123
    assert not net.params["w2"][:, 6:].any() and net.params["w1"][6:].any()
    x = np.random.default_rng(1).uniform(0, 1, (7, N_INPUTS))
    np.testing.assert_allclose(net.forward(x), old.forward(x[:, :OLD_INPUTS]), rtol=0,
                               atol=1e-12)
    assert trainer.steps == 0 and not trainer.m["w1"].any()  # weights alone: Adam starts
    trainer.train_game()
    trainer.save()
    resumed = Trainer(tmp_path / "run", Config())
    assert resumed.resumed and resumed.network.n_hidden == 9 and resumed.games == 1
    # from a checkpoint: its moments go on (zeros for the new weights), and its steps
    steps, moment = resumed.steps, resumed.v["w1"].copy()
    again = Trainer(tmp_path / "again", Config(hidden=11, init=str(tmp_path / "run" /
                                                                    "checkpoint.npz")))
    assert again.steps == steps > 0 and again.v["w1"].shape == (11, N_INPUTS)
    assert np.array_equal(again.v["w1"][:9], moment) and not again.v["w1"][9:].any()
    with pytest.raises(ValueError, match="narrow"):
        net.widened(N_INPUTS, 5)


def _contact_boards() -> tuple[list[int], list[int], int]:
    """End boards of 65 and of every roll, and the opponent's board, in a contact position."""
    from narde_notation.evaluator.game import ROLLS, child_boards, mover_view

    me, opp, first, _of = mover_view(Position.from_string("24:13 13:1 8:1 / 24:14 10:1 / W"))
    every = {b: None for d1, d2, _p in ROLLS
             for b in child_boards(me, opp, first, d1, d2, Ruleset())}
    return child_boards(me, opp, first, 6, 5, Ruleset()), list(every), opp


def test_the_ranking_after_the_luck_batch_has_the_figures_of_a_fresh_batch() -> None:
    from narde_notation.evaluator.search import Judge

    boards, every, opp = _contact_boards()
    ev = Evaluator()
    ev.judge.after_turns(every, opp, False)  # what the luck of a half-turn values first
    kept = ev.judge.after_turns(boards, opp, False)
    fresh = Judge(ev.network, ev.rules, dtype=np.float32).after_turns(boards, opp, False)
    assert not kept.exact.any() and len(boards) > 5
    assert np.allclose(kept.values, fresh.values, atol=1e-6)


def test_a_network_in_training_is_never_answered_from_an_old_batch() -> None:
    from narde_notation.evaluator.search import Judge

    boards, every, opp = _contact_boards()
    network = Network(N_INPUTS, 4, seed=5)
    judge = Judge(network, Ruleset())  # float64, the live weights (train.py's)
    before = judge.after_turns(every, opp, False).values.copy()
    network.params["b2"] += 1.0  # a training step
    after = judge.after_turns(every, opp, False).values
    assert (after > before).all()  # every sigmoid rose with its bias
    # a float32 Judge works from a copy made when it was made
    frozen = Judge(network, Ruleset(), dtype=np.float32)
    n = len(boards)
    first = frozen.values([opp] * n, boards, [False] * n, [False] * n).values
    network.params["b2"] += 1.0
    assert np.array_equal(frozen.values([opp] * n, boards, [False] * n, [False] * n).values,
                          first)
