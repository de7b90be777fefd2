"""The ``narde`` command: small tools around the rules engine.

``narde moves POSITION ROLL`` lists the legal turns of a position (R3–R8).
``narde hint POSITION ROLL`` ranks them by the evaluator (equity, win and
mars chances, like gnubg's hint; ``--rollout`` rolls the best out).
``narde rollout POSITION [ROLL]`` rolls out a position or a roll's best
turns (:mod:`narde_notation.cli.rollout`).
``narde analyse FILE...`` rates every half-turn of the games
(:mod:`narde_notation.cli.analyse`, its own exit codes).
``narde show FILE`` draws a game's board after a half-turn (SVG or PNG) or
writes the game viewer page (HTML).
``narde validate`` and ``narde stats`` are ``narde-validate`` and
``narde-stats`` (:mod:`narde_notation.cli.validate`, :mod:`narde_notation.cli.stats`).
Exit codes: 0 success, 2 usage errors (a bad position, roll, rules tag, game
or ply number) and unreadable or unwritable files.
"""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, ClassVar, NoReturn

import click

from narde_notation.analysis import signed
from narde_notation.cli import (
    EXIT_INTERRUPTED,
    check_rules_tag,
    encoding_option,
    program_output,
    rollout_options,
)
from narde_notation.model import NardeError, Ruleset, Side, parse_roll
from narde_notation.rules import Position, legal_turns

if TYPE_CHECKING:
    from collections.abc import Sequence

    from narde_notation.evaluator import RankedTurn, Rollout
    from narde_notation.replay import GameReport

__all__ = ["narde"]


#: the ``--rules`` option of ``narde moves`` and ``narde hint``.
RULES_OPTION = click.option(
    "--rules",
    "rules_tag",
    default="standard",
    show_default=True,
    callback=check_rules_tag,
    help="Rules tag: 'standard' or a comma list of variants (reroll, koks, …).",
)


class _Programs(click.Group):
    """The ``narde`` group: the subcommands kept in their own modules are
    imported only when named (click's lazy group), so that a run loads no
    other subcommand's code: ``narde validate`` and ``narde stats`` (the
    ``narde-validate`` and ``narde-stats`` programs: the archive code, pandas),
    ``narde analyse``, ``narde board`` (logging, the web app's imports) and
    ``narde rollout``."""

    lazy: ClassVar[dict[str, tuple[str, str]]] = {
        "validate": ("narde_notation.cli.validate", "narde_validate"),
        "stats": ("narde_notation.cli.stats", "narde_stats"),
        "analyse": ("narde_notation.cli.analyse", "analyse_command"),
        "board": ("narde_notation.cli.board", "board_command"),
        "rollout": ("narde_notation.cli.rollout", "rollout_command"),
    }

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            import importlib

            module, name = self.lazy[cmd_name]
            command: click.Command = getattr(importlib.import_module(module), name)
            return command
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Programs, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="narde-notation")
def narde() -> None:
    """Long Narde (длинные нарды) tools.

    Each command has its own --help.  `narde validate` and `narde stats` are
    the narde-validate and narde-stats programs.
    """


@narde.command()
@click.argument("position")
@click.argument("roll")
@RULES_OPTION
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output format.",
)
@program_output("narde moves")
def moves(position: str, roll: str, rules_tag: str, fmt: str) -> None:
    """List the legal turns for ROLL in POSITION.

    POSITION is a position string such as '24:15 / 24:15 / W' (White's and
    Black's checkers in their own numbering, then the side to move).  ROLL
    is two dice: 65, 56, 6-5 or 6:5.
    """
    pos = _position_argument(position)
    try:
        dice = parse_roll(roll)
    except NardeError as exc:
        raise click.BadParameter(str(exc), param_hint="ROLL") from None
    rules = Ruleset.from_tag(rules_tag)  # checked by check_rules_tag
    turns = legal_turns(pos, dice, rules)
    max_dice = max((t.dice_used for t in turns), default=0)
    note = None
    if dice[0] == dice[1] and not rules.reroll and pos == Position.initial().with_side_to_move(
            pos.side_to_move):
        note = (f"R2 makes {dice[0]}{dice[1]} an opening double here: the game's first roll"
                " decides who starts and is never a double, unless the rules are `reroll`.")
    if fmt == "json":
        payload: dict[str, object] = {
            "max_dice": max_dice,
            "turns": [{"moves": t.notation(), "position": str(t.position)} for t in turns],
        }
        if note is not None:
            payload["note"] = note
        click.echo(json.dumps(payload, ensure_ascii=False))
        return
    side = pos.side_to_move.name.capitalize()
    count = len(turns)
    noun = "turn" if count == 1 else "turns"
    click.echo(
        f"{side} to play {dice[0]}{dice[1]} ({rules.to_tag()}): "
        f"{count} legal {noun}, {max_dice} dice each"
    )
    width = max(len(t.notation()) for t in turns)
    for turn in turns:
        click.echo(f"  {turn.notation().ljust(width)}  ->  {turn.position}")
    if note is not None:
        click.echo(f"Note: {note}")


def _position_argument(position: str) -> Position:
    """A POSITION argument read, or a usage error (exit 2) saying why not."""
    try:
        pos = Position.from_string(position)
    except NardeError as exc:
        raise click.BadParameter(str(exc), param_hint="POSITION") from None
    if pos.is_game_over():
        raise click.BadParameter(
            "the game is over in this position (a side has borne off all 15, R9):"
            " nothing may be played (R11)",
            param_hint="POSITION",
        )
    return pos


@narde.command()
@click.argument("position")
@click.argument("roll", required=False)
@click.option("--ply", type=click.IntRange(0, 2), default=2, show_default=True,
              help="Search depth: 0 (the network after the turn), 1 (the opponent's"
                   " 21 rolls, best few turns) or 2 (then the mover's 21, best three);"
                   " each row says its depth; README: what each costs and how far it"
                   " can be trusted.")
@click.option("--half-turn", "half_turn", type=click.IntRange(min=1), default=None,
              metavar="K",
              help="POSITION is a record file: rank the K-th half-turn of the game"
                   " (1 = the first, as `narde analyse` counts), from the position"
                   " before it, with its roll (unless ROLL is given); the turn played"
                   " is marked.")
@click.option("--game", "game_index", type=click.IntRange(min=0), default=0,
              show_default=True,
              help="With --half-turn: which game of the file (0-based, as the 'game'"
                   " column of the tables and findings).")
@click.option("--rules", "rules_tag", default=None, callback=check_rules_tag,
              help="Rules tag: 'standard' or a comma list of variants (reroll, koks, …)."
                   "  Default: standard, or the record's Rules tag with --half-turn.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output format.")
@click.option("--rollout", "rollout", is_flag=True,
              help="Roll out the best few turns too (narde rollout; 0-ply players).")
@click.option("--top", type=click.IntRange(min=1), default=5, show_default=True,
              help="With --rollout: how many of the best turns.")
@rollout_options
@encoding_option
@program_output("narde hint")
def hint(position: str, roll: str | None, ply: int, half_turn: int | None, game_index: int,
         rules_tag: str | None, fmt: str, rollout: bool, top: int, trials: int, seed: int,
         jobs: int, scheduler: str | None, encoding: str | None) -> None:
    """Rank the legal turns for ROLL in POSITION, best first.

    POSITION is a position string ('24:14 13:1 / 24:15 / B'), or with
    --half-turn K a record file: `narde hint game.txt --half-turn 40` ranks
    the 40th half-turn of the game with its own roll.

    Equity: the points the player to move (the one choosing the turn) can
    expect from the position the turn leaves (R9: oyn 1, mars 2, koks 3
    under koks); win and mars: that player's chances of winning, and of
    winning / losing by mars.  Each row gives the search depth behind its
    figures (with --ply 1 only the best few turns are searched at 1 ply).
    JSON: a list of objects with turn, equity, win, win_mars, lose_mars
    (probabilities 0-1), loss (equity given up against the best), ply (the
    row's depth) and played (with --half-turn), best first.  --rollout
    rolls out the best --top turns (narde rollout: shared dice, 0-ply
    players) and prints their figures with standard errors after the
    ranking (JSON: a "rollout" object on those turns); Ctrl-C prints the
    trials done and exits 130.
    """
    # narde rollout's module, loaded when a command uses it (not by `narde analyse`)
    from narde_notation.cli.rollout import evaluator_or_exit, show_rollout, watch_rollout

    pos, dice, played, rules = _hint_turn(position, roll, half_turn, game_index, rules_tag,
                                          encoding)
    evaluator = evaluator_or_exit("narde hint", rules.to_tag())
    ranked = evaluator.rank_turns(pos, dice, ply=ply)
    rolled, interrupted = None, False
    if rollout and not (len(ranked) == 1 and not ranked[0].turn.steps):
        rolled, interrupted = watch_rollout(
            "narde hint", evaluator, pos, dice, show_bar=sys.stderr.isatty(), trials=trials,
            seed=seed, turns=[r.turn for r in ranked[:top]], jobs=jobs, scheduler=scheduler)
    if fmt == "json":
        click.echo(json.dumps(_hint_rows(ranked, rolled, played, half_turn is not None)))
    else:
        side = pos.side_to_move.name.capitalize()
        where = f"half-turn {half_turn}: " if half_turn is not None else ""
        click.echo(f"{where}{side} to play {dice[0]}{dice[1]} ({evaluator.rules.to_tag()},"
                   f" {ply}-ply): {len(ranked)} legal turn{'s' if len(ranked) != 1 else ''}")
        _print_ranking(ranked, played)
        if rolled is not None:
            click.echo(f"Rollout of the best {len(rolled.rows)}: {rolled.trials} trials, 0-ply"
                       f" players, seed {seed} (± standard errors)")
            show_rollout(rolled, "text", evaluator.rules.koks)
        for note in evaluator.notes:
            click.echo(f"Note: {note}")
    _interrupted(rolled, trials, interrupted)


def _hint_turn(position: str, roll: str | None, half_turn: int | None, game_index: int,
               rules_tag: str | None, encoding: str | None
               ) -> tuple[Position, tuple[int, int], Position | None, Ruleset]:
    """What ``narde hint`` ranks: the position, the roll, the position the record's
    turn left (with --half-turn and no ROLL; else ``None``) and the rules; a usage
    error (exit 2) when POSITION or ROLL will not do."""
    from narde_notation.cli.rollout import roll_argument

    played = None
    if half_turn is not None:
        pos, dice, played, record_rules = _half_turn_argument(
            "narde hint", position, game_index, half_turn, encoding)
        if roll is not None:
            dice = roll_argument(roll)
            played = None
        rules = Ruleset.from_tag(rules_tag) if rules_tag is not None else record_rules
    else:
        pos = _position_argument(position)
        if roll is None:
            raise click.UsageError("Missing argument 'ROLL' (or give --half-turn K with a"
                                   " record file).")
        dice = roll_argument(roll)
        rules = Ruleset.from_tag(rules_tag or "standard")
    return pos, dice, played, rules


def _hint_rows(ranked: Sequence[RankedTurn], rolled: Rollout | None, played: Position | None,
               mark_played: bool) -> list[dict[str, object]]:
    """``narde hint --format json``'s rows, best first (the command's docstring)."""
    by_turn = {} if rolled is None else {
        r.turn.notation(): {"equity": round(r.equity, 6), "equity_se": round(r.equity_se, 6),
                            "loss": round(r.loss, 6), "loss_se": round(r.loss_se, 6),
                            "trials": rolled.trials}
        for r in rolled.rows if r.turn is not None}
    rows: list[dict[str, object]] = []
    for r in ranked:
        row: dict[str, object] = {
            "turn": r.turn.notation(), "equity": round(r.estimate.equity, 6),
            "win": round(r.estimate.win, 6), "win_mars": round(r.estimate.win_mars, 6),
            "lose_mars": round(r.estimate.lose_mars, 6), "loss": round(r.loss, 6),
            "ply": r.ply}
        if mark_played:
            row["played"] = played is not None and r.turn.position == played
        if r.turn.notation() in by_turn:
            row["rollout"] = by_turn[r.turn.notation()]
        rows.append(row)
    return rows


def _print_ranking(ranked: Sequence[RankedTurn], played: Position | None) -> None:
    """``narde hint``'s table: one line per turn, best first, the turn played marked."""
    width = max(len(r.turn.notation()) for r in ranked)
    for k, r in enumerate(ranked, 1):
        e = r.estimate
        loss = f"({signed(-r.loss).lstrip()})" if k > 1 else ""
        depth = "exact" if e.exact else f"{r.ply}-ply"
        mark = "  <- played" if played is not None and r.turn.position == played else ""
        click.echo(f"{k:4}. {r.turn.notation().ljust(width)}  {depth:5}  equity {signed(e.equity)}"
                   f" {loss:9} win {100 * e.win:5.1f}%  mars {100 * e.win_mars:5.1f}% /"
                   f" {100 * e.lose_mars:5.1f}%{mark}")


def _interrupted(rolled: Rollout | None, trials: int, interrupted: bool) -> None:
    """After Ctrl-C during ``--rollout``: say how far it got (the figures so far
    were printed), exit 130."""
    if interrupted:
        done = 0 if rolled is None else rolled.trials
        click.echo(f"narde hint: interrupted after {done} of {trials} trials", err=True)
        sys.exit(EXIT_INTERRUPTED)


def _half_turn_argument(program: str, file: str, game_index: int, k: int,
                        encoding: str | None
                        ) -> tuple[Position, tuple[int, int], Position | None, Ruleset]:
    """The position before the ``k``-th half-turn (1-based) of game ``game_index``
    of ``file``, its roll, the position the record's turn left (``None`` if the
    replay stopped there) and the game's rules; exit 2 with the reason when
    there is no such half-turn."""
    report = _replayed_game(program, file, game_index, encoding)
    turns = report.turns
    if not 1 <= k <= len(turns):
        _fail(f"--half-turn {k}: game {game_index} of {file} has half-turns 1 to"
              f" {len(turns)} (as replayed)" if turns else
              f"--half-turn {k}: game {game_index} of {file} has no replayed half-turn",
              program)
    turn = turns[k - 1]
    if turn.before.is_game_over():
        _fail(f"--half-turn {k}: the game is over before it (R11)", program)
    return turn.before, turn.half_turn.dice, turn.after, report.rules


def _fail(message: str, program: str = "narde show") -> NoReturn:
    """A usage or I/O error: the message on stderr (control characters shown), exit 2."""
    from narde_notation.model import visible

    click.echo(f"{program}: error: {visible(message)}", err=True)
    sys.exit(2)


def _replayed_game(program: str, file: str, game_index: int,
                   encoding: str | None) -> GameReport:
    """Game ``game_index`` of ``file`` replayed by the one pipeline (the games
    before it are replayed too, so its match score is checked as
    narde-validate checks it, R10); exit 2 with the reason when there is none."""
    from narde_notation.formats import special_kind
    from narde_notation.replay import Pipeline

    if game_index < 0:
        _fail(f"--game {game_index}: games are numbered from 0", program)
    kind = special_kind(file)
    if kind is not None:
        _fail(f"{file}: not read: {kind}", program)
    try:
        chosen = Pipeline(encoding=encoding).game(file, game_index)
    except OSError as exc:
        _fail(f"{file}: cannot read: {exc.strerror or exc}", program)
    except IndexError as exc:
        _fail(f"--game {game_index}: {exc}", program)
    if chosen.report is None:
        _fail(f"game {game_index} of {file} could not be replayed: {chosen.failure}", program)
    return chosen.report


@narde.command(short_help="Draw a game's board (SVG, PNG) or write its viewer page (HTML).")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=False))
@click.option("--game", "game_index", type=int, default=0, show_default=True,
              help="Which game of FILE: its 0-based index, as the 'game' column of the"
                   " tables and findings.")
@click.option("--ply", type=int, default=None,
              help="The position after half-turn K (0 = the start).  Default: the last"
                   " replayed half-turn for svg/png, the start for html.")
@click.option("--format", "fmt", type=click.Choice(["svg", "png", "html"]), default=None,
              help="Output format.  Default: from OUT's extension, else svg.")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, allow_dash=True),
              default="-", show_default=True, help="Where to write ('-' = standard output).")
@click.option("--from", "from_side", type=click.Choice(["white", "black"]), default="white",
              show_default=True, help="Draw the board as this side sees it.")
@click.option("--size", type=click.IntRange(200, 4000), default=480, show_default=True,
              help="Board width in pixels (svg, png).")
@click.option("--analyse", "analyse", is_flag=True,
              help="html: rate every half-turn (0-ply): marked moves, winning chance, loss"
                   " and best turn, jumps to mistakes (n / p), a winning-chance graph.")
@encoding_option
@program_output("narde show")
def show(file: str, game_index: int, ply: int | None, fmt: str | None, out: str,
         from_side: str, size: int, analyse: bool, encoding: str | None) -> None:
    """Draw game --game of FILE after half-turn --ply, or write its viewer page.

    svg and png: the board after the half-turn, its dice and moves marked;
    html: one self-contained page (no network) to step through the game with
    the buttons, the arrow keys or a click on a move.
    """
    from narde_notation.model import visible
    from narde_notation.show import board_drawing, game_page, half_turn_shown

    fmt = fmt or _format_of(out)
    if fmt == "png" and out == "-" and sys.stdout.isatty():
        _fail("PNG is binary and standard output is a terminal: write it to a file"
              " (-o board.png) or through a pipe")
    viewer_side = Side(from_side[0].upper())
    report = _replayed_game("narde show", file, game_index, encoding)
    replayed = report.plies_replayed
    if ply is not None and not 0 <= ply <= replayed:
        _fail(f"--ply {ply}: game {game_index} of {file} has plies 0 to {replayed}"
              " (0 = the start, K = after the K-th half-turn)")
    if fmt == "html":
        analysis = None
        if analyse:
            from narde_notation.analysis import analyse as analyse_game
            from narde_notation.cli import require_evaluator

            require_evaluator("narde show")  # weights that cannot be read: exit 2
            analysis = analyse_game(report, file=file)
        data = game_page(report, ply=ply, from_side=viewer_side,
                         analysis=analysis).encode("utf-8")
    else:
        if report.start is None:
            _fail(f"game {game_index} of {file} has no usable start position"
                  " (run narde-validate for the details)")
        k = replayed if ply is None else ply
        turn = report.turns[k - 1] if k > 0 else None
        if turn is None:
            drawing = board_drawing(report.start, size=size, from_side=viewer_side,
                                    caption="Start")
        else:
            caption = visible(f"After half-turn {k}: {turn.side.name_lower.capitalize()}"
                              f" {half_turn_shown(turn, report.rules)}")
            drawing = board_drawing(
                turn.after, size=size, from_side=viewer_side,
                dice=turn.half_turn.dice, mover=turn.side, before=turn.before,
                outcome=report.outcome if k == replayed else None, caption=caption)
        data = drawing.png() if fmt == "png" else drawing.svg().encode("utf-8")
    try:
        with click.open_file(out, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        _fail(f"{out}: cannot write: {exc.strerror or exc}")


def _format_of(out: str) -> str:
    """``narde show``'s format named by OUT's extension (svg without one); exit 2 if none."""
    ext = os.path.splitext(out)[1].lower() if out != "-" else ""
    known = {"": "svg", ".svg": "svg", ".png": "png", ".html": "html", ".htm": "html"}
    if ext not in known:
        _fail(f"{out}: cannot tell the format from {ext!r}: name it .svg, .png or .html,"
              " or give --format")
    return known[ext]


if __name__ == "__main__":  # pragma: no cover
    narde()
