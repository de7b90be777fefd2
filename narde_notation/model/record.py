"""Game records as read from text: tags, half-turns and moves *as written*.

A record knows nothing of the rules: moves keep the numbering the record
used (see :attr:`GameRecord.numbering`), and nothing here is checked
against a position.  The engine and the validator interpret records.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from narde_notation._lazy import publish
from narde_notation.model.errors import NotationError
from narde_notation.model.findings import Finding
from narde_notation.model.side import Side

__all__ = [
    "BAR",
    "OFF",
    "ROLLS",
    "GameRecord",
    "HalfTurn",
    "Move",
    "expand_moves",
    "format_path",
    "parse_roll",
    "pips_rolled",
]

#: Destination "off" (bearing off) in a move path: ``6/off`` is ``(6, OFF)``.
OFF = 0
#: The point "bar" in a move path (no meaning in Long Narde: a ``bar`` finding).
BAR = 25

def format_path(path: Sequence[int], *, off: str = "off") -> str:
    """A move path as a record writes it: ``(24, 18, 13)`` -> ``"24/18/13"``, ``(6, OFF)`` ->
    ``"6/off"``, ``(BAR, 22)`` -> ``"bar/22"`` (record-format.md; the project's move formatter).

    ``off`` is the word for a borne-off checker's destination (``.mat`` files write ``0``).
    """
    return "/".join(off if p == OFF else ("bar" if p == BAR else str(p)) for p in path)


_ROLL = re.compile(r"\s*([1-6])\s*[-:]?\s*([1-6])\s*\Z")
#: every way a record or a caller writes a roll -> (higher die, lower die).
ROLL_SPELLINGS: dict[object, tuple[int, int]] = {}
for _a in range(1, 7):
    for _b in range(1, 7):
        for _key in ((_a, _b), f"{_a}{_b}", f"{_a}-{_b}", f"{_a}:{_b}"):
            ROLL_SPELLINGS[_key] = (max(_a, _b), min(_a, _b))


#: The 21 distinct rolls ``(higher die, lower die, probability)`` (R12: two
#: fair dice 1…6), from 66 down to 11: a double 1/36, any other roll 2/36 (its
#: two orders of the dice); the probabilities sum to 1.
ROLLS: tuple[tuple[int, int, float], ...] = tuple(
    (a, b, (1 if a == b else 2) / 36) for a in range(6, 0, -1) for b in range(a, 0, -1)
)


def pips_rolled(dice: Sequence[int]) -> int:
    """Pips a roll moves: ``d1 + d2``, or ``4 × d`` for a double (R3: a double is
    played four times).  ``dice`` is two dice 1…6, in either order."""
    d1, d2 = dice[0], dice[1]
    return 4 * d1 if d1 == d2 else d1 + d2


def parse_roll(roll: str | Sequence[int]) -> tuple[int, int]:
    """Read a roll: ``"65"``, ``"56"``, ``"6-5"``, ``"6:5"`` or ``(6, 5)``; higher die first.

    The project's roll parser (R12: dice show 1…6).

    Raises:
        NotationError: not two dice 1…6; the message names the bad part.
    """
    try:
        known = ROLL_SPELLINGS.get(roll)
    except TypeError:  # unhashable
        known = None
    if known is not None and type(roll[0]) is not bool:
        return known
    if isinstance(roll, str):
        m = _ROLL.match(roll)
        if m is None:
            raise NotationError(f"bad roll {roll!r}: expected two dice 1-6 such as 65, 6-5 or 6:5")
        a, b = int(m.group(1)), int(m.group(2))
    else:
        try:
            a, b = roll
        except (TypeError, ValueError):
            raise NotationError(f"bad roll {roll!r}: expected two dice") from None
        for die in (a, b):
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
                raise NotationError(f"bad die {die!r} in roll {roll!r}: dice show 1-6 (R12)")
    return (a, b) if a >= b else (b, a)


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

    def to_text(self, *, off: str = "off") -> str:
        """The move as a record writes it: ``24/18(2)``, ``6/off``, ``13/7*``
        (``off``: the word for bearing off; ``.mat`` files write ``0``)."""
        text = format_path(self.path, off=off)
        if self.hit:
            text += "*"
        if self.repeat != 1:
            text += f"({self.repeat})"
        return text

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"read_move({str(self)!r})"


def expand_moves(moves: Iterable[Move]) -> tuple[tuple[int, ...], ...]:
    """The paths of ``moves`` with repeats expanded, in written order: ``24/18(2) 13/7``
    -> ``((24, 18), (24, 18), (13, 7))``.  The one expansion of ``(N)`` (record-format.md)."""
    paths: list[tuple[int, ...]] = []
    for move in moves:
        paths.extend(move.expanded())
    return tuple(paths)


@dataclass(slots=True)
class HalfTurn:
    """One side's turn: the roll and zero or more moves (zero = a pass, R11).

    A plain slotted dataclass: mutable and not hashable, like the nodes of a
    python-chess game (the reader makes one per roll read, and a frozen
    dataclass's ``__init__`` costs five times as much).  Its values are
    immutable (tuples, :class:`Move` values); each half-turn a reader returns
    is a new object, so changing one changes no other record.  Compared by
    value, ``line`` and ``column`` left out.

    Attributes:
        side: who moved, decided by the layout (alternation, ``N...``,
            ``.mat`` column), never by the turn number.
        dice: the two dice, higher first (``56:`` reads as ``(6, 5)``).
        moves: the moves as written, in the written order.
        number: the turn number written before it (``12.`` / ``12...``), if any.
        annotation: ``!``, ``?``, ``!!``, ``??``, ``!?`` or ``?!``, if written.
        comments: the text of ``{…}`` and ``;`` comments that follow it.
        line, column: where the roll starts (not compared).
        unread: ``None`` when the moves were read; otherwise the text written
            in their place, which the reader could not read as moves (``????``,
            ``Illegal play (…)``, a damaged column): the roll is known, the
            moves are not, and :attr:`moves` is empty.  The reader reports
            such a half-turn with a ``syntax`` finding, and a replay stops
            before it (the position after it is unknown).
    """

    side: Side
    dice: tuple[int, int]
    moves: tuple[Move, ...] = ()
    number: int | None = None
    annotation: str | None = None
    comments: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)
    unread: str | None = None

    @property
    def is_pass(self) -> bool:
        """No moves were played (R11); a half-turn whose moves were not read is none."""
        return not self.moves and self.unread is None

    @property
    def is_double(self) -> bool:
        return self.dice[0] == self.dice[1]

    def paths(self) -> tuple[tuple[int, ...], ...]:
        """Every move path with repeats expanded, in written order
        (:func:`expand_moves` of :attr:`moves`)."""
        return expand_moves(self.moves)

    def to_text(self, *, off: str = "off", pass_word: str = "pass") -> str:
        """The half-turn as a record writes it: ``65: 24/18 18/13!``, ``43: pass``
        (higher die first; ``off`` as in :meth:`Move.to_text`; ``pass_word``
        for no moves, ``""`` writes ``43:`` alone as ``.mat`` files do).  Moves
        that were not read are written as they stood (:attr:`unread`), so a
        reader reports them again."""
        high, low = max(self.dice), min(self.dice)
        if self.unread is not None:
            return f"{high}{low}: {self.unread}"
        moves = " ".join(m.to_text(off=off) for m in self.moves) or pass_word
        text = f"{high}{low}: {moves}" if moves else f"{high}{low}:"
        return text + (self.annotation or "")

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        side = "" if self.side is Side.WHITE else f", {self.side!r}"
        number = "" if self.number is None else (
            f"{self.number}. " if self.side is Side.WHITE else f"{self.number}... ")
        return f"read_half_turn({number + str(self)!r}{side})"


@dataclass(slots=True)
class GameRecord:
    """One game as read: tag pairs, half-turns and the closing result token.

    ``.mat`` games are mapped onto the same shape: ``White``/``Black``
    from the score line, ``Match`` from ``N point match``, ``Game`` from
    ``Game N``, ``Score`` from the score line, and a ``Wins N points``
    line becomes :attr:`result`.

    Attributes:
        tags: tag name -> value in file order (unknown tags kept).  A
            ``dict``, except for ``.mat`` games, whose tags are a
            :class:`collections.ChainMap` of the game's own and the match's
            ``; [Tag]`` header, read once per file and shared by its games
            (decisions F19); write to it as to a dict (writes go to the
            game's own).
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
            line the value came from; shared as ``tags`` is) (not compared).
        result_line, result_column: where the result token (or ``.mat``
            ``Wins`` line) stands, ``None`` without one (not compared).
        resigner: the side a ``.mat`` ``Resigns``, ``Losses`` or ``Drops``
            names as resigning (its column), ``None`` when the record does
            not say (a native record says who won by its result token); a
            lone ``Resigns`` concedes what the position gives
            (record-format.md, "Resignations"; docs/decisions.md FX2) (not
            compared).
    """

    tags: MutableMapping[str, str] = field(default_factory=dict)
    half_turns: list[HalfTurn] = field(default_factory=list)
    result: str | None = None
    findings: list[Finding] = field(default_factory=list, compare=False)
    file: str | None = field(default=None, compare=False)
    index: int = field(default=0, compare=False)
    line: int = field(default=1, compare=False)
    format: Literal["native", "mat"] = field(default="native", compare=False)
    tag_lines: MutableMapping[str, int] = field(default_factory=dict, compare=False)
    result_line: int | None = field(default=None, compare=False)
    result_column: int | None = field(default=None, compare=False)
    resigner: Side | None = field(default=None, compare=False)

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

    def __repr__(self) -> str:
        white = self.white if self.white is not None else "?"
        black = self.black if self.black is not None else "?"
        result = self.result if self.result is not None else "no result"
        n = len(self.half_turns)
        turns = f"{n} half-turn{'' if n == 1 else 's'}"
        return f"<GameRecord {white!r} vs {black!r}, {turns}, {result}>"


publish("narde_notation.model", GameRecord, HalfTurn, Move)
