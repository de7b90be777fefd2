"""What a ``.mat`` file says, read right (issue 25): the column of ``Wins``
decides the winner, each result is checked against the next game's score
line, a roll written twice is read once with a finding.

Every value is worked out by hand from the text (columns count from 1 on the
line; the left column is White's, the right Black's, record-format.md)."""

from __future__ import annotations

import pytest

from narde_notation.formats.reader import parse_games
from narde_notation.model.record import GameRecord
from narde_notation.model.side import Side

W, B = Side.WHITE, Side.BLACK
HEAD = " 5 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"


def _one(body: str) -> GameRecord:
    (game,) = parse_games(HEAD + body)
    return game


@pytest.mark.parametrize(("line", "result", "column"), [
    # a roll alone on the left, `Wins` in the right column: Black's
    ("  2) 61:                             Wins 1 point", "0-1", 38),
    # `Wins` alone on a turn line, two blanks in: the left column, White's
    ("  3)  Wins 1 point", "1-0", 7),
    # after White's bear-off, `Wins` in the right column is Black's all the same
    ("  8) 43: 6/2 3/off              Wins 2 points", "0-2", 33),
    # tabs before `Wins` reaching 20 columns after `N)` (the right column)
    ("  3)\t\t\tWins 1 point", "0-1", 8),
    # Black dropped (right column); `Wins` on the next line, left: White's
    ("  3)                             Drops\n      Wins 1 point", "1-0", 7),
])
def test_the_column_of_wins_decides_the_winner(line: str, result: str, column: int) -> None:
    game = _one("  1) 65: 24/18 18/13             54: 24/20 20/15\n" + line + "\n")
    assert (game.result, game.result_column) == (result, column)


def _two(wins: str, score: str) -> list[GameRecord]:
    return list(parse_games(
        HEAD + "  1) 65: 24/18 18/13             54: 24/20 20/15\n" + wins + "\n\n Game 2\n"
        f" Alice : {score.split('-')[0]}                      Bob : {score.split('-')[1]}\n"
        "  1) 65: 24/18 18/13\n"))


def test_a_result_the_next_score_line_confirms_gives_no_finding() -> None:
    one, two = _two("                                  Wins 2 points", "0-2")
    assert one.result == "0-2" and not one.findings and not two.findings


def test_a_result_the_next_score_line_contradicts_is_kept_with_a_finding() -> None:
    # Black's Wins (right column), but game 2 starts at 2-0: the file contradicts
    # itself; the result stays as written and the score line (line 9) says so
    one, two = _two("                                  Wins 2 points", "2-0")
    assert one.result == "0-2" and two.tags["Score"] == "2-0"
    (finding,) = two.findings
    assert (finding.code, finding.line, finding.column, finding.game) == ("wrong-result", 9, 1, 1)
    assert "0-2" in finding.message and "line 6" in finding.message
    # 0-0 before, Black winning 2: 0-2, not the 2-0 written
    assert finding.message.startswith("Score 2-0, but the game before gives 0-2: 0-0 and Black")


def test_games_of_other_players_or_not_consecutive_are_not_compared() -> None:
    text = (HEAD + "      Wins 1 point\n\n Game 3\n Alice : 0                      Bob : 0\n"
            "\n Game 4\n Carol : 0                      Dan : 0\n")
    assert [g.findings for g in parse_games(text)] == [[], [], []]


def test_a_forfeit_is_left_to_the_validator() -> None:
    # `Wins 4016 points` (more than a game is worth) and Black +2: decisions F17
    _, two = _two("                                  Wins 4016 points", "0-2")
    assert not two.findings
    _, two = _two("                                  Wins 4016 points", "2-0")
    assert [f.code for f in two.findings] == ["wrong-result"]


def test_a_roll_written_twice_is_read_once_with_a_finding() -> None:
    # the first 41: stands in the right column, the second right after it
    game = _one(" 1) 63: 24/18 18/15                 41: 41: 24/23 13/9\n")
    assert [(h.side, h.dice, len(h.moves), h.column) for h in game.half_turns] == [
        (W, (6, 3), 2, 5), (B, (4, 1), 2, 37)]
    (finding,) = game.findings
    assert (finding.code, finding.line, finding.column) == ("syntax", 5, 41)
    assert "twice" in finding.message
    # alone on its line (Black moved first)
    game = _one(" 1)                             41: 41: 24/23 13/9\n")
    assert [(h.side, h.dice, len(h.moves)) for h in game.half_turns] == [(B, (4, 1), 2)]
    assert [f.column for f in game.findings] == [37]


def test_a_pass_then_the_other_sides_same_roll_is_two_half_turns() -> None:
    game = _one(" 1) 41:                          41: 24/23 13/9\n")
    assert [(h.side, h.dice, len(h.moves)) for h in game.half_turns] == [
        (W, (4, 1), 0), (B, (4, 1), 2)]
    assert not game.findings


TURN = "  1) 65: 24/18 18/13             54: 24/20 20/15\n"


def test_a_nul_padded_header_loses_nothing() -> None:
    text = ('\x00\x00; [Event "Club"]\x00\x00\n 5 point match\x00\n\n\x00\x00 Game 1\n'
            " Alice : 0                      Bob : 0\n" + TURN)
    (game,) = parse_games(text)
    assert game.tags == {"Event": "Club", "Match": "5", "Game": "1", "White": "Alice",
                         "Black": "Bob", "Score": "0-0"}
    assert len(game.half_turns) == 2 and not game.findings


def test_a_note_after_the_game_number_keeps_the_game_tag() -> None:
    (game,) = parse_games(" 5 point match\n\n Game 1 (club night)\n"
                          " Alice : 0                      Bob : 0\n" + TURN)
    assert (game.tags["Game"], game.line) == ("1", 3) and not game.findings


def test_damaged_record_lines_before_a_game_are_reported_free_text_is_not() -> None:
    text = ("+--------------+\n|  Final (Part 1)  |\n+--------------+\n"
            "\x01 5 point match\n\n Game\x07 1\n Alice : 0                      Bob : 0\n" + TURN)
    loose, game = parse_games(text, name="m.mat")
    assert (loose.file, game.file) == ("m.mat", "m.mat")
    # lines 4, 6 and 7 (a score line, no match line read) are layout lines not
    # read; the box is a title
    assert [(f.code, f.line) for f in loose.findings] == [("syntax", 4), ("syntax", 6),
                                                          ("syntax", 7)]
    assert not (loose.tags or loose.half_turns) and loose.index == 0
    # the turns still make a game
    assert (game.index, game.tags, len(game.half_turns)) == (1, {}, 2)


def test_a_set_up_line_that_cannot_be_read_stops_the_replay_with_a_finding() -> None:
    from narde_notation.replay.validation import validate

    text = (HEAD + "; Set Pos=XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10\n"
            "  1) 52: 13/8 13/11              54: 24/20 20/15\n")
    (game,) = parse_games(text)
    (finding,) = game.findings
    assert (finding.code, finding.line, finding.column) == ("syntax", 5, 1)
    assert "XGID" in finding.message
    report = validate(game)
    # no replay from the opening: no misleading no-checker at 13/8
    assert [f.code for f in report.findings] == ["syntax"] and report.turns == []


def test_a_set_up_line_holding_a_narde_position_is_read() -> None:
    text = (" 5 point match\n\n Game 1\n; Set Pos=1:2 / 1:3 / B\n"
            " Alice : 0                      Bob : 0\n"
            "  1)                             21: 1/off 1/off\n"
            "  2) 21: 1/off 1/off\n      Wins 1 point\n")
    (game,) = parse_games(text)
    assert (game.tags["Position"], game.tag_lines["Position"]) == ("1:2 / 1:3 / B", 4)
    from narde_notation.replay.validation import validate

    report = validate(game)
    assert report.findings == [] and report.result == "1-0"


def test_a_set_up_line_after_a_games_turns_belongs_to_the_next_game() -> None:
    text = (HEAD + TURN + "      Wins 1 point\n; Set Pos=XGID=-b----E-:0:0:1:52:0:0:0:5:10\n"
            "\n Game 2\n Alice : 1                      Bob : 0\n" + TURN)
    one, two = parse_games(text)
    assert one.findings == [] and [(f.code, f.line) for f in two.findings] == [("syntax", 7)]


@pytest.mark.parametrize(("line", "side"), [
    ("  1)\t\t21: 24/22 22/21", B),  # two tabs: 12 columns on, an empty left column
    ("  1)\t21: 24/22 22/21", W),  # one tab: 4 columns on
    ("  1)       21: 24/22 22/21", W),  # 7 blanks
    ("  1)        21: 24/22 22/21", B),  # 8 blanks
])
def test_a_lone_roll_is_in_the_right_column_8_columns_after_the_number(line: str,
                                                                         side: Side) -> None:
    (half,) = _one(line + "\n").half_turns
    assert half.side is side


def test_a_long_line_not_read_before_a_game_is_quoted_cut_short() -> None:
    # a match line with words after it is not a match line (it would give the
    # match length): reported, its first 60 characters quoted
    line = "5 point match played at the club on a long winter evening by two friends"
    loose, game = parse_games(line + "\n\n Game 1\n Alice : 0                      Bob : 0\n"
                              + TURN)
    (finding,) = loose.findings
    assert (finding.code, finding.line, finding.column) == ("syntax", 1, 1)
    assert finding.message.endswith(repr(line[:60]))
    assert "Match" not in game.tags
