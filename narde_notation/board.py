"""An SVG picture of a Long Narde position, in absolute numbering.

Depends only on :mod:`narde_notation.position` (duck-typed) and
:mod:`narde_notation.side`, so ``Position._repr_svg_`` can import it lazily.

Layout (absolute numbering = White's, rules.md): bottom row points 12 … 1
from left to right, top row 13 … 24 from left to right; both sides move
counterclockwise.  White's head is absolute 24 (top right), White's home
absolute 6 … 1 (bottom right); Black's head is absolute 12 (bottom left),
Black's home absolute 18 … 13 (top left).  Black's own point ``b`` is
absolute ``(b + 11) % 24 + 1``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from narde_notation.side import Side

__all__ = ["position_svg", "to_absolute"]

_WOOD = "#e8d5b0"
_FRAME = "#5b3a1e"
_DARK_POINT = "#8e5b3a"
_LIGHT_POINT = "#d9b38c"
_WHITE = "#fbf6ec"
_BLACK = "#2b211b"
_HOME_W = "#f5e9c8"
_HOME_B = "#d7c6a3"
_MAX_DRAWN = 5  # checkers drawn on one point before the count takes over


def to_absolute(side: Side, point: int) -> int:
    """Absolute point (White's numbering) of ``side``'s own ``point`` 1…24.

    White's own numbering is absolute; Black's own ``b`` is
    ``(b + 11) % 24 + 1`` (own 24 → 12, own 1 → 13).
    """
    return point if side is Side.WHITE else (point + 11) % 24 + 1


def _point_xy(p: int, left: float, top: float, width: float, height: float) -> tuple[float, bool]:
    """(x of the point's centre, is it on the top row) for absolute point p."""
    col_w = width / 13  # 12 points + the bar
    # top row: 13 at left .. 24 at right; bottom row: 12 at left .. 1 at right
    i = p - 13 if p >= 13 else 12 - p
    x = left + (i + (1 if i >= 6 else 0)) * col_w + col_w / 2
    return x, p >= 13


def position_svg(pos: Any, size: int = 480) -> str:
    """The SVG text of ``pos`` (a :class:`narde_notation.position.Position`).

    Draws the 24 points labelled 1…24 in absolute numbering, each side's
    checkers with a count where more than five stand on a point (or when
    several share one marker), the two heads (``W head`` on 24, ``B head`` on
    12) and the two homes (shaded quadrants), the borne-off counts, both pip
    counts (pips in each side's own numbering) and the side to move.

    Args:
        pos: needs ``checkers(side) -> {own point: count}``,
            ``borne_off(side)``, ``pip_count(side)`` and ``side_to_move``.
        size: width in pixels (height is 0.8 × width).

    Returns:
        A standalone ``<svg>`` element (no XML declaration), suitable for
        ``_repr_svg_`` and for embedding in HTML.
    """
    w = float(size)
    h = round(w * 0.8, 1)
    margin = w * 0.04
    label_h = w * 0.045
    info_h = w * 0.07
    left, right = margin, w - margin
    board_top = margin + 2 * label_h  # a line for the head markers, one for numbers
    board_bottom = h - info_h - 2 * label_h
    bw = right - left
    bh = board_bottom - board_top
    col_w = bw / 13
    tri_h = bh * 0.42
    r = min(col_w * 0.45, bh / 2 / (_MAX_DRAWN + 1) / 2 * 1.9)
    fs = max(8.0, w * 0.024)

    parts: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" '
        f'viewBox="0 0 {w:g} {h:g}" font-family="sans-serif" font-size="{fs:.1f}" '
        f'role="img" aria-label="Long Narde position">',
        f'<rect x="0" y="0" width="{w:g}" height="{h:g}" fill="white"/>',
        f'<rect x="{left:.1f}" y="{board_top:.1f}" width="{bw:.1f}" height="{bh:.1f}" '
        f'fill="{_WOOD}" stroke="{_FRAME}" stroke-width="3"/>',
    ]
    # homes: White home = bottom right quadrant (1..6), Black home = top left (13..18)
    half = bh / 2
    parts.append(
        f'<rect class="home-white" x="{left + 7 * col_w:.1f}" y="{board_top + half:.1f}" '
        f'width="{6 * col_w:.1f}" height="{half:.1f}" fill="{_HOME_W}"/>'
    )
    parts.append(
        f'<rect class="home-black" x="{left:.1f}" y="{board_top:.1f}" '
        f'width="{6 * col_w:.1f}" height="{half:.1f}" fill="{_HOME_B}"/>'
    )
    # bar
    parts.append(
        f'<rect x="{left + 6 * col_w:.1f}" y="{board_top:.1f}" width="{col_w:.1f}" '
        f'height="{bh:.1f}" fill="{_FRAME}"/>'
    )
    # points and labels
    for p in range(1, 25):
        x, top_row = _point_xy(p, left, board_top, bw, bh)
        fill = _DARK_POINT if p % 2 else _LIGHT_POINT
        if top_row:
            base, tip = board_top, board_top + tri_h
            ly = board_top - label_h * 0.3
        else:
            base, tip = board_bottom, board_bottom - tri_h
            ly = board_bottom + label_h * 0.85
        parts.append(
            f'<polygon class="point" data-point="{p}" points="{x - col_w / 2 + 1:.1f},{base:.1f} '
            f'{x + col_w / 2 - 1:.1f},{base:.1f} {x:.1f},{tip:.1f}" fill="{fill}"/>'
        )
        parts.append(
            f'<text class="label" x="{x:.1f}" y="{ly:.1f}" text-anchor="middle">{p}</text>'
        )
    # head markers: the head point outlined, its name beyond the point number
    for side, p, label in ((Side.WHITE, 24, "W head"), (Side.BLACK, 12, "B head")):
        x, top_row = _point_xy(p, left, board_top, bw, bh)
        colour = "#b9770e" if side is Side.WHITE else "#1b4f72"
        if top_row:
            base, tip, y = board_top, board_top + tri_h, board_top - label_h * 1.3
        else:
            base, tip, y = board_bottom, board_bottom - tri_h, board_bottom + label_h * 1.85
        parts.append(
            f'<polygon class="head-outline" points="{x - col_w / 2 + 1:.1f},{base:.1f} '
            f'{x + col_w / 2 - 1:.1f},{base:.1f} {x:.1f},{tip:.1f}" fill="none" '
            f'stroke="{colour}" stroke-width="3"/>'
        )
        anchor = "end" if x > w / 2 else "start"
        tx = x + col_w / 2 if anchor == "end" else x - col_w / 2
        parts.append(
            f'<text class="head" x="{tx:.1f}" y="{y:.1f}" text-anchor="{anchor}" '
            f'font-weight="bold" fill="{colour}">{label}</text>'
        )
    # home labels
    wy, by = board_top + half + fs * 1.1, board_top + half - fs * 0.4
    parts.append(
        f'<text class="home-label" x="{left + 10 * col_w:.1f}" y="{wy:.1f}" '
        f'text-anchor="middle" fill="#7d5a00">White home</text>'
    )
    parts.append(
        f'<text class="home-label" x="{left + 3 * col_w:.1f}" y="{by:.1f}" '
        f'text-anchor="middle" fill="{_BLACK}">Black home</text>'
    )
    # checkers
    for side, fill, stroke, ink in (
        (Side.WHITE, _WHITE, _BLACK, _BLACK),
        (Side.BLACK, _BLACK, _WHITE, _WHITE),
    ):
        for own, count in sorted(pos.checkers(side).items()):
            if count <= 0:
                continue
            p = to_absolute(side, int(own))
            x, top_row = _point_xy(p, left, board_top, bw, bh)
            drawn = min(count, _MAX_DRAWN)
            for k in range(drawn):
                cy = board_top + r + 2 * r * k if top_row else board_bottom - r - 2 * r * k
                parts.append(
                    f'<circle class="checker {side.name_lower}" data-point="{p}" cx="{x:.1f}" '
                    f'cy="{cy:.1f}" r="{r * 0.95:.1f}" fill="{fill}" stroke="{stroke}" '
                    f'stroke-width="1.2"/>'
                )
            if count > _MAX_DRAWN:
                k = drawn - 1
                cy = board_top + r + 2 * r * k if top_row else board_bottom - r - 2 * r * k
                parts.append(
                    f'<text class="count" x="{x:.1f}" y="{cy + fs * 0.35:.1f}" '
                    f'text-anchor="middle" font-weight="bold" fill="{ink}">{count}</text>'
                )
    # info line: pips, borne off, side to move
    to_move = getattr(pos, "side_to_move", None)
    mover = "" if to_move is None else f" · {to_move.name_lower.capitalize()} to move"
    info = (
        f"White {pos.pip_count(Side.WHITE)} pips, {pos.borne_off(Side.WHITE)} off · "
        f"Black {pos.pip_count(Side.BLACK)} pips, {pos.borne_off(Side.BLACK)} off{mover}"
    )
    parts.append(
        f'<text class="info" x="{w / 2:.1f}" y="{h - info_h * 0.3:.1f}" text-anchor="middle" '
        f'font-size="{fs * 1.1:.1f}">{escape(info)}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)
