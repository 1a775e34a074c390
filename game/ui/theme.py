"""The look of the app: colours, type, the seat palette, and cached text rendering.

One family (Noto Sans), a few sizes; a calm dark frame so the boards carry the colour; one
warm highlight for "you may click this"; Okabe-Ito seat colours, each with a shape.
"""
from __future__ import annotations

import dataclasses
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
HIGHLIGHT = pygame.Color("#ffdb6e")       # you may click this (far from every seat colour)
WARNING = pygame.Color("#ef6f6c")
GOOD = pygame.Color("#7fc97f")
PAPER = pygame.Color("#f4efe2")
PAPER_DARK = pygame.Color("#d9cfb8")
INK = pygame.Color("#2d2a26")
SHADOW = (0, 0, 0, 90)

#: Okabe-Ito colour-blind-safe seat colours, each paired with a shape (icons shape_*.svg). Its
#: yellow is left out for white: it was the yellow of HIGHLIGHT ("you may click this"), which
#: must never look like a seat, also to colour-blind eyes (tests/ui/test_readable_screens.py).
SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F2F2F2", "#0072B2", "#D55E00", "#CC79A7")
SEAT_COLOUR_NAMES = ("orange", "sky blue", "green", "white", "blue", "vermilion", "purple")
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


def preload_fit_fonts() -> None:
    """Load the type sizes that `fit_to_box` steps through (1.5 ms each), so a text that must
    shrink to fit never stalls a frame by loading them: a table calls this as it opens."""
    for size in range(SIZE_SMALL, SIZE_BODY + 1):
        font(size)
        font(size, True)


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


#: While a list (tests), every text the kit had to cut to fit is noted in it: (the whole text,
#: where it was drawn: "file.py:function"). Essential words (the status line, prompts,
#: buttons, tabs, headings) must never be cut; tests/ui/test_words_fit.py reads this.
CUTS: list[tuple[str, str]] | None = None


def note_cut(string: str) -> None:
    """Note that `string` did not fit where it was drawn (only while CUTS is a list)."""
    if CUTS is None:
        return
    import sys
    frame = sys._getframe(1)
    while frame is not None and (frame.f_code.co_filename == __file__ or frame.f_code.co_name == "check_fits"):
        frame = frame.f_back   # the drawing's caller, outside the kit's text functions
    where = "?" if frame is None else f"{frame.f_code.co_filename.rsplit('/', 1)[-1]}:{frame.f_code.co_name}"
    CUTS.append((string, where))


def fit_text(string: str, size: int, width: int, bold: bool = False) -> str:
    """Shorten `string` with an ellipsis so that it fits `width` pixels (noted in CUTS)."""
    f = font(size, bold)
    if f.size(string)[0] <= width:
        return string
    note_cut(string)
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
    """Wrap `string` into `rect` at `size`; a text too long for it ends with an ellipsis.
    Returns the height used. (`draw_fitted` may also shrink the type.)"""
    fitted = fit_to_box(string, rect.width, rect.height, size, size, bold, line_gap)
    return draw_fitted_lines(surface, fitted, rect, colour, bold)


@dataclasses.dataclass(frozen=True)
class FittedText:
    """A text laid out to fit a box (see `fit_to_box`)."""

    lines: tuple[str, ...]
    size: int              # the type size the lines were fitted at
    line_height: int       # from one line's top to the next line's top
    complete: bool         # False: cut with an ellipsis, so show the whole text in a tooltip

    @property
    def height(self) -> int:
        return len(self.lines) * self.line_height


def fit_to_box(string: str, width: int, height: int, size: int = SIZE_BODY, min_size: int = SIZE_SMALL,
               bold: bool = False, line_gap: int = 4, max_lines: int | None = None) -> FittedText:
    """The kit's one way to fit a text into a box of `width` x `height` pixels.

    First wrap it at `size`; if the lines do not fit, try smaller type, step by step down to
    `min_size` (keep that at `SIZE_SMALL` or more: legible at 1280x720); if it still does not
    fit, wrap it at `min_size`, keep the lines that fit and end the last with an ellipsis. A
    word wider than the box is shortened the same way. `max_lines` caps the lines (1 for a
    button's label). When `complete` is False, give the whole text in a tooltip.
    Use `draw_fitted` to draw it, or read `lines` and `size` to draw it yourself."""
    fitted = _fit_to_box(string, max(1, int(width)), max(1, int(height)), size, min(size, min_size), bold,
                         line_gap, max_lines)
    if not fitted.complete:
        note_cut(string)
    return fitted


@cached
@lru_cache(maxsize=1024)
def _fit_to_box(string: str, width: int, height: int, size: int, min_size: int, bold: bool,
                line_gap: int, max_lines: int | None) -> FittedText:
    for trial in range(size, min_size - 1, -1):
        line_height = font(trial, bold).get_linesize() + line_gap
        room = max(1, (height + 2 + line_gap) // line_height)   # 2 px of slack, as ever
        if max_lines is not None:
            room = min(room, max_lines)
        lines = wrap(string, trial, width, bold)
        widest = max(font(trial, bold).size(line)[0] for line in lines)
        if len(lines) <= room and widest <= width:
            return FittedText(tuple(lines), trial, line_height, True)
    lines = [fit_text(line, min_size, width, bold) for line in wrap(string, min_size, width, bold)]
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = fit_text(lines[-1].rstrip("…") + " …", min_size, width, bold).replace(" …", "…")
    return FittedText(tuple(lines), min_size, line_height, False)


def draw_fitted(surface: pygame.Surface, string: str, rect: pygame.Rect, size: int = SIZE_BODY,
                min_size: int = SIZE_SMALL, colour=TEXT, bold: bool = False, line_gap: int = 4,
                align: str = "left") -> FittedText:
    """Draw `string` fitted into `rect` (see `fit_to_box`); returns the fit, so that the caller
    can offer the whole text in a tooltip when `complete` is False. `align`: "left" or
    "center" (each line centred, the block centred vertically)."""
    fitted = fit_to_box(string, rect.width, rect.height, size, min_size, bold, line_gap)
    draw_fitted_lines(surface, fitted, rect, colour, bold, align)
    return fitted


def draw_fitted_lines(surface: pygame.Surface, fitted: FittedText, rect: pygame.Rect, colour=TEXT,
                      bold: bool = False, align: str = "left") -> int:
    """Draw lines from `fit_to_box` into `rect`; returns the height used."""
    rect = pygame.Rect(rect)
    y = rect.top if align == "left" else rect.centery - (fitted.height - _gap(fitted)) // 2
    for line in fitted.lines:
        if align == "center":
            draw_text(surface, line, (rect.centerx, y), fitted.size, colour, bold, anchor="midtop")
        else:
            draw_text(surface, line, (rect.left, y), fitted.size, colour, bold)
        y += fitted.line_height
    return fitted.height


def _gap(fitted: FittedText) -> int:
    return fitted.line_height - font(fitted.size).get_linesize()


#: the type of each button kind in theme.json ("" is a plain button): size and bold
BUTTON_TYPE = {"": (22, False), "primary": (24, True), "big": (26, True), "small": (19, False)}
BUTTON_PAD = 28   # a button's label keeps this much room at its sides (padding and border)


def fit_button_label(label: str, width: int, kind: str = "") -> tuple[str, str, bool]:
    """How a button `width` px wide shows `label`: (the text, the kind to use, complete).

    The label keeps its kind's type when it fits; otherwise it takes the small kind (the
    legible minimum); if even that is too wide it is shortened with an ellipsis and
    `complete` is False: put the whole label in the button's tooltip."""
    size, bold = BUTTON_TYPE.get(kind, BUTTON_TYPE[""])
    room = width - BUTTON_PAD
    if font(size, bold).size(label)[0] <= room:
        return label, kind, True
    small, small_bold = BUTTON_TYPE["small"]
    fitted = fit_to_box(label, room, font(small).get_linesize(), small, small, small_bold, 0, max_lines=1)
    return fitted.lines[0], "small", fitted.complete


TOOLTIP_W = 520   # the widest a drawn tooltip gets


def tooltip_rect(string: str, anchor: pygame.Rect, bounds: pygame.Rect | None = None) -> pygame.Rect:
    """Where `draw_tooltip` puts the box for `string`: below `anchor` (above it when there is
    no room below), kept inside `bounds` (a 1920x1080 screen when not given)."""
    bounds = bounds or pygame.Rect(0, 0, 1920, 1080)
    lines = wrap(string, SIZE_SMALL, TOOLTIP_W - 28)
    width = max(font(SIZE_SMALL).size(line)[0] for line in lines) + 28
    box = pygame.Rect(0, 0, width, len(lines) * font(SIZE_SMALL).get_linesize() + 20)
    box.topleft = (anchor.left, anchor.bottom + 6)
    if box.bottom > bounds.bottom:
        box.bottom = anchor.top - 6
    return box.clamp(bounds)


def draw_tooltip(surface: pygame.Surface, string: str, anchor: pygame.Rect) -> pygame.Rect:
    """The whole of a text that was drawn cut (see `fit_to_box`), in a box by `anchor`, in the
    look of pygame-gui's tooltips. Returns the box (to invalidate when it goes)."""
    box = tooltip_rect(string, anchor, surface.get_rect())
    pygame.draw.rect(surface, (16, 18, 21), box, border_radius=8)
    pygame.draw.rect(surface, HIGHLIGHT, box, 1, border_radius=8)
    y = box.y + 10
    for line in wrap(string, SIZE_SMALL, TOOLTIP_W - 28):
        draw_text(surface, line, (box.x + 14, y), SIZE_SMALL)
        y += font(SIZE_SMALL).get_linesize()
    return box


SHADOW_DROP = 4   # how far below a shadowed panel its shadow shows


def shadowed_extent(rect: pygame.Rect) -> pygame.Rect:
    """All that `shadowed_panel` paints: the panel and its shadow below it (what a frame must
    present again when such a panel comes or goes over the table)."""
    return pygame.Rect(rect).union(pygame.Rect(rect).move(0, SHADOW_DROP))


def shadowed_panel(surface: pygame.Surface, rect: pygame.Rect, colour=PANEL, radius: int = 12) -> None:
    shadow = pygame.Rect(rect).move(0, SHADOW_DROP)
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
