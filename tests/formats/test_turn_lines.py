"""Turn lines cut at their rolls: every roll spelling, number, pass, annotation
and spacing the grammar admits, in both half-turn places of a line.

Each line is built from known pieces, so where each half-turn starts (its
column) and what it says are known by construction, not read back from the
reader.
"""

from __future__ import annotations

import itertools
import random

import pytest

from narde_notation.formats.reader import parse_games
from narde_notation.model.record import OFF

PREFIXES = ["", "12. ", "7.", "  3.  ", "10.\t"]
#: (written roll, dice higher first)
ROLLS = [("65:", (6, 5)), ("56:", (6, 5)), ("6-5:", (6, 5)), ("6:5:", (6, 5)),
         ("44:", (4, 4)), ("4:4:", (4, 4)), ("1-2:", (2, 1))]
#: (written moves after the roll, their paths)
MOVES = [
    ("", ()),
    (" pass", ()),
    (" 24/18 18/13", ((24, 18), (18, 13))),
    ("  6/off(2)", ((6, OFF), (6, OFF))),
    (" 13/7* 7/off", ((13, 7), (7, OFF))),
    ("\t24/18/13", ((24, 18, 13),)),
]
ANNOTATIONS = ["", "!", "?!", "!!"]
SEPARATORS = [" ", "    ", "\t", " \t "]
ENDINGS = ["", "  ", "\t"]


def _half(rng: random.Random) -> tuple[str, tuple[int, int], tuple[tuple[int, ...], ...], str]:
    roll, dice = rng.choice(ROLLS)
    moves, paths = rng.choice(MOVES)
    annotation = rng.choice(ANNOTATIONS) if moves.strip() not in ("", "pass") else ""
    return roll + moves + annotation, dice, paths, annotation


@pytest.mark.parametrize("seed", range(40))
def test_lines_cut_where_their_half_turns_start(seed: int) -> None:
    rng = random.Random(seed)
    lines: list[str] = []
    expected: list[tuple[int, int, tuple[int, int], tuple[tuple[int, ...], ...], str | None]] = []
    for number in range(1, 13):
        prefix = rng.choice(PREFIXES) if number > 1 else ""
        first, dice1, paths1, ann1 = _half(rng)
        line = prefix + first
        expected.append((number + 1, len(prefix) + 1, dice1, paths1, ann1 or None))
        if rng.random() < 0.8:
            second, dice2, paths2, ann2 = _half(rng)
            separator = rng.choice(SEPARATORS)
            expected.append((number + 1, len(line) + len(separator) + 1, dice2, paths2,
                             ann2 or None))
            line += separator + second
        lines.append(line + rng.choice(ENDINGS))
    text = '[White "a"]\n' + "\n".join(lines) + "\n*\n"
    (game,) = parse_games(text)
    assert [f for f in game.findings if f.is_error] == []
    got = [(h.line, h.column, h.dice, tuple(h.paths()), h.annotation) for h in game.half_turns]
    assert got == expected


@pytest.mark.parametrize(("first", "second"), list(itertools.product(
    ["65:", "6-5:", "6:5:", "21: 6/off"], ["43:", "4-3: 24/21 24/20", "4:3:!", "43: pass"])))
def test_every_roll_spelling_pair(first: str, second: str) -> None:
    (game,) = parse_games(f"1. {first}   {second}  *\n")
    halves = game.half_turns
    assert [(h.column, h.dice) for h in halves] == [
        (4, (6, 5) if first != "21: 6/off" else (2, 1)), (4 + len(first) + 3, (4, 3))]


@pytest.mark.parametrize("which", [0, 1, 2])
def test_comments_found_in_either_game_of_one_piece(which: int) -> None:
    """Games separated by results only are read in one parse: a comment goes
    to the half-turn before it in its own game, whichever game holds it."""
    games = ["1. 65: 24/18 18/13  43: 24/20 20/17", "1. 21: 24/22 24/23  54: 24/20 24/19",
             "1. 31: 24/21 24/23  62: 24/18 24/22"]
    lines = []
    for k, game in enumerate(games):
        lines.append(game + (" { note }" if k == which else ""))
        lines.append("2. 11: 24/23 23/22 22/21 21/20  *")
    records = list(parse_games("\n".join(lines) + "\n"))
    assert len(records) == 3
    for k, record in enumerate(records):
        comments = [h.comments for h in record.half_turns]
        assert comments == ([(), ("note",), ()] if k == which else [(), (), ()])
