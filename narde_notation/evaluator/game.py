"""The evaluator's one door to the rules engine (R1–R12).

Every other module of :mod:`narde_notation.evaluator` reaches positions,
legal turns and scoring through the names here, so the engine is imported
in one place.  Boards are the engine's packed integers in the mover's own
numbering (nibble ``p`` = checkers on own point ``p``, nibble 0 = borne
off; :mod:`narde_notation.rules.packed`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from narde_notation.model import FLIP, ROLLS, Ruleset, Side, parse_roll
from narde_notation.rules import (
    HEAD_ONLY,
    Game,
    Outcome,
    Position,
    Turn,
    after_board,
    after_turn,
    compiled_rolls_search,
    end_boards_of_rolls,
    generate,
    legal_turns,
    mover_boards,
    opening_roll,
    outcome,
    resolve_rules,
    roll,
)
from narde_notation.rules import library as compiled_library

__all__ = [
    "FLIP",
    "HEAD_ONLY",
    "ROLLS",
    "Game",
    "Outcome",
    "Position",
    "Ruleset",
    "Side",
    "Turn",
    "after_turn",
    "child_boards",
    "child_boards_of_rolls",
    "compiled_library",
    "compiled_rolls_search",
    "legal_turns",
    "mover_view",
    "opening_roll",
    "outcome",
    "parse_roll",
    "resolve_rules",
    "roll",
    "with_mover_board",
]

def mover_view(position: Position) -> tuple[int, int, bool, bool]:
    """``(mover's packed board, opponent's packed board, mover's first-turn
    flag, opponent's first-turn flag)`` of ``position`` (its side to move
    moves), read by the rules kernel (:func:`~narde_notation.rules.packed.mover_boards`)."""
    return mover_boards(position)[1:]


#: ``position`` after its side to move reached packed ``board``: the other side
#: to move, the mover's first-turn flag cleared (R5, R11); the rules kernel's
#: :func:`~narde_notation.rules.packed.after_board`.
with_mover_board = after_board


def child_boards(me: int, opp: int, first: bool, d1: int, d2: int, rules: Ruleset) -> list[int]:
    """The mover's packed boards after every legal turn of roll ``d1 >= d2``
    (R3–R8, R7 compulsory play; one board per distinct end position; the
    start board alone for a pass)."""
    return list(generate(me, opp, first, d1, d2, rules).finals)


def child_boards_of_rolls(me: int, opp: int, first: bool, rolls: Sequence[tuple[int, int]],
                          rules: Ruleset) -> tuple[npt.NDArray[np.uint8],
                                                   npt.NDArray[np.int32], list[int]]:
    """:func:`child_boards` of each roll ``(d1, d2)`` (``d1 >= d2``) of one
    position, as arrays (:func:`~narde_notation.rules.generation.end_boards_of_rolls`):
    the distinct end boards as bytes, uint8 (n, 16) (the 13 bytes of
    :func:`~.encoding.raw_boards`, then zeros); each roll's end boards in turn,
    as rows of those, int32 (m,); how many end boards each roll has."""
    found = end_boards_of_rolls(me, opp, first, rolls, rules)
    return (np.frombuffer(found.boards, dtype=np.uint8).reshape(-1, 16),
            np.frombuffer(found.rows, dtype=np.int32), found.counts)
