"""The compiled search (rules/generation_kernel.c) against the Python search.

:func:`generate` runs the compiled search when it could be built and the
Python breadth-first search otherwise (decisions E19); both must give the
same answer to every roll: R7's dice count and one-die choice, the same end
boards **in the same order** (the order of :func:`legal_turns`) and the same
steps to each.  Compared on all 21 rolls of every position of seeded random
games under the rulesets whose movement differs; the plain search of
test_differential.py checks the end boards of both against rules.md.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from records import random_positions

from narde_notation.model.ruleset import Ruleset
from narde_notation.rules import generation
from narde_notation.rules.generation import Generated, generate, trail_steps
from narde_notation.rules.generation_kernel import kernel
from narde_notation.rules.packed import mover_boards
from narde_notation.rules.position import Position

ROLLS = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]

pytestmark = pytest.mark.skipif(kernel() is None,
                                reason="the compiled search could not be built here")


@pytest.fixture(autouse=True)
def _restore() -> Iterator[None]:
    yield
    generation.use_kernel(True)


def answer(gen: Generated) -> tuple[int, int, list[tuple[int, tuple[tuple[int, int, int], ...]]]]:
    return gen.max_dice, gen.single_die, [(b, trail_steps(t)) for b, t in gen.finals.items()]


def both_ways(pos: Position, rules: Ruleset) -> list[tuple[object, object]]:
    _side, me, opp, first, _opp_first = mover_boards(pos)
    got = []
    for on in (True, False):
        assert generation.use_kernel(on) is on
        got.append([answer(generate(me, opp, first, d1, d2, rules)) for d1, d2 in ROLLS])
    return list(zip(*got, strict=True))


@pytest.mark.parametrize("tag", ["standard", "head-doubles-64", "head-exception-strict",
                                 "reroll"])
def test_the_compiled_search_answers_every_roll_as_the_python_one(tag: str) -> None:
    rules = Ruleset.from_tag(tag)
    sample: list[Position] = random_positions(12, 2, rules)  # type: ignore[assignment]
    assert len(sample) > 150
    rolls = 0
    for pos in sample:
        for compiled, python in both_ways(pos, rules):
            assert compiled == python, (str(pos), tag)
            rolls += 1
    assert rolls == 21 * len(sample)


def test_set_up_positions_with_blocks_and_bear_offs() -> None:
    # six-point blocks with and without an opposing checker ahead (R6), a bear-off
    # with a higher die from a lower point (R8), a head with first-turn doubles (R5)
    rules = Ruleset()
    for text in ["13:2 14:2 15:2 16:2 17:2 24:5 / 24:14 6:1 / W",
                 "13:2 14:2 15:2 16:2 17:2 24:5 / 24:15 / W",
                 "6:3 5:3 3:2 2:4 1:3 / 24:15 / W",
                 "24:15 / 24:15 / W",
                 "20:1 8:14 / 1:15 / B"]:
        for compiled, python in both_ways(Position.from_string(text), rules):
            assert compiled == python, text


def test_without_the_kernel_the_python_search_runs() -> None:
    assert generation.use_kernel(False) is False
    _side, me, opp, _first, _opp_first = mover_boards(Position.initial())
    gen = generate(me, opp, True, 6, 5, Ruleset())
    # the Python search links its steps as tuples; the compiled one packs them in an int
    assert all(isinstance(t, tuple) for t in gen.finals.values())
    assert generation.use_kernel(True) is True
    gen = generate(me, opp, True, 6, 5, Ruleset())
    assert all(isinstance(t, int) for t in gen.finals.values())
    assert [trail_steps(t) for t in gen.finals.values()] == [((24, 18, 6), (18, 13, 5))]


def per_roll(found: generation.RollBoards) -> list[list[int]]:
    """Each roll's end boards as ints, read back from the bytes."""
    boards = [int.from_bytes(found.boards[i:i + 16], "little")
              for i in range(0, len(found.boards), 16)]
    rows = [int.from_bytes(found.rows[i:i + 4], "little") for i in range(0, len(found.rows), 4)]
    out, at = [], 0
    for n in found.counts:
        out.append([boards[r] for r in rows[at:at + n]])
        at += n
    assert at == len(rows)
    assert len(set(boards)) == len(boards)  # each distinct board once
    return out


@pytest.mark.parametrize("tag", ["standard", "head-doubles-64", "reroll", "end-of-turn-block"])
def test_the_end_boards_of_all_rolls_at_once_are_each_rolls_in_order(tag: str) -> None:
    # end_boards_of_rolls: one compiled call for the 21 rolls (or generate per roll);
    # read back roll by roll, they are generate's finals in generate's order, both ways
    rules = Ruleset.from_tag(tag)
    sample: list[Position] = random_positions(4, 3, rules)  # type: ignore[assignment]
    sample.append(Position.from_string("13:2 14:2 15:2 16:2 17:2 24:5 / 24:14 6:1 / W"))
    sample.append(Position.from_string("20:1 8:14 / 1:15 / B"))
    for pos in sample:
        _side, me, opp, first, _opp_first = mover_boards(pos)
        expected = [list(generate(me, opp, first, d1, d2, rules).finals) for d1, d2 in ROLLS]
        for on in (True, False):
            generation.use_kernel(on)
            got = per_roll(generation.end_boards_of_rolls(me, opp, first, ROLLS, rules))
            assert got == expected, (str(pos), tag, on)


def test_packed_words_is_low_then_high_64_bits_of_each_board() -> None:
    """The C calling convention, lent from the rules' front door: each board
    as its low 64 bits then its high 64 (worked out by hand)."""
    from narde_notation.rules import packed_words

    assert packed_words([]) == []
    assert packed_words([3 + (5 << 64)]) == [3, 5]
    assert packed_words([(1 << 64) - 1, 1 << 64, (7 << 100) | 9]) == [
        (1 << 64) - 1, 0, 0, 1, 9, 7 << 36]
