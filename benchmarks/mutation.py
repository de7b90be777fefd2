"""Mutation score of one module with mutmut, on the tests that exercise it.

A mutant is the module with one small change (``<`` for ``<=``, ``+`` for
``-``, a constant changed, a call's argument dropped...). A mutant that no
test fails on ("survived") is a behaviour the tests do not pin down. The
score is killed / (killed + survived + no tests), timeouts counted as killed.

    pip install mutmut==3.8.1
    python benchmarks/mutation.py rules/step.py                 # its default tests
    python benchmarks/mutation.py formats/mat.py tests/formats  # other tests
    python benchmarks/mutation.py analysis/marks.py --survivors # list what survived
    python benchmarks/mutation.py formats/mat.py --sample 150   # 150 mutants drawn (seed 1)

Each run works in a scratch copy of the project (``--workdir``, default
``/tmp/narde-mutation/<module>``; the project folder and its pyproject.toml are
not touched), runs niced with ``--jobs`` test processes (default 1: the
machine is shared) and with ``NARDE_PURE_PYTHON=1``, so the rules' Python code
is what the tests run (the compiled search would stand in for it otherwise).
A run can be stopped and started again: mutmut keeps its results in the
scratch folder and reruns only what changed. docs/testing.md gives the
figures measured and the test sets used.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: the tests that exercise each measured module (the module's own stage and the
#: corpora that drive it); the others add minutes and no kill
DEFAULT_TESTS = {
    "rules/step.py": ["tests/rules", "tests/replay/test_validate.py"],
    # Turn.written_moves' reading back (set_reader) is tested with the writer
    "rules/generation.py": ["tests/rules", "tests/formats/test_shortest_moves.py"],
    "formats/mat.py": ["tests/formats/test_mat.py", "tests/formats/test_mat_header.py",
                       "tests/formats/test_mat_content.py",
                       "tests/formats/test_mat_recovery.py", "tests/formats/test_mat_variations.py",
                       "tests/formats/test_mat_turn_numbers.py", "tests/formats/test_mat_pieces.py",
                       "tests/formats/test_reader_corpus.py"],
    "replay/validation.py": ["tests/replay", "tests/formats/test_resignations.py"],
    "analysis/marks.py": ["tests/analysis"],
}


#: the folders the tests read besides the package (mutmut copies them into mutants/)
COPIED = ("narde_notation", "grammar", "tests", "examples", "docs", "benchmarks")


def _copy_project(work: Path) -> None:
    """The package and what its tests read copied fresh into ``work`` (mutmut's state kept)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", ".hypothesis", ".pytest_cache")
    for name in COPIED:
        shutil.rmtree(work / name, ignore_errors=True)
        shutil.copytree(ROOT / name, work / name, ignore=ignore)
    shutil.copy(ROOT / "README.md", work / "README.md")


def _config(module: str, tests: list[str], pure: bool) -> str:
    """The project's pyproject.toml with a ``[tool.mutmut]`` table for this run."""
    def array(items: list[str]) -> str:
        return "[" + ", ".join(f'"{item}"' for item in items) + "]"

    return (ROOT / "pyproject.toml").read_text(encoding="utf-8") + f"""
[tool.mutmut]
source_paths = ["narde_notation"]
only_mutate = ["narde_notation/{module}"]
also_copy = {array([*COPIED[1:], "README.md"])}
pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "--hypothesis-profile=mutation"]
pytest_add_cli_args_test_selection = {array(tests)}
# pure Python rules: {pure}
"""


def score(results: str) -> tuple[int, int, dict[str, int]]:
    """(killed, measured, count of each status) from ``mutmut results --all true``."""
    counts: dict[str, int] = {}
    for line in results.splitlines():
        found = re.match(r"\s*\S+:\s*(killed|survived|no tests|timeout|suspicious|skipped|"
                         r"segfault|not checked|caught by type check)\s*$", line)
        if found:
            counts[found[1]] = counts.get(found[1], 0) + 1
    killed = sum(counts.get(k, 0) for k in ("killed", "timeout", "segfault",
                                             "caught by type check"))
    measured = killed + counts.get("survived", 0) + counts.get("no tests", 0) \
        + counts.get("suspicious", 0)
    return killed, measured, counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("module", help="the module under narde_notation/, e.g. rules/step.py")
    parser.add_argument("tests", nargs="*", help="test files or folders (default: the module's)")
    parser.add_argument("--workdir", type=Path, help="scratch folder (kept between runs)")
    parser.add_argument("--jobs", type=int, default=1, help="test processes at once (default 1)")
    parser.add_argument("--compiled", action="store_true",
                        help="let the compiled search run (default: NARDE_PURE_PYTHON=1)")
    parser.add_argument("--survivors", action="store_true", help="print each surviving mutant")
    parser.add_argument("--only", nargs="+", default=[], metavar="MUTANT",
                        help="run these mutants only (names as --survivors prints them)")
    parser.add_argument("--sample", type=int, default=0, metavar="N",
                        help="run N mutants drawn at random (a large module on a busy machine)")
    parser.add_argument("--seed", type=int, default=1, help="the draw's seed (default 1)")
    parser.add_argument("--score-only", action="store_true",
                        help="run nothing: the score of the results kept in --workdir (after"
                             " a run with --only on the survivors, say)")
    args = parser.parse_args(argv)
    if shutil.which("mutmut") is None:
        parser.error("mutmut is not installed: pip install mutmut==3.8.1")
    module = args.module.removeprefix("narde_notation/")
    if not (ROOT / "narde_notation" / module).is_file():
        parser.error(f"no module narde_notation/{module}")
    tests = args.tests or DEFAULT_TESTS.get(module)
    if not tests:
        parser.error(f"no default tests for {module}: name them")
    work = args.workdir or Path("/tmp/narde-mutation", module.replace("/", "-")[:-3])
    work.mkdir(parents=True, exist_ok=True)
    commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT,
                            capture_output=True, text=True, check=False).stdout.strip()
    if not args.score_only:
        _copy_project(work)
        # mutmut keeps which tests cover which function between runs and does not
        # see tests added since: collect them again
        (work / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
        (work / "pyproject.toml").write_text(_config(module, tests, not args.compiled),
                                             encoding="utf-8")
    env = dict(os.environ, MPLBACKEND="Agg", NARDE_MUTATION="1")  # tests/conftest.py
    if not args.compiled:
        env["NARDE_PURE_PYTHON"] = "1"
    def results() -> str:
        return subprocess.run(["mutmut", "results", "--all", "true"], cwd=work, env=env,
                              capture_output=True, text=True, check=False).stdout

    run = ["nice", "-n", "19", "mutmut", "run", "--max-children", str(args.jobs)]
    names = list(args.only)
    if args.sample:  # mutants made (a name that matches none stops the run there), then drawn
        if not args.score_only:
            subprocess.run([*run, "no-such-mutant"], cwd=work, env=env, check=False,
                           capture_output=True)
        every = sorted(line.split(":")[0].strip() for line in results().splitlines()
                       if re.match(r"\s*\S+__mutmut_\d+:", line))
        names = sorted(random.Random(args.seed).sample(every, min(args.sample, len(every))))
        print(f"{len(names)} of {len(every)} mutants drawn (seed {args.seed})")
    if not args.score_only:
        subprocess.run([*run, *names], cwd=work, env=env, check=False)
    listed = results()
    if names:
        listed = "\n".join(line for line in listed.splitlines()
                           if line.split(":")[0].strip() in set(names))
    killed, measured, counts = score(listed)
    print(f"narde_notation/{module} at {commit or '?'}: {killed}/{measured} mutants killed"
          f" = {100 * killed / max(measured, 1):.1f}%  {counts}")
    if args.survivors:
        for line in listed.splitlines():
            if line.strip().endswith(("survived", "no tests", "suspicious")):
                name = line.split(":")[0].strip()
                print(subprocess.run(["mutmut", "show", name], cwd=work, capture_output=True,
                                     text=True, check=False).stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
