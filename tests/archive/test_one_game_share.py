"""A file of one game is not shared out among the workers (issue 29: a
one-game ``narde analyse`` starts no worker pool); a file of two is."""

from __future__ import annotations

from pathlib import Path

from narde_notation.archive.analysed import analysis_shares
from narde_notation.archive.executor import Share

GAME = '[White "A"]\n[Black "B"]\n\n1. 65: 24/18 18/13  43: 24/20 20/17\n*\n'


def test_one_game_is_one_share_and_two_games_are_shared_out(tmp_path: Path) -> None:
    one, two, none = tmp_path / "one.txt", tmp_path / "two.txt", tmp_path / "none.txt"
    one.write_text(GAME, encoding="utf-8")
    two.write_text(GAME + "\n" + GAME, encoding="utf-8")
    none.write_text("", encoding="utf-8")
    assert analysis_shares([str(one)], 2) == [Share(str(one), 0, 1)]
    assert analysis_shares([str(none)], 2) == [Share(str(none), 0, 1)]
    assert analysis_shares([str(two)], 2) == [Share(str(two), 0, 2), Share(str(two), 1, 2)]
    assert analysis_shares([str(one), str(two)], 3) == [
        Share(str(one), 0, 1), Share(str(two), 0, 3), Share(str(two), 1, 3),
        Share(str(two), 2, 3)]
