"""The writer: canonical native text, the ``.mat`` layout, round trips.

Expected texts are written out by hand from record-format.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus import CORPUS

from narde_notation.formats.reader import parse_games, read_games
from narde_notation.formats.writer import write_game, write_games
from narde_notation.model.record import BAR, OFF, GameRecord, HalfTurn, Move
from narde_notation.model.side import Side

W, B = Side.WHITE, Side.BLACK


def record() -> GameRecord:
    return GameRecord(
        tags={"White": 'Player "A"', "Black": "B\\C", "Result": "1-0"},
        half_turns=[
            HalfTurn(W, (6, 5), (Move((24, 18)), Move((18, 13))), number=1),
            HalfTurn(B, (5, 4), (Move((24, 20, 15)),), comments=("a note",)),
            HalfTurn(
                W,
                (3, 3),
                (Move((24, 21), repeat=2), Move((6, OFF), repeat=2)),
                number=2,
                annotation="!?",
            ),
            HalfTurn(B, (2, 1)),
        ],
        result="1-0",
    )


def test_format_move_and_halfturn() -> None:
    assert str(Move((24, 18, 13))) == "24/18/13"
    assert str(Move((6, OFF))) == "6/off"
    assert Move((6, OFF)).to_text(off="0") == "6/0"  # .mat files
    assert str(Move((BAR, 20))) == "bar/20"
    assert str(Move((24, 18), hit=True)) == "24/18*"
    assert str(Move((13, 7), repeat=2)) == "13/7(2)"
    assert str(HalfTurn(W, (5, 6), (Move((24, 13)),), annotation="?")) == "65: 24/13?"
    assert str(HalfTurn(W, (4, 2))) == "42: pass"
    assert HalfTurn(W, (4, 2)).to_text(pass_word="") == "42:"


def test_native_text() -> None:
    assert write_game(record()) == (
        '[White "Player \\"A\\""]\n'
        '[Black "B\\\\C"]\n'
        '[Result "1-0"]\n'
        "\n"
        "1. 65: 24/18 18/13       54: 24/20/15 { a note }\n"
        "2. 33: 24/21(2) 6/off(2)!?  21: pass\n"
        "1-0\n"
    )


def test_black_first_and_numbered_black() -> None:
    game = GameRecord(
        half_turns=[
            HalfTurn(B, (5, 3), (Move((24, 16)),), number=1),
            HalfTurn(W, (4, 3), (Move((24, 17)),), number=2),
            HalfTurn(B, (6, 1), (Move((24, 17)),), number=2),
        ]
    )
    assert write_game(game) == "1... 53: 24/16\n2. 43: 24/17\n2... 61: 24/17\n"
    assert list(parse_games(write_game(game))) == [game]


def test_round_trip_hand_made() -> None:
    (back,) = parse_games(write_game(record()))
    assert back == record()


def test_write_games_closes_unfinished_games() -> None:
    first = GameRecord(tags={"White": "A"}, half_turns=[HalfTurn(W, (6, 5), (Move((24, 13)),))])
    second = GameRecord(tags={"White": "B"}, half_turns=[HalfTurn(W, (5, 4), (Move((24, 15)),))])
    text = write_games([first, second])
    assert text == '[White "A"]\n\n65: 24/13\n*\n\n[White "B"]\n\n54: 24/15\n'
    back = list(parse_games(text))
    assert [r.result for r in back] == ["*", None]
    assert not any(r.findings for r in back)


def test_mat_layout() -> None:
    game = GameRecord(
        tags={
            "Match": "3",
            "Game": "1",
            "White": "Smith, A",
            "Black": "Doe",
            "Score": "0-0",
            "Site": "Club",
        },
        half_turns=[
            HalfTurn(B, (4, 3), (Move((24, 20)), Move((20, 17))), number=1),
            HalfTurn(W, (5, 5), (), number=2),
            HalfTurn(B, (2, 1), (Move((2, OFF)), Move((1, OFF)))),
        ],
        result="0-2",
    )
    text = write_game(game, "mat")
    assert text == (
        " 3 point match\n"
        "\n"
        " Game 1\n"
        '; [Site "Club"]\n'
        " Smith, A : 0                   Doe : 0\n"
        "  1)                             43: 24/20 20/17\n"
        "  2) 55:                         21: 2/0 1/0\n"
        "                                  Wins 2 points\n"
    )
    (back,) = parse_games(text)
    assert back == game
    assert back.format == "mat"


def test_unknown_format() -> None:
    with pytest.raises(ValueError):
        write_game(record(), "pgn")  # type: ignore[arg-type]


def _corpus_files() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return [
        p
        for folder in ("games", "mat", "syntax", "bugs")
        for p in sorted((CORPUS / folder).rglob("*"))
        if p.suffix in (".txt", ".mat")
    ]


FILES = _corpus_files()


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(CORPUS)) for p in FILES])
def test_corpus_round_trip(path: Path) -> None:
    """read(write(r)) == r for every game of the shared corpus (and .mat in .mat)."""
    records = list(read_games(path))
    for game in records:
        if game.has_syntax_error and not game.half_turns and not game.tags:
            continue
        (back,) = parse_games(write_game(game))
        assert back == game
        if game.format == "mat":
            (back,) = parse_games(write_game(game, "mat"))
            assert back == game
    if not any(r.has_syntax_error for r in records):
        assert list(parse_games(write_games(records))) == records
    if records and all(r.format == "mat" for r in records):
        assert list(parse_games(write_games(records, "mat"))) == records


def test_corpus_present_or_skip() -> None:
    if not FILES:
        pytest.skip(f"shared corpus not found at {CORPUS}")
    assert len(FILES) == 249
