"""Archives: the per-file work of both programs over many files, and what is
learnt from it: the games, turns and findings tables, the summary, dice
statistics, players, matches, ratings and standings.

:mod:`.tasks` (one file read, replayed and turned into table rows) runs on
:mod:`.executor` (processes or Dask); :mod:`.table_rows` and
:mod:`.schema` build the tables; :mod:`.frames` is the library's face;
:mod:`._summary` (:func:`summary`'s :class:`Summary`), :mod:`.statistics`,
:mod:`.players`, :mod:`.matches`, :mod:`._ratings` (:func:`ratings`),
:mod:`._standings` (:func:`standings`) work on the tables; :mod:`.table_text`
writes tables as text.  The three modules named after their function are
private, so that ``from narde_notation.archive import summary`` is always the
function (a loaded submodule would take the package attribute's place).
Depends on the stages below (model, formats, rules, replay).
"""

from typing import TYPE_CHECKING

from narde_notation._lazy import lazy_names

if TYPE_CHECKING:  # the lazy names, for type checkers
    from narde_notation.archive._ratings import HISTORY_COLUMNS, ratings, win_probability
    from narde_notation.archive._standings import standings
    from narde_notation.archive._summary import Summary
    from narde_notation.archive.analysed import (
        analysed_matches,
        collect,
        iter_file_analyses,
        with_player_analysis,
        with_turn_analysis,
    )
    from narde_notation.archive.executor import Failure, SchedulerError, Share, run_each
    from narde_notation.archive.frames import (
        PathsLike,
        findings_frame,
        games_frame,
        iter_rows,
        summary,
        tables,
        turns_frame,
    )
    from narde_notation.archive.matches import matches_frame
    from narde_notation.archive.schema import ROLL_NAMES, FileTables
    from narde_notation.archive.statistics import dice_fairness
    from narde_notation.archive.table_rows import TableRows
    from narde_notation.archive.table_text import render_frame, table_records, text_table
    from narde_notation.archive.tasks import FileCheck, check_file, file_rows

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "games_frame": ".frames",
        "turns_frame": ".frames",
        "findings_frame": ".frames",
        "Summary": "._summary",
        "summary": ".frames",
        "tables": ".frames",
        "ratings": "._ratings",
        "win_probability": "._ratings",
        "HISTORY_COLUMNS": "._ratings",
        "standings": "._standings",
        "matches_frame": ".matches",
        "Failure": ".executor",
        "SchedulerError": ".executor",
        "text_table": ".table_text",
        "iter_file_analyses": ".analysed",
        "analysed_matches": ".analysed",
        "Share": ".executor",
        "run_each": ".executor",
        "FileTables": ".schema",
        "iter_rows": ".frames",
        "TableRows": ".table_rows",
        "render_frame": ".table_text",
        "file_rows": ".tasks",
        "table_records": ".table_text",
        "collect": ".analysed",
        "with_turn_analysis": ".analysed",
        "with_player_analysis": ".analysed",
        "FileCheck": ".tasks",
        "check_file": ".tasks",
        "PathsLike": ".frames",
        "ROLL_NAMES": ".schema",
        "dice_fairness": ".statistics",
    },
)

__all__ = [
    "HISTORY_COLUMNS",
    "ROLL_NAMES",
    "Failure",
    "FileCheck",
    "FileTables",
    "PathsLike",
    "SchedulerError",
    "Share",
    "Summary",
    "TableRows",
    "analysed_matches",
    "check_file",
    "collect",
    "dice_fairness",
    "file_rows",
    "findings_frame",
    "games_frame",
    "iter_file_analyses",
    "iter_rows",
    "matches_frame",
    "ratings",
    "render_frame",
    "run_each",
    "standings",
    "summary",
    "table_records",
    "tables",
    "text_table",
    "turns_frame",
    "win_probability",
    "with_player_analysis",
    "with_turn_analysis",
]
