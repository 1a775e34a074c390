"""The UBike Tour board (maps/ubike.tmx, made by build_scripts/make_maps.py) and how
game.core.board reports maps it cannot use. No pygame needed."""
from __future__ import annotations

import math
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
import pytmx

from game.core.board import RESERVED_PROPERTY_NAMES, Board, BoardError, load_board

from maphelpers import png_size, property_names

REPO = Path(__file__).resolve().parents[2]
MAP = REPO / "maps" / "ubike.tmx"
SIZE = 720
MARGIN = 24          # pins sit this far inside the map's edge at least
MIN_GAP = 20         # pins are at least this far apart

AREAS = {
    1: "Taipei City", 2: "Taipei City",
    3: "New Taipei City", 4: "New Taipei City",
    5: "Taoyuan", 6: "Taoyuan",
    7: "Hsinchu", 8: "Hsinchu",
    9: "Hsinchu Science Park",
    10: "Miaoli", 11: "Miaoli",
    12: "Taichung", 13: "Taichung",
    14: "Changhua", 15: "Changhua",
}

# A place of each pin's cards (lon, lat): the pin must lie within NEAR_KM of it once its
# pixel is turned back into degrees with the map's projection properties.
SPOTS = {
    1: (121.525, 25.090),   # Shilin
    2: (121.540, 25.035),   # Da'an, between Liberty Square and Taipei 101
    3: (121.440, 25.170),   # Tamsui
    4: (121.370, 24.935),   # Sanxia
    5: (121.250, 24.980),   # between Taoyuan and Zhongli
    6: (121.290, 24.880),   # Daxi
    7: (120.968, 24.805),   # Hsinchu City God Temple
    8: (121.090, 24.735),   # Zhudong, on the way to Neiwan
    9: (121.010, 24.775),   # Hsinchu Science Park
    10: (120.870, 24.690),  # Zhunan
    11: (120.775, 24.415),  # Sanyi
    12: (120.685, 24.145),  # Taichung old town
    13: (120.646, 24.178),  # Fengjia
    14: (120.545, 24.080),  # Changhua, Baguashan
    15: (120.435, 24.055),  # Lukang
}
NEAR_KM = 10.0


@pytest.fixture(scope="module")
def board() -> Board:
    """The map as the rules read it."""
    return load_board(MAP)


@pytest.fixture(scope="module")
def tmx() -> pytmx.TiledMap:
    """The map as plain pytmx reads it."""
    return pytmx.TiledMap(str(MAP))


def pins_of(board: Board) -> dict[int, tuple[float, float]]:
    """Pin number -> its pixel."""
    return {int(n.key): (n.x, n.y) for n in board.nodes_of("pin")}


def label_box(board: Board, key: str) -> tuple[float, float, float, float]:
    """left, top, right, bottom of a pin's number label as the map describes it."""
    node = board.nodes[key]
    w = board.props.get("label_box_w_px", 20)
    h = board.props.get("label_box_h_px", 16)
    cx, cy = node.x + node.props["label_dx"], node.y + node.props["label_dy"]
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def box_distance(box: tuple[float, float, float, float], p: tuple[float, float]) -> float:
    """How far the point p lies outside the box (0 inside)."""
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


# ---- the map as a whole ----

def test_map_is_fixed_size_and_720_square(tmx: pytmx.TiledMap, board: Board) -> None:
    root = ElementTree.parse(MAP).getroot()
    assert root.get("orientation") == "orthogonal"
    assert root.get("infinite", "0") == "0"
    assert (tmx.width, tmx.height, tmx.tilewidth, tmx.tileheight) == (72, 72, 10, 10)
    assert (board.width, board.height) == (SIZE, SIZE)
    assert root.find("layer") is None or root.find("layer/data").get("encoding") == "csv"


def test_projection_properties(board: Board) -> None:
    props = board.props
    assert isinstance(props["title"], str) and "UBike" in props["title"]
    for key in ("lon_min", "lon_max", "lat_min", "lat_max"):
        assert isinstance(props[key], float), key
    assert 119.9 < props["lon_min"] < 120.4 and 121.8 < props["lon_max"] < 122.2
    assert 23.5 < props["lat_min"] < 24.0 and 25.2 < props["lat_max"] < 25.6
    # Square pixels at the middle latitude: equirectangular scaled by cos(latitude).
    mid = math.radians((props["lat_min"] + props["lat_max"]) / 2)
    aspect = (props["lon_max"] - props["lon_min"]) * math.cos(mid) / (
        props["lat_max"] - props["lat_min"])
    assert aspect == pytest.approx(1.0, abs=0.01)


def test_land_image_exists_and_fits(board: Board, tmx: pytmx.TiledMap) -> None:
    images = {name: path for name, path, _, _ in board.images}
    assert images.keys() == {"land"}
    png = images["land"]
    assert png.name == "ubike.png" and png.is_file()
    assert png_size(png) == (SIZE, SIZE)
    assert [layer.name for layer in tmx.layers] == ["land", "route", "pins"]


# ---- pins ----

def test_fifteen_pins_with_their_areas(board: Board) -> None:
    pins = board.nodes_of("pin")
    assert sorted(int(n.key) for n in pins) == list(range(1, 16))
    for node in pins:
        assert node.layer == "pins"
        assert isinstance(node.props["pin"], int) and node.props["pin"] == int(node.key)
        assert node.props["area"] == AREAS[int(node.key)], node.key


def test_pin_areas_match_the_cards() -> None:
    with open(REPO / "game" / "games" / "ubike" / "cards.toml", "rb") as handle:
        cards = tomllib.load(handle)
    assert {p["pin"]: p["area"] for p in cards["pins"]} == AREAS


def test_pins_are_points_in_plain_pytmx(tmx: pytmx.TiledMap) -> None:
    layer = tmx.get_layer_by_name("pins")
    objects = list(layer)
    assert len(objects) == 15
    for obj in objects:
        assert obj.type == "pin"
        assert not getattr(obj, "points", None)
        assert set(obj.properties) == {"pin", "area", "label_dx", "label_dy"}


def test_pins_inside_the_map_with_a_margin(board: Board) -> None:
    for key, (x, y) in pins_of(board).items():
        assert MARGIN <= x <= SIZE - MARGIN and MARGIN <= y <= SIZE - MARGIN, key


def test_pins_are_apart(board: Board) -> None:
    pins = pins_of(board)
    for a in pins:
        for b in pins:
            if a < b:
                assert math.dist(pins[a], pins[b]) >= MIN_GAP, (a, b)


def test_pins_run_north_to_south(board: Board) -> None:
    pins = pins_of(board)
    assert pins[15][1] > pins[1][1]
    # Roughly, not strictly: the second half of the route lies south of the first.
    assert sum(pins[k][1] for k in range(9, 16)) / 7 > sum(pins[k][1] for k in range(1, 8)) / 7


def test_pins_stand_at_their_places(board: Board) -> None:
    props = board.props
    for key, (x, y) in pins_of(board).items():
        lon = props["lon_min"] + x / SIZE * (props["lon_max"] - props["lon_min"])
        lat = props["lat_max"] - y / SIZE * (props["lat_max"] - props["lat_min"])
        spot_lon, spot_lat = SPOTS[key]
        km = math.hypot((lon - spot_lon) * 111.32 * math.cos(math.radians(lat)),
                        (lat - spot_lat) * 111.32)
        assert km < NEAR_KM, (key, round(lon, 3), round(lat, 3), round(km, 1))


def test_number_labels_stay_inside_and_clear(board: Board) -> None:
    radius = board.props.get("pin_radius_px", 9)
    keys = sorted(board.nodes, key=int)
    boxes = {k: label_box(board, k) for k in keys}
    for key in keys:
        node = board.nodes[key]
        assert isinstance(node.props["label_dx"], int) and isinstance(node.props["label_dy"], int)
        left, top, right, bottom = boxes[key]
        assert left >= 0 and top >= 0 and right <= SIZE and bottom <= SIZE, key
        for other in keys:
            pin = (board.nodes[other].x, board.nodes[other].y)
            assert box_distance(boxes[key], pin) >= radius, f"label {key} covers pin {other}"
            if other != key:
                a, b = boxes[key], boxes[other]
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, f"labels {key} and {other} overlap"


# ---- the cycling route ----

def test_route_joins_consecutive_pins(board: Board) -> None:
    assert len(board.edges) == 14
    pairs = sorted((int(e.a), int(e.b)) for e in board.edges)
    assert pairs == [(k, k + 1) for k in range(1, 15)]
    for edge in board.edges:
        assert edge.kind == "cycleway" and edge.layer == "route"
        assert len(edge.points) >= 2
        start, end = board.nodes[edge.a], board.nodes[edge.b]
        assert math.dist(edge.points[0], (start.x, start.y)) < 1.0
        assert math.dist(edge.points[-1], (end.x, end.y)) < 1.0
        # A gentle line, not a detour: at most twice as long as the straight way.
        assert edge.length_px() <= 2.0 * math.dist((start.x, start.y), (end.x, end.y))
        for x, y in edge.points:
            assert 0 <= x <= SIZE and 0 <= y <= SIZE


def test_route_objects_in_plain_pytmx(tmx: pytmx.TiledMap) -> None:
    objects = list(tmx.get_layer_by_name("route"))
    assert len(objects) == 14
    for obj in objects:
        assert obj.type == "cycleway" and obj.points and not obj.closed
        assert isinstance(obj.properties["from"], str) and isinstance(obj.properties["to"], str)
        assert int(obj.properties["to"]) == int(obj.properties["from"]) + 1


def test_no_reserved_property_names() -> None:
    names = property_names(MAP)
    assert names, "the map has custom properties"
    assert not RESERVED_PROPERTY_NAMES.intersection(names)


# ---- maps that cannot be used ----

def test_missing_map_is_a_board_error(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="missing"):
        load_board(tmp_path / "nowhere.tmx")


def test_truncated_map_is_a_board_error(tmp_path: Path) -> None:
    text = MAP.read_text(encoding="utf-8")
    broken = tmp_path / "ubike.tmx"
    broken.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(BoardError, match="ubike.tmx") as caught:
        load_board(broken)
    assert "damaged" in str(caught.value) or "cannot be read" in str(caught.value)


def test_reserved_property_name_is_a_board_error(tmp_path: Path) -> None:
    text = MAP.read_text(encoding="utf-8")
    assert '<property name="area"' in text
    bad = tmp_path / "ubike.tmx"
    bad.write_text(text.replace('<property name="area"', '<property name="type"', 1),
                   encoding="utf-8")
    with pytest.raises(BoardError, match="reserved property name 'type'"):
        load_board(bad)


def test_map_saved_by_tiled_with_infinite_0_loads(tmp_path: Path) -> None:
    text = MAP.read_text(encoding="utf-8")
    copy = tmp_path / "ubike.tmx"
    copy.write_text(text.replace('orientation="orthogonal"',
                                 'orientation="orthogonal" infinite="0"', 1), encoding="utf-8")
    assert load_board(copy).width == SIZE
