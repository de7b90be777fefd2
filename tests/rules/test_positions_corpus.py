"""Every legal-turn case of ../shared/corpus/positions.jsonl (the perft suite).

For each line the set of end positions must equal ``finals`` and the dice
a legal turn uses must equal ``max_dice`` (R7), 100 %.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from corpus import CORPUS

from narde_notation.model.ruleset import Ruleset
from narde_notation.rules.engine import legal_turns
from narde_notation.rules.position import Position

POSITIONS = CORPUS / "positions.jsonl"


def _cases() -> list[dict[str, Any]]:
    if not POSITIONS.is_file():
        return []
    with POSITIONS.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


CASES = _cases()


@pytest.mark.skipif(not CASES, reason=f"shared corpus not found at {POSITIONS}")
def test_corpus_is_complete() -> None:
    assert len(CASES) >= 1000


@pytest.mark.skipif(not CASES, reason=f"shared corpus not found at {POSITIONS}")
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_legal_turns_match_corpus(case: dict[str, Any]) -> None:
    pos = Position.from_string(case["position"])
    rules = Ruleset.from_tag(case["rules"])
    turns = legal_turns(pos, case["dice"], rules)
    got = sorted(str(t.position) for t in turns)
    assert got == case["finals"], case["category"]
    assert {t.dice_used for t in turns} == {case["max_dice"]}
    # End positions are distinct (one Turn per end position).
    assert len(set(got)) == len(got)
