"""The 1-ply search distilled into the network (decisions D1)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from click.testing import CliRunner

from narde_notation.evaluator.bearoff import database
from narde_notation.evaluator.distill import (
    Round,
    cli,
    fit,
    one_ply_targets,
    round_path,
)
from narde_notation.evaluator.encoding import N_INPUTS
from narde_notation.evaluator.game import Ruleset
from narde_notation.evaluator.network import Network
from narde_notation.evaluator.search import Judge

HEAD_ONLY = 15 << 96  # 15 checkers on own 24 (R1): nibble p holds own point p


def small_network(path: Path) -> Path:
    Network(N_INPUTS, 6, seed=4).save(path, dtype=np.float32)
    return path


def test_a_position_won_on_every_roll_has_the_exact_target() -> None:
    # the mover: 14 off (nibble 0), one checker on own 1; every die bears it off (R8),
    # so every roll wins; the opponent has borne off none (mars) and has its 15 on own
    # 24 (the koks condition, counted whatever the ruleset): (1, 1, 0, 1, 0) by R9
    judge = Judge(Network(N_INPUTS, 6, seed=4), Ruleset(), database(), dtype=np.float32)
    x, y, _boards, exact = one_ply_targets(judge, [(14 | 1 << 4, HEAD_ONLY, False, False)])
    assert x.shape == (1, N_INPUTS) and x.dtype == np.float32
    assert exact.all()
    np.testing.assert_allclose(y, [[1.0, 1.0, 0.0, 1.0, 0.0]])


def test_fit_moves_the_network_towards_its_targets() -> None:
    rng = np.random.default_rng(1)
    x = rng.integers(0, 2, (2000, N_INPUTS)).astype(np.float64)
    y = np.full((2000, 5), 0.2)
    net = Network(N_INPUTS, 6, seed=4)
    log = fit(net, x, y, Round(epochs=3, lr=5e-2, lr_end=1e-2))
    assert len(log) == 4  # before the first pass, then after each of three
    assert log[-1]["equity_rmse"] < log[0]["equity_rmse"] / 2
    assert abs(float(net.forward(x[:1])[0, 0]) - 0.2) < 0.05


def test_a_run_goes_on_after_its_last_round(tmp_path: Path) -> None:
    init = small_network(tmp_path / "init.npz")
    out = tmp_path / "run"
    args = ["--out", str(out), "--init", str(init), "--games", "2", "--parallel", "2",
            "--epochs", "1"]
    first = CliRunner().invoke(cli, [*args, "--rounds", "1"])
    assert first.exit_code == 0, first.output
    assert round_path(out, 1).exists() and not round_path(out, 2).exists()
    again = CliRunner().invoke(cli, [*args, "--rounds", "2"])
    assert again.exit_code == 0, again.output
    assert "round 1" not in again.output and "round 2" in again.output
    log = [json.loads(line) for line in (out / "log.jsonl").read_text().splitlines()]
    assert [e["round"] for e in log] == [1, 2]
    # round 2 learns from its own positions and round 1's
    with np.load(out / "positions-001.npz") as one, np.load(out / "positions-002.npz") as two:
        assert log[0]["rows"] == len(one["x"])
        assert log[1]["rows"] == len(one["x"]) + len(two["x"])
        assert ((two["y"] >= 0) & (two["y"] <= 1)).all()
    net, _extra = Network.load(round_path(out, 2))
    assert [e["round"] for e in net.meta["distilled"]] == [1, 2]
