"""The one executor (:func:`narde_notation.archive.executor.run_each`): order, safety net."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time

import pytest

from narde_notation.archive.executor import (
    Failure,
    SchedulerError,
    Share,
    check_scheduler,
    run_each,
)


def square_or_fail(item: str, *, power: int = 2) -> int:
    if item == "bad":
        raise ValueError("not a number")
    if item == "die":
        os.kill(os.getpid(), signal.SIGKILL)
    return int(item) ** power


@pytest.mark.parametrize("jobs", [1, 3])
def test_results_in_order_and_an_exception_is_a_failure_of_its_item(jobs: int) -> None:
    results = list(run_each(square_or_fail, ["1", "2", "bad", "4", "5"], jobs=jobs, power=3))
    assert results[:2] == [1, 8] and results[3:] == [64, 125]
    assert results[2] == Failure("bad", "bad: internal error: ValueError: not a number")


def test_a_killed_worker_fails_its_item_only() -> None:
    items = ["1", "2", "die", "4", "5", "6"]
    results = list(run_each(square_or_fail, items, jobs=2))
    assert [r for r in results if not isinstance(r, Failure)] == [1, 4, 16, 25, 36]
    (failure,) = [r for r in results if isinstance(r, Failure)]
    assert failure.item == "die"
    assert "killed by SIGKILL" in failure.message


def slow_square(item: str) -> int:
    time.sleep(0.2)
    return int(item) ** 2


def test_stopping_early_leaves_no_worker_and_no_pool_thread() -> None:
    """Stopped while files are pending (what Ctrl-C does), the pool's workers
    and its own threads are gone when ``run_each`` returns: nothing is left
    for the interpreter's exit (Python 3.11's exit hook could write to a
    pipe the pool's thread was closing: a stray traceback after Ctrl-C)."""
    threads_before = set(threading.enumerate())
    results = run_each(slow_square, [str(i) for i in range(12)], jobs=2)
    assert next(results) == 0
    results.close()  # the generator stops: GeneratorExit where it waits
    assert set(threading.enumerate()) <= threads_before
    assert multiprocessing.active_children() == []


def big_result(item: str) -> bytes:
    return bytes(40_000_000)  # 40 MB: sent through the pipe in many writes


def test_stopping_while_a_worker_sends_its_result_leaves_no_pool_thread() -> None:
    """A worker stopped while it sends a big result leaves part of a message in
    the result pipe; the pool's thread waited for the rest for ever, and the
    interpreter's exit for that thread (``narde analyse -j 2``, Ctrl-C as a
    file's analysis came back: a hang after "interrupted after N files")."""
    threads_before = set(threading.enumerate())
    results = run_each(big_result, ["1", "2", "3"], jobs=2)
    assert len(next(results)) == 40_000_000  # the second worker is sending its own
    results.close()
    assert set(threading.enumerate()) <= threads_before
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("address", ["tcp://127.0.0.1", "nonsense://x:1", "tcp://127.0.0.1:1"])
def test_check_scheduler_refuses_unusable_addresses(address: str) -> None:
    pytest.importorskip("distributed")
    with pytest.raises(SchedulerError, match="scheduler"):
        check_scheduler(address, timeout=1)


def share_or_die(file: str, *, share: tuple[int, int] = (0, 1)) -> tuple[str, int, int]:
    if file == "die" and share[0] == 1:
        os.kill(os.getpid(), signal.SIGKILL)
    if file == "bad":
        raise ValueError("no such share")
    return (file, *share)


def test_a_share_reaches_the_work_and_its_failure_names_the_file() -> None:
    items = [Share("a.txt", 0, 2), Share("a.txt", 1, 2), "b.txt", Share("c.txt"),
             Share("bad", 1, 2)]
    results = list(run_each(share_or_die, items, jobs=1))
    # a share of one is the plain file: no share= given, the work's default
    assert results[:4] == [("a.txt", 0, 2), ("a.txt", 1, 2), ("b.txt", 0, 1), ("c.txt", 0, 1)]
    assert results[4] == Failure("bad", "bad: internal error: ValueError: no such share")


def test_a_worker_killed_on_one_share_fails_that_share_only() -> None:
    items = [Share(f, k, 2) for f in ("x", "die", "y") for k in range(2)]
    results = list(run_each(share_or_die, items, jobs=2))
    assert [r for r in results if not isinstance(r, Failure)] == \
        [("x", 0, 2), ("x", 1, 2), ("die", 0, 2), ("y", 0, 2), ("y", 1, 2)]
    (failure,) = [r for r in results if isinstance(r, Failure)]
    assert results[3] == failure and failure.item == "die"
    assert failure.message.startswith("die: the worker process was killed by SIGKILL")
