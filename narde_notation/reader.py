"""Read Narde game records: the native layout and the ``.mat`` match layout.

The syntax lives in ``grammar/*.lark`` (LALR, loaded once per process):

* ``terms.lark`` -- rolls, moves, half-turns, turn numbers, comments;
* ``native.lark`` -- tag pairs, turns and result tokens (record-format.md);
* ``mat.lark`` -- the move text of a ``.mat`` turn line and the line
  patterns of the Jellyfish / GNU Backgammon layout.

Entry points:

* :func:`read_games` -- a path, or an open text or binary file;
* :func:`parse_games` -- text already in memory.

Both yield :class:`~narde_notation.record.GameRecord` objects one game at a
time (a file is never held whole: the native reader cuts the line stream at
game boundaries, the ``.mat`` reader works line by line) and **never raise on
bad text**: a syntax problem becomes a ``syntax``
:class:`~narde_notation.findings.Finding` on the game it breaks, with the
file, the game index, the line, the column, what was expected, and the line
with a caret under the column.  Reading then resumes at the next game.

The reader keeps moves as written: numbers are not converted (the
``Numbering`` tag is the validator's business), turn numbers are stored as
written, ``*`` (hit) and ``bar`` are read without complaint (the validator
reports ``hit``/``bar``, corpus decision 3).
"""

from __future__ import annotations

import codecs
import dataclasses
import functools
import io
import os
import re
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib.resources import files
from typing import IO, Any, Literal, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from narde_notation.findings import Finding
from narde_notation.record import BAR, OFF, GameRecord, HalfTurn, Move
from narde_notation.side import Side

__all__ = ["Source", "detect_format", "parse_games", "read_games"]

#: What :func:`read_games` accepts: a path, or an open text or binary file.
Source = str | os.PathLike[str] | IO[str] | IO[bytes]

_READ_BLOCK = 1 << 16
#: How many lines the format sniffer looks at before settling on native.
_SNIFF_LINES = 2000


# ---------------------------------------------------------------------------
# Grammar loading


def _grammar_resource(name: str) -> str:
    return (files("narde_notation") / "grammar" / name).read_text(encoding="utf-8")


def _import_from_package(base_path: object, grammar_path: str) -> tuple[str, str]:
    """Lark import hook: ``%import terms (...)`` reads ``grammar/terms.lark``."""
    resource = files("narde_notation") / "grammar" / grammar_path
    if not resource.is_file():
        raise OSError(f"no grammar {grammar_path!r}")
    return grammar_path, resource.read_text(encoding="utf-8")


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
def _native_parser() -> Lark:
    return Lark(
        _grammar_resource("native.lark"),
        parser="lalr",
        transformer=_NativeTransformer(),
        lexer_callbacks={"BRACE_COMMENT": _collect_comment, "LINE_COMMENT": _collect_comment},
        import_paths=[_import_from_package],
        maybe_placeholders=False,
    )


@functools.cache
def _mat_parser() -> Lark:
    return Lark(
        _grammar_resource("mat.lark"),
        parser="lalr",
        start=["start", "layout"],
        import_paths=[_import_from_package],
        maybe_placeholders=False,
    )


@functools.cache
def _terminal_re(parser: Literal["native", "mat"], name: str) -> re.Pattern[str]:
    """A terminal of the grammar compiled as a Python pattern (one definition)."""
    lark = _native_parser() if parser == "native" else _mat_parser()
    return re.compile(lark.get_terminal(name).pattern.to_regexp())


# ---------------------------------------------------------------------------
# Interpreting half-turn text (memoised: the same text recurs constantly)

_POINTS: dict[str, int] = {"off": OFF, "Off": OFF, "o": OFF, "bar": BAR}
_ANNOTATION_RE = re.compile(r"(!!|\?\?|!\?|\?!|!|\?)$")

_Parts = tuple[tuple[int, int], tuple[Move, ...], "str | None"]


def _point(text: str) -> tuple[int, bool]:
    hit = text.endswith("*")
    if hit:
        text = text[:-1]
    value = _POINTS.get(text)
    return (int(text) if value is None else value), hit


@functools.lru_cache(maxsize=1 << 16)
def _move(text: str, column: int) -> Move:
    repeat = 1
    body = text
    if body.endswith(")"):
        body, _, count = body[:-1].partition("(")
        repeat = int(count)
    path: list[int] = []
    hit = False
    for part in body.split("/"):
        point, marked = _point(part)
        path.append(point)
        hit = hit or marked
    return Move(tuple(path), repeat, hit, text, column)


_WORD_RE = re.compile(r"\S+")
_ROLL_DICE: dict[str, tuple[int, int]] = {
    f"{a}{sep}{b}:": (max(a, b), min(a, b))
    for a in range(1, 7)
    for b in range(1, 7)
    for sep in ("", "-", ":")
}


@functools.lru_cache(maxsize=1 << 16)
def _halfturn_parts(text: str, column: int) -> _Parts:
    """``"65: 24/18 18/13!"`` at ``column`` -> ((6, 5), moves, "!").

    The text has already matched the ``HALFTURN`` terminal (terms.lark).
    """
    colon = 2 if text[1].isdigit() else 3  # `65:` or `6-5:` / `6:5:`
    dice = _ROLL_DICE[text[: colon + 1]]
    annotation: str | None = None
    end = len(text)
    if text[-1] in "!?":
        match = _ANNOTATION_RE.search(text, colon + 1)
        if match:
            annotation = match.group(1)
            end = match.start()
    moves: list[Move] = []
    move = _move
    for word in _WORD_RE.finditer(text, colon + 1, end):
        written = word.group()
        if written != "pass" and written != "Pass":
            moves.append(move(written, column + word.start()))
    return dice, tuple(moves), annotation


# ---------------------------------------------------------------------------
# Drafts: a game as read, before comments are attached


@dataclass(slots=True)
class _Draft:
    """A game as read, before comments are attached.

    ``positions`` holds the character offset (in the chunk) where each
    half-turn starts, to place comments.
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


_TAG_RE = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_-]*)[ \t]+"((?:[^"\\\n]|\\[^\n])*)"')
_UNESCAPE_RE = re.compile(r"\\(.)")


def _unescape(value: str) -> str:
    return _UNESCAPE_RE.sub(r"\1", value) if "\\" in value else value


def _turn_number(token: str) -> tuple[int, bool]:
    return int(token.rstrip(".")), token.endswith("...")


# Splits the lines of a TURNS token (native.lark), already matched by the
# grammar, at their rolls; validation is the grammar's job, this only cuts
# the text.  One match per turn line (MULTILINE: blank lines inside the block
# match nothing).  Group 1 is what precedes the first roll (indentation and
# turn number), group 2 the first half-turn, group 3 the second (moves hold
# no colon, so a half-turn ends at its last character before the next roll
# or the end of the line).
_HALFTURN_TEXT = r"[1-6][-:]?[1-6]:(?:[^:\n]*[^: \t\r\n])?"
_LINE_SPLIT_RE = re.compile(
    rf"^([^:\n]*?)({_HALFTURN_TEXT})(?:[ \t]+({_HALFTURN_TEXT}))?[ \t\r]*$", re.MULTILINE
)


class _HalfTurnDraft:
    """A mutable twin of :class:`HalfTurn` (same slots, same order): filled with
    plain attribute stores, then retyped -- a frozen dataclass's ``__init__``
    costs a call of ``object.__setattr__`` per field, and the reader makes one
    half-turn per roll read."""

    __slots__ = ("annotation", "column", "comments", "dice", "line", "moves", "number", "side")

    side: Side
    dice: tuple[int, int]
    moves: tuple[Move, ...]
    number: int | None
    annotation: str | None
    comments: tuple[str, ...]
    line: int
    column: int


# `__class__` assignment needs the same slot names (CPython lays slots out in
# sorted name order, so the order written does not matter).
assert sorted(_HalfTurnDraft.__slots__) == sorted(HalfTurn.__slots__)
_SET_CLASS = object.__setattr__


def _new_halfturn(
    side: Side,
    number: int | None,
    dice: tuple[int, int],
    moves: tuple[Move, ...],
    annotation: str | None,
    line: int,
    column: int,
) -> HalfTurn:
    """A :class:`HalfTurn` filled on its mutable twin and retyped (reader hot path)."""
    half = _HalfTurnDraft()
    half.side = side
    half.dice = dice
    half.moves = moves
    half.number = number
    half.annotation = annotation
    half.comments = ()
    half.line = line
    half.column = column
    _SET_CLASS(half, "__class__", HalfTurn)
    return half  # type: ignore[return-value]


@functools.lru_cache(maxsize=4096)
def _written_number(text: str) -> tuple[int | None, bool]:
    text = text.strip()
    if not text:
        return None, False
    return _turn_number(text)


def _draft_from_tokens(tokens: Iterable[Token]) -> _Draft:
    """Tags, half-turns and result of one game from its tokens, in order.

    Sides: the first half-turn is White unless its number is ``N...``; then
    they alternate whatever the numbers say (record-format.md, "Turns").
    """
    draft = _Draft()
    offset = _SINK.line_offset
    number: int | None = None
    black = False
    side: Side | None = None
    white, black_side = Side.WHITE, Side.BLACK
    halfturns = draft.half_turns
    positions = draft.positions
    parts = _halfturn_parts
    finditer = _LINE_SPLIT_RE.finditer
    append_half = halfturns.append
    append_position = positions.append
    for token in tokens:
        kind = token.type
        if draft.line is None:
            draft.line = token.line + offset  # type: ignore[operator]
        if kind == "TURNS":
            line_no: int = token.line + offset  # type: ignore[operator]
            shift: int = token.column - 1  # type: ignore[operator]
            base: int = token.start_pos  # type: ignore[assignment]
            previous = 0
            for found in finditer(token):
                start = found.start()
                if start:  # a later line of the block
                    line_no += token.count("\n", previous, start)
                    previous = start
                    first_column = 1 - start
                else:  # the first line: the token starts at `shift`
                    first_column = 1 + shift
                start = found.start(2)
                if start != previous:
                    written, mark = _written_number(found.group(1))
                    if written is not None:
                        number, black = written, mark
                if side is None:
                    side = black_side if black else white
                column = start + first_column
                append_half(_new_halfturn(side, number, *parts(found.group(2), column),
                                          line_no, column))
                append_position(base + start)
                side = black_side if side is white else white
                number = None
                black = False
                start = found.start(3)
                if start >= 0:
                    column = start + first_column
                    append_half(_new_halfturn(side, None, *parts(found.group(3), column),
                                              line_no, column))
                    append_position(base + start)
                    side = black_side if side is white else white
        elif kind == "TURNNO":
            number, black = _turn_number(str(token))
        elif kind == "MOVES" and halfturns:
            # moves continuing the previous half-turn after a comment
            last = halfturns[-1]
            _, moves, annotation = parts(f"11: {token}", int(token.column or 1) - 4)
            halfturns[-1] = dataclasses.replace(
                last, moves=last.moves + moves, annotation=annotation or last.annotation
            )
        elif kind == "TAGS":
            tags, tag_lines = draft.tags, draft.tag_lines
            line_no = token.line + offset  # type: ignore[operator]
            for line in str(token).split("\n"):
                match = _TAG_RE.search(line)
                if match is not None:
                    name = match.group(1)
                    tags[name] = _unescape(match.group(2))
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

    def header(self, children: list[Token]) -> list[Token]:
        return children

    def turns(self, children: list[Token]) -> list[Token]:
        return children

    def _game(self, children: list[Any]) -> _Draft:
        tokens: list[Token] = []
        for child in children:
            if isinstance(child, list):
                tokens.extend(child)
            else:
                tokens.append(child)
        return _draft_from_tokens(tokens)

    def game(self, children: list[Any]) -> _Draft:
        return self._game(children)

    def open(self, children: list[Any]) -> _Draft:
        return self._game(children)

    def start(self, children: list[_Draft]) -> list[_Draft]:
        return children


def _comment_text(token: Token) -> str:
    text = str(token)
    return text[1:-1].strip() if text.startswith("{") else text[1:].strip()


def _finish(
    draft: _Draft,
    comments: list[Token],
    *,
    file: str | None,
    index: int,
    fmt: Literal["native", "mat"] = "native",
) -> GameRecord:
    """Attach comments to the half-turns they follow: a :class:`GameRecord`.

    A comment belongs to the last half-turn before it in the same game;
    comments before a game's first half-turn or after its result are dropped.
    """
    halfturns = draft.half_turns
    positions = draft.positions
    if comments and halfturns:
        end = draft.result_pos if draft.result_pos >= 0 else None
        notes: dict[int, list[str]] = {}
        k = 0
        for comment in comments:
            pos = comment.start_pos
            assert pos is not None
            if pos < positions[0] or (end is not None and pos > end):
                continue
            while k + 1 < len(positions) and positions[k + 1] < pos:
                k += 1
            notes.setdefault(k, []).append(_comment_text(comment))
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
# Syntax findings

_EXPECTED_WORDS: dict[str, str] = {
    "TAGS": 'a tag pair [Name "value"]',
    "TURNNO": "a turn number (12. or 12...)",
    "HALFTURN": "a roll and its moves (65: 24/18 18/13)",
    "TURNS": "a turn (12. 65: 24/18 18/13)",
    "MOVES": "more moves (24/18)",
    "RESULT": "a result (1-0, 0-1, *, …)",
    "$END": "the end of the game",
    "CUBE": "a roll",
}

#: Plain-language diagnoses of common mistakes, tried in order on the text at
#: the error (the word found there, and what precedes it on the line).
_HINTS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), hint)
    for pattern, hint in (
        (r"^\[", 'malformed tag pair: write [Name "value"] on one line, the value in quotes'),
        (r"^\{", "this comment is never closed: '{' needs a '}'"),
        (r"^\}", "'}' closes no comment"),
        (
            r"(?i)^(?:doubles?|redoubles?|takes?|drops?|beavers?|accepts?|rejects?)\b",
            "a cube action: Long Narde has no doubling cube",
        ),
        (r"^[0-9]+[-:]?[0-9]*:", "a roll is two dice from 1 to 6 and a colon (65:, 6-5:)"),
        (r"^[0-9]+[^0-9/\s]*:", "a roll is two dice from 1 to 6 and a colon (65:, 6-5:)"),
        (r"^[1-6]{2}$", "a roll needs its colon (65:)"),
        (r"^[0-9]+//", "a move joins its points with single slashes (24/18)"),
        (r"^/|/$", "a slash needs a point on both sides (24/18)"),
        (r"^\([0-9]*$|^\(", "a repeat is written right after the move, in brackets: 24/18(2)"),
        (r"^[!?]", "an annotation is one of ! ? !! ?? !? ?! after the last move"),
        (r"^[0-9]-[0-9]$", "a result is 1-0, 2-0, 3-0, 0-1, 0-2, 0-3, 0-0 or *"),
        (r"^[0-9]+-[0-9]+", "a move is written with slashes (24/18)"),
        (r"^\.", "a turn number is 12. (White) or 12... (Black)"),
        (r"^[0-9]+/", "a move's points are numbers 1-24, off or bar"),
        (r"^[A-Za-z]*[0-9]", "a point is a number 1-24, off or bar"),
    )
)


_MOVE_START_RE = re.compile(r"(?:[0-9]{1,2}|bar|off|Off|o)\*?/(?:[0-9]{1,2}|bar|off|Off|o)")


def _hint(found: str, before: str, names: set[str]) -> str | None:
    word = found.split(None, 1)[0] if found.strip() else ""
    if before and not before[-1].isspace() and word[:1].isalpha():
        glued = before.split()[-1]  # what the letters are glued to
        if "/" in glued:
            return "a point is a number 1-24, off or bar"
        if glued.isdigit():
            return "a roll is two dice 1-6 and a colon, such as 65:"
    if "MOVES" not in names and _MOVE_START_RE.match(word):
        return "the roll comes before the moves: 12. 65: 24/18 18/13"
    for pattern, hint in _HINTS:
        if pattern.search(word):
            return hint
    if any(not c.isprintable() or c == "\ufffd" for c in word):
        return "text that is not part of a record"
    return None


def _message(names: Iterable[str], found_text: str, before: str, *, end: bool = False) -> str:
    names = set(names)
    found = "the end of the text" if end else _describe(found_text)
    basic = f"expected {_expected(names)}, found {found}"
    hint = None if end else _hint(found_text, before, names)
    return f"{hint} ({basic})" if hint else basic


def _expected(names: Iterable[str]) -> str:
    names = set(names)
    if names == {"TURNS"}:
        return _EXPECTED_WORDS["HALFTURN"]
    words = sorted({_EXPECTED_WORDS.get(name, name) for name in names if name != "WS"})
    if not words:
        return "nothing more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


#: How much of an offending line the caret picture shows, at most.
_CONTEXT_WIDTH = 100
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _caret(line_text: str, column: int) -> str:
    """The line (a window of it around the column when long, control
    characters shown as ``?`` so nothing reaches the terminal raw) and a caret."""
    start = 0
    if len(line_text) > _CONTEXT_WIDTH:
        start = max(0, min(column - 1 - _CONTEXT_WIDTH // 2, len(line_text) - _CONTEXT_WIDTH))
    shown = _CONTROL.sub("?", line_text[start : start + _CONTEXT_WIDTH])
    prefix = "…" if start > 0 else ""
    suffix = "…" if start + _CONTEXT_WIDTH < len(line_text) else ""
    pad = " " * (len(prefix) + max(column - 1 - start, 0))
    return f"{prefix}{shown}{suffix}\n{pad}^"


def _syntax(
    message: str, *, file: str | None, line: int, column: int | None, line_text: str | None
) -> Finding:
    context = None
    if line_text is not None and column is not None:
        context = _caret(line_text, column)
    return Finding("syntax", _CONTROL.sub("?", message), file=file, line=line, column=column,
                   context=context)


def _describe(text: str) -> str:
    word = text.split(None, 1)[0] if text.strip() else text
    if len(word) > 20:
        word = word[:20] + "…"
    return repr(word)


# ---------------------------------------------------------------------------
# Lines


def _split_lines(blocks: Iterable[str]) -> Iterator[str]:
    """Lines of a stream of text blocks: ``\\n`` ends a line, a final ``\\r`` is dropped,
    a leading BOM is ignored."""
    pending = ""
    first = True
    for block in blocks:
        if first and block:
            if block.startswith("\ufeff"):
                block = block[1:]
            first = False
        if not block:
            continue
        pending += block
        parts = pending.split("\n")
        pending = parts.pop()
        for part in parts:
            yield part[:-1] if part.endswith("\r") else part
    if pending:
        yield pending[:-1] if pending.endswith("\r") else pending


def _blocks_of_binary(stream: IO[bytes]) -> Iterator[str]:
    """Decode UTF-8 (bad bytes become U+FFFD); a UTF-16 byte-order mark, as
    Windows editors write "Unicode" files, switches to UTF-16."""
    data = stream.read(_READ_BLOCK)
    encoding = "utf-16" if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) else "utf-8"
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    while data:
        yield decoder.decode(data)
        data = stream.read(_READ_BLOCK)
    yield decoder.decode(b"", final=True)


def _blocks_of_text(stream: IO[str]) -> Iterator[str]:
    while True:
        data = stream.read(_READ_BLOCK)
        if not data:
            break
        yield data


def _blocks_of_path(path: str | os.PathLike[str]) -> Iterator[str]:
    with open(path, "rb") as stream:
        yield from _blocks_of_binary(stream)


# ---------------------------------------------------------------------------
# Format detection

_NATIVE_START_RE = re.compile(r"\s*(?:\[|[0-9]+\.|[1-6][-:]?[1-6]:)")


def detect_format(lines: Iterable[str]) -> Literal["native", "mat"]:
    """``"mat"`` if a ``N point match`` or ``Game N`` line (or a ``N)`` turn line)
    comes before anything native (a tag pair ``[``, a turn ``12.``, a roll
    ``65:``); ``"native"`` otherwise.  Free text and ``;`` lines are skipped.

    Looks at no more than the first 2000 lines.
    """
    match_re = _terminal_re("mat", "MATCH_LINE")
    game_re = _terminal_re("mat", "GAME_LINE")
    turn_re = _terminal_re("mat", "TURN_LINE")
    for count, line in enumerate(lines):
        if count >= _SNIFF_LINES:
            break
        stripped = line.strip()
        if not stripped or stripped.startswith(";"):
            continue
        if match_re.fullmatch(line) or game_re.fullmatch(line) or turn_re.fullmatch(line):
            return "mat"
        if _NATIVE_START_RE.match(line):
            return "native"
    return "native"


# ---------------------------------------------------------------------------
# Native layout


@dataclass(slots=True)
class _Chunk:
    start: int  # line number of the first line
    lines: list[str]
    next_tag_line: int | None  # the tag line that ended this chunk, if any
    next_tag_text: str = ""


_RESULT_LINE_RE = re.compile(r"[ \t]*(?:[123]-0|0-[0123]|\*)[ \t]*")


def _native_chunks(lines: Iterable[tuple[int, str]]) -> Iterator[_Chunk]:
    """Cut the line stream at game boundaries: where a tag line follows moves,
    and after a line that is only a result token.  A chunk may still hold
    several games (a result token inside a line ends one); the grammar
    splits them."""
    buffer: list[str] = []
    start = 1
    has_moves = False
    for number, line in lines:
        stripped = line.lstrip()
        if has_moves and stripped.startswith("["):
            yield _Chunk(start, buffer, number, line)
            buffer = []
            has_moves = False
        if not buffer:
            start = number
        buffer.append(line)
        if stripped and stripped[0] not in "[;{":
            has_moves = True
            if ":" not in line and _RESULT_LINE_RE.fullmatch(line):
                yield _Chunk(start, buffer, None)
                buffer = []
                has_moves = False
    if buffer:
        yield _Chunk(start, buffer, None)


def _error_position(error: UnexpectedInput, text: str) -> tuple[int, int, int]:
    """(line, column, position) of a parse error, in chunk coordinates."""
    if isinstance(error, UnexpectedToken) and error.token.type != "$END":
        token = error.token
        return int(token.line or 1), int(token.column or 1), int(token.start_pos or 0)
    if isinstance(error, UnexpectedCharacters):
        return error.line, error.column, int(error.pos_in_stream or 0)
    # the end of the text
    line = text.count("\n") + 1
    column = len(text) - (text.rfind("\n") + 1) + 1
    return line, column, len(text)


def _lex_until(text: str, pos: int) -> list[Token]:
    tokens: list[Token] = []
    try:
        for token in _native_parser().lex(text):
            if token.start_pos is not None and token.start_pos >= pos:
                break
            tokens.append(token)
    except UnexpectedInput:
        pass
    return tokens


def _recover(chunk: _Chunk, text: str, error: UnexpectedInput, file: str | None) -> list[_Draft]:
    """Drafts of a chunk whose parse failed: the games before the error, the
    broken game (its half-turns before the error) with a ``syntax`` finding."""
    line, column, pos = _error_position(error, text)
    comments_before = list(_SINK.comments)
    _SINK.comments = []
    tokens = _lex_until(text, pos)
    _SINK.comments = comments_before
    drafts: list[_Draft] = []
    current: list[Token] = []
    for token in tokens:
        current.append(token)
        if token.type == "RESULT":
            drafts.append(_draft_from_tokens(current))
            current = []
    lines = chunk.lines
    at_end = isinstance(error, UnexpectedToken) and error.token.type == "$END"
    if at_end and current and current[-1].type == "TAGS":
        # corpus decision 1: a game made only of tag pairs
        last = current[-1]
        line, column = last.end_line, None  # type: ignore[assignment]
        message = "a game needs moves or a result after its tag pairs"
        line_text: str | None = None
    else:
        if at_end and tokens:
            # point just after the last token read, not at trailing blank lines
            last = tokens[-1]
            line, column = int(last.end_line or line), int(last.end_column or column)
        line_text = lines[line - 1] if 0 < line <= len(lines) else ""
        names: Iterable[str]
        if isinstance(error, UnexpectedToken):
            names = error.expected
            found_text = str(error.token)
        else:
            names = getattr(error, "allowed", None) or ()
            found_text = text[pos : pos + 40]
        before = line_text[: max(column - 1, 0)]
        message = _message(names, found_text, before, end=at_end)
    draft = _draft_from_tokens(current) if current else _Draft()
    if draft.line is None:
        draft.line = line + chunk.start - 1
    draft.findings.append(
        _syntax(
            message,
            file=file,
            line=line + chunk.start - 1,
            column=column,
            line_text=line_text,
        )
    )
    drafts.append(draft)
    return drafts


def _chunk_drafts(
    chunk: _Chunk, parser: Lark, file: str | None
) -> tuple[list[_Draft], list[Token]]:
    """The games of one chunk and the comments read in it."""
    text = "\n".join(chunk.lines)
    _SINK.comments = []
    _SINK.line_offset = chunk.start - 1
    broken = False
    try:
        drafts = cast(list[_Draft], parser.parse(text))
    except UnexpectedInput as error:
        drafts = _recover(chunk, text, error, file)
        broken = True
    comments = _SINK.comments
    _SINK.comments = []
    if not broken and chunk.next_tag_line is not None and drafts and drafts[-1].result is None:
        # corpus decision 1: a tag pair after moves, before the result
        tag_text = chunk.next_tag_text
        column = len(tag_text) - len(tag_text.lstrip()) + 1 if tag_text else 1
        drafts[-1].findings.append(
            _syntax(
                "expected a result token (1-0, 0-1, *, …) before the next game's tag pairs",
                file=file,
                line=chunk.next_tag_line,
                column=column,
                line_text=tag_text,
            )
        )
    return drafts, comments


def _reader_failure(exc: Exception, *, file: str | None, index: int, line: int) -> GameRecord:
    """A record standing for text the reader failed on (a bug), so that the
    rest of the file is still read: the contract is never to raise on text."""
    message = (
        f"the reader failed on the text from this line ({type(exc).__name__}: {exc}); "
        "this is a bug in narde-notation, please report it"
    )
    finding = Finding("syntax", message, file=file, game=index, line=line)
    return GameRecord(findings=[finding], file=file, index=index, line=line)


def _read_native(lines: Iterable[tuple[int, str]], file: str | None) -> Iterator[GameRecord]:
    parser = _native_parser()
    index = 0
    for chunk in _native_chunks(lines):
        try:
            drafts, comments = _chunk_drafts(chunk, parser, file)
            records = [
                _finish(draft, comments, file=file, index=index + k)
                for k, draft in enumerate(drafts)
            ]
        except Exception as exc:  # pragma: no cover - a safety net for reader bugs
            records = [_reader_failure(exc, file=file, index=index, line=chunk.start)]
        for record in records:
            yield record
            index += 1


# ---------------------------------------------------------------------------
# .mat layout


class _MatReader:
    """Line-by-line reader of the Jellyfish / GNU Backgammon match layout."""

    def __init__(self, file: str | None) -> None:
        self.file = file
        self.header: dict[str, str] = {}
        self.header_lines: dict[str, int] = {}
        self.match_length: str | None = None
        self.match_line = 0
        self.draft: _MatGame | None = None
        self.index = 0
        self.re_match = _terminal_re("mat", "MATCH_LINE")
        self.re_game = _terminal_re("mat", "GAME_LINE")
        self.re_score = _terminal_re("mat", "SCORE_LINE")
        self.re_turn = _terminal_re("mat", "TURN_LINE")
        self.re_wins = _terminal_re("mat", "WINS_LINE")
        self.re_tag = _terminal_re("mat", "HEADER_TAG")

    def finish(self) -> GameRecord | None:
        game = self.draft
        self.draft = None
        if game is None:
            return None
        tags = dict(game.header_at_start)
        tags.update(game.tags)
        tag_lines = dict(game.header_lines)
        tag_lines.update(game.tag_lines)
        record = GameRecord(
            tags=tags,
            half_turns=game.half_turns,
            result=game.result,
            findings=[f.located(game=self.index) for f in game.findings],
            file=self.file,
            index=self.index,
            line=game.line,
            format="mat",
            tag_lines=tag_lines,
            result_line=game.result_line,
            result_column=game.result_column,
        )
        self.index += 1
        return record

    def start_game(self, number: int) -> _MatGame:
        """Open a new game at line ``number`` (the header tags and match length apply)."""
        game = self.draft = _MatGame(
            line=number,
            header_at_start=dict(self.header),
            header_lines=dict(self.header_lines),
        )
        if self.match_length is not None:
            game.tags["Match"] = self.match_length
            game.tag_lines["Match"] = self.match_line
        return game

    def feed(self, number: int, line: str) -> GameRecord | None:
        stripped = line.strip()
        if not stripped:
            return None
        game = self.draft
        if stripped.startswith(";"):
            match = self.re_tag.fullmatch(line.lstrip())
            if match:
                # `Match ID` -> `MatchID`: a tag name the native layout can write
                name = "".join(match.group("name").split())
                value = _unescape(match.group("value"))
                if game is None:
                    self.header[name] = value
                    self.header_lines[name] = number
                elif name not in game.tags:
                    game.tags[name] = value
                    game.tag_lines[name] = number
            return None
        match = self.re_game.fullmatch(line)
        if match:
            done = self.finish()
            game = self.start_game(number)
            game.tags["Game"] = match.group("game")
            game.tag_lines["Game"] = number
            return done
        match = self.re_match.fullmatch(line)
        if match:
            done = self.finish()
            self.match_length = match.group("length")
            self.match_line = number
            return done
        if game is None:
            if not (
                self.re_turn.fullmatch(line)
                or (self.match_length is not None and self.re_score.fullmatch(line))
            ):
                return None  # free-text preamble
            # Turns (or a score line) with no `Game N` line before them: a game
            # all the same, so that no move is lost.
            game = self.start_game(number)
        match = self.re_turn.fullmatch(line)
        if match:
            game.expect_score = False
            if not game.broken:
                self.turn_line(game, number, line, match)
            return None
        if game.expect_score:
            game.expect_score = False
            match = self.re_score.fullmatch(line)
            if match:
                # `Name : score   Name : score`; names may hold commas and spaces
                game.tags["White"] = match.group("white")
                game.tags["Black"] = match.group("black")
                game.tags["Score"] = f"{match.group('wscore')}-{match.group('bscore')}"
                for name in ("White", "Black", "Score"):
                    game.tag_lines[name] = number
                return None
        match = self.re_wins.fullmatch(line)
        if match:
            # corpus decision 9: a Wins line indented 20+ columns is the right player's
            points = match.group("points")
            black = len(match.group("indent")) >= 20
            game.result = f"0-{points}" if black else f"{points}-0"
            game.result_line = number
            game.result_column = len(match.group("indent")) + 1
            return None
        if not game.broken:
            column = len(line) - len(line.lstrip()) + 1
            game.findings.append(
                _syntax(
                    "expected a turn line (12) 65: 24/18 18/13), a Wins line or Game N, "
                    f"found {_describe(stripped)}",
                    file=self.file,
                    line=number,
                    column=column,
                    line_text=line,
                )
            )
            game.broken = True
        return None

    def turn_line(self, game: _MatGame, number: int, line: str, match: re.Match[str]) -> None:
        turn = int(match.group("number"))
        rest = match.group("rest")
        base = match.start("rest")  # 0-based column of the text after ")"
        tokens: list[Token]
        try:
            tree = _mat_parser().parse(rest, start="start")
            tokens = cast(list[Token], tree.children)
        except UnexpectedInput as error:
            # keep what was read before the error, as the native reader does
            if isinstance(error, UnexpectedToken):
                pos = int(error.token.start_pos or 0)
            else:
                pos = int(error.pos_in_stream or 0)
            tokens = []
            try:
                for token in _mat_parser().lex(rest):
                    if int(token.start_pos or 0) >= pos:
                        break
                    tokens.append(token)
            except UnexpectedInput:
                pass
            names = getattr(error, "allowed", None) or getattr(error, "expected", None) or ()
            game.findings.append(
                _syntax(
                    _message(names, rest[pos:], rest[:pos]),
                    file=self.file,
                    line=number,
                    column=base + pos + 1,
                    line_text=line,
                )
            )
            game.broken = True
        halfturns = [t for t in tokens if t.type == "HALFTURN"]
        for token in tokens:
            if token.type == "CUBE":  # one finding per line: the first cube word
                game.findings.append(
                    _syntax(
                        f"cube action {str(token)!r}: Long Narde has no doubling cube",
                        file=self.file,
                        line=number,
                        column=base + token.column,  # type: ignore[operator]
                        line_text=line,
                    )
                )
                break
        for i, token in enumerate(halfturns):
            column = base + token.column  # type: ignore[operator]
            if len(halfturns) >= 2:
                side = Side.WHITE if i == 0 else Side.BLACK
            else:
                # corpus decision 9: 2+ blanks after "N)" is the right column
                side = Side.BLACK if token.column - 1 >= 2 else Side.WHITE  # type: ignore[operator]
            written = turn if (i == 0) else None
            dice, moves, annotation = _halfturn_parts(str(token), column)
            game.half_turns.append(
                HalfTurn(side, dice, moves, written, annotation, (), number, column)
            )


@dataclass(slots=True)
class _MatGame:
    line: int
    header_at_start: dict[str, str]
    header_lines: dict[str, int]
    tags: dict[str, str] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    half_turns: list[HalfTurn] = field(default_factory=list)
    result: str | None = None
    result_line: int | None = None
    result_column: int | None = None
    findings: list[Finding] = field(default_factory=list)
    expect_score: bool = True
    broken: bool = False


def _read_mat(lines: Iterable[tuple[int, str]], file: str | None) -> Iterator[GameRecord]:
    reader = _MatReader(file)
    for number, line in lines:
        try:
            done = reader.feed(number, line)
        except Exception as exc:  # pragma: no cover - a safety net for reader bugs
            reader.draft = None
            done = _reader_failure(exc, file=file, index=reader.index, line=number)
            reader.index += 1
        if done is not None:
            yield done
    done = reader.finish()
    if done is not None:
        yield done


# ---------------------------------------------------------------------------
# Entry points


def _records(lines: Iterator[str], file: str | None) -> Iterator[GameRecord]:
    head: list[str] = []
    for line in lines:
        head.append(line)
        if len(head) >= _SNIFF_LINES:
            break
        if _NATIVE_START_RE.match(line) or line.rstrip().endswith("point match"):
            break
    fmt = detect_format(head)

    def numbered() -> Iterator[tuple[int, str]]:
        number = 0
        for line in head:
            number += 1
            yield number, line
        for line in lines:
            number += 1
            yield number, line

    stream = numbered()
    records = _read_native(stream, file) if fmt == "native" else _read_mat(stream, file)
    any_record = False
    for record in records:
        any_record = True
        yield record
    if not any_record:
        yield GameRecord(
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


def parse_games(text: str, *, name: str = "<string>") -> Iterator[GameRecord]:
    """Games of a text in memory (native or ``.mat`` layout, detected from content).

    Args:
        text: the whole text (a leading BOM is ignored; LF or CRLF).
        name: the name to put in ``GameRecord.file`` and findings.

    Yields:
        One :class:`GameRecord` per game, in text order: ``index`` from 0,
        ``line`` of its first tag or turn line, ``format`` ``"native"`` or
        ``"mat"``, ``tag_lines``, ``result_line``/``result_column``.  Moves
        are kept as written (own or absolute numbering alike); sides come
        from the layout (record-format.md "Turns"; ``.mat``: corpus README
        decision 9).

    Raises:
        Nothing on bad text.  A syntax problem is a ``syntax`` finding on the
        game it breaks (line, column, what was expected, the line with a
        caret); that game keeps the half-turns whose roll was read before the
        error, and reading resumes at the next game (decision 1).  Text
        between games that is no record is a record of its own with no tags
        or half-turns; an empty text is one such record with a finding at
        line 1 (``game`` None).
    """
    return _records(_split_lines([text]), name)


def read_games(source: Source, *, name: str | None = None) -> Iterator[GameRecord]:
    """Games of a file: a path (``str`` or ``os.PathLike``) or an open text or binary file.

    The format (native or ``.mat``) is detected from the content, not the
    extension.  Bytes are decoded as UTF-8 with replacement (a BOM is
    ignored; CRLF is fine).  Games are read one at a time: a large file is
    never held in memory whole.

    Args:
        source: the path or open file.
        name: the name to put in ``GameRecord.file`` and findings (default:
            the path, or the open file's ``name``).

    Yields:
        :class:`GameRecord` per game, in file order, as :func:`parse_games`.

    Raises:
        OSError: when a path cannot be opened or read (on the first
        iteration: the file is opened lazily).  Nothing on bad text: it
        becomes ``syntax`` findings, see :func:`parse_games`.
    """
    if isinstance(source, (str, os.PathLike)):
        file = name if name is not None else os.fspath(source)
        return _records(_split_lines(_blocks_of_path(source)), file)
    file = name if name is not None else str(getattr(source, "name", "<stream>"))
    return _records(_split_lines(_stream_blocks(source)), file)


def _stream_blocks(stream: IO[str] | IO[bytes]) -> Iterator[str]:
    if isinstance(stream, io.TextIOBase):
        yield from _blocks_of_text(stream)
        return
    first = stream.read(_READ_BLOCK)
    if isinstance(first, str):
        yield first
        yield from _blocks_of_text(stream)  # type: ignore[arg-type]
        return
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    data: bytes = first
    while data:
        yield decoder.decode(data)
        data = stream.read(_READ_BLOCK)  # type: ignore[assignment]
    yield decoder.decode(b"", final=True)
