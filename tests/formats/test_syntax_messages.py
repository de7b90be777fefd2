"""Syntax messages for small mistakes on a turn line say what the turn line
expected (a move, the next roll, a roll), not the grammar's list of what a
whole record may hold (tags, results, comments, ``.mat`` words); examples
are quoted in backticks, never a bare number that reads like a line number
(issue 19, decisions F20)."""

from __future__ import annotations

import re

import pytest
from corpus import CORPUS

from narde_notation.formats.reader import parse_games, read_games
from narde_notation.model.findings import Finding

#: Words of a whole record's grammar that a turn line's message must not list.
_RECORD_WORDS = ("tag pair", "result", "turn number", "comment", "Wins", "Resigns", "Losses",
                 "end of the game")

_NATIVE = '[White "A"]\n[Black "B"]\n\n{}\n'
_MAT = " 5 point match\n\n Game 1\n A : 0                    B : 0\n  1) {}\n"


def _syntax(text: str) -> Finding:
    findings = [f for g in parse_games(text) for f in g.findings if f.code == "syntax"]
    assert findings, text
    return findings[0]


def _bare(message: str) -> str:
    """``message`` without its backtick examples and the quoted text found."""
    message = re.sub(r"`[^`]*`", "``", message)
    return re.sub(r"found '(?:[^'\\]|\\.)*'", "found ''", message)


# (layout, line as written, its line in the text, column of the mistake)
_CASES = [
    (_NATIVE, "65: 24/13 x", 4, 11), (_NATIVE, "1. 65: 24/13 x", 4, 14),
    (_MAT, "65: 24/13 x", 5, 16),
]


@pytest.mark.parametrize(("layout", "written", "line", "column"), _CASES)
def test_a_word_after_the_moves_expects_a_move_or_the_next_roll(
        layout: str, written: str, line: int, column: int) -> None:
    finding = _syntax(layout.format(written))
    assert (finding.line, finding.column) == (line, column)
    assert "expected a move such as `24/18` or `6/off`, or the next roll such as `54:`" \
        in finding.message
    assert "found 'x'" in finding.message
    for word in _RECORD_WORDS:
        assert word not in finding.message, (word, finding.message)


@pytest.mark.parametrize("layout", [_NATIVE, _MAT, "{}\n"])
@pytest.mark.parametrize(("written", "hint"), [
    ("65 24/13", "a roll needs its colon, as in `65:`"),
    ("6: 24/18", "a roll is two dice from 1 to 6 and a colon, such as `65:` or `6-5:`"),
])
def test_a_broken_roll_expects_a_roll(layout: str, written: str, hint: str) -> None:
    finding = _syntax(layout.format(written))
    assert finding.message.startswith(hint)
    assert "expected a roll such as `65:` and its moves" in finding.message
    for word in _RECORD_WORDS:
        assert word not in finding.message, (word, finding.message)
    # where the roll stands: column 1 of a native line, after `1) ` in a .mat line
    assert finding.column == (6 if layout is _MAT else 1)


def test_a_native_turn_numbers_roll_broken_keeps_its_place() -> None:
    finding = _syntax(_NATIVE.format("1. 6: 24/18"))
    assert (finding.line, finding.column) == (4, 4)
    assert "expected a roll such as `65:`" in finding.message


def _messages() -> list[str]:
    texts = [layout.format(written) for layout in (_NATIVE, _MAT, "{}\n") for written in (
        "65: 24/13 x", "65 24/13", "6: 24/18", "1. 65: 24/18 18/", "24/18 65:", "65: 24//18",
        "65: 24/18(2", "65: 24/18 ??!", "1.. 65: 24/18", "65: 24-18", "65: 24/1x", "x",
        '[Event "a', "65: 24/18 {open", "65: 24/18 }", "65: 24/18 Doubles => 2")]
    messages = [f.message for text in texts for g in parse_games(text) for f in g.findings
                if f.code == "syntax"]
    if (CORPUS / "syntax").is_dir():
        for path in sorted((CORPUS / "syntax").iterdir()):
            messages += [f.message for g in read_games(path) for f in g.findings
                         if f.code == "syntax"]
    return messages


def test_examples_in_messages_are_quoted_and_no_number_reads_as_a_line_number() -> None:
    messages = _messages()
    assert len(messages) > 40
    for message in messages:
        assert not message[:1].isdigit(), message
        rest = _bare(message)
        # a roll (`65:`), a turn number (`12.`, `3)`) or a move (`24/18`) only
        # inside backticks; the text found is quoted as found
        assert not re.search(r"[0-9][:.)]|[0-9]/[0-9]", rest), message


@pytest.mark.parametrize(("text", "line", "column"), [
    (_NATIVE.format("1. 65: 24/18 1)junk 65: 24/18"), 4, 14),
    (_NATIVE.format("1. 65: 24/13 54: 24/20 24/19\n2)junk 65: 24/18"), 5, 1),
])
def test_a_malformed_turn_number_says_how_a_turn_number_is_written(
        text: str, line: int, column: int) -> None:
    # `1)` is a .mat turn number; a native record writes `1.` or `1...`
    # (record-format.md "Turn numbers"): not a point's mistake
    finding = _syntax(text)
    assert (finding.line, finding.column) == (line, column)
    assert finding.message.startswith("a turn number is `N.` (White) or `N...` (Black)")
    assert "a point is" not in finding.message
