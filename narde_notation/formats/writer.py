"""Write game records as text: the canonical native layout, or the ``.mat`` layout.

Native (record-format.md):

* tag pairs in record order, ``\\"`` and ``\\\\`` escaped, then a blank line;
* turns two half-turns a line, ``12. 65: 24/18 18/13    54: 24/20 20/15``:
  a White half-turn starts a line, with ``N.`` when it has a number; a Black
  half-turn follows White's on the same line, or starts its own line with
  ``N...`` when it has a number of its own (Black moved first, or the record
  numbered it);
* rolls higher die first, ``off`` for bearing off, ``bar``, ``*`` after the
  last point of a move marked as a hit, ``(n)`` for repeats, annotations
  glued to the last move, ``pass`` for a half-turn without moves;
* comments ``{ … }`` after the half-turn they follow (``; …`` when the text
  holds a brace);
* the result token on its own line.

Round trip: ``read(write(r)) == r`` (dataclass equality, which ignores text
and positions) for every record the reader produces from the native layout,
except a first half-turn by Black without a number (the layout cannot say
it) and comments before a game's first half-turn (the reader drops them).

Turns the engine plays (single-die steps) are written in the shortest
standard form by :func:`shortest_moves`, the one owner of that form: a
checker's steps joined, equal moves counted ``(2)``, highest point first.

``.mat`` (the Jellyfish / GNU Backgammon layout): ``; [Tag "value"]`` for
the tags the layout has no place for, `` N point match``, `` Game N``, the
score line, `` 12) 65: 24/18 18/13      54: 24/20 20/15`` (left column
White, right column Black) and ``Wins N point(s)``.  The layout has no
comments or annotations: they are not written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from itertools import pairwise
from typing import Literal

from narde_notation._lazy import publish
from narde_notation.formats._score import parse_score
from narde_notation.model import BAR, OFF, GameRecord, HalfTurn, Move, Side

__all__ = ["played_order_moves", "shortest_half_turn", "shortest_moves", "write_game",
           "write_games"]

Format = Literal["native", "mat"]
#: Width of the White half-turn column in native turn lines (the spec's example).
_NATIVE_COLUMN = 24
#: Where the right column of a ``.mat`` turn line starts (after `` 12) ``).
_MAT_COLUMN = 28

_MAT_OWN_TAGS = ("White", "Black", "Match", "Game", "Score")


def shortest_moves(steps: Iterable[tuple[int, int]]) -> tuple[Move, ...]:
    """The moves of a turn as players write them, from its single-die steps.

    ``steps`` are ``(from point, to point)`` pairs in the mover's own
    numbering (``OFF`` = 0 for a checker borne off), in any order.  The
    shortest standard form (record-format.md "Moves"; gnubg writes turns
    so): a checker's steps are joined when it only passes the point in
    between (``24/18 18/13`` -> ``24/13``: Long Narde has no hitting, R4,
    so nothing happens on a point passed), as few moves as the steps
    allow; equal moves are counted (``24/20 24/20`` -> ``24/20(2)``); moves
    are sorted highest point first (then highest destination).  Where a
    double leaves a choice of which checker goes on (``24/21 21/18 21/18
    18/15``), the checker from the higher point goes furthest
    (``24/15 21/18``).  A checker borne off from home in several steps keeps
    its stops (``62: 3/1/off``, where ``3/off`` would read as the 6 alone).
    No steps: ``()`` (a pass).

    The reader reads the result back to the same end position
    (``tests/formats/test_shortest_moves.py`` plays it back over many turns).
    """
    ordered = sorted(steps, key=lambda s: (-s[0], -s[1]))
    chains: list[list[int]] = []  # the points of each checker's path so far
    for start, end in ordered:
        # every step ending at `start` came earlier (it starts higher); the one
        # from the highest point goes on
        going_on = [c for c in chains if c[-1] == start]
        if going_on:
            max(going_on, key=lambda c: c[0]).append(end)
        else:
            chains.append([start, end])
    counts = Counter(_written_path(chain) for chain in chains)
    return tuple(Move(path, repeat=n)
                 for path, n in sorted(counts.items(), key=lambda i: (-i[0][0], -i[0][-1])))


def played_order_moves(steps: Iterable[tuple[int, int]]) -> tuple[Move, ...]:
    """The moves of a turn in the order its steps were played: a step that
    goes on from where the previous step of a checker stopped joins it
    (``17/14 14/11 23/20 20/17`` -> ``17/11 23/17``), nothing is reordered or
    counted.  The form a turn is written in when the order matters (a
    six-point block, R6, that one order of the steps builds and another does
    not): read in the written order it is the turn as played."""
    chains: list[list[int]] = []
    for start, end in steps:
        going_on = [c for c in chains if c[-1] == start]
        if going_on:
            going_on[-1].append(end)
        else:
            chains.append([start, end])
    return tuple(Move(_written_path(chain)) for chain in chains)


def _written_path(points: list[int]) -> tuple[int, ...]:
    """A checker's path as written: its first and last point, except a bear-off
    from home in several steps, which keeps its stops (``3/1/off``: ``3/off``
    would read as one die bearing the checker off, R8)."""
    if points[-1] == OFF and len(points) > 2 and points[0] <= 6:
        return tuple(points)
    return (points[0], points[-1])


def shortest_half_turn(half_turn: HalfTurn) -> HalfTurn:
    """``half_turn`` with its moves in the shortest standard form
    (:func:`shortest_moves` of the points its moves name: ``65: 24/18 18/13`` ->
    ``65: 24/13``, ``44: 24/20 20/16 24/20 20/16`` -> ``44: 24/16(2)``), for
    showing a legal half-turn as players write it.  A half-turn with a hit
    mark, the bar or moves that were not read is returned as it is (its text
    is what a finding points at)."""
    moves = half_turn.moves
    if half_turn.unread is not None or any(
            m.hit or BAR in m.path for m in moves):
        return half_turn
    steps = [(a, b) for m in moves for _ in range(m.repeat) for a, b in pairwise(m.path)]
    return replace(half_turn, moves=shortest_moves(steps))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> tuple[str, bool]:
    """The comment as written and whether it ends the line (a ``;`` comment)."""
    if "{" in text or "}" in text:
        return f"; {text}".rstrip(), True
    return f"{{ {text} }}" if text else "{}", False


def _native_turns(halfturns: Iterable[HalfTurn]) -> list[str]:
    lines: list[str] = []
    current: str | None = None  # a line that still takes Black's half-turn
    for halfturn in halfturns:
        text = halfturn.to_text()
        closes = False
        for comment in halfturn.comments:
            written, ends = _comment(comment)
            text += " " + written
            closes = closes or ends
        number = halfturn.number
        if halfturn.side is Side.WHITE:
            if current is not None:
                lines.append(current)
            current = (f"{number}. " if number is not None else "") + text
        elif current is not None and number is None:
            lines.append(_join(current, text))
            current = None
            continue
        else:
            if current is not None:
                lines.append(current)
            lines.append((f"{number}... " if number is not None else "") + text)
            current = None
            continue
        if closes:
            lines.append(current)
            current = None
    if current is not None:
        lines.append(current)
    return lines


def _join(left: str, right: str) -> str:
    """White's half-turn padded to the column, then Black's."""
    return (
        f"{left.ljust(_NATIVE_COLUMN)} {right}"
        if len(left) < _NATIVE_COLUMN
        else (f"{left}  {right}")
    )


def _write_native(record: GameRecord, *, close: bool) -> str:
    parts: list[str] = []
    if record.tags:
        parts.append(
            "\n".join(f'[{name} "{_escape(value)}"]' for name, value in record.tags.items())
        )
    body = _native_turns(record.half_turns)
    result = record.result if record.result is not None else ("*" if close else None)
    if result is not None:
        body.append(result)
    if body:
        parts.append("\n".join(body))
    return "\n\n".join(parts) + "\n" if parts else ""


def _mat_number(halfturn: HalfTurn, fallback: int) -> int:
    return halfturn.number if halfturn.number is not None else fallback


def _write_mat(record: GameRecord) -> str:
    tags = record.tags
    out: list[str] = []
    if "Match" in tags:
        out.append(f" {tags['Match']} point match")
        out.append("")
    out.append(f" Game {tags.get('Game', '1')}")
    # tags the layout has no place for, as the comment headers programs write
    for name, value in tags.items():
        if name not in _MAT_OWN_TAGS and not (name == "Termination" and record.resigned):
            out.append(f'; [{name} "{_escape(value)}"]')
    white, black = tags.get("White", "White"), tags.get("Black", "Black")
    score_w, score_b = parse_score(tags.get("Score")) or (0, 0)  # the score line holds numbers
    left = f" {white} : {score_w}"
    out.append(f"{left.ljust(_MAT_COLUMN + 4)}{black} : {score_b}")
    row: list[HalfTurn | None] = []
    rows: list[list[HalfTurn | None]] = []
    for halfturn in record.half_turns:
        if halfturn.side is Side.WHITE:
            if row:
                rows.append(row)
            row = [halfturn]
        else:
            if row and row[0] is not None and len(row) == 1:
                row.append(halfturn)
                rows.append(row)
            else:
                if row:
                    rows.append(row)
                rows.append([None, halfturn])
            row = []
    if row:
        rows.append(row)
    count = 0
    for pair in rows:
        first = next(h for h in pair if h is not None)
        count = _mat_number(first, count + 1)
        prefix = f"{count:3d}) "
        white_ht = pair[0]
        left_text = white_ht.to_text(off="0", pass_word="") if white_ht else ""
        line = prefix + left_text
        if len(pair) > 1 and pair[1] is not None:
            right = pair[1].to_text(off="0", pass_word="")
            width = _MAT_COLUMN + 5
            line = line.ljust(width) if len(line) < width else line + " "
            line += right
        out.append(line.rstrip() if line.strip() else line)
    found = parse_score(record.result)  # a result is written as a score is: `2-0`
    points = found[0] or found[1] if found else 0
    if found and points:
        wins = f"Wins {points} {'point' if points == 1 else 'points'}"
        white_won = found[0] > 0
        if record.resigned:
            # record-format.md "Resignations": `Resigns` in the resigner's column
            cells = ("Resigns", wins) if not white_won else (wins, "Resigns")
            line = f"{count + 1:3d}) {cells[0]}"
            out.append(line.ljust(_MAT_COLUMN + 5) + cells[1])
        else:
            out.append(f"{' ' * (6 if white_won else 34)}{wins}")
    return "\n".join(out) + "\n"


def write_game(record: GameRecord, format: Format = "native") -> str:
    """The text of one game, ending with a line break.

    Args:
        record: the game.
        format: ``"native"`` (record-format.md) or ``"mat"`` (the match layout).

    Returns:
        The text; an empty string for a native record with no tags, no
        half-turns and no result.

    Raises:
        ValueError: on an unknown ``format``.
    """
    if format == "native":
        return _write_native(record, close=False)
    if format == "mat":
        return _write_mat(record)
    raise ValueError(f"unknown format {format!r}: expected 'native' or 'mat'")


def write_games(records: Iterable[GameRecord], format: Format = "native") -> str:
    """The text of many games, separated by a blank line.

    In the native layout a game without a result that is followed by another
    game gets ``*``: without a result token the next game's tag pairs would be
    part of it (corpus README, decision 1).  ``.mat`` games are written as one
    match under the first game's ``N point match`` line.

    Raises:
        ValueError: on an unknown ``format``.
    """
    items = list(records)
    if format == "native":
        texts = [_write_native(record, close=i + 1 < len(items)) for i, record in enumerate(items)]
        return "\n".join(text for text in texts if text)
    if format == "mat":
        texts = []
        for i, record in enumerate(items):
            text = _write_mat(record)
            if i:
                # one `N point match` line per file
                lines = text.split("\n")
                text = "\n".join(line for line in lines if not line.strip().endswith("point match"))
            texts.append(text)
        return "\n\n".join(texts)
    raise ValueError(f"unknown format {format!r}: expected 'native' or 'mat'")


publish("narde_notation.formats", write_game, write_games)
