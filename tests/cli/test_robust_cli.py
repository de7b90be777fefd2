"""Runs that never break (issue 10): both CLIs, as real processes.

A game whose replay raises, a worker killed as the out-of-memory killer
would, Ctrl-C, FIFOs, a ``--scheduler`` where no Dask answers: each time the
exit code says what happened, what was written stays valid, and every
other file's results are all there.  The faults are injected by a small
driver that wraps :func:`narde_notation.replay.validation.validate` before the CLI
starts (the workers are forked from it, so they inherit the wrapper).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

DRIVER = r"""
import os, signal, sys, time
import narde_notation.replay._matches as v

real = v.validate
kill, boom, slow = (os.environ.get(k) for k in ("KILL_WHITE", "RAISE_WHITE", "SLOW"))
pids = os.environ.get("PID_FILE")

def wrapped(record, rules=None):
    if pids:
        with open(pids, "a") as handle:
            handle.write(f"{os.getpid()}\n")
    white = record.tags.get("White")
    if kill and white == kill:
        os.kill(os.getpid(), signal.SIGKILL)
    if boom and white == boom:
        raise RuntimeError("injected")
    if slow:
        time.sleep(float(slow))
    return real(record, rules)

v.validate = wrapped
program = sys.argv.pop(1)
if program == "validate":
    from narde_notation.cli.validate import narde_validate as main
else:
    from narde_notation.cli.stats import narde_stats as main
main(prog_name=program)
"""


def game(white: str, black: str = "Bob") -> str:
    # White bears off its last checker with the 1 of 2-1: a finished 2-0 mars
    # (Black has borne off nothing), no finding.
    return (f'[White "{white}"]\n[Black "{black}"]\n[Position "1 / 24:15 / W"]\n'
            '[Result "2-0"]\n\n1. 21: 1/off\n2-0\n')


# White's 24/18 24/19 takes two checkers off the head with 6-5: head-rule (R5);
# applied as written, the game goes on and its record ends with `*`: unfinished.
HEAD_RULE = '[White "Cid"]\n[Black "Dan"]\n\n1. 65: 24/18 24/19\n*\n'


def run(program: str, *args: str, env: dict[str, str] | None = None,
        timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", DRIVER, program, *args],
        capture_output=True, text=True, timeout=timeout,
        env={**os.environ, **(env or {})},
    )


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Six files: f0..f5, one finished game each (White named after the file),
    f2 with a second game (the head-rule error)."""
    folder = tmp_path / "arch"
    folder.mkdir()
    for i in range(6):
        text = game(f"P{i}") + ("\n" + HEAD_RULE if i == 2 else "")
        (folder / f"f{i}.txt").write_text(text, encoding="utf-8")
    return folder


def files_in_json(out: str) -> set[str]:
    return {Path(f["file"]).name for f in json.loads(out)}


# --------------------------------------------------------------------------- internal errors


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_replay_that_raises_is_exit_2_and_the_rest_is_reported(
    archive: Path, jobs: str
) -> None:
    env = {"RAISE_WHITE": "P3"}
    done = run("validate", str(archive), "--format", "json", "--jobs", jobs, env=env)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert f"{archive / 'f3.txt'}:1: internal error replaying game 0: RuntimeError: injected" \
        in done.stderr
    # every other game still checked: the head-rule error of f2 is there
    assert [f["code"] for f in json.loads(done.stdout)] == ["head-rule", "unfinished"]
    assert "6 files, 7 games, 1 error, 1 warning" in done.stderr

    stats = run("stats", str(archive), "--format", "json", "--jobs", jobs, env=env)
    assert stats.returncode == 2, stats.stderr
    assert "internal error replaying game 0: RuntimeError: injected" in stats.stderr
    summary = json.loads(stats.stdout)
    # the same games in both programs; the failed one is skipped, not lost
    assert summary["overview"]["games"] == 7
    assert summary["skipped"] == {"errors: head-rule": 1, "replay failed": 1}
    assert summary["overview"]["valid"] == 5


def test_an_exception_escaping_the_per_file_work_is_an_internal_failure(
    archive: Path, tmp_path: Path
) -> None:
    # Whatever raises outside a game's replay (here the reader, made to fail
    # on f4) is reported for that file alone (see also test_executor.py).
    driver = DRIVER.replace(
        "v.validate = wrapped",
        "v.validate = wrapped\n"
        "import narde_notation.formats.reader as r\n"
        "real_read = r.read_games\n"
        "def read(source, *, name=None, **options):\n"
        "    if name and name.endswith('f4.txt'):\n"
        "        raise MemoryError('injected')\n"
        "    return real_read(source, name=name, **options)\n"
        "r.read_games = read\n",
    )
    for program, fmt in (("validate", "json"), ("stats", "json")):
        done = subprocess.run([sys.executable, "-c", driver, program, str(archive),
                               "--format", fmt, "--jobs", "2"],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, (program, done.stderr)
        line = next(x for x in done.stderr.splitlines() if "f4.txt" in x)
        assert line.startswith(f"narde-{program}: error: {archive / 'f4.txt'}: internal error")
        assert line.endswith("MemoryError: injected")
        assert "Traceback" not in done.stderr
        data = json.loads(done.stdout)
        if program == "validate":
            assert [f["code"] for f in data] == ["head-rule", "unfinished"]
        else:
            assert data["overview"]["games"] == 6  # f4's game alone is missing
            assert set(data["files"]) == {str(archive / f"f{i}.txt") for i in range(6)} - {
                str(archive / "f4.txt")}


# --------------------------------------------------------------------------- killed worker


@pytest.mark.parametrize("program", ["validate", "stats"])
def test_a_killed_worker_is_reported_and_the_other_files_complete(
    archive: Path, program: str
) -> None:
    start = time.monotonic()
    done = run(program, str(archive), "--format", "json", "--jobs", "2",
               env={"KILL_WHITE": "P1"}, timeout=120)
    assert time.monotonic() - start < 100  # no hang
    assert done.returncode == 2, done.stderr
    assert (f"{archive / 'f1.txt'}: the worker process was killed by SIGKILL while working "
            "on this file") in done.stderr
    assert "Traceback" not in done.stderr
    data = json.loads(done.stdout)
    if program == "validate":
        assert files_in_json(done.stdout) == {"f2.txt"}
        assert "5 files, 6 games, 1 error, 1 warning" in done.stderr
    else:
        assert data["overview"]["games"] == 6  # all but f1's game
        assert {Path(f).name for f in data["files"]} == {"f0.txt", "f2.txt", "f3.txt",
                                                          "f4.txt", "f5.txt"}


# --------------------------------------------------------------------------- Ctrl-C


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in state


def _wait_for(ready: Callable[[], bool], seconds: float = 60) -> bool:
    """Poll ``ready`` every 50 ms until it is true (True) or ``seconds`` pass
    (False): a generous wait for a loaded machine, not a fixed sleep."""
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.parametrize(("program", "jobs"),
                         [("validate", "1"), ("validate", "2"), ("stats", "2")])
def test_ctrl_c_is_exit_130_valid_json_and_no_stray_process(
    tmp_path: Path, program: str, jobs: str
) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(40):
        (folder / f"g{i:02}.txt").write_text(HEAD_RULE, encoding="utf-8")
    pid_file = tmp_path / "pids"
    process = subprocess.Popen(
        [sys.executable, "-c", DRIVER, program, str(folder), "--format", "json",
         "--jobs", jobs],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "SLOW": "0.2", "PID_FILE": str(pid_file)},
    )
    # readiness: three games have started validating (each sleeps SLOW=0.2 s:
    # the other 37 cannot all finish before the signal lands)
    started = _wait_for(lambda: pid_file.exists() and len(pid_file.read_text().split()) >= 3)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal does: the whole group
    out, err = process.communicate(timeout=120)
    assert started, "no game started validating within the wait"
    assert process.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "interrupted" in err
    if program == "stats":
        assert out == ""  # its output comes at the end: nothing half-written
        out = "[]"
    findings = json.loads(out)  # the array was closed
    assert {f["code"] for f in findings} <= {"head-rule", "unfinished"}
    assert len(findings) < 80
    # the workers are ended, not left running: each is gone once the machine
    # gets round to it (a fixed half second was too short under load)
    workers = {int(p) for p in pid_file.read_text().split()}
    assert _wait_for(lambda: not [pid for pid in workers if _alive(pid)]), [
        pid for pid in workers if _alive(pid)]


# --------------------------------------------------------------------------- FIFOs


@pytest.mark.parametrize("program", ["validate", "stats"])
def test_a_fifo_on_the_command_line_is_exit_2_the_rest_checked(
    archive: Path, tmp_path: Path, program: str
) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    done = run(program, str(fifo), str(archive / "f2.txt"), "--format", "json", timeout=30)
    assert done.returncode == 2, done.stderr
    assert f"{fifo}: not read: a FIFO (named pipe)" in done.stderr
    if program == "validate":
        assert files_in_json(done.stdout) == {"f2.txt"}
    else:
        assert json.loads(done.stdout)["overview"]["games"] == 2


def test_a_fifo_inside_a_folder_is_skipped_with_a_notice(archive: Path) -> None:
    os.mkfifo(archive / "pipe.txt")
    done = run("validate", str(archive), "--format", "json", timeout=30)
    assert done.returncode == 1, done.stderr  # the head-rule error; the FIFO is no error
    assert f"note: {archive / 'pipe.txt'}: skipped, a FIFO (named pipe)" in done.stderr
    assert "6 files, 7 games" in done.stderr


# --------------------------------------------------------------------------- --scheduler


class _Server:
    """A localhost TCP server that is not Dask: it greets with an HTTP
    response (or stays silent), like a web server on the wrong port."""

    def __init__(self, greeting: bytes | None) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.greeting = greeting
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        conns = []
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            conns.append(conn)
            if self.greeting is not None:
                conn.sendall(self.greeting)

    def close(self) -> None:
        self.sock.close()


@pytest.fixture(params=[b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", None],
                ids=["http", "silent"])
def not_dask(request: pytest.FixtureRequest) -> Iterator[_Server]:
    server = _Server(request.param)
    yield server
    server.close()


@pytest.mark.parametrize("program", ["validate", "stats"])
def test_a_scheduler_address_where_no_dask_answers_is_exit_2_quickly(
    archive: Path, not_dask: _Server, program: str
) -> None:
    pytest.importorskip("distributed")
    start = time.monotonic()
    done = run(program, str(archive), "--scheduler", f"tcp://127.0.0.1:{not_dask.port}",
               timeout=60)
    elapsed = time.monotonic() - start
    assert done.returncode == 2, done.stderr
    assert f"scheduler tcp://127.0.0.1:{not_dask.port}:" in done.stderr
    assert "not" in done.stderr and "Dask scheduler" in done.stderr
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    assert elapsed < 20  # a few seconds of probing plus start-up, never Dask's 60 s
