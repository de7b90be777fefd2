"""The board picture takes its sides as everywhere else: a Side or
``"white"`` / ``"black"``, anything else a TypeError (decisions G2)."""

from __future__ import annotations

import pytest

from narde_notation.model.side import Side
from narde_notation.rules.position import Position
from narde_notation.show.board_svg import position_svg


def test_the_side_to_draw_from_is_a_side_or_its_name() -> None:
    # Black's view is turned half a circle: another picture than White's.
    # Before, "black" was taken for White (`from_side is Side.BLACK` was false).
    pos = Position.from_string("24:14 13:1 / 24:15 / B")
    black = position_svg(pos, from_side=Side.BLACK)
    assert position_svg(pos, from_side="black") == black != position_svg(pos)
    before = Position()
    marked = position_svg(pos, before=before, mover=Side.WHITE)
    assert position_svg(pos, before=before, mover="white") == marked
    for bad in ("B", "Black", None):
        with pytest.raises(TypeError):
            position_svg(pos, from_side=bad)
