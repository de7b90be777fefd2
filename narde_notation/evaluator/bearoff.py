"""The exact one-sided bear-off database and two-sided no-contact races (R7, R8, R9).

For every way of having 0–15 checkers on one side's six home points (own
points 1…6, the rest borne off: C(21, 6) = 54,264 positions) the database
holds

* the distribution of the number of that side's own rolls needed to bear
  off every checker, each roll played to minimise the expected number
  (R3, R7, R8; turns whose expectations differ by less than
  :data:`TIE` are ties, won by the end board of the lowest packed
  value), and its mean (:meth:`BearoffDatabase.expected_rolls`);
* for the 15,504 positions with all 15 still on the board, the
  distribution of rolls until the first checker is off, each roll played
  to minimise *that* expectation (the side saving a mars, R9).

Turns come from the engine itself (:func:`~narde_notation.evaluator.game.child_boards`),
with the opponent placed where it cannot touch the home (one checker on
its own point 1, which also keeps R6 from ever applying).

The tables ship as package data (``evaluator/data/bearoff.npz``, about
4 MB, float64), made by ``python -m narde_notation.evaluator.bearoff``
(:func:`build`, about two minutes here, a progress bar on stderr).  A
checkout without that file builds them on first use and caches them as
``bearoff-v1.npz`` in the cache folder: ``$NARDE_CACHE_DIR`` if set, else
``$XDG_CACHE_HOME/narde-notation``, else ``~/.cache/narde-notation`` (a
folder that cannot be written only means the next process builds again).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from narde_notation._files import atomic_write
from narde_notation.evaluator.game import ROLLS, Ruleset, child_boards
from narde_notation.evaluator.package_data import read_arrays

__all__ = [
    "CACHE_NAME",
    "MAX_ROLLS",
    "SHIPPED",
    "BearoffDatabase",
    "build",
    "cache_dir",
    "database",
    "home_key",
    "save",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: distributions have entries for 0 … MAX_ROLLS - 1 rolls (the slowest
#: position, 15 on own 6, needs at most 30 rolls; the first checker is off
#: after at most 10).
MAX_ROLLS = 32
_FIRST_COLUMNS = 16
#: positions of 0-15 checkers on six points: C(21, 6).
_POSITIONS = 54_264
CACHE_NAME = "bearoff-v1.npz"
#: the shipped tables (package data), made by ``python -m narde_notation.evaluator.bearoff``.
SHIPPED = Path(__file__).with_name("data") / "bearoff.npz"
_FORMAT = 1
#: the layout of the uncompressed copy (:func:`_unpacked`): the keys first.
_COPY_LAYOUT = "k"
#: the opponent during the build: one checker on its own point 1, 14 off.
_OPP_AWAY = (1 << 4) | 14
_STANDARD = Ruleset()
_HOME_MASK = (1 << 28) - 16  # nibbles 1…6


def home_key(board: int) -> int:
    """The database key of a packed board: its nibbles of own points 1…6.

    Only meaningful when every checker on the board is home (nibbles 7…24 empty).
    """
    return (board & _HOME_MASK) >> 4


def _positions() -> list[tuple[int, ...]]:
    """All (c1, …, c6) with c1 + … + c6 <= 15, ordered by pip count."""
    out = [c for c in itertools.product(range(16), repeat=6) if sum(c) <= 15]
    out.sort(key=lambda c: (sum((i + 1) * n for i, n in enumerate(c)), c))
    return out


@dataclass(frozen=True)
class BearoffDatabase:
    """The tables (module docstring); row ``i`` is the position of ``keys[i]``.

    Attributes:
        keys: int64, shape (54264,), :func:`home_key` of each position, sorted.
        mean: float64, (54264,), expected rolls to bear off all.
        dist: float64, (54264, MAX_ROLLS): ``dist[i, n]`` = P(exactly ``n`` rolls).
        first: float64, (54264, MAX_ROLLS): P(first checker off at roll ``n``)
            (``n = 0`` when a checker is already off).
    """

    keys: IntArray
    mean: FloatArray
    dist: FloatArray
    first: FloatArray

    def rows(self, keys: npt.ArrayLike) -> IntArray:
        """Row numbers of home keys (int64 array of the same shape).

        Raises:
            ValueError: a key that is not a position of 0–15 checkers on points 1…6.
        """
        k = np.asarray(keys, dtype=np.int64)
        rows = np.searchsorted(self.keys, k)
        rows = np.minimum(rows, len(self.keys) - 1)
        if not np.all(self.keys[rows] == k):
            raise ValueError("a board with checkers outside the home is not in the bear-off"
                             " database")
        return rows.astype(np.int64)

    def expected_rolls(self, board: int) -> float:
        """Expected own rolls for packed ``board`` (all home) to bear off all (R8)."""
        return float(self.mean[self.rows(home_key(board))])

    def race(self, me: npt.ArrayLike, opp: npt.ArrayLike) -> tuple[FloatArray, FloatArray,
                                                                   FloatArray]:
        """Two-sided no-contact bear-off, the side of ``me`` to roll first.

        Args:
            me, opp: packed boards (ints or int64 arrays of equal shape), every
                checker home, each with at least one checker on the board.

        Returns:
            ``(win, win_mars, lose_mars)`` float64 arrays: the mover finishes
            in ``n`` of its rolls while the opponent needs ``n`` or more; a
            mars when the loser has nothing off by then (R9).
        """
        me_a = np.asarray(me, dtype=object)
        opp_a = np.asarray(opp, dtype=object)
        mk = np.vectorize(home_key, otypes=[np.int64])(me_a) if me_a.ndim else np.int64(
            home_key(int(me_a)))
        ok = np.vectorize(home_key, otypes=[np.int64])(opp_a) if opp_a.ndim else np.int64(
            home_key(int(opp_a)))
        a = self.dist[self.rows(mk)]
        b = self.dist[self.rows(ok)]
        fa = self.first[self.rows(mk)]
        fb = self.first[self.rows(ok)]
        # P(opponent needs >= n) and P(opponent's first off >= n): reversed cumulative sums.
        b_tail = np.flip(np.cumsum(np.flip(b, -1), -1), -1)
        fb_tail = np.flip(np.cumsum(np.flip(fb, -1), -1), -1)
        fa_after = np.flip(np.cumsum(np.flip(fa, -1), -1), -1)
        fa_after = np.concatenate([fa_after[..., 1:], np.zeros_like(fa_after[..., :1])], -1)
        win = np.sum(a * b_tail, -1)
        win_mars = np.sum(a * fb_tail, -1)
        lose_mars = np.sum(b * fa_after, -1)
        return win, win_mars, lose_mars


#: expectations closer than this are ties (rounding differs between ways of summing).
TIE = 1e-12


def _best(rows: list[int], values: FloatArray) -> int:
    """The first of ``rows`` (ascending board order) within :data:`TIE` of the least value."""
    least = min(values[j] for j in rows)
    return next(j for j in rows if values[j] <= least + TIE)


def build(progress: bool = True) -> BearoffDatabase:
    """Compute the tables from the rules (module docstring); ``progress``
    shows a click progress bar on stderr."""
    import click

    positions = _positions()
    n_pos = len(positions)
    boards = [sum(c << (4 * (i + 1)) for i, c in enumerate(cnt)) + 15 - sum(cnt)
              for cnt in positions]
    keys = np.array([home_key(b) for b in boards], dtype=np.int64)
    order = np.argsort(keys)
    row_of = {int(keys[i]): i for i in range(n_pos)}
    mean = np.zeros(n_pos)
    dist = np.zeros((n_pos, MAX_ROLLS))
    fmean = np.zeros(n_pos)
    first = np.zeros((n_pos, MAX_ROLLS))
    dist[0, 0] = 1.0  # position 0 is the empty board (pip count 0)
    probs = np.array([p for _a, _b, p in ROLLS])
    with click.progressbar(range(n_pos), label="building the bear-off database",
                           file=sys.stderr, hidden=not progress) as bar:
        for i in bar:
            on_board = sum(positions[i])
            if on_board == 0:
                first[i, 0] = 1.0
                continue
            if on_board < 15:
                first[i, 0] = 1.0
                continue_first = False
            else:
                continue_first = True
            best = np.empty(len(ROLLS), dtype=np.int64)
            fbest = np.empty(len(ROLLS), dtype=np.int64)
            for r, (d1, d2, _p) in enumerate(ROLLS):
                kids = sorted(child_boards(boards[i], _OPP_AWAY, False, d1, d2, _STANDARD))
                rows = [row_of[home_key(k)] for k in kids]
                best[r] = _best(rows, mean)
                if continue_first:
                    fbest[r] = _best(rows, fmean)
            mean[i] = 1.0 + probs @ mean[best]
            dist[i, 1:] = probs @ dist[best, :-1]
            if continue_first:
                fmean[i] = 1.0 + probs @ fmean[fbest]
                first[i, 1:] = probs @ first[fbest, :-1]
    return BearoffDatabase(keys[order], mean[order], dist[order], first[order])


def cache_dir() -> Path:
    """The cache folder (module docstring)."""
    env = os.environ.get("NARDE_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "narde-notation"


def _load(path: Path) -> BearoffDatabase | None:
    """The tables of a file written by :func:`save`; ``None`` if absent or of another format.

    Raises:
        ValueError: the file is damaged (cut short, bytes changed, tables of
            the wrong shape or not probabilities); the message names it.
    """
    try:
        data = read_arrays(path)
    except FileNotFoundError:
        return None
    if "format" not in data or data["format"].shape != () or int(data["format"]) != _FORMAT:
        return None
    try:
        keys, mean, dist = data["keys"], data["mean"], data["dist"]
        full, first_full = data["full_rows"], data["first_full"]
        rows = len(keys)
        if not (rows == _POSITIONS and mean.shape == (rows,) and dist.shape == (rows, MAX_ROLLS)
                and first_full.shape == (len(full), _FIRST_COLUMNS) and full.ndim == 1
                and np.isfinite(dist).all() and np.isfinite(first_full).all()
                and np.all((dist >= 0) & (dist <= 1)) and np.all(full >= 0)
                and np.all(full < rows)):
            raise ValueError("tables of the wrong shape or values")
        first = np.zeros_like(dist)
        first[:, 0] = 1.0
        first[full, 0] = 0.0
        first[full, :_FIRST_COLUMNS] = first_full
    except (KeyError, ValueError, IndexError, TypeError) as exc:
        raise ValueError(f"{path}: damaged bear-off tables ({exc})") from exc
    return BearoffDatabase(keys, mean, dist, first)


def _load_or_none(path: Path, what: str) -> BearoffDatabase | None:
    """:func:`_load`, a damaged file said on stderr and read as absent."""
    try:
        return _load(path)
    except ValueError as exc:
        print(f"narde: {what} {exc}; building the tables again (about two minutes)",
              file=sys.stderr)
        return None


def save(db: BearoffDatabase, path: Path) -> None:
    """Write ``db`` to ``path`` atomically (a temporary file, then ``os.replace``).

    The first-checker table is stored for the all-on-board rows only.

    Raises:
        OSError: the folder cannot be written.
    """
    full = np.nonzero(db.first[:, 0] == 0.0)[0]
    # package data and checkpoints are readable by all
    with atomic_write(path, mode=0o644) as (fh, _):
        np.savez_compressed(fh, format=_FORMAT, keys=db.keys, mean=db.mean, dist=db.dist,
                            full_rows=full, first_full=db.first[full, :_FIRST_COLUMNS])


_HEX = frozenset("0123456789abcdef")


def _source_digest(source: Path) -> str | None:
    """The first 16 hex digits of the SHA-256 of ``source``'s bytes, ``None``
    when it cannot be read.  Hashed once per file: the digest is kept in the
    cache folder in a stamp named after the file's device, inode, size and
    modification time (nanoseconds), so a later start reads 16 bytes instead
    of hashing 5 MB (issue 29, decisions S5); a file replaced or rewritten
    has another stamp name, and a stamp that is not 16 hex digits is ignored.
    """
    try:
        st = os.stat(source)
    except OSError:
        return None
    stamp = cache_dir() / (f"bearoff-v{_FORMAT}-{st.st_dev:x}-{st.st_ino:x}-{st.st_size:x}"
                           f"-{st.st_mtime_ns:x}.sha256")
    try:
        # a regular file only: a FIFO or device in its place is never opened (decisions R6)
        if stamp.is_file():
            with open(stamp, "rb") as fh:
                text = fh.read(17).decode("ascii").strip()
            if len(text) == 16 and _HEX.issuperset(text):
                return text
    except (OSError, UnicodeDecodeError):
        pass
    import hashlib

    try:
        digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
    except OSError:
        return None
    with contextlib.suppress(OSError), atomic_write(stamp) as (fh, _):
        fh.write(digest.encode("ascii"))
    return digest


def _unpacked(source: Path) -> BearoffDatabase | None:
    """The tables of ``source`` from an uncompressed copy memory-mapped from the
    cache folder (start-up reads pages on use, decompresses nothing; issue 29).

    The copy, one flat float64 array, holds the keys first (``n`` values) and
    then ``n`` rows of (mean, dist, first) side by side: the keys, which
    start-up converts to int64 whole, are then one run of 106 pages, not a
    column that touches every page of the 28 MB (decisions SU2).  It is
    named after the SHA-256 of ``source``'s bytes (:func:`_source_digest`), so
    an updated or other file never meets a stale copy; it is written
    atomically (temporary file, then ``os.replace``) on first use and read
    back only with the expected dtype and a size that is a whole number of
    rows.  ``None`` when ``source`` cannot be read; any trouble with the copy
    falls back to :func:`_load`.  The copy of the earlier layout (the four
    side by side, ``bearoff-v1-<digest>.npy``) is removed when this one is
    written.
    """
    digest = _source_digest(source)
    if digest is None:
        return None
    folder = cache_dir()
    copy = folder / f"bearoff-v{_FORMAT}-{_COPY_LAYOUT}-{digest}.npy"
    width = 2 + 2 * MAX_ROLLS
    try:
        # a regular file only: a FIFO or device in its place is never opened (decisions R6)
        flat = np.load(copy, mmap_mode="r") if copy.is_file() else None
        if (flat is not None and flat.dtype == np.float64 and flat.ndim == 1
                and len(flat) and len(flat) % width == 0):
            n = len(flat) // width
            rows = flat[n:].reshape(n, width - 1)
            return BearoffDatabase(flat[:n].astype(np.int64), rows[:, 0],
                                   rows[:, 1:1 + MAX_ROLLS], rows[:, 1 + MAX_ROLLS:])
    except (OSError, ValueError):
        pass
    db = _load_or_none(source, "the package's bear-off tables")
    if db is not None:
        with contextlib.suppress(OSError), atomic_write(copy) as (fh, _):
            np.save(fh, np.concatenate([db.keys.astype(np.float64), np.column_stack(
                [db.mean, db.dist, db.first]).ravel()]))
        with contextlib.suppress(OSError):  # the earlier layout's copy (S2)
            (folder / f"bearoff-v{_FORMAT}-{digest}.npy").unlink()
    return db


_DB: list[BearoffDatabase] = []


def database() -> BearoffDatabase:
    """The database: from memory, else the cache file, else built and cached."""
    if _DB:
        return _DB[0]
    db = _unpacked(SHIPPED)
    if db is None:  # a checkout without the package data: build once and cache
        path = cache_dir() / CACHE_NAME
        db = _load_or_none(path, "the cached bear-off tables")
        if db is None:  # a damaged cache is written over (decisions R7)
            db = build(progress=True)
            with contextlib.suppress(OSError):
                save(db, path)
    _DB.append(db)
    return db


if __name__ == "__main__":  # python -m narde_notation.evaluator.bearoff [OUT]
    save(build(progress=True), Path(sys.argv[1]) if len(sys.argv) > 1 else SHIPPED)
