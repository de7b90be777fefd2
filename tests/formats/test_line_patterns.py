"""The line patterns are linear by construction (issue 8: a 2 KB HEADER_TAG
line took 10 s, a 10 KB SCORE_LINE 9 s).

A structural check of the compiled patterns, not a timing: no lazy
quantifier, and wherever an unbounded repeat of one character class is
followed by something, that something cannot start with a character of the
class (so a failed match gives back at most one item, never re-splits a run);
a repeated group must start with a character its inner repeats cannot take.
The benchmark (``benchmarks/bench_reader.py``) shows the times.
"""

from __future__ import annotations

import re._constants as c
import re._parser as sre
from typing import Any

import pytest

from narde_notation.formats._native_drafts import native_pattern
from narde_notation.formats.mat import mat_patterns

SAMPLE = [chr(i) for i in range(0, 384)]
SINGLE = (c.LITERAL, c.NOT_LITERAL, c.IN, c.ANY)


def _member(op: Any, av: Any, ch: str, icase: bool) -> bool:
    probe = {p for p in (ch, ch.lower(), ch.upper()) if len(p) == 1} if icase else {ch}
    if op is c.LITERAL:
        return any(ord(p) == av for p in probe)
    if op is c.NOT_LITERAL:
        return all(ord(p) != av for p in probe)
    if op is c.ANY:
        return ch != "\n"
    if op is c.IN:
        negate = bool(av) and av[0][0] is c.NEGATE
        hit = False
        for kind, value in av:
            if kind is c.LITERAL:
                hit = hit or any(ord(p) == value for p in probe)
            elif kind is c.RANGE:
                hit = hit or any(value[0] <= ord(p) <= value[1] for p in probe)
            elif kind is c.CATEGORY:
                test = {c.CATEGORY_SPACE: str.isspace, c.CATEGORY_DIGIT: str.isdigit,
                        c.CATEGORY_NOT_SPACE: lambda s: not s.isspace(),
                        c.CATEGORY_WORD: lambda s: s.isalnum() or s == "_"}[value]
                hit = hit or test(ch)
        return hit != negate
    raise AssertionError(op)


def _chars(item: Any, icase: bool) -> set[str] | None:
    """The characters ``item`` can start with (None: cannot tell, or empty-able)."""
    op, av = item
    if op in SINGLE:
        return {ch for ch in SAMPLE if _member(op, av, ch, icase)}
    if op is c.MAX_REPEAT and av[0] >= 1:
        return _first(list(av[2]), icase)
    if op is c.SUBPATTERN:
        return _first(list(av[3]), icase or bool(av[1] & c.SRE_FLAG_IGNORECASE))
    if op is c.BRANCH:
        sets = [_first(list(b), icase) for b in av[1]]
        return None if any(s is None for s in sets) else set().union(*sets)  # type: ignore[arg-type]
    return None


def _first(seq: list[Any], icase: bool) -> set[str] | None:
    while seq and seq[0][0] is c.AT:
        seq = seq[1:]
    return _chars(seq[0], icase) if seq else None


def _check(seq: list[Any], icase: bool, where: str) -> None:
    for k, (op, av) in enumerate(seq):
        assert op is not c.MIN_REPEAT, f"{where}: a lazy quantifier"
        if op is c.SUBPATTERN:
            _check(list(av[3]), icase or bool(av[1] & c.SRE_FLAG_IGNORECASE), where)
        elif op is c.BRANCH:
            for branch in av[1]:
                _check(list(branch), icase, where)
        elif op is c.MAX_REPEAT:
            _low, high, body = av
            body = list(body)
            _check(body, icase, where)
            if high is c.MAXREPEAT and not (len(body) == 1 and body[0][0] in SINGLE):
                # a repeated group: its first character is one no inner repeat takes
                start = _first(body, icase)
                assert start is not None, f"{where}: a repeated group with no fixed start"
                assert body[0][0] is not c.MAX_REPEAT, f"{where}: a repeat of a repeat"
                for inner in body[1:]:
                    if inner[0] is c.MAX_REPEAT and inner[1][1] is c.MAXREPEAT:
                        taken = _first(list(inner[1][2]), icase) or set()
                        assert not (start & taken), f"{where}: a nested repeat overlaps"
            if high is c.MAXREPEAT and len(body) == 1 and body[0][0] in SINGLE:
                rest = seq[k + 1 :]
                while rest and rest[0][0] is c.AT and rest[0][1] is not c.AT_BOUNDARY:
                    rest = rest[1:]
                follow: set[str] = set()
                for item in rest:  # what may come next: through optional items
                    optional = item[0] is c.MAX_REPEAT and item[1][0] == 0
                    found = _first(list(item[1][2]), icase) if optional else _chars(item, icase)
                    assert found is not None, f"{where}: cannot tell what follows a repeat"
                    follow |= found
                    if not optional:
                        break
                run = _chars(body[0], icase) or set()
                assert not (run & follow), f"{where}: a repeat and what follows overlap"


PATTERNS = {f"mat {n}": p for n, p in mat_patterns().items()}


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_line_pattern_is_linear_by_construction(name: str) -> None:
    pattern = PATTERNS[name]
    _check(list(sre.parse(pattern.pattern, pattern.flags)), False, name)


def test_the_checker_catches_backtracking_patterns() -> None:
    for bad in (r"(?P<w>\S.*?)[ \t]*:", r"[ \t]*[^:]*:", r"(?:[ab]+)*c", r"(?:a[ab]*)*c",
                r"[0-9]+[0-9 ]*x"):
        with pytest.raises(AssertionError):
            _check(list(sre.parse(bad)), False, bad)


def test_hostile_lines_still_match_or_fail_cleanly() -> None:
    # the shapes that took seconds before; the functional results by hand
    tag = mat_patterns()["HEADER_TAG"]
    assert tag.fullmatch("; [" + " " * 2000 + "x") is None
    assert tag.fullmatch('; [Name "' + "\\\\" * 1000 + '"]') is not None
    score = mat_patterns()["SCORE_LINE"]
    assert score.fullmatch("a" + " " * 10_000 + ": 1") is None
    found = score.fullmatch("Smith, A : 12   Doe, B : 7")
    assert found is not None and found.group("wscore", "bscore") == ("12", "7")
    tags = native_pattern("TAGS")
    assert tags.fullmatch('[Event "' + "x" * 10_000 + '"]\n[Site "a \\" b"]')


def test_block_terminals_repeat_possessively() -> None:
    # no per-iteration regex state on long lines (docs/decisions.md F8)
    turns = native_pattern("TURNS").pattern
    assert ")*+" in turns and ")++" in turns
    assert ")*+" in native_pattern("TAGS").pattern
    line = "1. 65: " + "24/18 " * 50_000 + "24/18!"
    found = native_pattern("TURNS").match(line)
    assert found is not None and found.end() == len(line)
