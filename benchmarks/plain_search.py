"""A plain breadth-first search of legal turns, written straight from rules.md.

Independent of the package (imports nothing from it): the reference the
engine is timed against (``bench_engine.py --plain``) and checked against
(``tests/test_differential.py``).  Boards are tuples, one die at a time,
every rule tested as rules.md words it:

* R3 a step moves one checker exactly one die forward; R4 it may not stop
  on a point the opponent holds;
* R5 at most one checker leaves the head (own 24) per turn, two on a first
  turn with 6-6, 4-4 or 3-3 (variants ``head-doubles-64``,
  ``head-exception-strict``);
* R6 after every step no six consecutive points (along the opponent's
  path) held with no opposing checker on the board ahead of them; under
  ``end-of-turn-block`` only the final position is checked;
* R7 the most dice, the higher die when only one can be played;
* R8 bearing off once all 15 are home, from point n with a die n, or from
  the highest occupied point lower than n when nothing stands above it.

Run: ``python benchmarks/plain_search.py`` checks it against
``positions.jsonl`` and prints the agreement.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

Board = tuple[int, ...]  # index 0 = borne off, 1…24 = own points


def flip(point: int) -> int:
    """The other side's own number of the same place (rules.md, numbering)."""
    return (point + 11) % 24 + 1


def parse_side(field: str) -> Board:
    counts = [0] * 25
    for token in field.split():
        point, _, count = token.partition(":")
        counts[int(point)] = int(count) if count else 1
    counts[0] = 15 - sum(counts)
    return tuple(counts)


def side_text(board: Board) -> str:
    return " ".join(f"{p}:{board[p]}" for p in range(24, 0, -1) if board[p])


def parse_position(text: str) -> tuple[Board, Board, str]:
    white, black, side = text.split("/")
    return parse_side(white), parse_side(black), side.strip()


def illegal_block(me: Board, opp: Board, through: int | None) -> bool:
    """R6: six consecutive points held (opponent's numbering q … q-5), no opponent checker below.

    ``through``: only blocks containing this own point (a step's destination).
    """
    held = {flip(p) for p in range(1, 25) if me[p]}  # in the opponent's numbering
    for low in range(1, 20):
        window = range(low, low + 6)
        if through is not None and flip(through) not in window:
            continue
        if all(q in held for q in window) and not any(opp[y] for y in range(1, low)):
            return True
    return False


def head_allowance(first: bool, d1: int, d2: int, opp: Board, variants: set[str]) -> int:
    """R5: checkers allowed off the head this turn."""
    if not first or d1 != d2:
        return 1
    if d1 not in ((6, 4) if "head-doubles-64" in variants else (6, 4, 3)):
        return 1
    if "head-exception-strict" in variants:
        point = 24
        for _ in range(4):
            point -= d1
            if opp[flip(point)]:
                return 2 if point == 12 else 1
        return 1
    return 2


def steps_from(
    me: Board, from_head: int, die: int, opp: Board, allowance: int, per_step_block: bool
) -> list[tuple[Board, int]]:
    """Every (board, checkers taken off the head) one legal step of ``die`` away."""
    out = []
    all_home = sum(me[7:]) == 0
    for p in range(1, 25):
        if not me[p]:
            continue
        if p == 24 and from_head >= allowance:
            continue
        t = p - die
        new = list(me)
        new[p] -= 1
        if t >= 1:
            if opp[flip(t)]:
                continue  # R4
            new[t] += 1
            board = tuple(new)
            if per_step_block and illegal_block(board, opp, t):
                continue  # R6
        else:
            if not all_home:
                continue  # R8: not all home
            if t < 0 and any(me[q] for q in range(p + 1, 7)):
                continue  # R8: a checker above
            new[0] += 1
            board = tuple(new)
        out.append((board, from_head + (p == 24)))
    return out


def legal_finals(
    me: Board, opp: Board, first: bool, d1: int, d2: int, variants: set[str]
) -> tuple[int, set[Board]]:
    """(dice used, end boards of the mover) of every legal turn (R3–R8, R7)."""
    if d1 < d2:
        d1, d2 = d2, d1
    allowance = head_allowance(first, d1, d2, opp, variants)
    eot = "end-of-turn-block" in variants
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    # depth -> {(board, first die played)}
    reached: dict[int, set[tuple[Board, int]]] = {0: {(me, 0)}}
    for order in orders:
        layer = {(me, 0)}
        for depth, die in enumerate(order, start=1):
            nxt = set()
            for board, from_head in layer:
                for new, heads in steps_from(board, from_head, die, opp, allowance, not eot):
                    nxt.add((new, heads))
            layer = nxt
            reached.setdefault(depth, set()).update(
                (board, order[0]) for board, _ in layer
            )
    for depth in range(len(orders[0]), 0, -1):
        ends = {
            (b, d)
            for b, d in reached.get(depth, set())
            if not (eot and illegal_block(b, opp, None))
        }
        if not ends:
            continue
        if depth == 1 and d1 != d2 and any(d == d1 for _, d in ends):
            ends = {(b, d) for b, d in ends if d == d1}  # R7: the higher die
        return depth, {b for b, _ in ends}
    return 0, {me}


def finals_text(position: str, dice: str, rules: str) -> tuple[int, list[str]]:
    """The corpus's view: (max dice, sorted end-position strings)."""
    white, black, side = parse_position(position)
    variants = set() if rules == "standard" else set(rules.split(","))
    me, opp = (white, black) if side == "W" else (black, white)
    first = me[24] == 15
    used, ends = legal_finals(me, opp, first, int(dice[0]), int(dice[1]), variants)
    texts = []
    for end in ends:
        if side == "W":
            texts.append(f"{side_text(end)} / {side_text(opp)} / B")
        else:
            texts.append(f"{side_text(opp)} / {side_text(end)} / W")
    return used, sorted(texts)


def main() -> int:
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else (
        Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
    )
    bad = 0
    n = 0
    with (corpus / "positions.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            case = json.loads(line)
            n += 1
            used, texts = finals_text(case["position"], case["dice"], case["rules"])
            if used != case["max_dice"] or texts != case["finals"]:
                bad += 1
                print("differs:", case["id"], case["category"])
    print(f"{n - bad} of {n} cases agree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
