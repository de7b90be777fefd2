"""Text from records made safe for where it is shown: terminals, spreadsheets, Markdown.

Record text (player names, comments, tags) and file names are data: they
must never act on the terminal (escape sequences, a newline forging a
finding line), run as a spreadsheet formula, or break a Markdown table.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "csv_safe",
    "csv_safe_frame",
    "html_text",
    "json_safe",
    "markdown_safe",
    "masked",
    "script_json",
    "shown",
    "unicode_text",
    "visible",
]

# C0 controls, DEL, C1 controls, the directional marks and the bidirectional
# overrides/isolates that reorder what a terminal or a page shows.
#: Beyond them: every Bidi_Control character (U+061C, U+200E/F, U+202A-202E,
#: U+2066-2069) and the invisible format characters (soft hyphen, U+180E,
#: U+200B-200F, U+2060-206F, U+FEFF, U+FFF9-FFFB, the tag characters
#: U+E0000-E007F), which hide or reorder text.
_HIDDEN = ("\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff"
           "\ufff9-\ufffb\U000e0000-\U000e007f")
_INVISIBLE = _HIDDEN + "\ud800-\udfff"
_CONTROL = "[\x00-\x1f\x7f-\x9f" + _INVISIBLE + "]"
#: The same, sparing tabs and line breaks (text shown on several lines).
_CONTROL_BUT_LINES = "[\x00-\x08\x0b-\x1f\x7f-\x9f" + _INVISIBLE + "]"
#: A spreadsheet reads a cell starting with these as a formula (OWASP "CSV Injection").
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (a file name, surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return match.group().encode("unicode_escape", "backslashreplace").decode("ascii")


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with control characters shown as Python escapes (``\\x1b``, ``\\n``,
    ``\\u202e``): safe to print on a terminal, always one line.

    With ``lines=True`` tabs and line breaks are kept (a comment or a
    record shown on several lines); everything else that would act on a
    terminal or a page (ANSI escapes, bell, bidirectional overrides) is
    still written out."""
    if text.isascii() and text.isprintable():  # no control character: nothing to escape
        return text
    return _controls(lines).sub(_escape, text)


_SURROGATE = re.compile("[\ud800-\udfff]")


def unicode_text(text: str) -> str:
    """``text`` that encodes as UTF-8: each lone surrogate shown as an escape,
    ``\\xe9`` for a byte of a file name that was not UTF-8 (``surrogateescape``),
    ``\\udc80`` for another (a record decoded with ``utf-7``).  What goes into a
    table (pyarrow refuses surrogates) or any output encoded as UTF-8."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub(_escape, text)
    return text


def json_safe(document: str) -> str:
    """A JSON document (from ``json.dumps(..., ensure_ascii=False)``) safe to
    write and to show: each lone surrogate in its string literals written as
    the text :func:`unicode_text` shows (its backslash escaped), so it is valid
    JSON in UTF-8; and DEL, the C1 controls (U+009B is a terminal's CSI) and
    the bidirectional and invisible characters :func:`visible` escapes
    written as JSON's ``\\u`` escapes, which ``json.loads`` reads back as the
    same text (JSON itself escapes only C0 controls)."""
    if document.isascii():
        return document
    try:
        document.encode("utf-8")
    except UnicodeEncodeError:
        document = _SURROGATE.sub(lambda match: "\\" + _escape(match), document)
    return _JSON_HIDDEN.sub(_json_escape, document)


_JSON_HIDDEN = re.compile("[\x7f-\x9f" + _HIDDEN + "]")


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code > 0xFFFF:  # JSON writes it as a surrogate pair (the tag characters)
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def script_json(value: object) -> str:
    """``value`` as JSON safe inside an HTML ``<script>`` element (the data of the
    game viewer): ``json.dumps`` (ASCII, compact), then ``<``, ``>``, ``&``,
    U+2028 and U+2029 written as ``\\u`` escapes, so that no text from a record
    (``</script>``, ``<!--``) can end or change the element, and the JSON stays
    the same value for ``JSON.parse``.  Raises ``TypeError`` as ``json.dumps``
    does for a value JSON cannot hold."""
    import json

    text = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    for char in "<>&\u2028\u2029":  # (ensure_ascii already escapes the last two)
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def masked(text: str) -> str:
    """``text`` with each character :func:`visible` (``lines=True``) would escape
    shown as one ``?`` instead: one column each, so a caret drawn under the text
    still points at the right character (the syntax picture of a finding)."""
    if text.isascii() and text.isprintable():
        return text
    return _controls(True).sub("?", text)


@functools.cache
def _controls(lines: bool) -> re.Pattern[str]:
    """The pattern of :func:`visible`, compiled when first needed (not at start-up)."""
    return re.compile(_CONTROL_BUT_LINES if lines else _CONTROL)


def html_text(text: str) -> str:
    """Text for an HTML page: :func:`visible` (lines kept), then ``html.escape``."""
    import html  # for pages only: not at the programs' start-up

    return html.escape(visible(text, lines=True))


def shown(value: str, *, quote: bool = True, width: int = 40) -> str:
    """A value quoted in a message: at most ``width`` characters (then ``…``),
    ``repr``-quoted unless ``quote`` is false, so a 10 MB tag or argument
    never becomes a 10 MB message."""
    cut = value if len(value) <= width else value[:width] + "…"
    return repr(cut) if quote else cut


def csv_safe(value: Any) -> Any:
    """A CSV cell that no spreadsheet runs and no terminal obeys: text starting
    with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading
    ``'`` (OWASP), and control characters are :func:`visible`.  Other values
    (numbers, None) are returned unchanged."""
    if isinstance(value, str):
        if value.startswith(_FORMULA_START):
            return "'" + visible(value)
        return visible(value)
    return value


def csv_safe_frame(frame: pd.DataFrame, columns: tuple[str, ...] = ()) -> pd.DataFrame:
    """A copy of ``frame`` whose text cells are :func:`csv_safe`: the
    ``columns`` named and every other column of text (object, string or
    category dtype), and a text index.  Numbers are never changed (a
    negative count stays a number), nor text that cannot start a formula (a
    result ``"0-1"``); a column added later is covered without being listed
    (decisions R9: the ``Date`` and ``Score`` tags reached a spreadsheet live).
    """
    out = frame.copy()
    text = [name for name in out.columns
            if name in columns or out[name].dtype.kind in "OSU"
            or str(out[name].dtype) in ("category", "string")]
    for name in text:
        out[name] = out[name].astype(object).map(csv_safe)
    if out.index.dtype.kind not in "biuf":
        out.index = out.index.map(csv_safe)
    return out


#: Markdown's active punctuation in a cell (links, images, emphasis, code).
_MARKDOWN_ACTIVE = re.compile(r"([\\`*_\[\]!~|#])")
#: What GitHub Markdown turns into a link by itself (``http://``, ``www.``).
_AUTOLINK = re.compile(r"(?i)\b(https?|ftp|mailto)(:)|\b(www)(\.)")


def markdown_safe(text: str) -> str:
    """A Markdown table cell: controls :func:`visible`, HTML escaped, Markdown's
    active punctuation backslash-escaped (``[x](http://…)`` and ``![..](..)``
    stay text), and the colon of ``http:`` or the dot of ``www.`` escaped so
    that no autolink is made."""
    import html

    cell = _MARKDOWN_ACTIVE.sub(r"\\\1", html.escape(visible(text), quote=False))
    return _AUTOLINK.sub(lambda m: (m[1] or m[3]) + "\\" + (m[2] or m[4]), cell)
