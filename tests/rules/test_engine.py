"""Legal turns and turn checking, rule by rule (rules.md R1–R12).

Every expected value here was worked out by hand; the reasoning is in the
comments.  Points are in the mover's own numbering unless said otherwise.
Reminder: Black's own b is absolute (b + 11) % 24 + 1, so White's own x and
Black's own (x + 11) % 24 + 1 are the same place.  White's own 12 is
Black's head, and the six-block rule counts along the opponent's path.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narde_notation.model.errors import NardeError, NotationError
from narde_notation.model.record import BAR, OFF
from narde_notation.model.ruleset import Ruleset
from narde_notation.model.side import Side
from narde_notation.rules import generation, step
from narde_notation.rules import turn_diagnosis as diagnosis
from narde_notation.rules.engine import (
    Step,
    Turn,
    TurnCheck,
    check_turn,
    legal_turns,
    max_dice_used,
    parse_roll,
)
from narde_notation.rules.packed import mover_boards
from narde_notation.rules.position import Position

STD = Ruleset.standard()
REROLL = Ruleset(reroll=True)
EOT = Ruleset(end_of_turn_block=True)


def finals(position: str, dice: str, rules: Ruleset = STD) -> set[str]:
    return {str(t.position) for t in legal_turns(Position.from_string(position), dice, rules)}


def check(position: str, dice: str, paths: list[tuple[int, ...]], rules: Ruleset = STD):  # type: ignore[no-untyped-def]
    return check_turn(Position.from_string(position), dice, paths, rules)


def only_code(result) -> str:  # type: ignore[no-untyped-def]
    assert not result.legal
    assert len(result.findings) == 1
    return str(result.findings[0].code)


# ---------------------------------------------------------------- seeds
def test_seed_opening_65_is_only_24_13() -> None:
    # R3 + R5: one checker may leave the head, so 6-5 from the start is one
    # checker running 24/18/13 or 24/19/13 - the same end position.
    turns = Position.initial().legal_turns("65")
    assert len(turns) == 1
    turn = turns[0]
    assert str(turn.position) == "24:14 13:1 / 24:15 / B"
    assert turn.dice_used == 2
    assert turn.notation() == "24/13"  # one checker, both dice: as players write it
    assert check_turn(Position.initial(), (6, 5), [(24, 13)]).legal


def test_seed_bear_off_65() -> None:
    # R8: 6 bears off from 6, 5 from 5.  The 5 may also be played 6/1
    # inside home (bearing off is never compulsory, R7), so two end positions.
    seed = "6:2 5:2 4:2 3 2 1 / 6:2 5:2 4:2 3:3 2:3 1:3 / W"
    got = finals(seed, "65")
    assert got == {
        "6:1 5:1 4:2 3:1 2:1 1:1 / 6:2 5:2 4:2 3:3 2:3 1:3 / B",  # 6/off 5/off
        "5:2 4:2 3:1 2:1 1:2 / 6:2 5:2 4:2 3:3 2:3 1:3 / B",  # 6/off 6/1
    }
    result = check(seed, "65", [(6, OFF), (5, OFF)])
    assert result.legal and result.findings == []
    assert result.position is not None
    assert result.position.pip_counts() == (25, 48)  # 36 - 6 - 5 = 25; Black unchanged
    assert result.position.side_to_move is Side.BLACK


# ---------------------------------------------------------------- R2, R5 first turn
def test_r5_first_turn_66_two_head_checkers() -> None:
    # R2 reroll lets the first move be a double.  R5: on the first turn 6-6
    # lets two checkers leave; each stops on 18 because 12 (Black's head) is
    # closed, so the turn is 24/18(2) and only two dice can be used (R7).
    pos = Position.initial()
    turns = pos.legal_turns("66", REROLL)
    assert {str(t.position) for t in turns} == {"24:13 18:2 / 24:15 / B"}
    assert max_dice_used(pos, "66", REROLL) == 2


def test_r5_first_turn_33_standard() -> None:
    # Two checkers may leave with 3-3: 24/21/18/15 + 24/21, or 24/18 + 24/18
    # (a single runner would be stopped at 12, Black's head).
    assert finals("24:15 / 24:15 / W", "33", REROLL) == {
        "24:13 21:1 15:1 / 24:15 / B",
        "24:13 18:2 / 24:15 / B",
    }


def test_r5_second_player_first_turn_qualifies() -> None:
    # Black has all 15 on its head: its first turn.  Black's own 12 is
    # absolute 24, White's head: closed.  So 24/18(2) for Black.
    assert finals("24:14 13:1 / 24:15 / B", "66") == {"24:14 13:1 / 24:13 18:2 / W"}


def test_r5_other_doubles_take_one_head_checker() -> None:
    # 2-2 on the first turn: one head checker only, it runs 24/22/20/18/16.
    assert finals("24:15 / 24:15 / W", "22", REROLL) == {"24:14 16:1 / 24:15 / B"}


def test_r5_later_turn_66_one_checker() -> None:
    # White's head holds 14: not its first turn, so one checker: 24/18,
    # then 18/12 is closed (Black's head).  The 13 checker plays 13/7/1
    # (White's 7 and 1 are open; 1/off is not allowed, not all home).
    # Black's 18 is White's 6, not on the way.  Three dice in all.
    got = finals("24:14 13:1 / 24:14 18:1 / W", "66")
    assert got == {"24:13 18:1 1:1 / 24:14 18:1 / B"}


def test_r5_head_doubles_64_variant() -> None:
    # head-doubles-64: 3-3 no longer lets a second checker go, and the one
    # runner is stopped at 12 after three steps: max 3 dice.
    rules = Ruleset(reroll=True, head_doubles_64=True)
    pos = Position.initial()
    assert {str(t.position) for t in pos.legal_turns("33", rules)} == {"24:14 15:1 / 24:15 / B"}
    assert max_dice_used(pos, "33", rules) == 3
    # 4-4 still lets two go; each can go 24/20/16 but not on to 12 (closed),
    # so the four dice are 24/20/16 twice.
    assert finals("24:15 / 24:15 / W", "44", rules) == {"24:13 16:2 / 24:15 / B"}


def test_r5_head_exception_strict_variant() -> None:
    # rules.md's example: White's opening 5-5 put a checker on White's own 4,
    # which is Black's own 16.  Black's 4-4: a single runner 24/20 is stopped
    # at 16, not by White's head, so under the strict variant only one
    # checker leaves: 24/20 and nothing else can move (max 1 die).
    pos = "24:14 4:1 / 24:15 / B"
    strict = Ruleset(head_exception_strict=True)
    assert finals(pos, "44", strict) == {"24:14 4:1 / 24:14 20:1 / W"}
    assert max_dice_used(Position.from_string(pos), "44", strict) == 1
    # Standard: two checkers, 24/20(2).
    assert finals(pos, "44") == {"24:14 4:1 / 24:13 20:2 / W"}
    # Strict, from the start with 6-6: 24/18/12 is stopped exactly by the
    # opponent's head, so the exception holds.
    rules = Ruleset(reroll=True, head_exception_strict=True)
    assert finals("24:15 / 24:15 / W", "66", rules) == {"24:13 18:2 / 24:15 / B"}


def test_r5_head_rule_53() -> None:
    # 5-3 from the start: one checker only; 24/19 24/21 is a head-rule error.
    result = check_turn(Position.initial(), (5, 3), [(24, 19), (24, 21)])
    assert only_code(result) == "head-rule"
    assert result.findings[0].move is not None
    # Physically possible, so the position is applied as written.
    assert result.position is not None
    assert str(result.position) == "24:13 21:1 19:1 / 24:15 / B"


def test_r5_head_rule_under_variants() -> None:
    # head-doubles-64: 3-3 takes two from the head = head-rule.
    rules = Ruleset(reroll=True, head_doubles_64=True)
    paths = [(24, 21), (24, 21), (21, 18), (21, 18)]
    assert only_code(check_turn(Position.initial(), (3, 3), paths, rules)) == "head-rule"
    assert check_turn(Position.initial(), (3, 3), paths, REROLL).legal
    # strict: Black's 4-4 after White's 5-5 to own 4 takes one checker only.
    strict = Ruleset(head_exception_strict=True)
    assert only_code(check("24:14 4:1 / 24:15 / B", "44", [(24, 20), (24, 20)], strict)) == (
        "head-rule"
    )


# ---------------------------------------------------------------- R3, R4
# One White checker on 10, Black holds White's 6 (Black's own 18).
LONE = "10:1 / 18:1 1:13 / W"


def test_r3_r4_intermediate_stop_must_be_open() -> None:
    # 5-4 from 10: 10/6 is closed, so 10/5/1 is the only way to use both.
    assert finals(LONE, "54") == {"1:1 / 18:1 1:13 / B"}
    assert check(LONE, "54", [(10, 1)]).legal  # read as 10/5/1
    # Naming the closed stop makes it illegal, and it cannot be applied.
    result = check(LONE, "54", [(10, 6, 1)])
    assert only_code(result) == "closed-point"
    assert result.position is None


def test_r4_closed_points_can_force_a_pass() -> None:
    # Black also holds White's 5 (Black's own 17): 10/6 and 10/5 both closed.
    pos = "10:1 / 18:1 17:1 1:12 / W"
    assert finals(pos, "54") == {"10:1 / 18:1 17:1 1:12 / B"}
    turns = legal_turns(Position.from_string(pos), "54")
    assert len(turns) == 1 and turns[0].steps == () and turns[0].notation() == "pass"
    assert check(pos, "54", []).legal  # R11: a pass is recorded with no moves
    assert only_code(check(pos, "54", [(10, 5)])) == "closed-point"


def test_r4_closed_intermediate_of_a_double() -> None:
    # t_games#283: 1-1, 13/9 with White's own 12 held by Black's head.  The
    # head may give one checker (24/23/22/21/20) and that is the only turn.
    pos = "24:14 13:1 / 24:15 / W"
    assert finals(pos, "11") == {"24:13 20:1 13:1 / 24:15 / B"}
    result = check(pos, "11", [(13, 9)])
    assert only_code(result) == "closed-point"
    assert result.findings[0].move == 0


def test_r3_double_is_played_four_times() -> None:
    # 2-2, not the first turn: every legal turn uses four dice, at most one
    # checker from the head.
    pos = Position.from_string("24:14 20:1 / 24:14 19:1 / W")
    turns = legal_turns(pos, "22")
    assert turns
    for turn in turns:
        assert turn.dice_used == 4
        assert sum(1 for s in turn.steps if s.from_point == 24) <= 1
        assert all(s.die == 2 for s in turn.steps)
    assert check_turn(pos, "22", [(20, 18), (18, 16), (16, 14), (24, 22)]).legal
    # Four twos written as one 8-pip move, repeats already expanded:
    assert only_code(check_turn(pos, "22", [(20, 12)])) == "closed-point"  # Black's head
    assert check_turn(pos, "22", [(24, 22), (20, 18), (20, 18)]).findings[0].code == "no-checker"


def test_r3_wrong_direction() -> None:
    result = check("24:14 13:1 / 24:15 / W", "52", [(13, 18), (24, 22)])
    assert only_code(result) == "wrong-direction"
    assert result.findings[0].move == 0
    assert "13" in result.findings[0].message and "18" in result.findings[0].message
    # 18 is open and 13 has a checker: applied as written.
    assert result.position is not None
    assert str(result.position) == "24:13 22:1 18:1 / 24:15 / B"


def test_r3_dice_mismatch() -> None:
    # 24/16 is 8 pips: not 2, 1 or 3.
    result = check("24:14 13:1 / 24:15 / W", "21", [(24, 16)])
    assert only_code(result) == "dice-mismatch"
    assert result.findings[0].move == 0
    # Two moves of 6 with a 6-5.
    result = check("24:14 20:1 / 24:15 / W", "65", [(24, 18), (20, 14)])
    assert only_code(result) == "dice-mismatch"
    assert result.findings[0].move == 1


def test_no_checker() -> None:
    result = check("24:14 13:1 / 24:15 / W", "65", [(15, 9), (24, 19)])
    assert only_code(result) == "no-checker"
    assert result.findings[0].move == 0
    assert "15" in result.findings[0].message
    assert result.position is None


def test_moves_in_any_order() -> None:
    # 24/18 18/16 written the other way round is still legal (record-format.md).
    pos = "24:14 13:1 / 24:15 / W"
    assert check(pos, "62", [(18, 16), (24, 18)]).legal
    assert check(pos, "62", [(24, 18, 16)]).legal


def test_bar_is_no_checker_and_backward_to_bar() -> None:
    pos = "24:14 13:1 / 24:15 / W"
    assert check(pos, "62", [(BAR, 19)]).findings[0].code == "no-checker"
    assert check(pos, "62", [(13, BAR)]).findings[0].code == "wrong-direction"


# ---------------------------------------------------------------- R6
# White holds its own 9..5 and has checkers on 11 and 20; all Black
# checkers are on Black's head (absolute 12).  In Black's numbering White's
# 10..5 are 22..17, consecutive; a Black checker "ahead" would have to
# stand on a Black point below 17.
BLOCK = "20:1 11:1 9:1 8:1 7:1 6:1 5:1 1:8 / 24:15 / W"
BLOCK_AHEAD = "20:1 11:1 9:1 8:1 7:1 6:1 5:1 1:8 / 24:14 2:1 / W"  # Black's 2 = absolute 14


def test_r6_six_block_without_checker_ahead() -> None:
    # 11/10 fills 10..5: six in a row with no Black checker ahead.
    result = check(BLOCK, "31", [(11, 10), (20, 17)])
    assert only_code(result) == "six-block"
    assert result.findings[0].move == 0
    assert result.position is not None  # physically possible: applied
    for turn in legal_turns(Position.from_string(BLOCK), "31"):
        held = turn.position.checkers(Side.WHITE)
        assert not all(p in held for p in (10, 9, 8, 7, 6, 5))


def test_r6_block_allowed_with_checker_ahead() -> None:
    assert check(BLOCK_AHEAD, "31", [(11, 10), (20, 17)]).legal


def test_r6_block_is_checked_after_every_step() -> None:
    # 11/10/8 with 1 then 2 makes the block for a moment: illegal; 11/8 can
    # be read 11/9/8, which never makes it: legal.
    assert only_code(check(BLOCK, "21", [(11, 10, 8)])) == "six-block"
    assert check(BLOCK, "21", [(11, 8)]).legal
    # end-of-turn-block: only the final position counts.
    assert check(BLOCK, "21", [(11, 10, 8)], EOT).legal
    # ... but a block that stays is still illegal at the end.
    assert only_code(check(BLOCK, "31", [(11, 10), (20, 17)], EOT)) == "six-block"


def test_r6_block_wraps_from_1_to_24() -> None:
    # White's 3, 2, 1, 24, 23, 22 are Black's 15..10: consecutive along
    # Black's path.  4/1 completes them; no Black checker below Black's 10.
    pos = "24:10 23:1 22:1 4:1 3:1 2:1 / 24:15 / W"
    assert only_code(check(pos, "31", [(4, 1), (24, 23)])) == "six-block"


def test_r6_white_13_to_12_is_not_consecutive_for_black() -> None:
    # White's 16..11 are Black's 4, 3, 2, 1, 24, 23: Black's path does not
    # go from its 1 to its 24, so 18/12 makes no block.  Black's checkers
    # stand on Black's 5 (absolute 17).
    pos = "24:9 18:1 16:1 15:1 14:1 13:1 11:1 / 5:15 / W"
    assert check(pos, "61", [(18, 12), (24, 23)]).legal


# ---------------------------------------------------------------- R7
def test_r7_only_one_die_playable() -> None:
    # One White checker on 12 (14 off); Black holds White's 1 and 7
    # (Black's own 13 and 19).  6-5: 12/7 is closed; 12/6 then 6/1 closed.
    pos = "12:1 / 22:13 19:1 13:1 / W"
    assert finals(pos, "65") == {"6:1 / 22:13 19:1 13:1 / B"}
    assert max_dice_used(Position.from_string(pos), "65") == 1
    assert check(pos, "65", [(12, 6)]).legal


def test_r7_higher_die_must_be_played() -> None:
    # Black holds White's 1 only.  12/6 and 12/7 are both open but after
    # either the other die would land on 1: only one die can be played, so
    # the higher one (6) must be.
    pos = "12:1 / 22:14 13:1 / W"
    assert finals(pos, "65") == {"6:1 / 22:14 13:1 / B"}
    assert check(pos, "65", [(12, 6)]).legal
    result = check(pos, "65", [(12, 7)])
    assert only_code(result) == "not-higher-die"
    assert result.position is not None and str(result.position) == "7:1 / 22:14 13:1 / B"


def test_r7_both_dice_must_be_played() -> None:
    # Nothing in the way: 12/6/1 or 12/7/1, both to 1.
    pos = "12:1 / 22:15 / W"
    assert finals(pos, "65") == {"1:1 / 22:15 / B"}
    assert only_code(check(pos, "65", [(12, 6)])) == "not-max-dice"
    assert check(pos, "65", [(12, 1)]).legal


def test_r7_double_partly_playable() -> None:
    # 3-3 from 12: 12/9/6, then 6/3 is closed (Black's 15 = White's 3):
    # two dice only.
    pos = "12:1 / 22:14 15:1 / W"
    assert finals(pos, "33") == {"6:1 / 22:14 15:1 / B"}
    assert max_dice_used(Position.from_string(pos), "33") == 2
    assert check(pos, "33", [(12, 6)]).legal
    assert only_code(check(pos, "33", [(12, 9)])) == "not-max-dice"


def test_r7_r11_illegal_pass() -> None:
    result = check("12:1 / 22:14 13:1 / W", "65", [])
    assert only_code(result) == "illegal-pass"
    # A pass is always applicable: the same checkers, Black to move.
    assert result.position is not None and str(result.position) == "12:1 / 22:14 13:1 / B"


# ---------------------------------------------------------------- R8
def test_r8_higher_die_bears_off_from_the_highest_point() -> None:
    # 4 and 2 left, 6-5: the 6 finds point 6 empty and nothing above it, so
    # it bears off the highest checker (4); the 5 then takes the 2.
    assert finals("4:1 2:1 / 24:15 / W", "65") == {" / 24:15 / B"}
    assert check("4:1 2:1 / 24:15 / W", "65", [(4, OFF), (2, OFF)]).legal


def test_r8_higher_point_rule() -> None:
    # 6 and 2 left, 5-3.  5 then 3: 6/1 (point 5 empty but 6 is above it),
    # then the 3 bears off 2 (nothing above 3): leaves 1.  3 then 5: 6/3, then
    # the 5 bears off 3: leaves 2.
    pos = "6:1 2:1 / 24:15 / W"
    assert finals(pos, "53") == {"1:1 / 24:15 / B", "2:1 / 24:15 / B"}
    assert check(pos, "53", [(6, 1), (2, OFF)]).legal
    # 6/3 2/off: the 5 would take 2 while 3 is higher: illegal.
    result = check(pos, "53", [(2, OFF), (6, 3)])
    assert only_code(result) == "bear-off-higher-point"
    assert result.findings[0].move == 0


def test_r8_bear_off_not_home() -> None:
    # 9/7 leaves a checker outside home, so 1/off is never allowed.
    result = check("9:1 1:1 / 24:15 / W", "21", [(9, 7), (1, OFF)])
    assert only_code(result) == "bear-off-not-home"
    assert result.findings[0].move == 1


def test_r8_consolidated_bear_off_with_overage() -> None:
    # gnubg #42786: 9/off with 6-5 = 9/3, then all are home and the 5 finds
    # point 5 empty with nothing above it, so it bears off the highest (3).
    # (9/4 then the 6 bearing off 4 ends the same.)
    pos = "9:1 2:1 / 24:15 / W"
    assert check(pos, "65", [(9, OFF)]).legal
    assert finals(pos, "65") == {"2:1 / 24:15 / B"}


# ---------------------------------------------------------------- R9, R11, R12
def test_r11_game_over() -> None:
    result = check(" / 24:15 / B", "65", [(24, 18)])
    assert only_code(result) == "game-over"
    assert result.position is None
    # Even a pass after the end is game-over.
    assert only_code(check(" / 24:15 / B", "65", [])) == "game-over"
    # R9 last-roll-draw: Black's reply is played.
    reply = check(" / 1:1 / B", "65", [(1, OFF)], Ruleset(last_roll_draw=True))
    assert reply.legal and reply.position is not None
    assert reply.position.borne_off(Side.BLACK) == 15


def test_r12_dice() -> None:
    assert parse_roll("65") == (6, 5)
    assert parse_roll("56") == (6, 5)
    assert parse_roll("6-5") == (6, 5)
    assert parse_roll("6:5") == (6, 5)
    assert parse_roll((3, 4)) == (4, 3)
    for bad in ("75", "60", "6", "6/5", "", "abc", "655"):
        with pytest.raises(NotationError, match="roll"):
            parse_roll(bad)
    with pytest.raises(NotationError, match="7"):
        parse_roll((7, 1))
    with pytest.raises(NotationError):
        parse_roll((True, 1))
    with pytest.raises(NotationError):
        legal_turns(Position.initial(), "77")


def test_bad_moves_raise_notation_error() -> None:
    pos = Position.initial()
    with pytest.raises(NotationError, match="move 1"):
        check_turn(pos, "65", [(24,)])
    with pytest.raises(NotationError, match="26"):
        check_turn(pos, "65", [(24, 26)])
    with pytest.raises(NotationError, match="move 2"):
        check_turn(pos, "65", [(24, 18), 5])  # type: ignore[list-item]


# ---------------------------------------------------------------- types
def test_turn_and_step_shapes() -> None:
    step = Step(6, OFF, 6)
    assert str(step) == "6/off"
    turn = Turn((Step(24, 18, 6), Step(18, 13, 5)), Position.initial())
    assert turn.notation() == "24/13"
    assert turn.dice_used == 2
    assert Turn((), Position.initial()).notation() == "pass"


def test_end_position_clears_first_turn_flag() -> None:
    turn = Position.initial().legal_turns("65")[0]
    assert not turn.position.is_first_turn(Side.WHITE)
    assert turn.position.is_first_turn(Side.BLACK)


# ---------------------------------------------------------------- properties
def _random_game(seed: int, rules: Ruleset) -> list[tuple[Position, tuple[int, int], Turn]]:
    rng = random.Random(seed)
    pos = Position.initial()
    played = []
    for _ in range(400):
        if pos.is_game_over():
            break
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turn = rng.choice(pos.legal_turns(dice, rules))
        played.append((pos, dice, turn))
        pos = turn.position
    return played


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([STD, EOT, Ruleset(head_doubles_64=True)]))
def test_generated_turns_check_legal(seed: int, rules: Ruleset) -> None:
    # Every turn the generator gives is accepted by check_turn with the same
    # end position, and checkers are conserved.
    for pos, dice, turn in _random_game(seed, rules):
        paths = [(s.from_point, s.to_point) for s in turn.steps]
        result = check_turn(pos, dice, paths, rules)
        assert result.legal, (str(pos), dice, turn.notation(), result.findings)
        assert result.position == turn.position
        for side in Side:
            on_board = sum(turn.position.checkers(side).values())
            assert on_board + turn.position.borne_off(side) == 15


points = st.integers(-2, 27)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.lists(points, min_size=0, max_size=4).map(tuple), max_size=5),
    st.tuples(st.integers(0, 7), st.integers(0, 7)),
)
def test_check_turn_bad_input_only_raises_notation_errors(
    paths: list[tuple[int, ...]], dice: tuple[int, int]
) -> None:
    pos = Position.from_string("24:13 13:1 8:1 / 24:14 10:1 / W")
    try:
        result = check_turn(pos, dice, paths)
    except NardeError:
        return
    assert result.legal or len(result.findings) == 1


def test_reading_with_more_dice_wins() -> None:
    # Black 2:1 1:8, 6-1: "2/off" can be read 2/off with the 6 alone (one
    # die) or 2/1 then 1/off with the 6 (both dice).  The two-dice reading
    # is the legal turn, so the record is legal.
    pos = "1:7 / 2:1 1:8 / B"
    result = check(pos, "61", [(2, OFF)])
    assert result.legal
    assert result.steps is not None and len(result.steps) == 2
    assert str(result.position) == "1:7 / 1:8 / W"


def test_turn_is_an_immutable_value() -> None:
    made = Position.initial().legal_turns("65")[0]
    by_hand = Turn(list(made.steps), made.position)
    assert made == by_hand and hash(made) == hash(by_hand)
    assert all(isinstance(s, Step) for s in made.steps)
    with pytest.raises(AttributeError):
        made.position = Position.initial()  # type: ignore[misc]
    assert "Turn(" in repr(made)


@given(st.one_of(st.text(max_size=6), st.tuples(st.integers(-1, 8), st.integers(-1, 8))))
def test_parse_roll_only_raises_notation_error(roll: object) -> None:
    try:
        hi, lo = parse_roll(roll)  # type: ignore[arg-type]
    except NotationError:
        return
    assert 1 <= lo <= hi <= 6


# ---------------------------------------------------------------- fast path = full search
def _written_ways(turn: Turn, rng: random.Random) -> list[list[tuple[int, ...]]]:
    """A turn written several ways: steps, joined per checker, chains, reordered, short."""
    steps: list[tuple[int, ...]] = [(s.from_point, s.to_point) for s in turn.steps]
    joined: list[list[int]] = []  # 24/18 18/13 written 24/13
    chained: list[list[int]] = []  # 24/18 18/13 written 24/18/13
    for a, b in steps:
        path = next((p for p in joined if p[-1] == a != OFF), None)
        if path is not None:
            path[-1] = b
        else:
            joined.append([a, b])
        path = next((p for p in chained if p[-1] == a != OFF), None)
        if path is not None:
            path.append(b)
        else:
            chained.append([a, b])
    ways = [steps, [tuple(p) for p in joined], [tuple(p) for p in chained], steps[::-1]]
    if steps:
        ways.append(steps[:-1])
        ways.append(rng.sample(steps, len(steps)))
    return ways


def _search_only(
    position: Position, dice: tuple[int, int], paths: list[tuple[int, ...]], rules: Ruleset
) -> TurnCheck:
    """check_turn with the fast readings switched off: every turn goes through the search."""
    saved = diagnosis.quick_check
    diagnosis.quick_check = lambda *args: None
    try:
        return diagnosis.diagnose(position, *parse_roll(dice), paths, rules, False)
    finally:
        diagnosis.quick_check = saved


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("rules", [STD, EOT, Ruleset(reroll=True, head_exception_strict=True)])
def test_fast_path_agrees_with_the_search(seed: int, rules: Ruleset) -> None:
    # The fast readings (pairs, both-dice pairs in either order, a lone
    # bear-off, fewer dice than rolled, chains) must give what the search of
    # all readings gives: the verdict, the finding and the end position; the
    # steps too, except that the fast path gives the first of two bear-offs
    # of a non-double the lower die (it always has).
    rng = random.Random(seed)
    for pos, dice, turn in _random_game(seed, rules):
        for paths in _written_ways(turn, rng):
            fast = check_turn(pos, dice, paths, rules)
            slow = _search_only(pos, dice, paths, rules)
            assert (fast.legal, fast.findings, fast.position) == (
                slow.legal,
                slow.findings,
                slow.position,
            ), (str(pos), dice, paths)
            if not any(p[-1] == OFF for p in paths) or dice[0] == dice[1] or len(paths) == 1:
                assert fast.steps == slow.steps, (str(pos), dice, paths)


def test_both_dice_move_read_lower_die_first_when_needed() -> None:
    # White's 18 is closed (Black's own 6), 24/13 with 6-5 goes 24/19/13.
    pos = "24:14 20:1 / 6:1 24:14 / W"
    result = check(pos, "65", [(24, 13)])
    assert result.legal
    assert result.steps == (Step(24, 19, 5), Step(19, 13, 6))
    # Both stops closed: the move cannot be made.
    assert not check("24:14 20:1 / 6:1 7:1 24:13 / W", "65", [(24, 13)]).legal


def test_lone_bear_off_tries_both_dice_then_one() -> None:
    # 5/off with 4-2: only as 5/1/off or 5/3/off (both dice).
    pos = "5:1 1:14 / 24:15 / W"
    result = check(pos, "42", [(5, OFF)])
    assert result.legal and result.steps == (Step(5, 1, 4), Step(1, OFF, 2))
    # 2/off with 6-5 from a lone checker: one die, the higher.
    result = check("2:1 / 24:15 / W", "65", [(2, OFF)])
    assert result.legal and result.steps == (Step(2, OFF, 6),)
    assert str(result.position) == " / 24:15 / B"


def test_fewer_dice_on_the_fast_path() -> None:
    # LONE: 10/6 is closed, so 5-4 is 10/5/1; 10/5 alone is not-max-dice.
    assert only_code(check(LONE, "54", [(10, 5)])) == "not-max-dice"
    # Black also holds White's 1 (Black's own 13): only the 5 can be played.
    pos = "10:1 / 18:1 13:1 1:12 / W"
    result = check(pos, "54", [(10, 5)])
    assert result.legal and result.steps == (Step(10, 5, 5),)
    assert str(result.position) == "5:1 / 18:1 13:1 1:12 / B"
    # 6-6 with one head checker allowed and 18/12 closed: three dice.
    pos = "24:14 13:1 / 24:15 / W"
    ways: list[list[tuple[int, ...]]] = [
        [(24, 18), (13, 7), (7, 1)],
        [(13, 1), (24, 18)],
        [(13, 7, 1), (24, 18)],
    ]
    for paths in ways:
        result = check(pos, "66", paths)
        assert result.legal and result.steps is not None and len(result.steps) == 3
        assert str(result.position) == "24:13 18:1 1:1 / 24:15 / B"
    assert only_code(check(pos, "66", [(24, 18), (13, 7)])) == "not-max-dice"


def test_fast_results_are_ordinary_values() -> None:
    import pickle

    result = check_turn(Position.initial(), (6, 5), [(24, 18), (18, 13)])
    assert type(result).__name__ == "TurnCheck"
    assert type(result.position) is Position
    assert result.position == Position.from_string("24:14 13:1 / 24:15 / B")
    assert hash(result.position) == hash(Position.from_string("24:14 13:1 / 24:15 / B"))
    assert pickle.loads(pickle.dumps(result.position)) == result.position
    with pytest.raises(AttributeError):
        result.legal = False  # type: ignore[misc]
    with pytest.raises(AttributeError):
        result.position._w = 0
    assert result._replace(legal=False).legal is False
    # Lists for moves, a string roll, a tuple of moves: the same answer.
    assert check_turn(Position.initial(), "65", ([24, 18], [18, 13])) == result


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("rules", [STD, Ruleset(reroll=True, head_exception_strict=True)])
def test_no_more_dice_agrees_with_generation(seed: int, rules: Ruleset) -> None:
    # R7 for a turn that uses fewer dice than rolled is decided without
    # generating turns; the answer must be the generator's (max_dice and,
    # for one die of a non-double, whether it is the higher die).
    rng = random.Random(seed)
    for pos, _dice, _turn in _random_game(seed, rules):
        for dice in rng.sample([(a, b) for a in range(1, 7) for b in range(1, a + 1)], 6):
            d1, d2 = dice
            _side, me, opp, first, _opp_first = mover_boards(pos)
            gen = generation.generate(me, opp, first, d1, d2, rules)
            floor = (me >> 96) - step.head_allowance(first, d1, d2, opp, rules)
            for used in range(1, gen.max_dice + 1):
                if d1 != d2 and used != 1:
                    continue
                got = generation.more_dice_playable(me, opp, d1, d2, floor, used)
                if used < gen.max_dice:
                    assert got is None, (str(pos), dice, used)
                else:
                    assert got is not None, (str(pos), dice, used)
                    if d1 != d2:
                        assert got == (gen.single_die == d1), (str(pos), dice)
