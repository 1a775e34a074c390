"""Ticket to Ride: the Iberia and South Korea boards (maps/ttr-iberia.* and maps/ttr-korea.*).

Cities and routes come from boards/ttr-<board>.toml; the builder projects the cities, spreads
them where two are too close for their routes' train spaces, lays each route as a chain of
spaces that fills the way between the two city circles (each route its own `space_length`,
along via points if the toml gives some; the two tracks of a double route side by side),
shortens or bows routes whose spaces touch, places the labels and draws the art from Natural
Earth. The Tiled map carries the topology the game reads.
"""
from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any

import pygame
import shapely
from shapely.geometry import LineString
from shapely.geometry import Polygon as ShapelyPolygon

from game.games.ttr import art

from .common import (INK, PAPER, SEA, SEA_INK, SHALLOW, Box, Equirectangular, LandMask, Layer,
                     Point, clip_polygons, draw_land_lines, font_path, line_parts, load_board, mix,
                     paint_land, pixel_areas, polygon_rings, read_features, render_spaced,
                     start_drawing, touches, with_halo, write_tmx)

BOARDS = ("iberia", "korea")
SIMPLIFY_PX = 0.25
CITY_INK = (46, 40, 36)
LABEL_INK = (38, 33, 30)
NAME_INK = mix(INK, PAPER, 0.3)
SEA_NAME_INK = mix(SEA_INK, SEA, 0.1)
FESTIVAL = (214, 60, 48)


@dataclasses.dataclass
class City:
    key: str
    label: str
    x: float
    y: float
    props: dict[str, Any]


@dataclasses.dataclass
class Track:
    """One route's track: its spaces (centre, angle in screen degrees) between two cities."""

    spec: dict[str, Any]
    spaces: list[tuple[Point, float]]
    line: list[Point]            # the track's centre line, city centre to city centre
    space_length: float          # this route's own space length (px)

    @property
    def rid(self) -> int:
        return int(self.spec["id"])


def projection(layout: dict[str, Any]) -> Equirectangular:
    """The board's window (square pixels at its centre latitude)."""
    return Equirectangular.centred(float(layout["lon"]), float(layout["lat"]),
                                   float(layout["lat_span"]), int(layout["width_px"]),
                                   int(layout["height_px"]))


def place_cities(data: dict[str, Any], proj: Equirectangular,
                 layout: dict[str, Any]) -> dict[str, City]:
    """City pixels: projected, moved by the toml's dx/dy, then spread until every route has
    room for its spaces and no two city circles crowd (a few px at most on these scales)."""
    pos: dict[str, list[float]] = {}
    for c in data["cities"]:
        x, y = proj.to_px(float(c["lon"]), float(c["lat"]))
        pos[c["key"]] = [x + float(c.get("dx", 0.0)), y + float(c.get("dy", 0.0))]
    fixed = {c["key"] for c in data["cities"] if c.get("pin")}
    radius = float(layout["city_radius_px"])
    gap = float(layout["city_gap_px"])
    need_pitch = float(layout["space_length_px"]) + float(layout["space_gap_px"])
    min_city = 2 * radius + 14
    routes = data["routes"]
    for _ in range(400):
        moved = False
        pushes: list[tuple[str, str, float]] = []
        for r in routes:
            if r.get("via"):
                continue
            d = math.dist(pos[r["a"]], pos[r["b"]])
            want = int(r["length"]) * need_pitch + 2 * (radius + gap)
            if d < want - 0.05:
                pushes.append((r["a"], r["b"], want - d))
        keys = sorted(pos)
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                d = math.dist(pos[a], pos[b])
                if d < min_city:
                    pushes.append((a, b, min_city - d))
        for a, b, deficit in pushes:
            (ax, ay), (bx, by) = pos[a], pos[b]
            d = math.dist((ax, ay), (bx, by)) or 1.0
            ux, uy = (bx - ax) / d, (by - ay) / d
            share_a = 0.0 if a in fixed else (0.5 if b not in fixed else 1.0)
            share_b = 0.0 if b in fixed else 1.0 - share_a
            step = deficit * 0.5 + 0.02
            pos[a][0] -= ux * step * share_a
            pos[a][1] -= uy * step * share_a
            pos[b][0] += ux * step * share_b
            pos[b][1] += uy * step * share_b
            moved = True
        if not moved:
            break
    return {c["key"]: City(c["key"], str(c["label"]), round(pos[c["key"]][0], 1),
                           round(pos[c["key"]][1], 1), c) for c in data["cities"]}


def point_along(line: list[Point], s: float) -> Point:
    """The point at arc length s along a polyline (clamped to its ends)."""
    for p, q in zip(line, line[1:]):
        seg = math.dist(p, q)
        if s <= seg or q is line[-1]:
            t = 0.0 if seg == 0 else max(0.0, min(1.0, s / seg))
            return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        s -= seg
    return line[-1]


def bow(line: list[Point], bend: float, steps: int = 16) -> list[Point]:
    """A straight a -> b line bowed `bend` px at its middle (positive: to the left of a -> b
    on screen), as a smooth quadratic curve."""
    if not bend or len(line) != 2:
        return line
    (ax, ay), (bx, by) = line
    d = math.dist(line[0], line[1]) or 1.0
    nx, ny = (by - ay) / d, -(bx - ax) / d
    cx, cy = (ax + bx) / 2 + nx * 2 * bend, (ay + by) / 2 + ny * 2 * bend
    out = []
    for i in range(steps + 1):
        t = i / steps
        out.append(((1 - t) ** 2 * ax + 2 * (1 - t) * t * cx + t * t * bx,
                    (1 - t) ** 2 * ay + 2 * (1 - t) * t * cy + t * t * by))
    return out


def chain(usable: float, n: int, layout: dict[str, Any], pitch: float | None = None,
          space: float | None = None) -> tuple[float, float]:
    """(space length, gap) of a chain of n spaces that fills `usable` px: small gaps, the
    spaces as long as the way allows up to the cap; beyond the cap the gaps widen a little
    and the rest is left at both ends. A toml `pitch` (centre to centre) and `space_px`
    (space length) fix the chain, to leave a wide gap where another route must pass."""
    gap = float(layout["space_gap_px"])
    cap = float(layout.get("space_cap_px", 46.0))
    if pitch is not None:
        length = min(cap, space if space is not None else pitch - gap)
        return length, pitch - length
    if space is not None:
        return min(cap, space), gap
    length = min(cap, (usable - (n - 1) * gap) / n)
    if length >= cap and n > 1:
        gap = min(float(layout.get("space_max_gap_px", 7.0)),
                  max(gap, (usable - n * cap) / (n - 1)))
    return length, gap


def lay_track(r: dict[str, Any], cities: dict[str, City], proj: Equirectangular,
              layout: dict[str, Any], bend: float,
              trim: tuple[float, float] = (0.0, 0.0)) -> Track:
    """One route's spaces: a chain that fills the way between the city circles, centred; a
    double route's two tracks parallel, each offset to one side of the line between the
    cities, with the same space length. `trim` (px) keeps the chain that much further from
    city a and city b, where routes converge."""
    radius = float(layout["city_radius_px"])
    clear = radius + float(layout["city_gap_px"])
    shortest = float(layout["space_length_px"])
    offset = float(layout["space_width_px"]) / 2 + float(layout["double_gap_px"]) / 2
    n = int(r["length"])
    a, b = cities[r["a"]], cities[r["b"]]
    base = [(a.x, a.y), *(proj.to_px(float(lon), float(lat)) for lon, lat in r.get("via", [])),
            (b.x, b.y)]
    base = bow(base, bend)
    line = base
    pair = int(r.get("pair", 0))
    if pair:
        # The lower id on the left of a -> b (pairs share a and b in the toml).
        side = 1.0 if int(r["id"]) < pair else -1.0
        shifted = shapely.offset_curve(LineString(base), side * offset, quad_segs=4,
                                       join_style="round")
        line = [(float(x), float(y)) for x, y in shapely.get_coordinates(shifted)]
    total = LineString(line).length
    # Twins size their spaces from the shared centre line, so the two chains match.
    usable = min(LineString(base).length, total) - 2 * clear - trim[0] - trim[1]
    length_px, gap = chain(usable, n, layout, float(r["pitch"]) if "pitch" in r else None,
                           float(r["space_px"]) if "space_px" in r else None)
    if length_px < min(shortest, float(r.get("space_px", shortest))) - 0.5:
        raise SystemExit(f"make_maps: ttr: route {r['id']} {r['a']}-{r['b']} has room for "
                         f"{length_px:.1f} px spaces (needs {shortest:.0f})")
    pitch = length_px + gap
    span = n * length_px + (n - 1) * gap
    # A toml `shift` (px) slides the chain towards b, kept clear of both city circles.
    lo, hi = clear + trim[0], total - clear - trim[1]
    first = (lo + hi - span) / 2 + float(r.get("shift", 0.0))
    first = max(clear, min(total - clear - span, first))
    spaces = []
    for i in range(n):
        s = first + length_px / 2 + pitch * i
        p0 = point_along(line, s - length_px / 2)
        p1 = point_along(line, s + length_px / 2)
        c = point_along(line, s)
        angle = math.degrees(math.atan2(p1[1] - p0[1], p1[0] - p0[0]))
        spaces.append(((round(c[0], 2), round(c[1], 2)), round(angle, 2)))
    return Track(r, spaces, [(a.x, a.y), *base[1:-1], (b.x, b.y)], round(length_px, 2))


def lay_tracks(data: dict[str, Any], cities: dict[str, City], proj: Equirectangular,
               layout: dict[str, Any]) -> list[Track]:
    """Every route's track. Where spaces of two routes touch (or a route crosses a city), the
    longer route is bowed away a step at a time: a toml `bend` (px) fixes a route's bow."""
    routes = {int(r["id"]): r for r in data["routes"]}
    bends = {rid: float(r.get("bend", 0.0)) for rid, r in routes.items()}
    fixed = {rid for rid, r in routes.items() if "bend" in r or r.get("via") or "pitch" in r}

    def group(rid: int) -> list[int]:
        pair = int(routes[rid].get("pair", 0))
        return [rid, pair] if pair else [rid]

    def px_len(rid: int) -> float:
        r = routes[rid]
        return math.dist((cities[r["a"]].x, cities[r["a"]].y), (cities[r["b"]].x, cities[r["b"]].y))

    trims = {rid: [0.0, 0.0] for rid in routes}
    shortest = float(layout["space_length_px"])

    def can_trim(rid: int, end: int, more: float) -> bool:
        r = routes[rid]
        t = trims[rid]
        usable = px_len(rid) - 2 * (float(layout["city_radius_px"])
                                    + float(layout["city_gap_px"])) - t[0] - t[1] - more
        return chain(usable, int(r["length"]), layout)[0] >= shortest + 0.5

    step, most = 4.0, float(layout.get("max_bend_px", 40.0))
    for _ in range(80):
        tracks = [lay_track(r, cities, proj, layout, bends[rid], tuple(trims[rid]))
                  for rid, r in routes.items()]
        clashes = find_clashes(tracks, cities, layout)
        if not clashes:
            break
        touched: set[int] = set()
        for rid, other_point, where in clashes:
            pick = rid
            if pick in touched:
                continue
            r = routes[pick]
            (ax, ay), (bx, by) = (cities[r["a"]].x, cities[r["a"]].y), (cities[r["b"]].x,
                                                                         cities[r["b"]].y)
            # Near a city where routes converge, shorten the chain at that end first.
            near = [math.dist(where, (ax, ay)), math.dist(where, (bx, by))]
            end = 0 if near[0] <= near[1] else 1
            if "pitch" not in r and near[end] < max(50.0, 0.3 * px_len(pick)) \
                    and can_trim(pick, end, 3.0):
                for g in group(pick):
                    trims[g][end if routes[g]["a"] == r["a"] else 1 - end] += 3.0
                    touched.add(g)
                continue
            if pick in fixed or abs(bends[pick]) >= most:
                continue
            # Bow away from what it touches: the side of a -> b the other thing is not on.
            cross = (bx - ax) * (other_point[1] - ay) - (by - ay) * (other_point[0] - ax)
            direction = 1.0 if cross > 0 else -1.0
            if bends[pick]:
                direction = math.copysign(1.0, bends[pick])
            for g in group(pick):
                bends[g] = bends[g] + direction * step
                touched.add(g)
    return tracks


def find_clashes(tracks: list[Track], cities: dict[str, City],
                 layout: dict[str, Any]) -> list[tuple[int, Point, Point]]:
    """(route to bow, the point it should bow away from, where) for each clash: of two routes whose
    spaces touch the longer one (in spaces, then in px) gives way; a route over a city that
    is not its own gives way to it."""
    by_id = {t.rid: t for t in tracks}
    out: list[tuple[int, Point]] = []

    def weight(t: Track) -> tuple[bool, float, float]:
        # A route the toml fixes (bend, via, pitch) never gives way.
        a, b = t.line[0], t.line[-1]
        fixed = any(k in t.spec for k in ("bend", "via", "pitch"))
        return (fixed, int(t.spec["length"]), math.dist(a, b))

    for problem in check_tracks(tracks, cities, layout, raw=True):
        if problem[0] == "touch":
            _, r1, r2, where = problem
            t1, t2 = by_id[r1], by_id[r2]
            mover, other = (t1, t2) if weight(t1) >= weight(t2) else (t2, t1)
            mid = other.spaces[len(other.spaces) // 2][0]
            out.append((mover.rid, mid, where))
        else:
            _, rid, key, where = problem
            out.append((rid, (cities[key].x, cities[key].y), where))
    return out


def space_shapes(tracks: list[Track], layout: dict[str, Any],
                 grow: float = 0.0) -> list[tuple[int, ShapelyPolygon]]:
    """(route id, polygon) of every space."""
    wd = float(layout["space_width_px"])
    return [(t.rid, ShapelyPolygon(art.space_polygon(c, a, t.space_length + 2 * grow,
                                                     wd + 2 * grow)))
            for t in tracks for c, a in t.spaces]


def check_tracks(tracks: list[Track], cities: dict[str, City], layout: dict[str, Any],
                 raw: bool = False) -> list[Any]:
    """Spaces of two routes that touch, and spaces over a city that is not their own: as
    sentences, or with raw as ("touch", id, id, point) and ("city", id, key, point)."""
    problems: list[Any] = []
    shapes = space_shapes(tracks, layout, grow=1.0)
    tree = shapely.STRtree([s for _, s in shapes])
    seen = set()
    for i, (rid, shape) in enumerate(shapes):
        for j in tree.query(shape, predicate="intersects"):
            other = shapes[j][0]
            if j > i and other != rid and (rid, other) not in seen:
                seen.add((rid, other))
                c = shape.centroid
                problems.append(("touch", rid, other, (c.x, c.y)))
    radius = float(layout["city_radius_px"])
    for t in tracks:
        own = {t.spec["a"], t.spec["b"]}
        for c, a in t.spaces:
            poly = ShapelyPolygon(art.space_polygon(c, a, t.space_length,
                                                    float(layout["space_width_px"])))
            for city in cities.values():
                limit = radius + (0.5 if city.key in own else 3.0)
                if poly.distance(shapely.Point(city.x, city.y)) < limit and \
                        ("city", t.rid, city.key) not in seen:
                    seen.add(("city", t.rid, city.key))
                    problems.append(("city", t.rid, city.key, c))
    if raw:
        return problems
    return [f"spaces of routes {p[1]} and {p[2]} touch near ({p[3][0]:.0f}, {p[3][1]:.0f})"
            if p[0] == "touch" else f"a space of route {p[1]} covers the city {p[2]}"
            for p in problems]


def label_font(layout: dict[str, Any]) -> pygame.font.Font:
    return pygame.font.Font(str(font_path(bold=True)), int(layout["label_px"]))


BLOCKED = 1000.0   # a label cost at or above this covers something it must not


def place_labels(cities: dict[str, City], tracks: list[Track], sizes: dict[str, tuple[int, int]],
                 layout: dict[str, Any], width: int, height: int,
                 keep_out: list[Box]) -> dict[str, tuple[int, int]]:
    """Each city's label offset: the toml's label_dx/label_dy if given, else the cheapest of
    rings of spots around the city (east first). A spot over a space, a city or another label
    costs BLOCKED per thing it covers, so the least bad one wins when no spot is clear."""
    radius = float(layout["city_radius_px"])
    shapes = [s for _, s in space_shapes(tracks, layout, grow=1.5)]
    spaces = shapely.STRtree(shapes)
    lines = shapely.STRtree([LineString(t.line) for t in tracks])

    def spots(key: str) -> list[tuple[int, int]]:
        w, h = sizes[key]
        out = []
        for g in (3, 7, 12, 18, 26):
            side, up = radius + g + w / 2, radius + g + h / 2
            lean_x, lean_y = w / 2 + (radius + g) * 0.7, h / 2 + (radius + g) * 0.7
            out += [(side, 0), (-side, 0), (0, -up), (0, up), (lean_x, -lean_y),
                    (-lean_x, -lean_y), (lean_x, lean_y), (-lean_x, lean_y),
                    (side, -h / 2), (side, h / 2), (-side, -h / 2), (-side, h / 2),
                    (w / 3, -up), (-w / 3, -up), (w / 3, up), (-w / 3, up)]
        # Then a finer ring of 24 directions, further out, for crowded cities.
        for g in (4, 10, 17, 25, 34):
            for k in range(24):
                ux, uy = math.cos(k * math.pi / 12), math.sin(k * math.pi / 12)
                reach = min(w / 2 / abs(ux) if abs(ux) > 1e-6 else math.inf,
                            h / 2 / abs(uy) if abs(uy) > 1e-6 else math.inf)
                out.append((ux * (radius + g + reach), uy * (radius + g + reach)))
        return list(dict.fromkeys((round(x), round(y)) for x, y in out))

    def box(key: str, off: tuple[int, int]) -> Box:
        c = cities[key]
        return Box.around(c.x + off[0], c.y + off[1], *sizes[key])

    def cost(key: str, off: tuple[int, int], chosen: dict[str, tuple[int, int]],
             rank: int) -> float:
        b = box(key, off)
        if not b.inside(width, height, 3):
            return math.inf
        geom = shapely.box(b.left, b.top, b.right, b.bottom)
        hits = spaces.query(geom, predicate="intersects")
        total = sum(BLOCKED + shapes[i].intersection(geom).area for i in hits)
        for other in cities.values():
            if b.distance_to((other.x, other.y)) < radius + 2:
                total += BLOCKED
        for other, o in chosen.items():
            if other != key and b.grow(2).overlaps(box(other, o)):
                total += BLOCKED
        total += BLOCKED * sum(1 for k in keep_out if b.overlaps(k))
        over_line = len(lines.query(geom, predicate="intersects"))
        # Near the city first: a label far out reads as another city's.
        reach = math.hypot(*off) - math.hypot(sizes[key][0] / 2, sizes[key][1] / 2)
        return total + over_line * 4.0 + rank * 0.02 + max(0.0, reach) * 0.15

    fixed = {k: (int(c.props["label_dx"]), int(c.props["label_dy"]))
             for k, c in cities.items() if "label_dx" in c.props}
    chosen = dict(fixed)
    free = sorted((k for k in cities if k not in fixed),
                  key=lambda k: (-sum(1 for t in tracks if k in (t.spec["a"], t.spec["b"])), k))
    options = {k: spots(k) for k in free}

    def best(key: str) -> tuple[int, int]:
        return min(enumerate(options[key]), key=lambda io: cost(key, io[1], chosen, io[0]))[1]

    for key in free:
        chosen[key] = best(key)
    for _ in range(6):
        changed = False
        for key in free:
            now = cost(key, chosen[key], chosen, options[key].index(chosen[key]))
            cand = best(key)
            if cost(key, cand, chosen, options[key].index(cand)) < now:
                chosen[key], changed = cand, True
        if not changed:
            break
    bad = [k for k in cities if cost(k, chosen[k], chosen, 0) >= BLOCKED]
    if bad:
        print("make_maps: ttr: labels without a clear spot: " + ", ".join(bad))
    return chosen


def star(centre: Point, r: float) -> list[Point]:
    """A five-pointed star's outline."""
    out = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        out.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    return out


def draw_land(data_dir: Path, proj: Equirectangular, layout: dict[str, Any]
              ) -> tuple[pygame.Surface, LandMask]:
    """Sea, coast bands, land, lakes, rivers and borders, smoothed down to the final size."""
    width, height = proj.width, proj.height
    bbox = proj.bbox(1.0)
    areas = pixel_areas(clip_polygons(read_features(data_dir, "ne_10m_land"), bbox), proj,
                        densify_deg=0.25, simplify_px=SIMPLIFY_PX)
    land = [a.outer for a in areas]
    holes = [h for a in areas for h in a.holes]
    lakes = [a.outer for f in read_features(data_dir, "ne_10m_lakes")
             if f["properties"].get("scalerank", 99) <= int(layout.get("lake_max_scalerank", 8))
             for rings in polygon_rings(f["geometry"]) if touches(rings[0], bbox)
             for a in pixel_areas([shapely.Polygon(rings[0])], proj, simplify_px=SIMPLIFY_PX,
                                  holes=False)]
    river_names = set(layout.get("rivers", []))
    rivers = [proj.project(part)
              for f in read_features(data_dir, "ne_10m_rivers_lake_centerlines")
              if f["properties"].get("featurecla") == "River"
              and f["properties"].get("name") in river_names
              for part in line_parts(f["geometry"]) if touches(part, bbox)]
    borders = [proj.project(part)
               for f in read_features(data_dir, "ne_10m_admin_0_boundary_lines_land")
               for part in line_parts(f["geometry"]) if touches(part, bbox)]
    mask = LandMask(width, height, land, holes)

    canvas, land_only = paint_land(width, height, land, holes, areas, lakes)
    draw_land_lines(canvas, land_only, rivers, mix(SEA, SEA_INK, 0.25), 1.1, borders,
                    [(mix(PAPER, INK, 0.5), 2.2), (mix(PAPER, (255, 255, 255), 0.3), 0.8)])
    del land_only
    return canvas.finish(), mask


def draw_names(image: pygame.Surface, names: list[dict[str, Any]], proj: Equirectangular,
               keep_out: list[Box]) -> None:
    """Country and sea names: muted italic lettering, only where it fits clear of the game."""
    for spec in names:
        sea = spec.get("kind") == "sea"
        font = pygame.font.Font(str(font_path(italic=True)), int(spec.get("px", 15)))
        ink = SEA_NAME_INK if sea else NAME_INK
        halo = mix(SEA, SHALLOW, 0.25) if sea else PAPER
        rows = [render_spaced(font, row, ink, 2.0 if sea else 1.2)
                for row in str(spec["text"]).split("\n")]
        step = font.get_linesize() - 3
        block = pygame.Surface((max(r.get_width() for r in rows),
                                step * (len(rows) - 1) + rows[-1].get_height()), pygame.SRCALPHA)
        for i, row in enumerate(rows):
            block.blit(row, ((block.get_width() - row.get_width()) // 2, i * step))
        surf = with_halo(block, halo)
        x, y = proj.to_px(float(spec["lon"]), float(spec["lat"]))
        b = Box.around(x, y, surf.get_width(), surf.get_height())
        if any(b.overlaps(k) for k in keep_out):
            print(f"make_maps: ttr: name {spec['text']!r} left out (it would cover the game)")
            continue
        image.blit(surf, (round(b.left), round(b.top)))


#: a chain of spaces that stops further than this short of a city circle is joined to it by a
#: thin rail, so that a long route of few spaces still plainly runs from city to city
LEAD_MIN_PX = 8.0


def draw_leads(image: pygame.Surface, t: Track, cities: dict[str, City], radius: float) -> None:
    """The rails from each city circle to the nearest end of the route's chain, where the chain
    leaves a gap (a long way with few spaces): under the spaces and the city discs."""
    ends = [(cities[t.spec["a"]], t.spaces[0]), (cities[t.spec["b"]], t.spaces[-1])]
    for city, ((cx, cy), angle) in ends:
        d = math.dist((city.x, city.y), (cx, cy))
        if d - t.space_length / 2 - radius < LEAD_MIN_PX:
            continue
        # from the city's centre to the chain's end nearest it (the end facing the city)
        ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        half = t.space_length / 2
        tips = [(cx - ux * half, cy - uy * half), (cx + ux * half, cy + uy * half)]
        tip = min(tips, key=lambda p: math.dist(p, (city.x, city.y)))
        pygame.draw.line(image, (250, 246, 236), (city.x, city.y), tip, 6)
        pygame.draw.line(image, CITY_INK, (city.x, city.y), tip, 3)


def build_board(name: str, data_dir: Path, out_dir: Path, strict: bool = True) -> list[Path]:
    """One board's png and tmx."""
    data = load_board(f"ttr-{name}")
    layout = data["layout"]
    proj = projection(layout)
    width, height = proj.width, proj.height
    cities = place_cities(data, proj, layout)
    tracks = lay_tracks(data, cities, proj, layout)
    problems = check_tracks(tracks, cities, layout)
    if problems:
        message = (f"make_maps: ttr-{name}: the routes do not fit:\n  "
                   + "\n  ".join(problems))
        if strict:
            raise SystemExit(message)
        print(message)
    font = label_font(layout)
    festival_r = 6.0
    sizes = {}
    for k, c in cities.items():
        w, h = font.size(c.label)
        extra = 2 * festival_r + 3 if c.props.get("festival") else 0
        sizes[k] = (w + 4 + round(extra), font.get_ascent() + 4)
    offsets = place_labels(cities, tracks, sizes, layout, width, height, [])

    image, _mask = draw_land(data_dir, proj, layout)
    image = image.convert() if pygame.display.get_surface() else image
    table = art.colour_table()
    # Label and game boxes, for the map names to avoid.
    game_boxes = [Box.around(c.x + offsets[k][0], c.y + offsets[k][1], *sizes[k])
                  for k, c in cities.items()]
    game_boxes += [Box(*s.bounds).grow(2) for _, s in space_shapes(tracks, layout)]
    game_boxes += [Box.around(c.x, c.y, 30, 30) for c in cities.values()]
    draw_names(image, data.get("names", []), proj, game_boxes)

    ln, wd = float(layout["space_length_px"]), float(layout["space_width_px"])
    radius = float(layout["city_radius_px"])
    for t in tracks:
        draw_leads(image, t, cities, radius)
    for t in tracks:
        fill, symbol = table[t.spec["colour"]]
        loco = int(t.spec.get("locomotives", 0))
        n = len(t.spaces)
        first = (n - loco) // 2    # the ferry's locomotive spaces sit in its middle
        for i, (c, a) in enumerate(t.spaces):
            is_loco = first <= i < first + loco
            art.draw_space(image, c, a, t.space_length, wd, fill, symbol,
                           art.contrast_ink(fill),
                           locomotive=is_loco)

    radius = float(layout["city_radius_px"])
    disc = Layer(width, height)
    for c in cities.values():
        r = radius * disc.scale
        centre = (c.x * disc.scale, c.y * disc.scale)
        pygame.draw.circle(disc.surface, (*CITY_INK, 255), centre, r)
        pygame.draw.circle(disc.surface, (250, 246, 236, 255), centre, r - 2.2 * disc.scale)
        pygame.draw.circle(disc.surface, (*CITY_INK, 255), centre, r * 0.36)
        if c.props.get("festival"):
            pass
    small = pygame.transform.smoothscale(disc.surface, (width, height))
    image.blit(small, (0, 0))

    halo = (250, 245, 232)
    stars = Layer(width, height)
    for k, c in cities.items():
        text = with_halo(font.render(c.label, True, LABEL_INK), halo, 2)
        bx = c.x + offsets[k][0]
        by = c.y + offsets[k][1]
        w, h = sizes[k]
        left = bx - w / 2
        if c.props.get("festival"):
            sc = (left + festival_r + 1, by)
            stars.polygon(star(sc, festival_r + 1.4), halo)
            stars.polygon(star(sc, festival_r), FESTIVAL)
            left += 2 * festival_r + 3
        image.blit(text, (round(left), round(by - text.get_height() / 2 + 1)))
    image.blit(pygame.transform.smoothscale(stars.surface, (width, height)), (0, 0))

    out_dir.mkdir(parents=True, exist_ok=True)
    png = out_dir / f"ttr-{name}.png"
    pygame.image.save(image, str(png))

    city_objects = []
    for k, c in cities.items():
        props: list[tuple[str, str, Any]] = [("label", "string", c.label)]
        if name == "iberia" and c.props.get("festival"):
            props.append(("festival", "string", str(c.props["festival"])))
        if name == "korea":
            props += [("province", "string", str(c.props["province"])),
                      ("colour", "string", str(c.props["colour"]))]
        props += [("label_dx", "int", offsets[k][0]), ("label_dy", "int", offsets[k][1]),
                  ("label_width", "int", sizes[k][0]), ("label_height", "int", sizes[k][1])]
        city_objects.append({"name": k, "type": "city", "x": c.x, "y": c.y, "point": True,
                             "properties": props})
    route_objects = []
    for t in tracks:
        r = t.spec
        a, b = cities[r["a"]], cities[r["b"]]
        points = [(a.x, a.y), *(c for c, _ in t.spaces), (b.x, b.y)]
        route_objects.append({
            "name": f"route-{r['id']}", "type": "ferry" if int(r["locomotives"]) else "route",
            "x": a.x, "y": a.y, "polyline": points,
            "properties": [("from", "string", r["a"]), ("to", "string", r["b"]),
                           ("route", "int", int(r["id"])), ("length", "int", int(r["length"])),
                           ("colour", "string", str(r["colour"])),
                           ("locomotives", "int", int(r["locomotives"])),
                           ("pair", "int", int(r["pair"])),
                           ("space_length", "float", t.space_length)]})
    tmx = out_dir / f"ttr-{name}.tmx"
    write_tmx(tmx, width_px=width, height_px=height, tile=int(layout.get("tile_px", 20)),
              properties=[
                  ("board", "string", name), ("title", "string", str(data["board"]["title"])),
                  ("space_length", "float", ln), ("space_width", "float", wd),
                  ("city_radius", "float", radius),
                  ("projection", "string", "equirectangular"),
                  ("lon_min", "float", proj.lon_min), ("lon_max", "float", proj.lon_max),
                  ("lat_min", "float", proj.lat_min), ("lat_max", "float", proj.lat_max),
                  ("credit", "string",
                   "Natural Earth land, lakes, rivers and borders (public domain)"),
              ], image_layers=[("art", png.name)],
              object_layers=[("cities", city_objects), ("routes", route_objects)])
    return [png, tmx]


def build(data_dir: Path, out_dir: Path) -> list[Path]:
    """maps/ttr-iberia.png/.tmx and maps/ttr-korea.png/.tmx."""
    start_drawing()
    out: list[Path] = []
    for name in BOARDS:
        out += build_board(name, data_dir, out_dir)
    return out
