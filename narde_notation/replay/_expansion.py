"""The expansion of a half-turn's written moves into paths (``24/18(2)``,
``13/7/1``) and the words the compiled reading of turns takes, computed
once per distinct text (decisions Q3).  Used by the replay alone."""

from __future__ import annotations

from narde_notation.model import BAR, HalfTurn, Move, Side, expand_moves
from narde_notation.rules import quick_legs

__all__ = ["Expansion", "expansions"]

#: id(moves) -> (moves, expanded paths, any hit or bar mark, their legs for
#: :func:`quick_turns`): the reader shares the ``moves`` tuple of a half-turn
#: text between its occurrences, so the expansion is computed once per distinct
#: text.  The tuple itself is kept in the entry, so that an id is never taken
#: for a later object's.
Expansion = tuple[tuple[Move, ...], tuple[tuple[int, ...], ...], bool, int]
_expanded: dict[int, Expansion] = {}
_EXPANDED_MAX = 1 << 16
#: the rolls the compiled reading takes (a record's; a half-turn made by hand
#: with other values is read by quick_check as before)
_ROLLS = frozenset((a, b) for a in range(1, 7) for b in range(1, 7))


def _expand_moves(moves: tuple[Move, ...]) -> Expansion:
    # marked: a hit, the bar, or a point over 24
    marked = any(move.hit or max(move.path) >= BAR for move in moves)
    paths = expand_moves(moves)
    entry = (moves, paths, marked, 0 if marked else quick_legs(paths))
    if len(_expanded) >= _EXPANDED_MAX:
        _expanded.clear()
    _expanded[id(moves)] = entry
    return entry


def expansions(half_turns: list[HalfTurn], *, compiled: bool
                ) -> tuple[list[Expansion], list[int]]:
    """Each half-turn's expansion, and with ``compiled`` the words
    :func:`quick_turns` reads (0 for a half-turn it must leave alone)."""
    entries: list[Expansion] = []
    words: list[int] = []
    expanded = _expanded
    black = Side.BLACK
    for half in half_turns:
        moves = half.moves
        entry = expanded.get(id(moves))
        if entry is None or entry[0] is not moves:
            entry = _expand_moves(moves)
        entries.append(entry)
        if compiled:
            legs = entry[3]
            dice = half.dice
            if legs and half.unread is None and dice in _ROLLS:
                words.append(dice[0] | dice[1] << 4 | (half.side is black) << 8 | legs)
            else:  # a half-turn made by hand with other dice: quick_check's
                words.append(0)
    return entries, words
