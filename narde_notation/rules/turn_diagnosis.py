"""Why written moves are not a legal turn: the search of all readings.

A reading splits every written move into single-die steps (a move of one
die sum, or naming its stops) and orders the steps; :func:`diagnose` tries
every reading with the single-step rule :func:`narde_notation.rules.step.step`
and reports the most specific finding of the reading that gets furthest
(rules.md, "Findings").  The quick readings of
:mod:`narde_notation.rules.turn_check` are tried first; whatever they answer is
what this search would answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise, permutations
from typing import TYPE_CHECKING

from narde_notation.model import BAR, OFF, Finding, NotationError, Ruleset, format_path
from narde_notation.rules.generation import RawStep, Step, generate, trail_steps
from narde_notation.rules.packed import after_board, mover_boards
from narde_notation.rules.step import FACING, ONE, REFUSAL_CODES, head_floor, illegal_block, step
from narde_notation.rules.turn_check import TurnCheck, fewer_dice, quick_check

if TYPE_CHECKING:
    from narde_notation.rules.position import Position

__all__ = ["diagnose"]


def _maybe(position: Position, st: int | None) -> Position | None:
    return None if st is None else after_board(position, st)


_PRIORITY = {
    # order of preference among failures of equal depth (most specific first)
    "six-block": 0,
    "head-rule": 1,
    "bear-off-higher-point": 2,
    "bear-off-not-home": 3,
    "closed-point": 4,
    "no-checker": 5,
}




def _pair_options(a: int, b: int, dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Die sequences that carry a checker from ``a`` to ``b`` (or off) (R3, R8)."""
    d1, d2 = dice[0], dice[1]
    out: list[tuple[int, ...]] = []
    if d1 == d2:
        d = d1
        if b == OFF:
            k = -(-a // d)  # ceil: every earlier stop stays on the board
            if k <= 4:
                out.append((d,) * k)
        else:
            dist = a - b
            if dist % d == 0 and 1 <= dist // d <= 4:
                out.append((d,) * (dist // d))
        return out
    if b == OFF:
        for n in (d1, d2):
            if n >= a:
                out.append((n,))
        for x, y in ((d1, d2), (d2, d1)):
            if x < a <= x + y:
                out.append((x, y))
        return out
    dist = a - b
    if dist == d1:
        out.append((d1,))
    if dist == d2:
        out.append((d2,))
    if dist == d1 + d2:
        out.append((d1, d2))
        out.append((d2, d1))
    return out




_POINT_SET = frozenset(range(BAR + 1))


def _normalise_paths(paths: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    if type(paths) is list or type(paths) is tuple:
        # Fast check for the usual shape: tuples of 2+ int points 0…25.
        for path in paths:
            if (
                type(path) is not tuple
                or len(path) < 2
                or not _POINT_SET.issuperset(path)
                or any(type(p) is not int for p in path)
            ):
                break
        else:
            return tuple(paths)
    out: list[tuple[int, ...]] = []
    for i, path in enumerate(paths):
        try:
            points = tuple(path)
        except TypeError:
            raise NotationError(f"move {i + 1} ({path!r}) is not a sequence of points") from None
        if len(points) < 2:
            raise NotationError(f"move {i + 1} ({path!r}) needs a from point and a to point")
        for p in points:
            if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= BAR:
                raise NotationError(f"bad point {p!r} in move {i + 1} ({path!r}): expected 0…25")
        out.append(points)
    return tuple(out)


def _physical(
    me: int, opp: int, paths: tuple[tuple[int, ...], ...]
) -> tuple[int | None, tuple[str, int, str] | None]:
    """Apply the moves as written, ignoring dice and rules (decision 4 of the corpus).

    Tries the written order, then any order of the moves.  Returns the end
    state, or ``None`` and the written order's failure (code, move, text).
    """
    first_failure: tuple[str, int, str] | None = None
    orders: list[tuple[int, ...]] = [tuple(range(len(paths)))]
    if len(paths) <= 5:
        orders.extend(o for o in permutations(range(len(paths))) if o != orders[0])
    for order in orders:
        st = me
        failure: tuple[str, int, str] | None = None
        for i in order:
            path = paths[i]
            a = path[0]
            if a in (OFF, BAR) or not (st >> (4 * a)) & 15:
                failure = (
                    "no-checker",
                    i,
                    f"no checker on point {format_path((a,))} to move {format_path(path)}",
                )
                break
            if any(b in (BAR,) for b in path[1:]):
                failure = ("wrong-direction", i, f"{format_path(path)} moves to the bar")
                break
            stop_closed = next((b for b in path[1:] if opp & FACING[b]), None)
            if stop_closed is not None:
                failure = (
                    "closed-point",
                    i,
                    f"{format_path(path)} stops on point {stop_closed}, held by the opponent",
                )
                break
            end = path[-1]
            st = st - ONE[a] + (1 if end == OFF else ONE[end])
        if failure is None:
            return st, None
        if first_failure is None:
            first_failure = failure
    return None, first_failure




def diagnose(
    position: Position,
    d1: int,
    d2: int,
    paths: Sequence[Sequence[int]],
    rules: Ruleset,
    last_roll: bool,
    quick: bool = True,
) -> TurnCheck:
    """Check written moves by searching all their readings (dice and rules already read).

    The general path of :func:`narde_notation.rules.engine.check_turn`: the findings
    and their precedence are documented there.  ``quick=False`` skips the
    quick reading (:func:`~narde_notation.rules.turn_check.quick_check`) and
    searches every reading: the slow path the differential tests compare
    the quick one with.
    """
    norm = _normalise_paths(paths)
    side, me, opp, first, _opp_first = mover_boards(position)
    name = side.name.capitalize()
    early = _over_or_pass(position, d1, d2, norm, rules, last_roll, name)
    if early is not None:
        return early

    dice_pool: tuple[int, ...] = (d1,) * 4 if d1 == d2 else (d1, d2)
    floor = head_floor(me, first, d1, d2, opp, rules)
    eot = rules.end_of_turn_block

    # The obvious reading of the moves normalised (lists as tuples…).
    read = quick_check(position, d1, d2, norm, rules) if quick else None
    if isinstance(read, TurnCheck):
        return read
    if read is not None:
        return TurnCheck(True, [], read[0], read[1])

    wrong, options = _pair_shapes(norm, dice_pool, name)
    if wrong is not None:
        phys, _ = _physical(me, opp, norm)
        return TurnCheck(False, [wrong], _maybe(position, phys), None)

    found, best_fail, any_assignment, blame_dice = _readings(me, opp, norm, options, dice_pool,
                                                             floor, eot, name)
    if found is None:
        return _no_reading(position, me, opp, norm, (d1, d2), name, best_fail, any_assignment,
                           blame_dice)

    used, raw_steps = found
    steps = tuple(Step(*s) for s in raw_steps)
    end_state = me
    for p, t, _d in raw_steps:
        end_state = end_state - ONE[p] + (1 if t == OFF else ONE[t])
    end = after_board(position, end_state)
    if used == len(dice_pool):
        return TurnCheck(True, [], end, steps)
    return fewer_dice(side, me, opp, first, d1, d2, rules, steps, end)


def _over_or_pass(position: Position, d1: int, d2: int, norm: tuple[tuple[int, ...], ...],
                  rules: Ruleset, last_roll: bool, name: str) -> TurnCheck | None:
    """The check of a half-turn after the end of the game (R11) or of a pass
    (R7, R11); ``None`` for written moves in a game going on."""
    _side, me, opp, first, _opp_first = mover_boards(position)
    if me & 15 == 15 or (opp & 15 == 15 and not (last_roll or rules.last_roll_draw)):
        return TurnCheck(
            False,
            [Finding("game-over", "the game is already over: no half-turn may follow")],
            None,
            None,
        )
    if norm:
        return None
    gen = generate(me, opp, first, d1, d2, rules)
    end = after_board(position, me)
    if gen.max_dice:
        some = trail_steps(next(iter(gen.finals.values())))
        example = " ".join(str(Step(*s)) for s in some)
        return TurnCheck(
            False,
            [Finding("illegal-pass",
                     f"{name} passed with {d1}{d2} although {example} is possible")],
            end,
            None,
        )
    return TurnCheck(True, [], end, ())


def _pair_shapes(norm: tuple[tuple[int, ...], ...], dice_pool: tuple[int, ...], name: str
                 ) -> tuple[Finding | None, list[list[list[tuple[int, ...]]]]]:
    """Per pair of stops of each written move: the first move that goes
    backwards (``wrong-direction``), and which dice could make each pair
    (path -> pair -> die sequences)."""
    wrong: Finding | None = None
    options: list[list[list[tuple[int, ...]]]] = []
    for i, path in enumerate(norm):
        pair_opts: list[list[tuple[int, ...]]] = []
        for a, b in pairwise(path):
            if wrong is None and (a == OFF or b == BAR or (b != OFF and b > a)):
                wrong = Finding(
                    "wrong-direction",
                    f"{name}'s move {format_path(path)} goes backwards"
                    f" ({format_path((a,))} to {format_path((b,))})",
                    move=i,
                )
            if a in (OFF, BAR) or b == BAR or (b != OFF and b >= a):
                pair_opts.append([])
            else:
                pair_opts.append(_pair_options(a, b, dice_pool))
        options.append(pair_opts)
    return wrong, options


_Fail = tuple[int, int, str, int, str]  # (depth, -priority, code, move, message)


def _readings(me: int, opp: int, norm: tuple[tuple[int, ...], ...],
              options: list[list[list[tuple[int, ...]]]], dice_pool: tuple[int, ...],
              floor: int, eot: bool, name: str
              ) -> tuple[tuple[int, tuple[RawStep, ...]] | None, _Fail | None, bool, int]:
    """Every reading (dice split x step order), without generating legal turns,
    those that use more dice first (the first legal one uses the most): the
    legal one found (dice used, steps), else the failure that got furthest,
    whether any split of the dice fitted, and the move to blame otherwise."""
    best_fail: _Fail | None = None
    found: tuple[int, tuple[RawStep, ...]] | None = None
    any_assignment = False
    blame_dice = 0
    plans = _assignments(norm, options, dice_pool)
    plans.sort(key=lambda plan: 0 if isinstance(plan, int) else -sum(map(len, plan)))
    for plan in plans:
        if isinstance(plan, int):
            blame_dice = max(blame_dice, plan)
            continue
        any_assignment = True
        result = _simulate(me, plan, opp, floor, not eot, eot)
        if isinstance(result, tuple) and len(result) == 2:
            found = result
            break
        depth, code, move, raw = result
        key = (depth, -_PRIORITY[code], code, move, _step_message(name, code, raw, norm[move]))
        if best_fail is None or key[:2] > best_fail[:2]:
            best_fail = key
    return found, best_fail, any_assignment, blame_dice


def _no_reading(position: Position, me: int, opp: int, norm: tuple[tuple[int, ...], ...],
                dice: tuple[int, int], name: str, best_fail: _Fail | None,
                any_assignment: bool, blame_dice: int) -> TurnCheck:
    """The refusal of written moves no reading makes legal: a physical
    impossibility first, then moves the roll cannot make, then the failure
    of the reading that got furthest."""
    phys, phys_fail = _physical(me, opp, norm)
    applied = _maybe(position, phys)
    if phys_fail is not None:
        code, move, msg = phys_fail
        return TurnCheck(False, [Finding(code, f"{name}: {msg}", move=move)], None, None)
    if not any_assignment:
        move = min(blame_dice, len(norm) - 1)
        return TurnCheck(
            False,
            [
                Finding(
                    "dice-mismatch",
                    f"{name}'s move {format_path(norm[move])} cannot be made "
                    f"with the roll {dice[0]}{dice[1]} together with the other moves",
                    move=move,
                )
            ],
            applied,
            None,
        )
    if best_fail is None:  # cannot happen: every failed reading records why
        best_fail = (0, 0, "dice-mismatch", 0, f"{name}'s moves do not fit the roll")
    _, _, code, move, msg = best_fail
    return TurnCheck(False, [Finding(code, msg, move=move)], applied, None)


def _step_message(name: str, code: str, raw: RawStep, path: tuple[int, ...]) -> str:
    p, t, d = raw
    move = f"{p}/{format_path((t,))} with the {d}"
    where = f" (in {format_path(path)})"
    if code == "closed-point":
        return f"{name}'s step {move}{where} stops on point {p - d}, held by the opponent"
    if code == "head-rule":
        return f"{name}'s step {move}{where} takes one checker too many from the head (24)"
    if code == "six-block":
        return (
            f"{name}'s step {move}{where} builds six consecutive points "
            "with no opposing checker ahead"
        )
    if code == "bear-off-not-home":
        return f"{name} bears off {move}{where} before all 15 checkers are home"
    if code == "bear-off-higher-point":
        return (
            f"{name} bears off {move}{where} from point {p} "
            f"while a checker stands on a higher point"
        )
    return f"{name} has no checker on point {p} for the step {move}{where}"




_Plan = list[list[RawStep]]


def _assignments(
    paths: tuple[tuple[int, ...], ...],
    options: list[list[list[tuple[int, ...]]]],
    pool: tuple[int, ...],
) -> list[_Plan | int]:
    """Every way to give dice to the written pairs within the roll.

    Yields plans (per path, the raw steps in path order).  When no plan
    exists, the list holds instead the index of the path at which the dice
    ran out (an int), for ``dice-mismatch`` blame.
    """
    pairs: list[tuple[int, int, int, list[tuple[int, ...]]]] = []
    for i, path in enumerate(paths):
        for j, (a, b) in enumerate(pairwise(path)):
            pairs.append((i, a, b, options[i][j]))
    plans: list[_Plan | int] = []
    deepest = 0
    counts: dict[int, int] = {}
    for d in pool:
        counts[d] = counts.get(d, 0) + 1
    chosen: list[tuple[int, ...]] = []

    def rec(k: int) -> None:
        nonlocal deepest
        if k == len(pairs):
            plan: _Plan = [[] for _ in paths]
            for (i, a, b, _), seq in zip(pairs, chosen, strict=True):
                cur = a
                for n, d in enumerate(seq):
                    nxt = cur - d
                    if n == len(seq) - 1:
                        nxt = b
                    plan[i].append((cur, nxt, d))
                    cur = nxt
            plans.append(plan)
            return
        deepest = max(deepest, pairs[k][0])
        for seq in pairs[k][3]:
            need: dict[int, int] = {}
            for d in seq:
                need[d] = need.get(d, 0) + 1
            if all(counts.get(d, 0) >= n for d, n in need.items()):
                for d, n in need.items():
                    counts[d] -= n
                chosen.append(seq)
                rec(k + 1)
                chosen.pop()
                for d, n in need.items():
                    counts[d] += n

    rec(0)
    if not plans:
        return [deepest]
    return plans


def _simulate(
    me: int,
    plan: _Plan,
    opp: int,
    floor: int,
    block: bool,
    eot: bool,
) -> tuple[int, tuple[RawStep, ...]] | tuple[int, str, int, RawStep]:
    """Search the orders of the plan's steps (each move's steps in its own order).

    Returns ``(dice used, steps)`` for a legal order, else the deepest
    failure ``(depth, code, move index, step)``.
    """
    total = sum(len(s) for s in plan)
    n = len(plan)
    seen: set[tuple[int, tuple[int, ...]]] = set()
    best: tuple[int, str, int, RawStep] | None = None
    trail: list[RawStep] = []

    def rec(st: int, progress: list[int], depth: int) -> bool:
        nonlocal best
        if depth == total:
            if eot and illegal_block(st, opp):
                last = trail[-1]
                move = next(i for i in range(n) if last in plan[i])
                if best is None or depth > best[0] or (
                    depth == best[0] and _PRIORITY["six-block"] < _PRIORITY[best[1]]
                ):
                    best = (depth, "six-block", move, last)
                return False
            return True
        key = (st, tuple(progress))
        if key in seen:
            return False
        seen.add(key)
        for i in range(n):
            k = progress[i]
            if k == len(plan[i]):
                continue
            raw = plan[i][k]
            new = step(st, raw[0], raw[2], opp, floor, block)
            if new < 0:
                code = REFUSAL_CODES[new]
                if (
                    best is None
                    or depth > best[0]
                    or (depth == best[0] and _PRIORITY[code] < _PRIORITY[best[1]])
                ):
                    best = (depth, code, i, raw)
                continue
            progress[i] = k + 1
            trail.append(raw)
            if rec(new, progress, depth + 1):
                return True
            trail.pop()
            progress[i] = k
        return False

    if rec(me, [0] * n, 0):
        return total, tuple(trail)
    if best is None:  # cannot happen: a plan has at least one step
        return 0, "no-checker", 0, plan[0][0]
    return best
