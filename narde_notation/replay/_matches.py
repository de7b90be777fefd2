"""The match sequencer: a file's games in their matches, by players whatever their colours (R10).

One sequencer serves every consumer: the validation's ``Score`` checks
(:func:`validate_games`), the archive's matches
(:func:`narde_notation.archive.matches.matches_frame`) and the analysis'
match equity (:func:`match_away`).  The rules (docs/decisions.md, "One
match sequencer"):

* a match is its two players (either colour) and its length (the ``Match``
  tag); a game without a readable ``Match`` tag is a match of its own;
* ``Game "1"`` starts a new match, at 0-0 whatever its ``Score`` tag says
  (but for the first game of a file that may hold part of a match, a
  ``.mat`` export, whose score is taken as given: record-format.md);
  a ``Game`` number that does not follow the open match's last one starts
  a new match too, a resumed one, at its ``Score`` tag (0-0 without one); a
  game without a ``Game`` number continues the open match unless it was won;
* the score before a game is known from the earlier games when each of them
  has known points; after a game whose points are unknown (unfinished, cut
  short by a syntax error, invalid) the next ``Score`` tag is taken as given.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from narde_notation._lazy import publish
from narde_notation.formats import MatchTags
from narde_notation.model import Finding, GameRecord, Ruleset, Side, shown
from narde_notation.replay._replay import finding_order, validate
from narde_notation.replay._report import GameReport

__all__ = ["UNKNOWN", "Match", "MatchGame", "MatchSequencer", "match_away", "validate_games"]

#: the name of a player a record does not name
UNKNOWN = "?"


@dataclass(eq=False, slots=True)
class Match:
    """One match as the sequencer follows it.

    Attributes:
        white, black: the players' names in its first game's colours
            (``"?"`` for a missing name).
        length: points to win (R10); 1 for a game without a ``Match`` tag.
        start: the score before its first game, in the first game's colours.
        resumed: its first game is not game 1 at 0-0 (``Score`` above 0-0, or
            a ``Game`` number above 1).
        number: the ``Game`` number of its last game, ``None`` without one.
        scores: player name -> points so far (``start`` included).
        known: every game so far has known points, so ``scores`` is the score.
        winner: the first player to reach ``length``, ``None`` while nobody has.
        games: games placed in it.
    """

    white: str
    black: str
    length: int
    start: tuple[int, int]
    resumed: bool
    number: int | None = None
    scores: dict[str, int] = field(default_factory=dict)
    known: bool = True
    winner: str | None = None
    games: int = 0


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One game's place in its match (:meth:`MatchSequencer.place`).

    Attributes:
        match: the match it belongs to.
        white, black: its players in its own colours.
        new: it starts the match.
        expected: the score before it in its own colours (White first), as
            the earlier games of the match give it (0-0 for game 1); ``None``
            when they do not tell it (a resumed match's first game, a game
            after one of unknown points, a game without a ``Game`` number or
            without a ``Match`` length).
    """

    match: Match
    white: str
    black: str
    new: bool
    expected: tuple[int, int] | None


class MatchSequencer:
    """Puts one file's games, in file order, in their matches (the module's rules)."""

    def __init__(self) -> None:
        self._open: dict[tuple[frozenset[str], int], Match] = {}
        self._placed = 0

    def place(self, white: str | None, black: str | None, tags: MatchTags, *,
              partial: bool = False) -> MatchGame:
        """The match of the next game, by its players, whatever their colours.
        Call :meth:`settle` with its points before placing the next game.

        ``partial``: the file may hold part of a match (a ``.mat`` export): its
        first game's score is taken as given even for ``Game 1``
        (record-format.md, "Match files")."""
        white, black = white or UNKNOWN, black or UNKNOWN
        resumable = partial and self._placed == 0
        self._placed += 1
        length, number = tags.length, tags.number
        key = (frozenset((white, black)), length or 0)
        current = self._open.get(key) if length is not None else None
        if current is not None and (
            current.winner is not None if number is None
            else number == 1 or current.number is None or number != current.number + 1
        ):
            current = None
        if current is None:
            fresh = number == 1 and not (resumable and tags.score is not None)
            start = (0, 0) if fresh else (tags.score or (0, 0))
            resumed = start != (0, 0) or (number is not None and number > 1)
            current = Match(white, black, length or 1, start, resumed,
                            scores={white: start[0], black: start[1]},
                            known=fresh or tags.score is not None)
            if length is not None:
                self._open[key] = current
            expected = (0, 0) if fresh and length is not None else None
            new = True
        else:
            expected = None
            if current.known and number is not None:
                expected = (current.scores.get(white, 0), current.scores.get(black, 0))
            elif not current.known and tags.score is not None:  # taken as given
                current.scores = {white: tags.score[0], black: tags.score[1]}
                current.known = True
            new = False
        current.number = number
        current.games += 1
        return MatchGame(current, white, black, new, expected)

    def settle(self, game: MatchGame, winner: Side | None, points: int, *,
               known: bool = True) -> None:
        """Add the points of ``game`` (placed last): ``winner`` won ``points``
        (``None``: a draw); ``known=False`` when its points are unknown."""
        match = game.match
        if not known:
            match.known = False
            return
        if winner is None:
            return
        name = game.white if winner is Side.WHITE else game.black
        match.scores[name] = match.scores.get(name, 0) + points
        if match.winner is None and match.scores[name] >= match.length:
            match.winner = name


def match_away(tags: MatchTags) -> tuple[int, int, int] | None:
    """``(length, white_away, black_away)``: the points each side still needs
    before a game, from its ``Match`` and ``Score`` tags (a ``Game "1"``
    without a ``Score`` is at 0-0); ``None`` when they do not tell it or a
    side has already reached the length (R10)."""
    if tags.length is None:
        return None
    score = (0, 0) if tags.number == 1 else tags.score
    if score is None:
        return None
    white, black = tags.length - score[0], tags.length - score[1]
    if white <= 0 or black <= 0:
        return None
    return tags.length, white, black


def validate_games(
    records: Iterable[GameRecord], rules: Ruleset | str | None = None
) -> Iterator[GameReport]:
    """Validate a file's games in order, checking match scores across them.

    Besides :func:`~narde_notation.replay.validate` on each game, the
    ``Score`` tag (or ``.mat`` score line) of a match game must equal the
    points of the earlier games of its match (:class:`MatchSequencer`: the
    same players in either colours, the same ``Match`` length, consecutive
    ``Game`` numbers, game 1 at 0-0); otherwise ``wrong-result`` (R9, R10)
    at the ``Score`` tag.  After a game whose points are unknown
    (unfinished, cut short by a syntax error) the next ``Score`` tag of its
    match is taken as given, so one typo does not condemn the rest of the
    match.
    """
    ruleset = Ruleset.coerce(rules)
    sequencer = MatchSequencer()
    for record in records:
        report = validate(record, ruleset)
        _check_score(report, sequencer)
        yield report


def _check_score(report: GameReport, sequencer: MatchSequencer) -> None:
    record = report.record
    tags = MatchTags.of(record.tags)
    game = sequencer.place(record.white, record.black, tags, partial=record.format == "mat")
    written, expected = tags.score, game.expected
    line = record.tag_lines.get("Score", record.line)
    # the reader's check of the .mat score line said it already (decisions R2)
    said = any(f.code == "wrong-result" and f.line == line for f in report.findings)
    if written is not None and expected is not None and written != expected and not said:
        score = record.tags.get("Score")
        report.findings.append(Finding(
            "wrong-result",
            f"Score {score!r} before game {tags.number}, but the earlier games of this"
            f" match give {expected[0]}-{expected[1]}"
            + ("" if game.new else _colours(game)) + ".",
            file=record.file, game=record.index, line=line, column=1,
        ))
        report.findings.sort(key=finding_order)
    outcome = report.outcome
    known = outcome is not None and not record.has_syntax_error
    sequencer.settle(game, outcome.winner if outcome else None,
                     outcome.points if outcome else 0, known=known)


def _colours(game: MatchGame) -> str:
    """`` (White ... )`` when the players changed colours since the first game."""
    if game.white == game.match.white:
        return ""
    return f" (the players changed colours: {shown(game.white)} is White here)"


publish("narde_notation.replay", Match, MatchGame, MatchSequencer, match_away, validate_games)
