"""The rules engine's public face: legal turns and turn checking (R3–R8, R11).

Everything works in the **mover's own numbering** (head 24, home 6…1,
``OFF`` = 0 when bearing off) on packed boards (4 bits per own point, see
:mod:`narde_notation.rules.position`).  The engine is one module per concept:

* :mod:`narde_notation.rules.step` — the single-step rule (R3 occupied, R4
  closed, R5 head allowance, R6 block, R8 home and highest point), the one
  place a rule of a step is written;
* :mod:`narde_notation.rules.generation` — :func:`legal_turns` (R7 compulsory
  play over layers of boards);
* :mod:`narde_notation.rules.turn_check` — the quick reading of written moves and
  R7 for a legal reading;
* :mod:`narde_notation.rules.turn_diagnosis` — the search of all readings that names
  the finding of an illegal turn.

:func:`check_turn` tries the quick reading, then the diagnosis; both agree
(``tests/test_differential.py``).  :func:`next_position` is the
validator's hot path: the position after a legal turn, no result object.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from narde_notation.model import ROLL_SPELLINGS, HalfTurn, Ruleset, parse_roll
from narde_notation.rules.generation import (
    Step,
    Turn,
    clear_caches,
    legal_turns,
    max_dice_used,
    resolve_rules,
    set_reader,
)
from narde_notation.rules.turn_check import TurnCheck, quick_check
from narde_notation.rules.turn_diagnosis import diagnose

if TYPE_CHECKING:
    from narde_notation.rules.position import Position

__all__ = [
    "Step",
    "Turn",
    "TurnCheck",
    "check_turn",
    "clear_caches",
    "legal_turns",
    "max_dice_used",
    "next_position",
    "parse_roll",
]

_STANDARD = Ruleset()


def check_turn(
    position: Position,
    dice: tuple[int, int] | str | HalfTurn,
    paths: Sequence[Sequence[int]] | None = None,
    rules: Ruleset | str | None = None,
    *,
    last_roll: bool = False,
    quick: bool = True,
) -> TurnCheck:
    """Check the moves a record wrote for the side to move against R3–R8 and R11.

    ``check_turn(position, "65: 24/18 18/13")`` or ``check_turn(position,
    half_turn)`` checks a :class:`~narde_notation.model.record.HalfTurn` or its
    text (moves in own numbering; its side is not checked against the
    position's side to move); ``check_turn(position, "65", [(24, 18),
    (18, 13)])`` checks a roll and move paths.

    Args:
        position: the position before the half-turn.
        dice: the roll, ``(6, 5)`` or ``"65"``; or, with ``paths`` omitted, a
            half-turn or its text.
        paths: the written moves in the mover's own numbering, repeats
            expanded: ``[(24, 13)]`` for ``24/13``, ``[(24, 18, 13)]`` for
            ``24/18/13``, ``OFF`` (0) for off; ``BAR`` (25) is treated as
            ``no-checker`` (as a source) or ``wrong-direction`` (as a
            destination).  An empty sequence is a pass.
        rules: variants in force; ``None`` = standard.
        last_roll: the ``last-roll-draw`` extra turn (R9): the opponent may
            already have borne off all 15.  Under ``rules.last_roll_draw`` this
            is assumed (the position does not record who moved first, so the
            caller decides whether the reply is due); otherwise a position
            where either side has all 15 off gives ``game-over``.
        quick: try the quick reading of the written moves first (the fast
            path, :mod:`narde_notation.rules.turn_check`).  ``False`` searches
            every reading (:mod:`narde_notation.rules.turn_diagnosis`): the
            same verdict, slower; the differential tests compare the two.

    A reading is a split of every move into single-die steps (a move of one
    die sum, or naming its stops) and any order of the steps; the turn is
    legal when some reading is legal step by step and uses as many dice as
    can be used (R7).  When none is, one finding is returned, the most
    specific, in this precedence (:func:`~narde_notation.rules.turn_diagnosis.diagnose`):
    ``game-over``; ``illegal-pass``; ``wrong-direction``; when no reading is
    legal, ``no-checker`` and ``closed-point`` of a written stop (the moves
    applied as written, in any order), then ``dice-mismatch`` (no split of
    the moves fits the roll), then the rule that stops the reading that
    gets furthest (at equal depth the most specific: ``six-block``,
    ``head-rule``, ``bear-off-higher-point``, ``bear-off-not-home``,
    ``closed-point`` of an unwritten intermediate stop, ``no-checker``);
    when a legal reading uses fewer dice than could be used,
    ``not-max-dice`` / ``not-higher-die``.

    Raises:
        NotationError: a bad roll, a bad half-turn text, or a move that is
            not a sequence of at least two points 0…25.
        TypeError: ``dice`` without ``paths`` is neither a half-turn nor its text.
        RulesetError: ``rules`` is neither a Ruleset nor a ruleset tag.
    """
    if paths is None:
        dice, paths = _half_turn_moves(position, dice)
    try:
        d1, d2 = ROLL_SPELLINGS[dice]
        if type(dice[0]) is bool:  # type: ignore[index]
            raise KeyError(dice)
    except (KeyError, TypeError):
        d1, d2 = parse_roll(dice)  # type: ignore[arg-type]
    if rules is None:
        rules = _STANDARD
    elif type(rules) is not Ruleset:
        rules = resolve_rules(rules)
    if quick and (type(paths) is list or type(paths) is tuple):
        read = quick_check(position, d1, d2, paths, rules)
        if isinstance(read, TurnCheck):
            return read
        if read is not None:  # legal, every die used: (end position, steps)
            return TurnCheck(True, [], read[0], read[1])
    return diagnose(position, d1, d2, paths, rules, last_roll, quick)


def _half_turn_moves(position: Position, half: tuple[int, int] | str | HalfTurn
                     ) -> tuple[tuple[int, int], list[tuple[int, ...]]]:
    """The roll and paths of a half-turn or its text (:func:`check_turn` without ``paths``)."""
    if isinstance(half, str):
        from narde_notation.formats import read_half_turn  # Lark only when text is given

        half = read_half_turn(half, position.side_to_move)
    if not isinstance(half, HalfTurn):
        raise TypeError("check_turn needs the moves: a HalfTurn, its text, or dice and paths")
    return half.dice, list(half.paths())


def next_position(
    position: Position,
    dice: tuple[int, int],
    paths: Sequence[Sequence[int]],
    rules: Ruleset,
) -> Position | None:
    """The position after the written moves when they are plainly a legal turn, else ``None``.

    The validator's hot path: ``dice`` is a read roll (higher die first),
    ``paths`` a list or tuple of tuples in own numbering.  ``None`` means
    "ask :func:`check_turn`" (an illegal turn, a pass, a turn of fewer dice
    whose R7 verdict is not plain, or an unusual way of writing it); a
    position is returned only when :func:`check_turn` would find the turn
    legal with that end position.
    """
    quick = quick_check(position, dice[0], dice[1], paths, rules)
    if type(quick) is tuple:  # legal, every die used: (end position, steps)
        end: Position = quick[0]  # type: ignore[assignment]  # narrowed by the type test
        return end
    if isinstance(quick, TurnCheck) and quick.legal:
        return quick.position
    return None


def _reads_back(position: Position, dice: tuple[int, int], paths: list[tuple[int, ...]],
                end: Position) -> bool:
    """Whether written ``paths`` read back in ``position`` as a legal turn ending
    in ``end`` (under the standard rules: a turn of a variant that fails here is
    written step by step, which reads under any rules)."""
    check = check_turn(position, dice, paths)
    return check.legal and check.position == end


set_reader(_reads_back)  # Turn.written_moves checks its shortest form with the engine
