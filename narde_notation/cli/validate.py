"""``narde-validate``: check game records against the rules, turn by turn.

Exit 0 when no finding is an error (warnings allowed), 1 when any is, 2 for
usage errors, unreadable files or an internal failure on a file (the other
files are still checked and reported), 130 after Ctrl-C (what was written
stays valid: the JSON array is closed).
"""

from __future__ import annotations

import os
import sys
from typing import IO, Any

import click

from narde_notation.archive import FileCheck, check_file, run_each
from narde_notation.cli import (
    counted,
    expand_arguments,
    finish,
    over_files,
    program_collections,
    program_output,
    worker_options,
)
from narde_notation.formats import STDIN
from narde_notation.model import Finding, csv_safe, json_safe

__all__ = ["COLUMNS", "FileCheck", "check_file", "narde_validate"]

PROGRAM = "narde-validate"
#: Columns of the CSV output and keys of the JSON objects.
COLUMNS = ("file", "game", "line", "column", "code", "severity", "rule", "message")
#: CSV columns holding text from records or file names (neutralised, OWASP).
_CSV_TEXT = ("file", "message")
#: Files at which the progress bar starts to be worth showing.
_PROGRESS_MIN_FILES = 8


class _Output:
    """Writes findings in the chosen format to standard output as they come."""

    def __init__(self, fmt: str, stream: IO[str]) -> None:
        self.fmt, self.stream, self.count = fmt, stream, 0
        self.writer: Any = None
        self.dumps: Any = None
        if fmt in ("json", "jsonl"):  # imported for these formats only (start-up)
            from json import dumps

            self.dumps = dumps
        if fmt == "csv":
            import csv

            self.writer = csv.writer(stream, lineterminator="\n")
            self.writer.writerow(COLUMNS)
        elif fmt == "json":
            stream.write("[")

    def write(self, finding: Finding) -> None:
        if self.fmt == "text":
            self.stream.write(str(finding) + "\n")
        elif self.fmt == "csv":
            row = finding.to_dict()
            self.writer.writerow(["" if row[c] is None else
                                  (csv_safe(row[c]) if c in _CSV_TEXT else row[c])
                                  for c in COLUMNS])
        elif self.fmt == "jsonl":
            self.stream.write(json_safe(self.dumps(finding.to_dict(), ensure_ascii=False)) + "\n")
        else:
            self.stream.write(("\n" if self.count == 0 else ",\n")
                              + json_safe(self.dumps(finding.to_dict(), ensure_ascii=False)))
        self.count += 1

    def flush(self) -> None:
        self.stream.flush()

    def close(self) -> None:
        if self.fmt == "json":
            self.stream.write("\n]\n" if self.count else "]\n")
        self.stream.flush()


@click.command(context_settings={"help_option_names": ["-h", "--help"]},
               short_help="Check records turn by turn against the rules (R1-R12).")
@click.argument("paths", nargs=-1, required=True)
@worker_options("Check", "text: path:line:col: error[code] message (Rn); json: an array of "
                "objects; jsonl: one object a line, streamed; csv: one row per finding.",
                "No summary and no progress bar.")
@click.version_option(package_name="narde-notation")
@program_collections()
@program_output(PROGRAM)
def narde_validate(paths: tuple[str, ...], fmt: str, rules_tag: str | None,
                   jobs: int | None, scheduler: str | None, quiet: bool,
                   encoding: str | None) -> None:
    """Check Long Narde records turn by turn against the rules (R1–R12).

    PATHS are files, folders (searched for *.txt, *.mat, *.nrd), globs, or -
    for standard input.  Findings go to standard output, a summary to
    standard error.  Exit 0: no errors; 1: errors found; 2: usage error,
    unreadable file or internal failure (the other files are still
    checked); 130: interrupted.
    """
    expanded = expand_arguments(PROGRAM, paths)
    disk = [name for name in expanded.files if name != STDIN]
    jobs = min(jobs or os.cpu_count() or 1, max(1, len(disk)), os.cpu_count() or 1)
    out = _Output(fmt, sys.stdout)
    problems = list(expanded.problems)
    stderr = sys.stderr
    show_bar = (not quiet and stderr.isatty() and len(expanded.files) >= _PROGRESS_MIN_FILES)

    def results() -> Any:
        if STDIN in expanded.files:  # streamed through the one decoding path
            yield check_file("<stdin>", rules_tag, location=STDIN, encoding=encoding)
        yield from run_each(check_file, disk, jobs=jobs, scheduler=scheduler,
                            rules_tag=rules_tag, encoding=encoding)

    counts = {"files": 0, "games": 0, "errors": 0, "warnings": 0}

    def handle(result: FileCheck) -> None:
        counts["files"] += 1
        counts["games"] += result.games
        problems.extend(result.failures)
        for finding in result.findings:
            out.write(finding)
            counts["errors" if finding.is_error else "warnings"] += 1
        out.flush()

    interrupted = over_files(results(), problems, handle, count=len(expanded.files),
                             show_bar=show_bar, label="validating")
    files, games, errors, warnings = counts.values()
    out.close()
    finish(PROGRAM, problems, interrupted=interrupted, files=files, errors=bool(errors),
           summary=None if quiet else f"{counted(files, 'file')}, {counted(games, 'game')}, "
           f"{counted(errors, 'error')}, {counted(warnings, 'warning')}")
