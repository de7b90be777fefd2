"""Turns written in the shortest standard form, and read back (issue 28 item 1).

The expected texts are written by hand as a player writes the turns.
"""

from __future__ import annotations

import random

import pytest

from narde_notation.formats import read_half_turn
from narde_notation.formats.writer import shortest_half_turn, shortest_moves
from narde_notation.model.errors import IllegalTurnError
from narde_notation.model.record import OFF
from narde_notation.rules.game import Game
from narde_notation.rules.position import Position


def text(steps: list[tuple[int, int]]) -> str:
    return " ".join(str(m) for m in shortest_moves(steps))


@pytest.mark.parametrize(("steps", "expected"), [
    ([(24, 18), (18, 13)], "24/13"),  # one checker, both dice
    ([(18, 13), (24, 18)], "24/13"),  # in any order
    ([(24, 20), (20, 16), (24, 20), (20, 16)], "24/16(2)"),  # 44: two checkers 8 pips
    ([(13, 7), (7, 1), (24, 18)], "24/18 13/1"),  # highest point first
    ([(24, 21), (24, 21), (13, 10), (13, 10)], "24/21(2) 13/10(2)"),
    ([(24, 21), (21, 18), (21, 18), (18, 15)], "24/15 21/18"),  # the higher checker goes on
    ([(6, OFF), (5, OFF)], "6/off 5/off"),
    ([(7, 1), (1, OFF)], "7/off"),  # no one die takes a checker off from 7
    ([(3, 1), (1, OFF)], "3/1/off"),  # 62: `3/off` would read as the 6 alone
    ([(5, 3), (3, 1), (5, 3), (3, 1)], "5/1(2)"),
    ([(2, OFF), (2, OFF), (1, OFF), (1, OFF)], "2/off(2) 1/off(2)"),
    ([(24, 23), (13, 7)], "24/23 13/7"),  # nothing joins
    ([], ""),
])
def test_shortest_form(steps: list[tuple[int, int]], expected: str) -> None:
    assert text(steps) == expected


def test_written_half_turns_shown_shortest() -> None:
    def shown(written: str) -> str:
        return str(shortest_half_turn(read_half_turn(written)))

    assert shown("65: 24/18 18/13") == "65: 24/13"
    assert shown("44: 24/20 20/16 24/20 20/16") == "44: 24/16(2)"
    assert shown("33: 24/21/18/15 21/18!") == "33: 24/15 21/18!"
    assert shown("65: 24/18* 18/13") == "65: 24/18* 18/13"  # a hit mark: as written


def test_engine_turns_in_shortest_form() -> None:
    start = Position.from_string("24:15 / 24:15 / W")
    assert [t.half_turn_text() for t in start.legal_turns((6, 5))] == ["65: 24/13"]
    after = Position.from_string("24:13 18:2 / 24:15 / W")
    texts = {t.notation() for t in after.legal_turns((4, 4))}
    assert "18/10(2)" in texts  # 18/14 14/10 twice
    assert "24/20 18/10 18/14" not in texts  # never unsorted or unjoined


def test_round_trip_over_generated_turns() -> None:
    """Every legal turn of the positions of 25 random games (doubles and bear-offs
    included), written in the shortest form, reads back to its end position."""
    rng = random.Random(28)
    checked = doubles = bear_offs = joined = 0
    for _ in range(25):
        game = Game()
        while True:
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            if not game.turn_stack and a == b:
                continue
            dice = (max(a, b), min(a, b))
            turns = game.legal_turns(dice)
            for turn in turns:
                written = turn.half_turn_text()
                assert game.position.play(written) == turn.position, written
                checked += 1
                doubles += a == b
                bear_offs += "off" in written
                joined += len(turn.to_half_turn().moves) < len(turn.steps)
            if game.push(rng.choice(turns)) is not None:
                break
    assert checked > 10_000 and doubles > 1_000 and bear_offs > 100 and joined > 5_000


def test_a_turn_whose_order_matters_is_written_as_played() -> None:
    # Black 1-1 (a koks game of the examples): 15/14, then 18/17/16, then 19/18.
    # Read in the sorted shortest form, `19/16 15/14`, the checker from 19 steps
    # to 18 and 17 while the one on 18 still stands: Black holds its 22 down to
    # 17, six points with no White checker ahead (R6).  Played, 18/17/16 went
    # first and 18 was empty.  So the turn is written as played.
    before = Position.from_string("24:4 21:2 17:1 16:1 15:1 14:1 13:2 11:3 / 24:2 22:2"
                                  " 21:1 20:1 19:2 18:1 15:1 11:1 10:1 8:1 7:1 6:1 / B")
    (turn,) = [t for t in before.legal_turns("11") if [(s.from_point, s.to_point)
               for s in t.steps] == [(15, 14), (18, 17), (17, 16), (19, 18)]]
    assert text([(s.from_point, s.to_point) for s in turn.steps]) == "19/16 15/14"
    with pytest.raises(IllegalTurnError):
        before.play("11: 19/16 15/14")
    assert turn.half_turn_text() == "11: 15/14 18/16 19/18"
    assert before.play(turn.half_turn_text()) == turn.position
