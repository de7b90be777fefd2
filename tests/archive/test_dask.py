"""``narde-stats --scheduler``: the same output on a Dask cluster as locally."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")

from corpus import CORPUS  # noqa: E402
from records import MARS_GAME  # noqa: E402

from narde_notation.cli.stats import narde_stats  # noqa: E402

GAME = MARS_GAME


def test_local_cluster_gives_the_same_output(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(GAME, encoding="utf-8")
    (tmp_path / "b.txt").write_text(GAME.replace("Ann", "Eve"), encoding="utf-8")
    paths = [str(tmp_path)]
    legal = CORPUS / "games" / "legal"
    if legal.is_dir():
        paths += [str(p) for p in sorted(legal.glob("0[0-1]*.txt"))[:4]]
    runner = CliRunner()
    out = {name: (tmp_path / f"{name}-games.csv", tmp_path / f"{name}-turns.csv")
           for name in ("local", "remote")}

    def csvs(name: str) -> list[str]:
        games, turns = out[name]
        return ["--games-csv", str(games), "--turns-csv", str(turns)]

    local = runner.invoke(narde_stats, [*paths, "--format", "json", "--jobs", "1",
                                        *csvs("local")])
    assert local.exit_code == 0, local.stderr
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = runner.invoke(
            narde_stats,
            [*paths, "--format", "json", "--scheduler", cluster.scheduler_address,
             *csvs("remote")],
        )
    assert remote.exit_code == 0, remote.stderr
    assert json.loads(remote.stdout) == json.loads(local.stdout)
    for a, b in zip(out["local"], out["remote"], strict=True):
        assert a.read_text(encoding="utf-8") == b.read_text(encoding="utf-8")
    assert json.loads(local.stdout)["overview"]["games"] >= 2


def test_unreachable_scheduler_is_exit_2(tmp_path: Path) -> None:
    import dask

    (tmp_path / "a.txt").write_text(GAME, encoding="utf-8")
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        result = CliRunner().invoke(
            narde_stats, [str(tmp_path), "--scheduler", "tcp://127.0.0.1:1"]
        )
    assert result.exit_code == 2
    assert "scheduler" in result.stderr


def test_tables_on_a_cluster_equal_local(tmp_path: Path) -> None:
    import pandas as pd

    from narde_notation.archive.frames import tables

    (tmp_path / "a.txt").write_text(GAME, encoding="utf-8")
    (tmp_path / "b.txt").write_text(GAME.replace("Ann", "Eve"), encoding="utf-8")
    local = tables(tmp_path)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = tables(tmp_path, scheduler=cluster.scheduler_address)
    pd.testing.assert_frame_equal(remote.games, local.games)
    pd.testing.assert_frame_equal(remote.turns, local.turns)
    assert remote.files == local.files


def test_validate_on_a_cluster_gives_the_same_findings(tmp_path: Path) -> None:
    from narde_notation.cli.validate import narde_validate

    (tmp_path / "a.txt").write_text(GAME, encoding="utf-8")
    # White's 24/18 24/19 with 6-5 takes two checkers from the head (R5)
    (tmp_path / "b.txt").write_text('[White "A"]\n[Black "B"]\n\n1. 65: 24/18 24/19\n*\n',
                                    encoding="utf-8")
    runner = CliRunner()
    local = runner.invoke(narde_validate, [str(tmp_path), "--format", "json", "--jobs", "1"])
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = runner.invoke(narde_validate, [str(tmp_path), "--format", "json",
                                                "--scheduler", cluster.scheduler_address])
    assert local.exit_code == remote.exit_code == 1, remote.stderr
    assert json.loads(remote.stdout) == json.loads(local.stdout)
    assert [f["code"] for f in json.loads(local.stdout)] == ["head-rule", "unfinished"]
