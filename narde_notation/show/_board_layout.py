"""The board's pixel geometry: where points, stacks, trays, dice and texts go.

One :class:`Layout` per width and viewing side; :func:`narde_notation.show.board_svg.board_drawing`
places its shapes with it and :func:`narde_notation.show.board_svg.viewer_geometry` hands the same
numbers to the game viewer's script.  Layout seen from White's side (absolute numbering = White's,
rules.md): bottom row points 12 … 1 from left to right, top row 13 … 24; seen from Black's side
the board is turned half a circle.  Pixels, origin top left, y down.
"""

from __future__ import annotations

from narde_notation.model import Side, own_to_absolute

__all__ = ["MAX_DRAWN", "SPOTS", "Layout"]

MAX_DRAWN = 5  # checkers drawn on one point; a taller stack shows its count on the fifth

#: The spots of a die face: (column, row) in a 3 x 3 grid.
SPOTS: dict[int, list[tuple[int, int]]] = {
    1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (0, 2), (2, 0), (2, 2)], 5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
    6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


class Layout:
    """Pixel geometry of the board for one width and viewing side."""

    def __init__(self, size: float, from_side: Side | str) -> None:
        self.flip = Side.coerce(from_side) is Side.BLACK
        m = size * 0.03
        self.col = (size - 2 * m) / 14.4  # 12 points + the bar + a gap + the tray
        c = self.col
        self.fs = max(8.0, c * 0.42)
        self.left = m
        self.top = m + 2.4 * self.fs  # a line for the heads, one for the numbers
        self.bw = 13 * c
        self.bh = 12.2 * c
        self.bottom = self.top + self.bh
        self.mid = self.top + self.bh / 2
        self.tri = 4.9 * c
        self.r = 0.46 * c
        self.step = 0.95 * c
        self.tray_x = self.left + self.bw + 0.3 * c
        self.width = size
        self.height = self.bottom + 2.4 * self.fs + 3.2 * self.fs + m

    def slot(self, p: int) -> tuple[float, bool]:
        """(x of the centre of absolute point p, is it on the top row)."""
        q = own_to_absolute(Side.BLACK, p) if self.flip else p
        i = q - 13 if q >= 13 else 12 - q
        x = self.left + (i + (1 if i >= 6 else 0)) * self.col + self.col / 2
        return x, q >= 13

    def label(self, p: int) -> int:
        return own_to_absolute(Side.BLACK, p) if self.flip else p

    def stack_y(self, top_row: bool, k: int) -> float:
        """Centre y of the k-th checker (0 = at the edge) of a stack."""
        d = self.r + 0.05 * self.col + self.step * k
        return self.top + d if top_row else self.bottom - d

    def label_y(self, top_row: bool) -> float:
        """Baseline of a point's number (above the top row, below the bottom row)."""
        return self.top - 0.35 * self.fs if top_row else self.bottom + 1.1 * self.fs

    def label_box(self, p: int) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the red box behind the number of a point left."""
        x, top_row = self.slot(p)
        y = self.top - 1.3 * self.fs if top_row else self.bottom + 0.1 * self.fs
        return x - self.col / 2 + 1, y, self.col - 2, 1.25 * self.fs

    def count_y(self, top_row: bool, drawn: int) -> float:
        """Baseline of a tall stack's count, written on its ``drawn``-th checker."""
        return self.stack_y(top_row, drawn - 1) + self.fs * 0.36

    def slab(self, side: Side, k: int) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the k-th checker (0 = first) borne off into the tray."""
        x, y, w, h = self.tray(side)
        slab = h / 15.5
        sy = (y + 0.25 * slab + k * slab if y == self.top
              else y + h - 0.25 * slab - (k + 1) * slab)
        return x + 2, sy, w - 4, slab * 0.85

    def off_count_at(self, side: Side) -> tuple[float, float]:
        """(x, baseline y) of the tray's "N off"."""
        x, y, w, h = self.tray(side)
        return x + w / 2, y - 0.35 * self.fs if y == self.top else y + h + 1.1 * self.fs

    def die_size(self) -> float:
        return 0.9 * self.col

    def dice_at(self, right: bool) -> list[tuple[float, float]]:
        """(x, y) of the two dice's top left corners, in the right or the left half."""
        c, s = self.col, self.die_size()
        cx = self.left + (11.2 if right else 4.2) * c  # clear of the home labels
        return [(cx - s - 0.1 * c + i * (s + 0.2 * c), self.mid - s / 2) for i in range(2)]

    def text_y(self) -> float:
        """Baseline of the line under the board (pips and off); the status is 1.3 fs lower."""
        return self.bottom + 2.4 * self.fs + 1.2 * self.fs

    def font(self, cls: str) -> float:
        """The font size of a text class of the play layer (pixels)."""
        return self.fs * {"off-count": 0.9, "info": 1.05, "status": 1.05}.get(cls, 1.0)

    def tray(self, side: Side) -> tuple[float, float, float, float]:
        """(x, y, width, height) of ``side``'s tray, beside its home."""
        home_top = (side is Side.BLACK) != self.flip
        h = self.bh / 2 - 0.4 * self.col
        y = self.top if home_top else self.bottom - h
        return self.tray_x, y, self.col, h

    def triangle(self, p: int) -> str:
        x, top_row = self.slot(p)
        base = self.top if top_row else self.bottom
        tip = base + self.tri if top_row else base - self.tri
        h = self.col / 2 - 1
        return f"{x - h:.1f},{base:.1f} {x + h:.1f},{base:.1f} {x:.1f},{tip:.1f}"
