"""Differential fuzzing of the native reader's plain path (decisions PL1,
PF1): real records, mutated where hand-written records go wrong (spaces,
line ends, digits, results, tags, comments in odd places), read with the
plain path allowed and with the parser alone must give the same records,
every field (lines and columns of half-turns, moves and findings, findings'
messages) included.

The suite runs a few hundred examples, the same every run. A longer run:
``PLAIN_FUZZ_EXAMPLES=20000 nice pytest -q tests/formats/test_plain_fuzz.py``
(``PLAIN_FUZZ_SEED`` picks other examples than the suite's)."""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import cast

import pytest
from corpus import CORPUS
from hypothesis import HealthCheck, event, given, seed, settings
from hypothesis import strategies as st

from narde_notation.formats import native
from narde_notation.formats._native_drafts import SINK, Draft, native_parser
from narde_notation.formats.reader import parse_games
from narde_notation.model import GameRecord

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("PLAIN_FUZZ_EXAMPLES", "200"))
SEED = int(os.environ.get("PLAIN_FUZZ_SEED", "0"))
_SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=not SEED, database=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _fuzz(test: Callable[..., None]) -> Callable[..., None]:
    """The fuzz tests' settings: the suite's examples the same every run."""
    return seed(SEED)(_SETTINGS(test))


def _games(text: str) -> Iterator[str]:
    """The games of a record file, cut after each line holding a result."""
    lines: list[str] = []
    for line in text.splitlines(keepends=True):
        lines.append(line)
        if re.search(r"(?:[123]-0|0-[0123]|\*)\s*$", line) and not line.startswith("["):
            yield "".join(lines)
            lines = []
    if lines:
        yield "".join(lines)


def _seeds() -> list[str]:
    """Short real records: the examples' games (the archive's first games)
    and the corpus's syntax cases and bug reports, whole, and pieces of a
    few lines of each."""
    files = sorted((ROOT / "examples").glob("*.txt")) + sorted(
        (ROOT / "examples" / "archive").glob("*.txt")) + sorted(
        (CORPUS / "syntax").glob("*.txt")) + sorted((CORPUS / "bugs").glob("*.txt"))
    games: list[str] = []
    for path in files:
        found = list(_games(path.read_text(encoding="utf-8", errors="replace")))
        games.extend(found[:6])
    pieces: list[str] = []
    for game in games:
        lines = game.splitlines(keepends=True)
        pieces.extend("".join(lines[k:k + 3]) for k in range(0, len(lines), 7))
    return games + pieces


SEEDS = _seeds()

# What goes in at a random place: spaces of every kind, line ends, digits of
# other scripts, numbers, results, tag and comment pieces, turn pieces.
PIECES = [
    " ", "  ", "\t", "\xa0", "\u2003", "\u3000", "\u200b", "\f", "\v",
    "\r", "\r\n", "\n", "\n\n", "\x85", "\u2028", "\ufeff", "\x00", "\x1b", "\udcff",
    "\uff11", "\u0663", "\u06f5", "0", "0:", "00.", "00", "9" * 25, "1" * 40 + ".",
    "off", "OFF", "Off", "o", "bar", "pass", "*", "1-0", "0-1", "0-0", "3-0", "1/2",
    "1-02", "[", "]", '"', "\\", '[A "x]y"]', '[B "a\\"b"]', '[C "\\\\"]',
    '[D ""]', '[E "[F \\"g\\"]"]', "[Res-ult_1 \"1-0\"]",
    "{}", "{ c }", "{", "}", ";", "; x\n", "65:", "6-5:", "1.", "12...", "1..",
    "24/13", "24/18(2)", "18/13*", "(2)", "!", "?!", "/", ":", "-",
]
SPACES = ["\t", "\xa0", "\u2003", "\u3000", "  ", " \t", "\f", "\v"]
DIGITS = {d: (chr(0xFF10 + d), chr(0x0660 + d), chr(0x06F0 + d)) for d in range(10)}


def _mutate(text: str, data: st.DataObject) -> str:
    """``text`` changed one to four times, each change drawn from ``data``."""
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(_MUTATIONS))
        text = kind(text, data)
    return text


def _at(text: str, data: st.DataObject) -> int:
    return data.draw(st.integers(0, len(text)))


def _insert(text: str, data: st.DataObject) -> str:
    at = _at(text, data)
    return text[:at] + data.draw(st.sampled_from(PIECES)) + text[at:]


def _delete(text: str, data: st.DataObject) -> str:
    at = _at(text, data)
    return text[:at] + text[at + data.draw(st.integers(1, 3)):]


def _duplicate(text: str, data: st.DataObject) -> str:
    at = _at(text, data)
    span = text[at:at + data.draw(st.integers(1, 12))]
    return text[:at] + span + text[at:]


def _swap_tokens(text: str, data: st.DataObject) -> str:
    parts = re.split(r"([ \t\n]+)", text)
    if len(parts) < 3:
        return text
    k = data.draw(st.integers(0, (len(parts) - 3) // 2)) * 2
    parts[k], parts[k + 2] = parts[k + 2], parts[k]
    return "".join(parts)


def _space(text: str, data: st.DataObject) -> str:
    spaces = [m.start() for m in re.finditer(" ", text)]
    new = data.draw(st.sampled_from(SPACES))
    if not spaces or data.draw(st.booleans()):
        return text.replace(" ", new)
    at = data.draw(st.sampled_from(spaces))
    return text[:at] + new + text[at + 1:]


def _line_ends(text: str, data: st.DataObject) -> str:
    end = data.draw(st.sampled_from(["\r\n", "\r", "\n\r", "\n\n", " \n", "\t\n", "\r\r\n"]))
    if data.draw(st.booleans()):
        return text.replace("\n", end)
    ends = [m.start() for m in re.finditer("\n", text)]
    if not ends:
        return text + end
    at = data.draw(st.sampled_from(ends))
    return text[:at] + end + text[at + 1:]


def _bom(text: str, data: st.DataObject) -> str:
    return "\ufeff" + text


def _digit(text: str, data: st.DataObject) -> str:
    digits = [m.start() for m in re.finditer("[0-9]", text)]
    if not digits:
        return text
    at = data.draw(st.sampled_from(digits))
    other = data.draw(st.sampled_from(DIGITS[int(text[at])]))
    return text[:at] + other + text[at + 1:]


def _number(text: str, data: st.DataObject) -> str:
    """A number made longer or given leading zeros (``0:``, ``00.``)."""
    numbers = list(re.finditer("[0-9]+", text))
    if not numbers:
        return text
    found = data.draw(st.sampled_from(numbers))
    new = data.draw(st.sampled_from(["0" + found.group(), "00" + found.group(), "0",
                                     found.group() + "0", "9" * 30, "1" * 60]))
    return text[:found.start()] + new + text[found.end():]


def _off(text: str, data: st.DataObject) -> str:
    return text.replace("off", data.draw(st.sampled_from(["OFF", "Off", "o", "of", "0ff"])))


def _line_edit(text: str, data: st.DataObject) -> str:
    """An empty or blank line inside the game, trailing spaces, a line
    removed, or a result line joined to the next one."""
    lines = text.split("\n")
    k = data.draw(st.integers(0, len(lines) - 1))
    how = data.draw(st.sampled_from(["empty", "blank", "trail", "drop", "join"]))
    if how == "empty":
        lines.insert(k, "")
    elif how == "blank":
        lines.insert(k, data.draw(st.sampled_from([" ", "\t", "\xa0", "\f"])))
    elif how == "trail":
        lines[k] += data.draw(st.sampled_from([" ", "   ", "\t", "\xa0", "\r"]))
    elif how == "drop" and len(lines) > 1:
        del lines[k]
    elif k + 1 < len(lines):
        lines[k:k + 2] = [lines[k] + data.draw(st.sampled_from(["", " ", "\t"])) + lines[k + 1]]
    return "\n".join(lines)


def _result_then_tags(text: str, data: st.DataObject) -> str:
    """Another game's tags right after the result (no blank line), or on
    its line."""
    glue = data.draw(st.sampled_from(["", " ", "\n", "\r\n", "\t"]))
    return text.rstrip("\n") + glue + data.draw(st.sampled_from(SEEDS))


def _result(text: str, data: st.DataObject) -> str:
    """A result, or something like one, put at the end of a random line."""
    lines = text.split("\n")
    k = data.draw(st.integers(0, len(lines) - 1))
    glue = data.draw(st.sampled_from(["", " ", "\t", "  "]))
    lines[k] += glue + data.draw(st.sampled_from(["*", "1-0", "0-1", "1/2", "0-3", "2-0",
                                                  "1-0 *", "*1-0", "3-0", "0-4"]))
    return "\n".join(lines)


_MUTATIONS: list[Callable[[str, st.DataObject], str]] = [
    _insert, _insert, _insert, _delete, _delete, _duplicate, _swap_tokens, _space,
    _line_ends, _bom, _digit, _number, _off, _line_edit, _line_edit, _result_then_tags,
    _result,
]


def _whole(record: GameRecord) -> tuple[object, ...]:
    return dataclasses.astuple(record)


@contextmanager
def _parser_only() -> Iterator[None]:
    real = native._plain_drafts
    native._plain_drafts = lambda text: None
    try:
        yield
    finally:
        native._plain_drafts = real


def both_ways(text: str) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]], int]:
    """The records' fields of ``text`` by the plain path (where it applies)
    and by the parser alone, and how many chunks the plain path read."""
    read = 0
    real = native._plain_drafts

    def counted(chunk: str) -> list[Draft] | None:
        nonlocal read
        drafts = real(chunk)
        read += drafts is not None
        return drafts

    native._plain_drafts = counted  # type: ignore[assignment]
    try:
        plain = [_whole(record) for record in parse_games(text)]
    finally:
        native._plain_drafts = real
    with _parser_only():
        parsed = [_whole(record) for record in parse_games(text)]
    return plain, parsed, read


@_fuzz
@given(st.sampled_from(SEEDS), st.data())
def test_mutated_records_read_the_same_both_ways(record: str, data: st.DataObject) -> None:
    text = _mutate(record, data)
    plain, parsed, read = both_ways(text)
    event("read plain" if read else "read by the parser")
    assert plain == parsed, text
    chunk, whole = chunk_both_ways(text)  # the text as one chunk, with no line splitting
    assert chunk is None or chunk == whole, text


def test_the_fuzzing_reaches_the_plain_path() -> None:
    """The seeds are read plain unchanged, so mutations near them test it."""
    assert len(SEEDS) > 40
    assert all(both_ways(text)[2] for text in SEEDS[:10])


# Records built from the chunk's own units with odd glue between them: the
# plain path's token boundaries (where it must stop where the lexer stops).
UNITS = [
    '[White "A"]', '[Black "B \\"b\\""]', '[Event "x]y"]', '[ Round  "2" ]', '[A ""]',
    '[White "A"] [Black "B"]', "65: 24/18 18/13", "1. 65: 24/18 18/13", "1.65: 24/13",
    "1. 65: 24/13    31: 24/21 24/23", "2... 44: 24/20(2) 12/8(2)", "66: 24/18(2)!",
    "6-5: 24/13", "6:5: 24/13", "31: pass", "12. 53: 6/off 3/off", "7... 21: bar/23 Off/1",
    "1.", "2...", "24/13", "13/7 7/1", "*", "1-0", "0-1", "0-2", "3-0", "0-0", "1/2", "1-1",
    "{ a note }", "; note", "{}", "0:", "00.", "0. 65: 24/13", "001. 65: 24/13",
    "65: 024/13", "65: 24/013", "65: 24/13*", "65: 24/off", "65: 24/OFF",
]
GLUE = ["", " ", "  ", "\t", "\n", "\n\n", "\r\n", "\r", " \n", "\n ", "\n\t", "\f", "\v",
        "\n\f\n", "\xa0", "\u3000", "\ufeff", "\n\r\n", "\t\n\n  ",
        "\x00", "\udcff", "\x85", "\u2028"]


@_fuzz
@given(st.lists(st.tuples(st.sampled_from(UNITS), st.sampled_from(GLUE)), max_size=8),
       st.sampled_from(["", "\n", "\ufeff", " "]))
def test_records_built_of_odd_pieces_read_the_same_both_ways(
        pieces: list[tuple[str, str]], start: str) -> None:
    text = start + "".join(unit + glue for unit, glue in pieces)
    plain, parsed, read = both_ways(text)
    event("read plain" if read else "read by the parser")
    assert plain == parsed, text


def chunk_both_ways(text: str) -> tuple[list[Draft] | None, list[Draft] | None]:
    """The drafts of one chunk by the plain path and by the parser (``None``:
    the plain path gave up, or the parser found an error), without the
    reader's line splitting in front: the plain path must never read a
    chunk the parser rejects, nor read one differently."""
    from lark.exceptions import UnexpectedInput

    SINK.line_offset, SINK.comments = 0, []
    plain = native._plain_drafts(text)
    SINK.comments = []
    try:
        parsed = cast(list[Draft], native_parser().parse(text))
    except UnexpectedInput:
        parsed = None
    SINK.comments = []
    return plain, parsed


@_fuzz
@given(st.lists(st.tuples(st.sampled_from(UNITS), st.sampled_from(GLUE)), max_size=8))
def test_a_chunk_the_plain_path_reads_is_the_parsers(pieces: list[tuple[str, str]]) -> None:
    text = "".join(unit + glue for unit, glue in pieces)
    plain, parsed = chunk_both_ways(text)
    event("read plain" if plain is not None else "given up")
    assert plain is None or plain == parsed, text


def test_a_result_glued_to_the_next_games_tags_is_read_plain() -> None:
    text = '65: 24/13 1-0[White "B"]\n31: 24/21\n'
    assert native._plain_drafts(text) is not None
    plain, parsed, read = both_ways(text)
    assert plain == parsed and read == 1
    first, second = parse_games(text)
    assert [(h.line, h.column) for h in first.half_turns] == [(1, 1)]
    assert (first.result, first.result_line, first.result_column) == ("1-0", 1, 11)
    assert (second.tags, second.tag_lines) == ({"White": "B"}, {"White": 1})
    assert [(h.line, h.column) for h in second.half_turns] == [(2, 1)]
    assert second.result is None


def test_a_tag_value_with_brackets_and_escaped_quotes_is_read_plain() -> None:
    text = '[Event "x]y \\"z\\" [w]"]\n65: 24/13\n*'
    plain, parsed, read = both_ways(text)
    assert plain == parsed and read == 1
    (game,) = parse_games(text)
    assert game.tags == {"Event": 'x]y "z" [w]'}
    assert (game.result, game.result_line, game.result_column) == ("*", 3, 1)


def test_cr_alone_ends_a_line_and_the_plain_path_reads_it() -> None:
    text = "65: 24/13\r31: 24/21\r*"  # the reader takes a lone CR as a line end
    plain, parsed, read = both_ways(text)
    assert plain == parsed and read == 1
    (game,) = parse_games(text)
    assert [(h.line, h.column) for h in game.half_turns] == [(1, 1), (2, 1)]
    assert (game.result_line, game.result_column) == (3, 1)


def test_a_second_block_on_a_line_goes_to_the_parser() -> None:
    text = "65: 24/13\f31: 24/21\n*"  # a form feed ends no line: a second block
    assert native._plain_drafts(text) is None
    plain, parsed, read = both_ways(text)
    assert plain == parsed and read == 0
    (game,) = parse_games(text)
    assert [(h.line, h.column) for h in game.half_turns] == [(1, 1), (1, 11)]


@pytest.mark.parametrize(("text", "column"), [
    ("\uff166: 24/13\n*", 1),          # a full-width 6
    ("65: 24/18\xa018/13\n*", 10),     # a no-break space between moves
    ("65: \u0662\u0664/13\n*", 5),     # Arabic-Indic 24
])
def test_a_foreign_digit_or_space_goes_to_the_parser(text: str, column: int) -> None:
    assert native._plain_drafts(text) is None
    plain, parsed, read = both_ways(text)
    assert plain == parsed and read == 0
    found = [(f.code, f.line, f.column) for game in parse_games(text) for f in game.findings]
    assert found == [("syntax", 1, column)]


# Chunks shaped like the ones the plain path reads (tag blocks, turn-line
# blocks, results), with now and then an odd separator: most are read plain,
# so the token boundaries are tested where the plain path says yes.
TAG_LINES = ['[White "A"]', '[Black "B \\"b\\" \\\\"]', '[ Event\t"x]y" ]', '[R-1_x ""]',
             '[Event "{ ; }"]', '[White "\xa0"]']
NUMBERS = ["", "1. ", "1.", "12. ", "3... ", "3...", "00. ", "0. ", "9" * 20 + ". "]
ROLLS = ["65:", "6-5:", "6:5:", "11:", "66:"]
MOVES = ["24/18", "24/18(2)", "18/13*", "6/off", "6/Off", "6/o", "1/0", "bar/20", "24/18/13",
         "024/18", "pass"]
SEPARATORS = ["\n"] * 12 + ["\n\n", "\n\n", "\r\n", " \n", "\n\t", "\t\n\n", " ", "\t", "",
              "\f", "\v", "\xa0", "\r"]


@st.composite
def _turn_line(draw: st.DrawFn) -> str:
    def half() -> str:
        moves = draw(st.lists(st.sampled_from(MOVES), max_size=3))
        marks = draw(st.sampled_from(["", "", "!", "?!"]))
        return " ".join([draw(st.sampled_from(ROLLS)), *moves]) + marks
    line = draw(st.sampled_from(NUMBERS)) + half()
    if draw(st.booleans()):
        line += draw(st.sampled_from([" ", "    ", "\t", " \t "])) + half()
    return line


@st.composite
def _chunk(draw: st.DrawFn) -> str:
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        lines = draw(st.lists(st.sampled_from(TAG_LINES), max_size=3))
        lines += draw(st.lists(_turn_line(), max_size=4))
        if draw(st.integers(0, 3)):
            lines.append(draw(st.sampled_from(["*", "1-0", "0-1", "0-2", "3-0", "0-0", "0-3"])))
        for line in lines:
            parts.append(line)
            parts.append(draw(st.sampled_from(SEPARATORS)))
    return "".join(parts)


@_fuzz
@given(_chunk())
def test_a_chunk_shaped_like_a_plain_one_reads_the_same_both_ways(text: str) -> None:
    plain, parsed = chunk_both_ways(text)
    event("read plain" if plain is not None else "given up")
    assert plain is None or plain == parsed, text
    whole, alone, _ = both_ways(text)
    assert whole == alone, text
