"""Small units (issue 26): no function over 80 lines, no module over 600.

A function's length is counted from its first decorator to its last line
(docstring and nested functions included: ``end_lineno - lineno + 1``); a
nested function or a method is counted on its own as well.  A module's
length is its number of lines.  The package is read as source, so the check
runs on the source tree and on an installed wheel alike.

Functions still over the limit are listed in :data:`ALLOWED` with their
length when the list was made; the test fails on any *other* offender, so
the list can only shrink.  A listed function that has since become short
is harmless (the test prints the ones still over the limit).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import narde_notation

#: the package as imported (the source tree, or an installed wheel in .ci/run)
PACKAGE = Path(narde_notation.__file__).resolve().parent

MAX_FUNCTION_LINES = 80
MAX_MODULE_LINES = 600

#: Functions over MAX_FUNCTION_LINES still allowed (none since the splits of
#: issue 26); an entry is "path/from/package.py::qualname": its length.
ALLOWED: dict[str, int] = {}

#: Modules over MAX_MODULE_LINES still allowed (none at the time of listing).
ALLOWED_MODULES: dict[str, int] = {}


def function_lengths(source: str) -> dict[str, int]:
    """Every function (and method, and nested function) of a module's source:
    qualified name -> lines from its first decorator to its end."""
    lengths: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                assert child.end_lineno is not None
                lengths[name] = child.end_lineno - first + 1
                visit(child, f"{name}.<locals>.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return lengths


def oversized(root: Path, max_function: int = MAX_FUNCTION_LINES,
              max_module: int = MAX_MODULE_LINES) -> tuple[dict[str, int], dict[str, int]]:
    """The functions and the modules of ``root`` over the limits: ``("rel/path.py::name"
    -> lines, "rel/path.py" -> lines)``."""
    functions: dict[str, int] = {}
    modules: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        source = path.read_text(encoding="utf-8")
        if len(source.splitlines()) > max_module:
            modules[rel] = len(source.splitlines())
        for name, lines in function_lengths(source).items():
            if lines > max_function:
                functions[f"{rel}::{name}"] = lines
    return functions, modules


def test_no_new_function_over_80_lines() -> None:
    functions, _ = oversized(PACKAGE)
    still = {name: lines for name, lines in functions.items() if name in ALLOWED}
    print(f"functions over {MAX_FUNCTION_LINES} lines still allowed:",
          ", ".join(f"{name} ({lines})" for name, lines in sorted(still.items())) or "none")
    new = {name: lines for name, lines in functions.items() if name not in ALLOWED}
    assert not new, f"functions over {MAX_FUNCTION_LINES} lines: split them into named helpers"


def test_no_new_module_over_600_lines() -> None:
    _, modules = oversized(PACKAGE)
    print(f"modules over {MAX_MODULE_LINES} lines still allowed:",
          ", ".join(sorted(m for m in modules if m in ALLOWED_MODULES)) or "none")
    new = {name: lines for name, lines in modules.items() if name not in ALLOWED_MODULES}
    assert not new, f"modules over {MAX_MODULE_LINES} lines: split them by concept"


def _long_function(body_lines: int, decorators: int = 0) -> str:
    return ("@decorator\n" * decorators + "def long():\n"
            + "".join(f"    x{k} = {k}\n" for k in range(body_lines)))


def test_the_function_count_includes_the_def_line_and_decorators() -> None:
    # a def line, 79 body lines: 80 lines, at the limit; two decorators: 82
    assert function_lengths(_long_function(79)) == {"long": 80}
    assert function_lengths(_long_function(79, decorators=2)) == {"long": 82}


def test_methods_and_nested_functions_are_counted_with_their_names() -> None:
    source = ("class Board:\n    def draw(self):\n        def inner():\n            pass\n"
              "        return inner\n")
    assert function_lengths(source) == {"Board.draw": 4, "Board.draw.<locals>.inner": 2}


@pytest.mark.parametrize(("body", "over"), [(79, False), (80, True)])
def test_the_check_finds_a_long_function(tmp_path: Path, body: int, over: bool) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "sub" / "long.py").write_text(_long_function(body), encoding="utf-8")
    functions, modules = oversized(package)
    assert functions == ({"sub/long.py::long": 81} if over else {})
    assert modules == {}


def test_the_check_finds_a_long_module(tmp_path: Path) -> None:
    (tmp_path / "big.py").write_text("x = 1\n" * 601, encoding="utf-8")
    (tmp_path / "fits.py").write_text("x = 1\n" * 600, encoding="utf-8")
    assert oversized(tmp_path) == ({}, {"big.py": 601})
