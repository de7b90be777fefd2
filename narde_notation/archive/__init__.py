"""Archives: the per-file work of both programs over many files, and what is
learnt from it: the games, turns and findings tables, the summary, dice
statistics, players, matches, ratings and standings.

:mod:`.tasks` (one file read, replayed and turned into table rows) runs on
:mod:`.executor` (processes or Dask); :mod:`.table_rows` and
:mod:`.schema` build the tables; :mod:`.frames` is the library's face;
:mod:`.summary`, :mod:`.statistics`, :mod:`.players`, :mod:`.matches`,
:mod:`.ratings`, :mod:`.standings` work on the tables; :mod:`.table_text`
writes tables as text.  Depends on the stages below (model, formats,
rules, replay).
"""

from narde_notation._lazy import lazy_names

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "games_frame": ".frames",
        "turns_frame": ".frames",
        "findings_frame": ".frames",
        "summary": ".frames",
        "Summary": ".summary",
        "matches_frame": ".matches",
    },
)
