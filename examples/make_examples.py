"""Regenerate the bundled example records (seeded: the same bytes every run).

    python examples/make_examples.py

The games are played by the package's own players (the shipped evaluator,
0-ply), each with a ``slip`` chance: on a half-turn with a choice, a player
who slips plays one of the next three best turns instead of the best, as a
club player now and then does.  Strong players slip rarely, beginners
often, so ``narde analyse`` and the standings tell them apart.  Every turn
is one of the engine's legal turns, so all of the games validate clean;
the moves are written as players write them (``24/13``, ``24/16(2)``).
"""

from __future__ import annotations

import random
from pathlib import Path

from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.formats.writer import write_games
from narde_notation.model.record import GameRecord
from narde_notation.model.ruleset import Ruleset
from narde_notation.model.side import Side
from narde_notation.rules.game import Game
from narde_notation.rules.generation import Turn
from narde_notation.rules.position import Position

HERE = Path(__file__).resolve().parent
#: the archive's players and how often each slips (from strong to beginner)
PLAYERS = {"Aliyev R.": 0.03, "Ivanova M.": 0.06, "Kaya E.": 0.1, "Sokolov D.": 0.15,
           "Mammadova L.": 0.2, "Orlov K.": 0.3, "Gasparyan N.": 0.4, "Yilmaz S.": 0.55}
VARIANTS = ["standard", "standard", "koks", "reroll", "last-roll-draw", "end-of-turn-block"]


class ClubPlayer:
    """The evaluator's best turn, except that with chance ``slip`` (on a roll
    with more than one distinct play) one of the next three best."""

    def __init__(self, evaluator: Evaluator, slip: float, rng: random.Random) -> None:
        self.evaluator, self.slip, self.rng = evaluator, slip, rng

    def choose(self, position: Position, dice: tuple[int, int]) -> Turn:
        ranked = self.evaluator.rank_turns(position, dice)
        if len(ranked) > 1 and self.rng.random() < self.slip:
            return self.rng.choice(ranked[1:4]).turn
        return ranked[0].turn


def roll(rng: random.Random, double: bool) -> tuple[int, int]:
    """Two dice, higher first; no double unless ``double`` (R2: the opening roll)."""
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if double or a != b:
            return (max(a, b), min(a, b))


def play(rng: random.Random, white: str, black: str, slips: tuple[float, float], *,
         rules: Ruleset | None = None, tags: dict[str, str] | None = None,
         game: Game | None = None) -> GameRecord:
    """One game to its end between two club players, as a record."""
    rules = rules or Ruleset.standard()
    evaluator = Evaluator(rules)
    if game is None:
        game = Game(None, rules, first_mover=rng.choice((Side.WHITE, Side.BLACK)))
    players = {Side.WHITE: ClubPlayer(evaluator, slips[0], rng),
               Side.BLACK: ClubPlayer(evaluator, slips[1], rng)}
    while True:
        dice = roll(rng, rules.reroll or bool(game.turn_stack) or game.set_up)
        mover = game.position.side_to_move
        if game.reply_due:  # last-roll-draw: the last roll after the other side is off
            turn = min(game.legal_turns(dice), key=lambda t: t.position.pip_count(mover))
        else:
            turn = players[mover].choose(game.position, dice)
        if game.push(turn) is not None:
            break
    return game.to_record(white=white, black=black, tags=tags)


def match(rng: random.Random, length: int, white: str, black: str, slips: tuple[float, float],
          *, rules: Ruleset | None = None, event: str) -> list[GameRecord]:
    """The games of one match to ``length`` points (R10), tagged Match, Game, Score."""
    games: list[GameRecord] = []
    score = [0, 0]
    while max(score) < length:
        tags = {"Event": event, "Match": str(length), "Game": str(len(games) + 1),
                "Score": f"{score[0]}-{score[1]}"}
        record = play(rng, white, black, slips, rules=rules, tags=tags)
        white_points, black_points = (int(x) for x in (record.result or "0-0").split("-"))
        score[0] += white_points
        score[1] += black_points
        games.append(record)
    return games


def write(path: Path, games: list[GameRecord], fmt: str = "native") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(write_games(games, format=fmt), encoding="utf-8")  # type: ignore[arg-type]


def main() -> None:
    # Seed example 1 (rules pages): from the initial position 6-5 has one
    # legal turn, 24/13; the game is then played out.
    opening = Game(first_mover=Side.WHITE)
    opening.play("65: 24/13")
    write(HERE / "seed-opening.txt", [play(
        random.Random(1), "White", "Black", (0.05, 0.05), game=opening,
        tags={"Event": "Seed example: the opening 6-5"})])

    # Seed example 2: White bearing off, 6-5 plays 6/off 5/off (pips 36 → 25),
    # then the game is played out from there.
    bearoff = Game(Position.from_string("6:2 5:2 4:2 3 2 1 / 6:2 5:2 4:2 3:3 2:3 1:3 / W"))
    write(HERE / "seed-bearoff.txt", [play(random.Random(2), "White", "Black", (0.1, 0.1),
                                           game=bearoff,
                                           tags={"Event": "Seed example: bearing off"})])

    # A 3-point club match with a few real mistakes, native and as a
    # backgammon program's .mat file; a koks match between a strong player
    # and a beginner.
    club = match(random.Random(13), 3, "Kaya E.", "Sokolov D.", (PLAYERS["Kaya E."],
                                                               PLAYERS["Sokolov D."]),
                 event="Club night")
    write(HERE / "club-match.txt", club)
    write(HERE / "club-match.mat", club, fmt="mat")
    koks = match(random.Random(5), 5, "Orlov K.", "Ivanova M.",
                 (PLAYERS["Orlov K."], PLAYERS["Ivanova M."]), rules=Ruleset.from_tag("koks"),
                 event="Koks night")
    write(HERE / "koks-match.mat", koks, fmt="mat")

    # The archive: 8 files of 25 games, one ruleset per file, players paired at random.
    names = list(PLAYERS)
    for index in range(8):
        rng = random.Random(100 + index)
        rules = Ruleset.from_tag(VARIANTS[index % len(VARIANTS)])
        games = []
        for number in range(25):
            white, black = rng.sample(names, 2)
            tags = {"Event": "Online archive", "Round": str(number + 1)}
            games.append(play(rng, white, black, (PLAYERS[white], PLAYERS[black]),
                              rules=rules, tags=tags))
        write(HERE / "archive" / f"archive-{index + 1:03d}.txt", games)


if __name__ == "__main__":
    main()
