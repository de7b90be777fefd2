"""A ``.mat`` game ended by a lone ``Resigns`` (no points, no ``Wins`` line):
the resigning side, named by its column, concedes what the position gives
(record-format.md "Resignations"; docs/decisions.md FX2), and a declared
result that has the resigning side winning is ``wrong-result``.

Expected values worked out by hand from rules.md R9: 1 point (oyn) when the
loser has borne off a checker, else 2 (mars), or 3 (koks) under ``koks`` when
it also has a checker on its own 19-24.  After one turn each nobody has
borne off and every checker but one is still on its head (own 24).
"""

from __future__ import annotations

from narde_notation.formats.reader import parse_games
from narde_notation.model import Side
from narde_notation.replay.validation import GameReport, validate_games

# White plays 3-1 as 24/21 21/20 and Black 4-2 as 24/20 20/18: both legal
_TURN = "  1) 31: 24/21 21/20             42: 24/20 20/18\n"


def _match(last: str, *, header: str = "") -> str:
    return (" 5 point match\n\n Game 1\n" + header + " alice : 0                    bob : 0\n"
            + _TURN + last + "\n")


def _report(text: str) -> GameReport:
    (report,) = list(validate_games(parse_games(text)))
    return report


def test_the_reader_names_the_resigning_side_by_its_column() -> None:
    (white,) = parse_games(_match("  2) Resigns"))
    (black,) = parse_games(_match("  2) 31: 24/21 21/20             Resigns"))
    assert white.resigner is Side.WHITE and black.resigner is Side.BLACK
    assert white.resigned and white.result is None


def test_a_lone_resigns_concedes_a_mars_when_nothing_is_borne_off() -> None:
    report = _report(_match("  2) Resigns"))
    assert (report.result, report.kind, report.points) == ("0-2", "mars", 2)
    assert report.ending == "resignation" and report.valid
    assert report.findings == []


def test_the_right_columns_resigns_is_blacks() -> None:
    report = _report(_match("  2) 31: 24/21 21/20             Resigns"))
    assert (report.result, report.kind) == ("2-0", "mars")
    assert report.findings == []


def test_under_koks_a_checker_still_at_home_makes_it_koks() -> None:
    report = _report(_match("  2) Resigns", header='; [Rules "koks"]\n'))
    assert (report.result, report.kind, report.points) == ("0-3", "koks", 3)


def test_a_declared_result_worth_less_is_taken() -> None:
    report = _report(_match("  2) Resigns", header='; [Result "0-1"]\n'))
    assert (report.result, report.kind) == ("0-1", "oyn")
    assert report.findings == []


def test_a_declared_result_with_the_resigning_side_winning_is_wrong_result() -> None:
    report = _report(_match("  2) Resigns", header='; [Result "1-0"]\n'))
    (finding,) = report.findings
    assert finding.code == "wrong-result"
    assert "White resigning" in finding.message
    assert not report.valid
