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

from narde_notation._lazy import lazy_names

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
    },
)
