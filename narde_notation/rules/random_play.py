"""Random legal games from the engine, as records (tests, examples, benchmarks).

A game is played by choosing uniformly among the legal turns of each roll
(:meth:`Position.legal_turns`, R1–R12), so every record it makes is legal
by construction and validates clean.
"""

from __future__ import annotations

import random

from narde_notation.formats import format_score, parse_result
from narde_notation.model import GameRecord, Ruleset, Side
from narde_notation.rules.game import Game, opening_roll, roll
from narde_notation.rules.position import Position

__all__ = ["random_game", "random_match"]


def random_game(
    seed: int | random.Random = 0,
    rules: Ruleset | str | None = None,
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
        rules: the ruleset or its tag (standard when ``None``); it goes in the ``Rules`` tag.
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
    if start is None:
        game = Game(None, rules, first_mover=rng.choice((Side.WHITE, Side.BLACK)))
    else:
        game = Game(start, rules)
    rules = game.rules
    while max_half_turns is None or len(game.turn_stack) < max_half_turns:
        # R2: the opening roll decides who starts (a set-up has none)
        opening = not game.turn_stack and start is None
        dice = opening_roll(rng, rules) if opening else roll(rng)
        if game.push(rng.choice(game.legal_turns(dice))) is not None:
            break
    return game.to_record(white=white, black=black, tags=tags)


def random_match(
    seed: int | random.Random,
    length: int,
    rules: Ruleset | str | None = None,
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
                "Score": format_score(score[0], score[1])}
        if event is not None:
            tags = {"Event": event, **tags}
        game = random_game(rng, rules, white=white, black=black, tags=tags)
        white_points, black_points = parse_result(game.result) or (0, 0)
        score[0] += white_points
        score[1] += black_points
        games.append(game)
    return games
