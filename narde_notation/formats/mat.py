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
right; a single item is in the right column when it starts 8 columns or
more after ``N)``, a line of its own (a ``Wins`` line) when indented 20
columns or more (tabs to the next multiple of 8).  The column of ``Wins`` decides who won (decisions
C1); each result is checked against the next game's score line.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import ChainMap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import cast

from lark import Lark, Token
from lark.exceptions import UnexpectedInput, UnexpectedToken

from narde_notation.formats._mat_columns import (
    OTHER_BLANKS,
    REFUSES_CUBE,
    SAME_CELL_GAP,
    column_side,
    same_roll,
    written_points,
)
from narde_notation.formats._mat_results import (
    MATCH_CLAIM_RE,
    match_claim,
    score_contradiction,
)
from narde_notation.formats._score import format_score, result_token
from narde_notation.formats.grammar import (
    MAX_NUMBER_DIGITS,
    capped_moves,
    halfturn_parts,
    load_grammar,
    terminal_pattern,
    unescape,
)
from narde_notation.formats.syntax import describe, message, reader_failure, syntax_finding
from narde_notation.model import Finding, GameRecord, HalfTurn, Side, parse_roll

__all__ = ["mat_parser", "mat_patterns", "read_mat"]

#: How a line a program or a transcriber meant as part of a record starts,
#: after its blanks and control characters: ``N point match``, ``Game N``,
#: ``N)``, ``Wins N``, ``Name : N  Name : N``.  Such a
#: line before a game that is not read is reported; free text (a boxed title
#: ``|  Final (Part 1)  |``, a date) is not (decisions R4).
_RECORD_HINT_RE = re.compile(
    r"[\s\x00-\x1f\x7f]*(?i:[0-9]+[ \t]+point[ \t]+match|game\W*[0-9]|[0-9]+\)|wins[ \t]+[0-9]"
    r"|[^:|+;]+:[ \t]*[0-9]+[ \t]+[^:]+:[ \t]*[0-9])")
#: ``; Set Pos=…``: a game from a set-up position (eXtreme Gammon's export).
_SET_POS_RE = re.compile(r";[ \t]*Set[ \t]*Pos[ \t]*=[ \t]*(?P<value>.*)", re.IGNORECASE)


@functools.cache
def mat_parser() -> Lark:
    """The LALR parser of ``mat.lark`` (start ``start``: a turn line's text)."""
    return load_grammar("mat", start=["start", "layout"])


@functools.cache
def mat_patterns() -> dict[str, re.Pattern[str]]:
    """The line patterns of ``mat.lark``, compiled (name -> pattern)."""
    names = ("MATCH_LINE", "GAME_LINE", "SCORE_LINE", "TURN_LINE", "WINS_LINE", "HEADER_TAG",
             "ITEM_START", "ROLL")
    return {name: terminal_pattern("mat", mat_parser, name) for name in names}


@dataclass(slots=True)
class _MatGame:
    line: int
    #: the match's `; [Tag]` header when the game started (shared, never written)
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
    #: the side a Resigns or Losses item marked as resigning
    resigner: Side | None = None
    #: a turn line after the game's result was reported (once a game)
    past_result: bool = False
    #: the last `N)` line with nothing after it: (line, column, text) (decisions FX4)
    empty_turn: tuple[int, int, str] | None = None


#: One item of a turn line: (kind, text, 1-based column in the line's text
#: after ``N)``, the text written in place of the moves of an ``UNREAD`` roll).
#: Kinds: the terminals of ``mat.lark``'s ``start``, and ``UNREAD`` (a roll
#: whose moves are not read) and ``GARBAGE`` (a piece that is no item).
_Item = tuple[str, str, int, "str | None"]
#: Items that are a half-turn (one per column).
_HALF_KINDS = frozenset({"HALFTURN", "UNREAD"})
#: What programs write after a roll in place of its moves.
_IN_PLACE_OF_MOVES = frozenset({"CANNOT_MOVE", "UNRECORDED", "ILLEGAL_PLAY"})


class _MatReader:
    """Line-by-line reader of the match layout."""

    def __init__(self, file: str | None) -> None:
        self.file = file
        self.header: dict[str, str] = {}
        self.header_lines: dict[str, int] = {}
        #: the header dicts are held by a game read: copy them before a write
        self.header_shared = False
        self.match_length: str | None = None
        self.match_line = 0
        self.draft: _MatGame | None = None
        #: `; [Tag "value"]` lines after a game's turns: name -> (value, line)
        self.pending: dict[str, tuple[str, int]] = {}
        self.index = 0
        #: findings on lines no game holds (text before a game that looks like
        #: part of a record), reported by a record of their own (decisions R4)
        self.loose: list[Finding] = []
        #: findings for the next game (a set-up line after a game's turns)
        self.pending_findings: list[Finding] = []
        #: the game read last: the next game's score line is checked against
        #: its result (decision C2)
        self.last: GameRecord | None = None
        patterns = mat_patterns()
        self.re_match = patterns["MATCH_LINE"]
        self.re_game = patterns["GAME_LINE"]
        self.re_score = patterns["SCORE_LINE"]
        self.re_turn = patterns["TURN_LINE"]
        self.re_wins = patterns["WINS_LINE"]
        self.re_tag = patterns["HEADER_TAG"]
        self.re_item = patterns["ITEM_START"]
        self.re_roll = patterns["ROLL"]

    def syntax(self, game: _MatGame, text: str, line: int, column: int, line_text: str) -> None:
        game.findings.append(
            syntax_finding(text, file=self.file, line=line, column=column, line_text=line_text)
        )

    def finish(self) -> GameRecord | None:
        game = self.draft
        self.draft = None
        if game is None:
            return None
        # the header is shared, not copied: a long header is read once a file
        # (decisions F19); the game's own tags come first
        tags = ChainMap(game.tags, game.header_at_start) if game.header_at_start else game.tags
        tag_lines = (ChainMap(game.tag_lines, game.header_lines) if game.header_lines
                     else game.tag_lines)
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
            resigner=game.resigner,
        )
        self.index += 1
        self.last = record
        return record

    def start_game(self, number: int) -> _MatGame:
        """Open a new game at line ``number`` (the header tags and match length apply)."""
        game = self.draft = _MatGame(
            line=number, header_at_start=self.header, header_lines=self.header_lines)
        self.header_shared = True
        if self.match_length is not None:
            game.tags["Match"] = self.match_length
            game.tag_lines["Match"] = self.match_line
        self.take_pending(game)
        return game

    def take_pending(self, game: _MatGame) -> None:
        """Header tags met after the previous game's turns join ``game``."""
        for name, (value, line) in self.pending.items():
            if name not in game.tags:
                game.tags[name] = value
                game.tag_lines[name] = line
        self.pending.clear()
        game.findings.extend(self.pending_findings)
        self.pending_findings.clear()

    def loose_record(self) -> GameRecord:
        """A record of no game holding the findings of lines no game holds."""
        record = GameRecord(findings=self.loose, file=self.file, index=self.index,
                            line=self.loose[0].line or 1, format="mat")
        self.loose = []
        self.index += 1
        return record

    def set_up(self, game: _MatGame | None, number: int, value: str) -> None:
        """``; Set Pos=…`` at line ``number``: a Long Narde position string
        (``24:15 / 24:15 / W``, record-format.md) becomes the game's
        ``Position`` tag; anything else (an XGID, a backgammon position) is a
        ``syntax`` finding on that line, so that the game is not replayed from
        the opening (decisions R5)."""
        after_turns = game is None or bool(game.half_turns) or game.result is not None
        if value.count("/") == 2 and "XGID" not in value.upper():
            if after_turns:
                self.pending.setdefault("Position", (value, number))
            elif game is not None and "Position" not in game.tags:
                game.tags["Position"], game.tag_lines["Position"] = value, number
            return
        finding = syntax_finding(
            f"the set-up position {value[:60]!r} is not read (only a Long Narde position"
            " string such as `24:15 / 24:15 / W` is): the game is not replayed from the"
            " opening", file=self.file, line=number, column=1, line_text=None)
        if after_turns:
            self.pending_findings.append(finding)
        elif game is not None:
            game.findings.append(finding)

    def feed(self, number: int, line: str) -> GameRecord | None:
        """Read line ``number`` (its text ``line``); the game it ends, if any."""
        if not (line.isascii() and line.isprintable()):
            line = line.translate(OTHER_BLANKS)  # the layout's columns are blanks
        stripped = line.strip()
        if not stripped:
            return None
        if stripped.startswith(";"):
            self.comment(number, stripped)
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
        return self.game_line(number, line, stripped)

    def comment(self, number: int, stripped: str) -> None:
        """A line starting with ``;``: a set-up position, a header tag, or a
        comment (``; [Game 1, Move 1: Dice set to …]``), which is skipped."""
        set_up = _SET_POS_RE.fullmatch(stripped)
        if set_up:
            self.set_up(self.draft, number, set_up.group("value").strip())
            return
        match = self.re_tag.fullmatch(stripped)
        # `Match ID` -> `MatchID`: a tag name the native layout can write
        name = "".join(match.group("name").split()) if match else ""
        if match and name:
            self.tag(number, name, unescape(match.group("value")))

    def tag(self, number: int, name: str, value: str) -> None:
        """The header tag ``name`` at line ``number``: the match header's
        before any game, the next game's after a game's turns, else the game's."""
        game = self.draft
        if game is None:
            if self.header_shared:  # games read so far keep the header they had
                self.header = dict(self.header)
                self.header_lines = dict(self.header_lines)
                self.header_shared = False
            self.header[name] = value
            self.header_lines[name] = number
        elif game.half_turns or game.result is not None:
            # after a game's turns: a header of the next game (whose `Game N`
            # line may be missing)
            self.pending.setdefault(name, (value, number))
        elif name not in game.tags:
            game.tags[name] = value
            game.tag_lines[name] = number

    def game_line(self, number: int, line: str, stripped: str) -> GameRecord | None:
        """A line that is neither a comment nor ``Game N`` nor ``N point
        match``: a turn line, a score line, a ``Wins`` line, items with no
        ``N)``, or a ``syntax`` finding; the game a score line ends, if any."""
        game = self.draft
        turn = self.re_turn.fullmatch(line)
        if game is None:
            if not (turn or (self.match_line and self.re_score.fullmatch(stripped))):
                if _RECORD_HINT_RE.match(stripped):
                    self.unread(number, stripped)
                return None  # free-text preamble
            # Turns (or a score line) with no `Game N` line before them: a game
            # all the same, so that no move is lost.
            game = self.start_game(number)
        if turn:
            game.expect_score = False
            self.turn_line(game, number, line, turn)
            return None
        score = self.re_score.fullmatch(stripped)
        if score:
            return self.score_line(game, number, score)
        match = self.re_wins.fullmatch(line)
        if match:
            # corpus decision 9: a Wins line indented 20+ columns is the right
            # player's (a tab reaches the next multiple of 8, as the program's
            # columns were drawn); after a resignation, the other side's
            written = match.group("indent")
            side = column_side(line, len(written), 0)
            if game.resigner is not None:
                side = game.resigner.other
            self.wins(game, side, match.group("points"), number, len(written) + 1)
            if MATCH_CLAIM_RE.search(line):  # checked against the match length (H14)
                found = match_claim(game.tags, side, match.group("points"), self.file,
                                    number, len(written) + 1)
                if found is not None:
                    game.findings.append(found)
            return None
        lead = len(line) - len(line.lstrip())
        if self.re_item.match(line, lead):
            # items with no `N)` before them (`   Drops      Wins 1 point`): a turn
            # line without a number, a lone item placed as a Wins line is
            self.read_items(game, number, line, line, 0, None)
            return None
        self.syntax(game, "expected a turn line such as `N) 65: 24/18 18/13`, a `Wins N"
                    f" points` line or `Game N`, found {describe(stripped)}", number, lead + 1,
                    line)
        return None

    def score_line(self, game: _MatGame, number: int, score: re.Match[str]) -> GameRecord | None:
        """``Name : score   Name : score`` at line ``number``: the players and
        the score of ``game``, or of a game that starts here when ``game`` is
        past its start (its ``Game N`` line missing); the game that ends, if any."""
        done = None
        if not game.expect_score:
            # a score line stands at a game's start only: this game's `Game N`
            # line is missing (or damaged), and it starts here all the same
            done = self.finish()
            game = self.start_game(number)
        game.expect_score = False
        # names may hold commas and spaces
        game.tags["White"] = score.group("white").rstrip()
        game.tags["Black"] = score.group("black").rstrip()
        game.tags["Score"] = format_score(score.group("wscore"), score.group("bscore"))
        for name in ("White", "Black", "Score"):
            game.tag_lines[name] = number
        # checked against the game read before it (decision C2)
        found = score_contradiction(self.last, game.tags, self.file, number)
        if found is not None:
            game.findings.append(found)
        return done

    def unread(self, number: int, stripped: str) -> None:
        """A line before a game that looks like part of a record and is not read."""
        self.loose.append(syntax_finding(
            f"this line looks like part of a match record but is not read: {stripped[:60]!r}",
            file=self.file, line=number, column=1, line_text=None))

    def wins(self, game: _MatGame, side: Side, points: str, line: int, column: int,
             line_text: str | None = None) -> None:
        """The game's result; one that contradicts a result written before it
        (`Losses 2 points` beside `Wins 1 point`) is a ``syntax`` error, and
        the last written is kept (decisions H10)."""
        result = result_token(side, points)
        if game.result is not None and result != game.result:
            game.findings.append(syntax_finding(
                f"this result, {result}, contradicts the one written before it,"
                f" {game.result} (line {game.result_line}); {result} is read",
                file=self.file, line=line, column=column, line_text=line_text))
        game.result = result
        game.result_line, game.result_column = line, column

    def turn_line(self, game: _MatGame, number: int, line: str, match: re.Match[str]) -> None:
        written = match.group("number")
        turn = int(written) if len(written) <= MAX_NUMBER_DIGITS else None
        if turn is None:
            game.findings.append(Finding(
                "turn-number", f"a turn number of {len(written)} digits is not read as a turn"
                " number; sides alternate whatever the numbers say.", file=self.file,
                line=number, column=match.start("number") + 1))
        if game.result_line is not None and game.result_line < number and not game.past_result:
            # a game's result is its last line (R11: nothing is played after the
            # end); the turn is still read, so that nothing is lost (decisions H16)
            game.past_result = True
            self.syntax(game, f"a turn line after this game's result ({game.result}, line"
                        f" {game.result_line}): the result ends the game; is a `Game N`"
                        " line missing?", number, match.start("number") + 1, line)
        if not match.group("rest").strip():  # `N)` alone: a game's last turn line may be
            game.empty_turn = (number, match.start("number") + 1, line)
        elif game.empty_turn is not None:  # ... but not one the game goes on after (FX4)
            at, column, text = game.empty_turn
            game.empty_turn = None
            self.syntax(game, "a turn line with nothing after its number, and the game goes"
                        " on after it: its roll and moves are missing", at, column, text)
        self.read_items(game, number, line, match.group("rest"), match.start("rest"), turn)

    def read_items(self, game: _MatGame, number: int, line: str, rest: str, base: int,
                   turn: int | None) -> None:
        """The items of a turn line's text ``rest`` (0-based column ``base`` on
        the line), each put in its column (decision C1): a lone item stands
        in the right column when it starts ``RIGHT_AFTER`` columns or more
        after ``N)`` (``RIGHT_INDENT`` into a line with no ``N)``)."""
        items = self.once_each_roll(game, number, line, base,
                                    self.items(game, number, line, rest, base))
        halves = [item for item in items if item[0] in _HALF_KINDS]
        if len(halves) > 2:  # two columns: one half-turn each at most
            extra = halves[2]
            self.syntax(game, "a turn line holds at most two half-turns (one per column),"
                        f" found {describe(extra[1])}", number, base + extra[2], line)
            items = items[: items.index(extra)]
        resigned: Side | None = None
        claims_match = False
        winner: tuple[Side, str, int] | None = None
        lost: tuple[Side, str, int] | None = None
        for i, (kind, text, at, unread) in enumerate(items):
            column = base + at
            if len(items) >= 2:
                side = Side.WHITE if i == 0 else Side.BLACK
            else:
                side = column_side(line, column - 1, base)
            if kind in _HALF_KINDS:
                if kind == "HALFTURN":
                    dice, moves, annotation = halfturn_parts(text, column)
                    moves, cut = capped_moves(moves, number)
                    if cut is not None:
                        self.syntax(game, cut.message, number, cut.column or column, line)
                else:  # a roll whose moves are not read (a finding was made)
                    dice, moves, annotation = parse_roll(text.rstrip(":")), (), None
                game.half_turns.append(
                    HalfTurn(side, dice, moves, turn if i == 0 else None, annotation, (),
                             number, column, unread)
                )
            elif kind == "CUBE":  # each cube action reported once, reading goes on
                if REFUSES_CUBE.match(text):  # a side that drops concedes the game
                    game.resigner = side  # a Wins line after it is the other's (H12)
                self.syntax(game, f"cube action {text!r}: Long Narde has no doubling"
                            " cube", number, column, line)
            elif kind == "WINS":  # the column says who won (R1)
                winner = (side, written_points(text), column)
                claims_match = MATCH_CLAIM_RE.search(text) is not None
            elif kind in ("RESIGNS", "LOSSES"):
                resigned = side
                if kind == "LOSSES" or any(c.isdigit() for c in text):
                    # `Losses 2 points`, `Resigns 2 points`: the other side wins them (H19)
                    lost = (side.other, written_points(text), column)
        if resigned is not None:
            game.resigner = resigned
            game.tags["Termination"] = "resign"
            game.tag_lines["Termination"] = number
        for result in (lost, winner):  # a Wins is read last: it is kept
            if result is not None:
                self.wins(game, result[0], result[1], number, result[2], line)
        if winner is not None and claims_match:  # checked against the match length (H14)
            found = match_claim(game.tags, winner[0], winner[1], self.file, number, winner[2])
            if found is not None:
                game.findings.append(found)

    def once_each_roll(self, game: _MatGame, number: int, line: str, base: int,
                       items: list[_Item]) -> list[_Item]:
        """Items with a roll written twice in a row by a transcriber (``41: 41:
        24/23 13/9``: a roll alone, then the same roll with its moves, a few
        blanks apart, not a column apart) read once, where the first stands,
        with a ``syntax`` finding: it is not a pass followed by a second roll."""
        kept: list[_Item] = []
        for item in items:
            before = kept[-1] if kept else None
            if (before is not None and before[0] == "HALFTURN" and item[0] in _HALF_KINDS
                    and self.re_roll.fullmatch(before[1])
                    and item[2] - (before[2] + len(before[1])) <= SAME_CELL_GAP
                    and same_roll(before[1], self.re_roll.match(item[1]))):
                self.syntax(game, f"the roll {before[1]} is written twice; it is read once,"
                            " with the moves after the second", number, base + item[2], line)
                kept[-1] = (item[0], item[1], before[2], item[3])
                continue
            kept.append(item)
        return kept

    def items(self, game: _MatGame, number: int, line: str, rest: str,
              base: int) -> list[_Item]:
        """The items of a turn line's text, in order.  When the text does not
        parse, it is cut where items may start (``ITEM_START``) and each piece
        is read on its own: a piece that cannot be read is one ``syntax``
        finding (its roll kept when it starts with one), the others are read."""
        try:
            tokens = cast(list[Token], mat_parser().parse(rest, start="start").children)
        except UnexpectedInput:
            pass
        else:
            return self.merged(game, number, line, base, [
                (str(t.type), str(t), int(t.column or 1), None) for t in tokens])
        starts = [m.start() for m in self.re_item.finditer(rest)]
        if not starts or starts[0] != len(rest) - len(rest.lstrip(" \t")):
            starts.insert(0, 0)
        starts.append(len(rest))
        raw: list[_Item] = []
        for begin, stop in itertools.pairwise(starts):
            piece = rest[begin:stop]
            try:
                tokens = cast(list[Token], mat_parser().parse(piece, start="start").children)
            except UnexpectedInput as error:
                raw.append(self.unread_piece(game, number, line, base, begin, piece, error))
            else:
                raw.extend((str(t.type), str(t), begin + int(t.column or 1), None)
                           for t in tokens)
        return self.merged(game, number, line, base, raw)

    def unread_piece(self, game: _MatGame, number: int, line: str, base: int, begin: int,
                     piece: str, error: UnexpectedInput) -> _Item:
        """The item standing for a piece of a turn line that does not parse,
        after its ``syntax`` finding: a roll whose moves are not read when the
        piece starts with a roll, else nothing readable (``GARBAGE``)."""
        if isinstance(error, UnexpectedToken):
            pos = int(error.token.start_pos or 0) if error.token.type != "$END" else len(piece)
        else:
            pos = int(error.pos_in_stream or 0)
        names = getattr(error, "allowed", None) or getattr(error, "expected", None) or ()
        self.syntax(game, message(names, piece[pos:pos + 40], piece[:pos]), number,
                    base + begin + pos + 1, line)
        lead = len(piece) - len(piece.lstrip(" \t"))
        roll = self.re_roll.match(piece, lead)
        if roll is not None:
            return ("UNREAD", roll.group(), begin + lead + 1,
                    piece[roll.end():].strip() or "?")
        return ("GARBAGE", piece.strip(), begin + lead + 1, None)

    def merged(self, game: _MatGame, number: int, line: str, base: int,
               raw: list[_Item]) -> list[_Item]:
        """Items with what programs write in place of moves joined to the roll
        before it: ``Cannot Move`` (a pass), ``????`` and ``Illegal play (…)``
        (the moves are not known: the roll is kept, with a ``syntax`` finding
        that names them, and a replay stops there)."""
        if not any(item[0] in _IN_PLACE_OF_MOVES for item in raw):
            return raw
        items: list[_Item] = []
        for kind, text, at, unread in raw:
            if kind not in _IN_PLACE_OF_MOVES:
                items.append((kind, text, at, unread))
                continue
            before = items[-1] if items else None
            roll_only = (before is not None and before[0] == "HALFTURN"
                         and self.re_roll.fullmatch(before[1]) is not None)
            if before is None or not roll_only:
                self.syntax(game, f"{text[:40]!r} stands where a roll and its moves should;"
                            " nothing is read from it", number, base + at, line)
                items.append(("GARBAGE", text, at, None))
            elif kind == "CANNOT_MOVE":
                pass  # the roll alone is a pass (R11)
            else:
                what = ("the program did not record its moves" if kind == "UNRECORDED" else
                        "the program recorded an illegal play and not its moves")
                self.syntax(game, f"{text[:40]!r} after the roll {before[1]} {what}: the roll is"
                            " kept, the position after it is unknown", number, base + at, line)
                items[-1] = ("UNREAD", before[1], before[2], text)
        return items


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
        if reader.loose and reader.draft is not None:
            yield reader.loose_record()  # before the game that starts after those lines
    if reader.draft is not None:
        reader.take_pending(reader.draft)  # header lines after the last game: kept there
    done = reader.finish()
    if done is not None:
        yield done
    if reader.pending_findings:
        reader.loose.extend(reader.pending_findings)
    if reader.loose:
        yield reader.loose_record()
