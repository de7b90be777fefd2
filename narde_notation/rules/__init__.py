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

from narde_notation._lazy import lazy_names

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "Position": ".position",
        "Game": ".game",
        "opening_roll": ".game",
        "own_to_absolute": ".position",
        "absolute_to_own": ".position",
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
    },
)
