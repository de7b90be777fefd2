"""The three tables' columns and dtypes, and the :class:`FileTables` that holds them.

Column meanings are documented in :mod:`narde_notation.archive.frames`.  Repeated
strings (file, side, roll, codes, kind, severity, …) are ``category``
columns: a turns row takes about a third of the memory of plain strings.
Categories are fixed where the values are (:data:`CATEGORIES`: sides,
rolls, kinds, endings, finding codes) so frames concatenate without losing
the dtype; ``file`` and ``codes`` take the categories of their values.

Missing text is ``NA`` (never the text ``"None"``): text columns use
pandas' string dtype (``"str"`` from pandas 3, ``"string"`` before it).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from narde_notation.formats import RECORD_SUFFIXES
from narde_notation.model import CODES, ROLLS, unicode_text

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "CATEGORIES",
    "ENDINGS",
    "EXTENSIONS",
    "FINDING_COLUMNS",
    "GAME_COLUMNS",
    "KINDS",
    "ROLL_NAMES",
    "SIDES",
    "TURN_COLUMNS",
    "FileTables",
    "empty_tables",
    "roll_counts",
    "typed_frame",
]

#: File name endings read when a folder is given.
EXTENSIONS = RECORD_SUFFIXES
#: Categories of ``games.kind``, in order of points.
KINDS = ("oyn", "mars", "koks", "draw")
#: Categories of ``games.ending`` (:attr:`narde_notation.replay.validation.GameReport.ending`).
ENDINGS = ("bear-off", "resignation", "draw", "unfinished")
#: The sides' names in the tables.
SIDES = ("white", "black")
#: The 21 distinct rolls, higher die first: "11", "21", "22", …, "66".
ROLL_NAMES = tuple(f"{a}{b}" for a, b, _odds in reversed(ROLLS))

#: column name -> fixed categories (the other ``category`` columns take their values').
CATEGORIES: dict[str, tuple[str, ...]] = {
    "kind": KINDS,
    "ending": ENDINGS,
    "first_mover": SIDES,
    "winner": SIDES,
    "side": SIDES,
    "roll": ROLL_NAMES,
    "code": tuple(CODES),
    "severity": ("error", "warning"),
    "rule": tuple(sorted({rule for _, rule in CODES.values() if rule is not None})),
}

GAME_COLUMNS: dict[str, str] = {
    "file": "category",
    "game": "int64",
    "line": "int64",
    "white": "str",
    "black": "str",
    "match": "Int64",
    "rules": "str",
    "first_mover": "category",
    "winner": "category",
    "points": "int64",
    "kind": "category",
    "ending": "category",
    "result": "str",
    "declared": "str",
    "half_turns": "int64",
    "white_pips": "Int64",
    "black_pips": "Int64",
    "errors": "int64",
    "warnings": "int64",
    "valid": "bool",
    "first_error": "str",
    "stopped": "bool",
    "replay_error": "str",
    "game_number": "Int64",
    "score": "str",
    "date": "str",
    "played_on": "datetime64[ns]",
}
TURN_COLUMNS: dict[str, str] = {
    "file": "category",
    "game": "int64",
    "ply": "int64",
    "side": "category",
    "player": "category",
    "roll": "category",
    "die1": "int8",
    "die2": "int8",
    "moves": "str",
    "white_pips": "Int64",
    "black_pips": "Int64",
    "pips_rolled": "int64",
    "pips_played": "Int64",
    "pips_lost": "Int64",
    "codes": "category",
    "replayed": "bool",
    "opening": "bool",
}
FINDING_COLUMNS: dict[str, str] = {
    "file": "category",
    "game": "Int64",
    "line": "Int64",
    "column": "Int64",
    "code": "category",
    "severity": "category",
    "rule": "category",
    "message": "str",
}


@functools.cache
def _string_dtype() -> str:
    """``"str"`` on pandas 3 (NaN for missing), ``"string"`` before (``pd.NA``):
    pandas 2's ``"str"`` is ``object`` and writes a missing value as ``"None"``."""
    import pandas

    return "str" if int(pandas.__version__.split(".")[0]) >= 3 else "string"


def dtype_name(declared: str) -> str:
    """The dtype pandas reports for a declared one (pandas 2: ``"string"`` for ``"str"``)."""
    return _string_dtype() if declared == "str" else declared


def _unicode_values(values: Any) -> Any:
    """``values`` with every text made :func:`unicode_text` (pyarrow, pandas 3's
    string storage, refuses lone surrogates: a file name that was not UTF-8)."""
    if isinstance(values, list) and values:
        try:
            distinct = set(values)
        except TypeError:
            return values
        fixed = {v: unicode_text(v) for v in distinct if isinstance(v, str) and not v.isascii()}
        if any(k != v for k, v in fixed.items()):
            return [fixed.get(v, v) if isinstance(v, str) else v for v in values]
    return values


def _column(name: str, dtype: str, values: Any) -> Any:
    import pandas as pd

    if dtype == "category":
        fixed = CATEGORIES.get(name)
        if fixed is not None:
            return pd.Categorical(values, categories=list(fixed))
        return pd.Categorical(_unicode_values(values))
    if dtype == "str":
        values = _unicode_values(values)
    return pd.array(values, dtype=dtype_name(dtype))


def typed_frame(data: dict[str, Any], columns: dict[str, str]) -> pd.DataFrame:
    """A frame of the column lists (or arrays) with the documented dtypes of ``columns``."""
    import pandas as pd

    return pd.DataFrame({name: _column(name, dtype, data[name]) for name, dtype in columns.items()})


def retyped(frame: pd.DataFrame, columns: dict[str, str]) -> pd.DataFrame:
    """``frame`` with each column back at its documented dtype (after a concat,
    categories of ``file`` and ``codes`` are unioned)."""
    for name, dtype in columns.items():
        if str(frame[name].dtype) != dtype_name(dtype) or (
            dtype == "category" and name in CATEGORIES
            and list(frame[name].cat.categories) != list(CATEGORIES[name])
        ):
            column = frame[name]
            frame[name] = _column(name, dtype, [None if missing else value for value, missing
                                                in zip(column.tolist(), column.isna().tolist(),
                                                       strict=True)])
    return frame


@functools.cache
def _roll_index() -> pd.Index:
    import pandas as pd

    return pd.Index(list(ROLL_NAMES), name="roll")


def roll_counts(counts: dict[str, int] | None = None) -> pd.Series:
    """Counts of the 21 rolls as an int64 Series (index :data:`ROLL_NAMES`, name ``"count"``)."""
    import pandas as pd

    get = (counts or {}).get
    return pd.Series([get(r, 0) for r in ROLL_NAMES], index=_roll_index(), dtype="int64",
                     name="count")


@dataclass
class FileTables:
    """The three tables of one file (or of many, concatenated).

    Attributes:
        games, turns, findings: frames with :data:`GAME_COLUMNS`,
            :data:`TURN_COLUMNS`, :data:`FINDING_COLUMNS`.
        files: the files read, in order.
        problems: files that could not be read: path -> the reason (the OS
            error's text).
        failures: files whose work failed inside the program (an internal
            error, a worker process that died): path -> the reason.  The
            games read before are kept; the CLIs exit 2.
        rolls: counts of the 21 rolls (index :data:`ROLL_NAMES`, int64) over the
            valid games' half-turns, opening rolls left out — what dice
            fairness needs, kept even when ``turns`` was not built;
            ``None`` when unknown.
        excluded_openings: opening rolls left out of ``rolls``.
    """

    games: pd.DataFrame
    turns: pd.DataFrame
    findings: pd.DataFrame
    files: list[str] = field(default_factory=list)
    problems: dict[str, str] = field(default_factory=dict)
    rolls: pd.Series | None = None
    excluded_openings: int = 0
    failures: dict[str, str] = field(default_factory=dict)

    def files_without_games(self) -> list[str]:
        """The paths of ``files`` (in order) with no row in ``games``: the
        ``file`` column holds each name as :func:`unicode_text` made it (a
        name that was not UTF-8 as ``caf\\xe9.mat``), so names are compared
        that way (decisions H3)."""
        read = set(self.games["file"].astype(str)) if len(self.games) else set()
        return [path for path in self.files if unicode_text(path) not in read]

    @staticmethod
    def concat(parts: Sequence[FileTables]) -> FileTables:
        """Concatenate per-file tables in the given order (dtypes kept)."""
        import pandas as pd

        if not parts:
            return empty_tables()

        def cat(frames: list[pd.DataFrame], columns: dict[str, str]) -> pd.DataFrame:
            frames = [f for f in frames if len(f)]
            if not frames:
                return typed_frame({key: [] for key in columns}, columns)
            if len(frames) == 1:
                return frames[0].reset_index(drop=True)
            return retyped(pd.concat(frames, ignore_index=True), columns)

        problems: dict[str, str] = {}
        failures: dict[str, str] = {}
        files: list[str] = []
        rolls: pd.Series | None = roll_counts()
        for p in parts:
            problems.update(p.problems)
            failures.update(p.failures)
            files.extend(p.files)
            rolls = None if p.rolls is None or rolls is None else rolls + p.rolls
        return FileTables(
            games=cat([p.games for p in parts], GAME_COLUMNS),
            turns=cat([p.turns for p in parts], TURN_COLUMNS),
            findings=cat([p.findings for p in parts], FINDING_COLUMNS),
            files=files,
            problems=problems,
            rolls=rolls,
            excluded_openings=sum(p.excluded_openings for p in parts),
            failures=failures,
        )


def empty_tables() -> FileTables:
    """Three empty frames with the documented columns and dtypes."""
    return FileTables(
        games=typed_frame({key: [] for key in GAME_COLUMNS}, GAME_COLUMNS),
        turns=typed_frame({key: [] for key in TURN_COLUMNS}, TURN_COLUMNS),
        findings=typed_frame({key: [] for key in FINDING_COLUMNS}, FINDING_COLUMNS),
    )
