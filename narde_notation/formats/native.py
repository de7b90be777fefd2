"""The native layout reader (record-format.md; grammar ``native.lark``).

The line stream is cut into chunks at game boundaries (:func:`native_chunks`:
a tag line after moves, a line whose last token is a result, and every
:data:`CHUNK_LINES` turn lines of a very long game, whose pieces are joined
again), so memory does not grow with a file's or a game's text.  Each chunk
is parsed by the LALR parser, whose transformer builds drafts as rules
reduce (no tree).  A syntax error is reported where it is; the text from
the error to the next turn line (or tag line, or result line) is then set
aside and the chunk parsed again, so every malformed line is reported and
the lines after it are still read (the replay stops at the first one,
docs/decisions.md).
"""

from __future__ import annotations

import dataclasses
import functools
import re
import threading
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput, UnexpectedToken

from narde_notation.formats.grammar import (
    MAX_MOVES,
    capped_moves,
    halfturn_parts,
    load_grammar,
    terminal_pattern,
    turn_number,
    unescape,
)
from narde_notation.formats.syntax import (
    error_position,
    expected_names,
    message,
    reader_failure,
    syntax_finding,
)
from narde_notation.model.findings import Finding
from narde_notation.model.record import GameRecord, HalfTurn, Move
from narde_notation.model.side import Side

__all__ = ["CHUNK_LINES", "native_chunks", "native_parser", "read_half_turn", "read_move",
           "read_native"]

#: A game longer than this many lines is parsed in pieces of this size.
CHUNK_LINES = 1000
#: Lines with no turn among them after which a piece is cut all the same
#: (no record writes them: a runaway half-turn, whose moves past
#: :data:`~narde_notation.formats.grammar.MAX_MOVES` are not read anyway).
_RUNAWAY_LINES = 10 * CHUNK_LINES
#: A line whose last token is a result ends a chunk once it holds this many
#: lines (several short games parse in one call: a parse has a fixed cost).
_GAMES_CHUNK_LINES = 200
#: Syntax errors reported per chunk at most; past them, each further error
#: sets aside the rest of its game only (its result kept), so no later game
#: is lost and the parses stay one per game.
_MAX_ERRORS = 50
#: The grammar's blanks (``WS`` of native.lark): what "nothing left" means.
#: ``str.strip()`` also takes U+00A0, U+2028, U+3000…, which the grammar
#: does not skip: a line ending with one is not blank.
_BLANKS = " \t\r\n\f\v"
#: A ``{`` comment still open after this many lines is taken as never
#: closed by the chunker: the lines after its ``{`` are cut at game
#: boundaries again (the parser reports the ``{``).
_COMMENT_LINES = 50


class _Sink(threading.local):
    """Per-thread state shared by the cached parser's callbacks."""

    def __init__(self) -> None:
        self.comments: list[Token] = []
        self.line_offset = 0


_SINK = _Sink()


def _collect_comment(token: Token) -> Token:
    _SINK.comments.append(token)
    return token


@functools.cache
def native_parser() -> Lark:
    """The LALR parser of ``native.lark`` (transformer attached: it yields drafts)."""
    return load_grammar(
        "native",
        transformer=_NativeTransformer(),
        lexer_callbacks={"BRACE_COMMENT": _collect_comment, "LINE_COMMENT": _collect_comment},
    )


def read_half_turn(text: str, side: Side = Side.WHITE) -> HalfTurn:
    """The one half-turn of ``text``: ``"65: 24/18 18/13"``, ``"7... 66: 24/18(2)"``.

    Read as one turn line of the grammar (``TURNS``: an optional turn
    number, a roll (higher die first or not), its moves, an annotation) and
    the reader's half-turn codec, without reading a file.  ``side`` is who
    moved (a record decides it by layout, never by text).

    Raises:
        NotationError: not exactly one half-turn on one line, or more moves
            than :data:`~narde_notation.formats.grammar.MAX_MOVES`.
    """
    from narde_notation.model.errors import NotationError

    line = text.strip(" \t") if isinstance(text, str) else ""
    turns = terminal_pattern(native_parser(), "TURNS")
    if not line or "\n" in line or turns.fullmatch(line) is None:
        raise NotationError(f"not one half-turn such as `65: 24/18 18/13`: {text!r}")
    first, half_text, second, _ = _turn_line(line)
    if second >= 0:
        raise NotationError(f"not one half-turn but two: {text!r}")
    dice, moves, annotation = halfturn_parts(half_text, first + 1)
    moves, cut = capped_moves(moves, 1)
    if cut is not None:
        raise NotationError(cut.message)
    number = turn_number(line[:first])[0]
    return HalfTurn(side, dice, moves, number, annotation, (), 1, first + 1)


def read_move(text: str) -> Move:
    """One move as a record writes it: ``"24/18(2)"``, ``"6/off"``, ``"13/7*"``
    (read as the moves of a half-turn line, :func:`read_half_turn`).

    Raises:
        NotationError: not exactly one move (record-format.md grammar).
    """
    from narde_notation.model.errors import NotationError

    half = read_half_turn(f"11: {text}", Side.WHITE)
    if len(half.moves) != 1:
        raise NotationError(f"not one move: {text!r}")
    move = half.moves[0]
    return Move(move.path, move.repeat, move.hit, move.text)


# ---------------------------------------------------------------------------
# Drafts: a game as read, before comments are attached

@dataclass(slots=True)
class _Draft:
    """A game as read, before comments are attached.

    ``positions`` holds the character offset (in the chunk) where each
    half-turn starts, to place comments; it stays empty when no comment
    was read in the chunk before the game ended.
    """

    tags: dict[str, str] = field(default_factory=dict)
    half_turns: list[HalfTurn] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)
    result: str | None = None
    result_pos: int = -1
    result_line: int | None = None
    result_column: int | None = None
    line: int | None = None
    tag_lines: dict[str, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)


_TAG_RE = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_-]*)[ \t]+"([^"\\\n]*(?:\\[^\n][^"\\\n]*)*)"')


def _turn_line(line: str) -> tuple[int, str, int, str | None]:
    """A line of a ``TURNS`` token cut at its rolls: (where the first half-turn
    starts, its text, where the second starts or -1, its text or ``None``).

    The grammar has validated the line (``TURNNO? HALFTURN (_SP HALFTURN)?``):
    this only cuts it.  Only rolls hold colons (terms.lark ``ROLL``: ``65:``,
    ``6-5:``, ``6:5:``), so the first colon is in the first roll and the
    next colon after that roll in the second; a roll's last colon is
    followed by a blank, an annotation or the end of the line, never by
    ``d:``.  A half-turn's text ends at its last character before the next
    roll or the end of the line."""
    colon = line.find(":")
    if line[colon + 2 : colon + 3] == ":" and line[colon + 1 : colon + 2] in _DICE:
        first, colon = colon - 1, line.find(":", colon + 3)  # `6:5:`
    else:
        first = colon - 3 if line[colon - 2] == "-" else colon - 2
        colon = line.find(":", colon + 1)
    if colon < 0:
        return first, line[first:].rstrip(" \t\r"), -1, None
    if line[colon + 2 : colon + 3] == ":" and line[colon + 1 : colon + 2] in _DICE:
        second = colon - 1
    else:
        second = colon - 3 if line[colon - 2] == "-" else colon - 2
    return first, line[first:second].rstrip(" \t"), second, line[second:].rstrip(" \t\r")


_DICE = frozenset("123456")


def _number_warning(draft: _Draft, text: str, line: int, column: int) -> None:
    digits = len(text.strip().rstrip(".").rstrip(")"))
    draft.findings.append(Finding(
        "turn-number", f"a turn number of {digits} digits is not read as a turn number;"
        " sides alternate whatever the numbers say.", line=line, column=column))


def _capped(draft: _Draft, moves: tuple[Move, ...], line: int) -> tuple[Move, ...]:
    """``moves`` cut to :data:`~narde_notation.formats.grammar.MAX_MOVES`, the cut reported."""
    kept, finding = capped_moves(moves, line)
    if finding is not None:
        draft.findings.append(finding)
    return kept


def _draft_from_tokens(tokens: Iterable[Token]) -> _Draft:
    """Tags, half-turns and result of one game from its tokens, in order.

    Sides: the first half-turn is White unless its number is ``N...``; then
    they alternate whatever the numbers say (record-format.md, "Turns").
    """
    draft = _Draft()
    capped: set[int] = set()  # indices of the half-turns whose moves were cut already
    offset = _SINK.line_offset
    number: int | None = None
    black = False
    side: Side | None = None
    white, black_side = Side.WHITE, Side.BLACK
    halfturns = draft.half_turns
    positions = draft.positions
    parts = halfturn_parts
    new_half = HalfTurn
    cut = _turn_line
    append_half = halfturns.append
    append_position = positions.append
    # Where each half-turn starts is needed only to place comments: a game's
    # comments are all lexed before its rule reduces (the reduce waits for
    # the token after the game), so with none read yet there are none.
    placed = bool(_SINK.comments)
    for token in tokens:
        kind = token.type
        if draft.line is None:
            draft.line = token.line + offset  # type: ignore[operator]
        if kind == "TURNS":
            line_no: int = token.line + offset  # type: ignore[operator]
            shift: int = token.column - 1  # type: ignore[operator]
            base: int = token.start_pos  # type: ignore[assignment]
            column_shift = shift  # the first line starts where the token does
            start_pos = base
            for line in token.split("\n"):
                if ":" not in line:  # a blank line inside the block
                    line_no += 1
                    start_pos += len(line) + 1
                    column_shift = 0
                    continue
                first, text, second, second_text = cut(line)
                if first:
                    written, mark, readable = turn_number(line[:first])
                    if written is not None:
                        number, black = written, mark
                    elif not readable:
                        prefix = line[:first]
                        _number_warning(draft, prefix, line_no, 1 + column_shift
                                        + len(prefix) - len(prefix.lstrip()))
                if side is None:
                    side = black_side if black else white
                column = first + 1 + column_shift
                dice, moves, annotation = parts(text, column)
                if len(moves) > MAX_MOVES:
                    moves = _capped(draft, moves, line_no)
                append_half(new_half(side, dice, moves, number, annotation, (), line_no, column))
                if placed:
                    append_position(start_pos + first)
                side = black_side if side is white else white
                number = None
                black = False
                if second_text is not None:
                    column = second + 1 + column_shift
                    dice, moves, annotation = parts(second_text, column)
                    if len(moves) > MAX_MOVES:
                        moves = _capped(draft, moves, line_no)
                    append_half(new_half(side, dice, moves, None, annotation, (), line_no,
                                         column))
                    if placed:
                        append_position(start_pos + second)
                    side = black_side if side is white else white
                line_no += 1
                start_pos += len(line) + 1
                column_shift = 0
        elif kind == "TURNNO":
            number, black, readable = turn_number(str(token))
            if not readable:
                _number_warning(draft, str(token), token.line + offset,  # type: ignore[operator]
                                int(token.column or 1))
        elif kind == "MOVES" and halfturns:
            # moves continuing the previous half-turn after a comment
            last = halfturns[-1]
            at = len(halfturns) - 1
            if len(last.moves) >= MAX_MOVES:  # a runaway half-turn: its rest is not read
                if at not in capped:
                    capped.add(at)
                    _, moves, _ = parts(f"11: {token}", int(token.column or 1) - 4)
                    _capped(draft, last.moves + moves[:1], token.line + offset)  # type: ignore[operator]
                continue
            _, moves, annotation = parts(f"11: {token}", int(token.column or 1) - 4)
            joined = last.moves + moves
            if len(joined) > MAX_MOVES:
                capped.add(at)
                joined = _capped(draft, joined, token.line + offset)  # type: ignore[operator]
            halfturns[-1] = dataclasses.replace(
                last, moves=joined, annotation=annotation or last.annotation
            )
        elif kind == "TAGS":
            tags, tag_lines = draft.tags, draft.tag_lines
            line_no = token.line + offset  # type: ignore[operator]
            for line in str(token).split("\n"):
                match = _TAG_RE.search(line)
                if match is not None:
                    name = match.group(1)
                    tags[name] = unescape(match.group(2))
                    tag_lines[name] = line_no
                line_no += 1
        elif kind == "RESULT":
            draft.result = str(token)
            draft.result_pos = token.start_pos  # type: ignore[assignment]
            draft.result_line = token.line + offset  # type: ignore[operator]
            draft.result_column = token.column
    return draft


class _NativeTransformer(Transformer[Token, Any]):
    """LALR callbacks: build drafts as rules reduce (no parse tree)."""

    def game(self, children: list[Token]) -> _Draft:
        return _draft_from_tokens(children)

    def open(self, children: list[Token]) -> _Draft:
        return _draft_from_tokens(children)

    def start(self, children: list[_Draft]) -> list[_Draft]:
        return children


def _comment_text(token: Token) -> str:
    text = str(token)
    return text[1:-1].strip() if text.startswith("{") else text[1:].strip()


def _finish(
    draft: _Draft,
    comments: list[Token],
    starts: list[int],
    *,
    file: str | None,
    index: int,
    fmt: Literal["native", "mat"] = "native",
) -> GameRecord:
    """Attach comments to the half-turns they follow: a :class:`GameRecord`.

    A comment belongs to the last half-turn before it in the same game;
    comments before a game's first half-turn or after its result are dropped.
    ``comments`` are the chunk's, in text order, ``starts`` where each
    starts: a game looks only at those between its first half-turn and its
    result (found by bisection), so a chunk of many commented games is read
    in linear time.
    """
    halfturns = draft.half_turns
    positions = draft.positions
    if comments and positions:  # no positions: no comment was read before the game ended
        end = draft.result_pos
        first = bisect_left(starts, positions[0])
        last = bisect_right(starts, end) if end >= 0 else len(starts)
        notes: dict[int, list[str]] = {}
        k = 0
        for at in range(first, last):
            pos = starts[at]
            while k + 1 < len(positions) and positions[k + 1] < pos:
                k += 1
            notes.setdefault(k, []).append(_comment_text(comments[at]))
        for k, texts in notes.items():
            halfturns[k] = dataclasses.replace(
                halfturns[k], comments=halfturns[k].comments + tuple(texts)
            )
    findings = [f.located(game=index) if f.game is None else f for f in draft.findings]
    return GameRecord(
        tags=draft.tags,
        half_turns=halfturns,
        result=draft.result,
        findings=findings,
        file=file,
        index=index,
        line=draft.line if draft.line is not None else 1,
        format=fmt,
        tag_lines=draft.tag_lines,
        result_line=draft.result_line,
        result_column=draft.result_column,
    )




# ---------------------------------------------------------------------------
# Chunks: the line stream cut at game boundaries


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
_RESULT_END_RE = re.compile(r"(?:^|[ \t}])(?P<result>[123]-0|0-[0123]|\*)[ \t]*\Z")
#: A line where a game's moves may go on: a turn number or a roll first.
_TURN_START_RE = re.compile(r"[ \t]*(?:[0-9]+\.|[1-6][-:]?[1-6]:)")
#: A whole tag pair line (ends a game even after a `{` that was never closed).
_NUMBER_ONLY_RE = re.compile(r"[ \t]*[0-9]+\.(?:\.\.)?[ \t]*")
#: A turn number just before an error on its line (after a blank, the line's
#: start or a roll's colon).
_NUMBER_BEFORE_RE = re.compile(r"(?:(?<=[ \t:])|^)[0-9]+\.(?:\.\.)?[ \t]*\Z", re.M)


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
    result_end = _RESULT_END_RE.search
    turn_start = _TURN_START_RE.match
    comment = terminal_pattern(native_parser(), "BRACE_COMMENT")
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
                    del buffer[opened + 1:]
                    in_comment = False
                    opened = -1
                    continue
                break
        stripped = line.lstrip(_BLANKS)
        tag_line = stripped.startswith("[")
        if has_moves and tag_line and not in_comment:
            yield Chunk(start, buffer, number, line)
            buffer = []
            has_moves = False
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
            # does the line's code (comments taken out) end with a turn number?
            words = comment.sub(" ", line.split(";", 1)[0]).split("{", 1)[0].split()
            if words:
                waiting = _NUMBER_ONLY_RE.fullmatch(words[-1]) is not None
        moves_here = bool(stripped) and stripped[0] not in "[;{" and not in_comment
        if "{" in line or "}" in line:
            was_open = in_comment
            for char in line:
                if char == "{":
                    in_comment = True
                elif char == "}":
                    in_comment = False
                elif char == ";" and not in_comment:
                    break  # a line comment: its braces are text
            if in_comment and not was_open:
                opened = len(buffer) - 1
            elif not in_comment:
                opened = -1
        elif in_comment and opened >= 0 and len(buffer) - opened > _COMMENT_LINES:
            # a `{` open for too long: never closed; its lines are code again
            again = _look_again(buffer, start, opened)
            del buffer[opened + 1:]
            in_comment = False
            opened = -1
            continue
        if moves_here:
            has_moves = True
            if ("-" in line or "*" in line) and not in_comment:
                code = line.split(";", 1)[0] if ";" in line else line
                only = ":" not in code and _RESULT_END_RE.match(stripped)
                if (only or len(buffer) >= games_lines) and result_end(code):
                    yield Chunk(start, buffer)
                    buffer = []
                    has_moves = False
    if buffer:
        yield Chunk(start, buffer)


def _look_again(buffer: list[str], start: int, opened: int) -> list[tuple[int, str]]:
    """The lines of ``buffer`` after index ``opened``, numbered, last first (to pop)."""
    return [(start + k, buffer[k]) for k in range(len(buffer) - 1, opened, -1)]


def _lex_until(text: str, pos: int) -> list[Token]:
    """The tokens of ``text`` before ``pos``, lexed again (after a parse error).

    The comments this second reading passes were collected by the parse
    already: they are not collected twice."""
    tokens: list[Token] = []
    held = _SINK.comments
    _SINK.comments = []
    try:
        for token in native_parser().lex(text):
            if token.start_pos is not None and token.start_pos >= pos:
                break
            tokens.append(token)
    except UnexpectedInput:
        pass
    finally:
        _SINK.comments = held
    return tokens


def _at_end(error: UnexpectedInput) -> bool:
    return isinstance(error, UnexpectedToken) and error.token.type == "$END"


def _syntax_at(chunk: Chunk, text: str, error: UnexpectedInput, file: str | None) -> Finding:
    """The ``syntax`` finding of a parse error, in file coordinates."""
    line, column, pos = error_position(error, text)
    if _at_end(error):
        tokens = _lex_until(text, pos)
        if tokens and tokens[-1].type == "TAGS":
            # corpus decision 1: a game made only of tag pairs
            return syntax_finding("a game needs moves or a result after its tag pairs",
                                  file=file, line=int(tokens[-1].end_line or line)
                                  + chunk.start - 1, column=None, line_text=None)
        if tokens:
            # point just after the last token read, not at trailing blank lines
            last = tokens[-1]
            line, column = int(last.end_line or line), int(last.end_column or column)
    line_text = _line_text(text, line)
    if isinstance(error, UnexpectedToken) and not _at_end(error):
        found_text = str(error.token)
    else:
        found_text = text[pos : pos + 40]
    before = line_text[: max(column - 1, 0)]
    return syntax_finding(
        message(expected_names(error), found_text, before, end=_at_end(error)),
        file=file, line=line + chunk.start - 1, column=column, line_text=line_text,
    )


def _line_text(text: str, line: int) -> str:
    """Line ``line`` (from 1) of ``text``; empty when there is none."""
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return ""
    end = text.find("\n", start)
    return text[start:] if end < 0 else text[start:end]


def _result_ending(text: str, pos: int, end: int) -> int:
    """Where the result token that ends the code of ``text[pos:end]`` (one line,
    a ``;`` comment taken out) starts, after ``pos``; -1 when there is none."""
    code = text[pos:end]
    if ";" in code:
        code = code.split(";", 1)[0]
    found = _RESULT_END_RE.search(code)
    if found is None:
        return -1
    start = pos + found.start("result")
    return start if start > pos else -1


def _resume(text: str, pos: int, *, whole_game: bool = False) -> int:
    """Where reading goes on after an error at ``pos``: the result that ends
    the error's line (a game ends there: the next one is not joined to it),
    else the start of the next line that begins with a turn number, a roll,
    a tag pair or a result.  ``whole_game``: the next result that ends a line
    (or a tag line), so the rest of the game is set aside at once."""
    eol = text.find("\n", pos)
    result = _result_ending(text, pos, len(text) if eol < 0 else eol)
    if result >= 0:
        return result
    if whole_game:
        at = eol
        while at >= 0:
            start = at + 1
            at = text.find("\n", start)
            stop = len(text) if at < 0 else at
            if text[start:stop].lstrip(_BLANKS).startswith("["):
                return start
            result = _result_ending(text, start - 1, stop)
            if result >= 0:
                return result
        return len(text)
    at = eol
    while at >= 0:
        start = at + 1
        at = text.find("\n", start)
        line = text[start:] if at < 0 else text[start:at]
        stripped = line.strip(_BLANKS)
        if _TURN_START_RE.match(line) or stripped.startswith("[") or (
            stripped and _RESULT_END_RE.fullmatch(stripped)
        ):
            return start
    return len(text)


def _blank(text: str, start: int, end: int) -> str:
    """``text`` with ``start:end`` made blank (line breaks kept: lines and
    columns stay where they were)."""
    blank = "\n".join(" " * len(part) for part in text[start:end].split("\n"))
    return text[:start] + blank + text[end:]


def _recover(text: str, error: UnexpectedInput) -> list[_Draft]:
    """Drafts of a text whose parse failed at its end: the games before the
    error and the broken game (its half-turns before the error)."""
    _, _, pos = error_position(error, text)
    tokens = _lex_until(text, pos)
    drafts: list[_Draft] = []
    current: list[Token] = []
    for token in tokens:
        current.append(token)
        if token.type == "RESULT":
            drafts.append(_draft_from_tokens(current))
            current = []
    if current:
        drafts.append(_draft_from_tokens(current))
    return drafts


def _chunk_pieces(chunk: Chunk, parser: Lark, file: str | None
                  ) -> Iterator[tuple[list[_Draft], list[Token]]]:
    """The games of one chunk and the comments read in it, by piece: the
    chunk whole when it parses, else each game of it on its own, so that an
    error costs a parse of its game, not of the chunk (a file of games each
    with an error reads in linear time)."""
    text = "\n".join(chunk.lines)
    _SINK.line_offset = chunk.start - 1
    _SINK.comments = []
    try:
        drafts = cast(list[_Draft], parser.parse(text))
    except UnexpectedInput:
        pass
    else:
        chunk.lines = []
        comments = _SINK.comments
        _SINK.comments = []
        yield _checked(chunk, drafts, [], file), comments
        return
    del text
    numbered = enumerate(chunk.lines, chunk.start)
    pieces = list(native_chunks(numbered, games_lines=1))
    chunk.lines = []
    if len(pieces) == 1:
        pieces[0] = dataclasses.replace(pieces[0], next_tag_line=chunk.next_tag_line,
                                        next_tag_text=chunk.next_tag_text)
    else:
        last = pieces[-1]
        last.next_tag_line, last.next_tag_text = chunk.next_tag_line, chunk.next_tag_text
    for piece in pieces:
        yield _chunk_drafts(piece, parser, file)


def _chunk_drafts(chunk: Chunk, parser: Lark, file: str | None) -> tuple[list[_Draft], list[Token]]:
    """The games of one chunk and the comments read in it."""
    text = "\n".join(chunk.lines)
    chunk.lines = []  # the text holds them now (one copy of a long line, not two)
    original = text
    _SINK.line_offset = chunk.start - 1
    errors: list[Finding] = []
    drafts: list[_Draft] = []
    unlisted = 0  # errors past _MAX_ERRORS: counted, not listed
    while True:
        _SINK.comments = []
        try:
            drafts = cast(list[_Draft], parser.parse(text))
            break
        except UnexpectedInput as error:
            at_end = _at_end(error)
            capped = len(errors) >= _MAX_ERRORS
            if not (at_end and errors) and not capped:
                errors.append(_syntax_at(chunk, text, error, file))
            elif capped and not at_end:
                unlisted += 1
            _, _, pos = error_position(error, text)
            end = _resume(text, pos, whole_game=capped)
            if at_end or not text[pos:end].strip(_BLANKS):
                drafts = _recover(text, error)
                break
            line_start = text.rfind("\n", 0, pos) + 1
            dangling = _NUMBER_BEFORE_RE.search(text, line_start, pos)
            if dangling is not None:
                # a turn number whose turn is broken goes with it (`22:5. 2/off`)
                pos = dangling.start()
            text = _blank(text, pos, end)
    comments = _SINK.comments
    _SINK.comments = []
    if unlisted:
        last = errors[-1]
        errors[-1] = dataclasses.replace(last, message=(
            f"{last.message} (the syntax errors after this one, up to line"
            f" {chunk.start + original.count(chr(10))}, are not listed: the rest of each"
            " game holding one is set aside)"))
    return _checked(chunk, drafts, errors, file, original), comments


def _checked(chunk: Chunk, drafts: list[_Draft], errors: list[Finding], file: str | None,
             original: str = "") -> list[_Draft]:
    """``drafts`` with each syntax finding given to the game holding it (text
    between games: a draft of its own), a broken game's half-turns after its
    first error taken out, and a tag pair before a game's result reported."""
    for finding in errors:
        # the game whose lines hold the error; text between games is a record
        # of its own
        line = finding.line or 0
        at = 0
        owner = None
        for k, draft in enumerate(drafts):
            if draft.line is not None and draft.line <= line:
                at = k + 1
                if draft.result_line is None or line <= draft.result_line:
                    owner = draft
        if owner is None:
            text_line = _line_text(original, line - chunk.start + 1)
            if at < len(drafts) and _TURN_START_RE.match(text_line):
                owner = drafts[at]  # a broken first turn: the game starts there
                owner.line = line
            else:
                owner = _Draft(line=line)
                drafts.insert(at, owner)
        owner.findings.append(finding)
    for draft in drafts:
        broken = [(f.line or 0, f.column or 0) for f in draft.findings if f.code == "syntax"]
        if broken:
            # the half-turns read before the first error are the game's record
            # (the lines after it were read for their findings and the result)
            cut = min(broken)
            kept = sum(1 for h in draft.half_turns if (h.line, h.column) < cut)
            del draft.half_turns[kept:]
            del draft.positions[kept:]
            if kept and original:
                _mark_unread(draft, kept - 1, cut, _line_text(original, cut[0] - chunk.start + 1))
    if not errors and chunk.next_tag_line is not None and drafts and drafts[-1].result is None:
        # corpus decision 1: a tag pair after moves, before the result
        tag_text = chunk.next_tag_text
        column = len(tag_text) - len(tag_text.lstrip()) + 1 if tag_text else 1
        drafts[-1].findings.append(
            syntax_finding(
                "expected a result such as `1-0`, `0-2` or `*` before the next game's tag pairs",
                file=file,
                line=chunk.next_tag_line,
                column=column,
                line_text=tag_text,
            )
        )
    return drafts


#: A roll at the start of a half-turn's text (terms.lark ``ROLL``), and one
#: after a blank further on (the next half-turn).
_ROLL_RE = re.compile(r"[1-6](?:[-:]?[1-6]):")
_NEXT_ROLL_RE = re.compile(r"[ \t][1-6](?:[-:]?[1-6]):")
#: What an error may find after a complete half-turn, starting something
#: else: a comment, a tag, an annotation, a roll or turn number (a colon or
#: a dot in the word), or a result.
_NOT_A_MOVE_RE = re.compile(r"[{};\[!?]|\S*[:.]|(?:[123]-0|0-[0123]|\*)(?:\s|\Z)")


def _mark_unread(draft: _Draft, at: int, error: tuple[int, int], line_text: str) -> None:
    """A half-turn cut by a syntax error inside its moves (``65: 24/18 18/``,
    ``65: 24/13 x``) keeps its roll with its moves not read
    (:attr:`HalfTurn.unread`: the text written after the roll), as a ``.mat``
    column that does not parse does (decisions F12, F18): the dice are
    counted and the replay stops before it, instead of replaying the moves
    read before the error as if they were the whole half-turn.  An error
    after the half-turn's text, at something that starts another item (a
    comment, an annotation, a roll, a turn number, a result), leaves it as
    read.  The error's finding says so."""
    half = draft.half_turns[at]
    line, column = error
    if half.line != line or half.column >= column or not line_text:
        return
    text = line_text[half.column - 1 :]
    roll = _ROLL_RE.match(text)
    offset = column - half.column  # the error, in ``text``
    if roll is None or offset < roll.end():
        return
    if _NOT_A_MOVE_RE.match(text, offset) or _NEXT_ROLL_RE.search(text, roll.end(), offset):
        return
    stop = _NEXT_ROLL_RE.search(text, offset)  # the next half-turn on the line
    written = text[roll.end() : stop.start() if stop is not None else len(text)]
    written = written.split("{", 1)[0].split(";", 1)[0]
    ending = _RESULT_END_RE.search(written)
    if ending is not None:
        written = written[: ending.start("result")]
    draft.half_turns[at] = dataclasses.replace(
        half, moves=(), annotation=None, unread=written.strip(_BLANKS) or "?")
    for k, finding in enumerate(draft.findings):
        if finding.code == "syntax" and (finding.line, finding.column) == error:
            draft.findings[k] = dataclasses.replace(finding, message=(
                f"{finding.message}; the roll {half.dice[0]}-{half.dice[1]} is kept, its moves"
                " are not read (the position after it is unknown)"))
            break


def _join(first: GameRecord, second: GameRecord) -> None:
    """``second`` (the next piece of a long game) appended to ``first``."""
    halves = second.half_turns
    if first.half_turns and halves and halves[0].side is first.half_turns[-1].side:
        halves = [dataclasses.replace(h, side=h.side.other) for h in halves]
    first.half_turns.extend(halves)
    first.findings.extend(f.located(game=first.index) for f in second.findings)
    first.result = second.result
    first.result_line, first.result_column = second.result_line, second.result_column


def read_native(lines: Iterable[tuple[int, str]], file: str | None) -> Iterator[GameRecord]:
    """Games of a numbered line stream in the native layout (see the module docstring)."""
    parser = native_parser()
    index = 0
    held: GameRecord | None = None  # an open game whose next piece may follow
    for chunk in native_chunks(lines):
        try:
            records: list[GameRecord] = []
            for drafts, comments in _chunk_pieces(chunk, parser, file):
                starts = [int(comment.start_pos or 0) for comment in comments]
                records.extend(
                    _finish(draft, comments, starts, file=file, index=index + len(records) + k)
                    for k, draft in enumerate(drafts)
                )
        except Exception as exc:  # pragma: no cover - a safety net for reader bugs
            records = [reader_failure(exc, file=file, index=index, line=chunk.start)]
        if held is not None:
            if records and not records[0].tags:
                _join(held, records.pop(0))
            if records or not chunk.continued or held.result is not None:
                yield _numbered(held, index)
                index += 1
                held = None
        if chunk.continued and records and records[-1].result is None:
            held = records.pop()
        for record in records:
            yield _numbered(record, index)
            index += 1
    if held is not None:
        yield _numbered(held, index)


def _numbered(record: GameRecord, index: int) -> GameRecord:
    if record.index != index:
        record.index = index
        record.findings = [f.located(game=index) for f in record.findings]
    return record
