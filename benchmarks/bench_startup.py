"""Start-up cost of ``narde analyse`` on a one-game file, against a baseline, in one run.

Usage::

    python benchmarks/bench_startup.py [--baseline DIR] [--rounds N] [FILE]

Each round runs, in fresh processes, A (this working tree) then B (the
baseline checkout, default ``/work/main``) — A B A B … — and the floor (the
interpreter importing nothing but numpy, which the evaluator cannot do
without).  Printed: the median CPU seconds (user + system of the child,
``getrusage``) of each and the ratios A/B and A/floor, for the default
depth (auto) and for ``--ply 0`` (the depth the code before issue 29's
start-up work used by default), each alternated A B.  Issue 29's goal is
A/B under 1/3 against the code before it.  FILE defaults to
``examples/seed-opening.txt`` (one game).  An editable install's import hook
is removed in the child so that each side runs its own tree's code, and
bytecode is written on the warm-up run (``PYTHONDONTWRITEBYTECODE`` unset in
the child), as an installed wheel has it.  ``--breakdown`` adds where this
tree's default run spends its CPU, each stage timed in the same fresh process
(``time.process_time``, ``OPENBLAS_NUM_THREADS=1`` as the programs set it,
medians over the rounds): the interpreter's start, importing numpy, click
and tabulate, our modules (every module of the package such a run loads),
loading the evaluator, and the run itself.  To
compare with an older commit::

    git archive fb4a1d9 narde_notation grammar | (mkdir -p /tmp/base && tar x -C /tmp/base)
    python benchmarks/bench_startup.py --baseline /tmp/base
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent.parent
_RUN = ("import os, sys; sys.meta_path[:] = [f for f in sys.meta_path"
        " if 'editable' not in repr(f).lower()]; sys.path.insert(0, os.environ['NARDE_SRC']);"
        " from narde_notation.cli.main import narde; sys.argv = ['narde', *sys.argv[1:]]; narde()")
_FLOOR = "import numpy"
#: the stages of ``--breakdown``: the same run, each import done first and timed.
_STAGES = """
import contextlib, importlib, io, os, sys, time
t = [time.process_time()]
sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in repr(f).lower()]
sys.path.insert(0, os.environ['NARDE_SRC'])
import numpy
t.append(time.process_time())
import click
t.append(time.process_time())
import tabulate
t.append(time.process_time())
from narde_notation.cli.main import narde
for name in os.environ['NARDE_MODULES'].split():
    importlib.import_module(name)
t.append(time.process_time())
from narde_notation.cli import require_evaluator
require_evaluator('narde analyse')
t.append(time.process_time())
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    narde(['analyse', *sys.argv[1:]])
t.append(time.process_time())
print(*(b - a for a, b in zip([0.0, *t], t)))
"""
_STAGE_NAMES = ("interpreter", "numpy", "click", "tabulate", "our modules", "evaluator load", "run")
#: the modules of the package such a run loads.
_MODULES = """
import contextlib, io, os, sys
sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in repr(f).lower()]
sys.path.insert(0, os.environ['NARDE_SRC'])
from narde_notation.cli.main import narde
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    narde(['analyse', *sys.argv[1:]])
print(' '.join(m for m in sys.modules if m.startswith('narde_notation')))
"""


def _cpu(code: str, args: list[str], src: Path) -> float:
    """CPU seconds of one fresh ``python -c code args`` with ``src`` first on the path."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = dict(os.environ, NARDE_SRC=str(src))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installed wheel: bytecode cached
    subprocess.run([sys.executable, "-c", code, *args], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def _breakdown(file: str, rounds: int) -> None:
    """Print the medians of :data:`_STAGES` for this tree's default run of ``file``."""
    env = dict(os.environ, NARDE_SRC=str(_HERE), OPENBLAS_NUM_THREADS="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    modules = subprocess.run([sys.executable, "-c", _MODULES, file], env=env, check=True,
                             capture_output=True, text=True).stdout.split()
    env["NARDE_MODULES"] = " ".join(modules)
    runs = [[float(x) for x in subprocess.run(
        [sys.executable, "-c", _STAGES, file], env=env, check=True, capture_output=True,
        text=True).stdout.split()] for _ in range(rounds)]
    stages = [statistics.median(column) for column in zip(*runs, strict=True)]
    print(f"this tree's default run, by stage (CPU-s, medians of {rounds};"
          f" {len(modules)} modules of ours): " + ", ".join(
              f"{name} {cpu:.3f}" for name, cpu in zip(_STAGE_NAMES, stages, strict=True))
          + f"; total {sum(stages):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(_HERE / "examples" / "seed-opening.txt"))
    parser.add_argument("--baseline", type=Path, default=Path("/work/main"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--breakdown", action="store_true",
                        help="Also time the stages of this tree's default run.")
    opts = parser.parse_args()
    # the default depth (auto) and the baseline's own default (0 ply), each A B
    runs = {"default": ["analyse", opts.file], "--ply 0": ["analyse", "--ply", "0", opts.file]}
    a: dict[str, list[float]] = {name: [] for name in runs}
    b: dict[str, list[float]] = {name: [] for name in runs}
    floor: list[float] = []
    _cpu(_RUN, runs["default"], _HERE)  # first run builds caches (bytecode, the bear-off copy)
    _cpu(_RUN, runs["default"], opts.baseline)
    for _ in range(opts.rounds):
        for name, args in runs.items():
            a[name].append(_cpu(_RUN, args, _HERE))
            b[name].append(_cpu(_RUN, args, opts.baseline))
        floor.append(_cpu(_FLOOR, [], _HERE))
    mf = statistics.median(floor)
    print(f"interpreter + numpy {mf:.3f} CPU-s")
    for name in runs:
        ma, mb = statistics.median(a[name]), statistics.median(b[name])
        print(f"narde analyse {name}, one game: this tree {ma:.3f} CPU-s, baseline {mb:.3f};"
              f" ratio this/baseline {ma / mb:.2f} (goal < 0.33); this/floor {ma / mf:.1f}x")
    if opts.breakdown:
        _breakdown(opts.file, opts.rounds)


if __name__ == "__main__":
    main()
