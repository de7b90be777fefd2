"""``end_boards_of_rolls`` against the legal-turn corpus (../shared/corpus/positions.jsonl).

Every position the corpus asks about with two rolls or more: the end
boards of all its rolls at once, read back roll by roll, must be the
corpus's ``finals`` for each roll.  Runs with the compiled search and,
unlike tests/rules/test_generation_kernel.py, without it (in pure Python).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator

import pytest
from corpus import CORPUS

from narde_notation.model.record import parse_roll
from narde_notation.model.ruleset import Ruleset
from narde_notation.rules import generation
from narde_notation.rules.generation_kernel import kernel
from narde_notation.rules.packed import after_board, mover_boards
from narde_notation.rules.position import Position

POSITIONS = CORPUS / "positions.jsonl"
Group = tuple[str, str, list[tuple[tuple[int, int], list[str]]]]


def _groups() -> list[Group]:
    """(position, rules tag, [(roll, sorted end positions)...]) of each position
    and rules the corpus gives two rolls or more."""
    if not POSITIONS.is_file():
        return []
    rolls: dict[tuple[str, str], list[tuple[tuple[int, int], list[str]]]] = defaultdict(list)
    with POSITIONS.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                case = json.loads(line)
                rolls[case["position"], case["rules"]].append(
                    (parse_roll(case["dice"]), case["finals"]))
    return [(pos, tag, found) for (pos, tag), found in rolls.items() if len(found) >= 2]


GROUPS = _groups()


@pytest.fixture(autouse=True)
def _restore() -> Iterator[None]:
    yield
    generation.use_kernel(True)


def boards_by_roll(found: generation.RollBoards) -> list[list[int]]:
    """Each roll's end boards, read back from the bytes (16 little-endian bytes
    a board, int32 row numbers)."""
    assert len(found.boards) % 16 == 0
    boards = [int.from_bytes(found.boards[i:i + 16], "little")
              for i in range(0, len(found.boards), 16)]
    assert len(set(boards)) == len(boards)  # each distinct board once
    rows = [int.from_bytes(found.rows[i:i + 4], "little", signed=True)
            for i in range(0, len(found.rows), 4)]
    assert sum(found.counts) == len(rows)
    out, at = [], 0
    for n in found.counts:
        out.append([boards[r] for r in rows[at:at + n]])
        at += n
    return out


@pytest.mark.skipif(not GROUPS, reason=f"shared corpus not found at {POSITIONS}")
@pytest.mark.parametrize("compiled", [False, True], ids=["python", "compiled"])
def test_the_end_boards_of_several_rolls_are_the_corpus_finals(compiled: bool) -> None:
    if compiled and kernel() is None:
        pytest.skip("the compiled search could not be built here")
    assert generation.use_kernel(compiled) is compiled
    assert len(GROUPS) >= 100
    for text, tag, cases in GROUPS:
        pos = Position.from_string(text)
        _side, me, opp, first, _opp_first = mover_boards(pos)
        rolls = [roll for roll, _finals in cases]
        found = generation.end_boards_of_rolls(me, opp, first, rolls, Ruleset.from_tag(tag))
        got = boards_by_roll(found)
        assert len(got) == len(cases)
        for (roll, finals), boards in zip(cases, got, strict=True):
            assert len(boards) == len(finals), (text, tag, roll)  # no board twice in a roll
            assert sorted(str(after_board(pos, b)) for b in boards) == finals, (text, tag, roll)


def test_a_pass_is_one_board_the_start() -> None:
    # White's 15 checkers on her head; Black on his own 7 and 6, White's 19 and
    # 18 (R4 closes them: a 6 and a 5 from 24 both land there): 65 has no step,
    # a pass (R11), its one end board White's board as it was
    pos = Position.from_string("24:15 / 24:5 7:5 6:5 / W")
    _side, me, opp, first, _opp_first = mover_boards(pos)
    for compiled in (False, True):
        generation.use_kernel(compiled)
        found = generation.end_boards_of_rolls(me, opp, first, [(6, 5)], Ruleset())
        assert found.counts == [1]
        assert boards_by_roll(found) == [[me]]
