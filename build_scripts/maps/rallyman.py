"""Rallyman GT: the circuits (maps/rallyman-<circuit>.png, .tmx, and maps/rallyman-tiles.png).

Each circuit file boards/rallyman-<circuit>.toml lists its tiles as (q, r, tile, side,
rotation[, reverse]) on an axial flat-topped hex grid; the tiles come from our own catalogue
(game/games/rallyman/tiles.toml). The builder checks that the loop closes (game.games.rallyman.
tiles.check_loop) and refuses a circuit that does not, cuts the road into spaces, draws the art
(asphalt, lane and space lines, kerbs, limits, inside lines, hazards, danger discs, grid,
chequered line, pit lane, grass) and writes a hexagonal Tiled map whose "spaces" layer is the
topology the game reads (game/games/rallyman/track.py). No publisher art is used.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pygame

from game.core.hexgrid import Hex, axial_to_offset, tiled_cell_center
from game.games.rallyman import tiles as T

from .common import (
    Canvas,
    Layer,
    Point,
    blit_centred,
    font_path,
    format_value,
    hex_colour,
    props_element,
    load_board,
    mix,
    start_drawing,
    with_halo,
)

CIRCUITS = ("hairpin-oval", "coast-speedway", "old-town")
BOARD_W, BOARD_H = 1390, 1016        # the game's board area, canvas px
MARGIN = 10
SCALE = 3                            # supersampling of the art

GRASS = hex_colour("#5f8f3e")
GRASS_DARK = hex_colour("#557f37")
SEAM = hex_colour("#4c7331")
VERGE = hex_colour("#c9c1a8")
ASPHALT = hex_colour("#484b50")
ASPHALT_2 = hex_colour("#4f5257")
CELL_LINE = hex_colour("#8c9096")
EDGE_LINE = hex_colour("#f2f2ee")
WHITE = (250, 250, 247)
INK = hex_colour("#1d1f22")
KERB_RED = hex_colour("#c8312b")
HAZARD_RED = hex_colour("#d0302a")
HAZARD_FILL = hex_colour("#ffd23f")
INSIDE_INK = hex_colour("#1d1f22")
PIT_ASPHALT = hex_colour("#5a5d63")
PIT_LINE = hex_colour("#ffd166")
DANGER = {"yellow": hex_colour("#f2d027"), "orange": hex_colour("#ef8a17"),
          "red": hex_colour("#d7261e")}
TILESET_SIZE = 60                    # hex radius of the tileset's unrotated tiles


# --------------------------------------------------------------------------------------------
# Grid and size
# --------------------------------------------------------------------------------------------

class Grid:
    """The circuit's hexes on Tiled's staggered grid (staggeraxis x, staggerindex odd)."""

    def __init__(self, hexes: list[Hex], size: int):
        self.size = size
        self.tile_w = 2 * size
        self.tile_h = 2 * round(math.sqrt(3.0) * size / 2)
        q_shift = min(h.q for h in hexes)
        q_shift -= q_shift & 1            # an even shift keeps odd columns odd
        cells = [axial_to_offset(Hex(h.q - q_shift, h.r), flat=True, odd=True) for h in hexes]
        r_shift = min(row for _, row in cells)
        self.q_shift, self.r_shift = q_shift, r_shift
        cols = [c for c, _ in cells]
        self.cols = max(cols) + 1
        self.rows = max(row for _, row in cells) - r_shift + 1
        self.width_px = self.cols * (size + (self.tile_w - size) // 2) + (self.tile_w - size) // 2
        self.height_px = self.rows * self.tile_h + self.tile_h // 2

    def cell(self, h: Hex) -> tuple[int, int]:
        col, row = axial_to_offset(Hex(h.q - self.q_shift, h.r), flat=True, odd=True)
        return col, row - self.r_shift

    def centre(self, h: Hex) -> Point:
        col, row = self.cell(h)
        return tiled_cell_center(col, row, self.tile_w, self.tile_h, self.size,
                                 flat=True, odd=True)


def choose_grid(hexes: list[Hex]) -> Grid:
    """The largest hex radius whose grid fits the board area, with a hex height close to an
    even number of pixels (Tiled rounds tile sizes to even numbers; the road must meet)."""
    for size in range(240, 40, -1):
        grid = Grid(hexes, size)
        if grid.width_px + 2 * MARGIN > BOARD_W or grid.height_px + 2 * MARGIN > BOARD_H:
            continue
        if abs(grid.tile_h - math.sqrt(3.0) * size) < 0.35:
            return grid
    raise SystemExit("make_maps: rallyman: the circuit does not fit the board area")


# --------------------------------------------------------------------------------------------
# Drawing
# --------------------------------------------------------------------------------------------

def road_outline(lt: T.LaidTile) -> list[Point]:
    n = lt.tile.lanes
    return lt.lane_line(0, steps=48) + lt.lane_line(n, steps=48)[::-1]


def offset_line(lt: T.LaidTile, j: int, extra: float, steps: int = 48) -> list[Point]:
    """Lane line j pushed `extra` hex radii further out (sideways)."""
    out = []
    for k in range(steps + 1):
        t = k / steps
        out.append(lt.point(t, lt.boundary(j, t) + extra))
    return out


def draw_grass(canvas: Canvas) -> None:
    """Mown stripes, diagonal."""
    w, h = canvas.width, canvas.height
    step = 46.0
    k = -int(h / step) - 2
    while k * step < w + h:
        x0 = k * step
        band = [(x0, 0.0), (x0 + step / 2, 0.0), (x0 + step / 2 - h * 0.6, h), (x0 - h * 0.6, h)]
        canvas.polygon(band, GRASS_DARK)
        k += 1


def dashed(canvas: Canvas, pts: list[Point], colours: tuple[Any, Any], width: float,
           dash: float) -> None:
    """A polyline cut into alternating dashes of two colours (kerbs, dotted lines)."""
    acc, idx = 0.0, 0
    seg: list[Point] = [pts[0]]
    for a, b in zip(pts, pts[1:]):
        d = math.dist(a, b)
        pos = 0.0
        while pos < d:
            take = min(d - pos, dash - acc)
            pos += take
            acc += take
            p = (a[0] + (b[0] - a[0]) * pos / d, a[1] + (b[1] - a[1]) * pos / d)
            seg.append(p)
            if acc >= dash - 1e-9:
                if colours[idx % 2] is not None and len(seg) > 1:
                    pygame.draw.lines(canvas.surface, colours[idx % 2], False, canvas.s(seg),
                                      max(1, round(width * canvas.scale)))
                idx += 1
                acc = 0.0
                seg = [p]
    if colours[idx % 2] is not None and len(seg) > 1:
        pygame.draw.lines(canvas.surface, colours[idx % 2], False, canvas.s(seg),
                          max(1, round(width * canvas.scale)))


def triangle(centre: Point, r: float, heading: float) -> list[Point]:
    """An upright (pointing along `heading`) equilateral triangle of circumradius r."""
    a0 = math.radians(heading)
    pts = []
    for k in range(3):
        a = a0 + k * 2 * math.pi / 3
        pts.append((centre[0] + r * math.sin(a), centre[1] - r * math.cos(a)))
    return pts


def along(p: Point, heading: float, d: float) -> Point:
    a = math.radians(heading)
    return p[0] + d * math.sin(a), p[1] - d * math.cos(a)


def inside_polygon(p: Point, poly: list[Point]) -> bool:
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


class Painter:
    """Draws one circuit: shapes supersampled, then the lettering at the final size."""

    def __init__(self, width: int, height: int, size: float):
        self.canvas = Canvas(width, height, GRASS, SCALE)
        self.size = size
        self.labels: list[tuple[str, Point, Any, Any, int]] = []   # text, centre, ink, halo, px
        self.roads: list[list[Point]] = []      # outlines (verge included) to keep clear of
        self.kerbs: list[list[Point]] = []      # the same, kerbs only
        self.discs: list[Point] = []            # discs already placed beside the road

    def clear(self, p: Point, radius: float, tight: bool = False) -> bool:
        """No road (with its kerbs; `tight`: or else with its run-off too) within `radius`
        of p, and no disc too close."""
        probe = [p] + [(p[0] + radius * math.cos(a), p[1] + radius * math.sin(a))
                       for a in (k * math.pi / 8 for k in range(16))]
        roads = self.kerbs if tight else self.roads
        if any(inside_polygon(q, poly) for q in probe for poly in roads):
            return False
        return all(math.dist(p, d) > 2.2 * radius for d in self.discs)

    def tile_base(self, lt: T.LaidTile) -> None:
        c = self.canvas
        c.polygon(lt.hex_corners(), GRASS)
        if lt.tile.shape != "straight" and lt.tile.shape != "pit":
            # A sand run-off on the outside of the bend.
            outer = 0 if lt.tile.hand == "right" else lt.tile.lanes
            sign = -1.0 if lt.tile.hand == "right" else 1.0
            run = offset_line(lt, outer, sign * 0.13)
            road_edge = offset_line(lt, outer, 0.0)
            c.polygon(run + road_edge[::-1], VERGE)
        pygame.draw.lines(c.surface, SEAM, True, c.s(lt.hex_corners()), max(1, SCALE))

    def road(self, lt: T.LaidTile, asphalt: Any = ASPHALT) -> None:
        c = self.canvas
        tile = lt.tile
        # The verge (a thin light band) under the road.
        n = tile.lanes
        verge = offset_line(lt, 0, -0.035) + offset_line(lt, n, 0.035)[::-1]
        c.polygon(verge, VERGE if tile.shape != "pit" else mix(VERGE, GRASS, 0.3))
        c.polygon(road_outline(lt), asphalt)
        if tile.is_corner or tile.shape in ("bend120", "hairpin"):
            for j in (0, n):
                sign = -1.0 if j == 0 else 1.0
                dashed(c, offset_line(lt, j, sign * 0.022), (KERB_RED, WHITE),
                       0.035 * self.size, 0.085 * self.size)

    def cells(self, lt: T.LaidTile, spaces: list[T.SpaceData]) -> None:
        c = self.canvas
        for sp in spaces:
            if (sp.lane + sp.row) % 2:
                c.polygon(sp.polygon, ASPHALT_2)
        for sp in spaces:
            pygame.draw.lines(c.surface, CELL_LINE, True, c.s(sp.polygon), max(1, SCALE))
        n = lt.tile.lanes
        for j in (0, n):
            pygame.draw.lines(c.surface, EDGE_LINE, False, c.s(lt.lane_line(j, steps=48)),
                              round(1.6 * SCALE))

    def inside_lines(self, lt: T.LaidTile) -> None:
        """The dotted line across the inside lane between the spaces of an inside line, and
        its number in a dark disc on the kerb side."""
        c = self.canvas
        tile = lt.tile
        for line in tile.inside:
            for row in range(line.first, line.last):
                _, t = lt.row_range(line.lane, row)
                a = lt.point(t, lt.boundary(line.lane, t))
                b = lt.point(t, lt.boundary(line.lane + 1, t))
                # Paint over the solid border with a dotted white one.
                pygame.draw.line(c.surface, ASPHALT, c.s([a])[0], c.s([b])[0], 2 * SCALE)
                dashed(c, [a, b], (WHITE, None), 0.028 * self.size, 0.035 * self.size)
            # The number sits on the grass beside the inside edge, at the middle of the line.
            _, t_first = lt.row_range(line.lane, line.first)
            _, t_last = lt.row_range(line.lane, line.last - 1)
            t = (t_first + t_last) / 2 if line.last - line.first > 1 else t_first
            inner_j = 0 if line.lane == 0 else line.lane + 1
            sign = -1.0 if inner_j == 0 else 1.0
            r = 0.09 * self.size
            # The first spot on the grass beside the kerb that keeps clear of every road.
            p = lt.point(t, lt.boundary(inner_j, t) + sign * 0.15)
            for k in range(14):
                q = lt.point(t, lt.boundary(inner_j, t) + sign * (0.15 + 0.02 * k))
                if self.clear(q, r + 0.025 * self.size, tight=True):
                    p = q
                    break
            self.discs.append(p)
            pygame.draw.circle(c.surface, WHITE, c.s([p])[0], (r + 0.02 * self.size) * SCALE)
            pygame.draw.circle(c.surface, INSIDE_INK, c.s([p])[0], r * SCALE)
            text = "!" if line.caution else str(line.limit)
            self.labels.append((text, p, WHITE, None, round(0.145 * self.size)))

    def markings(self, sp: T.SpaceData) -> None:
        c = self.canvas
        r = 0.092 * self.size
        items = []
        if sp.outside_caution is not None:
            items.append("outside")
        elif sp.limit is not None:
            items.append("limit")
        if sp.hazard:
            items.append("hazard")
        if not items:
            return
        gap = (2.3 * r + 0.04 * self.size) if len(items) == 2 else 0.0
        for k, kind in enumerate(items):
            p = along(sp.centre, sp.heading, (gap / 2) * (1 if k == 0 else -1)) \
                if gap else sp.centre
            if kind == "limit":
                pygame.draw.circle(c.surface, INK, c.s([p])[0], (r + 0.018 * self.size) * SCALE)
                pygame.draw.circle(c.surface, WHITE, c.s([p])[0], r * SCALE)
                self.labels.append((str(sp.limit), p, INK, None, round(0.15 * self.size)))
            elif kind == "outside":
                # Upright triangles, as warning signs stand.
                c.polygon(triangle(p, r * 1.18 + 0.03 * self.size, 0.0), HAZARD_RED)
                c.polygon(triangle(p, r * 1.18, 0.0), WHITE)
                self.labels.append((str(sp.outside_caution), along(p, 0.0, -0.2 * r), INK,
                                    None, round(0.12 * self.size)))
            else:
                c.polygon(triangle(p, r * 1.1 + 0.03 * self.size, 0.0), HAZARD_RED)
                c.polygon(triangle(p, r * 1.1, 0.0), HAZARD_FILL)
                self.labels.append(("!", along(p, 0.0, -0.2 * r), INK, None,
                                    round(0.12 * self.size)))

    def danger_discs(self, lt: T.LaidTile) -> None:
        """Discs of the tile's danger colour near its corners, where the road leaves room."""
        colour = DANGER.get(lt.tile.danger)
        if colour is None:
            return
        c = self.canvas
        r = 0.062 * self.size
        for corner in lt.hex_corners():
            p = (corner[0] + (lt.centre[0] - corner[0]) * 0.17,
                 corner[1] + (lt.centre[1] - corner[1]) * 0.17)
            if not self.clear(p, r + 0.05 * self.size):
                continue
            self.discs.append(p)
            pygame.draw.circle(c.surface, INK, c.s([p])[0], (r + 0.018 * self.size) * SCALE)
            pygame.draw.circle(c.surface, colour, c.s([p])[0], r * SCALE)

    def grid_boxes(self, circuit: T.Circuit) -> None:
        c = self.canvas
        for k, sid in enumerate(circuit.grid):
            sp = circuit.spaces[sid]
            lt = circuit.laid[sp.tile_index]
            t0, t1 = lt.row_range(sp.lane, sp.row)
            u0, u1 = lt.boundary(sp.lane, t1), lt.boundary(sp.lane + 1, t1)
            inset = 0.04
            tf = t1 - (t1 - t0) * 0.12
            tb = t0 + (t1 - t0) * 0.35
            bracket = [lt.point(tb, u0 + inset), lt.point(tf, u0 + inset),
                       lt.point(tf, u1 - inset), lt.point(tb, u1 - inset)]
            pygame.draw.lines(c.surface, WHITE, False, c.s(bracket), round(2.2 * SCALE))
            p = lt.point((t0 + tb) / 2 + (t1 - t0) * 0.1, (u0 + u1) / 2)
            self.labels.append((str(k + 1), p, WHITE, None, round(0.12 * self.size)))

    def finish(self, circuit: T.Circuit) -> None:
        lt = circuit.laid[0]
        tile = lt.tile
        tf = tile.finish_row / tile.rows[0]
        n = tile.lanes
        depth = 0.035   # of the tile's length, each of the two rows of squares
        u0, u1 = lt.boundary(0, tf), lt.boundary(n, tf)
        count = 3 * n
        for row in range(2):
            ta, tb = tf + (row - 1) * depth, tf + row * depth
            for k in range(count):
                ua = u0 + (u1 - u0) * k / count
                ub = u0 + (u1 - u0) * (k + 1) / count
                colour = WHITE if (k + row) % 2 else INK
                self.canvas.polygon([lt.point(ta, ua), lt.point(tb, ua), lt.point(tb, ub),
                                     lt.point(ta, ub)], colour)

    def pit(self, circuit: T.Circuit) -> None:
        lt = circuit.pit
        if lt is None:
            return
        c = self.canvas
        self.tile_base(lt)
        self.road(lt, PIT_ASPHALT)
        for box in circuit.pit_boxes:
            pygame.draw.lines(c.surface, PIT_LINE, True, c.s(box), round(1.6 * SCALE))
        # The pit wall on the side facing the circuit, a white and grey line.
        for j in (0, 1):
            pygame.draw.lines(c.surface, EDGE_LINE, False, c.s(lt.lane_line(j)),
                              round(1.6 * SCALE))
        for k in range(len(circuit.pit_boxes)):
            p = lt.cell_centre(0, k)
            self.labels.append((str(k + 1), p, PIT_LINE, None, round(0.12 * self.size)))
        mid = lt.point(0.5, lt.boundary(1, 0.5) + 0.22)
        self.labels.append(("PIT", mid, WHITE, INK, round(0.16 * self.size)))

    def finish_image(self) -> pygame.Surface:
        image = self.canvas.finish()
        fonts: dict[int, pygame.font.Font] = {}
        for text, p, ink, halo, px in self.labels:
            font = fonts.setdefault(px, pygame.font.Font(str(font_path(bold=True)), px))
            surf = font.render(text, True, ink)
            if halo is not None:
                surf = with_halo(surf, halo, 1)
            # Digits look centred a touch lower than their box: lift them by a pixel.
            blit_centred(image, surf, (p[0], p[1] - px * 0.04))
        return image


def paint(circuit: T.Circuit, width: int, height: int, size: float) -> pygame.Surface:
    painter = Painter(width, height, size)
    draw_grass(painter.canvas)
    for lt in circuit.laid + ([circuit.pit] if circuit.pit else []):
        n = lt.tile.lanes
        pad = 0.06 if lt.tile.shape in ("straight", "pit") else 0.15
        painter.roads.append(offset_line(lt, 0, -pad) + offset_line(lt, n, pad)[::-1])
        painter.kerbs.append(offset_line(lt, 0, -0.045) + offset_line(lt, n, 0.045)[::-1])
    for lt in circuit.laid:
        painter.tile_base(lt)
    by_tile: dict[int, list[T.SpaceData]] = {}
    for sp in circuit.spaces:
        by_tile.setdefault(sp.tile_index, []).append(sp)
    for lt in circuit.laid:
        painter.road(lt)
    for i, lt in enumerate(circuit.laid):
        painter.cells(lt, by_tile[i])
    for lt in circuit.laid:
        painter.inside_lines(lt)
    painter.finish(circuit)
    painter.grid_boxes(circuit)
    for sp in circuit.spaces:
        painter.markings(sp)
    painter.pit(circuit)
    for lt in circuit.laid + ([circuit.pit] if circuit.pit else []):
        painter.danger_discs(lt)
    return painter.finish_image()


# --------------------------------------------------------------------------------------------
# The tileset: every tile side, unrotated, for Tiled's tile layer
# --------------------------------------------------------------------------------------------

TILESET_COLUMNS = 8


def tileset_keys(catalogue: dict[str, T.TileSide]) -> list[str]:
    return sorted(catalogue, key=lambda k: (int(k[:-1]), k[-1]))


def paint_tileset(catalogue: dict[str, T.TileSide]) -> pygame.Surface:
    keys = tileset_keys(catalogue)
    s = TILESET_SIZE
    tw, th = 2 * s, 2 * round(math.sqrt(3.0) * s / 2)
    rows = math.ceil(len(keys) / TILESET_COLUMNS)
    sheet = pygame.Surface((TILESET_COLUMNS * tw, rows * th), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for k, key in enumerate(keys):
        col, row = k % TILESET_COLUMNS, k // TILESET_COLUMNS
        lt = T.LaidTile(catalogue[key], Hex(0, 0), 0, (tw / 2, th / 2), s)
        cell = Layer(tw, th, SCALE)
        cell.polygon(lt.hex_corners(), GRASS)
        spaces = [T.SpaceData(0, 0, lane, row_, lt.cell(lane, row_), lt.cell_centre(lane, row_),
                              0.0, 0, None, None, False, None, False, "", [], None, False)
                  for lane in range(lt.tile.lanes) for row_ in range(lt.tile.rows[lane])]
        cell.polygon(road_outline(lt), ASPHALT if lt.tile.shape != "pit" else PIT_ASPHALT)
        for sp in spaces:
            pygame.draw.lines(cell.surface, CELL_LINE, True, cell.s(sp.polygon), SCALE)
        colour = DANGER.get(lt.tile.danger, WHITE)
        pygame.draw.lines(cell.surface, colour, True, cell.s(lt.hex_corners()), 2 * SCALE)
        image = cell.finish()
        font = pygame.font.Font(str(font_path(bold=True)), 14)
        blit_centred(image, with_halo(font.render(key, True, WHITE), INK, 1), (tw / 2, th / 2))
        sheet.blit(image, (col * tw, row * th))
    return sheet


# --------------------------------------------------------------------------------------------
# The Tiled map
# --------------------------------------------------------------------------------------------

def space_props(sp: T.SpaceData, grid_order: dict[int, int]) -> list[tuple[str, str, Any]]:
    """Every Space field; 0 means 'none' for the limits and -1 for the corner."""
    return [
        ("space_id", "int", sp.space_id), ("tile_index", "int", sp.tile_index),
        ("lane", "int", sp.lane), ("row", "int", sp.row),
        ("centre_x", "float", round(sp.centre[0], 2)),
        ("centre_y", "float", round(sp.centre[1], 2)),
        ("heading", "float", sp.heading), ("progress", "int", sp.progress),
        ("limit", "int", sp.limit or 0), ("inside_limit", "int", sp.inside_limit or 0),
        ("inside_caution", "bool", sp.inside_caution),
        ("outside_caution", "int", sp.outside_caution or 0),
        ("hazard", "bool", sp.hazard), ("danger", "string", sp.danger),
        ("next", "string", ",".join(str(n) for n in sp.next)),
        ("corner_id", "int", -1 if sp.corner_id is None else sp.corner_id),
        ("is_edge", "bool", sp.is_edge),
        ("grid_box", "int", grid_order.get(sp.space_id, 0)),
    ]


def polygon_object(layer: ElementTree.Element, oid: int, name: str, kind: str,
                   poly: list[Point], props: list[tuple[str, str, Any]]) -> None:
    x0, y0 = poly[0]
    node = ElementTree.SubElement(layer, "object", {
        "id": str(oid), "name": name, "type": kind, "x": format_value(round(x0, 2)),
        "y": format_value(round(y0, 2))})
    if props:
        props_element(node, props)
    pts = " ".join(f"{format_value(round(x - x0, 2))},{format_value(round(y - y0, 2))}"
                   for x, y in poly)
    ElementTree.SubElement(node, "polygon", {"points": pts})


def write_map(path: Path, key: str, data: dict[str, Any], grid: Grid, circuit: T.Circuit,
              placements: list[T.Placement], pit: T.Placement | None,
              catalogue: dict[str, T.TileSide], art: str, tileset_png: tuple[str, int, int]) -> None:
    """A hexagonal (flat-topped) Tiled map: art, hidden tile layer, placements, spaces,
    markers."""
    info = data["circuit"]
    root = ElementTree.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "orientation": "hexagonal",
        "renderorder": "right-down", "width": str(grid.cols), "height": str(grid.rows),
        "tilewidth": str(grid.tile_w), "tileheight": str(grid.tile_h),
        "hexsidelength": str(grid.size), "staggeraxis": "x", "staggerindex": "odd"})
    hands = ",".join(c["hand"] for c in circuit.corners)
    props_element(root, [
        ("circuit", "string", key), ("title", "string", info["title"]),
        ("blurb", "string", info["blurb"]), ("laps_default", "int", int(info["laps"])),
        ("laps_min", "int", 1), ("laps_max", "int", 5),
        ("lap_length", "int", circuit.lap_length), ("hex_size", "int", grid.size),
        ("tile_count", "int", len(placements)), ("corner_hands", "string", hands),
        ("board_width", "int", grid.width_px), ("board_height", "int", grid.height_px)])
    keys = tileset_keys(catalogue)
    png, pw, ph = tileset_png
    ts = ElementTree.SubElement(root, "tileset", {
        "firstgid": "1", "name": "rallyman-tiles", "tilewidth": str(2 * TILESET_SIZE),
        "tileheight": str(2 * round(math.sqrt(3.0) * TILESET_SIZE / 2)),
        "tilecount": str(len(keys)), "columns": str(TILESET_COLUMNS)})
    ElementTree.SubElement(ts, "image", {"source": png, "width": str(pw), "height": str(ph)})
    for k, tkey in enumerate(keys):
        tile = ElementTree.SubElement(ts, "tile", {"id": str(k)})
        props_element(tile, [("tile_number", "int", catalogue[tkey].number),
                      ("tile_side", "string", catalogue[tkey].side)])
    lid = 1
    layer = ElementTree.SubElement(root, "imagelayer", {"id": str(lid), "name": "track"})
    ElementTree.SubElement(layer, "image", {"source": art, "width": str(grid.width_px),
                                            "height": str(grid.height_px)})
    lid += 1
    cells = [[0] * grid.cols for _ in range(grid.rows)]
    for p in placements + ([pit] if pit else []):
        col, row = grid.cell(p.hex)
        cells[row][col] = 1 + keys.index(f"{p.number}{p.side}")
    # Unrotated tiles would mislead (pytmx cannot decode hex rotation flags): hidden.
    tl = ElementTree.SubElement(root, "layer", {"id": str(lid), "name": "tiles",
                                                "width": str(grid.cols),
                                                "height": str(grid.rows), "visible": "0"})
    lid += 1
    csv = ElementTree.SubElement(tl, "data", {"encoding": "csv"})
    csv.text = "\n" + ",\n".join(",".join(str(v) for v in row) for row in cells) + "\n"
    oid = 1
    group = ElementTree.SubElement(root, "objectgroup", {"id": str(lid), "name": "placements"})
    lid += 1
    for order, p in enumerate(placements + ([pit] if pit else [])):
        x, y = grid.centre(p.hex)
        node = ElementTree.SubElement(group, "object", {
            "id": str(oid),
            "name": f"pit-{p.number}{p.side}" if p is pit else f"tile{order + 1:02d}-{p.number}{p.side}",
            "type": "pit" if p is pit else "tile",
            "x": format_value(round(x, 2)), "y": format_value(round(y, 2))})
        oid += 1
        props_element(node, [("order", "int", order if p is not pit else -1), ("q", "int", p.q),
                      ("r", "int", p.r), ("tile", "int", p.number), ("side", "string", p.side),
                      ("tile_rotation", "int", p.rotation), ("reverse", "bool", p.reverse)])
        ElementTree.SubElement(node, "point")
    group = ElementTree.SubElement(root, "objectgroup", {"id": str(lid), "name": "spaces"})
    lid += 1
    order = {sid: k + 1 for k, sid in enumerate(circuit.grid)}
    for sp in circuit.spaces:
        polygon_object(group, oid, str(sp.space_id), "space", sp.polygon, space_props(sp, order))
        oid += 1
    group = ElementTree.SubElement(root, "objectgroup", {"id": str(lid), "name": "markers"})
    lid += 1
    a, b = circuit.finish_line
    node = ElementTree.SubElement(group, "object", {
        "id": str(oid), "name": "finish", "type": "finish_line",
        "x": format_value(round(a[0], 2)), "y": format_value(round(a[1], 2))})
    oid += 1
    ElementTree.SubElement(node, "polyline", {
        "points": f"0,0 {format_value(round(b[0] - a[0], 2))},{format_value(round(b[1] - a[1], 2))}"})
    for k, box in enumerate(circuit.pit_boxes):
        polygon_object(group, oid, f"pit{k + 1}", "pit_box", box, [("box", "int", k + 1)])
        oid += 1
    root.set("nextlayerid", str(lid))
    root.set("nextobjectid", str(oid))
    ElementTree.indent(root, space=" ")
    path.write_bytes(b'<?xml version="1.0" encoding="UTF-8"?>\n'
                     + ElementTree.tostring(root, encoding="utf-8") + b"\n")


# --------------------------------------------------------------------------------------------

def circuit_of(data: dict[str, Any]) -> tuple[list[T.Placement], T.Placement | None]:
    placements = T.placements_of(data)
    pit = None
    if "pit" in data:
        d = data["pit"]
        pit = T.Placement(int(d["q"]), int(d["r"]), 101, "a", int(d["rotation"]) % 6)
    return placements, pit


def build_circuit(key: str, out_dir: Path, catalogue: dict[str, T.TileSide],
                  tileset: tuple[str, int, int]) -> list[Path]:
    data = load_board(f"rallyman-{key}")
    placements, pit = circuit_of(data)
    try:
        T.check_loop(placements, catalogue, pit)
    except T.CircuitError as exc:
        raise SystemExit(f"make_maps: rallyman-{key}: the circuit does not close: {exc}") from exc
    hexes = [p.hex for p in placements] + ([pit.hex] if pit else [])
    grid = choose_grid(hexes)
    circuit = T.lay_circuit(placements, catalogue, grid.centre, grid.size, pit)
    image = paint(circuit, grid.width_px, grid.height_px, grid.size)
    png = out_dir / f"rallyman-{key}.png"
    pygame.image.save(image, str(png))
    tmx = out_dir / f"rallyman-{key}.tmx"
    write_map(tmx, key, data, grid, circuit, placements, pit, catalogue, png.name, tileset)
    return [png, tmx]


def build(data_dir: Path, out_dir: Path) -> list[Path]:
    """maps/rallyman-<circuit>.png/.tmx for every circuit, and maps/rallyman-tiles.png."""
    start_drawing()
    out_dir.mkdir(parents=True, exist_ok=True)
    catalogue = T.load_catalogue()
    sheet = paint_tileset(catalogue)
    sheet_path = out_dir / "rallyman-tiles.png"
    pygame.image.save(sheet, str(sheet_path))
    tileset = (sheet_path.name, sheet.get_width(), sheet.get_height())
    out = [sheet_path]
    for key in CIRCUITS:
        out += build_circuit(key, out_dir, catalogue, tileset)
    return out
