"""The analysis board without a browser: the turn entry and the HTTP API.

Expected values are worked out by hand from rules.md: absolute points are
White's numbering, Black's own ``b`` is absolute ``(b + 11) % 24 + 1``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from narde_notation.cli.validate import narde_validate
from narde_notation.rules.position import Position
from narde_notation.show.board_entry import TurnEntry

flask = pytest.importorskip("flask")

from narde_notation.show.board_app import MAX_BODY, create_app, load_record  # noqa: E402

OPENING = ["65: 24/18 18/13", "31: 24/21 21/20", "42: 24/20 20/18", "53: 24/19 19/16"]

MAT = """ 1 point match

 Game 1
 Anna : 0                        Boris : 0
  1) 65: 24/18 18/13             31: 24/21 21/20
  2) 42: 24/20 20/18             53: 24/19 19/16
"""


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


def _post(client: Any, path: str = "/api/state", **body: Any) -> Any:
    return client.post(path, json=body)


def _clean(tmp_path: Path, text: str) -> str:
    """``narde-validate``'s verdict on ``text`` as a file: its summary line (exit 0 asserted)."""
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    done = CliRunner().invoke(narde_validate, [str(path)])
    assert done.exit_code == 0, done.output
    return done.output.strip().splitlines()[-1]


# ------------------------------------------------------------------ the turn entry
def test_a_checker_reaches_each_die_and_their_sum_from_the_head() -> None:
    # White's opening 65: one checker off the head (R5): 24/18, 24/19 or 24/13 by either
    entry = TurnEntry(Position(), "65")
    reach = entry.reach(())
    assert set(reach) == {24}
    assert set(reach[24]) == {18, 19, 13}
    assert len(reach[24][13]) == 2 and reach[24][13][-1][1] == 13
    # after 24/18 only that checker goes on (5 more: 13); a second head checker is R5
    assert entry.reach(((24, 18),)) == {18: {13: [(18, 13)]}}
    refused = entry.refusal(((24, 18),), 24)
    assert (refused.code, refused.rule) == ("head-rule", "R5")
    assert entry.complete(((24, 18), (18, 13)))
    assert not entry.complete(((24, 18),))


def test_black_moves_in_its_own_direction() -> None:
    # Black's head is absolute 12; own 24/21 = 12 -> 9, 24/23 = 12 -> 11, 24/20 = 12 -> 8
    after = Position().play("65: 24/18 18/13")
    reach = TurnEntry(after, "31").reach(())
    assert {a: set(b) for a, b in reach.items()} == {12: {9, 11, 8}}


def test_sixes_on_the_first_turn_stop_at_the_closed_head() -> None:
    # 66 on the first turn: two checkers may leave the head (R5), 18/12 is Black's head (R4)
    entry = TurnEntry(Position(), "66")
    assert {a: set(b) for a, b in entry.reach(()).items()} == {24: {18}}
    assert not entry.complete(((24, 18),))
    assert entry.complete(((24, 18), (24, 18)))
    refused = entry.refusal(((24, 18), (24, 18)), 18, 12)
    assert (refused.code, refused.rule) == ("closed-point", "R4")


def test_only_the_higher_die_when_one_die_can_be_played() -> None:
    # one White checker on 13, Black holds White's 2 (Black's own 14): 13/7/2 and
    # 13/8/2 are closed, so one die only, and it must be the 6 (R7)
    pos = Position.from_string("13:1 / 14:2 / W")
    entry = TurnEntry(pos, "65")
    assert entry.reach(()) == {13: {7: [(13, 7)]}}
    refused = entry.refusal((), 13, 8)
    assert (refused.code, refused.rule) == ("not-higher-die", "R7")
    assert entry.complete(((13, 7),))


def test_bearing_off_reaches_the_tray() -> None:
    # White on its 2 and 1, roll 21: 2/off with the 2, 2/1 with the 1; 1/off with the 1
    # (with the 2 it is a higher die while a checker stands above, R8)
    pos = Position.from_string("2:1 1:1 / 1:1 / W")
    entry = TurnEntry(pos, "21")
    reach = entry.reach(())
    assert set(reach[2]) == {0, 1}
    assert set(reach[1]) == {0}
    assert entry.complete(((2, 0), (1, 0)))
    # 2/off is one die (the 2): the 1 is still to play, though the engine would
    # also read "21: 2/off" as 2/1/off
    assert entry.dice_left(((2, 0),)) == [1]
    assert not entry.complete(((2, 0),))


def test_a_clicked_point_without_own_checker_is_refused() -> None:
    entry = TurnEntry(Position(), "65")
    empty, black = entry.refusal((), 13), entry.refusal((), 12)
    assert (empty.code, empty.rule) == ("no-checker", "R3")
    assert "Black's checker" in black.message


# ------------------------------------------------------------------ the HTTP API
def test_a_half_turn_step_by_step_then_complete(client: Any, tmp_path: Path) -> None:
    got = _post(client, roll="65", steps=[[24, 18]]).get_json()
    assert got["entry"]["reach"] == {"18": {"13": [[18, 13]]}}
    assert got["entry"]["left"] == [5]
    assert got["entry"]["pips"] == [354, 360]
    done = _post(client, roll="65", steps=[[24, 18], [18, 13]]).get_json()
    assert done["completed"] and done["entry"] is None and done["ply"] == 1
    assert [t["side"] for t in done["turns"]] == ["white"]
    assert done["plies"][1]["pips"] == [349, 360]
    assert "1 game, 0 errors" in _clean(tmp_path, done["record"])


def test_a_refused_step_keeps_the_playable_ones(client: Any) -> None:
    got = _post(client, roll="65", steps=[[24, 18], [24, 19]]).get_json()
    assert got["refused"]["code"] == "head-rule" and got["refused"]["rule"] == "R5"
    assert got["entry"]["steps"] == [[24, 18]]
    tried = _post(client, roll="65", steps=[], **{"try": [24, 10]}).get_json()
    assert (tried["refused"]["code"], tried["refused"]["rule"]) == ("dice-mismatch", "R3")


def test_the_opening_roll_is_never_a_double(client: Any) -> None:
    got = _post(client, roll="55").get_json()
    assert (got["refused"]["code"], got["refused"]["rule"]) == ("opening-double", "R2")
    assert got["entry"] is None and got["opening"] is True
    later = _post(client, turns=OPENING[:1], roll="55").get_json()
    assert later["refused"] is None and later["opening"] is False


def test_no_legal_move_is_a_pass(client: Any) -> None:
    # White's only checker on 13; Black holds White's 7 and 8 (Black's own 19 and 20)
    got = _post(client, start="13:1 / 20:1 19:1 / W", roll="65").get_json()
    assert got["completed"]
    assert got["turns"][0]["text"].endswith("pass")


def test_after_the_game_nothing_is_played(client: Any) -> None:
    got = _post(client, start="1:1 / 1:1 / W", turns=["21: 1/off"], roll="43").get_json()
    assert got["result"] is not None
    assert (got["refused"]["code"], got["refused"]["rule"]) == ("game-over", "R11")


def test_entering_at_an_earlier_ply_starts_a_new_line(client: Any) -> None:
    got = _post(client, turns=OPENING, ply=1, roll="61", steps=[[12, 6], [6, 5]]).get_json()
    assert got["completed"] and got["branched"]
    assert [t["text"] for t in got["turns"]][:1] == OPENING[:1]
    assert len(got["turns"]) == 2 and got["ply"] == 2


def test_hint_ranks_the_legal_turns(client: Any) -> None:
    # White's first 31: one checker off the head, so 24/21/20 is the only turn
    got = _post(client, "/api/hint", roll="31").get_json()
    assert got["total"] == 1 and len(got["rows"]) == 1
    assert got["rows"][0]["steps"][-1][1] == 20
    # Black's second turn, 64: several turns, ranked best first
    rows = _post(client, "/api/hint", turns=OPENING[:3], roll="64").get_json()["rows"]
    losses = [r["loss"] for r in rows]
    assert losses[0] == 0 and losses == sorted(losses)
    assert all(0 <= r["win"] <= 1 and 0 <= r["win_mars"] <= r["win"] for r in rows)
    assert _post(client, "/api/hint").status_code == 400


def test_hint_sends_the_equity_and_loss_texts_of_signed(client: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # the page shows the server's texts (analysis.marks.signed, one formatter): an
    # equity or a loss that rounds to zero has no sign, never "-0.000" / "+0.000"
    from narde_notation.analysis import signed
    from narde_notation.evaluator.estimate import Estimate, RankedTurn
    from narde_notation.rules import legal_turns
    from narde_notation.show import _board_state

    figures = [(-0.0004, 0.0), (-0.0006, 0.0002), (-0.125, 0.1246)]

    class Fake:
        def rank_turns(self, position: Position, dice: Any) -> list[RankedTurn]:
            turns = legal_turns(position, dice)
            return [RankedTurn(t, Estimate(0.5, 0.0, 0.0, e, False), loss, 0)
                    for t, (e, loss) in zip(turns, figures, strict=False)]

    monkeypatch.setattr(_board_state, "_evaluator", lambda rules: Fake())
    rows = _post(client, "/api/hint", turns=OPENING[:3], roll="64").get_json()["rows"]
    assert [(r["equity_text"], r["loss_text"]) for r in rows] == [
        (" 0.000", ""), ("-0.001", " 0.000"), ("-0.125", "-0.125")]
    assert [r["equity_text"] for r in rows] == [signed(e) for e, _loss in figures]
    assert rows[0]["equity"] == -0.0004


def test_analysis_is_the_viewer_and_escapes_names(client: Any) -> None:
    got = _post(client, "/api/analysis", turns=OPENING, white="<script>alert(1)</script>")
    html = got.get_json()["html"]
    assert 'class="narde-viewer"' in html and 'data-role="graph"' in html
    assert "<script>alert" not in html and "&lt;script&gt;" in html


def test_save_writes_only_the_out_file(tmp_path: Path) -> None:
    out = tmp_path / "saved.txt"
    saver = create_app(out=out).test_client()
    assert _post(saver, "/api/save", turns=OPENING).get_json() == {"saved": "saved.txt"}
    assert "0 errors" in _clean(tmp_path, out.read_text(encoding="utf-8"))
    refused = _post(create_app().test_client(), "/api/save", turns=OPENING)
    assert refused.status_code == 400 and "--out" in refused.get_json()["error"]


@pytest.mark.parametrize(("body", "words"), [
    ("{not json", "not JSON"),
    ("[1, 2]", "JSON object"),
    ('{"turns": "65: 24/18 18/13"}', "turns"),
    ('{"ply": 3}', "ply"),
    ('{"steps": [[25, 1]]}', "steps"),
    ('{"steps": [[true, 1]]}', "steps"),
    ('{"try": [1, 2, 3]}', "try"),
    ('{"roll": 65}', "roll"),
    ('{"roll": "7x"}', "roll"),
    ('{"rules": "nonsense"}', "rules"),
    ('{"turns": ["65: 24/10"]}', "half-turn 1"),
    ('{"start": "24:16 / 24:15 / W"}', "more than 15"),
    ('{"start": "24:15 / 12:1 / W"}', "both colours"),
    ('{"start": "30:1 / 24:15 / W"}', "start"),
    ('{"white": "' + "x" * 300 + '"}', "white"),
])
def test_malformed_requests_get_400_with_a_message(client: Any, body: str, words: str) -> None:
    got = client.post("/api/state", data=body, content_type="application/json")
    assert got.status_code == 400
    message = got.get_json()["error"]
    assert words in message and "Traceback" not in got.get_data(as_text=True)


def test_huge_bodies_and_other_content_are_refused(client: Any) -> None:
    huge = client.post("/api/state", data='{"white": "' + "x" * MAX_BODY + '"}',
                       content_type="application/json")
    assert huge.status_code == 413 and str(MAX_BODY) in huge.get_json()["error"]
    form = client.post("/api/state", data="roll=65")
    assert form.status_code == 400 and "JSON" in form.get_json()["error"]
    assert client.get("/api/state").status_code == 405


def test_assets_come_from_a_fixed_table(client: Any) -> None:
    assert client.get("/assets/board.js").status_code == 200
    assert "drawPlay" in client.get("/assets/viewer.js").get_data(as_text=True)
    for name in ("../pyproject.toml", "%2e%2e%2fpyproject.toml", "board.py", "x.js"):
        assert client.get(f"/assets/{name}").status_code == 404


def test_the_page_carries_the_contract(client: Any) -> None:
    page = client.get("/").get_data(as_text=True)
    for part in ('name="roll"', 'role="alert"', 'data-action="undo"', 'data-action="hint"',
                 'id="record"', 'class="point" data-point="24"'):
        assert part in page


def test_a_mat_record_loads_its_players_and_half_turns(tmp_path: Path) -> None:
    path = tmp_path / "m.mat"
    path.write_text(MAT, encoding="utf-8")
    loaded = load_record(str(path))
    assert (loaded.white, loaded.black) == ("Anna", "Boris")
    assert len(loaded.turns) == 4 and loaded.note == ""
    got = _post(create_app(loaded).test_client(), turns=list(loaded.turns)).get_json()
    # pips by hand: White 360-11-6 = 343, Black 360-4-8 = 348
    assert got["plies"][4]["pips"] == [343, 348]


def test_requests_to_another_host_name_are_refused(client: Any) -> None:
    # a page of another site whose name points at 127.0.0.1 (DNS rebinding)
    got = client.post("/api/state", json={}, headers={"Host": "evil.example:8000"})
    assert got.status_code == 400 and "127.0.0.1" in got.get_json()["error"]
    assert client.get("/", headers={"Host": "127.0.0.1:8000"}).status_code == 200
    assert client.get("/", headers={"Host": "[::1]:8000"}).status_code == 200
