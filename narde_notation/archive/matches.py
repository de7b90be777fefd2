"""Matches: the games of a file grouped into matches (R10), in date order.

A match is played to N points; game scores add up and the first side to
reach N wins (R10).  Records say which games belong together with the
``Match`` (length), ``Game`` (number, from 1) and ``Score`` (score before
the game, White first) tags (record-format.md, "Tag pairs").  The games
table (:func:`narde_notation.archive.frames.games_frame`) carries them (columns
game_number, score, date); for a games frame without them,
:func:`match_tags` reads them again.  :func:`matches_frame` groups the
games.

Grouping (docs/decisions.md, "Club report"):

* the games **of one file** with the same two players (either colour),
  the same ``Match`` length and consecutive ``Game`` numbers form a match;
  ``Game "1"`` always starts a new one; a game without a ``Game`` number
  continues the open match of its players and length, if any and not yet
  won;
* a game without a ``Match`` tag (or with an unreadable one) is a 1-point
  match of its own;
* a match whose first game has a ``Score`` tag starts from that score (a
  resumed match, record-format.md "Match files"); otherwise from 0-0;
* status: ``"invalid"`` when a game has an error (or is played after the
  match was won); else ``"unfinished"`` when a game is unfinished or
  nobody reached the length; else ``"draw"`` (a 1-point match ended by a
  ``last-roll-draw`` draw, R9) or ``"won"``.  Only ``"won"`` matches
  between two named, different players are rated;
* order: the ``Date`` tag of the match's first game (``YYYY.MM.DD``, ``??``
  for unknown parts; a missing or unreadable date last), then the file
  path, then the position of the first game in the file.
"""

from __future__ import annotations

import datetime
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from narde_notation.archive.schema import typed_frame
from narde_notation.formats import MatchTags, parse_count, parse_score
from narde_notation.model import Side
from narde_notation.replay import UNKNOWN, Match, MatchGame, MatchSequencer

if TYPE_CHECKING:
    import pandas as pd

    from narde_notation.formats import Headers
    from narde_notation.model import GameRecord

__all__ = ["MATCH_COLUMNS", "TAG_COLUMNS", "date_key", "date_value", "match_games", "match_tags",
           "matches_frame"]

#: Columns of :func:`match_tags` and their dtypes.
TAG_COLUMNS: dict[str, str] = {
    "file": "str",
    "game": "int64",
    "game_number": "Int64",
    "score": "str",
    "date": "str",
}

#: Columns of :func:`matches_frame` and their dtypes.
MATCH_COLUMNS: dict[str, str] = {
    "match": "int64",
    "date": "str",
    "file": "str",
    "first_game": "int64",
    "games": "int64",
    "white": "str",
    "black": "str",
    "length": "int64",
    "white_score": "int64",
    "black_score": "int64",
    "resumed": "bool",
    "winner": "str",
    "loser": "str",
    "status": "str",
    "rated": "bool",
    "note": "str",
}

_DATE = re.compile(r"^\s*(\d{4}|\?{4})[.\-/](\d{1,2}|\?\?)[.\-/](\d{1,2}|\?\?)\s*$")
_UNKNOWN = UNKNOWN


def date_key(text: str | None) -> tuple[int, int, int, int]:
    """Sort key of a ``Date`` tag: dated matches first, in date order.

    ``YYYY.MM.DD`` (``-`` and ``/`` read too; ``??`` for an unknown month or
    day sorts before the known ones of the same year / month).  A missing
    tag, an unknown year or text that is not a date sorts after every date:
    ``(1, 0, 0, 0)``.
    """
    m = _DATE.match(text) if text else None
    if m is None or m[1].startswith("?"):
        return (1, 0, 0, 0)
    month = 0 if m[2].startswith("?") else int(m[2])
    day = 0 if m[3].startswith("?") else int(m[3])
    return (0, int(m[1]), month, day)


def date_value(text: str | None) -> datetime.datetime | None:
    """A ``Date`` tag as a day: ``YYYY.MM.DD`` (``-`` and ``/`` read too) with
    every part known and a real calendar day; ``None`` otherwise (a missing
    tag, ``??`` for a part, text that is no date).  The games table's
    ``played_on`` column (datetime64; the tag as written stays in ``date``,
    whose partial dates order the matches, :func:`date_key`)."""
    year, month, day = date_key(text)[1:]
    if not (year and month and day):
        return None
    try:
        return datetime.datetime(year, month, day)
    except ValueError:  # 2024.02.30
        return None


def _has_tags(games: pd.DataFrame) -> bool:
    return {"game_number", "score", "date"} <= set(games.columns)


def _tag_rows(games: Iterable[GameRecord | Headers], file: str) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = []
    for game in games:
        tags = game.tags
        rows.append((file, game.index, parse_count(tags.get("Game")), tags.get("Score"),
                     tags.get("Date")))
    return rows


def _file_tag_rows(path: str, encoding: str | None) -> list[tuple[Any, ...]]:
    from narde_notation.replay import Pipeline

    try:
        with open(path, "rb") as handle:  # the tags only: no replay
            return _tag_rows(Pipeline(encoding=encoding).headers(handle), path)
    except OSError:
        return []  # the games table reports the unreadable file


def match_tags(
    files: Sequence[str] = (),
    *,
    records: Iterable[GameRecord] | None = None,
    file: str = "<memory>",
    encoding: str | None = None,
) -> pd.DataFrame:
    """The ``Game``, ``Score`` and ``Date`` tags of every game (:data:`TAG_COLUMNS`).

    One row per game read: file (str, as given), game (int64, 0-based index
    in the file, as in the games table), game_number (Int64: the ``Game``
    tag, NA when missing or not a number), score (str / NA: the ``Score``
    tag as written), date (str / NA: the ``Date`` tag as written).

    Args:
        files: record files (already expanded, as in the games table).
        records: games already read (standard input, notebooks), tabulated
            under ``file`` after ``files``.
        encoding: the code page of files that are not UTF-8
            (:class:`~narde_notation.replay.pipeline.ReplayOptions`).

    An unreadable file gives no rows (the games table reports it).
    """

    rows: list[tuple[Any, ...]] = []
    for path in files:
        rows.extend(_file_tag_rows(path, encoding))
    if records is not None:
        rows.extend(_tag_rows(records, file))
    return typed_frame({c: [r[i] for r in rows] for i, c in enumerate(TAG_COLUMNS)},
                       TAG_COLUMNS)


@dataclass(eq=False)
class _Match:
    """A match of the sequencer and what the table says of it."""

    file: str
    first_game: int
    date: str | None
    state: Match
    invalid: str | None = None
    unfinished: bool = False
    notes: list[str] = field(default_factory=list)
    members: list[int] = field(default_factory=list)

    def add(self, row: dict[str, Any], sequencer: MatchSequencer, game: MatchGame) -> None:
        self.members.append(int(row["game"]))
        state = self.state
        if state.winner is not None and self.invalid is None:
            self.invalid = f"a game after {state.winner} had won the match"
        if not row["valid"]:
            if self.invalid is None:
                self.invalid = f"game {row['game']} of the file has errors"
            sequencer.settle(game, None, 0, known=False)
            return
        if row["kind"] is None:
            self.unfinished = True
            sequencer.settle(game, None, 0, known=False)
            return
        side = row["winner"]
        winner = Side.WHITE if side == "white" else Side.BLACK if side == "black" else None
        sequencer.settle(game, winner, int(row["points"] or 0))

    def status(self) -> str:
        if self.invalid is not None:
            return "invalid"
        if self.unfinished or (self.state.winner is None and self.state.length > 1):
            return "unfinished"
        return "draw" if self.state.winner is None else "won"


def _na(value: Any) -> Any:
    """pandas missing values (NA, NaN, None) as None."""
    import pandas as pd

    return None if value is None or pd.isna(value) else value


def matches_frame(
    games: pd.DataFrame, tags: pd.DataFrame | None = None, *, encoding: str | None = None
) -> pd.DataFrame:
    """One row per match of ``games`` (a games frame), in date order.

    Args:
        games: a games frame (:data:`narde_notation.archive.frames.GAME_COLUMNS`),
            in file order (as :func:`~narde_notation.archive.frames.games_frame`
            returns it).
        tags: :func:`match_tags` of the same files, for a games frame
            without the columns game_number, score and date; when omitted
            they are read from the frame's files.

    Returns:
        :data:`MATCH_COLUMNS`: match (int64, 0-based, the order), date (str
        / NA: ``Date`` tag of its first game), file (str), first_game (int64,
        index in the file of its first game), games (int64), white, black
        (str: the first game's White and Black, ``"?"`` when a name is
        missing), length (int64, points; 1 without a ``Match`` tag),
        white_score, black_score (int64, points of those two players at the
        end, a resumed match's starting score included), resumed (bool: the
        first game had a ``Score`` tag other than 0-0 or a ``Game`` number
        above 1), winner, loser (str / NA: names, when status is ``"won"``),
        status (str: ``"won"``, ``"draw"``, ``"unfinished"``,
        ``"invalid"``), rated (bool: status ``"won"`` and two named,
        different players), note (str / NA: why a match is not rated, or
        that it was resumed).  The grouping rules are the module's.

    Raises:
        KeyError: a needed column is missing.
    """
    import pandas as pd

    out = [_row(i, m) for i, m in enumerate(_grouped(games, tags, encoding))]
    if not out:
        return pd.DataFrame({c: pd.Series(dtype=t) for c, t in MATCH_COLUMNS.items()})
    return typed_frame({c: [row[c] for row in out] for c in MATCH_COLUMNS}, MATCH_COLUMNS)


def match_games(
    games: pd.DataFrame, tags: pd.DataFrame | None = None, *, encoding: str | None = None
) -> pd.DataFrame:
    """Which match each game of ``games`` belongs to: file (str), game (int64,
    0-based in the file), match (int64: the ``match`` of :func:`matches_frame`
    of the same arguments), one row per game, the games of a match in file
    order and the matches in :func:`matches_frame`'s order.  The grouping is
    the module's (the same code as :func:`matches_frame`)."""
    grouped = _grouped(games, tags, encoding)
    rows = [(m.file, game, i) for i, m in enumerate(grouped) for game in m.members]
    return typed_frame({"file": [r[0] for r in rows], "game": [r[1] for r in rows],
                        "match": [r[2] for r in rows]},
                       {"file": "str", "game": "int64", "match": "int64"})


def _grouped(games: pd.DataFrame, tags: pd.DataFrame | None, encoding: str | None
             ) -> list[_Match]:
    """The matches of ``games`` by the module's rules, in date order."""
    import pandas as pd

    frame = games
    if tags is None and not _has_tags(games):
        files = [str(f) for f in pd.unique(games["file"]) if os.path.isfile(str(f))]
        tags = match_tags(files, encoding=encoding)
    if tags is not None:
        extra = [c for c in ("game_number", "score", "date") if c not in games.columns]
        frame = games.merge(tags[["file", "game", *extra]], on=["file", "game"], how="left",
                            sort=False)
    cols = ["file", "game", "white", "black", "match", "game_number", "score", "date",
            "valid", "kind", "winner", "points"]
    rows = [
        {c: _na(v) for c, v in zip(cols, values, strict=True)}
        for values in frame[cols].itertuples(index=False, name=None)
    ]
    done: list[_Match] = []
    by_match: dict[int, _Match] = {}
    sequencers: dict[str, MatchSequencer] = {}
    for row in rows:
        sequencer = sequencers.setdefault(row["file"], MatchSequencer())
        length = row["match"]
        placed = MatchTags(int(length) if length else None, row["game_number"] or None,
                         parse_score(row["score"]))
        game = sequencer.place(row["white"], row["black"], placed, partial=True)
        current = by_match.get(id(game.match)) if not game.new else None
        if current is None:
            current = _start(row, game)
            by_match[id(game.match)] = current
            done.append(current)
        current.add(row, sequencer, game)
    done.sort(key=lambda m: (date_key(m.date), m.file, m.first_game))
    return done


def _start(row: dict[str, Any], game: MatchGame) -> _Match:
    state = game.match
    match = _Match(file=row["file"], first_game=int(row["game"]), date=row["date"], state=state)
    if state.resumed:
        match.notes.append(f"resumed at {state.start[0]}-{state.start[1]}"
                           + ("" if row["score"] is not None and parse_score(row["score"])
                              else " (no Score tag)"))
    return match


def _row(index: int, m: _Match) -> dict[str, Any]:
    status = m.status()
    notes = list(m.notes)
    state = m.state
    named = _UNKNOWN not in (state.white, state.black) and state.white != state.black
    if status == "invalid":
        notes.append(f"not rated: {m.invalid}")
    elif status == "unfinished":
        notes.append("not rated: "
                     + ("a game is unfinished" if m.unfinished else "nobody reached the length"))
    elif status == "draw":
        notes.append("not rated: a draw")
    elif not named:
        notes.append("not rated: " + ("a player's name is missing" if _UNKNOWN in
                                      (state.white, state.black)
                                      else "the same name on both sides"))
    winner = state.winner if status == "won" else None
    loser = None if winner is None else (state.black if winner == state.white else state.white)
    return {
        "match": index,
        "date": m.date,
        "file": m.file,
        "first_game": m.first_game,
        "games": len(m.members),
        "white": state.white,
        "black": state.black,
        "length": state.length,
        "white_score": state.scores.get(state.white, 0),
        "black_score": state.scores.get(state.black, 0),
        "resumed": state.resumed,
        "winner": winner,
        "loser": loser,
        "status": status,
        "rated": status == "won" and named,
        "note": "; ".join(notes) or None,
    }
