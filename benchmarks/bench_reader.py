"""Reader benchmark: parse-only games per second and peak memory.

Usage::

    python benchmarks/bench_reader.py [ARCHIVE_DIR] [--repeat N]

On ``../shared/corpus/archive`` (5000 games, 100 files, 10.4 MB):

* **speed**: games read per second by :func:`narde_notation.reader.read_games`
  over the 100 files, one core (CPU time of this process, so that other
  load on the machine does not count; wall clock shown too), best of
  ``--repeat`` runs after a warm-up run (the grammar is loaded once per
  process; the warm-up also fills the memo of half-turn text);
* **memory**: peak traced memory (``tracemalloc``) while reading the archive
  once, and while reading it ten times over as **one stream** (a single
  file-like object that yields the 100 files ten times in a row, 104 MB).
  The reader streams games, so both peaks should be about the same.

The goal is 2,000 games/s (a Lark tree parse of the same text manages ~70).
"""

from __future__ import annotations

import argparse
import io
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

from narde_notation.reader import read_games

DEFAULT_ARCHIVE = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "archive"


def archive_files(folder: Path) -> list[Path]:
    files = sorted(folder.glob("*.txt"))
    if not files:
        raise SystemExit(f"no archive files in {folder}")
    return files


def read_all(files: list[Path]) -> tuple[int, int]:
    """Games and half-turns read from the files."""
    games = half_turns = 0
    for path in files:
        for record in read_games(path):
            games += 1
            half_turns += len(record.half_turns)
    return games, half_turns


class ConcatStream(io.RawIOBase):
    """One binary stream made of the files, ``times`` times over, read lazily."""

    def __init__(self, files: list[Path], times: int) -> None:
        self._chunks = self._iter(files, times)
        self._buffer = b""

    @staticmethod
    def _iter(files: list[Path], times: int) -> Iterator[bytes]:
        for _ in range(times):
            for path in files:
                data = path.read_bytes()
                # one game stream: make sure a file ends with a line break
                yield data if data.endswith(b"\n") else data + b"\n"

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        while not self._buffer:
            try:
                self._buffer = next(self._chunks)
            except StopIteration:
                return 0
        size = min(len(buffer), len(self._buffer))
        buffer[:size] = self._buffer[:size]
        self._buffer = self._buffer[size:]
        return size


def peak_memory(files: list[Path], times: int) -> tuple[int, int]:
    """(games read, peak traced bytes) reading the archive ``times`` times as one stream."""
    stream = io.BufferedReader(ConcatStream(files, times), buffer_size=1 << 16)
    tracemalloc.start()
    tracemalloc.reset_peak()
    games = 0
    for _record in read_games(stream, name="archive"):
        games += 1
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return games, peak


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("archive", nargs="?", type=Path, default=DEFAULT_ARCHIVE)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--no-memory", action="store_true", help="skip the (slow, tracemalloc) memory runs"
    )
    args = parser.parse_args(argv)
    files = archive_files(args.archive)

    read_all(files)  # warm-up: load the grammar, fill the memo
    best_cpu = best_wall = float("inf")
    games = half_turns = 0
    for _ in range(args.repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        games, half_turns = read_all(files)
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    print(f"archive: {len(files)} files, {games} games, {half_turns} half-turns")
    print(
        f"speed:   {games / best_cpu:,.0f} games/s of CPU time "
        f"({half_turns / best_cpu:,.0f} half-turns/s; {games / best_wall:,.0f} games/s "
        f"wall clock), best of {args.repeat}"
    )
    if args.no_memory:
        return 0

    once_games, once_peak = peak_memory(files, 1)
    ten_games, ten_peak = peak_memory(files, 10)
    print(
        f"memory:  1x {once_games} games, peak {once_peak / 2**20:.1f} MiB; "
        f"10x {ten_games} games in one stream, peak {ten_peak / 2**20:.1f} MiB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
