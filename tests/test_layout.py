"""The pipeline in the code: each package imports only from the stages below it.

Every import of the package is read from the source (top-level, inside
functions and under ``TYPE_CHECKING`` alike), so a lazy import cannot hide
an upward dependency.  The stages, bottom to top, are the ones README's
layout table lists; the few documented conveniences are named below.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import narde_notation

#: the package as imported (the source tree, or an installed wheel in .ci/run)
PACKAGE = Path(narde_notation.__file__).resolve().parent

#: the pipeline, bottom to top (README "Layout"); a package may import its own
#: modules and those of any stage below it.
STAGES = ["model", "formats", "rules", "replay", "evaluator", "analysis", "archive", "show",
          "cli"]

#: the documented upward conveniences: (importer, imported, why)
CONVENIENCES = {
    ("narde_notation.rules.position", "narde_notation.show.board_svg"):
        "Position._repr_svg_ draws the board in Jupyter",
    ("narde_notation.replay._report", "narde_notation.show.viewer"):
        "GameReport.to_html is the game viewer",
}

#: modules below every stage (the version, the lazy-facade helper, the 0.x aliases)
BASE = {"narde_notation._lazy", "narde_notation._compat", "narde_notation.version"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[tuple[str, int, str | None]]:
    """(module imported, line, name) for every import in ``path``."""
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found: set[tuple[str, int, str | None]] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {(a.name, node.lineno, None) for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                found.add((base, node.lineno, alias.name))
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant)):
            found.add((str(node.args[0].value), node.lineno, None))
    return {f for f in found if f[0].startswith("narde_notation")}


def stage(module: str) -> int | None:
    parts = module.split(".")
    if module in BASE or len(parts) < 2:
        return None
    return STAGES.index(parts[1]) if parts[1] in STAGES else None


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_module_belongs_to_a_stage() -> None:
    for path in MODULES:
        name = module_name(path)
        if name == "narde_notation" or name in BASE:
            continue
        assert stage(name) is not None, f"{name} is in no pipeline stage"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_no_upward_import(path: Path) -> None:
    me = module_name(path)
    mine = stage(me)
    if mine is None:  # the top-level facade may name anything (lazily)
        return
    for target, line, name in imports(path):
        full = f"{target}.{name}" if name and stage(f"{target}.{name}") is not None and \
            (PACKAGE.parent / (target + "." + name).replace(".", "/")).with_suffix(".py").exists() \
            else target
        theirs = stage(full)
        if theirs is None or theirs <= mine:
            continue
        assert (me, full) in CONVENIENCES, f"{me}:{line} imports {full} from a later stage"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_no_module_reads_another_modules_private_names(path: Path) -> None:
    me = module_name(path)
    for target, line, name in imports(path):
        if name and name.startswith("_") and not name.startswith("__") and target != me:
            raise AssertionError(f"{me}:{line} reads {target}.{name}")


def test_the_upward_check_can_fail(tmp_path: Path) -> None:
    # a rules module that imports the archive is caught (the check is not vacuous)
    fake = PACKAGE / "rules" / "position.py"
    found = imports(fake)
    assert any(t == "narde_notation.show.board_svg" for t, _, _ in found)
    assert stage("narde_notation.archive.frames") > stage("narde_notation.rules.position")


def _loaded_after(code: str) -> set[str]:
    import subprocess
    import sys

    program = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=True)
    return set(done.stdout.split())


#: what ``import narde_notation`` may load of the package: the model's basics
IMPORT_ALLOWED = {"narde_notation", "narde_notation._compat", "narde_notation._lazy",
                  "narde_notation.version", "narde_notation.model",
                  "narde_notation.model.errors", "narde_notation.model.findings",
                  "narde_notation.model.record", "narde_notation.model.ruleset",
                  "narde_notation.model.safe_text", "narde_notation.model.side"}


def test_import_loads_only_the_model_and_no_heavy_library() -> None:
    loaded = _loaded_after("import narde_notation")
    ours = {m for m in loaded if m.startswith("narde_notation")}
    assert ours <= IMPORT_ALLOWED, ours - IMPORT_ALLOWED
    assert not loaded & {"lark", "pandas", "matplotlib", "numpy", "click"}


def test_reading_one_move_needs_no_file_reader() -> None:
    # read_move reads by the grammar's terminals: the model, the grammar
    # and the native layout's codec, never the file reader, .mat, the writer
    # or the engine (issue 16: they formed one import cycle)
    loaded = _loaded_after("from narde_notation.formats import read_move\nread_move('24/18')")
    allowed = IMPORT_ALLOWED | {"narde_notation.formats", "narde_notation.formats.grammar",
                                "narde_notation.formats.native", "narde_notation.formats.syntax",
                                "narde_notation.formats._native_chunks",
                                "narde_notation.formats._native_drafts"}
    ours = {m for m in loaded if m.startswith("narde_notation")}
    assert ours <= allowed, ours - allowed


def test_every_old_flat_path_still_imports_and_warns() -> None:
    import importlib

    from narde_notation._compat import MOVED

    assert len(MOVED) == 39  # the 0.x modules but summary (README "Layout")
    for old, new in MOVED.items():
        sys.modules.pop(f"narde_notation.{old}", None)  # imported before: import again
        with pytest.warns(DeprecationWarning, match=f"import narde_notation.{new}"):
            module = importlib.import_module(f"narde_notation.{old}")
        assert module is importlib.import_module(f"narde_notation.{new}")


def test_no_flat_module_is_left_at_the_top() -> None:
    top = {p.stem for p in PACKAGE.glob("*.py")}
    assert top == {"__init__", "_compat", "_lazy", "version"}


def runtime_imports(path: Path) -> set[str]:
    """The package modules ``path`` imports when it runs (top-level or inside
    functions), leaving out ``if TYPE_CHECKING:`` blocks."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                typing_only |= {n.lineno for n in ast.walk(inner) if hasattr(n, "lineno")}
    found = set()
    for target, line, name in imports(path):
        if line in typing_only:
            continue
        full = f"{target}.{name}" if name and _is_module(f"{target}.{name}") else target
        if _is_module(full) and full != module_name(path):
            found.add(full)
    return found


def _is_module(name: str) -> bool:
    base = PACKAGE.parent / name.replace(".", "/")
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def test_no_import_cycle_at_run_time() -> None:
    # the graph of run-time imports (lazy ones included), less the documented
    # conveniences, has no cycle: every module can be read after those it uses
    graph = {module_name(p): runtime_imports(p) for p in MODULES}
    for importer, imported in CONVENIENCES:
        graph.get(importer, set()).discard(imported)
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            raise AssertionError(" -> ".join((*path[path.index(module):], module)))
        if module in done:
            return
        for nxt in sorted(graph.get(module, ())):
            if not nxt.endswith("__init__") and nxt != "narde_notation":
                visit(nxt, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())


#: the read-and-replay functions only the pipeline (and the stages that define them) call
_READ_AND_REPLAY = {"read_games", "parse_games", "validate_games", "replay_source",
                    "replay_records"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_only_the_pipeline_reads_and_replays(path: Path) -> None:
    # issue 26: one Pipeline(options) for every consumer; the stages after
    # replay import none of the functions that read or replay a whole file
    me = module_name(path)
    if stage(me) is None or stage(me) <= STAGES.index("replay"):
        return
    for target, line, name in imports(path):
        assert name not in _READ_AND_REPLAY, f"{me}:{line} imports {name} from {target}"


def test_the_pipeline_check_can_fail() -> None:
    fake = ast.parse("from narde_notation.formats.reader import read_games")
    assert any(isinstance(n, ast.ImportFrom) and n.names[0].name in _READ_AND_REPLAY
               for n in ast.walk(fake))
