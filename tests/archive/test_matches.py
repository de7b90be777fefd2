"""Matches (issue 12): grouping games into matches, status, order; standings."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from narde_notation.archive import standings
from narde_notation.archive.frames import tables
from narde_notation.archive.matches import MATCH_COLUMNS, date_key, match_tags, matches_frame

# Games that end at once from a set-up (R9): who wins and how many points is
# read off the position.  White bears off its last checker; Black has borne
# off one (oyn, 1 point) or none (mars, 2 points).
WHITE_OYN = '[Position "1 / 1:14 / W"]\n\n1. 21: 1/off\n1-0\n'
WHITE_MARS = '[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n2-0\n'
BLACK_OYN = '[Position "1:14 / 1 / B"]\n\n1... 21: 1/off\n0-1\n'
# From the start: one checker from the head with both dice; not over.
UNFINISHED = "1. 65: 24/18 18/13\n*\n"
# Two checkers from the head with 6-5 (R5): an error.
ILLEGAL = "1. 65: 24/18 24/19\n*\n"
# last-roll-draw (R9): White bears off, Black replies and bears off too.
DRAW = '[Rules "last-roll-draw"]\n[Position "1 / 1 / W"]\n\n1. 21: 1/off  21: 1/off\n0-0\n'


def game(white: str, black: str, body: str, *, match: int | None = None,
         number: int | None = None, score: str | None = None, date: str | None = None) -> str:
    tags = [f'[White "{white}"]', f'[Black "{black}"]']
    if date is not None:
        tags.append(f'[Date "{date}"]')
    if match is not None:
        tags.append(f'[Match "{match}"]')
    if number is not None:
        tags.append(f'[Game "{number}"]')
    if score is not None:
        tags.append(f'[Score "{score}"]')
    return "\n".join(tags) + "\n" + body + "\n"


def matches_of(tmp_path: Path, files: dict[str, list[str]]) -> tuple[pd.DataFrame, pd.DataFrame]:
    paths = []
    for name, games in files.items():
        path = tmp_path / name
        path.write_text("".join(games), encoding="utf-8")
        paths.append(str(path))
    ft = tables(paths)
    return ft.games, matches_frame(ft.games, match_tags(ft.files))


def test_match_won_with_colours_swapped(tmp_path: Path) -> None:
    # 3-point match: Ann (White) wins a mars (2-0), then Ann as Black wins an
    # oyn: Ann 3, Bob 0.
    _, m = matches_of(tmp_path, {"a.txt": [
        game("Ann", "Bob", WHITE_MARS, match=3, number=1, score="0-0"),
        game("Bob", "Ann", BLACK_OYN, match=3, number=2, score="0-2"),
    ]})
    assert list(m.columns) == list(MATCH_COLUMNS)
    assert len(m) == 1
    row = m.iloc[0]
    assert (row["white"], row["black"], row["length"], row["games"]) == ("Ann", "Bob", 3, 2)
    assert (row["white_score"], row["black_score"]) == (3, 0)
    assert (row["winner"], row["loser"], row["status"]) == ("Ann", "Bob", "won")
    assert bool(row["rated"]) and not bool(row["resumed"])


def test_resumed_match_starts_from_its_score(tmp_path: Path) -> None:
    # Games 3 and 4 of a 5-point match, the file starting at 2-3 (Cid-Dan):
    # Cid wins a mars (4-3), then an oyn (5-3) and the match.
    _, m = matches_of(tmp_path, {"r.txt": [
        game("Cid", "Dan", WHITE_MARS, match=5, number=3, score="2-3"),
        game("Cid", "Dan", WHITE_OYN, match=5, number=4, score="4-3"),
    ]})
    assert len(m) == 1
    row = m.iloc[0]
    assert bool(row["resumed"]) and row["games"] == 2
    assert (row["white_score"], row["black_score"]) == (5, 3)
    assert row["winner"] == "Cid" and row["status"] == "won" and bool(row["rated"])
    assert "resumed at 2-3" in row["note"]


def test_unfinished_match_is_listed_not_rated(tmp_path: Path) -> None:
    # Eve wins game 1 (1-0) of a 3-point match; game 2 stops unfinished.
    # A second match that simply ends at 1-0 short of 3 is unfinished too.
    _, m = matches_of(tmp_path, {"u.txt": [
        game("Eve", "Fay", WHITE_OYN, match=3, number=1),
        game("Eve", "Fay", UNFINISHED, match=3, number=2),
        game("Eve", "Fay", WHITE_OYN, match=3, number=1),
    ]})
    assert list(m["status"]) == ["unfinished", "unfinished"]
    assert list(m["games"]) == [2, 1]
    assert not m["rated"].any()
    assert m["winner"].isna().all()
    assert "a game is unfinished" in m["note"].iloc[0]
    assert "nobody reached the length" in m["note"].iloc[1]


def test_invalid_game_makes_its_match_invalid(tmp_path: Path) -> None:
    games, m = matches_of(tmp_path, {"i.txt": [
        game("Gil", "Hal", WHITE_OYN, match=3, number=1),
        game("Gil", "Hal", ILLEGAL, match=3, number=2),
        game("Gil", "Hal", WHITE_MARS, match=3, number=3),
    ]})
    assert len(m) == 1
    assert m["status"].iloc[0] == "invalid" and not bool(m["rated"].iloc[0])
    assert m["winner"].isna().iloc[0]
    table = standings(games, m)
    # both listed; the two valid games count, the match is neither won nor lost
    assert table.loc["Gil", "wins"] == 2 and table.loc["Hal", "losses"] == 2
    assert table.loc["Gil", "matches"] == 1 and table.loc["Gil", "matches_won"] == 0
    assert table.loc["Gil", "rating"] == 1500.0 and table.loc["Gil", "experience"] == 0


def test_games_without_match_tag_are_one_point_matches(tmp_path: Path) -> None:
    # Two games of the same players with no Match tag: two 1-point matches
    # (a mars counts as a 1-point match won); a draw: listed, not rated.
    _, m = matches_of(tmp_path, {"s.txt": [
        game("Ivo", "Jan", WHITE_MARS, number=1),
        game("Ivo", "Jan", BLACK_OYN, number=2),
        game("Ivo", "Jan", DRAW),
    ]})
    assert list(m["length"]) == [1, 1, 1]
    assert list(m["winner"].fillna("-")) == ["Ivo", "Jan", "-"]
    assert list(m["status"]) == ["won", "won", "draw"]
    assert list(m["rated"]) == [True, True, False]
    assert (m["white_score"].iloc[0], m["black_score"].iloc[0]) == (2, 0)


def test_game_after_the_match_was_won_is_invalid(tmp_path: Path) -> None:
    _, m = matches_of(tmp_path, {"o.txt": [
        game("Kim", "Lea", WHITE_OYN, match=1, number=1),
        game("Kim", "Lea", WHITE_OYN, match=1, number=2),
    ]})
    assert list(m["status"]) == ["invalid"]
    assert "after Kim had won the match" in m["note"].iloc[0]


def test_order_date_then_file_then_position(tmp_path: Path) -> None:
    # b.txt's games come first in the file list, but dates decide; games of
    # the same date go by file path then position; a missing date is last.
    _, m = matches_of(tmp_path, {
        "b.txt": [
            game("P1", "P2", WHITE_OYN),  # no date: last of all
            game("P3", "P4", WHITE_OYN, date="2024.05.01"),
            game("P5", "P6", WHITE_OYN, date="2023.12.31"),
        ],
        "a.txt": [
            game("P7", "P8", WHITE_OYN, date="2024.05.01"),
            game("P9", "P10", WHITE_OYN, date="2024.??.??"),
            game("P11", "P12", WHITE_OYN, date="not a date"),
        ],
    })
    assert list(m["white"]) == ["P5", "P9", "P7", "P3", "P11", "P1"]
    assert list(m["match"]) == list(range(6))


def test_date_key() -> None:
    assert date_key("2026.10.23") == (0, 2026, 10, 23)
    assert date_key("2026-10-23") == (0, 2026, 10, 23)
    assert date_key("2026.??.??") == (0, 2026, 0, 0)
    assert date_key("????.??.??") == date_key(None) == date_key("soon") == (1, 0, 0, 0)


def test_standings_list_every_player_with_ratings(tmp_path: Path) -> None:
    # Ann beats Bob in a 1-point match (10 points each way, x5 while new):
    # Ann 1510, Bob 1490; Cid played only an invalid game.
    games, m = matches_of(tmp_path, {"t.txt": [
        game("Ann", "Bob", WHITE_MARS),
        game("Cid", "Bob", ILLEGAL),
    ]})
    table = standings(games, m)
    # rated players first (Bob's 1490 was earned); Cid, unrated, last (issue 19)
    assert list(table.index) == ["Ann", "Bob", "Cid"]
    assert table.loc["Ann", "rating"] == 1510.0 and table.loc["Bob", "rating"] == 1490.0
    assert table.loc["Ann", "points_won"] == 2 and table.loc["Ann", "mars_given"] == 1
    assert table.loc["Bob", "mars_taken"] == 1 and table.loc["Bob", "matches_lost"] == 1
    assert table.loc["Cid", "games"] == 0 and table.loc["Cid", "matches"] == 1
    assert table.loc["Ann", "experience"] == 1


def test_tags_read_again_for_a_games_frame_without_them(tmp_path: Path) -> None:
    games, m = matches_of(tmp_path, {"r.txt": [
        game("Cid", "Dan", WHITE_MARS, match=5, number=3, score="2-3", date="2026.01.02"),
        game("Cid", "Dan", WHITE_OYN, match=5, number=4, score="4-3"),
    ]})
    assert list(games["game_number"]) == [3, 4]
    assert list(games["score"]) == ["2-3", "4-3"]
    bare = games.drop(columns=["game_number", "score", "date"])
    tags = match_tags([str(tmp_path / "r.txt")])
    assert list(tags["date"].fillna("-")) == ["2026.01.02", "-"]
    pd.testing.assert_frame_equal(matches_frame(bare, tags), m)
    pd.testing.assert_frame_equal(matches_frame(bare), m)  # read from the files itself


def test_match_tag_without_game_numbers_fills_the_match_in_file_order(tmp_path: Path) -> None:
    # 2-point matches, no Game tags: a mars ends the first match at once,
    # then two oyns make the second; a last oyn starts a third, unfinished.
    _, m = matches_of(tmp_path, {"n.txt": [
        game("Ann", "Bob", WHITE_MARS, match=2),
        game("Ann", "Bob", WHITE_OYN, match=2),
        game("Bob", "Ann", BLACK_OYN, match=2),
        game("Ann", "Bob", WHITE_OYN, match=2),
    ]})
    assert list(m["games"]) == [1, 2, 1]
    assert list(m["status"]) == ["won", "won", "unfinished"]
    assert list(m["winner"].fillna("-")) == ["Ann", "Ann", "-"]
    assert (m["white_score"].iloc[1], m["black_score"].iloc[1]) == (2, 0)


def test_a_side_with_no_name_has_no_row_in_the_standings() -> None:
    from narde_notation.archive import standings
    from narde_notation.archive.frames import tables_from_records
    from narde_notation.archive.matches import matches_frame
    from narde_notation.formats.reader import parse_games

    # White (Ann) bears off its last checker; Black has no name and has borne
    # off none: a mars, 2-0 (R9).
    text = '[White "Ann"]\n[Position "1 / 24:15 / W"]\n\n1. 21: 1/off\n2-0\n'
    games = tables_from_records(parse_games(text), file="a.txt").games
    matches = matches_frame(games)
    assert not matches["rated"].any()  # nobody to rate Ann against
    table = standings(games, matches)
    assert list(table.index) == ["Ann"]
    assert int(table.loc["Ann", "matches"]) == 1


def test_match_games_lists_each_matchs_games_also_interleaved(tmp_path: Path) -> None:
    # two 3-point matches played side by side in one file, then a game of no
    # match: Ann-Bob are games 0 and 2, Cy-Di 1 and 3, the last one alone
    from narde_notation.archive.matches import match_games

    games, m = matches_of(tmp_path, {"a.txt": [
        game("Ann", "Bob", WHITE_OYN, match=3, number=1, score="0-0"),
        game("Cy", "Di", WHITE_OYN, match=3, number=1, score="0-0"),
        game("Ann", "Bob", WHITE_MARS, match=3, number=2, score="1-0"),
        game("Di", "Cy", BLACK_OYN, match=3, number=2, score="0-1"),
        game("Eve", "Fay", WHITE_OYN),
    ]})
    members = match_games(games, match_tags([str(tmp_path / "a.txt")]))
    assert list(members.columns) == ["file", "game", "match"]
    by_match = members.groupby("match")["game"].apply(list).to_dict()
    assert by_match == {0: [0, 2], 1: [1, 3], 2: [4]}
    # the same numbering as matches_frame's rows: Ann-Bob 3-0 (won), Cy-Di 2-0
    assert list(m["white"]) == ["Ann", "Cy", "Eve"]
    assert (m.loc[0, "white_score"], m.loc[0, "status"]) == (3, "won")
    assert (m.loc[1, "white_score"], m.loc[1, "status"]) == (2, "unfinished")


def test_the_archive_and_the_validation_share_the_match_sequencer(tmp_path: Path) -> None:
    # Game 2 with the colours swapped and a Score written for the old colours
    # ("2-0" where Bob, now White, has 0 and Ann 2): the validation flags it
    # (wrong-result), so the game is invalid and the one match (by players,
    # whatever their colours) is not rated.
    games, m = matches_of(tmp_path, {"a.txt": [
        game("Ann", "Bob", WHITE_MARS, match=3, number=1, score="0-0"),
        game("Bob", "Ann", BLACK_OYN, match=3, number=2, score="2-0"),
    ]})
    assert games["valid"].tolist() == [True, False]
    assert len(m) == 1
    assert (m.iloc[0]["status"], bool(m.iloc[0]["rated"])) == ("invalid", False)


def test_a_later_game_one_in_a_file_starts_at_nil_nil(tmp_path: Path) -> None:
    # the second Game 1 of the file starts a match at 0-0 (R10) whatever its
    # Score tag says (not resumed at 1-1); the game is invalid for that Score
    # (wrong-result), and an invalid game adds no points: Cid 0, Dan 0
    games, m = matches_of(tmp_path, {"b.txt": [
        game("Ann", "Bob", WHITE_OYN, match=3, number=1, score="0-0"),
        game("Cid", "Dan", WHITE_MARS, match=3, number=1, score="1-1"),
    ]})
    assert games["valid"].tolist() == [True, False]
    second = m.loc[m["white"] == "Cid"].iloc[0]
    assert (int(second["white_score"]), int(second["black_score"])) == (0, 0)
    assert bool(second["resumed"]) is False


def test_date_value_is_a_whole_day_or_none() -> None:
    # issue 28 item 10: the games table's played_on column; the tag as written
    # (partial dates included) stays in `date` for the match order
    import datetime

    from narde_notation.archive.matches import date_value

    assert date_value("2026.10.23") == date_value("2026-10-23") == datetime.datetime(2026, 10, 23)
    assert date_value("2024/02/29") == datetime.datetime(2024, 2, 29)  # a leap day
    for partial in ("2026.??.??", "2026.10.??", "2023.02.29", "soon", None):
        assert date_value(partial) is None, partial


def test_games_table_has_the_date_as_a_datetime(tmp_path: Path) -> None:
    from narde_notation.archive.frames import games_frame

    record = tmp_path / "dated.txt"
    record.write_text('[Date "2026.01.02"]\n\n1. 65: 24/13 *\n\n[Date "2026.??.??"]\n\n'
                      '1. 65: 24/13 *\n', encoding="utf-8")
    games = games_frame([record])
    assert str(games["played_on"].dtype) == "datetime64[ns]"
    assert games["played_on"].iloc[0] == pd.Timestamp(2026, 1, 2)
    assert pd.isna(games["played_on"].iloc[1])
    assert list(games["date"]) == ["2026.01.02", "2026.??.??"]
