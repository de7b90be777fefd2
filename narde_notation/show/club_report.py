"""The club's report: one self-contained folder of HTML to publish.

:func:`write_report` writes ``DIR/index.html`` (summary, standings, rating
history, plots, findings by code, matches and games tables) and one viewer
page per game in ``DIR/games/`` (:func:`narde_notation.show.viewer.game_page`),
which all load the viewer's one script and style sheet from ``DIR/assets/``
(``viewer.js``, ``viewer.css``): a page carries its game as data, not as
drawn boards.  Everything is in those files: plots are PNG images inlined as
``data:`` URIs, the index's style is inline, nothing is fetched from the network.  Every name
and every text from the records is HTML-escaped
(:func:`narde_notation.model.safe_text.html_text`).  The page reads on a phone: a
viewport meta tag, a fluid layout, and tables that scroll sideways.
"""

from __future__ import annotations

import base64
import io
import math
import os
import re
import shutil
import signal
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narde_notation.model import html_text as escape
from narde_notation.replay import ReplayOptions

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from narde_notation.analysis import GameAnalysis
    from narde_notation.archive import FileTables, PathsLike
    from narde_notation.model import Ruleset

__all__ = ["write_report"]

#: Findings listed per code on the index page (the rest are counted).
_FINDINGS_LISTED = 200
#: Half-turns listed under "Worst blunders" (the largest losses of the archive).
_BLUNDERS_LISTED = 20
#: Players drawn on the rating plot (the best rated; the table has everyone).
_PLOTTED_PLAYERS = 10

_BETWEEN_TAGS = re.compile(r">\n\s*<")

_CSS = """
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;
max-width:72em;padding:0.6em;line-height:1.4;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;max-width:100%}
table{border-collapse:collapse;font-size:0.9em;margin:0.4em 0}
th,td{border:1px solid #ddd;padding:2px 6px;text-align:left;white-space:nowrap}
th{background:#f4f4f4}
img{max-width:100%;height:auto}
figure{margin:0.6em 0}figcaption{font-size:0.85em;color:#555}
summary{cursor:pointer;font-weight:600}
.err{color:#a00}.warn{color:#a60}
li,p,summary,figcaption{overflow-wrap:anywhere}
@media (max-width:40em){body{padding:0.3em}table{font-size:0.8em}}
"""


def write_report(
    paths: PathsLike,
    out_dir: str | os.PathLike[str],
    *,
    report_games: int = 500,
    rules: Ruleset | str | None = None,
    encoding: str | None = None,
    jobs: int | None = 1,
    tables: FileTables | None = None,
    title: str = "Long Narde club report",
    analyses: Sequence[GameAnalysis] | None = None,
) -> Path:
    """Write the report of the games of ``paths`` to ``out_dir``.

    Args:
        paths: files, folders or globs (:func:`narde_notation.formats.sources.expand_paths`).
        out_dir: the folder to write (created with its parents): its
            ``index.html`` and ``games/`` are replaced by the new report, which
            is written beside it first and renamed into place at the end, so
            an interrupted run (Ctrl-C, a full disk) leaves the old report
            or none (decisions F21); other files in it are left as they are.
        report_games: up to this many games, every game gets a viewer page;
            past it, only games with findings (errors or warnings) do.
        rules: a ruleset or ``Rules`` tag value overriding every game's own.
        encoding: the code page of files that are not UTF-8 (as for
            ``narde-stats --encoding``): the tables, the match tags and the
            game pages all read the files with it (:class:`ReplayOptions`).
        jobs: worker processes (``None``: all CPUs).
        tables: the :class:`~narde_notation.archive.frames.FileTables` of ``paths``
            when already made (``narde-stats`` passes its own); read otherwise.
        title: the page's title (escaped).
        analyses: the games analysed (:func:`narde_notation.archive.analysed.analyse_files`):
            the standings gain each player's error rate, skill label, mark
            counts and luck; a "Worst blunders" section lists the
            :data:`_BLUNDERS_LISTED` largest losses, each linked to its
            half-turn in the game's viewer page (``gNNNNN.html#ply=K``); the
            viewer pages are analysed (marks, graph, mistake jumps).

    Returns:
        The path of ``index.html``.  ``index.html`` holds: the summary
        (:func:`narde_notation.archive.summary`), the standings
        (:func:`narde_notation.archive.standings`), the rating history
        (:func:`narde_notation.show.plots.plot_ratings` and the list of matches,
        :func:`narde_notation.archive.matches.matches_frame`), the plots (mars
        rates, game lengths, dice fairness), the findings by code, and the
        games table, each game linked to ``games/gNNNNN.html`` (NNNNN: its
        row in the games table) when it has a page.

    Raises:
        FileNotFoundError: a path does not exist.
        OSError: ``out_dir`` cannot be written.
        narde_notation.model.errors.RulesetError: ``rules`` is not a ruleset tag.
    """
    from narde_notation.archive import matches_frame, ratings, standings, summary
    from narde_notation.archive import tables as read_tables  # ``tables``: the argument

    workers = jobs or os.cpu_count() or 1
    options = ReplayOptions(rules, encoding)  # bad options fail before any work
    ft = tables if tables is not None else read_tables(
        paths, options.rules, workers, encoding=options.encoding)
    readable = [f for f in ft.files if f not in ft.problems and os.path.isfile(f)]
    games = ft.games
    matches = matches_frame(games, encoding=options.encoding)
    history = ratings(matches)
    table = standings(games, matches, history)
    if analyses is not None:
        from narde_notation.archive import with_player_analysis

        table = with_player_analysis(table, analyses)
    s = summary(ft)
    analysed: dict[str, dict[int, GameAnalysis]] = {}
    for a in analyses or ():
        analysed.setdefault(a.file, {})[a.game] = a
    return _write_beside(Path(out_dir), lambda draft: _write_site(
        draft, title, s, ft, games, matches, history, table, analyses, report_games, options,
        workers, set(readable), analysed))


def _write_beside(out: Path, write: Callable[[Path], Path]) -> Path:
    """Run ``write`` (which fills a folder and returns its index page) on a draft
    folder beside ``out``, then move the draft into place; the index's path in ``out``.

    The site is written beside DIR and moved into place at the end: an interrupted
    or failed run leaves the old report or none (F21).
    """
    beside = out.resolve()  # where the folder is (a link: its target), so renames stay on it
    beside.parent.mkdir(parents=True, exist_ok=True)
    draft = Path(tempfile.mkdtemp(prefix=f".{beside.name or 'report'}.writing-",
                                  dir=beside.parent))
    try:
        index = write(draft)
        _move_into_place(draft, out)
    finally:
        shutil.rmtree(draft, ignore_errors=True)
    return out / index.name


def _write_site(
    out: Path, title: str, s: Any, ft: FileTables, games: pd.DataFrame, matches: pd.DataFrame,
    history: pd.DataFrame, table: pd.DataFrame, analyses: Sequence[GameAnalysis] | None,
    report_games: int, options: ReplayOptions, workers: int, readable: set[str],
    analysed: dict[str, dict[int, GameAnalysis]],
) -> Path:
    """Write ``index.html`` and ``games/`` into the (new, empty) folder ``out``."""
    pages = out / "games"
    pages.mkdir()
    from narde_notation.show.viewer import viewer_assets

    assets = out / _ASSETS
    assets.mkdir()
    for name, text in viewer_assets().items():  # shared by every game page
        (assets / name).write_text(text, encoding="utf-8")
    links = _write_pages(games, pages, report_games, options, workers, readable, analysed)

    body = [f"<h1>{escape(title)}</h1>", _summary_section(s, len(matches), history)]
    body.append(_section("Standings", "standings", _standings_html(table)))
    if analyses is not None:
        body.append(_section("Worst blunders", "blunders", _blunders_html(analyses, links)))
    body.append(_section("Ratings", "ratings", _ratings_html(history, table, matches)))
    body.append(_section("Plots", "plots", _plots_html(games, s)))
    body.append(_section("Findings by code", "findings", _findings_html(s, ft.findings, links)))
    body.append(_section("Games", "games", _games_html(games, links, report_games)))
    index = out / "index.html"
    index.write_text(_page(title, "\n".join(body)), encoding="utf-8")
    return index


#: What a report owns in its folder: the rest of the folder is left as it is.
_INDEX, _PAGES, _ASSETS = "index.html", "games", "assets"
_PAGE_NAME = re.compile(r"g[0-9]+\.html")


def _move_into_place(draft: Path, out: Path) -> None:
    """Put the report written in ``draft`` (beside ``out``) in place of the
    one in ``out``: ``games/``, ``assets/`` and ``index.html`` are renamed in (the old
    ``games/`` is moved into ``draft`` and deleted with it; files in it that
    are no report page are kept), with Ctrl-C held back until the renames
    are done (where signals can be blocked), so the folder holds the old
    report or the new one, never half of either.  ``out`` is created here,
    so an interrupted first run leaves none."""
    block = getattr(signal, "pthread_sigmask", None)
    held = block(signal.SIG_BLOCK, {signal.SIGINT}) if block is not None else None
    try:
        out.mkdir(exist_ok=True)
        mode = out.stat().st_mode & 0o7777
        old_pages = out / _PAGES
        replaced = draft / "replaced"
        for name, aside in ((_PAGES, replaced), (_ASSETS, draft / "replaced-assets")):
            _swap_folder(draft / name, out / name, aside, mode)
        os.replace(draft / _INDEX, out / _INDEX)
        if replaced.is_dir():
            for kept in replaced.iterdir():  # not the report's: moved over, not lost
                if not _PAGE_NAME.fullmatch(kept.name) and not (old_pages / kept.name).exists():
                    os.rename(kept, old_pages / kept.name)
    finally:
        if held is not None and block is not None:
            block(signal.SIG_SETMASK, held)


def _swap_folder(new: Path, old: Path, aside: Path, mode: int) -> None:
    """Rename folder ``new`` to ``old``, an old folder there first renamed to
    ``aside`` (a file or link there removed); ``new`` gets ``mode``."""
    if old.is_dir() and not old.is_symlink():
        os.rename(old, aside)
    elif old.exists() or old.is_symlink():
        old.unlink()
    os.chmod(new, mode)  # a folder made by mkdtemp is private (0o700)
    os.rename(new, old)


# --------------------------------------------------------------------------- pages


def _page_name(row: int) -> str:
    return f"g{row:05d}.html"


def _write_pages(
    games: pd.DataFrame,
    folder: Path,
    limit: int,
    options: ReplayOptions,
    jobs: int,
    readable: set[str],
    analysed: dict[str, dict[int, GameAnalysis]],
) -> dict[tuple[str, int], str]:
    """Viewer pages of the games that get one: (file, game) -> link."""
    findings = (games["errors"] + games["warnings"]).to_numpy() > 0
    by_file: dict[str, dict[int, str]] = {}
    for row, (file, game, flagged) in enumerate(
        zip(games["file"], games["game"], findings, strict=True)
    ):
        if (len(games) <= limit or flagged) and file in readable:
            by_file.setdefault(str(file), {})[int(game)] = _page_name(row)
    from narde_notation.archive import Failure, run_each

    done = run_each(_file_pages, list(by_file), jobs=jobs, pages=by_file,
                    folder=str(folder), options=options, analysed=analysed)
    links: dict[tuple[str, int], str] = {}
    for result in done:
        if isinstance(result, Failure):  # that file's games lose only their links
            continue
        file, written = result
        for game in written:
            links[(file, game)] = f"games/{by_file[file][game]}"
    return links


def _file_pages(
    file: str, *, pages: dict[str, dict[int, str]], folder: str, options: ReplayOptions,
    analysed: dict[str, dict[int, GameAnalysis]] | None = None,
) -> tuple[str, list[int]]:
    """Replay one file and write the pages of its games in ``pages[file]``
    (game index -> page name): the unit of work of :func:`_write_pages`."""
    from narde_notation.replay import Pipeline, Replayed
    from narde_notation.show.viewer import game_page

    names = pages[file]
    written: list[int] = []
    try:
        for item in Pipeline(options).replay(file):
            if not isinstance(item, Replayed) or item.report is None:
                continue
            report = item.report
            record = report.record
            name = names.get(record.index)
            if name is None:
                continue
            title = (f"{record.white or '?'} – {record.black or '?'}"
                     f" ({os.path.basename(file)}, game {record.index})")
            try:
                page = game_page(report, title=title, assets="../assets/",
                                 analysis=(analysed or {}).get(file, {}).get(record.index))
            except Exception:  # one page that cannot be drawn: no link to it
                continue
            Path(folder, name).write_text(page, encoding="utf-8")
            written.append(record.index)
    except OSError:
        raise
    except Exception:  # a replay that fails here failed in the tables too (replay_error)
        pass
    return file, written


# --------------------------------------------------------------------------- html


def _page(title: str, body: str) -> str:
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"{body}\n</body>\n</html>\n"
    )


def _section(title: str, anchor: str, content: str) -> str:
    return f'<section id="{anchor}">\n<h2>{escape(title)}</h2>\n{content}\n</section>'


def _table(frame: pd.DataFrame, *, index: bool = True, markup: Sequence[str] = ()) -> str:
    """A frame as an HTML table that scrolls sideways (the index, if kept,
    becomes the first column).  Every text cell is escaped here with
    :func:`~narde_notation.model.safe_text.html_text`, except the ``markup`` columns,
    which the caller built from escaped parts."""
    shown = frame.rename_axis(str(frame.index.name or "")).reset_index() if index else frame.copy()
    for column in shown.columns:
        if column in markup:
            continue
        values = shown[column]
        if not _numeric(values) or (values.dtype.kind != "f" and bool(values.isna().any())):
            # text, or whole numbers with gaps (pandas writes a missing Int64 as <NA>)
            shown[column] = [escape(_text(v)) for v in values]
    shown.columns = [escape(str(c)) for c in shown.columns]
    html = shown.to_html(
        index=False, escape=False, border=0, na_rep="–",
        float_format=lambda v: f"{v:.2f}" if abs(v) >= 100 else f"{v:.4g}",
    )
    html = _BETWEEN_TAGS.sub("><", html)  # pandas indents; a big table halves
    return f'<div class="scroll">{html}</div>'


def _numeric(series: pd.Series) -> bool:
    import pandas as pd

    return bool(pd.api.types.is_numeric_dtype(series.dtype)) and not bool(
        pd.api.types.is_bool_dtype(series.dtype))


def _png(draw: Callable[[Axes], Any], size: tuple[float, float] = (8, 4.5)) -> str:
    """A matplotlib drawing as a PNG ``data:`` URI."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=size)
    try:
        draw(ax)
        fig.tight_layout()
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=96)
    finally:
        plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"data:image/png;base64,{data}"


def _figure(png: str, caption: str) -> str:
    return (f'<figure><img src="{png}" alt="{escape(caption)}">'
            f"<figcaption>{escape(caption)}</figcaption></figure>")


def _summary_section(s: Any, n_matches: int, history: pd.DataFrame) -> str:
    ov = s.overview
    facts = [
        ("files", ov["files"]), ("games", ov["games"]), ("valid games", ov["valid"]),
        ("skipped (errors)", ov["skipped"]), ("unfinished", ov["unfinished"]),
        ("matches", n_matches), ("rated matches", len(history) // 2),
        ("mars rate", ov["mars_rate"]), ("koks rate", ov["koks_rate"]),
        ("first mover win rate", ov["first_mover_win_rate"]),
        ("median half-turns", ov["half_turns_median"]),
    ]
    items = "".join(f"<tr><th>{escape(k)}</th><td>{escape(_num(v))}</td></tr>"
                    for k, v in facts)
    parts = [f'<div class="scroll"><table>{items}</table></div>']
    for title, frame in s.sections():
        if title in ("Skipped games", "Results (replayed)", "Kinds", "Mars and koks rates",
                     "Dice fairness") and len(frame):
            parts.append(f"<details><summary>{escape(title)}</summary>{_table(frame)}</details>")
    return _section("Summary", "summary", "\n".join(parts))


def _num(v: Any) -> str:
    try:
        f = float(v)
    except (TypeError, ValueError):
        return str(v)
    if math.isnan(f):
        return "–"
    return str(int(f)) if f.is_integer() else f"{f:.3g}"


def _standings_html(table: pd.DataFrame) -> str:
    shown = table.reset_index()
    shown["rating"] = shown["rating"].round(2)
    for column in ("error_rate", "luck"):
        if column in shown.columns:
            shown[column] = shown[column].round(2)
    shown["win_rate"] = shown["win_rate"].round(3)
    shown.insert(0, "rank", range(1, len(shown) + 1))
    note = ("<p>Games, points, mars and koks count valid games only; ratings by the FIBS"
            " formula over rated matches (see the list of matches under Ratings).</p>")
    html = _table(shown, index=False)
    return note + html.replace("<table", '<table id="standings-table"', 1)


def _blunders_html(analyses: Sequence[GameAnalysis], links: dict[tuple[str, int], str]) -> str:
    """The largest equity losses of the archive, each linked to its half-turn."""
    worst = sorted(((h.loss, a, h) for a in analyses for h in a.half_turns if h.mark),
                   key=lambda x: -x[0])[:_BLUNDERS_LISTED]
    if not worst:
        return "<p>No doubtful, bad or very bad move.</p>"
    rows = []
    for loss, a, h in worst:
        link = links.get((a.file, a.game))
        where = f"{os.path.basename(a.file)} game {a.game}, {h.number}"
        place = (f'<a href="{escape(link)}#ply={h.ply}">{escape(where)}</a>' if link
                 else escape(where))
        rows.append(f"<tr><td>{place}</td><td>{escape(h.player)}</td><td>{h.roll}</td>"
                    f"<td>{escape(h.played)}</td><td>{escape(h.best)}</td>"
                    f"<td>{loss:.3f}</td><td>{escape(h.mark or '')}</td></tr>")
    head = ("<tr><th>where</th><th>player</th><th>roll</th><th>played</th><th>best</th>"
            "<th>loss</th><th>mark</th></tr>")
    note = ("<p>Equity lost against the evaluator's best turn (points; 0-ply); error rate"
            " in the standings = mean loss per unforced move × 1000, labelled on gnubg's"
            " scale.</p>")
    return (f'{note}<div class="scroll"><table id="blunders-table">{head}{"".join(rows)}'
            "</table></div>")


def _ratings_html(history: pd.DataFrame, table: pd.DataFrame, matches: pd.DataFrame) -> str:
    from narde_notation.show.plots import plot_ratings

    parts = []
    if len(history):
        rated = [p for p in table.index if p in set(history["player"])]
        top = rated[:_PLOTTED_PLAYERS]
        caption = "Rating after each rated match, in date order"
        if len(rated) > len(top):
            caption += f" (the {len(top)} best rated of {len(rated)} players)"
        parts.append(_figure(_png(lambda ax: plot_ratings(history, players=top, ax=ax)),
                             caption))
    else:
        parts.append("<p>No rated match.</p>")
    table_html = _table(matches, index=False)
    parts.append(f"<details><summary>Matches ({len(matches)};"
                 f" {int(matches['rated'].sum())} rated)</summary>{table_html}</details>")
    return "\n".join(parts)


def _plots_html(games: pd.DataFrame, s: Any) -> str:
    from narde_notation.show.plots import plot_dice, plot_game_lengths, plot_mars_rate

    return "\n".join([
        _figure(_png(lambda ax: plot_mars_rate(games, ax=ax)),
                "Mars and koks rates over decided valid games"),
        _figure(_png(lambda ax: plot_game_lengths(games, ax=ax)),
                "Half-turns per finished valid game"),
        _figure(_png(lambda ax: plot_dice(s, ax=ax)),
                "Dice: the 21 rolls against a fair die (opening rolls left out)"),
    ])


def _findings_html(s: Any, findings: pd.DataFrame, links: dict[tuple[str, int], str]) -> str:
    if not len(findings):
        return "<p>No findings: every game is valid.</p>"
    parts = [_table(s.findings)]
    for code, group in findings.groupby("code", sort=True, observed=True):
        items = []
        for file, game, line, column, message in group[
            ["file", "game", "line", "column", "message"]
        ].head(_FINDINGS_LISTED).itertuples(index=False, name=None):
            where = f"{file}:{_num(line)}:{_num(column)}"
            link = None if _missing(game) else links.get((file, int(game)))
            place = (f'<a href="{escape(link)}">{escape(where)}</a>' if link
                     else escape(where))
            items.append(f"<li>{place} {escape(str(message))}</li>")
        more = len(group) - _FINDINGS_LISTED
        tail = f"<li>… and {more} more</li>" if more > 0 else ""
        parts.append(f"<details><summary>{escape(str(code))} ({len(group)})</summary>"
                     f"<ul>{''.join(items)}{tail}</ul></details>")
    return "\n".join(parts)


def _games_html(games: pd.DataFrame, links: dict[tuple[str, int], str], limit: int) -> str:
    columns = ["file", "game", "white", "black", "match", "result", "kind", "half_turns",
               "errors", "warnings", "first_error"]
    if "ending" in games.columns:  # how the game ended, when the table says it
        columns.insert(7, "ending")
    frame = games[columns].copy()
    frame.insert(0, "page", [
        f'<a href="{escape(links[key])}">view</a>' if key in links else ""
        for key in zip(frame["file"], frame["game"].astype(int), strict=True)
    ])
    note = (f"<p>{len(games)} games; {len(links)} viewer pages"
            + ("" if len(games) <= limit else
               f" (more than {limit} games: pages only for games with findings)") + ".</p>")
    opened = " open" if len(games) <= limit else ""
    table = _table(frame, index=False, markup=("page",))
    return f"{note}<details{opened}><summary>All games</summary>{table}</details>"


def _missing(value: Any) -> bool:
    import pandas as pd

    return value is None or bool(pd.isna(value))


def _text(value: Any) -> str:
    return "–" if _missing(value) else str(value)
