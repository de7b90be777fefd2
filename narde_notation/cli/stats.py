"""``narde-stats``: statistics of Long Narde archives.

Reads every game of PATHS, replays it (:mod:`narde_notation.replay.validation`) and
prints the summary of :func:`narde_notation.archive.summary` (or a table
per player or per file with ``--by``).  The per-file work is
:func:`narde_notation.archive.tasks.file_rows` on
:func:`narde_notation.archive.executor.run_each`, as for ``narde-validate``: in a
local process pool (``--jobs``) or on a Dask distributed cluster
(``--scheduler``); the output is the same either way.

Exit codes: 0 when the statistics were made (games with errors are
statistics too: they are counted and listed as skipped, not a failure);
2 for a usage error, an unreadable path or an internal failure on a file
(message on standard error with the path; the other files are still
processed and reported); 130 after Ctrl-C.

To add an option: a ``click.option`` below and a step in
:func:`narde_stats` after the tables are made (``ft``: the tables, ``s``:
the summary); problems go to the ``problems`` list (exit 2).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from narde_notation import cli as common
from narde_notation.archive import (
    FileTables,
    SchedulerError,
    TableRows,
    file_rows,
    iter_rows,
    render_frame,
    summary,
)
from narde_notation.formats import STDIN, parse_count
from narde_notation.model import csv_safe_frame, json_safe, shown

if TYPE_CHECKING:
    import pandas as pd

    from narde_notation.analysis import GameAnalysis
    from narde_notation.archive import Summary

__all__ = [
    "CSV_TEXT_COLUMNS",
    "narde_stats",
    "race_choice",
    "race_title",
    "render_summary",
]

PROGRAM = "narde-stats"
F = TypeVar("F", bound=Callable[..., Any])
#: Files at which the progress bar starts to be worth showing (stderr a terminal).
_PROGRESS_MIN_FILES = 8
#: Per table: the columns of text from records or file names, neutralised in CSV
#: (OWASP; docs/decisions.md "Tables and CLIs").  Results, codes, numbers are data.
CSV_TEXT_COLUMNS: dict[str, tuple[str, ...]] = {
    "games": ("file", "white", "black", "rules", "declared", "replay_error", "score", "date"),
    "turns": ("file", "moves"),
    "findings": ("file", "message"),
}


def _stdin_rows(rules: str | None, turns: bool, encoding: str | None) -> TableRows:
    """Standard input, streamed through the one decoding path (as a file)."""
    return file_rows("<stdin>", rules, turns, location=STDIN, encoding=encoding)


def _prefetch() -> None:
    """Import what the summary needs while the workers run (they were forked
    before: they never load pandas, the per-file work builds plain lists)."""
    import pandas  # noqa: F401
    import scipy.stats  # noqa: F401
    import tabulate  # noqa: F401


def render_summary(s: Summary, fmt: str) -> str:
    """The summary in ``fmt``: ``table``, ``markdown`` (both with the per-player
    table), ``json`` (counts as integers) or ``csv`` (tidy section, key, value)."""
    import json

    if fmt == "json":
        return json_safe(json.dumps(s.to_dict(), ensure_ascii=False, indent=1)) + "\n"
    if fmt == "csv":
        return str(csv_safe_frame(s.to_frame(), ("key",)).to_csv(index=False,
                                                                  float_format="%.10g"))
    return s.to_text("github" if fmt == "markdown" else "simple")


def race_choice(ft: FileTables, choice: str | None) -> tuple[str, int] | None:
    """The (file, game) of ``--race FILE:GAME`` (``None``: the first game read
    that has a replayed half-turn; ``None`` when no game has one).

    ``FILE`` is matched against the files as read, then by path; ``GAME`` is
    the 0-based index of the game in its file.

    Raises:
        click.BadParameter: no such file or game among those read.
    """
    if choice is None:
        t = ft.turns
        replayed = t.loc[t["replayed"].astype(bool)] if len(t) else t
        if not len(replayed):
            return None
        return str(replayed["file"].iloc[0]), int(replayed["game"].iloc[0])
    name, sep, written = choice.rpartition(":")
    number = parse_count(written) if written.strip() == written else None
    if not sep or number is None or not name:
        raise click.BadParameter(f"{shown(choice)}: expected FILE:GAME, GAME a number of at"
                                 " most nine digits, e.g. archive.txt:0", param_hint="--race")
    games = ft.games
    files = {str(f): str(f) for f in ft.files}
    if name not in files:
        target = Path(name).resolve()
        files = {str(f): str(f) for f in ft.files if Path(f).resolve() == target}
        name = next(iter(files), name)
    chosen = games.loc[(games["file"].astype(str) == name) & (games["game"] == number)]
    if not len(chosen):
        raise click.BadParameter(f"{shown(choice)}: no game {number} in a file read as"
                                 f" {shown(name)}", param_hint="--race")
    return name, number


def race_title(ft: FileTables, file: str, game: int) -> str:
    """The race plot's title: ``"Race: Ann (White) vs Bob (Black), club.txt game 3"``
    (names escaped for a picture: control characters visible, ``$`` not mathtext)."""
    import pandas as pd

    from narde_notation.model import visible

    g = ft.games
    row = g.loc[(g["file"].astype(str) == file) & (g["game"] == game)].iloc[0]

    def shown(value: Any) -> str:
        text = "?" if pd.isna(value) else str(value)
        return visible(text).replace("$", r"\$")

    return (f"Race: {shown(row['white'])} (White) vs {shown(row['black'])} (Black), "
            f"{shown(Path(file).name)} game {game}")


def _write_plots(directory: str, ft: FileTables, s: Summary, race: tuple[str, int] | None,
                 ) -> list[str]:
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    from narde_notation.show import plot_dice, plot_game_lengths, plot_mars_rate, plot_race

    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    jobs: list[tuple[str, Callable[[Any], Any]]] = [
        ("mars_rate.png", lambda ax: plot_mars_rate(ft.games, ax=ax)),
        ("game_lengths.png", lambda ax: plot_game_lengths(ft.games, ax=ax)),
        # the summary's dice: the same valid games as the dice table
        ("dice.png", lambda ax: plot_dice(s, ax=ax)),
    ]
    if race is not None:
        file, game = race
        t = ft.turns
        game_turns = t.loc[(t["file"].astype(str) == file) & (t["game"] == game)]
        title = race_title(ft, file, game)

        def draw_race(ax: Any) -> Any:
            plot_race(game_turns, ax=ax)
            ax.set_title(title)
            return ax

        if len(game_turns) and game_turns["replayed"].astype(bool).any():
            jobs.append(("race.png", draw_race))
        else:
            common.echo_notice(PROGRAM, f"no race plot: game {game} of {file} has no "
                                        "replayed half-turn")
    for filename, draw in jobs:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        try:
            draw(ax)
            fig.tight_layout()
            target = out / filename
            fig.savefig(target, dpi=100)
            written.append(str(target))
        finally:
            plt.close(fig)
    return written


def _write_tables(ft: FileTables, csvs: dict[str, str | None],
                  parquets: dict[str, str | None], problems: list[str]) -> None:
    frames: dict[str, pd.DataFrame] = {"games": ft.games, "turns": ft.turns,
                                       "findings": ft.findings}
    for table, target in csvs.items():
        if target is None:
            continue
        try:
            csv_safe_frame(frames[table], CSV_TEXT_COLUMNS[table]).to_csv(target, index=False)
        except OSError as exc:
            problems.append(f"{target}: cannot write: {exc.strerror or exc}")
    for table, target in parquets.items():
        if target is None:
            continue
        try:
            frames[table].to_parquet(target, index=False)
        except OSError as exc:
            problems.append(f"{target}: cannot write: {exc.strerror or exc}")


def _player_list(players: pd.DataFrame) -> str:
    """``--by player --format json``: a list of objects, each with its ``player``."""
    import json

    from narde_notation.archive import table_records

    rows = [{"player": name, **row} for name, row in table_records(players).items()]
    return json_safe(json.dumps(rows, ensure_ascii=False, indent=1)) + "\n"


def _standings(ft: FileTables, encoding: str | None) -> pd.DataFrame:
    """``--by player``: the player table with matches, rating and experience."""
    from narde_notation.archive import matches_frame, standings

    return standings(ft.games, matches_frame(ft.games, encoding=encoding))


#: ``--by player``'s columns in a table or markdown unless ``--columns`` says
#: otherwise: what fits a terminal, draws shown so that games = wins + losses
#: + draws (+ unfinished) reads (the standings' every column, 20, and the
#: analysis's 15 more are in csv and json, or with ``--columns all``).
PLAYER_COLUMNS = ("player", "games", "wins", "losses", "draws", "win_rate", "points_won",
                  "points_lost", "rating")
#: with ``--analyse``: these too, in place of the points.
PLAYER_ANALYSIS_SHOWN = ("error_rate", "skill", "very_bad", "luck")


def _player_columns(players: pd.DataFrame, columns: str | None, fmt: str, *,
                    analysed: bool) -> pd.DataFrame:
    """The ``--by player`` table's columns: ``--columns`` (``all`` or names), else
    every one for csv and json and a terminal's width for table and markdown."""
    if (columns is None and fmt in ("csv", "json")) or columns == "all":
        return players
    if columns is None:
        wanted = [c for c in PLAYER_COLUMNS[1:]
                  if not analysed or c not in ("points_won", "points_lost")]
        if analysed:
            wanted += PLAYER_ANALYSIS_SHOWN
    else:
        wanted = [c.strip() for c in columns.split(",") if c.strip()]
        unknown = [c for c in wanted if c not in players.columns]
        if unknown:
            raise click.BadParameter(
                f"no column {', '.join(map(repr, unknown))}: the columns are"
                f" {', '.join(map(str, players.columns))} (or 'all')", param_hint="--columns")
    return players[[c for c in wanted if c in players.columns]]


#: narde-stats' options after PATHS, in the order --help lists them.
_STATS_OPTIONS: tuple[Callable[[Callable[..., Any]], Callable[..., Any]], ...] = (
    click.option(
        "--format",
        "fmt",
        type=click.Choice(["table", "csv", "json", "markdown"]),
        default="table",
        show_default=True,
        help="Output of the summary (or of the --by table).",
    ),
    click.option("--games-csv", type=click.Path(dir_okay=False),
                 help="Write the games frame here."),
    click.option("--turns-csv", type=click.Path(dir_okay=False),
                 help="Write the turns frame here."),
    click.option(
        "--findings-csv", type=click.Path(dir_okay=False), help="Write the findings frame here."
    ),
    click.option("--games-parquet", type=click.Path(dir_okay=False),
                 help="Write the games frame as Parquet (needs pyarrow: the 'parquet' extra)."),
    click.option("--turns-parquet", type=click.Path(dir_okay=False),
                 help="Write the turns frame as Parquet."),
    click.option("--findings-parquet", type=click.Path(dir_okay=False),
                 help="Write the findings frame as Parquet."),
    click.option(
        "--by",
        type=click.Choice(["player", "file"]),
        help="Print one row per player or per file instead of the summary.",
    ),
    click.option("--columns", "columns", metavar="all|NAMES",
                 help="With --by player: the columns to print (comma list, or 'all'; default"
                      " for table and markdown: " + ", ".join(PLAYER_COLUMNS[1:])
                      + "; with --analyse " + ", ".join(PLAYER_ANALYSIS_SHOWN) + " too; csv"
                      " and json: all)."),
    click.option(
        "--plots", "plots_dir", type=click.Path(file_okay=False), help="Write PNG plots here."
    ),
    click.option("--race", metavar="FILE:GAME",
                 help="With --plots: the game of the race plot (0-based index in FILE; "
                 "default the first game read)."),
    click.option(
        "-j",
        "--jobs",
        type=click.IntRange(min=1),
        default=None,
        help="Worker processes (default: all cores).",
    ),
    click.option("--rules", "rules_tag", metavar="TAG", callback=common.check_rules_tag,
                 help="Override the records' Rules tag."),
    click.option(
        "--scheduler",
        metavar="ADDRESS",
        help="Run the per-file work on this Dask distributed scheduler (tcp://host:8786).",
    ),
    click.option("--report", "report_dir", type=click.Path(file_okay=False),
                 help="Write the club report (index.html, games/) to this folder."),
    click.option("--report-games", type=click.IntRange(min=0), default=500, show_default=True,
                 help="Past this many games, viewer pages only for games with findings."),
    click.option("--analyse", "analyse", is_flag=True,
                 help="Rate every half-turn by the evaluator (0-ply): the turns table gains "
                      "loss, mark, luck, ...; --by player gains error_rate, mark counts, luck."),
    click.option("-q", "--quiet", is_flag=True, help="No progress bar and no note on stderr."),
    common.encoding_option,
)


def _stats_options(command: F) -> F:
    """narde-stats' options (:data:`_STATS_OPTIONS`) on ``command``."""
    for option in reversed(_STATS_OPTIONS):
        command = option(command)
    return command


@click.command(context_settings={"help_option_names": ["-h", "--help"]},
               short_help="Statistics, tables, plots and the club report of archives.")
@click.argument("paths", nargs=-1, required=True)
@_stats_options
@click.version_option(package_name="narde-notation")
@common.program_collections()
@common.program_output(PROGRAM)
def narde_stats(
    paths: tuple[str, ...], fmt: str, games_csv: str | None, turns_csv: str | None,
    findings_csv: str | None, games_parquet: str | None, turns_parquet: str | None,
    findings_parquet: str | None, by: str | None, columns: str | None, plots_dir: str | None,
    race: str | None, jobs: int | None, rules_tag: str | None, scheduler: str | None,
    report_dir: str | None, report_games: int, analyse: bool, quiet: bool, encoding: str | None,
) -> None:
    """Statistics of Long Narde records: results, mars, lengths, players, dice.

    PATHS are files, folders (searched for *.txt, *.mat, *.nrd), globs, or -
    for standard input.  Games with errors stay in the tables, marked, and
    are listed as skipped in the summary.  Exit 0: done; 2: usage error,
    unreadable path or internal failure (the other files are still
    processed); 130: interrupted.
    """
    parquets = {"games": games_parquet, "turns": turns_parquet, "findings": findings_parquet}
    _check_extras(parquets, scheduler)
    expanded = common.expand_arguments(PROGRAM, paths)
    problems = list(expanded.problems)
    files = [f for f in expanded.files if f != STDIN]
    # the turns frame is built only for what shows it; the summary's dice
    # fairness uses the roll counts every file returns anyway
    need_turns = (turns_csv is not None or turns_parquet is not None
                  or plots_dir is not None)
    ft = _read_tables(files, STDIN in expanded.files, problems, need_turns=need_turns,
                      jobs=jobs, scheduler=scheduler, rules_tag=rules_tag, encoding=encoding,
                      quiet=quiet)
    s = summary(ft)
    analyses = None
    if analyse and by != "player" and report_dir is None and turns_csv is None \
            and turns_parquet is None:
        # nothing would show it: the summary has no analysis columns (decisions A16)
        common.echo_notice(PROGRAM, "--analyse shows with --by player, --turns-csv,"
                           " --turns-parquet or --report; nothing analysed")
    elif analyse:
        analyses = _analyses(ft, files, problems, need_turns=need_turns, jobs=jobs,
                             scheduler=scheduler, rules_tag=rules_tag, encoding=encoding,
                             quiet=quiet)
    if by == "player":
        click.echo(_players_text(ft, analyses, columns, fmt, encoding), nl=False)
    else:
        click.echo(render_frame(s.files, fmt) if by == "file" else render_summary(s, fmt),
                   nl=False)

    _write_tables(ft, {"games": games_csv, "turns": turns_csv, "findings": findings_csv},
                  parquets, problems)
    if race is not None and plots_dir is None:
        common.echo_notice(PROGRAM, "--race chooses the game of the race plot: "
                                    "it needs --plots DIR")
    if plots_dir is not None:
        try:
            _write_plots(plots_dir, ft, s, race_choice(ft, race))
        except OSError as exc:
            problems.append(f"{plots_dir}: cannot write plots: {exc.strerror or exc}")
    if report_dir is not None:
        _write_club_report(files, report_dir, problems, report_games=report_games,
                           rules_tag=rules_tag, encoding=encoding, jobs=jobs, ft=ft,
                           analyses=analyses, quiet=quiet)
    _finish(ft, s, problems, quiet)


def _check_extras(parquets: dict[str, str | None], scheduler: str | None) -> None:
    """Exit 2 when an option needs an extra that is not installed (pyarrow, distributed)."""
    if any(parquets.values()) and importlib.util.find_spec("pyarrow") is None:
        common.echo_error(PROGRAM,
                          "--*-parquet needs pyarrow: pip install pyarrow (or, in the"
                          " project folder, pip install \".[parquet]\")")
        sys.exit(2)
    if scheduler is not None and importlib.util.find_spec("distributed") is None:
        common.echo_error(PROGRAM, "--scheduler needs dask[distributed]: pip install"
                          " \"dask[distributed]\" (or, in the project folder, pip install"
                          " \".[dask]\")")
        sys.exit(2)


def _read_tables(files: list[str], stdin: bool, problems: list[str], *, need_turns: bool,
                 jobs: int | None, scheduler: str | None, rules_tag: str | None,
                 encoding: str | None, quiet: bool) -> FileTables:
    """The tables of ``files`` (and standard input), the unreadable ones added to
    ``problems``; exit 130 after Ctrl-C, 2 when nothing was read."""
    parts: list[TableRows] = []
    show_bar = not quiet and sys.stderr.isatty() and len(files) >= _PROGRESS_MIN_FILES
    try:
        if stdin:
            # standard input is small: its turns are built
            parts.append(_stdin_rows(rules_tag, True, encoding))
        results = iter_rows(files, jobs=jobs, scheduler=scheduler, rules=rules_tag,
                            turns=need_turns, encoding=encoding)
        # the summary's imports overlap the workers, once they are running
        parts.extend(common.progress(results, count=len(files), show_bar=show_bar,
                                     label="reading", at_first=_prefetch))
    except KeyboardInterrupt:
        common.echo_error(PROGRAM, f"interrupted after {common.counted(len(parts), 'file')}")
        sys.exit(common.EXIT_INTERRUPTED)
    except SchedulerError as exc:
        common.echo_error(PROGRAM, str(exc))
        sys.exit(2)
    ft = TableRows.merge(parts)
    for path, why in ft.problems.items():
        problems.append(f"{path}: cannot read: {why}")
    problems.extend(ft.failures.values())
    if not ft.files and not stdin:
        # nothing was read (a missing path, an empty folder): no empty summary
        for problem in problems or ["no record file read"]:
            common.echo_error(PROGRAM, problem)
        sys.exit(2)
    for path in ft.files_without_games():
        if path not in ft.failures and path not in ft.problems:
            # as narde-validate, which reports it as an error
            common.echo_notice(PROGRAM, f"{path}: no game read (an empty file or not a"
                               " record; narde-validate shows where)")
    return ft


def _analyses(ft: FileTables, files: list[str], problems: list[str], *, need_turns: bool,
              jobs: int | None, scheduler: str | None, rules_tag: str | None,
              encoding: str | None, quiet: bool) -> list[GameAnalysis]:
    """``--analyse``: every game of ``files`` analysed (0-ply), the turns table
    gaining the analysis' columns when it is built; exit 130 after Ctrl-C."""
    common.require_evaluator(PROGRAM)
    from narde_notation.archive import collect, iter_file_analyses, with_turn_analysis

    try:
        analyses = collect(iter_file_analyses(
            files, jobs=jobs, scheduler=scheduler, rules=rules_tag, encoding=encoding,
            watch=common.share_progress(show_bar=not quiet and sys.stderr.isatty(),
                                        label="analysing")), problems)
    except KeyboardInterrupt:
        common.echo_error(PROGRAM, "interrupted while analysing")
        sys.exit(common.EXIT_INTERRUPTED)
    except SchedulerError as exc:
        common.echo_error(PROGRAM, str(exc))
        sys.exit(2)
    if need_turns:
        ft.turns = with_turn_analysis(ft.turns, analyses)
    return analyses


def _players_text(ft: FileTables, analyses: list[GameAnalysis] | None, columns: str | None,
                  fmt: str, encoding: str | None) -> str:
    """``--by player``: the standings (with the analysis' columns) in ``fmt``."""
    players = _standings(ft, encoding)
    if analyses is not None:
        from narde_notation.archive import with_player_analysis

        players = with_player_analysis(players, analyses)
    players = _player_columns(players, columns, fmt, analysed=analyses is not None)
    return _player_list(players) if fmt == "json" else render_frame(players, fmt)


def _write_club_report(files: list[str], report_dir: str, problems: list[str], *,
                       report_games: int, rules_tag: str | None, encoding: str | None,
                       jobs: int | None, ft: FileTables, analyses: list[GameAnalysis] | None,
                       quiet: bool) -> None:
    """``--report DIR``: the club report written; a failure added to ``problems``."""
    from narde_notation.show import write_report

    try:
        index = write_report(files, report_dir, report_games=report_games,
                             rules=rules_tag, encoding=encoding, jobs=jobs, tables=ft,
                             analyses=analyses)
        if not quiet:
            click.echo(f"report: {index}", err=True)
    except OSError as exc:
        problems.append(f"{report_dir}: cannot write the report: {exc.strerror or exc}")


def _finish(ft: FileTables, s: Summary, problems: list[str], quiet: bool) -> NoReturn:
    """The problems on stderr, the count line (unless ``quiet``); exit 2 if any problem."""
    for problem in problems:
        common.echo_error(PROGRAM, problem)
    if not quiet:
        ov = s.overview
        click.echo(
            f"{common.counted(len(ft.files), 'file')}, "
            f"{common.counted(int(ov['games']), 'game')}, "
            f"{int(ov['valid'])} valid, {int(ov['skipped'])} skipped",
            err=True,
        )
    sys.exit(2 if problems else 0)
