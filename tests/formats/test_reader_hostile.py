"""Data loss found by a hostile trial of the native reader (issue 19): in each
case every written game is read (counted by hand from the text built here),
and the damage is a finding where it stands."""

from __future__ import annotations

import pytest

from narde_notation.formats import native
from narde_notation.formats.reader import parse_games
from narde_notation.model.record import GameRecord

GAME = ("1. 65: 24/18 18/13 43: 24/20 24/21\n"
        "2. 21: 18/16 16/15 11: 24/23 24/23 23/22 23/22 1-0\n\n")
#: the same game with a syntax error (`2x/21`) on its first line
BROKEN = GAME.replace("24/20 24/21", "24/20 2x/21")


def _games(text: str) -> list[GameRecord]:
    """The games read: records with a half-turn or a result (text between
    games that is no record is a record of its own)."""
    return [g for g in parse_games(text) if g.half_turns or g.result is not None]


def _syntax(text: str) -> list[tuple[int | None, int | None]]:
    return [(f.line, f.column) for g in parse_games(text) for f in g.findings
            if f.code == "syntax"]


@pytest.mark.parametrize("space", ["\u00a0", "\u2028", "\u2029", "\u3000", "\u2000", "\u200a",
                                   "\u0085", "\x1c", "\x1f"])
def test_a_unicode_space_ending_lines_of_a_tagless_file_loses_no_game(space: str) -> None:
    text = GAME.replace("1-0\n", f"1-0{space}\n") * 10
    games = _games(text)
    assert len(games) == 10 and all(g.result == "1-0" for g in games)
    assert [len(g.half_turns) for g in games] == [4] * 10


def test_a_unicode_space_is_named_in_its_finding() -> None:
    (game,) = _games("1. 65: 24/18 18/13\u00a0\n2. 21: 18/16 16/15 1-0\n")
    (finding,) = game.findings
    assert (finding.line, finding.column) == (1, 19)
    assert "U+00A0" in finding.message


def test_more_than_fifty_errors_lose_no_later_game() -> None:
    text = BROKEN * 60 + GAME * 5
    games = _games(text)
    assert len(games) == 65 and all(g.result == "1-0" for g in games)
    # the five clean games at the end are whole
    assert [len(g.half_turns) for g in games[60:]] == [4] * 5
    assert len(_syntax(text)) == 60  # one error a game, each where it stands
    assert _syntax(text)[:2] == [(1, 30), (4, 30)]


def test_fifty_errors_in_one_game_are_capped_not_the_games_after() -> None:
    lines = "".join(f"{n}. 65: 24/18 18/13 43: 24/20 2x/21\n" for n in range(1, 81))
    text = lines + "81. 21: 18/16 16/15 1-0\n\n" + GAME
    games = _games(text)
    assert [g.result for g in games] == ["1-0", "1-0"]
    assert len(games[1].half_turns) == 4
    findings = games[0].findings
    assert len(findings) == 50 and findings[-1].line == 50
    assert "after this one, up to line 81, are not listed" in findings[-1].message


@pytest.mark.parametrize("head", ["; a {note\n", "1. 65: 24/18 {oops\n2. 43: 24/20 1-0\n\n"])
def test_a_stray_brace_does_not_make_the_rest_one_piece(head: str) -> None:
    text = head + GAME + BROKEN * 100 + GAME
    chunks = list(native.native_chunks(enumerate(text.split("\n"), 1)))
    assert len(chunks) > 1  # 300 lines: the lines after the `{` are cut at games again
    games = _games(text)
    assert len(games) == (103 if head.startswith("1.") else 102)
    assert all(g.result == "1-0" for g in games)


def test_an_unclosed_brace_in_a_game_loses_neither_its_result_nor_the_next_game() -> None:
    text = GAME + "1. 65: 24/18 {oops 18/13 43: 24/20 24/21 1-0\n\n" + GAME * 8
    games = _games(text)
    assert len(games) == 10 and all(g.result == "1-0" for g in games)
    assert _syntax(text) == [(4, 14)]


def test_an_error_on_a_line_ending_with_the_result_keeps_the_result() -> None:
    text = ("1. 65: 24/18 18/13 43: 24/20 24/21\n"
            "2. 21: 18/16 1x/15 11: 24/23 24/23 23/22 23/22 1-0\n" + GAME * 3)
    games = _games(text)
    assert len(games) == 4 and all(g.result == "1-0" for g in games)
    assert games[0].result_line == 2
    assert _syntax(text) == [(2, 14)]


def test_a_tag_looking_line_inside_a_comment_does_not_split_the_game() -> None:
    text = ('1. 65: 24/18 18/13 {a note\n[White "x"]\n} 43: 24/20 24/21\n'
            "2. 21: 18/16 16/15 11: 24/23 24/23 23/22 23/22 1-0\n\n" + GAME)
    games = _games(text)
    assert len(games) == 2 and not _syntax(text)
    assert [len(g.half_turns) for g in games] == [4, 4]
    assert games[0].half_turns[0].comments == ('a note\n[White "x"]',)


def test_a_number_glued_after_a_roll_keeps_the_result() -> None:
    text = "1. 65: 24/18 18/13 43: 24/20 24/21\n22:5. 2/off 1-0\n\n" + GAME
    games = _games(text)
    assert [g.result for g in games] == ["1-0", "1-0"]
    # the roll 22 is kept (its moves are not read: the replay stops before it)
    assert [len(g.half_turns) for g in games] == [3, 4]
    assert _syntax(text) == [(2, 7)]


def test_errors_in_every_game_read_in_linear_work(monkeypatch: pytest.MonkeyPatch) -> None:
    # each error costs a parse of its own game, not of its chunk: count the
    # characters parsed, 4x the games ~4x the characters
    parsed: list[int] = []
    parser = native.native_parser()
    real = parser.parse

    def counting(text: str, *args: object, **kwargs: object) -> object:
        parsed.append(len(text))
        return real(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(parser, "parse", counting)
    sizes = []
    for n in (100, 400):
        parsed.clear()
        assert len(_games(BROKEN * n)) == n
        sizes.append(sum(parsed))
    assert sizes[1] < 5 * sizes[0]


def test_examples_in_messages_do_not_read_like_line_numbers() -> None:
    # `path:12:5: ... a turn (12. 65: ...)` read as a second line number: N. now
    texts = ["1. 65: 24/18 18/13 43: 24/20 2x/21\n", "1. 24/18 65:\n", "1. 65: 24/18 .\n",
             " 1 point match\n Game 1\n A : 0   B : 0\n  1) 65: 24/18\n stray words\n"]
    messages = [f.message for t in texts for g in parse_games(t) for f in g.findings]
    assert messages and not [m for m in messages if "12." in m or "12)" in m]
    assert any("N. 65: 24/18 18/13" in m for m in messages)
