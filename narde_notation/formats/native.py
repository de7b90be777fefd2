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
import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, cast

from narde_notation._lazy import publish
from narde_notation.formats._native_chunks import (
    BLANKS,
    CHUNK_LINES,
    NUMBER_BEFORE_RE,
    RESULT_END_RE,
    TURN_START_RE,
    Chunk,
    native_chunks,
)
from narde_notation.formats._native_drafts import (
    SINK,
    Draft,
    PlainToken,
    draft_from_tokens,
    finish,
    native_parser,
    native_pattern,
    turn_line,
)
from narde_notation.formats.grammar import (
    capped_moves,
    halfturn_parts,
    turn_number,
)
from narde_notation.formats.syntax import (
    error_position,
    expected_names,
    message,
    nested_comment,
    reader_failure,
    syntax_finding,
)
from narde_notation.model import Finding, GameRecord, HalfTurn, Move, Side

if TYPE_CHECKING:  # Lark is imported when a chunk needs the parser (decisions PL1)
    from lark import Lark, Token
    from lark.exceptions import UnexpectedInput

__all__ = ["CHUNK_LINES", "native_chunks", "native_parser", "read_half_turn", "read_move",
           "read_native"]

#: Syntax errors reported per chunk at most; past them, each further error
#: sets aside the rest of its game only (its result kept), so no later game
#: is lost and the parses stay one per game.
_MAX_ERRORS = 50



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
    from narde_notation.model import NotationError

    line = text.strip(" \t") if isinstance(text, str) else ""
    turns = native_pattern("TURNS")
    if not line or "\n" in line or turns.fullmatch(line) is None:
        raise NotationError(f"not one half-turn such as `65: 24/18 18/13`: {text!r}")
    first, half_text, second, _ = turn_line(line)
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
    from narde_notation.model import NotationError

    half = read_half_turn(f"11: {text}", Side.WHITE)
    if len(half.moves) != 1:
        raise NotationError(f"not one move: {text!r}")
    move = half.moves[0]
    return Move(move.path, move.repeat, move.hit, move.text)



def _lex_until(text: str, pos: int) -> list[Token]:
    """The tokens of ``text`` before ``pos``, lexed again (after a parse error).

    The comments this second reading passes were collected by the parse
    already: they are not collected twice."""
    from lark.exceptions import UnexpectedInput

    tokens: list[Token] = []
    held = SINK.comments
    SINK.comments = []
    try:
        for token in native_parser().lex(text):
            if token.start_pos is not None and token.start_pos >= pos:
                break
            tokens.append(token)
    except UnexpectedInput:
        pass
    finally:
        SINK.comments = held
    return tokens


def _at_end(error: UnexpectedInput) -> bool:
    from lark.exceptions import UnexpectedToken

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
    if not _at_end(error) and text.startswith("{", pos):
        nested = _nested_comment_at(chunk, text, pos, file)
        if nested is not None:
            return nested
    from lark.exceptions import UnexpectedToken

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


def _nested_comment_at(chunk: Chunk, text: str, pos: int, file: str | None) -> Finding | None:
    """The ``syntax`` finding of a ``{`` refused for a comment nested in it
    (:func:`~narde_notation.formats.syntax.nested_comment`), placed at the fault."""

    def place(at: int) -> tuple[int, int]:
        return (text.count("\n", 0, at) + chunk.start,
                at - (text.rfind("\n", 0, at) + 1) + 1)

    def where(at: int) -> str:
        line, column = place(at)
        return f"{line}:{column}"

    nested = nested_comment(text, pos, where)
    if nested is None:
        return None
    at, text_of = nested
    line, column = place(at)
    return syntax_finding(text_of, file=file, line=line, column=column,
                          line_text=_line_text(text, line - chunk.start + 1))


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
    found = RESULT_END_RE.search(code)
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
            if text[start:stop].lstrip(BLANKS).startswith("["):
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
        stripped = line.strip(BLANKS)
        if TURN_START_RE.match(line) or stripped.startswith("[") or (
            stripped and RESULT_END_RE.fullmatch(stripped)
        ):
            return start
    return len(text)


def _blank(text: str, start: int, end: int) -> str:
    """``text`` with ``start:end`` made blank (line breaks kept: lines and
    columns stay where they were)."""
    blank = "\n".join(" " * len(part) for part in text[start:end].split("\n"))
    return text[:start] + blank + text[end:]


def _recover(text: str, error: UnexpectedInput) -> list[Draft]:
    """Drafts of a text whose parse failed at its end: the games before the
    error and the broken game (its half-turns before the error)."""
    _, _, pos = error_position(error, text)
    tokens = _lex_until(text, pos)
    drafts: list[Draft] = []
    current: list[Token] = []
    for token in tokens:
        current.append(token)
        if token.type == "RESULT":
            drafts.append(draft_from_tokens(current))
            current = []
    if current:
        drafts.append(draft_from_tokens(current))
    return drafts


def _chunk_pieces(chunk: Chunk, file: str | None
                  ) -> Iterator[tuple[list[Draft], list[Token]]]:
    """The games of one chunk and the comments read in it, by piece: the
    chunk whole when it parses (without the parser when
    :func:`_plain_drafts` reads it), else each game of it on its own, so
    that an error costs a parse of its game, not of the chunk (a file of
    games each with an error reads in linear time)."""
    text = "\n".join(chunk.lines)
    SINK.line_offset = chunk.start - 1
    SINK.comments = []
    plain = _plain_drafts(text)
    if plain is not None:
        chunk.lines = []
        yield _checked(chunk, plain, [], file), []
        return
    from lark.exceptions import UnexpectedInput

    parser = native_parser()
    try:
        drafts = cast(list[Draft], parser.parse(text))
    except UnexpectedInput:
        pass
    else:
        chunk.lines = []
        comments = SINK.comments
        SINK.comments = []
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


def _plain_drafts(text: str) -> list[Draft] | None:
    """The games of a chunk made only of tag blocks, turn-line blocks and
    results, read without the parser (decisions PL1): ``None`` at the first
    thing that is not one of those where the grammar expects it (a comment,
    a move after a comment, a second block, a turn number alone, an error:
    the parser reads the chunk then, as it always did).

    Each game is ``TAGS? TURNS? RESULT`` (the last one may end without its
    result when it has turns); the tokens are matched with the grammar's own
    terminals (``native.lark``, from the terminals' cache) where the
    contextual lexer would match them: ``TAGS`` and ``TURNS`` (priority 3)
    first, else ``RESULT`` (no other terminal starts where a result does: a
    ``MOVES`` needs a ``/`` after its first point, a ``TURNNO`` a ``.``
    after its digits, comments a ``{`` or ``;``)."""
    blanks, tags, turns, result = _plain_patterns()
    drafts: list[Draft] = []
    game: list[PlainToken] = []
    stage = 0  # 0: a game's start, 1: after its tags, 2: after its turns
    line, line_start, pos, end = 1, 0, 0, len(text)
    while True:
        gap = blanks.match(text, pos)
        if gap is not None:
            line += text.count("\n", pos, gap.end())
            pos = gap.end()
            line_start = text.rfind("\n", 0, pos) + 1
        if pos >= end:
            break
        found = tags.match(text, pos) if stage == 0 else None
        kind = "TAGS"
        if found is None and stage < 2:
            found, kind = turns.match(text, pos), "TURNS"
        if found is None:
            found, kind = result.match(text, pos), "RESULT"
            if found is None:
                return None
        token = PlainToken.at(kind, found.group(), line, pos - line_start + 1, pos)
        game.append(token)
        if kind == "RESULT":
            drafts.append(draft_from_tokens(game))
            game, stage = [], 0
        else:
            stage = 1 if kind == "TAGS" else 2
        line += token.count("\n")
        pos = found.end()
        line_start = text.rfind("\n", 0, pos) + 1
    if game:
        if stage != 2:  # a game of tag pairs only: the parser reports it
            return None
        drafts.append(draft_from_tokens(game))
    return drafts


def _plain_patterns() -> tuple[re.Pattern[str], ...]:
    return tuple(native_pattern(name) for name in ("WS", "TAGS", "TURNS", "RESULT"))


def _chunk_drafts(chunk: Chunk, parser: Lark, file: str | None) -> tuple[list[Draft], list[Token]]:
    """The games of one chunk and the comments read in it."""
    from lark.exceptions import UnexpectedInput

    text = "\n".join(chunk.lines)
    chunk.lines = []  # the text holds them now (one copy of a long line, not two)
    original = text
    SINK.line_offset = chunk.start - 1
    errors: list[Finding] = []
    drafts: list[Draft] = []
    unlisted = 0  # errors past _MAX_ERRORS: counted, not listed
    while True:
        SINK.comments = []
        try:
            drafts = cast(list[Draft], parser.parse(text))
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
            if at_end or not text[pos:end].strip(BLANKS):
                drafts = _recover(text, error)
                break
            line_start = text.rfind("\n", 0, pos) + 1
            dangling = NUMBER_BEFORE_RE.search(text, line_start, pos)
            if dangling is not None:
                # a turn number whose turn is broken goes with it (`22:5. 2/off`)
                pos = dangling.start()
            text = _blank(text, pos, end)
    comments = SINK.comments
    SINK.comments = []
    if unlisted:
        last = errors[-1]
        errors[-1] = dataclasses.replace(last, message=(
            f"{last.message} (the syntax errors after this one, up to line"
            f" {chunk.start + original.count(chr(10))}, are not listed: the rest of each"
            " game holding one is set aside)"))
    return _checked(chunk, drafts, errors, file, original), comments


def _checked(chunk: Chunk, drafts: list[Draft], errors: list[Finding], file: str | None,
             original: str = "") -> list[Draft]:
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
            if at < len(drafts) and TURN_START_RE.match(text_line):
                owner = drafts[at]  # a broken first turn: the game starts there
                owner.line = line
            else:
                owner = Draft(line=line)
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


def _mark_unread(draft: Draft, at: int, error: tuple[int, int], line_text: str) -> None:
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
    ending = RESULT_END_RE.search(written)
    if ending is not None:
        written = written[: ending.start("result")]
    draft.half_turns[at] = dataclasses.replace(
        half, moves=(), annotation=None, unread=written.strip(BLANKS) or "?")
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
    index = 0
    held: GameRecord | None = None  # an open game whose next piece may follow
    for chunk in native_chunks(lines):
        try:
            records: list[GameRecord] = []
            for drafts, comments in _chunk_pieces(chunk, file):
                starts = [int(comment.start_pos or 0) for comment in comments]
                records.extend(
                    finish(draft, comments, starts, file=file, index=index + len(records) + k)
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


publish("narde_notation.formats", read_half_turn, read_move)
