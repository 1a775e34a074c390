"""Ubi's board as built (maps/ubi.png and maps/ubi.tmx, by build_scripts/maps/ubi.py): the
Tiled map loads without a display, holds one polygon per hexagon of each sheet where
game/games/ubi/grid.py puts it, and the picture has the board's size. Nothing is rebuilt."""
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


@pytest.fixture(scope="module")
def tmx():
    return open_tmx(TMX)


def test_the_picture_is_an_opaque_png_of_the_board_size() -> None:
    """UBI-3: the board picture is exactly grid.BOARD_SIZE (read from the PNG header)."""
    head = PNG.read_bytes()[:26]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    width, height = struct.unpack(">II", head[16:24])
    assert (width, height) == G.BOARD_SIZE
    assert head[25] == 2          # colour type 2: RGB, no alpha channel
    assert PNG.stat().st_size < 6_000_000


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
