"""Ubi's hexagon sheets (game/games/ubi/grid.py): numbering, the triangles' letters, places
found by latitude and longitude and by pixel, the world's wrap at the antimeridian, answers
typed as text."""
from __future__ import annotations

import math

import pytest

from game.games.ubi import grid as G


@pytest.mark.parametrize("sheet", list(G.SHEETS.values()), ids=lambda s: s.key)
def test_every_hexagon_centre_and_triangle_is_found_again(sheet: G.Sheet) -> None:
    """UBI-3: each hexagon's number and each triangle's letter come back from their own middle."""
    for n in range(1, sheet.count + 1):
        cx, cy = sheet.centre(n)
        assert sheet.number_at(cx, cy) == n
        for letter in G.LETTERS:
            pts = sheet.triangle(n, letter)
            gx, gy = sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3
            if 0 <= gx <= sheet.width and 0 <= gy <= sheet.height:
                assert sheet.number_at(gx, gy) == n
                assert sheet.letter_at(n, gx, gy) == letter
                px, py = sheet.to_pixel(gx, gy)
                assert sheet.locate_pixel(px, py) == (n, letter)


def test_the_world_has_48_columns_of_17_rows_numbered_from_the_north_west() -> None:
    """UBI-3: the world map's hexagons, numbered row by row from the north-west corner; the odd
    columns' half hexagons along the top edge come first."""
    w = G.WORLD
    assert (w.columns, w.count) == (48, 48 * 17 + 24)
    assert w.cells[0] == (1, -1) and w.cells[23] == (47, -1) and w.cells[24] == (0, 0)
    assert w.locate(83.0, -167.5)[0] == 1 and w.locate(83.0, -178.0)[0] == 25
    assert w.locate(-59.5, 178.0)[0] > 800


@pytest.mark.parametrize("sheet", list(G.SHEETS.values()), ids=lambda s: s.key)
def test_no_strip_of_a_sheet_is_left_without_a_hexagon(sheet: G.Sheet) -> None:
    """UBI-3: every point of a sheet, edges and corners too, lies in a numbered hexagon."""
    steps = 60
    for i in range(steps + 1):
        for j in range(steps + 1):
            lat = sheet.lat_min + (sheet.lat_max - sheet.lat_min) * i / steps
            lon = sheet.lon_min + (sheet.lon_max - sheet.lon_min) * j / steps
            assert sheet.locate(lat, lon) is not None, (lat, lon)


def test_triangle_letters_go_clockwise_from_north_and_spell_search() -> None:
    """UBI-3: A is the north triangle; clockwise A R C H S E; from the south-west, SEARCH."""
    n = 300
    cx, cy = G.WORLD.centre(n)
    r = G.WORLD.radius / 2
    around = []
    for bearing in (0, 60, 120, 180, 240, 300):   # clockwise from north, y down on the sheet
        x = cx + r * math.sin(math.radians(bearing))
        y = cy - r * math.cos(math.radians(bearing))
        around.append(G.WORLD.letter_at(n, x, y))
    assert "".join(around) == "ARCHSE"
    start = around.index("S")
    assert "".join(around[start:] + around[:start]) == "SEARCH"


def test_the_world_wraps_at_the_antimeridian() -> None:
    """UBI-3: the world's 48 columns meet again at 180 degrees: Fiji's two sides share a hexagon."""
    assert G.WORLD.locate(-17.7, 179.9)[0] == G.WORLD.locate(-17.7, -179.9)[0]


def test_places_on_the_expert_areas() -> None:
    """UBI-12: the expert areas have their own smaller hexagons; places off them are not on them."""
    paris = (48.86, 2.35)
    assert G.EUROPE.locate(*paris) is not None and G.NORTH_AMERICA.locate(*paris) is None
    assert G.expert_sheet_for(*paris) is G.EUROPE
    assert G.expert_sheet_for(40.7, -74.0) is G.NORTH_AMERICA
    assert G.expert_sheet_for(-33.9, 151.2) is None   # Sydney
    # smaller hexagons: more of them across the same ground
    assert G.EUROPE.radius < G.WORLD.radius and G.NORTH_AMERICA.count > 500


def test_margins_tell_a_place_near_an_edge() -> None:
    """UBI-6: a place at a hexagon's centre is far from its edges; one on a spoke is not."""
    lat, lon = G.WORLD.unproject(*G.WORLD.centre(300))
    hexagon, triangle = G.WORLD.margins(lat, lon)
    assert hexagon == pytest.approx(math.sqrt(3) / 4, abs=1e-6) and triangle == pytest.approx(0, abs=1e-6)


def test_typed_answers() -> None:
    """UBI-6: answers are typed as a number, or a number and a letter, with the area's prefix."""
    assert G.parse_answer("267-A") == (G.WORLD, 267, "A")
    assert G.parse_answer(" 267 - c ") == (G.WORLD, 267, "C")
    assert G.parse_answer("N45") == (G.NORTH_AMERICA, 45, None)
    assert G.parse_answer("e12-h") == (G.EUROPE, 12, "H")
    for bad in ("", "Paris", "267-Q", "0", "9999", "X12"):
        assert G.parse_answer(bad) is None
    assert G.WORLD.label(267, "A") == "267-A" and G.EUROPE.label(12) == "E12"


def test_sheets_fit_the_board_picture_without_overlapping() -> None:
    """UBI-13: the board picture holds the three sheets and, between them, GHOSTS and LEGEND."""
    rects = [s.pixel_rect for s in G.SHEETS.values()] + [G.LEGEND_RECT]
    for x, y, w, h in rects:
        assert x >= 0 and y >= 0 and x + w <= G.BOARD_SIZE[0] and y + h <= G.BOARD_SIZE[1]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            apart = a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
            assert apart, (a, b)
