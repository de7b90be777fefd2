"""What the programs write from record text (issue 25): the games CSV's
``date`` and ``score`` cells and raw carriage returns neutralised, Markdown
links and images kept text, missing figures shown as ``-`` (never ``nan``),
a 2 MB value never quoted whole in a finding.

Expected cells are worked out by hand (OWASP: a cell starting with ``=``,
``+``, ``-``, ``@`` gets a leading ``'``; a control character is shown as
its escape)."""

from __future__ import annotations

import csv
from pathlib import Path

from click.testing import CliRunner

from narde_notation.cli.main import narde
from narde_notation.cli.stats import narde_stats

HOSTILE = ('[Event "x"]\n[White "A\rB"]\n[Black "B"]\n[Date "=HYPERLINK(1)"]\n[Match "5"]\n'
           '[Game "1"]\n[Score "+1-0"]\n\n1. 65: 24/18 18/13 *\n')


def test_games_csv_neutralises_every_text_cell(tmp_path: Path) -> None:
    source = tmp_path / "a.txt"
    source.write_bytes(HOSTILE.encode())
    games = tmp_path / "games.csv"
    CliRunner().invoke(narde_stats, [str(source), "--games-csv", str(games)])
    text = games.read_bytes().decode()
    assert "\r" not in text  # the carriage return in a name does not split a row
    (row,) = csv.DictReader(text.splitlines())
    assert (row["date"], row["score"], row["white"]) == ("'=HYPERLINK(1)", "'+1-0", "A\\rB")
    assert row["result"] == "*" and row["game_number"] == "1"  # data, unchanged


def _players(count: int) -> str:
    games = []
    for i in range(count // 2):
        match = '[Match "3"]\n[Game "1"]\n[Score "0-0"]\n' if i == 0 else ""
        games.append(f'[Event "e{i}"]\n[White "W{i}"]\n[Black "B{i}"]\n{match}\n'
                     "1. 65: 24/18 18/13 *\n")
    return "\n".join(games)


def test_the_all_games_summary_shows_a_missing_figure_as_a_dash(tmp_path: Path) -> None:
    # six players (a line each): only W0 played in a match, the others have no
    # match-winning-chance figure; nobody has an unforced half-turn (no error rate)
    source = tmp_path / "six.txt"
    source.write_text(_players(6))
    result = CliRunner().invoke(narde, ["analyse", str(source)])
    summary = result.output.split("Summary of all 3 games:")[1]
    assert "nan" not in summary
    rows = {line.split()[0]: line.split() for line in summary.splitlines()
            if line[:2] in ("W0", "B0", "W1")}
    assert rows["W0"][4] == "-" and rows["W0"][-1] == "0.000"  # error_rate -, mwc_loss 0
    assert rows["B0"][-1] == "-" and rows["W1"][-1] == "-"


def test_markdown_cells_keep_links_and_images_as_text(tmp_path: Path) -> None:
    source = tmp_path / "m.txt"
    source.write_text('[Event "x"]\n[White "[a](http://e.x) ![i](http://e.x/p.png)"]\n'
                      '[Black "www.e.x"]\n\n1. 65: 24/18 18/13 *\n')
    out = CliRunner().invoke(narde_stats, [str(source), "--by", "player", "--format",
                                           "markdown"]).output
    assert r"\[a\](http\://e.x) \!\[i\](http\://e.x/p.png)" in out and r"www\.e.x" in out
    assert "](" not in out.replace(r"\](", "")


def test_a_2_mb_value_is_not_quoted_whole_in_its_finding() -> None:
    from narde_notation.formats.reader import parse_games
    from narde_notation.model.findings import MAX_MESSAGE
    from narde_notation.replay.validation import validate

    big = "x" * 2_000_000
    (game,) = parse_games(f'[Position "24:15 / 24:15 / W {big}"]\n\n1. 65: 24/18 18/13 *\n')
    (finding,) = [f for f in validate(game).findings if f.code == "bad-tag"]
    assert len(finding.message) <= MAX_MESSAGE == 1000
    assert finding.message.startswith("Position tag '24:15 / 24:15 / W xxx")
    assert finding.message.endswith("The replay of this game stops here.")
