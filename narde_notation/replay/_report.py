"""The report of one game's replay: :class:`GameReport`, a :class:`TurnReplay` per half-turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from narde_notation._lazy import publish
from narde_notation.model import Finding, GameRecord, HalfTurn, Ruleset, Side, pips_rolled
from narde_notation.rules import Game, Outcome, Position

__all__ = ["GameReport", "TurnReplay"]


class TurnReplay(NamedTuple):
    """One replayed half-turn (an immutable named tuple: cheap to make per half-turn).

    Attributes:
        ply: 0-based index of the half-turn in the record.
        half_turn: the half-turn as written.
        before: the position before it (``before.side_to_move`` is the mover).
        after: the position after the recorded moves, side to move flipped;
            ``None`` when they could not be applied and the replay stopped.
        findings: the findings of this half-turn (errors and warnings).
    """

    ply: int
    half_turn: HalfTurn
    before: Position
    after: Position | None
    findings: tuple[Finding, ...] = ()

    @property
    def side(self) -> Side:
        return self.half_turn.side

    @property
    def pips_after(self) -> tuple[int, int] | None:
        """(white, black) pip counts after the half-turn, ``None`` if not applied."""
        return None if self.after is None else self.after.pip_counts()

    @property
    def pips_rolled(self) -> int:
        """Pips on the dice: d1 + d2, or 4 × d for a double (R3)."""
        return pips_rolled(self.half_turn.dice)

    @property
    def pips_played(self) -> int | None:
        """How much the mover's pip count dropped (a bear-off overage counts only the point)."""
        if self.after is None:
            return None
        return self.before.pip_count(self.side) - self.after.pip_count(self.side)


@dataclass(slots=True)
class GameReport:
    """What the replay of one game found.

    Attributes:
        record: the game as read.
        rules: the ruleset it was replayed under (``Rules`` tag or override).
        start: the start position, ``None`` when the ``Position`` tag is unusable.
        turns: one :class:`TurnReplay` per half-turn that was replayed.
        findings: every finding of the game (reader's included), ordered by
            line and column.
        outcome: winner, points and kind when the game ended, else ``None``.
        stopped: the replay could not go on (a move that cannot be applied).
        first_mover: the side of the first half-turn, ``None`` if none.
        game: the game the replay sequenced (its positions, R9/R11), ``None``
            when it could not start.
    """

    record: GameRecord
    rules: Ruleset
    start: Position | None
    turns: list[TurnReplay] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    outcome: Outcome | None = None
    stopped: bool = False
    first_mover: Side | None = None
    game: Game | None = field(default=None, repr=False, compare=False)

    def __repr__(self) -> str:
        record = self.record
        white = record.white if record.white is not None else "?"
        black = record.black if record.black is not None else "?"
        errors = sum(1 for f in self.findings if f.is_error)
        n = len(record.half_turns)
        return (f"<GameReport {white!r} vs {black!r}, {n} half-turn{'' if n == 1 else 's'}, "
                f"{self.result}, {errors} error{'' if errors == 1 else 's'}>")

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.is_error]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if not f.is_error]

    @property
    def valid(self) -> bool:
        """No error (warnings allowed)."""
        return not any(f.is_error for f in self.findings)

    @property
    def final_position(self) -> Position | None:
        if self.turns:
            return self.turns[-1].after
        return self.start

    def position_at(self, ply: int) -> Position | None:
        """The position after ``ply`` half-turns of the replay: ``position_at(0)``
        is the start, ``position_at(k)`` the position after half-turn ``k - 1``
        (0-based, as :attr:`TurnReplay.ply`), ``position_at(len(turns))`` the
        final one.  ``None`` where the replay did not get there (a start
        position it could not use, a half-turn it could not apply).

        Raises:
            IndexError: ``ply`` outside ``0 … len(turns)``.
        """
        turns = self.turns
        if not 0 <= ply <= len(turns):
            raise IndexError(f"ply {ply} is outside 0…{len(turns)} (half-turns replayed)")
        return self.start if ply == 0 else turns[ply - 1].after

    @property
    def plies_replayed(self) -> int:
        """Half-turns applied one after another from the start: the replay's
        last ply (``position_at(k)`` is a position for every ``k`` up to it)."""
        return max(len(self.positions()) - 1, 0)

    def positions(self) -> list[Position]:
        """The position at each ply the replay reached, from the start:
        ``[position_at(0), …, position_at(plies_replayed)]`` (the positions of
        the :class:`~narde_notation.rules.game.Game` the replay pushed every
        applied half-turn into); empty when the start position or the rules
        could not be used (a ``bad-position`` or ``bad-tag`` finding)."""
        return [] if self.game is None else self.game.positions()

    @property
    def final_pips(self) -> tuple[int, int] | None:
        """(white, black) pip counts after the last replayed half-turn."""
        pos = self.final_position
        return None if pos is None else pos.pip_counts()

    @property
    def result(self) -> str:
        """As replayed: ``"1-0"``, ``"2-0"``, ``"0-0"`` (draw), … or ``"*"`` (not finished)."""
        return "*" if self.outcome is None else self.outcome.result_string

    @property
    def winner(self) -> Side | None:
        return None if self.outcome is None else self.outcome.winner

    @property
    def points(self) -> int:
        return 0 if self.outcome is None else self.outcome.points

    @property
    def kind(self) -> str | None:
        """``"oyn"``, ``"mars"``, ``"koks"``, ``"draw"`` or ``None`` (unfinished)."""
        return None if self.outcome is None else self.outcome.kind

    @property
    def half_turns(self) -> list[HalfTurn]:
        """The half-turns written in the record (passes included), as
        :attr:`GameRecord.half_turns <narde_notation.model.record.GameRecord.half_turns>`;
        :attr:`turns` are those replayed."""
        return self.record.half_turns

    @property
    def half_turn_count(self) -> int:
        """How many half-turns the record writes (passes included)."""
        return len(self.record.half_turns)

    @property
    def ending(self) -> str:
        """How the game ended: ``"bear-off"``, ``"resignation"``, ``"draw"`` or ``"unfinished"``.

        ``"bear-off"``: a side bore off all 15 (R9); ``"draw"``: a last-roll
        draw (R9, ``last-roll-draw``); ``"resignation"``: the record says a
        side resigned (record-format.md, "Resignations"), or the game was
        won before anyone bore off all 15 (a ``.mat`` forfeit, decisions
        F17); ``"unfinished"``: none of these (the record stops early, or the
        replay stopped at an error).
        """
        if self.outcome is not None and self.outcome.kind == "draw":
            return "draw"
        final = self.final_position
        borne_off = final is not None and final.winner is not None
        if self.record.resigned and not borne_off:
            return "resignation"
        if self.outcome is None:
            return "unfinished"
        return "bear-off" if borne_off else "resignation"

    def to_html(self, *, ply: int | None = None, title: str | None = None) -> str:
        """This game as one self-contained HTML viewer page.

        See :func:`narde_notation.show.viewer.game_page` (board, move list, pip
        counts, findings; buttons and arrow keys to step).
        """
        from narde_notation.show import game_page  # page code only when asked

        return game_page(self, ply=ply, title=title)


publish("narde_notation.replay", GameReport, TurnReplay)
