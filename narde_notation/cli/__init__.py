"""Command-line programs: ``narde``, ``narde-validate`` and ``narde-stats``.

Exit codes (all three, as sqlfluff): 0 clean, 1 findings that are errors,
2 usage errors or unreadable input.
"""

from __future__ import annotations

import codecs

import click

from narde_notation.errors import RulesetError
from narde_notation.ruleset import Ruleset

__all__ = ["check_encoding", "check_rules_tag"]


def check_rules_tag(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Click callback for ``--rules``: the tag as given, after checking it reads
    as a :class:`Ruleset` (a bad tag is a usage error, exit 2)."""
    if value is not None:
        try:
            Ruleset.from_tag(value)
        except RulesetError as exc:
            raise click.BadParameter(str(exc), ctx=ctx, param=param) from exc
    return value


def check_encoding(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Click callback for ``--encoding``: a codec name Python knows (else exit 2)."""
    if value is not None:
        try:
            codecs.lookup(value)
        except LookupError as exc:
            raise click.BadParameter(f"unknown encoding {value!r}", ctx=ctx,
                                     param=param) from exc
    return value


#: The ``--encoding`` option of the programs that read records.
encoding_option = click.option(
    "--encoding", metavar="NAME", callback=check_encoding,
    help="Encoding of files without a byte-order mark that are not UTF-8 "
         "(cp1251, cp1254, cp1252, koi8-r, …; default: a guess, with a warning).")
