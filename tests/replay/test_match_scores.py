"""Match scores across a file's games (R9, R10; the corpus README's decision 6):
the ``Score`` tag of a match game equals the points of the earlier games of
the match, game 1 at ``0-0``; otherwise ``wrong-result`` at the ``Score`` tag.
Worked out by hand: a mars is 2 points, an oyn 1."""

from __future__ import annotations

import pytest

from narde_notation import parse_games, validate_games


def game(number: int, score: str, *, end: str = "mars", match: str = "5") -> str:
    """Game ``number`` of match ``match`` with its ``Score`` tag (tag line 5).

    ``end="mars"``: White bears off its last checker, Black has none off: White
    wins 2 points. ``end="oyn"``: Black, with 14 of White's off, bears off its
    last: Black wins 1. ``end="*"``: one opening half-turn, unfinished."""
    body = {
        "mars": '[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n2-0\n',
        "oyn": '[Position "1:14 / 1 / B"]\n\n1... 21: 1/off\n0-1\n',
        "*": "\n1. 65: 24/18 18/13\n*\n",
    }[end]
    return (f'[White "Ann"]\n[Black "Bob"]\n[Match "{match}"]\n[Game "{number}"]\n'
            f'[Score "{score}"]\n{body}\n')


def wrong_results(text: str) -> list[tuple[int, int | None, int | None]]:
    """(game, line, column) of every ``wrong-result`` finding, in file order."""
    return [(report.record.index, f.line, f.column)
            for report in validate_games(parse_games(text))
            for f in report.findings if f.code == "wrong-result"]


def score_line(text: str, index: int) -> int:
    """The 1-based line of the ``index``-th ``[Score`` tag of ``text``."""
    lines = [n for n, line in enumerate(text.splitlines(), 1) if line.startswith("[Score ")]
    return lines[index]


@pytest.mark.parametrize("end", ["mars", "oyn", "*"])
def test_game_one_starts_at_love_all(end: str) -> None:
    assert wrong_results(game(1, "0-0", end=end)) == []
    for score in ("1-0", "0-1", "2-2"):
        assert wrong_results(game(1, score, end=end)) == [(0, 5, 1)], score


def test_each_game_starts_at_the_points_of_the_earlier_ones() -> None:
    # game 1: White's mars, 2-0; game 2: Black's oyn, 2-1; game 3 starts at 2-1
    good = game(1, "0-0") + game(2, "2-0", end="oyn") + game(3, "2-1", end="*")
    assert wrong_results(good) == []
    for second, third in [("0-2", "2-1"), ("1-0", "2-1"), ("2-0", "1-2"), ("2-0", "2-0"),
                          ("2-0", "3-1")]:
        text = game(1, "0-0") + game(2, second, end="oyn") + game(3, third, end="*")
        bad = [index for index, score in ((1, second), (2, third))
               if score != {1: "2-0", 2: "2-1"}[index]]
        assert [g for g, _, _ in wrong_results(text)] == bad, (second, third)
        for g, line, column in wrong_results(text):
            assert (line, column) == (score_line(text, g), 1)


def test_another_match_keeps_its_own_score() -> None:
    text = game(1, "0-0") + game(1, "0-0", match="7") + game(2, "2-0")
    assert wrong_results(text) == []
    text = game(1, "0-0") + game(1, "0-0", match="7") + game(2, "0-0")
    assert wrong_results(text) == [(2, score_line(text, 2), 1)]


def test_after_an_unfinished_game_the_next_is_not_checked() -> None:
    # its points are unknown, so one typo does not condemn the rest of the match
    text = game(1, "0-0", end="*") + game(2, "5-5") + game(3, "7-5")
    assert wrong_results(text) == []


def mat(*games: tuple[int, int, int]) -> str:
    """A 7-point .mat match: each (game number, Ann's score, Bob's score) one
    opening half-turn each, no result (unfinished)."""
    out = " 7 point match\n"
    for number, ann, bob in games:
        out += (f"\n Game {number}\n Ann : {ann}                        Bob : {bob}\n"
                "  1) 65: 24/18 18/13                43: 24/20 24/21\n")
    return out


def test_a_mat_file_may_resume_a_match() -> None:
    # record-format.md: the first game of a .mat file may start at any score
    assert wrong_results(mat((3, 2, 1))) == []
    assert wrong_results(mat((1, 0, 0))) == []
    assert wrong_results(mat((1, 2, 1))) == []  # numbered 1, but the file's first game
