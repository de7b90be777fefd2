"""Games whose record gives no points: a resignation without them, and a
game the moves finish without a ``Wins`` line or result token (decisions
FX2, FX3).  Values worked out from rules.md R9 and record-format.md
"Resignations", the same in ``.mat`` and native records."""

from __future__ import annotations

from pathlib import Path

import pytest

from narde_notation import parse_games, validate, validate_games

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# White 65 24/13, Black 54 24/15, White 31 24/21 21/20: nobody has borne off.
MAT_BLACK_RESIGNS = """ 1 point match

 Game 1
{rules} A : 0                          B : 0
  1) 65: 24/13                   54: 24/15
  2) 31: 24/21 21/20             Resigns
"""
MAT_WHITE_RESIGNS = """ 1 point match

 Game 1
 A : 0                          B : 0
  1) 65: 24/13                   54: 24/15
  2) Resigns
"""
NATIVE_BLACK_RESIGNS = """[White "A"]
[Black "B"]
{rules}[Termination "resign"]

1. 65: 24/13  54: 24/15
2. 31: 24/21 21/20
"""


def _only(text: str, name: str) -> tuple[str | None, str, str, list[str]]:
    (record,) = parse_games(text, name=name)
    report = validate(record)
    return record.result, report.result, report.ending, [f.code for f in report.findings]


@pytest.mark.parametrize(("text", "name"), [
    (MAT_BLACK_RESIGNS.format(rules=""), "g.mat"),
    (NATIVE_BLACK_RESIGNS.format(rules=""), "g.txt"),
])
def test_a_resignation_without_points_concedes_a_mars(text: str, name: str) -> None:
    # Black, on roll, resigns with no checker borne off: mars, 2 points to White
    written, result, ending, codes = _only(text, name)
    assert written is None
    assert (result, ending, codes) == ("2-0", "resignation", [])


@pytest.mark.parametrize(("text", "name"), [
    (MAT_BLACK_RESIGNS.format(rules='; [Rules "koks"]\n'), "g.mat"),
    (NATIVE_BLACK_RESIGNS.format(rules='[Rules "koks"]\n'), "g.txt"),
])
def test_under_koks_a_checker_in_the_start_quarter_makes_it_koks(text: str, name: str) -> None:
    # Black still has 13 checkers on its head (its 24): koks, 3 points
    assert _only(text, name)[1:] == ("3-0", "resignation", [])


def test_the_white_column_resigning_gives_black_the_points() -> None:
    assert _only(MAT_WHITE_RESIGNS, "g.mat")[1:] == ("0-2", "resignation", [])


def _club_game_one(suffix: str) -> list[str]:
    """Game 1 of examples/club-match (White Kaya, Black Sokolov; its own
    Result tag says 0-1), without its result line and Result tag."""
    lines = (EXAMPLES / f"club-match{suffix}").read_text(encoding="utf-8").splitlines()
    if suffix == ".mat":
        end = next(i for i, line in enumerate(lines) if "Wins" in line)
    else:
        end = lines.index("0-1")
    return [line for line in lines[:end] if "Result" not in line]


def test_an_oyn_resignation_after_a_checker_borne_off_is_one_point() -> None:
    # at line 46 White bore off (`1/0`); White resigns on roll at 47: oyn, 0-1
    lines = _club_game_one(".mat")
    last = next(i for i, line in enumerate(lines) if line.startswith(" 47)"))
    text = "\n".join([*lines[:last], " 47) Resigns", ""])
    assert _only(text, "g.mat")[1:] == ("0-1", "resignation", [])


@pytest.mark.parametrize("suffix", [".mat", ".txt"])
def test_a_finished_game_without_its_result_line_takes_the_boards(suffix: str) -> None:
    # Black bears off its 15th checker at 47 with White's borne off: 0-1, the
    # result the file's own Result tag gave; no finding (not `unfinished`)
    text = "\n".join([*_club_game_one(suffix), ""])
    assert _only(text, f"g{suffix}") == (None, "0-1", "bear-off", [])


GAME_TWO = """
 Game 2
 A : {white}                          B : {black}
  1) 65: 24/13                   54: 24/15
"""


def _score_findings(text: str) -> list[tuple[int, int | None]]:
    reports = list(validate_games(parse_games(text, name="m.mat")))
    return [(r.record.index, f.line) for r in reports for f in r.findings
            if f.code == "wrong-result"]


@pytest.mark.parametrize(("white", "black", "wrong"), [
    (2, 0, []),          # the mars the resignation concedes: White 2
    (1, 0, [(1, 9)]),    # an oyn: the score line (line 9) disagrees
    (0, 2, [(1, 9)]),    # the points in the wrong column
])
def test_the_next_score_line_is_checked_against_the_result_read(white: int, black: int,
                                                                 wrong: list[object]) -> None:
    text = (MAT_BLACK_RESIGNS.format(rules="").replace(" 1 point match", " 5 point match")
            + GAME_TWO.format(white=white, black=black))
    assert _score_findings(text) == wrong
