"""Hexagon maths shared by the hex boards (Rallyman's track, Ubi's world map).

Axial coordinates (q, r) are the working form; offset coordinates follow Tiled's
`staggeraxis`/`staggerindex` so that a cell's (col, row) in a .tmx file and our maths agree.
Flat-topped hexes have `staggeraxis="x"`, pointy-topped `"y"`.
"""
from __future__ import annotations

import math
from typing import NamedTuple
from collections.abc import Iterator

SQRT3 = math.sqrt(3.0)


class Hex(NamedTuple):
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)


# Neighbour directions in axial coordinates. For flat-topped hexes, index 0 is north and the
# list runs clockwise; for pointy-topped hexes index 0 is north-east, clockwise.
FLAT_DIRECTIONS = (Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0))
POINTY_DIRECTIONS = (Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1))


def neighbours(h: Hex) -> list[Hex]:
    return [h + d for d in FLAT_DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    d = a - b
    return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [center]
    cells = []
    h = Hex(center.q + POINTY_DIRECTIONS[4].q * radius, center.r + POINTY_DIRECTIONS[4].r * radius)
    for side in range(6):
        for _ in range(radius):
            cells.append(h)
            h = h + POINTY_DIRECTIONS[side]
    return cells


def spiral(center: Hex, radius: int) -> Iterator[Hex]:
    for k in range(radius + 1):
        yield from ring(center, k)


def round_hex(qf: float, rf: float) -> Hex:
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def line(a: Hex, b: Hex) -> list[Hex]:
    n = distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6
    return [round_hex(a.q + (b.q - a.q) * i / n + eps, a.r + (b.r - a.r) * i / n + eps)
            for i in range(n + 1)]


# ---- offset coordinates (Tiled's stagger conventions) -----------------------------------

def offset_to_axial(col: int, row: int, *, flat: bool, odd: bool) -> Hex:
    """Tiled (col,row) -> axial. `odd`: staggerindex="odd" (odd columns/rows shifted)."""
    if flat:
        r = row - (col - (col & 1)) // 2 if odd else row - (col + (col & 1)) // 2
        return Hex(col, r)
    q = col - (row - (row & 1)) // 2 if odd else col - (row + (row & 1)) // 2
    return Hex(q, row)


def axial_to_offset(h: Hex, *, flat: bool, odd: bool) -> tuple[int, int]:
    if flat:
        col = h.q
        row = h.r + (h.q - (h.q & 1)) // 2 if odd else h.r + (h.q + (h.q & 1)) // 2
        return col, row
    row = h.r
    col = h.q + (h.r - (h.r & 1)) // 2 if odd else h.q + (h.r + (h.r & 1)) // 2
    return col, row


# ---- pixels -----------------------------------------------------------------------------

class Layout(NamedTuple):
    """Hex size (centre to corner) in pixels and the pixel position of axial (0, 0)."""

    size: float
    origin_x: float = 0.0
    origin_y: float = 0.0
    flat: bool = True

    def to_pixel(self, h: Hex) -> tuple[float, float]:
        if self.flat:
            x = self.size * 1.5 * h.q
            y = self.size * SQRT3 * (h.r + h.q / 2)
        else:
            x = self.size * SQRT3 * (h.q + h.r / 2)
            y = self.size * 1.5 * h.r
        return x + self.origin_x, y + self.origin_y

    def from_pixel(self, x: float, y: float) -> Hex:
        px, py = (x - self.origin_x) / self.size, (y - self.origin_y) / self.size
        if self.flat:
            qf = 2.0 / 3.0 * px
            rf = -1.0 / 3.0 * px + SQRT3 / 3.0 * py
        else:
            qf = SQRT3 / 3.0 * px - 1.0 / 3.0 * py
            rf = 2.0 / 3.0 * py
        return round_hex(qf, rf)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.to_pixel(h)
        start = 0 if self.flat else 30
        return [(cx + self.size * math.cos(math.radians(start + 60 * i)),
                 cy + self.size * math.sin(math.radians(start + 60 * i))) for i in range(6)]


def tiled_cell_center(col: int, row: int, tile_w: int, tile_h: int, side: int, *,
                      flat: bool, odd: bool) -> tuple[float, float]:
    """Centre of a cell as Tiled's hexagonal renderer places it (pixels, map origin)."""
    tile_w -= tile_w & 1  # Tiled rounds tile sizes down to even numbers
    tile_h -= tile_h & 1
    if flat:
        side_off = (tile_w - side) // 2
        col_w = side_off + side
        shifted = (col & 1) == (1 if odd else 0)
        x = col * col_w + tile_w / 2
        y = row * tile_h + (tile_h / 2 if shifted else 0) + tile_h / 2
        return x, y
    side_off = (tile_h - side) // 2
    row_h = side_off + side
    shifted = (row & 1) == (1 if odd else 0)
    x = col * tile_w + (tile_w / 2 if shifted else 0) + tile_w / 2
    y = row * row_h + tile_h / 2
    return x, y


def triangle_at(center: tuple[float, float], point: tuple[float, float]) -> int:
    """Which of a flat-topped hexagon's six triangles holds `point`: 0 is the one against the
    north edge, then clockwise (1 north-east, 2 south-east, 3 south, 4 south-west, 5 north-west).
    Screen coordinates: y grows downward."""
    return triangle_of(point[0] - center[0], center[1] - point[1])


def triangle_of(dx: float, dy: float) -> int:
    """`triangle_at` for a point `dx` east and `dy` north of the centre. A point on the line
    between two triangles belongs to the one counter-clockwise of it (so every point of the
    hexagon belongs to exactly one)."""
    sector = int((math.degrees(math.atan2(dy, dx)) % 360.0) // 60.0)   # 0 north-east, counter-clockwise
    return (1 - min(sector, 5)) % 6
