"""JSON for a <script> element: record text cannot end the element or change the value."""

from __future__ import annotations

import json

from narde_notation.model.safe_text import script_json

HOSTILE = "</script><script>alert(1)</script><!-- & \u2028\u2029 \x1b"


def test_no_markup_characters_and_the_same_value() -> None:
    text = script_json({"name": HOSTILE, "plies": [[1, 2], None]})
    for forbidden in ("<", ">", "&", "\u2028", "\u2029", "\x1b"):
        assert forbidden not in text, forbidden
    assert text.isascii()
    assert "\\u003c/script\\u003e" in text  # '<' is \u003c (JSON's own escape)
    assert json.loads(text) == {"name": HOSTILE, "plies": [[1, 2], None]}


def test_compact() -> None:
    assert script_json({"a": [1, 2]}) == '{"a":[1,2]}'
