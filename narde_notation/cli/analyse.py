"""``narde analyse FILE...``: every half-turn of the games rated by the evaluator.

Text like gnubg's export (each half-turn with its mark and, when it lost,
the best turn and the loss; a per-player summary after each game, after
the last game of each match (games grouped as the standings group them,
:func:`narde_notation.archive.analysed.analysed_matches`; two or more
analysed games) and over all of them, the columns of
:data:`narde_notation.analysis.summary.SUMMARY_COLUMNS` with their units);
``jsonl`` one object per half-turn (:data:`KEYS`, then ``number``,
``player``, ``turns``, ``luck_mark``, ``win``, ``white_win``, the
match-winning chances and ``depth``, the search depth of the figures);
``csv`` the same as rows; ``json`` one object
``{"games": [...], "matches": [...], "players": [...]}``, each game with its
half-turns and players, each match with its games (0-based indices in the
file), score and players.  Exit 0: every game analysed to its end; 1: a
game had an error (it was analysed up to it, and the text says so) or a
file held an error outside any game (empty, not a record: the finding on
standard error, as ``narde-validate`` says it); 2:
usage error, unreadable file or internal failure (the other files still
analysed); 130: interrupted.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any

import click

from narde_notation.analysis import (
    ANALYSIS_COLUMNS,
    AUTO,
    MARK_SYMBOLS,
    SUMMARY_UNITS,
    Depth,
    depth_label,
    player_rows,
    rating_scale,
    signed,
)
from narde_notation.archive import Failure
from narde_notation.cli import (
    counted,
    echo_notice,
    expand_arguments,
    finish,
    over_files,
    program_collections,
    program_output,
    require_evaluator,
    share_progress,
    worker_options,
)
from narde_notation.formats import STDIN
from narde_notation.model import csv_safe, json_safe, visible

if TYPE_CHECKING:  # the evaluator (numpy) is loaded when a game is analysed, not at start-up
    from narde_notation.analysis import FileAnalysis, GameAnalysis, HalfTurnAnalysis

__all__ = ["KEYS", "LEGEND", "analyse_command", "half_turn_object", "summary_text"]

PROGRAM = "narde analyse"
#: the keys every JSON Lines object has, first (issue 18).
KEYS = ("file", "game", "ply", "side", "roll", "played", "best", "equity_played",
        "equity_best", "loss", "forced", "mark", "luck", "exact")
_EXTRA = ("number", "player", "turns", "rank", "luck_mark", "win", "white_win",
          "mwc_played", "mwc_best", "mwc_loss", "verified", "rollout_loss",
          "rollout_loss_se", "depth")
_CSV_TEXT = ("file", "player")
#: players a text summary shows side by side (a game's two, a match's); more: a line each.
_SIDE_BY_SIDE = 4
#: what the text's half-turn lines hold: said once, before the first game.
LEGEND = ("(each half-turn: roll and turn played, the search depth its figures come from,"
          " its mark or forced, the luck of the roll and, when the turn played lost, the loss"
          " and the best turn; points, mover's side)")
#: analysed games of a match that make a match summary (one game: its game summary says it).
_MATCH_MIN_GAMES = 2


def half_turn_object(game: GameAnalysis, h: HalfTurnAnalysis) -> dict[str, Any]:
    """One half-turn as the JSON shape: :data:`KEYS`, then the extras; floats to 6 places."""
    row = h.to_dict()
    out: dict[str, Any] = {"file": game.file, "game": game.game}
    for key in (*KEYS[2:], *_EXTRA):
        value = row[key]
        out[key] = round(value, 6) if isinstance(value, float) else value
    return out


def _players(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: (round(v, 6) if isinstance(v, float) else v) for k, v in r.items()}
            for r in rows]


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def summary_text(rows: list[dict[str, Any]]) -> str:
    """Per-player figures as text: the columns of
    :data:`~narde_notation.analysis.summary.SUMMARY_COLUMNS` by their names, in
    their order.  Up to :data:`_SIDE_BY_SIDE` players (a game, a match) side by
    side as gnubg's export has them, a figure a line with its unit; more (an
    archive) one line a player, the units below.  Names escaped for a terminal."""
    figures = list(ANALYSIS_COLUMNS)
    if len(rows) <= _SIDE_BY_SIDE:
        # every cell is text already: tabulate straight from rows, without pandas
        # (its import is most of a one-game `narde analyse`'s CPU).
        from tabulate import tabulate

        table = [[visible(c), *(visible(_cell(r[c])) for r in rows), SUMMARY_UNITS[c]]
                 for c in figures]
        align = ("left", *("right",) * len(rows), "left")
        return str(tabulate(table, headers=["", *(visible(r["player"]) for r in rows), "unit"],
                            disable_numparse=True, colalign=align, floatfmt=".4g"))
    import pandas as pd

    from narde_notation.archive import text_table

    frame = pd.DataFrame([{c: r[c] for c in figures} for r in rows],
                         index=pd.Index([r["player"] for r in rows], name="player"))
    units = "; ".join(f"{c}: {SUMMARY_UNITS[c]}" for c in figures)
    return text_table(frame, floatfmt=".3f", missingval="-") + "\nunits: " + units


def _game_text(game: GameAnalysis) -> str:
    lines = []
    head = (f"{visible(game.file)}, game {game.game}: {visible(game.white)} (White) -"
            f" {visible(game.black)} (Black), {depth_label(game.search_ply)}")
    if game.match is not None:
        length, white, black = game.match
        head += f", {length}-point match at {length - white}-{length - black}"
    lines.append(head)
    width = max((len(h.played) for h in game.half_turns), default=4)
    names = max((len(visible(h.player)) for h in game.half_turns), default=5)
    for h in game.half_turns:
        mark = f"{MARK_SYMBOLS[h.mark]} {h.mark}" if h.mark else ("forced" if h.forced else "")
        lost = f"loss {h.loss:.3f}  best {h.best}" if h.loss >= 0.0005 else ""
        luck = f"luck {signed(h.luck).lstrip()}" + (f" {h.luck_mark}" if h.luck_mark else "")
        exact = "  exact" if h.exact else ""
        if h.verified and h.rollout_loss is not None:  # the rollout's verdict on the mark
            exact += (f"  verified: rollout loss {signed(h.rollout_loss).lstrip()}"
                      f" ±{h.rollout_loss_se:.3f}")
        lines.append(f"  {h.number:<6} {visible(h.player):<{names}}  {h.roll}: "
                     f"{h.played:<{width}}  {h.depth}-ply  {mark:<11} {luck:<24} {lost}{exact}"
                     .rstrip())
    if game.stopped:
        lines.append(f"  Analysis {visible(game.stopped)}")
    else:  # errors that stopped nothing (a wrong result): said, as narde-validate does
        lines.extend(f"  {visible(error)}" for error in game.errors)
    lines.append("")
    lines.append(f"Game {game.game} summary:")
    lines.append(summary_text(player_rows([game])))
    return "\n".join(lines) + "\n\n"


def _match_head(match: dict[str, Any], games: list[GameAnalysis]) -> str:
    numbers = ", ".join(str(g.game) for g in games)
    state = (f"won by {visible(match['winner'])}" if match["status"] == "won"
             else str(match["status"]))
    return (f"Match summary, {visible(match['file'])} games {numbers}: "
            f"{visible(match['white'])} - {visible(match['black'])}, "
            f"{match['length']}-point match, {match['white_score']}-{match['black_score']}"
            f" ({state}):")


def _match_object(match: dict[str, Any], games: list[GameAnalysis]) -> dict[str, Any]:
    keys = ("file", "white", "black", "length", "white_score", "black_score", "status",
            "winner")
    return {**{k: match[k] for k in keys}, "games": [g.game for g in games],
            "players": _players(player_rows(games))}


class _Output:
    def __init__(self, fmt: str, stream: IO[str]) -> None:
        self.fmt, self.stream = fmt, stream
        self.games: list[GameAnalysis] = []
        self.matches: list[dict[str, Any]] = []
        self.writer: Any = None
        if fmt == "csv":
            import csv

            self.writer = csv.writer(stream, lineterminator="\n")
            self.writer.writerow((*KEYS, *_EXTRA))

    def write(self, games: list[GameAnalysis]) -> None:
        """The games of one file (matches never span files), then each match of
        them after its last game (text) or kept for the end (JSON)."""
        from narde_notation.archive import analysed_matches

        # a file of fewer games than a reported match holds cannot have one: the
        # grouping (pandas, about two thirds of a one-game run's CPU) is skipped.
        matches = [] if len(games) < _MATCH_MIN_GAMES else [
            (m, g) for m, g in analysed_matches(games) if len(g) >= _MATCH_MIN_GAMES]
        after = {(g[-1].file, g[-1].game): (m, g) for m, g in matches}
        for game in games:
            self.games.append(game)
            self._write_game(game)
            if self.fmt == "text" and (game.file, game.game) in after:
                match, members = after[(game.file, game.game)]
                self.stream.write(_match_head(match, members) + "\n"
                                  + summary_text(player_rows(members)) + "\n\n")
        self.matches.extend(_match_object(m, g) for m, g in matches)
        self.stream.flush()

    def _write_game(self, game: GameAnalysis) -> None:
        if self.fmt == "text":
            if len(self.games) == 1:  # the first game: the legend of the lines, once
                self.stream.write(LEGEND + "\n\n")
            self.stream.write(_game_text(game))
        elif self.fmt == "jsonl":
            for h in game.half_turns:
                self.stream.write(json_safe(json.dumps(half_turn_object(game, h),
                                                       ensure_ascii=False)) + "\n")
        elif self.fmt == "csv":
            for h in game.half_turns:
                row = half_turn_object(game, h)
                self.writer.writerow(["" if row[k] is None else
                                      (csv_safe(row[k]) if k in _CSV_TEXT else row[k])
                                      for k in (*KEYS, *_EXTRA)])

    def close(self) -> None:
        rows = player_rows(self.games)
        one_match = len(self.matches) == 1 and len(self.matches[0]["games"]) == len(self.games)
        if self.fmt == "text":
            if len(self.games) > 1 and not one_match:
                # (one match's games: its match summary is this one)
                self.stream.write(f"Summary of all {counted(len(self.games), 'game')}:\n"
                                  + summary_text(rows) + "\n\n")
            if self.games:
                self.stream.write(f"skill: {rating_scale()}\n")
        elif self.fmt == "json":
            payload = {"games": [{
                "file": g.file, "game": g.game, "white": g.white, "black": g.black,
                "ply": g.search_ply, "rules": g.rules, "match": g.match,
                "stopped": g.stopped, "errors": g.errors,
                "half_turns": [half_turn_object(g, h) for h in g.half_turns],
                "players": _players(player_rows([g]))} for g in self.games],
                "matches": self.matches, "players": _players(rows)}
            self.stream.write(json_safe(json.dumps(payload, ensure_ascii=False, indent=1))
                              + "\n")
        self.stream.flush()


@click.command("analyse", context_settings={"help_option_names": ["-h", "--help"]},
               short_help="Rate every half-turn of the games against the evaluator.")
@click.argument("paths", nargs=-1, required=True)
@click.option("--game", "game_index", type=click.IntRange(min=0), default=None,
              help="Only this game of each file (0-based, as the tables' 'game' column).")
@click.option("--ply", type=click.Choice(["auto", "0", "1", "2"]), default="auto",
              show_default=True,
              help="Search depth of the ranking: auto (0 ply, 1 or 2 where it can change a"
                   " mark or the best turn), or 0, 1 (the opponent's 21 rolls) or 2 (then the"
                   " mover's) everywhere; luck is always 0-ply.")
@click.option("--verify", is_flag=True,
              help="Roll out every marked half-turn against the best turn; keep a mark"
                   " only as far as the rollout confirms it (slow: seconds a mark).")
@click.option("--trials", type=click.IntRange(min=2), default=360, show_default=True,
              help="With --verify: trials per turn rolled out.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="With --verify: seed of the rollouts' dice.")
@worker_options("Analyse", "text: like gnubg's export; jsonl/csv: one half-turn a line; "
                "json: games with their half-turns and players.",
                "No progress bar and no count at the end.")
@program_collections()
@program_output("narde analyse")
def analyse_command(paths: tuple[str, ...], game_index: int | None, ply: str, verify: bool,
                    trials: int, seed: int, fmt: str, rules_tag: str | None, jobs: int | None,
                    scheduler: str | None, quiet: bool, encoding: str | None) -> None:
    """Rate every half-turn of the games in PATHS against the evaluator's best turn.

    Each half-turn: the equity loss against the best turn (points), a mark
    (?! doubtful >= 0.04, ? bad >= 0.08, ?? very bad >= 0.16), the luck of
    the roll; per player, after each game, each match (Match and Game tags,
    or a .mat file) and over all games: the error rate (mean loss per
    unforced move x 1000: milli-points) with gnubg's label, the mark counts
    and the total luck (points).  --verify rolls out each marked half-turn's
    played and best turn (same dice, 0-ply players) and keeps the mark only
    as far as the rollout confirms it (the milder of the two); the line says
    "verified" with the rollout's loss and its standard error (JSON: verified,
    rollout_loss, rollout_loss_se).  Exit 0: all analysed; 1: a game had an
    error (analysed up to it) or a file an error outside any game (empty, not
    a record); 2: usage error, unreadable file or internal failure; 130: interrupted.
    """
    from narde_notation.analysis import analyse_file
    from narde_notation.archive import iter_file_analyses

    depth: Depth = AUTO if ply == AUTO else int(ply)

    expanded = expand_arguments(PROGRAM, paths)
    require_evaluator(PROGRAM)
    disk = [name for name in expanded.files if name != STDIN]
    # a big file is shared out by game among the workers (decisions A18)
    jobs = min(jobs or os.cpu_count() or 1, os.cpu_count() or 1)
    out = _Output(fmt, sys.stdout)
    problems = list(expanded.problems)
    rolled = {"verify": trials, "seed": seed} if verify else {}
    options: dict[str, Any] = {"ply": depth, "game": game_index, "rules_tag": rules_tag,
                               "encoding": encoding, **rolled}

    def results() -> Iterator[FileAnalysis | Failure]:
        if STDIN in expanded.files:
            yield analyse_file("<stdin>", location=STDIN, **options)
        # the bar counts the shares of the files, so it moves within a file
        yield from iter_file_analyses(
            disk, jobs=jobs, scheduler=scheduler, ply=depth, game=game_index, rules=rules_tag,
            encoding=encoding, **rolled, watch=share_progress(
                show_bar=not quiet and sys.stderr.isatty(), label="analysing"))

    counts = {"files": 0, "stopped": 0, "findings": 0}

    def handle(result: FileAnalysis) -> None:
        _take(result, out, counts, problems, game_index)

    interrupted = over_files(results(), problems, handle, count=len(expanded.files),
                             show_bar=False, label="analysing")
    files, stopped, outside = counts["files"], counts["stopped"], counts["findings"]
    out.close()
    finish(PROGRAM, problems, interrupted=interrupted, files=files,
           errors=bool(stopped or outside),
           summary=None if quiet else f"{counted(files, 'file')}, "
           f"{counted(len(out.games), 'game')} analysed ({depth_label(depth)}),"
           f" {stopped} with errors"
           + (f", {counted(outside, 'error')} outside games" if outside else ""))


def _take(result: FileAnalysis, out: _Output, counts: dict[str, int], problems: list[str],
          game_index: int | None) -> None:
    """One file's analysis: its games written to ``out``, its findings on stderr, its
    failures added to ``problems``, ``counts`` (files, games stopped, findings) updated."""
    counts["files"] += 1
    problems.extend(result.failures)
    for finding in result.findings:  # an empty file, text that is no record
        click.echo(visible(finding, lines=True), err=True)
    counts["findings"] += len(result.findings)
    if game_index is not None and not result.games and not result.failures:
        problems.append(f"{result.name}: --game {game_index}: the file holds "
                        f"{counted(result.count, 'game')}")
    out.write(result.games)
    for game in result.games:
        counts["stopped"] += game.stopped is not None or bool(game.errors)
        if game.stopped is not None and out.fmt != "text":
            # jsonl/csv rows are half-turns: where a game stopped is said here
            echo_notice(PROGRAM, f"{result.name}: game {game.game}: analysis {game.stopped}")
        elif out.fmt in ("jsonl", "csv"):
            for error in game.errors:
                echo_notice(PROGRAM, error)
