"""Archive tables with the analysis: ``narde-stats --analyse`` and the club report.

The games of the files are analysed on the one executor
(:func:`~narde_notation.archive.executor.run_each` of
:func:`~narde_notation.analysis.files.analyse_file`: processes or Dask, the
evaluator loaded once per worker); the turns table gains the per-half-turn
columns and the player table the error rate, the mark counts and the luck
(:mod:`narde_notation.analysis.summary`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from narde_notation.analysis.files import FileAnalysis, analyse_file
from narde_notation.analysis.game import COLUMNS, GameAnalysis
from narde_notation.analysis.summary import player_summary
from narde_notation.archive.executor import Failure, run_each

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PLAYER_ANALYSIS_COLUMNS", "TURN_ANALYSIS_COLUMNS", "analyse_files", "collect",
           "iter_file_analyses",
           "with_player_analysis", "with_turn_analysis"]

#: the columns the turns table gains (:data:`narde_notation.analysis.game.COLUMNS`).
TURN_ANALYSIS_COLUMNS = ("best", "equity_played", "equity_best", "loss", "forced", "turns_legal",
                         "mark", "luck", "luck_mark", "exact", "win", "white_win",
                         "mwc_played", "mwc_best", "mwc_loss")
#: the columns the player table gains (:data:`narde_notation.analysis.summary.SUMMARY_COLUMNS`).
PLAYER_ANALYSIS_COLUMNS = ("unforced", "error_rate", "skill", "doubtful", "bad", "very_bad",
                           "luck", "very_lucky", "lucky", "unlucky", "very_unlucky")


def iter_file_analyses(files: Sequence[str], *, jobs: int | None = 1,
                       scheduler: str | None = None, ply: int = 0, rules: str | None = None,
                       encoding: str | None = None) -> Iterator[FileAnalysis | Failure]:
    """:func:`~narde_notation.analysis.files.analyse_file` of each file, in order, on
    :func:`~narde_notation.archive.executor.run_each` (``jobs``: processes, ``None`` all
    CPUs; a caller may show progress)."""
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    return run_each(analyse_file, list(files), jobs=workers, scheduler=scheduler, ply=ply,
                    rules_tag=rules, encoding=encoding)


def collect(results: Iterable[FileAnalysis | Failure], problems: list[str]
            ) -> list[GameAnalysis]:
    """The games of per-file results, in order; what went wrong appended to ``problems``."""
    out: list[GameAnalysis] = []
    for result in results:
        if isinstance(result, Failure):
            problems.append(result.message)
            continue
        if result.problem is not None:
            problems.append(result.problem)
        problems.extend(result.failures)
        out.extend(result.games)
    return out


def analyse_files(files: Sequence[str], *, jobs: int | None = 1, scheduler: str | None = None,
                  ply: int = 0, rules: str | None = None, encoding: str | None = None,
                  problems: list[str] | None = None) -> list[GameAnalysis]:
    """Every game of ``files`` analysed, in file order; unreadable files and
    failures are appended to ``problems`` (one line each)."""
    return collect(iter_file_analyses(files, jobs=jobs, scheduler=scheduler, ply=ply,
                                      rules=rules, encoding=encoding),
                   problems if problems is not None else [])


def with_turn_analysis(turns: pd.DataFrame, analyses: Iterable[GameAnalysis]) -> pd.DataFrame:
    """``turns`` (0-based ``ply``) with :data:`TURN_ANALYSIS_COLUMNS` joined on
    file, game and half-turn; missing values where a half-turn was not analysed
    (after a game's first error).  ``turns_legal`` is the analysis's ``turns``
    (distinct end positions of the roll); dtypes as :data:`COLUMNS`."""
    import pandas as pd

    frames = [a.to_frame() for a in analyses]
    dtypes = {c: COLUMNS[c] for c in COLUMNS}
    if frames:
        rated = pd.concat(frames, ignore_index=True)
    else:
        rated = pd.DataFrame({c: pd.Series(dtype=t) for c, t in
                              {"file": "string", "game": "int64", **dtypes}.items()})
    rated = rated.rename(columns={"turns": "turns_legal"})
    rated["ply"] = rated["ply"] - 1
    keep = ["file", "game", "ply", *TURN_ANALYSIS_COLUMNS]
    left = turns.assign(_file=turns["file"].astype(str))
    right = rated[keep].assign(_file=rated["file"].astype(str)).drop(columns="file")
    merged = left.merge(right, on=["_file", "game", "ply"], how="left").drop(columns="_file")
    for column in ("forced", "exact"):  # not analysed: missing, not False
        merged[column] = merged[column].astype("boolean")
    merged["turns_legal"] = merged["turns_legal"].astype("Int64")
    return merged


def with_player_analysis(players: pd.DataFrame, analyses: Iterable[GameAnalysis]
                         ) -> pd.DataFrame:
    """A player table indexed by ``player`` with :data:`PLAYER_ANALYSIS_COLUMNS`
    joined (``<NA>`` for a player with no analysed half-turn)."""
    summary = player_summary(analyses).set_index("player")
    return players.join(summary[list(PLAYER_ANALYSIS_COLUMNS)], how="left")
