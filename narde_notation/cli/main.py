"""The ``narde`` command: small tools around the rules engine.

``narde moves POSITION ROLL`` lists the legal turns of a position (R3–R8).
Exit codes: 0 success, 2 usage errors (a bad position, roll or rules tag).
"""

from __future__ import annotations

import json

import click

from narde_notation.cli import check_rules_tag
from narde_notation.engine import legal_turns, parse_roll
from narde_notation.errors import NardeError
from narde_notation.position import Position
from narde_notation.ruleset import Ruleset

__all__ = ["narde"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="narde-notation")
def narde() -> None:
    """Long Narde (длинные нарды) tools."""


@narde.command()
@click.argument("position")
@click.argument("roll")
@click.option(
    "--rules",
    "rules_tag",
    default="standard",
    show_default=True,
    callback=check_rules_tag,
    help="Rules tag: 'standard' or a comma list of variants (reroll, koks, …).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output format.",
)
def moves(position: str, roll: str, rules_tag: str, fmt: str) -> None:
    """List the legal turns for ROLL in POSITION.

    POSITION is a position string such as '24:15 / 24:15 / W' (White's and
    Black's checkers in their own numbering, then the side to move).  ROLL
    is two dice: 65, 56, 6-5 or 6:5.
    """
    try:
        pos = Position.from_string(position)
    except NardeError as exc:
        raise click.BadParameter(str(exc), param_hint="POSITION") from None
    if pos.is_game_over:
        raise click.BadParameter(
            "the game is over in this position (a side has borne off all 15, R9):"
            " nothing may be played (R11)",
            param_hint="POSITION",
        )
    try:
        dice = parse_roll(roll)
    except NardeError as exc:
        raise click.BadParameter(str(exc), param_hint="ROLL") from None
    rules = Ruleset.from_tag(rules_tag)  # checked by check_rules_tag
    turns = legal_turns(pos, dice, rules)
    max_dice = max((t.dice_used for t in turns), default=0)
    if fmt == "json":
        payload = {
            "max_dice": max_dice,
            "turns": [{"moves": t.notation(), "position": str(t.position)} for t in turns],
        }
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


if __name__ == "__main__":  # pragma: no cover
    narde()
