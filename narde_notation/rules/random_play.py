"""Random legal games from the engine, as records (tests, examples, benchmarks).

A game is played by choosing uniformly among the legal turns of each roll
(:meth:`Position.legal_turns`, R1–R12), so every record it makes is legal
by construction and validates clean.
"""

from __future__ import annotations

import random

from narde_notation.model.record import GameRecord, HalfTurn, Move, parse_roll
from narde_notation.model.ruleset import Ruleset
from narde_notation.model.side import Side
from narde_notation.rules.position import Position
from narde_notation.rules.scoring import Outcome, after_turn

__all__ = ["random_game", "random_match"]


def _roll(rng: random.Random, allow_double: bool) -> tuple[int, int]:
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if allow_double or a != b:
            return parse_roll((a, b))


def random_game(
    seed: int | random.Random = 0,
    rules: Ruleset | None = None,
    *,
    white: str = "White",
    black: str = "Black",
    max_half_turns: int | None = None,
    start: Position | None = None,
    tags: dict[str, str] | None = None,
) -> GameRecord:
    """Play one random legal game and return it as a record.

    Args:
        seed: an int seed or a :class:`random.Random` to draw dice and choices from.
        rules: the ruleset (standard when ``None``); it goes in the ``Rules`` tag.
        white, black: player names for the tags.
        max_half_turns: stop early (the record then ends unfinished, ``*``).
        start: a set-up position (written as the ``Position`` tag); its side
            to move moves first.  ``None``: the initial position (R1), with
            the first mover drawn at random.
        tags: more tags (Event, Match, …), written before Result.

    Returns:
        A :class:`GameRecord` in own numbering whose ``result`` and
        ``Result`` tag are the game's outcome (R9), or ``*`` if cut short.
        The opening roll is never a double unless ``rules.reroll`` (R2).
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    rules = rules or Ruleset.standard()
    if start is None:
        first = rng.choice((Side.WHITE, Side.BLACK))
        pos = Position.initial().with_side_to_move(first)
    else:
        first, pos = start.side_to_move, start
    offset = 1 if first is Side.BLACK else 0
    half_turns: list[HalfTurn] = []
    result: Outcome | None = None
    reply_due = False
    while max_half_turns is None or len(half_turns) < max_half_turns:
        side = pos.side_to_move
        dice = _roll(rng, allow_double=bool(half_turns) or rules.reroll or start is not None)
        turn = rng.choice(pos.legal_turns(dice, rules))
        moves = tuple(Move(path=(step.from_point, step.to_point)) for step in turn.steps)
        ply = len(half_turns)
        half_turns.append(HalfTurn(side, dice, moves, number=(ply + offset) // 2 + 1))
        pos = turn.position
        result, reply_due = after_turn(pos, side, first, rules, reply_due)
        if result is not None:
            break
    all_tags = {"White": white, "Black": black, **(tags or {})}
    if rules != Ruleset.standard():
        all_tags["Rules"] = rules.to_tag()
    if start is not None:
        all_tags["Position"] = str(start)
    text = "*" if result is None else result.result_string
    all_tags["Result"] = text
    return GameRecord(tags=all_tags, half_turns=half_turns, result=text)


def random_match(
    seed: int | random.Random,
    length: int,
    rules: Ruleset | None = None,
    *,
    white: str = "White",
    black: str = "Black",
    event: str | None = None,
) -> list[GameRecord]:
    """Random games of one match to ``length`` points (R10), tagged Match, Game, Score.

    Games are played until a side reaches ``length`` points; a draw
    (``last-roll-draw``) scores nothing and the match goes on.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    games: list[GameRecord] = []
    score = [0, 0]
    while max(score) < length:
        tags = {"Match": str(length), "Game": str(len(games) + 1),
                "Score": f"{score[0]}-{score[1]}"}
        if event is not None:
            tags = {"Event": event, **tags}
        game = random_game(rng, rules, white=white, black=black, tags=tags)
        white_points, black_points = (int(x) for x in (game.result or "0-0").split("-"))
        score[0] += white_points
        score[1] += black_points
        games.append(game)
    return games
