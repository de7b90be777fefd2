"""Record texts that several test files share (worked out by hand)."""

# White's last checker on own 1 bears off with the 1; Black has all 15 on its
# head, none off: mars, 2 points (R9).  The 2 is lost (the game is over): 3
# pips rolled, 1 played (the pip count dropped from 1 to 0).
MARS_GAME = """\
[White "Ann"]
[Black "Bob"]
[Position "1 / 24:15 / W"]
[Result "2-0"]

1. 21: 1/off
2-0
"""

# Black (to move, first mover) bears off its last checker: White has 1 off
# already (14 on its own 1), so oyn, 1 point, Black wins.
OYN_BLACK = """\
[White "Bob"]
[Black "Ann"]
[Position "1:14 / 1 / B"]
[Result "0-1"]

1... 21: 1/off
0-1
"""


def random_positions(seed: int, games: int, rules: object = None) -> list[object]:
    """Every position before a half-turn of ``games`` seeded random games from the
    initial position (uniform rolls and legal turns, R1–R12): a sample for
    differential tests."""
    import random

    from narde_notation.rules.position import Position

    rng = random.Random(seed)
    out: list[object] = []
    for _ in range(games):
        position = Position.initial()
        while not position.is_game_over():
            out.append(position)
            position = rng.choice(position.legal_turns(
                (rng.randint(1, 6), rng.randint(1, 6)), rules)).position  # type: ignore[arg-type]
    return out
