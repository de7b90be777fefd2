"""The flat module paths of 0.x (``narde_notation.reader``, ``.frames``, …),
kept importable for one release: each old name is an alias of the module's
new home, and importing it warns (:class:`DeprecationWarning`).

Installed by ``import narde_notation`` as one :data:`sys.meta_path` finder;
it costs a dictionary look-up per import of a ``narde_notation.*`` name that
is not a real module, and imports nothing itself.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

#: old flat module -> its new home (decisions.md L1; a private module's names
#: are public in its package's front door).  ``summary`` is not
#: listed: the name is the :func:`narde_notation.summary` function.
_TABLE = """
    side=model.side errors=model.errors findings=model.findings ruleset=model.ruleset
    record=model.record safe_text=model.safe_text decoding=formats.decoding
    parsers=formats.grammar native=formats.native mat=formats.mat
    diagnostics=formats.syntax reader=formats.reader writer=formats.writer
    sources=formats.sources position=rules.position step=rules.step
    generation=rules.generation checking=rules.turn_check
    diagnosis=rules.turn_diagnosis engine=rules.engine scoring=rules.scoring
    play=rules.random_play validation=replay.validation work=archive.tasks
    executor=archive.executor schema=archive.schema rows=archive.table_rows
    frames=archive.frames stats=archive.statistics players=archive.players
    matches=archive.matches ratings=archive._ratings standings=archive._standings
    render=archive.table_text board=show.board_svg viewer=show.viewer
    display=show.jupyter plots=show.plots report=show.club_report
"""
MOVED = dict(pair.split("=") for pair in _TABLE.split())


class _Alias:  # an importlib Loader (importlib.abc costs pathlib at start-up)
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        # a private module's names are imported from its package's front door
        package, _, module = self.target.rpartition(".")
        shown = package if module.startswith("_") else self.target
        warnings.warn(
            f"{spec.name} is deprecated: import {shown} (the old flat paths go in the "
            "next release)",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module(self.target)

    def exec_module(self, module: ModuleType) -> None:
        """The target module is already executed."""


class _MovedFinder:  # an importlib MetaPathFinder
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.partition(".")
        new = MOVED.get(name) if package == "narde_notation" else None
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(
            fullname, _Alias(f"narde_notation.{new}")  # type: ignore[arg-type]
        )


def install() -> None:
    """Put the finder on :data:`sys.meta_path` once."""
    if not any(isinstance(f, _MovedFinder) for f in sys.meta_path):
        sys.meta_path.append(_MovedFinder())
