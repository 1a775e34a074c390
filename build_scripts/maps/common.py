"""The cartography every board builder shares: palette, projections, Natural Earth, geometry,
supersampled drawing, map lettering and the Tiled writer.

Projections are pyproj's; clipping, simplifying, buffering and point-in-area are shapely's. The
drawing is pygame's: shapes at SUPERSAMPLE times the size, smoothed down for anti-aliasing,
text at the final size so it stays crisp. Same data, same libraries: the same bytes.
"""
from __future__ import annotations

import dataclasses
import gzip
import json
import math
import os
import tomllib
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyproj
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
BOARDS = Path(__file__).resolve().parent / "boards"
DEFAULT_DATA = REPO.parent / "shared" / "data" / "naturalearth"
SUPERSAMPLE = 4
# Round joins of a buffer as GEOS draws them: 8 segments a quarter circle keep the largest
# coast band (18 px, 72 px supersampled) within a third of a supersampled pixel of the disc.
BUFFER_QUAD_SEGS = 8

LonLat = tuple[float, float]
Point = tuple[float, float]
Colour = tuple[int, int, int]
BBox = tuple[float, float, float, float]   # lon_min, lat_min, lon_max, lat_max


def start_drawing() -> None:
    """What every builder does first: fonts on, and the generic smoothscale filter (the same
    on every CPU, whichever maps are built in one run and in which order)."""
    pygame.font.init()
    pygame.transform.set_smoothscale_backend("GENERIC")


def load_board(name: str) -> dict[str, Any]:
    """The designer's data of a board, boards/<name>.toml."""
    with open(BOARDS / f"{name}.toml", "rb") as handle:
        return tomllib.load(handle)


# --------------------------------------------------------------------------------------------
# Colours
# --------------------------------------------------------------------------------------------

def hex_colour(code: str) -> Colour:
    """'#e9dfc7' -> (233, 223, 199)."""
    code = code.lstrip("#")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour t of the way from a to b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


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


# --------------------------------------------------------------------------------------------
# Projections: a pyproj projection laid on the map's pixels
# --------------------------------------------------------------------------------------------

class MapProjection:
    """lon/lat -> map pixels: pyproj's projection (easting E, northing N), then
    x = x0 + sx * E and y = y0 - sy * N (pixels run down the map)."""

    def __init__(self, definition: str, *, sx: float, sy: float, x0: float, y0: float,
                 width: int, height: int):
        self.proj = pyproj.Proj(definition)
        self.sx, self.sy, self.x0, self.y0 = sx, sy, x0, y0
        self.width, self.height = width, height

    def to_px(self, lon: float, lat: float) -> Point:
        east, north = self.proj(lon, lat)
        return self.x0 + self.sx * east, self.y0 - self.sy * north

    def to_px_array(self, lonlat: np.ndarray) -> np.ndarray:
        """(N, 2) lon/lat -> (N, 2) pixels; the shape shapely.transform hands over."""
        east, north = self.proj(lonlat[:, 0], lonlat[:, 1])
        return np.column_stack((self.x0 + self.sx * np.asarray(east),
                                self.y0 - self.sy * np.asarray(north)))

    def to_lonlat(self, x: float, y: float) -> LonLat:
        """The inverse of to_px."""
        lon, lat = self.proj((x - self.x0) / self.sx, (self.y0 - y) / self.sy, inverse=True)
        return float(lon), float(lat)

    def project(self, points: Sequence[LonLat]) -> list[Point]:
        """A list of lon/lat points in map pixels."""
        if not points:
            return []
        return [(float(x), float(y)) for x, y in self.to_px_array(np.asarray(points, float))]

    def bounds(self) -> BBox:
        """lon_min, lat_min, lon_max, lat_max of the map window (its edges sampled)."""
        t = np.linspace(0.0, 1.0, 101)
        xs = np.concatenate((self.width * t, self.width * t, np.zeros(101),
                             np.full(101, float(self.width))))
        ys = np.concatenate((np.zeros(101), np.full(101, float(self.height)),
                             self.height * t, self.height * t))
        lon, lat = self.proj((xs - self.x0) / self.sx, (self.y0 - ys) / self.sy, inverse=True)
        return float(np.min(lon)), float(np.min(lat)), float(np.max(lon)), float(np.max(lat))

    def bbox(self, margin_deg: float = 0.0) -> BBox:
        lon_min, lat_min, lon_max, lat_max = self.bounds()
        return (lon_min - margin_deg, lat_min - margin_deg,
                lon_max + margin_deg, lat_max + margin_deg)


class Equirectangular(MapProjection):
    """Equirectangular (pyproj's eqc, true scale at the centre latitude) on a window.

    The map's custom properties store the four bounds, and the map keeps their promise: a
    pixel is x = (lon - lon_min) / (lon_max - lon_min) * width and
    y = (lat_max - lat) / (lat_max - lat_min) * height (eqc is linear in lon and in lat).
    """

    # The sphere whose degree of latitude is 111.32 km, the length the scale bar uses.
    RADIUS_M = 6378137.0

    def __init__(self, lon_min: float, lon_max: float, lat_min: float, lat_max: float,
                 width: int, height: int):
        self.lon_min, self.lon_max, self.lat_min, self.lat_max = lon_min, lon_max, lat_min, lat_max
        lat_ts = (lat_min + lat_max) / 2
        definition = f"+proj=eqc +lat_ts={lat_ts!r} +R={self.RADIUS_M!r} +units=m +no_defs"
        # The pixel scale and offset that put the four bounds on the map's edges.
        (e0, e1), (n1, n0) = pyproj.Proj(definition)([lon_min, lon_max], [lat_max, lat_min])
        sx, sy = width / (e1 - e0), height / (n1 - n0)
        super().__init__(definition, sx=sx, sy=sy, x0=-sx * e0, y0=sy * n1,
                         width=width, height=height)

    @classmethod
    def centred(cls, lon: float, lat: float, lat_span: float, width: int, height: int,
                digits: int = 4) -> Equirectangular:
        """A window around (lon, lat) whose pixels are square at its centre latitude.

        Bounds are rounded to `digits` decimals so the stored properties read cleanly; the
        aspect error this brings is far below a pixel.
        """
        lon_span = lat_span * (width / height) / math.cos(math.radians(lat))
        return cls(round(lon - lon_span / 2, digits), round(lon + lon_span / 2, digits),
                   round(lat - lat_span / 2, digits), round(lat + lat_span / 2, digits),
                   width, height)

    def px_per_km(self) -> float:
        """Pixels per kilometre (north-south, which is the same east-west at the centre)."""
        return self.sy * 1000.0

    def bounds(self) -> BBox:
        return self.lon_min, self.lat_min, self.lon_max, self.lat_max


class LambertConic(MapProjection):
    """Lambert conformal conic on a sphere (pyproj's lcc with +R), in pixels.

    Meridians are straight lines that meet north of the map and parallels are arcs round that
    point, so shapes stay true from Morocco to Finland. The map stores the parameters; with
    E, N the projection's kilometres from (lon_0, lat_0):

        x = origin_x + px_per_km * E        y = origin_y - px_per_km * N

    px_per_km is exact on the standard parallels lat_1 and lat_2 (a little less between).
    """

    EARTH_RADIUS_KM = 6371.0

    def __init__(self, *, lon_0: float, lat_0: float, lat_1: float, lat_2: float,
                 px_per_km: float, origin_x: float, origin_y: float, width: int, height: int):
        self.lon_0, self.lat_0, self.lat_1, self.lat_2 = lon_0, lat_0, lat_1, lat_2
        self.scale, self.origin_x, self.origin_y = px_per_km, origin_x, origin_y
        definition = (f"+proj=lcc +lat_1={lat_1!r} +lat_2={lat_2!r} +lat_0={lat_0!r} "
                      f"+lon_0={lon_0!r} +R={self.EARTH_RADIUS_KM * 1000!r} +units=km +no_defs")
        super().__init__(definition, sx=px_per_km, sy=px_per_km, x0=origin_x, y0=origin_y,
                         width=width, height=height)

    def px_per_km(self, lat: float = 50.0) -> float:
        """Pixels per kilometre on the ground at `lat` (the same in every direction)."""
        return self.scale * float(self.proj.get_factors(self.lon_0, lat).parallel_scale)

    def north_angle(self, lon: float, lat: float | None = None) -> float:
        """How far true north at `lon` is turned clockwise from straight up, in degrees
        (PROJ's meridian convergence turns the other way; on a cone it needs no latitude)."""
        factors = self.proj.get_factors(lon, self.lat_0 if lat is None else lat)
        return -float(factors.meridian_convergence)


# --------------------------------------------------------------------------------------------
# Natural Earth and geometry
# --------------------------------------------------------------------------------------------

def read_features(data_dir: Path, stem: str) -> list[dict[str, Any]]:
    """The features of `<stem>.json.gz` in the Natural Earth folder."""
    path = data_dir / f"{stem}.json.gz"
    if not path.is_file():
        raise SystemExit(f"make_maps: {path} is missing (is --data right?)")
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return json.load(handle)["features"]


def polygon_rings(geometry: dict[str, Any] | None) -> Iterator[list[list[LonLat]]]:
    """Each polygon of a GeoJSON (Multi)Polygon as its rings, exterior first."""
    if not geometry:
        return
    if geometry["type"] == "Polygon":
        yield [[tuple(p[:2]) for p in ring] for ring in geometry["coordinates"]]
    elif geometry["type"] == "MultiPolygon":
        for poly in geometry["coordinates"]:
            yield [[tuple(p[:2]) for p in ring] for ring in poly]


def line_parts(geometry: dict[str, Any] | None) -> Iterator[list[LonLat]]:
    """Each part of a GeoJSON (Multi)LineString."""
    if not geometry:
        return
    if geometry["type"] == "LineString":
        yield [tuple(p[:2]) for p in geometry["coordinates"]]
    elif geometry["type"] == "MultiLineString":
        for part in geometry["coordinates"]:
            yield [tuple(p[:2]) for p in part]


def touches(points: Sequence[LonLat], bbox: BBox) -> bool:
    """True if the bounding box of `points` meets `bbox` (a cheap test before real work)."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return not (max(xs) < bbox[0] or min(xs) > bbox[2] or max(ys) < bbox[1] or min(ys) > bbox[3])


def polygons_of(geometry: BaseGeometry) -> list[Polygon]:
    """The non-empty polygons of any shapely geometry (a clip may leave lines and points)."""
    return [g for g in shapely.get_parts(geometry)
            if isinstance(g, Polygon) and not g.is_empty]


def clip_polygons(features: Iterable[dict[str, Any]], bbox: BBox, *,
                  holes: bool = True) -> list[Polygon]:
    """The Natural Earth polygons cut to `bbox` (lon/lat), exteriors only unless `holes`.

    Continents are single rings of tens of thousands of points: cutting them to a little more
    than the window keeps drawing fast. The cut edges run along the bbox, outside the map.
    """
    out: list[Polygon] = []
    for feature in features:
        for rings in polygon_rings(feature["geometry"]):
            if not touches(rings[0], bbox):
                continue
            poly = Polygon(rings[0], rings[1:] if holes else None)
            out.extend(polygons_of(shapely.clip_by_rect(poly, *bbox)))
    return out


def ring_points(ring: Any) -> list[Point]:
    """A shapely ring as an open list of points (pygame closes polygons itself)."""
    coords = [(float(x), float(y)) for x, y in ring.coords]
    return coords[:-1] if len(coords) > 1 and coords[0] == coords[-1] else coords


def chaikin(ring: Sequence[Point], rounds: int = 2) -> list[Point]:
    """Corner-cutting smoothing of a closed ring.

    Natural Earth's 1:10m coast has a vertex every few kilometres, which shows as facets at
    board scale; two rounds of Chaikin round them off while moving the coast by well under a
    kilometre. (Vectorised; the same arithmetic as point by point.)
    """
    pts = np.asarray(ring, dtype=float).reshape(-1, 2)
    if len(pts) > 1 and np.array_equal(pts[0], pts[-1]):
        pts = pts[:-1]
    for _ in range(rounds):
        nxt = np.roll(pts, -1, axis=0)
        out = np.empty((2 * len(pts), 2))
        out[0::2] = 0.75 * pts + 0.25 * nxt
        out[1::2] = 0.25 * pts + 0.75 * nxt
        pts = out
    return [(float(x), float(y)) for x, y in pts]


@dataclasses.dataclass(frozen=True)
class PixelArea:
    """A polygon in map pixels: its rings as pygame draws them, and the shape shapely
    measures (buffers, point-in-area)."""

    outer: list[Point]
    holes: list[list[Point]]

    @property
    def shape(self) -> Polygon:
        poly = Polygon(self.outer, self.holes)
        # Smoothing can fold a sub-pixel spit onto itself; GEOS wants valid input.
        return poly if poly.is_valid else shapely.make_valid(poly)


def across(ring: Sequence[Point]) -> float:
    """The diagonal of a ring's bounding box: how big it prints."""
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    return math.hypot(max(xs) - min(xs), max(ys) - min(ys))


def pixel_areas(polygons: Iterable[Polygon], proj: MapProjection, *, smooth: int = 2,
                densify_deg: float | None = None, simplify_px: float | None = None,
                holes: bool = True) -> list[PixelArea]:
    """Lon/lat polygons in map pixels: long edges split first (so the cut along the clip box
    follows the parallels' arcs instead of cutting across as chords), then projected, then
    the rings smoothed (Chaikin).

    With simplify_px, coast detail below that is shed first (Douglas-Peucker, topology kept)
    and so are islands and lakes less than a pixel across, which would only print as specks.
    """
    out: list[PixelArea] = []
    for poly in polygons:
        if densify_deg:
            poly = shapely.segmentize(poly, densify_deg)
        poly = shapely.transform(poly, proj.to_px_array)
        parts = [poly]
        if simplify_px:
            parts = polygons_of(shapely.simplify(poly, simplify_px, preserve_topology=True))
        speck = 1.0 if simplify_px else 0.0

        def keep(ring: list[Point], speck: float = speck) -> bool:
            return len(ring) >= 3 and (not speck or across(ring) >= speck)

        for part in parts:
            outer = ring_points(part.exterior)
            if not keep(outer):
                continue
            inner = [ring_points(r) for r in part.interiors] if holes else []
            out.append(PixelArea(chaikin(outer, smooth),
                                 [chaikin(r, smooth) for r in inner if keep(r)]))
    return out


def union_of(areas: Iterable[PixelArea]) -> BaseGeometry:
    """All the areas as one shapely geometry."""
    return shapely.union_all([a.shape for a in areas])


def densify(line: Sequence[Point], step: float) -> list[Point]:
    """Points every `step` pixels along a polyline (the samples the placement checks use)."""
    out: list[Point] = [line[0]]
    for (x0, y0), (x1, y1) in zip(line, line[1:]):
        n = max(1, math.ceil(math.dist((x0, y0), (x1, y1)) / step))
        out.extend((x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n) for i in range(1, n + 1))
    return out


def nudge_apart(points: dict[Any, Point], gap: float, rounds: int = 50) -> dict[Any, Point]:
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


# --------------------------------------------------------------------------------------------
# Supersampled drawing
# --------------------------------------------------------------------------------------------

Shape = BaseGeometry | PixelArea | Sequence[Point]


def as_geometry(shape: Shape) -> BaseGeometry:
    """A ring (point list), a PixelArea or a shapely geometry, as a shapely geometry."""
    if isinstance(shape, BaseGeometry):
        return shape
    if isinstance(shape, PixelArea):
        return shape.shape
    return PixelArea(list(shape), []).shape


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

    def area(self, shape: Shape, colour: Colour) -> None:
        """Fill a polygon or area, holes left as they were (an opaque colour)."""
        if isinstance(shape, PixelArea):
            pieces = [(shape.outer, shape.holes)]
        else:
            pieces = [(ring_points(p.exterior), [ring_points(r) for r in p.interiors])
                      for p in polygons_of(as_geometry(shape))]
        for outer, holes in pieces:
            if len(outer) < 3:
                continue
            if not holes:
                pygame.draw.polygon(self.surface, colour, self.s(outer))
                continue
            # pygame fills one ring at a time: draw the polygon on a scratch surface over its
            # box, clear the holes there, and lay it on. A whole-pixel shift (never left of
            # or above 0) rounds every vertex exactly as drawing in place would.
            pts = self.s(outer)
            x0 = max(0, math.floor(min(x for x, _ in pts)))
            y0 = max(0, math.floor(min(y for _, y in pts)))
            x1 = min(self.surface.get_width(), math.ceil(max(x for x, _ in pts)) + 1)
            y1 = min(self.surface.get_height(), math.ceil(max(y for _, y in pts)) + 1)
            if x1 <= x0 or y1 <= y0:
                continue
            scratch = pygame.Surface((x1 - x0, y1 - y0), pygame.SRCALPHA)
            scratch.fill((0, 0, 0, 0))
            pygame.draw.polygon(scratch, (*colour[:3], 255),
                                [(x - x0, y - y0) for x, y in pts])
            for hole in holes:
                if len(hole) >= 3:
                    pygame.draw.polygon(scratch, (0, 0, 0, 0),
                                        [(x - x0, y - y0) for x, y in self.s(hole)])
            self.surface.blit(scratch, (x0, y0))

    def buffer(self, shape: Shape, radius: float, colour: Colour) -> None:
        """The shape grown by `radius` map pixels (its Minkowski sum with a disc), filled;
        a negative radius shrinks it."""
        self.area(shapely.buffer(as_geometry(shape), radius, quad_segs=BUFFER_QUAD_SEGS),
                  colour)

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


class Layer(Canvas):
    """A transparent supersampled layer, to be laid on a Canvas."""

    def __init__(self, width: int, height: int, scale: int = SUPERSAMPLE):
        self.width, self.height, self.scale = width, height, scale
        self.surface = pygame.Surface((width * scale, height * scale), pygame.SRCALPHA)
        self.surface.fill((0, 0, 0, 0))


# --------------------------------------------------------------------------------------------
# Lettering and furniture
# --------------------------------------------------------------------------------------------

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


def save_indexed(image: pygame.Surface, path: Path, colours: int = 256) -> float:
    """Save a flat-coloured map as a PNG of at most `colours` palette entries: its most
    frequent colours, each other colour drawn as the nearest of them (no dithering). A big
    board loads about four times faster and holds a third of the memory as one byte a pixel.
    Returns the mean error per channel, to check that the map suits a palette. The same
    picture gives the same bytes (ties broken by the colour's value)."""
    rgb = pygame.surfarray.array3d(image).astype(np.int64)            # (width, height, 3)
    packed = (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]
    values, where, counts = np.unique(packed.ravel(), return_inverse=True, return_counts=True)
    keep = values[np.argsort(-counts, kind="stable")[:colours]]
    palette = np.stack([(keep >> 16) & 255, (keep >> 8) & 255, keep & 255], axis=1)
    every = np.stack([(values >> 16) & 255, (values >> 8) & 255, values & 255], axis=1)
    nearest = np.empty(len(values), dtype=np.int64)
    for start in range(0, len(values), 2048):
        block = every[start:start + 2048, None, :] - palette[None, :, :]
        nearest[start:start + 2048] = (block * block).sum(axis=2).argmin(axis=1)
    index = nearest[where].reshape(packed.shape)
    indexed = pygame.Surface(image.get_size(), 0, 8)
    indexed.set_palette([tuple(int(v) for v in c) for c in palette])
    pygame.surfarray.blit_array(indexed, index.astype(np.uint8))
    pygame.image.save(indexed, str(path))
    return float(np.abs(palette[index] - rgb).mean())


def ink_box(surf: pygame.Surface, centre: Point) -> Box:
    """The box of the inked pixels of `surf` when it is drawn centred on `centre`."""
    rect = surf.get_bounding_rect()
    left = round(centre[0] - surf.get_width() / 2)
    top = round(centre[1] - surf.get_height() / 2)
    return Box(left + rect.left, top + rect.top, left + rect.right, top + rect.bottom)


def blit_centred(target: pygame.Surface, surf: pygame.Surface, centre: Point) -> Box:
    """Draw `surf` centred on `centre`; return the box of its ink."""
    target.blit(surf, (round(centre[0] - surf.get_width() / 2),
                       round(centre[1] - surf.get_height() / 2)))
    return ink_box(surf, centre)


def draw_scale_bar(image: pygame.Surface, px_per_km: float, at: Point, km: int) -> Box:
    """A '0 10 20 km' bar with its left end at `at`; returns its box."""
    font = pygame.font.Font(str(font_path()), 10)
    ink = mix(INK, SEA_INK, 0.4)
    light = mix(SEA, SHALLOW, 0.6)
    x0, y0 = round(at[0]), round(at[1])
    full = round(km * px_per_km)
    half = round(km / 2 * px_per_km)
    # Pixel-exact rectangles at the final size read sharper than smoothed ones.
    pygame.draw.rect(image, ink, (x0, y0, full + 1, 5))
    pygame.draw.rect(image, light, (x0 + 1, y0 + 1, half - 1, 3))
    for value, x in ((0, x0), (km // 2, x0 + half), (km, x0 + full)):
        text = str(value) if value != km else f"{km} km"
        label = with_halo(font.render(text, True, ink), light)
        # Numbers centred under their ticks; the last one starts at its tick ("20 km").
        lx = x - (label.get_width() // 2 if value != km else 5)
        image.blit(label, (lx, y0 + 6))
    return scale_bar_box(px_per_km, at, km)


def scale_bar_box(px_per_km: float, at: Point, km: int) -> Box:
    """What draw_scale_bar covers (its numbers under the bar included)."""
    return Box(at[0] - 6, at[1] - 2, at[0] + round(km * px_per_km) + 30, at[1] + 22)


# --------------------------------------------------------------------------------------------
# Land, sea and the lines on the land (the Natural Earth boards share this look)
# --------------------------------------------------------------------------------------------

class LandMask:
    """Land and sea at the final map size, as drawn, for checks (roads on land, names on
    land): a pixel lookup, so a check agrees with what the eye sees on the art."""

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


def shore_bands(canvas: Canvas, land: list[list[Point]], holes: list[list[Point]]) -> None:
    """The lighter band of shallow water along every coast, in soft steps with two faint
    waterlines (the look of the UBike board).

    Buffering every coast of Europe eight times (what the UBike board does) is slow and
    pointless at this scale: a blurred land mask thresholded at the levels a straight coast
    has at each distance gives the same bands, rounder round small islands, in a second.
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


def paint_land(width: int, height: int, land: list[list[Point]], holes: list[list[Point]],
               areas: Iterable[Any], lakes: list[list[Point]]) -> tuple[Canvas, Any]:
    """Sea with its shallow bands, the coast, the land with a faint darker rim just inside the
    coast (the UBike board's) and the lakes, on a new supersampled canvas; and the land as a
    mask, which keeps borders and rivers off the sea (`draw_land_lines`)."""
    canvas = Canvas(width, height, SEA)
    shore_bands(canvas, land, holes)
    for ring in land:
        canvas.buffer(ring, 0.6, COAST)
    for ring in land:
        canvas.polygon(ring, mix(PAPER, COAST, 0.16))
    for ring in holes:
        canvas.buffer(ring, 0.6, COAST)
        canvas.polygon(ring, SEA)
    for area in areas:
        canvas.buffer(area, -2.2, PAPER)
    rim = Canvas(width, height, (0, 0, 0))
    for ring in land:
        rim.polygon(ring, (255, 255, 255))
    for ring in holes:
        rim.polygon(ring, (0, 0, 0))
    land_only = pygame.mask.from_threshold(rim.surface, (255, 255, 255), (1, 1, 1, 255))
    del rim
    for ring in lakes:
        canvas.buffer(ring, 0.5, mix(SEA, COAST, 0.3))
        canvas.polygon(ring, mix(SEA, PAPER, 0.2))
    return canvas, land_only


def draw_land_lines(canvas: Canvas, land_only: Any, rivers: Iterable[Sequence[Point]],
                    river_ink: Colour, river_width: float, borders: Iterable[Sequence[Point]],
                    border_strokes: Sequence[tuple[Colour, float]]) -> None:
    """Rivers and borders on a layer of their own, cut to the land (Natural Earth's 1:50m
    lines overshoot its 1:10m coast by a pixel or two); each border drawn with every stroke
    of `border_strokes` in turn."""
    overlay = Layer(canvas.width, canvas.height)
    for line in rivers:
        overlay.line(line, river_ink, river_width)
    for line in borders:
        for ink, width in border_strokes:
            overlay.line(line, ink, width)
    overlay.surface.blit(land_only.to_surface(setcolor=(255, 255, 255, 255),
                                              unsetcolor=(255, 255, 255, 0)),
                         (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.surface.blit(overlay.surface, (0, 0))


# --------------------------------------------------------------------------------------------
# Tiled
# --------------------------------------------------------------------------------------------

def props_element(parent: ElementTree.Element, props: list[tuple[str, str, Any]]) -> None:
    """A Tiled <properties> element of (name, Tiled type, value) under `parent` (none if empty)."""
    if not props:
        return
    node = ElementTree.SubElement(parent, "properties")
    for name, kind, value in props:
        attrs = {"name": name}
        if kind != "string":
            attrs["type"] = kind
        attrs["value"] = format_value(value)
        ElementTree.SubElement(node, "property", attrs)


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
