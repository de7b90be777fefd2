"""The documentation site's reference check (docs/conf.py; decisions D3).

A reference to a name that exists nowhere fails a build with warnings as
errors; the same reference to a real name, however it is spelt, builds.
Needs the ``docs`` extra (Sphinx); skipped without it (CI installs it for its
documentation step and runs these tests there).
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("sphinx_click")
pytest.importorskip("myst_nb")

from corpus import load_module
from sphinx.cmd.build import build_main

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def conf() -> ModuleType:
    return load_module(DOCS / "conf.py", "narde_docs_conf")


def test_names_of_the_package_are_found_however_spelt(conf: ModuleType) -> None:
    # read_games is defined in formats/reader.py and published by formats/ and the top level
    for target in ("narde_notation.formats.reader.read_games", "narde_notation.read_games",
                   "read_games", "~narde_notation.formats.read_games"):
        found, value = conf._lookup(target, None)
        assert found and value.__name__ == "read_games", target


def test_a_misspelt_name_is_not_found(conf: ModuleType) -> None:
    assert conf._lookup("read_gamez", None) == (False, None)
    assert conf._lookup("narde_notation.formats.read_gamez", None) == (False, None)


def test_other_libraries_names_are_not_broken(conf: ModuleType) -> None:
    for target in ("int", "collections.abc.Iterator", "pandas.DataFrame", "DataFrame"):
        assert conf._lookup(target, None)[0], target


def test_each_object_is_documented_once_at_its_home(conf: ModuleType) -> None:
    index = conf.ApiIndex()
    import narde_notation
    from narde_notation import formats, replay, rules

    # defined below formats/, replay/, rules/: documented there, not at the top
    assert index.home[id(narde_notation.read_games)] == "narde_notation.formats.read_games"
    assert index.home[id(narde_notation.validate)] == "narde_notation.replay.validate"
    assert index.home[id(narde_notation.Position)] == "narde_notation.rules.Position"
    assert formats.read_games is narde_notation.read_games
    assert replay.validate is narde_notation.validate and rules.Position is narde_notation.Position
    assert "narde_notation.cli" not in index.packages  # the programs have their own page


def _build(tmp_path: Path, text: str) -> int:
    """A one-page site with the project's reference handler, warnings as errors."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(textwrap.dedent(f"""
        import importlib.util
        spec = importlib.util.spec_from_file_location("narde_docs_conf", {str(DOCS / "conf.py")!r})
        conf = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(conf)
        extensions = ["sphinx.ext.autodoc"]
        nitpicky = True

        def setup(app):
            app.env_api_index = conf.ApiIndex()
            app.connect("missing-reference", conf._resolve_missing)
    """), encoding="utf-8")
    (source / "index.rst").write_text(f"Page\n====\n\n{text}\n", encoding="utf-8")
    return build_main(["-W", "-n", "-q", "-b", "html", str(source), str(tmp_path / "out")])


def test_a_broken_reference_fails_the_build(tmp_path: Path) -> None:
    assert _build(tmp_path, "See :func:`narde_notation.read_gamez`.") != 0


def test_a_private_path_to_a_public_name_builds(tmp_path: Path) -> None:
    assert _build(tmp_path, "See :func:`narde_notation.formats.reader.read_games`.") == 0
