"""Ctrl-C during ``narde analyse`` and ``narde show --analyse``: exit 130, one
line on standard error, no traceback (STANDARDS; docs/decisions.md A5)."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from narde_notation.cli.main import narde

# a bear-off position (exact, quick to analyse): White own {3, 1}, Black {4, 4, 1}
POSITION = '[Position "3:1 1:1 / 4:2 1:1 / W"]'
GAME = f"{POSITION}\n\n1. 62: 3/1 1/off\n*\n"


def test_ctrl_c_in_narde_analyse_exits_130_with_one_line(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         ) -> None:
    import narde_notation.analysis.files as files

    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(GAME, encoding="utf-8")
    real = files.analyse
    calls: list[int] = []

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:  # the second file's game: as if Ctrl-C came then
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(files, "analyse", interrupted)
    done = CliRunner().invoke(narde, ["analyse", str(tmp_path / "a.txt"),
                                      str(tmp_path / "b.txt"), "-j", "1"])
    assert done.exit_code == 130
    assert isinstance(done.exception, SystemExit)  # no KeyboardInterrupt escaped
    assert done.stderr.splitlines() == ["narde analyse: error: interrupted after 1 file"]
    assert "Traceback" not in done.stderr
    assert "a.txt, game 0" in done.stdout and "b.txt" not in done.stdout  # file 1 kept


def test_ctrl_c_in_narde_show_analyse_exits_130(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import narde_notation.analysis.game as game

    path = tmp_path / "g.txt"
    path.write_text(GAME, encoding="utf-8")

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(game, "analyse", interrupted)
    done = CliRunner().invoke(narde, ["show", str(path), "--analyse", "-o",
                                      str(tmp_path / "g.html")])
    assert done.exit_code == 130
    assert isinstance(done.exception, SystemExit)
    assert done.stderr.splitlines() == ["narde show: error: interrupted"]
    assert not (tmp_path / "g.html").exists()  # nothing half-written


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to the process itself")
def test_ctrl_c_while_a_file_is_written_keeps_its_whole_output(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Ctrl-C lands while the first file's games are written (with -j 2 its first
    # handling imports pandas: about a second under load); that file was counted
    # in "interrupted after 1 file" with none of its games on stdout.  Now its
    # output is finished, then the program stops: the second file is not started.
    import narde_notation.cli.analyse as analyse

    (tmp_path / "a.txt").write_text(GAME + "\n" + GAME, encoding="utf-8")  # 2 games
    (tmp_path / "b.txt").write_text(GAME, encoding="utf-8")
    real = analyse._Output._write_game
    sent: list[int] = []

    def write_game(self: Any, game: Any) -> None:
        if not sent:
            sent.append(1)
            os.kill(os.getpid(), signal.SIGINT)
        real(self, game)

    monkeypatch.setattr(analyse._Output, "_write_game", write_game)
    done = CliRunner().invoke(narde, ["analyse", str(tmp_path / "a.txt"),
                                      str(tmp_path / "b.txt"), "-j", "1"])
    assert done.exit_code == 130
    assert done.stderr.splitlines() == ["narde analyse: error: interrupted after 1 file"]
    assert "a.txt, game 0" in done.stdout and "a.txt, game 1" in done.stdout
    assert "b.txt" not in done.stdout
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
