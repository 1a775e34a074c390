"""Our SVG icon set and its loader (game/ui/icons.py), under SDL's dummy drivers."""
from __future__ import annotations

import os
import struct

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import assets  # noqa: E402
from game.ui import icons  # noqa: E402

ICON_NAMES = icons.icon_names()   # the app's and every game's

TINT = (230, 159, 0)  # Okabe-Ito orange


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    icons.clear_cache()
    yield
    icons.clear_cache()
    pygame.display.quit()


def opaque_pixels(surf: pygame.Surface, threshold: int = 128) -> list[tuple[int, int]]:
    w, h = surf.get_size()
    return [(x, y) for y in range(h) for x in range(w) if surf.get_at((x, y)).a >= threshold]


def test_every_shipped_svg_is_named_by_the_app_or_a_game_and_every_named_one_ships():
    shipped = {p.stem for p in assets.folder("sprites").glob("*.svg")}
    assert shipped == set(ICON_NAMES)
    assert len(ICON_NAMES) == len(set(ICON_NAMES))


@pytest.mark.parametrize("size", [24, 64])
@pytest.mark.parametrize("name", ICON_NAMES)
def test_icon_loads_at_size_and_is_not_empty(name: str, size: int):
    icons.LOAD_ERRORS.pop(name, None)
    surf = icons.icon(name, size)
    assert name not in icons.LOAD_ERRORS
    assert surf.get_size() == (size, size)
    assert surf.get_flags() & pygame.SRCALPHA
    covered = len(opaque_pixels(surf))
    # something is drawn, and the icon is not a solid block either
    assert covered > size * size // 20
    if name != "icon":
        assert covered < size * size


@pytest.mark.parametrize("name", [n for n in ICON_NAMES if n not in icons.FULL_COLOUR_ICONS])
def test_white_icons_are_white_and_tint_to_the_colour(name: str):
    plain = icons.icon(name, 48)
    for x, y in opaque_pixels(plain, 250)[::7]:
        assert tuple(plain.get_at((x, y)))[:3] == (255, 255, 255)
    tinted = icons.icon(name, 48, TINT)
    solid = opaque_pixels(tinted, 250)
    assert solid
    for x, y in solid:
        # multiplying white by the tint gives the tint; the alpha (the anti-aliasing) is kept
        assert tuple(tinted.get_at((x, y))) == (*TINT, plain.get_at((x, y)).a)
    # tinting keeps the shape: the same pixels are covered
    assert opaque_pixels(tinted) == opaque_pixels(plain)


def test_colour_may_be_a_hex_string_and_alpha_scales_opacity():
    by_hex = icons.icon("ui_play", 32, "#e69f00")
    by_tuple = icons.icon("ui_play", 32, TINT)
    assert by_hex.get_at((16, 16)) == by_tuple.get_at((16, 16)) == pygame.Color(*TINT, 255)
    half = icons.icon("ui_play", 32, (*TINT, 128))
    assert 120 <= half.get_at((16, 16)).a <= 136


def test_icons_are_cached():
    assert icons.icon("wheel", 40, "#ffd166") is icons.icon("wheel", 40, "#ffd166")
    assert icons.icon("wheel", 40) is not icons.icon("wheel", 41)


def test_the_app_icon_keeps_its_colours():
    surf = icons.icon("icon", 64)
    colours = {tuple(surf.get_at((x, y)))[:3] for x, y in opaque_pixels(surf, 255)}
    assert (0xE9, 0xDF, 0xC7) in colours  # the map-paper background
    assert len(colours) > 5


def test_a_missing_icon_gives_the_fallback_without_raising():
    icons.LOAD_ERRORS.pop("no_such_icon", None)
    surf = icons.icon("no_such_icon", 32, "#ffd166")
    assert surf.get_size() == (32, 32)
    assert opaque_pixels(surf)
    assert "no_such_icon" in icons.LOAD_ERRORS
    # names that try to leave sprites/ are refused the same way
    assert icons.icon("../pyproject", 20).get_size() == (20, 20)
    assert "../pyproject" in icons.LOAD_ERRORS


def test_a_broken_svg_gives_the_fallback_without_raising(tmp_path, monkeypatch):
    (tmp_path / "broken.svg").write_text("<svg this is not svg")
    (tmp_path / "empty.svg").write_bytes(b"")
    # valid SVG, but only what nanosvg skips: it would come out blank
    (tmp_path / "blank.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
                                        '<text x="8" y="40">?</text></svg>')
    monkeypatch.setattr(icons.assets, "path", lambda kind, *parts: tmp_path.joinpath(*parts))
    icons.clear_cache()
    try:
        for name in ("broken", "empty", "blank"):
            icons.LOAD_ERRORS.pop(name, None)
            surf = icons.icon(name, 24)
            assert surf.get_size() == (24, 24)
            assert opaque_pixels(surf)
            assert name in icons.LOAD_ERRORS
    finally:
        icons.clear_cache()


def test_icons_load_before_a_display_exists():
    pygame.display.quit()
    icons.clear_cache()
    try:
        surf = icons.icon("ui_menu", 24, "#e8e6e3")
        assert surf.get_size() == (24, 24) and opaque_pixels(surf)
    finally:
        pygame.display.init()
        pygame.display.set_mode((64, 64))
        icons.clear_cache()


def test_icon_png_is_256_px():
    png = assets.require("sprites", "icon.png")
    surf = pygame.image.load(str(png))
    assert surf.get_size() == (256, 256)


def test_icon_ico_lists_16_32_48_256():
    data = assets.require("sprites", "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        w, h, _colours, _res, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        w, h = w or 256, h or 256
        assert w == h
        assert offset + length <= len(data)
        blob = data[offset:offset + length]
        assert blob.startswith(b"\x89PNG\r\n\x1a\n")
        # the PNG's IHDR agrees with the directory entry
        assert struct.unpack(">II", blob[16:24]) == (w, h)
        sizes.append(w)
    assert sorted(sizes) == [16, 32, 48, 256]
