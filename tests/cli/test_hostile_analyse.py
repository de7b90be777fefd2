"""Hostile input to ``narde analyse``, ``narde-stats --analyse`` and ``narde show
--analyse`` (the trial of issue 19 on the analysis programs): each gives a clear
message and the documented exit code, never a traceback, and no text from a
record reaches the output unescaped."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from narde_notation.cli.main import narde
from narde_notation.cli.stats import narde_stats

#: a game with no half-turn: analysed at once (the evaluator values the start only)
EMPTY_GAME = '[White "{white}"]\n[Black "B"]\n\n*\n'
NOT_UTF8 = os.fsdecode(b"caf\xe9.txt")  # byte 0xE9 of a file name that is not UTF-8


def analyse(*args: str) -> tuple[int, str, str]:
    done = CliRunner().invoke(narde, ["analyse", "-q", *args])
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    return done.exit_code, done.stdout, done.stderr


def test_a_file_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path) -> None:
    (tmp_path / NOT_UTF8).write_text(EMPTY_GAME.format(white="A"), encoding="utf-8")
    code, out, err = analyse(str(tmp_path / NOT_UTF8), "--format", "json")
    assert code == 0, err
    (game,) = json.loads(out)["games"]
    assert Path(game["file"]).name == "caf\\xe9.txt"
    code, out, err = analyse(str(tmp_path / NOT_UTF8))
    assert code == 0, err
    assert "caf\\xe9.txt, game 0: A (White) - B (Black)" in out


def test_a_player_name_with_a_lone_surrogate_is_shown_escaped(tmp_path: Path) -> None:
    # utf-7 "A+2D0-b": A, the lone surrogate U+D83D, b
    (tmp_path / "s.txt").write_bytes(EMPTY_GAME.format(white="A+2D0-b").encode())
    for fmt in ("text", "json", "csv"):
        code, out, err = analyse(str(tmp_path / "s.txt"), "--encoding", "utf-7",
                                 "--format", fmt)
        assert code == 0, err
    code, out, err = analyse(str(tmp_path / "s.txt"), "--encoding", "utf-7", "--format",
                             "json")
    assert json.loads(out)["games"][0]["white"] == "A\\ud83db"
    done = CliRunner().invoke(narde_stats, ["-q", "--analyse", "--by", "player", "--encoding",
                                            "utf-7", str(tmp_path / "s.txt")])
    assert done.exit_code == 0 and "A\\ud83db" in done.stdout


def test_files_with_no_game_are_findings_with_their_place(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "binary.txt").write_bytes(bytes(range(256)))
    (tmp_path / "junk.txt").write_text(EMPTY_GAME.format(white="A") + "\nnot a record\n",
                                       encoding="utf-8")
    code, out, err = analyse(*(str(tmp_path / n) for n in ("empty.txt", "binary.txt",
                                                           "junk.txt")))
    assert code == 1  # error findings, as narde-validate says of these files
    assert f"{tmp_path / 'empty.txt'}:1: error[syntax]" in err
    assert f"{tmp_path / 'binary.txt'}:1:1: error[syntax]" in err
    assert f"{tmp_path / 'junk.txt'}:6:1: error[syntax]" in err
    assert "junk.txt, game 0: A (White) - B (Black)" in out  # the game is still analysed


def test_a_game_whose_errors_do_not_stop_the_analysis_says_them_in_the_text(tmp_path: Path
                                                                             ) -> None:
    # a result and no moves: wrong-result (R9) twice, nothing to stop before
    (tmp_path / "r.txt").write_text('[Result "1-0"]\n\n1-0\n', encoding="utf-8")
    code, out, _ = analyse(str(tmp_path / "r.txt"))
    assert code == 1
    assert "error[wrong-result] the Result tag says 1-0, but the game is not over" in out


def test_json_escapes_c1_controls_and_bidi_overrides(tmp_path: Path) -> None:
    # U+009B is a terminal's CSI, U+202E reverses the text after it: as \u escapes
    name = "x\u202ey\x9b[2J"
    (tmp_path / "b.txt").write_text(EMPTY_GAME.format(white=name), encoding="utf-8")
    for fmt in ("json", "jsonl"):
        code, out, err = analyse(str(tmp_path / "b.txt"), "--format", fmt)
        assert code == 0, err
        assert "\u202e" not in out and "\x9b" not in out
    assert json.loads(out or "null") is None  # jsonl: no half-turn, no line
    code, out, _ = analyse(str(tmp_path / "b.txt"), "--format", "json")
    assert json.loads(out)["games"][0]["white"] == name  # the same text, read back


def test_the_player_list_in_json_escapes_bidi_overrides(tmp_path: Path) -> None:
    name = "x\u202ey"
    (tmp_path / "b.txt").write_text(EMPTY_GAME.format(white=name), encoding="utf-8")
    done = CliRunner().invoke(narde_stats, ["-q", "--analyse", "--by", "player", "--format",
                                            "json", str(tmp_path / "b.txt")])
    assert done.exit_code == 0, done.stderr
    assert "\u202e" not in done.stdout and "\\u202e" in done.stdout
    assert name in [row["player"] for row in json.loads(done.stdout)]
