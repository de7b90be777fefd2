"""Archive tables with the analysis: ``narde-stats --analyse`` and the club report.

The games of the files are analysed on the one executor
(:func:`~narde_notation.archive.executor.run_each` of
:func:`~narde_notation.analysis.files.analyse_file`: processes or Dask, the
evaluator loaded once per worker), each file shared out by game among the
workers (:func:`iter_file_analyses`, decisions A18); the turns table gains
the per-half-turn columns and the player table the error rate, the mark
counts and the luck (:mod:`narde_notation.analysis.summary`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from narde_notation.analysis import (
    ANALYSIS_COLUMNS,
    AUTO,
    COLUMNS,
    SUMMARY_COLUMNS,
    Depth,
    FileAnalysis,
    GameAnalysis,
    analyse_file,
    merge_shares,
    player_summary,
)
from narde_notation.archive.executor import Failure, Share, run_each

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PLAYER_ANALYSIS_COLUMNS", "TURN_ANALYSIS_COLUMNS", "Watch", "analyse_files",
           "analysed_matches", "analysis_shares", "collect", "iter_file_analyses",
           "with_player_analysis", "with_turn_analysis"]

#: the columns the turns table gains (:data:`narde_notation.analysis.game.COLUMNS`).
TURN_ANALYSIS_COLUMNS = ("best", "equity_played", "equity_best", "loss", "forced", "turns_legal",
                         "mark", "luck", "luck_mark", "exact", "win", "white_win",
                         "mwc_played", "mwc_best", "mwc_loss")
#: the columns the player table gains: :data:`narde_notation.analysis.summary.SUMMARY_COLUMNS`
#: but ``player`` (its index), in that order.
PLAYER_ANALYSIS_COLUMNS = ANALYSIS_COLUMNS


#: What a caller may put on the stream of per-share results (a progress bar):
#: ``watch(results, count)`` yields the ``count`` results as they come.
Watch = Callable[[Iterator[FileAnalysis | Failure], int], Iterator[FileAnalysis | Failure]]


def analysis_shares(files: Sequence[str], workers: int, *, game: int | None = None
                    ) -> list[Share]:
    """The work items of analysing ``files`` on ``workers`` processes: each
    file in ``workers`` shares (:func:`~narde_notation.analysis.files.share_of`,
    decisions A18), in file order; one share a file with one worker or for
    one ``game``."""
    of = workers if workers > 1 and game is None else 1
    return [Share(file, k, n) for file in files for n in (_shares_of(file, of),)
            for k in range(n)]


#: Files up to this size are read to count their games before they are shared out.
_SMALL_FILE = 16_384


def _shares_of(file: str, of: int) -> int:
    """``of``, or 1 for a file of one game or none: game 0 is share 0's
    (:func:`~narde_notation.analysis.files.share_of`), so the others would be
    empty, and one share alone runs in this process with no worker pool
    started (a one-game ``narde analyse``: 0.46 -> 0.39 CPU-s).  Only a
    regular file of at most :data:`_SMALL_FILE` bytes is read to know."""
    if of == 1:
        return 1
    try:
        if not os.path.isfile(file) or os.path.getsize(file) > _SMALL_FILE:
            return of
    except (OSError, ValueError):
        return of
    from narde_notation.replay import Pipeline

    games = Pipeline().read(file)
    return 1 if next(games, None) is None or next(games, None) is None else of


def iter_file_analyses(files: Sequence[str], *, jobs: int | None = 1,
                       scheduler: str | None = None, ply: Depth = AUTO, rules: str | None = None,
                       encoding: str | None = None, game: int | None = None,
                       watch: Watch | None = None, verify: int = 0,
                       seed: int = 0) -> Iterator[FileAnalysis | Failure]:
    """:func:`~narde_notation.analysis.files.analyse_file` of each file, in order, on
    :func:`~narde_notation.archive.executor.run_each` (``jobs``: processes, ``None`` all
    CPUs), each file shared out by game among them (:func:`analysis_shares`) and
    put back together (:func:`~narde_notation.analysis.files.merge_shares`): the
    same results as one call a file.

    Args:
        watch: sees the per-share results as they come, with their count (a
            caller's progress bar then moves within a file).
        game: only this game of each file (0-based); the files are not shared out.
        verify, seed: roll out the marked half-turns
            (:func:`~narde_notation.analysis.game.analyse`).

    Yields:
        Per file, in order: its analysis, or the :class:`Failure` of its first
        share that failed (the file's other shares are dropped, as when the
        whole file fails).
    """
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    shares = analysis_shares(files, workers, game=game)
    results = run_each(analyse_file, shares, jobs=workers, scheduler=scheduler, ply=ply,
                       game=game, rules_tag=rules, encoding=encoding,
                       **({"verify": verify, "seed": seed} if verify else {}))
    if watch is not None:
        results = watch(results, len(shares))
    return _per_file(shares, results)


def _per_file(shares: Sequence[Share], results: Iterable[FileAnalysis | Failure]
              ) -> Iterator[FileAnalysis | Failure]:
    """The per-share results of a file merged as soon as its last share is in."""
    parts: list[FileAnalysis | Failure] = []
    for share, result in zip(shares, results, strict=True):
        parts.append(result)
        if share.k < share.of - 1:
            continue
        failures = [p for p in parts if isinstance(p, Failure)]
        yield failures[0] if failures else merge_shares(
            [p for p in parts if not isinstance(p, Failure)])
        parts = []


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
                  ply: Depth = AUTO, rules: str | None = None, encoding: str | None = None,
                  problems: list[str] | None = None) -> list[GameAnalysis]:
    """Every game of ``files`` analysed, in file order; unreadable files and
    failures are appended to ``problems`` (one line each)."""
    return collect(iter_file_analyses(files, jobs=jobs, scheduler=scheduler, ply=ply,
                                      rules=rules, encoding=encoding),
                   problems if problems is not None else [])


def with_turn_analysis(turns: pd.DataFrame, analyses: Iterable[GameAnalysis]) -> pd.DataFrame:
    """``turns`` with :data:`TURN_ANALYSIS_COLUMNS` joined on
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
                              {"file": "category", "game": "int64", **dtypes}.items()})
    rated = rated.rename(columns={"turns": "turns_legal"})
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
    joined after its own columns (names, order and units of
    :data:`~narde_notation.analysis.summary.SUMMARY_COLUMNS`; a player with no
    analysed game gets missing values: the count columns are ``Int64`` then,
    the others keep their dtypes)."""
    summary = player_summary(analyses).set_index("player")
    joined = players.join(summary[list(PLAYER_ANALYSIS_COLUMNS)], how="left")
    counts = {c: "Int64" for c in PLAYER_ANALYSIS_COLUMNS if SUMMARY_COLUMNS[c] == "int64"}
    return joined.astype(counts)


def analysed_matches(analyses: Sequence[GameAnalysis]
                     ) -> list[tuple[dict[str, Any], list[GameAnalysis]]]:
    """The matches of analysed games, grouped by the one rule of
    :mod:`narde_notation.archive.matches` (``Match``, ``Game`` and ``Score``
    tags, the players, the results as replayed; R10).

    Returns:
        One ``(match, games)`` per match, in :func:`~narde_notation.archive.matches.matches_frame`'s
        order: ``match`` that frame's row as a dict (missing values ``None``;
        ``white_score`` / ``black_score`` the points at the end of the games
        analysed), ``games`` its analysed games in file order.  A game with no
        ``Match`` tag is a 1-point match of its own.
    """
    import pandas as pd

    from narde_notation.archive.matches import match_games, matches_frame
    from narde_notation.formats import parse_count

    games = pd.DataFrame({
        "file": [a.file for a in analyses], "game": [a.game for a in analyses],
        "white": [a.white for a in analyses], "black": [a.black for a in analyses],
        "match": pd.array([parse_count(a.tags.get("Match")) for a in analyses], dtype="Int64"),
        "game_number": pd.array([parse_count(a.tags.get("Game")) for a in analyses],
                                dtype="Int64"),
        "score": [a.tags.get("Score") for a in analyses],
        "date": [a.tags.get("Date") for a in analyses],
        "valid": [not a.errors for a in analyses], "kind": [a.kind for a in analyses],
        "winner": [None if a.winner is None else a.winner.name_lower for a in analyses],
        "points": [a.points for a in analyses]})
    if not len(games):
        return []
    by_key = {(a.file, a.game): a for a in analyses}
    members: dict[int, list[GameAnalysis]] = {}
    for file, game, match in match_games(games).itertuples(index=False, name=None):
        members.setdefault(int(match), []).append(by_key[(str(file), int(game))])
    rows = matches_frame(games).astype(object)
    out = []
    for row in rows.where(rows.notna(), None).to_dict("records"):
        out.append(({str(k): v for k, v in row.items()}, members[int(row["match"])]))
    return out
