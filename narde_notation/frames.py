"""Tidy pandas tables of game archives, and their summary.

Data flow: files → :func:`narde_notation.reader.read_games` → records →
:func:`narde_notation.validate.validate` → :class:`GameReport` → the rows
here.  Nothing upstream imports this module.

The unit of work is :func:`per_file`: a pure function of one path that
returns the three tables of that file (:class:`FileTables`).
:func:`tables` runs it over many files in a local process pool
(:func:`iter_tables`) or on a Dask cluster (:func:`iter_tables_dask`,
``narde-stats --scheduler``).  Concatenating the per-file tables in the
order of :func:`expand_paths` (:meth:`FileTables.concat`) gives the same
frames whichever way they were computed.  :func:`summary` turns them into a
:class:`Summary`.  (Inside, the pool and the cluster run the same per-file
work as plain column lists, merged into frames once in the calling process:
the workers never import pandas, and this module imports it on first use.)

Replays use :func:`narde_notation.validate.validate_games` (the match-score
checks across a file's games included), so the findings are the ones
``narde-validate`` reports.  A replay that raises (an internal problem, not
bad input) marks its game (``replay_error``) and the file goes on.

Tables (one row per observation, stable column names and dtypes):

``games`` — one row per game read (:data:`GAME_COLUMNS`):

=============  ==========  ==================================================
column         dtype       meaning
=============  ==========  ==================================================
file           str         path as given/expanded
game           int64       0-based index of the game in its file
line           int64       line of the game's first tag or turn
white, black   str / NA    player names (``White``/``Black`` tags, ``.mat``)
match          Int64       match length in points (``Match`` tag), NA if none
                           or unreadable
rules          str         ruleset tag the game was replayed under
                           (``"standard"``, ``"koks,reroll"``, …)
first_mover    str / NA    ``"white"`` / ``"black"``: side of the first
                           half-turn
winner         str / NA    ``"white"`` / ``"black"``; NA for a draw or an
                           unfinished game
points         int64       points won (0 for draw / unfinished)
kind           category    ``oyn``, ``mars``, ``koks``, ``draw``; NA when
                           unfinished.  Exclusive: a koks game is not also
                           counted as mars.
result         str         as replayed: ``"1-0"``, ``"0-2"``, ``"0-0"``,
                           ``"*"`` (not finished)
declared       str / NA    the result the record declares (result token, else
                           ``Result`` tag)
half_turns     int64       half-turns written in the record (passes included)
white_pips,    Int64       pip counts after the last replayed half-turn
black_pips                 (pips: each side in its own numbering, borne-off
                           checkers 0); NA when there is no position
errors,        int64       number of error / warning findings of the game
warnings                   (reader's findings included)
valid          bool        no error (warnings allowed)
first_error    str / NA    code of the first error (by line, column)
stopped        bool        the replay could not go on (see validate)
replay_error   str / NA    the replay itself failed (an internal problem,
                           reported here instead of raised); the game then
                           counts as invalid
game_number    Int64       ``Game`` tag (number in its match), NA if none
score, date    str / NA    ``Score`` and ``Date`` tags as written
                           (:mod:`narde_notation.matches` groups matches)
=============  ==========  ==================================================

``turns`` — one row per half-turn written (:data:`TURN_COLUMNS`):

=============  ==========  ==================================================
file, game     str, int64  as in ``games``
ply            int64       0-based index of the half-turn in the game
side           str         ``"white"`` / ``"black"``: the mover
roll           str         the dice, higher first: ``"65"``, ``"33"``
die1, die2     int64       the dice, higher first
moves          str         the moves as written, space-separated; ``""`` for
                           a pass
white_pips,    Int64       pip counts after the half-turn; NA when it was not
black_pips                 replayed (the replay stopped before or at it)
pips_rolled    int64       d1 + d2, or 4 × d for a double
pips_played    Int64       how much the mover's pip count dropped; NA when not
                           replayed
pips_lost      Int64       ``pips_rolled - pips_played``: rolled but not
                           played.  A pass loses all its pips; a bear-off
                           with a higher die than the point loses the
                           overage.  Negative only for an illegal half-turn
                           applied as written that moved more than rolled.
codes          str         comma-joined finding codes of the half-turn
                           (sorted, distinct), ``""`` if none
replayed       bool        the replay reached this half-turn
opening        bool        the game's first half-turn from the initial
                           position under rules without ``reroll`` (R2):
                           that roll cannot be a double, so dice fairness
                           leaves it out
=============  ==========  ==================================================

``findings`` — one row per finding (:data:`FINDING_COLUMNS`): file (str),
game (Int64, NA for a file-level finding), line, column (Int64, 1-based),
code (str, rules.md table), severity (``"error"``/``"warning"``), rule
(str R-id or NA), message (str).

Paths: every function taking ``paths`` accepts a path, a folder (searched
recursively for ``*.txt``, ``*.mat``, ``*.nrd``) or a glob pattern, or an
iterable of them.
"""

from __future__ import annotations

import functools
import math
import os
import socket
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from narde_notation.findings import Finding
from narde_notation.record import OFF, GameRecord, Move
from narde_notation.side import Side
from narde_notation.sources import RECORD_SUFFIXES, record_files

if TYPE_CHECKING:
    import pandas as pd

    from narde_notation.position import Position
    from narde_notation.ruleset import Ruleset
    from narde_notation.validate import GameReport, TurnReplay

__all__ = [
    "EXTENSIONS",
    "FINDING_COLUMNS",
    "GAME_COLUMNS",
    "KINDS",
    "ROLLS",
    "TURN_COLUMNS",
    "DiceFairness",
    "FileTables",
    "Summary",
    "chisquare_test",
    "clopper_pearson",
    "dice_fairness",
    "dice_from_counts",
    "expand_paths",
    "file_table",
    "findings_frame",
    "games_frame",
    "iter_tables",
    "iter_tables_dask",
    "per_file",
    "player_table",
    "summary",
    "tables",
    "tables_from_records",
    "turns_frame",
]

class _LazyPandas:
    """``pd``, imported on first use: the per-file workers build plain column
    lists and never need pandas, so a process pool forked before pandas is
    imported starts at once, while the parent imports it meanwhile."""

    def __getattr__(self, name: str) -> Any:
        import pandas

        globals()["pd"] = pandas
        return getattr(pandas, name)


if not TYPE_CHECKING:
    pd = _LazyPandas()

_WHITE, _BLACK = Side.WHITE, Side.BLACK
_SIDE_NAME = {Side.WHITE: "white", Side.BLACK: "black"}


def _roll_info(d1: int, d2: int) -> tuple[str, int, int, int]:
    hi, lo = max(d1, d2), min(d1, d2)
    return f"{hi}{lo}", hi, lo, 4 * hi if hi == lo else hi + lo


class _RollTable(dict[tuple[int, int], tuple[str, int, int, int]]):
    """dice as written (either order) -> (roll "65", higher die, lower die, pips rolled)."""

    def __missing__(self, key: tuple[int, int]) -> tuple[str, int, int, int]:
        value = _roll_info(*key)
        self[key] = value
        return value


_ROLL_INFO = _RollTable()

#: File name endings read when a folder is given.
EXTENSIONS = RECORD_SUFFIXES
#: Categories of ``games.kind``, in order of points.
KINDS = ("oyn", "mars", "koks", "draw")
_FACES = tuple(range(1, 7))
#: The 21 distinct rolls, higher die first: "11", "21", "22", …, "66".
ROLLS = tuple(f"{a}{b}" for a in range(1, 7) for b in range(1, a + 1))

GAME_COLUMNS: dict[str, str] = {
    "file": "str",
    "game": "int64",
    "line": "int64",
    "white": "str",
    "black": "str",
    "match": "Int64",
    "rules": "str",
    "first_mover": "str",
    "winner": "str",
    "points": "int64",
    "kind": "category",
    "result": "str",
    "declared": "str",
    "half_turns": "int64",
    "white_pips": "Int64",
    "black_pips": "Int64",
    "errors": "int64",
    "warnings": "int64",
    "valid": "bool",
    "first_error": "str",
    "stopped": "bool",
    "replay_error": "str",
    "game_number": "Int64",
    "score": "str",
    "date": "str",
}
TURN_COLUMNS: dict[str, str] = {
    "file": "str",
    "game": "int64",
    "ply": "int64",
    "side": "str",
    "roll": "str",
    "die1": "int64",
    "die2": "int64",
    "moves": "str",
    "white_pips": "Int64",
    "black_pips": "Int64",
    "pips_rolled": "int64",
    "pips_played": "Int64",
    "pips_lost": "Int64",
    "codes": "str",
    "replayed": "bool",
    "opening": "bool",
}
FINDING_COLUMNS: dict[str, str] = {
    "file": "str",
    "game": "Int64",
    "line": "Int64",
    "column": "Int64",
    "code": "str",
    "severity": "str",
    "rule": "str",
    "message": "str",
}

PathsLike = str | os.PathLike[str] | Iterable[str | os.PathLike[str]]


# --------------------------------------------------------------------------- paths


def expand_paths(paths: PathsLike) -> list[str]:
    """Expand files, folders (recursive :data:`EXTENSIONS`) and globs into a
    de-duplicated file list, in argument order (each folder or glob sorted).

    Raises:
        FileNotFoundError: a path that is neither a file, a folder, nor a glob
            matching something; its ``filename`` is the path.
    """
    return record_files(paths)


# --------------------------------------------------------------------------- per file


@dataclass
class FileTables:
    """The three tables of one file (or of many, concatenated).

    Attributes:
        games, turns, findings: frames with :data:`GAME_COLUMNS`,
            :data:`TURN_COLUMNS`, :data:`FINDING_COLUMNS`.
        files: the files read, in order.
        problems: files that could not be read, or not to the end: path ->
            the reason (the OS error's text; or ``"reader failed after N
            games: …"`` should the reader raise, the games before kept).
        rolls: counts of the 21 rolls (index :data:`ROLLS`, int64) over the
            valid games' half-turns, opening rolls left out — what dice
            fairness needs, kept even when ``turns`` was not built
            (``per_file(..., turns=False)``); ``None`` when unknown.
        excluded_openings: opening rolls left out of ``rolls``.
    """

    games: pd.DataFrame
    turns: pd.DataFrame
    findings: pd.DataFrame
    files: list[str] = field(default_factory=list)
    problems: dict[str, str] = field(default_factory=dict)
    rolls: pd.Series | None = None
    excluded_openings: int = 0

    @staticmethod
    def concat(parts: Sequence[FileTables]) -> FileTables:
        """Concatenate per-file tables in the given order (dtypes kept)."""
        if not parts:
            return _empty_tables()

        def cat(frames: list[pd.DataFrame], columns: dict[str, str]) -> pd.DataFrame:
            frames = [f for f in frames if len(f)]
            if not frames:
                return _typed({key: [] for key in columns}, columns)
            if len(frames) == 1:
                return frames[0].reset_index(drop=True)
            out = pd.concat(frames, ignore_index=True)
            return _retype(out, columns)

        problems: dict[str, str] = {}
        files: list[str] = []
        for p in parts:
            problems.update(p.problems)
            files.extend(p.files)
        rolls: pd.Series | None = _roll_series(0)
        for p in parts:
            rolls = None if p.rolls is None or rolls is None else rolls + p.rolls
        return FileTables(
            games=cat([p.games for p in parts], GAME_COLUMNS),
            turns=cat([p.turns for p in parts], TURN_COLUMNS),
            findings=cat([p.findings for p in parts], FINDING_COLUMNS),
            files=files,
            problems=problems,
            rolls=rolls,
            excluded_openings=sum(p.excluded_openings for p in parts),
        )


def _retype(frame: pd.DataFrame, columns: dict[str, str]) -> pd.DataFrame:
    for name, dtype in columns.items():
        if dtype == "category" and name == "kind":
            frame[name] = pd.Categorical(frame[name], categories=list(KINDS))
        elif str(frame[name].dtype) != dtype and dtype != "str":
            frame[name] = frame[name].astype(dtype)  # type: ignore[call-overload]
    return frame


@functools.cache
def _empty_frame(columns: tuple[tuple[str, str], ...]) -> pd.DataFrame:
    return _build({c: [] for c, _ in columns}, dict(columns))


def _typed(data: dict[str, list[Any]], columns: dict[str, str]) -> pd.DataFrame:
    """A frame of the column lists with the documented dtypes."""
    if not data[next(iter(columns))]:  # no rows: a copy of the cached empty frame
        return _empty_frame(tuple(columns.items())).copy()
    return _build(data, columns)


def _build(data: dict[str, list[Any]], columns: dict[str, str]) -> pd.DataFrame:
    out: dict[str, Any] = {}
    for name, dtype in columns.items():
        values = data[name]
        if dtype == "category":
            out[name] = pd.Categorical(values, categories=list(KINDS))
        elif dtype == "str":
            out[name] = pd.array(values, dtype="str")
        else:
            out[name] = pd.array(values, dtype=dtype)  # type: ignore[call-overload]
    return pd.DataFrame(out)


def _empty_tables() -> FileTables:
    return FileTables(
        games=_typed({key: [] for key in GAME_COLUMNS}, GAME_COLUMNS),
        turns=_typed({key: [] for key in TURN_COLUMNS}, TURN_COLUMNS),
        findings=_typed({key: [] for key in FINDING_COLUMNS}, FINDING_COLUMNS),
    )


def _move_text(move: Move) -> str:
    if move.text:
        return move.text
    path = "/".join("off" if p == OFF else ("bar" if p == 25 else str(p)) for p in move.path)
    return f"{path}({move.repeat})" if move.repeat > 1 else path


def _parse_int(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        return None


def _side_name(side: Any) -> str | None:
    return None if side is None else str(side.name_lower)


def _ruleset_from_tag(tag: str | None) -> Ruleset | None:
    if tag is None:
        return None
    from narde_notation.ruleset import Ruleset

    return Ruleset.from_tag(tag)


@dataclass
class _Acc:
    """Column lists of the three tables being built, and the roll counts."""

    want_turns: bool = True
    g: dict[str, list[Any]] = field(default_factory=lambda: {c: [] for c in GAME_COLUMNS})
    t: dict[str, list[Any]] = field(default_factory=lambda: {c: [] for c in TURN_COLUMNS})
    fnd: dict[str, list[Any]] = field(
        default_factory=lambda: {c: [] for c in FINDING_COLUMNS}
    )
    rolls: Counter[str] = field(default_factory=Counter)
    openings: int = 0
    files: list[str] = field(default_factory=list)
    problems: dict[str, str] = field(default_factory=dict)

    def tables(self) -> FileTables:
        """The frames of these column lists (imports pandas)."""
        get = self.rolls.get
        rolls = pd.Series(
            [get(r, 0) for r in ROLLS], index=_roll_index(), dtype="int64", name="count"
        )
        return FileTables(
            games=_typed(self.g, GAME_COLUMNS),
            turns=_typed(self.t, TURN_COLUMNS),
            findings=_typed(self.fnd, FINDING_COLUMNS),
            files=list(self.files),
            problems=dict(self.problems),
            rolls=rolls,
            excluded_openings=self.openings,
        )

    def extend(self, other: _Acc) -> None:
        """Append ``other``'s rows and counts (files in order)."""
        for mine, theirs in ((self.g, other.g), (self.t, other.t), (self.fnd, other.fnd)):
            for name, values in theirs.items():
                mine[name].extend(values)
        self.rolls.update(other.rolls)
        self.openings += other.openings
        self.files.extend(other.files)
        self.problems.update(other.problems)


def _merge(parts: Iterable[_Acc]) -> FileTables:
    """One :class:`FileTables` of many files' column lists (frames built once)."""
    total = _Acc()
    for part in parts:
        total.extend(part)
    return total.tables()


@functools.cache
def _roll_index() -> pd.Index:
    return pd.Index(list(ROLLS), name="roll")


def _roll_series(fill: int) -> pd.Series:
    return pd.Series(fill, index=_roll_index(), dtype="int64", name="count")


def _rows_for_game(
    record: GameRecord,
    report: GameReport | None,
    replay_error: str | None,
    rules_tag: str | None,
    acc: _Acc,
    file: str,
) -> None:
    """Append the rows of one game to the accumulator's column lists."""
    g, t, fnd = acc.g, acc.t, acc.fnd
    index = record.index
    half_turns = record.half_turns
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

    declared = record.result if record.result is not None else record.tags.get("Result")

    g["file"].append(file)
    g["game"].append(index)
    g["line"].append(record.line)
    g["white"].append(record.tags.get("White"))
    g["black"].append(record.tags.get("Black"))
    g["match"].append(_parse_int(record.tags.get("Match")))
    g["rules"].append(tag)
    g["declared"].append(declared)
    g["half_turns"].append(len(half_turns))
    g["errors"].append(n_err)
    g["warnings"].append(len(findings) - n_err)
    g["first_error"].append(first_error)
    g["replay_error"].append(replay_error)
    g["game_number"].append(_parse_int(record.tags.get("Game")))
    g["score"].append(record.tags.get("Score"))
    g["date"].append(record.tags.get("Date"))
    if report is None:
        g["first_mover"].append(_side_name(half_turns[0].side) if half_turns else None)
        g["winner"].append(None)
        g["points"].append(0)
        g["kind"].append(None)
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
        g["result"].append(report.result)
        fp = report.final_pips
        g["white_pips"].append(None if fp is None else fp[0])
        g["black_pips"].append(None if fp is None else fp[1])
        g["valid"].append(n_err == 0)
        g["stopped"].append(report.stopped)

    # findings rows
    for f in findings:
        _finding_row(fnd, f, file, index)

    # turn rows: the columns that need only the record, one comprehension each
    n = len(half_turns)
    if not n:
        return
    info = [_ROLL_INFO[ht.dice] for ht in half_turns]
    has_opening = "Position" not in record.tags and "reroll" not in tag.split(",")
    if report is not None and n_err == 0:  # dice fairness: valid games only
        acc.rolls.update([x[0] for x in (info[1:] if has_opening else info)])
        acc.openings += has_opening
    if not acc.want_turns:
        return
    t["file"].extend([file] * n)
    t["game"].extend([index] * n)
    t["ply"].extend(range(n))
    t["side"].extend([_SIDE_NAME[ht.side] for ht in half_turns])
    t["roll"].extend([x[0] for x in info])
    t["die1"].extend([x[1] for x in info])
    t["die2"].extend([x[2] for x in info])
    t["pips_rolled"].extend([x[3] for x in info])
    t["moves"].extend(
        [" ".join([m.text or _move_text(m) for m in ht.moves]) for ht in half_turns]
    )
    opening = t["opening"]
    opening.extend([False] * n)
    if has_opening:
        opening[-n] = True

    # the columns that need the replay
    replays = report.turns if report is not None else []
    t_codes = t["codes"]
    t_codes.extend(
        [",".join(sorted({f.code for f in tr.findings})) if tr.findings else "" for tr in replays]
    )
    pip_rows = _pip_rows(record, replays)
    t["white_pips"].extend([r[0] for r in pip_rows])
    t["black_pips"].extend([r[1] for r in pip_rows])
    t["pips_played"].extend([r[2] for r in pip_rows])
    t["pips_lost"].extend([r[3] for r in pip_rows])
    t_wp, t_bp, t_played, t_lost = t["white_pips"], t["black_pips"], t["pips_played"], t[
        "pips_lost"
    ]
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
            for move in ht.moves:
                path = move.path
                if path[0] > 24 or path[-1] > 24:  # bar: cannot be applied
                    ok = False
                    break
                played += (path[0] - path[-1]) * move.repeat
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


def _file_columns(
    path: str,
    rules: str | None = None,
    records: Iterable[GameRecord] | None = None,
    turns: bool = True,
) -> _Acc:
    """Read (unless ``records`` given), replay with the match-score checks of
    :func:`narde_notation.validate.validate_games`, and tabulate as column
    lists (no pandas: this runs in the workers)."""
    from narde_notation.validate import validate_games

    ruleset = _ruleset_from_tag(rules)
    acc = _Acc(want_turns=turns, files=[path])
    g, fnd = acc.g, acc.fnd
    if records is None:
        from narde_notation.reader import read_games

        records = read_games(path)
    problems = acc.problems
    source = iter(records)
    current: list[GameRecord] = []  # the record being replayed

    def tap() -> Iterator[GameRecord]:
        while True:
            try:
                record = next(source)
            except StopIteration:
                return
            except OSError:
                raise
            except Exception as exc:  # the reader never raises on text; if it does, say so
                problems[path] = (
                    f"reader failed after {len(g['game'])} games: {type(exc).__name__}: {exc}"
                )
                return
            if _is_file_level(record):
                for f in record.findings:
                    _finding_row(fnd, f, path, None)
                continue
            current[:] = [record]
            yield record

    reports = validate_games(tap(), ruleset)
    while True:
        try:
            report = next(reports)
        except StopIteration:
            break
        except OSError:
            raise
        except Exception as exc:  # one bad game never stops the archive
            if not current:
                raise
            failed = current.pop()
            _rows_for_game(failed, None, f"{type(exc).__name__}: {exc}", rules, acc, path)
            reports = validate_games(tap(), ruleset)  # go on with the records left
            continue
        current.clear()
        _rows_for_game(report.record, report, None, rules, acc, path)
    return acc


def _is_file_level(record: GameRecord) -> bool:
    """A record that stands for a file with no game (empty file): findings only."""
    return (
        not record.tags
        and not record.half_turns
        and record.result is None
        and bool(record.findings)
        and all(f.game is None for f in record.findings)
    )


def _finding_row(fnd: dict[str, list[Any]], f: Finding, file: str, game: int | None) -> None:
    fnd["file"].append(file)
    fnd["game"].append(f.game if f.game is not None else game)
    fnd["line"].append(f.line)
    fnd["column"].append(f.column)
    fnd["code"].append(f.code)
    fnd["severity"].append(f.severity.value)
    fnd["rule"].append(f.rule)
    fnd["message"].append(f.message)


def per_file(path: str, rules: str | None = None, turns: bool = True) -> FileTables:
    """Read, replay and tabulate one file: the unit of parallel work.

    Pure (depends only on its arguments and the file's bytes) and picklable
    both ways, so a process pool or a Dask worker can run it.

    Args:
        path: one record file (``.txt``/``.nrd`` native or ``.mat``).
        rules: a ``Rules`` tag value overriding every game's own.
        turns: build the turns frame (one row per half-turn).  Without it
            the result's ``turns`` is empty but ``rolls`` still holds what
            the summary's dice fairness needs (cheaper: the summary alone
            does not pay for a table it does not show).

    Returns:
        :class:`FileTables` of that file.  A file that cannot be opened
        gives empty tables and ``problems == {path: reason}``; it never raises
        on bad text (problems are findings, see the module docstring).

    Raises:
        narde_notation.errors.RulesetError: ``rules`` is not a ruleset tag.
    """
    return _file_work(path, rules, turns).tables()


def _file_work(
    path: str, rules: str | None = None, turns: bool = True, location: str | None = None
) -> _Acc:
    """:func:`per_file` as column lists: what the process pool and Dask run.

    ``path`` names the file in the tables; ``location`` (default ``path``) is
    where it is read from: an absolute path for Dask workers, whose working
    folder is not the user's.
    """
    _ruleset_from_tag(rules)  # fail early on a bad tag, before any I/O
    try:
        from narde_notation.reader import read_games

        with open(location or path, "rb") as handle:
            return _file_columns(path, rules, records=read_games(handle), turns=turns)
    except OSError as exc:
        return _Acc(want_turns=turns, files=[path], problems={path: exc.strerror or str(exc)})


def tables_from_records(
    records: Iterable[GameRecord | GameReport], file: str | None = None
) -> FileTables:
    """The three tables of records (replayed here) or reports already made.

    Useful in notebooks and tests on records built in memory.  Records
    only are replayed together with
    :func:`~narde_notation.validate.validate_games` (match scores checked
    across them, as for a file).  ``file`` replaces each record's own
    ``file`` (``"<memory>"`` when both are None).
    """
    from narde_notation.validate import GameReport, validate, validate_games

    items = list(records)
    if not any(isinstance(item, GameReport) for item in items):
        # records of one stream: replay them with the match-score checks
        items = list(validate_games(item for item in items if isinstance(item, GameRecord)))
    acc = _Acc()
    for item in items:
        report = item if isinstance(item, GameReport) else validate(item)
        name = file or report.record.file or "<memory>"
        if name not in acc.files:
            acc.files.append(name)
        _rows_for_game(report.record, report, None, None, acc, name)
    return acc.tables()


def _default_jobs() -> int:
    return os.cpu_count() or 1


def iter_tables(
    files: Sequence[str],
    rules: str | None = None,
    jobs: int | None = None,
    turns: bool = True,
) -> Iterator[FileTables]:
    """:func:`per_file` over ``files``, in order, in ``jobs`` processes.

    ``jobs`` defaults to the number of CPUs; 1 (or a single file) runs in
    this process.  Yields in the order of ``files``.
    """
    for part in _iter_work(files, rules, jobs, turns):
        yield part.tables()


def _iter_work(
    files: Sequence[str],
    rules: str | None = None,
    jobs: int | None = None,
    turns: bool = True,
) -> Iterator[_Acc]:
    """The per-file column lists of ``files`` in order (pool of ``jobs``)."""
    _ruleset_from_tag(rules)
    jobs = _default_jobs() if jobs is None else max(1, jobs)
    if jobs == 1 or len(files) <= 1:
        for f in files:
            yield _file_work(f, rules, turns)
        return
    n = len(files)
    with ProcessPoolExecutor(max_workers=min(jobs, n)) as pool:
        yield from pool.map(_file_work, files, [rules] * n, [turns] * n, chunksize=1)


def iter_tables_dask(
    files: Sequence[str], address: str, rules: str | None = None, turns: bool = True
) -> Iterator[FileTables]:
    """:func:`per_file` of each file on a Dask distributed cluster.

    The same unit of work as :func:`iter_tables`, so the same tables:
    ``client.map`` of the per-file work over ``files``, results gathered in
    the order of ``files``.  The workers must see the same paths (a shared
    file system) and have narde-notation installed.  dask is imported here
    only (``pip install narde-notation[dask]``).

    Args:
        address: the scheduler, e.g. ``tcp://host:8786`` (or a
            ``LocalCluster``'s ``scheduler_address``).

    Raises:
        ImportError: dask.distributed is not installed.
        ValueError: a malformed address.
        OSError: the scheduler cannot be reached.
    """
    for part in _iter_work_dask(files, address, rules, turns):
        yield part.tables()


def _iter_work_dask(
    files: Sequence[str], address: str, rules: str | None = None, turns: bool = True
) -> Iterator[_Acc]:
    from dask.distributed import Client

    _check_scheduler(address)

    with Client(address, set_as_default=False) as client:  # type: ignore[no-untyped-call]
        names = list(files)
        futures = client.map(
            _file_work,
            names,
            [rules] * len(names),
            [turns] * len(names),
            [os.path.abspath(name) for name in names],
            pure=False,
        )
        try:
            for fut in futures:
                yield fut.result()
        finally:
            client.cancel(futures)


def _check_scheduler(address: str, timeout: float = 5.0) -> None:
    """Fail fast, before a ``Client`` exists, on a malformed or unreachable address.

    (A ``Client`` whose connection failed tries to close itself at exit for a
    minute and prints a traceback.)

    Raises:
        ValueError: the address cannot be parsed (no port, unknown scheme).
        OSError: nothing listens at a ``tcp://``/``tls://`` address.
    """
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, location = parse_address(address)
    if scheme in ("tcp", "tls"):
        host, port = parse_host_port(location)
        with socket.create_connection((host, port), timeout=timeout):
            pass


def tables(
    paths: PathsLike,
    rules: str | None = None,
    jobs: int | None = 1,
    scheduler: str | None = None,
) -> FileTables:
    """The games, turns and findings tables of ``paths`` (see module doc).

    Args:
        paths: files, folders or globs (see :func:`expand_paths`).
        rules: a ``Rules`` tag value overriding every game's own.
        jobs: processes to use (``None`` = all CPUs; default 1).
        scheduler: a Dask scheduler address: run the per-file work there
            (:func:`iter_tables_dask`) instead of in local processes.

    Returns:
        :class:`FileTables`; files that exist but could not be read to the
        end are listed in its ``problems``.

    Raises:
        FileNotFoundError: a path does not exist.
        narde_notation.errors.RulesetError: ``rules`` is not a ruleset tag.
    """
    files = expand_paths(paths)
    parts = (
        _iter_work(files, rules, jobs)
        if scheduler is None
        else _iter_work_dask(files, scheduler, rules)
    )
    out = _merge(parts)
    for path, why in out.problems.items():
        if not os.path.exists(path):
            raise FileNotFoundError(2, why, path)
    return out


def games_frame(paths: PathsLike, rules: str | None = None, jobs: int | None = 1) -> pd.DataFrame:
    """One row per game of ``paths``: columns of :data:`GAME_COLUMNS` (module doc).

    Every game read is a row, invalid ones included (``valid`` False).

    Raises:
        FileNotFoundError: a path does not exist.
    """
    return tables(paths, rules, jobs).games


def turns_frame(paths: PathsLike, rules: str | None = None, jobs: int | None = 1) -> pd.DataFrame:
    """One row per half-turn written in ``paths``: :data:`TURN_COLUMNS` (module doc).

    Raises:
        FileNotFoundError: a path does not exist.
    """
    return tables(paths, rules, jobs).turns


def findings_frame(
    paths: PathsLike, rules: str | None = None, jobs: int | None = 1
) -> pd.DataFrame:
    """One row per finding in ``paths``: :data:`FINDING_COLUMNS` (module doc).

    Raises:
        FileNotFoundError: a path does not exist.
    """
    return tables(paths, rules, jobs).findings


# --------------------------------------------------------------------------- summary



@dataclass
class DiceFairness:
    """Are the dice uniform?  Computed over the rolls in scope (see :func:`dice_fairness`).

    Attributes:
        rolls_counted: number of rolls (half-turns) counted.
        faces: count of each face 1..6 over both dice of every roll (a
            double counts two faces, not four), index 1..6.
        rolls: count of each of the 21 rolls, index :data:`ROLLS` (``"65"``).
        doubles_rate: share of rolls that are doubles (fair: 1/6).
        faces_chi2, faces_p: chi-square goodness of fit of ``faces`` against
            the uniform 1/6 (5 degrees of freedom), :func:`chisquare_test`
            (= ``scipy.stats.chisquare``).
        rolls_chi2, rolls_p: the same for ``rolls`` against 1/36 for each
            double and 2/36 for each other roll (20 degrees of freedom).
        excluded_openings: opening rolls left out (R2: never a double).
    """

    rolls_counted: int
    faces: pd.Series
    rolls: pd.Series
    doubles_rate: float
    faces_chi2: float
    faces_p: float
    rolls_chi2: float
    rolls_p: float
    excluded_openings: int = 0

    def to_frame(self) -> pd.DataFrame:
        """Tidy: one row per face and per roll: kind, value, count, expected."""
        n = self.rolls_counted
        rows: list[dict[str, Any]] = []
        for face, count in self.faces.items():
            rows.append(
                {"what": "face", "value": str(face), "count": int(count), "expected": 2 * n / 6}
            )
        for roll_key, count in self.rolls.items():
            roll = str(roll_key)
            p = 1 / 36 if roll[0] == roll[1] else 2 / 36
            rows.append({"what": "roll", "value": roll, "count": int(count), "expected": n * p})
        return pd.DataFrame(rows)


def dice_fairness(turns: pd.DataFrame) -> DiceFairness:
    """Dice fairness over the rolls of ``turns`` (a turns frame, or any frame
    with columns ``roll`` and ``opening``).

    Opening rolls (``opening`` True: R2 forbids a double there) are left
    out, every other half-turn's roll counts once, passes included.  See
    :func:`dice_from_counts` for the tests.
    """
    opening = turns["opening"].to_numpy(dtype=bool)
    counts = turns.loc[~opening, "roll"].astype(str).value_counts()
    return dice_from_counts(counts, int(opening.sum()))


def chisquare_test(observed: Sequence[float], expected: Sequence[float]) -> tuple[float, float]:
    """Pearson's chi-square goodness of fit: (statistic, p-value).

    statistic = sum((o - e)^2 / e), p = P(chi2 with len - 1 degrees of
    freedom >= statistic), from ``scipy.special.chdtrc``: the same numbers
    as ``scipy.stats.chisquare(observed, expected)`` (the tests check it)
    without importing ``scipy.stats`` (half a second at every start).
    """
    from scipy.special import chdtrc

    stat = float(sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True)))
    return stat, float(chdtrc(len(observed) - 1, stat))


def clopper_pearson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) interval of a binomial proportion k/n.

    The same bounds as ``scipy.stats.binomtest(k, n).proportion_ci(confidence)``
    (method ``"exact"``; the tests check it), from ``scipy.special.betaincinv``.

    Raises:
        ValueError: ``n < 1`` or ``k`` outside 0..n.
    """
    from scipy.special import betaincinv

    if n < 1 or not 0 <= k <= n:
        raise ValueError(f"clopper_pearson: need 0 <= k <= n and n >= 1, got k={k}, n={n}")
    alpha = 1 - confidence
    low = 0.0 if k == 0 else float(betaincinv(k, n - k + 1, alpha / 2))
    high = 1.0 if k == n else float(betaincinv(k + 1, n - k, 1 - alpha / 2))
    return low, high


def dice_from_counts(rolls: pd.Series, excluded_openings: int = 0) -> DiceFairness:
    """Dice fairness from counts of rolls (index ``"65"``, ``"33"``, … as in :data:`ROLLS`).

    Tests (Pearson chi-square goodness of fit, :func:`chisquare_test`,
    equal to ``scipy.stats.chisquare``): the faces of both dice of every
    roll (a double counts its face twice) against uniform 1/6, 5 degrees of
    freedom; the 21 rolls against 1/36 for each double and 2/36 for each
    other roll, 20 degrees of freedom.  No data gives NaN statistics.
    """
    counts = rolls.reindex(list(ROLLS), fill_value=0).astype("int64")
    counts.index = pd.Index(list(ROLLS), name="roll")
    counts.name = "count"
    n = int(counts.sum())
    face_counts = dict.fromkeys(_FACES, 0)
    for roll, c in zip(ROLLS, counts.to_numpy(), strict=True):
        face_counts[int(roll[0])] += int(c)
        face_counts[int(roll[1])] += int(c)
    faces = pd.Series(face_counts, dtype="int64", name="count")
    faces.index.name = "face"
    doubles = int(sum(counts[r] for r in ROLLS if r[0] == r[1]))
    if n:
        f_stat, f_p = chisquare_test(faces.tolist(), [2 * n / 6] * 6)
        probs = [1 / 36 if r[0] == r[1] else 2 / 36 for r in ROLLS]
        r_stat, r_p = chisquare_test(counts.tolist(), [n * p for p in probs])
    else:
        f_stat = f_p = r_stat = r_p = math.nan
    return DiceFairness(
        rolls_counted=n,
        faces=faces,
        rolls=counts,
        doubles_rate=doubles / n if n else math.nan,
        faces_chi2=f_stat,
        faces_p=f_p,
        rolls_chi2=r_stat,
        rolls_p=r_p,
        excluded_openings=excluded_openings,
    )


def _rate(k: int, n: int) -> float:
    return k / n if n else math.nan


def player_table(games: pd.DataFrame) -> pd.DataFrame:
    """One row per player over the valid games of ``games`` (a games frame).

    Columns, in order: player (str, index), games (valid games played),
    white, black (games with that colour), wins, losses, draws, unfinished
    (int64), win_rate (wins / finished games, float64, NaN when none),
    points_won, points_lost, mars_given, mars_taken, koks_given,
    koks_taken (int64: games won / lost by mars or by koks; kinds are
    exclusive).  Games with no name for
    a side count under ``"?"``.
    """
    g = games.loc[games["valid"].to_numpy(dtype=bool)]
    parts = []
    for colour, other in (("white", "black"), ("black", "white")):
        part = pd.DataFrame(
            {
                "player": g[colour].fillna("?").astype(str).to_numpy(),
                "colour": colour,
                "won": (g["winner"] == colour).fillna(False).to_numpy(dtype=bool),
                "lost": (g["winner"] == other).fillna(False).to_numpy(dtype=bool),
                "draw": (g["kind"] == "draw").fillna(False).to_numpy(dtype=bool),
                "unfinished": g["kind"].isna().to_numpy(dtype=bool),
                "points": g["points"].to_numpy(),
                "mars": (g["kind"] == "mars").fillna(False).to_numpy(dtype=bool),
                "koks": (g["kind"] == "koks").fillna(False).to_numpy(dtype=bool),
            }
        )
        parts.append(part)
    long = pd.concat(parts, ignore_index=True)
    long["points_won"] = long["points"].where(long["won"], 0)
    long["points_lost"] = long["points"].where(long["lost"], 0)
    long["mars_given"] = long["mars"] & long["won"]
    long["mars_taken"] = long["mars"] & long["lost"]
    long["koks_given"] = long["koks"] & long["won"]
    long["koks_taken"] = long["koks"] & long["lost"]
    long["is_white"] = long["colour"] == "white"
    long["is_black"] = long["colour"] == "black"
    grouped = long.groupby("player", sort=True)
    out = pd.DataFrame(
        {
            "games": grouped.size(),
            "white": grouped["is_white"].sum(),
            "black": grouped["is_black"].sum(),
            "wins": grouped["won"].sum(),
            "losses": grouped["lost"].sum(),
            "draws": grouped["draw"].sum(),
            "unfinished": grouped["unfinished"].sum(),
            "points_won": grouped["points_won"].sum(),
            "points_lost": grouped["points_lost"].sum(),
            "mars_given": grouped["mars_given"].sum(),
            "mars_taken": grouped["mars_taken"].sum(),
            "koks_given": grouped["koks_given"].sum(),
            "koks_taken": grouped["koks_taken"].sum(),
        }
    ).astype("int64")
    finished = out["wins"] + out["losses"] + out["draws"]
    out.insert(7, "win_rate", (out["wins"] / finished.where(finished > 0)).astype("float64"))
    out.index.name = "player"
    return out


def file_table(games: pd.DataFrame) -> pd.DataFrame:
    """One row per file of ``games`` (all games, valid or not).

    Columns (index ``file``): games, valid, errors, warnings (findings),
    half_turns, white_wins, black_wins, draws, mars, koks, unfinished
    (int64; outcomes over valid games only).
    """
    valid = games["valid"].to_numpy(dtype=bool)
    frame = pd.DataFrame(
        {
            "file": games["file"].to_numpy(),
            "games": 1,
            "valid": valid.astype("int64"),
            "errors": games["errors"].to_numpy(),
            "warnings": games["warnings"].to_numpy(),
            "half_turns": games["half_turns"].to_numpy(),
            "white_wins": ((games["winner"] == "white").fillna(False).to_numpy(bool) & valid),
            "black_wins": ((games["winner"] == "black").fillna(False).to_numpy(bool) & valid),
            "draws": ((games["kind"] == "draw").fillna(False).to_numpy(bool) & valid),
            "mars": ((games["kind"] == "mars").fillna(False).to_numpy(bool) & valid),
            "koks": ((games["kind"] == "koks").fillna(False).to_numpy(bool) & valid),
            "unfinished": (games["kind"].isna().to_numpy(bool) & valid),
        }
    )
    out = frame.groupby("file", sort=False).sum().astype("int64")
    out.index.name = "file"
    return out


@dataclass
class Summary:
    """The summary of an archive, from its games, turns and findings tables.

    Scope: statistics of play (outcomes, lengths, players, dice) are over
    the **valid** games (no error); outcome rates further over **finished**
    ones (``kind`` not NA) or **decided** ones (a winner: draws out).  Every
    other game is counted in :attr:`skipped` with its reason — nothing is
    dropped silently: ``overview["games"]`` equals the rows of the games
    frame, and equals ``valid + sum(skipped)``.

    Attributes:
        overview: a Series name -> number (int or float):

            - games (rows of the games frame), files (files read),
              files_without_games (empty files: their finding is in the
              findings table), unreadable_files;
            - valid, share_valid (valid / games), skipped (games - valid),
              unfinished (valid games with no result), finished, decided
              (finished minus draws);
            - white_wins, black_wins, draws, oyn, mars, koks (valid games);
            - mars_rate = mars / decided, koks_rate = koks / decided (kinds
              are exclusive: a koks is not also a mars);
            - first_mover_wins, first_mover_win_rate (/ decided) with
              first_mover_ci_low / first_mover_ci_high: 95 % Clopper-Pearson
              interval (:func:`clopper_pearson`, the bounds of
              ``scipy.stats.binomtest(k, n).proportion_ci()``);
            - half_turns_mean, half_turns_median (finished valid games),
              half_turns_total (half-turns written, all games).
        skipped: reason -> games left out of the play statistics:
            ``"errors: <code of the game's first error>"`` or
            ``"replay failed"``.  Unfinished valid games are not skipped:
            they count for dice and players, not for outcomes and lengths.
        results: replayed result (``"1-0"``, ``"*"``) -> games, valid games.
        kinds: oyn/mars/koks/draw -> games, valid finished games.
        mars: mars and koks rates by group (index all, winner white, winner
            black, first mover won, second mover won; columns decided, mars,
            mars_rate, koks, koks_rate).
        findings: per code: severity, count (findings), games (games with
            it), rate_per_game (games / all games), rate_per_1000_half_turns.
        players: :func:`player_table`.
        files: :func:`file_table`.
        dice: :class:`DiceFairness` over the valid games' turns.
    """

    overview: pd.Series
    skipped: pd.Series
    results: pd.Series
    kinds: pd.Series
    mars: pd.DataFrame
    findings: pd.DataFrame
    players: pd.DataFrame
    files: pd.DataFrame
    dice: DiceFairness

    def to_frame(self) -> pd.DataFrame:
        """Everything but the player and file tables as one tidy frame:
        columns section (str), key (str), value (float64)."""
        rows: list[tuple[str, str, float]] = []
        for k, v in self.overview.items():
            rows.append(("overview", str(k), float(v)))
        for k, v in self.skipped.items():
            rows.append(("skipped", str(k), float(v)))
        for k, v in self.results.items():
            rows.append(("results", str(k), float(v)))
        for k, v in self.kinds.items():
            rows.append(("kinds", str(k), float(v)))
        for grp, row in self.mars.iterrows():
            for col, v in row.items():
                rows.append(("mars", f"{grp}: {col}", float(v)))
        for code, row in self.findings.iterrows():
            for col in ("count", "games", "rate_per_game", "rate_per_1000_half_turns"):
                rows.append(("findings", f"{code}: {col}", float(row[col])))
        d = self.dice
        for name in (
            "rolls_counted",
            "excluded_openings",
            "doubles_rate",
            "faces_chi2",
            "faces_p",
            "rolls_chi2",
            "rolls_p",
        ):
            rows.append(("dice", name, float(getattr(d, name))))
        for face, v in d.faces.items():
            rows.append(("dice faces", str(face), float(v)))
        for roll, v in d.rolls.items():
            rows.append(("dice rolls", str(roll), float(v)))
        return pd.DataFrame(rows, columns=["section", "key", "value"])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready nested dict (NaN becomes None)."""

        def num(v: Any) -> Any:
            if isinstance(v, float) and math.isnan(v):
                return None
            if hasattr(v, "item"):
                v = v.item()
                if isinstance(v, float) and math.isnan(v):
                    return None
            return v

        def table(df: pd.DataFrame) -> dict[str, dict[str, Any]]:
            return {
                str(i): {str(c): num(v) for c, v in row.items()} for i, row in df.iterrows()
            }

        d = self.dice
        return {
            "overview": {str(k): num(v) for k, v in self.overview.items()},
            "skipped": {str(k): num(v) for k, v in self.skipped.items()},
            "results": {str(k): num(v) for k, v in self.results.items()},
            "kinds": {str(k): num(v) for k, v in self.kinds.items()},
            "mars": table(self.mars),
            "findings": table(self.findings),
            "players": table(self.players),
            "files": table(self.files),
            "dice": {
                "rolls_counted": d.rolls_counted,
                "excluded_openings": d.excluded_openings,
                "doubles_rate": num(d.doubles_rate),
                "faces": {str(k): int(v) for k, v in d.faces.items()},
                "rolls": {str(k): int(v) for k, v in d.rolls.items()},
                "faces_chi2": num(d.faces_chi2),
                "faces_p": num(d.faces_p),
                "rolls_chi2": num(d.rolls_chi2),
                "rolls_p": num(d.rolls_p),
                "tested": (
                    "faces of both dice of every roll vs uniform 1/6; "
                    "21 rolls vs 1/36 (doubles) and 2/36 (others); opening rolls excluded"
                ),
            },
        }

    def sections(self) -> list[tuple[str, pd.DataFrame]]:
        """(title, frame) pairs of the text report, in order."""
        ov = self.overview
        fmt_ov = pd.DataFrame({"value": [_fmt(v) for v in ov.to_numpy()]}, index=ov.index)
        d = self.dice
        dice = pd.DataFrame(
            {
                "value": [
                    _fmt(d.rolls_counted),
                    _fmt(d.excluded_openings),
                    _fmt(d.doubles_rate),
                    f"{_fmt(d.faces_chi2)} (p = {_fmt(d.faces_p)})",
                    f"{_fmt(d.rolls_chi2)} (p = {_fmt(d.rolls_p)})",
                ]
            },
            index=[
                "rolls counted",
                "opening rolls excluded",
                "doubles rate (fair 0.1667)",
                "chi2 faces vs 1/6 (df 5)",
                "chi2 rolls vs 1/36, 2/36 (df 20)",
            ],
        )
        faces = d.faces.to_frame().T
        faces.index = ["count"]
        rolls = d.rolls.to_frame().T
        rolls.index = ["count"]
        out = [
            ("Overview", fmt_ov),
            ("Skipped games", self.skipped.to_frame("games")),
            ("Results (replayed)", self.results.to_frame("games")),
            ("Kinds", self.kinds.to_frame("games")),
            ("Mars and koks rates", self.mars),
            ("Findings per code", self.findings),
            ("Dice fairness", dice),
            ("Dice faces", faces),
            ("Dice rolls", rolls),
        ]
        return out

    def to_text(self, tablefmt: str = "simple") -> str:
        """A plain-text report (tabulate ``tablefmt``: ``"simple"``,
        ``"github"`` for Markdown, …)."""
        from tabulate import tabulate

        chunks = []
        for title, frame in self.sections():
            preformatted = title in ("Overview", "Dice fairness")
            body = (
                tabulate(
                    frame,
                    headers="keys",
                    tablefmt=tablefmt,
                    floatfmt=".4g",
                    disable_numparse=preformatted,
                    colalign=("left", "right") if preformatted else None,
                )
                if len(frame)
                else "(none)"
            )
            head = f"## {title}" if tablefmt in ("github", "pipe") else title
            chunks.append(f"{head}\n\n{body}" if tablefmt in ("github", "pipe") else
                          f"{head}\n{'-' * len(head)}\n{body}")
        return "\n\n".join(chunks) + "\n"


def _fmt(v: Any) -> str:
    if isinstance(v, float) or (hasattr(v, "dtype") and v.dtype.kind == "f"):
        f = float(v)
        if math.isnan(f):
            return "-"
        if f.is_integer() and abs(f) >= 1:
            return str(int(f))
        return f"{f:.4g}"
    return str(v)


def summary(
    data: FileTables | PathsLike | pd.DataFrame,
    turns: pd.DataFrame | None = None,
    findings: pd.DataFrame | None = None,
) -> Summary:
    """Summarise an archive (see :class:`Summary` for every figure).

    Args:
        data: :class:`FileTables`, paths (read with :func:`tables`), or a
            games frame (then pass ``turns`` for dice fairness and
            ``findings`` for the per-code table; without them those parts
            are empty).
    """
    if isinstance(data, FileTables):
        ft = data
    elif isinstance(data, pd.DataFrame):
        ft = _empty_tables()
        ft.games = data
        if turns is not None:
            ft.turns = turns
        if findings is not None:
            ft.findings = findings
    else:
        ft = tables(data)
    return _summary(ft)


def _summary(ft: FileTables) -> Summary:
    games = ft.games
    n = len(games)
    valid = games["valid"].to_numpy(dtype=bool)
    vg = games.loc[valid]
    kind = vg["kind"]
    finished_mask = kind.notna().to_numpy(dtype=bool)
    fin = vg.loc[finished_mask]
    winner = fin["winner"]
    decided_mask = winner.notna().to_numpy(dtype=bool)
    dec = fin.loc[decided_mask]
    fm_won = (dec["winner"] == dec["first_mover"]).fillna(False).to_numpy(dtype=bool)
    n_dec = len(dec)
    k_fm = int(fm_won.sum())
    if n_dec:
        lo, hi = clopper_pearson(k_fm, n_dec, 0.95)
    else:
        lo = hi = math.nan

    kinds = (
        fin["kind"].value_counts().reindex(list(KINDS), fill_value=0).astype("int64")
    )
    kinds.index = pd.Index([str(k) for k in kinds.index], name="kind")
    results = vg["result"].astype(str).value_counts().sort_index().astype("int64")
    results.index.name = "result"

    # skipped: invalid games, by reason
    inv = games.loc[~valid]
    reasons = [
        "replay failed" if isinstance(re, str) else f"errors: {fe}"
        for re, fe in zip(inv["replay_error"], inv["first_error"], strict=True)
    ]
    skipped = pd.Series(reasons, dtype="str").value_counts().sort_index().astype("int64")
    skipped.index.name = "reason"
    skipped.name = "games"

    def mars_row(mask: Any) -> dict[str, float]:
        sub = dec.loc[mask]
        m = int((sub["kind"] == "mars").sum())
        k = int((sub["kind"] == "koks").sum())
        return {
            "decided": len(sub),
            "mars": m,
            "mars_rate": _rate(m, len(sub)),
            "koks": k,
            "koks_rate": _rate(k, len(sub)),
        }

    all_mask = pd.Series(True, index=dec.index)
    mars = pd.DataFrame(
        {
            "all": mars_row(all_mask),
            "winner white": mars_row((dec["winner"] == "white").to_numpy(dtype=bool)),
            "winner black": mars_row((dec["winner"] == "black").to_numpy(dtype=bool)),
            "first mover won": mars_row(fm_won),
            "second mover won": mars_row(~fm_won),
        }
    ).T
    mars.index.name = "group"
    for c in ("decided", "mars", "koks"):
        mars[c] = mars[c].astype("int64")

    # findings per code, over all games
    f = ft.findings
    half_total = int(games["half_turns"].sum())
    if len(f):
        by = f.groupby("code", sort=True)
        # games with the code; a file-level finding (game NA) is no game
        gkey = (f["file"].astype(str) + "\x00" + f["game"].astype("string")).astype(object)
        fcodes = pd.DataFrame(
            {
                "severity": by["severity"].first(),
                "count": by.size().astype("int64"),
                "games": gkey.groupby(f["code"]).nunique().astype("int64"),
            }
        )
        fcodes["rate_per_game"] = fcodes["games"] / n if n else math.nan
        fcodes["rate_per_1000_half_turns"] = (
            fcodes["count"] * 1000 / half_total if half_total else math.nan
        )
    else:
        fcodes = pd.DataFrame(
            {
                "severity": pd.Series([], dtype="str"),
                "count": pd.Series([], dtype="int64"),
                "games": pd.Series([], dtype="int64"),
                "rate_per_game": pd.Series([], dtype="float64"),
                "rate_per_1000_half_turns": pd.Series([], dtype="float64"),
            }
        )
    fcodes.index.name = "code"

    # dice over valid games' turns (counted per file when the turns frame
    # was not built)
    if ft.rolls is not None:
        dice = dice_from_counts(ft.rolls, ft.excluded_openings)
    else:
        t = ft.turns
        if len(t) and len(vg) < n:
            keys = pd.MultiIndex.from_arrays([vg["file"], vg["game"]])
            tkeys = pd.MultiIndex.from_arrays([t["file"], t["game"]])
            t = t.loc[tkeys.isin(keys)]
        dice = dice_fairness(t)

    lengths = fin["half_turns"]
    ov: dict[str, float | int] = {
        "games": n,
        "files": len(ft.files) if ft.files else int(games["file"].nunique()),
        "files_without_games": (
            len(set(ft.files) - set(games["file"].astype(str))) if ft.files else 0
        ),
        "unreadable_files": len(ft.problems),
        "valid": int(valid.sum()),
        "share_valid": _rate(int(valid.sum()), n),
        "skipped": n - int(valid.sum()),
        "unfinished": int((~finished_mask).sum()),
        "finished": len(fin),
        "decided": n_dec,
        "white_wins": int((dec["winner"] == "white").sum()),
        "black_wins": int((dec["winner"] == "black").sum()),
        "draws": int(kinds["draw"]),
        "oyn": int(kinds["oyn"]),
        "mars": int(kinds["mars"]),
        "koks": int(kinds["koks"]),
        "mars_rate": _rate(int(kinds["mars"]), n_dec),
        "koks_rate": _rate(int(kinds["koks"]), n_dec),
        "first_mover_wins": k_fm,
        "first_mover_win_rate": _rate(k_fm, n_dec),
        "first_mover_ci_low": lo,
        "first_mover_ci_high": hi,
        "half_turns_mean": float(lengths.mean()) if len(lengths) else math.nan,
        "half_turns_median": float(lengths.median()) if len(lengths) else math.nan,
        "half_turns_total": half_total,
    }
    overview = pd.Series(ov, dtype="object")
    overview.index.name = "statistic"
    return Summary(
        overview=overview,
        skipped=skipped,
        results=results,
        kinds=kinds,
        mars=mars,
        findings=fcodes,
        players=player_table(games),
        files=file_table(games),
        dice=dice,
    )
