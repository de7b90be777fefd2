"""The rules engine (R1–R12 of the rules): positions, the single step,
legal turns, turn checking and its diagnosis, scoring, random play.

The public face: :class:`Position`, :func:`legal_turns`,
:func:`check_turn`, :class:`Turn`, :class:`Step`, :func:`outcome`,
:class:`Outcome` and :class:`Game` (a game being played: push, pop,
outcome).  Inside, one concept a module: :mod:`.packed` (how a position
is stored: built and read there alone), :mod:`.step` (the one
place a step's rule is written), :mod:`.generation` (R7 compulsory play),
:mod:`.turn_check` (the quick reading of written moves),
:mod:`.turn_diagnosis` (why written moves are illegal), :mod:`.engine`
(the two combined), :mod:`.scoring` (R9), :mod:`.game` (the end of a game sequenced once),
:mod:`.random_play`.
Depends on :mod:`narde_notation.model` only.
"""

from typing import TYPE_CHECKING

from narde_notation._lazy import lazy_names

if TYPE_CHECKING:  # the lazy names, for type checkers
    from narde_notation.rules.compiled import library
    from narde_notation.rules.engine import check_turn
    from narde_notation.rules.game import Game, opening_roll, roll
    from narde_notation.rules.generation import (
        Step,
        Turn,
        compiled_rolls_search,
        end_boards_of_rolls,
        generate,
        legal_turns,
        max_dice_used,
        resolve_rules,
    )
    from narde_notation.rules.generation_kernel import packed_words
    from narde_notation.rules.packed import HEAD_ONLY, after_board, mover_boards
    from narde_notation.rules.position import Position
    from narde_notation.rules.random_play import random_game, random_match
    from narde_notation.rules.scoring import Kind, Outcome, after_turn, conceded, outcome
    from narde_notation.rules.turn_check import TurnCheck, quick_check, quick_legs, quick_turns

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "Position": ".position",
        "Game": ".game",
        "opening_roll": ".game",
        "legal_turns": ".engine",
        "check_turn": ".engine",
        "max_dice_used": ".engine",
        "Turn": ".engine",
        "Step": ".engine",
        "TurnCheck": ".engine",
        "Outcome": ".scoring",
        "outcome": ".scoring",
        "random_game": ".random_play",
        "random_match": ".random_play",
        "after_turn": ".scoring",
        "library": ".compiled",
        "roll": ".game",
        "compiled_rolls_search": ".generation",
        "end_boards_of_rolls": ".generation",
        "generate": ".generation",
        "resolve_rules": ".generation",
        "after_board": ".packed",
        "HEAD_ONLY": ".packed",
        "mover_boards": ".packed",
        "packed_words": ".generation_kernel",
        "Kind": ".scoring",
        "conceded": ".scoring",
        "quick_check": ".turn_check",
        "quick_legs": ".turn_check",
        "quick_turns": ".turn_check",
    },
)

__all__ = [
    "HEAD_ONLY",
    "Game",
    "Kind",
    "Outcome",
    "Position",
    "Step",
    "Turn",
    "TurnCheck",
    "after_board",
    "after_turn",
    "check_turn",
    "compiled_rolls_search",
    "conceded",
    "end_boards_of_rolls",
    "generate",
    "legal_turns",
    "library",
    "max_dice_used",
    "mover_boards",
    "opening_roll",
    "outcome",
    "packed_words",
    "quick_check",
    "quick_legs",
    "quick_turns",
    "random_game",
    "random_match",
    "resolve_rules",
    "roll",
]
