"""``narde rollout POSITION [ROLL]``: rollouts on the command line.

Rolls out a position (no ROLL) or the best candidate turns of ROLL
(:meth:`~narde_notation.evaluator.evaluate.Evaluator.rollout`): every figure
with its standard error.  The chunks of trials run here, in worker
processes (``-j``) or on a Dask cluster (``--scheduler``), through the
package's executor (:mod:`narde_notation.archive.executor`).  A progress
bar on standard error when it is a terminal; Ctrl-C prints the figures of
the trials finished and exits 130.  Exit 2: a bad position or roll, a
finished game, a roll with no legal play, an unusable scheduler.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn

import click

from narde_notation.analysis import signed
from narde_notation.cli import EXIT_INTERRUPTED, check_rules_tag, program_output, rollout_options
from narde_notation.model import NardeError, Ruleset, parse_roll
from narde_notation.rules import Position

if TYPE_CHECKING:
    from narde_notation.evaluator import Evaluator, Rollout, Runner, Trials

__all__ = ["evaluator_or_exit", "executor_runner", "roll_argument", "rollout_command",
           "show_rollout", "watch_rollout"]


def executor_runner(jobs: int, scheduler: str | None) -> Runner:
    """A :data:`~narde_notation.evaluator.rollout.Runner` on the package's
    executor: ``jobs`` worker processes, or the Dask ``scheduler``.  A chunk
    that fails raises ``RuntimeError`` with the executor's message."""
    from narde_notation.archive import Failure, Share, run_each

    def run(work: Callable[..., Trials], chunks: int,
            options: dict[str, Any]) -> Iterator[Trials]:
        items = [Share("rollout", k, chunks) for k in range(chunks)]
        for got in run_each(work, items, jobs=jobs, scheduler=scheduler, **options):
            if isinstance(got, Failure):
                raise RuntimeError(got.message)
            yield got

    return run


def watch_rollout(program: str, evaluator: Evaluator, position: Position,
                  dice: tuple[int, int] | None, *, show_bar: bool, **options: Any
                  ) -> tuple[Rollout | None, bool]:
    """Run :func:`~narde_notation.evaluator.rollout.iter_rollout` with a progress
    bar (when ``show_bar``); returns the last figures and whether Ctrl-C stopped
    it.  A scheduler that cannot be used or a failed chunk: exit 2."""
    from narde_notation.archive import SchedulerError
    from narde_notation.evaluator import CHUNK, iter_rollout

    jobs, scheduler = options.pop("jobs", 1), options.pop("scheduler", None)
    trials = options["trials"]
    runner = executor_runner(jobs, scheduler) if jobs > 1 or scheduler else None
    last: Rollout | None = None
    steps = iter_rollout(evaluator, position, dice, runner=runner, **options)
    try:
        if show_bar:
            with click.progressbar(length=trials, label="rolling out",
                                   file=sys.stderr) as bar:
                for got in steps:
                    last = got
                    bar.update(min(CHUNK, trials - bar.pos))
        else:
            for got in steps:
                last = got
    except KeyboardInterrupt:
        return last, True
    except (SchedulerError, RuntimeError) as exc:
        _fail(program, str(exc))
    return last, False


def roll_argument(roll: str) -> tuple[int, int]:
    """A ROLL argument read (higher die first), or a usage error (exit 2) saying why not."""
    try:
        return parse_roll(roll)
    except NardeError as exc:
        raise click.BadParameter(str(exc), param_hint="ROLL") from None


def evaluator_or_exit(program: str, rules_tag: str) -> Evaluator:
    """The evaluator for a ``--rules`` tag (checked already); weights that cannot
    be loaded: the reason on standard error, exit 2."""
    from narde_notation.evaluator import Evaluator

    try:
        return Evaluator(Ruleset.from_tag(rules_tag))
    except (OSError, ValueError) as exc:
        _fail(program, f"cannot load the evaluator's weights: {exc}")


def _fail(program: str, message: str) -> NoReturn:
    click.echo(f"{program}: error: {message}", err=True)
    sys.exit(2)


def _pct(x: float, se: float) -> str:
    return f"{round(100 * x, 1) + 0.0:5.1f}% ±{100 * se:3.1f}"  # + 0.0: no "-0.0%"


def show_rollout(result: Rollout, fmt: str, koks: bool) -> None:
    """Print a rollout's rows (text or JSON, see ``narde rollout --help``)."""
    from narde_notation.evaluator import OUTPUTS

    if fmt == "json":
        rows = []
        for r in result.rows:
            row: dict[str, object] = {"turn": None if r.turn is None else r.turn.notation()}
            names = OUTPUTS if koks else OUTPUTS[:3]
            for k, name in enumerate(names):
                row[name] = round(float(r.mean[k]), 6)
                row[f"{name}_se"] = round(float(r.se[k]), 6)
            row.update(equity=round(r.equity, 6), equity_se=round(r.equity_se, 6),
                       loss=round(r.loss, 6), loss_se=round(r.loss_se, 6), exact=r.exact)
            rows.append(row)
        click.echo(json.dumps({"trials": result.trials, "requested": result.requested,
                               "ply": result.ply, "seed": result.seed, "rows": rows}))
        return
    turns = [("the position" if r.turn is None else r.turn.notation()) for r in result.rows]
    width = max(map(len, turns))
    for k, (name, r) in enumerate(zip(turns, result.rows, strict=True), 1):
        loss = f"({signed(-r.loss).lstrip()} ±{r.loss_se:.3f})" if k > 1 else ""
        exact = "  exact" if r.exact else ""
        click.echo(f"{k:4}. {name.ljust(width)}  equity {signed(r.equity)} ±{r.equity_se:.3f}"
                   f" {loss:17} win {_pct(r.mean[0], r.se[0])}  mars"
                   f" {_pct(r.mean[1], r.se[1])} / {_pct(r.mean[2], r.se[2])}{exact}")


@click.command("rollout")
@click.argument("position")
@click.argument("roll", required=False)
@click.option("--ply", type=click.IntRange(0, 1), default=0, show_default=True,
              help="The players' depth: 0 (the network after each turn) or 1.")
@click.option("--top", type=click.IntRange(min=1), default=5, show_default=True,
              help="Candidate turns of ROLL rolled out (the best at --ply).")
@click.option("--luck", is_flag=True,
              help="gnubg's luck correction: each roll's luck (all 21 rolls valued)"
                   " taken out; a third of the variance for about 11x the CPU.")
@click.option("--prune/--no-prune", default=True, show_default=True,
              help="1-ply players pick each reply among the 8 a small pruning network"
                   " scores best, as gnubg's do (about 1.3x faster; --no-prune: among all).")
@rollout_options
@click.option("--rules", "rules_tag", default="standard", show_default=True,
              callback=check_rules_tag,
              help="Rules tag: 'standard' or a comma list of variants (reroll, koks, …).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output format.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@program_output("narde rollout")
def rollout_command(position: str, roll: str | None, ply: int, top: int, luck: bool,
                    prune: bool, trials: int, seed: int, jobs: int, scheduler: str | None,
                    rules_tag: str, fmt: str, quiet: bool) -> None:
    """Roll out POSITION, or the best turns of ROLL in POSITION.

    Each candidate is played to the end TRIALS times by the evaluator at
    --ply, with the same dice for every candidate (stratified first rolls;
    --luck also takes each roll's luck out: gnubg's variance reduction);
    games stop at the exact bear-off database.  Equity is the expected points of
    the mover (R9), loss the equity given up against the best row; every
    figure has its standard error (±).  Ctrl-C prints the figures of the
    trials done and exits 130.  JSON: {trials, requested, ply, seed, rows:
    [{turn, win, win_se, win_mars, …, equity, equity_se, loss, loss_se, exact}]}.
    """
    program = "narde rollout"
    try:
        pos = Position.from_string(position)
    except NardeError as exc:
        raise click.BadParameter(str(exc), param_hint="POSITION") from None
    dice = None if roll is None else roll_argument(roll)
    evaluator = evaluator_or_exit(program, rules_tag)
    try:
        result, interrupted = watch_rollout(
            program, evaluator, pos, dice, show_bar=not quiet and sys.stderr.isatty(),
            trials=trials, ply=ply, seed=seed, top=top, luck=luck, prune=prune, jobs=jobs,
            scheduler=scheduler)
    except ValueError as exc:  # a finished game, no legal play
        _fail(program, str(exc))
    if result is not None:
        if fmt == "text":
            side = pos.side_to_move.name.capitalize()
            n = len(result.rows)
            what = (f"{dice[0]}{dice[1]}, {n} turn{'s' if n != 1 else ''}" if dice
                    else "the position")
            click.echo(f"{side} to play, rollout of {what} ({evaluator.rules.to_tag()}):"
                       f" {result.trials} trials, {ply}-ply players, seed {seed}"
                       + (", luck corrected" if luck else "")
                       + (", no pruning" if ply == 1 and not prune else ""))
        show_rollout(result, fmt, evaluator.rules.koks)
    if interrupted:
        done = 0 if result is None else result.trials
        click.echo(f"{program}: interrupted after {done} of {trials} trials", err=True)
        sys.exit(EXIT_INTERRUPTED)
