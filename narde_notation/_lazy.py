"""Lazy facades: a package's public names imported on first use (PEP 562).

Each pipeline package's ``__init__`` lists its public names and the private
module that defines each; nothing is imported until a name is asked for, so
``import narde_notation`` stays free of the engine, Lark, pandas and
matplotlib (``tests/test_startup.py``).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    package: str, names: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package``: ``names`` maps a public
    name to the module (absolute, or relative to ``package`` when it starts
    with ``.``) that defines it.

    An unknown name raises :class:`AttributeError`, as for any module.
    """

    # absolute names, resolved once (a relative one names a module of ``package``)
    homes = {name: package + module if module.startswith(".") else module
             for name, module in names.items()}

    def __getattr__(name: str) -> Any:
        module = homes.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        # not kept here: the front door lends the defining module's current
        # value, so a test that patches it there is seen by every importer
        # through the door (issue 26), at about 2 µs a lookup
        loaded = sys.modules.get(module)
        return getattr(loaded if loaded is not None else importlib.import_module(module), name)

    def __dir__() -> list[str]:
        # what a user may use: the public names and the module's dunders, not
        # the imports the facade needs (sys, TYPE_CHECKING, this helper)
        module = vars(sys.modules[package])
        dunders = {n for n in module if n.startswith("__") and n.endswith("__")}
        packages = {n for n, v in module.items() if not n.startswith("_")
                    and getattr(v, "__name__", "") == f"{package}.{n}"}  # loaded subpackages
        return sorted(dunders | packages | set(names) | set(module.get("__all__", ())))

    return __getattr__, __dir__


def publish(package: str, *objects: Any) -> None:
    """Give each of ``objects`` (classes, functions) its one public home:
    ``__module__`` is ``package``, the front door that names it, not the
    private module that defines it (as httpx does), so ``repr``, help and
    pickles show the import a user writes.  Each must be one of
    ``package``'s lazy names (a pickle finds it there)."""
    for obj in objects:
        obj.__module__ = package
