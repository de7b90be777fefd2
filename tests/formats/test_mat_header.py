"""``; [Tag]`` header lines above a ``.mat`` match are the match's tags, read
once a file and shared by its games, not copied into each (issue 19,
decisions F19): thousands of them in a 100-game file cost what they cost in
a one-game file.  Work is counted as memory the read games hold (traced
allocations), not timed."""

from __future__ import annotations

import gc
import tracemalloc

from narde_notation.formats.reader import parse_games


def _match(header_lines: int, games: int) -> str:
    lines = [" 5 point match", ""]
    lines += [f'; [Tag{k} "value {k}"]' for k in range(header_lines)]
    for k in range(games):
        lines += ["", f" Game {k + 1}", " alice : 0                    bob : 0",
                  "  1) 31: 24/21 21/20             42: 24/20 20/18"]
    return "\n".join(lines) + "\n"


def _held(text: str) -> int:
    """Bytes the read games hold (allocations traced while reading, still alive)."""
    gc.collect()
    tracemalloc.start()
    try:
        records = list(parse_games(text))
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert records
    return held


def test_the_header_is_every_games_tags() -> None:
    games = list(parse_games(_match(3, 2) + '; [Event "after game 2"]\n'
                             + "\n Game 3\n alice : 0                    bob : 0\n"))
    assert len(games) == 3
    for game in games:
        assert game.tags["Tag0"] == "value 0" and game.tags["Tag2"] == "value 2"
        assert game.tag_lines["Tag0"] == 3 and game.tag_lines["Tag2"] == 5
        assert game.tags["Match"] == "5" and game.white == "alice"
    # tags read after a game's turns are the next game's only
    assert "Event" not in games[1].tags and games[2].tags["Event"] == "after game 2"
    # in file order: the header's first, then the game's own
    assert list(games[0].tags)[:4] == ["Tag0", "Tag1", "Tag2", "Match"]
    assert games[0].tags == {"Tag0": "value 0", "Tag1": "value 1", "Tag2": "value 2",
                             "Match": "5", "Game": "1", "White": "alice", "Black": "bob",
                             "Score": "0-0"}


def test_a_later_matchs_header_does_not_change_the_games_read_before() -> None:
    text = (_match(1, 1) + "\n 3 point match\n" + '; [Site "second"]\n'
            + "\n Game 1\n carol : 0                    dave : 0\n")
    first, second = parse_games(text)
    assert "Site" not in first.tags and second.tags["Site"] == "second"
    assert first.tags["Tag0"] == second.tags["Tag0"] == "value 0"
    assert (first.tags["Match"], second.tags["Match"]) == ("5", "3")


def test_writing_a_games_tag_does_not_change_the_others() -> None:
    one, two = parse_games(_match(2, 2))
    one.tags["Tag0"] = "changed"
    assert two.tags["Tag0"] == "value 0"


def test_a_long_header_is_held_once_not_once_a_game() -> None:
    header = 3000
    # what 3,000 header lines cost in a one-game file...
    once = _held(_match(header, 1)) - _held(_match(0, 1))
    # ...and in a 100-game file: the same when shared (copied into each game,
    # it was 100 times as much: ~60 MB against ~0.6 MB)
    hundred = _held(_match(header, 100)) - _held(_match(0, 100))
    assert once > header * 50  # the header is in the count (names and values)
    assert hundred < 2 * once
