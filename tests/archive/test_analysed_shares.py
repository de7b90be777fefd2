"""The analysis of files shared out by game among the workers
(:func:`narde_notation.archive.analysed.iter_file_analyses`, decisions A18):
per file, in file order, as one call a file; a failed share fails its file
only; the watch (a progress bar) sees every share."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from narde_notation.analysis.files import FileAnalysis
from narde_notation.archive import analysed
from narde_notation.archive.analysed import analysis_shares, iter_file_analyses
from narde_notation.archive.executor import Failure, Share

ROOT = Path(__file__).resolve().parents[2]
CLUB = str(ROOT / "examples" / "club-match.txt")  # 4 games (its [White tags)
GAME = '[Position "3:1 1:1 / 4:2 1:1 / W"]\n\n1. 62: 3/1 1/off\n*\n'


def test_each_file_is_shared_out_among_the_workers_but_one_game_is_not() -> None:
    assert analysis_shares(["a", "b"], 2) == [Share("a", 0, 2), Share("a", 1, 2),
                                              Share("b", 0, 2), Share("b", 1, 2)]
    assert analysis_shares(["a", "b"], 1) == [Share("a", 0, 1), Share("b", 0, 1)]
    assert analysis_shares(["a"], 3, game=2) == [Share("a", 0, 1)]


def test_one_file_on_two_workers_is_two_steps_and_the_same_analysis() -> None:
    seen: list[tuple[int, int]] = []

    def watch(results: Iterator[FileAnalysis | Failure], count: int
              ) -> Iterator[FileAnalysis | Failure]:
        for n, result in enumerate(results, 1):
            seen.append((n, count))
            yield result

    (merged,) = iter_file_analyses([CLUB], jobs=2, watch=watch)
    assert seen == [(1, 2), (2, 2)]  # the bar moved within the one file
    assert isinstance(merged, FileAnalysis)
    assert [g.game for g in merged.games] == [0, 1, 2, 3] and merged.count == 4
    (alone,) = iter_file_analyses([CLUB], jobs=1)
    assert isinstance(alone, FileAnalysis)
    assert [[h.to_dict() for h in g.half_turns] for g in merged.games] == \
        [[h.to_dict() for h in g.half_turns] for g in alone.games]


def test_a_failed_share_fails_its_file_once_and_the_other_files_complete(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = []
    for name in ("a.txt", "b.txt", "c.txt"):
        (tmp_path / name).write_text("\n".join([GAME] * 3), encoding="utf-8")
        names.append(str(tmp_path / name))

    def run_each(work: Any, items: list[Share], *, jobs: int, scheduler: str | None,
                 **options: Any) -> Iterator[FileAnalysis | Failure]:
        for share in items:  # share 1 of b.txt: as if its worker had died
            if share.file.endswith("b.txt") and share.k == 1:
                yield Failure(share.file, f"{share.file}: the worker process died")
            else:
                yield work(share.file, share=(share.k, share.of), **options)

    monkeypatch.setattr(analysed, "run_each", run_each)
    results = list(iter_file_analyses(names, jobs=3))
    assert [type(r).__name__ for r in results] == ["FileAnalysis", "Failure", "FileAnalysis"]
    assert results[1] == Failure(names[1], f"{names[1]}: the worker process died")
    for result in (results[0], results[2]):
        assert isinstance(result, FileAnalysis)
        assert [g.game for g in result.games] == [0, 1, 2] and result.count == 3
