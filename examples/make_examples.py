"""Regenerate the bundled example records (seeded: the same bytes every run).

    python examples/make_examples.py

Every game is played by the engine's legal-turn generator with random
choices (:mod:`narde_notation.rules.random_play`), so all of them validate clean.
"""

from __future__ import annotations

import random
from pathlib import Path

from narde_notation.formats.writer import write_games
from narde_notation.model.record import GameRecord, HalfTurn, Move
from narde_notation.model.ruleset import Ruleset
from narde_notation.model.side import Side
from narde_notation.rules.position import Position
from narde_notation.rules.random_play import random_game, random_match

HERE = Path(__file__).resolve().parent
PLAYERS = ["Aliyev R.", "Ivanova M.", "Kaya E.", "Sokolov D.", "Mammadova L.", "Orlov K.",
           "Gasparyan N.", "Yilmaz S."]
VARIANTS = ["standard", "standard", "koks", "reroll", "last-roll-draw", "end-of-turn-block"]


def write(path: Path, games: list[GameRecord], fmt: str = "native") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(write_games(games, format=fmt), encoding="utf-8")  # type: ignore[arg-type]


def main() -> None:
    # Seed example 1 (rules pages): from the initial position 6-5 has one
    # legal turn, 24/13; the record stops there, unfinished.
    opening = GameRecord(
        tags={"Event": "Seed example: the opening 6-5", "White": "White", "Black": "Black",
              "Result": "*"},
        half_turns=[HalfTurn(Side.WHITE, (6, 5), (Move((24, 13)),), number=1)],
        result="*",
    )
    write(HERE / "seed-opening.txt", [opening])

    # Seed example 2: White bearing off, 6-5 plays 6/off 5/off (pips 36 → 25),
    # then the game is played out from there.
    bearoff = Position.from_string("6:2 5:2 4:2 3 2 1 / 6:2 5:2 4:2 3:3 2:3 1:3 / W")
    rng = random.Random(2)
    game = random_game(rng, start=bearoff, white="White", black="Black",
                       tags={"Event": "Seed example: bearing off"})
    write(HERE / "seed-bearoff.txt", [game])

    # A 3-point match, native and as a backgammon program's .mat file.
    match = random_match(3, 3, white="Kaya E.", black="Sokolov D.", event="Club night")
    write(HERE / "club-match.txt", match)
    write(HERE / "club-match.mat", match, fmt="mat")
    koks = random_match(5, 5, Ruleset.from_tag("koks"), white="Orlov K.",
                        black="Ivanova M.", event="Koks night")
    write(HERE / "koks-match.mat", koks, fmt="mat")

    # The archive: 8 files of 25 games, one ruleset per file.
    for index in range(8):
        rng = random.Random(100 + index)
        rules = Ruleset.from_tag(VARIANTS[index % len(VARIANTS)])
        games = []
        for number in range(25):
            white, black = rng.sample(PLAYERS, 2)
            games.append(random_game(rng, rules, white=white, black=black,
                                     tags={"Event": "Online archive", "Round": str(number + 1)}))
        write(HERE / "archive" / f"archive-{index + 1:03d}.txt", games)


if __name__ == "__main__":
    main()
