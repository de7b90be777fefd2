"""The best 0-ply turn of each roll in one compiled call (``encoding_kernel.c``'s
``narde_best_turns``, docs/decisions.md K1) against the reference: the same
:meth:`Judge.best_replies` with numpy between generation and choice
(``compiled=False``), on the positions of seeded random games, every roll
and one roll each, standard rules and koks.  The boards must be the same
(the same first-of-equals choice) but where two boards' equities are equal
to float rounding, the figures equal to rounding (the compiled call sums the
first layer from the board before the roll, docs/decisions.md K6), exact rows
the same.
"""

from __future__ import annotations

import os
import random
import shutil

import numpy as np
import pytest
from records import random_positions

from narde_notation.evaluator import encoding
from narde_notation.evaluator.encoding import raw_boards
from narde_notation.evaluator.estimate import equities
from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.evaluator.game import (
    Position,
    Ruleset,
    child_boards,
    compiled_rolls_search,
    mover_view,
)

pytestmark = pytest.mark.skipif(
    shutil.which(os.environ.get("CC", "cc")) is None or bool(os.environ.get("NARDE_PURE_PYTHON")),
    reason="no C compiler here, or NARDE_PURE_PYTHON set")


@pytest.fixture(scope="module", params=["standard", "koks"])
def evaluator(request: pytest.FixtureRequest) -> Evaluator:
    assert encoding.use_kernel(True)
    return Evaluator(Ruleset(koks=request.param == "koks"))


@pytest.fixture(scope="module")
def positions() -> list[tuple[int, int, bool, bool]]:
    return [mover_view(p) for p in random_positions(24, 5)]  # type: ignore[arg-type]


def same(ev: Evaluator, positions: list[tuple[int, int, bool, bool]],
         rolls: list[list[tuple[int, int]]] | None) -> None:
    boards, values, exact = ev.judge.best_replies(positions, rolls)
    want_boards, want_values, want_exact = ev.judge.best_replies(positions, rolls,
                                                                  compiled=False)
    assert boards.shape == want_boards.shape
    np.testing.assert_array_equal(exact, want_exact)
    # the compiled call sums the first layer from the board before the roll
    # (K6): its choice is the reference's but where two boards' equities are
    # equal to float rounding (either is the best: the equity chosen is the
    # same), and its figures equal the reference's to rounding (float32
    # probabilities: a few units in the 7th place)
    other = (boards != want_boards).any(axis=-1)
    assert other.mean() <= 0.01
    np.testing.assert_allclose(equities(values[other], ev.judge.koks),
                               equities(want_values[other], ev.judge.koks), rtol=0, atol=1e-5)
    np.testing.assert_allclose(values[~other], want_values[~other], rtol=0, atol=2e-6)
    assert other.sum() < other.size  # the comparison is not vacuous


def test_every_roll_as_the_numpy_path(evaluator: Evaluator,
                                      positions: list[tuple[int, int, bool, bool]]) -> None:
    same(evaluator, positions, None)


def test_one_roll_each_as_the_numpy_path(evaluator: Evaluator,
                                         positions: list[tuple[int, int, bool, bool]]) -> None:
    rng = random.Random(3)
    rolls = []
    for _ in positions:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        rolls.append([(max(a, b), min(a, b))])
    same(evaluator, positions, rolls)


def test_the_compiled_call_does_the_middle_game(
        positions: list[tuple[int, int, bool, bool]]) -> None:
    """Without exact end boards or a first turn every position is done in C
    (status 0): the test above compares the compiled path, not the fallback."""
    ev = Evaluator()
    fused = ev.judge._fused
    search = compiled_rolls_search(ev.rules)
    assert fused is not None and search is not None
    middle = [p for p in positions[:200] if not p[2] and bin(p[0]).count("1") > 8][:20]
    words = np.array([(b & (2**64 - 1), b >> 64) for p in middle for b in p[:2]],
                     dtype=np.uint64).reshape(len(middle), 2, 2)
    rolls = np.tile(np.array([[6, 5]], dtype=np.int32), (len(middle), 1, 1))
    boards, _values, status = fused.best_turns(
        search, words[:, 0], np.zeros(len(middle), bool), words[:, 1],
        np.zeros(len(middle), bool), rolls, False)
    assert len(middle) == 20 and (status == 0).sum() >= 15
    # the start of the game, 6-5 for the mover off its first turn: one checker
    # can leave the head (R5), 24/13 is the only turn (the 13 point is free)
    me, opp, _mf, of = mover_view(Position.initial())
    one = np.array([[me & (2**64 - 1), me >> 64]], dtype=np.uint64)
    other = np.array([[opp & (2**64 - 1), opp >> 64]], dtype=np.uint64)
    boards, _values, status = fused.best_turns(search, one, np.zeros(1, bool), other,
                                               np.array([of]), rolls[:1], False)
    want = me - (1 << 96) + (1 << 52)  # one off own point 24, one onto own point 13
    assert status[0] == 0
    np.testing.assert_array_equal(boards[0, 0, :13], raw_boards([want])[0, :13])


def test_first_turn_and_exact_positions_are_left_to_numpy(evaluator: Evaluator) -> None:
    start = mover_view(Position.initial())
    same(evaluator, [start, start], None)


def test_a_position_asked_twice_gets_the_same_rows(
        evaluator: Evaluator, positions: list[tuple[int, int, bool, bool]]) -> None:
    """2 ply asks some positions twice (two rolls of the opponent, one answer):
    worked out once, each asker gets the rows it would have got alone."""
    some = positions[40:46]
    twice = [some[0], some[1], some[0], some[2], some[1]]
    boards, values, exact = evaluator.judge.best_replies(twice)
    for k, p in enumerate(twice):
        b, v, e = evaluator.judge.best_replies([p])
        np.testing.assert_array_equal(boards[k], b[0])
        np.testing.assert_array_equal(values[k], v[0])
        np.testing.assert_array_equal(exact[k], e[0])


@pytest.mark.parametrize("ply", [0, 1, 2])
def test_rank_many_ranks_as_rank_one_by_one(evaluator: Evaluator,
                                            positions: list[tuple[int, int, bool, bool]],
                                            ply: int) -> None:
    """The 1-ply rollout players rank every game's half-turn in one search
    (``Judge.rank_many``): each ranking is the one ``rank`` gives alone, to the
    bit (the same rows valued by the same calls, only gathered)."""
    rng = random.Random(11)
    items = []
    for me, opp, mf, of in positions[60:60 + (3 if ply == 2 else 8)]:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        kids = child_boards(me, opp, mf, max(d1, d2), min(d1, d2), evaluator.rules)
        if kids:
            items.append((kids, opp, of))
    # a roll with one turn: searched by rank, not by a player (K10)
    items.append((items[0][0][:1], items[0][1], items[0][2]))
    assert len(items) >= 4
    many = evaluator.judge.rank_many(items, ply)
    for got, (kids, opp, of) in zip(many, items, strict=True):
        alone = evaluator.judge.rank(kids, opp, of, ply)
        assert got.boards == alone.boards and got.order == alone.order
        assert got.ply == alone.ply
        np.testing.assert_array_equal(got.values, alone.values)
        np.testing.assert_array_equal(got.exact, alone.exact)
    if ply:
        assert any(p == ply for r in many for p in r.ply)
    # a player wants the first turn only: the same first turn, searched or not
    played = evaluator.judge.rank_many(items, ply, playing=True)
    assert [r.boards[0] for r in played] == [r.boards[0] for r in many]
    if ply and not many[-1].exact[0]:
        assert many[-1].ply == [ply] and played[-1].ply == [0]


def test_rank_many_refuses_a_depth_it_has_not() -> None:
    with pytest.raises(ValueError, match="ply must be 0, 1 or 2"):
        Evaluator().judge.rank_many([], 3)
