"""Games cut at their real boundaries; every malformed line reported, reading
resumed at the next turn line (values worked out by hand)."""

from __future__ import annotations

from narde_notation.formats.native import CHUNK_LINES
from narde_notation.formats.reader import parse_games
from narde_notation.model.side import Side
from narde_notation.replay.validation import validate_games


def test_tagless_games_closed_on_their_last_move_line() -> None:
    text = ("1. 65: 24/18 18/13  54: 24/20 20/15 1-0\n"
            "1. 21: 24/22 22/21  43: 24/20 20/17 0-1\n"
            "1. 65: 24/18 18/13 *\n")
    games = list(parse_games(text))
    assert [(g.line, len(g.half_turns), g.result, g.result_line) for g in games] == [
        (1, 2, "1-0", 1), (2, 2, "0-1", 2), (3, 1, "*", 3)]
    assert all(not g.findings for g in games)


def test_a_typo_drops_no_later_game_and_every_bad_line_is_reported() -> None:
    text = ('[White "A"]\n\n'
            "1. 65: 24/18 1x/13  54: 24/20 20/15\n"   # line 3: "1x" at column 14
            "2. 65: 18/12 12/7  9x: 1\n"              # line 4: "9x:" at column 20
            "3. 43: 24/20 20/17\n"
            "1-0\n"
            '[White "B"]\n'
            "1. 21: 24/22 22/21  43: 24/20 20/17\n"
            "0-1\n")
    first, second = parse_games(text)
    assert [(f.code, f.line, f.column) for f in first.findings] == [
        ("syntax", 3, 14), ("syntax", 4, 20)]
    # the record keeps what was read before the first error; its result is read
    assert [h.dice for h in first.half_turns] == [(6, 5)]
    assert (first.result, first.result_line) == ("1-0", 6)
    assert second.tags == {"White": "B"} and len(second.half_turns) == 2
    assert second.findings == [] and second.result == "0-1"
    # the replay stops at the first syntax error
    report, _ = validate_games(parse_games(text))
    assert [f.code for f in report.errors] == ["syntax", "syntax"]


def test_a_turn_number_whose_turn_is_broken_is_one_finding() -> None:
    (game,) = parse_games("1. 6x: 24/18\n*\n")
    assert [(f.code, f.line, f.column) for f in game.findings] == [("syntax", 1, 4)]
    assert (game.line, game.half_turns, game.result) == (1, [], "*")


def test_a_long_game_is_read_in_pieces_and_joined() -> None:
    turns = 2 * CHUNK_LINES + 101
    lines = [f"{k}. 65: 24/18 18/13  54: 24/20 20/15" for k in range(1, turns + 1)]
    # one line with a single half-turn shifts the sides of every later piece
    lines[CHUNK_LINES // 2] = f"{CHUNK_LINES // 2 + 1}. 65: 24/18 18/13 {{ one }}"
    text = '[White "A"]\n' + "\n".join(lines) + "\n3-0\n" + '[White "B"]\n1. 65: 24/18\n*\n'
    first, second = parse_games(text)
    assert len(first.half_turns) == 2 * turns - 1
    sides = [h.side for h in first.half_turns]
    assert sides == [Side.WHITE, Side.BLACK] * (turns - 1) + [Side.WHITE]
    assert first.half_turns[-1].line == turns + 1
    assert first.half_turns[CHUNK_LINES].comments == ("one",)
    assert (first.result, first.result_line, first.index) == ("3-0", turns + 2, 0)
    assert (second.tags, second.index, second.line) == ({"White": "B"}, 1, turns + 3)


def test_a_brace_never_closed_does_not_swallow_the_next_game() -> None:
    text = ('[White "A"]\n1. 65: 24/18 { never closed\n2. 54: 24/20 20/15\n'
            '[White "B"]\n1. 65: 24/18 18/13\n*\n')
    first, second = parse_games(text)
    assert [(f.code, f.line, f.column) for f in first.findings] == [("syntax", 2, 14)]
    assert [h.dice for h in first.half_turns] == [(6, 5)]
    assert second.tags == {"White": "B"} and second.result == "*" and not second.findings
