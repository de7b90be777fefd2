"""Where the shared corpus lies (``../shared/corpus`` beside the clone)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"


def need_corpus() -> Path:
    """The corpus folder, or skip the test when it is absent."""
    if not CORPUS.is_dir():
        pytest.skip(f"shared corpus not found at {CORPUS}")
    return CORPUS


def expected_lines() -> list[dict[str, Any]]:
    """The lines of expected.jsonl (empty when the corpus is absent)."""
    path = CORPUS / "expected.jsonl"
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
