"""The game object (rules/game.py): push, pop, the end of a game (R9, R11),
its record, and the replay and random play that go through it.

Expected values are worked out by hand from rules.md (the comment above
each case gives the reasoning).
"""

from __future__ import annotations

import pytest

from narde_notation.formats.reader import parse_games
from narde_notation.formats.writer import write_game
from narde_notation.model.errors import GameOverError, IllegalTurnError
from narde_notation.model.record import GameRecord
from narde_notation.model.ruleset import Ruleset
from narde_notation.model.side import Side
from narde_notation.replay.validation import validate
from narde_notation.rules.game import Game
from narde_notation.rules.position import Position
from narde_notation.rules.random_play import random_game

LAST_ROLL = Ruleset.from_tag("last-roll-draw")


def test_push_and_pop_the_opening() -> None:
    # R1 start; R5: one checker off the head, 18/12 is closed by Black's head,
    # so 6-5 has one legal turn, 24/18 18/13, White's 24:14 13:1 after it.
    game = Game()
    assert game.position == Position() and game.first_mover is Side.WHITE
    (turn,) = game.legal_turns("65")
    assert game.push(turn) is None
    assert str(game.position) == "24:14 13:1 / 24:15 / B"
    assert game.turn_stack == [turn]
    assert [str(p) for p in game.positions()] == ["24:15 / 24:15 / W", "24:14 13:1 / 24:15 / B"]
    assert game.pop() is turn
    assert game.position == Position() and game.turn_stack == [] and len(game.positions()) == 1
    with pytest.raises(IndexError):
        game.pop()


def test_play_checks_like_push_san() -> None:
    game = Game()
    turn = game.play("65: 24/18 18/13")
    assert turn.half_turn_text() == "65: 24/13"  # as players write it
    # Black's 5-4 from its head: 24/20 20/15 (one checker, R5), 24:14 15:1.
    game.play("54: 24/20 20/15")
    assert str(game.position) == "24:14 13:1 / 24:14 15:1 / W"
    # White's second checker off the head with 2-1 is the head rule (R5).
    with pytest.raises(IllegalTurnError) as raised:
        game.play("21: 24/22 24/23")
    assert raised.value.finding is not None and raised.value.finding.code == "head-rule"
    assert len(game.turn_stack) == 2  # nothing pushed


def test_a_turn_from_another_position_is_refused() -> None:
    game = Game()
    (elsewhere,) = Position().with_side_to_move(Side.BLACK).legal_turns("65")
    with pytest.raises(ValueError, match="generated from"):
        game.push(elsewhere)


def test_bearing_off_the_last_checker_ends_the_game_mars_and_koks() -> None:
    # White's last checker on its own 1 (14 off); 2-1: 1/off uses the 2 (R8,
    # nothing above 2), then nothing is left.  Black has none off: mars, 2
    # points; under koks Black's 15 on its own 24 (19…24) make it koks, 3.
    for rules, expected in ((None, ("2-0", "mars")), (Ruleset(koks=True), ("3-0", "koks"))):
        game = Game(Position.from_string("1 / 24:15 / W"), rules)
        (turn,) = game.legal_turns("21")
        assert turn.half_turn_text() == "21: 1/off"
        out = game.push(turn)
        assert out is not None and (out.result_string, out.kind) == expected
        assert game.outcome() == out and game.is_game_over()
        assert game.legal_turns("65") == []
        with pytest.raises(GameOverError):
            game.play("65: pass")
        # The finished game undone: Black has not played, the game goes on.
        game.pop()
        assert game.outcome() is None and not game.is_game_over()


def test_last_roll_draw_reply_draw_and_undo() -> None:
    # last-roll-draw (R9): White, the first mover, bears off its last checker;
    # Black still plays.  Black's last checker off too: a draw, 0-0.
    game = Game(Position.from_string("1 / 1 / W"), LAST_ROLL)
    assert game.push(game.legal_turns("21")[0]) is None
    assert game.reply_due and game.outcome() is None and not game.is_game_over()
    # The record ending here: the reply is forfeited, White's win stands:
    # Black has 14 off, so oyn, 1 point.
    final = game.outcome(final=True)
    assert final is not None and final.result_string == "1-0" and final.kind == "oyn"
    draw = game.play("21: 1/off")
    assert draw.half_turn_text() == "21: 1/off"
    out = game.outcome()
    assert out is not None and (out.result_string, out.kind, out.winner) == ("0-0", "draw", None)
    game.pop()  # the reply is due again
    assert game.reply_due and game.outcome() is None


def test_last_roll_draw_reply_that_does_not_finish() -> None:
    # Black's reply 2-1 with its last two checkers on its own 6 bears nothing
    # off (R8: a die below 6 cannot take a checker from 6): White's win
    # stands, and Black has 13 off, so oyn.
    game = Game(Position.from_string("1 / 6:2 / W"), LAST_ROLL)
    game.play("21: 1/off")
    assert game.reply_due
    out = game.push(game.legal_turns("21")[0])
    assert out is not None and (out.result_string, out.kind) == ("1-0", "oyn")


def test_last_roll_draw_the_second_mover_finishing_wins_at_once() -> None:
    # White moves first; Black bears off its last checker first: no reply is
    # due (only the first mover's finish opens one), Black wins, oyn (White
    # has 13 off).
    game = Game(Position.from_string("6:2 / 1 / W"), LAST_ROLL)
    game.play("21: 6/4 6/5")
    out = game.push(game.legal_turns("21")[0])
    assert out is not None and (out.result_string, out.kind) == ("0-1", "oyn")
    assert not game.reply_due


def test_to_record_validates_clean_and_numbers_black_first() -> None:
    # Black moves first: its half-turn is 1..., White's answer 2.
    game = Game(first_mover=Side.BLACK)
    assert game.start.side_to_move is Side.BLACK
    game.play("65: 24/18 18/13")
    game.play("43: 24/20 20/17")
    record = game.to_record(white="Ann", black="Bob")
    assert "1... 65: 24/13" in write_game(record)
    assert [h.number for h in record.half_turns] == [1, 2]
    assert [h.side for h in record.half_turns] == [Side.BLACK, Side.WHITE]
    assert record.result == "*" and "Position" not in record.tags
    report = validate(record)
    assert [f.code for f in report.findings] == ["unfinished"]


def test_to_record_of_a_set_up_finished_game() -> None:
    game = Game(Position.from_string("1 / 24:15 / W"))
    game.play("21: 1/off")
    record = game.to_record()
    assert record.tags["Position"] == "1:1 / 24:15 / W"
    assert record.tags["Result"] == record.result == "2-0"
    report = validate(record)
    assert report.valid and report.result == "2-0" and report.kind == "mars"


def test_random_play_is_a_game_that_validates() -> None:
    for seed in range(3):
        record = random_game(seed, LAST_ROLL)
        report = validate(record)
        assert report.valid, report.findings
        assert record.result == report.result != "*"


def test_position_at_each_ply() -> None:
    # 6-5 24/18 18/13 (White), 5-4 24/20 20/15 (Black): by hand as above.
    from narde_notation.formats.reader import parse_games

    (record,) = parse_games("1. 65: 24/18 18/13 54: 24/20 20/15 *")
    report = validate(record)
    assert [str(report.position_at(k)) for k in range(3)] == [
        "24:15 / 24:15 / W", "24:14 13:1 / 24:15 / B", "24:14 13:1 / 24:14 15:1 / W"]
    for ply in (-1, 3):
        with pytest.raises(IndexError):
            report.position_at(ply)
    # A bar move cannot be played (R4): the replay stops, the ply after it is not reached.
    (record,) = parse_games("1. 65: 24/18 18/13 54: bar/20 *")
    report = validate(record)
    assert report.stopped and report.position_at(1) is not None and report.position_at(2) is None


def test_is_game_over_is_a_method_for_the_game_and_the_position() -> None:
    # python-chess's habit: Board.is_game_over() is a method.  White's last
    # checker on own 1 goes off with any roll (R8): the game is over (R9).
    game = Game(Position.from_string("1 / 24:15 / W"))
    assert game.is_game_over() is False and game.position.is_game_over() is False
    game.play("21: 1/off")
    assert game.is_game_over() is True and game.position.is_game_over() is True


def test_a_double_as_the_games_first_roll_is_refused() -> None:
    # R2: the opening roll decides who starts and is never a double; the
    # validator's finding is `opening-double` and the game says the same.
    game = Game()
    with pytest.raises(IllegalTurnError) as raised:
        game.play("66: 24/18 24/18")
    assert [f.code for f in raised.value.findings] == ["opening-double"]
    assert game.turn_stack == [] and game.position == Position()
    assert game.legal_turns("66") == [] and game.is_opening_double("66")
    # the same turn from the legal turns of the position is refused by push too
    turn = next(t for t in Position().legal_turns("66") if t.notation() == "24/18(2)")
    with pytest.raises(IllegalTurnError):
        game.push(turn)
    # what the validator says of the same record
    report = validate(_record("1. 66: 24/18 24/18 *"))
    assert [f.code for f in report.errors] == ["opening-double"]


def _record(text: str) -> GameRecord:
    return next(iter(parse_games(text)))


@pytest.mark.parametrize(("game", "text"), [
    (Game(rules="reroll"), "66: 24/18 24/18"),  # R2's variant: a double may open
    (Game(Position()), "66: 24/18 24/18"),  # a set-up start: no opening roll
])
def test_a_double_opens_under_reroll_or_from_a_set_up(game: Game, text: str) -> None:
    game.play(text)
    assert str(game.position) == "24:13 18:2 / 24:15 / B"


def test_a_double_later_in_the_game_is_played() -> None:
    game = Game()
    game.play("65: 24/18 18/13")
    game.play("66: 24/18 24/18")  # Black's first turn: 6-6 may move two off the head (R5)
    assert str(game.position) == "24:14 13:1 / 24:13 18:2 / W"


def test_a_side_is_a_side_or_its_name() -> None:
    # "black" is Black; "W", "White", None are refused (today's code read
    # anything but Side.WHITE as Black).
    game = Game(first_mover="black")
    assert game.first_mover is Side.BLACK and game.position.side_to_move is Side.BLACK
    with pytest.raises(TypeError):
        Game(first_mover="W")  # type: ignore[arg-type]
