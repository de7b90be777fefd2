"""Drafts: a native game as the parser reduces it, before comments are attached.

The LALR parser's transformer (:class:`_NativeTransformer`) builds a
:class:`Draft` per game from its tokens (no tree); :func:`finish` attaches
the comments the lexer collected (:data:`SINK`) and makes the record.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import threading
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from narde_notation.formats.grammar import (
    MAX_MOVES,
    capped_moves,
    halfturn_parts,
    load_grammar,
    terminal_pattern,
    turn_number,
    unescape,
)
from narde_notation.model import Finding, GameRecord, HalfTurn, Move, Side

if TYPE_CHECKING:  # Lark is imported when a chunk needs the parser (decisions PL1)
    from lark import Lark, Token

__all__ = ["SINK", "Draft", "PlainToken", "draft_from_tokens", "finish", "native_parser",
           "native_pattern", "turn_line"]


class _Sink(threading.local):
    """Per-thread state shared by the cached parser's callbacks."""

    def __init__(self) -> None:
        self.comments: list[Token] = []
        self.line_offset = 0


SINK = _Sink()


def _collect_comment(token: Token) -> Token:
    SINK.comments.append(token)
    return token


@dataclass(slots=True)
class Draft:
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


def turn_line(line: str) -> tuple[int, str, int, str | None]:
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


def _number_warning(draft: Draft, text: str, line: int, column: int) -> None:
    digits = len(text.strip().rstrip(".").rstrip(")"))
    draft.findings.append(Finding(
        "turn-number", f"a turn number of {digits} digits is not read as a turn number;"
        " sides alternate whatever the numbers say.", line=line, column=column))


def _capped(draft: Draft, moves: tuple[Move, ...], line: int) -> tuple[Move, ...]:
    """``moves`` cut to :data:`~narde_notation.formats.grammar.MAX_MOVES`, the cut reported."""
    kept, finding = capped_moves(moves, line)
    if finding is not None:
        draft.findings.append(finding)
    return kept


class PlainToken(str):
    """A token read without Lark (the reader's plain path, decisions PL1): its
    text and what :func:`draft_from_tokens` reads of a Lark ``Token``."""

    type: str
    line: int
    column: int
    start_pos: int

    @classmethod
    def at(cls, kind: str, text: str, line: int, column: int, start: int) -> PlainToken:
        token = cls(text)
        token.type, token.line, token.column, token.start_pos = kind, line, column, start
        return token


def draft_from_tokens(tokens: Iterable[Token | PlainToken]) -> Draft:
    """Tags, half-turns and result of one game from its tokens, in order.

    Sides: the first half-turn is White unless its number is ``N...``; then
    they alternate whatever the numbers say (record-format.md, "Turns").
    """
    draft = Draft()
    capped: set[int] = set()  # indices of the half-turns whose moves were cut already
    offset = SINK.line_offset
    # (number, black, side): the turn number waiting for its half-turn, and who moves next
    state: _TurnState = (None, False, None)
    # Where half-turns start places comments: a game's comments are all lexed before
    # its rule reduces (it waits for the next token), so with none read there are none.
    placed = bool(SINK.comments)
    for token in tokens:
        kind = token.type
        if draft.line is None:
            draft.line = token.line + offset  # type: ignore[operator]
        if kind == "TURNS":
            state = _read_turns(draft, token, offset, state, placed)
        elif kind == "TURNNO":
            number, black, readable = turn_number(str(token))
            state = (number, black, state[2])
            if not readable:
                _number_warning(draft, str(token), token.line + offset,  # type: ignore[operator]
                                int(token.column or 1))
        elif kind == "MOVES" and draft.half_turns:
            _continued_moves(draft, token, capped, offset)
        elif kind == "TAGS":
            _read_tags(draft, token, offset)
        elif kind == "RESULT":
            _read_result(draft, token, offset)
    return draft


#: (turn number waiting for its half-turn, written ``N...``, side of the next half-turn)
_TurnState = tuple[int | None, bool, Side | None]

def _read_turns(draft: Draft, token: Token | PlainToken, offset: int, state: _TurnState,
                placed: bool) -> _TurnState:
    """The half-turns of a ``TURNS`` token (a block of turn lines) appended to
    ``draft``; ``placed``: record where each starts (for comments).  A line's
    second half-turn goes round the same lines again (``while``, not a loop
    over a pair: building the pairs made reading 5% slower, decisions Q2)."""
    number, black, side = state
    white, black_side = Side.WHITE, Side.BLACK
    parts = halfturn_parts
    new_half = HalfTurn
    append_half = draft.half_turns.append
    append_position = draft.positions.append
    line_no: int = token.line + offset  # type: ignore[operator]
    column_shift: int = token.column - 1  # type: ignore[operator]  # the first line's start
    start_pos: int = token.start_pos  # type: ignore[assignment]
    for line in token.split("\n"):
        if ":" not in line:  # a blank line inside the block
            line_no += 1
            start_pos += len(line) + 1
            column_shift = 0
            continue
        start, text, second, second_text = turn_line(line)
        if start:
            number, black = _line_number(draft, line[:start], line_no, column_shift,
                                         number, black)
        if side is None:
            side = black_side if black else white
        while True:  # the line's first half-turn, then its second if written
            column = start + 1 + column_shift
            dice, moves, annotation = parts(text, column)
            if len(moves) > MAX_MOVES:
                moves = _capped(draft, moves, line_no)
            append_half(new_half(side, dice, moves, number, annotation, (), line_no, column))
            if placed:
                append_position(start_pos + start)
            side = black_side if side is white else white
            number = None
            if second_text is None:
                break
            start, text, second_text = second, second_text, None
        black = False
        line_no += 1
        start_pos += len(line) + 1
        column_shift = 0
    return number, black, side


def _line_number(draft: Draft, prefix: str, line: int, shift: int, number: int | None,
                 black: bool) -> tuple[int | None, bool]:
    """The turn number written before a turn line's roll (``12.``, ``12...``),
    as ``(number, black)``: the ones before when it is unreadable (a warning)."""
    written, mark, readable = turn_number(prefix)
    if written is not None:
        return written, mark
    if not readable:
        _number_warning(draft, prefix, line, 1 + shift + len(prefix) - len(prefix.lstrip()))
    return number, black


def _read_result(draft: Draft, token: Token | PlainToken, offset: int) -> None:
    draft.result = str(token)
    draft.result_pos = token.start_pos  # type: ignore[assignment]
    draft.result_line = token.line + offset  # type: ignore[operator]
    draft.result_column = token.column


def _continued_moves(draft: Draft, token: Token | PlainToken, capped: set[int],
                     offset: int) -> None:
    """Moves continuing the previous half-turn after a comment (``MOVES``);
    ``capped``: the indices of the half-turns whose moves were cut already."""
    halfturns = draft.half_turns
    last = halfturns[-1]
    at = len(halfturns) - 1
    line: int = token.line + offset  # type: ignore[operator]
    if len(last.moves) >= MAX_MOVES:  # a runaway half-turn: its rest is not read
        if at not in capped:
            capped.add(at)
            _, moves, _ = halfturn_parts(f"11: {token}", int(token.column or 1) - 4)
            _capped(draft, last.moves + moves[:1], line)
        return
    _, moves, annotation = halfturn_parts(f"11: {token}", int(token.column or 1) - 4)
    joined = last.moves + moves
    if len(joined) > MAX_MOVES:
        capped.add(at)
        joined = _capped(draft, joined, line)
    halfturns[-1] = dataclasses.replace(
        last, moves=joined, annotation=annotation or last.annotation
    )


def _read_tags(draft: Draft, token: Token | PlainToken, offset: int) -> None:
    """The tag pairs of a ``TAGS`` block, with their lines."""
    tags, tag_lines = draft.tags, draft.tag_lines
    line_no: int = token.line + offset  # type: ignore[operator]
    for line in str(token).split("\n"):
        match = _TAG_RE.search(line)
        if match is not None:
            name = match.group(1)
            tags[name] = unescape(match.group(2))
            tag_lines[name] = line_no
        line_no += 1


def _comment_text(token: Token) -> str:
    text = str(token)
    return text[1:-1].strip() if text.startswith("{") else text[1:].strip()


def finish(
    draft: Draft,
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


@functools.cache
def native_parser() -> Lark:
    """The LALR parser of ``native.lark`` (transformer attached: it yields drafts)."""
    from lark import Token, Transformer

    class _NativeTransformer(Transformer[Token, Any]):
        """LALR callbacks: build drafts as rules reduce (no parse tree)."""

        def game(self, children: list[Token]) -> Draft:
            return draft_from_tokens(children)

        def open(self, children: list[Token]) -> Draft:
            return draft_from_tokens(children)

        def start(self, children: list[Draft]) -> list[Draft]:
            return children

    return load_grammar(
        "native",
        transformer=_NativeTransformer(),
        lexer_callbacks={"BRACE_COMMENT": _collect_comment, "LINE_COMMENT": _collect_comment},
    )


def native_pattern(name: str) -> re.Pattern[str]:
    """Terminal ``name`` of ``native.lark`` as a compiled Python pattern
    (:func:`~narde_notation.formats.grammar.terminal_pattern`)."""
    return terminal_pattern("native", native_parser, name)
