"""The two Ticket to Ride boards: the maps carry every city and route of the designer's data,
each route with exactly `length` train spaces, and no two routes' spaces touch (no pygame)."""
from __future__ import annotations

import math
import tomllib
from pathlib import Path

import pytest

from game.core.board import load_board
from tests.maphelpers import png_size

REPO = Path(__file__).resolve().parents[2]
BOARDS = {"iberia": (1260, 1000), "korea": (780, 1000)}


def board_data(name: str) -> dict:
    with open(REPO / "build_scripts" / "maps" / "boards" / f"ttr-{name}.toml", "rb") as handle:
        return tomllib.load(handle)


@pytest.fixture(scope="module", params=sorted(BOARDS))
def board(request):
    name = request.param
    return name, load_board(REPO / "maps" / f"ttr-{name}.tmx"), board_data(name)


def test_map_properties_and_art(board) -> None:
    name, tmx, _ = board
    assert tmx.props["board"] == name
    assert tmx.props["space_length"] > tmx.props["space_width"] > 0
    assert (tmx.width, tmx.height) == BOARDS[name]
    art = [path for layer, path, _, _ in tmx.images if layer == "art"]
    assert len(art) == 1 and art[0].is_file()
    assert png_size(art[0]) == BOARDS[name]


def test_every_city_is_there(board) -> None:
    name, tmx, data = board
    cities = {n.key: n for n in tmx.nodes_of("city")}
    assert set(cities) == {c["key"] for c in data["cities"]}
    for spec in data["cities"]:
        node = cities[spec["key"]]
        assert node.layer == "cities"
        assert node.props["label"] == spec["label"]
        assert 0 < node.x < tmx.width and 0 < node.y < tmx.height
        if name == "iberia":
            assert node.props.get("festival", "") == spec.get("festival", "")
        else:
            assert node.props["province"] == spec["province"]
            assert node.props["colour"] == spec["colour"]
    if name == "iberia":
        assert cities["coimbra"].props["festival"] == "porto"
        assert cities["france"].props["label"] == "France"


def test_every_route_is_there_with_its_spaces(board) -> None:
    _, tmx, data = board
    cities = {n.key: n for n in tmx.nodes_of("city")}
    edges = {e.props["route"]: e for e in tmx.edges}
    assert len(edges) == len(tmx.edges) == len(data["routes"])
    for spec in data["routes"]:
        edge = edges[spec["id"]]
        assert edge.layer == "routes"
        assert edge.kind == ("ferry" if spec["locomotives"] else "route")
        # The loader reads `from` and `to` into the edge's two ends.
        assert (edge.a, edge.b) == (spec["a"], spec["b"])
        for key in ("length", "colour", "locomotives", "pair"):
            assert edge.props[key] == spec[key], (spec["id"], key)
        # City centre, exactly `length` space centres, city centre.
        assert len(edge.points) == spec["length"] + 2
        a, b = cities[spec["a"]], cities[spec["b"]]
        assert math.dist(edge.points[0], (a.x, a.y)) < 0.01
        assert math.dist(edge.points[-1], (b.x, b.y)) < 0.01
        # The spaces keep clear of the two city circles and of each other.
        radius = tmx.props["city_radius"]
        for p in edge.points[1:-1]:
            assert math.dist(p, edge.points[0]) > radius
            assert math.dist(p, edge.points[-1]) > radius
        # Each route's own space length; consecutive spaces never overlap.
        length = edge.props["space_length"]
        assert 20 <= length <= 48
        for p, q in zip(edge.points[1:-2], edge.points[2:-1]):
            assert math.dist(p, q) >= length


def test_double_routes_are_twins(board) -> None:
    _, tmx, _ = board
    edges = {e.props["route"]: e for e in tmx.edges}
    for rid, edge in edges.items():
        pair = edge.props["pair"]
        if not pair:
            continue
        twin = edges[pair]
        assert twin.props["pair"] == rid
        assert {twin.a, twin.b} == {edge.a, edge.b}
        assert twin.props["length"] == edge.props["length"]
        assert twin.props["colour"] != edge.props["colour"]
        # Side by side: each space has its twin's space close by, but not on top of it.
        for p in edge.points[1:-1]:
            nearest = min(math.dist(p, q) for q in twin.points[1:-1])
            assert tmx.props["space_width"] <= nearest < 2 * tmx.props["space_width"]


def test_spaces_of_different_routes_do_not_overlap(board) -> None:
    _, tmx, _ = board
    width = tmx.props["space_width"]
    spaces = [(e.props["route"], p) for e in tmx.edges for p in e.points[1:-1]]
    for i, (rid, p) in enumerate(spaces):
        for other, q in spaces[i + 1:]:
            if other != rid:
                assert math.dist(p, q) >= width, (rid, other, p, q)


def space_corners(edge, i: int, width: float) -> list[tuple[float, float]]:
    """Space i's rectangle, turned along the line from its neighbours (city or space)."""
    pts = edge.points
    if len(pts) == 3:
        before, after = pts[0], pts[2]
    else:
        before = pts[max(1, i - 1)]
        after = pts[min(len(pts) - 2, i + 1)]
    (cx, cy), (dx, dy) = pts[i], (after[0] - before[0], after[1] - before[1])
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    hl, hw = edge.props["space_length"] / 2, width / 2
    return [(cx + ux * sx * hl - uy * sy * hw, cy + uy * sx * hl + ux * sy * hw)
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


def overlap(poly: list[tuple[float, float]], box: tuple[float, float, float, float]) -> bool:
    """Separating axes: a convex quadrilateral against an axis-aligned box."""
    left, top, right, bottom = box
    rect = [(left, top), (right, top), (right, bottom), (left, bottom)]
    axes = [(1.0, 0.0), (0.0, 1.0)]
    axes += [(-(q[1] - p[1]), q[0] - p[0]) for p, q in zip(poly, poly[1:] + poly[:1])]
    for ax, ay in axes:
        a = [x * ax + y * ay for x, y in poly]
        b = [x * ax + y * ay for x, y in rect]
        if max(a) <= min(b) or max(b) <= min(a):
            return False
    return True


def test_labels_keep_clear_of_spaces(board) -> None:
    _, tmx, _ = board
    width = tmx.props["space_width"]
    shapes = [(e.props["route"], space_corners(e, i, width))
              for e in tmx.edges for i in range(1, len(e.points) - 1)]
    for city in tmx.nodes_of("city"):
        p = city.props
        cx, cy = city.x + p["label_dx"], city.y + p["label_dy"]
        # 1 px of slack: the builder keeps 1.5 px, the test's angles are approximate.
        box = (cx - p["label_width"] / 2 + 1, cy - p["label_height"] / 2 + 1,
               cx + p["label_width"] / 2 - 1, cy + p["label_height"] / 2 - 1)
        for rid, poly in shapes:
            assert not overlap(poly, box), (city.key, rid)


def test_TKO_18_TKO_20_korea_holds_five_players_with_namwon_jinju_and_grey_routes() -> None:
    """South Korea's map: more spaces than five players' trains with room to spare (TKO-18),
    the rulebook's Namwon-Jinju route (TKO-20), and grey routes only where the colour rule
    puts them (TKO-19): across a border, or as a double route's second track."""
    tmx, data = load_board(REPO / "maps" / "ttr-korea.tmx"), board_data("korea")
    with open(REPO / "game" / "games" / "ttr" / "cards.toml", "rb") as handle:
        trains = tomllib.load(handle)["korea"]["trains"]
    spaces = sum(int(e.props["length"]) for e in tmx.edges)
    assert spaces == sum(int(r["length"]) for r in data["routes"]) == 244
    assert spaces >= 5 * trains + 15
    colour = {n.key: n.props["colour"] for n in tmx.nodes_of("city")}
    (nj,) = [e for e in tmx.edges if {e.a, e.b} == {"namwon", "jinju"}]
    assert (nj.props["length"], nj.props["colour"], nj.props["pair"]) == (4, "grey", 0)
    greys = [e for e in tmx.edges if e.props["colour"] == "grey"]
    assert len(greys) == 28
    for e in greys:
        assert e.props["pair"] or colour[e.a] != colour[e.b], e.props["route"]
