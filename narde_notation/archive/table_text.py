"""Tables as text for people and programs: plain, Markdown, CSV, JSON.

Every cell that holds text (player and file names come from users) is
escaped for where it goes (:mod:`narde_notation.model.safe_text`): control
characters made visible on terminals, ``|`` and HTML escaped in Markdown,
formula starts neutralised in CSV.  JSON keeps numbers as numbers: counts
are integers, a missing value is ``null``.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

from narde_notation.model import csv_safe_frame, json_safe, markdown_safe, visible

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["FORMATS", "json_value", "render_frame", "table_records", "text_table"]

#: Output formats of :func:`render_frame`.
FORMATS = ("table", "markdown", "csv", "json")


def json_value(v: Any) -> Any:
    """A JSON-ready scalar: numpy numbers as Python ones, NaN/NA as ``None``."""
    if hasattr(v, "item"):
        v = v.item()
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return None
    try:
        import pandas as pd

        if v is pd.NA:
            return None
    except ImportError:  # pragma: no cover
        pass
    return v


def _object_column(values: list[Any], index: Any) -> Any:
    """``values`` as an object column (no string inference: ``None`` stays ``None``)."""
    import pandas as pd

    return pd.Series(values, dtype=object, index=index)


def table_records(frame: pd.DataFrame) -> dict[str, dict[str, Any]]:
    """``{index: {column: value}}`` with each column's own type (an int64
    column stays integers, unlike a row-wise walk that would upcast)."""
    columns = {str(c): [json_value(v) for v in frame[c].tolist()] for c in frame.columns}
    return {
        str(index): {c: values[i] for c, values in columns.items()}
        for i, index in enumerate(frame.index)
    }


def _escaped(frame: pd.DataFrame, escape: Any) -> pd.DataFrame:
    """``frame`` with its text cells escaped and every missing value (NaN, NA,
    None) ``None``, which :func:`text_table` shows as ``-``."""
    out = frame.copy()
    for name in out.columns:
        if out[name].dtype.kind not in "biufc" or out[name].isna().any():
            out[name] = _object_column([escape(v) if isinstance(v, str) else json_value(v)
                                   for v in out[name].tolist()], out.index)
    if out.index.dtype.kind not in "biuf":
        out.index = [escape(v) if isinstance(v, str) else v for v in out.index.tolist()]
        out.index.name = frame.index.name
    return out


def text_table(frame: pd.DataFrame, tablefmt: str = "simple", **options: Any) -> str:
    """``frame`` through :func:`tabulate.tabulate` (``"simple"`` or ``"github"``),
    its text cells escaped for a terminal or for Markdown; ``"(none)"`` when empty."""
    from tabulate import tabulate

    if not len(frame):
        return "(none)"
    escape = markdown_safe if tablefmt in ("github", "pipe") else visible
    options.setdefault("floatfmt", ".4g")
    options.setdefault("missingval", "-")
    cells = _escaped(frame, escape)
    # a missing figure (None, NaN, NA) is `missingval`, never `nan`: tabulate
    # only knows None as missing (decisions R11)
    cells = cells.astype(object).where(cells.notna(), None)
    return str(tabulate(cells, headers="keys", tablefmt=tablefmt, **options))


def render_frame(frame: pd.DataFrame, fmt: str, text_columns: tuple[str, ...] = ()) -> str:
    """``frame`` in ``fmt`` (:data:`FORMATS`); ``text_columns`` (and a text
    index) are the cells :func:`~narde_notation.model.safe_text.csv_safe` protects in CSV."""
    if fmt == "csv":
        return str(csv_safe_frame(frame, text_columns).to_csv())
    if fmt == "json":
        return json_safe(json.dumps(table_records(frame), ensure_ascii=False, indent=1)) + "\n"
    return text_table(frame, "github" if fmt == "markdown" else "simple") + "\n"
