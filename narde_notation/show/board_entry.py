"""A half-turn entered on a board, step by step: where a checker may go, why not.

The analysis board (:mod:`narde_notation.show.board_app`) lets a player
move one checker at a time.  :class:`TurnEntry` answers it from the rules
engine's public face alone (:func:`~narde_notation.rules.engine.check_turn`,
:func:`~narde_notation.rules.engine.legal_turns`): a sequence of steps is
*playable* when it is legal step by step (R3–R6, R8) and can still be
completed into a turn that plays as many dice as can be played (R7); the
half-turn is *complete* when the steps are a legal turn (no more dice can
be played).  A click on a checker marks every point it may reach this turn,
combined moves included (:meth:`TurnEntry.reach`); a refused move names the
finding and its rule (:meth:`TurnEntry.refusal`).

Points here are **absolute** (White's numbering, the board's
``data-point``), ``0`` for off; the engine works in the mover's own
numbering and the conversion happens here only.  Messages are the engine's:
they name points in the mover's own numbering, as records do.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from narde_notation.model import CODES, absolute_to_own, own_to_absolute, parse_roll
from narde_notation.rules import Turn, check_turn, legal_turns

if TYPE_CHECKING:
    from narde_notation.model import Ruleset
    from narde_notation.rules import Position, TurnCheck

__all__ = ["Refusal", "TurnEntry"]

#: the findings of a legal reading that plays too few dice (R7): the steps so
#: far are legal, the turn is not finished (or cannot be finished).
_SHORT = frozenset({"not-max-dice", "not-higher-die"})

#: a step: (from, to), absolute points, 0 = off
Step = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move is refused: a finding code of rules.md, its rule (R-id) and a sentence."""

    code: str
    rule: str | None
    message: str

    def to_dict(self) -> dict[str, str | None]:
        """``{"code", "rule", "message"}`` (JSON-ready)."""
        return {"code": self.code, "rule": self.rule, "message": self.message}


def _refusal(code: str, message: str) -> Refusal:
    return Refusal(code, CODES[code][1], message)


class TurnEntry:
    """The half-turn of ``position``'s side to move for ``dice``, entered step by step.

    Args:
        position: the position before the half-turn.
        dice: the roll, ``(6, 5)`` or ``"65"``.
        rules: the variants in force (``None`` = standard).

    Raises:
        NotationError: a bad roll.

    Every check is cached for the entry's life: one entry serves one request.
    """

    def __init__(self, position: Position, dice: tuple[int, int] | str,
                 rules: Ruleset | str | None = None) -> None:
        self.position = position
        self.dice = parse_roll(dice)
        self.rules = rules
        self.mover = position.side_to_move
        d1, d2 = self.dice
        self._all_dice = Counter([d1] * 4 if d1 == d2 else [d1, d2])
        self._checks: dict[tuple[Step, ...], TurnCheck] = {}
        self._open: dict[tuple[object, tuple[int, ...]], bool] = {}
        self._turns: list[Turn] | None = None

    # ------------------------------------------------------------ the engine
    def _own(self, point: int) -> int:
        return absolute_to_own(self.mover, point)

    def _check(self, steps: tuple[Step, ...]) -> TurnCheck:
        got = self._checks.get(steps)
        if got is None:
            paths = [(self._own(a), self._own(b)) for a, b in steps]
            got = self._checks[steps] = check_turn(self.position, self.dice, paths, self.rules)
        return got

    def legal_turns(self) -> list[Turn]:
        """The legal turns of the roll (R3–R8, R7), as the engine lists them."""
        if self._turns is None:
            self._turns = legal_turns(self.position, self.dice, self.rules)
        return self._turns

    def max_dice(self) -> int:
        """How many dice a legal turn plays (R7)."""
        return max((t.dice_used for t in self.legal_turns()), default=0)

    def _dice(self, steps: tuple[Step, ...]) -> Counter[int] | None:
        """The dice left after ``steps`` read one die a step, or ``None`` when a step is
        not one die left.  A step to a point uses its distance; a bear-off the
        smallest die left, after those, that bears the checker off (a player's
        usual intent, and a ranked turn's ``6/off`` with 6-1 still plays the 1
        elsewhere; the engine itself would read ``2/off`` with 2-1 as 2/1/off)."""
        left = Counter(self._all_dice)
        for a, b in steps:
            if b != 0:
                die = self._own(a) - self._own(b)
                if not left[die]:
                    return None
                left[die] -= 1
        for a, b in steps:
            if b == 0:
                own = self._own(a)
                dice = sorted(d for d in left if left[d] and d >= own)
                if not dice:
                    return None
                left[dice[0]] -= 1
        return +left

    def _left(self, steps: tuple[Step, ...]) -> list[int]:
        """The dice left after the playable ``steps``, distinct, higher first."""
        return sorted(set(self.dice_left(steps)), reverse=True)

    def _next_steps(self, steps: tuple[Step, ...]) -> list[Step]:
        """Single steps to try after the playable ``steps``: every checker of the
        mover by every die left (absolute points)."""
        out: list[Step] = []
        for own in self.after(steps).checkers(self.mover):
            for d in self._left(steps):
                to = own - d if own > d else 0
                out.append((own_to_absolute(self.mover, own), own_to_absolute(self.mover, to)))
        return out

    # ------------------------------------------------------------ answers
    def complete(self, steps: tuple[Step, ...]) -> bool:
        """``steps`` are a legal turn: one die a step, as many dice as can be played (R7)."""
        if self._dice(steps) is None or len(steps) != self.max_dice():
            return False
        return self._check(steps).legal

    def playable(self, steps: tuple[Step, ...]) -> bool:
        """``steps`` (one die each) are legal so far and can be completed into a legal turn."""
        if self._dice(steps) is None or len(steps) > self.max_dice():
            return False
        if len(steps) == self.max_dice():
            return self.complete(steps)
        if steps:
            check = self._check(steps)
            # legal so far: a legal reading playing too few dice (or, for a bear-off
            # the engine reads as a combined move, a legal turn already)
            if check.position is None or not (check.legal
                                              or check.findings[0].code in _SHORT):
                return False
        key = (self.after(steps), tuple(self.dice_left(steps)))
        known = self._open.get(key)
        if known is None:
            self._open[key] = False  # no cycle: every step moves a checker forward
            known = any(self.playable((*steps, s)) for s in self._next_steps(steps))
            self._open[key] = known
        return known

    def turn(self, steps: tuple[Step, ...]) -> Turn:
        """The legal turn the complete ``steps`` make: the engine's turn with their end
        position (:meth:`legal_turns`), for its text in the record.

        Raises:
            ValueError: ``steps`` are not complete.
        """
        if not self.complete(steps):
            raise ValueError("the half-turn is not complete")
        end = self._check(steps).position if steps else None
        for turn in self.legal_turns():
            if end is None or turn.position == end:
                return turn
        # the same checkers whatever the flags: the engine's reading of the steps
        check = self._check(steps)
        assert check.position is not None and check.steps is not None
        return Turn(check.steps, check.position, self.dice)

    def after(self, steps: tuple[Step, ...]) -> Position:
        """The position after ``steps``, the mover still to move (steps physically possible).

        Raises:
            ValueError: a step that cannot be applied (no checker, a closed point).
        """
        if not steps:
            return self.position
        check = self._check(steps)
        if check.position is None:
            raise ValueError("the steps cannot be applied")
        return check.position.with_side_to_move(self.mover)

    def dice_left(self, steps: tuple[Step, ...]) -> list[int]:
        """The dice not played yet after ``steps`` (a double's repeated), higher first;
        empty when a step is not one die left."""
        left = self._dice(steps)
        return [] if left is None else sorted(left.elements(), reverse=True)

    def reach(self, steps: tuple[Step, ...]) -> dict[int, dict[int, list[Step]]]:
        """After the playable ``steps``: for each point the mover may move a checker
        from, the points it may reach this turn (0 = off), each with the single
        steps that take it there (one die each; a combined move has several)."""
        out: dict[int, dict[int, list[Step]]] = {}
        if self.complete(steps):
            return out
        starts = sorted({a for a, _b in self._next_steps(steps)})
        for start in starts:
            targets: dict[int, list[Step]] = {}
            frontier: list[list[Step]] = [[]]
            while frontier:
                path = frontier.pop(0)
                here = path[-1][1] if path else start
                tried = (*steps, *path)
                for a, b in self._next_steps(tried):
                    if a != here or b in targets:
                        continue
                    chain = [*path, (a, b)]
                    if self.playable((*tried, (a, b))):
                        targets[b] = chain
                        if b != 0 and not self.complete((*tried, (a, b))):
                            frontier.append(chain)
            if targets:
                out[start] = targets
        return out

    def refusal(self, steps: tuple[Step, ...], point: int, to: int | None = None) -> Refusal:
        """Why the checker on absolute ``point`` may not move (``to`` None: by any die
        left) or may not move to ``to`` (0 = off), after the playable ``steps``."""
        before = self.after(steps)
        side = self.mover.name_lower.capitalize()
        own = self._own(point)
        if not 1 <= point <= 24 or before.count_at(self.mover, own) == 0:
            other = self.mover.other
            if 1 <= point <= 24 and before.count_at(other, absolute_to_own(other, point)):
                return _refusal("no-checker", f"that is {other.name_lower.capitalize()}'s"
                                              f" checker: {side} is to move")
            return _refusal("no-checker", f"{side} has no checker on point {own}")
        tries = ([(point, to)] if to is not None else
                 [s for s in self._next_steps(steps) if s[0] == point])
        short: Refusal | None = None
        for step in tries:
            check = self._check((*steps, step))
            if check.legal:
                continue
            finding = check.findings[0]
            if finding.code not in _SHORT:
                return _refusal(finding.code, finding.message)
            if short is None:
                text = f"{own}/{self._own(step[1]) or 'off'}"
                short = _refusal(finding.code, f"{text} leaves the rest of the roll unplayable:"
                                 f" {self.max_dice()} dice of {self.dice[0]}{self.dice[1]}"
                                 " can be played, so they must be")
        if short is not None:
            return short
        return _refusal("dice-mismatch", "no die left moves this checker")
