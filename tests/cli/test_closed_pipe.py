"""``| head``: a pipe closed by its reader ends the programs quietly (issue 28 item 8)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# every game has a head-rule error and an unfinished warning: 2 findings a game
GAMES = "".join(f'[Round "{n}"]\n1. 65: 24/18 24/19\n*\n\n' for n in range(3000))


def program(name: str) -> list[str]:
    """The command line of a program by its click command (module:function)."""
    module, function = name.split(":")
    return [sys.executable, "-c", f"from {module} import {function}; {function}()"]


VALIDATE = program("narde_notation.cli.validate:narde_validate")
NARDE = program("narde_notation.cli.main:narde")


def run_into_closed_pipe(args: list[str]) -> tuple[int, str]:
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first line
    try:
        done = subprocess.run(args, stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    finally:
        os.close(write)
    return done.returncode, done.stderr


def test_validate_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    games = tmp_path / "many.txt"
    games.write_text(GAMES, encoding="utf-8")
    code, err = run_into_closed_pipe([*VALIDATE, str(games), "-j", "1", "-q"])
    assert code == 0, err
    assert "Broken pipe" not in err and "Traceback" not in err


def test_moves_into_a_closed_pipe_ends_quietly() -> None:
    code, err = run_into_closed_pipe([*NARDE, "moves",
                                      "24:14 13:1 / 24:15 / W", "21"])
    assert code == 0, err
    assert err == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_full_disk_stays_an_error(tmp_path: Path) -> None:
    games = tmp_path / "many.txt"
    games.write_text(GAMES, encoding="utf-8")
    with open("/dev/full", "w") as full:
        done = subprocess.run([*VALIDATE, str(games), "-j", "1", "-q"], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert "cannot write its output" in done.stderr
