"""R6 with the block's points holding 1, 2 and 4 checkers (worked out by hand).

White (own numbering) 24:5 20:2 19:4 18:2 17:2 rolls 31: 24/21 17/16 makes
21..16, six points in a row; in Black's numbering they are its 9..4. With
Black all on its head nothing of Black's is past them: the block is illegal
(R6), under the standard rules (checked at each step) and under
``end-of-turn-block`` (checked on the final position) alike. With one Black
checker on its own 2 (past the block) the same turn is legal."""

from __future__ import annotations

import pytest

from narde_notation import Position, Ruleset

WHITE = "24:5 20:2 19:4 18:2 17:2"
BLOCK = "24:4 21 20:2 19:4 18:2 17 16"


@pytest.mark.parametrize("rules", ["standard", "end-of-turn-block"])
@pytest.mark.parametrize(("black", "legal"), [("24:15", False), ("24:14 2", True)],
                         ids=["none-past", "one-past"])
def test_a_six_block_of_mixed_counts(rules: str, black: str, legal: bool) -> None:
    before = Position.from_string(f"{WHITE} / {black} / W")
    ends = {turn.position for turn in before.legal_turns((3, 1), Ruleset.from_tag(rules))}
    assert (Position.from_string(f"{BLOCK} / {black} / B") in ends) is legal
    # the same turn without the block's sixth point (24/21 21/20) is always legal
    assert Position.from_string(f"24:4 20:3 19:4 18:2 17:2 / {black} / B") in ends
