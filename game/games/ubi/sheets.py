"""Ubi's sheets as the table shows them: the board picture cut into the world and the two
expert areas, each fitted to `AREA` once (and the legend's two halves side by side), kept at
full scale for the loupe, zoomed by the wheel; and the sums between a sheet's picture and the
canvas that every click, mark and loupe goes through. Under the world map: how to answer.

`fits[key]` is (canvas pixels per picture pixel, the sheet's rectangle on the canvas) as it is
shown now, zoomed or not; `base[key]` the same unzoomed (the sheet's place on the table);
`zoom[key]` is (level, the zoomed picture's corner on the canvas) while a sheet is zoomed."""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Callable

import pygame

from game import assets
from game.core.board import board_pictures
from game.ui import theme
from game.core.memory import trim_heap
from game.ui.render import for_blits, scalable, scaled

from . import grid as G
from .layout import AREA, LEGEND_SPLIT

Point = tuple[float, float]

HELP = ("Point at the map: the Rubicon Reticle magnifies the hexagon under the mouse, with its "
        "number and its six triangles A R C H S E (A to the north). Click a hexagon (hexagonal "
        "precision) or a triangle (triangular precision), then Confirm; or type the answer below, "
        "267 or 267-A. The wheel (or + and -) zooms the map so that its numbers read, the arrow keys "
        "move it, 0 shows it whole. The tabs show the expert areas (answered on by the seats that "
        "play them) and the legend with its ghost lines.")
ZOOMS = (1.0, 1.5, 2.0, 3.0, 4.0)


def centroid(points: list[Point]) -> Point:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def bbox(points: list[Point], pad: int = 6) -> pygame.Rect:
    """The canvas pixels `points` cover, `pad` more on every side."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(math.floor(min(xs)) - pad, math.floor(min(ys)) - pad,
                       math.ceil(max(xs) - min(xs)) + 2 * pad + 1, math.ceil(max(ys) - min(ys)) + 2 * pad + 1)


class Sheets:
    """The pictures of the sheets (`pictures`: fitted; `full`: at full scale, views into the
    board picture) and where each sheet is on the canvas. A tab's whole picture is drawn into
    the map's layer when it changes, not kept beside it (4.6 MB a tab at 1920x1080)."""

    def __init__(self) -> None:
        self.fits: dict[str, tuple[float, pygame.Rect]] = {}
        for key in ("W", "N", "E"):
            x, y, w, h = G.SHEETS[key].pixel_rect
            k = min(AREA.width / w, AREA.height / h)
            rect = pygame.Rect(0, 0, round(w * k), round(h * k))
            rect.midtop = (AREA.centerx, AREA.y)
            self.fits[key] = (k, rect)
        #: each sheet's place on the table unzoomed (fits[] follows the zoom: every map-to-canvas
        #: sum goes through it); zoom[] is (level, the zoomed picture's corner on the canvas)
        self.base = {key: (k, pygame.Rect(rect)) for key, (k, rect) in self.fits.items()}
        self.zoom: dict[str, tuple[float, tuple[float, float]]] = {}
        lx, ly, lw, lh = G.LEGEND_RECT
        self.legend_k = min((AREA.width - 24) / (2 * lw), AREA.height / LEGEND_SPLIT)
        self.pictures: dict[str, pygame.Surface] = {}
        self.full: dict[str, pygame.Surface] = {}
        self._image: pygame.Surface | None = None   # the board picture, indexed as the file gives it

    @classmethod
    def load(cls, picture: Callable[[Any], pygame.Surface],
             plain: Callable[[Exception, tuple[int, int]], pygame.Surface]) -> Sheets:
        """The sheets' pictures: the hexagon sheets at full scale for the loupe (views into the
        board picture), each sheet scaled to fit the first time its tab shows (the world's now);
        `picture(board)` paints the map (unconverted: it is only ever scaled from); a damaged
        map is told by `plain(error, size)`, which gives plain paper to go on over."""
        self = cls()
        for size in (theme.SIZE_LARGE, theme.SIZE_TITLE):   # the card's type, loaded before the first reveal
            theme.font(size, True)
            theme.font(size)
        try:
            board = board_pictures(assets.path("maps", "ubi.tmx"))   # the rules read no map
            image = picture(board)
            if image.get_size() != G.BOARD_SIZE:
                raise ValueError(f"the picture is {image.get_size()}, not {G.BOARD_SIZE}")
            self._image = image
            for key in ("W", "N", "E"):
                self.full[key] = image.subsurface(G.SHEETS[key].pixel_rect)   # views: no second copy
            self.picture("W")
            trim_heap()   # the decoding's and the widened part's memory goes back at once
        except Exception as exc:   # a broken map must not stop the game
            for key in ("W", "N", "E"):
                self.pictures[key] = plain(exc, self.fits[key][1].size)
            self.full = {}
            self._image = None
        return self

    def picture(self, key: str) -> pygame.Surface | None:
        """Sheet `key` ("W", "N", "E"; "L0" and "L1" the legend's halves) scaled to fit, made
        the first time it is asked for (an expert area or the legend may never be shown); None
        for a legend half without a board picture."""
        if key not in self.pictures and self._image is not None:
            if key in self.fits:
                part, size = self.full[key], self.fits[key][1].size
            else:
                lx, ly, lw, lh = G.LEGEND_RECT
                top, bottom = (0, LEGEND_SPLIT) if key == "L0" else (LEGEND_SPLIT, lh)
                part = self._image.subsurface((lx, ly + top, lw, bottom - top))
                size = (round(lw * self.legend_k), round((bottom - top) * self.legend_k))
            self.pictures[key] = for_blits(scaled(part, size))
        return self.pictures.get(key)

    # ---- the board picture <-> the canvas -----------------------------------------------------
    def to_canvas(self, key: str, px: float, py: float) -> Point:
        """A board-picture pixel of sheet `key` on the canvas."""
        k, rect = self.fits[key]
        ox, oy = G.SHEETS[key].pixel_rect[:2]
        return rect.x + (px - ox) * k, rect.y + (py - oy) * k

    def from_canvas(self, key: str, pos: Point) -> Point:
        k, rect = self.fits[key]
        ox, oy = G.SHEETS[key].pixel_rect[:2]
        return ox + (pos[0] - rect.x) / k, oy + (pos[1] - rect.y) / k

    def cell_at(self, pos: Point, key: str) -> tuple[str, int, str] | None:
        """(sheet, hexagon, triangle) under a canvas point on sheet `key`."""
        if key not in self.fits or not self.base[key][1].collidepoint(pos):
            return None
        found = G.SHEETS[key].locate_pixel(*self.from_canvas(key, pos))
        return None if found is None else (key, found[0], found[1])

    def hexagon_points(self, key: str, number: int) -> list[Point]:
        return [self.to_canvas(key, x, y) for x, y in G.SHEETS[key].hexagon_pixels(number)]

    def triangle_points(self, key: str, number: int, letter: str) -> list[Point]:
        return [self.to_canvas(key, x, y) for x, y in G.SHEETS[key].triangle_pixels(number, letter)]

    def cell_centre(self, key: str, number: int, letter: str | None = None) -> tuple[int, int]:
        """Where a hexagon (or one of its triangles) is on the canvas, e.g. for a test's click."""
        points = self.triangle_points(key, number, letter) if letter else self.hexagon_points(key, number)
        x, y = centroid(points)
        return round(x), round(y)

    def place_point(self, key: str, lat: float, lon: float) -> tuple[int, int] | None:
        sheet = G.SHEETS[key]
        if not sheet.covers(lat, lon):
            return None
        x, y = self.to_canvas(key, *sheet.lonlat_pixel(lat, lon))
        if not self.base[key][1].collidepoint(x, y):
            return None   # zoomed away from it
        return round(x), round(y)

    # ---- zoom: the sheet magnified, so its numbers read without the reticle ------------------------
    def zoom_level(self, key: str) -> float:
        return self.zoom.get(key, (1.0, (0.0, 0.0)))[0]

    def set_zoom(self, key: str, level: float, at: Point | None = None) -> bool:
        """Zoom sheet `key` to `level`, keeping the point of the sheet under `at` (the pointer;
        else the middle of what is shown) where it is. False: `key` is no sheet to zoom."""
        if key not in self.base:
            return False
        k0, base = self.base[key]
        level = min(max(level, ZOOMS[0]), ZOOMS[-1])
        at = at if at is not None and base.collidepoint(at) else base.center
        px, py = self.from_canvas(key, at)          # the picture point that stays put
        ox, oy = G.SHEETS[key].pixel_rect[:2]
        k = k0 * level
        left = at[0] - (px - ox) * k
        top = at[1] - (py - oy) * k
        self.place_zoom(key, level, (left, top))
        return True

    def pan(self, key: str, dx: float, dy: float) -> bool:
        """Move the zoomed sheet by (dx, dy) canvas pixels (False: it is not zoomed)."""
        level, (left, top) = self.zoom.get(key, (1.0, (0.0, 0.0)))
        if level > 1.0:
            self.place_zoom(key, level, (left + dx, top + dy))
            return True
        return False

    def place_zoom(self, key: str, level: float, corner: Point) -> None:
        k0, base = self.base[key]
        if level <= 1.0:
            self.zoom.pop(key, None)
            self.fits[key] = (k0, pygame.Rect(base))
        else:
            w, h = base.width * level, base.height * level
            left = min(max(corner[0], base.right - w), base.x)   # the sheet always covers its place
            top = min(max(corner[1], base.bottom - h), base.y)
            self.zoom[key] = (level, (left, top))
            self.fits[key] = (k0 * level, pygame.Rect(round(left), round(top), round(w), round(h)))

    def zoom_step(self, key: str, steps: int, at: Point | None = None) -> bool:
        """One level in (steps > 0) or out, around `at`."""
        levels = ZOOMS
        now = self.zoom_level(key)
        index = min(range(len(levels)), key=lambda i: abs(levels[i] - now))
        return self.set_zoom(key, levels[min(max(index + steps, 0), len(levels) - 1)], at)

    def zoomed_picture(self, key: str) -> pygame.Surface | None:
        """What the zoomed sheet shows in its place (None unzoomed), scaled from the full picture."""
        if key not in self.zoom or key not in self.full:
            return None
        _k0, base = self.base[key]
        source = self.full[key]
        ox, oy = G.SHEETS[key].pixel_rect[:2]
        x0, y0 = self.from_canvas(key, base.topleft)
        x1, y1 = self.from_canvas(key, base.bottomright)
        part = pygame.Rect(math.floor(x0 - ox), math.floor(y0 - oy), math.ceil(x1 - x0) + 1, math.ceil(y1 - y0) + 1)
        part = part.clip(source.get_rect())
        if part.width <= 0 or part.height <= 0:
            return None
        k = self.fits[key][0]
        image = pygame.transform.smoothscale(scalable(source.subsurface(part)),
                                               (round(part.width * k), round(part.height * k)))
        out = pygame.Surface(base.size)
        out.fill(theme.PAPER_DARK)
        left, top = self.to_canvas(key, part.x + ox, part.y + oy)
        out.blit(image, (round(left - base.x), round(top - base.y)))
        return for_blits(out)

    # ---- a tab's picture ----------------------------------------------------------------------
    def draw_tab(self, surface: pygame.Surface, tab: str, problem: str) -> None:
        """A tab's whole picture onto the map's surface: the sheet (and under the world, the
        help), or the legend (`problem`: why the legend may be missing)."""
        surface.fill(theme.BG)
        if tab == "L":
            pictures = [self.picture("L0"), self.picture("L1")]
            if pictures[0] is None or pictures[1] is None:
                theme.draw_paragraph(surface, "The legend could not be drawn. " + problem,
                                     pygame.Rect(20, 20, AREA.width - 40, 80), theme.SIZE_BODY, theme.TEXT)
                return
            total = sum(p.get_width() for p in pictures) + 24
            x = (AREA.width - total) // 2
            for picture in pictures:
                surface.blit(picture, (x, 0))
                x += picture.get_width() + 24
            return
        k, rect = self.fits[tab]
        sheet = self.picture(tab)   # the sheet's picture, or plain paper where the map failed
        if sheet is not None:
            surface.blit(sheet, rect.move(-AREA.x, -AREA.y))
        if tab == "W":
            draw_help(surface, pygame.Rect(0, rect.height + 12, AREA.width, AREA.height - rect.height - 12))


def draw_help(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Under the world map: how the reticle and an answer work, with the lettered hexagon."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
    centre = (rect.x + 110, rect.centery)
    radius = min(86, rect.height // 2 - 18)
    corners = [(centre[0] + radius * math.cos(math.radians(a)), centre[1] - radius * math.sin(math.radians(a)))
               for a in range(0, 360, 60)]
    pygame.draw.polygon(surface, theme.PAPER, corners)
    for c in corners:
        pygame.draw.line(surface, theme.INK, centre, c, 2)
    pygame.draw.polygon(surface, theme.INK, corners, 3)
    for letter, (a0, a1) in G.SECTORS.items():
        mid = math.radians((a0 + a1) / 2)
        at = (centre[0] + radius * 0.58 * math.cos(mid), centre[1] - radius * 0.58 * math.sin(mid))
        theme.draw_text(surface, letter, at, theme.SIZE_BODY, theme.INK, bold=True, anchor="center")
    theme.draw_text(surface, "north", (centre[0], centre[1] - radius - 4), theme.SIZE_SMALL, theme.TEXT_DIM,
                    anchor="midbottom")
    text = pygame.Rect(rect.x + 230, rect.y + 18, rect.width - 250, rect.height - 36)
    theme.draw_paragraph(surface, HELP, text, theme.SIZE_BODY, theme.TEXT)
