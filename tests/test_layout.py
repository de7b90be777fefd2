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

#: modules below every stage (the version, the lazy-facade helper, the 0.x
#: aliases, the atomic write, the console scripts' start-up guard)
BASE = {"narde_notation._lazy", "narde_notation._compat", "narde_notation.version",
        "narde_notation._files", "narde_notation._startup"}


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


def lazy_modules(package: str) -> dict[str, str]:
    """A front door's lazy names -> the module that defines each (read from
    its ``lazy_names(__name__, {...})`` call)."""
    init = PACKAGE.parent / package.replace(".", "/") / "__init__.py"
    if not init.exists():
        return {}
    for node in ast.walk(ast.parse(init.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "lazy_names" \
                and isinstance(node.args[1], ast.Dict):
            pairs = zip(node.args[1].keys, node.args[1].values, strict=True)
            return {k.value: package + v.value if v.value.startswith(".") else v.value
                    for k, v in pairs if isinstance(k, ast.Constant)
                    and isinstance(v, ast.Constant)}
    return {}


def loaded_by(target: str, name: str | None) -> str:
    """The module ``from target import name`` loads: a submodule, the module
    behind a front door's lazy name, or ``target`` itself."""
    if name and _is_module(f"{target}.{name}"):
        return f"{target}.{name}"
    return lazy_modules(target).get(name or "", target)


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
        full = loaded_by(target, name)
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
    assert any(loaded_by(t, n) == "narde_notation.show.board_svg" for t, _, n in found)
    assert stage("narde_notation.archive.frames") > stage("narde_notation.rules.position")


def package_of(module: str) -> str:
    """The pipeline package (front door) ``module`` belongs to."""
    return ".".join(module.split(".")[:2])


def behind_the_door(me: str, found: set[tuple[str, int, str | None]]) -> list[str]:
    """The imports in ``found`` (``me``'s) that name a module of another
    package instead of that package's front door (its ``__init__``): none
    is allowed (issue 26; the archive's ``summary``, ``standings`` and
    ``ratings`` are functions of its front door, their modules private)."""
    wrong = []
    for target, line, name in sorted(found, key=lambda f: f[1]):
        door = package_of(target)
        if door in (package_of(me), "narde_notation") or target in BASE:
            continue
        full = f"{target}.{name}" if name and _is_module(f"{target}.{name}") else target
        if full != door:
            wrong.append(f"{me}:{line} imports {name or full} from {full}, not {door}")
    return wrong


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_imports_across_packages_go_through_the_front_door(path: Path) -> None:
    me = module_name(path)
    if me in BASE:  # below the stages: the 0.x aliases name the modules they were
        return
    assert not behind_the_door(me, imports(path))


def test_the_front_door_check_can_fail() -> None:
    # hand-written imports: a module behind the door, a submodule through the
    # package, the front door itself and a module of one's own package
    found = {("narde_notation.rules.engine", 3, "legal_turns"),
             ("narde_notation.show", 4, "viewer"),
             ("narde_notation.rules", 5, "legal_turns"),
             ("narde_notation.analysis.marks", 6, "rating_scale")}
    assert behind_the_door("narde_notation.analysis.game", found) == [
        "narde_notation.analysis.game:3 imports legal_turns from narde_notation.rules.engine, "
        "not narde_notation.rules",
        "narde_notation.analysis.game:4 imports viewer from narde_notation.show.viewer, "
        "not narde_notation.show"]


def test_every_front_door_name_imports() -> None:
    # each package's __all__ is its lazy names: every one resolves, and none
    # is also a submodule's name (the module would shadow it once loaded)
    import importlib

    for init in sorted(PACKAGE.glob("*/__init__.py")):
        door = importlib.import_module(module_name(init))
        for name in getattr(door, "__all__", ()):
            assert getattr(door, name) is not None, (door.__name__, name)
            assert not _is_module(f"{door.__name__}.{name}"), (door.__name__, name)


def front_door_names(init: Path) -> list[str]:
    """The names a front door (``init``, a package's ``__init__.py``) lists
    in ``__all__``, read from the source."""
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
                getattr(t, "id", "") == "__all__" for t in node.targets):
            return [e.value for e in ast.walk(node.value)
                    if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def two_homes(doors: dict[str, list[str]]) -> dict[str, list[str]]:
    """The public names listed by more than one of ``doors`` (front door ->
    its ``__all__``), each with the doors that list it."""
    homes: dict[str, list[str]] = {}
    for door, names in sorted(doors.items()):
        for name in names:
            homes.setdefault(name, []).append(door)
    return {name: found for name, found in homes.items() if len(found) > 1}


def test_every_public_name_has_one_home() -> None:
    # issue 26: one public home per name; the pipeline packages' front doors
    # share none (``own_to_absolute`` was the model's and the rules')
    doors = {module_name(init): front_door_names(init)
             for init in sorted(PACKAGE.glob("*/__init__.py"))}
    assert len(doors) == len(STAGES)
    assert two_homes(doors) == {}


def test_the_one_home_check_can_fail() -> None:
    doors = {"narde_notation.model": ["Side", "own_to_absolute"],
             "narde_notation.rules": ["Position", "own_to_absolute"],
             "narde_notation.show": ["plot_dice"]}
    assert two_homes(doors) == {
        "own_to_absolute": ["narde_notation.model", "narde_notation.rules"]}
    assert "own_to_absolute" in front_door_names(PACKAGE / "model" / "__init__.py")


def test_the_top_level_lends_each_name_from_its_one_home() -> None:
    # ``narde_notation``'s working set is no second home: each of its names is
    # the very object of the one pipeline front door that lists it
    import importlib

    homes = {name: module_name(init) for init in PACKAGE.glob("*/__init__.py")
             for name in front_door_names(init)}
    for name in narde_notation.__all__:
        home = importlib.import_module(homes[name])
        assert getattr(narde_notation, name) is getattr(home, name), name
    from narde_notation import summary

    assert callable(summary) and summary.__name__ == "summary"


def _loaded_after(code: str) -> set[str]:
    import subprocess
    import sys

    program = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=True)
    return set(done.stdout.split())


#: what ``import narde_notation`` may load of the package: the model's basics
IMPORT_ALLOWED = {"narde_notation", "narde_notation._compat", "narde_notation._lazy",
                  "narde_notation._startup",
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
        package, _, last = new.rpartition(".")  # a private module: its front door
        shown = package if last.startswith("_") else new
        with pytest.warns(DeprecationWarning, match=f"import narde_notation.{shown} "):
            module = importlib.import_module(f"narde_notation.{old}")
        assert module is importlib.import_module(f"narde_notation.{new}")


def test_no_flat_module_is_left_at_the_top() -> None:
    top = {p.stem for p in PACKAGE.glob("*.py")}
    assert top == {"__init__", "_compat", "_lazy", "version", "_files", "_startup"}


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
        full = loaded_by(target, name)
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


def test_a_front_door_lends_the_current_value(monkeypatch: pytest.MonkeyPatch) -> None:
    # a name patched where it is defined is the one a later import through the
    # front door gets (the programs import there inside functions; tests patch)
    import narde_notation.archive
    import narde_notation.archive.analysed as analysed

    assert narde_notation.archive.iter_file_analyses is analysed.iter_file_analyses

    def patched() -> None: ...

    monkeypatch.setattr(analysed, "iter_file_analyses", patched)
    from narde_notation.archive import iter_file_analyses

    assert iter_file_analyses is patched
