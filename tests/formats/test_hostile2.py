"""Defects the second hostile trial found in the readers (decisions H13-),
each on an input built here and values worked out by hand from the spec."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from narde_notation.formats.reader import parse_games, read_games

#: Game 1 as a UTF-8 export writes it, Game 2 as a cp1251 one (Алиев won game 1).
_GAME_1 = (" 3 point match\n\n Game 1\n"
           " Алиев Р. : 0                    Соколов Д. : 0\n"
           "  1) 65: 24/18 24/19              54: 24/20 24/19\n"
           "      Wins 1 point\n\n")
_GAME_2 = (" Game 2\n"
           " Алиев Р. : 1                    Соколов Д. : 0\n"
           "  1) 65: 24/18 24/19              54: 24/20 24/19\n"
           "      Wins 1 point\n")


def _pasted(end: str, mark: bytes = b"") -> bytes:
    return (mark + _GAME_1.replace("\n", end).encode("utf-8")
            + _GAME_2.replace("\n", end).encode("cp1251"))


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("mark", [b"", codecs.BOM_UTF8])
def test_utf8_lines_of_a_file_pasted_with_a_cp1251_one_stay_utf8(
        tmp_path: Path, end: str, mark: bytes) -> None:
    # decisions H13 (the first trial's D7): each line is read as UTF-8 when it
    # is UTF-8, the others as the guessed code page; both games' names read
    # right; one warning that the file mixes encodings, at the first UTF-8
    # letters (line 4), one that names the guess, at the first cp1251 line (9).
    # With a UTF-8 mark the cp1251 names were U+FFFD; without, Game 1's mojibake.
    path = tmp_path / "pasted.mat"
    path.write_bytes(_pasted(end, mark))
    one, two = read_games(path)
    assert [(g.tags["White"], g.tags["Black"]) for g in (one, two)] == [
        ("Алиев Р.", "Соколов Д.")] * 2
    warnings = sorted((f.line or 0, f.message) for g in (one, two) for f in g.findings
                      if f.code == "encoding")
    assert [line for line, _ in warnings] == [4, 9]
    assert "mixes encodings" in warnings[0][1] and "cp1251 (a guess)" in warnings[1][1]


def test_a_cp1251_line_longer_than_a_read_block_is_one_line(tmp_path: Path) -> None:
    # a cp1251 comment line of 10,000 times "Кубок клуба. " (130,002 bytes)
    # spans three 64 KiB blocks: one line (the game starts on line 2), then
    # the game after it, its names read as cp1251
    path = tmp_path / "long.mat"
    path.write_bytes(("; " + "Кубок клуба. " * 10_000 + "\n" + _GAME_2).encode("cp1251"))
    (game,) = read_games(path)
    assert (game.tags["White"], game.line) == ("Алиев Р.", 2)


def _match_end(length: str, score: str, last: str) -> list[tuple[str, int, int]]:
    white, black = score.split("-")
    text = (f" {length} point match\n\n Game 3\n"
            f" A : {white}                          B : {black}\n"
            "  1) 65: 24/18 24/19              54: 24/20 24/19\n" + last)
    (game,) = parse_games(text)
    return [(f.code, f.line or 0, f.column or 0) for f in game.findings]


@pytest.mark.parametrize(("length", "score", "last", "found"), [
    # White at 2 of 5 wins 2: 4 < 5, the match goes on (R10): at the Wins (6, 7)
    ("5", "2-0", "      Wins 2 points and the match\n", [("wrong-result", 6, 7)]),
    # Black's column on a turn line, `and wins the match`: Black at 1 + 1 = 2 of 3
    ("3", "0-1", "  2) 43: 24/21 24/20              Wins 1 point and wins the match\n",
     [("wrong-result", 6, 35)]),
    # the claims that hold: 3 + 2 = 5 of 5; Black 2 + 1 = 3 of 3; more than needed
    ("5", "3-0", "      Wins 2 points and the match\n", []),
    ("3", "0-2", "  2) 43: 24/21 24/20              Wins 1 point and the match\n", []),
    ("5", "4-4", "      Wins 3 points and the match\n", []),
    # no match length (a money session): nothing to check the claim against
    ("0", "0-0", "      Wins 1 point and the match\n", []),
    # no claim: a game that does not end the match says nothing about it
    ("5", "0-0", "      Wins 1 point\n", []),
])
def test_wins_and_the_match_is_checked_against_the_match_length(
        length: str, score: str, last: str, found: list[tuple[str, int, int]]) -> None:
    # decisions H14 (the first trial's D11, part 2): "and the match" says the
    # winner reaches the match length with this game (R10)
    assert _match_end(length, score, last) == found


def test_a_match_claim_the_other_side_would_make_true_names_it() -> None:
    # White at 8, Black at 9 of 11, `Wins 2 points and the match` indented 6
    # (White's): 8 + 2 = 10 < 11, while Black's 9 + 2 = 11 would end the match
    # (realworld-mat guru-builder-tournaments/cmj85xmy0001x…, line 135)
    text = (" 11 point match\n\n Game 5\n A : 8                          B : 9\n"
            "  1) 65: 24/18 24/19              54: 24/20 24/19\n"
            "      Wins 2 points and the match\n")
    (game,) = parse_games(text)
    (finding,) = game.findings
    assert (finding.code, finding.line, finding.column) == ("wrong-result", 6, 7)
    assert "reaches 10 of the match's 11 points" in finding.message
    assert "Black, at 9, would reach it" in finding.message


def _guessed_names(tmp_path: Path, white: str, black: str, encoding: str) -> tuple[str, ...]:
    path = tmp_path / "names.mat"
    path.write_bytes((" 3 point match\n\n Game 1\n"
                      f" {white} : 0                    {black} : 0\n"
                      "  1) 65: 24/18 24/19              54: 24/20 24/19\n").encode(encoding))
    (game,) = read_games(path)
    (warning,) = [f.message for f in game.findings if f.code == "encoding"]
    return game.tags["White"], game.tags["Black"], warning


def test_western_names_are_not_read_as_cyrillic(tmp_path: Path) -> None:
    # decisions H15: a Latin-1 file's "Müller J." and "Ñúñez É." fit cp1251
    # too ("Mьller J.", "Съсez Й."), the detector's pick; a Cyrillic letter
    # inside a Latin word says the page is Western: cp1252
    white, black, warning = _guessed_names(tmp_path, "Müller J.", "Ñúñez É.", "latin-1")
    assert (white, black) == ("Müller J.", "Ñúñez É.")
    assert "cp1252 (a guess)" in warning


def test_a_latin_look_alike_in_a_cyrillic_name_keeps_cp1251(tmp_path: Path) -> None:
    # "Kубок" typed with a Latin K: one word of three mixes scripts, a minority
    white, black, warning = _guessed_names(tmp_path, "Kубок Петров", "Иванов А.", "cp1251")
    assert (white, black) == ("Kубок Петров", "Иванов А.")
    assert "cp1251 (a guess)" in warning


def test_a_turn_line_after_the_games_result_is_reported_and_read() -> None:
    # decisions H16: `Wins 1 point` at line 6, then White's turn at line 7 in
    # the same game (no `Game N` between): a syntax error at the turn number
    # (line 7, column 3), once; the half-turns of all three turn lines are kept (5)
    text = (" 3 point match\n\n Game 1\n A : 0                          B : 0\n"
            "  1) 65: 24/18 24/19              54: 24/20 24/19\n"
            "      Wins 1 point\n"
            "  2) 43: 24/20 24/21              21: 24/22 24/23\n"
            "  3) 43: 24/20 24/21\n")
    (game,) = parse_games(text)
    assert [(f.code, f.line, f.column) for f in game.findings] == [("syntax", 7, 3)]
    assert "after this game's result (1-0, line 6)" in game.findings[0].message
    assert len(game.half_turns) == 5 and game.result == "1-0"


def test_a_stated_code_page_leaves_utf8_files_and_lines_utf8(tmp_path: Path) -> None:
    # decisions H17: `--encoding cp1251` is for the files that are not UTF-8
    # (README, the programs' help): given for a folder, a UTF-8 file in it was
    # read as cp1251 ("РђР»РёРµРІ"); the pasted file reads both parts right,
    # its cp1251 part "read as cp1251 (the encoding asked for)" at line 9
    utf8 = tmp_path / "utf8.mat"
    utf8.write_bytes((_GAME_1 + _GAME_2).encode("utf-8"))
    pasted = tmp_path / "pasted.mat"
    pasted.write_bytes(_pasted("\n"))
    one, two = read_games(utf8, encoding="cp1251")
    assert [(g.tags["White"], g.tags["Black"]) for g in (one, two)] == [
        ("Алиев Р.", "Соколов Д.")] * 2
    assert [f for g in (one, two) for f in g.findings if f.code == "encoding"] == []
    one, two = read_games(pasted, encoding="cp1251")
    assert [(g.tags["White"], g.tags["Black"]) for g in (one, two)] == [
        ("Алиев Р.", "Соколов Д.")] * 2
    warnings = sorted((f.line or 0, f.message) for g in (one, two) for f in g.findings
                      if f.code == "encoding")
    assert [line for line, _ in warnings] == [4, 9]
    assert warnings[1][1] == "the file is not UTF-8: read as cp1251 (the encoding asked for)"


@pytest.mark.parametrize("codec", ["utf-32-le", "utf-32-be"])
def test_utf32_without_a_mark_is_read_as_utf32(tmp_path: Path, codec: str) -> None:
    # decisions H18: three zero bytes of every four, as UTF-16's one of two
    # (F1): the file was one record, "text that is not part of a record"
    path = tmp_path / "wide.mat"
    path.write_bytes((_GAME_1 + _GAME_2).encode(codec))
    one, two = read_games(path)
    assert (two.tags["White"], two.tags["Score"], two.result) == ("Алиев Р.", "1-0", "1-0")
    (warning,) = [f for g in (one, two) for f in g.findings]
    assert warning.message == (f"the file is not UTF-8: read as {codec} (a guess:"
                               " no byte-order mark)")


@pytest.mark.parametrize(("last", "result"), [
    ("  2) Resigns 2 points\n", "0-2"),  # White's column: Black wins 2
    ("  2) 43: 24/20 24/21              Resigns 1 point\n", "1-0"),
    ("  2) Resigns\n", None),  # no points written: the replay weighs the position
])
def test_resigns_with_its_points_is_the_games_result(last: str, result: str | None) -> None:
    # decisions H19: mat.lark reads `Resigns N points` as `Losses N points`
    # says the same (record-format.md "Resignations"); its points were dropped
    text = (" 3 point match\n\n Game 1\n A : 0                          B : 0\n"
            "  1) 65: 24/13                    54: 24/15\n" + last)
    (game,) = parse_games(text)
    assert (game.result, game.resigned, game.findings) == (result, True, [])
