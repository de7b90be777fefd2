"""Defects a hostile trial found in the readers (decisions H1-H12), each on an
input built here and values worked out by hand from the spec."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from narde_notation.formats.reader import parse_games, read_games
from narde_notation.replay import validate

HEAD = " 1 point match\n\n Game 1\n A : 0                          B : 0\n"


def _syntax(text: str) -> list[tuple[int, int, str]]:
    (game,) = parse_games(text)
    return [(f.line or 0, f.column or 0, f.message) for f in game.findings if f.code == "syntax"]


def _left_out(text: str) -> list[tuple[int, int, str]]:
    (game,) = parse_games(text)
    report = validate(game)
    return [(f.line or 0, f.column or 0, f.message) for f in report.findings
            if f.code == "illegal-pass"]


def test_black_twice_in_a_row_by_empty_left_columns_is_an_illegal_pass() -> None:
    # record-format.md: an empty left column only on the first turn line; R11.
    # Line 5 is Black's first half-turn, line 6 Black's second: White's
    # half-turn in between is not written, read as a pass of unknown roll.
    # White still has 15 on its head with nothing in front: every roll moves
    # (R7), so no roll could have passed -> illegal-pass at the second (col 34).
    text = (HEAD
            + "  1)                             21: 24/22 24/23\n"
            + "  2)                             31: 22/19 23/22\n")
    found = _left_out(text)
    assert [(line, column) for line, column, _ in found] == [(6, 34)]
    assert "Black plays twice" in found[0][2] and "White's half-turn" in found[0][2]
    assert _syntax(text) == []  # a program's variation is read, not syntax (record-format.md)


def test_white_twice_in_a_row_by_a_missing_right_column_is_an_illegal_pass() -> None:
    # Line 5: White then Black; line 6: White alone (left); line 7: White again
    # in the left column: Black's half-turn after line 6 is not written, and
    # Black (13 on its head, the way ahead open) moves with every roll.
    text = (HEAD
            + "  1) 65: 24/18 24/19              54: 24/20 24/19\n"
            + "  2) 21: 18/16 19/18\n"
            + "  3) 43: 16/12 18/15              32: 20/17 19/17\n")
    found = _left_out(text)
    assert [(line, column) for line, column, _ in found] == [(7, 6)]
    assert "White plays twice" in found[0][2]


def test_a_line_with_only_the_right_column_after_one_with_only_the_left_alternates() -> None:
    # W (line 5 left), B (line 6 right): sides alternate, nothing to report.
    text = (HEAD
            + "  1) 65: 24/18 24/19\n"
            + "                                    54: 24/20 24/19\n")
    assert _left_out(text) == [] and _syntax(text) == []


def test_a_left_out_forced_pass_is_read_silently() -> None:
    # examples/club-match.mat line 140: Black rolls 33 and cannot move (the
    # record writes `33:` and validates clean).  A program that leaves such a
    # pass out entirely (guru-builder's exports do) writes nothing there: some
    # roll leaves Black no move, so the gap can be a pass: no finding.
    text = (Path(__file__).resolve().parents[2] / "examples" / "club-match.mat").read_text(
        encoding="utf-8")
    lines = text.split("\n")
    assert lines[139].rstrip().endswith("33:")
    lines[139] = lines[139].rstrip()[:-3].rstrip()
    for game in parse_games("\n".join(lines)):
        assert not [f for f in validate(game).findings if f.code == "illegal-pass"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_read_games_refuses_a_fifo_at_once_as_the_cli_does(tmp_path: Path) -> None:
    # decisions T5/H2: a FIFO is never opened (opening one waits for a writer)
    fifo = tmp_path / "fifo.mat"
    os.mkfifo(fifo)
    with pytest.raises(FileNotFoundError, match="FIFO") as caught:
        read_games(fifo)
    assert caught.value.filename == str(fifo)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_read_games_refuses_a_device_at_once() -> None:
    # /dev/zero never ends: reading it would fill memory (decisions T5/H2)
    with pytest.raises(FileNotFoundError, match="a device"):
        read_games("/dev/zero")


@pytest.mark.parametrize("count", ["0", "99", "10"])
def test_an_impossible_repeat_count_is_named(count: str) -> None:
    # grammar/terms.lark REPEAT: (1)-(9) right after a move (record-format.md
    # "`24/18(2)`"); the bracket IS right after the move, so the message
    # names the count, not where a repeat is written
    text = f'[White "A"]\n[Black "B"]\n\n1. 66: 24/18({count}) 24/18\n'
    (game,) = parse_games(text)
    (finding,) = [f for f in game.findings if f.code == "syntax"]
    assert (finding.line, finding.column) == (4, 13)
    assert f"a repeat of {count} cannot be" in finding.message
    assert "right after the move" not in finding.message


def test_a_repeat_count_written_apart_from_its_move_keeps_its_hint() -> None:
    (game,) = parse_games('[White "A"]\n[Black "B"]\n\n1. 66: 24/18 (2)\n')
    assert "a repeat is written right after the move" in game.findings[0].message


GAME_ONE = (HEAD + "  1) 65: 24/18 24/19              54: 24/20 24/19\n"
            + "      Wins 1 point\n")


@pytest.mark.parametrize("end", ["\x1a", "\n\x1a", "\r\n\x1a"])
def test_a_dos_end_of_file_character_ends_the_file_silently(end: str) -> None:
    # decisions H5: ^Z (0x1A) ending the text is DOS's end of file, not text
    text = GAME_ONE.rstrip("\n") + end
    (game,) = parse_games(text)
    assert game.findings == []
    assert game.result == "1-0"


def test_a_dos_end_of_file_byte_in_a_file(tmp_path: Path) -> None:
    path = tmp_path / "dos.mat"
    path.write_bytes(GAME_ONE.replace("\n", "\r\n").encode("ascii") + b"\x1a")
    (game,) = read_games(path)
    assert (game.findings, game.result) == ([], "1-0")


def test_a_bom_starting_a_pasted_second_export_is_ignored() -> None:
    # decisions H6: two UTF-8 exports concatenated: lines 1-6 the first, 7 blank,
    # 8 the second's BOM and `Game 2`
    second = GAME_ONE.replace(" 1 point match\n\n", "").replace("Game 1", "Game 2")
    second = second.replace("A : 0 ", "A : 1 ")
    text = "\ufeff" + GAME_ONE + "\n\ufeff" + second
    one, two = parse_games(text)
    assert two.tags["Game"] == "2" and two.line == 8
    assert one.findings == [] and two.findings == []


def test_utf8_cut_inside_its_last_character_is_utf8_with_one_bad_byte(tmp_path: Path) -> None:
    # record-format.md "Encodings": text is never silently replaced; the file
    # is UTF-8 (its Cyrillic site name decodes), its last byte 0xD1 starts a
    # character that never comes: U+FFFD and one warning at line 8, no guess
    path = tmp_path / "cut.mat"
    text = GAME_ONE + '; [Site "Баку"]\n; [Site "Ба'
    path.write_bytes(text.encode("utf-8") + b"\xd1")
    (game,) = read_games(path)
    warnings = [(f.line, f.message) for f in game.findings if f.code == "encoding"]
    assert len(warnings) == 1 and warnings[0][0] == 8
    assert "not UTF-8 were replaced" in warnings[0][1] and "cp1251" not in warnings[0][1]


def test_one_trailing_byte_with_no_utf8_letters_before_is_still_a_guess(
        tmp_path: Path) -> None:
    # an ASCII file ending in the cp1251 letter 0xD1 ("С"): nothing says UTF-8
    path = tmp_path / "one.mat"
    path.write_bytes(GAME_ONE.encode("ascii") + b"; \xd1")
    (game,) = read_games(path)
    (warning,) = [f for f in game.findings if f.code == "encoding"]
    assert "a guess" in warning.message


def test_cr_only_line_ends_are_line_ends() -> None:
    # decisions H8: an old Mac file; the same game as with LF, same lines
    (lf,) = parse_games(GAME_ONE)
    (cr,) = parse_games(GAME_ONE.replace("\n", "\r"))
    assert cr.findings == [] and cr.result == "1-0"
    assert [(h.side, h.dice, h.line) for h in cr.half_turns] == [
        (h.side, h.dice, h.line) for h in lf.half_turns]
    assert (cr.line, cr.result_line) == (3, 6)


def test_crlf_split_across_two_read_blocks_is_one_line_end(tmp_path: Path) -> None:
    # the file is read in 64 KiB blocks: the CR is the first block's last
    # byte, its LF the second's first; line 1 is free text, `Game 1` line 4
    path = tmp_path / "split.mat"
    body = GAME_ONE.replace("\n", "\r\n").encode("ascii")
    path.write_bytes(b"x" * 65535 + b"\r\n" + body)
    (game,) = read_games(path)
    assert (game.line, game.result_line, game.findings) == (4, 7, [])


@pytest.mark.parametrize(("line", "white", "black", "score"), [
    (" Dr: Kaya : 0                    Sokolov D. : 2", "Dr: Kaya", "Sokolov D.", "0-2"),
    (" Kaya E. : 1                    Prof:Sokolov : 0", "Kaya E.", "Prof:Sokolov", "1-0"),
])
def test_a_colon_inside_a_players_name_in_the_score_line(
        line: str, white: str, black: str, score: str) -> None:
    # record-format.md "Name : score": a colon not followed by a number is
    # part of the name (decisions H9)
    text = " 3 point match\n\n Game 1\n" + line + "\n  1) 65: 24/18 24/19\n"
    (game,) = parse_games(text)
    assert [f for f in game.findings if f.code == "syntax"] == []
    assert (game.tags["White"], game.tags["Black"], game.tags["Score"]) == (white, black, score)


def test_losses_and_wins_that_disagree_on_the_points_are_an_error() -> None:
    # record-format.md "Resignations": `Losses 2 points` in White's column says
    # Black wins 2 (0-2); `Wins 1 point` in Black's says 0-1: the record
    # contradicts itself, reported at the second (line 6, column 35)
    text = (HEAD + "  1) 65: 24/18 24/19              54: 24/20 24/19\n"
            + "  2)  Losses 2 points             Wins 1 point\n")
    found = _syntax(text)
    assert [(line, column) for line, column, _ in found] == [(6, 35)]
    assert "0-1" in found[0][2] and "0-2" in found[0][2]


def test_losses_and_wins_that_agree_are_read_silently() -> None:
    # `Losses 1 point` in Black's column, `Wins 1 point` indented 6 (White's):
    # both say 1-0
    text = (HEAD + "  1) 65: 24/18 24/19              Losses 1 point\n"
            + "      Wins 1 point\n")
    (game,) = parse_games(text)
    assert (game.result, [f for f in game.findings if f.code == "syntax"]) == ("1-0", [])


def test_a_guess_from_a_block_mixing_utf8_and_cp1251_lines_is_cp1251() -> None:
    # decisions H11: the UTF-8 lines are no evidence for a code page; the
    # lines that are not UTF-8 are Cyrillic in cp1251
    from narde_notation.formats.decoding import guess_encoding

    sample = (' Алиев Р. : 0                    Соколов Д. : 0\n'.encode()
              + b"  1) 65: 24/18 24/19              54: 24/20 24/19\n"
              + ' Соколов Д. : 0                    Алиев Р. : 1\n'.encode("cp1251")
              + '; [Event "Кубок клуба, финал"]\n'.encode("cp1251"))
    assert guess_encoding(sample) == "cp1251"


@pytest.mark.parametrize("word", ["Drops", "Drop", "Passes", "Rejects"])
def test_a_wins_line_after_a_drop_is_the_other_sides(word: str) -> None:
    # decisions H12: White drops (left column), then `Wins 1 point` indented 6
    # (White's column by indentation): the side that dropped gave the game up,
    # so Black wins 1 (0-1), as after `Resigns`; the cube word stays reported
    text = (HEAD + "  1) 65: 24/18 24/19              54: 24/20 24/19\n"
            + f"  2)  {word}\n"
            + "      Wins 1 point\n")
    (game,) = parse_games(text)
    assert game.result == "0-1"
    assert [(f.line, "no doubling cube" in f.message) for f in game.findings] == [(6, True)]
