"""Positions: where every checker stands, who is to move, first-turn flags.

A :class:`Position` is an immutable, hashable value.  Points are kept per
side in that side's **own** numbering (24 = head, 6…1 = home, R1); the
**absolute** numbering of diagrams is White's.  Black's own point ``b`` is
absolute ``(b + 11) % 24 + 1`` (:func:`narde_notation.model.own_to_absolute`,
the model's: it owns sides and point numbering).

How a position is stored (a packed integer per side) is
:mod:`narde_notation.rules.packed`'s alone, the rules kernel's layout,
which :class:`Position` builds on (decisions G1); this module adds the
codecs (position strings, the diagram) and the rules' moves (legal turns,
playing a half-turn).  Own/absolute numbering uses the one flip table,
:data:`narde_notation.model.side.FLIP`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, final

from narde_notation.model import (
    FLIP,
    HalfTurn,
    IllegalTurnError,
    NotationError,
    PositionError,
    Side,
    shown,
)
from narde_notation.rules.engine import Turn, check_turn, legal_turns
from narde_notation.rules.packed import PackedPosition, build

if TYPE_CHECKING:
    from narde_notation.model import Ruleset

__all__ = ["Position"]

_TOKEN = re.compile(r"([0-9]{1,9})(?::([0-9]{1,9}))?\Z")


@final
class Position(PackedPosition):
    """A Long Narde position: an immutable, hashable value.

    ``Position()`` is the initial position (R1): 15 checkers on each head,
    White to move, both sides on their first turn.

    Args:
        white: White's checkers, own point (1…24) -> count; unlisted
            checkers (up to 15) are borne off.  ``None`` (the default):
            all 15 on the head, own 24 (R1).
        black: Black's checkers in Black's own numbering; ``None`` as for
            ``white``.
        side_to_move: who moves next: a :class:`~narde_notation.model.side.Side`
            or ``"white"`` / ``"black"``.
        first_turn: ``(white, black)`` first-turn flags (R5); default: a
            side with all 15 on its head (own 24) is on its first turn.

    Raises:
        PositionError: more than 15 checkers a side, a point outside 1…24,
            or both colours on one absolute point (R1).
        TypeError: ``side_to_move`` is not a side.

    A position is a value, not a sequence: no ``len``, indexing, iteration,
    ``+`` or ordering (:class:`TypeError`).  Two positions are equal when the
    checkers, the side to move and the first-turn flags agree.  How it is
    stored is :mod:`narde_notation.rules.packed`'s business alone
    (decisions G1): the rest of the rules kernel reads and builds positions
    through its ``mover_boards`` and ``after_board``, everyone else through
    the methods.
    """

    __slots__ = ()

    def __new__(
        cls,
        white: Mapping[int, int] | None = None,
        black: Mapping[int, int] | None = None,
        side_to_move: Side | str = Side.WHITE,
        *,
        first_turn: tuple[bool, bool] | None = None,
    ) -> Position:
        for name, counts in (("white", white), ("black", black)):
            if counts is not None and not isinstance(counts, Mapping):
                raise TypeError(f"Position's {name} is a mapping point -> checkers (own"
                                f" numbering) or None, not {type(counts).__name__}")
        return build(cls, white, black, Side.coerce(side_to_move), first_turn)

    def __init_subclass__(cls, **kwargs: object) -> None:
        raise TypeError("Position is a value class: it cannot be subclassed")

    # ------------------------------------------------------------ codecs
    @classmethod
    def initial(cls) -> Position:
        """The start position (R1): 15 on each head, White to move, both on first
        turn; the same as ``Position()``."""
        return _INITIAL

    @classmethod
    def from_string(cls, text: str) -> Position:
        """Read ``"WHITE / BLACK / SIDE"`` (record-format.md, Position strings).

        Each side lists ``point:count`` or ``point`` (one checker) items in its
        own numbering, in any order; unlisted checkers are borne off.  A side
        with all 15 on its head is on its first turn (R5).

        Raises:
            NotationError: a missing field, a token that is not ``p`` or
                ``p:n``, a point listed twice, a side letter other than W/B.
            PositionError: more than 15 checkers a side, a point outside
                1…24 (0 included), both colours on one point.
        """
        if not isinstance(text, str):
            raise NotationError(f"position must be a string, not {type(text).__name__}")
        fields = text.split("/")
        if len(fields) != 3:
            raise NotationError(
                f"position {shown(text)} needs three fields 'WHITE / BLACK / SIDE', "
                f"found {len(fields)}"
            )
        sides: list[dict[int, int]] = []
        for name, field in zip(("White", "Black"), fields[:2], strict=True):
            points: dict[int, int] = {}
            for token in field.split():
                m = _TOKEN.match(token)
                if m is None:
                    raise NotationError(
                        f"bad {name} token {shown(token)} in position: expected 'point' or"
                        " 'point:count'"
                    )
                point = int(m.group(1))
                count = int(m.group(2)) if m.group(2) is not None else 1
                if point in points:
                    raise NotationError(f"{name} point {point} is listed twice in position")
                if not 1 <= point <= 24:
                    raise PositionError(f"{name} point {point} is outside 1…24")
                if count < 1:
                    raise PositionError(f"{name} count {count} on point {point} is not 1…15")
                points[point] = count
            sides.append(points)
        letter = fields[2].strip()
        if letter not in ("W", "B"):
            raise NotationError(f"side to move must be 'W' or 'B', not {letter!r}")
        return cls(sides[0], sides[1], Side(letter))

    def __repr__(self) -> str:
        return f"Position.from_string({str(self)!r})"

    def legal_turns(
        self, dice: tuple[int, int] | str, rules: Ruleset | str | None = None
    ) -> list[Turn]:
        """Legal turns of the side to move (R3–R8).

        See :func:`narde_notation.rules.engine.legal_turns`; ``dice`` is ``(6, 5)`` or ``"65"``.
        """
        return legal_turns(self, dice, rules)

    def play(
        self, half_turn: str | HalfTurn | Turn, rules: Ruleset | str | None = None
    ) -> Position:
        """The position after the side to move plays ``half_turn`` (R3–R8, R11).

        Like python-chess's ``Board.push_san``, but a position is a value:
        ``self`` is unchanged and the next position is returned.

        Args:
            half_turn: ``"65: 24/18 18/13"`` (own numbering; ``"43: pass"``
                for a pass), a :class:`~narde_notation.model.record.HalfTurn`,
                or a :class:`~narde_notation.rules.engine.Turn` from
                :meth:`legal_turns` (its roll and steps are checked here
                like a written half-turn).
            rules: variants in force, a Ruleset or a tag; ``None`` = standard.

        Raises:
            IllegalTurnError: the moves are not a legal turn here (a turn
                generated from another position included); its
                ``findings`` say why (codes of rules.md, "Findings").
            NotationError: the text is not one half-turn.
            ValueError: a :class:`Turn` made without its roll.
        """
        if isinstance(half_turn, Turn):
            return self._play_turn(half_turn, rules)
        check = check_turn(self, half_turn, rules=rules)
        if not check.legal or check.position is None:
            text = half_turn if isinstance(half_turn, str) else str(half_turn)
            reason = check.findings[0].message if check.findings else "not a legal turn"
            raise IllegalTurnError(f"{shown(text)} in {self}: {reason}", check.findings)
        return check.position

    def _play_turn(self, turn: Turn, rules: Ruleset | str | None) -> Position:
        if turn.dice is None:
            raise ValueError("this turn was made without its roll: play(turn) needs turn.dice")
        paths = [(s.from_point, s.to_point) for s in turn.steps]
        check = check_turn(self, turn.dice, paths, rules)
        if check.legal and check.position == turn.position:
            return turn.position
        text = turn.half_turn_text()
        reason = (check.findings[0].message if check.findings
                  else f"it ends in {turn.position}, not {check.position}")
        raise IllegalTurnError(f"{text} in {self}: {reason}", check.findings)

    # ------------------------------------------------------------ diagram
    def _cell(self, absolute: int) -> str:
        w = self.count_at(Side.WHITE, absolute)
        b = self.count_at(Side.BLACK, FLIP[absolute])
        if w:
            return f"W{w}".rjust(4)
        if b:
            return f"B{b}".rjust(4)
        return "   ."

    def _repr_svg_(self) -> str:
        """Jupyter: the board as SVG in absolute numbering (heads and homes
        marked, pip counts shown); see :func:`narde_notation.show.board_svg.position_svg`."""
        from narde_notation.show import position_svg  # drawing code only when shown

        return position_svg(self)

    def diagram(self) -> str:
        """An ASCII board in absolute numbering (White's), with pip counts.

        Top row absolute 13…24 (White's head 24, Black's home 13…18),
        bottom row 12…1 (Black's head 12, White's home 6…1).  ``W3`` = three
        White checkers, ``B1`` = one Black checker, ``.`` = empty.
        """
        top = list(range(13, 25))
        bottom = list(range(12, 0, -1))
        wpips, bpips = self.pip_counts()

        def row(points: list[int]) -> str:
            cells = [self._cell(p) for p in points]
            return "|" + "".join(cells[:6]) + " |" + "".join(cells[6:]) + " |"

        def numbers(points: list[int]) -> str:
            nums = [str(p).rjust(4) for p in points]
            return " " + "".join(nums[:6]) + "  " + "".join(nums[6:])

        rule = "+" + "-" * 25 + "+" + "-" * 25 + "+"
        lines = [
            numbers(top),
            rule,
            row(top),
            row(bottom),
            rule,
            numbers(bottom),
            f"White: head abs 24, home abs 6-1, pips {wpips}, off {self.borne_off(Side.WHITE)}"
            + (", first turn" if self.is_first_turn(Side.WHITE) else ""),
            f"Black: head abs 12, home abs 18-13, pips {bpips}, off {self.borne_off(Side.BLACK)}"
            + (", first turn" if self.is_first_turn(Side.BLACK) else ""),
            f"{self.side_to_move.name.capitalize()} to move",
        ]
        return "\n".join(lines)



_INITIAL = Position()
