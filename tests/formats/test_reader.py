"""The native reader on small hand-written records (values worked out by hand)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from corpus import CORPUS

from narde_notation.formats.mat import mat_patterns
from narde_notation.formats.reader import detect_format, parse_games, read_games
from narde_notation.model.record import BAR, OFF, GameRecord, HalfTurn, Move
from narde_notation.model.side import Side

GAME = """\
[Event "Autumn club night"]
[White "Player A"]
[Black "Player \\"B\\" \\\\ C"]
[Result "1-0"]

1. 65: 24/13            54: 24/15
2. 42: 24/18            51: 24/18  { one checker leaves the head per turn }
3. 6-6: 24/18/12 13/7(2)!  3:1: pass ; a note
1-0
"""


def one(text: str) -> GameRecord:
    records = list(parse_games(text))
    assert len(records) == 1
    return records[0]


def test_tags_in_order_and_unescaped() -> None:
    record = one(GAME)
    assert list(record.tags) == ["Event", "White", "Black", "Result"]
    assert record.tags["Black"] == 'Player "B" \\ C'
    assert record.white == "Player A"
    assert record.tag_lines == {"Event": 1, "White": 2, "Black": 3, "Result": 4}


def test_half_turns_sides_dice_moves() -> None:
    record = one(GAME)
    assert record.result == "1-0"
    assert (record.result_line, record.result_column) == (9, 1)
    assert record.line == 1
    assert record.format == "native"
    sides = [h.side for h in record.half_turns]
    assert sides == [Side.WHITE, Side.BLACK] * 3
    first, second = record.half_turns[:2]
    assert first == HalfTurn(Side.WHITE, (6, 5), (Move((24, 13)),), number=1)
    assert (first.line, first.column) == (6, 4)
    assert first.moves[0].column == 8
    assert second == HalfTurn(Side.BLACK, (5, 4), (Move((24, 15)),))
    assert (second.line, second.column) == (6, 25)
    fifth, sixth = record.half_turns[4:]
    assert fifth.dice == (6, 6)
    assert fifth.moves == (Move((24, 18, 12)), Move((13, 7), repeat=2))
    assert fifth.annotation == "!"
    assert sixth.dice == (3, 1)
    assert sixth.is_pass
    assert sixth.comments == ("a note",)
    assert record.half_turns[3].comments == ("one checker leaves the head per turn",)


@pytest.mark.parametrize("roll", ["65:", "56:", "6-5:", "6:5:", "5-6:", "5:6:"])
def test_roll_spellings(roll: str) -> None:
    record = one(f"1. {roll} 24/18 24/19\n")
    assert record.half_turns[0].dice == (6, 5)
    assert record.result is None


@pytest.mark.parametrize("word", ["off", "Off", "o", "0"])
def test_off_spellings(word: str) -> None:
    record = one(f"1. 65: 6/{word} 5/{word}\n")
    assert record.half_turns[0].moves == (Move((6, OFF)), Move((5, OFF)))


def test_hit_and_bar_are_read_not_syntax() -> None:
    record = one("1. 65: 24/18* bar/20\n")
    assert not record.findings
    assert record.half_turns[0].moves == (Move((24, 18), hit=True), Move((BAR, 20)))


def test_black_first_and_alternation() -> None:
    record = one("1... 53: 24/19 19/16\n2. 43: 24/20 20/17       53: 24/19 16/13\n")
    assert [h.side for h in record.half_turns] == [Side.BLACK, Side.WHITE, Side.BLACK]
    assert [h.number for h in record.half_turns] == [1, 2, None]


def test_numbers_kept_as_written_sides_alternate() -> None:
    record = one("7. 65: 24/18 18/13\n7. 54: 24/20 20/15\n3... 21: 24/22 22/21\n")
    assert [h.number for h in record.half_turns] == [7, 7, 3]
    assert [h.side for h in record.half_turns] == [Side.WHITE, Side.BLACK, Side.WHITE]


def test_unnumbered_turns_start_with_white() -> None:
    record = one("65: 24/18 18/13\n54: 24/20 20/15\n")
    assert [h.side for h in record.half_turns] == [Side.WHITE, Side.BLACK]
    assert [h.number for h in record.half_turns] == [None, None]


def test_empty_pass_and_result_inline() -> None:
    record = one("1. 65: 24/18 18/13      54:\n2. 11: 1/off 1/off 1-0\n")
    assert record.half_turns[1].is_pass
    assert record.result == "1-0"
    assert len(record.half_turns) == 3


def test_games_separated_by_results_and_tags() -> None:
    text = '[White "A"]\n1. 65: 24/18 18/13\n*\n\n[White "B"]\n1. 54: 24/20 20/15\n0-1\n'
    records = list(parse_games(text))
    assert [r.tags["White"] for r in records] == ["A", "B"]
    assert [r.result for r in records] == ["*", "0-1"]
    assert [r.index for r in records] == [0, 1]
    assert [r.line for r in records] == [1, 5]


def test_unfinished_game_at_end_of_file() -> None:
    record = one('[White "A"]\n\n1. 65: 24/18 18/13\n')
    assert record.result is None
    assert not record.findings


def test_comment_inside_a_half_turn() -> None:
    """record-format.md: comments may stand between any tokens."""
    record = one("1. 65: 24/18 { hm } 18/13!  54: { x } 24/20 20/15\n")
    white, black = record.half_turns
    assert white.moves == (Move((24, 18)), Move((18, 13)))
    assert white.annotation == "!"
    assert white.comments == ("hm",)
    assert white.moves[1].column == 21
    assert black.moves == (Move((24, 20)), Move((20, 15)))
    assert black.comments == ("x",)


def test_moves_before_any_roll() -> None:
    record = one("24/18 18/13\n")
    assert syntax(record) == (1, 1)
    assert "roll comes before the moves" in record.findings[0].message


def test_comment_between_number_and_roll() -> None:
    record = one("1. { thinking } 65: 24/18 18/13\n")
    assert record.half_turns[0].number == 1
    assert record.half_turns[0].dice == (6, 5)


# -- syntax findings ---------------------------------------------------------


def syntax(record: GameRecord) -> tuple[int | None, int | None]:
    (finding,) = record.findings
    assert finding.code == "syntax"
    return finding.line, finding.column


def test_garbage_word_column_and_caret() -> None:
    text = "1. 65: 24/18 18/13\n2. 64: 24/18 18/14 foo\n3. 11: 1/off\n"
    record = one(text)
    assert syntax(record) == (2, 20)
    finding = record.findings[0]
    assert "expected" in finding.message
    assert finding.context == "2. 64: 24/18 18/14 foo\n" + " " * 19 + "^"
    assert str(finding).endswith("\n" + finding.context)
    # the half-turns read before the error, the one cut short included
    assert len(record.half_turns) == 2
    assert record.findings[0].game == 0


def test_error_resumes_at_next_game() -> None:
    text = '[White "A"]\n1. 65: 24//18\n2. 54: 24/20\n1-0\n\n[White "B"]\n1. 54: 24/20 20/15\n0-1\n'
    first, second = parse_games(text)
    assert syntax(first) == (2, 8)
    assert second.tags == {"White": "B"}
    assert not second.findings
    assert second.index == 1


def test_tag_after_moves_is_syntax_at_the_tag() -> None:
    text = '[White "A"]\n1. 65: 24/18 18/13\n[Round "2"]\n1... 54: 24/20 20/15\n'
    records = list(parse_games(text))
    assert syntax(records[0]) == (3, 1)
    assert len(records[0].half_turns) == 1


def test_only_tags_is_syntax_at_last_tag_line() -> None:
    record = one('[White "A"]\n[Black "B"]\n')
    assert syntax(record)[0] == 2
    assert record.tags == {"White": "A", "Black": "B"}


def test_unterminated_brace_points_at_it() -> None:
    record = one("1. 65: 24/18 18/13 { never closed\n2. 54: 24/20 20/15\n")
    assert syntax(record) == (1, 20)


def _syntax_finding(record: GameRecord) -> tuple[int | None, int | None, str]:
    (finding,) = [f for f in record.findings if f.code == "syntax"]
    return finding.line, finding.column, finding.message


def test_a_nested_comment_points_at_the_stray_brace() -> None:
    # comments do not nest (record-format.md): `{ a { b }` is the comment, closed
    # by its first `}` at 2:28; the second `}` (2:30) closes nothing: the fault
    line, column, text = _syntax_finding(one("1. 65: 24/18 18/13\n"
                                             "1... 31: 24/21 { a { b } } 2. 42: 24/20\n"))
    assert (line, column) == (2, 26)
    assert text.startswith("`}` closes no comment: comments do not nest")
    assert "opened at 2:16" in text and "first `}` (2:24)" in text and "`{` at 2:20" in text


def test_a_nested_comment_over_lines_and_a_line_comment() -> None:
    # the comment opened at 1:20 holds a `;` (text) and ends at 2:6; `; x }` after
    # it is a line comment, so the stray `}` is the one at 3:1
    line, column, text = _syntax_finding(one("1. 65: 24/18 18/13 { a ; b\n"
                                             " { c } ; x }\n}\n1... 31: 24/21 21/20\n"))
    assert (line, column) == (3, 1)
    assert "opened at 1:20" in text and "first `}` (2:6)" in text and "`{` at 2:2" in text


def test_a_comment_holding_a_brace_points_at_the_inner_brace() -> None:
    # `{ a { b }` and no stray `}`: the inner `{` (1:24) is the fault
    line, column, text = _syntax_finding(one("1. 65: 24/18 18/13 { a { b } 1... 31: 24/21\n"))
    assert (line, column) == (1, 24)
    assert text.startswith("a `{` inside the comment opened at 1:20: comments do not nest")


def test_bad_result_token() -> None:
    record = one("1. 65: 24/18 18/13\n1-1\n")
    assert syntax(record) == (2, 1)


def test_junk_between_games_is_its_own_record() -> None:
    text = '[White "A"]\n1. 65: 24/18 18/13\n1-0\n\x01\x02junk\n\n[White "B"]\n1. 54: 24/20\n*\n'
    records = list(parse_games(text))
    assert len(records) == 3
    junk = records[1]
    assert syntax(junk) == (4, 1)
    assert not junk.tags and not junk.half_turns
    assert records[2].tags == {"White": "B"}


def test_empty_text() -> None:
    record = one("")
    assert syntax(record) == (1, None)
    assert record.findings[0].game is None
    assert not record.tags and not record.half_turns


# -- sources -----------------------------------------------------------------


def test_bytes_bom_crlf_invalid_utf8(tmp_path: Path) -> None:
    data = '\ufeff[White "A\u00e9"]\r\n\r\n1. 65: 24/18 18/13\r\n1-0\r\n'.encode()
    path = tmp_path / "g.txt"
    path.write_bytes(data)
    for record in (
        next(read_games(path)),
        next(read_games(str(path))),
        next(read_games(io.BytesIO(data), name="mem")),
        next(read_games(io.StringIO(data.decode("utf-8-sig")))),
    ):
        assert record.tags == {"White": "Aé"}
        assert record.result == "1-0"
        assert record.half_turns[0].line == 3
        assert record.half_turns[0].column == 4
    assert next(read_games(io.BytesIO(data), name="mem")).file == "mem"
    assert next(read_games(path)).file == str(path)
    # bytes that are not UTF-8: a named code page, a warning, never U+FFFD
    broken = b'[White "\xff\xfe"]\n1. 65: 24/18 18/13\n'
    record = next(read_games(io.BytesIO(broken)))
    (warning,) = record.findings
    assert (warning.code, warning.line, warning.game) == ("encoding", 1, 0)
    used = warning.message.split("read as ")[1].split(" ")[0]
    assert record.tags == {"White": b"\xff\xfe".decode(used)}
    assert "\ufffd" not in record.tags["White"]


def test_detect_format() -> None:
    assert detect_format(['[White "A"]']) == "native"
    assert detect_format(["some free text", "", " 5 point match", ""]) == "mat"
    assert detect_format(['; [Site "x"]', "Game 1"]) == "mat"
    assert detect_format(["1. 65: 24/18 18/13"]) == "native"
    assert detect_format([]) == "native"
    assert detect_format(["Long Narde club night", "  12) 65: 24/18 18/13"]) == "mat"
    assert detect_format(["Long Narde club night", "65: 24/18 18/13"]) == "native"
    assert detect_format(["game 3"]) == "mat"
    assert detect_format(["Gammon club", "12 points", "3) 65: 24/13"]) == "mat"


def _corpus_lines() -> list[str]:
    """The lines of the shared corpus (when it lies beside the clone) and of the
    records bundled with the project (examples/, tests/data/): never none."""
    lines = []
    here = Path(__file__).resolve().parents[1]
    bundled = [*sorted((here.parent / "examples").rglob("*")), *sorted((here / "data").rglob("*"))]
    for path in [*sorted(CORPUS.rglob("*")), *bundled]:
        if path.suffix in (".txt", ".mat", ".nrd"):
            lines.extend(path.read_text(encoding="utf-8", errors="replace").splitlines())
    return lines


def test_no_line_is_both_native_and_mat() -> None:
    # detect_format tests native first: the two kinds of line never overlap
    patterns = mat_patterns()
    native = re.compile(r"[ \t]*(?:\[|[0-9]+\.|[1-6][-:]?[1-6]:)")
    lines = [*_corpus_lines(), "1. 5 point match", "65: 3) x", "1) 65:", "3 point match."]
    mat_lines = [line for line in lines
                 if any(patterns[n].fullmatch(line) for n in ("MATCH_LINE", "GAME_LINE",
                                                              "TURN_LINE"))]
    assert len(mat_lines) > 100  # the .mat files (bundled ones alone hold 600 such lines)
    assert not [line for line in mat_lines if native.match(line)]


def test_mat_lines_start_with_a_digit_or_g() -> None:
    # the sniffer's cheap test before the .mat patterns: every line they match
    # starts (after blanks) with a digit or g/G, whatever the character
    patterns = [mat_patterns()[n] for n in ("MATCH_LINE", "GAME_LINE", "TURN_LINE")]
    shapes = ["{} point match", "{}ame 2", "{}) 65: 24/18 18/13", " {}2 point match",
              "  {}AME 10", "{}0) 43: 24/20"]
    for code in range(0x2500):
        for shape in shapes:
            line = shape.format(chr(code))
            if any(p.fullmatch(line) for p in patterns):
                assert line.lstrip(" \t")[:1] in "0123456789Gg", line
    for line in _corpus_lines():
        if any(p.fullmatch(line) for p in patterns):
            assert line.lstrip(" \t")[:1] in "0123456789Gg", line


def test_a_native_file_does_not_load_the_mat_grammar() -> None:
    mat_patterns.cache_clear()
    for text in (GAME, "65: 24/18 18/13 54: 24/15\n", "Club night\n\n12. 65: 24/13\n"):
        assert {r.format for r in parse_games(text)} == {"native"}
        assert mat_patterns.cache_info().currsize == 0
    assert [r.format for r in parse_games(" 3 point match\n")] == ["mat"]
    assert mat_patterns.cache_info().currsize == 1


def test_caret_picture_of_a_long_line_is_a_window() -> None:
    # A 5,000-character junk line: the picture shows at most 100 characters
    # around the column (plus the two ellipses), control bytes as "?".
    text = "1. 65: 24/18 18/13\n" + "x" * 2500 + "\x1b" + "y" * 2500 + "\n"
    record = next(r for r in parse_games(text) if r.findings)
    finding = record.findings[0]
    assert finding.context is not None
    shown, caret = finding.context.split("\n")
    assert len(shown) <= 102
    assert "\x1b" not in finding.context
    assert caret.endswith("^")


def test_utf16_file_with_byte_order_mark(tmp_path: Path) -> None:
    # Windows "Unicode" text: UTF-16 with a BOM reads like the UTF-8 original.
    text = '[White "Иванова М."]\n\n1. 65: 24/13  54: 24/15\n*\n'
    path = tmp_path / "utf16.txt"
    path.write_bytes(text.encode("utf-16"))
    (record,) = list(read_games(path))
    assert record.white == "Иванова М."
    assert len(record.half_turns) == 2
    # rules.md: the file is not UTF-8, a warning names the encoding read
    (warning,) = record.findings
    assert (warning.code, warning.line) == ("encoding", 1)
    assert "UTF-16 (its byte-order mark)" in warning.message


def test_hint_for_a_bad_roll_speaks_of_the_roll() -> None:
    # "6x:" is a broken roll, not a broken point.
    record = next(r for r in parse_games("1. 65: 24/13\n2. 6x: 9/3\n") if r.findings)
    assert "roll" in record.findings[0].message
    assert "point is" not in record.findings[0].message
