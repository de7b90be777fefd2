"""Command-line programs: ``narde``, ``narde-validate`` and ``narde-stats``.

Exit codes (all three, as sqlfluff): 0 clean, 1 findings that are errors,
2 usage errors, unreadable input or an internal failure on a file (the
other files still done), 130 after Ctrl-C.

The programs run numpy's matrix products on one thread
(``OPENBLAS_NUM_THREADS=1`` unless set already, before numpy is loaded;
worker processes inherit it): the evaluator's products are small, and
threads only wait for each other (decisions A15: on a loaded 2-core
machine, 20× slower).
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import gc
import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NoReturn, TypeVar

import click

from narde_notation._startup import EXIT_INTERRUPTED, is_start_up_guard
from narde_notation.formats import ExpandedPaths, expand_paths
from narde_notation.model import Ruleset, RulesetError, shown, visible

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__all__ = [
    "ANALYSIS_BAR_MIN_ITEMS",
    "EXIT_INTERRUPTED",
    "PROGRAM_GC_THRESHOLD",
    "check_encoding",
    "check_rules_tag",
    "counted",
    "each_file",
    "echo_error",
    "echo_notice",
    "encoding_option",
    "expand_arguments",
    "finish",
    "over_files",
    "program_collections",
    "program_output",
    "progress",
    "require_evaluator",
    "restart_eta",
    "rollout_options",
    "share_progress",
    "worker_options",
]

#: The collector's first threshold for a program's whole run (mypy's value):
#: new objects that stay alive (memo tables, grammars) trigger collections,
#: and each walks every young object; at 50,000 (``work.GC_THRESHOLD``)
#: ``narde-validate`` on 1,000 archive games made 3 such collections, 0.012 s,
#: at this none (the whole archive, 5,000 games: 0.031 -> 0.024 s).
PROGRAM_GC_THRESHOLD = 200_000


def check_rules_tag(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Click callback for ``--rules``: the tag as given, after checking it reads
    as a :class:`Ruleset` (a bad tag is a usage error, exit 2)."""
    if value is not None:
        try:
            Ruleset.from_tag(value)
        except RulesetError as exc:
            raise click.BadParameter(str(exc), ctx=ctx, param=param) from exc
    return value


@contextlib.contextmanager
def program_collections() -> Iterator[None]:
    """The cyclic garbage collector's settings for a program's run (the body),
    docs/decisions.md S3.

    What start-up built (modules, click's command) lives until the process
    ends: it is frozen (:func:`gc.freeze`) so that no collection walks it
    again; the first threshold is :data:`PROGRAM_GC_THRESHOLD` for the whole
    run (:func:`~narde_notation.archive.tasks.fewer_collections` then changes nothing
    per file, and no restore per file starts a collection); and what is
    alive at the end is frozen too, so that the collection the interpreter
    makes at exit walks nothing (0.036 s after 1,000 archive games).  The
    threshold is restored after the body (nothing is then young, so
    restoring it costs no collection); what was frozen stays frozen, which
    a caller running the program in its own process (a test's
    ``CliRunner``) may undo with :func:`gc.unfreeze`.
    """
    old = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(old[0], PROGRAM_GC_THRESHOLD), *old[1:])
    try:
        yield
    finally:
        gc.freeze()
        gc.set_threshold(*old)


class _ClosedOutput(io.TextIOBase):
    """Standard output when the program was started with it closed (``>&-``):
    writing to it is an I/O error, reported as one (exit 2)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def _stdout_fails() -> bool:
    """Standard output cannot be written (closed, a full disk, a closed pipe)."""
    stream = sys.stdout
    if stream is None or isinstance(stream, _ClosedOutput):
        return True
    try:
        stream.flush()
    except (OSError, ValueError):
        return True
    return False


def _silence_stdout() -> None:
    """What is left in standard output's buffer is dropped, so the interpreter's
    last flush at exit writes no second error."""
    stream = sys.stdout
    try:
        fd = stream.fileno() if stream is not None else -1
    except (OSError, ValueError, io.UnsupportedOperation):
        fd = -1
    if fd >= 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    else:
        sys.stdout = _ClosedOutput()  # nothing is flushed at exit
        return
    with contextlib.suppress(OSError, ValueError):
        stream.flush()


class _CtrlC:
    """Ctrl-C seen during a program, whatever became of its KeyboardInterrupt.

    Python drops an exception raised where it cannot propagate (a weakref
    callback of the import system: "Exception ignored in ..."), so a Ctrl-C
    landing there was lost and the program ran on to exit 0 (seen in CI).
    The handler notes the signal before raising, and :func:`program_output`
    turns the program's end into the documented exit 130 when it was seen."""

    seen = False

    @classmethod
    def install(cls) -> Callable[[], None]:
        """Install the handler (main thread only); returns what restores the old one."""
        # the C module: `signal` (enum classes) stays off the start-up path (S5)
        import _signal  # type: ignore[import-not-found]  # no stubs: the C half of `signal`

        cls.seen = False
        previous = _signal.getsignal(_signal.SIGINT)
        if is_start_up_guard(previous):  # a console script's start-up (FX1): ours now
            previous = _signal.default_int_handler
        elif previous is not _signal.default_int_handler:  # a handler of the caller's own
            return lambda: None

        def on_sigint(signum: int, frame: object) -> None:
            cls.seen = True
            raise KeyboardInterrupt

        try:
            _signal.signal(_signal.SIGINT, on_sigint)
        except ValueError:  # not the main thread: signals are the main thread's
            return lambda: None

        def restore() -> None:
            _signal.signal(_signal.SIGINT, previous)

        return restore

    @classmethod
    @contextlib.contextmanager
    def held(cls) -> Iterator[list[int]]:
        """Ctrl-C held while a finished file's result is handled: its whole
        output is written and counted, then the caller stops (the list says
        whether Ctrl-C came; :attr:`seen` notes it too).  Without it a Ctrl-C
        during the handling (pandas imported at the first file's match
        grouping took a second under load) left a file counted in
        "interrupted after N files" with none or part of its output."""
        import _signal
        import threading

        pressed: list[int] = []
        if threading.current_thread() is not threading.main_thread():
            yield pressed  # signals reach the main thread only
            return

        def on_sigint(signum: int, frame: object) -> None:
            cls.seen = True
            pressed.append(signum)

        before = _signal.signal(_signal.SIGINT, on_sigint)
        try:
            yield pressed
        finally:
            _signal.signal(_signal.SIGINT,
                           _signal.default_int_handler if before is None else before)


@contextlib.contextmanager
def program_output(program: str) -> Iterator[None]:
    """A program's body whose output cannot be written (standard output closed
    or on a full disk; a report file on a full disk): one error line on
    standard error and exit 2 (an I/O error), never a traceback.  A pipe
    closed by its reader (``| head``) ends the program quietly, exit 0.
    Ctrl-C anywhere in the body (the programs' own handlers aside): exit 130.
    The body's output is flushed inside, so a late error is caught too."""
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    restore = _CtrlC.install()
    try:
        try:
            try:
                yield
            finally:
                if not _stdout_fails():
                    sys.stdout.flush()
        except SystemExit as exc:
            if _CtrlC.seen and exc.code != EXIT_INTERRUPTED:
                raise KeyboardInterrupt from None  # a Ctrl-C that Python dropped
            raise
        if _CtrlC.seen:
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        # Ctrl-C after the files were read (a summary, a report, a picture being
        # written): the documented 130, not click's "Aborted!" and 1
        with contextlib.suppress(OSError, ValueError):
            echo_error(program, "interrupted")
        sys.exit(EXIT_INTERRUPTED)
    except OSError as exc:
        if _stdout_fails():
            _silence_stdout()
        if exc.errno == errno.EPIPE:
            # the reader went away (`| head`): end quietly, as Unix tools do
            sys.exit(0)
        with contextlib.suppress(OSError, ValueError):
            echo_error(program, f"cannot write its output: {exc.strerror or exc}")
        sys.exit(2)
    finally:
        restore()


def restart_eta(bar: object, since: float | None = None) -> None:
    """Start a click progress bar's clock again at the first result (``since``,
    a ``time.time()``; default now): the workers' start-up (seconds, before
    any file is done) otherwise counts as the first file's time, and click's
    estimate (elapsed / files done, averaged over its last seven readings)
    said 13-30 minutes for a 10-second job.  Click's next reading is held
    back a second, so that it is not taken at one file done while the
    results that came in meanwhile wait to be counted (a reading taken then
    stays in the average).  ``bar`` without a clock (no bar shown) is left
    alone."""
    if hasattr(bar, "start") and hasattr(bar, "avg") and hasattr(bar, "last_eta"):
        import time

        now = time.time()
        bar.start = now if since is None else since
        bar.last_eta = now
        bar.avg = []


T = TypeVar("T")


def progress(results: Iterable[T], *, count: int, show_bar: bool, label: str,
             at_first: Callable[[], None] | None = None) -> Iterator[T]:
    """``results`` as they come, with a click progress bar of ``count`` files
    on standard error when ``show_bar`` (else none is made, and click's
    progress module is not imported).  The bar is drawn at once, before the
    first result is asked for (the workers start when it is), and its clock
    starts at the first result (:func:`restart_eta`): the start-up is no
    file's time.  ``at_first`` runs when the first result is in (before it
    is yielded), its time not counted as any file's either."""
    first = True
    if not show_bar:
        for result in results:
            if first and at_first is not None:
                _interruptible(at_first)
            first = False
            yield result
        return
    import time

    with click.progressbar(results, length=count, label=label, file=sys.stderr) as bar:
        for result in bar:
            if first:
                since = time.time()
                if at_first is not None:
                    _interruptible(at_first)
                restart_eta(bar, since)
                first = False
            yield result


#: Work items (files or shares of files) from which the analysis shows a bar:
#: a file's analysis takes seconds, so a bar as soon as there are two.
ANALYSIS_BAR_MIN_ITEMS = 2


def share_progress(*, show_bar: bool, label: str
                   ) -> Callable[[Iterator[T], int], Iterator[T]]:
    """A :func:`progress` for the analysis's per-share results
    (:func:`narde_notation.archive.analysed.iter_file_analyses`' ``watch``): a
    bar of the ``count`` shares when ``show_bar`` and there are at least
    :data:`ANALYSIS_BAR_MIN_ITEMS`, so it moves within a file shared out
    among the workers (decisions A18)."""

    def watch(results: Iterator[T], count: int) -> Iterator[T]:
        return progress(results, count=count, label=label,
                        show_bar=show_bar and count >= ANALYSIS_BAR_MIN_ITEMS)

    return watch


def _interruptible(work: Callable[[], None]) -> None:
    """``work()``, a Ctrl-C inside it raised as :class:`KeyboardInterrupt`:
    one that lands in the middle of an import can come out as another error
    caused by it (a ``RuntimeError`` from a class body, seen in CI while
    numpy loaded), and the programs owe exit 130 for it."""
    try:
        work()
    except Exception as exc:
        cause: BaseException | None = exc
        while cause is not None:
            if isinstance(cause, KeyboardInterrupt):
                raise KeyboardInterrupt from exc
            cause = cause.__cause__ or cause.__context__
        raise


def counted(n: int, noun: str) -> str:
    """``"1 file"``, ``"2 files"``, ``"0 errors"`` (nouns that take an ``s``)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def echo_error(program: str, message: str) -> None:
    """``program: error: message`` on standard error, control characters made visible."""
    click.echo(f"{program}: error: {visible(message)}", err=True)


def echo_notice(program: str, message: str) -> None:
    """``program: note: message`` on standard error, control characters made visible."""
    click.echo(f"{program}: note: {visible(message)}", err=True)


def check_encoding(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Click callback for ``--encoding``: a text codec Python knows
    (:func:`~narde_notation.replay.pipeline.text_encoding`; else exit 2)."""
    if value is not None:
        from narde_notation.replay import text_encoding

        try:
            codecs.lookup(value)
        except LookupError as exc:
            raise click.BadParameter(f"unknown encoding {shown(value)}", ctx=ctx,
                                     param=param) from exc
        try:
            text_encoding(value)
        except LookupError as exc:
            raise click.BadParameter(str(exc), ctx=ctx, param=param) from exc
    return value


#: The ``--encoding`` option of the programs that read records.
encoding_option = click.option(
    "--encoding", metavar="NAME", callback=check_encoding,
    help="Encoding of files without a byte-order mark that are not UTF-8 "
         "(cp1251, cp1254, cp1252, koi8-r, …; default: a guess, with a warning).")


def expand_arguments(program: str, paths: tuple[str, ...]) -> ExpandedPaths:
    """:func:`narde_notation.formats.sources.expand_paths` of the PATHS arguments, its
    notices (files skipped inside folders) said on standard error."""
    expanded = expand_paths(paths)
    for notice in expanded.notices:
        echo_notice(program, notice)
    return expanded


def each_file(results: Iterable[Any], problems: list[str], *, count: int, show_bar: bool,
              label: str) -> Iterator[Any]:
    """The per-file results of :func:`~narde_notation.archive.executor.run_each`
    that were read: a :class:`~narde_notation.archive.executor.Failure`'s message
    or a result's ``problem`` goes to ``problems`` instead.  With ``show_bar``
    a progress bar of ``count`` files on standard error (else none is made,
    and click's progress module is not imported)."""
    from narde_notation.archive import Failure

    for result in progress(results, count=count, show_bar=show_bar, label=label):
        if isinstance(result, Failure):
            problems.append(result.message)
        elif result.problem is not None:
            problems.append(result.problem)
        else:
            yield result


def over_files(results: Iterable[Any], problems: list[str], handle: Callable[[Any], None], *,
               count: int, show_bar: bool, label: str) -> bool:
    """``handle`` each result of :func:`each_file`; a scheduler that cannot be
    used is one more problem.  Returns whether Ctrl-C stopped it (the caller
    then closes its output and :func:`finish` exits 130)."""
    from narde_notation.archive import SchedulerError

    try:
        for result in each_file(results, problems, count=count, show_bar=show_bar,
                                label=label):
            with _CtrlC.held() as pressed:
                handle(result)
            if pressed:
                raise KeyboardInterrupt
    except KeyboardInterrupt:
        return True
    except SchedulerError as exc:
        problems.append(str(exc))
    return False


def rollout_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--trials``, ``--seed``, ``-j/--jobs``, ``--scheduler`` (``narde rollout``,
    ``narde hint --rollout``, ``narde analyse --verify``)."""
    for option in reversed((
        click.option("--trials", type=click.IntRange(min=2), default=360, show_default=True,
                     help="Games played out from each candidate (a multiple of 36 keeps the"
                          " first two rolls stratified)."),
        click.option("--seed", type=int, default=0, show_default=True,
                     help="Seed of the dice (the same seed, the same figures)."),
        click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
                     help="Worker processes for the trials."),
        click.option("--scheduler", metavar="ADDRESS",
                     help="Play the trials on this Dask distributed scheduler"
                          " (tcp://host:8786)."),
    )):
        command = option(command)
    return command


def require_evaluator(program: str) -> None:
    """The shipped evaluator loaded once, before any file (workers forked after
    share it): weights that cannot be read are one error line and exit 2, not
    an "internal error" per file (decisions R7)."""
    from narde_notation.analysis import evaluator_for
    from narde_notation.model import Ruleset

    try:
        evaluator_for(Ruleset())
    except (OSError, ValueError) as exc:
        echo_error(program, f"cannot load the evaluator's weights: {exc}")
        sys.exit(2)


def finish(program: str, problems: list[str], *, interrupted: bool, files: int,
           summary: str | None, errors: bool) -> NoReturn:
    """The end of a program over files: the problems said on standard error, then
    exit 130 (interrupted), 2 (problems), 1 (``errors``) or 0; ``summary``
    (a line on standard error) unless interrupted or ``None``."""
    for problem in problems:
        echo_error(program, problem)
    if interrupted:
        echo_error(program, f"interrupted after {counted(files, 'file')}")
        sys.exit(EXIT_INTERRUPTED)
    if summary is not None:
        click.echo(summary, err=True)
    sys.exit(2 if problems else 1 if errors else 0)


F = TypeVar("F", bound=Callable[..., Any])


def worker_options(verb: str, format_help: str, quiet_help: str) -> Callable[[F], F]:
    """The options of the programs over files: ``--format`` (text, json, jsonl,
    csv), ``--rules``, ``-j/--jobs``, ``--scheduler``, ``-q/--quiet`` and
    ``--encoding`` (``verb``: what the workers do, "Check", "Analyse")."""
    def decorate(command: F) -> F:
        for option in reversed((
            click.option("--format", "fmt", type=click.Choice(["text", "json", "jsonl", "csv"]),
                         default="text", show_default=True, help=format_help),
            click.option("--rules", "rules_tag", metavar="TAG", callback=check_rules_tag,
                         help='Override the records\' Rules tag, e.g. "reroll,koks".'),
            click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
                         help="Worker processes (default and at most: all cores, one per"
                              " file)."),
            click.option("--scheduler", metavar="ADDRESS",
                         help=f"{verb} the files on this Dask distributed scheduler"
                              " (tcp://host:8786)."),
            click.option("-q", "--quiet", is_flag=True, help=quiet_help),
            encoding_option,
        )):
            command = option(command)
        return command
    return decorate
