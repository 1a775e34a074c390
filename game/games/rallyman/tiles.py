"""Rallyman GT's track tiles as data (tiles.toml) and the geometry that lays them on a hex grid.

No pygame here: the map builder uses this to check a circuit, cut it into spaces and draw it;
the game itself reads the finished spaces back from the Tiled map (track.py).

Frames: every tile side is described in its own frame, entered through the south edge of a
flat-topped hex heading north. A placement turns it by `rotation` steps of 60 degrees
clockwise, so `rotation` is also the heading it is entered with (an index into
game.core.hexgrid.FLAT_DIRECTIONS: 0 north, then clockwise). `reverse` drives a tile the
other way round (a right bend becomes a left one).
"""
from __future__ import annotations

import dataclasses
import math
import tomllib
from pathlib import Path
from typing import Any

from game.core.hexgrid import FLAT_DIRECTIONS, Hex

CATALOGUE = Path(__file__).resolve().parent / "tiles.toml"
H = math.sqrt(3.0) / 2.0          # a unit hex's centre-to-edge distance
LANE_WIDTH = 0.27                 # in hex radii: three lanes fill 0.81 of an edge
PIT_LANE_WIDTH = 0.36
SHAPES = ("straight", "bend60", "bend120", "hairpin", "sbend", "pit")
DANGERS = ("yellow", "orange", "red", "none")
EDGE_NAMES = ("north", "north-east", "south-east", "south", "south-west", "north-west")
SBEND_KINK = 0.26                 # how far the S-bend's centre line swings aside (hex radii)

Point = tuple[float, float]


class CircuitError(ValueError):
    """A circuit that does not close or breaks the box's limits; the message says why."""


@dataclasses.dataclass(frozen=True)
class InsideLine:
    """A dotted inside line: moves from row `first` up to row `last` along `lane` have their
    own limit (or give a caution)."""

    lane: int
    first: int
    last: int
    limit: int | None = None
    caution: bool = False


@dataclasses.dataclass(frozen=True)
class TileSide:
    """One face of one tile, in its own frame (entered from the south, heading north)."""

    number: int
    side: str
    copies: int
    shape: str
    hand: str
    lanes_in: int
    lanes_out: int
    danger: str
    rows: tuple[int, ...]
    spans: tuple[tuple[float, float], ...]
    limits: tuple[str, ...]
    outside: tuple[str, ...]
    hazards: tuple[str, ...]
    inside: tuple[InsideLine, ...]
    grid: tuple[tuple[int, int], ...]
    finish_row: int | None
    reversed: bool = False

    @property
    def key(self) -> str:
        return f"{self.number}{self.side}"

    @property
    def lanes(self) -> int:
        return len(self.rows)

    @property
    def is_corner(self) -> bool:
        """A corner is a stretch with speed limits (the rulebook's own definition)."""
        return any(ch.isdigit() for text in self.limits + self.outside for ch in text) \
            or bool(self.inside)

    def exit_edge(self) -> int:
        """The edge it leaves by, in its own frame (0 north, clockwise)."""
        right = self.hand == "right"
        if self.shape == "bend60":
            return 1 if right else 5
        if self.shape in ("bend120", "hairpin"):
            return 2 if right else 4
        return 0

    def turn(self) -> int:
        """The change of heading across the tile in 60 degree steps (clockwise positive)."""
        return (self.exit_edge() + 3) % 6 - 3 if self.exit_edge() else 0

    def mark(self, table: tuple[str, ...], lane: int, row: int) -> str:
        text = table[lane] if lane < len(table) else ""
        return text[row] if row < len(text) else "-"

    def backwards(self) -> TileSide:
        """The same face driven the other way: lanes, rows and the hand mirrored."""
        if self.grid:
            raise CircuitError(f"tile {self.key} carries the start grid; it cannot be reversed")
        n = self.lanes

        def flip(table: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(t[::-1] for t in reversed(table))
        rows = tuple(reversed(self.rows))
        inside = tuple(InsideLine(n - 1 - line.lane, rows[n - 1 - line.lane] - 1 - line.last,
                                  rows[n - 1 - line.lane] - 1 - line.first, line.limit,
                                  line.caution) for line in self.inside)
        return dataclasses.replace(
            self, hand="left" if self.hand == "right" else "right",
            lanes_in=self.lanes_out, lanes_out=self.lanes_in, rows=rows,
            spans=tuple((1.0 - b, 1.0 - a) for a, b in reversed(self.spans)),
            limits=flip(self.limits), outside=flip(self.outside), hazards=flip(self.hazards),
            inside=inside, reversed=not self.reversed)


def _side(entry: dict[str, Any]) -> TileSide:
    rows = tuple(int(n) for n in entry["rows"])
    spans = tuple((float(a), float(b)) for a, b in entry.get("spans", [[0.0, 1.0]] * len(rows)))
    side = TileSide(
        number=int(entry["number"]), side=str(entry["side"]), copies=int(entry["copies"]),
        shape=str(entry["shape"]), hand=str(entry["hand"]), lanes_in=int(entry["lanes_in"]),
        lanes_out=int(entry["lanes_out"]), danger=str(entry["danger"]), rows=rows, spans=spans,
        limits=tuple(entry.get("limits", ())), outside=tuple(entry.get("outside", ())),
        hazards=tuple(entry.get("hazards", ())),
        inside=tuple(InsideLine(int(d["lane"]), int(d["first"]), int(d["last"]),
                                int(d["limit"]) if "limit" in d else None,
                                bool(d.get("caution", False))) for d in entry.get("inside", ())),
        grid=tuple((int(a), int(b)) for a, b in entry.get("grid", ())),
        finish_row=int(entry["finish_row"]) if "finish_row" in entry else None)
    problems = []
    if side.shape not in SHAPES:
        problems.append(f"unknown shape {side.shape!r}")
    if side.danger not in DANGERS:
        problems.append(f"unknown danger {side.danger!r}")
    if side.hand not in ("left", "right"):
        problems.append(f"hand must be left or right, not {side.hand!r}")
    if len(spans) != len(rows):
        problems.append("spans and rows differ in length")
    if sum(1 for a, _ in spans if a <= 0.0) != side.lanes_in \
            or sum(1 for _, b in spans if b >= 1.0) != side.lanes_out:
        problems.append("lanes_in/lanes_out do not match the lanes' spans")
    for table in (side.limits, side.outside, side.hazards):
        if table and (len(table) != len(rows)
                      or any(len(t) != n for t, n in zip(table, rows))):
            problems.append("a marking string does not match the rows")
    if problems:
        raise ValueError(f"tiles.toml: tile {side.key}: " + "; ".join(problems))
    return side


def load_catalogue(path: Path = CATALOGUE) -> dict[str, TileSide]:
    """Every tile side of tiles.toml by key ('115a')."""
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    sides = [_side(entry) for entry in data["side"]]
    return {s.key: s for s in sides}


# --------------------------------------------------------------------------------------------
# Geometry of one tile side, in map pixels
# --------------------------------------------------------------------------------------------

def _smooth(x: float) -> float:
    x = min(1.0, max(0.0, x))
    return x * x * (3 - 2 * x)


@dataclasses.dataclass
class LaidTile:
    """A tile side laid on the map: its road as functions of (t along, u across)."""

    tile: TileSide
    hex: Hex
    rotation: int
    centre: Point
    size: float

    # -- the road's centre line in the tile's own frame (unit hex), then placed ------------
    def _local(self, t: float) -> tuple[Point, Point]:
        shape = self.tile.shape
        if shape in ("straight", "pit"):
            p, d = (0.0, H - 2 * H * t), (0.0, -1.0)
        elif shape == "sbend":
            dx = SBEND_KINK * math.pi * math.sin(2 * math.pi * t)
            p = (SBEND_KINK * math.sin(math.pi * t) ** 2, H - 2 * H * t)
            d = (dx, -2 * H)
        else:
            radius, sweep = (1.5, 60.0) if shape == "bend60" else (0.5, 120.0)
            phi = math.radians(180.0 + sweep * t)
            p = (radius + radius * math.cos(phi), H + radius * math.sin(phi))
            d = (-math.sin(phi), math.cos(phi))
        if self.tile.hand == "left":
            p, d = (-p[0], p[1]), (-d[0], d[1])
        norm = math.hypot(*d)
        return p, (d[0] / norm, d[1] / norm)

    def _place(self, p: Point) -> Point:
        a = math.radians(60.0 * self.rotation)
        x, y = p
        return (self.centre[0] + self.size * (x * math.cos(a) - y * math.sin(a)),
                self.centre[1] + self.size * (x * math.sin(a) + y * math.cos(a)))

    def width(self, t: float) -> float:
        """Road width at t, in hex radii (a lane opening or closing changes it)."""
        tile = self.tile
        w = PIT_LANE_WIDTH if tile.shape == "pit" else LANE_WIDTH
        if tile.lanes_in == tile.lanes_out:
            return w * tile.lanes
        change = self.changing_lane()
        a, b = tile.spans[change]
        s = _smooth((t - (a - 0.3)) / 0.4) if a > 0.0 else 1.0 - _smooth((t - (b - 0.1)) / 0.4)
        return w * (tile.lanes - 1 + s)

    def changing_lane(self) -> int:
        spans = self.tile.spans
        return next((i for i, (a, b) in enumerate(spans) if a > 0.0 or b < 1.0), -1)

    def boundary(self, j: int, t: float) -> float:
        """Lateral offset (hex radii, right of travel positive) of lane line j at t."""
        tile = self.tile
        w = PIT_LANE_WIDTH if tile.shape == "pit" else LANE_WIDTH
        half = self.width(t) / 2
        n = tile.lanes
        if j == n:
            return half
        if self.changing_lane() == 0 and j > 0:
            return half - (n - j) * w
        return -half + j * w

    def point(self, t: float, u: float) -> Point:
        """Map pixels of the road point t along, u across (hex radii)."""
        (x, y), (dx, dy) = self._local(t)
        return self._place((x - dy * u, y + dx * u))

    def heading(self, t: float) -> float:
        """Compass heading in degrees (0 north, clockwise) of travel at t."""
        _, (dx, dy) = self._local(t)
        a = math.radians(60.0 * self.rotation)
        gx, gy = dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)
        return math.degrees(math.atan2(gx, -gy)) % 360.0

    def lane_line(self, j: int, t0: float = 0.0, t1: float = 1.0, steps: int = 24) -> list[Point]:
        m = max(2, math.ceil(abs(t1 - t0) * steps) + 1)
        return [self.point(t0 + (t1 - t0) * k / (m - 1),
                           self.boundary(j, t0 + (t1 - t0) * k / (m - 1))) for k in range(m)]

    def row_range(self, lane: int, row: int) -> tuple[float, float]:
        a, b = self.tile.spans[lane]
        n = self.tile.rows[lane]
        return a + (b - a) * row / n, a + (b - a) * (row + 1) / n

    def cell(self, lane: int, row: int) -> list[Point]:
        """The space's outline: along its left lane line, back along its right one."""
        t0, t1 = self.row_range(lane, row)
        left = self.lane_line(lane, t0, t1)
        right = self.lane_line(lane + 1, t0, t1)
        return left + right[::-1]

    def cell_centre(self, lane: int, row: int) -> Point:
        t0, t1 = self.row_range(lane, row)
        t = (t0 + t1) / 2
        return self.point(t, (self.boundary(lane, t) + self.boundary(lane + 1, t)) / 2)

    def lanes_at(self, t: float) -> list[int]:
        return [i for i, (a, b) in enumerate(self.tile.spans) if a - 1e-9 <= t <= b + 1e-9]

    def hex_corners(self) -> list[Point]:
        return [(self.centre[0] + self.size * math.cos(math.radians(60 * i)),
                 self.centre[1] + self.size * math.sin(math.radians(60 * i))) for i in range(6)]

    def entry_edge(self) -> int:
        return (3 + self.rotation) % 6

    def exit_edge(self) -> int:
        return (self.tile.exit_edge() + self.rotation) % 6


# --------------------------------------------------------------------------------------------
# Circuits: placements, the closing check, and the spaces
# --------------------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Placement:
    """One tile of a circuit file."""

    q: int
    r: int
    number: int
    side: str
    rotation: int
    reverse: bool = False

    @property
    def hex(self) -> Hex:
        return Hex(self.q, self.r)

    def label(self, index: int) -> str:
        turn = ", reversed" if self.reverse else ""
        return f"tile {index + 1} ({self.number}{self.side}{turn} at q={self.q}, r={self.r})"


def placements_of(circuit: dict[str, Any]) -> list[Placement]:
    """The (q, r, tile, side, rotation[, reverse]) rows of a circuit file."""
    out = []
    for row in circuit["tiles"]:
        out.append(Placement(int(row["q"]), int(row["r"]), int(row["tile"]), str(row["side"]),
                             int(row["rotation"]) % 6, bool(row.get("reverse", False))))
    return out


def tile_of(p: Placement, catalogue: dict[str, TileSide]) -> TileSide:
    key = f"{p.number}{p.side}"
    if key not in catalogue:
        raise CircuitError(f"there is no tile side {key} in the catalogue")
    tile = catalogue[key]
    return tile.backwards() if p.reverse else tile


def check_loop(placements: list[Placement], catalogue: dict[str, TileSide],
               pit: Placement | None = None) -> list[TileSide]:
    """The tile sides of a circuit that closes; CircuitError saying why when it does not."""
    if len(placements) < 3:
        raise CircuitError("a circuit needs at least three tiles")
    tiles = [tile_of(p, catalogue) for p in placements]
    if tiles[0].finish_row is None:
        raise CircuitError("the first tile must be the start/finish tile 102")
    seen: dict[Hex, int] = {}
    for i, p in enumerate(placements):
        if p.hex in seen:
            raise CircuitError(f"{p.label(i)} sits on the same hex as "
                               f"{placements[seen[p.hex]].label(seen[p.hex])}")
        seen[p.hex] = i
        if tiles[i].shape == "pit":
            raise CircuitError(f"{p.label(i)}: the pit tile is not part of the loop")
        if tiles[i].finish_row is not None and i:
            raise CircuitError(f"{p.label(i)}: a second start/finish tile")
    if pit is not None and pit.hex in seen:
        raise CircuitError(f"the pit tile sits on the hex of {placements[seen[pit.hex]].label(seen[pit.hex])}")
    used: dict[int, int] = {}
    for i, (p, tile) in enumerate(zip(placements, tiles)):
        used[p.number] = used.get(p.number, 0) + 1
        if used[p.number] > tile.copies:
            raise CircuitError(f"{p.label(i)}: the box has only {tile.copies} of tile {p.number}")
        j = (i + 1) % len(placements)
        nxt, nt = placements[j], tiles[j]
        exit_edge = (tile.exit_edge() + p.rotation) % 6
        target = p.hex + FLAT_DIRECTIONS[exit_edge]
        if target != nxt.hex:
            raise CircuitError(f"{p.label(i)} leaves by its {EDGE_NAMES[exit_edge]} edge "
                               f"towards q={target.q}, r={target.r}, but the next tile, "
                               f"{nxt.label(j)}, is not there")
        if nxt.rotation != exit_edge:
            raise CircuitError(f"{nxt.label(j)} must be entered heading "
                               f"{EDGE_NAMES[exit_edge]} (rotation {exit_edge}), not "
                               f"rotation {nxt.rotation}")
        if tile.lanes_out != nt.lanes_in:
            raise CircuitError(f"{p.label(i)} ends with {tile.lanes_out} lanes but "
                               f"{nxt.label(j)} starts with {nt.lanes_in}")
    return tiles


@dataclasses.dataclass
class SpaceData:
    """A space as the builder writes it (track.py reads the same fields back)."""

    space_id: int
    tile_index: int
    lane: int
    row: int
    polygon: list[Point]
    centre: Point
    heading: float
    progress: int
    limit: int | None
    inside_limit: int | None
    inside_caution: bool
    outside_caution: int | None
    hazard: bool
    danger: str
    next: list[int]
    corner_id: int | None
    is_edge: bool
    t0: float = 0.0
    t1: float = 1.0


PROGRESS_PER_TILE = 1000


@dataclasses.dataclass
class Circuit:
    """A checked circuit laid out in map pixels."""

    laid: list[LaidTile]
    spaces: list[SpaceData]
    grid: list[int]
    finish_line: tuple[Point, Point]
    corners: list[dict[str, Any]]      # id, tiles, hand
    pit: LaidTile | None
    pit_boxes: list[list[Point]]
    pit_entries: list[int]

    @property
    def lap_length(self) -> int:
        return len(self.laid) * PROGRESS_PER_TILE


def lay_circuit(placements: list[Placement], catalogue: dict[str, TileSide],
                centre_of: Any, size: float, pit: Placement | None = None) -> Circuit:
    """Check the loop and cut it into spaces. `centre_of(hex)` gives a hex's centre in px."""
    tiles = check_loop(placements, catalogue, pit)
    laid = [LaidTile(t, p.hex, p.rotation, centre_of(p.hex), size)
            for p, t in zip(placements, tiles)]
    n_tiles = len(laid)
    first = laid[0].tile
    finish_t = first.finish_row / first.rows[0]

    # Corners: runs of consecutive tiles with limits turning the same way (tile 0 is 102).
    corner_of: list[int | None] = [None] * n_tiles
    corners: list[dict[str, Any]] = []
    for i, lt in enumerate(laid):
        if not lt.tile.is_corner:
            continue
        # A bend the other way round starts a new corner (its inside is the other lane).
        if i and corner_of[i - 1] is not None and laid[i - 1].tile.hand == lt.tile.hand:
            corner_of[i] = corner_of[i - 1]
            corners[-1]["tiles"].append(i)
        else:
            corner_of[i] = len(corners)
            corners.append({"id": len(corners), "tiles": [i], "hand": lt.tile.hand})

    ids: dict[tuple[int, int, int], int] = {}
    spaces: list[SpaceData] = []
    for i, lt in enumerate(laid):
        tile = lt.tile
        inside = {(line.lane, row): line for line in tile.inside
                  for row in range(line.first, line.last)}
        for lane in range(tile.lanes):
            for row in range(tile.rows[lane]):
                t0, t1 = lt.row_range(lane, row)
                tm = (t0 + t1) / 2
                limit_ch = tile.mark(tile.limits, lane, row)
                out_ch = tile.mark(tile.outside, lane, row)
                limit = int(out_ch) if out_ch.isdigit() else (
                    int(limit_ch) if limit_ch.isdigit() else None)
                line = inside.get((lane, row))
                present = lt.lanes_at(tm)
                progress = round(((i + tm - finish_t) % n_tiles) * PROGRESS_PER_TILE)
                sid = len(spaces)
                ids[(i, lane, row)] = sid
                spaces.append(SpaceData(
                    space_id=sid, tile_index=i, lane=lane, row=row, polygon=lt.cell(lane, row),
                    centre=lt.cell_centre(lane, row), heading=round(lt.heading(tm), 1),
                    progress=progress, limit=limit,
                    inside_limit=line.limit if line else None,
                    inside_caution=bool(line and line.caution),
                    outside_caution=int(out_ch) if out_ch.isdigit() else None,
                    hazard=tile.mark(tile.hazards, lane, row) == "!",
                    danger=tile.danger, next=[], corner_id=corner_of[i],
                    is_edge=lane in (min(present), max(present)), t0=t0, t1=t1))

    def exit_map(i: int) -> dict[int, int]:
        """Lane at the exit of tile i -> lane at the entry of the next tile."""
        a, b = laid[i].tile, laid[(i + 1) % n_tiles].tile
        outs = [k for k, (_, e) in enumerate(a.spans) if e >= 1.0]
        ins = [k for k, (s, _) in enumerate(b.spans) if s <= 0.0]
        return dict(zip(outs, ins))

    maps = [exit_map(i) for i in range(n_tiles)]
    for sp in spaces:
        i, tile = sp.tile_index, laid[sp.tile_index].tile
        mid = (sp.t0 + sp.t1) / 2
        found: list[int] = []
        for lane in (sp.lane, sp.lane - 1, sp.lane + 1):
            if not 0 <= lane < tile.lanes:
                continue
            straight = lane == sp.lane
            target = None
            for row in range(tile.rows[lane]):
                t0, _ = laid[i].row_range(lane, row)
                if (straight and abs(t0 - sp.t1) < 1e-9) or (not straight and t0 > mid + 1e-9):
                    target = ids[(i, lane, row)]
                    break
            if target is None:
                b = tile.spans[lane][1]
                if b >= 1.0 and (straight and sp.t1 >= 1.0 - 1e-9 or not straight):
                    j = (i + 1) % n_tiles
                    target = ids.get((j, maps[i].get(lane, -1), 0))
            if target is not None and target not in found:
                found.append(target)
        sp.next = found

    grid = [ids[(0, lane, row)] for lane, row in first.grid]
    l0 = laid[0]
    finish = (l0.point(finish_t, l0.boundary(0, finish_t)),
              l0.point(finish_t, l0.boundary(first.lanes, finish_t)))
    pit_laid, boxes = None, []
    if pit is not None:
        pit_laid = LaidTile(tile_of(pit, catalogue), pit.hex, pit.rotation, centre_of(pit.hex),
                            size)
        boxes = [pit_laid.cell(0, row) for row in range(pit_laid.tile.rows[0])]
    entries = [sp.space_id for sp in spaces
               if sp.is_edge and sp.corner_id is None and sp.limit is None and not sp.hazard]
    return Circuit(laid, spaces, grid, finish, corners, pit_laid, boxes, entries)
