"""Position: codec, queries, numbering (R1) and bad input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from narde_notation.model import absolute_to_own, own_to_absolute
from narde_notation.model.errors import IllegalTurnError, NardeError, NotationError, PositionError
from narde_notation.model.record import OFF
from narde_notation.model.side import Side
from narde_notation.rules.engine import Turn
from narde_notation.rules.position import Position

SEED = "6:2 5:2 4:2 3 2 1 / 6:2 5:2 4:2 3:3 2:3 1:3 / W"


def test_initial_position_r1() -> None:
    # R1: all 15 of each side on its own 24 (the head); 15 x 24 = 360 pips.
    pos = Position.initial()
    assert str(pos) == "24:15 / 24:15 / W"
    assert pos.pip_counts() == (360, 360)
    assert pos.checkers(Side.WHITE) == {24: 15}
    assert pos.borne_off(Side.BLACK) == 0
    assert pos.is_first_turn(Side.WHITE) and pos.is_first_turn(Side.BLACK)
    assert pos.winner is None
    assert not pos.is_game_over()
    assert pos == Position.from_string("24:15 / 24:15 / W")


def test_seed_pips_and_canonical_string() -> None:
    # White 6x2 + 5x2 + 4x2 + 3 + 2 + 1 = 36; Black 12 + 10 + 8 + 9 + 6 + 3 = 48.
    pos = Position.from_string(SEED)
    assert pos.pip_count(Side.WHITE) == 36
    assert pos.pip_count(Side.BLACK) == 48
    assert pos.borne_off(Side.WHITE) == 6  # 9 checkers listed
    assert pos.borne_off(Side.BLACK) == 0
    assert str(pos) == "6:2 5:2 4:2 3:1 2:1 1:1 / 6:2 5:2 4:2 3:3 2:3 1:3 / W"
    assert not pos.is_first_turn(Side.WHITE)


def test_any_order_and_lone_points() -> None:
    pos = Position.from_string("3 6:2 / 24:15 / B")
    assert str(pos) == "6:2 3:1 / 24:15 / B"
    assert pos.side_to_move is Side.BLACK
    assert pos.count_at(Side.WHITE, 6) == 2
    assert pos.count_at(Side.WHITE, OFF) == 12
    assert pos.count_at(Side.WHITE, 5) == 0


def test_empty_side_and_winner() -> None:
    pos = Position.from_string(" / 6:2 / B")
    assert str(pos) == " / 6:2 / B"
    assert pos.winner is Side.WHITE
    assert pos.is_game_over()
    assert pos.pip_counts() == (0, 12)


def test_repr_pastes_back() -> None:
    pos = Position.from_string(SEED)
    assert repr(pos) == f"Position.from_string({str(pos)!r})"
    assert eval(repr(pos)) == pos


def test_with_side_to_move_and_hash() -> None:
    pos = Position.initial()
    black = pos.with_side_to_move(Side.BLACK)
    assert black.side_to_move is Side.BLACK
    assert black != pos
    assert hash(black.with_side_to_move(Side.WHITE)) == hash(pos)
    assert len({pos, Position.initial(), black}) == 2


def test_immutable() -> None:
    pos = Position.initial()
    with pytest.raises(AttributeError):
        pos._w = 0  # type: ignore[misc]


def test_numbering() -> None:
    # Black's own b is absolute (b + 11) % 24 + 1: head 24 -> 12, home 6..1 -> 18..13.
    assert own_to_absolute(Side.BLACK, 24) == 12
    assert own_to_absolute(Side.BLACK, 6) == 18
    assert own_to_absolute(Side.BLACK, 1) == 13
    assert own_to_absolute(Side.BLACK, 12) == 24
    assert own_to_absolute(Side.WHITE, 5) == 5
    assert own_to_absolute(Side.BLACK, OFF) == OFF
    assert absolute_to_own(Side.BLACK, 12) == 24
    assert absolute_to_own(Side.BLACK, 13) == 1
    assert absolute_to_own(Side.WHITE, 7) == 7
    for p in range(25):
        assert absolute_to_own(Side.BLACK, own_to_absolute(Side.BLACK, p)) == p
    with pytest.raises(PositionError):
        own_to_absolute(Side.WHITE, 25)


def test_diagram_is_absolute() -> None:
    text = Position.initial().diagram()
    assert "pips 360" in text
    assert "W15" in text and "B15" in text
    assert "White to move" in text
    # White's head is absolute 24 (top right), Black's head absolute 12 (bottom left).
    lines = text.splitlines()
    assert lines[2].rstrip().endswith("W15 |")
    assert lines[3].startswith("| B15")


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("24:15 / 24:15", "three fields"),
        ("24:15 / 24:15 / W / B", "three fields"),
        ("24:x / 24:15 / W", "24:x"),
        ("24:15 / a / W", "'a'"),
        ("24:15 / 24:-1 / W", "24:-1"),
        ("24:15 / 24:15 / X", "'X'"),
        ("24:15 / 24:15 / ", "''"),
        ("24:10 24:5 / 24:15 / W", "listed twice"),
    ],
)
def test_malformed_strings(text: str, part: str) -> None:
    with pytest.raises(NotationError, match=part):
        Position.from_string(text)


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("24:16 / 24:15 / W", "more than 15"),
        ("24:10 6:6 / 24:15 / B", "more than 15"),
        ("25:1 24:14 / 24:15 / W", "25"),
        ("24:15 / 24:14 0:1 / W", "point 0"),
        # White's own 13 and Black's own 1 are both absolute 13.
        ("13:1 24:14 / 1:1 24:14 / W", "absolute point 13"),
        ("24:0 / 24:15 / W", "count 0"),
    ],
)
def test_impossible_positions(text: str, part: str) -> None:
    with pytest.raises(PositionError, match=part):
        Position.from_string(text)


def test_constructor_validates() -> None:
    with pytest.raises(PositionError):
        Position({24: 15}, {24: 16})
    with pytest.raises(PositionError):
        Position({5: 1}, {17: 1})  # Black's own 17 is absolute 5
    pos = Position({24: 14, 13: 1}, {24: 15}, Side.BLACK)
    assert str(pos) == "24:14 13:1 / 24:15 / B"
    assert not pos.is_first_turn(Side.WHITE)
    assert pos.is_first_turn(Side.BLACK)


@given(st.text(max_size=40))
def test_from_string_never_crashes(text: str) -> None:
    try:
        pos = Position.from_string(text)
    except NardeError:
        return
    assert Position.from_string(str(pos)) == pos


@st.composite
def positions(draw: st.DrawFn) -> Position:
    white: dict[int, int] = {}
    black: dict[int, int] = {}
    for side_points, other, n in ((white, black, draw(st.integers(0, 15))),
                                  (black, white, draw(st.integers(0, 15)))):
        for _ in range(n):
            p = draw(st.integers(1, 24))
            absolute_clash = (p + 11) % 24 + 1
            if absolute_clash in other:
                continue
            side_points[p] = side_points.get(p, 0) + 1
    side = draw(st.sampled_from([Side.WHITE, Side.BLACK]))
    return Position(white, black, side)


@given(positions())
def test_round_trip_and_pips(pos: Position) -> None:
    again = Position.from_string(str(pos))
    assert again == pos
    for side in Side:
        on_board = sum(pos.checkers(side).values())
        assert on_board + pos.borne_off(side) == 15
        assert pos.pip_count(side) == sum(p * n for p, n in pos.checkers(side).items())


def test_pickle_and_copy_keep_flags() -> None:
    import copy
    import pickle

    pos = Position({24: 15}, {24: 14, 20: 1}, Side.BLACK, first_turn=(False, True))
    for again in (pickle.loads(pickle.dumps(pos)), copy.deepcopy(pos)):
        assert again == pos
        assert hash(again) == hash(pos)
        assert not again.is_first_turn(Side.WHITE)
        assert again.is_first_turn(Side.BLACK)


def test_a_position_is_a_value_equal_only_to_positions() -> None:
    import pickle

    pos = Position.from_string("24:14 13:1 / 24:15 / B")
    assert pos == Position.from_string("24:14 13:1 / 24:15 / B")
    layout = (15 << 96, 14 << 96 | 1 << 52, Side.BLACK, False, True)  # what it used to be
    assert pos != layout and layout != pos and pos != str(pos)
    assert len({pos, Position.from_string("24:14 13:1 / 24:15 / B")}) == 1  # hashable
    assert pickle.loads(pickle.dumps(pos)) == pos
    assert repr(pos) == "Position.from_string('24:14 13:1 / 24:15 / B')"
    with pytest.raises(AttributeError):
        pos.side = Side.WHITE  # type: ignore[attr-defined]


def test_position_called_bare_is_the_initial_position() -> None:
    # R1: 15 on each head (own 24), White to move, both on the first turn.
    assert Position() == Position.initial() == Position.from_string("24:15 / 24:15 / W")
    assert Position().is_first_turn(Side.WHITE) and Position().is_first_turn(Side.BLACK)
    # a side left out keeps its 15 on the head
    assert str(Position({6: 15})) == "6:15 / 24:15 / W"
    assert str(Position(black={1: 2}, side_to_move=Side.BLACK)) == "24:15 / 1:2 / B"


@pytest.mark.parametrize("operation", [
    lambda p: len(p), lambda p: p + p, lambda p: p + (1,),  # noqa: RUF005
    lambda p: p * 2, lambda p: 2 * p,
    lambda p: 24 in p, lambda p: p < p, lambda p: p >= p, lambda p: sorted([p, p]),
    lambda p: p.count(15), lambda p: p.index(15),
    lambda p: p[0], lambda p: iter(p), lambda p: tuple(p), lambda p: [*p],
], ids=["len", "add", "add-tuple", "mul", "rmul", "in", "lt", "ge", "sorted", "count", "index",
        "index-0", "iter", "tuple", "unpack"])
def test_a_position_is_not_a_sequence(operation: object) -> None:
    with pytest.raises((TypeError, AttributeError)):
        operation(Position())  # type: ignore[operator]
    assert Position()  # but always true, even without len()


def test_play_takes_a_turn_from_legal_turns() -> None:
    start = Position()
    (turn,) = start.legal_turns("65")
    assert start.play(turn) == turn.position
    assert str(start.play(turn)) == "24:14 13:1 / 24:15 / B"
    # the same turn in another position (Black to move) is not legal there:
    # White's checkers do not move on Black's turn
    with pytest.raises(IllegalTurnError):
        start.with_side_to_move(Side.BLACK).play(turn)


def test_a_turn_gives_its_half_turn_with_the_roll() -> None:
    (turn,) = Position().legal_turns("56")  # read higher die first (R3)
    assert (turn.dice, turn.side, turn.before) == ((6, 5), Side.WHITE, Position())
    assert turn.half_turn_text() == "65: 24/13"
    half = turn.to_half_turn(number=1)
    assert (str(half), half.number, half.side) == ("65: 24/13", 1, Side.WHITE)
    # R5 exception: 6-6 on the first turn takes two checkers off the head.
    (double,) = Position().legal_turns("66")
    assert double.half_turn_text() == "66: 24/18(2)"
    # White on its own 7 with 6-5: 7/1 is held by Black (abs 1 = Black's 13),
    # 7/2 by Black's 14: nothing can move, a pass (R7, R11).
    (blocked,) = Position.from_string("7:15 / 14:7 13:8 / W").legal_turns("65")
    assert blocked.half_turn_text() == "65: pass"
    # Black's half-turn: the side is the mover, not White.
    black = Position().with_side_to_move(Side.BLACK).legal_turns("43")[0]
    assert black.to_half_turn().side is Side.BLACK


def test_a_turn_made_by_hand_without_its_roll() -> None:
    (made,) = Position().legal_turns("65")
    bare = Turn(made.steps, made.position)
    assert bare == made and bare.dice is None and bare.before is None
    with pytest.raises(ValueError, match="roll"):
        bare.half_turn_text()
    with pytest.raises(ValueError, match="roll"):
        Position().play(bare)
    assert Turn(made.steps, made.position, "56").half_turn_text() == "65: 24/13"


def test_a_side_given_by_name_is_that_side() -> None:
    # White 24:14 13:1, Black 24:15 (own numbering).  Before, the layout was
    # read with `side is Side.WHITE`, so "white" silently meant Black.
    pos = Position.from_string("24:14 13:1 / 24:15 / B")
    assert pos.checkers("white") == {24: 14, 13: 1} == pos.checkers(Side.WHITE)
    assert pos.checkers("black") == {24: 15}
    assert pos.pip_count("white") == 24 * 14 + 13 == 349
    assert pos.count_at("white", 13) == 1 and pos.borne_off("black") == 0
    assert pos.is_first_turn("black") and not pos.is_first_turn("white")
    assert pos.with_side_to_move("white").side_to_move is Side.WHITE
    assert Position(side_to_move="black") == Position().with_side_to_move(Side.BLACK)
    assert own_to_absolute("black", 1) == 13 and absolute_to_own("white", 7) == 7


@pytest.mark.parametrize("side", ["W", "B", "White", "BLACK", "", None, 0, 1, True])
def test_anything_else_is_not_a_side(side: object) -> None:
    pos = Position()
    for ask in (pos.checkers, pos.pip_count, pos.borne_off, pos.is_first_turn,
                pos.with_side_to_move, lambda s: pos.count_at(s, 24),
                lambda s: own_to_absolute(s, 1), lambda s: Position(side_to_move=s)):
        with pytest.raises(TypeError):
            ask(side)  # type: ignore[arg-type]
