"""Syntax diagnostics: the ``syntax`` findings of both readers.

A finding says what was expected (the grammar's terminals in words), what
was found, a plain-language hint for common mistakes, and carries the
offending line with a caret under the column (a window of it when long,
control characters shown as ``?`` so nothing reaches a terminal raw).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from narde_notation.model import Finding, GameRecord, masked

if TYPE_CHECKING:  # Lark is imported when a parse fails (decisions PL1)
    from lark.exceptions import UnexpectedInput

__all__ = [
    "describe",
    "error_position",
    "expected_names",
    "message",
    "nested_comment",
    "reader_failure",
    "syntax_finding",
]

#: What each terminal stands for, in words; examples are quoted in backticks
#: and never start a message (a number first would read as a line number).
#: ``None``: a terminal that adds nothing to the words of the others.
_EXPECTED_WORDS: dict[str, str | None] = {
    "TAGS": 'a tag pair such as `[Event "Club night"]`',
    "TURNNO": "a turn number such as `N.` or `N...`",
    "HALFTURN": "a roll and its moves such as `65: 24/18 18/13`",
    "TURNS": "a turn such as `N. 65: 24/18 18/13`",
    "MOVES": "a move such as `24/18`",
    "RESULT": "a result such as `1-0`, `0-2` or `*`",
    "$END": "the end of the game",
    # .mat turn lines: the end of a game; cube actions and what programs write
    # in place of moves are never what a record should hold
    "WINS": "`Wins N points`",
    "RESIGNS": "`Resigns`",
    "LOSSES": "`Losses N points`",
    "CUBE": None,
    "CANNOT_MOVE": None,
    "UNRECORDED": None,
    "ILLEGAL_PLAY": None,
    "WS": None,
}

#: Terminals after which a turn line goes on: a move, another half-turn.
_TURN_GOES_ON = frozenset({"MOVES", "TURNS", "HALFTURN", "TURNNO"})
#: What a turn line expects among or after a half-turn's moves, in words.
_ON_A_TURN_LINE = "a move such as `24/18` or `6/off`, or the next roll such as `54:`"
#: What a turn line expects where its half-turn starts.
_A_ROLL = "a roll such as `65:` and its moves, as in `65: 24/18 18/13`"

#: what a turn number looks like (record-format.md, "Turn numbers")
_TURN_NUMBER = "a turn number is `N.` (White) or `N...` (Black)"
#: Plain-language diagnoses of common mistakes, tried in order on the text at
#: the error (the word found there, and what precedes it on the line).
_HINTS: tuple[tuple[str, str], ...] = (
    (r"^\[", 'malformed tag pair: write `[Name "value"]` on one line, the value in quotes'),
    (r"^\{", "this comment is never closed: `{` needs a `}`"),
    (r"^\}", "`}` closes no comment"),
    (
        r"(?i)^(?:doubles?|redoubles?|takes?|drops?|beavers?|accepts?|rejects?)\b",
        "a cube action: Long Narde has no doubling cube",
    ),
    (r"^[0-9]+[-:]?[0-9]*:", "a roll is two dice from 1 to 6 and a colon, such as `65:` or `6-5:`"),
    (r"^[0-9]+[^0-9/\s]*:", "a roll is two dice from 1 to 6 and a colon, such as `65:` or `6-5:`"),
    (r"^[1-6]{2}$", "a roll needs its colon, as in `65:`"),
    (r"^[0-9]+//", "a move joins its points with single slashes, as in `24/18`"),
    (r"^/|/$", "a slash needs a point on both sides, as in `24/18`"),
    (r"^\([0-9]*$|^\(", "a repeat is written right after the move, in brackets: `24/18(2)`"),
    (r"^[!?]", "an annotation is one of `!` `?` `!!` `??` `!?` `?!` after the last move"),
    (r"^[0-9]-[0-9]$", "a result is `1-0`, `2-0`, `3-0`, `0-1`, `0-2`, `0-3`, `0-0` or `*`"),
    (r"^[0-9]+-[0-9]+", "a move is written with slashes, as in `24/18`"),
    (r"^\.", _TURN_NUMBER),
    (r"^[0-9]+/", "a move's points are numbers 1-24, `off` or `bar`"),
    (r"^[0-9]+[),]", _TURN_NUMBER),  # `2)` or `2,` where a turn number goes
    (r"^[A-Za-z]*[0-9]", "a point is a number 1-24, `off` or `bar`"),
)


@functools.cache
def _pattern(text: str) -> re.Pattern[str]:
    """A pattern of this module, compiled on first use (syntax errors only,
    not at start-up)."""
    return re.compile(text)


_MOVE_START = r"(?:[0-9]{1,2}|bar|off|Off|o)\*?/(?:[0-9]{1,2}|bar|off|Off|o)"


#: The blanks of the grammars (``WS``, ``_SP``); other Unicode spaces are text.
_GRAMMAR_BLANKS = frozenset(" \t\r\n\f\v")


def _hint(found: str, before: str, names: set[str]) -> str | None:
    if found[:1].isspace() and found[0] not in _GRAMMAR_BLANKS:
        return (f"a U+{ord(found[0]):04X} space, which a record does not take as a blank:"
                " write a plain space")
    word = found.split(None, 1)[0] if found.strip() else ""
    if before and not before[-1].isspace() and word[:1].isalpha():
        glued = before.split()[-1]  # what the letters are glued to
        if "/" in glued:
            return "a point is a number 1-24, `off` or `bar`"
        if glued.isdigit():
            return "a roll is two dice 1-6 and a colon, such as `65:`"
    if "MOVES" not in names and not _on_turn_line(before) and _pattern(_MOVE_START).match(word):
        return "the roll comes before the moves, as in `N. 65: 24/18 18/13`"
    count = _pattern(r"^\(([0-9]+)\)").match(word)
    if count is not None and before and not before[-1].isspace():
        return (f"a repeat of {count.group(1)} cannot be: the count in brackets says how many"
                " times the move is played, 1 to 9, as in `24/18(2)`")
    for pattern, hint in _HINTS:
        if _pattern(pattern).search(word):
            return hint
    if any(not c.isprintable() or c == "\ufffd" for c in word):
        return "text that is not part of a record"
    return None


def message(names: Iterable[str], found_text: str, before: str, *, end: bool = False) -> str:
    """The message of a syntax error: a hint for a common mistake, then what was
    expected and what was found.  ``names``: the terminals the parser would
    have taken; ``found_text``: the text at the error; ``before``: the line's
    text before it; ``end``: the error is at the end of the text.

    On a turn line (a roll before the error on its line, and a move or a
    half-turn could follow) what was expected is said in the turn line's
    words - a move, the next roll - not as the grammar's list of what a
    whole record may hold; where a turn's roll should stand and a number is
    found, a roll.  Examples are quoted in backticks (decisions F16, F20)."""
    names = set(names)
    found = "the end of the text" if end else describe(found_text)
    basic = f"expected {_expected(names, found_text, before, end=end)}, found {found}"
    hint = None if end else _hint(found_text, before, names)
    return f"{hint} ({basic})" if hint else basic


def nested_comment(text: str, pos: int, where: Callable[[int], str]) -> tuple[int, str] | None:
    """A ``{`` at ``pos`` of ``text`` that the lexer refused because the comment
    it opens holds another ``{`` before its ``}`` (comments do not nest:
    record-format.md, "Comments"; the grammar's ``BRACE_COMMENT``): where the
    fault is and what it says, or ``None`` (no inner ``{``, or no ``}`` after
    it: the comment is never closed, :data:`_HINTS`' message).

    With a ``}`` after the comment's first ``}`` and before any other ``{``
    (``{ a { b } }``), the fault is that stray ``}``, which closes nothing once
    the first ``}`` closed the comment; otherwise (``{ a { b }``) the inner
    ``{``.  ``where`` turns a position of ``text`` into ``line:column`` of the
    file, for the message."""
    inner = _next_brace(text, pos + 1, skip_line_comments=False)
    if inner < 0 or text[inner] != "{":
        return None
    close = text.find("}", inner + 1)
    if close < 0:
        return None
    after = _next_brace(text, close + 1, skip_line_comments=True)
    if after >= 0 and text[after] == "}":
        return after, (f"`}}` closes no comment: comments do not nest, so the comment opened"
                       f" at {where(pos)} ends at its first `}}` ({where(close)}) and the `{{`"
                       f" at {where(inner)} inside it opens nothing; take the inner braces out"
                       " or write them as brackets `( )`")
    return inner, (f"a `{{` inside the comment opened at {where(pos)}: comments do not nest;"
                   " take the inner `{` out, or close the first comment before it if it"
                   " was meant to end there")


def _next_brace(text: str, start: int, *, skip_line_comments: bool) -> int:
    """The position of the first ``{`` or ``}`` of ``text`` from ``start``
    (outside ``;`` comments when ``skip_line_comments``); -1 when none."""
    find = _pattern(r"[{};]" if skip_line_comments else r"[{}]").search
    found = find(text, start)
    while found is not None and found.group() == ";":
        end = text.find("\n", found.end())
        found = None if end < 0 else find(text, end)
    return -1 if found is None else found.start()


def _on_turn_line(before: str) -> bool:
    """A roll stands before the error on its line: the error is among a
    half-turn's moves or just after them."""
    return _pattern(r"(?:^|[\s.)])[1-6][-:]?[1-6]:(?!\S)").search(before) is not None


def _expected(names: set[str], found_text: str, before: str, *, end: bool = False) -> str:
    if names & _TURN_GOES_ON:
        if _on_turn_line(before):
            return _ON_A_TURN_LINE
        if not end and found_text[:1].isdigit() and not names & {"MOVES"}:
            # a number where a turn's roll stands (`65 24/13`, `6: 24/18`)
            return _A_ROLL
    if names == {"TURNS"}:
        return _A_ROLL
    words = sorted({word for name in names if (word := _EXPECTED_WORDS.get(name, name))})
    if not words:
        return "nothing more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


#: How much of an offending line the caret picture shows, at most.
_CONTEXT_WIDTH = 100


def _caret(line_text: str, column: int) -> str:
    """The line (a window of it around the column when long, control
    characters shown as ``?`` so nothing reaches the terminal raw) and a caret."""
    start = 0
    if len(line_text) > _CONTEXT_WIDTH:
        start = max(0, min(column - 1 - _CONTEXT_WIDTH // 2, len(line_text) - _CONTEXT_WIDTH))
    shown = masked(line_text[start : start + _CONTEXT_WIDTH])
    prefix = "…" if start > 0 else ""
    suffix = "…" if start + _CONTEXT_WIDTH < len(line_text) else ""
    pad = " " * (len(prefix) + max(column - 1 - start, 0))
    return f"{prefix}{shown}{suffix}\n{pad}^"


def syntax_finding(
    message: str, *, file: str | None, line: int, column: int | None, line_text: str | None
) -> Finding:
    context = None
    if line_text is not None and column is not None:
        context = _caret(line_text, column)
    return Finding("syntax", masked(message), file=file, line=line, column=column,
                   context=context)


def describe(text: str) -> str:
    if text[:1].isspace() and text[0] not in _GRAMMAR_BLANKS:
        return repr(text[0])
    word = text.split(None, 1)[0] if text.strip() else text
    if len(word) > 20:
        word = word[:20] + "…"
    return repr(word)



def error_position(error: UnexpectedInput, text: str) -> tuple[int, int, int]:
    """(line, column, position) of a parse error of ``text``."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(error, UnexpectedToken) and error.token.type != "$END":
        token = error.token
        return int(token.line or 1), int(token.column or 1), int(token.start_pos or 0)
    if isinstance(error, UnexpectedCharacters):
        return error.line, error.column, int(error.pos_in_stream or 0)
    # the end of the text
    line = text.count("\n") + 1
    column = len(text) - (text.rfind("\n") + 1) + 1
    return line, column, len(text)


def expected_names(error: UnexpectedInput) -> Iterable[str]:
    """The terminals the parser would have accepted at the error."""
    from lark.exceptions import UnexpectedToken

    if isinstance(error, UnexpectedToken):
        return error.expected
    return getattr(error, "allowed", None) or ()


def reader_failure(exc: Exception, *, file: str | None, index: int, line: int) -> GameRecord:
    """A record standing for text the reader failed on (a bug), so that the
    rest of the file is still read: the contract is never to raise on text."""
    text = (
        f"the reader failed on the text from this line ({type(exc).__name__}: {exc}); "
        "this is a bug in narde-notation, please report it"
    )
    finding = Finding("syntax", masked(text[:500]), file=file, game=index, line=line)
    return GameRecord(findings=[finding], file=file, index=index, line=line)
