"""``--scheduler`` with a scheme the programs cannot use (issue 25): tls://
(no security configuration can be given), inproc:// (a scheduler inside this
very process), ucx:// exit 2 at once with one line, every program alike."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

EXAMPLE = Path(__file__).parents[2] / "examples" / "club-match.mat"


@pytest.mark.parametrize("address", ["tls://127.0.0.1:8786", "inproc://x", "ucx://127.0.0.1:1"])
@pytest.mark.parametrize("program", ["narde analyse", "narde-validate"])
def test_schemes_other_than_tcp_exit_2_at_once(program: str, address: str) -> None:
    module = ("narde_notation.cli.main:narde" if program == "narde analyse"
              else "narde_notation.cli.validate:narde_validate")
    name, func = module.split(":")
    args = (["analyse"] if program == "narde analyse" else []) + [
        "--scheduler", address, str(EXAMPLE)]
    code = f"import sys; from {name} import {func} as f; sys.argv = ['p'] + {args!r}; f()"
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 2
    assert time.monotonic() - start < 15  # not Dask's 20 s wait at exit
    assert "Traceback" not in done.stderr
    assert f"scheduler {address}: only tcp://host:port addresses" in done.stderr
