"""A record file whose name is not UTF-8 counts as read (decisions H3): the
games frame holds its name escaped (``caf\\xe9.txt``), the file list the raw
path; the two are compared the same way."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from narde_notation.archive import summary, tables
from narde_notation.cli.stats import narde_stats

SEED = Path(__file__).resolve().parents[2] / "examples" / "seed-opening.txt"  # one game


@pytest.fixture
def odd_name(tmp_path: Path) -> Path:
    if sys.platform == "darwin":
        pytest.skip("the file system refuses names that are not UTF-8")
    target = os.path.join(os.fsencode(tmp_path), b"caf\xe9.txt")
    shutil.copyfile(SEED, target)
    return Path(os.fsdecode(target))


def test_a_file_named_in_bytes_that_are_not_utf8_has_its_game(odd_name: Path) -> None:
    overview = summary(tables(odd_name.parent)).overview
    assert (overview["games"], overview["files"], overview["files_without_games"]) == (1, 1, 0)


def test_narde_stats_notes_no_missing_game_for_it(odd_name: Path) -> None:
    done = CliRunner().invoke(narde_stats, [str(odd_name.parent)])
    assert done.exit_code == 0, done.output
    assert "no game read" not in done.output
