"""Build the board maps of Journeys, from Natural Earth data or painted from our own data.

    python build_scripts/make_maps.py [ubike] [staedtetour] [tokaido] [--data DIR] [--out DIR]

Each board is a function in MAPS (game id -> function) that reads the gzipped GeoJSON files of
Natural Earth (public domain; default folder `../shared/data/naturalearth` beside the
repository) and writes `maps/<id>.png` (the art) and `maps/<id>.tmx` (a Tiled map with the art
as an image layer and the topology as object layers, see game/core/board.py). The Tokaido board
needs no Natural Earth: it is a painted scroll laid out from build_scripts/tokaido_board.toml.

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

# Every smoothscale uses the generic filter, the same on every CPU, whichever maps are built
# in one run and in which order: the outputs stay byte-identical.
pygame.transform.set_smoothscale_backend("GENERIC")

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
# Städtetour
# --------------------------------------------------------------------------------------------

STAEDTETOUR_NETWORK = Path(__file__).resolve().parent / "staedtetour_network.toml"
EARTH_RADIUS_KM = 6371.0
STAEDTETOUR_STOPS = 48
STAEDTETOUR_DESTINATIONS = 28
ROAD_MAX_WATER_PX = 14                  # a road's straits and bridges, in all
NAME_INK = mix(INK, PAPER, 0.22)        # country names: muted, under the game's own labels
SEA_NAME_INK = mix(SEA_INK, SEA, 0.15)


class ConicProjection:
    """Lambert conformal conic on a sphere: lon/lat -> map pixels.

    Meridians are straight lines that meet north of the map and parallels are arcs round that
    point, so shapes stay true from Morocco to Finland (an equirectangular map scaled at 50°N
    would widen Finland by a third and narrow Egypt by a quarter). With
    n = ln(cos φ1 / cos φ2) / ln(tan(π/4 + φ2/2) / tan(π/4 + φ1/2)),
    F = cos φ1 · tan^n(π/4 + φ1/2) / n and ρ(φ) = R F / tan^n(π/4 + φ/2):

        x = origin_x + px_per_km · ρ(φ) · sin(n (λ - λ0))
        y = origin_y - px_per_km · (ρ(φ0) - ρ(φ) · cos(n (λ - λ0)))

    px_per_km is exact on the standard parallels φ1 and φ2 (a little less between them).
    """

    def __init__(self, *, lon_0: float, lat_0: float, lat_1: float, lat_2: float,
                 px_per_km: float, origin_x: float, origin_y: float, width: int, height: int):
        self.lon_0, self.lat_0, self.lat_1, self.lat_2 = lon_0, lat_0, lat_1, lat_2
        self.scale, self.origin_x, self.origin_y = px_per_km, origin_x, origin_y
        self.width, self.height = width, height
        p1, p2 = math.radians(lat_1), math.radians(lat_2)
        if abs(p1 - p2) < 1e-12:
            self.n = math.sin(p1)
        else:
            self.n = (math.log(math.cos(p1) / math.cos(p2))
                      / math.log(math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)))
        self.big_f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** self.n / self.n
        self.rho_0 = self._rho(lat_0)

    def _rho(self, lat: float) -> float:
        half_colat = math.pi / 4 + math.radians(lat) / 2
        return EARTH_RADIUS_KM * self.big_f / math.tan(half_colat) ** self.n

    def to_px(self, lon: float, lat: float) -> Point:
        rho = self._rho(lat)
        theta = self.n * math.radians(lon - self.lon_0)
        return (self.origin_x + self.scale * rho * math.sin(theta),
                self.origin_y - self.scale * (self.rho_0 - rho * math.cos(theta)))

    def to_lonlat(self, x: float, y: float) -> LonLat:
        """The inverse of to_px."""
        east = (x - self.origin_x) / self.scale
        north = self.rho_0 - (self.origin_y - y) / self.scale
        rho = math.copysign(math.hypot(east, north), self.n)
        theta = math.atan2(east, north)
        lat = 2 * math.atan((EARTH_RADIUS_KM * self.big_f / rho) ** (1 / self.n)) - math.pi / 2
        return self.lon_0 + math.degrees(theta / self.n), math.degrees(lat)

    def px_per_km(self, lat: float = 50.0) -> float:
        """Pixels per kilometre on the ground at `lat` (the same in every direction)."""
        k = self.n * self._rho(lat) / (EARTH_RADIUS_KM * math.cos(math.radians(lat)))
        return self.scale * k

    def north_angle(self, lon: float) -> float:
        """How far true north at `lon` is turned clockwise from straight up, in degrees."""
        return -self.n * (lon - self.lon_0)

    def bounds(self) -> tuple[float, float, float, float]:
        """lon_min, lat_min, lon_max, lat_max of the map window (its edges sampled)."""
        pts = [self.to_lonlat(x, y)
               for t in range(101)
               for x, y in ((self.width * t / 100, 0), (self.width * t / 100, self.height),
                            (0, self.height * t / 100), (self.width, self.height * t / 100))]
        return (min(p[0] for p in pts), min(p[1] for p in pts),
                max(p[0] for p in pts), max(p[1] for p in pts))

    def bbox(self, margin_deg: float = 0.0) -> tuple[float, float, float, float]:
        lon_min, lat_min, lon_max, lat_max = self.bounds()
        return (lon_min - margin_deg, lat_min - margin_deg,
                lon_max + margin_deg, lat_max + margin_deg)


class Layer(Canvas):
    """A transparent supersampled layer, to be laid on a Canvas."""

    def __init__(self, width: int, height: int, scale: int = SUPERSAMPLE):
        self.width, self.height, self.scale = width, height, scale
        self.surface = pygame.Surface((width * scale, height * scale), pygame.SRCALPHA)
        self.surface.fill((0, 0, 0, 0))


@dataclasses.dataclass
class TourStop:
    """A stop of the Städtetour network as the designer wrote it."""

    key: str
    label: str
    kind: str                 # "destination" or "stop"
    lon: float
    lat: float
    country: str = ""
    capital: str = ""
    region: str = ""
    label_offset: tuple[int, int] | None = None


@dataclasses.dataclass
class TourRoad:
    """A road (or ferry) between two stops, bent through up to three via points."""

    a: str
    b: str
    ferry: bool
    via: list[LonLat]


def load_tour_network(path: Path) -> tuple[dict[str, Any], dict[str, TourStop], list[TourRoad]]:
    """The network file, checked for everything that does not need the map."""
    with open(path, "rb") as handle:
        data = tomllib.load(handle)

    def fail(message: str) -> SystemExit:
        return SystemExit(f"make_maps: {path.name}: {message}")

    regions = data["regions"]
    stops: dict[str, TourStop] = {}
    for key, spec in data["stops"].items():
        if not key.isascii() or not key.replace("_", "").isalpha() or key != key.lower():
            raise fail(f"stop key {key!r} must be lowercase ascii letters and _")
        kind = spec.get("kind")
        if kind not in ("destination", "stop"):
            raise fail(f"stop {key!r} has kind {kind!r} (destination or stop)")
        offset = None
        if "label_dx" in spec or "label_dy" in spec:
            offset = (int(spec["label_dx"]), int(spec["label_dy"]))
        stop = TourStop(key, str(spec["label"]), kind, float(spec["lon"]), float(spec["lat"]),
                        str(spec.get("country", "")), str(spec.get("capital", "")),
                        str(spec.get("region", "")), offset)
        if kind == "destination" and not (stop.country and stop.capital
                                          and stop.region in regions):
            raise fail(f"destination {key!r} needs a country, a capital and a known region")
        stops[key] = stop
    roads: list[TourRoad] = []
    seen: set[frozenset[str]] = set()
    for spec in (road for group in data["roads"].values() for road in group):
        a, b = spec["from"], spec["to"]
        if a not in stops or b not in stops or a == b:
            raise fail(f"road {a}-{b} must join two different stops of the list")
        if frozenset((a, b)) in seen:
            raise fail(f"road {a}-{b} is listed twice")
        seen.add(frozenset((a, b)))
        via = [(float(p[0]), float(p[1])) for p in spec.get("via", [])]
        if len(via) > 3:
            raise fail(f"road {a}-{b} has more than three via points")
        roads.append(TourRoad(a, b, bool(spec.get("ferry", False)), via))
    check_tour_graph(stops, roads, fail)
    return data, stops, roads


def check_tour_graph(stops: dict[str, TourStop], roads: list[TourRoad],
                     fail: Callable[[str], SystemExit]) -> None:
    """The rulebook's board: 48 stops (28 destinations), two or three ways out of every stop,
    a few forks, one connected network with several loops."""
    kinds = [s.kind for s in stops.values()]
    if len(stops) != STAEDTETOUR_STOPS or kinds.count("destination") != STAEDTETOUR_DESTINATIONS:
        raise fail(f"{len(stops)} stops with {kinds.count('destination')} destinations "
                   f"(the board has {STAEDTETOUR_STOPS} with {STAEDTETOUR_DESTINATIONS})")
    degree = {key: 0 for key in stops}
    for road in roads:
        degree[road.a] += 1
        degree[road.b] += 1
    odd = sorted(k for k, d in degree.items() if d not in (2, 3))
    if odd:
        raise fail("every stop needs two or three roads: " + ", ".join(
            f"{k} has {degree[k]}" for k in odd))
    forks = sum(1 for d in degree.values() if d == 3)
    if not 6 <= forks <= 10:
        raise fail(f"{forks} forks (stops with three roads); the board wants 6 to 10")
    reached, todo = {next(iter(stops))}, [next(iter(stops))]
    while todo:
        here = todo.pop()
        for road in roads:
            if here in (road.a, road.b):
                there = road.b if here == road.a else road.a
                if there not in reached:
                    reached.add(there)
                    todo.append(there)
    if len(reached) != len(stops):
        raise fail("the network falls apart: " + ", ".join(sorted(set(stops) - reached))
                   + " cannot be reached")
    if len(roads) - len(stops) + 1 < 5:
        raise fail("the network needs at least five independent loops")


def thin(ring: Sequence[Point], step: float) -> list[Point]:
    """Drop the points closer than `step` to the last one kept (keeps the shape, sheds detail
    far below a pixel)."""
    out = [ring[0]]
    for p in ring[1:]:
        if math.dist(p, out[-1]) >= step:
            out.append(p)
    return out


def densify_lonlat(ring: Sequence[LonLat], step_deg: float) -> list[LonLat]:
    """Extra points on long edges (the cut along the clipping box), so that they follow the
    parallels' arcs once projected instead of cutting across the map as chords."""
    out: list[LonLat] = []
    for a, b in zip(ring, list(ring[1:]) + list(ring[:1])):
        out.append(a)
        n = math.ceil(max(abs(b[0] - a[0]), abs(b[1] - a[1])) / step_deg)
        out.extend((a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n)
                   for i in range(1, n))
    return out


def segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> Point | None:
    """Where the segments p1p2 and q1q2 meet (touching or overlapping counts), else None."""
    d1x, d1y = p2[0] - p1[0], p2[1] - p1[1]
    d2x, d2y = q2[0] - q1[0], q2[1] - q1[1]
    denom = d1x * d2y - d1y * d2x
    ex, ey = q1[0] - p1[0], q1[1] - p1[1]
    if abs(denom) < 1e-12:
        if abs(ex * d1y - ey * d1x) > 1e-9:
            return None                          # parallel, apart
        length2 = d1x * d1x + d1y * d1y or 1e-12
        t0 = (ex * d1x + ey * d1y) / length2
        t1 = ((q2[0] - p1[0]) * d1x + (q2[1] - p1[1]) * d1y) / length2
        lo, hi = max(0.0, min(t0, t1)), min(1.0, max(t0, t1))
        return (p1[0] + lo * d1x, p1[1] + lo * d1y) if lo <= hi else None
    t = (ex * d2y - ey * d2x) / denom
    u = (ex * d1y - ey * d1x) / denom
    if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9:
        return p1[0] + t * d1x, p1[1] + t * d1y
    return None


class LandMask:
    """Land and sea at the final map size, for checks (roads on land, names on land)."""

    def __init__(self, width: int, height: int, land: list[list[Point]],
                 holes: list[list[Point]]):
        surf = pygame.Surface((width, height))
        surf.fill((0, 0, 0))
        for ring in land:
            pygame.draw.polygon(surf, (255, 255, 255), ring)
        for ring in holes:
            pygame.draw.polygon(surf, (0, 0, 0), ring)
        self.mask = pygame.mask.from_threshold(surf, (255, 255, 255), (1, 1, 1, 255))
        self.width, self.height = width, height

    def at(self, p: Point) -> bool:
        x, y = int(p[0]), int(p[1])
        return 0 <= x < self.width and 0 <= y < self.height and bool(self.mask.get_at((x, y)))

    def share(self, points: Sequence[Point]) -> float:
        return sum(1 for p in points if self.at(p)) / max(1, len(points))


def tour_geometry(stops: dict[str, TourStop], roads: list[TourRoad], proj: ConicProjection,
                  style: dict[str, Any]) -> tuple[dict[str, Point], list[list[Point]]]:
    """Stop pixels (whole pixels, pushed apart where closer than the style's gap) and the road
    polylines (stop, via points, stop)."""
    raw = {k: proj.to_px(s.lon, s.lat) for k, s in stops.items()}
    gap = float(style["min_gap_px"])
    pts = {k: (float(round(x)), float(round(y))) for k, (x, y) in nudge_apart(raw, gap).items()}
    lines = []
    for road in roads:
        mid = [proj.to_px(*ll) for ll in road.via]
        lines.append([pts[road.a], *((round(x, 1), round(y, 1)) for x, y in mid), pts[road.b]])
    return pts, lines


def check_tour_roads(stops: dict[str, TourStop], roads: list[TourRoad], pts: dict[str, Point],
                     lines: list[list[Point]], land: LandMask, style: dict[str, Any]) -> list[str]:
    """What keeps the roads from being easy to follow, one line each (empty when all is well):
    no road crosses or touches another, none runs through a stop that is not its own, roads keep
    to the land and ferries cross the sea."""
    problems: list[str] = []
    radius = {k: float(style["destination_radius_px"] if s.kind == "destination"
                       else style["stop_radius_px"]) for k, s in stops.items()}
    half = float(style["road_width_px"]) / 2
    names = [f"{r.a}-{r.b}" for r in roads]
    near = max(radius.values()) + 10
    for i, (ri, li) in enumerate(zip(roads, lines)):
        for j in range(i + 1, len(roads)):
            rj, lj = roads[j], lines[j]
            shared = [pts[k] for k in {ri.a, ri.b} & {rj.a, rj.b}]
            crossing = None
            for p1, p2 in zip(li, li[1:]):
                for q1, q2 in zip(lj, lj[1:]):
                    hit = segments_cross(p1, p2, q1, q2)
                    if hit and not any(math.dist(hit, s) < 0.5 for s in shared):
                        crossing = hit
            if crossing:
                problems.append(f"the roads {names[i]} and {names[j]} cross near "
                                f"({crossing[0]:.0f}, {crossing[1]:.0f})")
                continue
            # Apart from where they meet at a stop, two roads keep a clear gap.
            for p in densify(li, 2.0):
                if any(math.dist(p, s) < near for s in shared):
                    continue
                d = min(segment_distance(p, q1, q2) for q1, q2 in zip(lj, lj[1:]))
                if d < 2 * half + 4:
                    problems.append(f"the roads {names[i]} and {names[j]} run too close near "
                                    f"({p[0]:.0f}, {p[1]:.0f})")
                    break
    for road, line, name in zip(roads, lines, names):
        for key, p in pts.items():
            if key in (road.a, road.b):
                continue
            d = min(segment_distance(p, q1, q2) for q1, q2 in zip(line, line[1:]))
            if d < radius[key] + half + 6:
                problems.append(f"the road {name} runs through the stop {key}")
        # Coastal cities stand at the water's edge: judge a road away from its two ends.
        samples = [q for q in densify(line, 2.0)
                   if min(math.dist(q, pts[road.a]), math.dist(q, pts[road.b])) > 10]
        wet = [q for q in samples if not land.at(q)]
        # A road may cross a strait or a bridge (the Bosphorus, the Great Belt), no more.
        if not road.ferry and 2.0 * len(wet) > ROAD_MAX_WATER_PX:
            problems.append(f"the road {name} runs {2 * len(wet)} px over water (first near "
                            f"({wet[0][0]:.0f}, {wet[0][1]:.0f})): make it a ferry or bend it")
        if road.ferry and sum(1 for q in densify(line, 2.0) if not land.at(q)) < 4:
            problems.append(f"the ferry {name} does not cross the sea")
    for key, p in pts.items():
        if not any(land.at((p[0] + dx, p[1] + dy)) for dx in (-2, 0, 2) for dy in (-2, 0, 2)):
            problems.append(f"the stop {key} is in the sea at {p}")
    return problems


def label_font(kind: str, size: int) -> pygame.font.Font:
    """The scene's label font: Noto Sans, destinations bold."""
    return pygame.font.Font(str(font_path(bold=kind == "destination")), size)


def place_tour_labels(stops: dict[str, TourStop], pts: dict[str, Point],
                      lines: list[list[Point]], sizes: dict[str, tuple[int, int]],
                      obstacles: list[Box], style: dict[str, Any], width: int,
                      height: int) -> dict[str, tuple[int, int]]:
    """Where each stop's name goes: the designer's offset if the network file gives one, else
    the best of a ring of spots round the stop (clear of the map's edge, every stop, every other
    name and the furniture; off the roads if at all possible; east, then west, preferred).
    Deterministic: fixed orders and first-listed wins ties."""
    radius = {k: float(style["destination_radius_px"] if s.kind == "destination"
                       else style["stop_radius_px"]) for k, s in stops.items()}
    half = float(style["road_width_px"]) / 2
    samples = [p for line in lines for p in densify(line, 2.0)]

    def spots(key: str) -> list[tuple[int, int]]:
        w, h = sizes[key]
        r = radius[key]
        out: list[tuple[int, int]] = []
        for gap in (3, 8, 14):
            side, updown = r + gap + w / 2, r + gap + h / 2
            lean = (r + gap) * 0.75
            out += [(side, 0), (-side, 0), (w / 2 + lean, -(h / 2 + lean)),
                    (-(w / 2 + lean), -(h / 2 + lean)), (w / 2 + lean, h / 2 + lean),
                    (-(w / 2 + lean), h / 2 + lean), (0, -updown), (0, updown),
                    (w / 3, -updown), (-w / 3, -updown), (w / 3, updown), (-w / 3, updown),
                    (side, -h / 3), (side, h / 3), (-side, -h / 3), (-side, h / 3)]
        return [(round(dx), round(dy)) for dx, dy in out]

    # Road points near each stop (what its label could cover), for speed.
    near = {k: [q for q in samples
                if abs(q[0] - pts[k][0]) < sizes[k][0] + 40 and abs(q[1] - pts[k][1]) < 70]
            for k in stops}

    def box_of(key: str, off: tuple[int, int]) -> Box:
        w, h = sizes[key]
        return Box.around(pts[key][0] + off[0], pts[key][1] + off[1], w, h)

    def cost(key: str, off: tuple[int, int], chosen: dict[str, tuple[int, int]],
             order: list[tuple[int, int]]) -> float:
        box = box_of(key, off)
        if not box.inside(width, height, 4):
            return math.inf
        for other, p in pts.items():
            if box.distance_to(p) < radius[other] + 2:
                return math.inf
        for other, other_off in chosen.items():
            if other != key and box.grow(2).overlaps(box_of(other, other_off)):
                return math.inf
        if any(box.grow(4).overlaps(ob) for ob in obstacles):
            return math.inf
        wide = box.grow(half + 1)
        on_road = sum(1 for x, y in near[key]
                      if wide.left <= x <= wide.right and wide.top <= y <= wide.bottom)
        return on_road * 50.0 + (order.index(off) * 0.05 if off in order else 0.0)

    fixed = {k: s.label_offset for k, s in stops.items() if s.label_offset is not None}
    chosen: dict[str, tuple[int, int]] = dict(fixed)  # type: ignore[arg-type]
    free = sorted((k for k in stops if k not in fixed),
                  key=lambda k: (-sum(1 for p in pts.values() if math.dist(p, pts[k]) < 150), k))
    options = {k: spots(k) for k in free}
    for key in free:
        chosen[key] = min(options[key], key=lambda s: cost(key, s, chosen, options[key]))
    for _ in range(8):
        changed = False
        for key in free:
            best = min(options[key], key=lambda s: cost(key, s, chosen, options[key]))
            if cost(key, best, chosen, options[key]) < cost(key, chosen[key], chosen, options[key]):
                chosen[key] = best
                changed = True
        if not changed:
            break
    for key in stops:
        c = cost(key, chosen[key], chosen, [])
        if math.isinf(c):
            raise SystemExit(f"make_maps: staedtetour: no room for the label of {key} "
                             f"at {chosen[key]}")
        if c >= 50:
            raise SystemExit(f"make_maps: staedtetour: the label of {key} sits on a road "
                             f"at {chosen[key]} (move it in the network file)")
    if free:
        print("make_maps: staedtetour: labels placed by the script (label_dx, label_dy): "
              + ", ".join(f"{k}=({chosen[k][0]}, {chosen[k][1]})" for k in free))
    return chosen


def place_names(image: pygame.Surface, names: list[dict[str, Any]], style_name: str,
                proj: ConicProjection, land: LandMask, keep_clear: list[Box],
                stop_discs: list[tuple[Point, float]], road_samples: list[Point],
                road_half: float) -> list[str]:
    """Write country or sea names where they fit: at their anchor or a little beside it, on
    their own ground (land or sea), clear of the stops, roads, stop labels, furniture and each
    other. Names that do not fit are left out; their texts are returned."""
    if style_name == "country":
        font = pygame.font.Font(str(font_path(italic=True)), 13)
        colour, spacing, halo = NAME_INK, 0.6, PAPER
    else:
        font = pygame.font.Font(str(font_path(italic=True)), 14)
        colour, spacing, halo = SEA_NAME_INK, 1.6, mix(SEA, SHALLOW, 0.25)
    nudges = [(0, 0)] + [(dx * s, dy * s) for s in (6, 12, 20, 30)
                         for dx, dy in ((1, 0), (-1, 0), (0, -1), (0, 1), (1, -1), (-1, -1),
                                        (1, 1), (-1, 1))]
    skipped = []
    for name in names:
        rows = [render_spaced(font, row, colour, spacing) for row in name["text"].split("\n")]
        step = font.get_linesize() - 4
        block = pygame.Surface((max(r.get_width() for r in rows),
                                step * (len(rows) - 1) + rows[-1].get_height()), pygame.SRCALPHA)
        for i, row in enumerate(rows):
            block.blit(row, ((block.get_width() - row.get_width()) // 2, i * step))
        surf = with_halo(block, halo)
        anchor = proj.to_px(name["lon"], name["lat"])
        for dx, dy in nudges:
            centre = (anchor[0] + dx, anchor[1] + dy)
            box = ink_box(surf, centre)
            if not box.inside(proj.width, proj.height, 6):
                continue
            if any(box.grow(5).overlaps(other) for other in keep_clear):
                continue
            if any(box.distance_to(p) < r + 5 for p, r in stop_discs):
                continue
            if any(box.grow(road_half + 3).distance_to(p) == 0 for p in road_samples):
                continue
            grid = [(box.left + (box.right - box.left) * i / 6,
                     box.top + (box.bottom - box.top) * j / 2)
                    for i in range(7) for j in range(3)]
            ground = land.share(grid)
            if (style_name == "country" and ground < 0.9) or (style_name == "sea"
                                                                and ground > 0.1):
                continue
            keep_clear.append(blit_centred(image, surf, centre))
            break
        else:
            skipped.append(name["text"].replace("\n", " "))
    return skipped


def compass_box(centre: Point, size: float) -> Box:
    """What the compass rose and its "N" cover, whichever way they are turned."""
    reach = size + 16
    return Box(centre[0] - reach, centre[1] - reach, centre[0] + reach, centre[1] + reach)


def draw_compass(canvas: Canvas, centre: Point, angle: float, size: float) -> None:
    """A compass rose turned `angle` degrees clockwise, so that it points to true north where
    it stands (on a conic map north leans with the longitude)."""
    ink = mix(INK, SEA_INK, 0.4)
    light = mix(SEA, SHALLOW, 0.7)
    a = math.radians(angle)

    def at(r: float, bearing: float) -> Point:
        b = a + math.radians(bearing)
        return centre[0] + r * math.sin(b), centre[1] - r * math.cos(b)

    ring = [at(size * 0.58, t * 3) for t in range(121)]
    canvas.polygon(ring, mix(SEA, SHALLOW, 0.35))
    canvas.line(ring, mix(ink, light, 0.35), 0.8)
    canvas.line([at(size * 0.50, t * 3) for t in range(121)], mix(ink, light, 0.55), 0.5)
    for bearing in (45, 135, 225, 315):      # the small points between the four winds
        tip, left, right = (at(size * 0.46, bearing), at(size * 0.11, bearing - 45),
                            at(size * 0.11, bearing + 45))
        canvas.polygon([tip, left, centre], mix(ink, light, 0.35))
        canvas.polygon([tip, right, centre], mix(ink, light, 0.7))
    for bearing in (0, 90, 180, 270):        # the four winds, north the longest
        length = size if bearing == 0 else size * 0.72
        tip, left, right = (at(length, bearing), at(size * 0.17, bearing - 45),
                            at(size * 0.17, bearing + 45))
        canvas.polygon([tip, left, centre], ink)
        canvas.polygon([tip, right, centre], light)
        canvas.line([tip, right, centre, tip], ink, 0.7)
    pygame.draw.circle(canvas.surface, ink, (centre[0] * canvas.scale, centre[1] * canvas.scale),
                       1.6 * canvas.scale)


def draw_compass_letter(image: pygame.Surface, centre: Point, angle: float,
                        size: float) -> None:
    """The "N" beyond the rose's north point."""
    bold = pygame.font.Font(str(font_path(bold=True)), 13)
    n = with_halo(bold.render("N", True, mix(INK, SEA_INK, 0.4)), mix(SEA, SHALLOW, 0.6))
    a = math.radians(angle)
    x, y = centre[0] + (size + 9) * math.sin(a), centre[1] - (size + 9) * math.cos(a)
    image.blit(n, (round(x - n.get_width() / 2), round(y - n.get_height() / 2)))


def scale_bar_box(proj: ConicProjection, at: Point, km: int) -> Box:
    """What draw_scale_bar covers (its numbers under the bar included)."""
    return Box(at[0] - 6, at[1] - 2, at[0] + round(km * proj.px_per_km()) + 30, at[1] + 22)


def shore_bands(canvas: Canvas, land: list[list[Point]], holes: list[list[Point]]) -> None:
    """The lighter band of shallow water along every coast, in soft steps with two faint
    waterlines (the look of the UBike board).

    A Minkowski buffer of every coast vertex (what the UBike board does) would take minutes
    for Europe's coasts; a blurred land mask thresholded at the levels a straight coast has at
    each distance gives the same bands, rounder round small islands, in a second.
    """
    width, height = canvas.width, canvas.height
    blur = 12
    field = pygame.Surface((width, height))
    field.fill((0, 0, 0))
    for ring in land:
        pygame.draw.polygon(field, (255, 255, 255), ring)
    for ring in holes:
        pygame.draw.polygon(field, (0, 0, 0), ring)
    field = pygame.transform.gaussian_blur(field, blur)
    field = pygame.transform.smoothscale(field, (width * canvas.scale, height * canvas.scale))
    # The blurred level of a straight coast, by distance from it.
    edge = pygame.Surface((4 * blur + 40, 3))
    edge.fill((0, 0, 0))
    edge.fill((255, 255, 255), (0, 0, 2 * blur + 20, 3))
    profile = pygame.transform.gaussian_blur(edge, blur)
    level = [profile.get_at((2 * blur + 20 + d, 1))[0] for d in range(2 * blur + 20)]
    for radius, colour in coast_bands():
        d = radius * 0.5
        lo, t = int(d), d - int(d)
        value = level[lo] * (1 - t) + level[min(lo + 1, len(level) - 1)] * t
        threshold = max(1, round(value))
        mask = pygame.mask.from_threshold(field, (255, 255, 255), (256 - threshold,) * 3 + (255,))
        canvas.surface.blit(mask.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0)),
                            (0, 0))


def make_staedtetour(data_dir: Path, out_dir: Path) -> list[Path]:
    """maps/staedtetour.png and maps/staedtetour.tmx: Europe and North Africa, Dublin to
    Moscow and Rabat to Cairo, with the bus network of build_scripts/staedtetour_network.toml."""
    config, stops, roads = load_tour_network(STAEDTETOUR_NETWORK)
    board, style, art = config["board"], config["style"], config["art"]
    width, height, tile = int(board["width_px"]), int(board["height_px"]), int(board["tile_px"])
    p = config["projection"]
    proj = ConicProjection(lon_0=p["lon_0"], lat_0=p["lat_0"], lat_1=p["lat_1"],
                           lat_2=p["lat_2"], px_per_km=p["px_per_km"], origin_x=p["origin_x"],
                           origin_y=p["origin_y"], width=width, height=height)
    bbox = proj.bbox(1.0)
    pygame.font.init()

    # Land (smoothed in pixels, coast detail below a pixel shed), the lakes in it, the seas
    # inside it (the Caspian, if the window reaches it).
    land: list[list[Point]] = []
    holes: list[list[Point]] = []
    for feature in read_features(data_dir, art["land"]):
        for rings in polygon_rings(feature["geometry"]):
            for n, raw in enumerate(rings):
                ring = clip_ring(raw, bbox) if touches(raw, bbox) else []
                if len(ring) < 3:
                    continue
                ring = thin([proj.to_px(*q) for q in densify_lonlat(ring, 0.5)], 0.7)
                if len(ring) >= 3:
                    (holes if n else land).append(chaikin(ring, 2))
    lake_names = set(art["lakes"])
    lakes = [chaikin(thin([proj.to_px(*q) for q in rings[0]], 0.7), 2)
             for f in read_features(data_dir, "ne_50m_lakes")
             if f["properties"].get("name") in lake_names
             for rings in polygon_rings(f["geometry"]) if touches(rings[0], bbox)]
    rivers = [[proj.to_px(*q) for q in part]
              for f in read_features(data_dir, "ne_50m_rivers_lake_centerlines")
              if f["properties"].get("featurecla") == "River"
              and f["properties"].get("scalerank", 99) <= art["river_max_scalerank"]
              for part in line_parts(f["geometry"]) if touches(part, bbox)]
    borders = [[proj.to_px(*q) for q in part]
               for f in read_features(data_dir, "ne_50m_admin_0_boundary_lines_land")
               for part in line_parts(f["geometry"]) if touches(part, bbox)]
    land_mask = LandMask(width, height, land, holes)

    # The network, checked on the map.
    pts, lines = tour_geometry(stops, roads, proj, style)
    problems = check_tour_roads(stops, roads, pts, lines, land_mask, style)
    if problems:
        raise SystemExit("make_maps: staedtetour: the network does not fit the map:\n  "
                         + "\n  ".join(problems))

    # Furniture in the open Atlantic, then the stop labels (they keep clear of it).
    compass_at = (float(art["compass"]["x"]), float(art["compass"]["y"]))
    compass_size = float(art["compass"]["size"])
    compass_angle = proj.north_angle(proj.to_lonlat(*compass_at)[0])
    scale_at = (float(art["scale_bar"]["x"]), float(art["scale_bar"]["y"]))
    scale_km = int(art["scale_bar"]["km"])
    lb = art["legend_box"]
    legend = Box(lb["x"], lb["y"], lb["x"] + lb["w"], lb["y"] + lb["h"])
    font_px = int(style["label_font_px"])
    sizes = {k: label_font(s.kind, font_px).size(s.label) for k, s in stops.items()}
    furniture = [compass_box(compass_at, compass_size), scale_bar_box(proj, scale_at, scale_km),
                 legend]
    offsets = place_tour_labels(stops, pts, lines, sizes, furniture,
                                style, width, height)

    # ---- shapes, supersampled ----
    canvas = Canvas(width, height, SEA)
    shore_bands(canvas, land, holes)
    for ring in land:
        canvas.buffer(ring, 0.6, COAST, fill=False)
    for ring in land:
        canvas.polygon(ring, mix(PAPER, COAST, 0.16))
    for ring in holes:
        canvas.buffer(ring, 0.6, COAST)
        canvas.polygon(ring, SEA)
    # A faint darker rim just inside the coast (the UBike board's), and the land as a mask
    # that keeps borders and rivers off the sea.
    rim = Canvas(width, height, (0, 0, 0))
    for ring in land:
        rim.polygon(ring, (255, 255, 255))
    for ring in holes:
        rim.polygon(ring, (0, 0, 0))
    land_only = pygame.mask.from_threshold(rim.surface, (255, 255, 255), (1, 1, 1, 255))
    for ring in land + holes:
        rim.buffer(ring, 2.2, (0, 0, 0), fill=False)
    inner = pygame.mask.from_threshold(rim.surface, (255, 255, 255), (1, 1, 1, 255))
    canvas.surface.blit(inner.to_surface(setcolor=(*PAPER, 255), unsetcolor=(0, 0, 0, 0)),
                        (0, 0))
    del rim, inner
    for ring in lakes:
        canvas.buffer(ring, 0.5, mix(SEA, COAST, 0.3))
        canvas.polygon(ring, mix(SEA, PAPER, 0.2))
    # Rivers and borders on a layer of their own, cut to the land: Natural Earth's 1:50m
    # lines overshoot its 1:10m coast by a pixel or two.
    overlay = Layer(width, height)
    for line in rivers:
        overlay.line(line, mix(SEA, SEA_INK, 0.3), 0.9)
    for line in borders:
        overlay.line(line, mix(PAPER, INK, 0.42), 0.7)
    overlay.surface.blit(land_only.to_surface(setcolor=(255, 255, 255, 255),
                                              unsetcolor=(255, 255, 255, 0)),
                         (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.surface.blit(overlay.surface, (0, 0))
    del overlay, land_only
    draw_compass(canvas, compass_at, compass_angle, compass_size)
    image = canvas.finish()
    del canvas

    # ---- text and furniture at the final size ----
    draw_compass_letter(image, compass_at, compass_angle, compass_size)
    draw_scale_bar(image, proj, scale_at, scale_km)
    radius = {k: float(style["destination_radius_px"] if s.kind == "destination"
                       else style["stop_radius_px"]) for k, s in stops.items()}
    label_boxes = [Box.around(pts[k][0] + offsets[k][0], pts[k][1] + offsets[k][1], *sizes[k])
                   for k in stops]
    keep_clear = label_boxes + furniture
    discs = [(pts[k], radius[k]) for k in stops]
    samples = [q for line in lines for q in densify(line, 2.0)]
    half = float(style["road_width_px"]) / 2
    skipped = place_names(image, art["sea_names"], "sea", proj, land_mask, keep_clear, discs,
                          samples, half)
    skipped += place_names(image, art["country_names"], "country", proj, land_mask, keep_clear,
                           discs, samples, half)
    if skipped:
        print("make_maps: staedtetour: names left out (no room): " + ", ".join(skipped))

    out_dir.mkdir(parents=True, exist_ok=True)
    png = out_dir / "staedtetour.png"
    pygame.image.save(image, str(png))

    regions = config["regions"]
    stop_objects = []
    for key, stop in stops.items():
        props: list[tuple[str, str, Any]] = [("label", "string", stop.label)]
        if stop.kind == "destination":
            props += [("country", "string", stop.country), ("capital", "string", stop.capital),
                      ("region", "string", stop.region),
                      ("ring", "string", regions[stop.region]["ring"])]
        props += [("label_dx", "int", offsets[key][0]), ("label_dy", "int", offsets[key][1]),
                  ("label_w", "int", sizes[key][0]), ("label_h", "int", sizes[key][1])]
        stop_objects.append({"name": key, "type": stop.kind, "x": pts[key][0],
                             "y": pts[key][1], "point": True, "properties": props})
    road_objects = [{
        "name": f"{road.a}-{road.b}", "type": "ferry" if road.ferry else "road",
        "x": line[0][0], "y": line[0][1], "polyline": line,
        "properties": [("from", "string", road.a), ("to", "string", road.b),
                       ("ferry", "bool", road.ferry)],
    } for road, line in zip(roads, lines)]
    lon_min, lat_min, lon_max, lat_max = proj.bounds()
    tmx = out_dir / "staedtetour.tmx"
    write_tmx(tmx, width_px=width, height_px=height, tile=tile, properties=[
        ("title", "string", board["title"]),
        ("projection", "string", "lambert conformal conic, sphere"),
        ("lon_0", "float", float(proj.lon_0)), ("lat_0", "float", float(proj.lat_0)),
        ("lat_1", "float", float(proj.lat_1)), ("lat_2", "float", float(proj.lat_2)),
        ("px_per_km", "float", float(proj.scale)),
        ("origin_x", "float", float(proj.origin_x)), ("origin_y", "float", float(proj.origin_y)),
        ("earth_radius_km", "float", EARTH_RADIUS_KM),
        ("lon_min", "float", round(lon_min, 2)), ("lon_max", "float", round(lon_max, 2)),
        ("lat_min", "float", round(lat_min, 2)), ("lat_max", "float", round(lat_max, 2)),
        ("stop_radius_px", "int", int(style["stop_radius_px"])),
        ("destination_radius_px", "int", int(style["destination_radius_px"])),
        ("label_font_px", "int", font_px),
        ("road_width_px", "int", int(style["road_width_px"])),
        ("legend_x", "int", int(lb["x"])), ("legend_y", "int", int(lb["y"])),
        ("legend_w", "int", int(lb["w"])), ("legend_h", "int", int(lb["h"])),
        ("credit", "string", "Natural Earth land, lakes, rivers and borders (public domain)"),
    ], image_layers=[("land", png.name)],
        object_layers=[("roads", road_objects), ("stops", stop_objects)])
    return [png, tmx]


# --------------------------------------------------------------------------------------------
# Tokaido
# --------------------------------------------------------------------------------------------

TOKAIDO_BOARD = Path(__file__).resolve().parent / "tokaido_board.toml"
TOKAIDO_KINDS = ("inn", "village", "temple", "encounter", "paddy", "mountain", "sea",
                 "hotspring", "farm")
TOKAIDO_INNS = (1, 15, 28, 42, 55)
# Stops of each kind and how many of them are doubled (tokaido.md §1).
TOKAIDO_COUNTS = {"village": (7, 3), "temple": (6, 3), "encounter": (7, 2), "paddy": (5, 2),
                  "mountain": (6, 3), "sea": (7, 4), "hotspring": (6, 3), "farm": (6, 4)}
SIDE_DIRECTIONS = {"up": (0.0, -1.0), "down": (0.0, 1.0), "left": (-1.0, 0.0),
                   "right": (1.0, 0.0)}


@dataclasses.dataclass
class TokaidoPosition:
    """One position of the road as the designer wrote it."""

    pos: int
    kind: str
    doubled: bool = False
    town: str = ""
    kanji: str = ""
    at: Point | None = None
    queue: Point | None = None
    label: str | None = None
    side: str | None = None


def load_tokaido_board(path: Path) -> tuple[dict[str, Any], list[TokaidoPosition]]:
    """The board file, checked against the rulebook's road (tokaido.md §1)."""
    with open(path, "rb") as handle:
        data = tomllib.load(handle)

    def fail(message: str) -> SystemExit:
        return SystemExit(f"make_maps: {path.name}: {message}")

    positions: list[TokaidoPosition] = []
    for i, spec in enumerate(data["road"]["positions"], start=1):
        if spec.get("pos") != i:
            raise fail(f"position {i} is numbered {spec.get('pos')!r}")
        kind = spec.get("kind")
        if kind not in TOKAIDO_KINDS:
            raise fail(f"position {i} has kind {kind!r} (one of {', '.join(TOKAIDO_KINDS)})")
        p = TokaidoPosition(i, kind, bool(spec.get("doubled", False)), str(spec.get("town", "")),
                            str(spec.get("kanji", "")))
        if "at" in spec:
            p.at = (float(spec["at"][0]), float(spec["at"][1]))
        if "queue" in spec:
            length = math.hypot(*spec["queue"])
            p.queue = (spec["queue"][0] / length, spec["queue"][1] / length)
        p.label = spec.get("label")
        p.side = spec.get("side")
        if p.side is not None and p.side not in SIDE_DIRECTIONS:
            raise fail(f"position {i} has side {p.side!r} (one of {', '.join(SIDE_DIRECTIONS)})")
        if (kind == "inn") != (i in TOKAIDO_INNS):
            raise fail(f"the inns are at {TOKAIDO_INNS}, not at {i}")
        if kind == "inn" and (not p.town or not p.kanji or p.at is None or p.queue is None
                              or p.doubled):
            raise fail(f"the inn at {i} needs town, kanji, at and queue (and is never doubled)")
        if kind != "inn" and (p.town or p.queue):
            raise fail(f"position {i} is no inn: no town and no queue")
        if p.side and not p.doubled:
            raise fail(f"position {i} is not doubled: no side")
        positions.append(p)
    if len(positions) != 55:
        raise fail(f"{len(positions)} positions (the road has 55)")
    for kind, (count, doubled) in TOKAIDO_COUNTS.items():
        mine = [p for p in positions if p.kind == kind]
        if (len(mine), sum(p.doubled for p in mine)) != (count, doubled):
            raise fail(f"{len(mine)} {kind} stops, {sum(p.doubled for p in mine)} doubled "
                       f"(the road has {count}, {doubled} doubled)")
    return data, positions


def catmull_rom(points: Sequence[Point], step: float = 1.0) -> list[Point]:
    """A smooth curve through every point (centripetal Catmull-Rom), sampled every ~step px.

    Centripetal keeps the curve from looping or overshooting where points bunch up (the bends).
    The ends are extended by mirroring their neighbours.
    """
    pts = list(points)
    first = (2 * pts[0][0] - pts[1][0], 2 * pts[0][1] - pts[1][1])
    last = (2 * pts[-1][0] - pts[-2][0], 2 * pts[-1][1] - pts[-2][1])
    ext = [first, *pts, last]
    out: list[Point] = []
    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1:i + 3]
        t1 = math.dist(p0, p1) ** 0.5
        t2 = t1 + math.dist(p1, p2) ** 0.5
        t3 = t2 + math.dist(p2, p3) ** 0.5
        n = max(2, math.ceil(math.dist(p1, p2) / step))
        for j in range(n):
            t = t1 + (t2 - t1) * j / n

            def lerp(a: Point, b: Point, ta: float, tb: float) -> Point:
                u = (t - ta) / (tb - ta)
                return a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u

            a1, a2, a3 = lerp(p0, p1, 0, t1), lerp(p1, p2, t1, t2), lerp(p2, p3, t2, t3)
            b1, b2 = lerp(a1, a2, 0, t2), lerp(a2, a3, t1, t3)
            out.append(lerp(b1, b2, t1, t2))
    out.append(pts[-1])
    return out


class PathWalker:
    """Points and directions along a densely sampled polyline, by distance from its start."""

    def __init__(self, line: Sequence[Point]):
        self.line = list(line)
        self.cum = [0.0]
        for p, q in zip(self.line, self.line[1:]):
            self.cum.append(self.cum[-1] + math.dist(p, q))
        self.length = self.cum[-1]

    def _segment(self, s: float) -> tuple[int, float]:
        s = max(0.0, min(self.length, s))
        lo, hi = 0, len(self.cum) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.cum[mid] <= s:
                lo = mid
            else:
                hi = mid
        seg = self.cum[hi] - self.cum[lo]
        return lo, (s - self.cum[lo]) / seg if seg else 0.0

    def at(self, s: float) -> Point:
        i, u = self._segment(s)
        (x0, y0), (x1, y1) = self.line[i], self.line[i + 1]
        return x0 + (x1 - x0) * u, y0 + (y1 - y0) * u

    def direction(self, s: float, span: float = 6.0) -> Point:
        (x0, y0), (x1, y1) = self.at(s - span), self.at(s + span)
        d = math.hypot(x1 - x0, y1 - y0) or 1.0
        return (x1 - x0) / d, (y1 - y0) / d

    def project(self, p: Point) -> float:
        """The distance along the line of the sample nearest to p."""
        best = min(range(len(self.line)), key=lambda i: math.dist(self.line[i], p))
        return self.cum[best]


@dataclasses.dataclass
class TokaidoLayout:
    """Where everything of the road sits, in map pixels."""

    points: dict[int, Point]           # pos -> the position on the road
    along: dict[int, float]            # pos -> distance from Kyoto along the road
    sides: dict[int, tuple[int, int]]  # doubled pos -> offset of its second slot
    queues: dict[int, tuple[int, int]]  # inn pos -> one queue step
    road: PathWalker
    route: list[Point]                 # the polyline through every position
    route_vertex: dict[int, int]       # pos -> its index in route

    def queue_slots(self, pos: int) -> list[Point]:
        """Where the five travellers of an inn stand, first arrival (on the road) first."""
        (x, y), (dx, dy) = self.points[pos], self.queues[pos]
        return [(x + k * dx, y + k * dy) for k in range(5)]


def tokaido_layout(data: dict[str, Any], positions: list[TokaidoPosition]) -> TokaidoLayout:
    """Lay the positions along the road and choose the side slots; refuse a crowded layout."""
    style = data["style"]
    width, height = int(data["board"]["width_px"]), int(data["board"]["height_px"])
    r_stop, r_inn = float(style["stop_radius_px"]), float(style["inn_radius_px"])
    margin = float(style["margin_px"])
    road = PathWalker(catmull_rom([tuple(p) for p in data["road"]["through"]], 1.0))

    # Inns where the designer put them; the stops between spread evenly, a little more room
    # beside each inn.
    along: dict[int, float] = {}
    inns = [p for p in positions if p.kind == "inn"]
    for inn in inns:
        along[inn.pos] = (0.0 if inn.pos == 1 else road.length if inn.pos == 55
                          else road.project(inn.at))
    weight = float(style["inn_gap_weight"])
    for a, b in zip(inns, inns[1:]):
        stops = b.pos - a.pos - 1
        unit = (along[b.pos] - along[a.pos]) / (stops - 1 + 2 * weight)
        for k in range(1, stops + 1):
            along[a.pos + k] = along[a.pos] + unit * (weight + k - 1)
    points = {p: (float(round(road.at(s)[0])), float(round(road.at(s)[1])))
              for p, s in along.items()}

    def radius(pos: int) -> float:
        return r_inn if pos in TOKAIDO_INNS else r_stop

    problems: list[str] = []
    for p in range(1, 55):
        gap = math.dist(points[p], points[p + 1])
        if gap < radius(p) + radius(p + 1) + 10:
            problems.append(f"positions {p} and {p + 1} are only {gap:.0f} px apart")
    for a in points:
        for b in points:
            if a < b - 1 and math.dist(points[a], points[b]) < radius(a) + radius(b) + 40:
                problems.append(f"positions {a} and {b} are close across the board")

    samples = densify(road.line, 2.0)

    def road_distance(p: Point) -> float:
        return min(math.dist(p, q) for q in samples)

    # Inn queues: one step of queue_step_px in the designer's direction.
    step = float(style["queue_step_px"])
    queues = {p.pos: (round(p.queue[0] * step), round(p.queue[1] * step))
              for p in inns if p.queue}
    taken: list[tuple[Point, float, int]] = [(points[p], radius(p), p) for p in points]
    for pos, (dx, dy) in queues.items():
        for k in range(1, 5):
            slot = (points[pos][0] + k * dx, points[pos][1] + k * dy)
            if not (margin <= slot[0] <= width - margin and margin <= slot[1] <= height - margin):
                problems.append(f"the queue of inn {pos} leaves the map")
            for other, r, owner in taken:
                if owner != pos and math.dist(slot, other) < r + 20:
                    problems.append(f"the queue of inn {pos} crowds position {owner}")
            if k >= 2 and road_distance(slot) < 24:
                problems.append(f"the queue of inn {pos} runs along the road")
            taken.append((slot, 12.0, pos))

    # Side slots: perpendicular to the road, the preferred side first, then the other one,
    # then turned a little either way; the first that is clear of everything wins.
    offset = float(style["side_offset_px"])
    sides: dict[int, tuple[int, int]] = {}
    for p in positions:
        if not p.doubled:
            continue
        tx, ty = road.direction(along[p.pos])
        normals = [(ty, -tx), (-ty, tx)]
        want = SIDE_DIRECTIONS[p.side or "up"]
        normals.sort(key=lambda n: -(n[0] * want[0] + n[1] * want[1]))
        candidates: list[tuple[int, int]] = []
        for turn in (0, 20, -20, 40, -40):
            for nx, ny in normals:
                c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
                vx, vy = nx * c - ny * s, nx * s + ny * c
                candidates.append((round(vx * offset), round(vy * offset)))
        x, y = points[p.pos]
        for dx, dy in candidates:
            slot = (x + dx, y + dy)
            if not (margin <= slot[0] <= width - margin and margin <= slot[1] <= height - margin):
                continue
            if road_distance(slot) < 26:
                continue
            if any(owner != p.pos and math.dist(slot, q) < r + r_stop + 6 for q, r, owner in taken):
                continue
            sides[p.pos] = (dx, dy)
            taken.append((slot, r_stop, p.pos))
            break
        else:
            problems.append(f"no room for the second slot of position {p.pos}")
    for p, (x, y) in points.items():
        if not (margin <= x <= width - margin and margin <= y <= height - margin):
            problems.append(f"position {p} is outside the map's margin")
    if problems:
        raise SystemExit("make_maps: tokaido: the layout does not fit:\n  "
                         + "\n  ".join(dict.fromkeys(problems)))

    # The route: every position as a vertex, the curve between them every ~8 px.
    route: list[Point] = []
    route_vertex: dict[int, int] = {}
    for p in range(1, 56):
        route_vertex[p] = len(route)
        route.append(points[p])
        if p < 55:
            s0, s1 = along[p], along[p + 1]
            n = max(1, round((s1 - s0) / 8))
            route.extend((round(road.at(s0 + (s1 - s0) * i / n)[0], 1),
                          round(road.at(s0 + (s1 - s0) * i / n)[1], 1)) for i in range(1, n))
    return TokaidoLayout(points, along, sides, queues, road, route, route_vertex)


# ---- Tokaido art: our own, in an Edo palette ----

WASHI = hex_colour("#efe6d2")
SUMI = hex_colour("#2b2824")
INDIGO = hex_colour("#2e4a6b")
VERMILION = hex_colour("#c0392b")
OCHRE = hex_colour("#b8913e")
GOLD_MIST = hex_colour("#ead8a4")
PINE = hex_colour("#4a6448")
PINE_DARK = hex_colour("#35493a")
DIRT = hex_colour("#dcc7a0")
SAND = hex_colour("#e6d6ae")


class TokaidoRandom:
    """A tiny deterministic generator for the art's small variations (an LCG: the same bytes
    on every Python, unlike the random module's derived methods)."""

    def __init__(self, seed: int):
        self.state = seed & 0xFFFFFFFF

    def random(self) -> float:
        self.state = (1664525 * self.state + 1013904223) & 0xFFFFFFFF
        return self.state / 2 ** 32

    def uniform(self, lo: float, hi: float) -> float:
        return lo + (hi - lo) * self.random()


def alpha_ramp(width: int, height: int, stops: Sequence[tuple[float, int]]) -> pygame.Surface:
    """A white surface whose alpha runs down it through (fraction of height, alpha) stops;
    multiplied into a layer (BLEND_RGBA_MULT) it fades that layer from top to bottom."""
    column = pygame.Surface((1, max(1, height)), pygame.SRCALPHA)
    for y in range(max(1, height)):
        t = y / max(1, height - 1)
        for (t0, a0), (t1, a1) in zip(stops, stops[1:]):
            if t0 <= t <= t1:
                u = 0.0 if t1 == t0 else (t - t0) / (t1 - t0)
                u = u * u * (3 - 2 * u)
                column.set_at((0, y), (255, 255, 255, round(a0 + (a1 - a0) * u)))
                break
    return pygame.transform.scale(column, (max(1, width), max(1, height)))


def brush(layer: Canvas, pts: Sequence[Point], widths: Sequence[float],
          colour: tuple[int, ...]) -> None:
    """A brush stroke: discs along the polyline whose width swells and thins (map pixels)."""
    dense = densify(pts, 0.5)
    n = len(dense)
    for i, (x, y) in enumerate(dense):
        t = i / max(1, n - 1)
        k = min(int(t * (len(widths) - 1)), len(widths) - 2)
        u = t * (len(widths) - 1) - k
        w = widths[k] + (widths[k + 1] - widths[k]) * u
        if w > 0:
            pygame.draw.circle(layer.surface, colour, (x * layer.scale, y * layer.scale),
                               w * layer.scale / 2)


def paint_washi(canvas: Canvas, rng: TokaidoRandom) -> None:
    """Washi paper: a faint mottle and a scatter of fibres, darker and lighter."""
    w, h = 56, 26
    mottle = pygame.Surface((w, h))
    for y in range(h):
        for x in range(w):
            d = rng.uniform(-3.5, 3.5)
            mottle.set_at((x, y), tuple(max(0, min(255, round(c + d))) for c in WASHI))
    canvas.surface.blit(pygame.transform.smoothscale(mottle, canvas.surface.get_size()), (0, 0))
    s = canvas.scale
    for _ in range(3400):
        x, y = rng.uniform(0, canvas.width), rng.uniform(0, canvas.height)
        length = rng.uniform(4, 22)
        angle = rng.uniform(0, math.pi)
        bend = rng.uniform(-0.5, 0.5)
        pts = []
        for j in range(6):
            t = j / 5 - 0.5
            a = angle + bend * t
            pts.append(((x + math.cos(a) * length * t) * s, (y + math.sin(a) * length * t) * s))
        dark = rng.random() < 0.62
        tone = mix(WASHI, hex_colour("#b9a77f") if dark else (255, 252, 244),
                   rng.uniform(0.18, 0.42))
        pygame.draw.lines(canvas.surface, tone, False, pts, 1 + (rng.random() < 0.3))
    for _ in range(900):
        x, y = rng.uniform(0, canvas.width), rng.uniform(0, canvas.height)
        pygame.draw.circle(canvas.surface, mix(WASHI, hex_colour("#9c8a66"), rng.uniform(0.1, 0.3)),
                           (x * s, y * s), rng.uniform(0.8, 2.2))


def sea_outline(coast: Sequence[Point], width: int, height: int) -> list[Point]:
    """The water below the shore line, as one ring."""
    shore = list(coast)
    return [*shore, (width + 10, shore[-1][1]), (width + 10, height + 10), (-10, height + 10),
            (-10, shore[0][1])]


def paint_sand(canvas: Canvas, coast: Sequence[Point]) -> None:
    """A strip of beach above the shore, faded into the paper."""
    width, height = canvas.width, canvas.height
    water = sea_outline(coast, width, height)
    sand = Layer(width, height)
    sand.surface.fill((*SAND, 0))   # blurring mixes in the colour of clear pixels too
    sand.polygon([(x, y - 9) for x, y in coast] + water[len(coast):], (*SAND, 255))
    sand.surface = pygame.transform.gaussian_blur(sand.surface, 3 * canvas.scale)
    canvas.surface.blit(sand.surface, (0, 0))


def paint_sea(canvas: Canvas, coast: Sequence[Point]) -> None:
    """The Pacific along the bottom: indigo water darkening offshore, rows of wave scales
    (seigaiha, faint) and a foam line along the shore."""
    s = canvas.scale
    width, height = canvas.width, canvas.height
    shore = list(coast)
    water = sea_outline(coast, width, height)
    top = min(y for _, y in shore)
    sea = Layer(width, height)
    for y in range(int(top) - 2, height + 1):
        t = (y - top) / max(1.0, height - top)
        pygame.draw.rect(sea.surface, (*mix(hex_colour("#46658a"), INDIGO, min(1.0, t * 1.6)), 255),
                         pygame.Rect(0, y * s, width * s, s))
    cut = Layer(width, height)
    cut.polygon(water, (255, 255, 255, 255))
    sea.surface.blit(cut.surface, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    # Seigaiha: fans of three arcs, each row hiding the bottom of the row above.
    scales = Layer(width, height)
    r = 15.0
    line = (*mix(INDIGO, WASHI, 0.26), 255)
    row = 0
    y = top + 4
    while y < height + r:
        colour = mix(hex_colour("#46658a"), INDIGO, min(1.0, (y - top) / (height - top) * 1.6))
        x = -r + (r if row % 2 else 0.0)
        while x < width + r:
            pygame.draw.circle(scales.surface, (*colour, 255), (x * s, y * s), r * s)
            for rr in (r, r * 0.72, r * 0.44):
                pygame.draw.circle(scales.surface, line, (x * s, y * s), rr * s,
                                   max(1, round(0.55 * s)))
            x += 2 * r
        y += r * 0.55
        row += 1
    scales.surface.blit(cut.surface, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    fade = alpha_ramp(width * s, height * s, [(0, 0), ((top + 5) / height, 0),
                                              ((top + 22) / height, 150), (1.0, 180)])
    scales.surface.blit(fade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    sea.surface.blit(scales.surface, (0, 0))
    canvas.surface.blit(sea.surface, (0, 0))
    # The shore: an ink line, and a foam line just off it.
    canvas.line(shore, mix(INDIGO, SUMI, 0.4), 1.1)
    foam = [(x, y + 4.5 + 1.2 * math.sin(x / 23.0)) for x, y in densify(shore, 6.0)]
    canvas.line(foam, mix(WASHI, INDIGO, 0.15), 0.9)


def paint_mountains(layer: Canvas, ridge: Sequence[Point], base: float, tone: float,
                    rng: TokaidoRandom) -> None:
    """An ink-wash range: the silhouette through the ridge points, dark at the crest and
    fading to nothing at `base`, with a brush line along the crest and a few slope strokes.
    tone 0..1: how dark (far ranges lighter)."""
    s = layer.scale
    crest = catmull_rom(ridge, 1.0)
    left = min(x for x, _ in crest)
    right = max(x for x, _ in crest)
    top = min(y for _, y in crest)
    w, h = round((right - left + 4) * s), round((base - top + 4) * s)
    shape = pygame.Surface((w, h), pygame.SRCALPHA)
    ink = mix(hex_colour("#56606a"), SUMI, 0.35)
    shape.fill((*ink, 0))
    pts = [((x - left + 2) * s, (y - top + 2) * s) for x, y in crest]
    pygame.draw.polygon(shape, (*ink, 255),
                        pts + [(pts[-1][0], h), (pts[0][0], h)])
    # Fade down the slope from the crest, column by column, so every peak starts dark.
    ramp = alpha_ramp(1, 256, [(0.0, round(175 * tone)), (0.22, round(120 * tone)),
                               (0.65, round(35 * tone)), (1.0, 0)])
    walker = sorted(pts)
    strip_w = 4
    j = 0
    for x0 in range(0, w, strip_w):
        while j < len(walker) - 2 and walker[j + 1][0] < x0:
            j += 1
        (ax, ay), (bx, by) = walker[j], walker[j + 1]
        y0 = round(ay + (by - ay) * ((x0 - ax) / (bx - ax) if bx != ax else 0.0))
        y0 = max(0, min(h - 1, y0))
        strip = pygame.Surface((strip_w, h), pygame.SRCALPHA)
        strip.fill((255, 255, 255, 0))
        strip.blit(pygame.transform.smoothscale(ramp, (strip_w, h - y0)), (0, y0))
        shape.blit(strip, (x0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    shape = pygame.transform.gaussian_blur(shape, s)
    layer.surface.blit(shape, (round((left - 2) * s), round((top - 2) * s)))
    # The crest in ink, thicker on the peaks, and a few hemp-fibre strokes down the slopes.
    brush(layer, crest, [0.4, 1.3, 0.9, 1.5, 0.8, 1.2, 0.4], (*SUMI, round(150 * tone)))
    for i in range(len(crest) // 18):
        x, y = crest[int(rng.uniform(0.1, 0.9) * len(crest))]
        length = rng.uniform(6, 14)
        lean = rng.uniform(-0.35, 0.35)
        brush(layer, [(x, y + 3), (x + lean * length, y + 3 + length)], [0.9, 0.2],
              (*SUMI, round(60 * tone)))


def paint_fuji(layer: Canvas, cx: float, base: float, width: float, height: float) -> None:
    """Mt Fuji: a broad cone with concave flanks, snow streaming down from the crater rim, an
    indigo-grey body fading into the mist at its foot."""
    s = layer.scale
    top = base - height
    half = width / 2
    rim = width * 0.045

    def flank(u: float) -> float:
        """Height above the base at |x - cx| = u * half (u from rim to 1)."""
        v = (u - rim / half) / (1 - rim / half)
        return height * (1 - v) ** 2.3

    right = [(cx + u * half, base - flank(u)) for u in [rim / half + i / 60 * (1 - rim / half)
                                                       for i in range(61)]]
    crater = [(cx - rim, top), (cx - rim * 0.45, top + 1.6), (cx - rim * 0.1, top + 0.6),
              (cx + rim * 0.3, top + 1.8), (cx + rim, top)]
    left = [(2 * cx - x, y) for x, y in reversed(right)]
    outline = left[:-1] + crater + right[1:]
    w, h = round(width * s) + 8, round(height * s) + 8
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    body.fill((*hex_colour("#4f6784"), 0))

    def local(pts: Iterable[Point]) -> list[Point]:
        return [((x - cx + half) * s + 4, (y - top) * s + 4) for x, y in pts]

    pygame.draw.polygon(body, (*hex_colour("#4f6784"), 255), local(outline))
    body.blit(alpha_ramp(w, h, [(0.0, 235), (0.45, 190), (0.8, 70), (1.0, 0)]), (0, 0),
              special_flags=pygame.BLEND_RGBA_MULT)
    # Snow: down to about a third, its lower edge in long and short streaks.
    snow_line = height * 0.36
    snow_right = [(x, y) for x, y in right if y - top <= snow_line]
    x_end, y_end = snow_right[-1]
    edge: list[Point] = []
    # The snow's lower edge: a ragged line with pointed streaks down the gullies, irregular
    # as the real ones. (across the mountain from its right edge, depth of the streak tip)
    streaks = ((0.1, 1.18), (0.21, 1.05), (0.3, 1.32), (0.43, 1.12), (0.55, 1.26),
               (0.64, 1.04), (0.76, 1.22), (0.88, 1.1))
    span = 2 * cx - 2 * x_end
    edge.append((x_end + span * 0.03, top + snow_line * 0.9))
    for i, (t, depth) in enumerate(streaks):
        base_depth = 0.84 + 0.05 * ((i * 7) % 3)
        edge += [(x_end + span * (t - 0.028), top + snow_line * base_depth),
                 (x_end + span * t, top + snow_line * depth),
                 (x_end + span * (t + 0.022), top + snow_line * (base_depth + 0.03))]
    edge.append((x_end + span * 0.97, top + snow_line * 0.9))
    snow_left = [(2 * cx - x, y) for x, y in reversed(snow_right)]
    snow = crater + snow_right[1:] + edge + snow_left[:-1]
    snow_layer = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(snow_layer, (*hex_colour("#fbf7ee"), 255), local(snow))
    cone = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(cone, (255, 255, 255, 255), local(outline))
    snow_layer.blit(cone, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    body.blit(snow_layer, (0, 0))
    body = pygame.transform.gaussian_blur(body, max(1, s // 2))
    layer.surface.blit(body, (round((cx - half) * s) - 4, round(top * s) - 4))
    # Ink along the upper flanks, thinning out.
    upper = [(x, y) for x, y in outline if base - y >= height * 0.35]
    brush(layer, upper, [0.3, 1.2, 1.0, 1.0, 1.2, 0.3], (*SUMI, 170))


def paint_pine(layer: Canvas, x: float, y: float, size: float, lean: float) -> None:
    """A Japanese black pine: a trunk leaning and bending back, and flat pads of needles
    held out on short branches, dark beneath and lighter on top."""
    s = layer.scale
    trunk = [(x, y), (x + lean * size * 0.35, y - size * 0.4),
             (x + lean * size * 0.2, y - size * 0.72), (x + lean * size * 0.05, y - size)]
    brush(layer, trunk, [size * 0.11, size * 0.08, size * 0.05, size * 0.03],
          (*hex_colour("#4b3a2e"), 240))
    # (point on the trunk, pad centre offset, pad width, pad height), crown last.
    pads = [(trunk[1], (-lean * size * 0.55 - size * 0.12, -size * 0.08), 0.62, 0.2),
            (trunk[2], (lean * size * 0.42 + size * 0.1, -size * 0.02), 0.56, 0.19),
            (trunk[3], (0.0, 0.0), 0.72, 0.24)]
    for (tx, ty), (ox, oy), pw, ph in pads:
        px, py = tx + ox, ty + oy
        brush(layer, [(tx, ty), (px, py + ph * size * 0.2)], [size * 0.04, size * 0.025],
              (*hex_colour("#4b3a2e"), 240))
        rect = pygame.Rect(round((px - pw * size / 2) * s), round((py - ph * size / 2) * s),
                           round(pw * size * s), round(ph * size * s))
        pygame.draw.ellipse(layer.surface, (*PINE_DARK, 245), rect)
        top = pygame.Rect(rect.left + rect.width * 0.1, rect.top - rect.height * 0.06,
                          rect.width * 0.8, rect.height * 0.6)
        pygame.draw.ellipse(layer.surface, (*PINE, 245), top)


def paint_cloud(layer: Canvas, x: float, y: float, width: float, height: float,
                rng: TokaidoRandom) -> None:
    """A band of golden mist (suyari-gasumi): long rounded bars stepped over each other, the
    lower ones longer, outlined in ochre."""
    s = layer.scale
    bars = [(x - width * 0.5, y - height * 0.05, width * 0.62, height * 0.55),
            (x - width * 0.12, y + height * 0.18, width * 0.62, height * 0.6),
            (x - width * 0.3, y - height * 0.45, width * 0.42, height * 0.5)]
    for grow, colour in ((0.8, (*OCHRE, 130)), (0.0, (*GOLD_MIST, 225))):
        for bx, by, bw, bh in bars:
            rect = pygame.Rect(round((bx - grow) * s), round((by - grow) * s),
                               round((bw + 2 * grow) * s), round((bh + 2 * grow) * s))
            pygame.draw.rect(layer.surface, colour, rect, border_radius=round((bh / 2 + grow) * s))
    # Flecks of gold leaf (kirihaku) inside the bars.
    for _ in range(round(width * height / 60)):
        bx, by, bw, bh = bars[int(rng.random() * len(bars))]
        fx = bx + bh / 2 + rng.uniform(0, max(0.0, bw - bh))
        fy = by + rng.uniform(bh * 0.25, bh * 0.75)
        size = rng.uniform(0.5, 1.3)
        pygame.draw.rect(layer.surface, (*mix(GOLD_MIST, OCHRE, rng.uniform(0.35, 0.7)), 230),
                         pygame.Rect(round((fx - size / 2) * s), round((fy - size / 2) * s),
                                     round(size * s), round(size * s)))


def paint_sun(layer: Canvas, x: float, y: float, radius: float) -> None:
    """The morning sun over the east, in soft vermilion."""
    s = layer.scale
    pygame.draw.circle(layer.surface, (*mix(VERMILION, WASHI, 0.55), 120), (x * s, y * s),
                       (radius + 3) * s)
    pygame.draw.circle(layer.surface, (*mix(VERMILION, WASHI, 0.15), 225), (x * s, y * s),
                       radius * s)


def paint_vignette(canvas: Canvas) -> None:
    """Edges and corners a shade warmer and darker, as an old print."""
    w, h = 69, 30
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        for x in range(w):
            dx, dy = (x + 0.5) / w * 2 - 1, (y + 0.5) / h * 2 - 1
            d = max(0.0, (dx ** 6 + dy ** 6) ** (1 / 6) - 0.72) / 0.28
            shade.set_at((x, y), (*hex_colour("#7a5c3a"), round(34 * min(1.0, d) ** 1.6)))
    canvas.surface.blit(pygame.transform.smoothscale(shade, canvas.surface.get_size()), (0, 0))


def paint_boat(layer: Canvas, x: float, y: float, size: float) -> None:
    """A small cargo boat under sail: an ink hull and a tall sail of cloth panels."""
    hull = [(x - size * 0.7, y - size * 0.16), (x + size * 0.62, y - size * 0.1),
            (x + size * 0.42, y + size * 0.08), (x - size * 0.5, y + size * 0.08)]
    pygame.draw.polygon(layer.surface, (*SUMI, 235), layer.s(hull))
    brush(layer, [(x - size * 0.05, y - size * 0.12), (x - size * 0.05, y - size * 1.15)],
          [size * 0.06, size * 0.04], (*SUMI, 235))
    sail = [(x - size * 0.42, y - size * 1.08), (x + size * 0.36, y - size * 1.08),
            (x + size * 0.4, y - size * 0.3), (x - size * 0.38, y - size * 0.3)]
    pygame.draw.polygon(layer.surface, (*hex_colour("#f3ecdc"), 245), layer.s(sail))
    for k in (1, 2, 3):
        t = k / 4
        top = (sail[0][0] + (sail[1][0] - sail[0][0]) * t, sail[0][1])
        bottom = (sail[3][0] + (sail[2][0] - sail[3][0]) * t, sail[3][1])
        layer.line([top, bottom], mix(SUMI, WASHI, 0.55), 0.35)
    layer.line(sail + sail[:1], mix(SUMI, WASHI, 0.3), 0.45)


def paint_houses(layer: Canvas, x: float, y: float, count: int, size: float) -> None:
    """A hamlet: a few pale-walled houses under dark hipped roofs, stepped back in a row."""
    s = layer.scale
    for i in range(count):
        hx = x + i * size * 1.05 - (count - 1) * size * 0.52
        hy = y - (i % 2) * size * 0.28
        w, h = size * (1.0 if i % 2 == 0 else 0.85), size * 0.42
        wall = [(hx - w * 0.42, hy), (hx + w * 0.42, hy), (hx + w * 0.42, hy - h),
                (hx - w * 0.42, hy - h)]
        pygame.draw.polygon(layer.surface, (*hex_colour("#f5eedd"), 240), layer.s(wall))
        pygame.draw.lines(layer.surface, (*mix(SUMI, WASHI, 0.4), 220), True, layer.s(wall),
                          max(1, round(0.4 * s)))
        door = [(hx - w * 0.08, hy), (hx + w * 0.08, hy), (hx + w * 0.08, hy - h * 0.6),
                (hx - w * 0.08, hy - h * 0.6)]
        pygame.draw.polygon(layer.surface, (*mix(SUMI, WASHI, 0.35), 220), layer.s(door))
        roof = [(hx - w * 0.6, hy - h * 0.9), (hx + w * 0.6, hy - h * 0.9),
                (hx + w * 0.3, hy - h * 1.75), (hx - w * 0.3, hy - h * 1.75)]
        pygame.draw.polygon(layer.surface, (*mix(SUMI, hex_colour("#56606a"), 0.3), 240),
                            layer.s(roof))


def paint_paddies(layer: Canvas, x: float, y: float, cols: int, rows: int, cell: float,
                  skew: float) -> None:
    """A patch of rice fields: pale green plots with thin bund lines, slanted."""
    s = layer.scale
    for r in range(rows):
        for c in range(cols):
            x0 = x + c * cell + r * skew
            y0 = y + r * cell * 0.55
            quad = [(x0, y0), (x0 + cell, y0), (x0 + cell + skew, y0 + cell * 0.55),
                    (x0 + skew, y0 + cell * 0.55)]
            shade = mix(hex_colour("#c9cf9a"), hex_colour("#b4c08a"), ((r * 3 + c * 5) % 4) / 4)
            pygame.draw.polygon(layer.surface, (*shade, 200), layer.s(quad))
            pygame.draw.lines(layer.surface, (*mix(WASHI, PINE, 0.35), 200), True, layer.s(quad),
                              max(1, round(0.5 * s)))


def paint_river(layer: Canvas, pts: Sequence[Point]) -> None:
    """A river from the hills to the sea, widening as it goes, with a pale inner current."""
    line = catmull_rom(pts, 1.0)
    brush(layer, line, [2.0, 3.6, 5.2, 7.5], (*mix(INDIGO, WASHI, 0.3), 255))
    brush(layer, line, [0.6, 1.4, 2.2, 3.2], (*mix(INDIGO, WASHI, 0.55), 255))


def paint_bridge(layer: Canvas, centre: Point, along: Point, length: float,
                 road_width: float) -> None:
    """A small arched bridge where the road crosses the river: a plank deck the width of the
    road and vermilion rails on both sides."""
    cx, cy = centre
    ax, ay = along
    nx, ny = -ay, ax
    half = road_width / 2 + 1.5

    def at(t: float, side: float) -> Point:
        return cx + ax * length * t + nx * side, cy + ay * length * t + ny * side

    deck = [at(-0.5, -half), at(0.5, -half), at(0.5, half), at(-0.5, half)]
    pygame.draw.polygon(layer.surface, (*hex_colour("#b89468"), 255), layer.s(deck))
    for i in range(1, 8):
        t = i / 8 - 0.5
        layer.line([at(t, -half), at(t, half)], mix(hex_colour("#b89468"), SUMI, 0.3), 0.4)
    for side in (-half, half):
        rail = [at(t, side) for t in (-0.5, -0.25, 0.0, 0.25, 0.5)]
        layer.line(rail, VERMILION, 1.8)
        for t in (-0.5, 0.0, 0.5):
            x, y = at(t, side)
            pygame.draw.circle(layer.surface, (*mix(VERMILION, SUMI, 0.35), 255),
                               (x * layer.scale, y * layer.scale), 1.7 * layer.scale)


def paint_pagoda(layer: Canvas, x: float, base: float, height: float) -> None:
    """A five-storeyed pagoda in ink with vermilion posts (Kyoto's skyline)."""
    storeys = 5
    h = height * 0.8 / storeys
    for i in range(storeys):
        y = base - i * h
        w = height * (0.42 - 0.04 * i)
        body = [(x - w * 0.3, y), (x + w * 0.3, y), (x + w * 0.3, y - h * 0.55),
                (x - w * 0.3, y - h * 0.55)]
        pygame.draw.polygon(layer.surface, (*VERMILION, 235), layer.s(body))
        roof = [(x - w * 0.62, y - h * 0.5), (x + w * 0.62, y - h * 0.5),
                (x + w * 0.42, y - h * 0.9), (x - w * 0.42, y - h * 0.9)]
        pygame.draw.polygon(layer.surface, (*SUMI, 235), layer.s(roof))
        brush(layer, [(x - w * 0.66, y - h * 0.62), (x - w * 0.5, y - h * 0.55)], [1.0, 0.6],
              (*SUMI, 235))
        brush(layer, [(x + w * 0.66, y - h * 0.62), (x + w * 0.5, y - h * 0.55)], [1.0, 0.6],
              (*SUMI, 235))
    top = base - storeys * h
    brush(layer, [(x, top + h * 0.3), (x, base - height)], [1.1, 0.6], (*SUMI, 235))


def kanji_seal(kanji: str, *, font_px: int, cell: int, pad: int, alpha: int, radius: int,
               rim: float) -> pygame.Surface:
    """A vermilion seal with `kanji` stacked in it, one glyph per `cell` pixels, inside a thin
    paler rim `pad` pixels in."""
    jp = pygame.font.Font(str(font_path(bold=True).with_name("NotoSansJP-Bold.otf")), font_px)
    seal_w, seal_h = cell + 2 * pad, cell * len(kanji) + 2 * pad - 1
    seal = pygame.Surface((seal_w, seal_h), pygame.SRCALPHA)
    pygame.draw.rect(seal, (*VERMILION, alpha), seal.get_rect(), border_radius=radius)
    pygame.draw.rect(seal, (*mix(VERMILION, WASHI, rim), 255), seal.get_rect().inflate(-pad, -pad),
                     width=1, border_radius=radius - 1)
    for i, ch in enumerate(kanji):
        glyph = jp.render(ch, True, WASHI)
        ink = glyph.get_bounding_rect()
        seal.blit(glyph, (round(seal_w / 2 - ink.centerx),
                          round(pad + cell * i + cell / 2 - ink.centery)))
    return seal


def render_inn_label(town: str, kanji: str, size: int) -> pygame.Surface:
    """An inn's name: a vermilion seal with the town's kanji stacked in it, then the name in
    bold ink, on a soft halo of paper."""
    font = pygame.font.Font(str(font_path(bold=True)), size)
    name = render_spaced(font, town, SUMI, 1.0)
    seal = kanji_seal(kanji, font_px=13, cell=14, pad=4, alpha=255, radius=3, rim=0.45)
    seal_w, seal_h = seal.get_size()
    ink = name.get_bounding_rect()
    gap = 6
    block = pygame.Surface((seal_w + gap + ink.width, max(seal_h, ink.height)), pygame.SRCALPHA)
    block.blit(seal, (0, (block.get_height() - seal_h) // 2))
    block.blit(name, (seal_w + gap - ink.left, (block.get_height() - ink.height) // 2 - ink.top))
    return with_halo(block, WASHI, 2)


def place_inn_labels(positions: list[TokaidoPosition], layout: TokaidoLayout,
                     labels: dict[int, pygame.Surface], style: dict[str, Any],
                     width: int, height: int) -> dict[int, Box]:
    """Where each inn's name goes: beside the inn, clear of every position, slot, queue and
    the road; the designer's side first, then above, below, right, left."""
    r_stop, r_inn = float(style["stop_radius_px"]), float(style["inn_radius_px"])
    discs: list[tuple[Point, float]] = []
    for pos, pt in layout.points.items():
        discs.append((pt, (r_inn if pos in TOKAIDO_INNS else r_stop) + 6))
    for pos, (dx, dy) in layout.sides.items():
        discs.append(((layout.points[pos][0] + dx, layout.points[pos][1] + dy), r_stop + 6))
    for pos in layout.queues:
        discs.extend((slot, 18.0) for slot in layout.queue_slots(pos)[1:])
    road = densify(layout.road.line, 3.0)
    boxes: dict[int, Box] = {}
    by_pos = {p.pos: p for p in positions}
    for pos in TOKAIDO_INNS:
        surf = labels[pos]
        w, h = surf.get_width(), surf.get_height()
        x, y = layout.points[pos]
        reach = r_inn + 8
        spots = {"above": (x, y - reach - h / 2), "below": (x, y + reach + h / 2),
                 "right": (x + reach + w / 2, y), "left": (x - reach - w / 2, y)}
        order = [by_pos[pos].label] if by_pos[pos].label else []
        order += [k for k in ("above", "below", "right", "left") if k not in order]
        for key in order:
            # Slide along the side a little if the centred spot is taken.
            for slide in (0, 16, -16, 32, -32, 48, -48):
                cx, cy = spots[key]
                if key in ("above", "below"):
                    cx += slide
                else:
                    cy += slide * 0.5
                box = ink_box(surf, (cx, cy))
                if not box.inside(width, height, 4):
                    continue
                if any(box.distance_to(c) < r for c, r in discs):
                    continue
                if any(box.distance_to(q) < 12 for q in road):
                    continue
                if any(box.grow(4).overlaps(b) for b in boxes.values()):
                    continue
                boxes[pos] = box
                break
            if pos in boxes:
                break
        else:
            raise SystemExit(f"make_maps: tokaido: no room for the name of the inn at {pos}")
    return boxes


def make_tokaido(data_dir: Path, out_dir: Path) -> list[Path]:
    """maps/tokaido.png and maps/tokaido.tmx: the East Sea Road, Kyoto to Edo, painted.

    The map: image layer `art`; object layer `path` with one polyline `route` (type "road",
    from "1" to "55") through every position in order, each position one of its vertices;
    object layer `road` with the 55 positions as points named "1".."55", typed by kind, with
    `pos`, `doubled`, `route_vertex` (its index in the route), for doubled stops `side_dx`,
    `side_dy` (the second slot's offset), for inns `town` and `inn_dx`, `inn_dy` (one step of
    the queue: the k-th arrival, from 0, stands at x + k * inn_dx, y + k * inn_dy). The art
    has no medallions and no icons: the scene draws those.
    """
    del data_dir  # a painted board: no Natural Earth needed
    pygame.font.init()
    # Every smoothscale here with the generic filter: the same bytes on every CPU, and
    # whichever map was built before in the same run.
    pygame.transform.set_smoothscale_backend("GENERIC")
    data, positions = load_tokaido_board(TOKAIDO_BOARD)
    board, style, art = data["board"], data["style"], data["art"]
    width, height = int(board["width_px"]), int(board["height_px"])
    tile = int(board["tile_px"])
    layout = tokaido_layout(data, positions)
    rng = TokaidoRandom(int(board["seed"]))
    r_stop, r_inn = float(style["stop_radius_px"]), float(style["inn_radius_px"])
    s = SUPERSAMPLE

    by_pos = {p.pos: p for p in positions}
    labels = {pos: render_inn_label(by_pos[pos].town, by_pos[pos].kanji,
                                    int(style["label_font_px"])) for pos in TOKAIDO_INNS}
    label_boxes = place_inn_labels(positions, layout, labels, style, width, height)
    side_slots = {pos: (layout.points[pos][0] + dx, layout.points[pos][1] + dy)
                  for pos, (dx, dy) in layout.sides.items()}
    seal = art.get("title_seal")
    title = render_title_seal(str(seal["kanji"]), str(seal["text"])) if seal else None
    if title is not None:
        title_at = (float(seal["x"]), float(seal["y"]))
        title_box = ink_box(title, title_at)
        if (not title_box.inside(width, height, 12)
                or any(title_box.distance_to(c) < (r_inn if pos in TOKAIDO_INNS else r_stop) + 12
                       for pos, c in layout.points.items())
                or any(title_box.distance_to(c) < r_stop + 12 for c in side_slots.values())
                or any(title_box.distance_to(c) < 24 for pos in layout.queues
                       for c in layout.queue_slots(pos))
                or any(title_box.distance_to(c) < 16 for c in densify(layout.road.line, 3.0))
                or any(title_box.overlaps(box.grow(8)) for box in label_boxes.values())):
            raise SystemExit("make_maps: tokaido: the title seal crowds the road or a name")
        label_boxes_and_title = [*label_boxes.values(), title_box]
    else:
        label_boxes_and_title = list(label_boxes.values())

    # The river crosses the road halfway between two positions (where the bridge stands).
    river = art["river"]
    a, b = river["cross_between"]
    cross_s = (layout.along[a] + layout.along[b]) / 2
    crossing = layout.road.at(cross_s)
    river_line = ([tuple(p) for p in river["above"]] + [crossing]
                  + [tuple(p) for p in river["below"]])
    for q in densify(catmull_rom(river_line, 2.0), 2.0):
        for pos, pt in layout.points.items():
            if math.dist(q, pt) < (r_inn if pos in TOKAIDO_INNS else r_stop) + 10:
                raise SystemExit(f"make_maps: tokaido: the river runs through position {pos}")
        for pos, pt in side_slots.items():
            if math.dist(q, pt) < r_stop + 10:
                raise SystemExit(f"make_maps: tokaido: the river runs through the second "
                                 f"slot of {pos}")

    # Small scenery (pines, hamlets) must stand wholly outside the space the game needs;
    # large shapes (mountains, mist) may reach into it and are faded out there.
    road_samples = densify(layout.road.line, 3.0)
    queue_slots = [q for pos in layout.queues for q in layout.queue_slots(pos)[1:]]

    def crowds(pt: Point) -> bool:
        return (any(math.dist(pt, q) < 20 for q in road_samples)
                or any(math.dist(pt, c) < (r_inn if pos in TOKAIDO_INNS else r_stop) + 16
                       for pos, c in layout.points.items())
                or any(math.dist(pt, c) < r_stop + 14 for c in side_slots.values())
                or any(math.dist(pt, c) < 22 for c in queue_slots)
                or any(box.grow(5).distance_to(pt) == 0 for box in label_boxes_and_title))

    crowding = [f"pine at {x:g},{y:g}" for x, y, size, _ in art.get("pines", [])
                if any(crowds(q) for q in ((x, y), (x - size * 0.45, y - size * 0.7),
                                           (x + size * 0.45, y - size * 0.7), (x, y - size)))]
    for x, y, count, size in art.get("houses", []):
        reach = size * count * 0.55
        corners = ((x - reach, y), (x + reach, y), (x - reach, y - size * 0.8),
                   (x + reach, y - size * 0.8))
        if any(crowds(q) for q in corners):
            crowding.append(f"hamlet at {x:g},{y:g}")
    if crowding:
        raise SystemExit("make_maps: tokaido: scenery too close to the road or its places: "
                         + ", ".join(crowding))

    # ---- ground: paper, the river, the sea ----
    canvas = Canvas(width, height, WASHI)
    paint_washi(canvas, rng)
    coast = catmull_rom([tuple(p) for p in art["coast"]], 2.0)
    paint_sand(canvas, coast)
    water = Layer(width, height)
    paint_river(water, river_line)
    canvas.surface.blit(water.surface, (0, 0))
    del water
    paint_sea(canvas, coast)
    paint_vignette(canvas)

    # ---- scenery, kept clear of the road, the positions, their slots and the names ----
    scenery = Layer(width, height)
    for x, y, cols, rows, cell, skew in art.get("paddies", []):
        paint_paddies(scenery, x, y, int(cols), int(rows), cell, skew)
    for m in art.get("mountains", []):
        paint_mountains(scenery, [tuple(p) for p in m["ridge"]], float(m["base"]),
                        float(m.get("tone", 1.0)), rng)
    fuji = art["fuji"]
    paint_fuji(scenery, float(fuji["x"]), float(fuji["base"]), float(fuji["width"]),
               float(fuji["height"]))
    sun = art.get("sun")
    if sun:
        paint_sun(scenery, float(sun["x"]), float(sun["y"]), float(sun["radius"]))
    for x, y, w, h in art.get("clouds", []):
        paint_cloud(scenery, x, y, w, h, rng)
    pagoda = art.get("pagoda")
    if pagoda:
        paint_pagoda(scenery, float(pagoda["x"]), float(pagoda["base"]), float(pagoda["height"]))
    for x, y, count, size in art.get("houses", []):
        paint_houses(scenery, x, y, int(count), size)
    for x, y, size, lean in art.get("pines", []):
        paint_pine(scenery, x, y, size, lean)
    for x, y, size in art.get("boats", []):
        paint_boat(scenery, x, y, size)
    clear = pygame.Surface((width, height), pygame.SRCALPHA)
    clear.fill((255, 255, 255, 255))
    hole = (255, 255, 255, 0)
    pygame.draw.lines(clear, hole, False, layout.road.line, 34)
    for pos, pt in layout.points.items():
        pygame.draw.circle(clear, hole, pt, (r_inn if pos in TOKAIDO_INNS else r_stop) + 15)
    for pt in side_slots.values():
        pygame.draw.circle(clear, hole, pt, r_stop + 13)
    for pos in layout.queues:
        slots = layout.queue_slots(pos)
        pygame.draw.line(clear, hole, slots[0], slots[-1], 40)
        pygame.draw.circle(clear, hole, slots[-1], 20)
    for box in label_boxes_and_title:
        pygame.draw.rect(clear, hole, pygame.Rect(box.left - 5, box.top - 5,
                                                  box.right - box.left + 10,
                                                  box.bottom - box.top + 10), border_radius=8)
    clear = pygame.transform.gaussian_blur(clear, 3)
    scenery.surface.blit(pygame.transform.smoothscale(clear, scenery.surface.get_size()), (0, 0),
                         special_flags=pygame.BLEND_RGBA_MULT)
    canvas.surface.blit(scenery.surface, (0, 0))
    del scenery, clear

    # ---- the road: a pale dirt path with soft edges, inn yards with their queues, short
    # spurs to the second slots ----
    path = Layer(width, height)
    half = float(style["road_width_px"]) / 2
    edge = (*mix(DIRT, hex_colour("#9a8058"), 0.32), 255)
    path.surface.fill((*edge[:3], 0))   # blurring mixes in the colour of clear pixels too
    fill = (*DIRT, 255)
    yard = (*mix(DIRT, WASHI, 0.45), 255)
    for colour, grow in ((edge, 1.2), (fill, 0.0)):
        path.line(layout.road.line, colour[:3], 2 * (half + grow))
        for pos, (sx, sy) in side_slots.items():
            x, y = layout.points[pos]
            path.line([(x, y), (sx, sy)], colour[:3], 10 + 2 * grow)
            pygame.draw.circle(path.surface, colour, (sx * s, sy * s), (r_stop + 3 + grow) * s)
        for pos in layout.queues:
            slots = layout.queue_slots(pos)
            path.line([slots[0], slots[-1]], colour[:3], 26 + 2 * grow)
            pygame.draw.circle(path.surface, colour, (slots[0][0] * s, slots[0][1] * s),
                               (r_inn + 6 + grow) * s)
    for pos in layout.queues:
        slots = layout.queue_slots(pos)
        path.line([slots[1], slots[-1]], yard[:3], 21)
        for slot in slots[1:]:
            pygame.draw.circle(path.surface, (*mix(DIRT, hex_colour("#8a7350"), 0.3), 255),
                               (slot[0] * s, slot[1] * s), 9 * s, max(1, round(0.7 * s)))
    path.surface = pygame.transform.gaussian_blur(path.surface, round(0.8 * s))
    # A faint grain of pebbles on the path.
    for _ in range(900):
        t = rng.uniform(0, layout.road.length)
        (x, y), (tx, ty) = layout.road.at(t), layout.road.direction(t)
        off = rng.uniform(-half * 0.8, half * 0.8)
        pygame.draw.circle(path.surface, (*mix(DIRT, hex_colour("#8a7350"), 0.4), 140),
                           ((x - ty * off) * s, (y + tx * off) * s), rng.uniform(0.6, 1.4) * s)
    canvas.surface.blit(path.surface, (0, 0))
    del path

    # The bridge over the river, then a faint shadow under every position and slot.
    bridge = Layer(width, height)
    paint_bridge(bridge, crossing, layout.road.direction(cross_s), 24.0, 2 * half)
    canvas.surface.blit(bridge.surface, (0, 0))
    del bridge
    shade = Layer(width, height)
    shade.surface.fill((*hex_colour("#5a4630"), 0))
    shadow = (*hex_colour("#5a4630"), 40)
    for pos, (x, y) in layout.points.items():
        r = (r_inn if pos in TOKAIDO_INNS else r_stop) + 1.5
        pygame.draw.circle(shade.surface, shadow, ((x + 1.5) * s, (y + 2.5) * s), r * s)
    for x, y in side_slots.values():
        pygame.draw.circle(shade.surface, shadow, ((x + 1.5) * s, (y + 2.5) * s),
                           (r_stop + 1.5) * s)
    shade.surface = pygame.transform.gaussian_blur(shade.surface, 2 * s)
    canvas.surface.blit(shade.surface, (0, 0))
    del shade
    # A thin double rule round the sheet, as round a print.
    for inset, ink, w in ((4.0, (*SUMI, 150), 1.3), (7.5, (*SUMI, 90), 0.6)):
        frame = [(inset, inset), (width - inset, inset), (width - inset, height - inset),
                 (inset, height - inset)]
        rule = Layer(width, height)
        rule.line(frame + frame[:1], ink[:3], w)
        rule.surface.set_alpha(ink[3])
        canvas.surface.blit(rule.surface, (0, 0))
    image = canvas.finish()
    del canvas

    # ---- names at the final size ----
    for pos, box in label_boxes.items():
        surf = labels[pos]
        rect = surf.get_bounding_rect()
        image.blit(surf, (round(box.left - rect.left), round(box.top - rect.top)))
    if title is not None:
        image.blit(title, (round(title_at[0] - title.get_width() / 2),
                           round(title_at[1] - title.get_height() / 2)))

    out_dir.mkdir(parents=True, exist_ok=True)
    png = out_dir / "tokaido.png"
    pygame.image.save(image, str(png))

    road_objects = []
    for p in positions:
        x, y = layout.points[p.pos]
        props: list[tuple[str, str, Any]] = [("pos", "int", p.pos), ("doubled", "bool", p.doubled)]
        if p.doubled:
            props += [("side_dx", "int", layout.sides[p.pos][0]),
                      ("side_dy", "int", layout.sides[p.pos][1])]
        if p.kind == "inn":
            props += [("town", "string", p.town), ("inn_dx", "int", layout.queues[p.pos][0]),
                      ("inn_dy", "int", layout.queues[p.pos][1])]
        props.append(("route_vertex", "int", layout.route_vertex[p.pos]))
        road_objects.append({"name": str(p.pos), "type": p.kind, "x": x, "y": y, "point": True,
                             "properties": props})
    route_object = {"name": "route", "type": "road", "x": layout.route[0][0],
                    "y": layout.route[0][1], "polyline": layout.route,
                    "properties": [("from", "string", "1"), ("to", "string", "55")]}
    tmx = out_dir / "tokaido.tmx"
    write_tmx(tmx, width_px=width, height_px=height, tile=tile, properties=[
        ("title", "string", str(board["title"])),
        ("stop_radius_px", "int", int(style["stop_radius_px"])),
        ("inn_radius_px", "int", int(style["inn_radius_px"])),
        ("side_offset_px", "int", int(style["side_offset_px"])),
        ("queue_step_px", "int", int(style["queue_step_px"])),
        ("road_width_px", "int", int(style["road_width_px"])),
        ("credit", "string", "Painted for Journeys by build_scripts/make_maps.py"),
    ], image_layers=[("art", png.name)],
        object_layers=[("path", [route_object]), ("road", road_objects)])
    return [png, tmx]


def render_title_seal(kanji: str, text: str) -> pygame.Surface:
    """The board's title: a vermilion seal with the road's name in kanji, stacked, and the
    name in small italic capitals under it."""
    seal = kanji_seal(kanji, font_px=17, cell=19, pad=6, alpha=235, radius=4, rim=0.5)
    seal_w, seal_h = seal.get_size()
    font = pygame.font.Font(str(font_path(italic=True)), 13)
    caption = render_spaced(font, text, mix(SUMI, WASHI, 0.25), 2.0)
    out = pygame.Surface((max(seal_w, caption.get_width()), seal_h + 4 + caption.get_height()),
                         pygame.SRCALPHA)
    out.blit(seal, ((out.get_width() - seal_w) // 2, 0))
    out.blit(caption, ((out.get_width() - caption.get_width()) // 2, seal_h + 4))
    return with_halo(out, WASHI, 1)


# --------------------------------------------------------------------------------------------

MAPS: dict[str, Callable[[Path, Path], list[Path]]] = {
    "ubike": make_ubike,
    "staedtetour": make_staedtetour,
    "tokaido": make_tokaido,
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
