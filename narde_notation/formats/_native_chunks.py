"""The native layout's line stream cut into chunks at game boundaries (record-format.md).

A tag line after moves, a line whose last token is a result, and every
:data:`CHUNK_LINES` turn lines of a very long game (whose pieces the reader
joins again) end a chunk, so memory does not grow with a file's or a game's
text (:func:`native_chunks`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from narde_notation.formats._native_drafts import native_pattern

__all__ = ["BLANKS", "CHUNK_LINES", "NUMBER_BEFORE_RE", "RESULT_END_RE", "TURN_START_RE",
           "Chunk", "native_chunks"]

#: A game longer than this many lines is parsed in pieces of this size.
CHUNK_LINES = 1000
#: Lines with no turn among them after which a piece is cut all the same
#: (no record writes them: a runaway half-turn, whose moves past
#: :data:`~narde_notation.formats.grammar.MAX_MOVES` are not read anyway).
_RUNAWAY_LINES = 10 * CHUNK_LINES
#: A line whose last token is a result ends a chunk once it holds this many
#: lines (several short games parse in one call: a parse has a fixed cost).
_GAMES_CHUNK_LINES = 200
#: The grammar's blanks (``WS`` of native.lark): what "nothing left" means.
#: ``str.strip()`` also takes U+00A0, U+2028, U+3000…, which the grammar
#: does not skip: a line ending with one is not blank.
BLANKS = " \t\r\n\f\v"
#: A ``{`` comment still open after this many lines is taken as never
#: closed by the chunker: the lines after its ``{`` are cut at game
#: boundaries again (the parser reports the ``{``).
_COMMENT_LINES = 50


@dataclass(slots=True)
class Chunk:
    """Consecutive lines of the native layout holding whole games (or a piece
    of a very long game: ``continued``, the next chunk goes on with it)."""

    start: int  # line number of the first line
    lines: list[str]
    next_tag_line: int | None = None  # the tag line that ended this chunk, if any
    next_tag_text: str = ""
    continued: bool = False


#: A line whose last token (comments aside) is a result ends a game.
RESULT_END_RE = re.compile(r"(?:^|[ \t}])(?P<result>[123]-0|0-[0123]|\*)[ \t]*\Z")
#: A line where a game's moves may go on: a turn number or a roll first.
TURN_START_RE = re.compile(r"[ \t]*(?:[0-9]+\.|[1-6][-:]?[1-6]:)")
#: A whole tag pair line (ends a game even after a `{` that was never closed).
_NUMBER_ONLY_RE = re.compile(r"[ \t]*[0-9]+\.(?:\.\.)?[ \t]*")
#: A turn number just before an error on its line (after a blank, the line's
#: start or a roll's colon).
NUMBER_BEFORE_RE = re.compile(r"(?:(?<=[ \t:])|^)[0-9]+\.(?:\.\.)?[ \t]*\Z", re.M)


def native_chunks(lines: Iterable[tuple[int, str]], *,
                  games_lines: int = _GAMES_CHUNK_LINES) -> Iterator[Chunk]:
    """Cut the numbered line stream at game boundaries: before a tag line that
    follows moves, after a line whose last token is a result (not inside a
    ``{…}`` comment) once the chunk holds 200 lines, and before a turn line
    once a chunk holds :data:`CHUNK_LINES` lines (``continued``; never between
    a turn number and its roll on a later line), or anywhere outside a
    comment once it holds ten times that (memory stays flat).  ``games_lines``:
    the 200 (1 cuts after every game).

    A ``{`` in a ``;`` comment opens nothing (as for the lexer); a ``{``
    comment still open :data:`_COMMENT_LINES` lines later is taken as never
    closed, and the lines after its ``{`` are looked at again as code, so one
    stray ``{`` does not make the rest of a file one chunk, and a tag-looking
    line inside a real multi-line comment does not cut its game."""
    buffer: list[str] = []
    start = 1
    has_moves = False
    in_comment = False
    opened = -1  # index in buffer of the line whose `{` is still open
    waiting = False  # near a cut: the last code line ends with a turn number
    result_end = RESULT_END_RE.search
    turn_start = TURN_START_RE.match
    comment = native_pattern("BRACE_COMMENT")
    again: list[tuple[int, str]] = []  # lines to look at again, last first
    stream = iter(lines)
    while True:
        if again:
            number, line = again.pop()
        else:
            try:
                number, line = next(stream)
            except StopIteration:
                if in_comment and opened >= 0 and opened + 1 < len(buffer):
                    # the stream ends inside a `{`: never closed
                    again = _look_again(buffer, start, opened)
                    in_comment, opened = False, -1
                    continue
                break
        stripped = line.lstrip(BLANKS)
        tag_line = stripped.startswith("[")
        if has_moves and tag_line and not in_comment:
            yield Chunk(start, buffer, number, line)
            buffer, has_moves = [], False
        elif len(buffer) >= CHUNK_LINES and not in_comment and (
            (turn_start(line) and not waiting) or len(buffer) >= _RUNAWAY_LINES
        ):
            yield Chunk(start, buffer, continued=True)
            buffer = []
            waiting = False
        if not buffer:
            start = number
        buffer.append(line)
        if len(buffer) >= CHUNK_LINES - 1 and not in_comment:
            waiting = _ends_with_number(comment, line, waiting)
        moves_here = bool(stripped) and stripped[0] not in "[;{" and not in_comment
        if "{" in line or "}" in line:
            was_open = in_comment
            in_comment = _open_after(line, in_comment)
            if in_comment and not was_open:
                opened = len(buffer) - 1
            elif not in_comment:
                opened = -1
        elif in_comment and opened >= 0 and len(buffer) - opened > _COMMENT_LINES:
            # a `{` open for too long: never closed; its lines are code again
            again = _look_again(buffer, start, opened)
            in_comment, opened = False, -1
            continue
        if moves_here:
            has_moves = True
            if ("-" in line or "*" in line) and not in_comment:
                code = line.split(";", 1)[0] if ";" in line else line
                only = ":" not in code and RESULT_END_RE.match(stripped)
                if (only or len(buffer) >= games_lines) and result_end(code):
                    yield Chunk(start, buffer)
                    buffer, has_moves = [], False
    if buffer:
        yield Chunk(start, buffer)


def _ends_with_number(comment: re.Pattern[str], line: str, waiting: bool) -> bool:
    """Whether the line's code (comments taken out) ends with a turn number;
    ``waiting`` as it was for a line with no code."""
    words = comment.sub(" ", line.split(";", 1)[0]).split("{", 1)[0].split()
    return _NUMBER_ONLY_RE.fullmatch(words[-1]) is not None if words else waiting


def _open_after(line: str, in_comment: bool) -> bool:
    """Whether a ``{`` comment is open after ``line`` (open before it: ``in_comment``);
    the braces of a ``;`` line comment are text."""
    for char in line:
        if char == "{":
            in_comment = True
        elif char == "}":
            in_comment = False
        elif char == ";" and not in_comment:
            break
    return in_comment


def _look_again(buffer: list[str], start: int, opened: int) -> list[tuple[int, str]]:
    """The lines of ``buffer`` after index ``opened``, numbered, last first (to
    pop), taken out of ``buffer``."""
    again = [(start + k, buffer[k]) for k in range(len(buffer) - 1, opened, -1)]
    del buffer[opened + 1:]
    return again
