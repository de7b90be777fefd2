"""Ruleset: the Rules tag (record-format.md) and the variants of rules.md."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from narde_notation.model.errors import RulesetError
from narde_notation.model.ruleset import VARIANTS, Ruleset


def test_standard_has_no_variant() -> None:
    std = Ruleset.standard()
    assert std == Ruleset()
    assert std.to_tag() == "standard"
    assert str(std) == "standard"
    assert std.variants == ()
    assert not any(getattr(std, attr) for attr in VARIANTS.values())


@pytest.mark.parametrize("tag", ["standard", " Standard ", "STANDARD"])
def test_standard_spellings(tag: str) -> None:
    assert Ruleset.from_tag(tag) == Ruleset.standard()


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("reroll", Ruleset(reroll=True)),
        ("reroll,koks", Ruleset(reroll=True, koks=True)),
        ("Koks , REROLL", Ruleset(reroll=True, koks=True)),
        ("head-doubles-64", Ruleset(head_doubles_64=True)),
        (" Head-Exception-Strict ", Ruleset(head_exception_strict=True)),
        ("end-of-turn-block", Ruleset(end_of_turn_block=True)),
        ("last-roll-draw,koks", Ruleset(koks=True, last_roll_draw=True)),
    ],
)
def test_from_tag(tag: str, expected: Ruleset) -> None:
    assert Ruleset.from_tag(tag) == expected


def test_every_variant_round_trips_in_canonical_order() -> None:
    everything = Ruleset.from_tag(",".join(reversed(list(VARIANTS))))
    assert everything.to_tag() == (
        "reroll,head-doubles-64,head-exception-strict,end-of-turn-block,koks,last-roll-draw"
    )
    for tag in VARIANTS:
        assert Ruleset.from_tag(tag).to_tag() == tag
    assert Ruleset.from_tag("koks,reroll").to_tag() == "reroll,koks"


def test_unknown_variant_is_named_with_the_valid_ones() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.from_tag("reroll, gammon")
    message = str(info.value)
    assert "'gammon'" in message
    for tag in VARIANTS:
        assert tag in message


@pytest.mark.parametrize(
    ("tag", "part"),
    [
        # The corpus's bad-tag-07: 'standard' is "no variant", not a variant.
        ("standard,koks", "standard"),
        ("", "empty"),  # an empty Rules tag is malformed: bad-tag, not "standard"
        ("  ", "empty"),
        ("koks,", "empty"),
        ("koks,,reroll", "empty"),
        ("koks,koks", "twice"),
        ("koks,fast", "'fast'"),  # bad-tag-04
        ("head_doubles_64", "'head_doubles_64'"),
    ],
)
def test_malformed_tags(tag: str, part: str) -> None:
    with pytest.raises(RulesetError, match=part):
        Ruleset.from_tag(tag)


def test_not_a_string() -> None:
    with pytest.raises(RulesetError):
        Ruleset.from_tag(3)  # type: ignore[arg-type]


def test_frozen_and_hashable() -> None:
    rules = Ruleset(koks=True)
    with pytest.raises(AttributeError):
        rules.koks = False  # type: ignore[misc]
    assert len({rules, Ruleset.from_tag("koks")}) == 1


@given(st.text(max_size=30))
def test_from_tag_only_raises_ruleset_error(tag: str) -> None:
    try:
        rules = Ruleset.from_tag(tag)
    except RulesetError:
        return
    assert Ruleset.from_tag(rules.to_tag()) == rules
