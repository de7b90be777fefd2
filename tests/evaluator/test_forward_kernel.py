"""The compiled forward pass fused with the encoding (``encoding_kernel.c``'s
``narde_forward``, decisions V12) against the reference: the numpy encoder
and :meth:`Network.forward` in float64.

The kernel sums the first layer over the nonzero inputs only and works in
float32 with its own tanh and logistic (one exponential each, a polynomial
of degree 7), so its outputs are the reference's to float32 rounding: the
bound asserted here, 2e-6 on figures in 0…1, is some ten float32 steps at 1
(2^-23 ≈ 1.2e-7) and far below any figure the analysis prints (1e-3).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import numpy as np
import pytest
from records import random_positions

from narde_notation.evaluator import encoding
from narde_notation.evaluator.encoding import encode_raw, fused_forward, raw_boards
from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.evaluator.game import ROLLS, Ruleset, child_boards, mover_view
from narde_notation.evaluator.network import Network

TOLERANCE = 2e-6

pytestmark = pytest.mark.skipif(
    shutil.which(os.environ.get("CC", "cc")) is None or bool(os.environ.get("NARDE_PURE_PYTHON")),
    reason="no C compiler here, or NARDE_PURE_PYTHON set")


@pytest.fixture(autouse=True)
def compiled() -> Iterator[None]:
    assert encoding.use_kernel(True)
    yield
    encoding.use_kernel(True)


def reference(net: Network, movers: np.ndarray, others: np.ndarray, mover_first: object,
              other_first: object) -> np.ndarray:
    encoding.use_kernel(False)
    try:
        x = encode_raw(movers, others, mover_first, other_first, dtype=np.float64)
    finally:
        encoding.use_kernel(True)
    return Network(net.n_inputs, net.n_hidden, params={
        k: np.asarray(v, dtype=np.float64) for k, v in net.params.items()}).forward(x)


def batches() -> Iterator[tuple[np.ndarray, np.ndarray, object, object]]:
    """Batches of every shape the Judge makes: a roll's end boards against one
    opponent (one mover row), and mixed rows with their own flags."""
    rules = Ruleset()
    positions = random_positions(11, 2)[::3]
    for pos in positions:
        me, opp, me_first, opp_first = mover_view(pos)
        for d1, d2, _p in ROLLS[::4]:
            ends = child_boards(me, opp, me_first, d1, d2, rules)
            if ends:
                yield raw_boards([opp]), raw_boards(list(ends)), opp_first, False
    views = [mover_view(p) for p in positions]
    yield (raw_boards([v[0] for v in views]), raw_boards([v[1] for v in views]),
           np.array([v[2] for v in views]), np.array([v[3] for v in views]))


def shipped() -> Network:
    return Evaluator().network


def test_the_fused_pass_equals_encoding_then_forward() -> None:
    net = shipped()
    fused = fused_forward(net.params)
    assert fused is not None
    rows = 0
    for movers, others, mf, of in batches():
        got = fused(movers, others, mf, of)
        want = reference(net, movers, others, mf, of)
        assert got.shape == want.shape == (len(others), 5)
        assert np.abs(got - want).max() <= TOLERANCE
        rows += len(others)
    assert rows > 1000


@pytest.mark.parametrize("hidden", [1, 13, 80, 96])
def test_any_hidden_width_and_large_weights(hidden: int) -> None:
    # widths not a multiple of the C's block of 8, hidden units saturated
    # (tanh near ±1, past the clamp at 20) and outputs near 0 and 1
    rng = np.random.default_rng(hidden)
    n_inputs = encoding.N_INPUTS
    b1 = rng.normal(0, 2.0, hidden)
    b1[::3] = 25.0  # saturated units: past the C's clamp of tanh at 20
    b1[1::5] = -25.0
    params = {"w1": rng.normal(0, 0.5, (hidden, n_inputs)), "b1": b1,
              "w2": rng.normal(0, 1.0, (5, hidden)), "b2": np.array([-30.0, 30.0, 0.0, 5.0, -5.0])}
    net = Network(n_inputs, hidden, params=params)
    fused = fused_forward(params)
    assert fused is not None
    for movers, others, mf, of in list(batches())[:40]:
        got = fused(movers, others, mf, of)
        want = reference(net, movers, others, mf, of)
        assert np.abs(got - want).max() <= TOLERANCE


def test_narrower_weights_read_the_first_columns() -> None:
    # encoding 1's 208 inputs are encoding 2's first 208 (PREFIX_OF)
    rng = np.random.default_rng(5)
    width = encoding.PREFIX_OF[1]
    params = {"w1": rng.normal(0, 0.3, (16, width)), "b1": rng.normal(0, 0.3, 16),
              "w2": rng.normal(0, 0.3, (5, 16)), "b2": rng.normal(0, 0.3, 5)}
    fused = fused_forward(params)
    assert fused is not None
    movers, others, mf, of = next(batches())
    encoding.use_kernel(False)
    x = encode_raw(movers, others, mf, of)[:, :width]
    encoding.use_kernel(True)
    want = Network(width, 16, params=params).forward(x)
    assert np.abs(fused(movers, others, mf, of) - want).max() <= TOLERANCE


def test_no_fused_pass_without_the_compiled_encoder_or_too_wide() -> None:
    params = {"w1": np.zeros((600, encoding.N_INPUTS)), "b1": np.zeros(600),
              "w2": np.zeros((5, 600)), "b2": np.zeros(5)}
    assert fused_forward(params) is None  # wider than the C's buffers
    encoding.use_kernel(False)
    assert fused_forward(shipped().params) is None


def test_bad_shapes_are_refused() -> None:
    fused = fused_forward(shipped().params)
    assert fused is not None
    boards = raw_boards([0, 0, 0])
    with pytest.raises(ValueError):
        fused(boards[:2], boards, False, False)  # two movers for three rows
    with pytest.raises(ValueError):
        fused(boards[:, :12], boards, False, False)
    assert fused(boards[:1], boards[:0], False, False).shape == (0, 5)


def test_the_evaluator_ranks_alike_with_and_without_it() -> None:
    # the rankings the analysis shows: the same best turn, equities within 1e-5
    positions = random_positions(3, 1)[::3]
    with_it = Evaluator()
    encoding.use_kernel(False)
    without = Evaluator()
    try:
        for pos in positions:
            if pos.is_game_over():
                continue
            for dice in [(6, 5), (3, 1), (4, 4)]:
                a = without.rank_turns(pos, dice)
                encoding.use_kernel(True)
                b = with_it.rank_turns(pos, dice)
                encoding.use_kernel(False)
                assert [r.loss for r in a] == pytest.approx([r.loss for r in b], abs=1e-5)
                assert a[0].estimate.equity == pytest.approx(b[0].estimate.equity, abs=1e-5)
    finally:
        encoding.use_kernel(True)
