"""Game records as read from text: tags, half-turns and moves *as written*.

A record knows nothing of the rules: moves keep the numbering the record
used (see :attr:`GameRecord.numbering`), and nothing here is checked
against a position.  The engine and the validator interpret records.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from narde_notation.findings import Finding
from narde_notation.side import Side

__all__ = ["BAR", "OFF", "GameRecord", "HalfTurn", "Move"]

#: Destination "off" (bearing off) in a move path: ``6/off`` is ``(6, OFF)``.
OFF = 0
#: The point "bar" in a move path (no meaning in Long Narde: a ``bar`` finding).
BAR = 25


@dataclass(frozen=True, slots=True)
class Move:
    """One move as written in a half-turn.

    Attributes:
        path: the points the move names, in the record's numbering, from
            first to last: ``24/18/13`` is ``(24, 18, 13)``; ``6/off`` is
            ``(6, OFF)``; ``bar/22`` is ``(BAR, 22)``.  At least two points.
        repeat: ``24/18(2)`` is written once with ``repeat=2``.
        hit: the record marked a hit (``*``) on this move (R4: ``hit``).
        text: the move exactly as written (not compared).
        column: 1-based column of the move on its line (not compared).
    """

    path: tuple[int, ...]
    repeat: int = 1
    hit: bool = False
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)

    def expanded(self) -> tuple[tuple[int, ...], ...]:
        """The path repeated ``repeat`` times."""
        return (self.path,) * self.repeat


@dataclass(frozen=True, slots=True)
class HalfTurn:
    """One side's turn: the roll and zero or more moves (zero = a pass, R11).

    Attributes:
        side: who moved, decided by the layout (alternation, ``N...``,
            ``.mat`` column), never by the turn number.
        dice: the two dice, higher first (``56:`` reads as ``(6, 5)``).
        moves: the moves as written, in the written order.
        number: the turn number written before it (``12.`` / ``12...``), if any.
        annotation: ``!``, ``?``, ``!!``, ``??``, ``!?`` or ``?!``, if written.
        comments: the text of ``{…}`` and ``;`` comments that follow it.
        line, column: where the roll starts (not compared).
    """

    side: Side
    dice: tuple[int, int]
    moves: tuple[Move, ...] = ()
    number: int | None = None
    annotation: str | None = None
    comments: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    @property
    def is_pass(self) -> bool:
        return not self.moves

    @property
    def is_double(self) -> bool:
        return self.dice[0] == self.dice[1]

    def paths(self) -> Iterator[tuple[int, ...]]:
        """Every move path with repeats expanded, in written order."""
        for move in self.moves:
            yield from move.expanded()


@dataclass(slots=True)
class GameRecord:
    """One game as read: tag pairs, half-turns and the closing result token.

    ``.mat`` games are mapped onto the same shape: ``White``/``Black``
    from the score line, ``Match`` from ``N point match``, ``Game`` from
    ``Game N``, ``Score`` from the score line, and a ``Wins N points``
    line becomes :attr:`result`.

    Attributes:
        tags: tag name -> value in file order (unknown tags kept).
        half_turns: in play order.
        result: the result token ending the moves (``"1-0"``, ``"0-2"``,
            ``"0-0"``, ``"*"``) or ``None`` when the record has none.
        findings: what the reader found (``syntax``, cube actions); a game
            cut short by a syntax error holds the half-turns before it.
        file: source path or name (not compared).
        index: 0-based index of the game in its file (not compared).
        line: line of the game's first tag or turn (not compared).
        format: ``"native"`` or ``"mat"`` (not compared).
        tag_lines: tag name -> line of its tag pair (for ``.mat``: the
            line the value came from) (not compared).
        result_line, result_column: where the result token (or ``.mat``
            ``Wins`` line) stands, ``None`` without one (not compared).
    """

    tags: dict[str, str] = field(default_factory=dict)
    half_turns: list[HalfTurn] = field(default_factory=list)
    result: str | None = None
    findings: list[Finding] = field(default_factory=list, compare=False)
    file: str | None = field(default=None, compare=False)
    index: int = field(default=0, compare=False)
    line: int = field(default=1, compare=False)
    format: Literal["native", "mat"] = field(default="native", compare=False)
    tag_lines: dict[str, int] = field(default_factory=dict, compare=False)
    result_line: int | None = field(default=None, compare=False)
    result_column: int | None = field(default=None, compare=False)

    @property
    def white(self) -> str | None:
        return self.tags.get("White")

    @property
    def black(self) -> str | None:
        return self.tags.get("Black")

    @property
    def numbering(self) -> str:
        """``"own"`` (default) or ``"absolute"``, from the ``Numbering`` tag, lower-cased."""
        return self.tags.get("Numbering", "own").strip().lower() or "own"

    @property
    def resigned(self) -> bool:
        """The game ended by resignation: tag ``Termination "resign"`` (a ``.mat``
        ``Resigns`` or ``Losses`` line sets it too; record-format.md, "Resignations")."""
        return self.tags.get("Termination", "").strip().lower() == "resign"

    @property
    def has_syntax_error(self) -> bool:
        return any(f.code == "syntax" for f in self.findings)

    def to_text(self, format: Literal["native", "mat"] = "native") -> str:
        """Canonical text of this game (record-format.md); see :mod:`narde_notation.writer`."""
        from narde_notation.writer import write_game

        return write_game(self, format=format)
