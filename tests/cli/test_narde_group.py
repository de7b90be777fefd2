"""``narde``: every program is a subcommand, and ``narde --help`` describes each
in full (issue 28 item 9)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from narde_notation.cli.main import narde

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_help_lists_every_command_without_cutting_it() -> None:
    out = CliRunner().invoke(narde, ["--help"]).output
    listed = dict(re.findall(r"^  ([a-z]+) +(.+)$", out.split("Commands:")[1], re.M))
    assert set(listed) == {"analyse", "board", "hint", "moves", "rollout", "show", "stats",
                           "validate"}
    assert not [name for name, text in listed.items() if text.endswith("...")]


def test_validate_and_stats_are_subcommands() -> None:
    runner = CliRunner()
    # seed-bearoff.txt is a finished, legal game (the bundled examples validate clean)
    checked = runner.invoke(narde, ["validate", str(EXAMPLES / "seed-bearoff.txt"), "-j", "1"])
    assert checked.exit_code == 0, checked.output
    assert "1 file, 1 game, 0 errors, 0 warnings" in checked.output
    stats = runner.invoke(narde, ["stats", str(EXAMPLES / "seed-bearoff.txt"), "-j", "1",
                                  "--format", "json"])
    assert stats.exit_code == 0, stats.output
    assert '"games": 1' in stats.output.replace('"games":1', '"games": 1')
