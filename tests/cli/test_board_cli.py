"""``narde board``: its usage errors, Ctrl-C, and the message without Flask."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from narde_notation.cli.main import narde

pytest.importorskip("flask")


def test_help_names_the_record_and_the_options() -> None:
    done = CliRunner().invoke(narde, ["board", "--help"])
    assert done.exit_code == 0
    for word in ("RECORD", "--game", "--out", "--port", "--no-browser", "--from"):
        assert word in done.output


def test_an_unreadable_record_or_a_missing_game_is_exit_2(tmp_path: Path) -> None:
    missing = CliRunner().invoke(narde, ["board", str(tmp_path / "none.txt"), "--no-browser"])
    assert missing.exit_code == 2 and "cannot read" in missing.output
    record = tmp_path / "one.txt"
    record.write_text("1. 65: 24/18 18/13 *\n", encoding="utf-8")
    beyond = CliRunner().invoke(narde, ["board", str(record), "--game", "3", "--no-browser"])
    assert beyond.exit_code == 2 and "holds 1 game" in beyond.output
    negative = CliRunner().invoke(narde, ["board", str(record), "--game", "-1"])
    assert negative.exit_code == 2


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_the_server(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "narde_notation.cli.main", "board", "--no-browser"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert "http://127.0.0.1:" in line
        url = re.search(r"http://\S+/", line).group(0)  # type: ignore[union-attr]
        # the first page builds the board (imports, the engine): slow under load
        with urllib.request.urlopen(url, timeout=120) as page:
            assert page.status == 200 and b'name="roll"' in page.read()
        child.send_signal(signal.SIGINT)
        _out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 130  # the programs' exit after Ctrl-C (README)
    assert "Traceback" not in err


def test_without_flask_it_says_what_to_install() -> None:
    code = ("import sys; sys.modules['flask'] = None; sys.modules['werkzeug'] = None\n"
            "from narde_notation.cli.main import narde\n"
            "narde(['board', '--no-browser'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert "narde-notation[board]" in done.stderr and "Traceback" not in done.stderr
