"""The network's 220 inputs against a per-position reading of docs/decisions.md V2
and of the encoding-2 inputs (decisions, "Evaluator inputs that see primes").

The reference below is written from V2 (and the encoding module's
docstring), one position and one point at a time in plain Python: the
packed board's nibble ``p`` is the count on own point ``p`` (nibble 0 the
borne-off count), the other side's own point ``q`` is this side's own
``(q + 11) % 24 + 1`` (R1).  :func:`encode` works whole batches with
numpy tables and bit masks; on thousands of positions of seeded random
games, in batches of every shape :class:`Judge` makes (a roll's end boards
against one opponent, mixed positions), its float64 inputs must equal the
reference exactly and its float32 inputs be those rounded once.  Every test
runs twice: with the compiled encoder (``encoding_kernel.c``, decisions V11)
and with the numpy one.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import numpy as np
import pytest
from records import random_positions

from narde_notation.evaluator import encoding
from narde_notation.evaluator.encoding import N_INPUTS, encode, encode_raw, raw_boards
from narde_notation.evaluator.game import (
    ROLLS,
    Position,
    Ruleset,
    child_boards,
    mover_view,
)

WALL = 6  # a run is counted up to six points (R6)


@pytest.fixture(autouse=True, params=["compiled", "numpy"])
def encoder(request: pytest.FixtureRequest) -> Iterator[str]:
    on = request.param == "compiled"
    if encoding.use_kernel(on) is not on:
        encoding.use_kernel(True)
        pytest.skip("the compiled encoder could not be built here")
    yield request.param
    encoding.use_kernel(True)


def other(point: int) -> int:
    """The other side's own number of own point ``point`` (R1)."""
    return (point + 11) % 24 + 1


def counts(board: int) -> list[int]:
    """``c[p]``: checkers on own point ``p`` (1…24); ``c[0]``: borne off."""
    return [(board >> (4 * p)) & 15 for p in range(25)]


def side_inputs(me: list[int], opp: list[int]) -> list[float]:
    """V2's 102 inputs of the side with counts ``me`` against the side with ``opp``."""
    out: list[float] = []
    for p in range(1, 25):
        n = me[p]
        out += [float(n >= 1), float(n >= 2), float(n >= 3), max(n - 3, 0) / 4]
    pips = sum(p * me[p] for p in range(1, 25))
    # the opponent's path: its own 24 down to its own 1, our own other(q) on the way
    held = [me[other(q)] > 0 for q in range(24, 0, -1)]
    longest = run = 0
    for h in held:
        run = run + 1 if h else 0
        longest = max(longest, min(run, WALL))
    on_board = [q for q in range(1, 25) if opp[q]]
    rearmost = max(on_board) if on_board else 0
    ahead = sum(1 for q in range(1, rearmost) if me[other(q)] > 0)
    out += [me[0] / 15, pips / 200, me[24] / 15, (me[0] + sum(me[1:7])) / 15,
            longest / 6, ahead / 12]
    return out


def contact(me: list[int], opp: list[int]) -> bool:
    """Some checker has an opposing checker on a point ahead of it (lower, own numbering)."""
    for a, b in ((me, opp), (opp, me)):
        mine = [p for p in range(1, 25) if a[p]]
        if mine and any(b[other(t)] for t in range(1, max(mine))):
            return True
    return False


def escapes(held: list[bool], at: int) -> int:
    """Rolls of 36 taking a checker on path position ``at`` past the furthest
    held point of the twelve ahead, never landing on a held one (a double
    moves four times; either order of the dice)."""
    ahead = [d for d in range(1, 13) if at + d < 24 and held[at + d]]
    furthest = max(ahead, default=0)
    count = 0
    for a in range(1, 7):
        for b in range(1, 7):
            orders = [[a] * 4] if a == b else [[a, b], [b, a]]
            for order in orders:
                moved = 0
                for die in order:
                    moved += die
                    if moved in ahead:
                        break
                    if moved > furthest:
                        count += 1
                        break
                else:
                    continue
                if moved > furthest:
                    break
    return count


def facing_inputs(me: list[int], opp: list[int]) -> list[float]:
    """The six encoding-2 inputs of the side with counts ``me`` facing ``opp``'s blocks."""
    mine = [me[24 - i] for i in range(24)]  # along its path: position i is own point 24 - i
    held = [opp[other(24 - i)] > 0 for i in range(24)]
    longest = run = 0
    for h in held:
        run = run + 1 if h else 0
        longest = max(longest, min(run, WALL))
    # the frontmost place where `longest` held points follow each other
    start = max((i for i in range(24 - longest + 1) if longest
                 and all(held[i:i + longest])), default=-1)
    front = max((i for i in range(24) if held[i]), default=-1)
    on = [i for i in range(24) if mine[i]]
    return [escapes(held, on[0]) / 36 if on else 1.0,
            min((escapes(held, i) for i in on), default=36) / 36,
            (start + 1) / 24,
            sum(mine[:max(start, 0)]) / 15,
            sum(mine[:max(front, 0)]) / 15,
            sum(mine[i] * (24 - i) for i in range(front + 1, 24)) / 200]


def reference(mover: int, opponent: int, mover_first: bool, other_first: bool) -> list[float]:
    me, opp = counts(mover), counts(opponent)
    pips_me = sum(p * me[p] for p in range(1, 25))
    pips_opp = sum(p * opp[p] for p in range(1, 25))
    return [*side_inputs(me, opp), *side_inputs(opp, me), (pips_opp - pips_me) / 100,
            float(contact(me, opp)), float(mover_first), float(other_first),
            *facing_inputs(me, opp), *facing_inputs(opp, me)]


POSITIONS: list[Position] = random_positions(18, 25)  # type: ignore[assignment]


def check(movers: list[int], others: list[int], mf: list[bool], of: list[bool]) -> None:
    want = np.array([reference(*row) for row in zip(movers, others, mf, of, strict=True)])
    got = encode(movers, others, mf, of)
    assert got.shape == (len(movers), N_INPUTS) and got.dtype == np.float64
    bad = np.argwhere(got != want)
    assert not len(bad), f"first differences (row, input): {bad[:5].tolist()}"
    got32 = encode(movers, others, mf, of, dtype=np.float32)
    assert got32.dtype == np.float32
    assert np.array_equal(got32, want.astype(np.float32))


def test_the_random_games_reach_every_kind_of_position() -> None:
    # the sample has what the inputs tell apart: contact and none, stacks, runs,
    # checkers off, first turns
    rows = np.array([reference(*mover_view(p)) for p in POSITIONS])
    assert len(POSITIONS) > 2000
    assert {0.0, 1.0} <= set(rows[:, 205]) and rows[:, 206].any()
    assert rows[:, 3].max() > 0 and rows[:, 96].max() > 0 and rows[:, 100].max() == 1.0
    # checkers trapped behind a run, escapes of every kind, no checker to pass
    assert rows[:, 211].max() > 0 and {0.0, 1.0} <= set(rows[:, 209])
    assert len(set(rows[:, 208])) > 10 and (rows[:, 212] == 0).any()


@pytest.mark.parametrize(("held", "rolls"), [
    (0, 36),  # nothing ahead
    (0b1, 35),  # the next point: only 1-1 is stopped
    (0b111111, 0),  # six in a row just ahead: every first die lands on one
    (0b100000, 20),  # six pips ahead: 18 rolls of 7 or more but 4-4 … 6-6, and 4-4, 5-5
])
def test_escape_rolls_counted_by_hand(held: int, rolls: int) -> None:
    assert encoding.ESCAPES[held] == rolls


def test_checkers_behind_a_five_point_prime() -> None:
    # Black holds its own 5…1 = White's 17…13: on White's path (position i is
    # White's own 24 - i) positions 7…11, the front 11. White: 13 on its head
    # (position 0), 2 on its 20 (position 4). Black's checkers are all past
    # White's two points (White's 24 and 20 are Black's 12 and 8: its positions
    # 12 and 16).
    text = "24:13 20:2 / 5:3 4:3 3:3 2:3 1:3 / W"
    got = encode(*([v] for v in mover_view(Position.from_string(text))))[0]
    # White's head: the furthest held point 11 pips ahead; no sum of two dice
    # passes it, of the doubles only 6-6 (6, 12). From its 20: 3…7 pips ahead,
    # only 2 then 6 (landing 2, then 8): 6-2 and 2-6
    white = [1 / 36, 1 / 36, 8 / 24, 15 / 15, 15 / 15, 0.0]
    # Black: White's runs are one point long, the frontmost at 16; nothing to
    # pass, 3 · (1 + … + 5) = 45 free pips
    black = [1.0, 1.0, 17 / 24, 0.0, 0.0, 45 / 200]
    assert got[208:].tolist() == white + black


def test_mixed_positions_match_the_reference() -> None:
    views = [mover_view(p) for p in POSITIONS]
    movers, others, mf, of = (list(c) for c in zip(*views, strict=True))
    check(movers, others, mf, of)
    check(movers[:1], others[:1], mf[:1], of[:1])


@pytest.mark.parametrize("start", range(0, 2000, 97))
def test_end_boards_of_every_roll_against_one_opponent_match_the_reference(start: int
                                                                            ) -> None:
    # what Judge.after_turns encodes: the opponent to move, the same board in every row
    me, opp, first, opp_first = mover_view(POSITIONS[start])
    boards = [b for d1, d2, _p in ROLLS
              for b in child_boards(me, opp, first, d1, d2, Ruleset())]
    n = len(boards)
    check([opp] * n, boards, [opp_first] * n, [False] * n)


def test_an_empty_batch() -> None:
    assert encode([], [], [], []).shape == (0, N_INPUTS)


@pytest.mark.parametrize(("text", "touching"), [
    ("10:1 / 21:1 / W", 1.0),  # Black's 21 is White's 9: just ahead of White's checker
    ("10:1 / 5:1 / W", 0.0),  # Black's 5 is White's 17, behind it; White's 10 is behind Black's
])
def test_contact_is_decided_at_the_nearest_point(text: str, touching: float) -> None:
    row = mover_view(Position.from_string(text))
    got = encode(*([v] for v in row))
    assert got[0, 205] == touching
    check(*([v] for v in row))


def test_boards_as_bytes_and_flags_in_every_form(encoder: str) -> None:
    # Judge.values_raw hands over 16-byte rows (the compiled generation's), one
    # mover row for the whole batch, and flags as one bool or a stride-0 array
    views = [mover_view(p) for p in POSITIONS[:300]]
    movers, others, mf, of = (list(c) for c in zip(*views, strict=True))
    wide = np.zeros((len(others), 16), dtype=np.uint8)
    wide[:, :13] = raw_boards(others)
    wide[:, 13:] = 255  # past the 13 bytes of a board: never read
    want = np.array([reference(movers[0], o, True, f) for o, f in zip(others, of, strict=True)])
    for first in (True, np.True_, np.broadcast_to(np.True_, (len(others),)),
                  [True] * len(others)):
        got = encode_raw(raw_boards(movers[:1]), wide, first, np.array(of), dtype=np.float32)
        assert np.array_equal(got, want.astype(np.float32)), type(first)
    want = np.array([reference(*row) for row in zip(movers, others, mf, of, strict=True)])
    got = encode_raw(raw_boards(movers), wide, np.array(mf), of, dtype=np.float64)
    assert np.array_equal(got, want)


@pytest.mark.skipif(shutil.which(os.environ.get("CC", "cc")) is None
                    or bool(os.environ.get("NARDE_PURE_PYTHON")),
                    reason="no C compiler here, or NARDE_PURE_PYTHON set")
def test_with_a_compiler_both_compiled_helpers_build(encoder: str) -> None:
    # the compiled forms fall back silently to Python: where a compiler is
    # present, a C file that no longer builds must fail here instead
    from narde_notation.rules.generation_kernel import kernel, rolls_kernel

    assert encoding.use_kernel(True) and kernel() is not None and rolls_kernel() is not None


def test_twelve_bit_tables_against_the_bit_strings() -> None:
    """The 12-bit tables (built with numpy at import, issue 29) against each
    number's binary text: the longest run of ones, the ones from bit 11 down
    and from bit 0 up, the highest set bit, the count of ones."""
    for v in range(1 << 12):
        text = format(v, "012b")  # bit 11 first
        assert encoding._RUN12[v] == max(len(ones) for ones in text.split("0"))
        assert encoding._TOP12[v] == len(text) - len(text.lstrip("1"))
        assert encoding._BOTTOM12[v] == len(text) - len(text.rstrip("1"))
        assert encoding._HIGH12[v] == (text.find("1") if v == 0 else 11 - text.find("1"))
        assert encoding._POPCOUNT12[v] == text.count("1")
