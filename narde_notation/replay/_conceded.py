"""What a game's end concedes when the record declares it: a ``.mat`` win of
more points than a game is worth (a forfeit, decisions F17) and a
resignation (record-format.md "Resignations"; decisions FX2), checked
against the position the replay reached (:func:`~narde_notation.rules.scoring.conceded`).
The replay (:mod:`narde_notation.replay._replay`) hands over its report
and its way of adding a finding."""

from __future__ import annotations

from collections.abc import Callable

from narde_notation.formats import parse_score
from narde_notation.model import Side
from narde_notation.replay._report import GameReport
from narde_notation.rules import Kind, Outcome, conceded

__all__ = ["MOST_POINTS", "describe", "forfeit", "resignation", "side_name"]

#: The most points a game can be worth under any rules (koks, R9); a ``.mat``
#: win of more is a forfeit (decisions F17).
MOST_POINTS = 3

#: how the replay adds a finding: (code, message, line, column)
Add = Callable[[str, str, int | None, int | None], None]
#: a declared result: (value, where it is written, line, column)
Declared = tuple[str, str, int | None, int | None]


def side_name(side: Side | None) -> str:
    return "White" if side is Side.WHITE else "Black"


def describe(out: Outcome) -> str:
    if out.winner is None:
        return "a draw"
    return f"{side_name(out.winner)} wins by {out.kind}"


def forfeit(report: GameReport, add: Add, wins: Declared) -> bool:
    """A ``.mat`` win of more points than any game can be worth (3, koks:
    R9; a claim of 3 under standard rules is a resignation's
    ``wrong-result``, decision F4), such as ``Wins 4016 point``: programs
    write it when a match is forfeited or abandoned (decisions F17).  Read
    as the winner's win of the game, worth what the game gives: the
    replay's outcome when the game is over, else what the loser concedes
    in the last position (:func:`~narde_notation.rules.scoring.conceded`,
    as a resignation), with an ``unfinished`` warning that names the
    forfeit.  Returns False (the line is checked as any result) when the
    points are within a game's value; a forfeit by the side the finished
    replay has losing is ``wrong-result``."""
    value, where, line, column = wins
    white, black = parse_score(value) or (0, 0)
    most = MOST_POINTS
    if (white == 0) == (black == 0) or max(white, black) <= most:
        return False
    winner = Side.WHITE if white else Side.BLACK
    replayed, position = report.outcome, report.final_position
    if replayed is not None and replayed.winner is not winner:
        add("wrong-result", f"{where} says {value}, but the replay gives"
            f" {replayed.result_string} ({describe(replayed)}).", line, column)
        return True
    if replayed is None:
        if position is None:
            return False
        replayed = report.outcome = conceded(position, winner.other, report.rules)
        what = "the game is not over: read as"
    else:
        what = "read as the replay's"
    add("unfinished", f"{where} says {value}, more points than a game is worth"
        f" (at most {most}): a forfeit or points beyond a game's value; {what}"
        f" {side_name(winner)}'s win by {replayed.kind}, {replayed.result_string}.",
        line, column)
    return True


def resignation(report: GameReport, resigner: Side | None, add: Add,
                declared: list[Declared]) -> None:
    """A game ended by resignation (record-format.md, "Resignations"): the
    declared points must be a win worth no more than the position allows
    (:func:`~narde_notation.rules.scoring.conceded`: oyn, mars, koks);
    ``wrong-result`` otherwise.  The accepted value is the game's outcome.
    With nothing declared (a ``.mat`` lone ``Resigns``, a native
    ``Termination "resign"`` without a result token) the resigning side
    (``resigner``, else the side on roll) concedes what the position gives."""
    position = report.final_position
    if not declared and position is not None:
        # no points written: the resigner concedes what the position gives,
        # 1, 2 or 3 (record-format.md "Resignations"; decisions FX2)
        report.outcome = conceded(position, resigner or position.side_to_move, report.rules)
        return
    for value, where, line, column in declared:
        white, black = parse_score(value) or (0, 0)
        if (white == 0) == (black == 0) or position is None:
            add("wrong-result", f"{where} says {value}, but a resignation gives the"
                " other side a win.", line, column)
            continue
        winner = Side.WHITE if white else Side.BLACK
        if winner is resigner:
            add("wrong-result", f"{where} says {value}, but the record has"
                f" {side_name(winner)} resigning.", line, column)
            continue
        most = conceded(position, winner.other, report.rules)
        points = white or black
        if points > most.points:
            add("wrong-result", f"{where} says {value}, but {side_name(winner.other)}"
                f" resigning here concedes at most {most.points} ({most.kind}).",
                line, column)
        elif report.outcome is None:
            kind: Kind = ("oyn", "mars", "koks")[points - 1]
            report.outcome = Outcome(winner, points, kind)
        elif report.outcome.result_string != value:
            add("wrong-result", f"{where} says {value}, but the game's result says"
                f" {report.outcome.result_string}.", line, column)
