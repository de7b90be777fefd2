"""Read Narde game records: the native layout and the ``.mat`` match layout.

The syntax lives in ``narde_notation/grammar/*.lark`` (LALR, loaded once
per process from Lark's on-disk cache, :mod:`narde_notation.formats.grammar`):

* ``terms.lark`` -- rolls, moves, half-turns, turn numbers, comments;
* ``native.lark`` -- tag pairs, turns and result tokens (record-format.md);
* ``mat.lark`` -- the move text of a ``.mat`` turn line and the line
  patterns of the Jellyfish / GNU Backgammon layout.

Entry points:

* :func:`read_games` -- a path (``"-"``: standard input), or an open text or
  binary file;
* :func:`parse_games` -- text already in memory.

Both go through one decoding path (:mod:`narde_notation.formats.decoding`), then the
native reader (:mod:`narde_notation.formats.native`) or the ``.mat`` reader
(:mod:`narde_notation.formats.mat`); syntax findings are made by
:mod:`narde_notation.formats.syntax`.

Both yield :class:`~narde_notation.model.record.GameRecord` objects one game at a
time (a file is never held whole: the native reader cuts the line stream at
game boundaries, the ``.mat`` reader works line by line) and **never raise on
bad text**: a syntax problem becomes a ``syntax``
:class:`~narde_notation.model.findings.Finding` on the game it breaks, with the
file, the game index, the line, the column, what was expected, and the line
with a caret under the column.  Reading then resumes at the next turn line.

The reader keeps moves as written: numbers are not converted (the
``Numbering`` tag is the validator's business), turn numbers are stored as
written, ``*`` (hit) and ``bar`` are read without complaint (the validator
reports ``hit``/``bar``, corpus decision 3).
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Iterable, Iterator
from typing import Literal

from narde_notation._lazy import publish
from narde_notation.formats.decoding import DecodedLines, Source
from narde_notation.formats.native import read_native
from narde_notation.model import Finding, GameRecord

__all__ = ["Source", "detect_format", "parse_games", "read_games"]

#: How many lines the format sniffer looks at before settling on native.
_SNIFF_LINES = 2000
#: How many lines the sniffer holds at most, blank and ``;`` lines included
#: (those do not count towards :data:`_SNIFF_LINES`: a `.mat` header of
#: thousands of ``; [Tag]`` lines is still looked past).
_SNIFF_HELD = 100_000
#: How many lines of one layout or the other settle the format.
_DECISIVE = 5
#: A line of the native layout, after its blanks: a tag pair (`[` and a
#: letter), a turn number before a blank, a roll or the line's end (`12.`,
#: `3...`; not a date such as `01.02.2026`), or a roll.
_NATIVE_START_RE = re.compile(
    r"[ \t]*(?:\[[ \t]*[A-Za-z_]|[0-9]+\.(?:\.\.)?(?:[ \t]|$|[1-6][-:]?[1-6]:)|[1-6][-:]?[1-6]:)")
#: What a line that ``MATCH_LINE``, ``GAME_LINE`` or ``TURN_LINE`` of
#: ``mat.lark`` matches starts with, derived from those patterns: blanks, then
#: a digit (the match length, the turn number) or the ``g`` of ``Game``
#: (``(?i:game)`` takes no other character).  A necessary condition only,
#: tested before the patterns so that sniffing a native file never builds the
#: ``.mat`` parser; the patterns decide (tests check the condition against them).
_MAT_START_RE = re.compile(r"[ \t]*[0-9Gg]")
_MAT_LINES = ("MATCH_LINE", "GAME_LINE", "TURN_LINE")
#: Files that are no record of either layout, known by a line before any
#: record line: what they are, and the line's pattern (decisions F12).
_NOT_RECORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("an SGF game tree (Smart Game Format)", re.compile(r"[ \t]*\([ \t\r\n]*;")),
    ("an eXtreme Gammon position export (XGID=)", re.compile(r"[ \t]*XGID=")),
    ("a GNU Backgammon position export (Position ID)", re.compile(
        r".*\bPosition ID:[ \t]*[A-Za-z0-9+/]{14}\b")),
)


def _line_kind(line: str) -> Literal["native", "mat"] | None:
    """The layout a line belongs to, if it is a record line of one (no line is both)."""
    if _NATIVE_START_RE.match(line):
        return "native"
    if _MAT_START_RE.match(line):
        from narde_notation.formats.mat import mat_patterns

        patterns = mat_patterns()
        if any(patterns[name].fullmatch(line) for name in _MAT_LINES):
            return "mat"
    return None


def detect_format(lines: Iterable[str]) -> Literal["native", "mat"]:
    """``"mat"`` if more of the first record lines are ``.mat`` lines (``N point
    match``, ``Game N``, ``N)`` turn lines) than native ones (a tag pair
    ``[Name``, a turn ``12.``, a roll ``65:``); ``"native"`` otherwise.  Free
    text and ``;`` lines are skipped; five lines of one layout settle it, so
    a title line (`` 5 point match`` above native games) or a free-text line
    that starts like the other layout does not decide alone.

    Looks at no more than the first 2000 lines (blank and ``;`` lines not
    counted, up to 100,000 in all).  No line is both: after its
    blanks a native line starts with ``[``, or digits then ``.``, or a roll
    then ``:``, where the ``.mat`` lines have digits then a blank or ``)``, or
    a ``g``; so the native test comes first, and the ``.mat`` grammar is only
    loaded for a line that may be a ``.mat`` line.
    """
    return _sniff(lines, [])


def _sniff(lines: Iterable[str], head: list[str]) -> Literal["native", "mat"]:
    """:func:`detect_format` of ``lines``, each line it looks at appended to
    ``head`` (the reader reads them again): no more than it needs."""
    counts = {"native": 0, "mat": 0}
    looked = 0  # lines that are neither blank nor `;` lines (a header may be long)
    for line in lines:
        head.append(line)
        stripped = line.strip()
        if not stripped or stripped.startswith(";"):
            if len(head) >= _SNIFF_HELD:
                break
            continue
        looked += 1
        kind = _line_kind(line)
        if kind is not None:
            counts[kind] += 1
            if counts[kind] >= _DECISIVE:
                break
        if looked >= _SNIFF_LINES:
            break
    return "mat" if counts["mat"] > counts["native"] else "native"


def _not_a_record(lines: Iterable[str]) -> tuple[int, str] | None:
    """(line, what it is) when the text is a known non-record format, recognised
    by a line that comes before any record line."""
    for number, line in enumerate(lines, 1):
        if _line_kind(line) is not None:
            return None
        for what, pattern in _NOT_RECORDS:
            if pattern.match(line):
                return number, what
    return None


def _records(decoded: DecodedLines) -> Iterator[GameRecord]:
    file = decoded.name
    lines = iter(decoded)
    head: list[str] = []
    fmt = _sniff(lines, head)
    other = _not_a_record(head)
    if other is not None:
        yield GameRecord(findings=[Finding(
            "syntax", f"not a record: this is {other[1]}, not a Long Narde game record"
            " (native or .mat); nothing is read from it", file=file, game=None,
            line=other[0], column=1)], file=file, index=0, line=other[0])
        return

    def numbered() -> Iterator[tuple[int, str]]:
        number = 0
        head.reverse()
        while head:  # let go of each sniffed line once read (a line may be long)
            number += 1
            yield number, head.pop()
        for line in lines:
            number += 1
            yield number, line

    stream = numbered()
    if fmt == "native":
        records = read_native(stream, file)
    else:
        from narde_notation.formats.mat import read_mat

        records = read_mat(stream, file)
    any_record = False
    pending: list[Finding] = []
    previous: GameRecord | None = None
    for record in records:
        any_record = True
        if previous is not None:
            pending = _place_encoding(decoded, previous, pending)
            yield previous
        previous = record
    if previous is not None:
        _place_encoding(decoded, previous, pending, last=True)
        yield previous
    if not any_record:
        record = GameRecord(
            findings=[
                Finding(
                    "syntax",
                    "expected a game (tag pairs and moves), found an empty file",
                    file=file,
                    game=None,
                    line=1,
                    column=None,
                )
            ],
            file=file,
            index=0,
            line=1,
            format=fmt,
        )
        _place_encoding(decoded, record, pending, last=True)
        yield record


def _last_line(record: GameRecord) -> int:
    lines = [record.line, record.result_line or 0, *record.tag_lines.values()]
    if record.half_turns:
        lines.append(record.half_turns[-1].line)
    lines.extend(f.line for f in record.findings if f.line is not None)
    return max(lines)


def _place_encoding(decoded: DecodedLines, record: GameRecord, pending: list[Finding], *,
                    last: bool = False) -> list[Finding]:
    """``encoding`` warnings join the findings of the record holding their
    line (the record is yielded one step late, so the decoder has seen its
    text); those of later lines are returned."""
    pending = pending + decoded.take_findings()
    if not pending:
        return pending
    end = _last_line(record)
    here = pending if last else [f for f in pending if (f.line or 0) <= end]
    if here:
        file_level = not (record.tags or record.half_turns) and record.result is None and all(
            f.game is None for f in record.findings)
        game = None if file_level else record.index
        record.findings[:0] = [f.located(game=game) for f in here]
    return [f for f in pending if f not in here]


def parse_games(text: str, *, name: str = "<string>") -> Iterator[GameRecord]:
    """Games of a text in memory (native or ``.mat`` layout, detected from content).

    Args:
        text: the whole text (a leading BOM is ignored; LF, CRLF or a mix).
        name: the name to put in ``GameRecord.file`` and findings.

    Yields:
        One :class:`GameRecord` per game, in text order: ``index`` from 0,
        ``line`` of its first tag or turn line, ``format`` ``"native"`` or
        ``"mat"``, ``tag_lines``, ``result_line``/``result_column``.  Moves
        are kept as written (own or absolute numbering alike); sides come
        from the layout (record-format.md "Turns"; ``.mat``: corpus README
        decision 9).  A ``.mat`` ``Resigns`` or ``Losses`` line sets the tag
        ``Termination`` to ``"resign"``, as a native record writes it.

    Raises:
        Nothing on bad text.  A syntax problem is a ``syntax`` finding (line,
        column, what was expected, the line with a caret) on the game it is
        in; every malformed line is reported, the game keeps the half-turns
        read around it, and reading resumes at the next turn line (native)
        or line (``.mat``).  Text between games that is no record is a
        record of its own with no tags or half-turns; an empty text is one
        such record with a finding at line 1 (``game`` None).
    """
    return _records(DecodedLines(text=text, name=name))


def read_games(
    source: Source, *, name: str | None = None, encoding: str | None = None
) -> Iterator[GameRecord]:
    """Games of a file: a path (``str`` or ``os.PathLike``; ``"-"`` is standard
    input, streamed), or an open text or binary file.  A folder (its ``*.txt``,
    ``*.mat``, ``*.nrd`` files, however deep) or a glob (``"games/*.mat"``)
    reads every file it names, as the programs do
    (:func:`~narde_notation.formats.sources.record_files`), one after another.

    The format (native or ``.mat``) is detected from the content, not the
    extension.  Bytes are decoded as :mod:`narde_notation.formats.decoding` says:
    a byte-order mark (UTF-8, UTF-16, UTF-32) decides, else ``encoding``,
    else UTF-8 or, for bytes that are not UTF-8, a guessed code page; any
    encoding other than UTF-8 gives an ``encoding`` warning on the game being
    read when it was met.  Games are read one at a time: a large file is
    never held in memory whole.

    Args:
        source: the path or open file.
        name: the name to put in ``GameRecord.file`` and findings (default:
            the path, ``"<stdin>"``, or the open file's ``name``).
        encoding: the encoding of bytes without a byte-order mark that
            are not UTF-8 (``"cp1251"``, ``"koi8-r"``, …; UTF-8 lines stay
            UTF-8, decisions H17); ignored for text files.

    Yields:
        :class:`GameRecord` per game, in file order, as :func:`parse_games`.

    Raises:
        LookupError: ``encoding`` is not an encoding Python knows (at once).
        OSError: when a path cannot be opened or read (on the first
        iteration: the file is opened lazily); ``FileNotFoundError`` at once
        for a folder with no record file, a glob that matches nothing, or a
        FIFO, socket or device (never opened: reading one could block or
        never end; decisions T5, H2).  Nothing on bad text: it
        becomes ``syntax`` findings, see :func:`parse_games`.
    """
    if isinstance(source, str | os.PathLike):
        path = os.fspath(source)
        if path != "-" and not os.path.isfile(path):
            import glob  # only for a name that is no file: a folder, a pattern, a FIFO…

            if os.path.exists(path) or glob.has_magic(path):
                # the CLI's one check: a FIFO, socket or device is refused (decisions T5, H2)
                return _many_files(path, encoding)
    return _records(DecodedLines(source, encoding=encoding, name=name))


def _many_files(pattern: str, encoding: str | None) -> Iterator[GameRecord]:
    """The games of every record file of a folder or glob, in file order."""
    from narde_notation.formats.sources import record_files

    if encoding is not None:
        codecs.lookup(encoding)  # LookupError at once, as for one file
    return _games_of(record_files(pattern), encoding)


def _games_of(files: list[str], encoding: str | None) -> Iterator[GameRecord]:
    for file in files:
        yield from _records(DecodedLines(file, encoding=encoding))


publish("narde_notation.formats", detect_format, parse_games, read_games)
