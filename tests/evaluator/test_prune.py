"""The pruned best replies (docs/decisions.md PR3, PR5): ``narde_best_turns``
with a pruning network (compiled) against the numpy reference
(``compiled=False``), and both against choices worked out independently of
the pruning: a pruning network that scores every board alike keeps the first
``keep`` boards of each roll in generation order, and a ``keep`` above every
roll's count changes nothing.  The pruning network must not read the facing
columns (the compiled search does not work them out for it).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pytest
from records import random_positions

from narde_notation.evaluator import encoding
from narde_notation.evaluator.encoding import FACING, raw_boards
from narde_notation.evaluator.estimate import equities
from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.evaluator.game import ROLLS, Ruleset, child_boards_of_rolls, mover_view
from narde_notation.evaluator.network import Network
from narde_notation.evaluator.prune import prune_network
from narde_notation.evaluator.search import Judge

pytestmark = pytest.mark.skipif(
    shutil.which(os.environ.get("CC", "cc")) is None or bool(os.environ.get("NARDE_PURE_PYTHON")),
    reason="no C compiler here, or NARDE_PURE_PYTHON set")

_Pos = tuple[int, int, bool, bool]


@pytest.fixture(scope="module", params=["standard", "koks"])
def evaluator(request: pytest.FixtureRequest) -> Evaluator:
    assert encoding.use_kernel(True)
    return Evaluator(Ruleset(koks=request.param == "koks"))


@pytest.fixture(scope="module")
def positions() -> list[_Pos]:
    return [mover_view(p) for p in random_positions(24, 5)]  # type: ignore[arg-type]


def judge(ev: Evaluator, prune: Network, keep: int) -> Judge:
    return Judge(ev.network, ev.rules, dtype=np.float32, prune=prune, keep=keep)


@pytest.mark.parametrize("keep", [1, 3, 8])
def test_compiled_as_the_numpy_reference(evaluator: Evaluator, positions: list[_Pos],
                                         keep: int) -> None:
    """The same boards but where a score is equal to float rounding (the
    compiled search sums both networks' first layers from the board before
    the roll, decisions K6), the figures equal to rounding."""
    j = judge(evaluator, prune_network(), keep)
    boards, values, exact = j.best_replies(positions)
    want_boards, want_values, want_exact = j.best_replies(positions, compiled=False)
    np.testing.assert_array_equal(exact, want_exact)
    other = (boards != want_boards).any(axis=-1)
    assert other.mean() <= 0.01
    np.testing.assert_allclose(values[~other], want_values[~other], rtol=0, atol=2e-6)


@pytest.mark.parametrize("compiled", [True, False])
def test_a_keep_above_a_rolls_count_prunes_nothing(evaluator: Evaluator, positions: list[_Pos],
                                                   compiled: bool) -> None:
    """keep 64: a roll of 64 end boards or fewer (most) is not pruned, so
    its choice is the unpruned search's."""
    rolls = [(d1, d2) for d1, d2, _p in ROLLS]
    small = np.array([child_boards_of_rolls(me, opp, mf, rolls, evaluator.rules)[2]
                      for me, opp, mf, _of in positions]) <= 64
    assert small.mean() > 0.9 and not small.all()  # rolls of both kinds
    want = evaluator.judge.best_replies(positions, compiled=compiled)
    got = judge(evaluator, prune_network(), 64).best_replies(positions, compiled=compiled)
    np.testing.assert_array_equal(got[0][small], want[0][small])
    np.testing.assert_array_equal(got[1][small], want[1][small])


def test_a_blind_pruner_keeps_the_first_boards(evaluator: Evaluator,
                                               positions: list[_Pos]) -> None:
    """All scores equal: each roll's first three boards (generation order) are
    the candidates; the chosen one is the first of those with the opponent's
    lowest equity, by the full network's values of every board."""
    blind = Network(evaluator.network.n_inputs, 8, seed=1)
    blind.params["w2"][:] = 0.0
    blind.params["w1"][:, FACING:] = 0.0
    keep = 3
    rolls = [(d1, d2) for d1, d2, _p in ROLLS]
    boards, _values, _exact = judge(evaluator, blind, keep).best_replies(positions)
    checked = 0
    for i, (me, opp, mf, of) in enumerate(positions):
        raw, rows, counts = child_boards_of_rolls(me, opp, mf, rolls, evaluator.rules)
        full = evaluator.judge.values_raw(raw_boards([opp]), raw, of, False)
        if full.exact.any():  # exact boards are scored by their exact figure
            continue
        eq = equities(full.values, evaluator.rules.koks)
        checked += 1
        start = 0
        for r, c in enumerate(counts):
            first = rows[start:start + min(c, keep)]
            start += c
            best = first[int(np.argmin(eq[first]))]
            np.testing.assert_array_equal(boards[i, r], raw[best])
    assert checked >= len(positions) // 2


@pytest.mark.parametrize("keep", [0, 65])
def test_keep_out_of_range(evaluator: Evaluator, keep: int) -> None:
    with pytest.raises(ValueError, match="keep"):
        judge(evaluator, prune_network(), keep)


def test_a_pruner_that_reads_the_facing_columns_is_refused(evaluator: Evaluator) -> None:
    reader = Network(evaluator.network.n_inputs, 8, seed=2)
    with pytest.raises(ValueError, match="facing"):
        judge(evaluator, reader, 8)


def test_the_shipped_pruner_reads_no_facing_column() -> None:
    """The twelve facing columns (encoding 2's escapes, primes and trapped
    checkers) are the last twelve of the 220."""
    w1 = prune_network().params["w1"]
    assert FACING == 220 - 12 and w1.shape[1] == 220
    assert not w1[:, FACING:].any()
    assert w1[:, :FACING].any(axis=0).sum() > 150  # it reads the rest


def test_a_pruner_too_wide_for_the_compiled_pass_still_prunes(evaluator: Evaluator,
                                                              positions: list[_Pos]) -> None:
    """520 hidden units (the compiled pass holds 512): the numpy path prunes,
    so a blind pruner still keeps each roll's first boards (not every board)."""
    wide = Network(evaluator.network.n_inputs, 520, seed=3)
    wide.params["w2"][:] = 0.0
    wide.params["w1"][:, FACING:] = 0.0
    pruned = judge(evaluator, wide, 1).best_replies(positions[:6])
    reference = judge(evaluator, wide, 1).best_replies(positions[:6], compiled=False)
    np.testing.assert_array_equal(pruned[0], reference[0])
    unpruned = evaluator.judge.best_replies(positions[:6])
    assert (pruned[0] != unpruned[0]).any()


def test_the_shipped_pruner_was_distilled_from_the_shipped_network() -> None:
    """A new full network needs its own pruning network (prune.py --weights):
    the shipped pruner names the weights it was fitted to."""
    from narde_notation.evaluator.evaluate import SHIPPED_WEIGHTS
    from narde_notation.evaluator.prune import network_digest

    shipped = Network.load(SHIPPED_WEIGHTS)[0]
    assert prune_network().meta["distilled_from"] == network_digest(shipped)
    changed = {k: v.copy() for k, v in shipped.params.items()}
    changed["b2"][0] += 1e-3
    other = Network(shipped.n_inputs, shipped.n_hidden, params=changed)
    assert network_digest(other) != network_digest(shipped)


def test_judge_refuses_a_pruner_that_is_not_a_network(evaluator: Evaluator) -> None:
    with pytest.raises(TypeError, match="prune must be a Network or None, not 'yes'"):
        Judge(evaluator.network, evaluator.rules, prune="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="keep must be an int, not '8'"):
        Judge(evaluator.network, evaluator.rules, keep="8")  # type: ignore[arg-type]


def test_a_damaged_pruner_says_how_to_roll_out_without_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import narde_notation.evaluator.prune as prune_module

    damaged = tmp_path / "prune.npz"
    damaged.write_bytes(bytes(range(256)) * 8)  # not an npz: numpy takes it for a pickle
    monkeypatch.setattr(prune_module, "PRUNE_WEIGHTS", damaged)
    with pytest.raises(ValueError) as info:
        prune_module.prune_network.__wrapped__()  # not the cached one
    assert "--no-prune" in str(info.value) and str(damaged) in str(info.value)
    assert "allow_pickle" not in str(info.value)  # numpy's advice to load it unsafely
