"""A Ctrl-C whose KeyboardInterrupt Python drops (raised in a weakref callback:
"Exception ignored in ...", seen in CI when it landed in the import system's
module-lock callback) still ends the program with the documented exit 130."""

from __future__ import annotations

import gc
import os
import signal
import sys
import weakref

import click
import pytest
from click.testing import CliRunner

from narde_notation.cli import EXIT_INTERRUPTED, program_output


class _Thing:
    pass


@click.command()
def _program() -> None:
    with program_output("narde-test"):
        thing = _Thing()
        # the signal arrives while a weakref callback runs: its KeyboardInterrupt
        # is printed as "Exception ignored" and the program carries on
        _ref = weakref.ref(thing, lambda _r: os.kill(os.getpid(), signal.SIGINT))
        del thing
        gc.collect()
        click.echo("carried on")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to the process itself")
def test_a_dropped_ctrl_c_is_exit_130() -> None:
    result = CliRunner().invoke(_program)
    assert result.exit_code == EXIT_INTERRUPTED, (result.exit_code, result.output)
    assert "interrupted" in result.stderr
    # the handler is the default one again afterwards
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
