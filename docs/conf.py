"""Sphinx configuration of the documentation site (decisions: "The documentation site").

Build it (offline, warnings are errors, broken references included)::

    pip install -e ".[docs]"
    sphinx-build -W --keep-going -n -b html docs docs/_build/html

The API reference is written at build time into ``docs/_generated/`` from the
packages' front doors: the names in each public package's ``__all__`` (or, for
a package without one, its lazy public names), never from a list of module
paths kept by hand, so moving code between private modules does not touch it.
Each object is documented once, under the package that is its home (its
``__module__`` when that is a front door, else the deepest front door above
the module that defines it); other front doors that re-export it link there.

A cross-reference Sphinx cannot resolve by itself goes through
:func:`_resolve_missing`: a name of the package (however it is spelled: the
front door, the private module, a short name) links to its documented home; a
name that exists but is not public is shown as code without a link; a name
found nowhere (a typo, a renamed function) is a warning, so the build fails.
"""

from __future__ import annotations

import builtins
import collections.abc
import importlib
import importlib.util
import inspect
import pkgutil
import re
import shutil
import sys
import types
import typing
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
GENERATED = DOCS / "_generated"
sys.path.insert(0, str(ROOT))

import narde_notation  # noqa: E402  (after the path: the checkout, when not installed)

project = "narde-notation"
author = "narde-notation developers"
copyright = "narde-notation developers"  # Sphinx's name
release = narde_notation.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx_click",
    "myst_nb",
]

root_doc = "index"
exclude_patterns = ["_build", ".ipynb_checkpoints"]
html_theme = "furo"
html_title = f"narde-notation {release}"
html_static_path: list[str] = []

# Every reference must resolve (nitpicky, -n); the handler below decides.
nitpicky = True
# The notebook is shown with the outputs saved in it: executing it needs the
# examples folder, matplotlib and the evaluator; CI runs it on its own step.
nb_execution_mode = "off"
myst_heading_anchors = 3
suppress_warnings = [
    "myst.header",  # the rules and decisions number their own headings
]

# The docstrings are Google style ("Args:", "Returns:", "Raises:", "Attributes:").
napoleon_google_docstring = True
napoleon_use_ivar = True  # "Attributes:" as fields: autodoc documents members with docs itself
napoleon_numpy_docstring = False
autodoc_typehints = "signature"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True}
autodoc_inherit_docstrings = False

#: Packages whose names are not a library API: the programs (documented on
#: the programs page by sphinx-click, from the click commands themselves).
NOT_API = {"narde_notation.cli"}


# ---------------------------------------------------------------------------
# the front doors


def front_doors() -> list[str]:
    """The public packages: ``narde_notation`` and its sub-packages not starting with ``_``."""
    names = [
        f"narde_notation.{info.name}"
        for info in pkgutil.iter_modules(narde_notation.__path__)
        if info.ispkg and not info.name.startswith("_")
    ]
    return [name for name in sorted(names) if name not in NOT_API] + ["narde_notation"]


def public_names(package: types.ModuleType) -> list[str]:
    """``__all__``, or the public names ``dir()`` shows that the package's modules define."""
    declared = getattr(package, "__all__", None)
    if declared is not None:
        return list(declared)
    names = []
    for name in dir(package):
        if name.startswith("_"):
            continue
        value = getattr(package, name)
        module = getattr(value, "__module__", None) or ""
        if inspect.ismodule(value) or not module.startswith("narde_notation"):
            continue
        if module == "narde_notation._lazy":
            continue
        names.append(name)
    return names


def _kind(value: Any) -> str:
    if inspect.isclass(value):
        return "class"
    if callable(value):
        return "function"
    return "data"


class ApiIndex:
    """Where each public object is documented, and every name it goes by."""

    def __init__(self) -> None:
        self.packages: dict[str, list[str]] = {}  # package -> names it exports
        self.home: dict[int, str] = {}  # id(object) -> documented dotted name
        self.objects: dict[int, Any] = {}  # keeps the objects alive (ids stay unique)
        for package_name in front_doors():
            package = importlib.import_module(package_name)
            self.packages[package_name] = public_names(package)
        for package_name, names in self.packages.items():
            for name in names:
                value = getattr(importlib.import_module(package_name), name)
                self.objects[id(value)] = value
                best = self.home.get(id(value))
                if best is None or self._better(package_name, best.rpartition(".")[0], value):
                    self.home[id(value)] = f"{package_name}.{name}"

    @staticmethod
    def _better(candidate: str, current: str, value: Any) -> bool:
        """Is ``candidate`` a better home than ``current`` for ``value``?"""
        if _kind(value) == "data":
            return candidate.count(".") > current.count(".")  # constants: the deepest door
        module = getattr(value, "__module__", "") or ""

        def score(package: str) -> tuple[bool, bool, int]:
            return (
                module == package,
                module.startswith(package + "."),
                package.count("."),
            )

        return score(candidate) > score(current)

    def documented_here(self, package: str) -> list[tuple[str, Any]]:
        module = importlib.import_module(package)
        return [
            (name, getattr(module, name))
            for name in self.packages[package]
            if self.home[id(getattr(module, name))] == f"{package}.{name}"
        ]

    def elsewhere(self, package: str) -> list[tuple[str, str, Any]]:
        module = importlib.import_module(package)
        out = []
        for name in self.packages[package]:
            value = getattr(module, name)
            home = self.home[id(value)]
            if home != f"{package}.{name}":
                out.append((name, home, value))
        return out


def _heading(text: str, underline: str) -> list[str]:
    return [text, underline * len(text), ""]


def write_api(index: ApiIndex) -> None:
    """One page a front door: the package docstring, then each object at its home."""
    api = GENERATED / "api"
    api.mkdir(parents=True, exist_ok=True)
    pages = []
    for package in index.packages:
        lines = _heading(f"``{package}``", "=")
        lines += [f".. automodule:: {package}", "   :no-members:", ""]
        for name, value in index.documented_here(package):
            kind = _kind(value)
            lines += [f".. auto{kind}:: {package}.{name}"]
            if kind == "data":
                lines += ["   :no-value:"]
            lines += [""]
        moved = index.elsewhere(package)
        if moved:
            lines += _heading("Also importable from here", "-")
            role = {"class": "class", "function": "func", "data": "data"}
            for name, home, value in moved:
                lines += [f"* ``{name}``: :{role[_kind(value)]}:`{home}`"]
            lines += [""]
        page = package.replace(".", "-")
        (api / f"{page}.rst").write_text("\n".join(lines), encoding="utf-8")
        pages.append(page)
    toc = _heading("API reference", "=")
    toc += [
        "Each package's public names (its ``__all__``), as ``import narde_notation.PACKAGE``",
        "gives them; the top-level ``narde_notation`` re-exports the working set.",
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "",
    ]
    toc += [f"   {page}" for page in pages]
    (api / "index.rst").write_text("\n".join(toc) + "\n", encoding="utf-8")


def write_generated(app: Any, config: Any) -> None:
    """``docs/_generated/``: the API pages and the example notebook (read, not run)."""
    shutil.rmtree(GENERATED, ignore_errors=True)
    GENERATED.mkdir()
    (GENERATED / ".gitignore").write_text("*\n", encoding="utf-8")
    app.env_api_index = ApiIndex()
    write_api(app.env_api_index)
    shutil.copy(ROOT / "examples" / "analysis.ipynb", GENERATED / "tutorial.ipynb")


# ---------------------------------------------------------------------------
# references


def _all_modules() -> dict[str, types.ModuleType]:
    """Every importable module of the package (one that cannot be imported is left out)."""
    found: dict[str, types.ModuleType] = {"narde_notation": narde_notation}
    for info in pkgutil.walk_packages(narde_notation.__path__, "narde_notation."):
        try:
            found[info.name] = importlib.import_module(info.name)
        except Exception:
            continue
    return found


_MODULES: dict[str, types.ModuleType] = {}
#: Names that annotations written as strings use for other libraries' types.
_EXTERNAL_SHORT = {
    "DataFrame", "Series", "Index", "Axes", "Figure", "NDArray", "ndarray", "Tree", "Token",
    "Lark", "Client", "Future", "Executor", "Self", "TypeAlias", "ParamSpec", "Context",
}


def _context_class(context: str | None, class_name: str | None) -> Any:
    """The class a reference is written in (``py:module`` and ``py:class``), or ``None``."""
    if not class_name:
        return None
    value: Any = _MODULES.get(context or "") or narde_notation
    for part in class_name.split("."):
        value = getattr(value, part, None)
    return value if inspect.isclass(value) else None


def _has_attribute(cls: Any, name: str) -> bool:
    """Does ``cls`` have ``name``: a class attribute, a field, or one ``__init__`` sets?"""
    if hasattr(cls, name) or name in getattr(cls, "__annotations__", {}):
        return True
    try:
        source = inspect.getsource(cls)
    except (OSError, TypeError):
        return False
    return re.search(rf"\bself\.{re.escape(name)}\b", source) is not None


def _lookup(
    target: str, context: str | None, class_name: str | None = None
) -> tuple[bool, Any]:
    """``(found, object)`` for a reference's target, as the docstrings spell it."""
    if not _MODULES:
        _MODULES.update(_all_modules())
    target = target.lstrip(".~").partition("[")[0]
    first, _, rest = target.partition(".")
    starts: list[Any] = []
    owner = _context_class(context, class_name)
    if owner is not None and not rest and _has_attribute(owner, first):
        return True, getattr(owner, first, None)  # a member of the class it is written in
    if first == "narde_notation":
        starts = [narde_notation]
    else:
        if context and context in _MODULES:
            # a relative reference (":mod:`.marks`") or a name of the context's package
            for prefix in (context, context.rpartition(".")[0]):
                if prefix and f"{prefix}.{first}" in _MODULES:
                    starts.append(_MODULES[f"{prefix}.{first}"])
        for module in _MODULES.values():
            if first in vars(module) and not first.startswith("__"):
                starts.append(vars(module)[first])
        if not starts:
            external = (
                hasattr(builtins, first)
                or hasattr(typing, first)
                or hasattr(collections.abc, first)
                or first in _EXTERNAL_SHORT
                or (first.isidentifier() and importlib.util.find_spec(first) is not None)
            )
            return external, None
    for start in starts:
        value: Any = start
        parts = rest.split(".") if rest else []
        if first == "narde_notation":
            name = "narde_notation"
            for part in parts:
                name = f"{name}.{part}"
                if name in _MODULES:
                    value = _MODULES[name]
                elif hasattr(value, part):
                    value = getattr(value, part)
                else:
                    break
            else:
                return True, value
            continue
        try:
            for part in parts:
                value = getattr(value, part)
        except AttributeError:
            continue
        return True, value
    return False, None


def _documented_name(app: Any, value: Any, target: str) -> str | None:
    """The dotted name under which ``value`` (or the member ``target`` names) is documented."""
    index: ApiIndex = app.env_api_index
    if inspect.ismodule(value):
        name = value.__name__
        while name and name not in index.packages:
            name = name.rpartition(".")[0]
        return name or None
    home = index.home.get(id(value))
    if home is not None:
        return home
    # a member: the documented home of its class, then the member's name
    parts = target.lstrip(".~").split(".")
    for cut in range(len(parts) - 1, 0, -1):
        found, owner = _lookup(".".join(parts[:cut]), None)
        if found and id(owner) in index.home:
            return ".".join([index.home[id(owner)], *parts[cut:]])
    return None


def _resolve_missing(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Links a reference Sphinx could not resolve; a warning when it names nothing."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    if not re.fullmatch(r"[\w.~]+(\[.*\])?", target):
        return contnode  # prose napoleon took for a type ("The HTML text."): not a name
    found, value = _lookup(target, node.get("py:module"), node.get("py:class"))
    if not found:
        from sphinx.util import logging

        logging.getLogger(__name__).warning(
            "broken reference: %s names nothing in narde_notation nor a library (in %s)",
            target,
            node.get("py:class") or node.get("py:module"),
            location=node,
            type="ref",
            subtype="broken",
        )
        return contnode  # warned once here, not again by nitpicky
    if value is None:
        return contnode  # another library's name: shown as written
    documented = _documented_name(app, value, target)
    owner = _context_class(node.get("py:module"), node.get("py:class"))
    if documented is None and owner is not None and id(owner) in app.env_api_index.home:
        documented = f"{app.env_api_index.home[id(owner)]}.{target.lstrip('.~')}"
    domain = env.get_domain("py")
    if documented is not None:
        for role in ("obj", "mod"):
            resolved = domain.resolve_xref(
                env, node["refdoc"], app.builder, role, documented, node, contnode
            )
            if resolved is not None:
                return resolved
    return contnode  # exists, not public: shown as code without a link


def _napoleon(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """napoleon, with an attribute's or property's first sentence not read as a type.

    napoleon reads a property's ``"How the game ended: ..."`` as the type
    ``How the game ended``; these docstrings state their type in the
    annotation, so they are read as any other docstring.
    """
    from sphinx.ext import napoleon

    if what == "data":
        lines[:] = _data_doc(obj, name.rpartition(".")[2]) or []
    if what in ("attribute", "property", "data"):
        what = "method"
    lines[:] = _indent_continuations(lines)
    napoleon._process_docstring(app, what, name, obj, options, lines)


_SECTION = re.compile(
    r"\s*(Args|Arguments|Parameters|Keyword Args|Other Parameters|Attributes|Raises|Warns):\s*$"
)
#: An entry of a field section: ``name:``, ``name (type):``, ``a, b:``; in
#: ``Raises:`` a class name (``OSError:``), so ``iteration: ...`` continues.
_ENTRY = re.compile(r"\s*\*{0,2}\w+(, \*{0,2}\w+)*(\s*\([^)]*\))?:(\s|$)")
_RAISES_ENTRY = re.compile(r"\s*[A-Z][\w.]*(, [A-Z][\w.]*)*:(\s|$)")


def _indent_continuations(lines: list[str]) -> list[str]:
    """A field's continuation lines written at the field's own indentation
    (as some docstrings here do) indented one step, as napoleon needs."""
    lines = _prose_raises(lines)
    out: list[str] = []
    entry: re.Pattern[str] | None = None  # inside a field section: its entry pattern
    entry_indent: int | None = None
    section_indent = 0
    for line in lines:
        indent = len(line) - len(line.lstrip())
        if _SECTION.match(line):
            entry = _RAISES_ENTRY if line.strip() in ("Raises:", "Warns:") else _ENTRY
            entry_indent, section_indent = None, indent
        elif line.strip() and entry is not None:
            if indent <= section_indent:
                entry = None  # the section ended
            elif entry_indent is None:
                entry_indent = indent
            elif indent == entry_indent and not entry.match(line):
                line = " " * 4 + line
        out.append(line)
    return out


def _prose_raises(lines: list[str]) -> list[str]:
    """A ``Raises:`` section written as prose ("Nothing on bad text. ...") kept as
    prose under a bold heading: napoleon would read its words as exception names."""
    out: list[str] = []
    for at, line in enumerate(lines):
        following = next((text for text in lines[at + 1 :] if text.strip()), "")
        if line.strip() == "Raises:" and not _RAISES_ENTRY.match(following):
            out += [line.replace("Raises:", "**Raises:**"), ""]
        else:
            out.append(line)
    return out


def _data_doc(value: Any, name: str) -> list[str] | None:
    """The ``#:`` comment of the module defining constant ``name`` (not its type's doc)."""
    from sphinx.pycode import ModuleAnalyzer

    if not _MODULES:
        _MODULES.update(_all_modules())
    for module_name, module in _MODULES.items():
        if vars(module).get(name) is not value:
            continue
        try:
            docs = ModuleAnalyzer.for_module(module_name).find_attr_docs()
        except Exception:
            continue
        if ("", name) in docs:
            return list(docs[("", name)])
    return None


def _skip_member(app: Any, what: str, name: str, obj: Any, skip: bool, options: Any) -> Any:
    """Named-tuple fields are the class's "Attributes:" already."""
    doc = getattr(obj, "__doc__", None) or ""
    if doc.startswith("Alias for field number"):
        return True
    return None


def _click_text(app: Any, ctx: Any, lines: list[str]) -> None:
    """The programs' help is plain text, not reST: ``*.txt`` is not emphasis."""
    lines[:] = [line.replace("*", "\\*") for line in lines]


def setup(app: Any) -> dict[str, Any]:
    app.connect("config-inited", write_generated)
    app.connect("missing-reference", _resolve_missing)
    app.connect("autodoc-skip-member", _skip_member)
    from sphinx.ext import napoleon

    for listener in list(app.events.listeners["autodoc-process-docstring"]):
        if listener.handler is napoleon._process_docstring:
            app.disconnect(listener.id)
    app.connect("autodoc-process-docstring", _napoleon)
    for part in ("description", "options", "arguments", "epilog"):
        app.connect(f"sphinx-click-process-{part}", _click_text)
    return {"parallel_read_safe": True}
