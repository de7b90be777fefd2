"""Replay and validation: every half-turn of a record checked against R1–R12.

``validate(record)`` replays a game from its start (the initial position or
its ``Position`` tag) under its ``Rules`` and returns a :class:`GameReport`:
the findings, and for every half-turn the position before and after with
both pip counts.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import replace

from narde_notation._lazy import publish
from narde_notation.formats import RESULTS, MatchTags, parse_count, parse_score
from narde_notation.model import (
    BAR,
    OFF,
    ROLLS,
    Finding,
    GameRecord,
    HalfTurn,
    Move,
    NotationError,
    PositionError,
    Ruleset,
    RulesetError,
    Side,
    absolute_to_own,
    shown,
)
from narde_notation.replay._conceded import describe as _describe
from narde_notation.replay._conceded import forfeit, resignation
from narde_notation.replay._conceded import side_name as _side
from narde_notation.replay._expansion import expansions
from narde_notation.replay._report import GameReport, TurnReplay
from narde_notation.rules import (
    Game,
    Outcome,
    Position,
    TurnCheck,
    after_board,
    check_turn,
    quick_check,
    quick_turns,
)

__all__ = ["finding_order", "validate"]

#: The highest point of the board (R1); a written point above it is not on it.
_TOP = 24
_STOP = " The replay of this game stops here."


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
    ruleset = Ruleset.coerce(rules)
    report = _Replay(record, ruleset).run()
    if "Numbering" not in record.tags:
        _suggest_numbering(report, ruleset)
    return report


#: the errors that moves written in the other numbering give (record-format.md, "Numbering")
_NUMBERING_CODES = frozenset({"no-checker", "wrong-direction", "dice-mismatch", "closed-point"})


def _suggest_numbering(report: GameReport, rules: Ruleset | None) -> None:
    """A record without a ``Numbering`` tag whose first error is one of Black's
    moves read in Black's own numbering, and which replays without an error
    in absolute numbering: the first error's message says to add the tag
    (issue 28: "no checker on point 12" alone does not say why)."""
    first = next((f for f in report.findings if f.is_error), None)
    if first is None or first.code not in _NUMBERING_CODES:
        return
    turn = next((t for t in report.turns if first in t.findings), None)
    if turn is None or turn.side is not Side.BLACK:
        return
    trial = _Replay(replace(report.record, tags={**report.record.tags, "Numbering": "absolute"}),
                    rules).run()
    if any(f.is_error for f in trial.findings):
        return
    told = replace(first, message=first.message + ' The moves replay without an error in'
                   ' absolute numbering (Black\'s moves in White\'s point numbers): add the tag'
                   ' [Numbering "absolute"].')
    report.findings[report.findings.index(first)] = told
    k = report.turns.index(turn)
    report.turns[k] = turn._replace(findings=tuple(told if f is first else f
                                                   for f in turn.findings))


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

    def _stop(self) -> str:
        """The end of the finding where the replay stops mid-game, naming the first error
        of an earlier half-turn played as written (the position comes from it)."""
        first = next((f for turn in self.report.turns for f in turn.findings if f.is_error), None)
        if first is None:
            return _STOP
        where = f"{first.line}:{first.column}" if first.column else f"line {first.line}"
        return (" The replay of this game stops here; it may follow from the"
                f" {first.code} at {where}, whose moves were played as written.")

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
        self._check_score_reach()
        game = tags.get("Game")
        if game is not None and not parse_count(game):
            self.add("bad-tag", f"Game tag {shown(game)} is not a game number (1, 2, …).",
                     self.tag_line("Game"), 1)
        result = tags.get("Result")
        if result is not None and result.strip() not in RESULTS | {"*"}:
            self.add("bad-tag",
                     f"Result tag {shown(result)} is not one of 1-0, 2-0, 3-0, 0-1, 0-2,"
                     " 0-3, 0-0, *.",
                     self.tag_line("Result"), 1)
        numbering = tags.get("Numbering")
        if numbering is not None and numbering.strip().lower() not in ("own", "absolute"):
            self.add("bad-tag", f"Numbering tag {shown(numbering)} is neither own nor absolute.",
                     self.tag_line("Numbering"), 1)

    def _check_score_reach(self) -> None:
        """A ``Score`` tag at or above the match length: a side that reached
        it has won the match (R10), and no game follows (``bad-tag``)."""
        length, _, score = MatchTags.of(self.record.tags)
        if length is None or score is None or max(score) < length:
            return
        self.add("bad-tag", f"Score tag {shown(self.record.tags['Score'])} in a {length}-point"
                 f" match: a side with {max(score)} has won it (R10), so no game follows.",
                 self.tag_line("Score"), 1)

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
        game = report.game = Game(None if from_initial else pos, rules, first_mover=first)
        push = game.push_half_turn
        over: Outcome | None = None
        half_turns = _before_syntax_error(record)
        _REPLAYED[0] += len(half_turns)
        entries, words = expansions(half_turns, compiled=not absolute
                                     and _REPLAYED[0] > COMPILED_AFTER)
        # the end boards of the half-turns from ply `batch_from` on that the
        # compiled quick reading settled (the rest: quick_check, then check_turn)
        batch_from, batch = 0, quick_turns(pos, words, rules) if words else []
        restarts = _RESTARTS
        findings = self.findings
        add_turn = report.turns.append
        new_turn = tuple.__new__
        black, white = Side.BLACK, Side.WHITE
        to_move = pos.side_to_move  # kept here: every position played gives the move over
        for ply, half in enumerate(half_turns):
            before = len(findings)
            side = half.side
            if over is not None:
                self._game_over(ply, half, pos, over, before)
                break
            if half.unread is not None:  # the moves were not read: the position after is unknown
                report.stopped = True
                break
            if side is not to_move:
                if ply:  # the other side's half-turn is not written (R11: sides alternate)
                    self._left_out(half, pos, rules)
                pos = pos.with_side_to_move(side)
            if half.number is not None:  # N. before White, N... before Black
                turn_offset = self._turn_number(half, ply, turn_offset)
            _, paths, marked, _ = entries[ply]
            if marked and (self._hit_or_bar(half) or self._off_board(half)):
                report.turns.append(TurnReplay(ply, half, pos, None, self._since(before)))
                report.stopped = True
                return
            if ply == 0 and game.is_opening_double(half.dice):
                self.add("opening-double", f"the game's first roll {_roll(half)} is a double:"
                         " the opening roll decides who starts and can never be a double"
                         " (only the `reroll` variant allows it).", half.line, half.column)
            if ply - batch_from < len(batch):
                after = after_board(pos, batch[ply - batch_from])
            else:
                if absolute and side is black:
                    paths = tuple(tuple(p if p == OFF else absolute_to_own(black, p)
                                        for p in path) for path in paths)
                checked = self._quick_or_checked(ply, half, pos, paths, rules, before)
                if checked is None:  # nothing could be applied: the replay stops
                    return
                after = checked
                if restarts and words:  # the compiled reading goes on after this one
                    restarts -= 1
                    batch_from, batch = ply + 1, quick_turns(after, words[ply + 1:], rules)
            add_turn(new_turn(TurnReplay, (ply, half, pos, after,
                     () if len(findings) == before else tuple(findings[before:]))))
            pos = after
            to_move = black if side is white else white
            over = push(half, after)
        # The record ends here: a last-roll reply still due is forfeited (decisions 13).
        report.outcome = game.outcome(final=True)

    def _left_out(self, half: HalfTurn, pos: Position, rules: Ruleset) -> None:
        """``half``'s side plays twice in a row: the other side's half-turn between
        is not written (a ``.mat`` column left empty; programs leave out a pass
        whose roll they do not write).  Read as a pass of unknown roll: an
        ``illegal-pass`` error (R7, R11) when the side to move in ``pos`` has a
        legal move with every one of the 21 rolls, so no roll could have passed;
        silent when some roll leaves it none (decisions H1)."""
        if any(not turns[0].steps for d1, d2, _odds in ROLLS
               if len(turns := pos.legal_turns((d1, d2), rules)) == 1):
            return
        missing = _side(pos.side_to_move)
        self.add("illegal-pass", f"{_side(half.side)} plays twice in a row: {missing}'s"
                 f" half-turn before this one is not written, and {missing} can move with"
                 " every roll, so it cannot have been a pass.", half.line,
                 half.column)

    def _quick_or_checked(self, ply: int, half: HalfTurn, pos: Position,
                          paths: tuple[tuple[int, ...], ...], rules: Ruleset,
                          before: int) -> Position | None:
        """The position after a half-turn: the quick reading's when it shows the
        turn legal (:func:`quick_check`), else :meth:`_checked`'s."""
        dice = half.dice
        quick = quick_check(pos, dice[0], dice[1], paths, rules)
        if type(quick) is tuple:  # the common case: legal, every die used
            return quick[0]  # type: ignore[return-value]  # narrowed above
        if isinstance(quick, TurnCheck) and quick.legal:  # legal with fewer dice (R7)
            return quick.position
        return self._checked(ply, half, pos, paths, rules, before)

    def _game_over(self, ply: int, half: HalfTurn, pos: Position, over: Outcome,
                   before: int) -> None:
        """A half-turn after the end (R11): ``game-over``, and the replay stops."""
        winner = _side(over.winner) if over.winner else "nobody"
        self.add("game-over", f"{_side(half.side)} plays {_roll(half)} after the game has"
                 f" ended ({winner} won)." + self._stop(), half.line, half.column)
        self.report.turns.append(TurnReplay(ply, half, pos, None, self._since(before)))
        self.report.stopped = True

    def _turn_number(self, half: HalfTurn, ply: int, offset: int) -> int:
        """Warn once per jump of the turn numbers (``turn-number``); the offset
        of the numbers from the plies after ``half``."""
        number, expected = half.number, (ply + offset) // 2 + 1
        if number is None or number == expected:
            return offset
        self.add("turn-number", f"turn number {number} where {expected} was expected;"
                 " sides alternate whatever the numbers say.", half.line, half.column)
        return offset + 2 * (number - expected)

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
                findings[-1] = last.located(message=text + self._stop())
            else:
                self.add("dice-mismatch", f"{_roll(half)}: the moves cannot be"
                         " applied." + self._stop(), half.line, half.column)
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
                         " so the move cannot be played." + self._stop(), half.line,
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
                         " no checker can start there." + self._stop(), half.line,
                         move.column or half.column)
            else:
                self.add("wrong-direction", f"{move.text}: point {point} is not on the board"
                         " (1-24); a checker moves from higher to lower points." + self._stop(),
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
        if tag is not None and tag.strip() in RESULTS:
            declared.append((tag.strip(), "the Result tag", self.tag_line("Result"), 1))
        starred = [(where, line, column) for said, where, line, column in (
            (record.result, "the result", record.result_line, record.result_column),
            (tag and tag.strip(), "the Result tag", self.tag_line("Result"), 1)) if said == "*"]
        if (declared and declared[0][1] == "the .mat Wins line"
                and forfeit(self.report, self.add, declared[0])):
            declared = declared[1:]
        if record.resigned and replayed is None and report.outcome is None:
            resignation(self.report, self.record.resigner, self.add, declared)
            return
        replayed = report.outcome
        if replayed is not None:  # `*` says the game goes on: the moves end it (R9)
            for where, line, column in starred:
                self.add("wrong-result", f"{where} says * (not finished), but the moves finish"
                         f" the game: {_describe(replayed)} ({replayed.result_string}).", line,
                         column)
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

    def _finish(self) -> GameReport:
        self.findings.sort(key=finding_order)
        self.report.findings = self.findings
        return self.report


#: Half-turns a process replays before the compiled reading is loaded (its
#: load, about 5 ms, is more than it saves on a few games: a one-game run
#: never pays it), and how many it has replayed.
COMPILED_AFTER = 1000
_REPLAYED = [0]
#: times a game's replay starts the compiled reading again after a half-turn it
#: left to quick_check (a game of many such half-turns pays no call per turn)
_RESTARTS = 64


def _before_syntax_error(record: GameRecord) -> list[HalfTurn]:
    """The half-turns to replay: all of them, or for a game cut short by a
    syntax error those before the first one only.  A half-turn on its line
    is complete when the next one starts before it too (the error may be
    within a half-turn)."""
    half_turns = record.half_turns
    syntax_at = [(f.line, f.column or 0) for f in record.findings
                 if f.code == "syntax" and f.line]
    if not syntax_at:
        return half_turns
    cut = min(syntax_at)
    kept = [half for half in half_turns if half.line < cut[0]]
    for complete, following in itertools.pairwise(half_turns[len(kept):]):
        if (following.line, following.column) >= cut:
            break
        kept.append(complete)
    return kept


@functools.cache
def _initial() -> Position:
    """The start position (R1), made once: positions are immutable values."""
    return Position.initial()


def finding_order(f: Finding) -> tuple[int, int]:
    return (f.line if f.line is not None else 0, f.column if f.column is not None else 0)


def _roll(half: HalfTurn) -> str:
    return f"{half.dice[0]}-{half.dice[1]}"


def _written_bar(move: Move) -> bool:
    """The move names the bar (``bar/20``), not the point 25 (``25/20``)."""
    return BAR in move.path and (not move.text or "bar" in move.text)


publish("narde_notation.replay", validate)
