"""Tokaido: the East Sea Road from Kyoto to Edo, painted (maps/tokaido.png and
maps/tokaido.tmx). No Natural Earth: a scroll laid out from boards/tokaido.toml, checked
against the rulebook's road (tokaido.md §1); the painters are in tokaido_art.py.
"""
from __future__ import annotations

import dataclasses
import math
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame

from .common import (BOARDS, SUPERSAMPLE, Box, Canvas, Layer, Point, densify, font_path,
                     hex_colour, ink_box, mix, render_spaced, start_drawing, with_halo,
                     write_tmx)
from .tokaido_art import (DIRT, SUMI, VERMILION, WASHI, TokaidoRandom, catmull_rom, paint_boat,
                          paint_bridge, paint_cloud, paint_fuji, paint_houses, paint_mountains,
                          paint_paddies, paint_pagoda, paint_pine, paint_river, paint_sand,
                          paint_sea, paint_sun, paint_vignette, paint_washi)

BOARD = BOARDS / "tokaido.toml"
KINDS = ("inn", "village", "temple", "encounter", "paddy", "mountain", "sea",
                 "hotspring", "farm")
INNS = (1, 15, 28, 42, 55)
# Stops of each kind and how many of them are doubled (tokaido.md §1).
COUNTS = {"village": (7, 3), "temple": (6, 3), "encounter": (7, 2), "paddy": (5, 2),
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


def load_board(path: Path = BOARD) -> tuple[dict[str, Any], list[TokaidoPosition]]:
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
        if kind not in KINDS:
            raise fail(f"position {i} has kind {kind!r} (one of {', '.join(KINDS)})")
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
        if (kind == "inn") != (i in INNS):
            raise fail(f"the inns are at {INNS}, not at {i}")
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
    for kind, (count, doubled) in COUNTS.items():
        mine = [p for p in positions if p.kind == kind]
        if (len(mine), sum(p.doubled for p in mine)) != (count, doubled):
            raise fail(f"{len(mine)} {kind} stops, {sum(p.doubled for p in mine)} doubled "
                       f"(the road has {count}, {doubled} doubled)")
    return data, positions


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


def layout_road(data: dict[str, Any], positions: list[TokaidoPosition]) -> TokaidoLayout:
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
        return r_inn if pos in INNS else r_stop

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
        discs.append((pt, (r_inn if pos in INNS else r_stop) + 6))
    for pos, (dx, dy) in layout.sides.items():
        discs.append(((layout.points[pos][0] + dx, layout.points[pos][1] + dy), r_stop + 6))
    for pos in layout.queues:
        discs.extend((slot, 18.0) for slot in layout.queue_slots(pos)[1:])
    road = densify(layout.road.line, 3.0)
    boxes: dict[int, Box] = {}
    by_pos = {p.pos: p for p in positions}
    for pos in INNS:
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


def build(data_dir: Path, out_dir: Path) -> list[Path]:
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
    start_drawing()
    data, positions = load_board(BOARD)
    board, style, art = data["board"], data["style"], data["art"]
    width, height = int(board["width_px"]), int(board["height_px"])
    tile = int(board["tile_px"])
    layout = layout_road(data, positions)
    rng = TokaidoRandom(int(board["seed"]))
    r_stop, r_inn = float(style["stop_radius_px"]), float(style["inn_radius_px"])
    s = SUPERSAMPLE

    by_pos = {p.pos: p for p in positions}
    labels = {pos: render_inn_label(by_pos[pos].town, by_pos[pos].kanji,
                                    int(style["label_font_px"])) for pos in INNS}
    label_boxes = place_inn_labels(positions, layout, labels, style, width, height)
    side_slots = {pos: (layout.points[pos][0] + dx, layout.points[pos][1] + dy)
                  for pos, (dx, dy) in layout.sides.items()}
    seal = art.get("title_seal")
    title = render_title_seal(str(seal["kanji"]), str(seal["text"])) if seal else None
    if title is not None:
        title_at = (float(seal["x"]), float(seal["y"]))
        title_box = ink_box(title, title_at)
        if (not title_box.inside(width, height, 12)
                or any(title_box.distance_to(c) < (r_inn if pos in INNS else r_stop) + 12
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
            if math.dist(q, pt) < (r_inn if pos in INNS else r_stop) + 10:
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
                or any(math.dist(pt, c) < (r_inn if pos in INNS else r_stop) + 16
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
        pygame.draw.circle(clear, hole, pt, (r_inn if pos in INNS else r_stop) + 15)
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
        r = (r_inn if pos in INNS else r_stop) + 1.5
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
