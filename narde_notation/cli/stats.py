"""``narde-stats``: statistics of Long Narde archives.

Reads every game of PATHS, replays it (:mod:`narde_notation.validate`) and
prints the summary of :func:`narde_notation.frames.summary` (or a table
per player or per file with ``--by``).  The per-file work runs in a local
process pool (``--jobs``) or on a Dask distributed cluster
(``--scheduler``); the output is the same either way.

Exit codes: 0 when the statistics were made (games with errors are
statistics too: they are counted and listed as skipped, not a failure);
2 for a usage error or an unreadable path (message on standard error with
the path; the other files are still processed and reported).
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from narde_notation.cli import check_rules_tag, encoding_option
from narde_notation.findings import visible
from narde_notation.frames import (
    FileTables,
    Summary,
    _Acc,
    _file_columns,
    _iter_work,
    _iter_work_dask,
    _merge,
    summary,
)
from narde_notation.sources import STDIN, expand_paths

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["narde_stats"]

#: Files at which the progress bar starts to be worth showing (stderr a terminal).
_PROGRESS_MIN_FILES = 8


def _stdin_work(rules: str | None, encoding: str | None = None) -> _Acc:
    """Standard input, streamed and decoded as a file is (one decoding path)."""
    from narde_notation.reader import read_games

    return _file_columns("<stdin>", rules,
                         records=read_games(STDIN, name="<stdin>", encoding=encoding))


def _prefetch() -> None:
    """Import what the summary needs while the workers run (they were forked
    before: they never load pandas, the per-file work builds plain lists)."""
    import pandas  # noqa: F401
    import scipy.special  # noqa: F401
    import tabulate  # noqa: F401


def _render(frame: pd.DataFrame, fmt: str) -> str:
    if fmt == "csv":
        return frame.to_csv()
    if fmt == "json":
        data = json.loads(frame.to_json(orient="index", force_ascii=False))
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    from tabulate import tabulate

    tablefmt = "github" if fmt == "markdown" else "simple"
    return str(tabulate(frame, headers="keys", tablefmt=tablefmt, floatfmt=".4g")) + "\n"


def _render_summary(s: Summary, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(s.to_dict(), ensure_ascii=False, indent=1) + "\n"
    if fmt == "csv":
        return s.to_frame().to_csv(index=False, float_format="%.10g")
    return s.to_text("github" if fmt == "markdown" else "simple")


def _write_plots(directory: str, ft: FileTables) -> list[str]:
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    from narde_notation import plots

    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    jobs: list[tuple[str, Callable[[Any], Any]]] = [
        ("mars_rate.png", lambda ax: plots.plot_mars_rate(ft.games, ax=ax)),
        ("game_lengths.png", lambda ax: plots.plot_game_lengths(ft.games, ax=ax)),
        ("dice.png", lambda ax: plots.plot_dice(ft.turns, ax=ax)),
    ]
    if len(ft.games):
        first = ft.games.iloc[0]
        t = ft.turns
        game_turns = t.loc[(t["file"] == first["file"]) & (t["game"] == first["game"])]
        if len(game_turns):
            jobs.append(("race.png", lambda ax: plots.plot_race(game_turns, ax=ax)))
    for name, draw in jobs:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        try:
            draw(ax)
            fig.tight_layout()
            target = out / name
            fig.savefig(target, dpi=100)
            written.append(str(target))
        finally:
            plt.close(fig)
    return written


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "csv", "json", "markdown"]),
    default="table",
    show_default=True,
    help="Output of the summary (or of the --by table).",
)
@click.option("--games-csv", type=click.Path(dir_okay=False), help="Write the games frame here.")
@click.option("--turns-csv", type=click.Path(dir_okay=False), help="Write the turns frame here.")
@click.option(
    "--findings-csv", type=click.Path(dir_okay=False), help="Write the findings frame here."
)
@click.option(
    "--by",
    type=click.Choice(["player", "file"]),
    help="Print one row per player or per file instead of the summary.",
)
@click.option(
    "--plots", "plots_dir", type=click.Path(file_okay=False), help="Write PNG plots here."
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes (default: all cores).",
)
@click.option("--rules", "rules_tag", metavar="TAG", callback=check_rules_tag,
              help="Override the records' Rules tag.")
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Run the per-file work on this Dask distributed scheduler (tcp://host:8786).",
)
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no note on stderr.")
@encoding_option
def narde_stats(
    paths: tuple[str, ...],
    fmt: str,
    games_csv: str | None,
    turns_csv: str | None,
    findings_csv: str | None,
    by: str | None,
    plots_dir: str | None,
    jobs: int | None,
    rules_tag: str | None,
    scheduler: str | None,
    quiet: bool,
    encoding: str | None,
) -> None:
    """Statistics of Long Narde records: results, mars, lengths, players, dice.

    PATHS are files, folders (searched for *.txt, *.mat, *.nrd), globs, or -
    for standard input.  Games with errors stay in the tables, marked, and
    are listed as skipped in the summary.  Exit 0: done; 2: usage error or
    unreadable path (the other files are still processed).
    """
    expanded = expand_paths(paths)
    problems = list(expanded.problems)
    files = [f for f in expanded.files if f != STDIN]
    parts: list[_Acc] = []
    if STDIN in expanded.files:
        parts.append(_stdin_work(rules_tag, encoding))
    stderr = sys.stderr
    # the turns frame is built only for what shows it; the summary's dice
    # fairness uses the roll counts every file returns anyway
    need_turns = turns_csv is not None or plots_dir is not None
    show_bar = not quiet and stderr.isatty() and len(files) >= _PROGRESS_MIN_FILES
    if scheduler is not None:
        if importlib.util.find_spec("distributed") is None:
            click.echo(
                "narde-stats: error: --scheduler needs dask[distributed] "
                "(pip install narde-notation[dask])",
                err=True,
            )
            sys.exit(2)
        results: Iterator[_Acc] = _iter_work_dask(files, scheduler, rules_tag, need_turns,
                                                  encoding)
    else:
        results = _iter_work(files, rules_tag, jobs or os.cpu_count() or 1, need_turns,
                             encoding)
    prefetched = False
    try:
        with click.progressbar(
            results,
            length=len(files),
            label="reading",
            file=stderr if show_bar else io.StringIO(),
        ) as bar:
            for part in bar:
                if not prefetched:
                    _prefetch()  # overlaps the summary's imports with the workers
                    prefetched = True
                parts.append(part)
    except Exception as exc:
        if scheduler is None:
            raise
        # an unreachable or malformed scheduler address, a lost cluster
        click.echo(
            f"narde-stats: error: scheduler {scheduler}: {type(exc).__name__}: {exc}", err=True
        )
        sys.exit(2)
    ft = _merge(parts)
    for path, why in ft.problems.items():
        problems.append(f"{path}: cannot read: {why}")

    s = summary(ft)
    if by == "player":
        text = _render(s.players, fmt)
    elif by == "file":
        text = _render(s.files, fmt)
    else:
        text = _render_summary(s, fmt)
    click.echo(text, nl=False)

    for target, frame in ((games_csv, ft.games), (turns_csv, ft.turns),
                          (findings_csv, ft.findings)):
        if target is None:
            continue
        try:
            frame.to_csv(target, index=False)
        except OSError as exc:
            problems.append(f"{target}: cannot write: {exc.strerror or exc}")
    if plots_dir is not None:
        try:
            _write_plots(plots_dir, ft)
        except OSError as exc:
            problems.append(f"{plots_dir}: cannot write plots: {exc.strerror or exc}")

    for problem in problems:
        click.echo(f"narde-stats: error: {visible(problem)}", err=True)
    if not quiet:
        ov = s.overview
        click.echo(
            f"{len(ft.files)} files, {ov['games']} games, {ov['valid']} valid, "
            f"{ov['skipped']} skipped",
            err=True,
        )
    sys.exit(2 if problems else 0)
