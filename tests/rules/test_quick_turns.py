"""The compiled quick reading of half-turns (``narde_quick_turns`` in
rules/generation_kernel.c, :func:`quick_turns`) against the Python one
(:func:`quick_check`, the reference; issue 29).

Whenever the compiled reading settles a half-turn, :func:`quick_check` must
show the same written moves legal with every die and reach the same board;
and it must settle every such half-turn except those it leaves to Python by
design (a side's first turn with a double, a non-double written as one
bear-off).  Compared on every roll of positions of seeded random games, for
the written moves of each legal turn (as a record writes them, in played order,
as single steps) and for moves changed by a pip, reordered, cut short or
lengthened, so that illegal writings are met as often as legal ones.
"""

from __future__ import annotations

import random

import pytest
from records import random_positions

from narde_notation.model.record import OFF
from narde_notation.model.ruleset import Ruleset
from narde_notation.rules.generation_kernel import quick_turns_kernel
from narde_notation.rules.packed import mover_boards
from narde_notation.rules.position import Position
from narde_notation.rules.turn_check import quick_check, quick_legs, quick_turns

ROLLS = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]

pytestmark = pytest.mark.skipif(quick_turns_kernel() is None,
                                reason="the compiled search could not be built here")


def _word(position: Position, d1: int, d2: int, paths: tuple[tuple[int, ...], ...]) -> int:
    legs = quick_legs(paths)
    black = position.side_to_move.name == "BLACK"
    return d1 | d2 << 4 | black << 8 | legs if legs else 0


def _variants(rng: random.Random, paths: tuple[tuple[int, ...], ...]
              ) -> list[tuple[tuple[int, ...], ...]]:
    """Writings near ``paths``: legal ones and illegal ones."""
    out = [paths, tuple(reversed(paths))]
    if paths:
        k = rng.randrange(len(paths))
        a, *rest = paths[k]
        for shift in (-1, 1):
            moved = (max(0, min(24, a + shift)), *rest)
            out.append((*paths[:k], moved, *paths[k + 1:]))
        out.append(paths[:-1])
        out.append((*paths, paths[-1]))
        out.append(tuple((p[0], OFF) for p in paths))
    return out


def _compare(position: Position, d1: int, d2: int, paths: tuple[tuple[int, ...], ...],
             rules: Ruleset) -> bool:
    """Both readings of one half-turn; True when the compiled one settled it."""
    word = _word(position, d1, d2, paths)
    got = quick_turns(position, [word], rules) if word else []
    expected = quick_check(position, d1, d2, paths, rules)
    _side, _me, _opp, first, _ = mover_boards(position)
    if got:
        assert type(expected) is tuple, (position, d1, d2, paths, expected)
        _side2, end, _, _, _ = mover_boards(expected[0].with_side_to_move(position.side_to_move))
        assert got == [end], (position, d1, d2, paths)
        return True
    left_by_design = (d1 == d2 and first) or (
        d1 != d2 and len(paths) == 1 and len(paths[0]) == 2 and paths[0][1] == OFF)
    assert type(expected) is not tuple or left_by_design or not word, (
        position, d1, d2, paths, expected)
    return False


@pytest.mark.parametrize("rules", [Ruleset.standard(), Ruleset.from_tag("head-doubles-64"),
                                   Ruleset.from_tag("last-roll-draw")], ids=str)
def test_the_compiled_reading_settles_what_quick_check_settles(rules: Ruleset) -> None:
    rng = random.Random(29)
    settled = refused = 0
    for position in random_positions(29, 4, rules)[::4]:
        for d1, d2 in ROLLS:
            for turn in position.legal_turns((d1, d2), rules)[:4]:
                writings = [tuple(p for move in turn.written_moves() for p in move.expanded()),
                            tuple((s.from_point, s.to_point) for s in turn.steps)]
                for written in writings:
                    for paths in _variants(rng, written):
                        if _compare(position, d1, d2, paths, rules):
                            settled += 1
                        else:
                            refused += 1
    assert settled > 1000 and refused > 1000, (settled, refused)


def test_a_whole_game_in_one_call_reaches_the_boards_turn_by_turn() -> None:
    rng = random.Random(7)
    rules = Ruleset.standard()
    for _ in range(20):
        position = Position.initial()
        words: list[int] = []
        boards: list[int] = []
        start = position
        while not position.is_game_over() and len(words) < 200:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            turn = rng.choice(position.legal_turns(dice, rules))
            d1, d2 = max(dice), min(dice)
            paths = tuple((s.from_point, s.to_point) for s in turn.steps)
            words.append(_word(position, d1, d2, paths))
            position = turn.position
            boards.append(mover_boards(position.with_side_to_move(
                position.side_to_move.other))[1])
        got = quick_turns(start, words, rules)
        # settled: a prefix of the game, each board the one played
        assert got == boards[: len(got)]
        assert len(got) >= 1


def test_nothing_is_settled_under_end_of_turn_block() -> None:
    rules = Ruleset.from_tag("end-of-turn-block")
    start = Position.initial()
    word = _word(start, 6, 5, ((24, 18), (18, 13)))
    assert word and quick_turns(start, [word], rules) == []
    assert quick_turns(start, [word], Ruleset.standard()) != []
