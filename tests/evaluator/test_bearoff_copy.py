"""The bear-off tables read from their uncompressed, memory-mapped copy (issue 29, S2)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from narde_notation.evaluator import bearoff

pytestmark = pytest.mark.skipif(not bearoff.SHIPPED.exists(), reason="no shipped tables")


def _copies(folder: Path) -> list[Path]:
    return sorted(folder.glob("bearoff-v*.npy"))


def test_copy_written_once_and_read_back_equal(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NARDE_CACHE_DIR", str(tmp_path))
    first = bearoff._unpacked(bearoff.SHIPPED)
    (copy,) = _copies(tmp_path)
    assert not list(tmp_path.glob("*.tmp"))
    again = bearoff._unpacked(bearoff.SHIPPED)
    assert first is not None and again is not None
    with np.load(bearoff.SHIPPED) as shipped:  # the reference: the .npz itself
        for db in (first, again):
            assert np.array_equal(db.keys, shipped["keys"])
            assert np.array_equal(db.mean, shipped["mean"])
            assert np.array_equal(db.dist, shipped["dist"])
            full = shipped["full_rows"]
            assert np.array_equal(db.first[full, :16], shipped["first_full"])
    assert isinstance(again.dist.base, np.memmap) or isinstance(again.dist, np.memmap)
    # 15 checkers on own point 1: every roll bears off 2 (4 on a double), so
    # 4 to 8 rolls, both ends possible: the mean lies strictly between.
    assert 4.0 < again.expected_rolls(15 << 4) < 8.0
    assert _copies(tmp_path) == [copy]


def test_truncated_copy_is_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NARDE_CACHE_DIR", str(tmp_path))
    bearoff._unpacked(bearoff.SHIPPED)
    (copy,) = _copies(tmp_path)
    size = copy.stat().st_size
    copy.write_bytes(copy.read_bytes()[: size // 2])
    db = bearoff._unpacked(bearoff.SHIPPED)
    assert db is not None
    with np.load(bearoff.SHIPPED) as shipped:
        assert np.array_equal(db.dist, shipped["dist"])
    assert copy.stat().st_size == size


def test_copy_named_after_the_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("NARDE_CACHE_DIR", str(cache))
    other = tmp_path / "other.npz"
    data = bytearray(bearoff.SHIPPED.read_bytes())
    other.write_bytes(bytes(data) + b"\0")  # other bytes, same tables (zip ignores a tail)
    bearoff._unpacked(bearoff.SHIPPED)
    bearoff._unpacked(other)
    assert len(_copies(cache)) == 2
    assert bearoff._unpacked(tmp_path / "absent.npz") is None


def _stamps(folder: Path) -> list[Path]:
    return sorted(folder.glob("bearoff-v*.sha256"))


def test_digest_hashed_once_then_read_from_its_stamp(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import hashlib

    monkeypatch.setenv("NARDE_CACHE_DIR", str(tmp_path))
    bearoff._unpacked(bearoff.SHIPPED)
    (stamp,) = _stamps(tmp_path)
    # the stamp holds the first 16 hex digits of the file's SHA-256 (hashed here)
    expected = hashlib.sha256(bearoff.SHIPPED.read_bytes()).hexdigest()[:16]
    assert stamp.read_text(encoding="ascii") == expected
    (copy,) = _copies(tmp_path)
    assert expected in copy.name

    def no_hashing(*args: object) -> None:
        raise AssertionError("hashed again")

    monkeypatch.setattr(hashlib, "sha256", no_hashing)
    assert bearoff._unpacked(bearoff.SHIPPED) is not None  # the stamp, not the bytes
    assert _copies(tmp_path) == [copy]


def test_stamp_of_another_file_or_damaged_is_not_used(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("NARDE_CACHE_DIR", str(cache))
    source = tmp_path / "tables.npz"
    source.write_bytes(bearoff.SHIPPED.read_bytes())
    bearoff._unpacked(source)
    (stamp,) = _stamps(cache)
    stamp.write_text("not a digest\n", encoding="ascii")
    assert bearoff._unpacked(source) is not None
    assert len(stamp.read_text(encoding="ascii")) == 16  # hashed again, written again
    # the same path with other bytes (and size): another stamp, another copy
    source.write_bytes(bearoff.SHIPPED.read_bytes() + b"\0")
    assert bearoff._unpacked(source) is not None
    assert len(_stamps(cache)) == 2
    assert len(_copies(cache)) == 2
