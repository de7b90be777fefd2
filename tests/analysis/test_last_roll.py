"""The analysis sequences a game as the validator does (rules.game.Game):
the ``last-roll-draw`` reply (R9) is rated, not taken for a turn after the
end, so a record the validator passes analyses without an error.

Expected values are worked out by hand from rules.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from narde_notation.analysis.game import analyse
from narde_notation.cli.main import narde
from narde_notation.cli.validate import narde_validate
from narde_notation.formats.reader import parse_games
from narde_notation.replay.validation import validate

# White (first mover) bears off its last checker; Black, three checkers on
# its own 1, replies with 3-3: all three off, a draw (R9, last-roll-draw).
DRAWN = """[Rules "last-roll-draw"]
[Position "1 / 1:3 / W"]
[Result "0-0"]
1. 21: 1/off
1... 33: 1/off 1/off 1/off
0-0
"""
# The same with a 2-1 reply: two of the three off, White's win stands: one
# point, Black has borne off checkers (oyn).
LOST = DRAWN.replace("0-0", "1-0").replace("33: 1/off 1/off 1/off", "21: 1/off 1/off")


@pytest.mark.parametrize(("text", "equity", "white_win"), [(DRAWN, 0.0, 0.0), (LOST, -1.0, 1.0)])
def test_the_last_roll_reply_is_rated_exactly(text: str, equity: float, white_win: float) -> None:
    report = validate(next(iter(parse_games(text))))
    assert report.valid and report.result == ("0-0" if equity == 0 else "1-0")
    got = analyse(report)
    assert got.stopped is None and not got.errors
    assert [h.side.name for h in got.half_turns] == ["WHITE", "BLACK"]
    reply = got.half_turns[1]
    # every turn of the reply is worth what the game's end makes it: a draw 0,
    # White's oyn -1 for Black; any double (4 dice) takes all three off, any
    # other roll two: mean = (6 * 0 + 30 * -1) / 36 = -5/6.
    assert reply.exact and reply.forced and reply.loss == 0.0
    assert reply.equity_played == reply.equity_best == equity
    assert reply.luck == pytest.approx(equity + 5 / 6)
    assert reply.win == 0.0 and reply.white_win == white_win


def test_analyse_agrees_with_validate_on_a_last_roll_draw(tmp_path: Path) -> None:
    # was: `narde analyse` exit 1 ("the game is over (R11)") where
    # `narde-validate` passes the record
    path = tmp_path / "draw.txt"
    path.write_text(DRAWN, encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(narde_validate, [str(path)]).exit_code == 0
    result = runner.invoke(narde, ["analyse", str(path)])
    assert result.exit_code == 0, result.output
