"""R9 scoring: oyn, mars, koks, and the last-roll draw."""

from __future__ import annotations

from narde_notation.model.ruleset import Ruleset
from narde_notation.model.side import Side
from narde_notation.rules.position import Position
from narde_notation.rules.scoring import Outcome, draw, outcome

STANDARD = Ruleset.standard()
KOKS = Ruleset(koks=True)


def test_unfinished_game_has_no_outcome() -> None:
    assert outcome(Position.initial(), STANDARD) is None
    assert outcome(Position.from_string("1:1 / 1:15 / B")) is None


def test_oyn_when_the_loser_bore_off_one() -> None:
    # White has none left; Black has 14 on the board, so one is off: 1 point.
    out = outcome(Position.from_string(" / 6:14 / B"), STANDARD)
    assert out == Outcome(Side.WHITE, 1, "oyn")
    assert out.result_string == "1-0"


def test_mars_when_the_loser_bore_off_none() -> None:
    out = outcome(Position.from_string("6:15 / / W"), STANDARD)
    assert out == Outcome(Side.BLACK, 2, "mars")
    assert out.result_string == "0-2"


def test_koks_needs_the_variant_and_a_checker_in_the_starting_quarter() -> None:
    # Black lost with nothing off and a checker on its own 19 (starting quarter 19..24).
    pos = Position.from_string(" / 19:1 6:14 / B")
    assert outcome(pos, KOKS) == Outcome(Side.WHITE, 3, "koks")
    assert outcome(pos, KOKS).result_string == "3-0"  # type: ignore[union-attr]
    # Without the variant it is a mars.
    assert outcome(pos, STANDARD) == Outcome(Side.WHITE, 2, "mars")
    # Under koks but with no checker on 19..24 (18 is outside it): mars.
    assert outcome(Position.from_string(" / 18:1 6:14 / B"), KOKS) == Outcome(
        Side.WHITE, 2, "mars"
    )
    # Under koks with one checker off: oyn whatever stands on 19..24.
    assert outcome(Position.from_string(" / 24:14 / B"), KOKS) == Outcome(Side.WHITE, 1, "oyn")


def test_draw_when_both_sides_are_off() -> None:
    # last-roll-draw: the second player bore off its last checker on its reply.
    both = Position.from_string(" /  / W")
    assert outcome(both, Ruleset(last_roll_draw=True)) == draw()
    assert draw() == Outcome(None, 0, "draw")
    assert draw().result_string == "0-0"
    assert str(draw()) == "0-0"


def test_result_strings_white_first() -> None:
    assert Outcome(Side.BLACK, 1, "oyn").result_string == "0-1"
    assert Outcome(Side.WHITE, 2, "mars").result_string == "2-0"
    assert Outcome(Side.BLACK, 3, "koks").result_string == "0-3"


def test_after_turn_sequences_the_end_of_a_game() -> None:
    from narde_notation.rules.scoring import after_turn

    lrd = Ruleset(last_roll_draw=True)
    # White has just borne off its 15th; Black has 14 off and one on its 1.
    white_done = Position({}, {1: 1}, Side.BLACK)
    # Standard rules: White wins at once, 1 point (Black has borne off some: oyn).
    assert after_turn(white_done, Side.WHITE, Side.WHITE, Ruleset(), False) == (
        Outcome(Side.WHITE, 1, "oyn"),
        False,
    )
    # last-roll-draw with White the first mover: Black's reply is still due.
    assert after_turn(white_done, Side.WHITE, Side.WHITE, lrd, False) == (None, True)
    # Black's reply bears off its last checker too: a draw (0-0).
    both_done = Position({}, {}, Side.WHITE)
    assert after_turn(both_done, Side.BLACK, Side.WHITE, lrd, True) == (draw(), False)
    # A reply that does not finish: White's win stands.
    assert after_turn(white_done, Side.BLACK, Side.WHITE, lrd, True)[0] == Outcome(
        Side.WHITE, 1, "oyn"
    )
    # Black moved first and White finished: no reply is due, White wins.
    assert after_turn(white_done, Side.WHITE, Side.BLACK, lrd, False)[0] == Outcome(
        Side.WHITE, 1, "oyn"
    )
    # Nobody has finished: the game goes on.
    assert after_turn(Position.initial(), Side.WHITE, Side.WHITE, lrd, False) == (None, False)
