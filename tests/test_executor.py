"""The one executor (:func:`narde_notation.executor.run_each`): order, safety net."""

from __future__ import annotations

import os
import signal

import pytest

from narde_notation.executor import Failure, SchedulerError, check_scheduler, run_each


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


@pytest.mark.parametrize("address", ["tcp://127.0.0.1", "nonsense://x:1", "tcp://127.0.0.1:1"])
def test_check_scheduler_refuses_unusable_addresses(address: str) -> None:
    pytest.importorskip("distributed")
    with pytest.raises(SchedulerError, match="scheduler"):
        check_scheduler(address, timeout=1)
