"""Replay and validation: every half-turn of a record checked against R1–R12.

``validate(record)`` replays a game from its start (the initial position or
its ``Position`` tag) under its ``Rules`` and returns a :class:`GameReport`:
the findings, and for every half-turn the position before and after with
both pip counts.
"""

from __future__ import annotations

import functools
import itertools
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, NamedTuple

from narde_notation.formats.reader import read_games
from narde_notation.model.errors import NotationError, PositionError, RulesetError
from narde_notation.model.findings import Finding
from narde_notation.model.record import (
    BAR,
    OFF,
    GameRecord,
    HalfTurn,
    Move,
    parse_count,
    parse_score,
    pips_rolled,
)
from narde_notation.model.ruleset import Ruleset
from narde_notation.model.safe_text import shown
from narde_notation.model.side import Side
from narde_notation.rules.engine import check_turn
from narde_notation.rules.game import Game
from narde_notation.rules.position import Position, absolute_to_own
from narde_notation.rules.scoring import Kind, Outcome, conceded
from narde_notation.rules.turn_check import TurnCheck, quick_check

__all__ = ["GameReport", "TurnReplay", "validate", "validate_games", "validate_source"]

#: The most points a game can be worth under any rules (koks, R9); a ``.mat``
#: win of more is a forfeit (decisions F17).
_MOST_POINTS = 3
_RESULTS = frozenset({"1-0", "2-0", "3-0", "0-1", "0-2", "0-3", "0-0"})
#: The points of a result token or Result tag, White first.
#: The highest point of the board (R1); a written point above it is not on it.
_TOP = 24
_STOP = " The replay of this game stops here."


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
    """

    record: GameRecord
    rules: Ruleset
    start: Position | None
    turns: list[TurnReplay] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    outcome: Outcome | None = None
    stopped: bool = False
    first_mover: Side | None = None

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
        count = 0
        for turn in self.turns:
            if turn.after is None:
                break
            count += 1
        return count

    def positions(self) -> list[Position]:
        """The position at each ply the replay reached, from the start:
        ``[position_at(0), …, position_at(plies_replayed)]``; empty when the
        start position could not be used (a ``bad-position`` finding)."""
        if self.start is None:
            return []
        reached = self.turns[: self.plies_replayed]
        return [self.start, *(t.after for t in reached if t.after is not None)]

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
    def half_turns(self) -> int:
        """Half-turns written in the record (passes included)."""
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
        from narde_notation.show.viewer import game_page  # page code only when asked

        return game_page(self, ply=ply, title=title)


def validate(record: GameRecord, rules: Ruleset | str | None = None) -> GameReport:
    """Replay ``record`` and report every finding.

    The replay starts from the initial position (R1) or the ``Position``
    tag, under the record's ``Rules`` tag unless ``rules`` overrides it.
    Each half-turn is checked by :func:`narde_notation.rules.engine.check_turn`
    (R3–R8, R11); an illegal half-turn is reported and then applied as
    written when every move is physically possible, otherwise the replay
    stops (rules.md, "Findings").  Format checks: ``bad-tag``,
    ``bad-position``, ``opening-double`` (R2), ``turn-number``, ``hit`` and
    ``bar`` (R4), ``game-over`` (R11), ``wrong-result`` (R9) and
    ``unfinished``.  Match scores across games are checked by
    :func:`validate_games`.

    Args:
        record: a game as read by :func:`narde_notation.formats.reader.read_games`.
        rules: overrides the record's ``Rules`` tag when given: a ruleset or
            a ``Rules`` tag value.

    Returns:
        The :class:`GameReport`.  Never raises on a bad record: every problem
        is a finding.

    Raises:
        narde_notation.model.errors.RulesetError: ``rules`` is not a ruleset.
    """
    return _Replay(record, Ruleset.coerce(rules)).run()


class _Replay:
    """The state of one game's replay (internal)."""

    def __init__(self, record: GameRecord, rules: Ruleset | None) -> None:
        self.record = record
        self.findings: list[Finding] = [
            f.located(file=f.file or record.file, game=record.index) for f in record.findings
        ]
        self.override = rules
        self.report = GameReport(record=record, rules=rules or Ruleset.standard(), start=None)

    # -- findings -----------------------------------------------------------
    def add(self, code: str, message: str, line: int | None, column: int | None = None) -> None:
        self.findings.append(
            Finding(code, message, file=self.record.file, game=self.record.index,
                    line=line, column=column)
        )

    def tag_line(self, name: str) -> int | None:
        return self.record.tag_lines.get(name, self.record.line)

    # -- set-up ---------------------------------------------------------------
    def _rules(self) -> Ruleset | None:
        if self.override is not None:
            return self.override
        tag = self.record.tags.get("Rules")
        if tag is None:
            return Ruleset.standard()
        try:
            return Ruleset.from_tag(tag)
        except RulesetError as exc:
            self.add("bad-tag", f"Rules tag {shown(tag)}: {exc}." + _STOP,
                     self.tag_line("Rules"), 1)
            return None

    def _start(self) -> Position | None:
        tag = self.record.tags.get("Position")
        if tag is None:
            return _initial()
        try:
            return Position.from_string(tag)
        except (NotationError, PositionError) as exc:
            code = "bad-position" if isinstance(exc, PositionError) else "bad-tag"
            problem = str(exc)
        self.add(code, f"Position tag {shown(tag)}: {problem}." + _STOP,
                 self.tag_line("Position"), 1)
        return None

    def _check_tags(self) -> None:
        tags = self.record.tags
        match = tags.get("Match")
        if match is not None and not ((count := parse_count(match)) is not None and count > 0):
            self.add("bad-tag", f"Match tag {shown(match)} is not a number of points.",
                     self.tag_line("Match"), 1)
        score = tags.get("Score")
        if score is not None and parse_score(score) is None:
            self.add("bad-tag", f"Score tag {shown(score)} is not a score like \"1-0\".",
                     self.tag_line("Score"), 1)
        game = tags.get("Game")
        if game is not None and not parse_count(game):
            self.add("bad-tag", f"Game tag {shown(game)} is not a game number (1, 2, …).",
                     self.tag_line("Game"), 1)
        result = tags.get("Result")
        if result is not None and result.strip() not in _RESULTS | {"*"}:
            self.add("bad-tag",
                     f"Result tag {shown(result)} is not one of 1-0, 2-0, 3-0, 0-1, 0-2,"
                     " 0-3, 0-0, *.",
                     self.tag_line("Result"), 1)
        numbering = tags.get("Numbering")
        if numbering is not None and numbering.strip().lower() not in ("own", "absolute"):
            self.add("bad-tag", f"Numbering tag {shown(numbering)} is neither own nor absolute.",
                     self.tag_line("Numbering"), 1)

    # -- the replay -----------------------------------------------------------
    def run(self) -> GameReport:
        record, report = self.record, self.report
        self._check_tags()
        rules = self._rules()
        start = self._start()
        if rules is not None:
            report.rules = rules
        if rules is None or start is None:
            report.stopped = bool(record.half_turns)
            return self._finish()
        half_turns = record.half_turns
        if half_turns:
            report.first_mover = half_turns[0].side
            if start.side_to_move is not half_turns[0].side:
                start = start.with_side_to_move(half_turns[0].side)
        report.start = start
        self._play(start, rules)
        self._check_result()
        return self._finish()

    def _play(self, pos: Position, rules: Ruleset) -> None:
        record, report = self.record, self.report
        absolute = record.numbering == "absolute"
        from_initial = "Position" not in record.tags
        first = report.first_mover
        turn_offset = 1 if first is Side.BLACK else 0
        # The game sequences the end (R9: the last-roll reply, R11: nothing after the end).
        game = Game(pos, rules, first_mover=first)
        push = game.push_half_turn
        over: Outcome | None = None
        half_turns = record.half_turns
        syntax_at = [(f.line, f.column or 0) for f in record.findings
                     if f.code == "syntax" and f.line]
        if syntax_at:
            # A game cut short by a syntax error: replay what stands before the
            # first one only.  A half-turn on its line is complete when the next
            # one starts before it too (the error may be within a half-turn).
            cut = min(syntax_at)
            kept = [half for half in half_turns if half.line < cut[0]]
            for complete, following in itertools.pairwise(half_turns[len(kept):]):
                if (following.line, following.column) >= cut:
                    break
                kept.append(complete)
            half_turns = kept
        findings = self.findings
        turns = report.turns
        add_turn = turns.append
        new_turn = tuple.__new__
        replay = TurnReplay
        reroll = rules.reroll
        black = Side.BLACK
        expanded = _expanded
        white = Side.WHITE
        to_move = pos.side_to_move  # kept here: every position played gives the move over
        for ply, half in enumerate(half_turns):
            before = len(findings)
            side = half.side
            if over is not None:
                self.add("game-over",
                         f"{_side(side)} plays {_roll(half)} after the game has ended"
                         f" ({_side(over.winner) if over.winner else 'nobody'} won)." + _STOP,
                         half.line, half.column)
                report.turns.append(TurnReplay(ply, half, pos, None, self._since(before)))
                report.stopped = True
                break
            if half.unread is not None:  # the moves were not read: the position after is unknown
                report.stopped = True
                break
            if side is not to_move:
                pos = pos.with_side_to_move(side)
            # Turn numbers: N. before White, N... before Black; warn once per jump.
            number = half.number
            if number is not None:
                expected = (ply + turn_offset) // 2 + 1
                if number != expected:
                    self.add("turn-number",
                             f"turn number {number} where {expected} was expected;"
                             " sides alternate whatever the numbers say.",
                             half.line, half.column)
                    turn_offset += 2 * (number - expected)
            moves = half.moves
            entry = expanded.get(id(moves))
            if entry is None or entry[0] is not moves:
                entry = _expand_moves(moves)
            paths, marked = entry[1], entry[2]
            if marked and (self._hit_or_bar(half) or self._off_board(half)):
                report.turns.append(TurnReplay(ply, half, pos, None, self._since(before)))
                report.stopped = True
                return
            if absolute and side is black:
                paths = tuple(tuple(p if p == OFF else absolute_to_own(black, p) for p in path)
                              for path in paths)
            if ply == 0 and from_initial and half.is_double and not reroll:
                self.add("opening-double",
                         f"the game's first roll {_roll(half)} is a double: the opening roll"
                         " decides who starts and can never be a double (only the `reroll`"
                         " variant allows it).", half.line, half.column)
            dice = half.dice
            quick = quick_check(pos, dice[0], dice[1], paths, rules)
            if type(quick) is tuple:  # the common case: legal, every die used
                after: Position | None = quick[0]  # type: ignore[assignment]  # narrowed above
            else:  # legal with fewer dice (R7), or for the engine's full check
                after = quick.position if isinstance(quick, TurnCheck) and quick.legal else None
            if after is None:
                after = self._checked(ply, half, pos, paths, rules, before)
                if after is None:  # nothing could be applied: the replay stops
                    return
            add_turn(new_turn(replay, (ply, half, pos, after,
                     () if len(findings) == before else tuple(findings[before:]))))
            pos = after
            to_move = black if side is white else white
            over = push(half, after)
        # The record ends here: a last-roll reply still due is forfeited (decisions 13).
        report.outcome = game.outcome(final=True)

    def _checked(self, ply: int, half: HalfTurn, pos: Position,
                 paths: tuple[tuple[int, ...], ...], rules: Ruleset,
                 before: int) -> Position | None:
        """A half-turn that is not plainly legal: the engine's findings, located.
        The position after it, or ``None`` when nothing could be applied (the
        half-turn is recorded and the replay marked stopped)."""
        record, report, findings = self.record, self.report, self.findings
        check = check_turn(pos, half.dice, paths, rules)
        for finding in check.findings:
            column = half.column
            if finding.move is not None:
                column = self._path_column(half, finding.move) or column
            findings.append(finding.located(
                file=record.file, game=record.index, line=half.line, column=column))
        after = check.position
        if after is None:
            # Nothing was applied: this half-turn's last finding says the replay stops.
            last = findings[-1] if len(findings) > before else None
            if last is not None:
                text = last.message.rstrip()
                text += "" if text.endswith((".", "!", "?")) else "."
                findings[-1] = last.located(message=text + _STOP)
            else:
                self.add("dice-mismatch", f"{_roll(half)}: the moves cannot be"
                         " applied." + _STOP, half.line, half.column)
            report.turns.append(TurnReplay(ply, half, pos, None, self._since(before)))
            report.stopped = True
        return after

    def _hit_or_bar(self, half: HalfTurn) -> bool:
        """Report ``hit`` and ``bar`` (R4) before any other check; True when the
        half-turn cannot be played (a ``bar`` move)."""
        for move in half.moves:
            if move.hit:
                self.add("hit", f"{move.text or 'a move'} marks a hit (*): Long Narde has no"
                         " hitting; the move is read without it.", half.line,
                         move.column or half.column)
        for move in half.moves:
            if _written_bar(move):
                self.add("bar", f"{move.text or 'a move'} uses the bar: Long Narde has none,"
                         " so the move cannot be played." + _STOP, half.line,
                         move.column or half.column)
                return True
        return False

    def _off_board(self, half: HalfTurn) -> bool:
        """A point written above 24 (``30/24``; or over 24 for Black under
        ``Numbering "absolute"``) is on no board: ``no-checker`` where the
        move starts there, ``wrong-direction`` where it goes there (R3).
        True when found: the half-turn cannot be played."""
        for move in half.moves:
            written = [p for p in move.path if p > _TOP and not (p == BAR and _written_bar(move))]
            if not written:
                continue
            point = written[0]
            if move.path[0] == point:
                self.add("no-checker", f"{move.text}: point {point} is not on the board (1-24),"
                         " no checker can start there." + _STOP, half.line,
                         move.column or half.column)
            else:
                self.add("wrong-direction", f"{move.text}: point {point} is not on the board"
                         " (1-24); a checker moves from higher to lower points." + _STOP,
                         half.line, move.column or half.column)
            return True
        return False

    def _path_column(self, half: HalfTurn, index: int) -> int | None:
        seen = 0
        for move in half.moves:
            seen += move.repeat
            if index < seen:
                return move.column or None
        return None

    def _since(self, before: int) -> tuple[Finding, ...]:
        return () if len(self.findings) == before else tuple(self.findings[before:])

    def _check_result(self) -> None:
        record, report = self.record, self.report
        if report.stopped or record.has_syntax_error:
            return
        replayed = report.outcome
        declared: list[tuple[str, str, int | None, int | None]] = []
        if record.result is not None and record.result != "*":
            where = "the .mat Wins line" if record.format == "mat" else "the result"
            declared.append((shown(record.result, quote=False), where, record.result_line,
                             record.result_column))
        tag = record.tags.get("Result")
        if tag is not None and tag.strip() in _RESULTS:
            declared.append((tag.strip(), "the Result tag", self.tag_line("Result"), 1))
        if declared and declared[0][1] == "the .mat Wins line" and self._forfeit(declared[0]):
            declared = declared[1:]
        if record.resigned and replayed is None and report.outcome is None:
            self._resignation(declared)
            return
        replayed = report.outcome
        for value, where, line, column in declared:
            if replayed is None:
                self.add("wrong-result", f"{where} says {value}, but the game is not over.",
                         line, column)
            elif value != replayed.result_string:
                self.add("wrong-result", f"{where} says {value}, but the replay gives"
                         f" {replayed.result_string} ({_describe(replayed)}).", line, column)
        if replayed is None and not declared and (record.result in (None, "*")):
            line = record.result_line
            if line is None and record.half_turns:
                line = record.half_turns[-1].line
            if line is None:  # a game with no turn (`.mat` `Game N` alone): its first line
                line = record.line
            ending = "with *" if record.result == "*" else "without a result"
            self.add("unfinished", f"the record ends {ending} before the game is over.", line,
                     record.result_column)

    def _forfeit(self, wins: tuple[str, str, int | None, int | None]) -> bool:
        """A ``.mat`` win of more points than any game can be worth (3, koks:
        R9; a claim of 3 under standard rules is a resignation's
        ``wrong-result``, decision F4), such as ``Wins 4016 point``: programs
        write it when a match is forfeited or abandoned (decisions F17).  Read
        as the winner's win of the game, worth what the game gives: the
        replay's outcome when the game is over, else what the loser concedes
        in the last position (:func:`~narde_notation.rules.scoring.conceded`,
        as a resignation), with an ``unfinished`` warning that names the
        forfeit.  Returns False (the line is checked as any result) when the
        points are within a game's value; a forfeit by the side the finished
        replay has losing is ``wrong-result``."""
        value, where, line, column = wins
        report = self.report
        white, black = parse_score(value) or (0, 0)
        most = _MOST_POINTS
        if (white == 0) == (black == 0) or max(white, black) <= most:
            return False
        winner = Side.WHITE if white else Side.BLACK
        replayed, position = report.outcome, report.final_position
        if replayed is not None and replayed.winner is not winner:
            self.add("wrong-result", f"{where} says {value}, but the replay gives"
                     f" {replayed.result_string} ({_describe(replayed)}).", line, column)
            return True
        if replayed is None:
            if position is None:
                return False
            replayed = report.outcome = conceded(position, winner.other, report.rules)
            what = "the game is not over: read as"
        else:
            what = "read as the replay's"
        self.add("unfinished", f"{where} says {value}, more points than a game is worth"
                 f" (at most {most}): a forfeit or points beyond a game's value; {what}"
                 f" {_side(winner)}'s win by {replayed.kind}, {replayed.result_string}.",
                 line, column)
        return True

    def _resignation(self, declared: list[tuple[str, str, int | None, int | None]]) -> None:
        """A game ended by resignation (record-format.md, "Resignations"): the
        declared points must be a win worth no more than the position allows
        (:func:`~narde_notation.rules.scoring.conceded`: oyn, mars, koks);
        ``wrong-result`` otherwise.  The accepted value is the game's outcome."""
        report = self.report
        position = report.final_position
        for value, where, line, column in declared:
            white, black = parse_score(value) or (0, 0)
            if (white == 0) == (black == 0) or position is None:
                self.add("wrong-result", f"{where} says {value}, but a resignation gives the"
                         " other side a win.", line, column)
                continue
            winner = Side.WHITE if white else Side.BLACK
            most = conceded(position, winner.other, report.rules)
            points = white or black
            if points > most.points:
                self.add("wrong-result", f"{where} says {value}, but {_side(winner.other)}"
                         f" resigning here concedes at most {most.points} ({most.kind}).",
                         line, column)
            elif report.outcome is None:
                kind: Kind = ("oyn", "mars", "koks")[points - 1]
                report.outcome = Outcome(winner, points, kind)
            elif report.outcome.result_string != value:
                self.add("wrong-result", f"{where} says {value}, but the game's result says"
                         f" {report.outcome.result_string}.", line, column)

    def _finish(self) -> GameReport:
        self.findings.sort(key=_finding_order)
        self.report.findings = self.findings
        return self.report


#: id(moves) -> (moves, expanded paths, any hit or bar mark): the reader shares
#: the ``moves`` tuple of a half-turn text between its occurrences, so the
#: expansion is computed once per distinct text.  The tuple itself is kept in
#: the entry, so that an id is never taken for a later object's.
_Expansion = tuple[tuple[Move, ...], tuple[tuple[int, ...], ...], bool]
_expanded: dict[int, _Expansion] = {}
_EXPANDED_MAX = 1 << 16


def _expand_moves(moves: tuple[Move, ...]) -> _Expansion:
    paths: list[tuple[int, ...]] = []
    marked = False
    for move in moves:
        if move.hit or max(move.path) >= BAR:  # a hit, the bar, or a point over 24
            marked = True
        if move.repeat == 1:
            paths.append(move.path)
        else:
            paths.extend((move.path,) * move.repeat)
    entry = (moves, tuple(paths), marked)
    if len(_expanded) >= _EXPANDED_MAX:
        _expanded.clear()
    _expanded[id(moves)] = entry
    return entry


@functools.cache
def _initial() -> Position:
    """The start position (R1), made once: positions are immutable values."""
    return Position.initial()


def _finding_order(f: Finding) -> tuple[int, int]:
    return (f.line if f.line is not None else 0, f.column if f.column is not None else 0)


def _side(side: Side | None) -> str:
    return "White" if side is Side.WHITE else "Black"


def _roll(half: HalfTurn) -> str:
    return f"{half.dice[0]}-{half.dice[1]}"


def _describe(out: Outcome) -> str:
    if out.winner is None:
        return "a draw"
    return f"{_side(out.winner)} wins by {out.kind}"


def _written_bar(move: Move) -> bool:
    """The move names the bar (``bar/20``), not the point 25 (``25/20``)."""
    return BAR in move.path and (not move.text or "bar" in move.text)


def validate_games(
    records: Iterable[GameRecord], rules: Ruleset | str | None = None
) -> Iterator[GameReport]:
    """Validate a file's games in order, checking match scores across them.

    Besides :func:`validate` on each game, the ``Score`` tag (or ``.mat``
    score line) of a match game must equal the points of the earlier games
    of the same match in the same stream (same ``Match`` value and players,
    ``Game`` numbers consecutive, game 1 at ``0-0``); otherwise
    ``wrong-result`` (R9, R10) at the ``Score`` tag.  After a game whose
    points are unknown (unfinished, cut short by a syntax error) the next
    games of that match are not checked, so one typo does not condemn the
    rest of the match.
    """
    ruleset = Ruleset.coerce(rules)
    matches: dict[tuple[str, str | None, str | None], tuple[int, int, int]] = {}
    for record in records:
        report = validate(record, ruleset)
        _check_score(report, matches)
        yield report


def _check_score(
    report: GameReport, matches: dict[tuple[str, str | None, str | None], tuple[int, int, int]]
) -> None:
    record = report.record
    tags = record.tags
    match, game = tags.get("Match"), tags.get("Game")
    number = parse_count(game)
    if match is None or number is None:
        return
    key = (match.strip(), record.white, record.black)
    expected: tuple[int, int] | None = None
    if number == 1 and not (record.format == "mat" and key not in matches):
        # a `.mat` file may hold part of a match: its first game's score is
        # taken as given (record-format.md)
        expected = (0, 0)
    elif key in matches and matches[key][0] == number - 1:
        expected = matches[key][1:]
    score = tags.get("Score")
    parsed = parse_score(score)
    line = record.tag_lines.get("Score", record.line)
    said = any(f.code == "wrong-result" and f.line == line for f in report.findings)
    if parsed and expected is not None and not said:  # the reader's check said it already
        written = parsed
        if written != expected:
            finding = Finding(
                "wrong-result",
                f"Score {score!r} before game {number}, but the earlier games of this match"
                f" give {expected[0]}-{expected[1]}.",
                file=record.file, game=record.index, line=line, column=1,
            )
            report.findings.append(finding)
            report.findings.sort(key=_finding_order)
    base = expected if expected is not None else (
        parsed
    )
    if base is None or report.outcome is None or record.has_syntax_error:
        # This game's points are unknown (not finished, cut short, no score):
        # later games of the match cannot be checked against it.
        matches.pop(key, None)
        return
    white, black = base
    if report.outcome is not None and report.outcome.winner is not None:
        if report.outcome.winner is Side.WHITE:
            white += report.outcome.points
        else:
            black += report.outcome.points
    matches[key] = (number, white, black)


def validate_source(
    source: str | os.PathLike[str] | IO[str] | IO[bytes],
    rules: Ruleset | None = None,
    *,
    encoding: str | None = None,
    name: str | None = None,
) -> Iterator[GameReport]:
    """Read and validate every game of a file (path, ``"-"`` for standard input,
    or open file); ``encoding`` and ``name`` as :func:`~narde_notation.formats.reader.read_games`.

    Raises:
        OSError: the file cannot be opened or read.
        LookupError: ``encoding`` is not an encoding Python knows.
    """
    return validate_games(read_games(source, encoding=encoding, name=name), rules)
