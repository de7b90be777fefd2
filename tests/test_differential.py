"""Every generation and checking tier against the plain search (benchmarks/plain_search.py).

The plain breadth-first search is written straight from rules.md and shares
no code with the package.  On every case of ../shared/corpus/positions.jsonl
and on seeded self-play games:

* generation (:func:`legal_turns`) gives the plain search's end positions
  and dice count;
* each legal turn, written as a record would, is legal for every checking
  tier — the quick reading (:func:`check_turn`, :func:`next_position`), the
  search of all readings (:func:`diagnosis.diagnose` with the quick reading
  switched off) — with an end position the plain search reaches.
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
from narde_notation.rules import turn_diagnosis as diagnosis
from narde_notation.rules.engine import check_turn, legal_turns, next_position
from narde_notation.rules.position import Position


def _plain() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "plain_search.py"
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
    saved = diagnosis.quick_check
    diagnosis.quick_check = lambda *args: None  # type: ignore[assignment]
    try:
        searched = diagnosis.diagnose(pos, d1, d2, paths, rules, False)
    finally:
        diagnosis.quick_check = saved
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
    while not pos.is_game_over:
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
