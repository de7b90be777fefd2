"""The ``.mat`` match layout reader (Jellyfish, Snowie, GNU Backgammon, …).

record-format.md, "Match files from backgammon programs" and
"Resignations"; corpus README decisions 9 and 10.  The layout is
line-based: each line is recognised by a line pattern of ``mat.lark``
(``MATCH_LINE``, ``GAME_LINE``, ``SCORE_LINE``, ``TURN_LINE``, ``WINS_LINE``,
``HEADER_TAG``: linear by construction), and the text of a turn line after
``N)`` is parsed by the grammar's ``start`` rule (half-turns, cube actions,
``Wins``, ``Resigns``, ``Losses``).  A malformed line is reported where it
is and the next lines are still read.

Columns: the left column is White, the right Black.  On a turn line with
two or more items the first is in the left column and the others in the
right; a single item is in the right column when it starts two or more
blanks after ``N)``; a ``Wins`` line of its own is the right player's when
indented 20 columns or more.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import cast

from lark import Lark, Token
from lark.exceptions import UnexpectedInput, UnexpectedToken

from narde_notation.formats.grammar import (
    MAX_NUMBER_DIGITS,
    capped_moves,
    halfturn_parts,
    load_grammar,
    terminal_pattern,
    unescape,
)
from narde_notation.formats.syntax import describe, message, reader_failure, syntax_finding
from narde_notation.model.findings import Finding
from narde_notation.model.record import GameRecord, HalfTurn
from narde_notation.model.side import Side

__all__ = ["mat_parser", "mat_patterns", "read_mat"]

#: Blanks after ``N)`` from which a lone item is in the right column.
_RIGHT_AFTER = 2
#: Indentation from which a ``Wins`` line of its own is the right player's.
_RIGHT_INDENT = 20
_DIGITS_RE = re.compile(r"[0-9]+")


@functools.cache
def mat_parser() -> Lark:
    """The LALR parser of ``mat.lark`` (start ``start``: a turn line's text)."""
    return load_grammar("mat", start=["start", "layout"])


@functools.cache
def mat_patterns() -> dict[str, re.Pattern[str]]:
    """The line patterns of ``mat.lark``, compiled (name -> pattern)."""
    parser = mat_parser()
    names = ("MATCH_LINE", "GAME_LINE", "SCORE_LINE", "TURN_LINE", "WINS_LINE", "HEADER_TAG")
    return {name: terminal_pattern(parser, name) for name in names}


@dataclass(slots=True)
class _MatGame:
    line: int
    header_at_start: dict[str, str]
    header_lines: dict[str, int]
    tags: dict[str, str] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    half_turns: list[HalfTurn] = field(default_factory=list)
    result: str | None = None
    result_line: int | None = None
    result_column: int | None = None
    findings: list[Finding] = field(default_factory=list)
    expect_score: bool = True
    #: a malformed line was met: later half-turns are read for their findings only
    broken: bool = False
    #: the side of the last half-turn read (kept or not)
    last_mover: Side | None = None


def _points(text: str) -> str:
    """The points of ``Wins 2 points`` / ``Losses 1 point`` (digits as written)."""
    found = _DIGITS_RE.search(text)
    return found.group() if found else "1"


class _MatReader:
    """Line-by-line reader of the match layout."""

    def __init__(self, file: str | None) -> None:
        self.file = file
        self.header: dict[str, str] = {}
        self.header_lines: dict[str, int] = {}
        self.match_length: str | None = None
        self.match_line = 0
        self.draft: _MatGame | None = None
        self.index = 0
        patterns = mat_patterns()
        self.re_match = patterns["MATCH_LINE"]
        self.re_game = patterns["GAME_LINE"]
        self.re_score = patterns["SCORE_LINE"]
        self.re_turn = patterns["TURN_LINE"]
        self.re_wins = patterns["WINS_LINE"]
        self.re_tag = patterns["HEADER_TAG"]

    def syntax(self, game: _MatGame, text: str, line: int, column: int, line_text: str) -> None:
        game.findings.append(
            syntax_finding(text, file=self.file, line=line, column=column, line_text=line_text)
        )

    def finish(self) -> GameRecord | None:
        game = self.draft
        self.draft = None
        if game is None:
            return None
        tags = dict(game.header_at_start)
        tags.update(game.tags)
        tag_lines = dict(game.header_lines)
        tag_lines.update(game.tag_lines)
        record = GameRecord(
            tags=tags,
            half_turns=game.half_turns,
            result=game.result,
            findings=[f.located(game=self.index) for f in game.findings],
            file=self.file,
            index=self.index,
            line=game.line,
            format="mat",
            tag_lines=tag_lines,
            result_line=game.result_line,
            result_column=game.result_column,
        )
        self.index += 1
        return record

    def start_game(self, number: int) -> _MatGame:
        """Open a new game at line ``number`` (the header tags and match length apply)."""
        game = self.draft = _MatGame(
            line=number,
            header_at_start=dict(self.header),
            header_lines=dict(self.header_lines),
        )
        if self.match_length is not None:
            game.tags["Match"] = self.match_length
            game.tag_lines["Match"] = self.match_line
        return game

    def feed(self, number: int, line: str) -> GameRecord | None:
        stripped = line.strip()
        if not stripped:
            return None
        game = self.draft
        if stripped.startswith(";"):
            match = self.re_tag.fullmatch(stripped)
            name = "".join(match.group("name").split()) if match else ""
            if match and name:
                # `Match ID` -> `MatchID`: a tag name the native layout can write
                value = unescape(match.group("value"))
                if game is None:
                    self.header[name] = value
                    self.header_lines[name] = number
                elif name not in game.tags:
                    game.tags[name] = value
                    game.tag_lines[name] = number
            return None
        match = self.re_game.fullmatch(line)
        if match:
            done = self.finish()
            game = self.start_game(number)
            game.tags["Game"] = match.group("game")
            game.tag_lines["Game"] = number
            return done
        match = self.re_match.fullmatch(line)
        if match:
            done = self.finish()
            length = match.group("length").lstrip("0")
            # ` 0 point match`: a money session, single games with no match length
            self.match_length = length or None
            self.match_line = number
            return done
        turn = self.re_turn.fullmatch(line)
        if game is None:
            if not (turn or (self.match_length is not None and self.re_score.fullmatch(stripped))):
                return None  # free-text preamble
            # Turns (or a score line) with no `Game N` line before them: a game
            # all the same, so that no move is lost.
            game = self.start_game(number)
        if turn:
            game.expect_score = False
            self.turn_line(game, number, line, turn)
            return None
        if game.expect_score:
            game.expect_score = False
            match = self.re_score.fullmatch(stripped)
            if match:
                # `Name : score   Name : score`; names may hold commas and spaces
                game.tags["White"] = match.group("white").rstrip()
                game.tags["Black"] = match.group("black").rstrip()
                game.tags["Score"] = f"{match.group('wscore')}-{match.group('bscore')}"
                for name in ("White", "Black", "Score"):
                    game.tag_lines[name] = number
                return None
        match = self.re_wins.fullmatch(line)
        if match:
            # corpus decision 9: a Wins line indented 20+ columns is the right player's
            indent = len(match.group("indent"))
            self.wins(game, Side.BLACK if indent >= _RIGHT_INDENT else Side.WHITE,
                      match.group("points"), number, indent + 1)
            return None
        self.syntax(game, "expected a turn line (12) 65: 24/18 18/13), a Wins line or Game N, "
                    f"found {describe(stripped)}", number, len(line) - len(line.lstrip()) + 1,
                    line)
        game.broken = True
        return None

    def wins(self, game: _MatGame, side: Side, points: str, line: int, column: int) -> None:
        game.result = f"{points}-0" if side is Side.WHITE else f"0-{points}"
        game.result_line, game.result_column = line, column

    def turn_line(self, game: _MatGame, number: int, line: str, match: re.Match[str]) -> None:
        written = match.group("number")
        turn = int(written) if len(written) <= MAX_NUMBER_DIGITS else None
        if turn is None:
            game.findings.append(Finding(
                "turn-number", f"a turn number of {len(written)} digits is not read as a turn"
                " number; sides alternate whatever the numbers say.", file=self.file,
                line=number, column=match.start("number") + 1))
        rest = match.group("rest")
        base = match.start("rest")  # 0-based column of the text after ")"
        broken = game.broken
        tokens = self.items(game, number, line, rest, base)
        failed, game.broken = game.broken and not broken, broken  # items before it are kept
        halves = [t for t in tokens if t.type == "HALFTURN"]
        if len(halves) > 2:  # two columns: one half-turn each at most
            extra = halves[2]
            self.syntax(game, "a turn line holds at most two half-turns (one per column),"
                        f" found {describe(str(extra))}", number,
                        base + int(extra.column or 1), line)
            tokens = tokens[: tokens.index(extra)]
            failed = True
        resigned: Side | None = None
        winner: tuple[Side, str, int] | None = None
        # a resignation or a cube action on the line: `Wins` is in the winner's column
        ended_otherwise = any(t.type in ("RESIGNS", "LOSSES", "CUBE") for t in tokens)
        for i, token in enumerate(tokens):
            column = base + int(token.column or 1)
            if len(tokens) >= 2:
                side = Side.WHITE if i == 0 else Side.BLACK
            else:
                side = Side.BLACK if int(token.column or 1) - 1 >= _RIGHT_AFTER else Side.WHITE
            kind = token.type
            if kind == "HALFTURN":
                game.last_mover = side
                if not game.broken:
                    dice, moves, annotation = halfturn_parts(str(token), column)
                    moves, cut = capped_moves(moves, number)
                    if cut is not None:
                        self.syntax(game, cut.message, number, cut.column or column, line)
                    game.half_turns.append(
                        HalfTurn(side, dice, moves, turn if i == 0 else None, annotation, (),
                                 number, column)
                    )
            elif kind == "CUBE":  # each cube action reported once, reading goes on
                self.syntax(game, f"cube action {str(token)!r}: Long Narde has no doubling"
                            " cube", number, column, line)
            elif kind == "WINS":
                # after moves alone, `Wins` stands in the next free column: the game
                # was won by the side that moved last (a game is won on one's own
                # turn); with a resignation or a cube action, its column says
                mover = game.last_mover
                wins_side = side if ended_otherwise or mover is None else mover
                winner = (wins_side, _points(str(token)), column)
            elif kind in ("RESIGNS", "LOSSES"):
                resigned = side
                if kind == "LOSSES" and winner is None:
                    winner = (side.other, _points(str(token)), column)
        game.broken = game.broken or failed
        if resigned is not None:
            game.tags["Termination"] = "resign"
            game.tag_lines["Termination"] = number
        if winner is not None:
            self.wins(game, winner[0], winner[1], number, winner[2])

    def items(self, game: _MatGame, number: int, line: str, rest: str,
              base: int) -> list[Token]:
        """The items of a turn line's text; a syntax error is reported and the
        items before it kept."""
        try:
            tree = mat_parser().parse(rest, start="start")
            return cast(list[Token], tree.children)
        except UnexpectedInput as error:
            if isinstance(error, UnexpectedToken):
                pos = int(error.token.start_pos or 0)
            else:
                pos = int(error.pos_in_stream or 0)
            tokens: list[Token] = []
            try:
                for token in mat_parser().lex(rest):
                    if int(token.start_pos or 0) >= pos:
                        break
                    tokens.append(token)
            except UnexpectedInput:
                pass
            names = getattr(error, "allowed", None) or getattr(error, "expected", None) or ()
            self.syntax(game, message(names, rest[pos:pos + 40], rest[:pos]), number,
                        base + pos + 1, line)
            game.broken = True
            return tokens


def read_mat(lines: Iterable[tuple[int, str]], file: str | None) -> Iterator[GameRecord]:
    """Games of a numbered line stream in the match layout."""
    reader = _MatReader(file)
    for number, line in lines:
        try:
            done = reader.feed(number, line)
        except Exception as exc:  # pragma: no cover - a safety net for reader bugs
            reader.draft = None
            done = reader_failure(exc, file=file, index=reader.index, line=number)
            reader.index += 1
        if done is not None:
            yield done
    done = reader.finish()
    if done is not None:
        yield done
