"""A file's games shared out (decisions A18): ``analyse_file(share=(k, of))``
analyses the games whose index ``i`` has ``floor(frac(i × φ) × of) == k``
(``frac(i × φ)`` for i = 0..4, by hand: 0, 0.618, 0.236, 0.854, 0.472), and
:func:`~narde_notation.analysis.files.merge_shares` gives back what the
unshared call gives: games and failures in file order, the file's count and
findings once."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from narde_notation.analysis.files import FileAnalysis, analyse_file, merge_shares

ROOT = Path(__file__).resolve().parents[2]
CLUB = ROOT / "examples" / "club-match.txt"  # 4 games of a 3-point match (its [White tags)
# a bear-off position (exact, quick to analyse): White own {3, 1}, Black {4, 4, 1}
GAME = '[Position "3:1 1:1 / 4:2 1:1 / W"]\n\n1. 62: 3/1 1/off\n*\n'


def half_turns(result: FileAnalysis) -> list[list[dict[str, Any]]]:
    return [[h.to_dict() for h in g.half_turns] for g in result.games]


def shared(path: Path, of: int) -> list[FileAnalysis]:
    return [analyse_file(str(path), share=(k, of)) for k in range(of)]


def test_the_golden_ratio_shares() -> None:
    from narde_notation.analysis.files import share_of

    assert [share_of(i, 2) for i in range(5)] == [0, 1, 0, 1, 0]
    assert [share_of(i, 3) for i in range(5)] == [0, 1, 0, 2, 1]
    # every other game costing twice (as in the corpus archives) is split
    # evenly: 50 such games on 2 shares, the costs of each within 5% of half
    costs = [1 + i % 2 for i in range(50)]
    for k in range(2):
        mine = sum(c for i, c in enumerate(costs) if share_of(i, 2) == k)
        assert abs(mine - sum(costs) / 2) <= 0.05 * sum(costs) / 2


def test_each_share_analyses_its_games_and_sees_the_whole_file() -> None:
    first, second = shared(CLUB, 2)
    assert [g.game for g in first.games] == [0, 2]
    assert [g.game for g in second.games] == [1, 3]
    assert first.count == second.count == 4  # every share counts the file's 4 games


@pytest.mark.parametrize("of", [2, 3, 5])
def test_merged_shares_are_the_unshared_analysis(of: int) -> None:
    whole = analyse_file(str(CLUB))
    merged = merge_shares(shared(CLUB, of))
    assert [g.game for g in merged.games] == [0, 1, 2, 3]
    assert merged.count == 4 and merged.failures == [] and merged.findings == []
    assert half_turns(merged) == half_turns(whole)
    assert [(g.white, g.black, g.match) for g in merged.games] == \
        [(g.white, g.black, g.match) for g in whole.games]


def test_findings_outside_games_and_an_unreadable_file_are_said_once(tmp_path: Path) -> None:
    path = tmp_path / "noise.txt"
    path.write_bytes(b"\x00\x01\x02 no record here\n")  # bytes that are no record
    whole = analyse_file(str(path))
    assert len(whole.findings) == 1 and whole.count == 0
    merged = merge_shares(shared(path, 3))
    assert merged.findings == whole.findings and merged.count == 0
    missing = merge_shares(shared(tmp_path / "missing.txt", 2))
    assert missing.problem is not None and missing.problem.startswith(
        f"{tmp_path / 'missing.txt'}: cannot read")
    assert missing.games == [] and missing.failures == []


def test_games_whose_replay_failed_appear_once_in_file_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import narde_notation.replay._matches as validation

    path = tmp_path / "five.txt"
    path.write_text("\n".join([GAME] * 5), encoding="utf-8")
    real = validation.validate_games

    def flaky(records: Iterable[Any], rules: Any = None) -> Iterator[Any]:
        for report in real(records, rules):
            if report.record.index in (1, 3):  # as if the replay had a bug there
                raise RuntimeError("boom")
            yield report

    monkeypatch.setattr(validation, "validate_games", flaky)
    whole = analyse_file(str(path))
    assert whole.failed == [1, 3] and [g.game for g in whole.games] == [0, 2, 4]
    assert all("internal error replaying game" in f and "boom" in f for f in whole.failures)
    assert "game 1:" in whole.failures[0] and "game 3:" in whole.failures[1]
    parts = shared(path, 3)  # games 0, 2 in share 0; 1, 4 in share 1; 3 in share 2
    assert [p.failed for p in parts] == [[], [1], [3]]
    assert [[g.game for g in p.games] for p in parts] == [[0, 2], [4], []]
    merged = merge_shares(parts)
    assert merged.failures == whole.failures and merged.failed == [1, 3]
    assert [g.game for g in merged.games] == [0, 2, 4] and merged.count == 5


def test_a_share_that_is_none_and_mixed_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a share"):
        analyse_file(str(CLUB), share=(2, 2))
    with pytest.raises(ValueError, match="no shares"):
        merge_shares([])
    with pytest.raises(ValueError, match="different files"):
        merge_shares([FileAnalysis("a.txt"), FileAnalysis("b.txt")])
