"""A ``.mat`` win of more points than a game is worth (``Wins 4016 point``):
a forfeit or abandoned match, read as the game's win with an ``unfinished``
warning, not as ``wrong-result`` (issue 19, decisions F17).

Expected values are worked out by hand from rules.md R9: a game is worth 1
(oyn), 2 (mars: the loser bore off nothing) or, under ``koks``, 3.
"""

from __future__ import annotations

from narde_notation.formats.reader import parse_games
from narde_notation.replay.validation import validate, validate_games

# White plays 3-1 as 24/21 21/20 and Black 4-2 as 24/20 20/18: both legal
# (one checker from the head each), and the game goes on.
_TURN = "  1) 31: 24/21 21/20             42: 24/20 20/18\n"


def _match(wins: str, *, header: str = "", turn: str = _TURN) -> str:
    return (" 5 point match\n\n" + header + " Game 1\n alice : 0                    bob : 0\n"
            + turn + wins + "\n")


def _codes(text: str) -> list[tuple[str, str]]:
    (report,) = list(validate_games(parse_games(text)))
    return [(f.code, f.message) for f in report.findings]


def test_forfeit_of_an_unfinished_game_is_the_winners_mars_with_a_warning() -> None:
    text = _match("                                  Wins 4016 point")
    (report,) = list(validate_games(parse_games(text)))
    # White has borne off nothing: what White concedes is a mars, 2 points
    assert report.result == "0-2" and report.kind == "mars" and report.points == 2
    assert report.ending == "resignation"  # conceded, not borne off
    (finding,) = report.findings
    assert finding.code == "unfinished" and finding.severity.value == "warning"
    assert "forfeit or points beyond a game's value" in finding.message
    assert "0-4016" in finding.message
    assert (finding.line, finding.column) == (6, 35)
    assert report.valid


def test_forfeit_under_koks_is_worth_three_points() -> None:
    # White's checkers are all on own 19..24 and none is off: koks, 3 points
    text = _match("                                  Wins 4016 point",
                  header='; [Rules "koks"]\n')
    (report,) = list(validate_games(parse_games(text)))
    assert (report.result, report.kind) == ("0-3", "koks")
    assert [f.code for f in report.findings] == ["unfinished"]


def test_four_points_are_beyond_any_games_value_three_are_not() -> None:
    # koks, 3 points, is the most a game gives under any rules: 4 is a forfeit
    # even under standard rules; 3 in an unfinished game is wrong-result, under
    # koks as under standard rules (a 3-point claim is checked, decision F4)
    (code, message), = _codes(_match("                                  Wins 4 points"))
    assert code == "unfinished" and "at most 3" in message
    for header in ("", '; [Rules "koks"]\n'):
        (code, message), = _codes(_match("                                  Wins 3 points",
                                         header=header))
        assert code == "wrong-result" and "not over" in message


def test_a_game_value_win_in_an_unfinished_game_is_still_wrong_result() -> None:
    (code, message), = _codes(_match("                                  Wins 2 points"))
    assert code == "wrong-result" and "not over" in message


def test_a_resignation_with_forfeit_points_is_a_forfeit() -> None:
    # White resigns in the left column, Black's Wins claims 4016: Black's win
    # of the game, worth what White concedes (nothing off: mars)
    (report,) = list(validate_games(parse_games(_match(
        "  2) Resigns                        Wins 4016 points"))))
    assert (report.result, report.kind) == ("0-2", "mars")
    assert [f.code for f in report.findings] == ["unfinished"]


# White's last checker on its 1 point, Black's 15 at home and none off: White
# bears off with the 1 of 2-1 and wins by mars, 2-0.
_END = '; [Position "1 / 6:2 5:2 4:2 3:3 2:3 1:3 / W"]\n'
_LAST = "  1) 21: 1/off\n"


def test_forfeit_points_after_a_finished_game_keep_the_replays_result() -> None:
    report = validate(next(parse_games(_match("                  Wins 4016 points",
                                              header=_END, turn=_LAST))))
    assert (report.result, report.kind, report.ending) == ("2-0", "mars", "bear-off")
    assert [f.code for f in report.findings] == ["unfinished"]
    assert "read as the replay's White's win by mars" in report.findings[0].message


def test_forfeit_points_for_the_side_the_replay_has_losing_are_wrong_result() -> None:
    report = validate(next(parse_games(_match("                                  Wins 4016 points",
                                              header=_END, turn=_LAST))))
    (finding,) = report.findings
    assert finding.code == "wrong-result" and "2-0" in finding.message


def test_a_forfeit_carries_its_points_into_the_next_games_score() -> None:
    # game 1 read as Black's mars (2 points): game 2 must start at 0-2
    text = _match("                                  Wins 4016 point") + (
        "\n Game 2\n alice : 0                    bob : 2\n" + _TURN)
    reports = list(validate_games(parse_games(text)))
    assert [f.code for f in reports[1].findings] == ["unfinished"]  # no wrong-result at Score
    bad = text.replace("bob : 2", "bob : 4016")
    assert "wrong-result" in [f.code for f in list(validate_games(parse_games(bad)))[1].findings]
