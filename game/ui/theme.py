"""The look of the app: colours, type, the seat palette, and cached text rendering.

One family (Noto Sans), a few sizes; a calm dark frame so the boards carry the colour; one
warm highlight for "you may click this"; Okabe-Ito seat colours, each with a shape.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.caches import cached

from game import assets

# ---- colours ------------------------------------------------------------------------------
BG = pygame.Color("#1e2227")
PANEL = pygame.Color("#2b3038")
PANEL_LIGHT = pygame.Color("#353b45")
LINE = pygame.Color("#454c57")
TEXT = pygame.Color("#e8e6e3")
TEXT_DIM = pygame.Color("#a9adb3")
TEXT_DARK = pygame.Color("#23272d")
HIGHLIGHT = pygame.Color("#ffd166")       # you may click this
WARNING = pygame.Color("#ef6f6c")
GOOD = pygame.Color("#7fc97f")
PAPER = pygame.Color("#f4efe2")
PAPER_DARK = pygame.Color("#d9cfb8")
INK = pygame.Color("#2d2a26")
SHADOW = (0, 0, 0, 90)

#: Okabe-Ito colour-blind-safe seat colours, each paired with a shape (icons shape_*.svg).
SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")
SEAT_COLOUR_NAMES = ("orange", "sky blue", "green", "yellow", "blue", "vermilion", "purple")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "circle")


def seat_colour(index: int) -> pygame.Color:
    return pygame.Color(SEAT_COLOURS[index % len(SEAT_COLOURS)])


def seat_shape(index: int) -> str:
    return SEAT_SHAPES[index % len(SEAT_SHAPES)]


def readable_on(colour: pygame.Color) -> pygame.Color:
    """Dark or light text, whichever reads better on `colour`."""
    lum = 0.2126 * colour.r + 0.7152 * colour.g + 0.0722 * colour.b
    return TEXT_DARK if lum > 140 else TEXT


# ---- type --------------------------------------------------------------------------------
SIZE_SMALL = 18     # nothing essential smaller than this at 1080p
SIZE_BODY = 22
SIZE_LARGE = 28
SIZE_TITLE = 40
SIZE_HUGE = 72


@cached
@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        return pygame.font.Font(str(assets.font_path(bold)), size)
    except (OSError, FileNotFoundError):  # the bundled font should always be there
        return pygame.font.Font(None, int(size * 1.3))


@cached
@lru_cache(maxsize=2048)
def text(string: str, size: int = SIZE_BODY, colour: tuple | str = (232, 230, 227),
         bold: bool = False) -> pygame.Surface:
    """A rendered line of text (cached: treat as read-only)."""
    surface = font(size, bold).render(string, True, colour)
    return surface.convert_alpha() if pygame.display.get_surface() else surface


@cached
@lru_cache(maxsize=4096)
def _wrap(string: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    return tuple(_wrap_lines(string, size, width, bold))


def wrap(string: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `string` into lines that fit `width` pixels (cached; keeps explicit newlines)."""
    return list(_wrap(string, size, width, bold))


def _wrap_lines(string: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `string` into lines that fit `width` pixels (keeps explicit newlines)."""
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in string.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = word if not line else f"{line} {word}"
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_text(string: str, size: int, width: int, bold: bool = False) -> str:
    """Shorten `string` with an ellipsis so that it fits `width` pixels."""
    f = font(size, bold)
    if f.size(string)[0] <= width:
        return string
    lo, hi = 0, len(string)  # the longest prefix that fits with the ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(string[:mid] + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return string[:lo].rstrip() + "…"


def draw_text(surface: pygame.Surface, string: str, pos: tuple[float, float], size: int = SIZE_BODY,
              colour: tuple | str | pygame.Color = TEXT, bold: bool = False,
              anchor: str = "topleft", max_width: int | None = None) -> pygame.Rect:
    if max_width is not None:
        string = fit_text(string, size, max_width, bold)
    img = text(string, size, tuple(pygame.Color(colour)), bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def draw_paragraph(surface: pygame.Surface, string: str, rect: pygame.Rect, size: int = SIZE_BODY,
                   colour=TEXT, bold: bool = False, line_gap: int = 4) -> int:
    """Wrap `string` into `rect`; a text too long for it ends with an ellipsis. Returns the
    height used."""
    y = rect.top
    height = font(size, bold).get_linesize()
    lines = wrap(string, size, rect.width, bold)
    room = max(1, (rect.height + 2 + line_gap) // (height + line_gap))
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = fit_text(lines[-1] + " …", size, rect.width, bold).replace(" …", "…")
    for line in lines:
        draw_text(surface, line, (rect.left, y), size, colour, bold)
        y += height + line_gap
    return y - rect.top


def rounded_rect(surface: pygame.Surface, rect, colour, radius: int = 10, width: int = 0) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


def shadowed_panel(surface: pygame.Surface, rect: pygame.Rect, colour=PANEL, radius: int = 12) -> None:
    shadow = pygame.Rect(rect).move(0, 4)
    pygame.draw.rect(surface, (10, 12, 15), shadow, border_radius=radius)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)


def glow_outline(surface: pygame.Surface, rect: pygame.Rect, colour=HIGHLIGHT, radius: int = 10,
                 width: int = 4) -> None:
    """The "you may click this" mark: a warm outline with a soft halo, not only a colour."""
    halo = pygame.Rect(rect).inflate(10, 10)
    glow = pygame.Surface(halo.size, pygame.SRCALPHA)
    c = pygame.Color(colour)
    pygame.draw.rect(glow, (c.r, c.g, c.b, 70), glow.get_rect(), 6, border_radius=radius + 5)
    surface.blit(glow, halo)
    pygame.draw.rect(surface, c, rect, width, border_radius=radius)


def draw_seat_badge(surface: pygame.Surface, index: int, center: tuple[int, int], size: int = 28,
                    outline: bool = True) -> None:
    """A seat's colour in its shape, with a dark outline so yellow reads on paper too."""
    from game.ui.icons import icon
    shape = icon(f"shape_{seat_shape(index)}", size, seat_colour(index))
    if outline:
        dark = icon(f"shape_{seat_shape(index)}", size + 6, (25, 25, 25))
        surface.blit(dark, dark.get_rect(center=center))
    surface.blit(shape, shape.get_rect(center=center))
