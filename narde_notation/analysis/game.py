"""One game analysed: every half-turn rated against the evaluator's best turn.

For each half-turn replayed without an error, from the mover's side:
``equity_played`` and ``equity_best`` (points, R9) after the played and the
best turn of the roll, ``loss = equity_best - equity_played`` (>= 0),
``forced`` (one distinct end position, R7), a mark on unforced half-turns
(:func:`~narde_notation.analysis.marks.move_mark`), the luck of the roll
(:mod:`~narde_notation.analysis.luck`) and, in a match (``Match`` and
``Score`` tags, R10), the same judged by match-winning chance
(:mod:`~narde_notation.analysis.match_equity`).  A game with an error is
analysed up to the half-turn of its first error, and says so in ``stopped``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from narde_notation.analysis.depth import AUTO, Depth, check_depth, depth_label, judge_half_turn
from narde_notation.analysis.luck import LuckMeter
from narde_notation.analysis.marks import luck_mark, move_mark
from narde_notation.analysis.match_equity import MAX_MATCH_LENGTH, match_equity_table, outcome_rates
from narde_notation.evaluator import Evaluator
from narde_notation.formats import MatchTags
from narde_notation.model import ROLLS, GameRecord, Side, unicode_text
from narde_notation.replay import GameReport, match_away, validate
from narde_notation.rules import Game, Outcome, Position, Turn, after_turn, legal_turns

if TYPE_CHECKING:
    import pandas as pd

    from narde_notation.analysis.match_equity import MatchEquityTable

__all__ = ["COLUMNS", "MATCH_TAGS", "GameAnalysis", "HalfTurnAnalysis", "analyse",
           "evaluator_for"]

#: columns of :meth:`GameAnalysis.to_frame` and their pandas dtypes.
#: Repeated labels (side, player, roll, marks) are ``category``, as in the
#: archive's tables (one dtype per column name everywhere); free text ``string``.
COLUMNS: dict[str, str] = {
    "ply": "int64", "number": "string", "side": "category", "player": "category",
    "roll": "category", "played": "string", "best": "string",
    "equity_played": "float64", "equity_best": "float64", "loss": "float64",
    "forced": "bool", "turns": "int64", "rank": "int64", "mark": "category",
    "luck": "float64", "luck_mark": "category", "exact": "bool", "win": "float64",
    "white_win": "float64", "mwc_played": "float64", "mwc_best": "float64",
    "mwc_loss": "float64", "depth": "int64",
}


@dataclass(frozen=True, slots=True)
class HalfTurnAnalysis:
    """One half-turn rated (all equities in points, from the mover's side, R9).

    Attributes:
        ply: 1-based index of the half-turn in the record.
        number: its turn label, ``"3."`` (White) or ``"3..."`` (Black).
        side: who moved.
        player: the mover's name (``White`` / ``Black`` tag), else ``"White"`` / ``"Black"``.
        roll: the dice, higher first, ``"65"``.
        played: the played turn as the engine writes it (``"pass"`` for none).
        best: the best turn of the roll.
        equity_played, equity_best: equity after each, before the opponent's roll.
        loss: ``equity_best - equity_played`` (>= 0).
        forced: one distinct end position only (R7).
        turns: how many distinct end positions the roll had.
        rank: 1-based rank of the played turn among them.
        mark: ``"doubtful"``, ``"bad"``, ``"very bad"`` or ``None`` (marks module).
        luck: equity after the best play of the roll minus the mean over the
            36 rolls (0-ply, :mod:`~narde_notation.analysis.luck`).
        luck_mark: ``"very lucky"``, ``"lucky"``, ``"unlucky"``, ``"very unlucky"``, ``None``.
        exact: the played, best and luck figures all come from R9 or the
            bear-off database (both sides home).
        win: the mover's chance of winning the game after the played turn (0…1).
        white_win: White's chance of winning the game after it (0…1).
        mwc_played, mwc_best, mwc_loss: match-winning chances (0…1) after the
            played turn and the best turn by that measure, and their
            difference; ``None`` outside a match or when a player needs
            more than :data:`~narde_notation.analysis.match_equity.MAX_MATCH_LENGTH`
            points (docs/decisions.md A13).
        verified: the half-turn's mark was verified by a rollout of the played
            and the best turn (:func:`analyse`'s ``verify``): ``mark`` is then the
            milder of the depth's mark and the rollout's
            (:func:`~narde_notation.analysis.marks.move_mark` of ``rollout_loss``):
            kept only as far as the rollout confirms it.
        rollout_loss, rollout_loss_se: the rollout's loss of the played turn
            against the best (points; negative when the played turn did better)
            and its standard error (paired); ``None`` unless verified.
        depth: the search depth (ply) the played and best figures, the loss and
            the mark come from: 0, 1 or 2 (at the ``"auto"`` depth, 1 or 2 only
            where it matters, :mod:`~narde_notation.analysis.depth`; the
            last-roll reply and exact figures say 0).
    """

    ply: int
    number: str
    side: Side
    player: str
    roll: str
    played: str
    best: str
    equity_played: float
    equity_best: float
    loss: float
    forced: bool
    turns: int
    rank: int
    mark: str | None
    luck: float
    luck_mark: str | None
    exact: bool
    win: float
    white_win: float
    mwc_played: float | None = None
    mwc_best: float | None = None
    mwc_loss: float | None = None
    verified: bool = False
    rollout_loss: float | None = None
    rollout_loss_se: float | None = None
    depth: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The row as plain values (``side`` as ``"white"`` / ``"black"``)."""
        row = asdict(self)
        row["side"] = self.side.name_lower
        return row


@dataclass(slots=True)
class GameAnalysis:
    """The analysis of one game.

    Attributes:
        file, game: where the game is (its 0-based index in the file).
        white, black: the players' names (``"White"`` / ``"Black"`` without tags).
            These three and ``tags`` are UTF-8 text
            (:func:`~narde_notation.model.safe_text.unicode_text`: a byte of a
            file name that is not UTF-8 as ``\\xe9``, a lone surrogate as
            ``\\ud83d``), as in the tables they are joined with.
        search_ply: the search depth asked for: 0, 1, 2 or ``"auto"`` (each
            half-turn's ``depth`` says which its figures come from).
        rules: the ruleset's tag the game was analysed under.
        half_turns: the rated half-turns, in order.
        written: half-turns written in the record.
        stopped: why the analysis stopped before the end (the game's first
            error), else ``None``.
        errors: every error finding of the game (``str(finding)``).
        match: ``(length, white_away, black_away)`` for a match game, else ``None``.
        winner: the side that won the game as replayed, else ``None``.
        kind: how it ended, ``"oyn"``, ``"mars"``, ``"koks"``, ``"draw"``, or
            ``None`` (unfinished, R9, R11).
        points: the points it scored (0 unfinished or drawn, R9).
        tags: the record's ``Match``, ``Game``, ``Score`` and ``Date`` tags as
            written (those present): what groups games into matches
            (:mod:`narde_notation.archive.matches`, R10).
        start_white_win: White's winning chance in the start position, before
            the first roll (``None`` without a usable start).
        report: the replayed game it rates, for its viewer (Jupyter shows an
            analysis as the viewer with the marks and the graph); ``None``
            for an analysis made in a worker process (never sent back), and
            not compared.
    """

    file: str
    game: int
    white: str
    black: str
    search_ply: Depth
    rules: str
    half_turns: list[HalfTurnAnalysis] = field(default_factory=list)
    written: int = 0
    stopped: str | None = None
    errors: list[str] = field(default_factory=list)
    match: tuple[int, int, int] | None = None
    winner: Side | None = None
    kind: str | None = None
    points: int = 0
    tags: dict[str, str] = field(default_factory=dict)
    start_white_win: float | None = None
    report: GameReport | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        return (f"<GameAnalysis {self.white!r} vs {self.black!r}, "
                f"{len(self.half_turns)}/{self.written} half-turns,"
                f" {depth_label(self.search_ply)}"
                f"{', stopped' if self.stopped else ''}>")

    def to_frame(self) -> pd.DataFrame:
        """One row per rated half-turn: :data:`COLUMNS` (names and dtypes) after
        ``file`` (category) and ``game`` (int64).  ``mark``, ``luck_mark`` and the
        ``mwc_*`` columns are missing values (``<NA>`` / NaN) when there is none."""
        import pandas as pd

        rows = [h.to_dict() for h in self.half_turns]
        frame = pd.DataFrame(rows, columns=list(COLUMNS))
        frame.insert(0, "game", self.game)
        frame.insert(0, "file", self.file)
        return frame.astype({"file": "category", "game": "int64", **COLUMNS})

    def summary(self) -> pd.DataFrame:
        """Per-player figures of this game (:func:`.summary.player_summary`)."""
        from narde_notation.analysis.summary import player_summary

        return player_summary([self])


#: marks from none to the worst (a verified mark is the milder of the depth's and the rollout's).
_SEVERITY: list[str | None] = [None, "doubtful", "bad", "very bad"]
#: the tags a :class:`GameAnalysis` keeps: what groups games into matches (R10).
MATCH_TAGS = ("Match", "Game", "Score", "Date")
_EVALUATORS: dict[str, Evaluator] = {}


def evaluator_for(rules: Any, base: Evaluator | None = None) -> Evaluator:
    """An evaluator for ``rules`` (a Ruleset): ``base`` when its rules are these,
    else one sharing ``base``'s network; without ``base`` the shipped one,
    loaded once per process and ruleset."""
    if base is not None:
        return base if base.rules == rules else Evaluator(rules, network=base.network)
    key = rules.to_tag()
    if key not in _EVALUATORS:
        shared = next(iter(_EVALUATORS.values()), None)
        _EVALUATORS[key] = (Evaluator(rules) if shared is None
                            else Evaluator(rules, network=shared.network))
    return _EVALUATORS[key]


def _match_state(record: GameRecord) -> tuple[int, int, int] | None:
    """``(length, white_away, black_away)`` from the Match and Score tags (R10)."""
    return match_away(MatchTags.of(record.tags))


def _label(number: int, side: Side) -> str:
    return f"{number}." if side is Side.WHITE else f"{number}..."


def analyse(report_or_record: GameReport | GameRecord, evaluator: Evaluator | None = None,
            ply: Depth = AUTO, *, file: str | None = None, verify: int = 0,
            seed: int = 0) -> GameAnalysis:
    """Rate every half-turn of a game against the evaluator's best turn.

    Args:
        report_or_record: a :class:`~narde_notation.replay.validation.GameReport`,
            or a record (replayed here by :func:`~narde_notation.replay.validation.validate`).
        evaluator: the evaluator (default: the shipped one, loaded once);
            a game under other rules gets one with the same network.
        ply: the ranking's search depth: ``"auto"`` (0 ply everywhere, 1 or 2
            where it can change a mark or the best turn,
            :mod:`~narde_notation.analysis.depth`), or 0, 1 or 2 everywhere
            (luck is always 0-ply).
        file: the file name to report (default: the record's).
        verify: roll out every marked half-turn's played and best turn, this
            many trials each (:meth:`Evaluator.rollout
            <narde_notation.evaluator.evaluate.Evaluator.rollout>`, 0-ply
            players, dice seeded by ``seed``), and keep each mark only as far as
            the rollout confirms it (``HalfTurnAnalysis.verified``); 0: no rollouts.

    Returns:
        A :class:`GameAnalysis`; a game with an error is rated up to the
        half-turn of its first error (``stopped`` says where and why).

    Raises:
        ValueError: ``ply`` is not ``"auto"`` or the integer 0, 1 or 2
            (``True``, ``1.0`` included), or ``verify`` is 1 or negative.
        TypeError: ``report_or_record`` is neither a record nor a report.
    """
    ply = check_depth(ply)
    if verify < 0 or verify == 1:
        raise ValueError(f"verify takes 0 (no rollouts) or 2 or more trials, not {verify!r}")
    if not isinstance(report_or_record, (GameReport, GameRecord)):
        raise TypeError("analyse takes a GameRecord or a GameReport, not "
                        f"{type(report_or_record).__name__}")
    report = report_or_record if isinstance(report_or_record, GameReport) else \
        validate(report_or_record)
    record = report.record
    ev = evaluator_for(report.rules, evaluator)
    result = GameAnalysis(
        file=unicode_text(file if file is not None else (record.file or "<input>")),
        game=record.index, white=unicode_text(record.white or "White"),
        black=unicode_text(record.black or "Black"),
        search_ply=ply, rules=report.rules.to_tag(), written=len(record.half_turns),
        errors=[str(f) for f in report.errors], winner=report.winner, kind=report.kind,
        points=report.points,
        tags={k: unicode_text(v) for k in MATCH_TAGS if (v := record.tags.get(k)) is not None})
    result.match = _match_state(record)
    result.report = report
    table = None
    if result.match is not None and max(result.match[1:]) <= MAX_MATCH_LENGTH:
        # the table as far as the points the players still need: a long match
        # near its end is judged too, one further away by points only (A13)
        table = match_equity_table(max(result.match[1:]), outcome_rates(ev))
    if report.start is None:
        why = report.errors[0] if report.errors else None  # a bad Rules or Position tag
        result.stopped = "stopped before half-turn 1: " + (
            "no usable start position" if why is None else f"{why.code}: {why.message}")
        return result
    start = report.start
    if not start.is_game_over():
        chance = ev.evaluate(start).win
        result.start_white_win = chance if start.side_to_move is Side.WHITE else 1 - chance
    _rate_half_turns(result, report, ev, table, ply, verify=verify, seed=seed)
    syntax = next((f for f in record.findings if f.code == "syntax"), None)
    if result.stopped is None and syntax is not None:
        # the reader stopped the game at a syntax error: the half-turns after it
        # were never read, so the analysis ends there too (and says so)
        result.stopped = (f"stopped after half-turn {len(result.half_turns)}: syntax error"
                          f" at line {syntax.line}: {syntax.message}")
    return result


def _rate_half_turns(result: GameAnalysis, report: GameReport, ev: Evaluator,
                     table: MatchEquityTable | None, ply: Depth, *, verify: int,
                     seed: int) -> None:
    """Append to ``result`` the rating of each of ``report``'s half-turns from
    its start (not ``None``), in order, up to the first that cannot be rated
    (``result.stopped`` then says which and why); the arguments as
    :func:`analyse`'s."""
    assert report.start is not None
    meter = LuckMeter(ev)
    start = report.start
    opening_possible = start == Position.initial()
    # the one sequencer of a game's end (R9, R11), as the validator's replay
    game = Game(start, report.rules)
    number = 0
    for replay in report.turns:
        half = replay.half_turn
        number = half.number if half.number is not None else (
            number + 1 if half.side is Side.WHITE or replay.ply == 0 else number)
        bad = [f for f in replay.findings if f.is_error]
        if bad or replay.after is None:
            first = bad[0] if bad else None
            result.stopped = (f"stopped before half-turn {replay.ply + 1}: "
                              + (f"{first.code}: {first.message}" if first else
                                 "its moves could not be applied"))
            break
        if game.is_game_over():
            result.stopped = f"stopped before half-turn {replay.ply + 1}: the game is over (R11)"
            break
        if game.reply_due:  # last-roll-draw (R9): the reply to the first mover's last checker
            rated = _rate_reply(game, replay.before, replay.after, half.dice, table,
                                result.match)
        else:
            rated = _rate(ev, meter, replay.before, replay.after, half.dice, ply,
                          opening=opening_possible and replay.ply == 0, table=table,
                          match=result.match, verify=verify, seed=seed)
        if rated is None:
            result.stopped = (f"stopped before half-turn {replay.ply + 1}: the played turn is"
                              " not among the legal turns")
            break
        player = result.white if half.side is Side.WHITE else result.black
        result.half_turns.append(HalfTurnAnalysis(
            ply=replay.ply + 1, number=_label(number, half.side), side=half.side,
            player=player, **rated))
        game.push_half_turn(half, replay.after)


def _rate_reply(game: Game, before: Position, after: Position, dice: tuple[int, int],
                table: MatchEquityTable | None, match: tuple[int, int, int] | None,
                ) -> dict[str, Any] | None:
    """The last-roll reply (R9, ``last-roll-draw``): every turn's value is the
    game's exact outcome after it (a draw, 0, when it bears off the last
    checker too, else the first mover's win), sequenced by the one rule of a
    game's end (:func:`~narde_notation.evaluator.game.after_turn`); the luck
    is the played roll's best against the mean of every roll's best (R12).
    Equities and chances from the mover's side (docs/decisions.md G5)."""
    rules, mover = game.rules, before.side_to_move

    def end(turn: Turn) -> Outcome:
        ended, _due = after_turn(turn.position, mover, game.first_mover, rules, True)
        assert ended is not None  # the first mover has all 15 off: the reply ends the game
        return ended

    def ends(roll: tuple[int, int]) -> list[tuple[Turn, Outcome]]:
        return [(t, end(t)) for t in legal_turns(before, roll, rules)]

    def points(o: Outcome) -> float:
        return 0.0 if o.winner is None else float(o.points if o.winner is mover else -o.points)

    played_roll = (max(dice), min(dice))
    rated = sorted(ends(played_roll), key=lambda end: -points(end[1]))
    played = next(((t, o) for t, o in rated if t.position == after), None)
    if played is None:
        return None
    best_turn, best = rated[0]
    eq, eq_best = points(played[1]), points(best)
    # in 36ths (R12: a double 1, any other roll 2), so a certain result is exactly 0 luck
    mean = sum(round(36 * p) * max(points(o) for _t, o in ends((d1, d2)))
               for d1, d2, p in ROLLS) / 36
    luck = eq_best - mean
    loss, forced = eq_best - eq, len(rated) == 1
    white_won = played[1].winner is Side.WHITE
    out: dict[str, Any] = dict(
        roll=f"{played_roll[0]}{played_roll[1]}", played=played[0].notation(),
        best=best_turn.notation(), equity_played=eq, equity_best=eq_best, loss=loss,
        forced=forced, turns=len(rated), rank=1 + sum(points(o) > eq for _t, o in rated),
        mark=move_mark(loss, forced), luck=luck, luck_mark=luck_mark(luck), exact=True,
        win=float(played[1].winner is mover), white_win=float(white_won))
    if table is not None and match is not None:
        away, opp_away = (match[1], match[2]) if mover is Side.WHITE else (match[2], match[1])

        def chance(o: Outcome) -> float:
            if o.winner is None:
                return table.mwc(away, opp_away)
            if o.winner is mover:
                return table.mwc(away - o.points, opp_away)
            return table.mwc(away, opp_away - o.points)

        mine, top = chance(played[1]), max(chance(o) for _t, o in rated)
        out.update(mwc_played=mine, mwc_best=top, mwc_loss=max(0.0, top - mine))
    return out


def _rate(ev: Evaluator, meter: LuckMeter, before: Position, after: Position,
          dice: tuple[int, int], ply: Depth, *, opening: bool,
          table: MatchEquityTable | None, match: tuple[int, int, int] | None,
          verify: int = 0, seed: int = 0) -> dict[str, Any] | None:
    # the luck first: its batch holds the end boards the ranking values (Judge.after_turns)
    luck = meter.luck(before, dice, opening=opening)
    judged = judge_half_turn(ev, before, dice, after, ply, meter)
    if judged is None:
        return None
    turns, ranking, index = judged.turns, judged.ranking, judged.played
    estimate, best_index, best_estimate = judged.estimate, judged.best, judged.best_estimate
    koks = ev.rules.koks
    loss = max(0.0, best_estimate.equity - estimate.equity)
    if loss < 1e-12:
        loss = 0.0
    forced = len(turns) == 1
    mover = before.side_to_move
    played_turn = turns[ranking.order[index]]
    out: dict[str, Any] = dict(
        roll=f"{max(dice)}{min(dice)}", played=played_turn.notation(),
        best=turns[ranking.order[best_index]].notation(), equity_played=estimate.equity,
        equity_best=best_estimate.equity, loss=loss, forced=forced, turns=len(turns),
        rank=index + 1 if best_index != index or index == 0 else 1,
        mark=move_mark(loss, forced), luck=luck.luck, luck_mark=luck_mark(luck.luck),
        exact=bool(estimate.exact and best_estimate.exact and luck.exact), depth=judged.depth,
        win=estimate.win, white_win=estimate.win if mover is Side.WHITE else 1 - estimate.win)
    if verify and out["mark"] is not None:
        checked = _verified(ev, before, dice, played_turn, turns[ranking.order[best_index]],
                            verify, seed, forced)
        # kept as far as the rollout confirms it: the milder of the two marks
        checked["mark"] = min(out["mark"], checked["mark"], key=_SEVERITY.index)
        out.update(checked)
    if table is not None and match is not None:
        away, opp_away = (match[1], match[2]) if mover is Side.WHITE else (match[2], match[1])
        chances = [table.of_estimate(judged.row_estimate(k, koks), away, opp_away)
                   for k in range(len(turns))]
        mine = table.of_estimate(estimate, away, opp_away)
        top = max([*chances, mine])
        out.update(mwc_played=mine, mwc_best=top, mwc_loss=max(0.0, top - mine))
    return out


def _verified(ev: Evaluator, before: Position, dice: tuple[int, int], played: Turn,
              best: Turn, trials: int, seed: int, forced: bool) -> dict[str, Any]:
    """A mark checked by a rollout of the played and the best turn (same dice):
    the rollout's loss, its standard error and its mark."""
    rolled = ev.rollout(before, dice, turns=[best, played], trials=trials, seed=seed)
    by_turn = {r.turn.position: r for r in rolled.rows if r.turn is not None}
    mine, top = by_turn[played.position], by_turn[best.position]
    loss = top.equity - mine.equity
    se = max(mine.loss_se, top.loss_se)  # the row after the first carries the paired error
    return {"mark": move_mark(max(0.0, loss), forced), "verified": True, "rollout_loss": loss,
            "rollout_loss_se": se}
