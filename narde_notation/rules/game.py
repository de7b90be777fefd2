"""A game being played: python-chess's ``Board`` for Long Narde.

:class:`Game` holds what the rules need beyond one position: the rules in
force, the side that moved first (``last-roll-draw``, R9), whether that
variant's reply is due, the outcome once the game has ended, and the stack
of half-turns played (``push`` / ``pop`` / ``turn_stack``, as python-chess's
``move_stack``).  The end of a game is sequenced here and nowhere else
(decisions E9): after each half-turn :func:`~narde_notation.rules.scoring.after_turn`
says whether the game is over or a reply is due; a half-turn after the end
is refused; a game whose record ends while the reply is due keeps the first
mover's win (decisions 13).  A double as the game's first roll is refused
too (R2, :meth:`Game.is_opening_double`), and :func:`opening_roll` /
:func:`roll` are the one way to roll dice for a game.  The replay
(:mod:`narde_notation.replay.validation`), the analysis
(:mod:`narde_notation.analysis.game`), random play
(:mod:`narde_notation.rules.random_play`) and the players' games
(:func:`narde_notation.evaluator.players.play_game`) all play through it
(decisions G4, G5).

Example, White's 6-5 opening and its undo::

    >>> from narde_notation.rules.game import Game
    >>> game = Game()
    >>> turn, = game.legal_turns("65")
    >>> game.push(turn)
    >>> game.position
    Position.from_string('24:14 13:1 / 24:15 / B')
    >>> game.pop().half_turn_text()
    '65: 24/18 18/13'
    >>> game.position == game.start
    True
"""

from __future__ import annotations

import random

from narde_notation.model import (
    Finding,
    GameOverError,
    GameRecord,
    HalfTurn,
    IllegalTurnError,
    Ruleset,
    Side,
    parse_roll,
    shown,
)
from narde_notation.rules.engine import check_turn
from narde_notation.rules.generation import Turn, resolve_rules
from narde_notation.rules.position import Position
from narde_notation.rules.scoring import Outcome, after_turn, outcome

__all__ = ["Game", "opening_roll", "roll"]

_INITIAL = Position()


def opening_roll(rng: random.Random, rules: Ruleset | str | None = None) -> tuple[int, int]:
    """The game's first roll (R2), higher die first: two dice from ``rng``,
    rolled again on a double, unless ``reroll`` is in force (then a double
    stands).  The one opening roll of self-play, matches and benchmarks.

    Raises:
        RulesetError: ``rules`` is neither a ruleset nor a ruleset tag.
    """
    reroll = resolve_rules(rules).reroll
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if a != b or reroll:
            return (a, b) if a >= b else (b, a)


def roll(rng: random.Random) -> tuple[int, int]:
    """Any later roll: two dice from ``rng``, higher die first (R12: a double
    1/36, any other roll 2/36)."""
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    return (a, b) if a >= b else (b, a)


class Game:
    """A Long Narde game: start, rules, first mover, the half-turns played, the end.

    Args:
        start: the position the game starts from; ``None`` (the default):
            the initial position (R1).  A position given here is a set-up
            (:meth:`to_record` writes it as the ``Position`` tag).
        rules: the variants in force, a :class:`~narde_notation.model.ruleset.Ruleset`
            or a ``Rules`` tag (``"koks,reroll"``); ``None`` = standard.
        first_mover: who moves first, a side or ``"white"`` / ``"black"``;
            default the start's side to move.  (The first mover matters for
            ``last-roll-draw``, R9.)

    Raises:
        RulesetError: ``rules`` is neither a ruleset nor a ruleset tag.
        TypeError: ``first_mover`` is not a side.

    Attributes:
        start: the start position, ``first_mover`` to move.
        rules: the ruleset.
        first_mover: the side that moves (moved) first.
        set_up: the game starts from a given position, not from R1's.
        position: the current position (after the last half-turn pushed).
        turn_stack: what was pushed, in order: :class:`Turn` values
            (:meth:`push`, :meth:`play`) or, for a replayed record, its
            :class:`~narde_notation.model.record.HalfTurn` values
            (:meth:`push_half_turn`).  Read it; change it with push and pop.
    """

    __slots__ = ("_outcome", "_positions", "_reply_due", "first_mover", "position",
                 "rules", "set_up", "start", "turn_stack")

    def __init__(
        self,
        start: Position | None = None,
        rules: Ruleset | str | None = None,
        *,
        first_mover: Side | str | None = None,
    ) -> None:
        self.set_up = start is not None
        position = _INITIAL if start is None else start
        mover = position.side_to_move if first_mover is None else Side.coerce(first_mover)
        if position.side_to_move is not mover:
            position = position.with_side_to_move(mover)
        self.start: Position = position
        self.rules: Ruleset = resolve_rules(rules)
        self.first_mover: Side = mover
        self.position: Position = position
        self.turn_stack: list[Turn | HalfTurn] = []
        self._positions: list[Position] = [position]
        self._outcome: Outcome | None = None
        self._reply_due = False

    def __repr__(self) -> str:
        n = len(self.turn_stack)
        state = "over " + str(self._outcome) if self._outcome is not None else "in play"
        return f"<Game {n} half-turn{'' if n == 1 else 's'}, {state}, at {self.position}>"

    # ------------------------------------------------------------ playing
    def legal_turns(self, dice: tuple[int, int] | str) -> list[Turn]:
        """The legal turns of the side to move for ``dice`` (R3–R8, R7), under
        :attr:`rules`; ``[]`` once the game is over (R11) and for a double as
        the game's first roll (R2, :meth:`is_opening_double`).  Each
        :class:`Turn` carries its roll, so :meth:`push` and
        :meth:`Turn.half_turn_text` need nothing more.

        Raises:
            NotationError: a bad roll.
        """
        if self._outcome is not None or self.is_opening_double(dice):
            return []
        return self.position.legal_turns(dice, self.rules)

    def is_opening_double(self, dice: tuple[int, int] | str) -> bool:
        """Whether ``dice`` would be a double as the game's first roll, which R2
        forbids: nothing played yet, the game starts from R1's position (not a
        set-up) and ``reroll`` is not in force.  (The validator's
        ``opening-double`` finding; :meth:`play` and :meth:`push` refuse it.)

        Raises:
            NotationError: a bad roll.
        """
        if self.turn_stack or self.set_up or self.rules.reroll:
            return False
        d1, d2 = parse_roll(dice)
        return d1 == d2

    def _refuse_opening_double(self, played: object, dice: tuple[int, int] | str) -> None:
        if self.is_opening_double(dice):
            d1, d2 = parse_roll(dice)
            message = (f"the game's first roll {d1}{d2} is a double: the opening roll decides"
                       " who starts and is never a double (R2; only `reroll` allows it)")
            raise IllegalTurnError(f"{shown(str(played))}: {message}",
                                   [Finding("opening-double", message)])

    def push(self, turn: Turn) -> Outcome | None:
        """Play ``turn`` (a turn of :meth:`legal_turns`) without checking it again,
        as python-chess's ``push``; then sequence the end of the game (R9).

        Returns:
            The outcome when this half-turn ended the game, else ``None``.

        Raises:
            GameOverError: the game is already over (R11).
            IllegalTurnError: a double as the game's first roll (R2,
                :meth:`is_opening_double`).
            ValueError: ``turn`` was generated from another position.
        """
        before = turn.before
        if before is not None and before != self.position:
            raise ValueError(f"turn {turn} was generated from {before}, not from {self.position}")
        if turn.dice is not None and not self.turn_stack:
            self._refuse_opening_double(turn, turn.dice)
        return self.push_half_turn(turn, turn.position)

    def push_half_turn(self, half_turn: HalfTurn | Turn, after: Position) -> Outcome | None:
        """Push a half-turn as a record wrote it, with the position the replay
        reached after it (legal, or illegal and applied as written: decisions
        7); not checked, the caller (the validator) has checked it.  The mover
        is ``half_turn.side``.  (:meth:`push` and :meth:`play` end here too,
        with a :class:`Turn` and its end position.)

        Returns and raises as :meth:`push`.
        """
        if self._outcome is not None:
            raise self._over(half_turn)
        self.turn_stack.append(half_turn)
        self._positions.append(after)
        self.position = after
        if self._reply_due or after.is_game_over():
            return self._sequence(after, half_turn.side)
        return None

    def play(self, half_turn: str | HalfTurn | Turn) -> Turn:
        """Check and play one half-turn (python-chess's ``push_san``): its text
        (``"65: 24/18 18/13"``, own numbering), a
        :class:`~narde_notation.model.record.HalfTurn`, or a :class:`Turn`.

        Returns:
            The :class:`Turn` pushed (its roll, steps and end position).

        Raises:
            GameOverError: the game is already over (R11).
            IllegalTurnError: not a legal turn here, a double as the game's
                first roll included (R2, code ``opening-double``);
                ``findings`` say why.
            NotationError: the text is not one half-turn.
        """
        if self._outcome is not None:
            raise self._over(half_turn)
        if isinstance(half_turn, str):
            from narde_notation.formats import read_half_turn  # Lark only for text

            half_turn = read_half_turn(half_turn, self.position.side_to_move)
        if half_turn.dice is not None and not self.turn_stack:
            self._refuse_opening_double(half_turn, half_turn.dice)
        if isinstance(half_turn, Turn):
            after = self.position.play(half_turn, self.rules)
            turn = half_turn if half_turn.before == self.position else Turn(
                half_turn.steps, after, half_turn.dice)
        else:
            text = str(half_turn)
            check = check_turn(self.position, half_turn, rules=self.rules)
            if not check.legal or check.position is None or check.steps is None:
                reason = check.findings[0].message if check.findings else "not a legal turn"
                raise IllegalTurnError(f"{shown(text)} in {self.position}: {reason}",
                                       check.findings)
            turn = Turn(check.steps, check.position, half_turn.dice)
        self.push_half_turn(turn, turn.position)
        return turn

    def _sequence(self, after: Position, mover: Side) -> Outcome | None:
        """R9 after ``mover``'s half-turn to ``after``, where a side has all 15
        off or a reply was due: the one place a game's end is sequenced."""
        self._outcome, self._reply_due = after_turn(
            after, mover, self.first_mover, self.rules, self._reply_due)
        return self._outcome

    def _over(self, played: object) -> GameOverError:
        return GameOverError(f"{shown(str(played))}: the game is over ({self._outcome})")

    def pop(self) -> Turn | HalfTurn:
        """Undo the last half-turn and return it (what :meth:`push` or
        :meth:`push_half_turn` was given).

        Raises:
            IndexError: nothing was played.
        """
        if not self.turn_stack:
            raise IndexError("pop from a game with no half-turn played")
        played = self.turn_stack.pop()
        self._positions.pop()
        self.position = self._positions[-1]
        # Only the last half-turn can have ended the game; the one before it
        # may have left the last-roll reply due (R9), which is due again.
        self._outcome, self._reply_due = None, False
        if self.turn_stack and self.position.is_game_over():
            mover = self.position.side_to_move.other
            self._outcome, self._reply_due = after_turn(
                self.position, mover, self.first_mover, self.rules, False)
        return played

    # ------------------------------------------------------------ the end
    @property
    def reply_due(self) -> bool:
        """``last-roll-draw`` (R9): the first mover has borne off its last
        checker and the other side still plays one half-turn."""
        return self._reply_due

    def is_game_over(self) -> bool:
        """The game has ended (R9, R11): nothing more may be played.  Unlike
        :meth:`Position.is_game_over() <narde_notation.rules.position.Position.is_game_over>`,
        a last-roll reply still due (:attr:`reply_due`) keeps the game going."""
        return self._outcome is not None

    def outcome(self, *, final: bool = False) -> Outcome | None:
        """How the game ended (R9): winner, points, kind; ``None`` while it goes on.

        Args:
            final: no half-turn follows (the record ends here).  A
                last-roll reply still due is then not played, and the first
                mover's win stands, scored as it stands (decisions 13).
        """
        if self._outcome is None and final and self._reply_due:
            return outcome(self.position, self.rules)
        return self._outcome

    # ------------------------------------------------------------ views
    def positions(self) -> list[Position]:
        """The start and the position after each half-turn: ``len(turn_stack) + 1``
        positions; ``positions()[k]`` is the position after ``k`` half-turns."""
        return list(self._positions)

    def to_record(
        self, *, white: str = "White", black: str = "Black", tags: dict[str, str] | None = None
    ) -> GameRecord:
        """The game as a record (own numbering): tags ``White``, ``Black``, the
        extra ``tags``, ``Rules`` unless standard, ``Position`` for a set-up,
        ``Result``; one half-turn per turn pushed (numbered from 1, ``N...``
        when Black moved first), and the result: the outcome, or ``*`` while
        the game goes on (a reply still due included).

        Raises:
            ValueError: a :class:`Turn` pushed without its roll.
        """
        offset = 1 if self.first_mover is Side.BLACK else 0
        half_turns = [
            played.to_half_turn(number=(ply + offset) // 2 + 1) if isinstance(played, Turn)
            else played
            for ply, played in enumerate(self.turn_stack)
        ]
        all_tags = {"White": white, "Black": black, **(tags or {})}
        if self.rules != Ruleset.standard():
            all_tags["Rules"] = self.rules.to_tag()
        if self.set_up:
            all_tags["Position"] = str(self.start)
        result = "*" if self._outcome is None else self._outcome.result_string
        all_tags["Result"] = result
        return GameRecord(tags=all_tags, half_turns=half_turns, result=result)
