"""Rows of the three tables, built as plain column lists.

The per-file work (:mod:`narde_notation.archive.tasks`) runs in worker processes
that never import pandas: it appends to a :class:`TableRows`' lists, and
the calling process makes the frames once (:meth:`TableRows.tables`).
Column meanings: :mod:`narde_notation.archive.frames`; dtypes:
:mod:`narde_notation.archive.schema`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from narde_notation.archive.matches import date_value
from narde_notation.archive.schema import (
    FINDING_COLUMNS,
    GAME_COLUMNS,
    TURN_COLUMNS,
    FileTables,
    roll_counts,
    typed_frame,
)
from narde_notation.formats import parse_count
from narde_notation.model import Finding, GameRecord, Side, parse_roll, pips_rolled

if TYPE_CHECKING:
    from narde_notation.replay import GameReport, TurnReplay
    from narde_notation.rules import Position

__all__ = ["TableRows", "roll_info"]

_WHITE = Side.WHITE
_SIDE_NAME = {Side.WHITE: "white", Side.BLACK: "black"}


def _roll_info(d1: int, d2: int) -> tuple[str, int, int, int]:
    hi, lo = parse_roll((d1, d2))
    return f"{hi}{lo}", hi, lo, pips_rolled((hi, lo))


class _RollTable(dict[tuple[int, int], tuple[str, int, int, int]]):
    """dice as written (either order) -> (roll "65", higher die, lower die, pips rolled)."""

    def __missing__(self, key: tuple[int, int]) -> tuple[str, int, int, int]:
        value = _roll_info(*key)
        self[key] = value
        return value


_ROLL_INFO = _RollTable()


def roll_info(dice: tuple[int, int]) -> tuple[str, int, int, int]:
    """(roll ``"65"``, higher die, lower die, pips rolled) of dice in either order."""
    return _ROLL_INFO[dice]


def _side_name(side: Any) -> str | None:
    return None if side is None else str(side.name_lower)


@dataclass
class TableRows:
    """Column lists of the three tables being built, and the roll counts.

    Attributes:
        want_turns: build the turns rows (else only ``rolls`` is kept).
        games, turns, findings: column name -> list of values.
        rolls, openings: roll counts of valid games (openings left out).
        files, problems, failures: as in :class:`~narde_notation.archive.schema.FileTables`.
    """

    want_turns: bool = True
    games: dict[str, list[Any]] = field(default_factory=lambda: {c: [] for c in GAME_COLUMNS})
    turns: dict[str, list[Any]] = field(default_factory=lambda: {c: [] for c in TURN_COLUMNS})
    findings: dict[str, list[Any]] = field(
        default_factory=lambda: {c: [] for c in FINDING_COLUMNS}
    )
    rolls: Counter[str] = field(default_factory=Counter)
    openings: int = 0
    files: list[str] = field(default_factory=list)
    problems: dict[str, str] = field(default_factory=dict)
    failures: dict[str, str] = field(default_factory=dict)

    def tables(self) -> FileTables:
        """The frames of these column lists (imports pandas)."""
        return FileTables(
            games=typed_frame(self.games, GAME_COLUMNS),
            turns=typed_frame(self.turns, TURN_COLUMNS),
            findings=typed_frame(self.findings, FINDING_COLUMNS),
            files=list(self.files),
            problems=dict(self.problems),
            rolls=roll_counts(self.rolls),
            excluded_openings=self.openings,
            failures=dict(self.failures),
        )

    def extend(self, other: TableRows) -> None:
        """Append ``other``'s rows and counts (files in order)."""
        for mine, theirs in ((self.games, other.games), (self.turns, other.turns),
                             (self.findings, other.findings)):
            for name, values in theirs.items():
                mine[name].extend(values)
        self.rolls.update(other.rolls)
        self.openings += other.openings
        self.files.extend(other.files)
        self.problems.update(other.problems)
        self.failures.update(other.failures)

    @staticmethod
    def merge(parts: Iterable[TableRows]) -> FileTables:
        """One :class:`FileTables` of many files' column lists (frames built once)."""
        total = TableRows()
        for part in parts:
            total.extend(part)
        return total.tables()

    def add_finding(self, f: Finding, file: str, game: int | None) -> None:
        """One findings row (``game`` when the finding has none)."""
        fnd = self.findings
        fnd["file"].append(file)
        fnd["game"].append(f.game if f.game is not None else game)
        fnd["line"].append(f.line)
        fnd["column"].append(f.column)
        fnd["code"].append(f.code)
        fnd["severity"].append(f.severity.value)
        fnd["rule"].append(f.rule)
        fnd["message"].append(f.message)

    def add_game(
        self,
        record: GameRecord,
        report: GameReport | None,
        file: str,
        replay_error: str | None = None,
        rules_tag: str | None = None,
    ) -> None:
        """Append the rows of one game (``report`` None: its replay failed with
        ``replay_error``; the game is then invalid)."""
        findings: list[Finding]
        if report is not None:
            findings = report.findings
            tag = report.rules.to_tag()
        else:
            findings = list(record.findings)
            tag = rules_tag or record.tags.get("Rules", "standard")
        errors = [f for f in findings if f.is_error]
        n_err = len(errors)
        first_error = None
        if errors:
            first_error = min(
                errors, key=lambda f: (f.line if f.line is not None else 0, f.column or 0)
            ).code
        self._add_game_row(record, report, file, tag, (len(findings), n_err, first_error),
                           replay_error)
        for f in findings:
            self.add_finding(f, file, record.index)
        self._add_turn_rows(record, report, file, tag, valid=report is not None and n_err == 0)

    def _add_game_row(self, record: GameRecord, report: GameReport | None, file: str, tag: str,
                      counts: tuple[int, int, str | None], replay_error: str | None) -> None:
        """The games row of :meth:`add_game`; ``counts``: (findings, errors,
        first error's code)."""
        g = self.games
        half_turns = record.half_turns
        n_findings, n_err, first_error = counts
        declared = record.result if record.result is not None else record.tags.get("Result")

        g["file"].append(file)
        g["game"].append(record.index)
        g["line"].append(record.line)
        g["white"].append(record.tags.get("White"))
        g["black"].append(record.tags.get("Black"))
        g["match"].append(parse_count(record.tags.get("Match")))
        g["rules"].append(tag)
        g["declared"].append(declared)
        g["half_turns"].append(len(half_turns))
        g["errors"].append(n_err)
        g["warnings"].append(n_findings - n_err)
        g["first_error"].append(first_error)
        g["replay_error"].append(replay_error)
        g["game_number"].append(parse_count(record.tags.get("Game")))
        g["score"].append(record.tags.get("Score"))
        g["date"].append(record.tags.get("Date"))
        g["played_on"].append(date_value(record.tags.get("Date")))
        if report is None:
            g["first_mover"].append(_side_name(half_turns[0].side) if half_turns else None)
            g["winner"].append(None)
            g["points"].append(0)
            g["kind"].append(None)
            g["ending"].append("unfinished")
            g["result"].append("*")
            g["white_pips"].append(None)
            g["black_pips"].append(None)
            g["valid"].append(False)
            g["stopped"].append(True)
        else:
            outcome = report.outcome
            g["first_mover"].append(_side_name(report.first_mover))
            g["winner"].append(None if outcome is None else _side_name(outcome.winner))
            g["points"].append(0 if outcome is None else outcome.points)
            g["kind"].append(None if outcome is None else outcome.kind)
            g["ending"].append(report.ending)
            g["result"].append(report.result)
            fp = report.final_pips
            g["white_pips"].append(None if fp is None else fp[0])
            g["black_pips"].append(None if fp is None else fp[1])
            g["valid"].append(n_err == 0 and replay_error is None)
            g["stopped"].append(report.stopped)

    def _add_turn_rows(self, record: GameRecord, report: GameReport | None, file: str, tag: str,
                       *, valid: bool) -> None:
        """The turns rows of :meth:`add_game` and its roll counts (``valid``:
        replayed without errors)."""
        t = self.turns
        index = record.index
        half_turns = record.half_turns
        # turn rows: the columns that need only the record, one comprehension each
        n = len(half_turns)
        if not n:
            return
        info = [_ROLL_INFO[ht.dice] for ht in half_turns]
        has_opening = "Position" not in record.tags and "reroll" not in tag.split(",")
        if valid:  # dice fairness: valid games only
            self.rolls.update([x[0] for x in (info[1:] if has_opening else info)])
            self.openings += has_opening
        if not self.want_turns:
            return
        t["file"].extend([file] * n)
        t["game"].extend([index] * n)
        t["ply"].extend(range(1, n + 1))  # the K-th half-turn, counted from 1
        t["side"].extend([_SIDE_NAME[ht.side] for ht in half_turns])
        names = {Side.WHITE: record.tags.get("White"), Side.BLACK: record.tags.get("Black")}
        t["player"].extend([names[ht.side] for ht in half_turns])
        t["roll"].extend([x[0] for x in info])
        t["die1"].extend([x[1] for x in info])
        t["die2"].extend([x[2] for x in info])
        t["pips_rolled"].extend([x[3] for x in info])
        t["moves"].extend(
            [" ".join([m.text or str(m) for m in ht.moves]) for ht in half_turns]
        )
        opening = t["opening"]
        opening.extend([False] * n)
        if has_opening:
            opening[-n] = True

        # the columns that need the replay
        replays = report.turns if report is not None else []
        t_codes = t["codes"]
        t_codes.extend(
            [",".join(sorted({f.code for f in tr.findings})) if tr.findings else ""
             for tr in replays]
        )
        pip_rows = _pip_rows(record, replays)
        t_wp, t_bp = t["white_pips"], t["black_pips"]
        t_played, t_lost = t["pips_played"], t["pips_lost"]
        t_wp.extend([r[0] for r in pip_rows])
        t_bp.extend([r[1] for r in pip_rows])
        t_played.extend([r[2] for r in pip_rows])
        t_lost.extend([r[3] for r in pip_rows])
        rest = n - len(replays)
        if rest > 0:
            t_codes.extend([""] * rest)
            for col in (t_wp, t_bp, t_played, t_lost):
                col.extend([None] * rest)
        t["replayed"].extend([True] * (n - rest) + [False] * rest)


_PipRow = tuple[int | None, int | None, int | None, int | None]
_NO_PIPS: _PipRow = (None, None, None, None)


def _pip_rows(record: GameRecord, replays: Sequence[TurnReplay]) -> list[_PipRow]:
    """(white pips, black pips, pips played, pips lost) after each replayed half-turn.

    Fast path: a move applied as written drops its mover's pip count by
    ``first point - last point`` of its path in the mover's own numbering
    (``off`` = 0, so a bear-off counts only the point), the opponent's count
    never changes (no hitting, R4).  The running counts are checked against
    the position after the last applied half-turn; on any disagreement (or
    ``absolute`` numbering) every count is taken from the positions instead.
    """
    if not replays:
        return []
    rows: list[_PipRow] = []
    if record.numbering == "own":
        w, b = replays[0].before.pip_counts()
        last_after: Position | None = None
        ok = True
        for tr in replays:
            after = tr.after
            if after is None:
                rows.append(_NO_PIPS)
                rows.extend([_NO_PIPS] * (len(replays) - len(rows)))
                break
            ht = tr.half_turn
            played = 0
            for path in ht.paths():
                if path[0] > 24 or path[-1] > 24:  # bar: cannot be applied
                    ok = False
                    break
                played += path[0] - path[-1]
            if ht.side is _WHITE:
                w -= played
            else:
                b -= played
            rows.append((w, b, played, _ROLL_INFO[ht.dice][3] - played))
            last_after = after
        if ok and last_after is not None and last_after.pip_counts() == (w, b):
            return rows
        if ok and last_after is None and all(r is _NO_PIPS for r in rows):
            return rows
        rows = []
    # slow path: from the positions
    prev: tuple[int, int] | None = None
    for tr in replays:
        after = tr.after
        if after is None:
            rows.append(_NO_PIPS)
            prev = None
            continue
        if prev is None:
            prev = tr.before.pip_counts()
        pips = after.pip_counts()
        played = prev[0] - pips[0] if tr.half_turn.side is _WHITE else prev[1] - pips[1]
        rows.append((pips[0], pips[1], played, _ROLL_INFO[tr.half_turn.dice][3] - played))
        prev = pips
    return rows
