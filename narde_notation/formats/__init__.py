"""Text to records and back: decoding, the grammars, the native and
``.mat`` readers, the writer and the discovery of record files.

Data flows :mod:`.sources` (paths, folders, globs) → :mod:`.decoding`
(bytes to lines, the ``encoding`` warning) → :mod:`.reader` (format
detection) → :mod:`.native` or :mod:`.mat` (grammar in :mod:`.grammar`,
``syntax`` findings in :mod:`.syntax`) → records; :mod:`.writer` writes
records back as text.  :mod:`._score` reads and writes scores, results and
counts (the ``Score``, ``Result``, ``Match`` and ``Game`` tags) for every
stage.  Depends only on :mod:`narde_notation.model`.
"""

from typing import TYPE_CHECKING

from narde_notation._lazy import lazy_names

if TYPE_CHECKING:  # the lazy names, for type checkers
    from narde_notation.formats._score import (
        RESULTS,
        MatchTags,
        format_score,
        parse_count,
        parse_result,
        parse_score,
        result_token,
    )
    from narde_notation.formats._visitor import (
        SKIP,
        GameVisitor,
        Headers,
        HeadersVisitor,
        is_game,
        read_headers,
        visit,
        visit_games,
    )
    from narde_notation.formats.grammar import cache_folder
    from narde_notation.formats.native import read_half_turn, read_move
    from narde_notation.formats.reader import detect_format, parse_games, read_games
    from narde_notation.formats.sources import (
        RECORD_SUFFIXES,
        STDIN,
        ExpandedPaths,
        expand_paths,
        record_files,
        special_kind,
    )
    from narde_notation.formats.writer import (
        played_order_moves,
        shortest_half_turn,
        shortest_moves,
        write_game,
        write_games,
    )

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "read_games": ".reader",
        "parse_games": ".reader",
        "detect_format": ".reader",
        "write_game": ".writer",
        "write_games": ".writer",
        "ExpandedPaths": ".sources",
        "RECORD_SUFFIXES": ".sources",
        "STDIN": ".sources",
        "expand_paths": ".sources",
        "record_files": ".sources",
        "special_kind": ".sources",
        "read_move": ".native",
        "SKIP": "._visitor",
        "GameVisitor": "._visitor",
        "Headers": "._visitor",
        "HeadersVisitor": "._visitor",
        "is_game": "._visitor",
        "read_headers": "._visitor",
        "visit": "._visitor",
        "visit_games": "._visitor",
        "read_half_turn": ".native",
        "RESULTS": "._score",
        "MatchTags": "._score",
        "format_score": "._score",
        "parse_count": "._score",
        "parse_result": "._score",
        "parse_score": "._score",
        "result_token": "._score",
        "cache_folder": ".grammar",
        "played_order_moves": ".writer",
        "shortest_moves": ".writer",
        "shortest_half_turn": ".writer",
    },
)

__all__ = [
    "RECORD_SUFFIXES",
    "RESULTS",
    "SKIP",
    "STDIN",
    "ExpandedPaths",
    "GameVisitor",
    "Headers",
    "HeadersVisitor",
    "MatchTags",
    "cache_folder",
    "detect_format",
    "expand_paths",
    "format_score",
    "is_game",
    "parse_count",
    "parse_games",
    "parse_result",
    "parse_score",
    "played_order_moves",
    "read_games",
    "read_half_turn",
    "read_headers",
    "read_move",
    "record_files",
    "result_token",
    "shortest_half_turn",
    "shortest_moves",
    "special_kind",
    "visit",
    "visit_games",
    "write_game",
    "write_games",
]
