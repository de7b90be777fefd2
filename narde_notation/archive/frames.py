"""Tidy pandas tables of game archives, and their summary.

Data flow: files → :func:`narde_notation.formats.reader.read_games` → records →
:func:`narde_notation.replay.validation.validate` → :class:`GameReport` → the rows
here.  Nothing upstream imports this module.

This module is the public face of the tables; the parts live in
:mod:`narde_notation.archive.schema` (columns, dtypes, :class:`FileTables`),
:mod:`narde_notation.archive.table_rows` (rows as column lists),
:mod:`narde_notation.archive.tasks` (the per-file unit of work, shared with
``narde-validate``), :mod:`narde_notation.archive.executor` (one executor: this
process, a process pool or Dask), :mod:`narde_notation.archive.statistics` (dice
fairness, binomial interval), :mod:`narde_notation.archive.players` and
:mod:`narde_notation.archive._summary` (the summary and its rendering).

The unit of work is :func:`per_file`: a pure function of one path that
returns the three tables of that file (:class:`FileTables`).
:func:`tables` runs it over many files in a local process pool
(:func:`iter_tables`) or on a Dask cluster (:func:`iter_tables_dask`,
``narde-stats --scheduler``).  Concatenating the per-file tables in the
order of :func:`~narde_notation.formats.sources.record_files`
(:meth:`FileTables.concat`) gives the same
frames whichever way they were computed.  :func:`summary` turns them into a
:class:`Summary`.  (The workers build plain column lists and never import
pandas; the frames are made once in the calling process.)

Replays use :func:`narde_notation.replay.validation.validate_games` (the match-score
checks across a file's games included), so the findings are the ones
``narde-validate`` reports, and the games are the same ones
(:func:`narde_notation.archive.tasks.is_game`: a record with a tag, a half-turn or a
result).  A replay that raises (an internal problem, not bad input) marks
its game (``replay_error``), the file goes on, and the file is listed in
:attr:`FileTables.failures`.

Repeated strings are ``category`` columns (see :mod:`narde_notation.archive.schema`);
missing text is NA.

Tables (one row per observation, stable column names and dtypes):

``games`` — one row per game read (:data:`GAME_COLUMNS`):

=============  ==============  ==================================================
column         dtype           meaning
=============  ==============  ==================================================
file           category        path as given/expanded
game           int64           0-based index of the game in its file
line           int64           line of the game's first tag or turn
white, black   str / NA        player names (``White``/``Black`` tags, ``.mat``)
match          Int64           match length in points (``Match`` tag), NA if none
                               or unreadable
rules          str             ruleset tag the game was replayed under
                               (``"standard"``, ``"koks,reroll"``, …)
first_mover    category        ``"white"`` / ``"black"``: side of the first
                               half-turn; NA when none
winner         category        ``"white"`` / ``"black"``; NA for a draw or an
                               unfinished game
points         int64           points won (0 for draw / unfinished)
kind           category        ``oyn``, ``mars``, ``koks``, ``draw``; NA when
                               unfinished.  Exclusive: a koks game is not also
                               counted as mars.
ending         category        how the game ended (``GameReport.ending``):
                               ``bear-off``, ``resignation``, ``draw``,
                               ``unfinished`` (also for a failed replay)
result         str             as replayed: ``"1-0"``, ``"0-2"``, ``"0-0"``,
                               ``"*"`` (not finished)
declared       str / NA        the result the record declares (result token, else
                               ``Result`` tag)
half_turns     int64           half-turns written in the record (passes included)
white_pips,    Int64           pip counts after the last replayed half-turn
black_pips                     (pips: each side in its own numbering, borne-off
                               checkers 0); NA when there is no position
errors,        int64           number of error / warning findings of the game
warnings                       (reader's findings included)
valid          bool            no error (warnings allowed)
first_error    str / NA        code of the first error (by line, column)
stopped        bool            the replay could not go on (see validate)
replay_error   str / NA        the replay itself failed (an internal problem,
                               reported here instead of raised); the game then
                               counts as invalid
game_number    Int64           ``Game`` tag (number in its match), NA if none
score, date    str / NA        ``Score`` and ``Date`` tags as written
                               (:mod:`narde_notation.archive.matches` groups matches)
played_on      datetime64[ns]  the ``Date`` tag as a day (``YYYY.MM.DD`` with every
                               part known); NaT for a partial or missing date
=============  ==============  ==================================================

``turns`` — one row per half-turn written (:data:`TURN_COLUMNS`):

=============  ==========  ==================================================
file, game     cat., int64 as in ``games``
ply            int64       the half-turn's number in the game, from 1 (ply K
                           is the K-th half-turn; the position "at ply K" is
                           the one after it, 0 the start: as ``narde
                           analyse``, ``narde show --ply`` and the viewer)
side           category    ``"white"`` / ``"black"``: the mover
player         category    the mover's name (its ``White`` / ``Black`` tag);
                           NA without one
roll           category    the dice, higher first: ``"65"``, ``"33"``
die1, die2     int8        the dice, higher first
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
codes          category    comma-joined finding codes of the half-turn
                           (sorted, distinct), ``""`` if none
replayed       bool        the replay reached this half-turn
opening        bool        the game's first half-turn from the initial
                           position under rules without ``reroll`` (R2):
                           that roll cannot be a double, so dice fairness
                           leaves it out
=============  ==========  ==================================================

``findings`` — one row per finding (:data:`FINDING_COLUMNS`): file
(category), game (Int64, NA for a file-level finding: text that is no
game), line, column (Int64, 1-based), code (category, rules.md table),
severity (category ``"error"``/``"warning"``), rule (category R-id or NA),
message (str).

Paths: every function taking ``paths`` accepts a path, a folder (searched
recursively for ``*.txt``, ``*.mat``, ``*.nrd``) or a glob pattern, or an
iterable of them.  :func:`games_frame`, :func:`turns_frame` and
:func:`findings_frame` take the replay API's reports (or records) too.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, cast

from narde_notation.archive._summary import Summary, file_table, summarise, valid_turns
from narde_notation.archive.executor import Failure, run_each
from narde_notation.archive.players import player_table
from narde_notation.archive.schema import (
    EXTENSIONS,
    FINDING_COLUMNS,
    GAME_COLUMNS,
    KINDS,
    ROLL_NAMES,
    TURN_COLUMNS,
    FileTables,
)
from narde_notation.archive.statistics import (
    DiceFairness,
    chisquare_test,
    clopper_pearson,
    dice_fairness,
    dice_from_counts,
)
from narde_notation.archive.table_rows import TableRows
from narde_notation.archive.tasks import check_rules, file_rows, records_rows
from narde_notation.formats import record_files
from narde_notation.model import GameRecord, Ruleset
from narde_notation.replay import ReplayOptions

if TYPE_CHECKING:
    import pandas as pd

    from narde_notation.replay import GameReport

__all__ = [
    "EXTENSIONS",
    "FINDING_COLUMNS",
    "GAME_COLUMNS",
    "KINDS",
    "ROLL_NAMES",
    "TURN_COLUMNS",
    "DiceFairness",
    "FileTables",
    "Summary",
    "chisquare_test",
    "clopper_pearson",
    "dice_fairness",
    "dice_from_counts",
    "file_table",
    "findings_frame",
    "games_frame",
    "iter_rows",
    "iter_tables",
    "iter_tables_dask",
    "per_file",
    "player_table",
    "summary",
    "tables",
    "tables_from_records",
    "turns_frame",
    "valid_turns",
]

PathsLike = str | os.PathLike[str] | Iterable[str | os.PathLike[str]]


def per_file(path: str, rules: Ruleset | str | None = None, turns: bool = True) -> FileTables:
    """Read, replay and tabulate one file: the unit of parallel work.

    Args:
        path: one record file (``.txt``/``.nrd`` native or ``.mat``).
        rules: a ``Rules`` tag value overriding every game's own.
        turns: build the turns frame (one row per half-turn).  Without it
            the result's ``turns`` is empty but ``rolls`` still holds what
            the summary's dice fairness needs.

    Returns:
        :class:`FileTables` of that file.  A file that cannot be opened
        gives empty tables and ``problems == {path: reason}``; it never raises
        on bad text (problems are findings, see the module docstring).

    Raises:
        narde_notation.model.errors.RulesetError: ``rules`` is not a ruleset tag.
    """
    return file_rows(path, rules, turns).tables()


def iter_rows(
    files: Sequence[str],
    *,
    jobs: int | None = 1,
    scheduler: str | None = None,
    **options: object,
) -> Iterator[TableRows]:
    """:func:`narde_notation.archive.tasks.file_rows` of each file, in order, as column
    lists, on :func:`narde_notation.archive.executor.run_each` (``jobs`` processes,
    ``None`` = all CPUs, or the Dask ``scheduler``).  A file whose work
    failed gives no rows and its reason in ``failures``.

    Raises:
        narde_notation.archive.executor.SchedulerError: the scheduler cannot be used.
    """
    check_rules(options.get("rules"))
    jobs = (os.cpu_count() or 1) if jobs is None else max(1, jobs)
    for result in run_each(file_rows, files, jobs=jobs, scheduler=scheduler, **options):
        if isinstance(result, Failure):
            yield TableRows(files=[result.item], failures={result.item: result.message})
        else:
            yield result


def iter_tables(
    files: Sequence[str],
    rules: Ruleset | str | None = None,
    jobs: int | None = None,
    turns: bool = True,
) -> Iterator[FileTables]:
    """:func:`per_file` over ``files``, in order, in ``jobs`` processes.

    ``jobs`` defaults to the number of CPUs; 1 (or a single file) runs in
    this process.  Yields in the order of ``files``.
    """
    for part in iter_rows(files, jobs=jobs, rules=rules, turns=turns):
        yield part.tables()


def iter_tables_dask(
    files: Sequence[str], address: str, rules: Ruleset | str | None = None, turns: bool = True
) -> Iterator[FileTables]:
    """:func:`per_file` of each file on a Dask distributed cluster.

    The same unit of work as :func:`iter_tables`, so the same tables.  The
    workers must see the same paths (a shared file system) and have
    narde-notation installed (``pip install ".[dask]"`` in the project folder).

    Args:
        address: the scheduler, e.g. ``tcp://host:8786`` (or a
            ``LocalCluster``'s ``scheduler_address``).

    Raises:
        ImportError: dask.distributed is not installed.
        narde_notation.archive.executor.SchedulerError: malformed, unreachable, not Dask.
    """
    for part in iter_rows(files, scheduler=address, rules=rules, turns=turns):
        yield part.tables()


def tables(
    paths: PathsLike,
    rules: Ruleset | str | None = None,
    jobs: int | None = 1,
    scheduler: str | None = None,
    *,
    encoding: str | None = None,
) -> FileTables:
    """The games, turns and findings tables of ``paths`` (see module doc).

    Args:
        paths: files, folders or globs (see :func:`~narde_notation.formats.sources.record_files`).
        rules: a ruleset or ``Rules`` tag value overriding every game's own.
        encoding: the code page of files that are not UTF-8 and have no
            byte-order mark (default: a guess, named in an ``encoding`` finding).
        jobs: processes to use (``None`` = all CPUs; default 1).
        scheduler: a Dask scheduler address: run the per-file work there
            (:func:`iter_tables_dask`) instead of in local processes.

    Returns:
        :class:`FileTables`; files that exist but could not be read are in
        its ``problems``, internal failures in its ``failures``.

    Raises:
        FileNotFoundError: a path does not exist.
        narde_notation.model.errors.RulesetError: ``rules`` is not a ruleset.
        LookupError: ``encoding`` is not a text encoding.
    """
    options = ReplayOptions(rules, encoding)  # bad options fail here, before any work
    files = record_files(paths)
    out = TableRows.merge(iter_rows(files, jobs=jobs, scheduler=scheduler,
                                    rules=options.rules, encoding=options.encoding))
    for path, why in out.problems.items():
        if not os.path.exists(path):
            raise FileNotFoundError(2, why, path)
    return out


#: what the ``*_frame`` functions take: paths, or games already read or replayed
FrameSource = PathsLike | Iterable["GameReport | GameRecord"]


def _source_tables(paths: FrameSource, rules: Ruleset | str | None, jobs: int | None,
                   encoding: str | None) -> FileTables:
    """:func:`tables` of paths, or :func:`tables_from_records` of reports or records
    (an iterable holding them: ``rules`` and ``encoding`` belong to reading files)."""
    if isinstance(paths, str | os.PathLike):
        return tables(paths, rules, jobs, encoding=encoding)
    from narde_notation.replay import GameReport

    items = list(paths)
    games = [item for item in items if isinstance(item, GameReport | GameRecord)]
    if not games:
        return tables(cast("list[str | os.PathLike[str]]", items), rules, jobs,
                      encoding=encoding)
    if len(games) != len(items):
        raise TypeError("give paths, or reports and records, not both")
    if rules is not None or encoding is not None:
        raise TypeError("rules and encoding apply to files read here: validate the records"
                        " with those rules (validate_games(records, rules)) and pass the"
                        " reports")
    return tables_from_records(games)


def games_frame(
    paths: FrameSource, rules: Ruleset | str | None = None, jobs: int | None = 1, *,
    encoding: str | None = None,
) -> pd.DataFrame:
    """One row per game of ``paths``: columns of :data:`GAME_COLUMNS` (module doc).

    Every game read is a row, invalid ones included (``valid`` False).
    ``paths`` (files, or reports and records), ``rules``, ``jobs`` and
    ``encoding`` as for :func:`findings_frame`, and its errors.
    """
    return _source_tables(paths, rules, jobs, encoding).games


def turns_frame(
    paths: FrameSource, rules: Ruleset | str | None = None, jobs: int | None = 1, *,
    encoding: str | None = None,
) -> pd.DataFrame:
    """One row per half-turn written in ``paths``: :data:`TURN_COLUMNS` (module doc).

    Half-turns after a game's replay stopped are rows too (their pip counts
    NA); ``paths``, ``rules``, ``jobs`` and ``encoding`` as for
    :func:`findings_frame`, and its errors.
    """
    return _source_tables(paths, rules, jobs, encoding).turns


def findings_frame(paths: FrameSource, rules: Ruleset | str | None = None,
                   jobs: int | None = 1, *, encoding: str | None = None) -> pd.DataFrame:
    """One row per finding, in file order: the findings ``narde-validate`` prints.

    Args:
        paths: files, folders or globs (read and replayed here), or the reports
            of the replay API (:func:`~narde_notation.replay.validation.validate`,
            :func:`~narde_notation.replay.validation.validate_games`,
            :meth:`~narde_notation.replay.pipeline.Pipeline.reports`) or
            records (:func:`~narde_notation.formats.reader.read_games`; replayed
            here as one file, match scores checked across them).
        rules, jobs, encoding: for files, as for :func:`tables`.

    Returns:
        A DataFrame with the columns of :data:`FINDING_COLUMNS`, one row a finding:

        - ``file`` (category): the record's file (``"<memory>"`` or
          ``"<string>"`` for text read from memory);
        - ``game`` (Int64): the game's 0-based index in its file; NA for a
          finding of text that is no game;
        - ``line``, ``column`` (Int64): where it is, 1-based; NA when unknown;
        - ``code`` (category): the finding code (rules.md's table);
        - ``severity`` (category): ``"error"`` or ``"warning"``;
        - ``rule`` (category): the rule's R-id, NA when none;
        - ``message`` (str): the sentence ``narde-validate`` prints.

    Raises:
        FileNotFoundError: a path does not exist.
        narde_notation.model.errors.RulesetError: ``rules`` is not a ruleset.
        LookupError: ``encoding`` is not a text encoding.
        TypeError: paths mixed with reports, or reports with ``rules`` or ``encoding``.
    """
    return _source_tables(paths, rules, jobs, encoding).findings


def tables_from_records(
    records: Iterable[GameRecord | GameReport], file: str | None = None
) -> FileTables:
    """The three tables of records (replayed here) or reports already made.

    Useful in notebooks and tests on records built in memory.  Records
    only are replayed together with
    :func:`~narde_notation.replay.validation.validate_games` (match scores checked
    across them, as for a file).  ``file`` replaces each record's own
    ``file`` (``"<memory>"`` when both are None).
    """
    from narde_notation.replay import GameReport, Pipeline

    items = list(records)
    if not any(isinstance(item, GameReport) for item in items):
        records_only = [item for item in items if isinstance(item, GameRecord)]
        name = file or next((r.file for r in records_only if r.file), None) or "<memory>"
        return records_rows(records_only, name).tables()
    rows = TableRows()
    for item in items:
        report = item if isinstance(item, GameReport) else Pipeline().report(item)
        name = file or report.record.file or "<memory>"
        if name not in rows.files:
            rows.files.append(name)
        rows.add_game(report.record, report, name)
    return rows.tables()


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
    import pandas as pd

    from narde_notation.archive.schema import empty_tables

    if isinstance(data, FileTables):
        ft = data
    elif isinstance(data, pd.DataFrame):
        ft = empty_tables()
        ft.games = data
        if turns is not None:
            ft.turns = turns
        if findings is not None:
            ft.findings = findings
    else:
        ft = tables(data)
    return summarise(ft)
