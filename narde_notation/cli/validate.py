"""``narde-validate``: check game records against the rules, turn by turn.

Exit 0 when no finding is an error (warnings allowed), 1 when any is, 2 for
usage errors or unreadable files (the other files are still checked and
reported).
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import IO, Any

import click

from narde_notation.cli import check_rules_tag, encoding_option
from narde_notation.findings import Finding, visible
from narde_notation.ruleset import Ruleset
from narde_notation.sources import STDIN, expand_paths
from narde_notation.validate import validate_source

__all__ = ["FileCheck", "check_file", "narde_validate"]

#: Columns of the CSV output and keys of the JSON objects.
COLUMNS = ("file", "game", "line", "column", "code", "severity", "rule", "message")
#: Files at which the progress bar starts to be worth showing.
_PROGRESS_MIN_FILES = 8


@dataclass
class FileCheck:
    """What checking one file gave: its findings, how many games, and an I/O problem."""

    name: str
    games: int = 0
    findings: list[Finding] = field(default_factory=list)
    problem: str | None = None


def check_file(name: str, rules_tag: str | None = None, data: bytes | None = None,
               encoding: str | None = None) -> FileCheck:
    """Validate every game of one file; the unit of parallel work (pure, picklable).

    Args:
        name: the path as the user gave it (used in the findings).
        rules_tag: a ``Rules`` tag value overriding the records' own.
        data: the file's bytes when they were already read.
        encoding: the encoding of bytes that are not UTF-8 (see
            :func:`narde_notation.reader.read_games`).

    Returns:
        A :class:`FileCheck`; an unreadable file sets ``problem`` instead of raising.
    """
    rules = Ruleset.from_tag(rules_tag) if rules_tag is not None else None
    shown = "<stdin>" if name == STDIN else name
    result = FileCheck(shown)
    try:
        source = io.BytesIO(data) if data is not None else name  # one decoding path
        for report in validate_source(source, rules, encoding=encoding, name=shown):
            record = report.record
            if record.tags or record.half_turns:  # not a fragment of junk
                result.games += 1
            result.findings.extend(f.located(file=shown) for f in report.findings)
    except OSError as exc:
        result.problem = f"{shown}: cannot read: {exc.strerror or exc}"
    return result


def _run(files: Sequence[str], rules_tag: str | None, jobs: int, encoding: str | None,
         ) -> Iterator[FileCheck]:
    disk = [name for name in files if name != STDIN]
    if STDIN in files:
        yield check_file(STDIN, rules_tag, encoding=encoding)  # streamed
    jobs = min(jobs, len(disk), os.cpu_count() or 1)
    if jobs <= 1:
        for name in disk:
            yield check_file(name, rules_tag, encoding=encoding)
        return
    n = len(disk)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(check_file, disk, [rules_tag] * n, [None] * n, [encoding] * n,
                            chunksize=1)


class _Output:
    """Writes findings in the chosen format to standard output as they come."""

    def __init__(self, fmt: str, stream: IO[str]) -> None:
        self.fmt, self.stream, self.count = fmt, stream, 0
        self.writer: Any = None
        if fmt == "csv":
            self.writer = csv.writer(stream, lineterminator="\n")
            self.writer.writerow(COLUMNS)
        elif fmt == "json":
            stream.write("[")

    def write(self, finding: Finding) -> None:
        if self.fmt == "text":
            self.stream.write(str(finding) + "\n")
        elif self.fmt == "csv":
            row = finding.to_dict()
            self.writer.writerow(["" if row[c] is None else row[c] for c in COLUMNS])
        else:
            self.stream.write(("\n" if self.count == 0 else ",\n")
                              + json.dumps(finding.to_dict(), ensure_ascii=False))
        self.count += 1

    def close(self) -> None:
        if self.fmt == "json":
            self.stream.write("\n]\n" if self.count else "]\n")


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text",
              show_default=True, help="text: path:line:col: error[code] message (Rn); "
              "json: an array of objects; csv: one row per finding.")
@click.option("--rules", "rules_tag", metavar="TAG", callback=check_rules_tag,
              help='Override the records\' Rules tag, e.g. "reroll,koks".')
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Worker processes (default and at most: all cores, one per file).")
@click.option("-q", "--quiet", is_flag=True, help="No summary and no progress bar.")
@encoding_option
def narde_validate(paths: tuple[str, ...], fmt: str, rules_tag: str | None,
                   jobs: int | None, quiet: bool, encoding: str | None) -> None:
    """Check Long Narde records turn by turn against the rules (R1–R12).

    PATHS are files, folders (searched for *.txt, *.mat, *.nrd), globs, or -
    for standard input.  Findings go to standard output, a summary to
    standard error.  Exit 0: no errors; 1: errors found; 2: usage error or
    unreadable file.
    """
    expanded = expand_paths(paths)
    jobs = jobs or os.cpu_count() or 1
    out = _Output(fmt, sys.stdout)
    problems = list(expanded.problems)
    files = games = errors = warnings = 0
    stderr = sys.stderr
    show_bar = (not quiet and stderr.isatty() and len(expanded.files) >= _PROGRESS_MIN_FILES)
    results = _run(expanded.files, rules_tag, jobs, encoding)
    with click.progressbar(results, length=len(expanded.files), label="validating",
                           file=stderr if show_bar else io.StringIO()) as bar:
        for result in bar:
            if result.problem is not None:
                problems.append(result.problem)
                continue
            files += 1
            games += result.games
            for finding in result.findings:
                out.write(finding)
                if finding.is_error:
                    errors += 1
                else:
                    warnings += 1
    out.close()
    for problem in problems:
        click.echo(f"narde-validate: error: {visible(problem)}", err=True)
    if not quiet:
        click.echo(f"{files} files, {games} games, {errors} errors, {warnings} warnings",
                   err=True)
    if problems:
        sys.exit(2)
    sys.exit(1 if errors else 0)

