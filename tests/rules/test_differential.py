"""Every generation and checking tier against the plain search (benchmarks/plain_search.py).

The plain breadth-first search is written straight from rules.md and shares
no code with the package.  On every case of ../shared/corpus/positions.jsonl
and on seeded self-play games:

* generation (:func:`legal_turns`) gives the plain search's end positions
  and dice count;
* each legal turn, written as a record would, is legal for every checking
  tier — the quick reading (:func:`check_turn`, :func:`next_position`), the
  search of all readings (``check_turn(..., quick=False)``) — with an end
  position the plain search reaches.

The slow path is asked for by its parameter, and two tests below check
that the comparison can fail: the slow path never runs the quick reading's
code, and a broken quick reading is caught.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from corpus import CORPUS

from narde_notation.model.record import OFF
from narde_notation.model.ruleset import Ruleset
from narde_notation.rules import engine, turn_check
from narde_notation.rules.engine import check_turn, legal_turns, next_position
from narde_notation.rules.position import Position


def _plain() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "plain_search.py"
    spec = importlib.util.spec_from_file_location("plain_search", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["plain_search"] = module
    spec.loader.exec_module(module)
    return module


PLAIN = _plain()
POSITIONS = CORPUS / "positions.jsonl"
CASES: list[dict[str, Any]] = (
    [json.loads(line) for line in POSITIONS.open(encoding="utf-8") if line.strip()]
    if POSITIONS.is_file()
    else []
)


def _written(steps: list[tuple[int, int]], rng: random.Random) -> list[tuple[int, ...]]:
    """A turn's steps as a record writes them: as steps (``24/18 18/13``), one checker's
    steps joined (``24/13``, the pair readings) or chained (``24/18/13``, read as legs)."""
    way = rng.randrange(3)
    if way == 0:
        return [tuple(s) for s in steps]
    paths: list[list[int]] = []
    for a, b in steps:
        path = next((p for p in paths if p[-1] == a != OFF), None)
        if path is None:
            paths.append([a, b])
        elif way == 1:
            path[-1] = b
        else:
            path.append(b)
    return [tuple(p) for p in paths]


def _every_tier(pos: Position, dice: str, paths: list[tuple[int, ...]], rules: Ruleset) -> set[str]:
    """End positions the tiers give for a legal turn (each tier must call it legal)."""
    d1, d2 = max(int(dice[0]), int(dice[1])), min(int(dice[0]), int(dice[1]))
    quick = check_turn(pos, dice, paths, rules)
    assert quick.legal, (str(pos), dice, paths, quick.findings)
    searched = check_turn(pos, dice, paths, rules, quick=False)  # the search of all readings
    assert searched.legal, (str(pos), dice, paths, searched.findings)
    ends = {str(quick.position), str(searched.position)}
    plain_next = next_position(pos, (d1, d2), paths, rules)
    if plain_next is not None:
        ends.add(str(plain_next))
    return ends


def _check_case(position: str, dice: str, rules_tag: str, rng: random.Random) -> None:
    pos = Position.from_string(position)
    rules = Ruleset.from_tag(rules_tag)
    used, finals = PLAIN.finals_text(position, dice, rules_tag)
    turns = legal_turns(pos, dice, rules)
    assert sorted(str(t.position) for t in turns) == finals
    assert {t.dice_used for t in turns} == {used}
    for turn in rng.sample(turns, min(3, len(turns))):
        steps = [(s.from_point, s.to_point) for s in turn.steps]
        ends = _every_tier(pos, dice, _written(steps, rng), rules)
        assert ends == {str(turn.position)}, (position, dice, steps)


@pytest.mark.skipif(not CASES, reason=f"shared corpus not found at {POSITIONS}")
def test_every_tier_agrees_with_the_plain_search_on_the_corpus() -> None:
    rng = random.Random(9)
    for case in CASES:
        _check_case(case["position"], case["dice"], case["rules"], rng)


def _selfplay(seed: int, rules: Ruleset) -> Iterator[tuple[str, str]]:
    rng = random.Random(seed)
    pos = Position.initial()
    while not pos.is_game_over():
        dice = f"{rng.randint(1, 6)}{rng.randint(1, 6)}"
        yield str(pos), dice
        pos = rng.choice(legal_turns(pos, dice, rules)).position


@pytest.mark.parametrize("rules_tag", ["standard", "end-of-turn-block", "head-exception-strict"])
def test_every_tier_agrees_with_the_plain_search_in_self_play(rules_tag: str) -> None:
    rules = Ruleset.from_tag(rules_tag)
    rng = random.Random(3)
    for seed in range(3):
        for position, dice in _selfplay(seed, rules):
            pos = Position.from_string(position)
            if pos.is_first_turn(pos.side_to_move) != (pos.count_at(pos.side_to_move, 24) == 15):
                continue  # the string form cannot carry this first-turn flag
            _check_case(position, dice, rules_tag, rng)


def _runs(code: object, call: Any) -> int:
    """How many times the function whose code object is ``code`` ran during ``call()``
    (by code object, so a renamed or re-imported binding is still seen)."""
    count = 0

    def profile(frame: Any, event: str, arg: object) -> None:
        nonlocal count
        if event == "call" and frame.f_code is code:
            count += 1

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return count


def test_the_slow_path_never_runs_the_quick_reading() -> None:
    # 6-5 from the start, written as a record would (R5: 24/18 18/13).
    pos, paths = Position.initial(), [(24, 18), (18, 13)]
    code = turn_check.quick_check.__code__
    assert _runs(code, lambda: check_turn(pos, "65", paths)) >= 1
    assert _runs(code, lambda: check_turn(pos, "65", paths, quick=False)) == 0
    slow = check_turn(pos, "65", paths, quick=False)
    assert slow.legal and str(slow.position) == "24:14 13:1 / 24:15 / B"


def test_a_broken_quick_reading_fails_the_comparison(monkeypatch: pytest.MonkeyPatch) -> None:
    # The quick reading made to give a wrong end position for every legal
    # turn: the tiers then disagree, and the comparison says so.  (Should
    # check_turn stop calling engine.quick_check, this test fails too.)
    real = turn_check.quick_check

    def broken(position: Position, d1: int, d2: int, paths: Any, rules: Ruleset) -> Any:
        read = real(position, d1, d2, paths, rules)
        if type(read) is tuple:  # legal: give the position before as the end
            return (position.with_side_to_move(position.side_to_move.other), read[1])
        return read

    monkeypatch.setattr(engine, "quick_check", broken)
    with pytest.raises(AssertionError):
        _check_case("24:15 / 24:15 / W", "65", "standard", random.Random(1))
