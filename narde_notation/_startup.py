"""Ctrl-C while a console script starts (docs/decisions.md FX1).

A console script (``narde``, ``narde-validate``, ``narde-stats``) imports the
package, click, numpy... before its command installs its own Ctrl-C handling
(:mod:`narde_notation.cli`): a Ctrl-C in those first tenths of a second
raised :class:`KeyboardInterrupt` inside an import, a traceback and exit 1.
:func:`guard` runs first thing in ``narde_notation/__init__.py``: when the
program is one of the console scripts (and only then: a library user's
Ctrl-C is theirs), a Ctrl-C ends the process at once with 130 (128 + SIGINT,
as shells report it), nothing written yet to lose. The command replaces the
handler when it starts (before any worker process exists: the guard's exit
does not wait for children) and puts Python's default back when it ends.
"""

# the C module: `signal` (its enum classes) stays off the start-up path (S5)
import _signal  # type: ignore[import-not-found]  # no stubs: the C half of `signal`
import os
import sys

#: the console scripts of pyproject.toml's ``[project.scripts]``
#: (tests/cli/test_ctrl_c_start_up.py keeps them equal)
SCRIPTS = frozenset({"narde", "narde-validate", "narde-stats"})

#: Exit status after Ctrl-C (128 + SIGINT), as shells report it (the
#: programs' too: ``narde_notation.cli`` takes it from here).
EXIT_INTERRUPTED = 130


def _script_name(argv0: str) -> str:
    """The console script's name from ``sys.argv[0]`` (``.exe`` and
    ``-script.py`` on Windows dropped)."""
    name = os.path.basename(argv0)
    for end in (".exe", "-script.pyw", "-script.py"):
        if name.endswith(end):
            return name[: -len(end)]
    return name


def _quit(_signum: int, _frame: object) -> None:
    os._exit(EXIT_INTERRUPTED)


def is_start_up_guard(handler: object) -> bool:
    """Whether ``handler`` is :func:`guard`'s (the command's own handling
    replaces it, and puts back Python's default after, not it)."""
    return handler is _quit


def guard() -> None:
    """In a console script, a Ctrl-C before the command starts exits 130."""
    if not sys.argv or _script_name(sys.argv[0]) not in SCRIPTS:
        return
    try:
        if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
            _signal.signal(_signal.SIGINT, _quit)
    except ValueError:  # not the main thread: leave it be
        pass
