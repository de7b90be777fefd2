"""Where things stand in a ``.mat`` turn line: the two columns, blanks as
programs pad them, the pieces of a cell, and which side's turn a column
holds (decisions R1, F12, H1, H12; corpus README decision 9).  Used by
:mod:`narde_notation.formats.mat` alone."""

from __future__ import annotations

import re

from narde_notation.model import Side, parse_roll

__all__ = [
    "OTHER_BLANKS",
    "REFUSES_CUBE",
    "RIGHT_AFTER",
    "RIGHT_INDENT",
    "SAME_CELL_GAP",
    "column_side",
    "same_roll",
    "written_points",
]

#: Blanks after ``N)`` (tabs to the next multiple of 8) from which a lone
#: item of a turn line is in the right column: real files start the left
#: cell 1 blank after ``N)`` (a cube word or ``Wins`` 2) and the right one 26
#: or more, or two tabs on (decisions R1).
RIGHT_AFTER = 8
#: Indentation from which a line of its own (``Wins N points``, items with no
#: ``N)``) is in the right column (corpus decision 9).
RIGHT_INDENT = 20
_DIGITS_RE = re.compile(r"[0-9]+")
#: Most blanks between a roll written alone and the same roll written again
#: for them to be one cell (a column is 20 characters or more apart).
SAME_CELL_GAP = 3
#: Unicode blanks other than space and tab (what ``str.isspace`` takes: no-break
#: space, U+2000-200A, U+3000, U+0085, ``\x1c``-``\x1f``…), each read as one
#: space in a ``.mat`` line: programs pad columns with them (decisions F12).
OTHER_BLANKS = str.maketrans({c: " " for c in (
    "\x00\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")})


def column_side(line: str, index: int, base: int) -> Side:
    """The side whose column holds what starts at 0-based ``index`` of ``line``:
    measured from ``base`` (the end of ``N)``, else 0: the line's start) with
    tabs expanded as drawn, against ``RIGHT_AFTER`` or ``RIGHT_INDENT``."""
    width = len(line[:index].expandtabs(8)) - len(line[:base].expandtabs(8))
    return Side.BLACK if width >= (RIGHT_AFTER if base else RIGHT_INDENT) else Side.WHITE


def same_roll(first: str, second: re.Match[str] | None) -> bool:
    """The roll ``first`` (``41:``) is the roll ``second`` found (``4-1:``)."""
    return second is not None and parse_roll(first[:-1]) == parse_roll(second.group()[:-1])


def written_points(text: str) -> str:
    """The points of ``Wins 2 points`` / ``Losses 1 point`` (digits as written)."""
    found = _DIGITS_RE.search(text)
    return found.group() if found else "1"


#: A cube action that refuses a double: in a backgammon program's export, the
#: side that writes it gives the game up (decisions H12).
REFUSES_CUBE = re.compile(r"(?i)(?:drops?|pass(?:es)?|rejects?)\b")

