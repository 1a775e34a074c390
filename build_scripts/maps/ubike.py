"""UBike Tour: north-western Taiwan, Taipei to Changhua (maps/ubike.png and maps/ubike.tmx).

The pins, the route's via points and the names are the designer's, in boards/ubike.toml; the
pins' areas are the game's own (game/games/ubike/cards.toml). Land comes from Natural Earth.
"""
from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Any

import pygame
import shapely

from .common import (COAST, INK, PAPER, REPO, SEA, SEA_INK, SHALLOW, SUPERSAMPLE, Box, Canvas,
                     Equirectangular, Point, blit_centred, clip_polygons, coast_bands, densify,
                     draw_scale_bar, font_path, hex_colour, line_parts, load_board, mix,
                     nudge_apart, pixel_areas, polygon_rings, read_features, render_spaced,
                     start_drawing, touches, union_of, with_halo, write_tmx)


def pin_areas() -> dict[int, str]:
    """Pin -> area name, from the game's own data (cards.toml), the one source of truth."""
    with open(REPO / "game" / "games" / "ubike" / "cards.toml", "rb") as handle:
        data = tomllib.load(handle)
    return {int(p["pin"]): str(p["area"]) for p in data["pins"]}


def curve(points: list[Point], rounds: int = 2) -> list[Point]:
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


def place_number_labels(pins: dict[int, Point], routes: list[list[Point]],
                        obstacles: list[Box], size: int, pin_radius: float,
                        label_box: tuple[int, int]) -> dict[int, tuple[int, int]]:
    """Choose, for every pin, where its number label goes (an offset from the pin).

    Eight spots around each pin are tried; a spot may not leave the map, cover a pin, another
    number label or an obstacle (area names, inset, scale), and should not sit on the route.
    A greedy pass then a few passes of local improvement; ties go to the first spot listed
    (west, the sea side of most pins), so the result is deterministic.
    """
    w, h = label_box
    r = pin_radius
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
        for ox, oy in pins.values():
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
    block = pygame.Surface((max(line.get_width() for line in lines),
                            step * (len(lines) - 1) + lines[-1].get_height()), pygame.SRCALPHA)
    for i, line in enumerate(lines):
        block.blit(line, ((block.get_width() - line.get_width()) // 2, i * step))
    if angle:
        # rotozoom filters the turned glyphs; plain rotate would leave them jagged.
        block = pygame.transform.rotozoom(block, angle, 1.0)
    return with_halo(block, halo)


def draw_inset(canvas: Canvas, data_dir: Path, main: Equirectangular,
               spec: dict[str, Any]) -> Box:
    """The whole island, small, in the south-east corner, with the main map's extent."""
    w, h = spec["size_px"]
    proj = Equirectangular.centred(*spec["centre"], spec["lat_span"], w, h)
    left = canvas.width - w - spec["margin_px"]
    top = canvas.height - h - spec["margin_px"]
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
    polys = clip_polygons(read_features(data_dir, "ne_10m_land"), proj.bbox(), holes=False)
    for area in pixel_areas(polys, proj, smooth=0):
        ring = [(left + x, top + y) for x, y in area.outer]
        # Island by island, coast then paper, so a later island's coast lies over the last.
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


def build(data_dir: Path, out_dir: Path) -> list[Path]:
    """maps/ubike.png and maps/ubike.tmx: north-western Taiwan, Taipei to Changhua."""
    start_drawing()
    data = load_board("ubike")
    board, style, art = data["board"], data["style"], data["art"]
    size = int(board["size_px"])
    pin_radius = int(style["pin_radius_px"])
    label_box = (int(style["label_box_px"][0]), int(style["label_box_px"][1]))
    proj = Equirectangular.centred(*board["centre"], board["lat_span"], size, size)
    bbox = proj.bbox(0.3)

    # Land: every Natural Earth land polygon that reaches the window, smoothed in pixels.
    land = pixel_areas(clip_polygons(read_features(data_dir, "ne_10m_land"), bbox, holes=False),
                       proj)
    land_shape = union_of(land)
    # Islets too small for the land layer (Guishan Island off Yilan) are label points.
    islets = [proj.to_px(*f["geometry"]["coordinates"])
              for f in read_features(data_dir, "ne_10m_minor_islands_label_points")
              if touches([tuple(f["geometry"]["coordinates"])], proj.bbox())]
    # Lakes, rivers and admin-1 borders: Natural Earth has none for Taiwan at these scales,
    # but draw whatever a newer release may add.
    lakes = [proj.project(rings[0])
             for f in read_features(data_dir, "ne_10m_lakes")
             for rings in polygon_rings(f["geometry"]) if touches(rings[0], proj.bbox())]
    rivers = [proj.project(part)
              for f in read_features(data_dir, "ne_10m_rivers_lake_centerlines")
              for part in line_parts(f["geometry"]) if touches(part, proj.bbox())]
    borders = [proj.project(rings[0])
               for f in read_features(data_dir, "ne_50m_admin_1_states_provinces")
               if f["properties"].get("adm0_a3") == "TWN"
               for rings in polygon_rings(f["geometry"])]
    shapely.prepare(land_shape)

    def on_land(points: list[Point]) -> list[bool]:
        return [bool(v) for v in shapely.contains_xy(land_shape, [p[0] for p in points],
                                                     [p[1] for p in points])]

    # Pins and route, in map pixels.
    areas = pin_areas()
    pins_lonlat = {int(k): (float(v[0]), float(v[1])) for k, v in data["pins"].items()}
    if sorted(areas) != sorted(pins_lonlat):
        raise SystemExit("make_maps: the pins of cards.toml and boards/ubike.toml differ")
    raw = {k: proj.to_px(*ll) for k, ll in pins_lonlat.items()}
    pins = {k: (float(round(x)), float(round(y)))
            for k, (x, y) in nudge_apart(raw, float(style["min_gap_px"])).items()}
    routes: list[list[Point]] = []
    for a in sorted(pins)[:-1]:
        b = a + 1
        via = [(float(p[0]), float(p[1])) for p in data["via"][f"{a}-{b}"]]
        line = curve([pins[a], *proj.project(via), pins[b]])
        line = [(round(x, 1), round(y, 1)) for x, y in line]
        samples = densify(line, 3.0)
        off = [p for p, dry in zip(samples, on_land(samples)) if not dry]
        if off:
            raise SystemExit(f"make_maps: the route {a}-{b} leaves the land near {off[0]}")
        routes.append(line)
    for (k, p), dry in zip(pins.items(), on_land(list(pins.values()))):
        if not dry:
            raise SystemExit(f"make_maps: pin {k} is in the sea at {p}")

    # ---- shapes, supersampled ----
    canvas = Canvas(size, size, SEA)
    # A lighter band of shallow water along the coast, in soft steps, with two faint
    # waterlines: the old-map way to make a coast read at a glance. Drawn outermost first,
    # each step filled, so every inner step covers the ones before it.
    for radius, colour in coast_bands():
        for area in land:
            canvas.buffer(area, radius, colour)
    for x, y in islets:
        for radius, colour in coast_bands()[2:]:
            pygame.draw.circle(canvas.surface, colour, (x * SUPERSAMPLE, y * SUPERSAMPLE),
                               (radius * 0.6 + 2) * SUPERSAMPLE)
    # Land, its coast stroke, then a faint darker rim just inside the coast.
    for area in land:
        canvas.buffer(area, 0.7, COAST)
    for area in land:
        canvas.polygon(area.outer, mix(PAPER, COAST, 0.16))
    for area in land:
        canvas.buffer(area, -3.0, PAPER)
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
    inset_box = draw_inset(canvas, data_dir, proj, art["inset"])
    arrow_tip = (float(art["north_arrow_tip"][0]), float(art["north_arrow_tip"][1]))
    arrow_box = draw_north_arrow(canvas, arrow_tip)
    image = canvas.finish()

    # ---- text and furniture at the final size ----
    draw_north_letter(image, arrow_tip)
    bar = art["scale_bar"]
    scale_box = draw_scale_bar(image, proj.px_per_km(), (float(bar["at"][0]),
                                                         float(bar["at"][1])), int(bar["km"]))
    furniture = [inset_box, arrow_box, scale_box]
    labels = art["labels"]
    label_boxes = [blit_centred(image, render_label(n["text"], n["style"], n.get("angle", 0)),
                                proj.to_px(*n["at"])) for n in labels]

    # Area names must keep clear of the pins and the route the scene draws over the art.
    for box, name in zip(label_boxes, labels):
        text = name["text"]
        if not box.inside(size, size, 3):
            raise SystemExit(f"make_maps: the label {text!r} runs off the map")
        for k, p in pins.items():
            if box.distance_to(p) < pin_radius + 4:
                raise SystemExit(f"make_maps: the label {text!r} covers pin {k}")
        for route in routes:
            if any(box.distance_to(p) == 0 for p in densify(route, 2.0)):
                raise SystemExit(f"make_maps: the label {text!r} sits on the route")
    offsets = place_number_labels(pins, routes, label_boxes + furniture, size, pin_radius,
                                  label_box)

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
    write_tmx(tmx, width_px=size, height_px=size, tile=int(board["tile_px"]), properties=[
        ("title", "string", str(board["title"])),
        ("projection", "string", "equirectangular, longitude scaled by cos(lat centre)"),
        ("lon_min", "float", proj.lon_min), ("lon_max", "float", proj.lon_max),
        ("lat_min", "float", proj.lat_min), ("lat_max", "float", proj.lat_max),
        ("pin_radius_px", "int", pin_radius),
        ("label_box_w_px", "int", label_box[0]),
        ("label_box_h_px", "int", label_box[1]),
        ("credit", "string", "Natural Earth 1:10m land (public domain)"),
    ], image_layers=[("land", png.name)],
        object_layers=[("route", route_objects), ("pins", pin_objects)])
    return [png, tmx]
