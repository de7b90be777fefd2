"""The one match sequencer (R10): matches by players whatever their colours,
game 1 at 0-0, no Score at or above the length; worked out by hand."""

from __future__ import annotations

import pytest

from narde_notation.formats import MatchTags, parse_games
from narde_notation.model.side import Side
from narde_notation.replay import GameReport, MatchSequencer, Pipeline, match_away, validate_games


def reports(text: str) -> list[GameReport]:
    return list(validate_games(parse_games(text)))


def found(report: GameReport) -> list[tuple[str, int | None]]:
    return [(f.code, f.line) for f in report.findings]


# Game 1: Ann (White) bears off her last checker while Bob has borne off none:
# mars, 2 points to Ann (R9).  Before game 2 the match is Ann 2, Bob 0.
GAME1 = ('[White "Ann"]\n[Black "Bob"]\n[Match "5"]\n[Game "1"]\n[Score "0-0"]\n'
         '[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n2-0\n\n')


def game2(score: str, white: str = "Bob", black: str = "Ann") -> str:
    # lines 11-19 of the file: the Score tag on line 15
    return (f'[White "{white}"]\n[Black "{black}"]\n[Match "5"]\n[Game "2"]\n'
            f'[Score "{score}"]\n[Position "1 / 1 / W"]\n\n1. 21: 1/off\n1-0\n')


def test_game_two_with_the_colours_swapped_and_a_wrong_score_is_wrong_result() -> None:
    # Bob is White in game 2: the score before it, White first, is Bob 0 - Ann 2,
    # "0-2"; "2-0" (Ann's 2 written on White's side, as if nobody had swapped)
    # is wrong.  Keyed by (Match, White, Black), game 2 had no earlier game.
    one, two = reports(GAME1 + game2("2-0"))
    assert one.valid, found(one)
    assert found(two) == [("wrong-result", 15)]
    assert "give 0-2" in two.findings[0].message
    assert "changed colours" in two.findings[0].message


def test_game_two_with_the_colours_swapped_and_the_right_score_is_valid() -> None:
    _, two = reports(GAME1 + game2("0-2"))
    assert two.valid, found(two)


def test_game_two_with_the_same_colours_is_checked_as_before() -> None:
    _, two = reports(GAME1 + game2("0-2", white="Ann", black="Bob"))
    assert found(two) == [("wrong-result", 15)]  # Ann is White: 2-0
    _, fixed = reports(GAME1 + game2("2-0", white="Ann", black="Bob"))
    assert fixed.valid


# A .mat export may start in the middle of a match: its first game's score is
# taken as given (record-format.md, "Match files").  A later `Game 1` in the
# same file starts a match, at 0-0 (R10): Carl 2 - Dora 1 there is wrong.
TWO_MATCHES_MAT = """\
 5 point match

 Game 1
 Ann : 3                        Bob : 2
  1) 65: 24/18 18/13             54: 24/20 20/15
  2) Resigns                     Wins 1 point

 Game 1
 Carl : 2                       Dora : 1
  1) 65: 24/18 18/13             54: 24/20 20/15
  2) Resigns                     Wins 1 point
"""


def test_the_first_game_of_a_match_starts_at_nil_nil() -> None:
    first, second = reports(TWO_MATCHES_MAT)
    assert first.valid, found(first)  # a resumed match: 3-2 as given
    assert found(second) == [("wrong-result", 9)]
    assert "give 0-0" in second.findings[0].message


def test_a_native_game_one_not_at_nil_nil_is_wrong_result() -> None:
    text = GAME1.replace('[Score "0-0"]', '[Score "1-0"]')
    (one,) = reports(text)
    assert found(one) == [("wrong-result", 5)]


def test_a_score_at_the_match_length_is_a_bad_tag() -> None:
    # Match to 3: at 3-1 White has won the match (R10); no game 4 is played.
    text = ('[White "Ann"]\n[Black "Bob"]\n[Match "3"]\n[Game "4"]\n[Score "3-1"]\n'
            '[Position "1 / 1 / W"]\n\n1. 21: 1/off\n1-0\n')
    (one,) = reports(text)
    assert found(one) == [("bad-tag", 5)]
    assert "3-point match" in one.findings[0].message
    below = reports(text.replace("3-1", "2-1"))[0]  # 2-1: nobody has 3 yet
    assert below.valid, found(below)
    above = reports(text.replace("3-1", "0-7"))[0]
    assert found(above) == [("bad-tag", 5)]


def test_the_sequencer_follows_players_not_colours() -> None:
    seq = MatchSequencer()
    first = seq.place("Ann", "Bob", MatchTags(5, 1, (0, 0)))
    assert first.new and first.expected == (0, 0)
    seq.settle(first, Side.BLACK, 2)  # Bob wins 2
    second = seq.place("Bob", "Ann", MatchTags(5, 2, None))
    assert not second.new and second.match is first.match
    assert second.expected == (2, 0)  # Bob (White now) 2, Ann 0
    seq.settle(second, Side.WHITE, 3)  # Bob reaches 5: the match is his
    assert first.match.winner == "Bob"
    third = seq.place("Ann", "Bob", MatchTags(5, 1, None))  # a new match
    assert third.new and third.match is not first.match


def test_after_unknown_points_the_next_score_is_taken_as_given() -> None:
    seq = MatchSequencer()
    first = seq.place("Ann", "Bob", MatchTags(5, 1, None))
    seq.settle(first, None, 0, known=False)  # unfinished
    second = seq.place("Ann", "Bob", MatchTags(5, 2, (1, 3)))
    assert second.expected is None
    seq.settle(second, Side.WHITE, 1)
    third = seq.place("Bob", "Ann", MatchTags(5, 3, None))
    assert third.expected == (3, 2)  # Bob 3; Ann 1 + 1


@pytest.mark.parametrize(
    ("tags", "away"),
    [
        (MatchTags(5, 1, None), (5, 5, 5)),  # game 1: 0-0
        (MatchTags(5, 3, (2, 4)), (5, 3, 1)),
        (MatchTags(5, 3, None), None),  # the score is unknown
        (MatchTags(5, 3, (5, 0)), None),  # the match is over
        (MatchTags(None, 1, (0, 0)), None),  # no match
    ],
)
def test_match_away_for_the_match_equity(tags: MatchTags, away: object) -> None:
    assert match_away(tags) == away


def test_the_headers_visitor_reads_tags_without_a_replay(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: object) -> None:
    import narde_notation.replay._matches as matches
    import narde_notation.replay._replay as replay

    def no_replay(*_: object, **__: object) -> None:
        raise AssertionError("replayed")

    monkeypatch.setattr(replay, "validate", no_replay)
    monkeypatch.setattr(matches, "validate", no_replay)
    import io

    heads = list(Pipeline().headers(io.StringIO(GAME1 + game2("0-2"))))
    assert [(h.index, h.tags["White"], h.tags["Score"], h.is_game) for h in heads] == [
        (0, "Ann", "0-0", True), (1, "Bob", "0-2", True)]


def test_validate_source_is_gone() -> None:
    import narde_notation.replay as replay

    assert not hasattr(replay, "validate_source")
    with pytest.raises(AttributeError):
        replay.validate_source  # noqa: B018 - the one path is Pipeline


def test_a_game_without_a_match_tag_is_not_checked_as_game_one() -> None:
    # no Match tag: no match, so no score to check (as before the sequencer)
    text = GAME1.replace('[Match "5"]\n', "").replace('[Score "0-0"]', '[Score "1-0"]')
    (one,) = reports(text)
    assert one.valid, found(one)
