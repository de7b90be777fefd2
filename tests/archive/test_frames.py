"""Tables and summary: each column's meaning on hand-made records, the corpus.

Expected values are worked out by hand from rules.md (the comment above
each case gives the reasoning) or read from the corpus' own
``expected.jsonl`` / ``archive/SUMMARY.json``, never from this code's output.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pandas as pd
import pytest
from corpus import CORPUS
from records import MARS_GAME, OYN_BLACK

from narde_notation.archive import frames
from narde_notation.archive.frames import (
    FINDING_COLUMNS,
    GAME_COLUMNS,
    TURN_COLUMNS,
    dice_fairness,
    games_frame,
    summary,
    tables,
)
from narde_notation.formats.sources import record_files

# White cannot move 6-5 from own 7 (15 checkers): 7-6 = 1 and 7-5 = 2 are
# absolute 1 and 2, held by Black's own 13 and 14 ((b+11)%24+1).  A pass:
# 11 pips rolled, none played.  Black then plays 2-1 14/12 13/12: 3 pips.
# Pips: White 7*15 = 105; Black 14*7 + 13*8 = 202, then 199.
PASS_GAME = """\
[White "Ann"]
[Black "Bob"]
[Position "7:15 / 14:7 13:8 / W"]

1. 65: pass
1... 21: 14/12 13/12
*
"""


# The same under koks: the loser has none off and a checker in its own
# 19..24, so 3 points and kind koks (exclusive: not also a mars).
KOKS_GAME = MARS_GAME.replace('[Result "2-0"]', '[Rules "koks"]\n[Result "3-0"]').replace(
    "2-0\n", "3-0\n"
)

# Two checkers leave the head on an ordinary 6-5 opening: head-rule (R5).
ILLEGAL_GAME = """\
[White "Cid"]
[Black "Dan"]

1. 65: 24/18 24/19
*
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def hand(tmp_path: Path) -> frames.FileTables:
    write(tmp_path, "a.txt", PASS_GAME + "\n" + MARS_GAME)
    write(tmp_path, "b.txt", KOKS_GAME + "\n" + OYN_BLACK + "\n" + ILLEGAL_GAME)
    return tables(tmp_path)


def documented_columns(doc: str) -> dict[str, dict[str, str]]:
    """The column tables of a docstring, as a reader sees them: ``"games"`` /
    ``"turns"`` -> column -> dtype, in the documented order.

    A table follows a line "``NAME`` — one row per …": reStructuredText
    ``====`` rules, the first column the names (``white, black``; a name
    ending with ``,`` goes on on the next line), the second the dtype
    (``str / NA`` is ``str``; ``cat., int64`` gives one dtype per name).
    """
    tables: dict[str, dict[str, str]] = {}
    lines = doc.splitlines()
    for i, line in enumerate(lines):
        title = re.match(r"``(\w+)`` — one row per", line)
        if not title or i + 2 >= len(lines) or not lines[i + 2].startswith("="):
            continue
        rule = lines[i + 2]
        _names_at, dtype_at, meaning_at = (m.start() for m in re.finditer("=+", rule))
        rows: list[str] = []
        for row in lines[i + 3:]:
            if row.startswith("="):
                if rows and rows[0].split()[:2] != ["column", "dtype"]:
                    break
                rows = []  # the rule under the header row
                continue
            rows.append(row)
        columns: dict[str, str] = {}
        names: list[str] = []
        dtypes: list[str] = []
        for row in rows:
            first, second = row[:dtype_at].strip(), row[dtype_at:meaning_at].strip()
            if not first:
                continue  # the meaning goes on
            if second:
                dtypes = [t.replace(" / NA", "").strip() for t in second.split(",")]
            names += [n.strip() for n in first.split(",") if n.strip()]
            if first.endswith(","):
                continue
            for k, name in enumerate(names):
                dtype = dtypes[k] if len(dtypes) == len(names) else dtypes[0]
                columns[name] = {"cat.": "category"}.get(dtype, dtype)
            names = []
        tables[title[1]] = columns
    return tables


#: The findings table, from frames' docstring prose ("file (category), game
#: (Int64, …), line, column (Int64, 1-based), code (category …), severity
#: (category …), rule (category …), message (str)").
DOCUMENTED_FINDINGS = {"file": "category", "game": "Int64", "line": "Int64", "column": "Int64",
                       "code": "category", "severity": "category", "rule": "category",
                       "message": "str"}


def _pandas_names(documented: str) -> set[str]:
    # "str" is pandas' string dtype: named "str" from pandas 3, "string" before
    return {"str", "string"} if documented == "str" else {documented}


def test_dtypes_are_the_documented_ones(hand: frames.FileTables) -> None:
    documented = documented_columns(frames.__doc__ or "")
    # the tables a user reads in the docs (games 27 columns, turns 17)
    assert (len(documented["games"]), len(documented["turns"])) == (27, 17)
    assert documented["games"]["white_pips"] == "Int64" == documented["turns"]["pips_lost"]
    assert (documented["turns"]["file"], documented["turns"]["game"]) == ("category", "int64")
    for frame, columns in ((hand.games, documented["games"]), (hand.turns, documented["turns"]),
                           (hand.findings, DOCUMENTED_FINDINGS)):
        assert list(frame.columns) == list(columns)
        for name, dtype in columns.items():
            assert str(frame[name].dtype) in _pandas_names(dtype), (name, frame[name].dtype)


def test_a_column_has_one_dtype_in_every_table(hand: frames.FileTables) -> None:
    # issue 28 item 10: the same column is categorical in the archive's tables
    # and in an analysis's frame (file, side, player, roll), and the analysis's
    # marks are too
    from narde_notation.analysis.game import COLUMNS

    for name in ("side", "player", "roll"):
        assert TURN_COLUMNS[name] == COLUMNS[name] == "category", name
    assert COLUMNS["mark"] == COLUMNS["luck_mark"] == "category"


def test_the_declared_columns_are_the_documented_ones() -> None:
    # the schema the code builds from and the table the user reads agree
    documented = documented_columns(frames.__doc__ or "")
    assert documented["games"] == GAME_COLUMNS
    assert documented["turns"] == TURN_COLUMNS
    assert DOCUMENTED_FINDINGS == FINDING_COLUMNS


def test_every_game_read_is_a_row(hand: frames.FileTables) -> None:
    g = hand.games
    assert len(g) == 5
    assert [Path(f).name for f in g["file"]] == ["a.txt", "a.txt", "b.txt", "b.txt", "b.txt"]
    assert g["game"].tolist() == [0, 1, 0, 1, 2]


def test_a_pass_loses_all_its_pips(hand: frames.FileTables) -> None:
    t = hand.turns
    game = t.loc[t["file"].str.endswith("a.txt") & (t["game"] == 0)]
    assert game["ply"].tolist() == [1, 2]  # the first and second half-turns (issue 28)
    assert game["side"].tolist() == ["white", "black"]
    assert game["player"].tolist() == ["Ann", "Bob"]  # the movers' tags
    assert game["roll"].tolist() == ["65", "21"]
    assert game["moves"].tolist()[1] == "14/12 13/12"
    assert game["pips_rolled"].tolist() == [11, 3]
    assert game["pips_played"].tolist() == [0, 3]
    assert game["pips_lost"].tolist() == [11, 0]
    assert game["white_pips"].tolist() == [105, 105]
    assert game["black_pips"].tolist() == [202, 199]
    g = hand.games.iloc[0]
    assert g["result"] == "*"
    assert pd.isna(g["kind"]) and pd.isna(g["winner"])
    assert g["points"] == 0
    assert g["valid"]
    assert g["warnings"] == 1  # unfinished
    assert g["half_turns"] == 2
    assert (g["white_pips"], g["black_pips"]) == (105, 199)


def test_bear_off_overage_is_lost(hand: frames.FileTables) -> None:
    t = hand.turns
    row = t.loc[t["file"].str.endswith("a.txt") & (t["game"] == 1)].iloc[0]
    assert (row["pips_rolled"], row["pips_played"], row["pips_lost"]) == (3, 1, 2)
    assert (row["white_pips"], row["black_pips"]) == (0, 360)


def test_mars_game_counts_once_as_mars(hand: frames.FileTables) -> None:
    g = hand.games.iloc[1]
    assert (g["winner"], g["points"], g["kind"], g["result"]) == ("white", 2, "mars", "2-0")
    assert g["first_mover"] == "white"
    k = hand.games.iloc[2]
    assert (k["winner"], k["points"], k["kind"], k["rules"]) == ("white", 3, "koks", "koks")
    s = summary(hand)
    assert s.kinds.to_dict() == {"oyn": 1, "mars": 1, "koks": 1, "draw": 0}
    assert s.overview["mars"] == 1 and s.overview["koks"] == 1
    # decided valid games: mars, koks, oyn -> mars rate 1/3
    assert s.overview["decided"] == 3
    assert s.overview["mars_rate"] == pytest.approx(1 / 3)
    assert s.mars.loc["winner white", "mars"] == 1
    assert s.mars.loc["winner white", "decided"] == 2
    assert s.mars.loc["winner black", "mars"] == 0


def test_black_first_mover_and_winner(hand: frames.FileTables) -> None:
    g = hand.games.iloc[3]
    assert (g["first_mover"], g["winner"], g["kind"], g["points"]) == ("black", "black", "oyn", 1)
    s = summary(hand)
    # all three decided games were won by the side that moved first
    assert s.overview["first_mover_wins"] == 3
    assert s.overview["first_mover_win_rate"] == 1.0
    # Clopper-Pearson for 3/3: lower bound (0.025)^(1/3)
    assert s.overview["first_mover_ci_low"] == pytest.approx(0.025 ** (1 / 3))
    assert s.overview["first_mover_ci_high"] == 1.0


def test_invalid_game_stays_in_marked_and_is_skipped(hand: frames.FileTables) -> None:
    g = hand.games.iloc[4]
    assert not g["valid"]
    assert g["errors"] == 1
    assert g["first_error"] == "head-rule"
    f = hand.findings
    head = f.loc[f["code"] == "head-rule"]
    assert len(head) == 1
    # b.txt: koks game lines 1-8, blank 9, oyn game 10-16, blank 17, the
    # illegal game's tags 18-19, blank 20, its move on line 21
    assert head.iloc[0]["game"] == 2 and head.iloc[0]["line"] == 21
    assert head.iloc[0]["severity"] == "error" and head.iloc[0]["rule"] == "R5"
    t = hand.turns
    assert t.loc[t["file"].str.endswith("b.txt") & (t["game"] == 2), "codes"].tolist() == [
        "head-rule"
    ]
    s = summary(hand)
    assert s.overview["games"] == 5
    assert s.overview["valid"] == 4
    assert s.overview["share_valid"] == pytest.approx(0.8)
    assert s.skipped.to_dict() == {"errors: head-rule": 1}
    assert s.overview["valid"] + s.skipped.sum() == s.overview["games"]
    assert s.findings.loc["head-rule", "count"] == 1
    assert s.findings.loc["head-rule", "games"] == 1
    # half-turns written: 2 + 1 + 1 + 1 + 1 = 6
    assert s.overview["half_turns_total"] == 6
    assert s.findings.loc["head-rule", "rate_per_1000_half_turns"] == pytest.approx(1000 / 6)


def test_player_table(hand: frames.FileTables) -> None:
    p = summary(hand).players
    # valid games: Ann (W) pass game, Ann (W) mars, Ann (W) koks, Ann (B) oyn win
    ann = p.loc["Ann"]
    assert ann["games"] == 4 and ann["white"] == 3 and ann["black"] == 1
    assert ann["wins"] == 3 and ann["losses"] == 0 and ann["unfinished"] == 1
    assert ann["points_won"] == 2 + 3 + 1
    assert ann["mars_given"] == 1 and ann["koks_given"] == 1
    bob = p.loc["Bob"]
    assert bob["losses"] == 3 and bob["points_lost"] == 6
    assert bob["mars_taken"] == 1 and bob["koks_taken"] == 1
    assert "Cid" not in p.index  # his only game is invalid


def test_file_table(hand: frames.FileTables) -> None:
    f = summary(hand).files
    a = f.loc[next(i for i in f.index if i.endswith("a.txt"))]
    assert (a["games"], a["valid"], a["mars"], a["unfinished"]) == (2, 2, 1, 1)
    b = f.loc[next(i for i in f.index if i.endswith("b.txt"))]
    assert (b["games"], b["valid"], b["errors"], b["koks"]) == (3, 2, 1, 1)


def test_dice_fairness_counts_and_opening_exclusion() -> None:
    # 36 rolls, each of the 36 ordered outcomes once: perfectly fair, chi2 0.
    rolls = [f"{max(a, b)}{min(a, b)}" for a in range(1, 7) for b in range(1, 7)]
    t = pd.DataFrame(
        {
            "roll": [*rolls, "65"],
            "die1": [int(r[0]) for r in rolls] + [6],
            "die2": [int(r[1]) for r in rolls] + [5],
            "opening": [False] * 36 + [True],
        }
    )
    d = dice_fairness(t)
    assert d.rolls_counted == 36 and d.excluded_openings == 1
    assert d.faces.tolist() == [12] * 6
    assert d.rolls["11"] == 1 and d.rolls["65"] == 2
    assert d.doubles_rate == pytest.approx(1 / 6)
    assert d.faces_chi2 == pytest.approx(0) and d.faces_p == pytest.approx(1)
    assert d.rolls_chi2 == pytest.approx(0) and d.rolls_p == pytest.approx(1)
    # all 66: faces chi2 = sum((o-e)^2/e) with e = 2*36/6 = 12: (72-12)^2/12 + 5*12
    t2 = pd.DataFrame({"roll": ["66"] * 36, "die1": [6] * 36, "die2": [6] * 36,
                       "opening": [False] * 36})
    assert dice_fairness(t2).faces_chi2 == pytest.approx(60**2 / 12 + 5 * 12)
    assert dice_fairness(t2).faces_p < 1e-6


def test_opening_flag(hand: frames.FileTables) -> None:
    t = hand.turns
    # Position-tag games never have an opening roll; the head-rule game starts
    # from the initial position under standard rules: its first roll is one.
    assert t.loc[t["opening"], ["game"]].values.ravel().tolist() == [2]


def test_summary_text_csv_json_shapes(hand: frames.FileTables) -> None:
    s = summary(hand)
    text = s.to_text()
    assert "Overview" in text and "Dice fairness" in text
    assert "## Overview" in s.to_text("github")
    tidy = s.to_frame()
    assert list(tidy.columns) == ["section", "key", "value"]
    row = tidy.loc[(tidy["section"] == "overview") & (tidy["key"] == "games")]
    assert row["value"].tolist() == [5.0]
    data = json.loads(json.dumps(s.to_dict()))
    assert data["overview"]["games"] == 5
    assert data["kinds"]["mars"] == 1


def test_empty_input_gives_empty_typed_frames(tmp_path: Path) -> None:
    write(tmp_path, "empty.txt", "")
    ft = tables(tmp_path / "empty.txt")
    assert len(ft.games) == 0
    assert list(ft.games.columns) == list(GAME_COLUMNS)
    s = summary(ft)
    assert s.overview["games"] == 0
    assert math.isnan(s.overview["mars_rate"])


def test_missing_path_raises_with_the_path(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError) as err:
        games_frame(tmp_path / "nope.txt")
    assert err.value.filename == str(tmp_path / "nope.txt")


def test_expand_paths_folders_and_globs(tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    write(tmp_path, "x/1.txt", "")
    write(tmp_path, "x/2.mat", "")
    write(tmp_path, "x/3.md", "")
    assert [Path(p).name for p in record_files(tmp_path / "x")] == ["1.txt", "2.mat"]
    assert [Path(p).name for p in record_files(str(tmp_path / "x" / "*.md"))] == ["3.md"]


def test_process_pool_gives_the_same_frames(hand: frames.FileTables, tmp_path: Path) -> None:
    pooled = tables(tmp_path, jobs=2)
    pd.testing.assert_frame_equal(pooled.games, hand.games)
    pd.testing.assert_frame_equal(pooled.turns, hand.turns)
    pd.testing.assert_frame_equal(pooled.findings, hand.findings)


# --------------------------------------------------------------------------- corpus


def _expected() -> list[dict[str, object]]:
    path = CORPUS / "expected.jsonl"
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x]


@pytest.fixture(scope="module")
def legal() -> frames.FileTables:
    if not CORPUS.is_dir():
        pytest.skip(f"corpus not found at {CORPUS}")
    return tables(CORPUS / "games" / "legal", jobs=None)


def test_legal_corpus_outcomes_equal_expected(legal: frames.FileTables) -> None:
    expected = {
        e["file"]: e["games"] for e in _expected() if str(e["file"]).startswith("games/legal/")
    }
    g = legal.games
    rel = g["file"].map(lambda f: Path(f).relative_to(CORPUS).as_posix())
    assert sorted(set(rel)) == sorted(expected)
    assert len(g) == sum(len(v) for v in expected.values())  # type: ignore[arg-type]
    by_key = {(r, int(i)): row for r, i, (_, row) in zip(rel, g["game"], g.iterrows(),
                                                           strict=True)}
    for file, games in expected.items():
        for e in games:  # type: ignore[attr-defined]
            row = by_key[(file, e["index"])]
            where = f"{file}#{e['index']}"
            assert row["valid"], where
            assert row["result"] == e["result"], where
            assert row["points"] == e["points"], where
            kind = None if pd.isna(row["kind"]) else row["kind"]
            exp_kind = e["kind"] if e["result"] != "0-0" else "draw"
            assert kind == exp_kind, where
            res = e["result"]
            winner = {"1": "white", "2": "white", "3": "white"}.get(res[0]) if res != "*" else None
            if res.startswith("0-") and res != "0-0":
                winner = "black"
            assert (None if pd.isna(row["winner"]) else row["winner"]) == winner, where
            assert [row["white_pips"], row["black_pips"]] == e["final_pips"], where
            assert row["half_turns"] == e["half_turns"], where
            assert row["warnings"] == len(e["warnings"]), where


def test_legal_corpus_totals_reconcile(legal: frames.FileTables) -> None:
    games = [e for line in _expected() if str(line["file"]).startswith("games/legal/")
             for e in line["games"]]  # type: ignore[attr-defined]
    s = summary(legal)
    kinds = {"oyn": 0, "mars": 0, "koks": 0, "draw": 0}
    for e in games:
        if e["result"] == "0-0":
            kinds["draw"] += 1
        elif e["kind"] is not None:
            kinds[e["kind"]] += 1
    assert s.kinds.to_dict() == kinds
    assert s.overview["games"] == len(games) == len(legal.games)
    assert s.overview["valid"] == len(games)
    assert s.overview["unfinished"] == sum(e["result"] == "*" for e in games)
    assert s.overview["white_wins"] == sum(e["result"][0] in "123" for e in games)
    assert s.overview["black_wins"] == sum(
        e["result"].startswith("0-") and e["result"] != "0-0" for e in games
    )
    assert s.overview["half_turns_total"] == sum(e["half_turns"] for e in games)
    assert int(s.results.sum()) == len(games)
    assert s.skipped.sum() == 0


def test_two_archive_files_match_their_result_tags() -> None:
    archive = CORPUS / "archive"
    if not archive.is_dir():
        pytest.skip("archive absent")
    info = json.loads((archive / "SUMMARY.json").read_text())
    ft = tables([archive / "archive-001.txt", archive / "archive-002.txt"])
    assert len(ft.games) == info["games_per_file"]["archive/archive-001.txt"] + info[
        "games_per_file"
    ]["archive/archive-002.txt"]
    assert ft.games["valid"].all()
    assert (ft.games["result"] == ft.games["declared"]).all()
    assert len(ft.findings) == 0


def test_a_replay_that_fails_is_reported_not_raised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    v = importlib.import_module("narde_notation.replay._matches")  # the module that replays

    real = v.validate

    def flaky(record, rules=None):  # type: ignore[no-untyped-def]
        if record.tags.get("White") == "Cid":
            raise RuntimeError("boom")
        return real(record, rules)

    monkeypatch.setattr(v, "validate", flaky)
    write(tmp_path, "c.txt", MARS_GAME + "\n" + ILLEGAL_GAME + "\n" + OYN_BLACK)
    ft = tables(tmp_path / "c.txt")
    g = ft.games
    assert g["game"].tolist() == [0, 1, 2]  # the game after the failure is kept
    # the message says where and what: file:line of the game, the exception
    assert g["replay_error"].tolist()[1] == (
        f"{tmp_path / 'c.txt'}:{g['line'].tolist()[1]}: internal error replaying game 1: "
        "RuntimeError: boom")
    assert list(ft.failures) == [str(tmp_path / "c.txt")]  # the CLIs exit 2 for it
    assert g["ending"].tolist() == ["bear-off", "unfinished", "bear-off"]
    assert not g["valid"].iloc[1]
    assert g["kind"].tolist()[0] == "mars" and g["kind"].tolist()[2] == "oyn"
    s = summary(ft)
    assert s.skipped.to_dict() == {"replay failed": 1}


def test_pip_columns_equal_the_positions_on_illegal_games() -> None:
    # The turns frame derives pips from the moves (fast path, checked at the
    # end of each game); compare with the replay's positions turn by turn.
    illegal = CORPUS / "games" / "illegal"
    if not illegal.is_dir():
        pytest.skip("corpus absent")
    from narde_notation.formats.reader import read_games
    from narde_notation.replay.validation import validate

    compared = 0
    for path in sorted(illegal.glob("*.txt"))[::4]:
        ft = tables(path)
        for record in read_games(path):
            report = validate(record)  # bad input never raises (a raise fails the test)
            rows = ft.turns.loc[ft.turns["game"] == record.index]
            # every half-turn read is a row (the replay may stop before the last)
            assert len(report.turns) <= len(rows) == len(record.half_turns), path
            for tr, (_, row) in zip(report.turns, rows.iterrows(), strict=False):
                if tr.after is None:
                    assert pd.isna(row["white_pips"])
                    continue
                assert (row["white_pips"], row["black_pips"]) == tr.after.pip_counts(), path
                assert row["pips_played"] == tr.pips_played, path
                compared += 1
    assert compared > 1000  # 29 files of one game, most replayed up to their error


def test_summary_without_turns_frame_is_the_same(hand: frames.FileTables, tmp_path: Path) -> None:
    # per_file(turns=False) skips the turns table but counts the rolls the
    # summary's dice fairness needs; both routes give the same summary, and
    # so does a summary made from the games and turns frames alone.
    lean = frames.FileTables.concat(
        [frames.per_file(p, turns=False) for p in record_files(tmp_path)]
    )
    assert len(lean.turns) == 0
    full = summary(hand).to_dict()
    assert summary(lean).to_dict() == full
    assert summary(hand.games, hand.turns, hand.findings).to_dict() == full
    # valid games' rolls without openings: pass game 65, 21; mars 21; koks 21;
    # oyn 21 (Position tags: no opening); the invalid game's 65 is left out
    assert summary(lean).dice.rolls_counted == 5
    assert summary(lean).dice.rolls["21"] == 4


@pytest.mark.parametrize(("k", "n"), [(0, 1), (3, 3), (1, 7), (104, 180), (2677, 4962)])
def test_clopper_pearson_equals_scipy_binomtest(k: int, n: int) -> None:
    from scipy.stats import binomtest

    ci = binomtest(k, n).proportion_ci(confidence_level=0.95)
    assert frames.clopper_pearson(k, n) == pytest.approx((ci.low, ci.high), abs=1e-12)


@pytest.mark.parametrize(
    "observed", [[10, 12, 9, 11, 8, 10], [72, 0, 0, 0, 0, 0], [1, 2, 3, 4, 5, 6, 7, 8]]
)
def test_chisquare_equals_scipy(observed: list[int]) -> None:
    from scipy.stats import chisquare

    n = sum(observed)
    expected = [n / len(observed)] * len(observed)
    ref = chisquare(observed, f_exp=expected)
    stat, p = frames.chisquare_test(observed, expected)
    assert stat == pytest.approx(float(ref.statistic), rel=1e-12)
    assert p == pytest.approx(float(ref.pvalue), rel=1e-9, abs=1e-300)


def test_tables_from_records_in_memory() -> None:
    from narde_notation.formats.reader import parse_games

    ft = frames.tables_from_records(parse_games(MARS_GAME + "\n" + OYN_BLACK))
    assert ft.games["kind"].tolist() == ["mars", "oyn"]
    # parse_games names its source "<string>"; ``file=`` overrides it
    assert ft.games["file"].tolist() == ["<string>", "<string>"]
    named = frames.tables_from_records(parse_games(MARS_GAME), file="club.txt")
    assert named.games["file"].tolist() == ["club.txt"] and named.files == ["club.txt"]
    assert summary(ft).overview["decided"] == 2


def test_iter_tables_per_file_concat_equals_tables(
    hand: frames.FileTables, tmp_path: Path
) -> None:
    parts = list(frames.iter_tables(record_files(tmp_path), jobs=2))
    assert [Path(p.files[0]).name for p in parts] == ["a.txt", "b.txt"]
    joined = frames.FileTables.concat(parts)
    pd.testing.assert_frame_equal(joined.games, hand.games)
    pd.testing.assert_frame_equal(joined.turns, hand.turns)
    pd.testing.assert_frame_equal(joined.findings, hand.findings)
    assert joined.rolls is not None and hand.rolls is not None
    assert joined.rolls.equals(hand.rolls)
