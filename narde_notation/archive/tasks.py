"""The per-file units of work of ``narde-validate`` and ``narde-stats``.

Both programs read a file's records, replay them with
:func:`narde_notation.replay.validation.validate_games` and keep what they need:
:func:`check_file` the findings, :func:`file_rows` the rows of the three
tables.  Both go through :func:`replay_records`, so both count the same
games (:func:`is_game`) and treat a replay that raises the same way: the
game is reported as an internal failure (exit 2) and the file goes on.
They run on :func:`narde_notation.archive.executor.run_each` (in this process, a
local process pool, or a Dask cluster); every keyword option passes
through it to them.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from narde_notation.model import Finding, GameRecord, Ruleset
from narde_notation.replay import Pipeline, Replayed, ReplayOptions

if TYPE_CHECKING:  # narde-stats' rows are imported by its work only (start-up)
    from narde_notation.archive.table_rows import TableRows

__all__ = [
    "GC_THRESHOLD",
    "FileCheck",
    "Replayed",
    "check_file",
    "check_rules",
    "fewer_collections",
    "file_rows",
    "records_rows",
]


#: New container objects between two young-generation garbage collections
#: while a file is read and replayed (Python's default: 700).
GC_THRESHOLD = 50_000


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the body with the cyclic garbage collector's first threshold raised
    to :data:`GC_THRESHOLD` (restored after; left alone when already higher).

    Reading and replaying build many short-lived objects (half-turns,
    positions, replayed turns) that reference counting frees: at the default
    threshold the collector visits them some 400 times per 1,000 games and
    promotes the live ones, and the older collections that follow walk the
    memoised tables: 0.09 s of 0.79 s CPU for ``narde-validate`` on 1,000
    archive games, 0.035 s with this (measured with ``gc.callbacks``).
    Hardly any of it is cyclic garbage (some 2 objects a game), so memory
    stays flat; mypy raises its threshold the same way.
    """
    old = gc.get_threshold()
    if old[0] >= GC_THRESHOLD:
        yield
        return
    gc.set_threshold(GC_THRESHOLD, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


@dataclass
class FileCheck:
    """What checking one file gave (:func:`check_file`).

    Attributes:
        name: the file as named by the user.
        games: games read (:func:`is_game`).
        findings: every finding, file set, in file order.
        problem: why the file could not be read (``"path: cannot read: …"``).
        failures: internal failures (a game whose replay raised), one message each.
    """

    name: str
    games: int = 0
    findings: list[Finding] = field(default_factory=list)
    problem: str | None = None
    failures: list[str] = field(default_factory=list)


def check_file(
    name: str, rules_tag: Ruleset | str | None = None, *, data: bytes | None = None,
    location: str | None = None, encoding: str | None = None,
) -> FileCheck:
    """Validate every game of one file: ``narde-validate``'s unit of work (pure, picklable).

    Args:
        name: the path as the user gave it (used in the findings).
        rules_tag: a ruleset or ``Rules`` tag value overriding the records' own.
        data: the file's bytes, when they are in memory already.
        location: where to read the file (default ``name``; Dask workers get
            an absolute path; ``"-"`` is standard input, streamed).
        encoding: the encoding of bytes that are not UTF-8 (see
            :func:`narde_notation.formats.reader.read_games`).

    Returns:
        A :class:`FileCheck`; an unreadable file sets ``problem`` instead of raising.

    Raises:
        narde_notation.model.errors.RulesetError: ``rules_tag`` is not a ruleset.
        LookupError: ``encoding`` is not a text encoding.
    """
    options = ReplayOptions(rules_tag, encoding)
    result = FileCheck(name)
    with fewer_collections():
        _check_into(result, name, options, data, location)
    return result


def _check_into(result: FileCheck, name: str, options: ReplayOptions, data: bytes | None,
                location: str | None) -> None:
    try:
        source = data if data is not None else (location or name)
        for item in Pipeline(options).replay(source, name=name):
            if isinstance(item, GameRecord):
                findings = item.findings
            else:
                result.games += 1
                findings = item.record.findings if item.report is None else (
                    item.report.findings)
                if item.failure is not None:
                    result.failures.append(item.failure)
            result.findings.extend(f.located(file=name) for f in findings)
    except OSError as exc:
        result.problem = f"{name}: cannot read: {exc.strerror or exc}"
    except Exception as exc:  # the reader raised: keep what was read
        result.failures.append(_reader_failure(name, result.games, exc))


def records_rows(
    records: Iterable[GameRecord], path: str, rules: Ruleset | str | None = None,
    turns: bool = True,
) -> TableRows:
    """The rows of ``records`` read from ``path`` (replayed here), as column lists."""
    from narde_notation.archive.table_rows import TableRows

    rows = TableRows(want_turns=turns, files=[path])
    pipeline = Pipeline(rules=rules)
    ruleset = pipeline.options.rules
    tag = None if ruleset is None else ruleset.to_tag()
    try:
        for item in pipeline.replay_records(records, file=path):
            if isinstance(item, GameRecord):
                for f in item.findings:
                    rows.add_finding(f, path, None)
                continue
            if item.failure is not None:
                rows.failures[path] = item.failure
            rows.add_game(item.record, item.report, path, item.failure, tag)
    except OSError:
        raise
    except Exception as exc:  # the reader raised: keep what was read
        rows.failures[path] = _reader_failure(path, len(rows.games["game"]), exc)
    return rows


def _reader_failure(name: str, games: int, exc: Exception) -> str:
    return f"{name}: internal error in the reader after {games} games: {type(exc).__name__}: {exc}"


def file_rows(
    path: str, rules: Ruleset | str | None = None, turns: bool = True, *,
    location: str | None = None,
    encoding: str | None = None,
) -> TableRows:
    """Read, replay and tabulate one file: ``narde-stats``' unit of work.

    Pure (depends only on its arguments and the file's bytes) and picklable
    both ways; the rows are plain lists (no pandas in the workers).

    Args:
        path: the file as named by the user (the tables' ``file``).
        rules: a ruleset or ``Rules`` tag value overriding every game's own.
        turns: build the turns rows (else only the roll counts).
        location: where to read the file (default ``path``; ``"-"`` is
            standard input, streamed).
        encoding: the encoding of bytes that are not UTF-8 (see
            :func:`narde_notation.formats.reader.read_games`).

    Returns:
        :class:`~narde_notation.archive.table_rows.TableRows`; a file that cannot be
        opened gives no rows and ``problems == {path: reason}``.

    Raises:
        narde_notation.model.errors.RulesetError: ``rules`` is not a ruleset tag.
    """
    from narde_notation.archive.table_rows import TableRows

    pipeline = Pipeline(rules=rules, encoding=encoding)  # bad options fail before any I/O
    options = pipeline.options
    try:
        records = pipeline.read(location or path, name=path)
        with fewer_collections():
            return records_rows(records, path, options.rules, turns)
    except OSError as exc:
        return TableRows(want_turns=turns, files=[path], problems={path: exc.strerror or str(exc)})


def check_rules(tag: object) -> None:
    """Raise :class:`~narde_notation.model.errors.RulesetError` now (before any file
    is read) when ``tag`` is neither a ruleset nor a ruleset tag."""
    Ruleset.coerce(tag)  # type: ignore[arg-type]
