"""Our own SVG icons (sprites/<name>.svg), rasterised at any size and tinted to any colour.

The icons are drawn in white on transparent, so multiplying by a colour gives exactly that
colour (edges keep their anti-aliasing in the alpha channel). The one exception is the app icon
`icon`, which is in full colour and is best used with `colour=None`.

    from game.ui.icons import icon
    surf = icon("ui_undo", 32, "#e8e6e3")

Surfaces are cached and shared: treat them as read-only (`.copy()` one before drawing on it).
A missing or broken icon never raises; it gives a neutral fallback glyph and the reason is kept
in `LOAD_ERRORS` for diagnostics (the smoke test can report it).
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import pygame

from game import assets

ColourLike = tuple[int, int, int] | tuple[int, int, int, int] | str | pygame.Color

#: The app's own icons in sprites/ (without the .svg extension); each game names its own in its
#: spec (`GameSpec.icons`), and `icon_names()` gives them all.
UI_ICONS: tuple[str, ...] = (
    # seat shapes (paired with the Okabe-Ito seat colours)
    "shape_circle", "shape_square", "shape_triangle", "shape_diamond", "shape_star", "shape_hexagon",
    # user interface
    "ui_undo", "ui_redo", "ui_rules", "ui_menu", "ui_settings", "ui_sound", "ui_mute", "ui_stats",
    "ui_save", "ui_load", "ui_play", "ui_bot", "ui_person", "ui_log", "ui_eye_off", "ui_trophy",
    # the app icon (full colour)
    "icon",
)


def icon_names() -> tuple[str, ...]:
    """Every icon the app and its games use: the app's, then each game's, once each."""
    from game.core.registry import declared_names
    return declared_names("icons", UI_ICONS)

#: Icons drawn in full colour rather than white; tinting them multiplies their colours.
FULL_COLOUR_ICONS: frozenset[str] = frozenset({"icon"})

#: The seat shape icon for each shape name used with the seat colours.
SEAT_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "star", "hexagon")

#: name -> why it could not be loaded (missing file, parse error); filled as icons are asked for.
LOAD_ERRORS: dict[str, str] = {}

_FALLBACK_COLOUR = (160, 160, 160, 255)
_CACHE_SIZE = 512


def icon(name: str, size: int, colour: ColourLike | None = None) -> pygame.Surface:
    """The icon `name` rasterised at `size` x `size` pixels, tinted to `colour` if given.

    `colour` is anything pygame.Color understands ("#ffd166", (255, 209, 102), "white");
    its alpha, if any, scales the icon's opacity. None keeps the icon's own colours (white for
    all but the app icon). The result is cached: do not draw on it, copy it first.
    """
    size = max(1, int(size))
    rgba = None if colour is None else tuple(pygame.Color(colour))
    return _icon(name, size, rgba, _display_ready())


def clear_cache() -> None:
    """Forget every cached surface (after the display mode changes, or to free memory)."""
    _icon.cache_clear()


def _display_ready() -> bool:
    """Whether a display mode is set, so that surfaces can be converted for fast blits."""
    return pygame.display.get_init() and pygame.display.get_surface() is not None


@lru_cache(maxsize=_CACHE_SIZE)
def _icon(name: str, size: int, rgba: tuple[int, ...] | None, convert: bool) -> pygame.Surface:
    """The cached work behind icon(); `convert` is part of the key so that surfaces made
    before the window opened are converted once it exists."""
    surf = _load(name, size)
    if surf is None:
        return _fallback(size, rgba, convert)
    if convert:
        surf = surf.convert_alpha()
    if rgba is not None:
        tint = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        tint.fill(rgba)
        surf.blit(tint, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


def unreadable(names: Iterable[str], size: int = 24) -> dict[str, str]:
    """name -> why it cannot be drawn, for each of `names` that cannot (the smoke test asks,
    so that a bundle missing a sprite fails instead of showing fallback glyphs). Nothing is
    cached."""
    reasons = {}
    for name in names:
        if _load(name, size) is None:
            reasons[name] = LOAD_ERRORS.get(name, "cannot be drawn")
    return reasons


def _load(name: str, size: int) -> pygame.Surface | None:
    """Rasterise sprites/<name>.svg at size x size, or None (reason in LOAD_ERRORS)."""
    if not name or any(c in name for c in "/\\:") or name.startswith("."):
        LOAD_ERRORS[name] = "not a plain icon name"
        return None
    try:
        file = assets.path("sprites", f"{name}.svg")
    except (assets.AssetError, OSError) as exc:
        LOAD_ERRORS[name] = str(exc)
        return None
    if not file.is_file():
        LOAD_ERRORS[name] = f"missing file {file}"
        return None
    try:
        if hasattr(pygame.image, "load_sized_svg"):
            surf = pygame.image.load_sized_svg(str(file), (size, size))
        else:  # an older pygame-ce: load at the SVG's own size and scale
            surf = pygame.transform.smoothscale(pygame.image.load(str(file)), (size, size))
    except (pygame.error, OSError, ValueError, TypeError) as exc:
        LOAD_ERRORS[name] = f"cannot read {file.name}: {exc}"
        return None
    if surf.get_bounding_rect().width == 0:
        # nanosvg skips what it does not support (text, filters...), which can leave nothing
        LOAD_ERRORS[name] = f"{file.name} draws nothing at {size} px (unsupported SVG features?)"
        return None
    if surf.get_size() != (size, size):
        # An SVG whose viewBox is not square comes out with one side shorter; centre it.
        square = pygame.Surface((size, size), pygame.SRCALPHA)
        square.blit(surf, ((size - surf.get_width()) // 2, (size - surf.get_height()) // 2))
        surf = square
    return surf


def _fallback(size: int, rgba: tuple[int, ...] | None, convert: bool) -> pygame.Surface:
    """A neutral stand-in glyph: an outlined square with a small dot in the middle."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = rgba if rgba is not None else _FALLBACK_COLOUR
    inset = max(1, size // 6)
    width = max(1, size // 12)
    pygame.draw.rect(surf, colour, (inset, inset, size - 2 * inset, size - 2 * inset), width)
    pygame.draw.circle(surf, colour, (size / 2, size / 2), max(1, size // 12))
    return surf.convert_alpha() if convert else surf
