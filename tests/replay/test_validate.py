"""Hand-worked replays: each validator-level finding code, results and scoring.

Every expected value below is worked out by hand from rules.md; the comment
above each case gives the reasoning.
"""

from __future__ import annotations

from narde_notation.formats.reader import parse_games
from narde_notation.model.ruleset import Ruleset
from narde_notation.model.side import Side
from narde_notation.replay.validation import GameReport, validate, validate_games


def replay(text: str, rules: Ruleset | None = None) -> GameReport:
    (record,) = list(parse_games(text))
    return validate(record, rules)


def codes(report: GameReport) -> list[tuple[str, int | None]]:
    return [(f.code, f.line) for f in report.findings]


# White 6-5 24/13 (one checker, stop on 18 or 19 open); Black 5-4 24/15;
# White 4-2 24/20/18; Black 5-1 24/19/18.  Pips: White 360-11-6 = 343,
# Black 360-9-6 = 345.  Nobody has finished, the record says nothing more.
OPENING = """\
[White "A"]
[Black "B"]

1. 65: 24/13          54: 24/15
2. 42: 24/20/18       51: 24/19/18
"""


def test_clean_opening_is_unfinished_with_hand_counted_pips() -> None:
    report = replay(OPENING)
    assert report.valid
    assert codes(report) == [("unfinished", 5)]
    assert report.final_pips == (343, 345)
    assert report.result == "*"
    assert report.half_turn_count == len(report.half_turns) == 4
    assert report.first_mover is Side.WHITE
    # the position before ply 1 has Black to move, after it White again
    assert report.turns[1].before.side_to_move is Side.BLACK
    assert report.turns[1].after is not None
    assert report.turns[1].after.side_to_move is Side.WHITE
    assert report.turns[0].pips_played == 11
    assert report.turns[0].pips_rolled == 11


def test_declared_result_on_unfinished_game_is_wrong_result() -> None:
    report = replay(OPENING + "1-0\n")
    assert ("wrong-result", 6) in codes(report)


def test_turn_number_out_of_sequence_is_one_warning() -> None:
    # "3." stands where "2." belongs; sides still alternate, one warning only.
    text = OPENING.replace("2. 42", "3. 42") + "*\n"
    report = replay(text)
    assert report.valid
    assert [c for c in codes(report) if c[0] == "turn-number"] == [("turn-number", 5)]


def test_opening_double_standard_but_not_reroll() -> None:
    # 6-6 cannot open a game (R2).  Played as a first turn it takes two
    # checkers off the head (R5 exception) to own 18; 18/12 would land on
    # Black's head (absolute 12), so two sixes are all that can be played.
    text = '[White "A"]\n[Black "B"]\n\n1. 66: 24/18(2)\n*\n'
    assert [c for c in codes(replay(text)) if c[0] != "unfinished"] == [("opening-double", 4)]
    reroll = replay(text.replace('[Black "B"]', '[Black "B"]\n[Rules "reroll"]'))
    assert reroll.valid


def test_mars_when_loser_bore_off_none() -> None:
    # White's last checker on own 1 bears off with the 2 (R8: no checker on 2,
    # none higher); Black has all 15 on its head, none off: mars, 2 points (R9).
    text = '[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n2-0\n'
    report = replay(text)
    assert report.valid, codes(report)
    assert (report.result, report.points, report.kind) == ("2-0", 2, "mars")
    assert report.winner is Side.WHITE
    assert report.final_pips == (0, 360)


def test_koks_variant_scores_three() -> None:
    # Same finish under `koks`: Black still has checkers on own 19..24 → 3-0.
    text = '[Rules "koks"]\n[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n3-0\n'
    report = replay(text)
    assert report.valid, codes(report)
    assert (report.result, report.kind) == ("3-0", "koks")


def test_oyn_and_game_over() -> None:
    # Black has 14 off, so White's finish is a plain win (oyn, 1 point).
    # Black's 6-1 afterwards is a move after the end: game-over (R11).
    text = '[Position "1 / 1 / W"]\n\n1. 21: 1/off  61: 1/off\n1-0\n'
    report = replay(text)
    assert ("game-over", 3) in codes(report)
    assert report.stopped


def test_wrong_result_token_and_tag() -> None:
    # The replay gives 1-0 (oyn); the token says 2-0 and the tag 0-1.
    text = '[Result "0-1"]\n[Position "1 / 1 / W"]\n\n1. 21: 1/off\n2-0\n'
    found = codes(replay(text))
    assert ("wrong-result", 1) in found
    assert ("wrong-result", 5) in found


def test_a_star_on_a_finished_game_is_wrong_result() -> None:
    # White's last checker (own 1) bears off with the 2 (R8); Black has all 15
    # on its head, none off: the game is over, White wins by mars, 2-0 (R9).
    # `*` says it is not finished: the result and the tag contradict the moves.
    text = '[Result "*"]\n[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n*\n'
    report = replay(text)
    assert codes(report) == [("wrong-result", 1), ("wrong-result", 5)]
    assert [f.severity for f in report.findings] == ["error", "error"]
    token = report.findings[1]
    assert token.column == 1
    assert token.message == ("the result says * (not finished), but the moves finish the"
                             " game: White wins by mars (2-0).")
    assert report.findings[0].message.startswith("the Result tag says * (not finished)")
    # the replay's result stands
    assert (report.result, report.kind) == ("2-0", "mars")


def test_a_star_on_an_unfinished_game_is_only_unfinished() -> None:
    assert codes(replay(OPENING + "*\n")) == [("unfinished", 6)]


def test_a_stop_after_an_error_played_as_written_names_that_error() -> None:
    # White's 65 plays 24/18 18/13 and 13/8 too: three moves for two dice
    # (dice-mismatch at 4:20), played as written, so a White checker stands on
    # own 8 = absolute 8.  Black's 21/20 goes to Black's own 20 = absolute
    # (20 + 11) % 24 + 1 = 8: held by White (closed-point, R4), nothing applied,
    # the replay stops; that stop names the first error as its possible cause.
    text = ('[White "A"]\n[Black "B"]\n\n1. 65: 24/18 18/13 13/8\n'
            "1... 31: 24/21 21/20\n*\n")
    report = replay(text)
    assert [(f.code, f.line, f.column) for f in report.findings] == [
        ("dice-mismatch", 4, 20), ("closed-point", 5, 16)]
    assert report.stopped
    assert "stops here" not in report.findings[0].message
    assert report.findings[1].message.endswith(
        "The replay of this game stops here; it may follow from the dice-mismatch at 4:20,"
        " whose moves were played as written.")


def test_a_stop_with_no_error_before_it_says_only_that_it_stops() -> None:
    # 17/12 after 24/18: White has no checker on 17 (R3), the first error
    report = replay('[White "A"]\n[Black "B"]\n\n1. 65: 24/18 17/12\n*\n')
    (finding,) = report.findings
    assert finding.code == "no-checker"
    assert finding.message.endswith("to move 17/12. The replay of this game stops here.")


def test_bad_tags_and_bad_position() -> None:
    # Match must be a number of points; 16 checkers cannot stand on a side.
    match = replay('[Match "three"]\n\n1. 65: 24/13\n*\n')
    assert ("bad-tag", 1) in codes(match)
    position = replay('[Position "24:16 / 24:15 / W"]\n\n1. 65: 24/13\n*\n')
    assert codes(position)[0] == ("bad-position", 1)
    assert position.stopped
    malformed = replay('[Position "24:x / 24:15 / W"]\n\n1. 65: 24/13\n*\n')
    assert codes(malformed)[0] == ("bad-tag", 1)
    rules = replay('[Rules "no-such-variant"]\n\n1. 65: 24/13\n*\n')
    assert codes(rules)[0] == ("bad-tag", 1)


def test_hit_is_reported_then_the_move_is_played() -> None:
    # `*` has no meaning (R4): reported, then 24/18 18/13 is played as 24/13.
    report = replay('1. 65: 24/18* 18/13\n*\n')
    assert codes(report)[0] == ("hit", 1)
    assert report.final_pips == (349, 360)


def test_bar_stops_the_replay() -> None:
    report = replay("1. 65: bar/20 24/18\n*\n")
    assert codes(report)[0] == ("bar", 1)
    assert report.stopped


def test_engine_finding_is_located_at_the_move() -> None:
    # Two checkers off the head with 6-5 on an ordinary opening: R5.  The
    # second one, 24/19, is to blame; it starts at column 14 of
    # "1. 65: 24/18 24/19".
    report = replay("1. 65: 24/18 24/19\n*\n")
    first = report.errors[0]
    assert (first.code, first.line, first.column) == ("head-rule", 1, 14)


def test_absolute_numbering_black_moves() -> None:
    # Black's head is absolute 12: 12/1 in absolute numbering is own 24/13.
    text = '[Numbering "absolute"]\n\n1. 65: 24/13  65: 12/1\n*\n'
    report = replay(text)
    assert report.valid, codes(report)
    assert report.final_pips == (349, 349)


def test_match_score_must_follow_earlier_games() -> None:
    # Game 1 is a mars for White (2 points), so game 2 must start at 2-0.
    game1 = ('[White "A"]\n[Black "B"]\n[Match "3"]\n[Game "1"]\n[Score "0-0"]\n'
             '[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n2-0\n\n')
    game2 = ('[White "A"]\n[Black "B"]\n[Match "3"]\n[Game "2"]\n[Score "1-0"]\n'
             '[Position "1 / 1 / W"]\n\n1. 21: 1/off\n1-0\n')
    reports = list(validate_games(parse_games(game1 + game2)))
    assert reports[0].valid
    assert [(f.code, f.line) for f in reports[1].findings] == [("wrong-result", 15)]
    fixed = list(validate_games(parse_games(game1 + game2.replace("1-0\"]", "2-0\"]"))))
    assert fixed[1].valid


def test_last_roll_draw() -> None:
    # White (first mover) finishes; under last-roll-draw Black still rolls and
    # bears off its last checker too: a draw, 0-0 (R9).
    text = '[Rules "last-roll-draw"]\n[Position "1 / 1 / W"]\n\n1. 21: 1/off  21: 1/off\n0-0\n'
    report = replay(text)
    assert report.valid, codes(report)
    assert (report.result, report.kind, report.points) == ("0-0", "draw", 0)


def test_a_broken_game_does_not_condemn_the_rest_of_the_match() -> None:
    # Game 1 is cut short by a syntax error ("6x" is no roll), so its points
    # are unknown: game 2's Score cannot be checked and is not an error.
    game1 = ('[White "A"]\n[Black "B"]\n[Match "3"]\n[Game "1"]\n[Score "0-0"]\n\n'
             "1. 6x: 24/18\n*\n\n")
    game2 = ('[White "A"]\n[Black "B"]\n[Match "3"]\n[Game "2"]\n[Score "0-1"]\n'
             '[Position "1 / 1 / W"]\n\n1. 21: 1/off\n1-0\n')
    reports = list(validate_games(parse_games(game1 + game2)))
    assert [f.code for f in reports[0].errors] == ["syntax"]
    assert reports[1].valid, [str(f) for f in reports[1].findings]
