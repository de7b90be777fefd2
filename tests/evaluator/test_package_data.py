"""Damaged package data (issue 25): the weights and the bear-off tables cut
short, emptied or with a byte changed give one clear message (a ValueError
naming the file; exit 2 from the programs) or a rebuild, never a traceback.

The damaged files are copies of the shipped ones made here; what each damage
must give is known by construction (a zip cut short has no directory, a
changed byte inside a member fails its CRC-32)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from narde_notation.evaluator import bearoff
from narde_notation.evaluator.evaluate import SHIPPED_WEIGHTS
from narde_notation.evaluator.network import Network
from narde_notation.evaluator.package_data import read_arrays


def _damaged(source: Path, folder: Path, how: str) -> Path:
    data = bytearray(source.read_bytes())
    if how == "cut":
        data = data[: len(data) // 2]
    elif how == "empty":
        data = bytearray()
    else:  # a byte inside the first member's compressed data
        data[len(data) // 2] ^= 0xFF
    path = folder / f"{how}-{source.name}"
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize("how", ["cut", "empty", "flip"])
def test_damaged_weights_are_one_value_error_naming_the_file(tmp_path: Path, how: str) -> None:
    path = _damaged(SHIPPED_WEIGHTS, tmp_path, how)
    with pytest.raises(ValueError, match=str(path)):
        Network.load(path)


def test_weights_whose_layers_do_not_fit_are_refused(tmp_path: Path) -> None:
    import numpy as np

    net, _ = Network.load(SHIPPED_WEIGHTS)
    net.params["b2"] = np.zeros(3)  # three outputs where five are read
    net.save(tmp_path / "w.npz")
    with pytest.raises(ValueError, match="do not fit together"):
        Network.load(tmp_path / "w.npz")


def test_a_fifo_is_not_opened(tmp_path: Path) -> None:
    import os

    os.mkfifo(tmp_path / "fifo.npz")
    with pytest.raises(ValueError, match="not a regular file"):
        read_arrays(tmp_path / "fifo.npz")


@pytest.mark.parametrize("how", ["cut", "empty", "flip"])
def test_damaged_bearoff_tables_are_one_value_error(tmp_path: Path, how: str) -> None:
    path = _damaged(bearoff.SHIPPED, tmp_path, how)
    with pytest.raises(ValueError, match=str(path)):
        bearoff._load(path)


def test_a_damaged_cached_copy_is_built_again_and_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    good = bearoff._load(bearoff.SHIPPED)
    assert good is not None
    cache = tmp_path / "cache"
    cache.mkdir()
    cached = cache / bearoff.CACHE_NAME
    cached.write_bytes(bearoff.SHIPPED.read_bytes()[:100_000])
    monkeypatch.setattr(bearoff, "SHIPPED", _damaged(bearoff.SHIPPED, tmp_path, "flip"))
    monkeypatch.setenv("NARDE_CACHE_DIR", str(cache))
    monkeypatch.setattr(bearoff, "_DB", [])
    built: list[bool] = []

    def build(progress: bool = False) -> bearoff.BearoffDatabase:
        built.append(progress)
        return good

    monkeypatch.setattr(bearoff, "build", build)
    assert bearoff.database() is good and built == [True]
    said = capsys.readouterr().err
    assert "package's bear-off tables" in said and "cached bear-off tables" in said
    again = bearoff._load(cached)  # the cache now holds the tables, whole
    assert again is not None and (again.dist == good.dist).all()


_HINT = """
import sys
from pathlib import Path
import narde_notation.evaluator.evaluate as ev
ev.SHIPPED_WEIGHTS = Path(sys.argv[1])
from narde_notation.cli.main import narde
sys.argv = ["narde", "hint", "24:15 / 24:15 / W", "65"]
narde()
"""


@pytest.mark.parametrize("how", ["cut", "empty"])
def test_narde_hint_on_damaged_weights_exits_2_with_a_message(tmp_path: Path, how: str) -> None:
    path = _damaged(SHIPPED_WEIGHTS, tmp_path, how)
    done = subprocess.run([sys.executable, "-c", _HINT, str(path)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "Aborted" not in done.stderr
    assert str(path) in done.stderr


_PROGRAM = """
import sys
from pathlib import Path
import narde_notation.evaluator.evaluate as ev
ev.SHIPPED_WEIGHTS = Path(sys.argv[1])
from narde_notation.cli.main import narde
from narde_notation.cli.stats import narde_stats
record, out = sys.argv[3], sys.argv[4]
args = {"analyse": ["analyse", record, record],
        "stats": [record, "--analyse", "--by", "player"],
        "show": ["show", record, "--analyse", "-o", out]}[sys.argv[2]]
sys.argv = ["p", *args]
(narde_stats if sys.argv[1] == record else narde)()
"""


@pytest.mark.parametrize(("program", "how", "prefix"), [
    ("analyse", "cut", "narde analyse"), ("stats", "empty", "narde-stats"),
    ("show", "cut", "narde show")])
def test_programs_that_analyse_say_damaged_weights_once_and_exit_2(
        tmp_path: Path, program: str, how: str, prefix: str) -> None:
    # before any file: one line, not an "internal error" per file
    path = _damaged(SHIPPED_WEIGHTS, tmp_path, how)
    record = tmp_path / "a.txt"
    record.write_text("1. 65: 24/18 18/13\n")
    done = subprocess.run([sys.executable, "-c", _PROGRAM, str(path), program, str(record),
                           str(tmp_path / "v.html")],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count(f"{prefix}: error: cannot load the evaluator's weights") == 1
    assert "internal error" not in done.stderr
