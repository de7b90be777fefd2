"""The visitor reader (python-chess's ``read_game(handle, Visitor=...)``).

:func:`visit_games` hands each game read to a fresh visitor, part by part
(its tags, then, unless the visitor skips them, its half-turns and its
result), and yields what the visitor returns.  :class:`HeadersVisitor`
keeps the tags only: :func:`read_headers` is what needs no moves and no
replay reads (the match list of the club report, tables of tags).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from narde_notation._lazy import publish
from narde_notation.formats.reader import Source, read_games
from narde_notation.model import GameRecord, HalfTurn

__all__ = ["SKIP", "GameVisitor", "Headers", "HeadersVisitor", "is_game", "read_headers", "visit",
           "visit_games"]

T = TypeVar("T")

#: What :meth:`GameVisitor.end_headers` returns to skip the game's half-turns.
SKIP = True


class GameVisitor(Generic[T]):
    """Visits one game (python-chess's ``BaseVisitor``): subclass it and
    override what you need; :meth:`result` is what :func:`visit_games` yields."""

    def begin_game(self, record: GameRecord) -> None:
        """The game starts (``record.file``, ``index``, ``line`` and ``format`` are set)."""

    def visit_header(self, name: str, value: str) -> None:
        """One tag pair, in file order."""

    def end_headers(self) -> bool | None:
        """The tags are done; return :data:`SKIP` to leave out the half-turns."""
        return None

    def visit_half_turn(self, half_turn: HalfTurn) -> None:
        """One half-turn, in play order."""

    def visit_result(self, result: str | None) -> None:
        """The result token (``"1-0"``, ``"*"``), ``None`` when the record has none."""

    def end_game(self) -> None:
        """The game is done."""

    def result(self) -> T:
        """What this visitor made of the game."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Headers:
    """A game's tags and where it is (:func:`read_headers`).

    Attributes:
        file: the file name (as :attr:`GameRecord.file`).
        index: 0-based index of the game in its file (as every table counts).
        line: line of the game's first tag or turn.
        tags: tag name -> value in file order.
        is_game: the record is a game (a tag, a half-turn or a result), not
            text between games (:func:`is_game`).
    """

    file: str | None
    index: int
    line: int
    tags: Mapping[str, str]
    is_game: bool


class HeadersVisitor(GameVisitor[Headers]):
    """Keeps a game's tags and skips its half-turns."""

    def __init__(self) -> None:
        self._record: GameRecord | None = None
        self._tags: dict[str, str] = {}

    def begin_game(self, record: GameRecord) -> None:
        self._record = record

    def visit_header(self, name: str, value: str) -> None:
        self._tags[name] = value

    def end_headers(self) -> bool | None:
        return SKIP

    def result(self) -> Headers:
        record = self._record
        if record is None:
            raise ValueError("no game was visited")
        return Headers(record.file, record.index, record.line, self._tags, is_game(record))


def is_game(record: GameRecord) -> bool:
    """Whether a record read is a game: it has a tag, a half-turn or a result.

    Anything else the reader yields (text between games that is no record,
    an empty file) carries only file-level findings: reported, not counted
    as a game, by every consumer alike.
    """
    return bool(record.tags or record.half_turns or record.result is not None)


def visit_games(source: Source, visitor: Callable[[], GameVisitor[T]], *,
                name: str | None = None, encoding: str | None = None) -> Iterator[T]:
    """Each game of ``source`` (as :func:`~narde_notation.formats.reader.read_games`
    reads it: a path, ``"-"``, an open file) visited by a new ``visitor()``;
    yields each visitor's :meth:`~GameVisitor.result`, in file order.  Never
    replays.  Raises what ``read_games`` raises."""
    for record in read_games(source, name=name, encoding=encoding):
        yield visit(record, visitor())


def visit(record: GameRecord, visitor: GameVisitor[T]) -> T:
    """``visitor``'s result for a game already read."""
    visitor.begin_game(record)
    for tag, value in record.tags.items():
        visitor.visit_header(tag, value)
    if visitor.end_headers() is not SKIP:
        for half_turn in record.half_turns:
            visitor.visit_half_turn(half_turn)
        visitor.visit_result(record.result)
    visitor.end_game()
    return visitor.result()


def read_headers(source: Source, *, name: str | None = None,
                 encoding: str | None = None) -> Iterator[Headers]:
    """The :class:`Headers` of each game of ``source``, in file order, with no
    replay (:func:`visit_games` with :class:`HeadersVisitor`)."""
    return visit_games(source, HeadersVisitor, name=name, encoding=encoding)


publish("narde_notation.formats", GameVisitor, Headers, HeadersVisitor, is_game, read_headers,
        visit, visit_games)
