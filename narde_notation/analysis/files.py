"""A file's games analysed: the unit of work of ``narde analyse`` (picklable).

Run by :func:`narde_notation.archive.executor.run_each` in this process, a
process pool or on Dask; the shipped evaluator is loaded once per process
(:func:`~narde_notation.analysis.game.evaluator_for` keeps it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from narde_notation.analysis.game import GameAnalysis, analyse
from narde_notation.replay.pipeline import Replayed, ReplayOptions, replay_source

__all__ = ["FileAnalysis", "analyse_file"]


@dataclass(slots=True)
class FileAnalysis:
    """What :func:`analyse_file` gives back.

    Attributes:
        name: the file as the user named it.
        games: the analysed games, in file order.
        count: games in the file (all of them, analysed or not).
        problem: the file could not be read (``"name: why"``), else ``None``.
        failures: games whose replay failed inside the program (one line each).
        findings: the error findings outside any game (an empty file, bytes or
            text that are no record: ``str(finding)``, ``file:line[:column]:
            error[code] …``), as ``narde-validate`` reports them.
    """

    name: str
    games: list[GameAnalysis] = field(default_factory=list)
    count: int = 0
    problem: str | None = None
    failures: list[str] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)


def analyse_file(name: str, *, ply: int = 0, game: int | None = None,
                 rules_tag: str | None = None, encoding: str | None = None,
                 location: str | None = None) -> FileAnalysis:
    """Read, replay (:func:`~narde_notation.replay.pipeline.replay_source`) and
    analyse the games of one file (:func:`~narde_notation.analysis.game.analyse`).

    Args:
        name: the path as the user gave it (reported as ``file``).
        ply: 0 or 1, the ranking's search depth.
        game: only this game (0-based index in the file); ``None``: all.
        rules_tag: overrides the records' ``Rules`` tags.
        encoding: the code page of bytes that are not UTF-8.
        location: where to read it (default ``name``; Dask: an absolute path).

    Returns:
        A :class:`FileAnalysis`; an unreadable file sets ``problem`` instead of raising.
    """
    result = FileAnalysis(name)
    try:
        for item in replay_source(location or name, ReplayOptions(rules_tag, encoding),
                                  name=name):
            if not isinstance(item, Replayed):  # no game: its findings are the file's
                result.findings.extend(str(f) for f in item.findings if f.is_error)
                continue
            result.count += 1
            if game is not None and item.record.index != game:
                continue
            if item.report is None:
                result.failures.append(item.failure or f"{name}: game {item.record.index}:"
                                       " could not be replayed")
                continue
            result.games.append(analyse(item.report, ply=ply, file=name))
            if game is not None:
                break
    except OSError as exc:
        result.problem = f"{name}: cannot read: {exc.strerror or exc}"
    return result
