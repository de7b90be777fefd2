"""One way in (record-format.md, "Encodings"): the same bytes give the same
records through a path, a binary handle, a text handle, standard input and
a string; byte-order marks; legacy code pages with an ``encoding`` warning;
never a silent U+FFFD."""

from __future__ import annotations

import codecs
import io
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from narde_notation.cli.stats import narde_stats
from narde_notation.cli.validate import narde_validate
from narde_notation.formats.decoding import DecodedLines, split_lines
from narde_notation.formats.reader import parse_games, read_games
from narde_notation.model.record import GameRecord

NAMES = st.text(alphabet="АБВГДЕЖЗИКЛМНОПабвгдежзиклмнопрстуё ABCabc.,'-", min_size=1,
                max_size=12).map(str.strip).filter(bool)
TURNS = st.lists(
    st.sampled_from(["65: 24/18 18/13", "54: 24/20 20/15", "21: 24/22 22/21", "43:",
                     "66: 24/18(2) { Дубль }", "31: 24/21 21/20 ; комментарий"]),
    min_size=0, max_size=8)
ENDS = st.sampled_from(["\n", "\r\n"])


@st.composite
def records(draw: Any) -> str:
    end = draw(ENDS)
    games = []
    for _ in range(draw(st.integers(1, 3))):
        white, black = draw(NAMES), draw(NAMES)
        lines = [f'[White "{white}"]', f'[Black "{black}"]', ""]
        turns = draw(TURNS)
        for k in range(0, len(turns), 2):
            lines.append(f"{k // 2 + 1}. " + "  ".join(turns[k : k + 2]))
        lines.append(draw(st.sampled_from(["*", "1-0", "0-2", ""])))
        games.append(end.join(lines))
    return (end + end).join(games) + end


def shape(records: list[GameRecord]) -> list[tuple[Any, ...]]:
    """What must agree: the records and where each half-turn stands."""
    return [(r, r.line, [(h.line, h.column, h.comments) for h in r.half_turns]) for r in records]


def read_stdin(data: bytes, encoding: str | None) -> list[GameRecord]:
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="ascii", errors="strict")
    try:
        return list(read_games("-", encoding=encoding))
    finally:
        sys.stdin = saved


@settings(max_examples=60, deadline=None)
@given(text=records(), codec=st.sampled_from(["utf-8", "utf-16", "cp1251"]))
def test_same_bytes_same_records_every_way_in(text: str, codec: str) -> None:
    data = text.encode(codec)
    stated = "cp1251" if codec == "cp1251" else None  # a legacy page is named or guessed
    expected = shape(list(parse_games(text)))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.txt"
        path.write_bytes(data)
        by_path = list(read_games(path, encoding=stated))
        assert shape(by_path) == expected
        assert shape(list(read_games(str(path), encoding=stated))) == expected
    assert shape(list(read_games(io.BytesIO(data), encoding=stated))) == expected
    assert shape(list(read_games(io.StringIO(text)))) == expected
    assert shape(read_stdin(data, stated)) == expected
    # a warning names the encoding whenever the text was not read as UTF-8
    warnings = [f for r in by_path for f in r.findings if f.code == "encoding"]
    if codec == "utf-16":
        assert len(warnings) == 1 and "UTF-16 (its byte-order mark)" in warnings[0].message
    elif codec == "cp1251" and not text.isascii():
        assert len(warnings) == 1 and "cp1251 (the encoding asked for)" in warnings[0].message
    else:
        assert warnings == []


def test_byte_order_marks() -> None:
    text = '[White "Şükrü"]\n\n1. 65: 24/18 18/13\n*\n'
    for codec, shown in (("utf-8-sig", None), ("utf-16-be", "UTF-16"), ("utf-32", "UTF-32"),
                         ("utf-16-le", "UTF-16")):
        data = text.encode(codec)
        if codec in ("utf-16-be", "utf-16-le"):
            data = ("\ufeff" + text).encode(codec)
        (record,) = read_games(io.BytesIO(data))
        assert record.white == "Şükrü"
        assert record.half_turns[0].column == 4  # the mark is not a character
        codes = [f.message for f in record.findings if f.code == "encoding"]
        assert codes == ([] if shown is None else
                         [f"the file is not UTF-8: read as {shown} (its byte-order mark)"])


def test_legacy_code_pages_are_guessed_and_named() -> None:
    for name, codec in (("Иванова Мария", "cp1251"), ("Иванова Мария", "koi8_r"),
                        ("Jürgen Groß", "cp1252"),
                        # Turkish: ğ ş ı are the bytes cp1252 reads as ð þ ý
                        ("Ağaoğlu Şeyma", "cp1254"), ("Çağlar Işık", "cp1254")):
        data = f'[White "{name}"]\n[Black "X"]\n\n1. 65: 24/18 18/13\n*\n'.encode(codec)
        (record,) = read_games(io.BytesIO(data), name="old.txt")
        assert record.white == name
        (warning,) = record.findings[:1]
        assert (warning.code, warning.line, warning.file, warning.game) == (
            "encoding", 1, "old.txt", 0)
        shown = codecs.lookup(codec).name
        assert warning.message == f"the file is not UTF-8: read as {shown} (a guess)"


def test_the_warning_lands_on_the_game_holding_the_bytes() -> None:
    # 3,000 ASCII games (more than one 64 KiB block), then a cp1251 name
    game = '[White "A"]\n[Black "B"]\n\n1. 65: 24/18 18/13\n*\n\n'
    data = (game * 3000).encode() + '[White "Жук"]\n\n1. 65: 24/18 18/13\n*\n'.encode("cp1251")
    records = list(read_games(io.BytesIO(data)))
    assert len(records) == 3001
    assert records[-1].white == "Жук"
    warned = [(r.index, f.line) for r in records for f in r.findings if f.code == "encoding"]
    assert warned == [(3000, 3000 * 6 + 1)]


def test_bytes_no_encoding_can_read_are_replaced_with_a_warning() -> None:
    (record,) = read_games(io.BytesIO(b'[White "\x98"]\n\n1. 65: 24/18 18/13\n*\n'),
                           encoding="cp1251")  # 0x98 is no character in cp1251
    assert record.white == "\ufffd"
    assert [f.message for f in record.findings if f.code == "encoding"] == [
        "the file is not UTF-8: read as cp1251 (the encoding asked for)",
        "bytes that are not cp1251 were replaced by U+FFFD (\ufffd)"]


def test_unknown_encoding_is_refused_at_once() -> None:
    with pytest.raises(LookupError):
        read_games(io.BytesIO(b""), encoding="no-such-codec")


def test_split_lines_joins_blocks_and_mixed_line_ends() -> None:
    blocks = ["\ufeffab", "c\r", "\nde\n", "", "f" * 5, "g\r\nh"]
    assert list(split_lines(blocks)) == ["abc", "de", "fffffg", "h"]
    assert list(split_lines(["x\n"])) == ["x"]
    assert list(DecodedLines(text="a\r\nb\nc")) == ["a", "b", "c"]


def test_both_programs_read_utf16_and_standard_input_alike(tmp_path: Path) -> None:
    text = '[White "Иванова"]\n[Black "B"]\n\n1. 65: 24/18 18/13  54: 24/20 20/15\n*\n'
    path = tmp_path / "u16.txt"
    path.write_bytes(text.encode("utf-16"))
    runner = CliRunner()
    by_file = runner.invoke(narde_validate, [str(path), "--format", "csv", "-q"])
    by_stdin = runner.invoke(narde_validate, ["-", "--format", "csv", "-q"],
                             input=text.encode("utf-16"))
    assert by_file.exit_code == by_stdin.exit_code == 0
    assert [row.split(",")[4] for row in by_file.output.splitlines()[1:]] == [
        "encoding", "unfinished"]
    assert by_stdin.output.replace("<stdin>", str(path)) == by_file.output
    old = text.replace("Иванова", "Жукова").encode("cp1251")
    stats = runner.invoke(narde_stats, ["-", "--by", "player", "--format", "csv", "-q",
                                        "--encoding", "cp1251"], input=old)
    assert stats.exit_code == 0, stats.output
    assert "Жукова" in stats.output
    stats = runner.invoke(narde_stats, [str(path), "--by", "player", "--format", "csv", "-q"])
    assert stats.exit_code == 0 and "Иванова" in stats.output
    bad = runner.invoke(narde_validate, [str(path), "--encoding", "no-such-codec"])
    assert bad.exit_code == 2


def test_utf16_without_a_byte_order_mark_is_recognised() -> None:
    text = '[White "Иванова"]\n\n1. 65: 24/18 18/13  54: 24/20 20/15\n*\n'
    for codec in ("utf-16-le", "utf-16-be"):
        (record,) = read_games(io.BytesIO(text.encode(codec)))
        assert record.white == "Иванова" and len(record.half_turns) == 2
        assert [f.message for f in record.findings if f.code == "encoding"] == [
            f"the file is not UTF-8: read as {codec} (a guess: no byte-order mark)"]


def test_stated_utf16_without_a_mark_takes_the_byte_order_from_the_zeros() -> None:
    text = '[White "Ann"]\n\n1. 65: 24/18 18/13 *\n'
    for codec in ("utf-16-be", "utf-16-le"):
        (record,) = read_games(io.BytesIO(text.encode(codec)), encoding="utf-16")
        assert record.white == "Ann" and len(record.half_turns) == 1
        assert [f.message for f in record.findings if f.code == "encoding"] == [
            f"the file is not UTF-8: read as {codec} (the encoding asked for)"]
