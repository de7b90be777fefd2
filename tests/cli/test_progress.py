"""The programs' progress bar (issue 19, decisions F22): drawn at once, before
the first result is asked for, and its estimate not fed by the workers'
start-up nor by the work done when the first result comes in (narde-stats
imports its summary's modules then).  A simulated clock, no timing: 200
files, the first ready after 5 s of start-up, then one every 0.1 s (20 s in
all); taking in the first result costs 8 s, during which the workers go on."""

from __future__ import annotations

import io
import re
import sys
import time

import pytest

from narde_notation.cli import progress

FILES, START_UP, EVERY, AT_FIRST = 200, 5.0, 0.1, 8.0


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _results(clock: _Clock, stderr: _Terminal, drawn: list[str]) -> object:
    begin = clock.now
    for k in range(FILES):
        if k == 0:
            drawn.append(stderr.getvalue())  # what was on the terminal when work began
        clock.now = max(clock.now + 0.001, begin + START_UP + EVERY * k)
        yield k


def _estimates(monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], str]:
    clock = _Clock()
    stderr = _Terminal()
    monkeypatch.setattr(time, "time", clock)
    monkeypatch.setattr(sys, "stderr", stderr)
    drawn: list[str] = []

    def at_first() -> None:
        clock.now += AT_FIRST

    got = list(progress(_results(clock, stderr, drawn), count=FILES, show_bar=True,
                        label="reading", at_first=at_first))
    assert got == list(range(FILES))
    shown = [int(h) * 3600 + int(m) * 60 + int(s)
             for h, m, s in re.findall(r"(\d\d):(\d\d):(\d\d)", stderr.getvalue())]
    return shown, drawn[0]


def test_the_bar_is_drawn_before_the_first_result_is_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, before_work = _estimates(monkeypatch)
    assert "reading" in before_work and "0%" in before_work


def test_the_estimate_leaves_out_the_start_up_and_the_first_results_work(
        monkeypatch: pytest.MonkeyPatch) -> None:
    shown, _ = _estimates(monkeypatch)
    assert shown, "the bar gives an estimate"
    # at most the whole run's 20 s (5 s start-up and 8 s at the first result
    # counted as one file's time: 13 s x 199 files, 43 minutes)
    assert max(shown) <= FILES * EVERY


def test_without_a_bar_the_first_results_work_still_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    got = list(progress(iter(range(5)), count=5, show_bar=False, label="reading",
                        at_first=lambda: calls.append(1)))
    assert got == [0, 1, 2, 3, 4] and calls == [1]


def test_a_ctrl_c_inside_the_first_result_work_is_a_keyboard_interrupt() -> None:
    # a Ctrl-C that lands in an import can surface as another error caused by it
    import pytest

    from narde_notation.cli import progress

    def import_cut_by_ctrl_c() -> None:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as exc:
            raise RuntimeError("Error calling __set_name__") from exc

    def plain_failure() -> None:
        raise RuntimeError("not an interrupt")

    for show_bar in (False, True):
        with pytest.raises(KeyboardInterrupt):
            list(progress(iter([1, 2]), count=2, show_bar=show_bar, label="x",
                          at_first=import_cut_by_ctrl_c))
        with pytest.raises(RuntimeError, match="not an interrupt"):
            list(progress(iter([1, 2]), count=2, show_bar=show_bar, label="x",
                          at_first=plain_failure))


def test_the_analysis_bar_counts_shares_from_two(monkeypatch: pytest.MonkeyPatch) -> None:
    from narde_notation.cli import share_progress

    for count, drawn in ((2, True), (1, False)):
        stderr = _Terminal()
        monkeypatch.setattr(sys, "stderr", stderr)
        watch = share_progress(show_bar=True, label="analysing")
        assert list(watch(iter(range(count)), count)) == list(range(count))
        assert ("analysing" in stderr.getvalue()) is drawn
        if drawn:  # the two shares of one file: half-way, then done
            assert "100%" in stderr.getvalue()
    stderr = _Terminal()
    monkeypatch.setattr(sys, "stderr", stderr)
    watch = share_progress(show_bar=False, label="analysing")
    assert list(watch(iter(range(4)), 4)) == [0, 1, 2, 3] and stderr.getvalue() == ""
