"""Ubi's board as built (maps/ubi.png and maps/ubi.tmx, by build_scripts/maps/ubi.py): the
Tiled map loads without a display, holds one polygon per hexagon of each sheet where
game/games/ubi/grid.py puts it, every hexagon with enough of itself on its sheet has its number
printed inside that part, and the picture has the board's size. Nothing is rebuilt."""
from __future__ import annotations

import struct
from pathlib import Path

import pytest

from game.core.board import open_tmx, pytmx_module
from game.games.ubi import grid as G

REPO = Path(__file__).resolve().parents[2]
TMX = REPO / "maps" / "ubi.tmx"
PNG = REPO / "maps" / "ubi.png"
GROUPS = {"world": G.WORLD, "north_america": G.NORTH_AMERICA, "europe": G.EUROPE}
#: build_scripts/maps/ubi.py's PRINTABLE_SHARE: a hexagon with at least this share of its area
#: on its sheet must show its number there (the builder also writes it as a map property)
PRINTABLE_SHARE = 0.05


@pytest.fixture(scope="module")
def tmx():
    return open_tmx(TMX)


def test_the_picture_is_an_opaque_png_of_the_board_size() -> None:
    """UBI-3: the board picture is exactly grid.BOARD_SIZE (read from the PNG header)."""
    head = PNG.read_bytes()[:26]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    width, height = struct.unpack(">II", head[16:24])
    assert (width, height) == G.BOARD_SIZE
    # colour type 3: indexed, one byte a pixel (the app holds 11 MB of it instead of 32, and
    # decodes it about four times faster); no alpha channel
    assert head[24] == 8 and head[25] == 3
    assert PNG.stat().st_size < 3_000_000


def test_the_map_is_fixed_size_with_the_picture_as_an_image_layer(tmx) -> None:
    pytmx = pytmx_module()
    assert (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight) == G.BOARD_SIZE
    images = [layer for layer in tmx.layers if isinstance(layer, pytmx.TiledImageLayer)]
    assert [Path(layer.source).name for layer in images] == ["ubi.png"]
    assert "grid" in tmx.properties


@pytest.mark.parametrize("name", list(GROUPS))
def test_each_sheet_has_one_numbered_hexagon_per_cell(tmx, name: str) -> None:
    """UBI-3, UBI-12: every hexagon of the world and of both expert areas, labelled as the
    answers are written ("267", "N12"), numbered 1..count."""
    sheet = GROUPS[name]
    group = tmx.get_layer_by_name(name)
    objects = list(group)
    assert len(objects) == sheet.count
    assert sorted(o.properties["number"] for o in objects) == list(range(1, sheet.count + 1))
    for o in objects:
        assert o.name == sheet.label(o.properties["number"])
        assert o.properties["sheet"] == sheet.key


@pytest.mark.parametrize("name", list(GROUPS))
def test_hexagon_polygons_are_where_the_grid_puts_them(tmx, name: str) -> None:
    """The first, a middle and the last hexagon of each sheet: the polygon's corners are
    grid's hexagon_pixels, in the same order."""
    sheet = GROUPS[name]
    by_number = {o.properties["number"]: o for o in tmx.get_layer_by_name(name)}
    for n in (1, sheet.count // 2, sheet.count):
        points = [(p.x, p.y) for p in by_number[n].points]
        expected = sheet.hexagon_pixels(n)
        assert len(points) == 6
        for (x, y), (ex, ey) in zip(points, expected):
            assert x == pytest.approx(ex, abs=1e-3) and y == pytest.approx(ey, abs=1e-3)


def test_the_sheets_lie_inside_the_board_clear_of_each_other_and_the_legend() -> None:
    """The picture's layout, as the builder draws it: each sheet and the legend inside the board,
    none overlapping another."""
    rects = [s.pixel_rect for s in G.SHEETS.values()] + [G.LEGEND_RECT]
    for x, y, w, h in rects:
        assert x >= 0 and y >= 0 and x + w <= G.BOARD_SIZE[0] and y + h <= G.BOARD_SIZE[1]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            apart = (a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0]
                     or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1])
            assert apart, (a, b)


# ---- every hexagon a place can be in shows its number ------------------------------------------

def _visible_share(sheet: G.Sheet, number: int) -> float:
    """The share of a hexagon's area on its sheet, computed here on its own: the hexagon cut
    to the sheet's rectangle (only top and bottom on the world, which wraps)."""
    def cut(points, axis, limit, keep_below):
        out = []
        for i, p in enumerate(points):
            q = points[i - 1]
            p_in, q_in = ((p[axis] <= limit, q[axis] <= limit) if keep_below
                          else (p[axis] >= limit, q[axis] >= limit))
            if p_in != q_in:
                t = (limit - q[axis]) / (p[axis] - q[axis])
                out.append((q[0] + t * (p[0] - q[0]), q[1] + t * (p[1] - q[1])))
            if p_in:
                out.append(p)
        return out

    def area(ring):
        return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(ring, ring[1:] + ring[:1]))) / 2

    ring = sheet.corners(number)
    part = cut(cut(ring, 1, 0.0, False), 1, sheet.height, True)
    if not sheet.wraps:
        part = cut(cut(part, 0, 0.0, False), 0, sheet.width, True)
    return area(part) / area(ring) if len(part) >= 3 else 0.0


def _inside_convex(polygon: list[tuple[float, float]], point: tuple[float, float]) -> bool:
    signs = set()
    for a, b in zip(polygon, polygon[1:] + polygon[:1]):
        cross = (b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0])
        if abs(cross) > 1e-6:
            signs.add(cross > 0)
    return len(signs) <= 1


def _label_inside_its_part(sheet: G.Sheet, number: int, box: tuple[int, int, int, int]) -> bool:
    """The number's box (x, y, w, h, board pixels) lies on the sheet's picture and inside the
    hexagon (on the world, or inside its copy over the wrap)."""
    x, y, w, h = box
    sx, sy, sw, sh = G.SHEETS[sheet.key].pixel_rect
    if w <= 0 or h <= 0 or x < sx or y < sy or x + w > sx + sw or y + h > sy + sh:
        return False
    corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
    shifts = (0.0, -sw, sw) if sheet.wraps else (0.0,)
    hexagon = sheet.hexagon_pixels(number)
    return any(all(_inside_convex([(px + d, py) for px, py in hexagon], c) for c in corners)
               for d in shifts)


def test_the_map_states_the_printable_share(tmx) -> None:
    """The threshold the question bank must respect is in the map, as the builder used it."""
    assert float(tmx.properties["printable_share"]) == PRINTABLE_SHARE


@pytest.mark.parametrize("name", list(GROUPS))
def test_every_hexagon_that_reaches_its_sheet_shows_its_number(tmx, name: str) -> None:
    """The reticle reads "a number on the map": each hexagon with at least PRINTABLE_SHARE of
    its area on its sheet (part hexagons along the edges too) has `printed` true and its number's
    box (label_x, label_y, label_w, label_h: ink and halo, board pixels) on the sheet's picture
    inside the hexagon, so no two numbers overlap; a hexagon below the share is not printed."""
    sheet = GROUPS[name]
    missing, misplaced, needless = [], [], []
    for o in tmx.get_layer_by_name(name):
        p = o.properties
        number = p["number"]
        share = _visible_share(sheet, number)
        if p.get("printed") is not True:
            if share >= PRINTABLE_SHARE:
                missing.append(f"{o.name} ({share:.0%})")
            continue
        if share < PRINTABLE_SHARE:
            needless.append(o.name)
        box = (p["label_x"], p["label_y"], p["label_w"], p["label_h"])
        if not _label_inside_its_part(sheet, number, box):
            misplaced.append(f"{o.name} {box}")
    assert not missing, f"hexagons on the sheet without a printed number: {missing}"
    assert not misplaced, f"numbers outside their hexagon's part on the sheet: {misplaced}"
    assert not needless, f"printed hexagons under the printable share: {needless}"


def test_only_a_corner_sliver_is_left_without_a_number() -> None:
    """Which hexagons are too small on their sheet to carry a number: one sliver at North
    America's south-west corner (a place there may not be asked)."""
    unprintable = {key: [n for n in range(1, s.count + 1) if _visible_share(s, n) < PRINTABLE_SHARE]
                   for key, s in G.SHEETS.items()}
    assert {k: len(v) for k, v in unprintable.items()} == {"W": 0, "N": 1, "E": 0}
    (corner,) = unprintable["N"]
    assert G.NORTH_AMERICA.locate(15.05, -169.95)[0] == corner


@pytest.mark.parametrize("place, lat, lon", [
    ("Barbeau Peak", 81.908, -75.017), ("Cape Morris Jesup", 83.627, -33.37),
    ("Beerenberg", 71.08, -8.17), ("Jan Mayen", 71.0, -8.5),
    ("Fez", 34.033, -5.0), ("Rabat", 34.02, -6.84)])
def test_places_at_the_sheets_edges_are_in_numbered_hexagons(tmx, place: str, lat: float,
                                                             lon: float) -> None:
    """Places whose only answer once was a hexagon without a printed number (the half hexagons
    along the world's top, Europe's top and bottom rows) now read a number on every sheet."""
    printed = {(o.properties["sheet"], o.properties["number"]): o.properties.get("printed")
               for name in GROUPS for o in tmx.get_layer_by_name(name)}
    found = 0
    for key, sheet in G.SHEETS.items():
        here = sheet.locate(lat, lon)
        if here is not None:
            found += 1
            assert printed[(key, here[0])] is True, (place, sheet.label(here[0]))
    assert found >= 1
