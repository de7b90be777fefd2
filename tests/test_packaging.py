"""Packaging: one version everywhere, typing marker and grammar inside the
package, every dependency with a tested floor."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata, resources
from pathlib import Path

from click.testing import CliRunner
from packaging.requirements import Requirement
from packaging.version import Version

import narde_notation
from narde_notation import version
from narde_notation.cli.main import narde
from narde_notation.formats.grammar import grammar_folder

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))


def test_the_version_is_written_once_in_version_py() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "narde_notation/version.py"
    assert Path(version.__file__).name == "version.py"
    text = Path(version.__file__).read_text("utf-8")  # the installed copy (CI tests a wheel)
    assert re.findall(r'^__version__ = "([^"]+)"$', text, re.M) == [version.__version__]
    Version(version.__version__)  # a valid PEP 440 version


def test_installed_metadata_package_and_cli_agree() -> None:
    expected = version.__version__
    assert narde_notation.__version__ == expected
    assert metadata.version("narde-notation") == expected
    result = CliRunner().invoke(narde, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip().endswith(f"version {expected}")


def test_the_package_is_marked_typed_and_carries_its_grammar() -> None:
    package = resources.files("narde_notation")
    assert (package / "py.typed").is_file()
    grammars = {p.name for p in grammar_folder().iterdir()}  # in the wheel: .ci/run
    assert {"native.lark", "mat.lark", "terms.lark"} <= grammars


def test_the_package_carries_the_viewers_script_and_style() -> None:
    # package data read with importlib.resources (in the wheel: .ci/run tests one)
    assets = resources.files("narde_notation.show") / "assets"
    for name in ("viewer.js", "viewer.css"):
        text = (assets / name).read_text("utf-8")
        assert len(text) > 500, name
        # inlined in pages: nothing in them may close or open an element
        assert "</" not in text and "<script" not in text and "<!--" not in text, name


def test_every_dependency_has_a_floor() -> None:
    # .ci/run installs each floor exactly (>= becomes ==) and runs the tests there
    for dep in PYPROJECT["project"]["dependencies"]:
        specs = {s.operator for s in Requirement(dep).specifier}
        assert ">=" in specs, dep


def test_installed_versions_satisfy_the_declared_ones() -> None:
    for line in metadata.requires("narde-notation") or []:
        req = Requirement(line)
        if req.marker is not None:  # extras (dev, dask, bench)
            continue
        installed = metadata.version(req.name)
        assert req.specifier.contains(installed, prereleases=True), (req.name, installed)
