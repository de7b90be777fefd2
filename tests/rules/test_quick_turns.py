"""The compiled quick reading of half-turns (``narde_quick_turns`` in
rules/generation_kernel.c, :func:`quick_turns`) against the Python one
(:func:`quick_check` and :func:`check_turn`, the reference; issue 29).

Whenever the compiled reading settles a half-turn, :func:`check_turn` must
find the same written moves legal and reach the same board; and it must
settle every half-turn :func:`quick_check` shows legal (with every die, or
with fewer under R7: the compiled search answers that) and every legal pass,
except an R7 question under ``end-of-turn-block`` (left to Python by design).
Compared on every roll of positions of seeded random games, for the written
moves of each legal turn (as a record writes them, in played order, as single
steps), for moves changed by a pip, reordered, cut short or lengthened, so
that illegal writings are met as often as legal ones, and for a pass of every
roll.
"""

from __future__ import annotations

import random

import pytest
from records import random_positions

from narde_notation.model.record import OFF
from narde_notation.model.ruleset import Ruleset
from narde_notation.rules.engine import check_turn
from narde_notation.rules.generation_kernel import quick_turns_kernel
from narde_notation.rules.packed import mover_boards
from narde_notation.rules.position import Position
from narde_notation.rules.turn_check import TurnCheck, quick_check, quick_legs, quick_turns

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
    quick = quick_check(position, d1, d2, paths, rules)
    if got:
        check = check_turn(position, (d1, d2), paths, rules)
        assert check.legal, (position, d1, d2, paths, check)
        assert check.position is not None
        _side2, end, _, _, _ = mover_boards(check.position.with_side_to_move(
            position.side_to_move))
        assert got == [end], (position, d1, d2, paths)
        return True
    full = type(quick) is tuple
    fewer = isinstance(quick, TurnCheck) and quick.legal
    passed = not paths and check_turn(position, (d1, d2), paths, rules).legal
    assert not (full or ((fewer or passed) and not rules.end_of_turn_block)) or not word, (
        position, d1, d2, paths, quick)
    return False


RULES = [Ruleset.standard(), Ruleset.from_tag("head-doubles-64"),
         Ruleset.from_tag("head-exception-strict"), Ruleset.from_tag("end-of-turn-block"),
         Ruleset.from_tag("last-roll-draw")]


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_the_compiled_reading_settles_what_quick_check_settles(rules: Ruleset) -> None:
    rng = random.Random(29)
    settled = refused = 0
    kinds: set[str] = set()
    for position in random_positions(29, 4, rules)[::4]:
        for d1, d2 in ROLLS:
            turns = position.legal_turns((d1, d2), rules)
            writings = [()]  # a pass: legal only when no step can be played
            for turn in turns[:4]:
                writings += [tuple(p for move in turn.written_moves() for p in move.expanded()),
                             tuple((s.from_point, s.to_point) for s in turn.steps)]
            for written in writings:
                for paths in _variants(rng, written):
                    if _compare(position, d1, d2, paths, rules):
                        settled += 1
                        used = turns[0].dice_used
                        kinds.add("pass" if not paths else "fewer" if used < (
                            4 if d1 == d2 else 2) else "double" if d1 == d2 else "roll")
                    else:
                        refused += 1
    assert settled > 1000 and refused > 1000, (settled, refused)
    assert kinds == {"pass", "fewer", "double", "roll"} or rules.end_of_turn_block, kinds


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


def test_the_first_turn_double_takes_two_off_the_head() -> None:
    # R5: 66 on the first turn takes two checkers off the head, 24/18(2), and
    # no more dice can be played (Black's head holds White's 12): two of four
    # dice, legal (R7); 44 takes two to 16.  55 takes one: two from the head
    # is refused (Python explains it).
    start = Position.initial()
    standard = Ruleset.standard()
    sixes = _word(start, 6, 6, ((24, 18), (24, 18)))
    fours = _word(start, 4, 4, ((24, 20), (24, 20), (20, 16), (20, 16)))
    fives = _word(start, 5, 5, ((24, 19), (24, 19), (19, 14), (19, 14)))
    assert quick_turns(start, [sixes], standard) == [(13 << 96) | (2 << 72)]
    assert quick_turns(start, [fours], standard) == [(13 << 96) | (2 << 64)]
    assert quick_turns(start, [fives], standard) == []
    # 33 takes two under the standard rules, one under head-doubles-64
    threes = _word(start, 3, 3, ((24, 21), (24, 21), (21, 18), (21, 18)))
    assert quick_turns(start, [threes], standard) == [(13 << 96) | (2 << 72)]
    assert quick_turns(start, [threes], Ruleset.from_tag("head-doubles-64")) == []


def test_end_of_turn_block_checks_the_final_board() -> None:
    # White holds 19 18 17 16 and 15 (two there); Black is all on its
    # head (White's 12), so no Black checker stands below any block of White's
    # (R6).  41: 24/20 builds 20..15, six points; 20/19 breaks it again: legal
    # under end-of-turn-block only (per step, 24/20 is a six-block)
    start = Position.from_string("24:9 19:1 18:1 17:1 16:1 15:2 / 24:15 / W")
    eot = Ruleset.from_tag("end-of-turn-block")
    word = _word(start, 4, 1, ((24, 20), (20, 19)))
    after = (8 << 96) | (2 << 76) | (1 << 72) | (1 << 68) | (1 << 64) | (2 << 60)
    assert quick_turns(start, [word], eot) == [after]
    assert quick_turns(start, [word], Ruleset.standard()) == []
    # 41: 24/20 15/14: 20..14 held at the end: refused both ways
    blocked = _word(start, 4, 1, ((24, 20), (15, 14)))
    assert quick_turns(start, [blocked], eot) == []
    assert quick_turns(start, [blocked], Ruleset.standard()) == []
    assert not check_turn(start, (4, 1), [(24, 20), (15, 14)], eot).legal
