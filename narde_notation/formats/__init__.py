"""Text to records and back: decoding, the grammars, the native and
``.mat`` readers, the writer and the discovery of record files.

Data flows :mod:`.sources` (paths, folders, globs) → :mod:`.decoding`
(bytes to lines, the ``encoding`` warning) → :mod:`.reader` (format
detection) → :mod:`.native` or :mod:`.mat` (grammar in :mod:`.grammar`,
``syntax`` findings in :mod:`.syntax`) → records; :mod:`.writer` writes
records back as text.  Depends only on :mod:`narde_notation.model`.
"""

from narde_notation._lazy import lazy_names

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "read_games": ".reader",
        "parse_games": ".reader",
        "detect_format": ".reader",
        "write_game": ".writer",
        "write_games": ".writer",
    },
)
