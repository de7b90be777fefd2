"""Property tests: engine-made games validate clean, one corrupted half-turn is
reported at its own line, and no text makes validation raise."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narde_notation.formats.reader import parse_games
from narde_notation.formats.writer import write_game
from narde_notation.model.findings import Finding
from narde_notation.model.record import OFF, GameRecord, Move
from narde_notation.model.ruleset import Ruleset
from narde_notation.replay.validation import validate, validate_games
from narde_notation.rules.random_play import random_game

VARIANTS = ["standard", "reroll", "koks", "last-roll-draw", "end-of-turn-block",
            "head-doubles-64", "head-exception-strict", "reroll,koks,last-roll-draw"]

games = st.builds(
    random_game,
    seed=st.integers(min_value=0, max_value=2**32),
    rules=st.sampled_from(VARIANTS).map(Ruleset.from_tag),
)
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(game=games)
def test_engine_games_written_and_read_validate_clean(game: GameRecord) -> None:
    (read,) = list(parse_games(write_game(game)))
    report = validate(read)
    assert report.valid, [str(f) for f in report.findings]
    assert report.result == game.result
    assert report.outcome is not None
    # the winner (both sides in a draw) has borne off everything: 0 pips
    assert report.final_pips is not None
    assert 0 in report.final_pips


@SETTINGS
@given(game=games, data=st.data())
def test_one_corrupted_half_turn_is_reported_at_its_line(
    game: GameRecord, data: st.DataObject
) -> None:
    candidates = [i for i, half in enumerate(game.half_turns) if half.moves]
    ply = data.draw(st.sampled_from(candidates), label="ply")
    half = game.half_turns[ply]
    reversible = [m for m in half.moves if OFF not in m.path]
    if reversible and data.draw(st.booleans(), label="reverse"):
        # A move written backwards (R3): the path reversed, e.g. 24/18 → 18/24.
        target = reversible[0]
        moves = tuple(Move(tuple(reversed(m.path)), m.repeat) if m is target else m
                      for m in half.moves)
    else:
        # A pass although the original shows a move was possible (R7/R11).
        moves = ()
    corrupted = list(game.half_turns)
    corrupted[ply] = dataclasses.replace(half, moves=moves)
    text = write_game(dataclasses.replace(game, half_turns=corrupted))
    (read,) = list(parse_games(text))
    report = validate(read)
    # Tag lines may also speak (a Result tag the corrupted game no longer
    # reaches); among the moves, the first error is at the corrupted half-turn.
    moves_start = read.half_turns[0].line
    on_moves = [f for f in report.errors if (f.line or 0) >= moves_start]
    first = min(on_moves, key=lambda f: (f.line or 0, f.column or 0))
    assert first.line == read.half_turns[ply].line, str(first)


def _where(findings: list[Finding]) -> set[tuple[str, int | None, int | None]]:
    return {(f.code, f.line, f.column) for f in findings}


#: pieces of records, so that drawn texts hold games with several findings
PIECES = ['[White "A"]\n', '[Black "B"]\n', '[Result "1-0"]\n', '[Rules "koks"]\n',
          '[Position "1 / 24:15 / W"]\n', '[Match "m"]\n', '[Score "1-0"]\n', "\n",
          "1. ", "2. ", "1... ", "3. ", "65: ", "66: ", "43: ", "21: ", "11: ", "24/18 ",
          "18/13 ", "24/20 ", "13/9 ", "1/off ", "20/24 ", "24/18* ", "bar/20 ", "pass ",
          "* ", "1-0", "0-2", "{note} ", "x "]
TEXTS = (st.text(alphabet=st.sampled_from(list("[]\"{};:/*()!?.-0123456789 \n\toffpassbarWB"))
                 | st.characters(), max_size=300)
         | st.lists(st.sampled_from(PIECES), max_size=60).map("".join))


@settings(max_examples=300, deadline=None)
@given(text=TEXTS)
def test_arbitrary_text_never_raises(text: str) -> None:
    lines = len(text.splitlines()) + 1  # a finding may sit just after the last line
    reports = list(validate_games(parse_games(text)))
    assert [r.record.index for r in reports] == list(range(len(reports)))
    for report in reports:
        findings = report.findings
        # the reader's findings are kept; the list is ordered by line and column
        assert _where(report.record.findings) <= _where(findings)
        order = [(f.line or 0, f.column or 0) for f in findings]
        assert order == sorted(order)
        for f in findings:
            assert f.line is None or 1 <= f.line <= lines, f
            assert f.column is None or f.column >= 1, f
            assert f.game in (None, report.record.index), f
        # a replay that stopped, or a syntax finding, makes the game invalid
        if report.stopped or any(f.code == "syntax" for f in findings):
            assert not report.valid
        assert report.valid == (not report.errors)
        assert len(report.turns) <= len(report.record.half_turns)
