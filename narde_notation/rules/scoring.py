"""Scoring a finished game (R9): oyn, mars, koks, and the last-roll draw."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from narde_notation.formats import result_token
from narde_notation.model import Ruleset, Side
from narde_notation.rules.position import Position

__all__ = ["Kind", "Outcome", "after_turn", "conceded", "draw", "outcome"]

Kind = Literal["oyn", "mars", "koks", "draw"]
_POINTS: dict[str, int] = {"oyn": 1, "mars": 2, "koks": 3, "draw": 0}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    Attributes:
        winner: the side that bore off all 15 first, ``None`` for a draw.
        points: 1 (oyn), 2 (mars), 3 (koks), 0 (draw).
        kind: ``"oyn"``, ``"mars"``, ``"koks"`` or ``"draw"``.
    """

    winner: Side | None
    points: int
    kind: Kind

    @property
    def result_string(self) -> str:
        """The result token, White first: ``"2-0"``, ``"0-1"``, ``"0-0"`` (draw)."""
        return result_token(self.winner, self.points)

    def __str__(self) -> str:
        return self.result_string


def draw() -> Outcome:
    """The ``last-roll-draw`` draw (R9): result ``0-0``, no points."""
    return Outcome(None, 0, "draw")


def outcome(position: Position, rules: Ruleset | None = None) -> Outcome | None:
    """The outcome of a finished game, ``None`` while no side has all 15 off.

    R9: the side with all 15 borne off wins 1 point (oyn); 2 (mars) when the
    loser has borne off none; under ``koks``, 3 when the loser has borne off
    none and still has a checker on its own 19…24.

    Last-roll draw: when **both** sides have all 15 off (the validator let the
    second player take its last turn under ``last-roll-draw``, and it bore
    off its last checker), the result is :func:`draw`.  The turn sequencing
    (who moved first, whether the extra turn is due) is
    :class:`~narde_notation.rules.game.Game`'s (through :func:`after_turn`):
    call this after the second player's last turn to get the final outcome;
    called right after the first player finished, it scores that win as if
    no extra turn followed.
    """
    rules = rules or Ruleset.standard()
    white_done = position.borne_off(Side.WHITE) == 15
    black_done = position.borne_off(Side.BLACK) == 15
    if white_done and black_done:
        return draw()
    if not (white_done or black_done):
        return None
    winner = Side.WHITE if white_done else Side.BLACK
    return conceded(position, winner.other, rules)


def conceded(position: Position, loser: Side | str, rules: Ruleset | None = None) -> Outcome:
    """What ``loser`` loses in ``position`` (R9): 1 point (oyn) when it has borne
    off a checker, else 2 (mars), or 3 (koks) under ``koks`` when it also has
    a checker on its own 19…24.  The value of a finished game, and the most a
    resignation can concede (record-format.md, "Resignations").

    Raises:
        TypeError: ``loser`` is not a side (:meth:`Side.coerce`).
    """
    loser = Side.coerce(loser)
    rules = rules or Ruleset.standard()
    if position.borne_off(loser) > 0:
        kind: Kind = "oyn"
    elif rules.koks and any(p >= 19 for p in position.checkers(loser)):
        kind = "koks"
    else:
        kind = "mars"
    return Outcome(loser.other, _POINTS[kind], kind)


def after_turn(
    position: Position, mover: Side, first: Side | None, rules: Ruleset, reply_due: bool
) -> tuple[Outcome | None, bool]:
    """R9 after ``mover`` played a half-turn to ``position``: ``(outcome, reply still due)``.

    ``outcome`` is ``None`` while the game goes on.  Under
    ``last-roll-draw`` the first mover's (``first``) last checker off leaves
    the other side one reply (``reply_due`` True, no outcome yet); after the
    reply, a side that bore off all 15 too makes it a :func:`draw`, else the
    first mover's win stands.  The rule of the end of a game, asked by
    :class:`narde_notation.rules.game.Game` after each half-turn (the
    replay and random play play through a ``Game``).
    """
    if reply_due:  # the reply has been played
        return (draw() if position.winner is mover else outcome(position, rules)), False
    winner = position.winner
    if winner is None:
        return None, False
    if rules.last_roll_draw and winner is first and position.borne_off(winner.other) < 15:
        return None, True
    return outcome(position, rules), False
