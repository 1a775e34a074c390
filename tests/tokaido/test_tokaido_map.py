"""The Tokaido board (maps/tokaido.tmx, painted by build_scripts/make_maps.py from
build_scripts/maps/boards/tokaido.toml). No pygame needed."""
from __future__ import annotations

import math
import tomllib
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

import pytest

from game.core.board import RESERVED_PROPERTY_NAMES, Board, load_board
from game.games.tokaido.layout import PAWN

from maphelpers import png_size, property_names

REPO = Path(__file__).resolve().parents[2]
MAP = REPO / "maps" / "tokaido.tmx"
BOARD_FILE = REPO / "build_scripts" / "maps" / "boards" / "tokaido.toml"
WIDTH, HEIGHT = 1370, 600
MARGIN = 24          # positions and slots sit this far inside the map's edge at least
NEXT_GAP = 44        # consecutive positions are at least this far apart (medallions of 17 px)
ANY_GAP = 40         # and no two positions closer than this
SLOT_GAP = 30        # a second slot keeps this far from every other position and slot

# The road of tokaido.md §1, Kyoto (1) to Edo (55): the kind of each position, "x2" doubled.
ROAD = """
    inn village:x2 temple encounter paddy hotspring:x2 mountain:x2 farm:x2 village temple:x2
    encounter sea:x2 mountain hotspring
    inn sea temple farm:x2 paddy:x2 mountain:x2 encounter:x2 temple hotspring:x2 mountain
    sea:x2 village farm
    inn paddy village encounter:x2 farm mountain:x2 hotspring sea:x2 paddy temple:x2 farm:x2
    encounter sea village:x2
    inn hotspring temple:x2 encounter village:x2 sea farm:x2 hotspring:x2 encounter mountain
    paddy:x2 sea:x2 village
    inn
""".split()
EXPECTED = [(word.split(":")[0], word.endswith(":x2")) for word in ROAD]

# The inns and their post towns, in the order the road meets them from Kyoto: Kuwana (the
# 42nd station counted from Edo, on Ise Bay), Hamamatsu (29th), Odawara (9th, below Hakone).
INNS = {1: "Kyoto", 15: "Kuwana", 28: "Hamamatsu", 42: "Odawara", 55: "Edo"}

# Stops per kind and how many of them are doubled (tokaido.md §1).
COUNTS = {"village": (7, 3), "temple": (6, 3), "encounter": (7, 2), "paddy": (5, 2),
          "mountain": (6, 3), "sea": (7, 4), "hotspring": (6, 3), "farm": (6, 4)}


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board(MAP)


def point(board: Board, pos: int) -> tuple[float, float]:
    node = board.nodes[str(pos)]
    return node.x, node.y


def side_slot(board: Board, pos: int) -> tuple[float, float]:
    node = board.nodes[str(pos)]
    return node.x + node.props["side_dx"], node.y + node.props["side_dy"]


def queue_slots(board: Board, pos: int) -> list[tuple[float, float]]:
    """Where the travellers wait at an inn, first arrival (on the road) first."""
    node = board.nodes[str(pos)]
    return [(node.x + k * node.props["inn_dx"], node.y + k * node.props["inn_dy"])
            for k in range(5)]


def doubled(board: Board) -> list[int]:
    return [p for p in range(1, 56) if board.nodes[str(p)].props["doubled"]]


def segment_distance(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                              / length2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def route(board: Board):
    (edge,) = board.edges
    return edge


def test_expected_road_matches_the_fact_sheet() -> None:
    assert len(EXPECTED) == 55
    kinds = Counter(kind for kind, _ in EXPECTED)
    assert kinds["inn"] == 5
    assert sum(d for _, d in EXPECTED) == 24
    for kind, (count, double) in COUNTS.items():
        assert (kinds[kind], sum(d for k, d in EXPECTED if k == kind)) == (count, double), kind


# ---- the map as a whole ----

def test_map_is_fixed_size_1370_by_600(board: Board) -> None:
    root = ElementTree.parse(MAP).getroot()
    assert root.get("orientation") == "orthogonal"
    assert root.get("infinite", "0") == "0"
    assert (root.get("width"), root.get("height")) == ("137", "60")
    assert (root.get("tilewidth"), root.get("tileheight")) == ("10", "10")
    assert (board.width, board.height) == (WIDTH, HEIGHT)
    layers = [el.get("name") for el in root if el.tag in ("imagelayer", "objectgroup", "layer")]
    assert layers == ["art", "path", "road"]


def test_title_and_sizes(board: Board) -> None:
    assert board.props["title"] == "Tokaido"
    for key in ("stop_radius_px", "inn_radius_px", "side_offset_px", "queue_step_px"):
        assert isinstance(board.props[key], int), key


def test_art_image_exists_and_is_1370_by_600(board: Board) -> None:
    images = {name: path for name, path, _, _ in board.images}
    assert images.keys() == {"art"}
    png = images["art"]
    assert png.name == "tokaido.png" and png.is_file()
    assert png_size(png) == (WIDTH, HEIGHT)


def test_no_reserved_property_names() -> None:
    names = property_names(MAP)
    assert names
    assert not RESERVED_PROPERTY_NAMES.intersection(names)


# ---- the 55 positions ----

def test_55_positions_with_the_kinds_and_doubles_of_the_road(board: Board) -> None:
    assert sorted(board.nodes, key=int) == [str(p) for p in range(1, 56)]
    for pos, (kind, double) in enumerate(EXPECTED, start=1):
        node = board.nodes[str(pos)]
        assert node.layer == "road"
        assert node.kind == kind, pos
        assert node.props["pos"] == pos and isinstance(node.props["pos"], int)
        assert node.props["doubled"] is double, pos


def test_counts_per_kind(board: Board) -> None:
    for kind, (count, double) in COUNTS.items():
        nodes = board.nodes_of(kind)
        assert len(nodes) == count, kind
        assert sum(n.props["doubled"] for n in nodes) == double, kind
    assert len(doubled(board)) == 24


def test_inns_and_their_towns(board: Board) -> None:
    assert sorted(int(n.key) for n in board.nodes_of("inn")) == sorted(INNS)
    for pos, town in INNS.items():
        props = board.nodes[str(pos)].props
        assert props["town"] == town
        assert isinstance(props["inn_dx"], int) and isinstance(props["inn_dy"], int)
        step = math.hypot(props["inn_dx"], props["inn_dy"])
        assert PAWN + 2 <= step <= 40, pos       # five pawns in a row, none over the next
    for node in board.nodes.values():
        if node.kind != "inn":
            assert not {"town", "inn_dx", "inn_dy"} & node.props.keys(), node.key


def test_positions_inside_the_map(board: Board) -> None:
    for node in board.nodes.values():
        assert MARGIN <= node.x <= WIDTH - MARGIN, node.key
        assert MARGIN <= node.y <= HEIGHT - MARGIN, node.key


def test_positions_are_apart(board: Board) -> None:
    for pos in range(1, 55):
        assert math.dist(point(board, pos), point(board, pos + 1)) >= NEXT_GAP, pos
    for a in range(1, 56):
        for b in range(a + 1, 56):
            assert math.dist(point(board, a), point(board, b)) >= ANY_GAP, (a, b)


def test_the_road_runs_from_kyoto_on_the_left_to_edo_on_the_right(board: Board) -> None:
    kyoto, edo = point(board, 1), point(board, 55)
    assert kyoto[0] < WIDTH / 4 and edo[0] > WIDTH * 3 / 4


def test_side_slots_inside_and_clear(board: Board) -> None:
    slots = {p: side_slot(board, p) for p in doubled(board)}
    for pos, slot in slots.items():
        props = board.nodes[str(pos)].props
        assert isinstance(props["side_dx"], int) and isinstance(props["side_dy"], int)
        assert 30 <= math.hypot(props["side_dx"], props["side_dy"]) <= 38, pos
        assert MARGIN <= slot[0] <= WIDTH - MARGIN and MARGIN <= slot[1] <= HEIGHT - MARGIN, pos
        for other in range(1, 56):
            if other != pos:
                assert math.dist(slot, point(board, other)) >= SLOT_GAP, (pos, other)
        for other, other_slot in slots.items():
            if other != pos:
                assert math.dist(slot, other_slot) >= SLOT_GAP, (pos, other)
    for node in board.nodes.values():
        if not node.props["doubled"]:
            assert not {"side_dx", "side_dy"} & node.props.keys(), node.key


def test_side_slots_are_off_the_road(board: Board) -> None:
    line = route(board).points
    for pos in doubled(board):
        slot = side_slot(board, pos)
        gap = min(segment_distance(slot, p, q) for p, q in zip(line, line[1:]))
        assert gap >= 20, pos


def test_inn_queues_stay_inside_and_clear(board: Board) -> None:
    others = [point(board, p) for p in range(1, 56)] + [side_slot(board, p) for p in doubled(board)]
    for pos in INNS:
        slots = queue_slots(board, pos)
        for slot in slots[1:]:
            assert 12 <= slot[0] <= WIDTH - 12 and 12 <= slot[1] <= HEIGHT - 12, pos
            for other in others:
                if other != point(board, pos):
                    assert math.dist(slot, other) >= SLOT_GAP, (pos, other)


# ---- the route ----

def test_one_route_from_kyoto_to_edo(board: Board) -> None:
    edge = route(board)
    assert (edge.a, edge.b, edge.kind, edge.layer) == ("1", "55", "road", "path")
    assert math.dist(edge.points[0], point(board, 1)) < 0.5
    assert math.dist(edge.points[-1], point(board, 55)) < 0.5
    for x, y in edge.points:
        assert 0 <= x <= WIDTH and 0 <= y <= HEIGHT


def test_route_passes_every_position_in_order(board: Board) -> None:
    line = route(board).points
    cum = [0.0]
    for p, q in zip(line, line[1:]):
        cum.append(cum[-1] + math.dist(p, q))
    last = -1.0
    for pos in range(1, 56):
        pt = point(board, pos)
        # the first segment (from where the last position was met) that comes within 3 px
        best = None
        for i, (p, q) in enumerate(zip(line, line[1:])):
            if cum[i + 1] > last and segment_distance(pt, p, q) <= 3.0:
                best = cum[i] + math.dist(p, pt)
                break
        assert best is not None, f"the route misses position {pos}"
        assert best > last, pos
        last = best
    assert board.nodes["55"].props["route_vertex"] == len(line) - 1


def test_route_vertex_is_each_position(board: Board) -> None:
    line = route(board).points
    for pos in range(1, 56):
        vertex = board.nodes[str(pos)].props["route_vertex"]
        assert math.dist(line[vertex], point(board, pos)) < 0.01, pos


# ---- the map is built from the board file ----

def test_map_matches_the_board_file(board: Board) -> None:
    """The designer's file and the built map agree (rebuild the map after editing the file:
    python build_scripts/make_maps.py tokaido)."""
    with open(BOARD_FILE, "rb") as handle:
        data = tomllib.load(handle)
    specs = data["road"]["positions"]
    assert [(s["kind"], bool(s.get("doubled", False))) for s in specs] == EXPECTED
    for spec in specs:
        node = board.nodes[str(spec["pos"])]
        if "town" in spec:
            assert node.props["town"] == spec["town"]
    assert data["style"]["stop_radius_px"] == board.props["stop_radius_px"]
    assert data["style"]["inn_radius_px"] == board.props["inn_radius_px"]
