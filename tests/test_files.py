"""The one atomic write (``narde_notation._files.atomic_write``): the target
is replaced whole or not at all, and a failure leaves no temporary file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from narde_notation._files import atomic_write


def test_a_new_file_is_written_and_its_folder_made(tmp_path: Path) -> None:
    target = tmp_path / "cache" / "deeper" / "weights.npz"
    with atomic_write(target) as (fh, tmp):
        fh.write(b"first")
        assert tmp.parent == target.parent and not target.exists()  # not there until the end
    assert target.read_bytes() == b"first"
    assert os.listdir(target.parent) == ["weights.npz"]


def test_an_old_file_is_replaced_whole(tmp_path: Path) -> None:
    target = tmp_path / "table.npy"
    target.write_bytes(b"old contents, longer than the new")
    with atomic_write(target, mode=0o644) as (fh, _):
        fh.write(b"new")
        assert target.read_bytes() == b"old contents, longer than the new"
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


@pytest.mark.parametrize("error", [ValueError, KeyboardInterrupt])
def test_a_failure_leaves_the_old_file_and_no_temporary_file(
        tmp_path: Path, error: type[BaseException]) -> None:
    target = tmp_path / "table.npy"
    target.write_bytes(b"old")
    with pytest.raises(error), atomic_write(target, suffix=".part") as (fh, tmp):
        fh.write(b"half of the")
        assert tmp.exists() and tmp.suffix == ".part"
        raise error
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["table.npy"]


def test_a_target_that_cannot_be_replaced_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "library.so"
    target.mkdir()  # a folder in the file's place: os.replace fails
    (target / "inside").write_bytes(b"kept")
    with pytest.raises(OSError), atomic_write(target) as (fh, _):
        fh.write(b"library")
    assert os.listdir(tmp_path) == ["library.so"]
    assert (target / "inside").read_bytes() == b"kept"


def test_a_file_the_writer_replaced_itself_is_still_moved_into_place(tmp_path: Path) -> None:
    # the compiler writes its output by path (closing ours first), as rules.compiled does
    target = tmp_path / "library.so"
    with atomic_write(target, suffix=".so") as (fh, tmp):
        fh.close()
        tmp.unlink()
        tmp.write_bytes(b"\x7fELF")
    assert target.read_bytes() == b"\x7fELF"
    assert os.listdir(tmp_path) == ["library.so"]
