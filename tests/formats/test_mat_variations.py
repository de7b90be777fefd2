"""``.mat`` files as programs write them (record-format.md, "Match files from
backgammon programs" and "Resignations").

The fixtures in ``tests/data/mat`` were written by hand; every value below
(games, half-turns, sides, results, finding lines and columns) was worked
out by hand from them and the spec.  Columns count from 1 on the line.
"""

from __future__ import annotations

from pathlib import Path

from narde_notation.formats.reader import read_games
from narde_notation.model.record import GameRecord
from narde_notation.model.side import Side
from narde_notation.replay.validation import validate_games

DATA = Path(__file__).parents[1] / "data" / "mat"
W, B = Side.WHITE, Side.BLACK


def test_wins_resigns_losses_on_turn_lines_any_case_mixed_line_ends() -> None:
    # ` 3 Point Match` (capitals), CR LF and LF mixed, a tab between columns,
    # trailing blanks.
    one, two, three = read_games(DATA / "programs.mat")
    assert one.tags == {"Match": "3", "Game": "1", "White": "Aliyev R.",
                        "Black": "Orlov K.", "Score": "0-0"}
    assert [(h.side, h.dice, h.line) for h in one.half_turns] == [
        (W, (6, 5), 5), (B, (5, 4), 5), (W, (4, 3), 6)]
    # `Wins 1 point` in the right column after White's move: Black's (the
    # column decides; game 2's score line, 0-1, says the same)
    assert (one.result, one.result_line, one.result_column) == ("0-1", 6, 34)
    assert not one.resigned
    assert [(h.side, h.dice) for h in two.half_turns] == [(W, (2, 1)), (B, (5, 3))]
    assert two.half_turns[1].column == 23  # after "  1) 21: 24/22 22/21" and two tabs
    # `Resigns` (left: White) and `Wins 1 point` (right: Black)
    assert (two.result, two.result_line, two.result_column) == ("0-1", 11, 34)
    assert two.resigned and two.tags["Termination"] == "resign"
    assert two.tags["Score"] == "0-1"
    # `Losses 1 point` (left) and `Wins 1 point and the match` (right): Orlov
    # at 2 of 3 points wins the match (R10, decisions H14)
    assert (three.result, three.result_line, three.result_column) == ("0-1", 16, 34)
    assert three.resigned and len(three.half_turns) == 2
    assert not (one.findings or two.findings or three.findings)


def test_programs_file_validates_resignations() -> None:
    one, two, three = validate_games(read_games(DATA / "programs.mat"))
    # game 1 is not over, yet its Wins says 0-1
    assert [(f.code, f.line, f.column) for f in one.findings] == [("wrong-result", 6, 34)]
    assert one.ending == "unfinished"
    # games 2 and 3: White resigned having borne off nothing (mars possible):
    # conceding 1 point is accepted; the score of game 3 (0-2) follows game 2
    for report in (two, three):
        assert report.findings == []
        assert (report.result, report.kind, report.ending) == ("0-1", "oyn", "resignation")


def test_money_session_and_a_cube_drop() -> None:
    one, two = read_games(DATA / "money.mat")
    # ` 0 point match`: single games, no Match tag
    assert "Match" not in one.tags and "Match" not in two.tags
    assert one.tags == {"Game": "1", "White": "Kaya E.", "Black": "Sokolov D.", "Score": "0-0"}
    # `Drops` (left column) is a cube action, reported; Wins (right) is Black's
    (drop,) = one.findings
    assert (drop.code, drop.line, drop.column) == ("syntax", 6, 7)
    assert "no doubling cube" in drop.message
    assert one.result == "0-1" and len(one.half_turns) == 2
    # a Wins line of its own, indented 6, `and the match`: White's
    assert (two.result, two.result_line, two.result_column) == ("2-0", 11, 7)
    assert [(h.side, h.dice) for h in two.half_turns] == [(W, (6, 5))]


def test_every_cube_spelling_is_reported_once_and_reading_goes_on() -> None:
    (game,) = read_games(DATA / "cube.mat")
    cube = [(f.line, f.column) for f in game.findings]
    assert all(f.code == "syntax" and "no doubling cube" in f.message for f in game.findings)
    assert cube == [(6, 6), (6, 35), (7, 34), (8, 6), (8, 34), (9, 6), (9, 34), (10, 6),
                    (10, 34), (11, 34)]
    assert [(h.side, h.dice, h.line) for h in game.half_turns] == [
        (W, (6, 5), 5), (B, (5, 4), 5), (W, (2, 1), 7), (W, (4, 3), 11), (W, (6, 5), 12),
        (B, (3, 2), 12)]


def test_malformed_lines_each_reported_and_the_result_still_read() -> None:
    (game,) = read_games(DATA / "malformed.mat")
    assert [(f.code, f.line, f.column) for f in game.findings] == [
        ("syntax", 5, 38), ("syntax", 7, 6)]
    # every line is read on its own: line 5's right column keeps its roll (moves
    # not read), line 7 (`7:` is no roll) gives nothing, lines 6 and 8 are read
    assert [(h.side, h.dice, h.line) for h in game.half_turns] == [
        (W, (6, 5), 5), (B, (5, 4), 5), (W, (2, 1), 6), (B, (4, 3), 6), (W, (3, 3), 8),
        (B, (1, 1), 8)]
    assert [h.unread for h in game.half_turns] == [None, "24//20", None, None, None, None]
    # the Wins line after the broken lines is read: indented 34, Black's
    assert (game.result, game.result_line, game.result_column) == ("0-1", 9, 35)


def test_resumed_match_resignation_worth_too_much_and_game_without_turns() -> None:
    one, two, three, four = validate_games(read_games(DATA / "resumed.mat"))
    # a file holding part of a match: its first game starts at 3-2, taken as given
    assert one.valid and one.findings == []
    assert (one.result, one.ending) == ("0-1", "resignation")
    # game 1 gave Black a point: 3-3 before game 2, which says 3-4; and
    # game 2's resignation claims 3 points, but mars (2) is the most under
    # standard rules (no koks)
    assert [(f.code, f.line, f.column) for f in two.findings] == [
        ("wrong-result", 9, 1), ("wrong-result", 11, 34)]
    assert "at most 2 (mars)" in two.findings[1].message
    assert two.ending == "resignation"
    # `Game 3` with no turns: a located warning
    # and its score line (3-4) is not game 2's 3-4 plus the 3 points its Wins
    # gives Black: the file contradicts itself, said at the score line
    assert [(f.code, f.line) for f in three.findings] == [("unfinished", 13), ("wrong-result", 14)]
    assert "3-7" in three.findings[1].message
    assert three.record.half_turns == []
    assert [(f.code, f.line) for f in four.findings] == [("unfinished", 18)]


def test_resignations_survive_the_mat_writer() -> None:
    from narde_notation.formats.writer import write_game, write_games

    games = list(read_games(DATA / "programs.mat"))
    again = list(read_games_text(write_games(games, "mat")))
    assert again == games
    assert [g.resigned for g in again] == [False, True, True]
    # Black resigning: `Wins` in the left column, `Resigns` in the right
    black = games[1]
    black.result = "1-0"
    text = write_game(black, "mat")
    assert text.splitlines()[-1] == "  2) Wins 1 point" + " " * 16 + "Resigns"  # column 34
    (read,) = read_games_text(text)
    assert (read.result, read.resigned) == ("1-0", True)
    assert "Termination" not in text  # said by the Resigns line


def read_games_text(text: str) -> list[GameRecord]:
    from narde_notation.formats.reader import parse_games

    return list(parse_games(text))


def test_a_third_half_turn_on_a_line_is_malformed() -> None:
    text = " 1 point match\n Game 1\n A : 0     B : 0\n  1) 65: 24/18 18/13  54: 24/20  21: 24/22\n"
    (game,) = read_games_text(text)
    # "  1) 65: 24/18 18/13  54: 24/20  " is 33 characters: the third roll at 34
    assert [(f.code, f.line, f.column) for f in game.findings] == [("syntax", 4, 34)]
    assert [(h.side, h.dice) for h in game.half_turns] == [(W, (6, 5)), (B, (5, 4))]


def test_wins_stands_in_the_winners_column() -> None:
    # Game 1: Black (first) leaves one checker, White bears off its last two;
    # `Wins` on a line of its own in the left column (White's).  Game 2: Black
    # bears off its last two in the right column; `Wins` in the right column.
    one, two = validate_games(read_games(DATA / "finished.mat"))
    assert (one.record.result, one.record.result_line, one.record.result_column) == (
        "1-0", 8, 7)
    assert (two.record.result, two.record.result_line, two.record.result_column) == (
        "0-1", 14, 35)
    for report in (one, two):
        assert report.findings == [] and report.ending == "bear-off"
    assert (one.result, two.result) == ("1-0", "0-1")
