"""Ubi: the world map with its numbered hexagons and the two expert areas (maps/ubi.png and
maps/ubi.tmx).

Every position comes from game/games/ubi/grid.py: the three sheets' projections, pixel
origins and hexagons. Each sheet is painted from Natural Earth 1:50m (land, lakes, rivers,
borders, city dots; no names, as on the real board), then the ghost lines, the hexagon grid
and its tank traps go over it, and the hexagon numbers are lettered at the final size: every
hexagon with enough of itself on its sheet (printable) shows its number inside that part.
GHOSTS and LEGEND fill grid.LEGEND_RECT. The Tiled map carries one polygon per hexagon, with
whether its number is printed and where.
"""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import numpy as np
import pygame
import shapely

from game.games.ubi import grid

from .common import (
    COAST,
    INK,
    PAPER,
    SEA,
    SEA_INK,
    SHALLOW,
    Box,
    Canvas,
    Colour,
    LandMask,
    Layer,
    Point,
    clip_polygons,
    draw_land_lines,
    font_path,
    format_value,
    line_parts,
    mix,
    paint_land,
    pixel_areas,
    polygon_rings,
    props_element,
    save_indexed,
    read_features,
    render_spaced,
    start_drawing,
    touches,
    with_halo,
)

SIMPLIFY_PX = 0.3
TILE = 20
BOARD_BG = mix(PAPER, COAST, 0.22)
PANEL_BG = mix(PAPER, (255, 255, 255), 0.35)
FRAME_INK = mix(INK, (0, 0, 0), 0.2)
GRID_INK = (84, 80, 74, 125)
TRAP_INK = (62, 56, 50, 235)
NUMBER_INK = mix(INK, SEA_INK, 0.45)
CITY_INK = (46, 40, 36)
CITY_LIGHT = (250, 246, 236)
GHOST_INK = (112, 84, 150)
AREA_INK = (160, 62, 52)
RIVER_INK = mix(SEA, SEA_INK, 0.3)
BORDER_STROKES = [(mix(PAPER, INK, 0.55), 1.5), (mix(PAPER, (255, 255, 255), 0.3), 0.45)]
TITLE_INK = mix(INK, (0, 0, 0), 0.25)

# The ghost lines: (name, what the panel says, "lat" or "lon", value, style)
GHOSTS = [
    ("Arctic Circle", "66°34′ N", "lat", 66.5636, "circle"),
    ("Tropic of Cancer", "23°26′ N", "lat", 23.4364, "tropic"),
    ("Equator", "0°", "lat", 0.0, "equator"),
    ("Tropic of Capricorn", "23°26′ S", "lat", -23.4364, "tropic"),
    ("Antarctic Circle", "66°34′ S", "lat", -66.5636, "circle"),
    ("Prime meridian", "0° (Greenwich)", "lon", 0.0, "meridian"),
    ("180th meridian", "180° E and W", "lon", 180.0, "meridian"),
]
# style -> (dash pattern: on, off, on, off ... px; width px; alpha)
GHOST_STYLES: dict[str, tuple[tuple[float, ...], float, int]] = {
    "equator": ((18.0, 7.0), 1.8, 175), "tropic": ((10.0, 6.0), 1.3, 155),
    "circle": ((2.5, 4.5), 1.6, 170), "meridian": ((12.0, 4.0, 2.5, 4.0), 1.3, 160)}

# How many dots each sheet shows besides every capital, and the fewest pixels between dots.
CITY_COUNTS = {"W": 300, "N": 170, "E": 170}
CITY_GAP = {"W": 7.0, "N": 8.0, "E": 8.0}
CAPITAL_CLASSES = ("Admin-0 capital", "Admin-0 capital alt")
PLACE_CLASSES = ("Populated place", "Admin-1 capital", "Admin-1 region capital",
                 "Admin-0 region capital") + CAPITAL_CLASSES
# Rivers and lakes shown, by Natural Earth scalerank (lower is larger).
RIVER_RANK = {"W": 3, "N": 5, "E": 5}
LAKE_RANK = {"W": 4, "N": 6, "E": 6}
NUMBER_PX = {"W": 11, "N": 10, "E": 11}
#: The smallest size a number is lettered at, in a hexagon whose part on the sheet is too thin
#: for the normal size (at 8 px the digits are as tall as at 9 px: 7 px).
MIN_NUMBER_PX = 8
#: A hexagon cut by its sheet's edge carries its printed number when at least this share of
#: its area lies on the sheet (see printable). Below it there is only N719, a 2.7 % sliver at
#: North America's south-west corner: no number fits there, and no place in such a hexagon may
#: be asked. The smallest printable parts (corners of 8 to 9 %, strips of 10 to 13 % along the
#: bottom edges, the expert areas' slim west tips of 17 %) hold a number at MIN_NUMBER_PX or
#: more, upright or, in North America's west tips, turned a quarter.
PRINTABLE_SHARE = 0.05


@dataclasses.dataclass(frozen=True)
class SheetProjection:
    """lon/lat -> pixels of one sheet's own picture (its top-left corner at 0, 0): the same
    linear equirectangular formula as grid.Sheet, without the world's wrap (lon 180 stays at
    the east edge)."""

    sheet: grid.Sheet

    @property
    def size(self) -> tuple[int, int]:
        return self.sheet.pixel_rect[2], self.sheet.pixel_rect[3]

    def to_px_array(self, lonlat: np.ndarray) -> np.ndarray:
        s = self.sheet
        x = (lonlat[:, 0] - s.lon_min) * s.squeeze * s.ppd
        y = (s.lat_max - lonlat[:, 1]) * s.ppd
        return np.column_stack((x, y))

    def project(self, points: Sequence[tuple[float, float]]) -> list[Point]:
        if not points:
            return []
        return [(float(x), float(y)) for x, y in self.to_px_array(np.asarray(points, float))]

    def bbox(self, margin: float = 1.0) -> tuple[float, float, float, float]:
        s = self.sheet
        return (max(-180.0, s.lon_min - margin), s.lat_min - margin,
                min(180.0, s.lon_max + margin), s.lat_max + margin)

    def local(self, p: Point) -> Point:
        """A board pixel (grid's to_pixel) in this sheet's own picture."""
        return p[0] - self.sheet.origin[0], p[1] - self.sheet.origin[1]


@dataclasses.dataclass(frozen=True)
class Place:
    x: float
    y: float
    capital: bool


# --------------------------------------------------------------------------------------------
# Natural Earth on one sheet
# --------------------------------------------------------------------------------------------

def pick_places(features: list[dict[str, Any]], proj: SheetProjection, extra: int,
                gap: float) -> list[Place]:
    """Every capital on the sheet, then the `extra` most populous other places that keep
    `gap` pixels from the dots already chosen."""
    s = proj.sheet
    inside = []
    for f in features:
        p = f["properties"]
        lat, lon = float(p["latitude"]), float(p["longitude"])
        if p.get("featurecla") not in PLACE_CLASSES:
            continue
        if not (s.lat_min + 0.3 <= lat <= s.lat_max - 0.3 and s.lon_min + 0.3 <= lon <= s.lon_max - 0.3):
            continue
        capital = p.get("featurecla") in CAPITAL_CLASSES or bool(p.get("adm0cap"))
        x, y = proj.project([(lon, lat)])[0]
        inside.append((not capital, -int(p.get("pop_max") or 0), str(p.get("name")), x, y, capital))
    inside.sort()
    chosen: list[Place] = []
    others = 0
    for _, _, _, x, y, capital in inside:
        if not capital:
            if others >= extra or any(math.dist((x, y), (c.x, c.y)) < gap for c in chosen):
                continue
            others += 1
        chosen.append(Place(round(x, 2), round(y, 2), capital))
    return chosen


def paint_sheet(data_dir: Path, proj: SheetProjection, cache: dict[str, Any]
                ) -> tuple[Canvas, LandMask, list[Place]]:
    """Sea, coast, land, lakes, rivers and borders of one sheet on a supersampled canvas; the
    land as a mask at the final size (to keep numbers off the coasts); the city dots' places."""
    def features(stem: str) -> list[dict[str, Any]]:
        if stem not in cache:
            cache[stem] = read_features(data_dir, stem)
        return cache[stem]

    key = proj.sheet.key
    width, height = proj.size
    bbox = proj.bbox()
    areas = pixel_areas(clip_polygons(features("ne_50m_land"), bbox), proj,  # type: ignore[arg-type]
                        densify_deg=1.0, simplify_px=SIMPLIFY_PX)
    land = [a.outer for a in areas]
    holes = [h for a in areas for h in a.holes]
    lakes = [a.outer for f in features("ne_50m_lakes")
             if int(f["properties"].get("scalerank", 99)) <= LAKE_RANK[key]
             for rings in polygon_rings(f["geometry"]) if touches(rings[0], bbox)
             for a in pixel_areas([shapely.Polygon(rings[0])], proj,  # type: ignore[arg-type]
                                  simplify_px=SIMPLIFY_PX, holes=False)]
    rivers = [proj.project(part) for f in features("ne_50m_rivers_lake_centerlines")
              if int(f["properties"].get("scalerank", 99)) <= RIVER_RANK[key]
              for part in line_parts(f["geometry"]) if len(part) > 1 and touches(part, bbox)]
    borders = [proj.project(part) for f in features("ne_50m_admin_0_boundary_lines_land")
               for part in line_parts(f["geometry"]) if len(part) > 1 and touches(part, bbox)]
    mask = LandMask(width, height, land + lakes, holes)
    canvas, land_only = paint_land(width, height, land, holes, areas, lakes)
    draw_land_lines(canvas, land_only, rivers, RIVER_INK, 0.9 if key == "W" else 1.1,
                    borders, BORDER_STROKES)
    del land_only
    stem = "ne_50m_populated_places_simple" if key == "W" else "ne_10m_populated_places_simple"
    places = pick_places(features(stem), proj, CITY_COUNTS[key], CITY_GAP[key])
    return canvas, mask, places


# --------------------------------------------------------------------------------------------
# Lines and marks (on supersampled layers, in the sheet's own pixels)
# --------------------------------------------------------------------------------------------

def dashed(layer: Canvas, a: Point, b: Point, colour: tuple[int, ...], width: float,
           pattern: Sequence[float]) -> None:
    """A straight line from a to b, dashed by `pattern` (on, off, on, off ... px)."""
    length = math.dist(a, b)
    if length <= 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    s, i = 0.0, 0
    while s < length:
        e = min(length, s + pattern[i % len(pattern)])
        if i % 2 == 0:
            layer.line([(a[0] + ux * s, a[1] + uy * s), (a[0] + ux * e, a[1] + uy * e)],
                       colour, width)  # type: ignore[arg-type]
        s, i = e, i + 1


def ghost_segment(proj: SheetProjection, kind: str, value: float) -> tuple[Point, Point] | None:
    """Where a ghost line crosses the sheet, in its pixels (None when it misses it)."""
    s = proj.sheet
    w, h = proj.size
    if kind == "lat":
        if not s.lat_min < value < s.lat_max:
            return None
        y = (s.lat_max - value) * s.ppd
        return (0.0, y), (float(w), y)
    if value == 180.0:
        if s.key != "W":
            return None
        # The antimeridian is the world's east and west edge: drawn just inside the west one.
        return (2.5, 0.0), (2.5, float(h))
    if not s.lon_min < value < s.lon_max:
        return None
    x = (value - s.lon_min) * s.squeeze * s.ppd
    return (x, 0.0), (x, float(h))


def draw_ghosts(layer: Layer, proj: SheetProjection) -> None:
    for _name, _text, kind, value, style in GHOSTS:
        seg = ghost_segment(proj, kind, value)
        if seg is None:
            continue
        pattern, width, alpha = GHOST_STYLES[style]
        dashed(layer, seg[0], seg[1], (*GHOST_INK, alpha), width, pattern)
        if kind == "lon" and value == 180.0:
            w = proj.size[0]
            dashed(layer, (w - 2.5, 0.0), (w - 2.5, seg[1][1]), (*GHOST_INK, alpha), width,
                   pattern)


def line_boxes(proj: SheetProjection) -> list[Box]:
    """Thin boxes round the straight lines a number must not sit on: the ghost lines and, on
    the world, the expert areas' outlines."""
    out = []
    for _name, _text, kind, value, _style in GHOSTS:
        seg = ghost_segment(proj, kind, value)
        if seg is not None:
            (x0, y0), (x1, y1) = seg
            out.append(Box(min(x0, x1) - 1.5, min(y0, y1) - 1.5, max(x0, x1) + 1.5,
                           max(y0, y1) + 1.5))
    if proj.sheet.key == "W":
        for expert in grid.EXPERT_SHEETS:
            (x0, y0), (x1, y1) = area_rect(proj, expert)
            out += [Box(x0 - 2, y0 - 2, x1 + 2, y0 + 2), Box(x0 - 2, y1 - 2, x1 + 2, y1 + 2),
                    Box(x0 - 2, y0 - 2, x0 + 2, y1 + 2), Box(x1 - 2, y0 - 2, x1 + 2, y1 + 2)]
    return out


def hexagon_rings(proj: SheetProjection, n: int) -> list[list[Point]]:
    """Hexagon n's outline in the sheet's pixels; on the world a hexagon over the east edge
    is drawn a second time over the west edge (the columns meet round the back)."""
    s = proj.sheet
    ring = [proj.local(p) for p in s.hexagon_pixels(n)]
    out = [ring]
    if s.wraps and max(x for x, _ in ring) > proj.size[0]:
        out.append([(x - proj.size[0], y) for x, y in ring])
    return out


def shared_corners(proj: SheetProjection) -> dict[tuple[int, int], list[Point]]:
    """Each hexagon corner that two or three hexagons share (where hexagons meet), keyed by its
    rounded pixel, with its neighbour directions: the ends of its edges."""
    s = proj.sheet
    ends: dict[tuple[int, int], set[tuple[int, int]]] = {}
    where: dict[tuple[int, int], Point] = {}
    count: dict[tuple[int, int], int] = {}
    for n in range(1, s.count + 1):
        for ring in hexagon_rings(proj, n):
            for i, p in enumerate(ring):
                k = (round(p[0] * 8), round(p[1] * 8))
                where.setdefault(k, p)
                count[k] = count.get(k, 0) + 1
                for q in (ring[i - 1], ring[(i + 1) % 6]):
                    ends.setdefault(k, set()).add((round(q[0] * 8), round(q[1] * 8)))
    w, h = proj.size
    out: dict[tuple[int, int], list[Point]] = {}
    for k in sorted(where):
        p = where[k]
        if count[k] >= 2 and -0.5 <= p[0] <= w + 0.5 and -0.5 <= p[1] <= h + 0.5:
            out[k] = [(e[0] / 8, e[1] / 8) for e in sorted(ends[k])]
    return out


def draw_grid(layer: Layer, proj: SheetProjection, width: float) -> None:
    """The hexagons' thin outlines and, at every corner where hexagons meet, a tank trap: the
    two slanting edges thickened near the corner into a small chevron."""
    s = proj.sheet
    r = s.radius * s.ppd
    for n in range(1, s.count + 1):
        for ring in hexagon_rings(proj, n):
            layer.line(ring + [ring[0]], GRID_INK, width)  # type: ignore[arg-type]
    stub = 0.17 * r
    for k, ends in shared_corners(proj).items():
        p = (k[0] / 8, k[1] / 8)
        for q in ends:
            dx, dy = q[0] - p[0], q[1] - p[1]
            d = math.hypot(dx, dy)
            if d == 0 or abs(dy) < 1e-6:   # the level edge carries no chevron
                continue
            layer.line([p, (p[0] + dx / d * stub, p[1] + dy / d * stub)], TRAP_INK,  # type: ignore[arg-type]
                       max(1.6, width * 1.9))


def draw_places(layer: Layer, places: list[Place]) -> None:
    """City dots; a capital is a ringed dot."""
    sc = layer.scale
    for p in places:
        c = (p.x * sc, p.y * sc)
        if p.capital:
            pygame.draw.circle(layer.surface, (*CITY_LIGHT, 255), c, 4.4 * sc)
            pygame.draw.circle(layer.surface, (*CITY_INK, 255), c, 3.7 * sc)
            pygame.draw.circle(layer.surface, (*CITY_LIGHT, 255), c, 2.6 * sc)
            pygame.draw.circle(layer.surface, (*CITY_INK, 255), c, 1.35 * sc)
        else:
            pygame.draw.circle(layer.surface, (*CITY_LIGHT, 235), c, 2.9 * sc)
            pygame.draw.circle(layer.surface, (*CITY_INK, 255), c, 2.1 * sc)


def area_rect(world: SheetProjection, sheet: grid.Sheet) -> tuple[Point, Point]:
    """An expert area's lon/lat rectangle on the world sheet (top-left, bottom-right)."""
    (x0, y0), (x1, y1) = world.project([(sheet.lon_min, sheet.lat_max),
                                        (sheet.lon_max, sheet.lat_min)])
    return (x0, y0), (x1, y1)


# --------------------------------------------------------------------------------------------
# Lettering at the final size
# --------------------------------------------------------------------------------------------

def font(px: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    return pygame.font.Font(str(font_path(bold=bold, italic=italic)), px)


def ink_count(mask: pygame.mask.Mask, box: Box) -> tuple[int, int]:
    """(land pixels, all pixels) of a box on the land mask."""
    w, h = max(1, round(box.right - box.left)), max(1, round(box.bottom - box.top))
    probe = pygame.mask.Mask((w, h), fill=True)
    return mask.overlap_area(probe, (round(box.left), round(box.top))), w * h


def clip_to_rect(ring: Sequence[Point], x_range: tuple[float, float] | None,
                 y_range: tuple[float, float]) -> list[Point]:
    """A convex ring cut to a rectangle (Sutherland-Hodgman); x_range None leaves x uncut."""
    def cut(points: list[Point], axis: int, limit: float, keep_below: bool) -> list[Point]:
        out: list[Point] = []
        for i, p in enumerate(points):
            q = points[i - 1]
            p_in = p[axis] <= limit if keep_below else p[axis] >= limit
            q_in = q[axis] <= limit if keep_below else q[axis] >= limit
            if p_in != q_in:
                t = (limit - q[axis]) / (p[axis] - q[axis])
                out.append((q[0] + t * (p[0] - q[0]), q[1] + t * (p[1] - q[1])))
            if p_in:
                out.append(p)
        return out

    points = list(ring)
    bounds = [(1, y_range[0], False), (1, y_range[1], True)]
    if x_range is not None:
        bounds += [(0, x_range[0], False), (0, x_range[1], True)]
    for axis, limit, keep_below in bounds:
        if points:
            points = cut(points, axis, limit, keep_below)
    return points


def ring_area(ring: Sequence[Point]) -> float:
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(ring, [*ring[1:], *ring[:1]]))) / 2


def visible_share(sheet: grid.Sheet, number: int) -> float:
    """The share of hexagon `number`'s area that lies on its sheet: 1.0 for a whole hexagon,
    less for one cut by the sheet's edge. On the world, which wraps, a hexagon over the east
    edge shows its rest over the west edge, so only the top and bottom edges cut."""
    ring = sheet.corners(number)
    part = clip_to_rect(ring, None if sheet.wraps else (0.0, sheet.width), (0.0, sheet.height))
    return ring_area(part) / ring_area(ring) if len(part) >= 3 else 0.0


def printable(sheet: grid.Sheet, number: int) -> bool:
    """Whether hexagon `number` of `sheet` shows enough of itself on the sheet to carry its
    number: at least PRINTABLE_SHARE of its area. The builder letters the number of every
    printable hexagon inside its visible part (and stops when one does not fit) and of no
    other. An unprintable hexagon is a sliver at a sheet's corner with no number on the
    board, so no place in it may be asked: the question bank must refuse a place whose
    hexagon (sheet.locate) on any sheet is not printable."""
    return visible_share(sheet, number) >= PRINTABLE_SHARE


def unprintable(sheet: grid.Sheet) -> list[int]:
    """The numbers of the sheet's hexagons that carry no printed number."""
    return [n for n in range(1, sheet.count + 1) if not printable(sheet, n)]


def label_box(text: pygame.Surface, centre: Point) -> tuple[Box, tuple[int, int]]:
    """Where a number's ink, centred on `centre`, is drawn with its 1 px halo: the halo's box
    (whole pixels of the sheet's picture) and where with_halo(text) is blitted."""
    rect = text.get_bounding_rect()
    ink_left = round(centre[0] - rect.width / 2 - rect.left) + rect.left
    ink_top = round(centre[1] - rect.height / 2 - rect.top) + rect.top
    box = Box(ink_left - 1, ink_top - 1, ink_left + rect.width + 1, ink_top + rect.height + 1)
    return box, (ink_left - rect.left - 1, ink_top - rect.top - 1)


def visible_part(proj: SheetProjection, n: int) -> Any:
    """Hexagon n's part on the sheet's picture, in its pixels (a shapely geometry; two pieces
    for a world hexagon over the wrap)."""
    w, h = proj.size
    rings = [shapely.Polygon(ring) for ring in hexagon_rings(proj, n)]
    return shapely.union_all(rings).intersection(shapely.box(0, 0, w, h))


def number_boxes(image: pygame.Surface, proj: SheetProjection, land: LandMask,
                 places: list[Place]) -> dict[int, Box]:
    """Letter each printable hexagon's number, where it covers the least coast and no city dot
    or line: in its north triangle at the spot of a few that fits in the hexagon's visible
    part; failing that (a hexagon cut by the sheet's edge) anywhere inside the visible part,
    nearest its middle, at the normal size or, if the part is too thin, a smaller one down to
    MIN_NUMBER_PX, or turned a quarter (see anywhere). Return each number's box (ink and
    halo, the sheet's pixels) by hexagon."""
    s = proj.sheet
    size = NUMBER_PX[s.key]
    faces = {px: font(px) for px in range(size, MIN_NUMBER_PX - 1, -1)}
    apothem = grid.SQRT3 / 2 * s.radius * s.ppd
    r = s.radius * s.ppd
    w, h = proj.size
    boxes: dict[int, Box] = {}
    lines = line_boxes(proj)
    spots = [(0, -0.6), (0, -0.7), (0, -0.5), (-0.12, -0.62), (0.12, -0.62), (0, -0.8),
             (0, -0.4), (-0.2, -0.5), (0.2, -0.5), (0, -0.3)]
    halo_land, halo_sea = mix(PAPER, (255, 255, 255), 0.3), mix(SEA, SHALLOW, 0.35)

    def fits(part: Any, b: Box) -> bool:
        return bool(part.covers(shapely.box(b.left, b.top, b.right, b.bottom)))

    for n in range(1, s.count + 1):
        if not printable(s, n):
            continue
        cx, cy = proj.local(s.to_pixel(*s.centre(n)))
        part = visible_part(proj, n)
        # only the dots and lines near the hexagon can touch its number
        zones = [Box(min(x for x, _ in q), min(y for _, y in q), max(x for x, _ in q),
                     max(y for _, y in q)).grow(6) for q in hexagon_rings(proj, n)]
        near_places = [p for p in places if any(z.distance_to((p.x, p.y)) == 0 for z in zones)]
        near_lines = [line for line in lines if any(line.overlaps(z) for z in zones)]

        def cost(b: Box, near_places: list[Place] = near_places,
                 near_lines: list[Box] = near_lines) -> tuple[float, bool]:
            dots = sum(1 for p in near_places if b.grow(3).distance_to((p.x, p.y)) == 0)
            land_px, total = ink_count(land.mask, b)
            coast = min(land_px, total - land_px) / total
            crossed = sum(1 for line in near_lines if line.overlaps(b))
            return dots * 10.0 + crossed * 10.0 + coast, land_px * 2 > total

        text = faces[size].render(s.label(n), True, NUMBER_INK)
        tw, th = text.get_bounding_rect().size
        # (cost, the number's surface, its box, on land)
        best: tuple[float, pygame.Surface, Box, bool] | None = None
        for i, (fx, fy) in enumerate(spots):
            px, py = cx + fx * r, cy + fy * apothem
            b = Box.around(px, py, tw + 2, th + 2)
            if b.left < 1 or b.right > w - 1 or b.top < 1 or b.bottom > h - 1:
                continue
            exact = label_box(text, (px, py))[0]
            if not fits(part, exact):
                continue
            c, on_land = cost(b)
            if best is None or c + i * 0.02 < best[0]:
                best = (c + i * 0.02, text, exact, on_land)
        if best is None:
            best = anywhere(part, faces, s.label(n), r, cost, (w, h))
        if best is None:
            raise SystemExit(f"make_maps: ubi: hexagon {s.label(n)} shows "
                             f"{visible_share(s, n):.0%} of itself on its sheet, but its "
                             "number fits nowhere in it")
        _, text, b, on_land = best
        label = with_halo(text, halo_land if on_land else halo_sea, 1)
        image.blit(label, label_box(text, ((b.left + b.right) / 2, (b.top + b.bottom) / 2))[1])
        boxes[n] = b
    return boxes


def anywhere(part: Any, faces: dict[int, pygame.font.Font], label: str, r: float,
             cost: Any, size: tuple[int, int]) -> tuple[float, pygame.Surface, Box, bool] | None:
    """The best box for a number anywhere inside a hexagon's visible part, every whole-pixel
    position tried, at the largest size that fits, upright or else (the slim tip of a hexagon
    cut by an expert area's west edge) turned to read upwards; the cost adds the distance from
    the part's middle (the centroid of its larger piece, a part being convex) as a share of
    the hexagon's radius, and half a point for a halo on the picture's outermost pixel."""
    pieces = list(getattr(part, "geoms", [part]))
    middle = max(pieces, key=lambda g: g.area).centroid
    x0, y0, x1, y1 = part.bounds
    for turn, px in [(t, px) for t in (0, 90) for px in sorted(faces, reverse=True)]:
        text = pygame.transform.rotate(faces[px].render(label, True, NUMBER_INK), turn)
        bw, bh = text.get_bounding_rect().width + 2, text.get_bounding_rect().height + 2
        xs = np.arange(math.ceil(x0), math.floor(x1) - bw + 1)
        ys = np.arange(math.ceil(y0), math.floor(y1) - bh + 1)
        if not len(xs) or not len(ys):
            continue
        gx, gy = (g.ravel() for g in np.meshgrid(xs, ys))
        ok = shapely.covers(part, shapely.box(gx, gy, gx + bw, gy + bh))
        best: tuple[float, pygame.Surface, Box, bool] | None = None
        for x, y in zip(gx[ok], gy[ok]):
            b = Box(float(x), float(y), float(x + bw), float(y + bh))
            c, on_land = cost(b)
            if b.left < 1 or b.top < 1 or b.right > size[0] - 1 or b.bottom > size[1] - 1:
                c += 0.5
            c += math.dist(((b.left + b.right) / 2, (b.top + b.bottom) / 2),
                           (middle.x, middle.y)) / r
            if best is None or c < best[0]:
                best = (c, text, b, on_land)
        if best is not None:
            return best
    return None


def area_labels(image: pygame.Surface, world: SheetProjection, land: LandMask,
                avoid: list[Box], places: list[Place]) -> None:
    """Each expert area's title inside its rectangle on the world sheet, on the sea where it
    can, clear of the hexagon numbers and the dots."""
    face = font(13, bold=True)
    for sheet in grid.EXPERT_SHEETS:
        (x0, y0), (x1, y1) = area_rect(world, sheet)
        text = with_halo(render_spaced(face, sheet.title.upper(), AREA_INK, 1.6),
                         mix(SEA, SHALLOW, 0.5), 2)
        tw, th = text.get_size()
        best: tuple[float, Point] | None = None
        for edge, y in ((0, y1 - th / 2 - 4), (1, y0 + th / 2 + 4)):
            for k in range(int((x1 - x0 - tw - 8) // 6) + 1):
                cx = x0 + 4 + tw / 2 + 6 * k
                b = Box.around(cx, y, tw, th)
                hits = sum(1 for a in avoid if a.overlaps(b.grow(4)))
                hits += sum(1 for p in places if b.grow(4).distance_to((p.x, p.y)) == 0)
                land_px, total = ink_count(land.mask, b)
                cost = hits * 100.0 + land_px / total * 10 + edge + k * 0.01
                if best is None or cost < best[0]:
                    best = (cost, (cx, y))
        assert best is not None
        cx, cy = best[1]
        image.blit(text, (round(cx - tw / 2), round(cy - th / 2)))


def wrap(face: pygame.font.Font, text: str, width: int) -> list[str]:
    """Words into lines no wider than `width` px."""
    lines: list[str] = []
    for para in text.split("\n"):
        row = ""
        for word in para.split(" "):
            trial = f"{row} {word}".strip()
            if row and face.size(trial)[0] > width:
                lines.append(row)
                row = word
            else:
                row = trial
        lines.append(row)
    return lines


def paragraph(image: pygame.Surface, face: pygame.font.Font, text: str, x: int, y: int,
              width: int, colour: Colour = TITLE_INK) -> int:
    """Wrapped text from (x, y); returns the y below it."""
    for row in wrap(face, text, width):
        image.blit(face.render(row, True, colour), (x, y))
        y += face.get_linesize()
    return y


# --------------------------------------------------------------------------------------------
# GHOSTS and LEGEND
# --------------------------------------------------------------------------------------------

def sample(image: pygame.Surface, at: tuple[int, int], size: tuple[int, int], bg: Colour,
           draw: Any) -> None:
    """A small supersampled drawing (draw(layer) in the sample's own pixels) laid at `at`."""
    layer = Canvas(size[0], size[1], bg)
    draw(layer)
    image.blit(layer.finish(), at)


def draw_panel(image: pygame.Surface) -> None:
    """GHOSTS and LEGEND in grid.LEGEND_RECT."""
    x0, y0, w, h = grid.LEGEND_RECT
    pygame.draw.rect(image, PANEL_BG, (x0, y0, w, h))
    pygame.draw.rect(image, FRAME_INK, (x0 - 2, y0 - 2, w + 4, h + 4), 2)
    pad = 26
    head = font(22, bold=True)
    body = font(16)
    sw = 84                         # a sample's width
    text_x = x0 + pad + sw + 18
    text_w = x0 + w - pad - text_x
    full_w = w - 2 * pad
    y = y0 + 22
    image.blit(render_spaced(head, "LEGEND", TITLE_INK, 3.0), (x0 + pad, y))
    y += 48

    def row(label: str, draw: Any, height: int = 32) -> None:
        nonlocal y
        lines = wrap(body, label, text_w)
        block = len(lines) * body.get_linesize()
        sample(image, (x0 + pad, y + max(0, (block - height) // 2)), (sw, height), PANEL_BG,
               draw)
        paragraph(image, body, label, text_x, y + max(0, (height - block) // 2), text_w)
        y += max(height, block) + 12

    def land_strip(layer: Canvas) -> None:
        layer.polygon([(0, 0), (sw, 0), (sw, layer.height), (0, layer.height)], PAPER)

    def city(capital: bool) -> Any:
        def draw(layer: Canvas) -> None:
            land_strip(layer)
            lay = Layer(layer.width, layer.height, layer.scale)
            draw_places(lay, [Place(sw / 2, layer.height / 2, capital)])
            layer.surface.blit(lay.surface, (0, 0))
        return draw

    def border(layer: Canvas) -> None:
        land_strip(layer)
        for ink, wd in BORDER_STROKES:
            layer.line([(6, 22), (28, 12), (52, 18), (78, 9)], ink, wd)

    def river(layer: Canvas) -> None:
        land_strip(layer)
        layer.line([(4, 9), (22, 15), (40, 12), (58, 21), (80, 23)], RIVER_INK, 1.1)

    def lake(layer: Canvas) -> None:
        land_strip(layer)
        ring = [(sw / 2 + 28 * math.cos(t) * (1 + 0.12 * math.sin(3 * t)),
                 16 + 10 * math.sin(t) * (1 + 0.1 * math.cos(2 * t)))
                for t in np.linspace(0, 2 * math.pi, 48, endpoint=False)]
        layer.buffer(ring, 0.5, mix(SEA, COAST, 0.3))
        layer.polygon(ring, mix(SEA, PAPER, 0.2))

    def area(layer: Canvas) -> None:
        layer.polygon([(0, 0), (sw, 0), (sw, layer.height), (0, layer.height)],
                      mix(SEA, SHALLOW, 0.3))
        layer.line([(8, 28), (8, 6), (76, 6), (76, 28), (8, 28)], AREA_INK, 1.8)

    def trap(layer: Canvas) -> None:
        land_strip(layer)
        lay = Layer(layer.width, layer.height, layer.scale)
        p = (40.0, layer.height / 2)
        arms = [(p[0] + 34, p[1]), (p[0] - 14, p[1] - 24.2), (p[0] - 14, p[1] + 24.2)]
        for q in arms:
            lay.line([p, q], GRID_INK, 1.0)  # type: ignore[arg-type]
        for q in arms[1:]:
            d = math.dist(p, q)
            lay.line([p, (p[0] + (q[0] - p[0]) / d * 8.5, p[1] + (q[1] - p[1]) / d * 8.5)],
                     TRAP_INK, 1.9)  # type: ignore[arg-type]
        layer.surface.blit(lay.surface, (0, 0))

    row("City", city(False))
    row("Capital", city(True))
    row("Land border", border)
    row("River", river)
    row("Lake", lake)
    row("Tank trap: a corner where hexagons meet", trap, 48)
    row("Expert area: drawn again below at a larger scale, with hexagons of its own", area, 34)

    # The hexagon and its triangles.
    big = 100.0
    north = body.render("north", True, TITLE_INK)
    y += 6
    image.blit(north, (round(x0 + w / 2 - north.get_width() / 2), y))
    y += north.get_height() + 2
    size = (full_w, round(big * grid.SQRT3) + 8)
    cx, cy = size[0] / 2, size[1] / 2
    letter_face = font(24, bold=True)
    number_face = font(14)

    def hexagon(layer: Canvas) -> None:
        corners = [(cx + big * math.cos(math.radians(a)), cy - big * math.sin(math.radians(a)))
                   for a in range(0, 360, 60)]
        layer.polygon(corners, PAPER)
        for c in corners:
            layer.line([(cx, cy), c], mix(GRID_INK[:3], PANEL_BG, 0.45), 1.0)  # type: ignore[arg-type]
        layer.line(corners + [corners[0]], GRID_INK[:3], 1.6)  # type: ignore[arg-type]

    sample(image, (x0 + pad, y), size, PANEL_BG, hexagon)
    for letter, (a0, a1) in grid.SECTORS.items():
        mid = math.radians((a0 + a1) / 2)
        lx = x0 + pad + cx + 0.56 * big * math.cos(mid)
        ly = y + cy - 0.56 * big * math.sin(mid)
        t = letter_face.render(letter, True, AREA_INK if letter == "A" else TITLE_INK)
        image.blit(t, (round(lx - t.get_width() / 2), round(ly - t.get_height() / 2)))
    number = number_face.render("267", True, NUMBER_INK)
    image.blit(number, (round(x0 + pad + cx - number.get_width() / 2),
                        round(y + cy - 0.9 * big * grid.SQRT3 / 2 - number.get_height() / 2)))
    y += size[1] + 10
    y = paragraph(image, body, "Each hexagon's number is printed in its north triangle (in a "
                  "hexagon cut by a map's edge, wherever it fits). The "
                  "six triangles are lettered clockwise from the north: A\u00a0R\u00a0C\u00a0H\u00a0S\u00a0E; from the "
                  "south-west they read SEARCH.", x0 + pad, y, full_w)
    y = paragraph(image, body, "Answer with a hexagon, 267, or with a triangle of it, 267-A. "
                  "The expert areas' hexagons are N1, N2 ... and E1, E2 ...",
                  x0 + pad, y + 8, full_w) + 18

    # GHOSTS
    pygame.draw.line(image, mix(FRAME_INK, PANEL_BG, 0.5), (x0 + pad, y), (x0 + w - pad, y), 1)
    y += 18
    image.blit(render_spaced(head, "GHOSTS", TITLE_INK, 3.0), (x0 + pad, y))
    y += 46
    y = paragraph(image, body, "Faint lines over the maps that are nowhere on the ground, "
                  "to find a latitude or a longitude by:", x0 + pad, y, full_w) + 12
    for name, where, kind, value, style in GHOSTS:
        pattern, width, alpha = GHOST_STYLES[style]

        def ghost(layer: Canvas, pattern: tuple[float, ...] = pattern, width: float = width,
                  alpha: int = alpha) -> None:
            lay = Layer(layer.width, layer.height, layer.scale)
            dashed(lay, (2, layer.height / 2), (sw - 2, layer.height / 2),
                   (*GHOST_INK, min(255, alpha + 50)), width, pattern)
            layer.surface.blit(lay.surface, (0, 0))

        text = f"{name}, {where}"
        if kind == "lat" and value < grid.WORLD.lat_min:
            text += ", south of the map"
        elif kind == "lon" and value == 180.0:
            text += ": the world map's west and east edges"
        row(text, ghost, 22)
    if y > y0 + h - 8:
        raise SystemExit(f"make_maps: ubi: the legend overflows its panel by {y - y0 - h + 8} px")


# --------------------------------------------------------------------------------------------
# The board
# --------------------------------------------------------------------------------------------

def draw_sheet(image: pygame.Surface, data_dir: Path, sheet: grid.Sheet,
               cache: dict[str, Any]) -> dict[int, Box]:
    """One sheet, painted, gridded, numbered and framed on the board picture; returns the
    printed numbers' boxes by hexagon, in board pixels."""
    proj = SheetProjection(sheet)
    canvas, land, places = paint_sheet(data_dir, proj, cache)
    overlay = Layer(*proj.size)
    draw_ghosts(overlay, proj)
    if sheet.key == "W":
        for expert in grid.EXPERT_SHEETS:
            (ax0, ay0), (ax1, ay1) = area_rect(proj, expert)
            overlay.line([(ax0, ay0), (ax1, ay0), (ax1, ay1), (ax0, ay1), (ax0, ay0)],
                         (*AREA_INK, 230), 1.8)  # type: ignore[arg-type]
    canvas.surface.blit(overlay.surface, (0, 0))
    overlay.surface.fill((0, 0, 0, 0))
    draw_grid(overlay, proj, 1.0)
    canvas.surface.blit(overlay.surface, (0, 0))
    overlay.surface.fill((0, 0, 0, 0))
    draw_places(overlay, places)
    canvas.surface.blit(overlay.surface, (0, 0))
    del overlay
    art = canvas.finish()
    del canvas
    boxes = number_boxes(art, proj, land, places)
    if sheet.key == "W":
        area_labels(art, proj, land, list(boxes.values()), places)
    x, y, w, h = sheet.pixel_rect
    image.blit(art, (x, y))
    pygame.draw.rect(image, FRAME_INK, (x - 2, y - 2, w + 4, h + 4), 2)
    if sheet.key != "W":
        face = font(20, bold=True)
        title = render_spaced(face, sheet.title.upper(), TITLE_INK, 3.0)
        image.blit(title, (x, y - 12 - title.get_height()))
        note = font(14, italic=True).render(
            f"expert area, hexagons {sheet.label(1)} to {sheet.label(sheet.count)}", True,
            mix(TITLE_INK, BOARD_BG, 0.25))
        image.blit(note, (x + title.get_width() + 18, y - 12 - title.get_height()
                          + title.get_height() - note.get_height() - 1))
    return {n: Box(b.left + x, b.top + y, b.right + x, b.bottom + y) for n, b in boxes.items()}


def hexagon_objects(sheet: grid.Sheet, labels: dict[int, Box]) -> list[dict[str, Any]]:
    """One Tiled polygon per hexagon, in number order, positioned at its centre; `printed`
    says whether its number is lettered on the picture and, when it is, label_x, label_y,
    label_w and label_h give the number's box (ink and halo) in board pixels."""
    out = []
    for n in range(1, sheet.count + 1):
        cx, cy = sheet.to_pixel(*sheet.centre(n))
        props: list[tuple[str, str, Any]] = [("number", "int", n), ("sheet", "string", sheet.key),
                                             ("printed", "bool", n in labels)]
        if n in labels:
            b = labels[n]
            props += [("label_x", "int", round(b.left)), ("label_y", "int", round(b.top)),
                      ("label_w", "int", round(b.right - b.left)),
                      ("label_h", "int", round(b.bottom - b.top))]
        out.append({"name": sheet.label(n), "x": cx, "y": cy,
                    "points": sheet.hexagon_pixels(n), "properties": props})
    return out


def grid_description() -> str:
    """The sheets' parameters, one line each, for the map-level property."""
    rows = []
    for s in grid.SHEETS.values():
        rows.append(f"{s.key}: lon {format_value(s.lon_min)}..{format_value(s.lon_max)}, lat "
                    f"{format_value(s.lat_min)}..{format_value(s.lat_max)}, radius "
                    f"{format_value(float(s.radius))} deg, squeeze {format_value(float(s.squeeze))}, "
                    f"origin {s.origin[0]},{s.origin[1]}, ppd {format_value(float(s.ppd))}, "
                    f"{s.count} hexagons{', wraps' if s.wraps else ''}")
    return "; ".join(rows)


def write_tmx(path: Path, png: str, labels: dict[str, dict[int, Box]]) -> None:
    """The Tiled map: the picture as an image layer, one object group of hexagon polygons per
    sheet (Tiled stores a polygon's points relative to its object), each with its printed
    number's box from `labels` (by sheet key, then hexagon)."""
    width, height = grid.BOARD_SIZE
    root = ElementTree.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
        "renderorder": "right-down", "width": str(width // TILE), "height": str(height // TILE),
        "tilewidth": str(TILE), "tileheight": str(TILE)})
    props_element(root, [
        ("board", "string", "ubi"),
        ("projection", "string", ("equirectangular, x = (lon - lon_min) * squeeze, "
                                  "y = lat_max - lat, then origin + ppd * (x, y)")),
        ("grid", "string", grid_description()),
        ("legend_rect", "string", ",".join(str(v) for v in grid.LEGEND_RECT)),
        ("printable_share", "float", PRINTABLE_SHARE),
        ("credit", "string", ("Natural Earth land, lakes, rivers, borders and places "
                              "(public domain)")),
    ])
    layer = ElementTree.SubElement(root, "imagelayer", {"id": "1", "name": "art"})
    ElementTree.SubElement(layer, "image", {"source": png, "width": str(width),
                                            "height": str(height)})
    layer_id, object_id = 2, 1
    for name, sheet in (("world", grid.WORLD), ("north_america", grid.NORTH_AMERICA),
                        ("europe", grid.EUROPE)):
        group = ElementTree.SubElement(root, "objectgroup", {"id": str(layer_id), "name": name})
        layer_id += 1
        for obj in hexagon_objects(sheet, labels[sheet.key]):
            x0, y0 = obj["x"], obj["y"]
            node = ElementTree.SubElement(group, "object", {
                "id": str(object_id), "name": obj["name"], "type": "hexagon",
                "x": format_value(x0), "y": format_value(y0)})
            object_id += 1
            props_element(node, obj["properties"])
            rel = " ".join(f"{format_value(x - x0)},{format_value(y - y0)}"
                           for x, y in obj["points"])
            ElementTree.SubElement(node, "polygon", {"points": rel})
    root.set("nextlayerid", str(layer_id))
    root.set("nextobjectid", str(object_id))
    ElementTree.indent(root, space=" ")
    path.write_bytes(b'<?xml version="1.0" encoding="UTF-8"?>\n'
                     + ElementTree.tostring(root, encoding="utf-8") + b"\n")


def build(data_dir: Path, out_dir: Path) -> list[Path]:
    """maps/ubi.png and maps/ubi.tmx."""
    start_drawing()
    image = pygame.Surface(grid.BOARD_SIZE)
    image.fill(BOARD_BG)
    cache: dict[str, Any] = {}
    labels = {sheet.key: draw_sheet(image, data_dir, sheet, cache)
              for sheet in (grid.WORLD, grid.NORTH_AMERICA, grid.EUROPE)}
    draw_panel(image)
    out_dir.mkdir(parents=True, exist_ok=True)
    png = out_dir / "ubi.png"
    # flat colours and lettering: a palette keeps every pixel within a few steps of its
    # colour (mean error under 0.2 of 255) and the app holds 11 MB instead of 32
    error = save_indexed(image, png)
    assert error < 0.5, f"the board does not suit a palette (mean error {error:.2f})"
    tmx = out_dir / "ubi.tmx"
    write_tmx(tmx, png.name, labels)
    return [png, tmx]
