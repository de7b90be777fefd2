"""The players' and self-play's games go through the rules' one sequencer
(rules.game: the opening roll, R2, and the end of a game, R9), and a side
is a Side or its name everywhere.

Expected values are worked out by hand from rules.md.
"""

from __future__ import annotations

import random

import pytest

from narde_notation.evaluator.evaluate import expected_rolls
from narde_notation.evaluator.players import RandomPlayer, play_game
from narde_notation.evaluator.search import Judge
from narde_notation.evaluator.train import self_play_games
from narde_notation.model.ruleset import Ruleset
from narde_notation.model.side import Side
from narde_notation.rules.game import opening_roll
from narde_notation.rules.position import Position


class Dice(random.Random):
    """A random source whose dice are given (``randint`` answers them in turn)."""

    def __init__(self, dice: list[int]) -> None:
        super().__init__(0)
        self.dice = list(dice)

    def randint(self, a: int, b: int) -> int:
        return self.dice.pop(0)


def test_the_opening_roll_is_rolled_again_on_a_double_unless_reroll() -> None:
    # R2: 3-3 then 5-2: the standard game opens with 5-2; under `reroll` the
    # winner's own roll 3-3 stands.
    assert opening_roll(Dice([3, 3, 2, 5]), Ruleset()) == (5, 2)
    assert opening_roll(Dice([3, 3, 2, 5]), Ruleset(reroll=True)) == (3, 3)
    assert opening_roll(Dice([3, 3, 2, 5]), "reroll") == (3, 3)


def test_self_play_opens_with_the_opening_roll_of_its_rules() -> None:
    # the first roll 6-6 then 6-5: a standard game opens with 6-5 (one
    # legal turn from the start, 24/18 18/13), so the second die pair is
    # consumed; under `reroll` 6-6 stands and 6-5 is the second roll.
    from narde_notation.evaluator.evaluate import Evaluator

    ev = Evaluator()
    played = {}
    for rules in (Ruleset(), Ruleset(reroll=True)):
        judge = Judge(ev.network, rules)
        rng = Dice([6, 6, 6, 5, 1, 2] + [3, 4] * 400)
        got = self_play_games(judge, [rng], 0.7, max_half_turns=2)
        played[rules.reroll] = rng.dice
        assert got == [None]  # cut at two half-turns
    # reroll: 6-6 and 6-5 rolled (4 dice used); standard: 6-6 refused, 6-5, 1-2 (6 dice)
    assert len(played[True]) == len(played[False]) + 2


def test_play_game_takes_the_first_mover_by_name() -> None:
    record: list[Position] = []
    got = play_game(RandomPlayer(1), RandomPlayer(2), random.Random(5), first="black",
                    record=record)
    assert got.first is Side.BLACK and record[0] == Position().with_side_to_move(Side.BLACK)
    assert got.outcome is not None and got.outcome.winner in (Side.WHITE, Side.BLACK)
    with pytest.raises(TypeError):
        play_game(RandomPlayer(1), RandomPlayer(2), random.Random(5), first="B")


def test_play_game_plays_the_last_roll_reply() -> None:
    # last-roll-draw (R9): every game of random players ends with an outcome
    # the sequencer gave; with the rule, a first mover's win leaves the other
    # side one more half-turn, so some game's length has the first mover's
    # parity broken: it ends on the other side's half-turn while the first
    # mover has all 15 off.
    rules = Ruleset(last_roll_draw=True)
    lengths = []
    for seed in range(20):
        record: list[Position] = []
        got = play_game(RandomPlayer(seed, rules), RandomPlayer(seed + 100, rules),
                        random.Random(seed), rules, first=Side.WHITE, record=record)
        assert got.outcome is not None
        last = record[-1]  # before the last half-turn
        if got.outcome.kind == "draw" or (got.outcome.winner is Side.WHITE
                                          and last.side_to_move is Side.BLACK):
            assert last.borne_off(Side.WHITE) == 15  # the reply after White's last checker
            lengths.append(got.half_turns)
    assert lengths and all(n % 2 == 0 for n in lengths)


def test_expected_rolls_takes_the_side_by_name() -> None:
    # White's one checker on own 6 (R8): it stays on with 1-1, 2-1, 3-1, 4-1,
    # 3-2 (9 of 36 rolls: sums below 6, 2-2 makes 8), then any roll bears it
    # off: 1 + 9/36 = 1.25 rolls.  "white" used to mean Black, whose 15
    # checkers on its head are no bear-off.
    pos = Position.from_string("6:1 / 24:15 / W")
    assert expected_rolls(pos, "white") == pytest.approx(1.25)
    assert expected_rolls(pos, Side.WHITE) == pytest.approx(1.25)
    with pytest.raises(ValueError):
        expected_rolls(pos, "black")
    with pytest.raises(TypeError):
        expected_rolls(pos, "W")
