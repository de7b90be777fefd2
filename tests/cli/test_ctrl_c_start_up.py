"""Ctrl-C while a console script starts, before its command has its own
handling (docs/decisions.md FX1): exit 130, no traceback; a library user's
Ctrl-C stays theirs."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from narde_notation import _startup

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _sigint_default() -> None:
    """In the child: Python's own SIGINT, even when the tests run where it is
    ignored (a shell's background job without job control)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    return env


def test_the_guarded_names_are_the_console_scripts() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert set(scripts["project"]["scripts"]) == _startup.SCRIPTS


@pytest.mark.parametrize(("argv0", "name"), [("/usr/bin/narde", "narde"),
                                             ("C:\\x\\narde-stats.exe", "narde-stats"),
                                             ("narde-validate-script.py", "narde-validate"),
                                             ("/usr/bin/python3", "python3")])
def test_the_script_name(argv0: str, name: str) -> None:
    assert _startup._script_name(argv0.replace("\\", "/")) == name


# the signal lands in the middle of the imports (a Ctrl-C a tenth of a second in)
_MID_IMPORT = """
import os, signal, sys
sys.argv[0] = {argv0!r}
import narde_notation
os.kill(os.getpid(), signal.SIGINT)
import narde_notation.cli.main
print("carried on")
"""


@pytest.mark.parametrize("script", sorted(_startup.SCRIPTS))
def test_ctrl_c_in_a_console_scripts_start_up_is_exit_130(script: str) -> None:
    got = subprocess.run([sys.executable, "-c", _MID_IMPORT.format(argv0=f"/bin/{script}")],
                         capture_output=True, text=True, env=_env(), timeout=60, check=False,
                         preexec_fn=_sigint_default)
    assert got.returncode == 130, got.stderr
    assert "Traceback" not in got.stderr and "carried on" not in got.stdout


def test_a_library_users_ctrl_c_is_theirs() -> None:
    got = subprocess.run([sys.executable, "-c", _MID_IMPORT.format(argv0="my_script.py")],
                         capture_output=True, text=True, env=_env(), timeout=60, check=False,
                         preexec_fn=_sigint_default)
    assert got.returncode != 130  # Python's own KeyboardInterrupt: killed by SIGINT
    assert "KeyboardInterrupt" in got.stderr


@pytest.mark.parametrize("script", sorted(_startup.SCRIPTS))
def test_ctrl_c_while_a_command_waits_is_exit_130_and_does_not_hang(script: str) -> None:
    """The command takes the handler over (its workers and output are cleaned
    up as before): reading a standard input that never ends, it stops at
    Ctrl-C with 130, however late the Ctrl-C comes."""
    path = shutil.which(script)
    if path is None:
        pytest.skip(f"{script} is not installed")
    args = [path, "analyse", "-"] if script == "narde" else [path, "-"]
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=_env(), preexec_fn=_sigint_default)
    try:
        # wait for the command's first output... it writes none while reading:
        # give the start-up time to end, then press Ctrl-C


        time.sleep(2.0)
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert b"Traceback" not in err
