"""Syntax diagnostics: the ``syntax`` findings of both readers.

A finding says what was expected (the grammar's terminals in words), what
was found, a plain-language hint for common mistakes, and carries the
offending line with a caret under the column (a window of it when long,
control characters shown as ``?`` so nothing reaches a terminal raw).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from narde_notation.model.findings import Finding
from narde_notation.model.record import GameRecord
from narde_notation.model.safe_text import masked

__all__ = [
    "describe",
    "error_position",
    "expected_names",
    "message",
    "reader_failure",
    "syntax_finding",
]

_EXPECTED_WORDS: dict[str, str] = {
    "TAGS": 'a tag pair [Name "value"]',
    "TURNNO": "a turn number (N. or N...)",
    "HALFTURN": "a roll and its moves (65: 24/18 18/13)",
    "TURNS": "a turn (N. 65: 24/18 18/13)",
    "MOVES": "more moves (24/18)",
    "RESULT": "a result (1-0, 0-1, *, …)",
    "$END": "the end of the game",
    "CUBE": "a roll",
    # .mat turn lines: the end of a game, and what programs write in place of moves
    "WINS": "Wins N points",
    "RESIGNS": "Resigns",
    "LOSSES": "Losses N points",
    "CANNOT_MOVE": "moves",
    "UNRECORDED": "moves",
    "ILLEGAL_PLAY": "moves",
}

#: Plain-language diagnoses of common mistakes, tried in order on the text at
#: the error (the word found there, and what precedes it on the line).
_HINTS: tuple[tuple[str, str], ...] = (
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
    (r"^\.", "a turn number is N. (White) or N... (Black)"),
    (r"^[0-9]+/", "a move's points are numbers 1-24, off or bar"),
    (r"^[A-Za-z]*[0-9]", "a point is a number 1-24, off or bar"),
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
            return "a point is a number 1-24, off or bar"
        if glued.isdigit():
            return "a roll is two dice 1-6 and a colon, such as 65:"
    if "MOVES" not in names and _pattern(_MOVE_START).match(word):
        return "the roll comes before the moves: N. 65: 24/18 18/13"
    for pattern, hint in _HINTS:
        if _pattern(pattern).search(word):
            return hint
    if any(not c.isprintable() or c == "\ufffd" for c in word):
        return "text that is not part of a record"
    return None


def message(names: Iterable[str], found_text: str, before: str, *, end: bool = False) -> str:
    names = set(names)
    found = "the end of the text" if end else describe(found_text)
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
