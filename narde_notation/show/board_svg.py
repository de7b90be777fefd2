"""The picture of a Long Narde position: one drawing for Jupyter, files and the viewer.

:func:`board_drawing` lays a position out as a list of :class:`Shape`
(rectangles, polygons, circles, lines and texts in pixel units, y down);
:meth:`Drawing.svg` writes them as SVG (``Position._repr_svg_``, ``narde
show --format svg``, the game viewer) and :meth:`Drawing.png` paints the
same shapes with matplotlib (``narde show --format png``).  Nothing is
drawn twice in two ways.

Depends only on :mod:`narde_notation.rules.position` (duck-typed),
:mod:`narde_notation.model.side` and :mod:`narde_notation.rules.scoring`, so
``Position._repr_svg_`` can import it lazily.

Layout seen from White's side (absolute numbering = White's, rules.md):
bottom row points 12 … 1 from left to right, top row 13 … 24; White's head
is 24 (top right), White's home 6 … 1 (bottom right); Black's head is 12
(bottom left), Black's home 18 … 13 (top left).  Black's own point ``b`` is
absolute ``(b + 11) % 24 + 1``.  Seen from Black's side the board is turned
half a circle: Black's home bottom right, Black's head top right, and the
point numbers are Black's own.  The trays for borne-off checkers stand
right of the board, each side's beside its home.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any, Literal

from narde_notation.model import Side, own_to_absolute
from narde_notation.show._board_layout import MAX_DRAWN, SPOTS, Layout

__all__ = [
    "MAX_DRAWN", "Drawing", "Shape", "board_drawing", "info_text", "moved_points", "position_svg",
    "status_text", "viewer_geometry",
]

_WOOD = "#e8d5b0"
_FRAME = "#5b3a1e"
_DARK_POINT = "#8e5b3a"
_LIGHT_POINT = "#d9b38c"
_WHITE = "#fbf6ec"
_BLACK = "#2b211b"
_HOME_W = "#f5e9c8"
_HOME_B = "#d7c6a3"
_MARK = "#c0392b"  # the last half-turn's from and to points
_HEAD_W = "#b9770e"
_HEAD_B = "#1b4f72"

Layer = Literal["board", "play"]


@dataclass(frozen=True, slots=True)
class Shape:
    """One element of a drawing, in pixels (origin top left, y down).

    Attributes:
        tag: ``"rect"``, ``"polygon"``, ``"circle"``, ``"line"`` or ``"text"``
            (the SVG element it becomes).
        attrs: its SVG attributes (``x``, ``y``, ``fill``, ``class``,
            ``data-point``, …); numbers are pixels.
        text: the text of a ``"text"`` shape (plain, escaped on output).
        layer: ``"board"`` (the same for every position: wood, points,
            labels) or ``"play"`` (checkers, dice, marks, captions).
    """

    tag: str
    attrs: Mapping[str, str | float | int]
    text: str = ""
    layer: Layer = "play"

    def svg(self) -> str:
        """This shape as one SVG element (paint shared by its class left to the style sheet)."""
        shared = _CLASS_PAINT.get(str(self.attrs.get("class", "")), {})
        attrs = " ".join(f'{k}="{_value(v)}"' for k, v in self.attrs.items()
                         if shared.get(k) != v)
        if self.tag == "text":
            return f"<text {attrs}>{escape(self.text)}</text>"
        return f"<{self.tag} {attrs}/>"


#: Paint shared by every shape of a class (the SVG's style sheet carries it once,
#: which keeps a viewer page of a hundred boards small); matplotlib reads the attributes.
_CLASS_PAINT: dict[str, dict[str, str | float | int]] = {
    "checker white": {"fill": _WHITE, "stroke": _BLACK, "stroke-width": 1.2},
    "checker black": {"fill": _BLACK, "stroke": _WHITE, "stroke-width": 1.2},
    "off-checker white": {"fill": _WHITE, "stroke": _BLACK, "stroke-width": 0.8},
    "off-checker black": {"fill": _BLACK, "stroke": _WHITE, "stroke-width": 0.8},
    "mark-to": {"fill": "none", "stroke": _MARK, "stroke-width": 2.5},
    "spot": {"fill": "#222"},
}


#: The paint of every shape of the play layer (checkers, marks, dice, trays, texts),
#: by its class: :func:`board_drawing` builds its shapes with it and the game
#: viewer's script (:func:`viewer_geometry`) draws the same shapes from it.
_PAINT: dict[str, dict[str, str | float | int]] = {
    "mark-from": {"fill": "none", "stroke": _MARK, "stroke-width": 2.5},
    "mark-label-box": {"fill": "#fbe3df", "stroke": _MARK, "stroke-width": 1},
    "mark-label": {"text-anchor": "middle", "font-weight": "bold", "fill": _MARK},
    "ghost": {"fill": "none", "stroke": _MARK, "stroke-width": 1.5, "stroke-dasharray": "3 2"},
    "checker white": _CLASS_PAINT["checker white"],
    "checker black": _CLASS_PAINT["checker black"],
    "count white": {"text-anchor": "middle", "font-weight": "bold", "fill": _BLACK},
    "count black": {"text-anchor": "middle", "font-weight": "bold", "fill": _WHITE},
    "mark-to": _CLASS_PAINT["mark-to"],
    "off-checker white": _CLASS_PAINT["off-checker white"],
    "off-checker black": _CLASS_PAINT["off-checker black"],
    "off-count": {"text-anchor": "middle", "fill": "#333"},
    "die": {"fill": "white", "stroke": "#222", "stroke-width": 1.5},
    "spot": _CLASS_PAINT["spot"],
    "info": {"text-anchor": "middle", "fill": "#222"},
    "status": {"text-anchor": "middle", "font-weight": "bold", "fill": "#222"},
}

def _style_sheet() -> str:
    rules = []
    for cls, paint in _CLASS_PAINT.items():
        body = ";".join(f"{k}:{_value(v)}" for k, v in paint.items())
        rules.append(f".narde-board .{cls.replace(' ', '.')}{{{body}}}")
    return "<style>" + "".join(rules) + "</style>"


def _value(v: str | float | int) -> str:
    if isinstance(v, float):
        return f"{v:.1f}".rstrip("0").rstrip(".")
    return escape(str(v))


@dataclass(frozen=True, slots=True)
class Drawing:
    """A laid-out board: its size and shapes in drawing order.

    Attributes:
        width, height: pixels.
        shapes: the shapes, back to front.
        label: a short description (the SVG's ``aria-label``).
    """

    width: float
    height: float
    shapes: tuple[Shape, ...] = field(default_factory=tuple)
    label: str = "Long Narde position"

    def svg(self, layers: Iterable[Layer] = ("board", "play")) -> str:
        """A standalone ``<svg>`` element (no XML declaration) of the given layers."""
        body = "\n".join(self.elements(layer) for layer in layers)
        return f"{self.svg_open()}\n{body}\n</svg>"

    def svg_open(self) -> str:
        """The opening ``<svg …>`` tag of :meth:`svg` and its style sheet."""
        w, h = _value(self.width), _value(self.height)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="narde-board" width="{w}" '
            f'height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" role="img" '
            f'aria-label="{escape(self.label)}">{_style_sheet()}'
        )

    def elements(self, layer: Layer) -> str:
        """The SVG elements of one layer, without the ``<svg>`` wrapper."""
        return "\n".join(s.svg() for s in self.shapes if s.layer == layer)

    def png(self, dpi: int = 100) -> bytes:
        """The same shapes painted by matplotlib (Agg), as PNG bytes, one pixel per unit."""
        from matplotlib.figure import Figure
        from matplotlib.patches import Circle, Polygon, Rectangle

        fig = Figure(figsize=(self.width / dpi, self.height / dpi), dpi=dpi)
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(0, self.width)
        ax.set_ylim(self.height, 0)
        ax.set_axis_off()
        pt = 72 / dpi  # font size: pixels -> points
        for z, s in enumerate(self.shapes):
            a = s.attrs
            fill = str(a.get("fill", "black"))
            style: dict[str, Any] = {
                "facecolor": "none" if fill == "none" else fill,
                "edgecolor": str(a.get("stroke", "none")),
                "linewidth": float(a.get("stroke-width", 1)) * pt,
                "zorder": z,
            }
            if a.get("stroke-dasharray"):
                style["linestyle"] = (0, (3, 2))
            if s.tag == "rect":
                ax.add_patch(Rectangle((float(a["x"]), float(a["y"])), float(a["width"]),
                                       float(a["height"]), **style))
            elif s.tag == "polygon":
                xy = [tuple(float(c) for c in p.split(",")) for p in str(a["points"]).split()]
                ax.add_patch(Polygon(xy, closed=True, **style))
            elif s.tag == "circle":
                ax.add_patch(Circle((float(a["cx"]), float(a["cy"])), float(a["r"]), **style))
            elif s.tag == "line":
                ax.plot([float(a["x1"]), float(a["x2"])], [float(a["y1"]), float(a["y2"])],
                        color=style["edgecolor"], linewidth=style["linewidth"], zorder=z)
            elif s.tag == "text":
                anchor = str(a.get("text-anchor", "start"))
                ax.text(float(a["x"]), float(a["y"]), s.text, zorder=z,
                        ha={"middle": "center", "end": "right"}.get(anchor, "left"),
                        va="baseline", color=fill, fontsize=float(a.get("font-size", 12)) * pt,
                        fontweight=str(a.get("font-weight", "normal")), family="sans-serif")
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=dpi)
        return buf.getvalue()


def moved_points(before: Any, after: Any, side: Side) -> tuple[dict[int, int], dict[int, int], int]:
    """What ``side``'s half-turn changed, from the positions before and after.

    Returns:
        ``(left, arrived, borne_off)``: absolute point -> checkers that left
        it, absolute point -> checkers that arrived on it, and how many were
        borne off.  A checker passing through a point (``24/18/13``) leaves
        no trace there: only where moves start and end is marked.  Read from
        the positions, so a record in either numbering gives the same marks.
    """
    b, a = before.checkers(side), after.checkers(side)
    left: dict[int, int] = {}
    arrived: dict[int, int] = {}
    for own in set(b) | set(a):
        d = a.get(own, 0) - b.get(own, 0)
        if d < 0:
            left[own_to_absolute(side, own)] = -d
        elif d > 0:
            arrived[own_to_absolute(side, own)] = d
    return left, arrived, after.borne_off(side) - before.borne_off(side)


def info_text(pos: Any) -> str:
    """The line under the board: ``"White 349 pips, 0 off · Black 351 pips, 0 off"``
    (pips in each side's own numbering)."""
    return (f"White {pos.pip_count(Side.WHITE)} pips, {pos.borne_off(Side.WHITE)} off · "
            f"Black {pos.pip_count(Side.BLACK)} pips, {pos.borne_off(Side.BLACK)} off")


def status_text(pos: Any, outcome: Any = None) -> str:
    """``"Black to move"``, or for a finished game who won and how.

    ``outcome`` (a :class:`narde_notation.rules.scoring.Outcome`) is the replay's
    verdict; without one a finished position is scored under the standard
    rules (R9: oyn 1, mars 2; koks needs the ruleset, so pass the outcome).
    """
    if outcome is None and pos.is_game_over():
        from narde_notation.rules import outcome as score

        outcome = score(pos)
    if outcome is None:
        return f"{pos.side_to_move.name_lower.capitalize()} to move"
    if outcome.winner is None:
        return "Draw: both sides bore off all 15 (last roll)"
    plural = "" if outcome.points == 1 else "s"
    return (f"{outcome.winner.name_lower.capitalize()} wins by {outcome.kind}"
            f" ({outcome.points} point{plural})")


def _board(lay: Layout) -> list[Shape]:
    """The ``board`` layer: wood, homes, bar, points, numbers, heads, trays."""
    c, fs = lay.col, lay.fs
    out = [
        Shape("rect", {"x": 0.0, "y": 0.0, "width": lay.width, "height": lay.height,
                       "fill": "white"}, layer="board"),
        Shape("rect", {"class": "wood", "x": lay.left, "y": lay.top, "width": lay.bw,
                       "height": lay.bh, "fill": _WOOD, "stroke": _FRAME, "stroke-width": 3},
              layer="board"),
    ]
    for side, colour in ((Side.WHITE, _HOME_W), (Side.BLACK, _HOME_B)):
        x, top_row = lay.slot(own_to_absolute(side, 6))
        x0 = min(x, lay.slot(own_to_absolute(side, 1))[0]) - c / 2
        y = lay.top if top_row else lay.mid
        out.append(Shape("rect", {"class": f"home-{side.name_lower}", "x": x0, "y": y,
                                  "width": 6 * c, "height": lay.bh / 2, "fill": colour},
                         layer="board"))
        ly = lay.mid - 0.55 * c if top_row else lay.mid + 0.95 * c
        out.append(Shape("text", {"class": "home-label", "x": x0 + 1.5 * c, "y": ly,
                                  "text-anchor": "middle", "font-size": lay.fs * 0.9,
                                  "fill": "#7d5a00" if side is Side.WHITE else _BLACK},
                         f"{side.name_lower.capitalize()} home", layer="board"))
    out.append(Shape("rect", {"x": lay.left + 6 * c, "y": lay.top, "width": c, "height": lay.bh,
                              "fill": _FRAME}, layer="board"))
    for p in range(1, 25):
        x, top_row = lay.slot(p)
        out.append(Shape("polygon", {"class": "point", "data-point": p,
                                     "points": lay.triangle(p),
                                     "fill": _DARK_POINT if p % 2 else _LIGHT_POINT},
                         layer="board"))
        out.append(Shape("text", {"class": "label", "x": x, "y": lay.label_y(top_row),
                                  "text-anchor": "middle",
                                  "font-size": fs, "fill": "#333"}, str(lay.label(p)),
                         layer="board"))
    for side, name, colour in ((Side.WHITE, "W head", _HEAD_W), (Side.BLACK, "B head", _HEAD_B)):
        p = own_to_absolute(side, 24)
        x, top_row = lay.slot(p)
        out.append(Shape("polygon", {"class": "head-outline", "data-point": p,
                                     "points": lay.triangle(p), "fill": "none",
                                     "stroke": colour, "stroke-width": 3}, layer="board"))
        y = lay.top - 1.45 * fs if top_row else lay.bottom + 2.2 * fs
        right = x > lay.left + lay.bw / 2
        out.append(Shape("text", {"class": "head", "x": x + c / 2 if right else x - c / 2,
                                  "y": y, "text-anchor": "end" if right else "start",
                                  "font-size": fs, "font-weight": "bold", "fill": colour},
                         name, layer="board"))
    for side in (Side.WHITE, Side.BLACK):
        x, y, w, h = lay.tray(side)
        out.append(Shape("rect", {"class": "tray", "data-side": side.name_lower, "x": x, "y": y,
                                  "width": w, "height": h, "fill": "#f4ecdc",
                                  "stroke": _FRAME, "stroke-width": 2}, layer="board"))
    return out


def _paint(cls: str, paint: str | None = None, /, **geometry: str | float | int
           ) -> dict[str, str | float | int]:
    """A play shape's attributes: its class, its geometry, then the paint named
    ``paint`` (default: the class's) in :data:`_PAINT`."""
    return {"class": cls, **geometry, **_PAINT[paint or cls]}


def _die(x: float, y: float, s: float, value: int) -> list[Shape]:
    out = [Shape("rect", _paint("die", **{"data-value": value}, x=x, y=y, width=s, height=s,
                                rx=s * 0.15))]
    for i, j in SPOTS[value]:
        out.append(Shape("circle", _paint("spot", cx=x + s * (0.22 + 0.28 * i),
                                          cy=y + s * (0.22 + 0.28 * j), r=s * 0.09)))
    return out


def board_drawing(
    pos: Any,
    *,
    size: int = 480,
    from_side: Side | str = Side.WHITE,
    dice: tuple[int, int] | None = None,
    mover: Side | str | None = None,
    before: Any = None,
    outcome: Any = None,
    caption: str | None = None,
) -> Drawing:
    """Lay ``pos`` out as shapes.

    Each point shows up to five checkers (:data:`MAX_DRAWN`); a taller
    stack shows its count on the fifth, as backgammon programs do, so no
    stack reaches the middle of the board.  Borne-off checkers lie in each
    side's tray with a count ("3 off").  Below the board: both pip counts
    (``"White 349 pips"``, pips in each side's own numbering), then the
    status: the side to move, or who won and how (``status_text``).

    Args:
        pos: a :class:`narde_notation.rules.position.Position` (or anything with
            ``checkers``, ``borne_off``, ``pip_count``, ``side_to_move``,
            ``is_game_over()``).
        size: width in pixels.
        from_side: draw the board as this side sees it (Black: turned half
            a circle, point numbers in Black's own numbering); a side or
            ``"white"`` / ``"black"`` (else ``TypeError``), as ``mover``.
        dice: the roll of the half-turn that led to ``pos``, drawn as two
            dice in the mover's half of the board.
        mover, before: with both, the half-turn's moves are marked: the
            points checkers left (red outline, a dashed ghost checker) and
            the checkers that arrived (red ring), a tray with new checkers
            outlined (:func:`moved_points`).
        outcome: the replay's :class:`~narde_notation.rules.scoring.Outcome` of a
            finished game (koks needs the ruleset, so the caller knows best).
        caption: a line of text under the status (e.g. the moves played).

    Returns:
        The :class:`Drawing` (call ``.svg()`` or ``.png()``).
    """
    lay = Layout(float(size), from_side)
    mover = None if mover is None else Side.coerce(mover)
    shapes = _board(lay)
    left: dict[int, int] = {}
    arrived: dict[int, int] = {}
    off_now = 0
    if mover is not None and before is not None:
        left, arrived, off_now = moved_points(before, pos, mover)
    shapes += _left_marks(lay, pos, mover, left)
    shapes += _checkers(lay, pos, mover, arrived)
    shapes += _trays(lay, pos, mover, off_now)
    # dice: in the mover's half (right half for the side seen from, left for the other)
    if dice is not None:
        right = mover is None or (mover is Side.WHITE) != lay.flip
        for (dx, dy), value in zip(lay.dice_at(right), dice, strict=False):
            shapes.extend(_die(dx, dy, lay.die_size(), int(value)))
    shapes += _texts(lay, pos, outcome, caption)
    view = "Black's side" if lay.flip else "White's side"
    return Drawing(lay.width, lay.height, tuple(shapes), f"Long Narde position, {view}")


def _left_marks(lay: Layout, pos: Any, mover: Side | None, left: dict[int, int]) -> list[Shape]:
    """The points the half-turn left: outlined under the checkers, a ghost where one stood."""
    shapes: list[Shape] = []
    for p in sorted(left):
        at = {"data-point": p}
        shapes.append(Shape("polygon", _paint("mark-from", **at, points=lay.triangle(p))))
        x, top_row = lay.slot(p)
        # the point's number in red too: seen even under a full stack
        bx, by, bw, bh = lay.label_box(p)
        shapes.append(Shape("rect", _paint("mark-label-box", **at, x=bx, width=bw, height=bh,
                                           y=by)))
        shapes.append(Shape("text", _paint("mark-label", **at, x=x, y=lay.label_y(top_row),
                                           **{"font-size": lay.font("mark-label")}),
                            str(lay.label(p))))
        if mover is not None:
            k = pos.checkers(mover).get(own_to_absolute(mover, p), 0)
            if k < MAX_DRAWN:
                shapes.append(Shape("circle", _paint("ghost", **at, cx=x,
                                                     cy=lay.stack_y(top_row, k), r=lay.r)))
    return shapes


def _checkers(lay: Layout, pos: Any, mover: Side | None, arrived: dict[int, int]
              ) -> list[Shape]:
    """The checkers on the points (up to :data:`MAX_DRAWN` a stack, then its count),
    the ones that arrived ringed."""
    shapes: list[Shape] = []
    for side in (Side.WHITE, Side.BLACK):
        name = side.name_lower
        for own, count in sorted(pos.checkers(side).items()):
            if count <= 0:
                continue
            p = own_to_absolute(side, int(own))
            at = {"data-point": p}
            x, top_row = lay.slot(p)
            drawn = min(count, MAX_DRAWN)
            for k in range(drawn):
                shapes.append(Shape("circle", _paint(f"checker {name}", **at, cx=x,
                                                     cy=lay.stack_y(top_row, k), r=lay.r)))
            if count > MAX_DRAWN:
                shapes.append(Shape("text", _paint(
                    "count", f"count {name}", **at, x=x, y=lay.count_y(top_row, drawn),
                    **{"font-size": lay.font("count")}), str(count)))
            if side is mover and p in arrived:
                for k in range(max(0, drawn - arrived[p]), drawn):
                    shapes.append(Shape("circle", _paint("mark-to", **at, cx=x,
                                                         cy=lay.stack_y(top_row, k),
                                                         r=lay.r + 1)))
    return shapes


def _trays(lay: Layout, pos: Any, mover: Side | None, off_now: int) -> list[Shape]:
    """The trays: one slab per borne-off checker, and the count; the mover's
    tray outlined when the half-turn bore checkers off."""
    shapes: list[Shape] = []
    for side in (Side.WHITE, Side.BLACK):
        name = side.name_lower
        n = pos.borne_off(side)
        for k in range(n):
            x, y, w, h = lay.slab(side, k)
            shapes.append(Shape("rect", _paint(f"off-checker {name}", x=x, y=y, width=w,
                                               height=h)))
        tx, ty = lay.off_count_at(side)
        shapes.append(Shape("text", _paint("off-count", **{"data-side": name}, x=tx, y=ty,
                                           **{"font-size": lay.font("off-count")}),
                            f"{n} off"))
        if side is mover and off_now > 0:
            x, y, w, h = lay.tray(side)
            shapes.append(Shape("rect", _paint("mark-to", **{"data-side": name}, x=x, y=y,
                                               width=w, height=h)))
    return shapes


def _texts(lay: Layout, pos: Any, outcome: Any, caption: str | None) -> list[Shape]:
    """The text under the board: pips and off, the status, the caption."""
    fs = lay.fs
    y0 = lay.text_y()
    shapes = [
        Shape("text", _paint("info", x=lay.width / 2, y=y0, **{"font-size": lay.font("info")}),
              info_text(pos)),
        Shape("text", _paint("status", x=lay.width / 2, y=y0 + 1.3 * fs,
                             **{"font-size": lay.font("status")}), status_text(pos, outcome)),
    ]
    if caption:
        shapes.append(Shape("text", {"class": "caption", "x": lay.width / 2,
                                     "y": y0 + 2.6 * fs, "text-anchor": "middle",
                                     "font-size": fs, "fill": "#444"}, caption))
    return shapes


def _round(value: Any) -> Any:
    """Numbers to 0.1 pixel (as :meth:`Shape.svg` writes them), in nested lists and dicts."""
    if isinstance(value, float):
        return round(value, 1)
    if isinstance(value, list | tuple):
        return [_round(v) for v in value]
    if isinstance(value, dict):
        return {k: _round(v) for k, v in value.items()}
    return value


def viewer_geometry(size: int = 480, from_side: Side | str = Side.WHITE) -> dict[str, Any]:
    """Where the game viewer's script draws the play layer: the numbers of
    :func:`board_drawing`'s layout, so that the page's boards are the same
    drawing as the files (a JSON-ready dict; pixels, y down).

    Keys: ``width``, ``height``; ``r`` (checker radius), ``max`` (:data:`MAX_DRAWN`);
    ``points``: per absolute point 1 … 24 (index 0 = point 1) ``[x, top row
    (0/1), label y, label text, [box x, y, w, h], triangle points]``;
    ``stack``: ``[bottom row, top row]``, each the centre y of the checkers
    0 … max - 1; ``count``: ``[bottom, top]`` y of a tall stack's count;
    ``trays``, ``slabs`` (15 per side), ``off`` (the "N off" x, y) and
    ``dice`` (two top-left corners) by side (``"white"``, ``"black"``: the
    dice of that side's half-turn); ``die``: ``[size, corner radius, spot
    radius, [spot offsets]]``; ``spots``: value -> (column, row) list;
    ``text``: ``[x, info y, status y]``; ``font``: class -> pixels; ``paint``:
    paint name -> SVG attributes (``"checker white"``, ``"mark-to"``, …).
    """
    lay = Layout(float(size), from_side)
    points = []
    for p in range(1, 25):
        x, top_row = lay.slot(p)
        points.append([x, int(top_row), lay.label_y(top_row), str(lay.label(p)),
                       list(lay.label_box(p)), lay.triangle(p)])
    sides = {side.name_lower: side for side in (Side.WHITE, Side.BLACK)}
    s = lay.die_size()
    geometry: dict[str, Any] = _round({
        "width": lay.width, "height": lay.height, "r": lay.r, "max": MAX_DRAWN,
        "points": points,
        "stack": [[lay.stack_y(top, k) for k in range(MAX_DRAWN)] for top in (False, True)],
        "count": [lay.count_y(top, MAX_DRAWN) for top in (False, True)],
        "trays": {n: list(lay.tray(side)) for n, side in sides.items()},
        "slabs": {n: [list(lay.slab(side, k)) for k in range(15)] for n, side in sides.items()},
        "off": {n: list(lay.off_count_at(side)) for n, side in sides.items()},
        "dice": {n: [list(d) for d in lay.dice_at((side is Side.WHITE) != lay.flip)]
                 for n, side in sides.items()},
        "die": [s, s * 0.15, s * 0.09, [s * (0.22 + 0.28 * i) for i in range(3)]],
        "spots": {str(v): [list(ij) for ij in spots] for v, spots in SPOTS.items()},
        "text": [lay.width / 2, lay.text_y(), lay.text_y() + 1.3 * lay.fs],
        "font": {cls: lay.font(cls) for cls in ("mark-label", "count", "off-count", "info",
                                               "status")},
        "paint": _PAINT,
    })
    return geometry


def position_svg(pos: Any, size: int = 480, **options: Any) -> str:
    """The SVG text of ``pos``: ``board_drawing(pos, size=size, **options).svg()``.

    A standalone ``<svg>`` element (no XML declaration), suitable for
    ``_repr_svg_``, files and HTML.  See :func:`board_drawing` for the
    picture and the options (``from_side``, ``dice``, ``mover``,
    ``before``, ``outcome``, ``caption``).
    """
    return board_drawing(pos, size=size, **options).svg()
