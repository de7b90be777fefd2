"""One executor for the per-file work of both programs and the library.

:func:`run_each` runs a unit of work (:mod:`narde_notation.archive.tasks`) over
files, or over :class:`Share` s of files (a file's games shared out among
the workers: the analysis, decisions A18), in this process, in a local
process pool, or on a Dask cluster, and yields the results in the order of
the items.  Whatever happens to one item, the others complete:

- an exception escaping the work (an internal error, not bad input: bad
  input is findings) becomes a :class:`Failure` for that file;
- a worker process that dies (the out-of-memory killer, ``kill -9``)
  becomes a :class:`Failure` for the file it was working on; the files
  whose work was lost with the pool are run again in a fresh pool;
- Ctrl-C stops the workers (they ignore SIGINT themselves and are
  terminated by this process) and re-raises ``KeyboardInterrupt`` here, so
  the caller can close its output and exit 130 with no process left behind.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

if TYPE_CHECKING:  # imported when a pool is made: ``--jobs 1`` does not pay for them
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.process import BaseProcess

__all__ = ["Failure", "Item", "SchedulerError", "Share", "check_scheduler", "item_file",
           "run_each"]

T = TypeVar("T")


class Share(NamedTuple):
    """Share ``k`` of ``of`` of a file's work: which games are its share is
    the work's rule (the analysis: the games ``i`` with
    :func:`narde_notation.analysis.files.share_of` ``(i, of) == k``, spread
    evenly without the game count known up front).  The work is called
    ``work(file, share=(k, of), **options)``; a share of 1 (``of == 1``) as
    for the plain file name, without ``share``.

    Attributes:
        file: the file as the user named it.
        k: this share, ``0 <= k < of``.
        of: the number of shares of the file.
    """

    file: str
    k: int = 0
    of: int = 1


#: A unit of work of :func:`run_each`: a file name, or a share of a file.
Item = str | Share


def item_file(item: Item) -> str:
    """The file an item works on, as the user named it."""
    return item.file if isinstance(item, Share) else item


class Failure(NamedTuple):
    """The work on one file (or one share of it) failed inside the program
    (exit 2 in the CLIs).

    Attributes:
        item: the file (as named by the user; for a :class:`Share`, its file).
        message: ``"file: what happened"``, one line.
    """

    item: str
    message: str


class SchedulerError(OSError):
    """The ``--scheduler`` address is malformed, unreachable or not a Dask scheduler."""


def _call(work: Callable[..., T], item: Item, options: dict[str, Any]) -> T | Failure:
    """The per-item safety net, run where the work runs."""
    file = item_file(item)
    try:
        if isinstance(item, Share) and item.of > 1:
            return work(file, share=(item.k, item.of), **options)
        return work(file, **options)
    except Exception as exc:  # reported as an internal failure of this file
        return Failure(file, f"{file}: internal error: {type(exc).__name__}: {exc}")


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_each(
    work: Callable[..., T],
    items: Sequence[Item],
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    **options: Any,
) -> Iterator[T | Failure]:
    """``work(item, **options)`` for each item, results in the order of ``items``.

    Args:
        work: a module-level function (picklable) of a file name (and, for
            a :class:`Share` of more than one, ``share=(k, of)``).
        items: the files, or shares of files (:data:`Item`).
        jobs: local worker processes; 1 (or one item) runs in this process.
        scheduler: a Dask scheduler address (``tcp://host:8786``): run there
            instead; ``work`` then also gets ``location=`` the file's absolute path.
        options: keyword options passed to every call.

    Yields:
        The result, or a :class:`Failure` (naming the item's file) for an
        item whose work raised or whose worker died.

    Raises:
        SchedulerError: the scheduler cannot be used (before any result).
        KeyboardInterrupt: after stopping every worker.
    """
    if scheduler is not None:
        return _on_dask(work, list(items), scheduler, options)
    if jobs <= 1 or len(items) <= 1:
        return (_call(work, item, options) for item in items)
    return _in_pool(work, list(items), jobs, options)


def _stop(pool: ProcessPoolExecutor, workers: set[BaseProcess],
          threads_before: set[threading.Thread]) -> None:
    """Stop a pool at once (Ctrl-C, or the caller stopped early): cancel what
    has not started, end the workers (``SIGKILL`` for one that outlives
    ``SIGTERM``), then wait for the pool's own threads.  Nothing of the pool
    is left running at the interpreter's exit, whose hook would otherwise
    write to the pool's wake-up pipe while the pool's thread closes it (a
    race of Python 3.11's ``concurrent.futures``: a stray traceback after
    Ctrl-C, seen once in CI).  The pool's threads are those started since
    ``threads_before``."""
    threads = set(threading.enumerate()) - threads_before
    results = getattr(pool, "_result_queue", None)  # shutdown() lets go of it
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        if process.is_alive():
            process.terminate()
    for process in workers:
        process.join(timeout=5)
        if process.is_alive():
            process.kill()
            process.join(timeout=5)
    if results is not None and not any(process.is_alive() for process in workers):
        _end_of_results(results)
    for thread in threads:
        thread.join(timeout=5)


def _end_of_results(results: Any) -> None:
    """Close this process's end for writing of a stopped pool's result pipe, its
    workers all gone: the pool's thread reading it sees the end of the pipe.
    A worker ended while it was sending a result (a big file's analysis, Ctrl-C
    at that moment) leaves part of a message in the pipe, and the thread waits
    for the rest for ever, which this process, the last writer left, would
    never send; the interpreter's exit then waits for that thread (a hang
    after "interrupted after N files", reproduced with ``narde analyse -j 2``:
    1 of 23 Ctrl-C's at 0.1 s steps).  Python 3.11's ``ProcessPoolExecutor``
    has no public way to do it, hence its ``_result_queue``'s ``_writer``."""
    writer = getattr(results, "_writer", None)
    if writer is not None:
        with contextlib.suppress(OSError):
            writer.close()


def _children() -> set[BaseProcess]:
    import multiprocessing

    return set(multiprocessing.active_children())


def _new_children(before: set[BaseProcess]) -> set[BaseProcess]:
    return _children() - before


def _in_pool(
    work: Callable[..., T], items: list[Item], jobs: int, options: dict[str, Any]
) -> Iterator[T | Failure]:
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    start, n = 0, len(items)
    while start < n:
        before = _children()
        threads_before = set(threading.enumerate())
        pool = ProcessPoolExecutor(max_workers=min(jobs, n - start), initializer=_ignore_sigint)
        workers: set[BaseProcess] = set()
        broken_at: int | None = None
        try:
            futures = [pool.submit(_call, work, item, options) for item in items[start:]]
            workers = _new_children(before)
            for k, future in enumerate(futures):
                try:
                    result = future.result()
                except BrokenProcessPool:
                    broken_at = start + k
                    break
                yield result
        except BaseException:  # Ctrl-C, the caller stopped early, an unpicklable result
            _stop(pool, workers | _new_children(before), threads_before)
            raise
        pool.shutdown(wait=broken_at is None)
        if broken_at is None:
            return
        # The pool broke: the first unfinished item is run alone to learn
        # whether it killed its worker; the rest go to a fresh pool.
        yield _alone(work, items[broken_at], options)
        start = broken_at + 1


def _exit_code(process: BaseProcess, timeout: float = 5.0) -> int | None:
    """The exit code of a worker that ended, ``None`` if it does not end in time.

    The pool's own thread reaps its workers too; a ``join`` that loses that
    race sees no code for a moment (``waitpid`` fails with ECHILD), so the
    code is polled until the winner has recorded it.
    """
    deadline = time.monotonic() + timeout
    process.join(timeout=timeout)
    while process.exitcode is None and time.monotonic() < deadline:
        time.sleep(0.01)
    return process.exitcode


def _alone(work: Callable[..., T], item: Item, options: dict[str, Any]) -> T | Failure:
    import signal
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    before = _children()
    threads_before = set(threading.enumerate())
    pool = ProcessPoolExecutor(max_workers=1, initializer=_ignore_sigint)
    workers: set[BaseProcess] = set()
    try:
        future = pool.submit(_call, work, item, options)
        workers = _new_children(before)
        try:
            return future.result()
        except BrokenProcessPool:
            codes = [code for code in map(_exit_code, workers) if code is not None]
            how = "died"
            for code in codes:
                if code < 0:
                    how = f"was killed by {signal.Signals(-code).name}"
            file = item_file(item)
            return Failure(file, f"{file}: the worker process {how} while working on this file "
                                 "(out of memory?); the other files were completed")
    except BaseException:
        _stop(pool, workers | _new_children(before), threads_before)
        raise
    finally:
        pool.shutdown(wait=False)


def check_scheduler(address: str, timeout: float = 3.0) -> None:
    """Fail fast, before a Dask ``Client`` exists, on an address Dask cannot use.

    A Dask scheduler greets a new connection first (an 8-byte length and a
    short handshake message); an address where nothing listens, or where
    something else answers (or stays silent for ``timeout`` seconds), is
    refused.

    Raises:
        SchedulerError: malformed address, a scheme other than ``tcp://``
            (``tls://``, ``inproc://``, ``ucx://``: decisions R8), nothing
            listening, not Dask.
    """
    import socket
    import struct

    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import get_backend

    try:
        scheme, location = parse_address(address)
        get_backend(scheme)
        host, port = parse_host_port(location) if scheme in ("tcp", "tls") else (None, None)
    except (ValueError, TypeError) as exc:
        raise SchedulerError(f"scheduler {address}: not an address ({exc})") from exc
    if scheme == "inproc" and _in_this_process(location):
        return  # a scheduler of this very process (a LocalCluster without processes)
    if scheme != "tcp":
        # tls needs a security configuration nothing here can take, ucx ucx-py,
        # inproc a scheduler inside this very process; a Client half made for
        # them waits 20 s at exit and prints a traceback (decisions R8)
        raise SchedulerError(f"scheduler {address}: only tcp://host:port addresses (or the"
                             f" inproc:// address of a scheduler in this process) are"
                             f" supported, not {scheme}://")
    if host is None or port is None:
        raise SchedulerError(f"scheduler {address}: not an address (no host and port)")
    try:
        with socket.create_connection((host, port), timeout=timeout) as conn:
            conn.settimeout(timeout)
            greeting = b""
            while len(greeting) < 8:
                chunk = conn.recv(8 - len(greeting))
                if not chunk:
                    break
                greeting += chunk
    except TimeoutError as exc:
        raise SchedulerError(
            f"scheduler {address}: something listens there but does not answer as a Dask "
            f"scheduler within {timeout:g} s"
        ) from exc
    except OSError as exc:
        raise SchedulerError(f"scheduler {address}: cannot connect: {exc.strerror or exc}") from exc
    except (UnicodeError, ValueError) as exc:  # a host name the IDNA codec refuses (`a..b`)
        raise SchedulerError(f"scheduler {address}: not a host name ({exc})") from exc
    if len(greeting) < 8 or not 0 < struct.unpack("<Q", greeting)[0] < 1 << 20:
        raise SchedulerError(f"scheduler {address}: what answers there is not a Dask scheduler")


def _in_this_process(location: str) -> bool:
    """A scheduler listens at ``inproc://location`` in this process."""
    from distributed.comm.inproc import global_manager

    try:
        return global_manager.get_listener_for(location) is not None  # type: ignore[no-untyped-call]
    except (ValueError, TypeError, AssertionError):
        return False


def _on_dask(
    work: Callable[..., T], items: list[Item], address: str, options: dict[str, Any]
) -> Iterator[T | Failure]:
    check_scheduler(address)
    from dask.distributed import Client

    try:
        client = Client(address, set_as_default=False, timeout=10)  # type: ignore[no-untyped-call]
    except Exception as exc:  # whatever Dask raises, one message
        raise SchedulerError(f"scheduler {address}: {type(exc).__name__}: {exc}") from exc
    with client:
        futures = [
            client.submit(_call, work, item,
                          {**options, "location": os.path.abspath(item_file(item))},
                          pure=False)
            for item in items
        ]
        try:
            for item, future in zip(items, futures, strict=True):
                try:
                    yield future.result()
                except Exception as exc:  # a killed worker, a lost task
                    file = item_file(item)
                    yield Failure(file, f"{file}: failed on the cluster: "
                                        f"{type(exc).__name__}: {exc}")
        finally:
            client.cancel(futures)  # type: ignore[no-untyped-call]
