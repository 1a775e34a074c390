"""Boards made in Tiled, read as plain graphs (no pygame).

Conventions for every `maps/<id>.tmx` (see game/DESIGN.md, "Boards"):
- art in image layers (their files sit beside the map);
- topology in object layers: point objects for stops, cities and spaces (the object's `name`
  is its key, its `type` its kind), polylines for roads and routes with the custom properties
  `from` and `to` naming the two stops (or, without them, snapped to the nearest stops);
- more facts as typed custom properties, never named like pytmx's built-ins.
"""
from __future__ import annotations

import dataclasses
import math
import sys
import threading
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

# Attribute names pytmx gives every object; a custom property with one of these names
# makes pytmx refuse the whole map.
RESERVED_PROPERTY_NAMES = frozenset({
    "id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid", "visible",
    "points", "template", "properties", "opacity", "source", "trans", "image", "closed",
})


class BoardError(Exception):
    """A map that cannot be used; the message names the file and the problem."""


@dataclasses.dataclass
class Node:
    key: str
    x: float
    y: float
    kind: str
    layer: str
    props: dict[str, Any]


@dataclasses.dataclass
class Edge:
    a: str
    b: str
    points: list[tuple[float, float]]
    kind: str
    layer: str
    props: dict[str, Any]

    def length_px(self) -> float:
        return sum(math.dist(p, q) for p, q in zip(self.points, self.points[1:]))

    def other(self, key: str) -> str:
        return self.b if key == self.a else self.a


@dataclasses.dataclass
class Board:
    path: Path
    width: int          # in pixels
    height: int
    props: dict[str, Any]
    nodes: dict[str, Node]
    edges: list[Edge]
    images: list[tuple[str, Path, float, float]]   # (layer name, file, offset x, offset y)
    areas: dict[str, list[tuple[float, float]]]     # named polygons (regions), if any

    def neighbours(self, key: str) -> list[str]:
        return [e.other(key) for e in self.edges if key in (e.a, e.b)]

    def edges_at(self, key: str) -> list[Edge]:
        return [e for e in self.edges if key in (e.a, e.b)]

    def nodes_of(self, kind: str) -> list[Node]:
        return [n for n in self.nodes.values() if n.kind == kind]


def _check_reserved(path: Path) -> None:
    """pytmx's own error for a reserved property name does not say which one; we do."""
    try:
        root = ElementTree.parse(path).getroot()
    except ElementTree.ParseError as exc:
        raise BoardError(f"The map {path.name} is damaged: {exc}.") from None
    for obj in root.iter("object"):
        props = obj.find("properties")
        if props is None:
            continue
        for prop in props.findall("property"):
            if prop.get("name") in RESERVED_PROPERTY_NAMES:
                raise BoardError(f"The map {path.name} uses the reserved property name "
                                 f"{prop.get('name')!r} on object {obj.get('name')!r}.")


#: one thread imports pytmx at a time: a board warmed on a background thread while the table
#: reads one would otherwise find sys.modules holding pytmx half imported (no TiledMap yet)
_PYTMX_LOCK = threading.Lock()


def pytmx_module():
    """pytmx, imported without pygame: the package pulls pygame in when it can (for type hints
    and its pygame loader, neither of which we use), and the rules must stay free of pygame."""
    with _PYTMX_LOCK:
        if "pytmx" not in sys.modules:
            blocked = [name for name in ("pygame", "pytmx.util_pygame") if name not in sys.modules]
            for name in blocked:
                sys.modules[name] = None  # makes `import name` fail
            try:
                import pytmx  # noqa: F401
            finally:
                for name in blocked:
                    del sys.modules[name]
        return sys.modules["pytmx"]


def open_tmx(path: Path | str) -> Any:
    """Parse a Tiled map with pytmx (no pygame needed), for every board loader: a missing
    file, a property named like a built-in or an unreadable map raise BoardError naming it."""
    pytmx = pytmx_module()
    path = Path(path)
    if not path.is_file():
        raise BoardError(f"The map {path.name} is missing (looked in {path.parent}).")
    _check_reserved(path)
    try:
        return pytmx.TiledMap(str(path))
    except Exception as exc:  # pytmx raises many kinds; report them all the same way
        raise BoardError(f"The map {path.name} cannot be read: {exc}.") from None


#: boards read this run, by file, its size and time and the snapping asked: a table opened
#: again, or one warmed while its game was being set up, needs no parsing
_BOARDS: dict[tuple[str, int, int, float], Board] = {}
_BOARDS_LOCK = threading.Lock()


def _file_key(path: Path) -> tuple[str, int, int] | None:
    """A map file as the board cache knows it (where, its size and time), None if unreadable."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (str(path.resolve()), info.st_size, info.st_mtime_ns)


def load_board(path: Path | str, *, snap_px: float = 12.0) -> Board:
    """Read a Tiled map into a Board (kept for the rest of the run: treat it as read-only).
    Raises BoardError with a clear message."""
    path = Path(path)
    file = _file_key(path)
    if file is None:
        return _read_board(path, snap_px)   # says what is wrong
    key = (*file, snap_px)
    with _BOARDS_LOCK:
        board = _BOARDS.get(key)
    if board is None:
        board = _read_board(path, snap_px)
        with _BOARDS_LOCK:
            _BOARDS[key] = board
    return board


def board_pictures(path: Path | str) -> Board:
    """Only the picture layers of a Tiled map, as a Board with no topology: for a table that
    draws a map whose objects its rules never read (Ubi's 1,848 hexagons took 0.12 s to parse
    for the one picture the table wanted). A board already read whole is used as it is."""
    path = Path(path)
    file = _file_key(path)
    if file is None:
        return _read_board(path, 12.0)   # says what is wrong
    with _BOARDS_LOCK:
        whole = next((board for key, board in _BOARDS.items() if key[:3] == file), None)
    if whole is not None:
        return whole
    images: list[tuple[str, Path, float, float]] = []
    width = height = 0
    try:
        for _event, element in ElementTree.iterparse(path, events=("end",)):
            if element.tag == "imagelayer":
                image = element.find("image")
                if image is not None and image.get("source"):
                    images.append((element.get("name", ""), path.parent / image.get("source", ""),
                                   float(element.get("offsetx", 0)), float(element.get("offsety", 0))))
            elif element.tag == "map":
                width = int(element.get("width", 0)) * int(element.get("tilewidth", 0))
                height = int(element.get("height", 0)) * int(element.get("tileheight", 0))
            if element.tag in ("imagelayer", "objectgroup", "layer"):
                element.clear()
    except ElementTree.ParseError as exc:
        raise BoardError(f"The map {path.name} is damaged: {exc}.") from None
    except (ValueError, OSError) as exc:
        raise BoardError(f"The map {path.name} cannot be read: {exc}.") from None
    return Board(path, width, height, {}, {}, [], images, {})


def picture_files(path: Path | str) -> list[Path]:
    """The files a map's picture layers draw, read as `board_pictures` reads them (a game
    spec's `map_pictures` for a map whose topology nobody reads)."""
    return [image for _layer, image, _x, _y in board_pictures(path).images]


def warm_boards(paths: list[Path]) -> threading.Thread:
    """Read these maps on a background thread (while a game is being set up, say), so that
    opening its table finds them read; errors are left for the table to tell."""
    def read() -> None:
        for path in paths:
            try:
                load_board(path)
            except Exception:
                pass
    thread = threading.Thread(target=read, name="journeys-boards", daemon=True)
    thread.start()
    return thread


def _read_board(path: Path, snap_px: float) -> Board:
    tmx = open_tmx(path)
    pytmx = pytmx_module()
    # Tiled writes infinite="0"; pytmx keeps the attribute as a string
    if str(getattr(tmx, "infinite", "0")).strip().lower() in ("1", "true"):
        raise BoardError(f"The map {path.name} is infinite; boards must be fixed-size.")

    nodes: dict[str, Node] = {}
    pending: list[tuple[Any, str]] = []
    images: list[tuple[str, Path, float, float]] = []
    areas: dict[str, list[tuple[float, float]]] = {}
    for layer in tmx.layers:
        if isinstance(layer, pytmx.TiledImageLayer):
            if layer.source:
                images.append((layer.name or "", path.parent / layer.source,
                               float(getattr(layer, "offsetx", 0) or 0),
                               float(getattr(layer, "offsety", 0) or 0)))
            continue
        if not isinstance(layer, pytmx.TiledObjectGroup):
            continue
        for obj in layer:
            points = getattr(obj, "points", None)
            kind = obj.type or ""
            if points and not getattr(obj, "closed", False):
                pending.append((obj, layer.name))
            elif points:
                areas[obj.name or f"area{obj.id}"] = [(float(p.x), float(p.y)) for p in points]
            else:
                if not obj.name:
                    raise BoardError(f"The map {path.name} has an unnamed point in layer "
                                     f"{layer.name!r} (id {obj.id}).")
                if obj.name in nodes:
                    raise BoardError(f"The map {path.name} names two points {obj.name!r}.")
                nodes[obj.name] = Node(obj.name, float(obj.x), float(obj.y), kind, layer.name,
                                       dict(obj.properties))

    edges: list[Edge] = []
    for obj, layer_name in pending:
        pts = [(float(p.x), float(p.y)) for p in obj.points]
        props = dict(obj.properties)
        a = props.pop("from", None)
        b = props.pop("to", None)
        if a is None:
            a = _nearest(nodes, pts[0], snap_px)
        if b is None:
            b = _nearest(nodes, pts[-1], snap_px)
        for end in (a, b):
            if end is None or end not in nodes:
                raise BoardError(f"The map {path.name} has a route (id {obj.id}) whose end "
                                 f"{end!r} is not a point of the map.")
        edges.append(Edge(str(a), str(b), pts, obj.type or "", layer_name, props))

    return Board(path, int(tmx.width * tmx.tilewidth), int(tmx.height * tmx.tileheight),
                 dict(tmx.properties), nodes, edges, images, areas)


def _nearest(nodes: dict[str, Node], point: tuple[float, float], limit: float) -> str | None:
    best, best_d = None, limit
    for node in nodes.values():
        d = math.dist((node.x, node.y), point)
        if d <= best_d:
            best, best_d = node.key, d
    return best
