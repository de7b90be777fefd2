"""``narde analyse FILE...``: every half-turn of the games rated by the evaluator.

Text like gnubg's export (each half-turn with its mark and, when it lost,
the best turn and the loss; a per-player summary after each game and over
all of them); ``jsonl`` one object per half-turn (:data:`KEYS`, then
``number``, ``player``, ``turns``, ``luck_mark``, ``win``, ``white_win`` and
the match-winning chances); ``csv`` the same as rows; ``json`` one object
``{"games": [...], "players": [...]}``, each game with its half-turns and
players.  Exit 0: every game analysed to its end; 1: a game had an error
(it was analysed up to it, and the text says so); 2: usage error,
unreadable file or internal failure (the other files still analysed); 130:
interrupted.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any

import click

from narde_notation.analysis.marks import MARK_SYMBOLS
from narde_notation.analysis.summary import player_rows
from narde_notation.archive.executor import Failure, run_each
from narde_notation.cli import (
    counted,
    echo_notice,
    expand_arguments,
    finish,
    over_files,
    program_output,
    worker_options,
)
from narde_notation.formats.sources import STDIN
from narde_notation.model.safe_text import csv_safe, visible

if TYPE_CHECKING:  # the evaluator (numpy) is loaded when a game is analysed, not at start-up
    from narde_notation.analysis.files import FileAnalysis
    from narde_notation.analysis.game import GameAnalysis, HalfTurnAnalysis

__all__ = ["KEYS", "analyse_command", "half_turn_object"]

PROGRAM = "narde analyse"
#: the keys every JSON Lines object has, first (issue 18).
KEYS = ("file", "game", "ply", "side", "roll", "played", "best", "equity_played",
        "equity_best", "loss", "forced", "mark", "luck", "exact")
_EXTRA = ("number", "player", "turns", "rank", "luck_mark", "win", "white_win",
          "mwc_played", "mwc_best", "mwc_loss")
_CSV_TEXT = ("file", "player")
_PROGRESS_MIN_FILES = 8


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


def _summary_text(rows: list[dict[str, Any]]) -> str:
    from tabulate import tabulate

    shown = ["player", "unforced", "doubtful", "bad", "very_bad", "error_rate", "skill",
             "luck", "lucky", "very_lucky", "unlucky", "very_unlucky"]
    table = [[visible(r[c]) if isinstance(r[c], str) else r[c] for c in shown] for r in rows]
    return str(tabulate(table, headers=[c.replace("_", " ") for c in shown],
                        floatfmt=".3f", missingval="-"))


def _game_text(game: GameAnalysis) -> str:
    lines = []
    head = (f"{visible(game.file)}, game {game.game}: {visible(game.white)} (White) -"
            f" {visible(game.black)} (Black), {game.search_ply}-ply")
    if game.match is not None:
        length, white, black = game.match
        head += f", {length}-point match at {length - white}-{length - black}"
    lines.append(head)
    width = max((len(h.played) for h in game.half_turns), default=4)
    names = max((len(visible(h.player)) for h in game.half_turns), default=5)
    for h in game.half_turns:
        mark = f"{MARK_SYMBOLS[h.mark]} {h.mark}" if h.mark else ("forced" if h.forced else "")
        lost = f"-{h.loss:.3f}  best {h.best}" if h.loss >= 0.0005 else ""
        luck = f"luck {h.luck:+.3f}" + (f" {h.luck_mark}" if h.luck_mark else "")
        exact = "  exact" if h.exact else ""
        lines.append(f"  {h.number:<6} {visible(h.player):<{names}}  {h.roll}: "
                     f"{h.played:<{width}}  {mark:<11} {luck:<24} {lost}{exact}".rstrip())
    if game.stopped:
        lines.append(f"  Analysis {visible(game.stopped)}")
    lines.append("")
    lines.append(_summary_text(player_rows([game])))
    return "\n".join(lines) + "\n\n"


class _Output:
    def __init__(self, fmt: str, stream: IO[str]) -> None:
        self.fmt, self.stream = fmt, stream
        self.games: list[GameAnalysis] = []
        self.count = 0
        self.writer: Any = None
        if fmt == "csv":
            import csv

            self.writer = csv.writer(stream, lineterminator="\n")
            self.writer.writerow((*KEYS, *_EXTRA))

    def write(self, game: GameAnalysis) -> None:
        self.games.append(game)
        if self.fmt == "text":
            self.stream.write(_game_text(game))
        elif self.fmt == "jsonl":
            for h in game.half_turns:
                self.stream.write(json.dumps(half_turn_object(game, h), ensure_ascii=False)
                                  + "\n")
        elif self.fmt == "csv":
            for h in game.half_turns:
                row = half_turn_object(game, h)
                self.writer.writerow(["" if row[k] is None else
                                      (csv_safe(row[k]) if k in _CSV_TEXT else row[k])
                                      for k in (*KEYS, *_EXTRA)])
        self.stream.flush()

    def close(self) -> None:
        rows = player_rows(self.games)
        if self.fmt == "text" and len(self.games) > 1:
            self.stream.write(f"All {counted(len(self.games), 'game')}:\n"
                              + _summary_text(rows) + "\n")
        elif self.fmt == "json":
            payload = {"games": [{
                "file": g.file, "game": g.game, "white": g.white, "black": g.black,
                "ply": g.search_ply, "rules": g.rules, "match": g.match,
                "stopped": g.stopped, "errors": g.errors,
                "half_turns": [half_turn_object(g, h) for h in g.half_turns],
                "players": _players(player_rows([g]))} for g in self.games],
                "players": _players(rows)}
            self.stream.write(json.dumps(payload, ensure_ascii=False, indent=1) + "\n")
        self.stream.flush()


@click.command("analyse", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("paths", nargs=-1, required=True)
@click.option("--game", "game_index", type=click.IntRange(min=0), default=None,
              help="Only this game of each file (0-based, as the tables' 'game' column).")
@click.option("--ply", type=click.IntRange(0, 1), default=0, show_default=True,
              help="Search depth of the ranking: 0, or 1 (the opponent's 21 rolls); luck"
                   " is always 0-ply.")
@worker_options("Analyse", "text: like gnubg's export; jsonl/csv: one half-turn a line; "
                "json: games with their half-turns and players.",
                "No progress bar and no count at the end.")
@program_output("narde analyse")
def analyse_command(paths: tuple[str, ...], game_index: int | None, ply: int, fmt: str,
                    rules_tag: str | None, jobs: int | None, scheduler: str | None,
                    quiet: bool, encoding: str | None) -> None:
    """Rate every half-turn of the games in PATHS against the evaluator's best turn.

    Each half-turn: the equity loss against the best turn (points), a mark
    (?! doubtful >= 0.04, ? bad >= 0.08, ?? very bad >= 0.16), the luck of
    the roll; per player: the error rate (mean loss per unforced move x 1000)
    with gnubg's label, the mark counts and the total luck.  Exit 0: all
    analysed; 1: a game had an error (analysed up to it); 2: usage error,
    unreadable file or internal failure; 130: interrupted.
    """
    from narde_notation.analysis.files import analyse_file

    expanded = expand_arguments(PROGRAM, paths)
    disk = [name for name in expanded.files if name != STDIN]
    jobs = min(jobs or os.cpu_count() or 1, max(1, len(disk)), os.cpu_count() or 1)
    out = _Output(fmt, sys.stdout)
    problems = list(expanded.problems)
    show_bar = not quiet and sys.stderr.isatty() and len(expanded.files) >= _PROGRESS_MIN_FILES
    options: dict[str, Any] = {"ply": ply, "game": game_index, "rules_tag": rules_tag,
                               "encoding": encoding}

    def results() -> Iterator[FileAnalysis | Failure]:
        if STDIN in expanded.files:
            yield analyse_file("<stdin>", location=STDIN, **options)
        yield from run_each(analyse_file, disk, jobs=jobs, scheduler=scheduler, **options)

    counts = {"files": 0, "stopped": 0}

    def handle(result: FileAnalysis) -> None:
        counts["files"] += 1
        problems.extend(result.failures)
        if game_index is not None and not result.games and not result.failures:
            problems.append(f"{result.name}: --game {game_index}: the file holds "
                            f"{counted(result.count, 'game')}")
        for game in result.games:
            out.write(game)
            counts["stopped"] += game.stopped is not None or bool(game.errors)
            if game.stopped is not None and fmt != "text":
                # jsonl/csv rows are half-turns: where a game stopped is said here
                echo_notice(PROGRAM, f"{result.name}: game {game.game}: analysis {game.stopped}")

    interrupted = over_files(results(), problems, handle, count=len(expanded.files),
                             show_bar=show_bar, label="analysing")
    files, stopped = counts["files"], counts["stopped"]
    out.close()
    finish(PROGRAM, problems, interrupted=interrupted, files=files, errors=bool(stopped),
           summary=None if quiet else f"{counted(files, 'file')}, "
           f"{counted(len(out.games), 'game')} analysed ({ply}-ply), {stopped} with errors")



