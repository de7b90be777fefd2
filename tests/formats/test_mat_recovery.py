""".mat reading recovers line by line (issue 19): a line replaced by garbage
loses that line's data only, every other game, roll, move and result is still
read; and the program spellings met in real files are understood or named.

The expected reading is derived from the reading of the unbroken file (its
half-turns, results and tags minus those the line held), never restated.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from corpus import CORPUS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narde_notation.formats.mat import mat_patterns
from narde_notation.formats.reader import parse_games
from narde_notation.model.record import GameRecord
from narde_notation.model.side import Side

DATA = Path(__file__).parents[1] / "data" / "mat"
BUNDLED = sorted(DATA.glob("*.mat"))
#: real files from real programs (../shared only); in a bare clone the .mat files
#: that travel with the project (the corpus's mat/ and bugs/, tests/data/mat)
REAL = sorted(p for p in (CORPUS / "realworld-mat").glob("*/*") if p.suffix != ".md") \
    or [*sorted(CORPUS.glob("mat/*.mat")), *sorted(CORPUS.glob("bugs/*.mat")), *BUNDLED]
#: the property test draws from the smaller real files (two readings per example)
SMALL = [p for p in REAL if p.stat().st_size < 12_000]

W, B = Side.WHITE, Side.BLACK
GARBLED = "#~ garbled line ~# ^^ %% @"


def _lines(path: Path) -> list[str]:
    return path.read_bytes().decode("utf-8", "replace").splitlines()


def _without_line(game: GameRecord, line: int) -> dict[str, Any]:
    """What a game's reading keeps when ``line`` (1-based) is lost."""
    return {
        "tags": {k: v for k, v in game.tags.items() if game.tag_lines.get(k) != line},
        "half_turns": [(h, h.line, h.column) for h in game.half_turns if h.line != line],
        "result": game.result if game.result_line != line else None,
    }


def _kept(game: GameRecord) -> dict[str, Any]:
    return {"tags": game.tags, "half_turns": [(h, h.line, h.column) for h in game.half_turns],
            "result": game.result}


def _is_garbage(text: str) -> bool:
    """No line pattern of the layout matches and no item starts in it: nothing in it
    is a record (what the reader may read from it is then nothing)."""
    patterns = mat_patterns()
    stripped = text.strip()
    if not stripped or stripped.startswith(";"):
        return False
    if patterns["SCORE_LINE"].fullmatch(stripped) or patterns["ITEM_START"].search(text):
        return False
    return not any(patterns[name].fullmatch(text) for name in (
        "MATCH_LINE", "GAME_LINE", "TURN_LINE", "WINS_LINE", "HEADER_TAG"))


def _check_line_lost(lines: list[str], index: int, garbage: str, name: str) -> None:
    before = list(parse_games("\n".join(lines) + "\n", name=name))
    broken = [*lines[:index], garbage, *lines[index + 1:]]
    after = list(parse_games("\n".join(broken) + "\n", name=name))
    line = index + 1
    assert [_kept(g) for g in after] == [_without_line(g, line) for g in before], (name, line)
    # the broken line is named where it stands (a finding at it), unless it is
    # free text before the first game (real files carry free-text preambles)
    was_named = any(f.line == line for g in after for f in g.findings)
    in_preamble = all(g.line > line for g in after)
    blank = not lines[index].strip()  # a blank line held nothing: garbage there may be a note
    # NUL is read as a blank (programs pad with it, decisions R4): a line of NULs is blank
    blank = blank or not garbage.replace("\x00", " ").strip()
    assert was_named or in_preamble or blank, (name, line)


def test_every_line_of_a_bundled_file_replaced_by_garbage_loses_only_that_line() -> None:
    for path in BUNDLED:
        lines = _lines(path)
        for index in range(len(lines)):
            _check_line_lost(lines, index, GARBLED, path.name)


def test_every_turn_text_of_a_bundled_file_replaced_by_garbage_loses_only_that_line() -> None:
    turn = mat_patterns()["TURN_LINE"]
    for path in BUNDLED:
        lines = _lines(path)
        for index, text in enumerate(lines):
            found = turn.fullmatch(text)
            if found:
                garbled = text[: found.start("rest")] + " " + GARBLED
                _check_line_lost(lines, index, garbled, path.name)


GARBAGE = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r\x0b\x0c"
                                "\x1c\x1d\x1e\x85\u2028\u2029"), min_size=1, max_size=30)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_line_of_a_real_file_replaced_by_garbage_loses_only_that_line(data: Any) -> None:
    path = data.draw(st.sampled_from(SMALL))
    lines = _lines(path)
    index = data.draw(st.integers(0, len(lines) - 1))
    text = lines[index]
    found = mat_patterns()["TURN_LINE"].fullmatch(text)
    garbage = data.draw(GARBAGE.filter(_is_garbage))
    if found and data.draw(st.booleans()):  # the turn number kept, the text after it garbled
        garbage = text[: found.start("rest")] + " " + garbage
        if not found or mat_patterns()["ITEM_START"].search(garbage[found.start("rest"):]):
            return
    _check_line_lost(lines, index, garbage, path.name)


HEAD = " 5 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"


def _one(body: str) -> GameRecord:
    (game,) = parse_games(HEAD + body)
    return game


def test_cannot_move_is_a_pass_and_the_next_lines_are_read() -> None:
    game = _one(" 1) 65: 24/18 18/13            66: Cannot Move\n"
                " 2) 31: 13/10 13/12            42: 24/20 24/22\n")
    assert not game.findings
    assert [(h.side, h.dice, h.is_pass) for h in game.half_turns] == [
        (W, (6, 5), False), (B, (6, 6), True), (W, (3, 1), False), (B, (4, 2), False)]


@pytest.mark.parametrize(("written", "words"), [
    ("????", "did not record its moves"),
    ("Illegal play (25;0;1;0;0;Kenji;nori;0;10;8;-3;-2;)", "recorded an illegal play"),
])
def test_moves_not_recorded_keep_the_roll_and_are_named(written: str, words: str) -> None:
    game = _one(f" 1) 65: 24/18 18/13            21: {written}\n"
                " 2) 31: 13/10 13/12            42: 24/20 24/22\n"
                "                                Wins 1 point\n")
    (finding,) = game.findings
    assert (finding.code, finding.line, finding.column) == ("syntax", 5, 36)
    assert words in finding.message
    halves = game.half_turns
    assert [(h.side, h.dice, h.line) for h in halves] == [
        (W, (6, 5), 5), (B, (2, 1), 5), (W, (3, 1), 6), (B, (4, 2), 6)]
    assert halves[1].unread == written and halves[1].moves == () and not halves[1].is_pass
    assert game.result == "0-1"


def test_a_damaged_column_keeps_its_roll_and_the_other_column() -> None:
    game = _one(" 1) 65: 24/18*18/13            21: 24/22 24/23\n"
                " 2) 31: 13/10 13/12            42: 24/20 ~~~\n"
                " 3) 55: 13/3(2)                43: 22/18 23/20\n")
    assert [(f.code, f.line, f.column) for f in game.findings] == [
        ("syntax", 5, 15), ("syntax", 6, 42)]
    assert [(h.side, h.dice, h.unread) for h in game.half_turns] == [
        (W, (6, 5), "24/18*18/13"), (B, (2, 1), None), (W, (3, 1), None),
        (B, (4, 2), "24/20 ~~~"), (W, (5, 5), None), (B, (4, 3), None)]


def test_a_cube_and_wins_line_without_a_turn_number_is_read() -> None:
    # guru-builder tournament files: `Drops` and `Wins` on a line of their own
    game = _one(" 1) 65: 24/18 18/13             Doubles => 2\n"
                "      Drops                         Wins 1 point\n")
    assert [f.line for f in game.findings] == [5, 6]
    assert all("no doubling cube" in f.message for f in game.findings)
    assert (game.result, game.result_line, game.result_column) == ("0-1", 6, 37)


def test_wins_and_wins_the_match() -> None:
    # `Wins` in the right column after White's roll: Black's (the column decides);
    # in a 1-point match at 0-0 one point wins the match (R10, decisions H14)
    (game,) = parse_games(HEAD.replace(" 5 point", " 1 point")
                          + " 1) 65: 24/18 18/13             43: 24/20 24/21\n"
                          " 2) 43:                          Wins 1 point and wins the match\n")
    assert not game.findings and game.result == "0-1"


@pytest.mark.parametrize("points", ["1 point", "2 point", "4016 point", "2 points"])
def test_wins_line_singular_or_plural_any_points(points: str) -> None:
    game = _one(" 1) 65: 24/18 18/13             43: 24/20 24/21\n"
                f"                                  Wins {points}\n")
    assert game.result == f"0-{points.split()[0]}"


def test_low_high_rolls_and_25_0_for_bar_and_off() -> None:
    game = _one(" 1) 56: 25/19 6/0               12: 25/23 24/23\n")
    assert [h.dice for h in game.half_turns] == [(6, 5), (2, 1)]
    assert [m.path for m in game.half_turns[0].moves] == [(25, 19), (6, 0)]


def test_game_line_flush_left_with_a_blank_after() -> None:
    games = list(parse_games("3 point match\n\nGame 1 \nA : 0     B : 0\n"
                             " 1) 65: 24/18 18/13   21: 24/22 24/23\n\nGame 2 \nA : 1     B : 0\n"
                             " 1) 65: 24/18 18/13\n"))
    assert [(g.tags["Game"], g.white, len(g.half_turns)) for g in games] == [
        ("1", "A", 2), ("2", "A", 1)]


@pytest.mark.parametrize(("body", "result"), [
    (" 1) Resigns                       Wins 1 point\n", "0-1"),
    ("  1)                              Resigns\n Wins 1 point\n", "1-0"),
    (" 1) 65: 24/18 18/13               Resigns\n Wins 1 point\n", "1-0"),
])
def test_resignation_on_move_one_in_either_column(body: str, result: str) -> None:
    # a Wins line of its own after a resignation is the other side's, whatever
    # its indentation
    game = _one(body)
    assert game.resigned and game.result == result
    assert not game.findings


def test_resignation_then_wins_line_indented_for_the_resigner() -> None:
    game = _one(" 1) 65: 24/18 18/13  Resigns\n                                Wins 1 point\n")
    assert game.resigned and game.result == "1-0"


def test_score_line_without_its_game_line_starts_a_new_game() -> None:
    games = list(parse_games(HEAD + " 1) 65: 24/18 18/13   43: 24/20 24/21\n"
                             "                                Wins 1 point\n\n"
                             " Alice : 0                      Bob : 1\n"
                             " 1) 65: 24/18 18/13\n"))
    assert [(g.tags.get("Game"), g.tags.get("Score"), len(g.half_turns)) for g in games] == [
        ("1", "0-0", 2), (None, "0-1", 1)]
    # the second game starts at its score line, line 8
    assert [g.line for g in games] == [3, 8]


def test_half_turns_after_an_unread_one_are_not_replayed() -> None:
    from narde_notation.replay.validation import validate

    game = _one(" 1) 65: 24/18 18/13            21: ????\n"
                " 2) 66: 24/18 24/18            42: 24/20 24/22\n")
    report = validate(game)
    assert [f.code for f in report.findings] == ["syntax"]
    assert len(report.turns) == 1  # White's 65 only; the rest stands after an unknown position


def test_the_corpus_reads_every_written_roll_and_result() -> None:
    # every fifth file here (benchmarks/bench_mat_corpus.py counts them all)
    assert len(REAL) >= 20
    roll = re.compile(r"(?<![0-9/])[1-6][1-6]:")
    turn = re.compile(r"\s*[0-9]+\)(.*)")
    wins = re.compile(r"\bwins\s+[0-9]+\s+points?", re.I)
    for path in REAL[::5]:
        lines = _lines(path)
        written_rolls = sum(len(roll.findall(m[1])) for m in map(turn.match, lines) if m)
        written_results = sum(1 for text in lines if wins.search(text))
        games = list(parse_games("\n".join(lines), name=path.name))
        assert sum(len(g.half_turns) for g in games) == written_rolls, path.name
        assert sum(g.result is not None for g in games) == written_results, path.name


def test_a_date_line_before_a_match_does_not_make_it_native() -> None:
    games = list(parse_games("01.02.2026 club night\n" + HEAD +
                             " 1) 65: 24/18 18/13   43: 24/20 24/21\n"))
    assert [(g.format, len(g.half_turns)) for g in games] == [("mat", 2)]


@pytest.mark.parametrize("title", [" 5 point match", "Game 1", "Game 1\n 3 point match"])
def test_a_mat_like_title_above_native_games_keeps_them_native(title: str) -> None:
    native = "".join(f'[Game "{n}"]\n1. 65: 24/18 18/13 43: 24/20 24/21 *\n\n'
                     for n in range(1, 4))
    games = [g for g in parse_games(f"{title}\n\n{native}") if g.half_turns]
    assert [(g.format, g.tags.get("Game"), len(g.half_turns)) for g in games] == [
        ("native", "1", 2), ("native", "2", 2), ("native", "3", 2)]


@pytest.mark.parametrize(("text", "what"), [
    ("(;FF[4]GM[6]AP[GNU Backgammon:1.06]\n;B[52lrlr];W[31ghhg])\n", "SGF"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10\n\nX:Player 2   O:Player 1\n"
     "Score is X:0 O:0 5 pt.(s) match.\n    1. XG Roller+  13/8 13/11   eq:+0.033\n", "XGID"),
    (" GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n                 Match ID   : cAjzAAAAAAAE\n"
     " 1. Cubeful 2-ply    13/8 13/11   Eq.: +0.033\n", "Position ID"),
])
def test_a_non_record_is_one_finding_never_a_misread_game(text: str, what: str) -> None:
    (record,) = parse_games(text)
    (finding,) = record.findings
    assert finding.code == "syntax" and finding.message.startswith("not a record")
    assert what in finding.message and finding.line == 1
    assert not record.half_turns and not record.tags


@pytest.mark.parametrize("space", ["\u00a0", "\u3000", "\u2007", "\u0085", "\x1c"])
def test_unicode_blanks_in_mat_lines_are_blanks(space: str) -> None:
    game = _one(f" 1) 65: 24/18 18/13{space}  43: 24/20 24/21{space}\n"
                f"{space}                                Wins 1 point{space}\n")
    assert not game.findings
    assert [(h.side, h.dice, h.column) for h in game.half_turns] == [
        (W, (6, 5), 5), (B, (4, 3), 23)]
    assert (game.result, game.result_column) == ("0-1", 34)


def test_a_reader_bug_on_one_line_costs_that_game_only(monkeypatch: pytest.MonkeyPatch) -> None:
    # the guide's contract (never crash, every other game still read) when the
    # reader itself fails: a bug simulated where game 2's result is taken
    from narde_notation.formats import mat

    def broken(self: object, game: object, side: Side, points: str, line: int,
               column: int) -> None:
        if line == 10:
            raise RuntimeError("simulated")
        original(self, game, side, points, line, column)

    original = mat._MatReader.wins
    monkeypatch.setattr(mat._MatReader, "wins", broken)
    turn = "  1) 65: 24/18 18/13               43: 24/20 20/17\n"
    text = (" 3 point match\n\n"
            " Game 1\n Ann : 0                        Bob : 0\n" + turn + "      Wins 1 point\n"
            " Game 2\n Ann : 1                        Bob : 0\n" + turn + "      Wins 1 point\n"
            " Game 3\n Ann : 2                        Bob : 0\n" + turn)
    first, failed, third = parse_games(text, name="m.mat")
    assert (first.index, first.line, first.result, len(first.half_turns)) == (0, 3, "1-0", 2)
    # game 2 is lost from its start to the line that failed: one record in its
    # place, its finding at that line, naming the error
    (finding,) = failed.findings
    assert (failed.index, failed.line, failed.file, failed.half_turns) == (1, 10, "m.mat", [])
    assert (finding.code, finding.line, finding.game, finding.file) == ("syntax", 10, 1, "m.mat")
    assert "RuntimeError: simulated" in finding.message
    # and the next game is read whole, numbered after the record of the failure
    assert (third.index, third.line, third.tags["Game"], len(third.half_turns)) == (2, 11, "3", 2)
    assert third.result is None and not third.findings


@pytest.mark.parametrize(("body", "findings", "halves"), [
    # line 6, three blanks then `@@@`: the finding at column 4; the turn before is kept
    ("  1) 65: 24/18 18/13   43: 24/20 20/17\n   @@@ what\n", [(6, 4, "found '@@@'")],
     [(W, (6, 5), 6, None), (B, (4, 3), 24, None)]),
    # `1)junk`: the text after `1)` starts with no item; the junk (columns 5-8)
    # is the left cell, the 43 (column 26) Black's
    ("  1)junk                 43: 24/20 20/17\n", [(5, 5, "found 'junk'")],
     [(B, (4, 3), 26, None)]),
    # the line does not parse whole (24/x8), so it is read piece by piece; the
    # right piece's `????` still keeps Black's 43 (column 36) with a finding at
    # the `????` (column 40), on the line it is on
    ("  1) 65: 24/x8                     43: ????\n",
     [(5, 10, "found '24/x8'"), (5, 40, "'????' after the roll 43:")],
     [(W, (6, 5), 6, "24/x8"), (B, (4, 3), 36, "????")]),
], ids=["not-a-layout-line", "junk-after-the-number", "unrecorded-beside-damage"])
def test_what_cannot_be_read_on_a_line_is_named_at_its_column(
    body: str, findings: list[tuple[int, int, str]], halves: list[tuple[Any, ...]]
) -> None:
    game = _one(body)
    assert [(f.code, f.line, f.column) for f in game.findings] == [
        ("syntax", line, column) for line, column, _says in findings]
    for finding, (_line, _column, says) in zip(game.findings, findings, strict=True):
        assert says in finding.message
    assert [(h.side, h.dice, h.column, h.unread) for h in game.half_turns] == halves
    assert {h.line for h in game.half_turns} == {5}


def test_an_empty_turn_line_the_game_goes_on_after_is_named() -> None:
    """``N)`` alone ends real games (the last turn before ``Wins``: 6 of the
    corpus's files); one followed by more turns lost its text (a line of NULs
    after the number, decisions FX4): ``syntax`` at it, the rest read."""
    game = _one("  1) \x00\n"
                "  2) 31: 24/21 21/20            42: 24/20 20/18\n")
    (finding,) = game.findings
    assert (finding.code, finding.line, finding.column) == ("syntax", 5, 3)
    assert "its roll and moves are missing" in finding.message
    assert len(game.half_turns) == 2


def test_an_empty_last_turn_line_is_not_a_finding() -> None:
    game = _one("  1) 31: 24/21 21/20            42: 24/20 20/18\n"
                "  2)\n"
                "                                Wins 1 point\n")
    assert game.findings == [] and len(game.half_turns) == 2
