"""The board drawing: its content (elements, counts, texts), not its pixels."""

from __future__ import annotations

import struct
import xml.dom.minidom

from narde_notation.formats.reader import parse_games
from narde_notation.model.side import Side
from narde_notation.replay.validation import validate
from narde_notation.rules.position import Position
from narde_notation.show.board_svg import board_drawing, moved_points, position_svg

SVG = "{http://www.w3.org/2000/svg}"


def _elements(svg: str, cls: str) -> list[xml.dom.minidom.Element]:
    dom = xml.dom.minidom.parseString(svg)
    return [e for e in dom.getElementsByTagName("*")
            if cls in e.getAttribute("class").split()]


def _texts(svg: str, cls: str) -> list[str]:
    return [e.firstChild.data if e.firstChild else "" for e in _elements(svg, cls)]


def _board_box(svg: str) -> tuple[float, float]:
    (wood,) = _elements(svg, "wood")
    top, height = float(wood.getAttribute("y")), float(wood.getAttribute("height"))
    return top, top + height


def test_start_position_stacks_are_compressed_with_their_count() -> None:
    svg = position_svg(Position.initial())
    # R1: 15 on each head (White abs 24, Black abs 12): five drawn, the count on the fifth
    white = [e for e in _elements(svg, "checker") if "white" in e.getAttribute("class")]
    black = [e for e in _elements(svg, "checker") if "black" in e.getAttribute("class")]
    assert len(white) == 5 and {e.getAttribute("data-point") for e in white} == {"24"}
    assert len(black) == 5 and {e.getAttribute("data-point") for e in black} == {"12"}
    counts = _elements(svg, "count")
    assert sorted((c.getAttribute("data-point"), c.firstChild.data) for c in counts) == [
        ("12", "15"), ("24", "15")]


def test_no_stack_reaches_the_middle_of_the_board() -> None:
    # nine Black checkers on absolute 13 (own 1) and fifteen White on 24
    pos = Position.from_string("24:15 / 1:9 24:6 / W")
    svg = position_svg(pos)
    top, bottom = _board_box(svg)
    middle = (top + bottom) / 2
    for c in _elements(svg, "checker"):
        p = int(c.getAttribute("data-point"))
        cy, r = float(c.getAttribute("cy")), float(c.getAttribute("r"))
        if p >= 13:
            assert top < cy - r and cy + r < middle, p
        else:
            assert middle < cy - r and cy + r < bottom, p
    assert sorted(_texts(svg, "count")) == ["15", "6", "9"]


def test_borne_off_checkers_lie_in_trays_with_counts() -> None:
    pos = Position.from_string("6:2 5:2 3:2 / 1:14 / W")  # White 9 off, Black 1 off
    svg = position_svg(pos)
    offs = _elements(svg, "off-checker")
    assert sum("white" in e.getAttribute("class") for e in offs) == 9
    assert sum("black" in e.getAttribute("class") for e in offs) == 1
    assert sorted(_texts(svg, "off-count")) == ["1 off", "9 off"]
    assert len(_elements(svg, "tray")) == 2


def test_a_finished_game_says_who_won_and_how() -> None:
    # White all off, Black none off: mars, 2 points (R9)
    svg = position_svg(Position.from_string(" / 1:15 / B"))
    assert _texts(svg, "status") == ["White wins by mars (2 points)"]
    assert "to move" not in svg
    svg = position_svg(Position.from_string("1:3 / / W"))  # Black done, White 12 off
    assert _texts(svg, "status") == ["Black wins by oyn (1 point)"]
    assert _texts(position_svg(Position.initial()), "status") == ["White to move"]


def test_the_replays_outcome_names_koks() -> None:
    from narde_notation.rules.scoring import Outcome

    svg = position_svg(Position.from_string(" / 24:15 / B"),
                       outcome=Outcome(Side.WHITE, 3, "koks"))
    assert _texts(svg, "status") == ["White wins by koks (3 points)"]


def test_black_side_turns_the_board_and_numbers_it_in_blacks_numbering() -> None:
    white_view = position_svg(Position.initial())
    black_view = position_svg(Position.initial(), from_side=Side.BLACK)
    top, bottom = _board_box(black_view)
    middle = (top + bottom) / 2

    # White's head (abs 24) is top right from White's side, bottom left from Black's
    def head(svg: str, point: str) -> tuple[float, float]:
        c = next(e for e in _elements(svg, "checker") if e.getAttribute("data-point") == point)
        return float(c.getAttribute("cx")), float(c.getAttribute("cy"))

    wx, wy = head(white_view, "24")
    bx, by = head(black_view, "24")
    assert wy < middle < by and bx < wx
    # the label drawn at absolute point 24's place reads 12 (Black's own numbering)
    dom = xml.dom.minidom.parseString(black_view)
    labels = [e for e in dom.getElementsByTagName("text") if e.getAttribute("class") == "label"]
    x_of = {e.firstChild.data: float(e.getAttribute("x")) for e in labels}
    assert abs(x_of["12"] - bx) < 1  # bottom row, same column
    assert sorted(int(k) for k in x_of) == list(range(1, 25))


GAME = """\
[White "A"]
[Black "B"]

1. 65: 24/18 18/13   54: 24/20 20/15
2. 62: 13/7 24/22
*
"""


def test_a_half_turn_shows_its_dice_and_marks_its_moves() -> None:
    report = validate(next(iter(parse_games(GAME))))
    turn = report.turns[2]  # White 62: 13/7 24/22
    svg = position_svg(turn.after, dice=turn.half_turn.dice, mover=turn.side,
                       before=turn.before)
    assert sorted(e.getAttribute("data-value") for e in _elements(svg, "die")) == ["2", "6"]
    assert len(_elements(svg, "spot")) == 8
    assert {e.getAttribute("data-point") for e in _elements(svg, "mark-from")} == {"13", "24"}
    # the numbers of the points left are shown in red as well (seen under a full stack)
    assert sorted(_texts(svg, "mark-label")) == ["13", "24"]
    assert sorted(e.getAttribute("data-point") for e in _elements(svg, "mark-to")) == ["22", "7"]
    # no marks or dice without a half-turn
    plain = position_svg(turn.after)
    assert not _elements(plain, "die") and not _elements(plain, "mark-from")


def test_moved_points_of_blacks_half_turn_in_absolute_numbering() -> None:
    report = validate(next(iter(parse_games(GAME))))
    turn = report.turns[1]  # Black 54: 24/20 20/15 = own 24 -> own 15 = abs 12 -> abs 3
    assert moved_points(turn.before, turn.after, Side.BLACK) == ({12: 1}, {3: 1}, 0)


def test_a_bear_off_marks_the_tray() -> None:
    before = Position.from_string("6:1 1:14 / 24:15 / W")
    after = Position.from_string("1:14 / 24:15 / B")
    svg = position_svg(after, dice=(6, 1), mover=Side.WHITE, before=before)
    marks = _elements(svg, "mark-to")
    assert [m.getAttribute("data-side") for m in marks] == ["white"]
    assert {m.getAttribute("data-point") for m in _elements(svg, "mark-from")} == {"6"}
    assert "1 off" in _texts(svg, "off-count")


def test_record_text_in_a_caption_is_escaped() -> None:
    svg = position_svg(Position.initial(), caption="<b>&")
    xml.dom.minidom.parseString(svg)
    assert _texts(svg, "caption") == ["<b>&"]


def test_png_is_the_same_drawing() -> None:
    drawing = board_drawing(Position.initial(), size=400)
    data = drawing.png()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (round(drawing.width), round(drawing.height))
