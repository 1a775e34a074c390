"""The Städtetour board (maps/staedtetour.tmx, made by build_scripts/make_maps.py from
build_scripts/maps/boards/staedtetour.toml). No pygame needed."""
from __future__ import annotations

import math
import re
import tomllib
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

import pytest
import pytmx

from game.core.board import RESERVED_PROPERTY_NAMES, Board, load_board

from maphelpers import png_size, property_names

REPO = Path(__file__).resolve().parents[2]
MAP = REPO / "maps" / "staedtetour.tmx"
NETWORK = REPO / "build_scripts" / "maps" / "boards" / "staedtetour.toml"
WIDTH, HEIGHT = 1280, 1000
MIN_GAP = 26         # stops are at least this far apart
MARGIN = 20          # and this far inside the map's edge

# The rulebook's 28 destinations: key -> (country, capital, where the capital is (lon, lat)).
DESTINATIONS = {
    "tirana": ("Albania", "Tirana", (19.82, 41.33)),
    "algiers": ("Algeria", "Algiers", (3.05, 36.77)),
    "vienna": ("Austria", "Vienna", (16.37, 48.21)),
    "minsk": ("Belarus", "Minsk", (27.56, 53.90)),
    "nicosia": ("Cyprus", "Nicosia", (33.36, 35.17)),
    "cairo": ("Egypt", "Cairo", (31.24, 30.04)),
    "tallinn": ("Estonia", "Tallinn", (24.75, 59.44)),
    "helsinki": ("Finland", "Helsinki", (24.94, 60.17)),
    "paris": ("France", "Paris", (2.35, 48.86)),
    "berlin": ("Germany", "Berlin", (13.40, 52.52)),
    "athens": ("Greece", "Athens", (23.73, 37.98)),
    "dublin": ("Ireland", "Dublin", (-6.26, 53.35)),
    "rome": ("Italy", "Rome", (12.50, 41.90)),
    "tripoli": ("Libya", "Tripoli", (13.19, 32.89)),
    "rabat": ("Morocco", "Rabat", (-6.84, 34.02)),
    "amsterdam": ("Netherlands", "Amsterdam", (4.90, 52.37)),
    "oslo": ("Norway", "Oslo", (10.75, 59.91)),
    "warsaw": ("Poland", "Warsaw", (21.01, 52.23)),
    "lisbon": ("Portugal", "Lisbon", (-9.14, 38.72)),
    "bucharest": ("Romania", "Bucharest", (26.10, 44.43)),
    "moscow": ("Russia", "Moscow", (37.62, 55.76)),
    "madrid": ("Spain", "Madrid", (-3.70, 40.42)),
    "stockholm": ("Sweden", "Stockholm", (18.07, 59.33)),
    "bern": ("Switzerland", "Bern", (7.45, 46.95)),
    "tunis": ("Tunisia", "Tunis", (10.17, 36.81)),
    "ankara": ("Turkey", "Ankara", (32.86, 39.93)),
    "kyiv": ("Ukraine", "Kyiv", (30.52, 50.45)),
    "london": ("United Kingdom", "London", (-0.13, 51.51)),
}
NEAR_KM = 60.0       # a destination stands this close to its capital (Helsinki and Tallinn are
                     # pushed a little apart to be told apart)


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board(MAP)


@pytest.fixture(scope="module")
def tmx() -> pytmx.TiledMap:
    return pytmx.TiledMap(str(MAP))


def degrees(board: Board) -> Counter[str]:
    count: Counter[str] = Counter()
    for edge in board.edges:
        count[edge.a] += 1
        count[edge.b] += 1
    return count


def label_box(board: Board, key: str) -> tuple[float, float, float, float]:
    """left, top, right, bottom of a stop's name as the scene writes it (centred on the
    offset, label_w x label_h: the size of the rendered text)."""
    node = board.nodes[key]
    cx, cy = node.x + node.props["label_dx"], node.y + node.props["label_dy"]
    w, h = node.props["label_w"], node.props["label_h"]
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def box_distance(box: tuple[float, float, float, float], p: tuple[float, float]) -> float:
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


def radius(board: Board, key: str) -> int:
    kind = board.nodes[key].kind
    return board.props["destination_radius_px" if kind == "destination" else "stop_radius_px"]


def cross(p1, p2, q1, q2) -> tuple[float, float] | None:
    """Where segments p1p2 and q1q2 meet (touching and overlapping count), else None."""
    d1 = (p2[0] - p1[0], p2[1] - p1[1])
    d2 = (q2[0] - q1[0], q2[1] - q1[1])
    e = (q1[0] - p1[0], q1[1] - p1[1])
    denom = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(denom) < 1e-12:
        if abs(e[0] * d1[1] - e[1] * d1[0]) > 1e-9:
            return None
        length2 = d1[0] ** 2 + d1[1] ** 2 or 1e-12
        t0 = (e[0] * d1[0] + e[1] * d1[1]) / length2
        t1 = ((q2[0] - p1[0]) * d1[0] + (q2[1] - p1[1]) * d1[1]) / length2
        lo, hi = max(0.0, min(t0, t1)), min(1.0, max(t0, t1))
        return (p1[0] + lo * d1[0], p1[1] + lo * d1[1]) if lo <= hi else None
    t = (e[0] * d2[1] - e[1] * d2[0]) / denom
    u = (e[0] * d1[1] - e[1] * d1[0]) / denom
    if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9:
        return p1[0] + t * d1[0], p1[1] + t * d1[1]
    return None


def to_lonlat(props: dict, x: float, y: float) -> tuple[float, float]:
    """A map pixel back to degrees, with the projection the map's properties describe
    (Lambert conformal conic on a sphere)."""
    r = props["earth_radius_km"]
    p0, p1, p2 = (math.radians(props[k]) for k in ("lat_0", "lat_1", "lat_2"))
    n = (math.log(math.cos(p1) / math.cos(p2))
         / math.log(math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)))
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho_0 = r * f / math.tan(math.pi / 4 + p0 / 2) ** n
    east = (x - props["origin_x"]) / props["px_per_km"]
    north = rho_0 - (props["origin_y"] - y) / props["px_per_km"]
    rho = math.hypot(east, north)
    lat = 2 * math.atan((r * f / rho) ** (1 / n)) - math.pi / 2
    return props["lon_0"] + math.degrees(math.atan2(east, north) / n), math.degrees(lat)


def km_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance in km."""
    lon1, lat1, lon2, lat2 = map(math.radians, (*a, *b))
    h = (math.sin((lat2 - lat1) / 2) ** 2
         + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2)
    return 2 * 6371.0 * math.asin(math.sqrt(h))


# ---- the map as a whole ----

def test_map_is_fixed_size_1280_by_1000(tmx: pytmx.TiledMap, board: Board) -> None:
    root = ElementTree.parse(MAP).getroot()
    assert root.get("orientation") == "orthogonal"
    assert root.get("infinite", "0") == "0"
    assert (tmx.width, tmx.height, tmx.tilewidth, tmx.tileheight) == (128, 100, 10, 10)
    assert (board.width, board.height) == (WIDTH, HEIGHT)
    assert [layer.name for layer in tmx.layers] == ["land", "roads", "stops"]


def test_title_and_projection_properties(board: Board) -> None:
    props = board.props
    assert props["title"] == "Städtetour"
    for key in ("lon_0", "lat_0", "lat_1", "lat_2", "px_per_km", "origin_x", "origin_y",
                "earth_radius_km", "lon_min", "lon_max", "lat_min", "lat_max"):
        assert isinstance(props[key], float), key
    # Europe and North Africa: about 11°W-40°E and 27°N-63°N, and a little more.
    assert props["lon_min"] < -11 and props["lon_max"] > 40
    assert props["lat_min"] < 30 and props["lat_max"] > 61
    for key in ("stop_radius_px", "destination_radius_px", "label_font_px"):
        assert isinstance(props[key], int), key


def test_land_image_exists_and_is_1280_by_1000(board: Board) -> None:
    images = {name: path for name, path, _, _ in board.images}
    assert images.keys() == {"land"}
    png = images["land"]
    assert png.name == "staedtetour.png" and png.is_file()
    assert png_size(png) == (WIDTH, HEIGHT)


def test_no_reserved_property_names() -> None:
    names = property_names(MAP)
    assert names
    assert not RESERVED_PROPERTY_NAMES.intersection(names)


# ---- stops ----

def test_48_stops_28_destinations_20_intermediate(board: Board) -> None:
    assert len(board.nodes) == 48
    assert {n.key for n in board.nodes_of("destination")} == set(DESTINATIONS)
    assert len(board.nodes_of("stop")) == 20
    assert all(n.layer == "stops" for n in board.nodes.values())
    for key in board.nodes:
        assert re.fullmatch(r"[a-z][a-z_]*", key), key


def test_destinations_are_the_rulebooks_countries_and_capitals(board: Board) -> None:
    for node in board.nodes_of("destination"):
        country, capital, _ = DESTINATIONS[node.key]
        assert node.props["country"] == country, node.key
        assert node.props["capital"] == capital, node.key
        assert node.props["label"] == capital, node.key
    for node in board.nodes_of("stop"):
        assert "country" not in node.props and "capital" not in node.props, node.key
        assert isinstance(node.props["label"], str) and node.props["label"], node.key


def test_destinations_stand_at_their_capitals(board: Board) -> None:
    for node in board.nodes_of("destination"):
        lonlat = to_lonlat(board.props, node.x, node.y)
        km = km_between(lonlat, DESTINATIONS[node.key][2])
        assert km < NEAR_KM, (node.key, [round(v, 2) for v in lonlat], round(km))


def test_every_destination_has_a_ring_colour(board: Board) -> None:
    rings = {n.key: n.props["ring"] for n in board.nodes_of("destination")}
    for key, ring in rings.items():
        assert re.fullmatch(r"#[0-9a-f]{6}", ring), (key, ring)
    # A few calm colours, reused by region (the rulebook's coloured circles).
    assert 6 <= len(set(rings.values())) <= 8
    assert max(Counter(rings.values()).values()) <= 6


def test_stops_are_apart_and_inside(board: Board) -> None:
    nodes = list(board.nodes.values())
    for i, a in enumerate(nodes):
        assert MARGIN <= a.x <= WIDTH - MARGIN and MARGIN <= a.y <= HEIGHT - MARGIN, a.key
        for b in nodes[i + 1:]:
            assert math.dist((a.x, a.y), (b.x, b.y)) >= MIN_GAP, (a.key, b.key)


def test_labels_inside_clear_of_stops_and_of_each_other(board: Board) -> None:
    keys = sorted(board.nodes)
    boxes = {k: label_box(board, k) for k in keys}
    for key in keys:
        props = board.nodes[key].props
        for name in ("label_dx", "label_dy", "label_w", "label_h"):
            assert isinstance(props[name], int), (key, name)
        left, top, right, bottom = boxes[key]
        assert left >= 0 and top >= 0 and right <= WIDTH and bottom <= HEIGHT, key
        for other in keys:
            node = board.nodes[other]
            assert box_distance(boxes[key], (node.x, node.y)) >= radius(board, other), \
                f"the label of {key} covers the stop {other}"
            if other > key:
                a, b = boxes[key], boxes[other]
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], \
                    f"the labels of {key} and {other} overlap"


def test_labels_keep_off_the_roads(board: Board) -> None:
    for key in board.nodes:
        box = label_box(board, key)
        for edge in board.edges:
            for p, q in zip(edge.points, edge.points[1:]):
                steps = max(1, math.ceil(math.dist(p, q) / 2))
                for i in range(steps + 1):
                    pt = (p[0] + (q[0] - p[0]) * i / steps, p[1] + (q[1] - p[1]) * i / steps)
                    assert box_distance(box, pt) > 0, \
                        f"the label of {key} sits on the road {edge.a}-{edge.b}"


# ---- roads ----

def test_every_stop_has_two_or_three_ways_out(board: Board) -> None:
    count = degrees(board)
    assert {count[k] for k in board.nodes} <= {2, 3}
    forks = [k for k in board.nodes if count[k] == 3]
    assert 6 <= len(forks) <= 10, forks


def test_network_is_connected_with_loops(board: Board) -> None:
    start = next(iter(board.nodes))
    seen, todo = {start}, [start]
    while todo:
        for nxt in board.neighbours(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(board.nodes)
    assert len(board.edges) - len(board.nodes) + 1 >= 5      # independent loops
    pairs = [frozenset((e.a, e.b)) for e in board.edges]
    assert len(set(pairs)) == len(pairs) and all(len(p) == 2 for p in pairs)


def test_roads_start_and_end_at_their_stops(board: Board) -> None:
    for edge in board.edges:
        assert edge.layer == "roads"
        a, b = board.nodes[edge.a], board.nodes[edge.b]
        assert math.dist(edge.points[0], (a.x, a.y)) < 0.5, (edge.a, edge.b)
        assert math.dist(edge.points[-1], (b.x, b.y)) < 0.5, (edge.a, edge.b)
        assert 2 <= len(edge.points) <= 5, (edge.a, edge.b)
        for x, y in edge.points:
            assert 0 <= x <= WIDTH and 0 <= y <= HEIGHT


def test_road_kinds_and_ferry_flags_agree(board: Board, tmx: pytmx.TiledMap) -> None:
    for edge in board.edges:
        assert isinstance(edge.props["ferry"], bool)
        assert edge.kind == ("ferry" if edge.props["ferry"] else "road"), (edge.a, edge.b)
    for obj in tmx.get_layer_by_name("roads"):
        assert obj.points and not obj.closed
        assert isinstance(obj.properties["from"], str) and isinstance(obj.properties["to"], str)


def test_no_two_roads_cross(board: Board) -> None:
    edges = board.edges
    for i, e in enumerate(edges):
        for f in edges[i + 1:]:
            shared = [(board.nodes[k].x, board.nodes[k].y) for k in {e.a, e.b} & {f.a, f.b}]
            for p1, p2 in zip(e.points, e.points[1:]):
                for q1, q2 in zip(f.points, f.points[1:]):
                    hit = cross(p1, p2, q1, q2)
                    assert hit is None or any(math.dist(hit, s) < 0.5 for s in shared), \
                        f"{e.a}-{e.b} crosses {f.a}-{f.b} at {hit}"


def test_roads_pass_no_other_stop(board: Board) -> None:
    for edge in board.edges:
        for node in board.nodes.values():
            if node.key in (edge.a, edge.b):
                continue
            for p, q in zip(edge.points, edge.points[1:]):
                steps = max(1, math.ceil(math.dist(p, q) / 2))
                for i in range(steps + 1):
                    pt = (p[0] + (q[0] - p[0]) * i / steps, p[1] + (q[1] - p[1]) * i / steps)
                    assert math.dist(pt, (node.x, node.y)) > radius(board, node.key) + 4, \
                        f"{edge.a}-{edge.b} runs through {node.key}"


def test_road_lengths_are_even_enough(board: Board) -> None:
    lengths = {(e.a, e.b): e.length_px() for e in board.edges}
    assert min(lengths.values()) >= MIN_GAP
    # No road spans a sixth of the map's width, none is four times as long as the shortest.
    assert max(lengths.values()) <= WIDTH / 6
    assert max(lengths.values()) <= 4 * min(lengths.values())


def test_islands_are_reached_by_ferry(board: Board) -> None:
    for island in ("dublin", "nicosia"):
        edges = board.edges_at(island)
        assert len(edges) == 2, island
        assert all(e.props["ferry"] for e in edges), island


def test_sea_crossings_are_ferries(board: Board) -> None:
    ferries = {frozenset((e.a, e.b)) for e in board.edges if e.props["ferry"]}
    for pair in (("gibraltar", "rabat"), ("tunis", "palermo"), ("london", "paris"),
                 ("nicosia", "antalya"), ("helsinki", "stockholm")):
        assert frozenset(pair) in ferries, pair


# ---- the map is built from the network file ----

def test_map_matches_the_network_file(board: Board) -> None:
    """The designer's file and the built map agree (rebuild the map after editing the file:
    python build_scripts/make_maps.py staedtetour)."""
    with open(NETWORK, "rb") as handle:
        network = tomllib.load(handle)
    stops = network["stops"]
    assert set(stops) == set(board.nodes)
    for key, spec in stops.items():
        node = board.nodes[key]
        assert node.kind == spec["kind"] and node.props["label"] == spec["label"], key
        if "label_dx" in spec:
            assert (node.props["label_dx"], node.props["label_dy"]) == (spec["label_dx"],
                                                                       spec["label_dy"]), key
        if spec["kind"] == "destination":
            assert node.props["ring"] == network["regions"][spec["region"]]["ring"], key
    roads = {frozenset((r["from"], r["to"])): bool(r.get("ferry", False))
             for group in network["roads"].values() for r in group}
    assert roads == {frozenset((e.a, e.b)): e.props["ferry"] for e in board.edges}
