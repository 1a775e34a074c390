"""Rallyman GT's track as the rules and the scene use it: spaces, their "next" spaces, the
grid, the finish line, corners and the pit lane, read from a maps/rallyman-*.tmx (no pygame).

The map is written by build_scripts/maps/rallyman.py; its "spaces" object layer holds one
polygon per space with every field of Space as a custom property (0 stands for "no limit",
-1 for "no corner"). A space's `next` lists the spaces straight ahead and diagonally ahead,
never sideways or back.

Progress and laps: `progress` is 0 just past the finish line and grows along the lap to
`lap_length`; the grid boxes sit just behind the line, at the end of the lap. A car's
`laps_done` counts the finish-line crossings after the start, so a car on the grid has
laps_done = -1 (its first crossing starts lap 1): see `lap_progress`.
"""
from __future__ import annotations

import dataclasses
import functools
import math
from collections import deque
from pathlib import Path
from typing import Any

from game.core.board import BoardError, open_tmx, pytmx_module

Point = tuple[float, float]


@dataclasses.dataclass(frozen=True)
class Space:
    """One space of the track (one die moves a car one space)."""

    id: int
    tile_index: int          # which tile of the circuit, in lap order (0 = start/finish)
    lane: int                # 0 = the leftmost lane of its tile as the driver sees it
    row: int                 # along its lane on its tile, from the entry
    polygon: tuple[Point, ...]
    centre: Point
    heading: float           # compass degrees of travel (0 = up the map, clockwise)
    progress: int            # distance along the lap from the finish line
    limit: int | None        # the highest gear that may enter it safely
    inside_limit: int | None  # the highest gear for the move along the inside line from here
    inside_caution: bool     # that move gives a caution instead
    outside_caution: int | None  # an "n!" space: n
    hazard: bool             # a "!" space: entering it gives a caution
    danger: str              # yellow | orange | red: the tile's loss-of-control danger
    next: tuple[int, ...]    # straight ahead first, then diagonally ahead
    corner_id: int | None    # the corner it belongs to (a run of tiles with limits)
    is_edge: bool            # in the leftmost or rightmost lane
    grid_box: int            # 1..6 on the start grid, else 0


@dataclasses.dataclass(frozen=True)
class PitBox:
    number: int
    polygon: tuple[Point, ...]
    centre: Point


@dataclasses.dataclass(frozen=True)
class Corner:
    id: int
    hand: str                # which way it turns first: left | right
    tiles: tuple[int, ...]


class Track:
    """A circuit's spaces and what the rules ask of them."""

    def __init__(self, path: Path, props: dict[str, Any], spaces: list[Space],
                 finish_line: tuple[Point, Point], pit_boxes: list[PitBox],
                 placements: list[dict[str, Any]], size: tuple[int, int], image: Path | None):
        self.path = path
        self.props = props
        self.spaces = spaces
        self.finish_line = finish_line
        self.pit_boxes = pit_boxes
        self.placements = placements
        self.width, self.height = size
        self.image = image
        self.key = str(props.get("circuit", path.stem))
        self.title = str(props.get("title", self.key))
        self.blurb = str(props.get("blurb", ""))
        self.laps_default = int(props.get("laps_default", 3))
        self.laps_range = (int(props.get("laps_min", 1)), int(props.get("laps_max", 5)))
        self.lap_length = int(props.get("lap_length", 0))
        self.grid = [s.id for s in sorted((s for s in spaces if s.grid_box), key=lambda s: s.grid_box)]
        hands = [h for h in str(props.get("corner_hands", "")).split(",") if h]
        tiles_of: dict[int, list[int]] = {}
        for s in spaces:
            if s.corner_id is not None:
                tiles_of.setdefault(s.corner_id, [])
                if s.tile_index not in tiles_of[s.corner_id]:
                    tiles_of[s.corner_id].append(s.tile_index)
        self.corners = [Corner(cid, hands[cid] if cid < len(hands) else "right",
                               tuple(sorted(tiles))) for cid, tiles in sorted(tiles_of.items())]
        self.tile_count = 1 + max(s.tile_index for s in spaces)
        self._tile_corner: list[int | None] = [None] * self.tile_count
        for c in self.corners:
            for t in c.tiles:
                self._tile_corner[t] = c.id
        self._by_tile: dict[int, list[Space]] = {}
        for s in spaces:
            self._by_tile.setdefault(s.tile_index, []).append(s)
        self.finish_moves = frozenset((a.id, b) for a in spaces for b in a.next
                                      if _segments_cross(a.centre, spaces[b].centre,
                                                         *finish_line))
        # Pit entry: a plain edge space (no limit or mark, not on a corner) ends the turn there.
        self.pit_entries = [s.id for s in spaces if s.is_edge and s.corner_id is None
                            and s.limit is None and not s.hazard and s.outside_caution is None]

    # ---- the rules' helpers ---------------------------------------------------------------
    def space(self, sid: int) -> Space:
        return self.spaces[sid]

    def crosses_finish(self, a: int, b: int) -> bool:
        """Whether the move a -> b crosses the finish line (a lap counter's tick)."""
        return (a, b) in self.finish_moves

    def lap_progress(self, space: Space | int, laps_done: int) -> int:
        """Distance raced: laps_done whole laps plus the space's progress. Cars on the grid
        have laps_done = -1 (see the module's docstring), so every car starts just below 0."""
        sp = self.spaces[space] if isinstance(space, int) else space
        return laps_done * self.lap_length + sp.progress

    def next_corner(self, space: Space | int) -> Corner | None:
        """The corner the space is on, or else the next one ahead."""
        sp = self.spaces[space] if isinstance(space, int) else space
        for k in range(self.tile_count):
            cid = self._tile_corner[(sp.tile_index + k) % self.tile_count]
            if cid is not None:
                return self.corners[cid]
        return None

    def lanes_beside(self, space: Space | int) -> list[int]:
        """The lanes of the space's tile that run alongside it (it included)."""
        sp = self.spaces[space] if isinstance(space, int) else space
        memo = self.__dict__.setdefault("_beside_memo", {})
        if sp.id not in memo:
            memo[sp.id] = self._lanes_beside(sp)
        return list(memo[sp.id])

    def _lanes_beside(self, sp: Space) -> list[int]:
        mid = sp.progress
        lanes = set()
        for other in self._by_tile[sp.tile_index]:
            span = _progress_span(other, self)
            if span[0] <= mid <= span[1]:
                lanes.add(other.lane)
        lanes.add(sp.lane)
        return sorted(lanes)

    @functools.cached_property
    def beside(self) -> tuple[frozenset[int], ...]:
        """For each space, the spaces beside it: the same tile, a neighbouring lane, level
        (worked out once per track, as overtaking asks of it at every die planned)."""
        out = []
        for sa in self.spaces:
            lo, hi = _progress_span(sa, self)
            near = set()
            for sb in self._by_tile[sa.tile_index]:
                if abs(sa.lane - sb.lane) == 1:
                    lo2, hi2 = _progress_span(sb, self)
                    if lo < sb.progress < hi or lo2 < sa.progress < hi2:
                        near.add(sb.id)
            out.append(frozenset(near))
        return tuple(out)

    def inside_lane_of_next_corner(self, space: Space | int) -> int:
        """The lane of the space's own tile that is on the inside of the next corner: the
        rightmost lane before a right-hand corner, the leftmost before a left-hand one."""
        corner = self.next_corner(space)
        lanes = self.lanes_beside(space)
        if corner is None:
            return lanes[0]
        return lanes[-1] if corner.hand == "right" else lanes[0]

    def inside_rank(self, space: Space | int) -> int:
        """0 on the inside lane of the next corner, 1 one lane out, ... (turn order's last
        tie-break: the inside car plays first)."""
        return self._inside_ranks[space if isinstance(space, int) else space.id]

    @functools.cached_property
    def _inside_ranks(self) -> tuple[int, ...]:
        # every round's order asks it of every car: worked out once per track
        out = []
        for sp in self.spaces:
            lanes = self.lanes_beside(sp)
            inside = self.inside_lane_of_next_corner(sp)
            out.append(abs(lanes.index(sp.lane) - lanes.index(inside)))
        return tuple(out)

    def forward_paths(self, space: Space | int, steps: int) -> list[tuple[int, ...]]:
        """Every sequence of `steps` moves along `next` from the space (without it)."""
        start = space.id if isinstance(space, Space) else space
        paths: list[tuple[int, ...]] = [()]
        for _ in range(steps):
            paths = [p + (n,) for p in paths for n in self.spaces[p[-1] if p else start].next]
        return paths

    def reachable(self, start: int) -> set[int]:
        seen, todo = {start}, deque([start])
        while todo:
            for n in self.spaces[todo.popleft()].next:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen


def _progress_span(sp: Space, track: Track) -> tuple[float, float]:
    """Roughly where along the lap a space begins and ends (its progress +- half a row)."""
    rows = sum(1 for s in track._by_tile[sp.tile_index] if s.lane == sp.lane)
    half = 500.0 / max(1, rows)
    return sp.progress - half, sp.progress + half


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def orient(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (orient(a, b, c) * orient(a, b, d) < 0) and (orient(c, d, a) * orient(c, d, b) < 0)


def _prop(obj: Any, name: str, path: Path) -> Any:
    props = obj.properties
    if name not in props:
        raise BoardError(f"The map {path.name} has a space ({obj.name!r}) without the "
                         f"property {name!r}.")
    return props[name]


def load_track(path: Path | str) -> Track:
    """Read a maps/rallyman-*.tmx. Raises BoardError naming the file and the problem."""
    path = Path(path)
    tmx = open_tmx(path)
    if getattr(tmx, "orientation", "") != "hexagonal" or getattr(tmx, "staggeraxis", "") != "x":
        raise BoardError(f"The map {path.name} is not a flat-topped hexagonal map.")
    layers = {layer.name: layer for layer in tmx.layers}
    for needed in ("spaces", "markers", "placements"):
        if needed not in layers:
            raise BoardError(f"The map {path.name} has no {needed!r} layer.")
    raw: list[Space] = []
    for obj in layers["spaces"]:
        points = getattr(obj, "points", None)
        if not points:
            raise BoardError(f"The map {path.name} has a space ({obj.name!r}) that is no "
                             f"polygon.")

        def none_if(value: int, empty: int = 0) -> int | None:
            return None if value == empty else int(value)

        text = str(_prop(obj, "next", path)).strip()
        try:
            nxt = tuple(int(n) for n in text.split(",") if n.strip())
        except ValueError:
            raise BoardError(f"The map {path.name}: space {obj.name!r} has a broken 'next' "
                             f"({text!r}).") from None
        raw.append(Space(
            id=int(_prop(obj, "space_id", path)), tile_index=int(_prop(obj, "tile_index", path)),
            lane=int(_prop(obj, "lane", path)), row=int(_prop(obj, "row", path)),
            polygon=tuple((float(p.x), float(p.y)) for p in points),
            centre=(float(_prop(obj, "centre_x", path)), float(_prop(obj, "centre_y", path))),
            heading=float(_prop(obj, "heading", path)),
            progress=int(_prop(obj, "progress", path)),
            limit=none_if(int(_prop(obj, "limit", path))),
            inside_limit=none_if(int(_prop(obj, "inside_limit", path))),
            inside_caution=bool(_prop(obj, "inside_caution", path)),
            outside_caution=none_if(int(_prop(obj, "outside_caution", path))),
            hazard=bool(_prop(obj, "hazard", path)), danger=str(_prop(obj, "danger", path)),
            next=nxt, corner_id=none_if(int(_prop(obj, "corner_id", path)), -1),
            is_edge=bool(_prop(obj, "is_edge", path)),
            grid_box=int(_prop(obj, "grid_box", path))))
    if not raw:
        raise BoardError(f"The map {path.name} has no spaces.")
    raw.sort(key=lambda s: s.id)
    if [s.id for s in raw] != list(range(len(raw))):
        raise BoardError(f"The map {path.name}: the space ids are not 0..{len(raw) - 1}.")
    for s in raw:
        bad = [n for n in s.next if not 0 <= n < len(raw)]
        if bad or not s.next:
            raise BoardError(f"The map {path.name}: space {s.id} leads nowhere "
                             f"(next = {list(s.next)}).")
    finish = None
    boxes: list[PitBox] = []
    for obj in layers["markers"]:
        pts = [(float(p.x), float(p.y)) for p in getattr(obj, "points", ()) or ()]
        if obj.name == "finish" and len(pts) >= 2:
            finish = (pts[0], pts[-1])
        elif obj.type == "pit_box" and pts:
            cx = sum(x for x, _ in pts) / len(pts)
            cy = sum(y for _, y in pts) / len(pts)
            boxes.append(PitBox(int(obj.properties.get("box", len(boxes) + 1)), tuple(pts),
                                (cx, cy)))
    if finish is None:
        raise BoardError(f"The map {path.name} has no finish line.")
    boxes.sort(key=lambda b: b.number)
    placements = [dict(obj.properties) | {"key": obj.name, "kind": obj.type}
                  for obj in layers["placements"]]
    image = None
    for layer in tmx.layers:
        if isinstance(layer, pytmx_module().TiledImageLayer) and layer.source:
            image = path.parent / layer.source
    props = dict(tmx.properties)
    size = (int(props.get("board_width", tmx.width * tmx.tilewidth)),
            int(props.get("board_height", tmx.height * tmx.tileheight)))
    track = Track(path, props, raw, finish, boxes, placements, size, image)
    if len(track.grid) != 6:
        raise BoardError(f"The map {path.name} has {len(track.grid)} grid boxes, not 6.")
    if not math.isfinite(track.lap_length) or track.lap_length <= 0:
        raise BoardError(f"The map {path.name} has no lap length.")
    return track


def pictures(path: Path | str) -> list[Path]:
    """The picture files a circuit's map draws with (the smoke test checks them)."""
    track = load_track(path)
    return [track.image] if track.image else []
