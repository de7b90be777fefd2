"""The example notebook imports the package's paths, not the 0.x flat ones that
are going away (issue 28 item 7: two DeprecationWarnings in its first cell)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

NOTEBOOK = Path(__file__).resolve().parents[1] / "examples" / "analysis.ipynb"


def notebook_imports() -> list[str]:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    found = []
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        found += [ast.unparse(node) for node in ast.walk(tree)
                  if isinstance(node, ast.Import | ast.ImportFrom)
                  and "narde_notation" in ast.unparse(node)]
    return found


def test_the_notebook_imports_without_a_deprecation_warning() -> None:
    imports = notebook_imports()
    assert imports  # the notebook uses the package
    done = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c",
                           "\n".join(imports)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
