"""Build the board maps of Journeys from Natural Earth data.

    python build_scripts/make_maps.py ubike [--data DIR] [--out DIR]

Each board is a function in MAPS (game id -> function) that reads the gzipped GeoJSON files of
Natural Earth (public domain; default folder `../shared/data/naturalearth` beside the
repository) and writes `maps/<id>.png` (the art) and `maps/<id>.tmx` (a Tiled map with the art
as an image layer and the topology as object layers, see game/core/board.py).

The art is drawn with pygame itself (no extra dependency): shapes at SUPERSAMPLE times the size,
then smoothed down for anti-aliasing; text at the final size so it stays crisp. The output is
deterministic: the same data and pygame give the same bytes.
"""
from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import math
import os
import sys
import tomllib
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

# Headless before pygame is imported: this script never opens a window.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO.parent / "shared" / "data" / "naturalearth"
SUPERSAMPLE = 4

LonLat = tuple[float, float]
Point = tuple[float, float]
Colour = tuple[int, int, int]


# --------------------------------------------------------------------------------------------
# Shared helpers (any board may use them)
# --------------------------------------------------------------------------------------------

def hex_colour(code: str) -> Colour:
    """'#e9dfc7' -> (233, 223, 199)."""
    code = code.lstrip("#")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour t of the way from a to b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


@dataclasses.dataclass(frozen=True)
class Projection:
    """Equirectangular lon/lat -> pixels, longitudes shrunk by cos(centre latitude).

    The map's custom properties store the four bounds; a pixel is then
    x = (lon - lon_min) / (lon_max - lon_min) * width and
    y = (lat_max - lat) / (lat_max - lat_min) * height.
    """

    lon_min: float
    lon_max: float
    lat_min: float
    lat_max: float
    width: int
    height: int

    @classmethod
    def centred(cls, lon: float, lat: float, lat_span: float, width: int, height: int,
                digits: int = 4) -> Projection:
        """A window around (lon, lat) whose pixels are square at its centre latitude.

        Bounds are rounded to `digits` decimals so the stored properties read cleanly; the
        aspect error this brings is far below a pixel.
        """
        lon_span = lat_span * (width / height) / math.cos(math.radians(lat))
        return cls(round(lon - lon_span / 2, digits), round(lon + lon_span / 2, digits),
                   round(lat - lat_span / 2, digits), round(lat + lat_span / 2, digits),
                   width, height)

    def to_px(self, lon: float, lat: float) -> Point:
        x = (lon - self.lon_min) / (self.lon_max - self.lon_min) * self.width
        y = (self.lat_max - lat) / (self.lat_max - self.lat_min) * self.height
        return x, y

    def px_per_km(self) -> float:
        """Pixels per kilometre (north-south, which is the same east-west at the centre)."""
        return self.height / (self.lat_max - self.lat_min) / 111.32

    def bbox(self, margin_deg: float = 0.0) -> tuple[float, float, float, float]:
        return (self.lon_min - margin_deg, self.lat_min - margin_deg,
                self.lon_max + margin_deg, self.lat_max + margin_deg)


def read_features(data_dir: Path, stem: str) -> list[dict[str, Any]]:
    """The features of `<stem>.json.gz` in the Natural Earth folder."""
    path = data_dir / f"{stem}.json.gz"
    if not path.is_file():
        raise SystemExit(f"make_maps: {path} is missing (is --data right?)")
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return json.load(handle)["features"]


def polygon_rings(geometry: dict[str, Any] | None) -> Iterator[list[list[LonLat]]]:
    """Each polygon of a (Multi)Polygon as its rings, exterior first."""
    if not geometry:
        return
    if geometry["type"] == "Polygon":
        yield [[tuple(p[:2]) for p in ring] for ring in geometry["coordinates"]]
    elif geometry["type"] == "MultiPolygon":
        for poly in geometry["coordinates"]:
            yield [[tuple(p[:2]) for p in ring] for ring in poly]


def line_parts(geometry: dict[str, Any] | None) -> Iterator[list[LonLat]]:
    """Each part of a (Multi)LineString."""
    if not geometry:
        return
    if geometry["type"] == "LineString":
        yield [tuple(p[:2]) for p in geometry["coordinates"]]
    elif geometry["type"] == "MultiLineString":
        for part in geometry["coordinates"]:
            yield [tuple(p[:2]) for p in part]


def touches(points: Sequence[LonLat], bbox: tuple[float, float, float, float]) -> bool:
    """True if the bounding box of `points` meets `bbox` (lon_min, lat_min, lon_max, lat_max)."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return not (max(xs) < bbox[0] or min(xs) > bbox[2] or max(ys) < bbox[1] or min(ys) > bbox[3])


def clip_ring(ring: Sequence[LonLat], bbox: tuple[float, float, float, float]) -> list[LonLat]:
    """The ring cut to `bbox` (Sutherland-Hodgman; fine for filling concave rings).

    Continents are single rings of tens of thousands of points: cutting them to a little more
    than the window keeps drawing fast. The cut edges run along the bbox, outside the map.
    """
    lo_x, lo_y, hi_x, hi_y = bbox

    def at_x(x: float) -> Callable[[LonLat, LonLat], LonLat]:
        return lambda a, b: (x, a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0]))

    def at_y(y: float) -> Callable[[LonLat, LonLat], LonLat]:
        return lambda a, b: (a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), y)

    edges: list[tuple[Callable[[LonLat], bool], Callable[[LonLat, LonLat], LonLat]]] = [
        (lambda p: p[0] >= lo_x, at_x(lo_x)), (lambda p: p[0] <= hi_x, at_x(hi_x)),
        (lambda p: p[1] >= lo_y, at_y(lo_y)), (lambda p: p[1] <= hi_y, at_y(hi_y))]
    pts = list(ring)
    for keep, cross in edges:
        if not pts:
            break
        out: list[LonLat] = []
        for a, b in zip(pts[-1:] + pts[:-1], pts):
            if keep(b):
                if not keep(a):
                    out.append(cross(a, b))
                out.append(b)
            elif keep(a):
                out.append(cross(a, b))
        pts = out
    return pts


def chaikin(ring: Sequence[Point], rounds: int = 2) -> list[Point]:
    """Corner-cutting smoothing of a closed ring.

    Natural Earth's 1:10m coast has a vertex every few kilometres, which shows as facets at
    board scale; two rounds of Chaikin round them off while moving the coast by well under a
    kilometre.
    """
    pts = list(ring)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    for _ in range(rounds):
        out: list[Point] = []
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
            out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        pts = out
    return pts


def point_in_ring(pt: Point, ring: Sequence[Point]) -> bool:
    """Even-odd test of a point against one closed ring."""
    x, y = pt
    inside = False
    for (x0, y0), (x1, y1) in zip(ring, list(ring[1:]) + [ring[0]]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from p to the segment ab."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.dist(p, (ax + t * dx, ay + t * dy))


@dataclasses.dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in map pixels."""

    left: float
    top: float
    right: float
    bottom: float

    @classmethod
    def around(cls, cx: float, cy: float, w: float, h: float) -> Box:
        return cls(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)

    def grow(self, d: float) -> Box:
        return Box(self.left - d, self.top - d, self.right + d, self.bottom + d)

    def overlaps(self, other: Box) -> bool:
        return not (self.right <= other.left or other.right <= self.left
                    or self.bottom <= other.top or other.bottom <= self.top)

    def distance_to(self, p: Point) -> float:
        dx = max(self.left - p[0], 0.0, p[0] - self.right)
        dy = max(self.top - p[1], 0.0, p[1] - self.bottom)
        return math.hypot(dx, dy)

    def inside(self, width: float, height: float, margin: float = 0.0) -> bool:
        return (self.left >= margin and self.top >= margin
                and self.right <= width - margin and self.bottom <= height - margin)


class Canvas:
    """A supersampled drawing surface addressed in final-map pixels."""

    def __init__(self, width: int, height: int, background: Colour, scale: int = SUPERSAMPLE):
        self.width, self.height, self.scale = width, height, scale
        self.surface = pygame.Surface((width * scale, height * scale))
        self.surface.fill(background)

    def s(self, pts: Iterable[Point]) -> list[Point]:
        """Map pixels -> supersampled pixels."""
        return [(x * self.scale, y * self.scale) for x, y in pts]

    def polygon(self, ring: Sequence[Point], colour: Colour) -> None:
        pygame.draw.polygon(self.surface, colour, self.s(ring))

    def buffer(self, ring: Sequence[Point], radius: float, colour: Colour,
               fill: bool = True) -> None:
        """The ring grown by `radius` map pixels (its Minkowski sum with a disc).

        Drawn as the filled ring plus a quad along every edge and a disc at every vertex,
        which is exact and far cheaper than a distance field. With fill=False only the band
        around the outline is drawn.
        """
        pts = self.s(ring)
        r = radius * self.scale
        if fill:
            pygame.draw.polygon(self.surface, colour, pts)
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
            length = math.hypot(x1 - x0, y1 - y0)
            if length == 0:
                continue
            nx, ny = -(y1 - y0) / length * r, (x1 - x0) / length * r
            pygame.draw.polygon(self.surface, colour, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny),
                                                       (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
        for x, y in pts:
            pygame.draw.circle(self.surface, colour, (x, y), r)

    def line(self, pts: Sequence[Point], colour: Colour, width: float) -> None:
        """A polyline `width` map pixels wide with round joints."""
        self_pts = self.s(pts)
        w = max(1, round(width * self.scale))
        pygame.draw.lines(self.surface, colour, False, self_pts, w)
        for x, y in self_pts:
            pygame.draw.circle(self.surface, colour, (x, y), w / 2)

    def finish(self) -> pygame.Surface:
        """Smooth down to the final size (the generic filter, the same on every CPU)."""
        pygame.transform.set_smoothscale_backend("GENERIC")
        return pygame.transform.smoothscale(self.surface, (self.width, self.height))


def font_path(bold: bool = False, italic: bool = False) -> Path:
    """Noto Sans as shipped by pygame-gui (the app's one font family)."""
    import pygame_gui  # only for its data folder

    name = "NotoSans-" + ("Bold" if bold else "Italic" if italic else "Regular") + ".ttf"
    return Path(pygame_gui.__file__).resolve().parent / "data" / name


def render_spaced(font: pygame.font.Font, text: str, colour: Colour,
                  spacing: float) -> pygame.Surface:
    """Text with extra letter spacing (map lettering), on a transparent surface."""
    glyphs = [font.render(ch, True, colour) for ch in text]
    advances = [font.size(ch)[0] for ch in text]
    width = round(sum(advances) + spacing * (len(text) - 1))
    surf = pygame.Surface((max(1, width), font.get_height()), pygame.SRCALPHA)
    x = 0.0
    for glyph, advance in zip(glyphs, advances):
        surf.blit(glyph, (round(x), 0))
        x += advance + spacing
    return surf


def with_halo(text: pygame.Surface, halo: Colour, radius: int = 1) -> pygame.Surface:
    """The text on a soft halo of `halo` colour, so it reads over lines and coast."""
    mask = pygame.mask.from_surface(text, 40)
    ring = mask.to_surface(setcolor=(*halo, 150), unsetcolor=(0, 0, 0, 0))
    out = pygame.Surface((text.get_width() + 2 * radius, text.get_height() + 2 * radius),
                         pygame.SRCALPHA)
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            if (dx, dy) != (0, 0):
                out.blit(ring, (radius + dx, radius + dy))
    out.blit(text, (radius, radius))
    return out


def ink_box(surf: pygame.Surface, centre: Point) -> Box:
    """The box of the inked pixels of `surf` when it is drawn centred on `centre`."""
    rect = surf.get_bounding_rect()
    left = round(centre[0] - surf.get_width() / 2)
    top = round(centre[1] - surf.get_height() / 2)
    return Box(left + rect.left, top + rect.top, left + rect.right, top + rect.bottom)


def write_tmx(path: Path, *, width_px: int, height_px: int, tile: int,
              properties: list[tuple[str, str, Any]],
              image_layers: list[tuple[str, str]],
              object_layers: list[tuple[str, list[dict[str, Any]]]]) -> None:
    """Write a fixed-size orthogonal Tiled map with no tile layers.

    properties: (name, Tiled type, value); image_layers: (layer name, image file beside the
    map); object_layers: (layer name, objects), each object a dict with name, type, x, y,
    properties [(name, type, value)] and either point=True or polyline=[(x, y), ...] in
    absolute map pixels.
    """
    def props_element(parent: ElementTree.Element, props: list[tuple[str, str, Any]]) -> None:
        if not props:
            return
        node = ElementTree.SubElement(parent, "properties")
        for name, kind, value in props:
            attrs = {"name": name}
            if kind != "string":
                attrs["type"] = kind
            attrs["value"] = format_value(value)
            ElementTree.SubElement(node, "property", attrs)

    layer_id = object_id = 1
    root = ElementTree.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
        "renderorder": "right-down", "width": str(width_px // tile),
        "height": str(height_px // tile), "tilewidth": str(tile), "tileheight": str(tile)})
    # No `infinite` attribute: Tiled's default is a fixed-size map, and pytmx keeps the
    # attribute as the string "0", which game/core/board.py would read as true.
    props_element(root, properties)
    for name, source in image_layers:
        layer = ElementTree.SubElement(root, "imagelayer", {"id": str(layer_id), "name": name})
        ElementTree.SubElement(layer, "image", {"source": source, "width": str(width_px),
                                                "height": str(height_px)})
        layer_id += 1
    for name, objects in object_layers:
        layer = ElementTree.SubElement(root, "objectgroup", {"id": str(layer_id), "name": name})
        layer_id += 1
        for obj in objects:
            x0, y0 = obj["x"], obj["y"]
            node = ElementTree.SubElement(layer, "object", {
                "id": str(object_id), "name": obj["name"], "type": obj["type"],
                "x": format_value(x0), "y": format_value(y0)})
            object_id += 1
            props_element(node, obj.get("properties", []))
            if obj.get("point"):
                ElementTree.SubElement(node, "point")
            if "polyline" in obj:
                # Tiled stores polyline points relative to the object's position.
                rel = " ".join(f"{format_value(x - x0)},{format_value(y - y0)}"
                               for x, y in obj["polyline"])
                ElementTree.SubElement(node, "polyline", {"points": rel})
    root.set("nextlayerid", str(layer_id))
    root.set("nextobjectid", str(object_id))
    ElementTree.indent(root, space=" ")
    path.write_bytes(b'<?xml version="1.0" encoding="UTF-8"?>\n'
                     + ElementTree.tostring(root, encoding="utf-8") + b"\n")


def format_value(value: Any) -> str:
    """Tiled's spelling of a property value (floats without float noise)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        text = f"{value:.4f}".rstrip("0").rstrip(".")
        return text if text not in ("", "-0") else "0"
    return str(value)


# --------------------------------------------------------------------------------------------
# UBike Tour: Taiwan
# --------------------------------------------------------------------------------------------

UBIKE_SIZE = 720
UBIKE_TILE = 10
# Window: north-western Taiwan, centred so the pins from Tamsui to Lukang sit with margins,
# the sea north-west is free for the north arrow and scale, the sea south-east for the inset.
UBIKE_CENTRE: LonLat = (121.10, 24.56)
UBIKE_LAT_SPAN = 1.62

# Where each pin stands, (lon, lat): the middle of the places on its four cards. Pins of one
# city closer than UBIKE_MIN_GAP are pushed apart afterwards (nudge_apart).
UBIKE_PINS: dict[int, LonLat] = {
    1: (121.535, 25.100),   # northern Taipei: Shilin, National Palace Museum, Yangmingshan
    2: (121.545, 25.038),   # central Taipei: Liberty Square, Taipei 101, Dihua Street
    3: (121.445, 25.168),   # Tamsui: Fort San Domingo, Fisherman's Wharf
    4: (121.370, 24.940),   # Sanxia and Yingge
    5: (121.250, 24.985),   # Taoyuan and Zhongli
    6: (121.290, 24.855),   # Daxi, Cihu, Shimen Reservoir
    7: (120.966, 24.805),   # Hsinchu city: City God Temple, Beimen Street, the zoo
    8: (121.125, 24.745),   # Hsinchu county: Zhudong, Beipu, Neiwan, Leofoo
    9: (121.010, 24.745),   # Hsinchu Science Park, Baoshan, Green Grass Lake
    10: (120.860, 24.625),  # northern Miaoli: Zhunan, Toufen, Nanzhuang, Tongxiao
    11: (120.775, 24.405),  # Sanyi: woodcarving street, Longteng Bridge
    12: (120.684, 24.150),  # central Taichung: Yizhong Street, Confucius Temple
    13: (120.600, 24.215),  # western Taichung: Fengjia, Gaomei, Dajia
    14: (120.545, 24.078),  # Changhua city: Baguashan
    15: (120.432, 24.055),  # Lukang: Longshan Temple, Old Street
}
UBIKE_MIN_GAP = 36.0

# The main cycling route: via points (lon, lat) between consecutive pins, along the river
# paths and valley roads a rider would take; every point is checked to be on land.
UBIKE_VIA: dict[tuple[int, int], list[LonLat]] = {
    (1, 2): [],
    (2, 3): [(121.490, 25.070), (121.465, 25.120)],   # the Tamsui River riverside path
    (3, 4): [(121.470, 25.110), (121.430, 25.035), (121.405, 24.985)],  # Xinzhuang, Shulin
    (4, 5): [(121.305, 24.965)],                      # Bade
    (5, 6): [(121.280, 24.920)],                      # Bade to Daxi
    (6, 7): [(121.190, 24.880), (121.040, 24.870)],   # Longtan, Hukou
    (7, 8): [(121.050, 24.795)],                      # Zhubei to Zhudong
    (8, 9): [],
    (9, 10): [(120.975, 24.720), (120.910, 24.680)],  # Baoshan, Toufen
    (10, 11): [(120.790, 24.500)],                    # Tongluo
    (11, 12): [(120.715, 24.300), (120.718, 24.240)], # Houli, Fengyuan
    (12, 13): [(120.640, 24.170)],                    # Fengjia
    (13, 14): [(120.570, 24.140)],                    # Dadu
    (14, 15): [(120.490, 24.070)],                    # Hemei and Xiushui
}

# What the scene is expected to draw, in map pixels: used to keep the number labels apart.
UBIKE_PIN_RADIUS = 13
UBIKE_LABEL_BOX = (20, 16)   # a one- or two-digit bold number

# Names printed on the art: (text, (lon, lat) of its centre, style, angle in degrees). Area
# names sit clear of the pins, their number labels and the route (make_ubike checks).
UBIKE_LABELS: list[tuple[str, LonLat, str, float]] = [
    ("TAIPEI", (121.700, 25.055), "area", 0),
    ("NEW TAIPEI", (121.640, 24.900), "area", 0),
    ("TAOYUAN", (121.150, 25.060), "area", 0),
    ("HSINCHU", (121.175, 24.655), "area", 0),
    ("MIAOLI", (120.960, 24.500), "area", 0),
    ("TAICHUNG", (120.820, 24.180), "area", 0),
    ("CHANGHUA", (120.520, 23.960), "area", 0),
    ("Xueshan Range", (121.420, 24.520), "relief", 38),
    ("Central Range", (121.330, 24.080), "relief", 62),
    ("Taiwan Strait", (120.520, 24.620), "sea", 0),
    ("East China Sea", (121.780, 25.310), "sea", 0),
    ("Pacific\nOcean", (121.905, 24.270), "sea", 0),
]

PAPER = hex_colour("#e9dfc7")
SEA = hex_colour("#a9c6d9")
COAST = hex_colour("#8f7d5f")
INK = hex_colour("#6e6254")
SEA_INK = hex_colour("#5f7f95")
SHALLOW = hex_colour("#ecf3f7")   # what the sea lightens towards near the coast


def coast_bands() -> list[tuple[float, Colour]]:
    """(distance from the coast in px, colour) of the shallow-water steps, outermost first."""
    def band(t: float) -> Colour:
        return mix(SEA, SHALLOW, t)

    def waterline(t: float) -> Colour:
        return mix(band(t), SEA_INK, 0.2)

    return [(18.0, band(0.14)), (15.4, waterline(0.14)), (14.6, band(0.14)),
            (11.5, band(0.28)), (9.4, waterline(0.28)), (8.6, band(0.28)),
            (6.0, band(0.42)), (3.0, band(0.56))]


def ubike_pin_areas() -> dict[int, str]:
    """Pin -> area name, from the game's own data (cards.toml), the one source of truth."""
    with open(REPO / "game" / "games" / "ubike" / "cards.toml", "rb") as handle:
        data = tomllib.load(handle)
    return {int(p["pin"]): str(p["area"]) for p in data["pins"]}


def nudge_apart(points: dict[int, Point], gap: float, rounds: int = 50) -> dict[int, Point]:
    """Push points closer than `gap` apart, each pair moved symmetrically along its line."""
    pts = dict(points)
    for _ in range(rounds):
        moved = False
        keys = sorted(pts)
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                (ax, ay), (bx, by) = pts[a], pts[b]
                d = math.dist((ax, ay), (bx, by))
                if d < gap - 1e-6:
                    push = (gap - d) / 2 + 0.01
                    ux, uy = ((bx - ax) / d, (by - ay) / d) if d else (1.0, 0.0)
                    pts[a] = (ax - ux * push, ay - uy * push)
                    pts[b] = (bx + ux * push, by + uy * push)
                    moved = True
        if not moved:
            break
    return pts


def place_number_labels(pins: dict[int, Point], routes: list[list[Point]],
                        obstacles: list[Box], size: int) -> dict[int, tuple[int, int]]:
    """Choose, for every pin, where its number label goes (an offset from the pin).

    Eight spots around each pin are tried; a spot may not leave the map, cover a pin, another
    number label or an obstacle (area names, inset, scale), and should not sit on the route.
    A greedy pass then a few passes of local improvement; ties go to the first spot listed
    (west, the sea side of most pins), so the result is deterministic.
    """
    w, h = UBIKE_LABEL_BOX
    r = UBIKE_PIN_RADIUS
    # Label boxes 3 px clear of the pin: beside, above/below, and corner-on at the diagonals.
    side, updown = r + 3 + w / 2, r + 3 + h / 2
    lean = (r + 3) / math.sqrt(2)
    dx, dy = w / 2 + lean, h / 2 + lean
    spots = [(-side, 0), (side, 0), (-dx, -dy), (dx, -dy), (-dx, dy), (dx, dy),
             (0, -updown), (0, updown)]
    spots = [(round(dx), round(dy)) for dx, dy in spots]
    samples = [p for route in routes for p in densify(route, 2.0)]

    def cost(key: int, spot: tuple[int, int], chosen: dict[int, tuple[int, int]]) -> float:
        px, py = pins[key]
        box = Box.around(px + spot[0], py + spot[1], w, h)
        if not box.inside(size, size, 4):
            return math.inf
        total = spots.index(spot) * 0.01
        for other, (ox, oy) in pins.items():
            if box.distance_to((ox, oy)) < r + 2:
                return math.inf
        for other, (dx, dy) in chosen.items():
            if other != key:
                ox, oy = pins[other]
                if box.grow(2).overlaps(Box.around(ox + dx, oy + dy, w, h)):
                    return math.inf
        for obstacle in obstacles:
            if box.grow(5).overlaps(obstacle):
                return math.inf
        total += sum(1.0 for p in samples if box.grow(1).distance_to(p) == 0)
        return total

    chosen: dict[int, tuple[int, int]] = {}
    for key in sorted(pins):
        chosen[key] = min(spots, key=lambda s: cost(key, s, chosen))
    for _ in range(6):
        changed = False
        for key in sorted(pins):
            best = min(spots, key=lambda s: cost(key, s, chosen))
            if cost(key, best, chosen) < cost(key, chosen[key], chosen):
                chosen[key] = best
                changed = True
        if not changed:
            break
    for key in sorted(pins):
        if math.isinf(cost(key, chosen[key], chosen)):
            raise SystemExit(f"make_maps: no free spot for the number label of pin {key}")
    return chosen


def densify(line: Sequence[Point], step: float) -> list[Point]:
    """Points every `step` pixels along a polyline."""
    out: list[Point] = [line[0]]
    for (x0, y0), (x1, y1) in zip(line, line[1:]):
        n = max(1, math.ceil(math.dist((x0, y0), (x1, y1)) / step))
        out.extend((x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n) for i in range(1, n + 1))
    return out


def curve(points: Sequence[Point], rounds: int = 2) -> list[Point]:
    """Round off an open polyline (Chaikin), keeping its two ends where they are."""
    pts = list(points)
    for _ in range(rounds):
        if len(pts) < 3:
            break
        out = [pts[0]]
        last = len(pts) - 2
        for i, ((x0, y0), (x1, y1)) in enumerate(zip(pts, pts[1:])):
            if i > 0:
                out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            if i < last:
                out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        out.append(pts[-1])
        pts = out
    return pts


def make_ubike(data_dir: Path, out_dir: Path) -> list[Path]:
    """maps/ubike.png and maps/ubike.tmx: north-western Taiwan, Taipei to Changhua."""
    size = UBIKE_SIZE
    proj = Projection.centred(*UBIKE_CENTRE, UBIKE_LAT_SPAN, size, size)
    bbox = proj.bbox(0.3)

    # Land: every Natural Earth land polygon that reaches the window, smoothed in pixels.
    land: list[list[Point]] = []
    for feature in read_features(data_dir, "ne_10m_land"):
        for rings in polygon_rings(feature["geometry"]):
            ring = clip_ring(rings[0], bbox) if touches(rings[0], bbox) else []
            if len(ring) >= 3:
                land.append(chaikin([proj.to_px(*p) for p in ring]))
    # Islets too small for the land layer (Guishan Island off Yilan) are label points.
    islets = [proj.to_px(*f["geometry"]["coordinates"])
              for f in read_features(data_dir, "ne_10m_minor_islands_label_points")
              if touches([tuple(f["geometry"]["coordinates"])], proj.bbox())]
    # Lakes, rivers and admin-1 borders: Natural Earth has none for Taiwan at these scales,
    # but draw whatever a newer release may add.
    lakes = [[proj.to_px(*p) for p in rings[0]]
             for f in read_features(data_dir, "ne_10m_lakes")
             for rings in polygon_rings(f["geometry"]) if touches(rings[0], proj.bbox())]
    rivers = [[proj.to_px(*p) for p in part]
              for f in read_features(data_dir, "ne_10m_rivers_lake_centerlines")
              for part in line_parts(f["geometry"]) if touches(part, proj.bbox())]
    borders = [[proj.to_px(*p) for p in rings[0]]
               for f in read_features(data_dir, "ne_50m_admin_1_states_provinces")
               if f["properties"].get("adm0_a3") == "TWN"
               for rings in polygon_rings(f["geometry"])]

    def on_land(p: Point) -> bool:
        return any(point_in_ring(p, ring) for ring in land)

    # Pins and route, in map pixels.
    areas = ubike_pin_areas()
    if sorted(areas) != sorted(UBIKE_PINS):
        raise SystemExit("make_maps: the pins of cards.toml and UBIKE_PINS differ")
    raw = {k: proj.to_px(*ll) for k, ll in UBIKE_PINS.items()}
    pins = {k: (float(round(x)), float(round(y)))
            for k, (x, y) in nudge_apart(raw, UBIKE_MIN_GAP).items()}
    routes: list[list[Point]] = []
    for a in sorted(pins)[:-1]:
        b = a + 1
        line = curve([pins[a], *(proj.to_px(*ll) for ll in UBIKE_VIA[(a, b)]), pins[b]])
        line = [(round(x, 1), round(y, 1)) for x, y in line]
        off = [p for p in densify(line, 3.0) if not on_land(p)]
        if off:
            raise SystemExit(f"make_maps: the route {a}-{b} leaves the land near {off[0]}")
        routes.append(line)
    for k, p in pins.items():
        if not on_land(p):
            raise SystemExit(f"make_maps: pin {k} is in the sea at {p}")

    # ---- shapes, supersampled ----
    canvas = Canvas(size, size, SEA)
    # A lighter band of shallow water along the coast, in soft steps, with two faint
    # waterlines: the old-map way to make a coast read at a glance. Drawn outermost first,
    # each step filled, so every inner step covers the ones before it.
    for radius, colour in coast_bands():
        for ring in land:
            canvas.buffer(ring, radius, colour)
    for x, y in islets:
        for radius, colour in coast_bands()[2:]:
            pygame.draw.circle(canvas.surface, colour, (x * SUPERSAMPLE, y * SUPERSAMPLE),
                               (radius * 0.6 + 2) * SUPERSAMPLE)
    # Land, its coast stroke, then a faint darker rim just inside the coast.
    for ring in land:
        canvas.buffer(ring, 0.7, COAST)
    for ring in land:
        canvas.polygon(ring, mix(PAPER, COAST, 0.16))
    rim = Canvas(size, size, (0, 0, 0))
    for ring in land:
        rim.polygon(ring, (255, 255, 255))
    for ring in land:
        rim.buffer(ring, 3.0, (0, 0, 0), fill=False)
    rim_mask = pygame.mask.from_threshold(rim.surface, (255, 255, 255), (1, 1, 1, 255))
    inner = rim_mask.to_surface(setcolor=(*PAPER, 255), unsetcolor=(0, 0, 0, 0))
    canvas.surface.blit(inner, (0, 0))
    for x, y in islets:
        # Only a label point is known: a small east-west oval (true of Guishan Island).
        for w, h, colour in ((10.0, 6.0, COAST), (8.6, 4.6, PAPER)):
            pygame.draw.ellipse(canvas.surface, colour, pygame.Rect(
                round((x - w / 2) * SUPERSAMPLE), round((y - h / 2) * SUPERSAMPLE),
                round(w * SUPERSAMPLE), round(h * SUPERSAMPLE)))
    for ring in lakes:
        canvas.buffer(ring, 0.5, mix(SEA, COAST, 0.3))
        canvas.polygon(ring, mix(SEA, PAPER, 0.2))
    for line in rivers:
        canvas.line(line, mix(SEA, SEA_INK, 0.35), 1.0)
    for ring in borders:
        canvas.line(ring + ring[:1], mix(PAPER, INK, 0.35), 0.6)

    # Map furniture in the free sea: north arrow and scale north-west, inset south-east.
    inset_box = draw_inset(canvas, data_dir, proj)
    arrow_tip = (34.0, 25.0)
    arrow_box = draw_north_arrow(canvas, arrow_tip)
    image = canvas.finish()

    # ---- text and furniture at the final size ----
    pygame.font.init()
    draw_north_letter(image, arrow_tip)
    scale_box = draw_scale_bar(image, proj, (22.0, 72.0), 20)
    furniture = [inset_box, arrow_box, scale_box]
    label_boxes = [blit_centred(image, render_label(text, style, angle), proj.to_px(*ll))
                   for text, ll, style, angle in UBIKE_LABELS]

    # Area names must keep clear of the pins and the route the scene draws over the art.
    for box, (text, *_) in zip(label_boxes, UBIKE_LABELS):
        if not box.inside(size, size, 3):
            raise SystemExit(f"make_maps: the label {text!r} runs off the map")
        for k, p in pins.items():
            if box.distance_to(p) < UBIKE_PIN_RADIUS + 4:
                raise SystemExit(f"make_maps: the label {text!r} covers pin {k}")
        for route in routes:
            if any(box.distance_to(p) == 0 for p in densify(route, 2.0)):
                raise SystemExit(f"make_maps: the label {text!r} sits on the route")
    offsets = place_number_labels(pins, routes, label_boxes + furniture, size)

    out_dir.mkdir(parents=True, exist_ok=True)
    png = out_dir / "ubike.png"
    pygame.image.save(image, str(png))

    pin_objects = [{
        "name": str(k), "type": "pin", "x": pins[k][0], "y": pins[k][1], "point": True,
        "properties": [("pin", "int", k), ("area", "string", areas[k]),
                       ("label_dx", "int", offsets[k][0]), ("label_dy", "int", offsets[k][1])],
    } for k in sorted(pins)]
    route_objects = [{
        "name": f"{k}-{k + 1}", "type": "cycleway", "x": line[0][0], "y": line[0][1],
        "polyline": line,
        "properties": [("from", "string", str(k)), ("to", "string", str(k + 1))],
    } for k, line in zip(sorted(pins), routes)]
    tmx = out_dir / "ubike.tmx"
    write_tmx(tmx, width_px=size, height_px=size, tile=UBIKE_TILE, properties=[
        ("title", "string", "UBike Tour: Taiwan"),
        ("projection", "string", "equirectangular, longitude scaled by cos(lat centre)"),
        ("lon_min", "float", proj.lon_min), ("lon_max", "float", proj.lon_max),
        ("lat_min", "float", proj.lat_min), ("lat_max", "float", proj.lat_max),
        ("pin_radius_px", "int", UBIKE_PIN_RADIUS),
        ("label_box_w_px", "int", UBIKE_LABEL_BOX[0]),
        ("label_box_h_px", "int", UBIKE_LABEL_BOX[1]),
        ("credit", "string", "Natural Earth 1:10m land (public domain)"),
    ], image_layers=[("land", png.name)],
        object_layers=[("route", route_objects), ("pins", pin_objects)])
    return [png, tmx]


def render_label(text: str, style: str, angle: float = 0.0) -> pygame.Surface:
    """One map name in its style, lines centred, with a halo of the ground it sits on.

    area: bold capitals in ink on paper; relief: light italic for mountains; sea: italic blue.
    """
    if style == "area":
        font, colour, spacing, halo = (pygame.font.Font(str(font_path(bold=True)), 11),
                                       INK, 2.2, PAPER)
    elif style == "relief":
        font, colour, spacing, halo = (pygame.font.Font(str(font_path(italic=True)), 12),
                                       mix(INK, PAPER, 0.35), 3.0, PAPER)
    else:
        font, colour, spacing, halo = (pygame.font.Font(str(font_path(italic=True)), 12),
                                       SEA_INK, 1.2, mix(SEA, SHALLOW, 0.3))
    lines = [render_spaced(font, line, colour, spacing) for line in text.split("\n")]
    step = font.get_linesize() - 3
    block = pygame.Surface((max(l.get_width() for l in lines), step * (len(lines) - 1)
                            + lines[-1].get_height()), pygame.SRCALPHA)
    for i, line in enumerate(lines):
        block.blit(line, ((block.get_width() - line.get_width()) // 2, i * step))
    if angle:
        # rotozoom filters the turned glyphs; plain rotate would leave them jagged.
        block = pygame.transform.rotozoom(block, angle, 1.0)
    return with_halo(block, halo)


def blit_centred(target: pygame.Surface, surf: pygame.Surface, centre: Point) -> Box:
    """Draw `surf` centred on `centre`; return the box of its ink."""
    target.blit(surf, (round(centre[0] - surf.get_width() / 2),
                       round(centre[1] - surf.get_height() / 2)))
    return ink_box(surf, centre)


def draw_inset(canvas: Canvas, data_dir: Path, main: Projection) -> Box:
    """The whole island, small, in the south-east corner, with the main map's extent."""
    w, h = 78, 132
    proj = Projection.centred(120.98, 23.62, 3.62, w, h)
    left, top = canvas.width - w - 14, canvas.height - h - 14
    frame = Box(left - 5, top - 5, left + w + 5, top + h + 5)
    s = canvas.scale
    pygame.draw.rect(canvas.surface, mix(SEA, COAST, 0.35),
                     pygame.Rect(round(frame.left * s) - s, round(frame.top * s) - s,
                                 round((frame.right - frame.left) * s) + 2 * s,
                                 round((frame.bottom - frame.top) * s) + 2 * s),
                     border_radius=4 * s)
    pygame.draw.rect(canvas.surface, mix(SEA, SHALLOW, 0.35),
                     pygame.Rect(round(frame.left * s), round(frame.top * s),
                                 round((frame.right - frame.left) * s),
                                 round((frame.bottom - frame.top) * s)),
                     border_radius=3 * s)
    for feature in read_features(data_dir, "ne_10m_land"):
        for rings in polygon_rings(feature["geometry"]):
            ring = clip_ring(rings[0], proj.bbox()) if touches(rings[0], proj.bbox()) else []
            if len(ring) >= 3:
                ring = [(left + x, top + y) for x, y in (proj.to_px(*p) for p in ring)]
                canvas.buffer(ring, 0.5, COAST)
                canvas.polygon(ring, PAPER)
    (x0, y0), (x1, y1) = (proj.to_px(main.lon_min, main.lat_max),
                          proj.to_px(main.lon_max, main.lat_min))
    extent = [(left + x0, top + y0), (left + x1, top + y0), (left + x1, top + y1),
              (left + x0, top + y1)]
    canvas.line(extent + extent[:1], hex_colour("#b5473a"), 1.1)
    return frame


def draw_north_arrow(canvas: Canvas, tip: Point) -> Box:
    """A small half-filled north arrow whose point is at `tip`; returns its box."""
    cx, cy = tip
    ink = mix(INK, SEA_INK, 0.4)
    left = [(cx, cy), (cx - 6, cy + 24), (cx, cy + 19)]
    right = [(cx, cy), (cx + 6, cy + 24), (cx, cy + 19)]
    canvas.polygon(left, ink)
    canvas.line(right + right[:1], ink, 1.0)
    canvas.polygon(right, mix(SEA, SHALLOW, 0.6))
    return Box(cx - 10, cy - 20, cx + 10, cy + 27)   # with the "N" above it


def draw_north_letter(image: pygame.Surface, tip: Point) -> None:
    """The "N" above the arrow (text goes on after the smoothing, to stay crisp)."""
    bold = pygame.font.Font(str(font_path(bold=True)), 11)
    n = with_halo(bold.render("N", True, mix(INK, SEA_INK, 0.4)), mix(SEA, SHALLOW, 0.6))
    image.blit(n, (round(tip[0] - n.get_width() / 2), round(tip[1] - 3 - n.get_height())))


def draw_scale_bar(image: pygame.Surface, proj: Projection, at: Point, km: int) -> Box:
    """A '0 10 20 km' bar with its left end at `at`; returns its box."""
    font = pygame.font.Font(str(font_path()), 10)
    ink = mix(INK, SEA_INK, 0.4)
    light = mix(SEA, SHALLOW, 0.6)
    x0, y0 = round(at[0]), round(at[1])
    full = round(km * proj.px_per_km())
    half = round(km / 2 * proj.px_per_km())
    # Pixel-exact rectangles at the final size read sharper than smoothed ones.
    pygame.draw.rect(image, ink, (x0, y0, full + 1, 5))
    pygame.draw.rect(image, light, (x0 + 1, y0 + 1, half - 1, 3))
    for value, x in ((0, x0), (km // 2, x0 + half), (km, x0 + full)):
        text = str(value) if value != km else f"{km} km"
        label = with_halo(font.render(text, True, ink), light)
        # Numbers centred under their ticks; the last one starts at its tick ("20 km").
        lx = x - (label.get_width() // 2 if value != km else 5)
        image.blit(label, (lx, y0 + 6))
    return Box(x0 - 6, y0 - 2, x0 + full + 30, y0 + 22)


# --------------------------------------------------------------------------------------------

MAPS: dict[str, Callable[[Path, Path], list[Path]]] = {
    "ubike": make_ubike,
}


def main(argv: list[str] | None = None) -> int:
    """Build the maps named on the command line (all of them by default)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", nargs="*", metavar="MAP",
                        help=f"which maps to build (default all: {', '.join(MAPS)})")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA,
                        help="the Natural Earth folder (default %(default)s)")
    parser.add_argument("--out", type=Path, default=REPO / "maps",
                        help="where to write the maps (default %(default)s)")
    args = parser.parse_args(argv)
    for name in args.maps or list(MAPS):
        if name not in MAPS:
            parser.error(f"unknown map {name!r} (choose from {', '.join(MAPS)})")
        for path in MAPS[name](args.data, args.out):
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
