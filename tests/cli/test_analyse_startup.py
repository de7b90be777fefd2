"""A one-game `narde analyse` imports nothing it does not use (issue 29, S1)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

_RUN = """
import sys
from narde_notation.cli.main import narde
sys.argv = ["narde", "analyse", sys.argv[1]]
try:
    narde()
finally:
    print("imported:", *(m for m in ("pandas", "pyarrow", "matplotlib") if m in sys.modules),
          file=sys.stderr)
"""


def test_one_game_analyse_imports_no_pandas(tmp_path: Path) -> None:
    game = tmp_path / "one.txt"
    game.write_text('[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. 65: 24/13\n*\n',
                    encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", _RUN, str(game)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "1. " in done.stdout and "summary" in done.stdout
    assert done.stderr.splitlines()[-1] == "imported:"
