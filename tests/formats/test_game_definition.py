"""One definition of a game for the API and the programs (issue 25): the
records ``read_games`` yields that are games (``is_game``) are the games
``narde-validate`` counts; the others hold file-level findings only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from narde_notation.cli.validate import narde_validate
from narde_notation.formats.reader import read_games
from narde_notation.replay.pipeline import is_game

GAME = '[Event "x"]\n[White "A"]\n[Black "B"]\n\n1. 65: 24/18 18/13 *\n'
CASES = {
    # (text, games by hand)
    "tree.sgf": ("(;GM[6]FF[4]\n;B[ab])\n", 0),
    "title.txt": ("Game 1\n\n" + GAME, 1),
    "two.txt": (GAME + "\n" + GAME, 2),
    "empty.txt": ("", 0),
    "preamble.mat": ("\x01 5 point match\n\n 5 point match\n\n Game 1\n"
                     " A : 0                      B : 0\n  1) 65: 24/18 18/13\n", 1),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_api_and_narde_validate_count_the_same_games(tmp_path: Path, name: str) -> None:
    text, games = CASES[name]
    path = tmp_path / name
    path.write_text(text)
    records = list(read_games(path))
    assert sum(is_game(r) for r in records) == games
    for record in records:
        if not is_game(record):  # what is no game holds findings only
            assert record.findings and not (record.tags or record.half_turns)
    out = CliRunner().invoke(narde_validate, [str(path)]).output
    counted = re.search(r"1 file, ([0-9]+) games?,", out)
    assert counted is not None and int(counted.group(1)) == games
