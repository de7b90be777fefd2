"""Wrong types are refused at the door with TypeError (issue 25), instead of
failing later or answering nonsense (a tuple of five numbers read as packed
boards gave an exact win)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from narde_notation.formats.reader import parse_games, read_games


@pytest.mark.parametrize("source", [b"games.txt", bytearray(b"x"), None, 3, 2.5, ["a.txt"]])
def test_read_games_refuses_what_is_no_path_or_file(source: object) -> None:
    with pytest.raises(TypeError, match=type(source).__name__):
        read_games(source)  # type: ignore[arg-type]  # at the call, not when iterated


@pytest.mark.parametrize("text", [None, b"1. 65: 24/18 18/13", 3])
def test_parse_games_refuses_what_is_no_text(text: object) -> None:
    with pytest.raises(TypeError, match=type(text).__name__):
        parse_games(text)  # type: ignore[arg-type]


def test_encoding_and_name_must_be_text(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="encoding"):
        read_games(tmp_path / "a.txt", encoding=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="name"):
        read_games(tmp_path / "a.txt", name=5)  # type: ignore[arg-type]


def test_paths_files_and_text_are_still_read(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("1. 65: 24/18 18/13\n")
    for source in (path, str(path), io.StringIO(path.read_text()), io.BytesIO(path.read_bytes())):
        (game,) = read_games(source)
        assert game.half_turns[0].dice == (6, 5)
    (game,) = parse_games("1. 65: 24/18 18/13\n")
    assert len(game.half_turns) == 1


def test_the_evaluator_refuses_what_is_no_position() -> None:
    from narde_notation.evaluator.evaluate import Evaluator
    from narde_notation.rules.position import Position

    evaluator = Evaluator()
    for wrong in ((1, 2, 3, 4, 5), None, "24:15 / 24:15 / W"):
        with pytest.raises(TypeError, match="must be a Position"):
            evaluator.evaluate(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="must be a Position"):
            evaluator.rank_turns(wrong, "65")  # type: ignore[arg-type]
    start = Position.from_string("24:15 / 24:15 / W")
    assert not evaluator.evaluate(start).exact


@pytest.mark.parametrize("args", [(None, None, "W"), ((1, 2),), ("24:15",), (None, [24, 15])])
def test_a_position_refuses_what_is_no_board(args: tuple[object, ...]) -> None:
    # issue 25: Position(None, None, "W") was accepted; the counts are mappings
    # point -> checkers (or None for the start), the side a Side or "white"/"black"
    from narde_notation.rules.position import Position

    with pytest.raises(TypeError):
        Position(*args)  # type: ignore[arg-type]
    assert Position(None, None, "black").side_to_move.name == "BLACK"
