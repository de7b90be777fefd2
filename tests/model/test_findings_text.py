"""Finding lines are safe to print: control characters and undecodable bytes
of file names and messages are escaped (issue 8: file names; nothing raw
reaches a terminal)."""

from __future__ import annotations

import os

from narde_notation.model.findings import Finding
from narde_notation.model.safe_text import visible


def test_file_names_and_messages_are_escaped() -> None:
    name = os.fsdecode(b"a\xffb\nc.txt")  # not UTF-8, and a line break
    finding = Finding("syntax", "found '\x1b]0;title\x07'", file=name, line=3, column=1)
    assert str(finding) == "a\\xffb\\nc.txt:3:1: error[syntax] found '\\x1b]0;title\\x07'"
    assert str(finding).encode("ascii")  # printable under a strict locale
    assert "\n" not in str(finding)


def test_text_without_controls_is_unchanged() -> None:
    assert visible("Иванова М. ok") == "Иванова М. ok"
    assert visible("Иванова М.\tok") == "Иванова М.\\tok"  # one line: even a tab is shown
    assert visible("Иванова М.\tok", lines=True) == "Иванова М.\tok"
    assert visible("\x9b") == "\\x9b"
