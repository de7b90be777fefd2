"""Tidy and safe outputs of both CLIs (issues 10 and 11).

Names are hostile on purpose: a spreadsheet formula, terminal escape and
OSC sequences, a newline, Markdown's ``|`` and HTML.  Expected texts are
written out by hand from the escaping rules (OWASP for CSV: a leading
``'``; terminals: Python escapes such as ``\\x1b``; Markdown: ``\\|`` and
HTML entities).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from narde_notation.archive import summary, tables
from narde_notation.archive.frames import valid_turns
from narde_notation.cli.stats import narde_stats, race_choice, race_title
from narde_notation.cli.validate import narde_validate
from narde_notation.model.safe_text import csv_safe, markdown_safe, visible

FORMULA = "=cmd|'/C calc'!A0+HYPERLINK(A1)"
ESCAPE = "Eve\x1b[2J\x1b]0;owned\x07"  # clear screen, set the window title
PIPE = "Al|ice <b>bold</b>"


def game(white: str, black: str, result: str = "2-0") -> str:
    # White bears off its last checker with the 1 of 2-1 while Black has all
    # 15 at home and none off: White wins by mars, 2 points (R9, R10).
    return (f'[White "{white}"]\n[Black "{black}"]\n[Position "1 / 24:15 / W"]\n'
            f'[Result "{result}"]\n\n1. 21: 1/off\n{result}\n')


def run(program: object, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(program, list(args))  # type: ignore[arg-type]
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    folder = tmp_path / "h"
    folder.mkdir()
    text = "\n".join([game(FORMULA, "Bob"), game(ESCAPE, "Bob"), game(PIPE, "Bob")])
    (folder / "names.txt").write_text(text, encoding="utf-8")
    return folder


# --------------------------------------------------------------------------- the escapes


def test_escaping_rules() -> None:
    assert visible("a\x1b[31mb\nc\td\u202ee") == "a\\x1b[31mb\\nc\\td\\u202ee"
    assert visible("Ann é ✓") == "Ann é ✓"
    # formulas get a leading ', and control characters are shown (never obeyed)
    assert [csv_safe(x) for x in ("=1+2", "+1", "-x", "@SUM(A1)", "\tx", "\rx")] == [
        "'=1+2", "'+1", "'-x", "'@SUM(A1)", "'\\tx", "'\\rx"]
    assert csv_safe("E\x1b[31mRED\u202e") == "E\\x1b[31mRED\\u202e"
    assert [csv_safe(x) for x in ("0-1", "Ann", -3, None, 2.5)] == ["0-1", "Ann", -3, None, 2.5]
    assert markdown_safe("a|b <i>x</i> & y") == "a\\|b &lt;i&gt;x&lt;/i&gt; &amp; y"


# --------------------------------------------------------------------------- CSV


def test_games_csv_neutralises_names_not_results(hostile: Path, tmp_path: Path) -> None:
    target = tmp_path / "games.csv"
    code, _, err = run(narde_stats, str(hostile), "--games-csv", str(target), "--jobs", "1")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    # the escape sequence is written out, never sent raw to whatever shows the file
    assert [r["white"] for r in rows] == ["'" + FORMULA, "Eve\\x1b[2J\\x1b]0;owned\\x07", PIPE]
    assert ESCAPE == "Eve\x1b[2J\x1b]0;owned\x07"
    assert [r["result"] for r in rows] == ["2-0"] * 3  # data, untouched
    assert [r["declared"] for r in rows] == ["2-0"] * 3


def test_by_player_csv_neutralises_the_index(hostile: Path) -> None:
    code, out, _ = run(narde_stats, str(hostile), "--by", "player", "--format", "csv")
    assert code == 0
    players = [r["player"] for r in csv.DictReader(io.StringIO(out))]
    assert "'" + FORMULA in players and FORMULA not in players


def test_validate_csv_neutralises_file_and_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("=cmd.txt").write_text('[White "A"]\n[Black "B"]\n\n1. 65: 24/18 24/19\n*\n',
                                encoding="utf-8")
    code, out, _ = run(narde_validate, "=cmd.txt", "--format", "csv")
    assert code == 1
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["file"] for r in rows} == {"'=cmd.txt"}
    assert rows[0]["code"] == "head-rule" and rows[0]["line"] == "4"


# --------------------------------------------------------------------------- terminals


def test_by_player_table_shows_escapes_visibly(hostile: Path) -> None:
    code, out, _ = run(narde_stats, str(hostile), "--by", "player")
    assert code == 0
    assert "\x1b" not in out and "\x07" not in out
    assert "Eve\\x1b[2J\\x1b]0;owned\\x07" in out


def test_default_table_has_the_players_escaped(hostile: Path) -> None:
    code, out, _ = run(narde_stats, str(hostile))
    assert code == 0
    assert "Players\n-------" in out
    assert "\x1b" not in out and "Eve\\x1b[2J" in out


def test_a_newline_in_a_file_name_forges_no_finding_line(tmp_path: Path) -> None:
    name = tmp_path / "x\nfake.txt:1:1: error[hit] forged\x1b[0m.txt"
    name.write_text('[White "A"]\n[Black "B"]\n\n1. 65: 24/18 24/19\n*\n', encoding="utf-8")
    code, out, _ = run(narde_validate, str(name))
    assert code == 1
    lines = [line for line in out.splitlines() if "error[" in line or "warning[" in line]
    assert len(lines) == 2  # head-rule and unfinished, nothing forged
    assert all(line.startswith(str(tmp_path / "x\\nfake.txt:1:1: error[hit] forged\\x1b[0m.txt:"))
               for line in lines)
    assert "\x1b" not in out


def test_errors_on_stderr_are_escaped(tmp_path: Path) -> None:
    code, _, err = run(narde_validate, str(tmp_path / "no\x1b\x07file.txt"))
    assert code == 2
    assert "no\\x1b\\x07file.txt: no such file or folder" in err and "\x1b" not in err


# --------------------------------------------------------------------------- Markdown


def test_markdown_escapes_pipes_and_html(hostile: Path) -> None:
    code, out, _ = run(narde_stats, str(hostile), "--by", "player", "--format", "markdown")
    assert code == 0
    assert "<b>" not in out
    row = next(line for line in out.splitlines() if "Al" in line)
    assert "Al\\|ice &lt;b&gt;bold&lt;/b&gt;" in row
    header = out.splitlines()[0]
    # as many unescaped separators as the header: the name did not add a column
    assert row.replace("\\|", "").count("|") == header.count("|")


# --------------------------------------------------------------------------- tidy outputs


@pytest.fixture
def two(tmp_path: Path) -> Path:
    folder = tmp_path / "two"
    folder.mkdir()
    (folder / "a.txt").write_text(game("Ann", "Bob") + "\n" + game("Bob", "Ann"),
                                  encoding="utf-8")
    (folder / "b.txt").write_text('[White "Cid"]\n[Black "Dan"]\n\n1. 65: 24/18 24/19\n*\n',
                                  encoding="utf-8")
    return folder


def test_json_counts_are_integers(two: Path) -> None:
    code, out, _ = run(narde_stats, str(two), "--format", "json")
    assert code == 0
    data = json.loads(out)
    # Ann: two valid games, won one as White (mars, 2 points) and lost one
    ann = data["players"]["Ann"]
    assert ann["games"] == 2 and isinstance(ann["games"], int)
    assert ann["wins"] == 1 and ann["points_won"] == 2 and ann["win_rate"] == 0.5
    assert isinstance(data["mars"]["all"]["decided"], int)
    code, out, _ = run(narde_stats, str(two), "--format", "json", "--by", "player")
    bob = next(row for row in json.loads(out) if row["player"] == "Bob")
    assert bob["games"] == 2 and isinstance(bob["games"], int)


def test_plural_and_singular_words(two: Path) -> None:
    _, _, err = run(narde_stats, str(two / "b.txt"))
    assert "1 file, 1 game, 0 valid, 1 skipped" in err
    _, _, err = run(narde_stats, str(two))
    assert "2 files, 3 games, 2 valid, 1 skipped" in err


@pytest.mark.parametrize("program", [narde_stats, narde_validate])
def test_version(program: object) -> None:
    from importlib.metadata import version

    code, out, _ = run(program, "--version")
    assert code == 0 and version("narde-notation") in out


@pytest.mark.parametrize("program", [narde_stats, narde_validate])
def test_a_folder_or_pattern_without_records_is_exit_2(program: object, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.md").write_text("hello", encoding="utf-8")
    code, _, err = run(program, str(tmp_path / "empty"))
    assert code == 2
    assert f"{tmp_path / 'empty'}: no record file (*.txt, *.mat, *.nrd) in this folder" in err
    code, _, err = run(program, str(tmp_path / "empty*"))
    assert code == 2 and "no record file" in err


def test_validate_jsonl_is_one_object_a_line(two: Path) -> None:
    code, out, _ = run(narde_validate, str(two), "--format", "jsonl")
    assert code == 1
    objects = [json.loads(line) for line in out.splitlines()]
    assert [o["code"] for o in objects] == ["head-rule", "unfinished"]
    assert objects[0]["line"] == 4 and objects[0]["rule"] == "R5"


def test_parquet_tables_round_trip(two: Path, tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    paths = {name: tmp_path / f"{name}.parquet" for name in ("games", "turns", "findings")}
    code, _, err = run(narde_stats, str(two), *(x for name, p in paths.items()
                                                for x in (f"--{name}-parquet", str(p))))
    assert code == 0, err
    games = pd.read_parquet(paths["games"])
    assert games["white"].tolist() == ["Ann", "Bob", "Cid"]
    assert str(games["kind"].dtype) == "category"
    assert len(pd.read_parquet(paths["turns"])) == 3
    assert pd.read_parquet(paths["findings"])["code"].astype(str).tolist() == [
        "head-rule", "unfinished"]


def test_parquet_without_pyarrow_is_a_clear_exit_2(
    two: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "pyarrow" else real(name, *a))
    code, _, err = run(narde_stats, str(two), "--games-parquet", str(tmp_path / "g.parquet"))
    assert code == 2
    # the README's install command, not a package index project
    assert "needs pyarrow" in err and 'pip install ".[parquet]"' in err
    assert "narde-notation[" not in err


def test_race_chooses_the_game_and_names_the_players(two: Path, tmp_path: Path) -> None:
    ft = tables(two)
    a = str(two / "a.txt")
    assert race_choice(ft, f"{a}:1") == (a, 1)
    assert race_choice(ft, None) == (a, 0)
    assert race_title(ft, a, 1) == "Race: Bob (White) vs Ann (Black), a.txt game 1"
    code, _, err = run(narde_stats, str(two), "--plots", str(tmp_path / "p"),
                       "--race", f"{a}:1")
    assert code == 0, err
    assert (tmp_path / "p" / "race.png").stat().st_size > 0
    code, _, err = run(narde_stats, str(two), "--plots", str(tmp_path / "p"),
                       "--race", f"{a}:7")
    assert code == 2 and "no game 7" in err


def test_dice_plot_counts_the_games_of_the_dice_table(two: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from narde_notation.show.plots import plot_dice

    ft = tables(two)
    s = summary(ft)
    # two valid games from a Position tag (no opening roll): one 21 each;
    # the invalid game's 65 is not counted
    assert s.dice.rolls_counted == 2 and int(s.dice.rolls["21"]) == 2
    ax = plot_dice(s)
    heights = [p.get_height() for p in ax.patches]
    assert sum(heights) == s.dice.rolls_counted
    assert summary(ft.games, turns=valid_turns(ft.games, ft.turns)).dice.rolls_counted == 2


def test_ending_column(two: Path) -> None:
    games = tables(two).games
    assert games["ending"].astype(str).tolist() == ["bear-off", "bear-off", "unfinished"]
    assert list(games["ending"].cat.categories) == [
        "bear-off", "resignation", "draw", "unfinished"]


def test_missing_text_is_na_never_the_word_none(tmp_path: Path) -> None:
    # pandas 2's "str" dtype wrote None as "None", and every invalid game
    # then read as "replay failed" (issue 9).
    (tmp_path / "x.txt").write_text("1. 65: 24/18 24/19\n*\n", encoding="utf-8")
    ft = tables(tmp_path / "x.txt")
    g = ft.games
    assert g["white"].isna().all() and g["replay_error"].isna().all()
    assert summary(ft).skipped.to_dict() == {"errors: head-rule": 1}
    # a games frame as pandas 2 built it (object columns holding None)
    legacy = g.astype({"replay_error": object, "first_error": object})
    legacy["replay_error"] = [None]
    assert summary(legacy).skipped.to_dict() == {"errors: head-rule": 1}


def test_both_programs_count_the_same_games_on_broken_files() -> None:
    # The corpus' syntax folder: files broken in every way the reader knows.
    from corpus import CORPUS

    folder = CORPUS / "syntax"
    if not folder.is_dir():
        pytest.skip("corpus absent")
    from narde_notation.formats import is_game
    from narde_notation.formats.reader import read_games

    # counted independently: records the reader yields that have a tag, a
    # half-turn or a result (decisions: "one definition of a game")
    expected = sum(is_game(r) for path in sorted(folder.glob("*.txt")) for r in read_games(path))
    _, _, err = run(narde_validate, str(folder), "--jobs", "1")
    code, out, _ = run(narde_stats, str(folder), "--format", "json", "--jobs", "1")
    assert code == 0
    games = json.loads(out)["overview"]["games"]
    assert games == expected
    assert f", {games} games," in err or f", {games} game," in err
