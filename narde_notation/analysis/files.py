"""A file's games analysed: the unit of work of ``narde analyse`` (picklable).

Run by :func:`narde_notation.archive.executor.run_each` in this process, a
process pool or on Dask; the shipped evaluator is loaded once per process
(:func:`~narde_notation.analysis.game.evaluator_for` keeps it).  A big file
is shared out by game (decisions A18): each worker reads and replays the
whole file and analyses only its share of the games (``share=(k, of)``, :func:`share_of`),
and :func:`merge_shares` puts the shares back together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from narde_notation.analysis.depth import AUTO, Depth
from narde_notation.analysis.game import GameAnalysis, analyse
from narde_notation.replay import Pipeline, Replayed

__all__ = ["FileAnalysis", "analyse_file", "merge_shares", "share_of"]

#: 2**32 / golden ratio (Knuth's multiplicative hashing): see :func:`share_of`.
_GOLDEN = 2_654_435_769


def share_of(index: int, of: int) -> int:
    """The share (``0 <= k < of``) that analyses the game of 0-based ``index``
    in its file: ``floor(frac(index × φ) × of)``, φ the golden ratio, in
    32-bit integer arithmetic (decisions A18).  The points ``frac(i × φ)``
    spread evenly over [0, 1) for every run of games and for every residue
    class of indices, so the shares get even numbers of games with no game
    count known up front, and a cost that repeats with the index (every
    other game twice as long, as in the corpus archives) is split evenly
    too, where ``index % of`` would give it all to one share.
    Games 0-4 on two shares: 0, 1, 0, 1, 0; on three: 0, 1, 0, 2, 1."""
    return ((index * _GOLDEN) & 0xFFFF_FFFF) * of >> 32


@dataclass(slots=True)
class FileAnalysis:
    """What :func:`analyse_file` gives back.

    Attributes:
        name: the file as the user named it.
        games: the analysed games, in file order.
        count: games in the file (all of them, analysed or not).
        problem: the file could not be read (``"name: why"``), else ``None``.
        failures: games whose replay failed inside the program (one line each,
            in file order).
        findings: the error findings outside any game (an empty file, bytes or
            text that are no record: ``str(finding)``, ``file:line[:column]:
            error[code] …``), as ``narde-validate`` reports them.
        failed: the 0-based indices in the file of the games of ``failures``
            (one each, in the same order).
    """

    name: str
    games: list[GameAnalysis] = field(default_factory=list)
    count: int = 0
    problem: str | None = None
    failures: list[str] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)


def analyse_file(name: str, *, ply: Depth = AUTO, game: int | None = None,
                 rules_tag: str | None = None, encoding: str | None = None,
                 location: str | None = None,
                 share: tuple[int, int] | None = None, verify: int = 0,
                 seed: int = 0) -> FileAnalysis:
    """Read, replay (:meth:`~narde_notation.replay.Pipeline.replay`) and
    analyse the games of one file (:func:`~narde_notation.analysis.game.analyse`).

    Args:
        name: the path as the user gave it (reported as ``file``).
        ply: the search depth: "auto" (the default), 0, 1 or 2 (:func:`~.game.analyse`).
        game: only this game (0-based index in the file); ``None``: all.
        rules_tag: overrides the records' ``Rules`` tags.
        encoding: the code page of bytes that are not UTF-8.
        location: where to read it (default ``name``; Dask: an absolute path).
        share: ``(k, of)``: only the games whose index ``i`` has
            ``share_of(i, of) == k`` (:func:`share_of`; the whole file is
            still read and replayed: match scores are checked across games,
            and ``count``, ``findings`` and ``problem`` are the whole
            file's); ``None``: every game.
        verify, seed: roll out the marked half-turns
            (:func:`~narde_notation.analysis.game.analyse`).

    Returns:
        A :class:`FileAnalysis`; an unreadable file sets ``problem`` instead of raising.

    Raises:
        ValueError: ``share`` is not ``0 <= k < of``.
    """
    k, of = share if share is not None else (0, 1)
    if not 0 <= k < of:
        raise ValueError(f"share {k} of {of}: not a share")
    result = FileAnalysis(name)
    try:
        for item in Pipeline(rules=rules_tag, encoding=encoding).replay(location or name,
                                                                       name=name):
            if not isinstance(item, Replayed):  # no game: its findings are the file's
                result.findings.extend(str(f) for f in item.findings if f.is_error)
                continue
            result.count += 1
            index = item.record.index
            if (game is not None and index != game) or (of > 1 and share_of(index, of) != k):
                continue
            if item.report is None:
                result.failures.append(item.failure or f"{name}: game {index}:"
                                       " could not be replayed")
                result.failed.append(index)
                continue
            analysed = analyse(item.report, ply=ply, file=name, verify=verify, seed=seed)
            analysed.report = None  # results cross processes: the report stays here
            result.games.append(analysed)
            if game is not None:
                break
    except OSError as exc:
        result.problem = f"{name}: cannot read: {exc.strerror or exc}"
    return result


def merge_shares(shares: Sequence[FileAnalysis]) -> FileAnalysis:
    """One file's analysis from its shares (:func:`analyse_file` with
    ``share=(k, of)`` for every ``k``): what the unshared call gives.

    The games and the failures are each share's own, merged in file order
    (0-based game index); ``count``, ``findings`` and ``problem`` are the
    whole file's, which every share sees: taken once, from the first.

    Raises:
        ValueError: no shares, or shares of different files.
    """
    if not shares:
        raise ValueError("no shares to merge")
    first = shares[0]
    if any(s.name != first.name for s in shares):
        raise ValueError(f"shares of different files: {sorted({s.name for s in shares})}")
    failed = sorted((i, failure) for s in shares
                    for i, failure in zip(s.failed, s.failures, strict=True))
    return FileAnalysis(first.name,
                        games=sorted((g for s in shares for g in s.games),
                                     key=lambda g: g.game),
                        count=first.count, problem=first.problem,
                        failures=[failure for _, failure in failed],
                        findings=list(first.findings), failed=[i for i, _ in failed])
