"""The one read-and-replay pipeline: files to game reports, with one options object.

Every consumer — ``narde-validate`` and ``narde-stats`` (through
:mod:`narde_notation.archive.tasks`), the library's frames, the analysis,
the club report, ``narde show``, the plots and Jupyter — reads and replays
through one :class:`Pipeline` made from a :class:`ReplayOptions`, so the
encoding and the rules are normalised once and every path counts the same
games and checks the same match scores (R9, R10).  What needs only tags
(the match list) reads them with :meth:`Pipeline.headers`, which never
replays.
"""

from __future__ import annotations

import codecs
import io
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, NamedTuple, cast

from narde_notation._lazy import publish
from narde_notation.formats import Headers, is_game, read_games, read_headers
from narde_notation.model import GameRecord, Ruleset

if TYPE_CHECKING:
    from narde_notation.replay._report import GameReport

__all__ = ["Pipeline", "ReplayOptions", "Replayed", "replay_records", "replay_source",
           "text_encoding"]


def text_encoding(name: str | None) -> str | None:
    """``name`` checked as the encoding of record text: a text codec Python knows.

    ``None`` (guess, record-format.md "Encodings") stays ``None``.

    Raises:
        LookupError: Python knows no codec ``name``, or it is not a text
            encoding (``base64``, ``rot13``, ``zlib``: bytes-to-bytes or
            str-to-str codecs, ``idna``/``punycode``: host names, ``undefined``).
    """
    if name is None:
        return None
    if not isinstance(name, str):
        raise LookupError(f"an encoding is a name, not {type(name).__name__}")
    info = codecs.lookup(name)  # LookupError for an unknown name
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_TEXT:
        raise LookupError(f"{name!r} is not a text encoding (a code page such as cp1251, "
                          "utf-8 or koi8-r is)")
    return name


#: text codecs by Python's flag that still cannot hold a record's text
_NOT_TEXT = frozenset({"idna", "punycode", "undefined", "unicode-escape",
                       "raw-unicode-escape"})


@dataclass(frozen=True, slots=True, init=False)
class ReplayOptions:
    """How records are read and replayed (sqlfluff's ``FluffConfig``, black's ``Mode``).

    Attributes:
        rules: the ruleset for every game, overriding the records' ``Rules``
            tags; a :class:`~narde_notation.model.ruleset.Ruleset` or a tag
            string (``"reroll,koks"``), normalised to a ``Ruleset``; ``None``:
            each record's own tag (standard without one).
        encoding: the code page of bytes that are not UTF-8 and carry no
            byte-order mark (:func:`text_encoding`); ``None``: a guess, named
            in an ``encoding`` warning.

    Raises:
        narde_notation.model.errors.RulesetError: ``rules`` is neither.
        LookupError: ``encoding`` is not a text encoding.
    """

    rules: Ruleset | None = None
    encoding: str | None = None

    def __init__(self, rules: Ruleset | str | None = None, encoding: str | None = None) -> None:
        object.__setattr__(self, "rules", Ruleset.coerce(rules))
        object.__setattr__(self, "encoding", text_encoding(encoding))


class Replayed(NamedTuple):
    """One game of :func:`replay_records`: the report, or why its replay failed."""

    record: GameRecord
    report: GameReport | None
    failure: str | None


def replay_records(
    records: Iterable[GameRecord], rules: Ruleset | str | None = None, *,
    file: str = "<input>",
) -> Iterator[Replayed | GameRecord]:
    """Replay a file's records in order, never raising on a game.

    Yields :class:`Replayed` for each game (:func:`is_game`) and the other
    records as they are (their findings are file-level).  Games are replayed
    by :func:`~narde_notation.replay.validation.validate_games`, so match
    scores are checked across them.  A replay that raises (an internal
    problem, not bad input) yields ``Replayed(record, None, "file:line:
    internal error …")`` and the games after it are still replayed (the
    match-score checks start afresh).  Should the reader itself raise, the
    games before are kept and the exception propagates.

    Raises:
        narde_notation.model.errors.RulesetError: ``rules`` is not a ruleset.
    """
    from narde_notation.replay._matches import validate_games

    ruleset = Ruleset.coerce(rules)
    source = iter(records)
    current: list[GameRecord] = []  # the record being replayed
    others: list[GameRecord] = []

    def tap() -> Iterator[GameRecord]:
        for record in source:
            if not is_game(record):
                others.append(record)
                continue
            current[:] = [record]
            yield record

    reports = validate_games(tap(), ruleset)
    while True:
        try:
            report = next(reports)
        except StopIteration:
            break
        except Exception as exc:  # one bad game never stops the file
            if not current:
                raise
            failed = current.pop()
            yield from others
            others.clear()
            yield Replayed(failed, None, f"{file}:{failed.line}: internal error replaying game "
                                         f"{failed.index}: {type(exc).__name__}: {exc}")
            reports = validate_games(tap(), ruleset)  # go on with the records left
            continue
        current.clear()
        yield from others
        others.clear()
        yield Replayed(report.record, report, None)
    yield from others


def replay_source(
    source: str | os.PathLike[str] | IO[str] | IO[bytes] | bytes,
    options: ReplayOptions | None = None,
    *,
    name: str | None = None,
) -> Iterator[Replayed | GameRecord]:
    """Read a file (a path, ``"-"`` for standard input, an open file, or its
    bytes) and replay its games: :func:`~narde_notation.formats.reader.read_games`
    with ``options.encoding``, then :func:`replay_records` with ``options.rules``.

    Raises:
        OSError: the file cannot be opened or read (when the reading starts).
    """
    options = options or ReplayOptions()
    if isinstance(source, bytes):
        source = io.BytesIO(source)
    label = name if name is not None else (
        os.fspath(source) if isinstance(source, (str, os.PathLike)) else "<input>")
    records = read_games(source, name=name, encoding=options.encoding)
    return replay_records(records, options.rules, file=str(label))


class Pipeline:
    """Records read and replayed under one :class:`ReplayOptions` (sqlfluff's
    ``Linter(config=...)``): the only way from text to game reports.

    ``Pipeline(options)``, or ``Pipeline(rules=..., encoding=...)`` to make the
    options here.

    Raises:
        narde_notation.model.errors.RulesetError: ``rules`` is not a ruleset.
        LookupError: ``encoding`` is not a text encoding.
    """

    __slots__ = ("options",)

    def __init__(self, options: ReplayOptions | None = None, *,
                 rules: Ruleset | str | None = None, encoding: str | None = None) -> None:
        self.options = options if options is not None else ReplayOptions(rules, encoding)

    def __repr__(self) -> str:
        return f"Pipeline({self.options!r})"

    def read(self, source: str | os.PathLike[str] | IO[str] | IO[bytes], *,
             name: str | None = None) -> Iterator[GameRecord]:
        """The records of a file, in order (:func:`~narde_notation.formats.read_games`
        with the options' encoding); nothing replayed."""
        return read_games(source, name=name, encoding=self.options.encoding)

    def headers(self, source: str | os.PathLike[str] | IO[str] | IO[bytes], *,
                name: str | None = None) -> Iterator[Headers]:
        """The tags of each game of a file (:func:`~narde_notation.formats.read_headers`):
        no replay."""
        return read_headers(source, name=name, encoding=self.options.encoding)

    def replay(self, source: str | os.PathLike[str] | IO[str] | IO[bytes] | bytes, *,
               name: str | None = None) -> Iterator[Replayed | GameRecord]:
        """Read and replay a file: :func:`replay_source` with the options."""
        return replay_source(source, self.options, name=name)

    def game(self, source: str | os.PathLike[str] | IO[str] | IO[bytes] | bytes, index: int,
             *, name: str | None = None) -> Replayed:
        """Game ``index`` of a file (0-based, as the tables' ``game`` column), read and
        replayed by :meth:`replay` with the games before it, so its match score is
        checked as ``narde-validate`` checks it (R10); reading stops at it.

        Returns:
            Its :class:`Replayed`: ``report`` ``None`` and ``failure`` saying why
            when its replay failed.

        Raises:
            IndexError: no game ``index``: ``"game.txt holds 2 games (0 to 1)"``,
                ``"game.txt holds no game"``, ``"games are numbered from 0"``.
            OSError: the file cannot be read.
        """
        if index < 0:
            raise IndexError("games are numbered from 0")
        count = 0
        for item in self.replay(source, name=name):
            if isinstance(item, Replayed):
                if item.record.index == index:
                    return item
                count += 1
        label = name if name is not None else (
            os.fspath(source) if isinstance(source, (str, os.PathLike)) else "<input>")
        raise IndexError(f"{label} holds {count} game{'' if count == 1 else 's'} (0 to "
                         f"{count - 1})" if count else f"{label} holds no game")

    def replay_records(self, records: Iterable[GameRecord], *,
                       file: str = "<input>") -> Iterator[Replayed | GameRecord]:
        """Replay records already read: :func:`replay_records` with the options' rules."""
        return replay_records(records, self.options.rules, file=file)

    def reports(self, source: str | os.PathLike[str] | IO[str] | IO[bytes]
                | Iterable[GameRecord], *, name: str | None = None) -> Iterator[GameReport]:
        """The report of each record of a file (a path, ``"-"``, an open file) or
        of records already read, in order, match scores checked across them
        (:func:`~narde_notation.replay.validate_games`; a replay that raises
        raises: :meth:`replay` is the path that never does)."""
        from narde_notation.replay._matches import validate_games

        records: Iterable[GameRecord]
        if isinstance(source, (str, os.PathLike, io.IOBase)) or hasattr(source, "read"):
            records = self.read(cast("IO[str]", source), name=name)
        else:
            records = source  # records already read
        return validate_games(records, self.options.rules)

    def report(self, record: GameRecord) -> GameReport:
        """The report of one game (no match context)."""
        from narde_notation.replay._replay import validate

        return validate(record, self.options.rules)


publish("narde_notation.replay", Pipeline, ReplayOptions, Replayed)
