"""Städtetour: Europe and North Africa, Dublin to Moscow and Rabat to Cairo
(maps/staedtetour.png and maps/staedtetour.tmx), with the bus network of
boards/staedtetour.toml on a Lambert conformal conic map of Natural Earth.
"""
from __future__ import annotations

import dataclasses
import math
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import shapely
from shapely.geometry import LineString

from .common import (BOARDS, INK, PAPER, SEA, SEA_INK, SHALLOW, Box, Canvas, LambertConic,
                     LandMask, LonLat, Point, blit_centred, clip_polygons, densify,
                     draw_land_lines, draw_scale_bar, font_path, ink_box, line_parts, mix,
                     nudge_apart, paint_land, pixel_areas, polygon_rings, read_features,
                     render_spaced, scale_bar_box, start_drawing, touches, with_halo, write_tmx)

NETWORK = BOARDS / "staedtetour.toml"
STOPS = 48
DESTINATIONS = 28
ROAD_MAX_WATER_PX = 14                  # a road's straits and bridges, in all
# Coast detail below this (map pixels) is shed before smoothing: far below what shows.
SIMPLIFY_PX = 0.2
NAME_INK = mix(INK, PAPER, 0.22)        # country names: muted, under the game's own labels
SEA_NAME_INK = mix(SEA_INK, SEA, 0.15)


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


def load_network(path: Path = NETWORK) -> tuple[dict[str, Any], dict[str, TourStop],
                                                list[TourRoad]]:
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
    check_graph(stops, roads, fail)
    return data, stops, roads


def check_graph(stops: dict[str, TourStop], roads: list[TourRoad],
                fail: Callable[[str], SystemExit]) -> None:
    """The rulebook's board: 48 stops (28 destinations), two or three ways out of every stop,
    a few forks, one connected network with several loops."""
    kinds = [s.kind for s in stops.values()]
    if len(stops) != STOPS or kinds.count("destination") != DESTINATIONS:
        raise fail(f"{len(stops)} stops with {kinds.count('destination')} destinations "
                   f"(the board has {STOPS} with {DESTINATIONS})")
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


def stop_radii(stops: dict[str, TourStop], style: dict[str, Any]) -> dict[str, float]:
    """Each stop's disc as the scene draws it."""
    return {k: float(style["destination_radius_px"] if s.kind == "destination"
                     else style["stop_radius_px"]) for k, s in stops.items()}


def tour_geometry(stops: dict[str, TourStop], roads: list[TourRoad], proj: LambertConic,
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


def check_roads(stops: dict[str, TourStop], roads: list[TourRoad], pts: dict[str, Point],
                lines: list[list[Point]], land: LandMask, style: dict[str, Any]) -> list[str]:
    """What keeps the roads from being easy to follow, one line each (empty when all is well):
    no road crosses or touches another, none runs through a stop that is not its own, roads keep
    to the land and ferries cross the sea."""
    problems: list[str] = []
    radius = stop_radii(stops, style)
    half = float(style["road_width_px"]) / 2
    clear = 2 * half + 4                 # the gap two roads keep, apart from where they meet
    names = [f"{r.a}-{r.b}" for r in roads]
    near = max(radius.values()) + 10
    geoms = [LineString(line) for line in lines]
    for i, (ri, li) in enumerate(zip(roads, lines)):
        for j in range(i + 1, len(roads)):
            rj = roads[j]
            if shapely.distance(geoms[i], geoms[j]) >= clear:
                continue
            shared = [pts[k] for k in {ri.a, ri.b} & {rj.a, rj.b}]
            hits = shapely.get_coordinates(shapely.intersection(geoms[i], geoms[j]))
            crossing = [h for h in hits if not any(math.dist(h, s) < 0.5 for s in shared)]
            if crossing:
                x, y = crossing[0]
                problems.append(f"the roads {names[i]} and {names[j]} cross near "
                                f"({x:.0f}, {y:.0f})")
                continue
            samples = [p for p in densify(li, 2.0)
                       if not any(math.dist(p, s) < near for s in shared)]
            if not samples:
                continue
            gaps = shapely.distance(shapely.points(samples), geoms[j])
            close = [p for p, d in zip(samples, gaps) if d < clear]
            if close:
                problems.append(f"the roads {names[i]} and {names[j]} run too close near "
                                f"({close[0][0]:.0f}, {close[0][1]:.0f})")
    for road, line, geom, name in zip(roads, lines, geoms, names):
        for key, p in pts.items():
            if key in (road.a, road.b):
                continue
            if shapely.distance(shapely.Point(p), geom) < radius[key] + half + 6:
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


def place_labels(stops: dict[str, TourStop], pts: dict[str, Point], lines: list[list[Point]],
                 sizes: dict[str, tuple[int, int]], obstacles: list[Box],
                 style: dict[str, Any], width: int, height: int) -> dict[str, tuple[int, int]]:
    """Where each stop's name goes: the designer's offset if the network file gives one, else
    the best of a ring of spots round the stop (clear of the map's edge, every stop, every other
    name and the furniture; off the roads if at all possible; east, then west, preferred).
    Deterministic: fixed orders and first-listed wins ties."""
    radius = stop_radii(stops, style)
    half = float(style["road_width_px"]) / 2
    samples = [p for line in lines for p in densify(line, 2.0)]

    def spots(key: str) -> list[tuple[int, int]]:
        w, h = sizes[key]
        r = radius[key]
        out: list[tuple[float, float]] = []
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
                proj: LambertConic, land: LandMask, keep_clear: list[Box],
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


def build(data_dir: Path, out_dir: Path) -> list[Path]:
    """maps/staedtetour.png and maps/staedtetour.tmx: Europe and North Africa, Dublin to
    Moscow and Rabat to Cairo, with the bus network of boards/staedtetour.toml."""
    start_drawing()
    config, stops, roads = load_network()
    board, style, art = config["board"], config["style"], config["art"]
    width, height, tile = int(board["width_px"]), int(board["height_px"]), int(board["tile_px"])
    p = config["projection"]
    proj = LambertConic(lon_0=p["lon_0"], lat_0=p["lat_0"], lat_1=p["lat_1"], lat_2=p["lat_2"],
                        px_per_km=p["px_per_km"], origin_x=p["origin_x"],
                        origin_y=p["origin_y"], width=width, height=height)
    bbox = proj.bbox(1.0)

    # Land (smoothed in pixels, coast detail below a pixel shed), the lakes in it, the seas
    # inside it (the Caspian, if the window reaches it).
    areas = pixel_areas(clip_polygons(read_features(data_dir, art["land"]), bbox), proj,
                        densify_deg=0.5, simplify_px=SIMPLIFY_PX)
    land = [a.outer for a in areas]
    holes = [h for a in areas for h in a.holes]
    lake_names = set(art["lakes"])
    lakes = [a.outer for f in read_features(data_dir, "ne_50m_lakes")
             if f["properties"].get("name") in lake_names
             for rings in polygon_rings(f["geometry"]) if touches(rings[0], bbox)
             for a in pixel_areas([shapely.Polygon(rings[0])], proj, simplify_px=SIMPLIFY_PX,
                                  holes=False)]
    rivers = [proj.project(part)
              for f in read_features(data_dir, "ne_50m_rivers_lake_centerlines")
              if f["properties"].get("featurecla") == "River"
              and f["properties"].get("scalerank", 99) <= art["river_max_scalerank"]
              for part in line_parts(f["geometry"]) if touches(part, bbox)]
    borders = [proj.project(part)
               for f in read_features(data_dir, "ne_50m_admin_0_boundary_lines_land")
               for part in line_parts(f["geometry"]) if touches(part, bbox)]
    land_mask = LandMask(width, height, land, holes)

    # The network, checked on the map.
    pts, lines = tour_geometry(stops, roads, proj, style)
    problems = check_roads(stops, roads, pts, lines, land_mask, style)
    if problems:
        raise SystemExit("make_maps: staedtetour: the network does not fit the map:\n  "
                         + "\n  ".join(problems))

    # Furniture in the open Atlantic, then the stop labels (they keep clear of it).
    compass_at = (float(art["compass"]["x"]), float(art["compass"]["y"]))
    compass_size = float(art["compass"]["size"])
    compass_angle = proj.north_angle(*proj.to_lonlat(*compass_at))
    scale_at = (float(art["scale_bar"]["x"]), float(art["scale_bar"]["y"]))
    scale_km = int(art["scale_bar"]["km"])
    lb = art["legend_box"]
    legend = Box(lb["x"], lb["y"], lb["x"] + lb["w"], lb["y"] + lb["h"])
    font_px = int(style["label_font_px"])
    sizes = {k: label_font(s.kind, font_px).size(s.label) for k, s in stops.items()}
    furniture = [compass_box(compass_at, compass_size),
                 scale_bar_box(proj.px_per_km(), scale_at, scale_km), legend]
    offsets = place_labels(stops, pts, lines, sizes, furniture, style, width, height)

    # ---- shapes, supersampled ----
    canvas, land_only = paint_land(width, height, land, holes, areas, lakes)
    draw_land_lines(canvas, land_only, rivers, mix(SEA, SEA_INK, 0.3), 0.9,
                    borders, [(mix(PAPER, INK, 0.42), 0.7)])
    del land_only
    draw_compass(canvas, compass_at, compass_angle, compass_size)
    image = canvas.finish()
    del canvas

    # ---- text and furniture at the final size ----
    draw_compass_letter(image, compass_at, compass_angle, compass_size)
    draw_scale_bar(image, proj.px_per_km(), scale_at, scale_km)
    radius = stop_radii(stops, style)
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
        ("earth_radius_km", "float", LambertConic.EARTH_RADIUS_KM),
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
