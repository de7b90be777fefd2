"""The 1-ply truth set's batches combined (benchmarks/rebuild_truth.py, decisions T1):
figures worked out by hand."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _module() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))  # it imports bench_judgement beside it
    try:
        spec = importlib.util.spec_from_file_location("rebuild_truth",
                                                      BENCHMARKS / "rebuild_truth.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


def _cand(turn: str, equity: float, se: float, loss: float, loss_se: float) -> dict[str, object]:
    return {"turn": turn, "equity": equity, "equity_se": se, "loss": loss, "loss_se": loss_se,
            "exact": False}


def test_two_batches_combined_by_trials() -> None:
    # 36 trials: a 0.2 (se 0.3), b 0.0 (0.3), paired loss se 0.1;
    # 12 trials: b 0.1 best, a -0.1 (se 0.4 both), paired loss se 0.2.
    # a = (36*0.2 + 12*-0.1)/48 = 0.125; b = (12*0.1)/48 = 0.025; loss 0.1;
    # a's se = sqrt((36*0.3)^2 + (12*0.4)^2)/48 = sqrt(139.68)/48 = 0.24622;
    # the loss's se = sqrt((36*0.1)^2 + (12*0.2)^2)/48 = sqrt(18.72)/48 = 0.09014.
    batches = [
        {"trials": 36, "candidates": [_cand("a", 0.2, 0.3, 0.0, 0.0),
                                      _cand("b", 0.0, 0.3, 0.2, 0.1)]},
        {"trials": 12, "candidates": [_cand("b", 0.1, 0.4, 0.0, 0.0),
                                      _cand("a", -0.1, 0.4, 0.2, 0.2)]},
    ]
    best, other = _module().combine(batches)
    assert (best["turn"], other["turn"]) == ("a", "b")
    assert best["equity"] == pytest.approx(0.125) and other["equity"] == pytest.approx(0.025)
    assert best["equity_se"] == pytest.approx(0.24622, abs=1e-5)
    assert (best["loss"], best["loss_se"]) == (0.0, 0.0)
    assert other["loss"] == pytest.approx(0.1)
    assert other["loss_se"] == pytest.approx(0.09014, abs=1e-5)


def test_the_best_changes_with_the_trials() -> None:
    # 12 trials: a by 0.3; 36 trials: b by 0.2. a = (12*0.3 + 36*0)/48 = 0.075,
    # b = (12*0 + 36*0.2)/48 = 0.15: b leads after both, by 0.075.
    batches = [
        {"trials": 12, "candidates": [_cand("a", 0.3, 0.1, 0.0, 0.0),
                                      _cand("b", 0.0, 0.1, 0.3, 0.1)]},
        {"trials": 36, "candidates": [_cand("b", 0.2, 0.1, 0.0, 0.0),
                                      _cand("a", 0.0, 0.1, 0.2, 0.1)]},
    ]
    best, other = _module().combine(batches)
    assert best["turn"] == "b"
    assert other["loss"] == pytest.approx(0.075)
