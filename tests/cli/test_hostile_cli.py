"""Crashes a hostile trial found in the programs (issue 19): each input gives a
clear message and the documented exit code, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from narde_notation.archive import frames, win_probability
from narde_notation.formats.sources import expand_paths
from narde_notation.model.safe_text import json_safe, unicode_text

GAME = "1. 65: 24/18 18/13 43: 24/20 24/21 *\n"


def run(*args: str, stdin: int | None = None, stdout: object = subprocess.PIPE
        ) -> subprocess.CompletedProcess[str]:
    """A program as a real process (``narde-validate``, ``narde-stats``, ``narde``)."""
    # stdout: a pipe (text captured), or a file or descriptor given
    module = {"narde-validate": "validate:narde_validate", "narde-stats": "stats:narde_stats",
              "narde": "main:narde"}[args[0]]
    name, function = module.split(":")
    code = (f"import sys; from narde_notation.cli.{name} import {function}; "
            f"sys.argv[0] = {args[0]!r}; {function}()")
    return subprocess.run([sys.executable, "-c", code, *args[1:]], stdout=stdout,  # type: ignore[call-overload]
                          stderr=subprocess.PIPE, text=True, timeout=120, stdin=stdin)


@pytest.fixture
def odd_names(tmp_path: Path) -> Path:
    """A folder with a file whose name is not UTF-8 (byte 0xE9) and one plain file."""
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / os.fsdecode(b"caf\xe9.txt")).write_text(GAME)
    (folder / "ok.txt").write_text(GAME)
    return folder


def test_a_file_name_that_is_not_utf8_reaches_the_tables_escaped(odd_names: Path) -> None:
    games = frames.games_frame(odd_names)
    assert sorted(Path(f).name for f in games["file"].astype(str)) == ["caf\\xe9.txt", "ok.txt"]


def test_narde_stats_and_its_csv_on_a_file_name_that_is_not_utf8(odd_names: Path,
                                                                  tmp_path: Path) -> None:
    csv = tmp_path / "games.csv"
    done = run("narde-stats", "-q", str(odd_names), "--games-csv", str(csv))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "caf\\xe9.txt" in csv.read_text(encoding="utf-8")


def test_json_findings_on_a_file_name_that_is_not_utf8_are_valid_json(odd_names: Path) -> None:
    done = run("narde-validate", "--format", "json", str(odd_names))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    names = sorted({Path(d["file"]).name for d in json.loads(done.stdout)})
    assert names == ["caf\\xe9.txt", "ok.txt"]


def test_surrogates_are_shown_as_escapes() -> None:
    assert unicode_text("caf\udce9") == "caf\\xe9"  # surrogateescape: the byte
    assert unicode_text("A\ud83db") == "A\\ud83db"  # a lone surrogate (utf-7 text)
    assert unicode_text("café") == "café"
    assert json.loads(json_safe(json.dumps({"f": "caf\udce9"}, ensure_ascii=False))) == {
        "f": "caf\\xe9"}


def test_a_lone_surrogate_decoded_from_a_record_reaches_the_tables_escaped(tmp_path: Path
                                                                           ) -> None:
    path = tmp_path / "s.txt"
    path.write_bytes(b'[White "A+2D0-b"]\n' + GAME.encode())  # utf-7: A, U+D83D, b
    games = frames.games_frame(path, encoding="utf-7")
    assert list(games["white"].astype(str)) == ["A\\ud83db"]


@pytest.mark.parametrize("codec", ["base64", "rot13", "undefined", "idna"])
@pytest.mark.parametrize("program", ["narde-validate", "narde-stats", "narde show"])
def test_a_codec_that_is_not_a_text_encoding_is_a_usage_error(codec: str, program: str,
                                                              tmp_path: Path) -> None:
    from click.testing import CliRunner

    from narde_notation.cli.main import narde
    from narde_notation.cli.stats import narde_stats
    from narde_notation.cli.validate import narde_validate

    (tmp_path / "g.txt").write_text(GAME)
    command, first = {"narde-validate": (narde_validate, []), "narde-stats": (narde_stats, []),
                      "narde show": (narde, ["show"])}[program]
    done = CliRunner().invoke(command, [*first, "--encoding", codec, str(tmp_path / "g.txt")])
    assert done.exit_code == 2 and not isinstance(done.exception, LookupError)
    assert f"'{codec}' is not a text encoding" in done.output


def test_ratings_of_a_999999999_point_match_do_not_overflow() -> None:
    # 10 ** (100 * sqrt(999,999,999) / 2000) is past any float: the underdog's chance is 0
    assert win_probability(1500, 1600, 999_999_999) == 0.0
    assert win_probability(1600, 1500, 999_999_999) == 1.0
    assert win_probability(1500, 1500, 999_999_999) == 0.5


def test_ratings_of_999999999_point_matches() -> None:
    import pandas as pd

    from narde_notation.archive import ratings

    matches = pd.DataFrame({"match": [1, 2, 3], "date": [None, None, None],
                            "length": [999_999_999] * 3, "winner": ["A", "B", "A"],
                            "loser": ["B", "A", "B"], "rated": [True, True, True]})
    table = ratings(matches)
    assert len(table) == 6
    # A won the first: equal ratings, chance 0.5; change 4 * sqrt(N) * 0.5 * 5 (the
    # newcomer's boost max(1, 5 - experience / 100) at experience 0)
    assert table["change"].iloc[0] == pytest.approx(4 * 999_999_999 ** 0.5 * 0.5 * 5)


@pytest.mark.parametrize("game", ["²", "9" * 5000, "-1", " 1"])
def test_race_game_that_is_no_count_is_a_usage_error(game: str) -> None:
    from narde_notation.cli.stats import race_choice

    with pytest.raises(click.BadParameter, match="at most nine digits"):
        race_choice(None, f"a.txt:{game}")  # type: ignore[arg-type]


@pytest.mark.parametrize("host", ["a..b", "a" * 64 + ".com"])
def test_a_scheduler_host_the_idna_codec_refuses_is_a_clear_error(host: str,
                                                                  tmp_path: Path) -> None:
    (tmp_path / "g.txt").write_text(GAME)
    done = run("narde-validate", "-q", str(tmp_path), "--scheduler", f"tcp://{host}:8786")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "not a host name" in done.stderr


def test_a_folder_nested_1000_levels_is_walked(tmp_path: Path) -> None:
    here = os.getcwd()
    try:
        os.chdir(tmp_path)
        os.mkdir("deep")
        os.chdir("deep")
        for _ in range(1000):
            os.mkdir("d")
            os.chdir("d")
        Path("g.txt").write_text(GAME)
    finally:
        os.chdir(here)
    try:
        expanded = expand_paths([str(tmp_path / "deep")])
        assert [Path(f).name for f in expanded.files] == ["g.txt"] and not expanded.problems
    finally:  # taken down level by level (shutil.rmtree recurses: pytest's clean-up would fail)
        os.chdir(tmp_path / "deep")
        for _ in range(1000):
            os.chdir("d")
        os.remove("g.txt")
        for _ in range(1000):
            os.chdir("..")
            os.rmdir("d")
        os.chdir(here)
        os.rmdir(tmp_path / "deep")


def test_a_subfolder_that_cannot_be_read_is_reported(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "g.txt").write_text(GAME)
    (tmp_path / "sub" / "h.txt").write_text(GAME)
    real = os.scandir

    def scandir(path: str) -> object:
        if os.path.basename(path) == "sub":
            raise PermissionError(13, "Permission denied", path)
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    expanded = expand_paths([str(tmp_path)])
    assert [Path(f).name for f in expanded.files] == ["g.txt"]
    assert expanded.problems == [f"{tmp_path / 'sub'}: folder not read: Permission denied"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("program", [["narde-validate"], ["narde-validate", "--format", "json"],
                                     ["narde-stats", "-q"]])
def test_standard_output_on_a_full_disk_is_an_io_error(program: list[str],
                                                       tmp_path: Path) -> None:
    (tmp_path / "g.txt").write_text(GAME)
    with open("/dev/full", "w") as full:
        done = run(*program, str(tmp_path), stdout=full)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert "cannot write its output: No space left on device" in done.stderr


def test_standard_output_closed_is_an_io_error(tmp_path: Path) -> None:
    (tmp_path / "g.txt").write_text(GAME)
    code = ("import os, sys; os.close(1); sys.stdout = None; sys.argv[0] = 'narde-validate';"
            " from narde_notation.cli.validate import narde_validate; narde_validate()")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], stderr=subprocess.PIPE,
                          text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "standard output is closed" in done.stderr


def test_ctrl_c_while_the_summary_is_written_exits_130(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    import narde_notation.cli.stats as stats_cli

    (tmp_path / "g.txt").write_text(GAME)

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(stats_cli, "summary", interrupted)
    done = CliRunner().invoke(stats_cli.narde_stats, ["-q", str(tmp_path)])
    assert done.exit_code == 130 and "interrupted" in done.output


def test_ctrl_c_in_narde_show_exits_130(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    import narde_notation.show
    import narde_notation.show.board_svg as board_svg
    import narde_notation.show.viewer
    from narde_notation.cli.main import narde

    (tmp_path / "g.txt").write_text(GAME)

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(board_svg, "board_drawing", interrupted)
    monkeypatch.setattr(narde_notation.show, "board_drawing", interrupted)  # the cli's import
    done = CliRunner().invoke(narde, ["show", str(tmp_path / "g.txt"), "-o",
                                      str(tmp_path / "g.svg")])
    assert done.exit_code == 130


def test_a_missing_path_or_an_empty_folder_prints_no_empty_summary(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from narde_notation.cli.stats import narde_stats

    (tmp_path / "empty").mkdir()
    done = CliRunner().invoke(narde_stats, [str(tmp_path / "nothere"), str(tmp_path / "empty")])
    assert done.exit_code == 2
    assert "Overview" not in done.output and "no such file or folder" in done.output


def test_narde_stats_names_a_file_with_no_game(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from narde_notation.cli.stats import narde_stats

    (tmp_path / "e.txt").write_text("")
    (tmp_path / "g.txt").write_text(GAME)
    done = CliRunner().invoke(narde_stats, ["-q", str(tmp_path)])
    assert done.exit_code == 0
    assert "e.txt: no game read" in done.output and "g.txt: no game" not in done.output


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals")
def test_narde_show_writes_no_png_to_a_terminal(tmp_path: Path) -> None:
    (tmp_path / "g.txt").write_text(GAME)
    leader, follower = os.openpty()
    try:
        done = run("narde", "show", str(tmp_path / "g.txt"), "--format", "png", "-o", "-",
                   stdout=follower)
        os.set_blocking(leader, False)
        try:
            shown = os.read(leader, 65536)
        except BlockingIOError:
            shown = b""
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2 and "standard output is a terminal" in done.stderr
    assert b"PNG" not in shown


def test_the_progress_estimate_leaves_out_the_workers_start_up() -> None:
    import io
    import time

    from narde_notation.cli import restart_eta

    # 100 files; the first result comes after 5 s of start-up, the next 9 at
    # once: without the restart click's estimate is 5 s a file for 90 files
    bar = click.progressbar(range(100), length=100, file=io.StringIO())
    with bar:
        bar.start = time.time() - 5.0
        bar.last_eta = 0.0
        bar.update(1)
        before = bar.eta
        restart_eta(bar)
        bar.last_eta = 0.0
        bar.update(9)
        after = bar.eta
    assert before > 400  # 5 s x 99 files left
    assert after < 5  # the files now take no time: the estimate says so
