"""The package's version, written once.

The build reads it from here (``[tool.hatch.version]`` in ``pyproject.toml``),
so the installed metadata, ``narde_notation.__version__`` and
``narde --version`` always agree.
"""

__version__ = "0.1.0"
