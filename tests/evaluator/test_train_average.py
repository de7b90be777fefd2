"""Snapshots of a training run and the promotion of their averaged weights
(decisions W1: Polyak averaging of the run's last stretch)."""

from __future__ import annotations

import signal
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from narde_notation.evaluator.network import Network
from narde_notation.evaluator.train import Config, Trainer, averaged, cli, snapshot_path


def test_each_checkpoint_keeps_a_snapshot_of_its_weights(tmp_path: Path) -> None:
    trainer = Trainer(tmp_path / "run", Config(seed=3, hidden=6))
    trainer.train_game()
    trainer.save()
    trainer.train_game()
    trainer.save()
    kept = sorted((tmp_path / "run" / "snapshots").glob("*.npz"))
    assert [p.name for p in kept] == ["games-000000001.npz", "games-000000002.npz"]
    last, _extra = Network.load(kept[-1])
    assert last.meta["games"] == 2
    # float32 copies of the checkpoint's weights, without Adam's moments
    with np.load(kept[-1]) as stored:
        assert stored["w1"].dtype == np.float32 and "m_w1" not in stored.files
    for k, v in trainer.network.params.items():
        np.testing.assert_allclose(last.params[k], v, rtol=1e-6, atol=1e-7)
    assert not Trainer(tmp_path / "off", Config(seed=3, hidden=6, snapshots=False)).config \
        .snapshots


def make(path: Path, value: float, games: int, hidden: int = 4) -> Path:
    params = {"w1": np.full((hidden, 10), value), "b1": np.full(hidden, value),
              "w2": np.full((5, hidden), value), "b2": np.full(5, value)}
    Network(10, hidden, params=params, meta={"games": games}).save(path)
    return path


def test_averaged_weights_are_the_mean_of_each_weight(tmp_path: Path) -> None:
    paths = [make(tmp_path / "a.npz", 1.0, 100), make(tmp_path / "b.npz", 2.0, 200),
             make(tmp_path / "c.npz", 6.0, 300)]
    net = averaged(paths)
    for k in ("w1", "b1", "w2", "b2"):
        assert np.all(net.params[k] == 3.0)  # (1 + 2 + 6) / 3
    assert net.meta["averaged"] == [100, 200, 300] and net.meta["games"] == 300


def test_weights_of_other_shapes_or_none_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no weights"):
        averaged([])
    with pytest.raises(ValueError, match="different shapes"):
        averaged([make(tmp_path / "a.npz", 1.0, 1, hidden=4),
                  make(tmp_path / "b.npz", 1.0, 2, hidden=5)])


def test_promote_average_ships_the_mean_of_the_last_snapshots(tmp_path: Path) -> None:
    run = tmp_path / "run"
    (run / "snapshots").mkdir(parents=True)
    for games, value in [(10, 100.0), (20, 1.0), (30, 3.0)]:
        make(snapshot_path(run, games), value, games)
    dest = tmp_path / "shipped.npz"
    args = ["promote", str(run), "--to", str(dest), "--measure-games", "0", "--average", "2"]
    got = CliRunner().invoke(cli, args)
    assert got.exit_code == 0, got.output
    net, _extra = Network.load(dest)
    assert np.allclose(net.params["w1"], 2.0)  # the last two: (1 + 3) / 2, not the first
    assert net.meta["averaged"] == [20, 30]
    too_many = CliRunner().invoke(cli, [*args[:-1], "4"])
    assert too_many.exit_code == 2 and "holds 3 snapshots" in too_many.output


def test_a_new_run_into_a_folder_not_yet_made_logs_and_saves(tmp_path: Path) -> None:
    # the strength log is written before the first checkpoint: the folder must exist by then
    out = tmp_path / "new" / "run"
    args = ["run", "--out", str(out), "--hidden", "6", "--games", "2", "--parallel", "2",
            "--eval-every", "2", "--eval-games", "2"]
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    got = CliRunner().invoke(cli, args)
    assert got.exit_code == 0, got.output
    assert (out / "checkpoint.npz").exists()
    assert len((out / "strength.jsonl").read_text(encoding="utf-8").splitlines()) == 1
    # the run's Ctrl-C handlers end with it (they broke the CLI tests run after it)
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before
