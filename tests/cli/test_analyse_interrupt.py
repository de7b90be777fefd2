"""Ctrl-C during ``narde analyse`` and ``narde show --analyse``: exit 130, one
line on standard error, no traceback (STANDARDS; docs/decisions.md A5)."""

from __future__ import annotations

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
