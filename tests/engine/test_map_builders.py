"""The map builders' shared cartography (build_scripts/maps/common.py): projections through
pyproj that keep the promises the .tmx properties make, shapely clipping, simplifying and
buffering, and the pygame fill of areas with holes. No map is rebuilt here."""
from __future__ import annotations

import math
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

pytest.importorskip("pyproj")
shapely = pytest.importorskip("shapely")

REPO = Path(__file__).resolve().parents[2]
if not (REPO / "build_scripts" / "maps" / "common.py").is_file():
    pytest.skip("build_scripts/ is not part of this installation", allow_module_level=True)

import pygame  # noqa: E402

from build_scripts.maps import common  # noqa: E402

BOARDS = REPO / "build_scripts" / "maps" / "boards"


def tmx_properties(name: str) -> dict[str, str]:
    """The map-level custom properties of maps/<name>.tmx, as written."""
    root = ElementTree.parse(REPO / "maps" / f"{name}.tmx").getroot()
    return {p.get("name"): p.get("value") for p in root.find("properties")}


def board(name: str) -> dict:
    with open(BOARDS / f"{name}.toml", "rb") as handle:
        return tomllib.load(handle)


def ubike_projection() -> common.Equirectangular:
    b = board("ubike")["board"]
    return common.Equirectangular.centred(*b["centre"], b["lat_span"], b["size_px"],
                                          b["size_px"])


def staedtetour_projection() -> common.LambertConic:
    data = board("staedtetour")
    p, b = data["projection"], data["board"]
    return common.LambertConic(lon_0=p["lon_0"], lat_0=p["lat_0"], lat_1=p["lat_1"],
                               lat_2=p["lat_2"], px_per_km=p["px_per_km"],
                               origin_x=p["origin_x"], origin_y=p["origin_y"],
                               width=b["width_px"], height=b["height_px"])


# ---- projections ----

def test_equirectangular_keeps_the_linear_promise_of_the_tmx_bounds() -> None:
    """ubike.tmx stores four bounds; every pixel must be linear in them, as the game and the
    map tests read it."""
    proj = ubike_projection()
    props = tmx_properties("ubike")
    assert [float(props[k]) for k in ("lon_min", "lon_max", "lat_min", "lat_max")] == [
        proj.lon_min, proj.lon_max, proj.lat_min, proj.lat_max]
    for lon, lat in ((121.535, 25.1), (120.432, 24.055), (proj.lon_min, proj.lat_max),
                     (proj.lon_max, proj.lat_min), (121.0, 24.5)):
        x, y = proj.to_px(lon, lat)
        assert x == pytest.approx((lon - proj.lon_min) / (proj.lon_max - proj.lon_min) * 720,
                                  abs=1e-6)
        assert y == pytest.approx((proj.lat_max - lat) / (proj.lat_max - proj.lat_min) * 720,
                                  abs=1e-6)


@pytest.mark.parametrize("make", [ubike_projection, staedtetour_projection])
def test_projection_round_trip(make) -> None:
    proj = make()
    lon_min, lat_min, lon_max, lat_max = proj.bounds()
    for u in (0.1, 0.5, 0.9):
        for v in (0.2, 0.7):
            lon = lon_min + (lon_max - lon_min) * u
            lat = lat_min + (lat_max - lat_min) * v
            back = proj.to_lonlat(*proj.to_px(lon, lat))
            assert back == pytest.approx((lon, lat), abs=1e-9)
    # The array form (what shapely.transform calls) agrees with the point form.
    import numpy as np

    pts = [(lon_min + 0.3, lat_min + 0.4), (lon_max - 0.2, lat_max - 0.1)]
    arr = proj.to_px_array(np.asarray(pts))
    assert arr.ravel().tolist() == pytest.approx([v for p in pts for v in proj.to_px(*p)],
                                                 abs=1e-9)


def test_lambert_conic_matches_the_closed_form_the_tmx_describes() -> None:
    """The formula tests/test_map_staedtetour.py inverts: sphere, n from the two parallels."""
    proj = staedtetour_projection()
    r = common.LambertConic.EARTH_RADIUS_KM
    p0, p1, p2 = (math.radians(v) for v in (proj.lat_0, proj.lat_1, proj.lat_2))
    n = (math.log(math.cos(p1) / math.cos(p2))
         / math.log(math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)))
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho_0 = r * f / math.tan(math.pi / 4 + p0 / 2) ** n
    for lon, lat in ((-6.26, 53.35), (37.62, 55.76), (31.24, 30.04), (-9.14, 38.72)):
        rho = r * f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
        theta = n * math.radians(lon - proj.lon_0)
        want = (proj.origin_x + proj.scale * rho * math.sin(theta),
                proj.origin_y - proj.scale * (rho_0 - rho * math.cos(theta)))
        assert proj.to_px(lon, lat) == pytest.approx(want, abs=1e-6)
        assert proj.north_angle(lon, lat) == pytest.approx(-n * (lon - proj.lon_0), abs=1e-6)


def test_lambert_conic_scale_and_north_on_the_map() -> None:
    proj = staedtetour_projection()
    # True scale on a standard parallel, and smaller between the two.
    assert proj.px_per_km(proj.lat_1) == pytest.approx(proj.scale, rel=1e-6)
    assert proj.px_per_km(proj.lat_2) == pytest.approx(proj.scale, rel=1e-6)
    assert proj.px_per_km(50.0) < proj.scale
    # The compass turns the way a meridian runs up the map: east of lon_0 it leans left.
    lon, lat = 30.0, 50.0
    (x0, y0), (x1, y1) = proj.to_px(lon, lat), proj.to_px(lon, lat + 0.01)
    drawn = math.degrees(math.atan2(x1 - x0, y0 - y1))
    assert proj.north_angle(lon, lat) == pytest.approx(drawn, abs=1e-3)
    assert drawn < -5


def test_conic_bounds_are_the_stored_ones() -> None:
    proj = staedtetour_projection()
    props = tmx_properties("staedtetour")
    lon_min, lat_min, lon_max, lat_max = proj.bounds()
    assert [round(v, 2) for v in (lon_min, lon_max, lat_min, lat_max)] == [
        float(props[k]) for k in ("lon_min", "lon_max", "lat_min", "lat_max")]


# ---- geometry ----

def test_clip_cuts_a_concave_polygon_into_its_parts() -> None:
    u_shape = {"geometry": {"type": "Polygon", "coordinates": [
        [[0, 0], [10, 0], [10, 10], [7, 10], [7, 3], [3, 3], [3, 10], [0, 10], [0, 0]]]}}
    far = {"geometry": {"type": "Polygon", "coordinates": [
        [[50, 50], [51, 50], [51, 51], [50, 50]]]}}
    parts = common.clip_polygons([u_shape, far], (-1, 5, 11, 11))
    assert len(parts) == 2                      # the two arms; the far one is left out
    assert sorted(round(p.area, 9) for p in parts) == [15.0, 15.0]
    for part in parts:
        minx, miny, maxx, maxy = part.bounds
        assert miny == 5 and maxy == 10


def test_pixel_areas_shed_specks_and_detail_but_keep_the_shape() -> None:
    proj = common.Equirectangular(0.0, 1.0, 0.0, 1.0, 100, 100)
    # A 40 px square with a sub-pixel zig-zag along its top, and a speck of half a pixel.
    top = [(0.3 + 0.4 * i / 40, 0.7 + (0.001 if i % 2 else 0.0)) for i in range(41)]
    square = shapely.Polygon([(0.3, 0.3), (0.7, 0.3), *reversed(top)])
    speck = shapely.Polygon([(0.9, 0.9), (0.905, 0.9), (0.905, 0.905)])
    rough = common.pixel_areas([square, speck], proj, smooth=0)
    assert len(rough) == 2 and len(rough[0].outer) > 40
    (area,) = common.pixel_areas([square, speck], proj, smooth=0, simplify_px=0.2)
    assert len(area.outer) == 4                 # the zig-zag (0.1 px) is gone
    assert common.PixelArea(area.outer, []).shape.area == pytest.approx(1600, rel=0.01)


def test_chaikin_rounds_a_square_inside_itself() -> None:
    ring = common.chaikin([(0, 0), (8, 0), (8, 8), (0, 8), (0, 0)], rounds=1)
    assert ring == [(2.0, 0.0), (6.0, 0.0), (8.0, 2.0), (8.0, 6.0), (6.0, 8.0), (2.0, 8.0),
                    (0.0, 6.0), (0.0, 2.0)]


# ---- drawing ----

def test_canvas_area_leaves_the_holes_alone() -> None:
    canvas = common.Canvas(30, 30, (0, 0, 0), scale=2)
    ring = shapely.Polygon([(5, 5), (25, 5), (25, 25), (5, 25)],
                           [[(10, 10), (20, 10), (20, 20), (10, 20)]])
    canvas.area(ring, (200, 100, 50))
    at = canvas.surface.get_at
    assert at((15 * 2, 15 * 2))[:3] == (0, 0, 0)           # the hole
    assert at((7 * 2, 15 * 2))[:3] == (200, 100, 50)       # the frame
    assert at((2 * 2, 2 * 2))[:3] == (0, 0, 0)             # outside


def test_canvas_buffer_grows_by_the_radius() -> None:
    canvas = common.Canvas(40, 40, (0, 0, 0), scale=4)
    canvas.buffer([(10, 10), (30, 10), (30, 30), (10, 30)], 3.0, (255, 255, 255))
    lit = pygame.mask.from_threshold(canvas.surface, (255, 255, 255), (1, 1, 1, 255)).count()
    # A 20 px square grown by 3 px: 20^2 + 4 * 20 * 3 + pi * 3^2, in 4x4 subpixels.
    assert lit / 16 == pytest.approx(400 + 240 + math.pi * 9, rel=0.02)
    # Shrunk by 3 px instead, what is painted over is the 14 px square inside.
    canvas.buffer([(10, 10), (30, 10), (30, 30), (10, 30)], -3.0, (0, 0, 0))
    left = pygame.mask.from_threshold(canvas.surface, (255, 255, 255), (1, 1, 1, 255)).count()
    assert (lit - left) / 16 == pytest.approx(14 * 14, rel=0.05)


def test_an_indexed_picture_keeps_the_frequent_colours_and_maps_the_rest_to_the_nearest(tmp_path) -> None:
    """save_indexed (Ubi's board): the most frequent colours become the palette exactly, a rare
    colour is drawn as the nearest of them, and the file is an indexed PNG."""
    image = pygame.Surface((40, 10))
    image.fill((200, 220, 240))                              # sea, most of the picture
    image.fill((230, 220, 200), (0, 0, 20, 10))              # land
    image.fill((40, 40, 40), (0, 0, 3, 10))                  # ink
    image.set_at((30, 5), (205, 222, 236))                   # one anti-aliased pixel, near the sea
    path = tmp_path / "board.png"
    error = common.save_indexed(image, path, colours=3)
    assert 0 < error < 0.1
    head = path.read_bytes()[:26]
    assert head[24] == 8 and head[25] == 3                   # 8 bits, colour type 3: indexed
    back = pygame.image.load(str(path))
    assert back.get_bitsize() == 8
    assert tuple(back.get_at((30, 5)))[:3] == (200, 220, 240)
    assert tuple(back.get_at((1, 1)))[:3] == (40, 40, 40) and tuple(back.get_at((10, 1)))[:3] == (230, 220, 200)
