"""What ``narde-validate`` loads to check a native file, and the collector
settings of its run (docs/decisions.md S1-S5).  No timing here: the
figures are ``benchmarks/bench_validate.py --process``'s."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from narde_notation.archive.tasks import check_file
from narde_notation.cli import program_collections
from narde_notation.cli.validate import narde_validate

# White opens 6-5 with 24/13 (R3), Black answers 5-4 24/15: legal, unfinished.
NATIVE = '[White "A"]\n[Black "B"]\n\n1. 65: 24/13  54: 24/15\n*\n'

PROGRAM = """
import os, sys
from narde_notation.cli.validate import narde_validate
try:
    narde_validate()
finally:
    loaded = [name for name in os.environ["MODULES"].split(",") if name in sys.modules]
    print(",".join(loaded), file=sys.stderr)
"""

#: Modules a plain native file does not need (S1, S2, S5).
NOT_NEEDED = ("narde_notation.formats.mat", "pathlib", "glob", "importlib.resources", "zipfile",
              "html", "csv", "json.decoder", "signal", "narde_notation.archive.table_rows",
              "click._termui_impl", "concurrent.futures")


def test_a_native_file_loads_only_what_it_needs(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(NATIVE, encoding="utf-8")
    env = dict(os.environ, NARDE_CACHE_DIR=str(tmp_path / "cache"), MODULES=",".join(NOT_NEEDED))
    done = subprocess.run([sys.executable, "-c", PROGRAM, "-q", "--jobs", "1", str(record)],
                          env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "warning[unfinished]" in done.stdout  # the game was read and replayed
    assert done.stderr.splitlines()[-1] == ""


def test_a_mat_file_still_loads_the_mat_reader(tmp_path: Path) -> None:
    record = tmp_path / "match.mat"
    record.write_text(" 1 point match\n\n Game 1\n A : 0   B : 0\n  1) 65: 24/13\n",
                      encoding="utf-8")
    env = dict(os.environ, NARDE_CACHE_DIR=str(tmp_path / "cache"),
               MODULES="narde_notation.formats.mat")
    done = subprocess.run([sys.executable, "-c", PROGRAM, "-q", "--jobs", "1", str(record)],
                          env=env, capture_output=True, text=True, check=False)
    assert done.stderr.splitlines()[-1] == "narde_notation.formats.mat"


def test_program_collections_freeze_and_restore_the_threshold() -> None:
    gc.unfreeze()
    before = gc.get_threshold()
    try:
        with program_collections():
            raised = gc.get_threshold()
            kept = [[] for _ in range(100)]  # alive at the end of the run
        assert raised[0] >= 50_000 and raised[1:] == before[1:]
        assert gc.get_threshold() == before
        assert gc.get_freeze_count() >= len(kept)
        assert gc.get_count()[0] < 100  # nothing young left to collect at exit
    finally:
        gc.unfreeze()


def test_the_library_still_restores_the_threshold(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(NATIVE, encoding="utf-8")
    before = gc.get_threshold()
    result = check_file(str(record))
    assert (result.games, [f.code for f in result.findings]) == (1, ["unfinished"])
    assert gc.get_threshold() == before


def test_the_program_run_in_process_restores_the_threshold(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(NATIVE, encoding="utf-8")
    before = gc.get_threshold()
    try:
        result = CliRunner().invoke(narde_validate, [str(record), "-q", "--jobs", "1"])
        assert result.exit_code == 0
        assert gc.get_threshold() == before
    finally:
        gc.unfreeze()
