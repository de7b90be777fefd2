"""The grammars (``grammar/*.lark``) and what the readers share.

* :func:`load_grammar` builds a Lark LALR parser from a grammar file of the
  package, with Lark's on-disk cache (a file per grammar and install in the
  user's cache folder, see :func:`cache_folder`; Lark checks that the
  grammar files have not changed).  When the folder is not writable the
  parser is built without the cache, silently.
* :func:`terminal_pattern` compiles a terminal of a grammar as a Python
  pattern, so that a line pattern has one definition (the grammar).
* :func:`halfturn_parts` interprets the text of a ``HALFTURN`` token
  (terms.lark): the dice, the moves, the annotation.
* :func:`turn_number` reads turn numbers the same way in both layouts.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from narde_notation.model import BAR, OFF, ROLL_SPELLINGS, Finding, Move

if TYPE_CHECKING:  # pathlib and Lark are not imported at start-up
    from pathlib import Path

    from lark import Lark

__all__ = [
    "MAX_MOVES",
    "MAX_NUMBER_DIGITS",
    "cache_folder",
    "cached_terminals",
    "capped_moves",
    "grammar_folder",
    "halfturn_parts",
    "load_grammar",
    "terminal_pattern",
    "turn_number",
    "unescape",
]

#: Digits a turn number may have to be read as a number (longer: not read).
MAX_NUMBER_DIGITS = 9


@functools.cache
def _grammar_path() -> str:
    package = os.path.dirname(os.path.dirname(__file__))
    folder = os.path.join(package, "grammar")  # an installed wheel: inside the package
    if os.path.isdir(folder):
        return folder
    folder = os.path.join(os.path.dirname(package), "grammar")  # a source tree (editable)
    if os.path.isfile(os.path.join(folder, "native.lark")):
        return folder
    from importlib.resources import as_file, files

    with as_file(files("narde_notation") / "grammar") as extracted:
        return str(extracted)


def grammar_folder() -> Path:
    """The folder holding the ``.lark`` files.

    The project keeps them in its top-level ``grammar/`` folder; a wheel
    (built directly or from the sdist) carries them inside the package as
    ``narde_notation/grammar``.  Found next to the package when it is a
    folder on disk (an installed wheel), else beside the package folder (a
    source tree or an editable install), else through
    :func:`importlib.resources.as_file` (a zip import).
    """
    from pathlib import Path

    return Path(_grammar_path())


def cache_folder() -> str | None:
    """Where Lark's parser cache goes (a path): ``$NARDE_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/narde-notation`` (``%LOCALAPPDATA%`` on Windows,
    ``~/.cache`` elsewhere).  ``None`` when it cannot be created or written."""
    folder = os.environ.get("NARDE_CACHE_DIR")
    if not folder:
        base = os.environ.get("XDG_CACHE_HOME") or (
            os.environ.get("LOCALAPPDATA") if sys.platform == "win32" else None
        )
        folder = os.path.join(base or os.path.join(os.path.expanduser("~"), ".cache"),
                              "narde-notation")
    try:
        if not os.path.isdir(folder):
            os.makedirs(folder, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None


def load_grammar(name: str, **options: Any) -> Lark:
    """An LALR parser for ``grammar/<name>.lark`` (``%import terms`` resolved
    in the same folder), loaded from Lark's on-disk cache when it is there."""
    import lark
    from lark import Lark

    folder = _grammar_path()
    source = os.path.join(folder, f"{name}.lark")
    with open(source, encoding="utf-8") as handle:
        text = handle.read()
    settings: dict[str, Any] = {
        "parser": "lalr",
        "import_paths": [folder],
        "source_path": source,
        "maybe_placeholders": False,
        **options,
    }
    settings["edit_terminals"] = _possessive
    cache = cache_folder()
    if cache is not None:
        version = f"{sys.version_info[0]}{sys.version_info[1]}"
        # one file per install: Lark's key holds the grammar folder's path, so
        # two installs sharing a file would rebuild and rewrite it in turn
        where = hashlib.sha256(folder.encode("utf-8", "surrogateescape")).hexdigest()[:12]
        target = os.path.join(cache, f"{name}-v{_CACHE_VERSION}-lark{lark.__version__}"
                                     f"-py{version}-{where}.cache")
        try:
            # only a regular file (or none yet): a FIFO there would never answer
            usable = not os.path.lexists(target) or os.path.isfile(target)
            if usable:
                return Lark(text, cache=target, **settings)
        except Exception:  # a damaged or foreign cache file: build without it
            pass
    return Lark(text, **settings)


#: Bumped when :func:`_possessive` changes (Lark leaves ``edit_terminals`` out
#: of its cache key).
_CACHE_VERSION = 2
#: Block terminals whose group repeats are made possessive (see :func:`_possessive`).
_POSSESSIVE = frozenset({"HALFTURN", "TURNS", "TAGS", "MOVES"})
_GROUP_REPEAT = r"(?<!\\)\)([*+])(?![*+?])"


def _possessive(terminal: Any) -> None:
    """Make the group repeats (``(_SP MOVE)*``, ``(_NL TAG)*``, …) of the block
    terminals possessive (``)*+``, Python 3.11): no element that must match
    follows them inside their terminal, so they never give back an
    iteration, and a possessive repeat keeps no backtracking state per
    iteration (a 4 MB line of moves took 530 MB of regex state; now none)."""
    if terminal.name in _POSSESSIVE and terminal.pattern.type == "re":
        # (a grammar build only: a parser loaded from the cache has them already)
        terminal.pattern.value = re.sub(_GROUP_REPEAT, r")\1+", terminal.pattern.value)


@functools.cache
def terminal_pattern(grammar: str, build: Callable[[], Lark], name: str) -> re.Pattern[str]:
    """Terminal ``name`` of grammar ``grammar`` (whose parser ``build()``
    returns) as a compiled Python pattern (memoised), from
    :func:`cached_terminals`: Lark is not imported when its file is there.

    Raises:
        KeyError: the grammar has no terminal ``name``.
    """
    return re.compile(cached_terminals(grammar, build)[name])


def cached_terminals(name: str, build: Callable[[], Lark]) -> dict[str, str]:
    """Terminal name -> Python regular expression, for every terminal of
    grammar ``name`` as the parser ``build()`` returns compiles it.

    Kept in a small text file in :func:`cache_folder` (a line per terminal:
    its name, a tab, its pattern in Python's ``unicode_escape``), named
    after the grammar files' and Lark's installed ``__init__.py``'s sizes
    and modification times (ns), so a run that needs only the patterns (the
    native reader's plain path) neither imports Lark nor builds the parser;
    any other file, or none, and the parser is built and the file written
    again (decisions PL1)."""
    cache = cache_folder()
    key = _terminals_key(name)
    target = (os.path.join(cache, f"{name}-terminals-v{_CACHE_VERSION}-{key}.txt")
              if cache is not None and key is not None else None)
    if target is not None and os.path.isfile(target):
        try:
            with open(target, encoding="ascii") as handle:
                lines = handle.read().split("\n")
            stored = {name: escaped.encode("ascii").decode("unicode_escape")
                      for name, escaped in (line.split("\t", 1) for line in lines if line)}
            if stored and lines[-1] == "":  # written whole
                return stored
        except (OSError, ValueError):
            pass
    patterns = {terminal.name: terminal.pattern.to_regexp() for terminal in build().terminals}
    if target is not None:
        partial = f"{target}.{os.getpid()}.tmp"
        try:
            with open(partial, "w", encoding="ascii") as handle:
                handle.write("".join(f"{k}\t{v.encode('unicode_escape').decode('ascii')}\n"
                                     for k, v in patterns.items()))
            os.replace(partial, target)
        except OSError:
            pass
    return patterns


def _terminals_key(name: str) -> str | None:
    """A digest of what a grammar's terminal patterns depend on: the grammar
    folder's path and its ``.lark`` files' sizes and times, Lark's
    ``__init__.py`` (its install), Python's version; ``None`` when one of
    them cannot be looked at."""
    from importlib.util import find_spec

    folder = _grammar_path()
    try:
        spec = find_spec("lark")
        origin = spec.origin if spec is not None else None
        if origin is None:
            return None
        parts = [folder, name, origin, sys.version]
        for path in [origin, *sorted(os.path.join(folder, f) for f in os.listdir(folder)
                                     if f.endswith(".lark"))]:
            info = os.stat(path)
            parts.append(f"{path}:{info.st_size}:{info.st_mtime_ns}")
    except (OSError, ImportError, ValueError):
        return None
    text = "\n".join(parts)
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:16]


# ---------------------------------------------------------------------------
# Half-turn text (memoised: the same text recurs constantly)

_POINTS: dict[str, int] = {"off": OFF, "Off": OFF, "o": OFF, "bar": BAR}
_ANNOTATION_RE = re.compile(r"(!!|\?\?|!\?|\?!|!|\?)$")
_UNESCAPE_RE = re.compile(r"\\(.)", re.DOTALL)

Parts = tuple[tuple[int, int], tuple[Move, ...], "str | None"]


def unescape(value: str) -> str:
    """A tag value with ``\\"`` and ``\\\\`` escapes undone."""
    return _UNESCAPE_RE.sub(r"\1", value) if "\\" in value else value


def _point(text: str) -> tuple[int, bool]:
    hit = text.endswith("*")
    if hit:
        text = text[:-1]
    value = _POINTS.get(text)
    return (int(text) if value is None else value), hit


@functools.lru_cache(maxsize=1 << 16)
def _move(text: str, column: int) -> Move:
    return Move(*_move_parts(text), text, column)


@functools.lru_cache(maxsize=1 << 16)
def _move_parts(text: str) -> tuple[tuple[int, ...], int, bool]:
    """A move's text -> (path, repeat, hit), read once per text whatever its
    column (decisions Q8)."""
    repeat = 1
    body = text
    if body.endswith(")"):
        body, _, count = body[:-1].partition("(")
        repeat = int(count)
    path: list[int] = []
    hit = False
    for part in body.split("/"):
        point, marked = _point(part)
        path.append(point)
        hit = hit or marked
    return tuple(path), repeat, hit


_WORD_RE = re.compile(r"\S+")
#: ``"65:"``, ``"6-5:"``, ``"6:5:"`` -> (6, 5): the project's roll table with the colon.
_ROLL_DICE: dict[str, tuple[int, int]] = {
    f"{text}:": dice for text, dice in ROLL_SPELLINGS.items() if isinstance(text, str)
}


#: Moves one half-turn is read with, at most.  A turn plays four dice at the
#: most (a double, R3), so no legal half-turn writes more than four moves;
#: past this many the rest of the half-turn is not read (a ``syntax`` finding),
#: so one runaway line or game costs no more than a normal one.
MAX_MOVES = 8
#: Half-turn text longer than this is not memoised (a cache must not keep it).
_MEMO_LENGTH = 200


def halfturn_parts(text: str, column: int) -> Parts:
    """``"65: 24/18 18/13!"`` at ``column`` -> ((6, 5), moves, "!").

    The text has already matched the ``HALFTURN`` terminal (terms.lark).
    At most ``MAX_MOVES + 1`` moves are built: a caller that gets more than
    :data:`MAX_MOVES` reports the half-turn (:func:`capped_moves`).
    """
    if len(text) > _MEMO_LENGTH:
        return _halfturn_parts(text, column)
    return _memo_halfturn_parts(text, column)


def capped_moves(moves: tuple[Move, ...], line: int | None
                 ) -> tuple[tuple[Move, ...], Finding | None]:
    """``moves`` cut to :data:`MAX_MOVES`, and the ``syntax`` finding that says
    so (at the first move not read), or ``None`` when nothing was cut."""
    if len(moves) <= MAX_MOVES:
        return moves, None
    first = moves[MAX_MOVES]
    return moves[:MAX_MOVES], Finding(
        "syntax", f"a half-turn plays four dice at the most (R3), written in at most "
        f"{MAX_MOVES} moves here; the moves from {first.text!r} on are not read",
        line=line, column=first.column)


def _halfturn_parts(text: str, column: int) -> Parts:
    colon = 2 if text[1].isdigit() else 3  # `65:` or `6-5:` / `6:5:`
    dice = _ROLL_DICE[text[: colon + 1]]
    annotation: str | None = None
    end = len(text)
    if text[-1] in "!?":
        match = _ANNOTATION_RE.search(text, colon + 1)
        if match:
            annotation = match.group(1)
            end = match.start()
    moves: list[Move] = []
    move = _move
    if end <= _MEMO_LENGTH:
        # Short text (the memoised kind): split and find each word's column,
        # a quarter cheaper than a match object per word.
        at = colon + 1
        find = text.find
        for written in text[at:end].split():
            at = find(written, at)
            if written != "pass" and written != "Pass":
                moves.append(move(written, column + at))
            at += len(written)
        return dice, tuple(moves[: MAX_MOVES + 1]), annotation
    for word in _WORD_RE.finditer(text, colon + 1, end):  # a runaway line: stop early
        written = word.group()
        if written != "pass" and written != "Pass":
            moves.append(move(written, column + word.start()))
            if len(moves) > MAX_MOVES:
                break
    return dice, tuple(moves), annotation


_memo_halfturn_parts = functools.lru_cache(maxsize=1 << 16)(_halfturn_parts)


@functools.lru_cache(maxsize=4096)
def turn_number(text: str) -> tuple[int | None, bool, bool]:
    """``"12."`` -> (12, False, True); ``"7..."`` -> (7, True, True).

    The last item says whether the number could be read: a number of more
    than :data:`MAX_NUMBER_DIGITS` digits is ``None`` (no turn has it; the
    reader reports a ``turn-number`` warning).  Blank text is (None, False, True).
    """
    text = text.strip()
    if not text:
        return None, False, True
    digits = text.rstrip(".").rstrip(")")
    black = text.endswith("...")
    if len(digits) > MAX_NUMBER_DIGITS:
        return None, black, False
    return int(digits), black, True
