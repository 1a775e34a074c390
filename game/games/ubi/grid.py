"""Ubi's hexagons: where a place lies on the world map or on an expert area (the hexagon's
number and the triangle's letter), and where each hexagon and triangle is drawn on the board
picture. Pure arithmetic and no pygame: the map builder, the question bank's builder, the rules
and the table all read places through this one module.

A sheet is a rectangle of longitude and latitude drawn in an equirectangular projection:
x = (lon - lon_min) * squeeze, y = lat_max - lat, in "projected degrees" (the world's squeeze
is 1; an expert area's is the cosine of its middle latitude, so its shapes are not stretched).
Flat-topped hexagons tile each sheet in columns, odd columns half a hexagon lower, numbered row
by row from the north-west corner. The world's 48 columns meet again at the antimeridian.

Each hexagon splits into six triangles from its centre, lettered clockwise from north:
A (north), R, C, H (south), S, E, so that reading from the south-west they spell SEARCH.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cached_property

from game.core import hexgrid

SQRT3 = hexgrid.SQRT3
#: the triangles clockwise from north (hexgrid's triangle numbers 0..5)
LETTERS = "ARCHSE"
#: each letter's sector: from and to, in degrees counter-clockwise from east (y up)
SECTORS: dict[str, tuple[float, float]] = {
    "R": (0.0, 60.0), "A": (60.0, 120.0), "E": (120.0, 180.0),
    "S": (180.0, 240.0), "H": (240.0, 300.0), "C": (300.0, 360.0),
}


@dataclass(frozen=True)
class Sheet:
    """One hexagon map: the world or an expert area."""

    key: str              # "W" the world, "N" North America, "E" Europe
    title: str
    prefix: str           # before its hexagon numbers: "" on the world, "N" or "E"
    lon_min: float
    lon_max: float
    lat_min: float
    lat_max: float
    radius: float         # a hexagon's corner radius, in projected degrees
    squeeze: float        # x = (lon - lon_min) * squeeze
    origin: tuple[int, int]   # the board picture's pixel at (lon_min, lat_max)
    ppd: float            # pixels per projected degree on the board picture
    wraps: bool = False   # the world: longitude goes round

    # ---- the projection ----------------------------------------------------------------------
    @property
    def width(self) -> float:
        """Width in projected degrees."""
        return (self.lon_max - self.lon_min) * self.squeeze

    @property
    def height(self) -> float:
        return self.lat_max - self.lat_min

    @property
    def pixel_rect(self) -> tuple[int, int, int, int]:
        """(x, y, width, height) of the sheet on the board picture."""
        return (self.origin[0], self.origin[1], round(self.width * self.ppd), round(self.height * self.ppd))

    def covers(self, lat: float, lon: float) -> bool:
        """Whether the place is on this sheet."""
        if not self.lat_min <= lat <= self.lat_max:
            return False
        return self.wraps or self.lon_min <= lon <= self.lon_max

    def project(self, lat: float, lon: float) -> tuple[float, float]:
        x = lon - self.lon_min
        if self.wraps:
            x %= 360.0
        return x * self.squeeze, self.lat_max - lat

    def unproject(self, x: float, y: float) -> tuple[float, float]:
        """(lat, lon) of a projected point."""
        return self.lat_max - y, self.lon_min + x / self.squeeze

    def to_pixel(self, x: float, y: float) -> tuple[float, float]:
        return self.origin[0] + x * self.ppd, self.origin[1] + y * self.ppd

    def from_pixel(self, px: float, py: float) -> tuple[float, float]:
        return (px - self.origin[0]) / self.ppd, (py - self.origin[1]) / self.ppd

    def lonlat_pixel(self, lat: float, lon: float) -> tuple[float, float]:
        return self.to_pixel(*self.project(lat, lon))

    # ---- the hexagons ------------------------------------------------------------------------
    @property
    def columns(self) -> int:
        return math.ceil(self.width / (1.5 * self.radius) - 1e-9)

    def _centre_of(self, col: int, row: int) -> tuple[float, float]:
        r = self.radius
        return r + 1.5 * r * col, SQRT3 / 2 * r + SQRT3 * r * row + (SQRT3 / 2 * r if col % 2 else 0.0)

    @cached_property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """(col, row) of each hexagon that reaches into the sheet, in number order (number n is
        cells[n - 1]). Part hexagons along the edges count too (row -1 at the top, column -1 at
        the left of a sheet that does not wrap), so that no strip is left without a number."""
        r = self.radius
        apothem = SQRT3 / 2 * r
        eps = 1e-6
        rows = math.ceil(self.height / (SQRT3 * r)) + 1
        cols = range(self.columns) if self.wraps else range(-1, self.columns + 1)
        out = []
        for row in range(-1, rows + 1):
            for col in cols:
                cx, cy = self._centre_of(col, row)
                inside_y = cy - apothem < self.height - eps and cy + apothem > eps
                inside_x = self.wraps or (cx - r < self.width - eps and cx + r > eps)
                if inside_x and inside_y:
                    out.append((col, row))
        return tuple(out)

    @cached_property
    def _layout(self) -> hexgrid.Layout:
        """The hexagons on the engine's flat-topped layout (projected degrees): hexagon (0, 0)
        touches the sheet's top-left corner, odd columns sit half a hexagon lower."""
        return hexgrid.Layout(self.radius, self.radius, SQRT3 / 2 * self.radius, flat=True)

    @cached_property
    def _numbers(self) -> dict[tuple[int, int], int]:
        return {cell: i + 1 for i, cell in enumerate(self.cells)}

    @property
    def count(self) -> int:
        return len(self.cells)

    def label(self, number: int, letter: str | None = None) -> str:
        """How an answer is written: "267", "267-A", "N45-C"."""
        text = f"{self.prefix}{number}"
        return f"{text}-{letter}" if letter else text

    def centre(self, number: int) -> tuple[float, float]:
        """A hexagon's centre in projected degrees."""
        return self._centre_of(*self.cells[number - 1])

    def corners(self, number: int) -> list[tuple[float, float]]:
        """A hexagon's six corners, projected, counter-clockwise from the east corner (y down)."""
        cx, cy = self.centre(number)
        r = self.radius
        return [(cx + r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a))) for a in range(0, 360, 60)]

    def triangle(self, number: int, letter: str) -> list[tuple[float, float]]:
        """A triangle's three corners, projected: the centre and the two hexagon corners."""
        cx, cy = self.centre(number)
        a0, a1 = SECTORS[letter]
        r = self.radius
        return [(cx, cy)] + [(cx + r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a))) for a in (a0, a1)]

    def hexagon_pixels(self, number: int) -> list[tuple[float, float]]:
        return [self.to_pixel(x, y) for x, y in self.corners(number)]

    def triangle_pixels(self, number: int, letter: str) -> list[tuple[float, float]]:
        return [self.to_pixel(x, y) for x, y in self.triangle(number, letter)]

    # ---- finding a point's hexagon and triangle -------------------------------------------
    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The (col, row) of the hexagon holding a projected point (None off the sheet's
        hexagons)."""
        col, row = hexgrid.axial_to_offset(self._layout.from_pixel(x, y), flat=True, odd=True)
        if self.wraps:
            col %= self.columns
        cell = (col, row)
        return cell if cell in self._numbers else None

    def number_at(self, x: float, y: float) -> int | None:
        # a point on the sheet's very edge belongs to the hexagon just inside it
        eps = 1e-7
        y = min(max(y, eps), self.height - eps)
        if not self.wraps:
            x = min(max(x, eps), self.width - eps)
        cell = self.cell_at(x, y)
        return None if cell is None else self._numbers[cell]

    def letter_at(self, number: int, x: float, y: float) -> str:
        """The triangle of hexagon `number` that holds the projected point."""
        cx, cy = self.centre(number)
        return LETTERS[hexgrid.triangle_of(self._offset(cx, x), cy - y)]

    def _offset(self, cx: float, x: float) -> float:
        """x - cx, the short way round on a sheet that wraps."""
        dx = x - cx
        if self.wraps:
            span = self.width
            dx = (dx + span / 2) % span - span / 2
        return dx

    def locate(self, lat: float, lon: float) -> tuple[int, str] | None:
        """(hexagon number, triangle letter) of a place, or None off this sheet."""
        if not self.covers(lat, lon):
            return None
        x, y = self.project(lat, lon)
        number = self.number_at(x, y)
        if number is None:
            return None
        return number, self.letter_at(number, x, y)

    def locate_pixel(self, px: float, py: float) -> tuple[int, str] | None:
        """(hexagon number, triangle letter) under a pixel of the board picture."""
        x, y = self.from_pixel(px, py)
        if not (0 <= y <= self.height) or not (self.wraps or 0 <= x <= self.width):
            return None
        if self.wraps:
            x %= self.width
        number = self.number_at(x, y)
        return None if number is None else (number, self.letter_at(number, x, y))

    def margins(self, lat: float, lon: float) -> tuple[float, float]:
        """How far a place lies from its hexagon's edge and from its triangle's edges, each as
        a share of a hexagon's width (a place too near an edge is not a fair question)."""
        x, y = self.project(lat, lon)
        number = self.number_at(x, y)
        if number is None:
            return 0.0, 0.0
        cx, cy = self.centre(number)
        dx, dy = self._offset(cx, x), cy - y
        r = self.radius
        apothem = SQRT3 / 2 * r
        # each edge's outward normal points at 30, 90, ... degrees
        to_edges = [apothem - (dx * math.cos(math.radians(a)) + dy * math.sin(math.radians(a)))
                    for a in range(30, 360, 60)]
        hexagon = min(to_edges)
        letter = self.letter_at(number, x, y)
        a0, a1 = SECTORS[letter]
        mid = (a0 + a1) / 2
        outer = apothem - (dx * math.cos(math.radians(mid)) + dy * math.sin(math.radians(mid)))
        spokes = [abs(dx * math.sin(math.radians(a)) - dy * math.cos(math.radians(a))) for a in (a0, a1)]
        triangle = min([outer] + spokes)
        width = 2 * r
        return max(0.0, hexagon / width), max(0.0, triangle / width)


# ---- the board picture's three sheets ------------------------------------------------------------

#: the world: 84 N to 60 S, hexagons 10 degrees of longitude wide (48 columns of 17 rows, and
#: the odd columns' half hexagons along the top)
WORLD = Sheet("W", "World", "", -180.0, 180.0, -60.0, 84.0, radius=5.0, squeeze=1.0,
              origin=(60, 60), ppd=10.0, wraps=True)
#: the expert areas, with hexagons a third of the world's
NORTH_AMERICA = Sheet("N", "North America", "N", -170.0, -50.0, 15.0, 75.0, radius=5.0 / 3,
                      squeeze=math.cos(math.radians(45.0)), origin=(60, 1580), ppd=20.0)
EUROPE = Sheet("E", "Europe", "E", -25.0, 45.0, 34.0, 72.0, radius=5.0 / 3,
               squeeze=math.cos(math.radians(53.0)), origin=(1830, 1580), ppd=30.0)
SHEETS: dict[str, Sheet] = {s.key: s for s in (WORLD, NORTH_AMERICA, EUROPE)}
EXPERT_SHEETS = (NORTH_AMERICA, EUROPE)
#: the whole board picture (the world above, the expert areas and the legend below)
BOARD_SIZE = (3720, 2860)
#: where GHOSTS and LEGEND are drawn, right of the expert areas
LEGEND_RECT = (3160, 1580, 500, 1220)

_ANSWER = re.compile(r"^\s*([NE]?)\s*(\d+)\s*(?:-\s*([ARCHSE]))?\s*$", re.IGNORECASE)


def parse_answer(text: str) -> tuple[Sheet, int, str | None] | None:
    """A typed answer, "267-A", "267", "N45-c": (sheet, number, letter or None); None when it
    is not one."""
    m = _ANSWER.match(text)
    if not m:
        return None
    prefix, number, letter = m.group(1).upper(), int(m.group(2)), m.group(3)
    sheet = {"": WORLD, "N": NORTH_AMERICA, "E": EUROPE}[prefix]
    if not 1 <= number <= sheet.count:
        return None
    return sheet, number, letter.upper() if letter else None


def expert_sheet_for(lat: float, lon: float) -> Sheet | None:
    """The expert area a place lies in, if any."""
    for sheet in EXPERT_SHEETS:
        if sheet.covers(lat, lon) and sheet.locate(lat, lon) is not None:
            return sheet
    return None
