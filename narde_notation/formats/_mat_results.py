"""A ``.mat`` file's results checked against its own scores: the next game's
score line (decision C2) and ``Wins N points and the match`` (decisions H14).
The file contradicting itself is a ``wrong-result`` finding (R9, R10); the
results are kept as written.  Used by :mod:`narde_notation.formats.mat` alone."""

from __future__ import annotations

import re
from collections.abc import Mapping

from narde_notation.formats._score import parse_count, parse_score
from narde_notation.model import Finding, GameRecord, Side

__all__ = ["MATCH_CLAIM_RE", "match_claim", "score_contradiction"]

#: ``and the match`` / ``and wins the match`` after ``Wins N points``.
MATCH_CLAIM_RE = re.compile(r"(?i)\bthe[ \t]+match\b")
#: The most points a game can be worth (koks, rules.md R9).
_GAME_WORTH_MOST = 3


def score_contradiction(held: GameRecord | None, tags: Mapping[str, str], file: str | None,
                        line: int) -> Finding | None:
    """The score line at ``line`` (its game's ``tags``) checked against the
    game read before it, ``held``: same players and match, consecutive
    ``Game`` numbers, and that game's score plus its result must give this
    score; a ``wrong-result`` finding at the score line where they do not."""
    if held is None or held.result is None:
        return None
    before, after = parse_score(held.tags.get("Score")), parse_score(tags.get("Score"))
    result = parse_score(held.result)
    if before is None or after is None or result is None:
        return None
    same = all(held.tags.get(name) == tags.get(name) for name in ("White", "Black", "Match"))
    numbers = parse_count(held.tags.get("Game")), parse_count(tags.get("Game"))
    if not same or (numbers[0] is not None and numbers[1] is not None
                    and numbers[1] != numbers[0] + 1):
        return None
    given = (before[0] + result[0], before[1] + result[1])
    gained = (after[0] - before[0], after[1] - before[1])
    if given == after or (
            # a forfeit (`Wins 4016 point`: more than any game is worth): the
            # validator reads it as the game's own value (decisions F17)
            max(result) > _GAME_WORTH_MOST and 0 < max(gained) <= _GAME_WORTH_MOST
            and min(gained) == 0 and (gained[0] > 0) == (result[0] > 0)):
        return None
    winner = "White" if result[0] > result[1] else "Black"
    return Finding(
        "wrong-result", f"Score {after[0]}-{after[1]}, but the game before gives"
        f" {given[0]}-{given[1]}: {before[0]}-{before[1]} and {winner} winning"
        f" {max(result)} (the Wins at line {held.result_line}, in {winner}'s column);"
        " each is kept as written.", file=file, line=line, column=1)


def match_claim(tags: Mapping[str, str], side: Side, points: str, file: str | None, line: int,
                column: int) -> Finding | None:
    """``Wins N points and the match`` by ``side`` at ``line``: its score
    before the game (``tags``' ``Score``) plus N must reach the match length
    (R10: the first side to reach it wins the match), else ``wrong-result``
    there, naming the other side when its score would reach it (a ``Wins`` in
    the wrong column).  Not checked without a match length (a money session,
    a file with no ``N point match`` line) or a score line."""
    length = parse_count(tags.get("Match"))
    score = parse_score(tags.get("Score"))
    won = parse_count(points)
    if not length or score is None or won is None:
        return None
    before, theirs = score if side is Side.WHITE else score[::-1]
    if before + won >= length:
        return None
    name, other = ("White", "Black") if side is Side.WHITE else ("Black", "White")
    hint = (f" ({other}, at {theirs}, would reach it: is the Wins in the wrong column?)"
            if theirs + won >= length else "")
    return Finding(
        "wrong-result", f"`and the match`, but {name} at {before} winning {won} reaches"
        f" {before + won} of the match's {length} points: the match goes on (R10){hint};"
        " the game's result is kept.", file=file, line=line, column=column)
