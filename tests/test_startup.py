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
import sys
before = set(sys.modules)
from narde_notation.cli.validate import narde_validate
try:
    narde_validate()
finally:
    print(" ".join(sorted(set(sys.modules) - before)), file=sys.stderr)
"""

#: Every module of the package a plain native file may load (S1, S2, S5): the
#: reader of native records, the engine, the replay, the per-file task and
#: the CLI.  An allow-list: a module renamed, added or newly imported on this
#: path fails the test until it is listed here on purpose.
NATIVE_RUN_MAY_LOAD = frozenset({
    "narde_notation", "narde_notation._compat", "narde_notation._lazy", "narde_notation.version",
    "narde_notation._startup",
    "narde_notation.model", "narde_notation.model.errors", "narde_notation.model.findings",
    "narde_notation.model.record", "narde_notation.model.ruleset",
    "narde_notation.model.safe_text", "narde_notation.model.side",
    "narde_notation.formats", "narde_notation.formats.decoding",
    "narde_notation.formats.grammar", "narde_notation.formats.native",
    "narde_notation.formats.reader", "narde_notation.formats.sources",
    "narde_notation.formats.syntax", "narde_notation.formats._score",
    "narde_notation.formats._visitor", "narde_notation.formats._native_chunks",
    "narde_notation.formats._native_drafts",
    "narde_notation.rules", "narde_notation.rules.engine", "narde_notation.rules.game",
    "narde_notation.rules.generation", "narde_notation.rules.position",
    "narde_notation.rules.scoring", "narde_notation.rules.step", "narde_notation.rules.turn_check",
    "narde_notation.rules.turn_diagnosis", "narde_notation.rules.packed",
    "narde_notation.replay", "narde_notation.replay.pipeline", "narde_notation.replay._matches",
    "narde_notation.replay._replay", "narde_notation.replay._expansion",
    "narde_notation.replay._conceded",
    "narde_notation.replay._report",
    "narde_notation.archive", "narde_notation.archive.executor", "narde_notation.archive.tasks",
    "narde_notation.cli", "narde_notation.cli.validate",
})
#: Third-party distributions it may load (top-level names): the CLI and the grammar.
NATIVE_RUN_MAY_USE = frozenset({"click", "lark"})
#: The standard library is not listed module by module (it differs between
#: Python versions); these are the parts S1, S2 and S5 keep off this path,
#: each checked to be a real standard-library name so that none can pass
#: by being misspelt.
STDLIB_NOT_NEEDED = ("pathlib", "glob", "importlib.resources", "zipfile", "html", "csv",
                     "json.decoder", "signal", "concurrent.futures")


def _run(tmp_path: Path, record: Path) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """``narde-validate -q --jobs 1 record`` in a fresh process: the run and
    the modules it loaded (after the interpreter's own start-up)."""
    env = dict(os.environ, NARDE_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-c", PROGRAM, "-q", "--jobs", "1", str(record)],
                          env=env, capture_output=True, text=True, check=False)
    assert done.stderr.strip(), done
    return done, set(done.stderr.splitlines()[-1].split())


def test_a_native_file_loads_only_what_it_needs(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(NATIVE, encoding="utf-8")
    done, loaded = _run(tmp_path, record)
    assert done.returncode == 0, done.stderr
    assert "warning[unfinished]" in done.stdout  # the game was read and replayed
    ours = {name for name in loaded if name.split(".")[0] == "narde_notation"}
    assert ours <= NATIVE_RUN_MAY_LOAD, sorted(ours - NATIVE_RUN_MAY_LOAD)
    # not vacuous: the reader, the engine and the replay did run in this process
    assert {"narde_notation.formats.native", "narde_notation.rules.generation",
            "narde_notation.replay._replay"} <= ours
    others = {name.split(".")[0] for name in loaded} - {"narde_notation"}
    third_party = {name for name in others if name not in sys.stdlib_module_names}
    assert third_party <= NATIVE_RUN_MAY_USE, sorted(third_party - NATIVE_RUN_MAY_USE)
    assert "click._termui_impl" not in loaded  # no progress bar with -q
    for name in STDLIB_NOT_NEEDED:
        assert name.split(".")[0] in sys.stdlib_module_names, name
        assert name not in loaded, name


def test_a_mat_file_still_loads_the_mat_reader(tmp_path: Path) -> None:
    record = tmp_path / "match.mat"
    record.write_text(" 1 point match\n\n Game 1\n A : 0   B : 0\n  1) 65: 24/13\n",
                      encoding="utf-8")
    _done, loaded = _run(tmp_path, record)
    assert "narde_notation.formats.mat" in loaded
    assert "narde_notation.formats.mat" not in NATIVE_RUN_MAY_LOAD


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


ANALYSE = """
import sys
before = set(sys.modules)
from narde_notation.cli.main import narde
try:
    narde(["analyse", sys.argv[1]])
finally:
    print(" ".join(sorted(set(sys.modules) - before)), file=sys.stderr)
"""

#: What a one-game ``narde analyse`` has no use for (decisions S1, Q5, Q9): the
#: other subcommands' modules (the lazy group imports a subcommand when named),
#: pandas, a worker pool, and numpy's random generators (nothing is drawn).
ANALYSE_NOT_NEEDED = ("narde_notation.cli.board", "narde_notation.cli.validate",
                      "narde_notation.cli.stats", "narde_notation.show", "pandas",
                      "matplotlib", "numpy.random", "concurrent.futures", "multiprocessing")


def test_one_game_analyse_loads_no_other_subcommand(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(NATIVE, encoding="utf-8")
    env = dict(os.environ, NARDE_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-c", ANALYSE, str(record)], env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    # not vacuous: the game was read and both half-turns rated
    assert "1 game analysed" in done.stderr
    assert "24/13" in done.stdout and "24/15" in done.stdout
    loaded = set(done.stderr.splitlines()[-1].split())
    assert {"narde_notation.cli.analyse", "narde_notation.evaluator", "numpy"} <= loaded
    # numpy 1.x imports numpy.random with numpy itself (CI's floor run): only
    # what numpy's own import does not bring is ours to avoid
    numpy_alone = subprocess.run(
        [sys.executable, "-c", "import sys, numpy; print(' '.join(sys.modules))"],
        capture_output=True, text=True, check=True).stdout.split()
    for name in ANALYSE_NOT_NEEDED:
        assert name not in loaded or name in numpy_alone, name
