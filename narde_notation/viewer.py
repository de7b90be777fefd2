"""Game viewer pages: one self-contained HTML page per game.

STAND-IN: replaced by the viewer branch at merge.  This minimal version
lists the tags, the findings and the moves as written, every text escaped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from narde_notation.display import escape

if TYPE_CHECKING:
    from narde_notation.validate import GameReport

__all__ = ["game_page"]


def game_page(report: GameReport, *, ply: int | None = None, title: str | None = None) -> str:
    """A self-contained HTML page of one replayed game (no network access).

    Args:
        report: the game (:func:`narde_notation.validate.validate`).
        ply: the half-turn to mark (0-based), if any.
        title: the page title (default: the players).

    Returns:
        The page, UTF-8 text; every text from the record is escaped.
    """
    record = report.record
    name = title or f"{record.white or '?'} vs {record.black or '?'}"
    tags = "".join(
        f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in record.tags.items()
    )
    findings = "".join(
        f"<li>line {f.line if f.line is not None else '?'}: {escape(f.severity.value)}"
        f" [{escape(f.code)}] {escape(f.message)}</li>"
        for f in report.findings
    )
    mark = ' class="mark"'
    moves = "".join(
        f"<li{mark if i == ply else ''}>{h.dice[0]}{h.dice[1]}: "
        f"{escape(' '.join(m.text for m in h.moves))}</li>"
        for i, h in enumerate(record.half_turns)
    )
    return (
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{escape(name)}</title>"
        "<style>body{font-family:sans-serif;margin:1em}.mark{background:#ff9}</style>"
        f"</head><body><h1>{escape(name)}</h1><p>replayed {escape(report.result)}</p>"
        f"<table>{tags}</table><ul>{findings}</ul><ol start=\"0\">{moves}</ol>"
        "</body></html>\n"
    )
