"""Analysis of records: every half-turn rated against the evaluator's best turn.

The stage between the evaluator and the archive (README "Layout"):

* :mod:`.marks` — gnubg's thresholds: move marks (doubtful / bad / very
  bad), luck marks and the error-rate label;
* :mod:`.match_equity` — the Long Narde match equity table (no cube, R9,
  R10) and match-winning chances of estimates;
* :mod:`.luck` — the luck of a roll: the mean over the 36 rolls in one
  batched evaluation;
* :mod:`.game` — :class:`GameAnalysis` of one replayed game and
  :func:`analyse`;
* :mod:`.summary` — per-player error rates, counts and luck over any
  number of analysed games;
* :mod:`.files` — a file's games analysed (the unit of work of ``narde
  analyse`` on the executor), the evaluator loaded once per process.

numpy and the evaluator are imported on first use, never by ``import
narde_notation``.
"""

from typing import TYPE_CHECKING

from narde_notation._lazy import lazy_names

if TYPE_CHECKING:  # the lazy names, for type checkers
    from narde_notation.analysis.depth import AUTO, Depth, depth_label
    from narde_notation.analysis.files import FileAnalysis, analyse_file, merge_shares
    from narde_notation.analysis.game import (
        COLUMNS,
        GameAnalysis,
        HalfTurnAnalysis,
        analyse,
        evaluator_for,
    )
    from narde_notation.analysis.marks import MARK_COLOURS, MARK_SYMBOLS, rating_scale, signed
    from narde_notation.analysis.match_equity import MatchEquityTable, match_equity_table
    from narde_notation.analysis.summary import (
        ANALYSIS_COLUMNS,
        SUMMARY_COLUMNS,
        SUMMARY_UNITS,
        player_rows,
        player_summary,
    )

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "analyse": ".game",
        "GameAnalysis": ".game",
        "HalfTurnAnalysis": ".game",
        "player_summary": ".summary",
        "match_equity_table": ".match_equity",
        "MatchEquityTable": ".match_equity",
        "analyse_file": ".files",
        "FileAnalysis": ".files",
        "merge_shares": ".files",
        "COLUMNS": ".game",
        "ANALYSIS_COLUMNS": ".summary",
        "SUMMARY_COLUMNS": ".summary",
        "evaluator_for": ".game",
        "MARK_SYMBOLS": ".marks",
        "rating_scale": ".marks",
        "signed": ".marks",
        "SUMMARY_UNITS": ".summary",
        "player_rows": ".summary",
        "MARK_COLOURS": ".marks",
        "AUTO": ".depth",
        "Depth": ".depth",
        "depth_label": ".depth",
    },
)

__all__ = [
    "ANALYSIS_COLUMNS",
    "AUTO",
    "COLUMNS",
    "MARK_COLOURS",
    "MARK_SYMBOLS",
    "SUMMARY_COLUMNS",
    "SUMMARY_UNITS",
    "Depth",
    "FileAnalysis",
    "GameAnalysis",
    "HalfTurnAnalysis",
    "MatchEquityTable",
    "analyse",
    "analyse_file",
    "depth_label",
    "evaluator_for",
    "match_equity_table",
    "merge_shares",
    "player_rows",
    "player_summary",
    "rating_scale",
    "signed",
]
