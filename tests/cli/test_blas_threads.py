"""The programs run numpy's matrix products on one thread unless told otherwise
(decisions A15): set before numpy is loaded, so it takes effect."""

from __future__ import annotations

import os
import subprocess
import sys

PROBE = ("import os, sys; import narde_notation.cli; "
         "print(os.environ.get('OPENBLAS_NUM_THREADS'), 'numpy' in sys.modules)")


def _run(env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                          text=True, check=True, timeout=120)
    return done.stdout.strip()


def test_programs_set_one_blas_thread_before_numpy_loads() -> None:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    assert _run(env) == "1 False"


def test_a_users_setting_is_kept() -> None:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "2"}
    assert _run(env) == "2 False"
