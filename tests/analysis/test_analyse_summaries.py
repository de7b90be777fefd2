"""Per-player summaries of ``narde analyse`` (game, match, all) and ``narde-stats
--analyse --by player``: one set of columns, the values worked out by hand and
by the independent bear-off oracle."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from narde_notation.cli.main import narde

from .oracle import board, rate

#: the per-player columns as documented (issue 18: error rate in milli-points,
#: the mark counts, luck in points), in their order: written out here, not
#: imported, so that a change of the one definition fails this test.
COLUMNS = ["games_analysed", "half_turns", "unforced", "error_rate", "skill", "doubtful",
           "bad", "very_bad", "loss", "luck", "very_lucky", "lucky", "unlucky",
           "very_unlucky", "mwc_loss"]

# Cy (White) own {3, 1} against Di's {4, 4, 1}, 12 off each; roll 62.
# 3/off 1/off bears off the last two: Cy wins, Di has 12 off: an oyn (1 point, R9).
# 3/1 1/off leaves one checker: Black wins only with a double of 4 or more:
# loss 1 - (1 - 2 * 3/36) = 1/6 (test_analysis.test_bearoff_by_hand).
POSITION = '[Position "3:1 1:1 / 4:2 1:1 / W"]'
MATCH = f"""[White "Cy"]
[Black "Di"]
[Match "3"]
[Game "1"]
[Score "0-0"]
{POSITION}

1. 62: 3/off 1/off
1-0

[White "Cy"]
[Black "Di"]
[Match "3"]
[Game "2"]
[Score "1-0"]
{POSITION}

1. 62: 3/1 1/off
*

[White "Eve"]
[Black "Fay"]
[Match "3"]
[Game "1"]
{POSITION}

1. 62: 3/1 1/off
*
"""
_, _, LUCK, FORCED = rate(board({3: 1, 1: 1}), board({4: 2, 1: 1}), (6, 2), board({}))


@pytest.fixture(scope="module")
def match_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("match") / "match.txt"
    path.write_text(MATCH, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def analysed(match_file: Path) -> dict[str, Any]:
    text = CliRunner().invoke(narde, ["analyse", str(match_file), "-j", "1"])
    data = CliRunner().invoke(narde, ["analyse", str(match_file), "-j", "1", "--format",
                                      "json"])
    assert text.exit_code == 0 and data.exit_code == 0, text.stderr + data.stderr
    return {"text": text.stdout, "json": json.loads(data.stdout)}


def _block(text: str, head: str) -> dict[str, list[str]]:
    """The side-by-side table after the line starting with ``head``: figure -> cells."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(head))
    players = lines[start + 1].split()[:-1]  # the last header is "unit"
    rows: dict[str, list[str]] = {"": players}
    for line in lines[start + 3:]:
        if not line.strip():
            break
        cells = line.split()
        rows[cells[0]] = cells[1:1 + len(players)]
    return rows


def test_the_oracle_position_is_unforced() -> None:
    assert FORCED is False  # so both of Cy's half-turns count in the error rate


def test_text_has_a_match_summary_after_the_last_game_of_the_match(analysed: dict) -> None:
    text = analysed["text"]
    head = next(line for line in text.splitlines() if line.startswith("Match summary"))
    # game 1 won by Cy (1 point, an oyn); game 2 unfinished: 1-0, not finished
    assert "games 0, 1:" in head and "Cy - Di" in head and "3-point match, 1-0" in head
    assert "(unfinished)" in head
    # the block comes after game 1 and before game 2 (a new match: Eve - Fay)
    assert text.index("Game 1 summary") < text.index(head) < text.index("game 2: Eve")
    assert text.count("Match summary") == 1  # Eve - Fay: one game, its game summary says it
    block = _block(text, "Match summary")
    assert block[""] == ["Cy", "Di"]
    assert list(block)[1:] == COLUMNS
    cy = {k: v[0] for k, v in block.items()}
    di = {k: v[1] for k, v in block.items()}
    assert cy["games_analysed"] == "2" and cy["half_turns"] == "2" and cy["unforced"] == "2"
    assert cy["error_rate"] == f"{1000 * (1 / 6) / 2:.3f}" == "83.333"  # 1/6 over 2 moves
    assert cy["skill"] == "Awful"  # gnubg's scale: 35 or more
    assert (cy["doubtful"], cy["bad"], cy["very_bad"]) == ("0", "0", "1")
    assert cy["loss"] == "0.167"
    assert float(cy["luck"]) == pytest.approx(2 * LUCK, abs=5e-4)  # the same roll twice
    assert di["half_turns"] == "0" and di["error_rate"] == "-" and di["skill"] == "-"
    # the units are stated beside the figures
    unit = next(line for line in text.splitlines() if line.startswith("error_rate"))
    assert unit.endswith("milli-points per unforced half-turn")


def test_text_has_a_summary_of_everything_at_the_end(analysed: dict) -> None:
    text = analysed["text"]
    # the last line: the error rate's labels (gnubg's arThrsRating, decisions A4)
    assert text.splitlines()[-1] == (
        "skill: below 2 Supernatural, below 5 World class, below 8 Expert, below 12"
        " Advanced, below 18 Intermediate, below 26 Casual player, below 35 Beginner,"
        " else Awful (gnubg's scale, milli-points per unforced half-turn)")
    block = _block(text, "Summary of all 3 games")
    assert block[""] == ["Cy", "Di", "Eve", "Fay"]
    assert block["error_rate"][:3] == ["83.333", "-", f"{1000 / 6:.3f}"]
    assert block["very_bad"] == ["1", "0", "1", "0"]


def test_json_has_the_matches_with_their_players(analysed: dict) -> None:
    data = analysed["json"]
    (match,) = data["matches"]  # Eve - Fay has one game: no match summary
    assert match["games"] == [0, 1] and (match["white"], match["black"]) == ("Cy", "Di")
    assert (match["length"], match["white_score"], match["black_score"]) == (3, 1, 0)
    assert match["status"] == "unfinished" and match["winner"] is None
    cy, di = match["players"]
    assert list(cy) == ["player", *COLUMNS]
    assert cy["error_rate"] == pytest.approx(1000 / 12, abs=1e-6)
    assert cy["luck"] == pytest.approx(2 * LUCK, abs=1e-6)
    assert cy["mwc_loss"] > 0  # game 2 gave up match-winning chance
    assert di["error_rate"] is None and di["unforced"] == 0


def test_analyse_and_stats_share_the_player_columns_and_values(match_file: Path,
                                                               analysed: dict) -> None:
    from narde_notation.cli.stats import narde_stats

    done = CliRunner().invoke(narde_stats, [str(match_file), "--analyse", "-q", "-j", "1",
                                            "--by", "player", "--format", "json"])
    assert done.exit_code == 0, done.stderr
    stats = {row["player"]: row for row in json.loads(done.stdout)}
    mine = {row["player"]: row for row in analysed["json"]["players"]}
    assert set(stats) == set(mine) == {"Cy", "Di", "Eve", "Fay"}
    for name, row in mine.items():
        assert list(row) == ["player", *COLUMNS]
        assert list(stats[name])[-len(COLUMNS):] == COLUMNS  # after the standings' columns
        for column in COLUMNS:
            assert stats[name][column] == pytest.approx(row[column], abs=1e-6), (name, column)
    assert stats["Eve"]["error_rate"] == pytest.approx(1000 / 6)  # one move, loss 1/6
    # the standings' own `games` stays beside the analysis's `games_analysed`
    assert stats["Eve"]["games"] == stats["Eve"]["games_analysed"] == 1
    assert stats["Cy"]["games_analysed"] == 2
    # the text table of narde-stats with every column: the same names in the same
    # order (by default it shows what fits a terminal, issue 28 item 11)
    table = CliRunner().invoke(narde_stats, [str(match_file), "--analyse", "-q", "-j", "1",
                                             "--by", "player", "--columns", "all"])
    header = table.stdout.splitlines()[0].split()
    assert header[-len(COLUMNS):] == COLUMNS


def test_many_players_one_line_each_with_the_units(tmp_path: Path) -> None:
    # five games, ten players: more than fit side by side
    games = [f'[White "W{k}"]\n[Black "B{k}"]\n{POSITION}\n\n1. 62: 3/1 1/off\n*\n'
             for k in range(5)]
    path = tmp_path / "many.txt"
    path.write_text("\n".join(games), encoding="utf-8")
    done = CliRunner().invoke(narde, ["analyse", str(path), "-j", "1"])
    assert done.exit_code == 0, done.stderr
    tail = done.stdout.split("Summary of all 5 games:\n")[1].splitlines()
    assert tail[0].split() == ["player", *COLUMNS]
    w0 = next(line.split() for line in tail if line.startswith("W0 "))
    assert w0[COLUMNS.index("error_rate") + 1] == "166.667"
    units = next(line for line in tail if line.startswith("units: "))
    assert "error_rate: milli-points per unforced half-turn" in units


def test_one_match_alone_has_no_second_summary_of_the_same_games(tmp_path: Path) -> None:
    path = tmp_path / "one-match.txt"
    path.write_text(MATCH.split("\n\n[White \"Eve\"]")[0] + "\n", encoding="utf-8")
    done = CliRunner().invoke(narde, ["analyse", str(path), "-j", "1"])
    assert done.exit_code == 0, done.stderr
    assert done.stdout.count("Match summary") == 1 and "Summary of all" not in done.stdout
