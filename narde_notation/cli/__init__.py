"""Command-line programs: ``narde``, ``narde-validate`` and ``narde-stats``.

Exit codes (all three, as sqlfluff): 0 clean, 1 findings that are errors,
2 usage errors or unreadable input.
"""
