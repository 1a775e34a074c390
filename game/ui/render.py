"""The fixed 1920x1080 canvas and the viewport that letterboxes it into any window.

Scenes draw on the logical canvas; the viewport scales it into the window and maps mouse
positions back. Only the regions that changed are scaled again ("dirty" rectangles), so an
animation costs a fraction of a full-screen smoothscale.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

LOGICAL_SIZE = (1920, 1080)


def for_blits(surface: pygame.Surface, alpha: bool = False) -> pygame.Surface:
    """`surface` in the window's pixel format, for fast blits (with its alpha kept if `alpha`);
    as it is while no window is open (headless tests, work done before the window)."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()

def scalable(surface: pygame.Surface) -> pygame.Surface:
    """`surface` as `pygame.transform.smoothscale` can read it: itself at 24 or 32 bits a
    pixel, else a 32-bit copy. A big indexed picture (one byte a pixel, Ubi's board) is kept
    small and widened only for the part being scaled (to 32 bits: smoothscale would copy a
    24-bit picture to 32 bits itself, and hold both at once)."""
    if surface.get_bitsize() in (24, 32):
        return surface
    wide = pygame.Surface(surface.get_size(), 0, 32)
    wide.blit(surface, (0, 0))
    return wide


def scaled(surface: pygame.Surface, size: tuple[int, int], strip_rows: int = 400) -> pygame.Surface:
    """`surface` smoothly scaled to `size`. An indexed picture is widened and scaled a band of
    rows at a time where the two heights share a divisor (every band then maps onto whole rows,
    within 3 of 255 of scaling it whole), so a big picture's 32-bit copy is never held whole
    (Ubi's world sheet: 5 MB at a time instead of 21)."""
    if surface.get_bitsize() in (24, 32):
        return pygame.transform.smoothscale(surface, size)
    width, height = surface.get_size()
    common = math.gcd(height, size[1])
    bands = next((n for n in range(1, common + 1) if common % n == 0 and height // n <= strip_rows), common)
    if bands == 1:
        return pygame.transform.smoothscale(scalable(surface), size)
    out = pygame.Surface(size, 0, 32)
    rows, out_rows = height // bands, size[1] // bands
    band = pygame.Surface((width, rows), 0, 32)
    for i in range(bands):
        band.blit(surface, (0, 0), pygame.Rect(0, i * rows, width, rows))
        out.blit(pygame.transform.smoothscale(band, (size[0], out_rows)), (0, i * out_rows))
    return out


LETTERBOX = (12, 13, 15)
# When the dirty rectangles' bounding box covers more than this share of the canvas, the scene
# is drawn whole (no clip): it costs about as much.
FULL_REDRAW_SHARE = 0.55
# Scaling costs in proportion to the pixels scaled (a whole 1920x1080 canvas into 1280x720 takes
# 4-5 ms here), so the changed rectangles are scaled one by one unless they cover nearly all.
FULL_PRESENT_SHARE = 0.85
# Regions are scaled with this many extra pixels around them, so their edges blend.
SCALE_MARGIN = 3
# A region's edges move outwards by up to this many pixels to where the scale maps them onto
# whole window pixels: scaled alone, it then lines up with the rest (no seams, no broken borders).
ALIGN_SEARCH = 12


class Viewport:
    """Maps between the logical canvas and the window (uniform scale, centred)."""

    def __init__(self, window_size: tuple[int, int], logical: tuple[int, int] = LOGICAL_SIZE) -> None:
        self.logical = logical
        self.resize(window_size)

    def resize(self, window_size: tuple[int, int]) -> None:
        w, h = max(0, int(window_size[0])), max(0, int(window_size[1]))
        self.window_size = (w, h)
        lw, lh = self.logical
        self.scale = min(w / lw, h / lh) if w and h else 0.0
        self.width = round(lw * self.scale)
        self.height = round(lh * self.scale)
        self.ox = (w - self.width) // 2
        self.oy = (h - self.height) // 2
        self._snaps: dict[tuple[int, int, int], int] = {}   # edges aligned at this scale

    @property
    def visible(self) -> bool:
        """False when the window is too small to show anything (minimised or shrunk to nothing)."""
        return self.width >= 8 and self.height >= 8

    def to_logical(self, pos: Sequence[float]) -> tuple[int, int]:
        if self.scale <= 0:
            return (-1, -1)
        return (int((pos[0] - self.ox) / self.scale), int((pos[1] - self.oy) / self.scale))

    def to_window(self, rect: pygame.Rect) -> pygame.Rect:
        s = self.scale
        x0 = math.floor(rect.left * s)
        y0 = math.floor(rect.top * s)
        x1 = math.ceil(rect.right * s)
        y1 = math.ceil(rect.bottom * s)
        return pygame.Rect(x0 + self.ox, y0 + self.oy, x1 - x0, y1 - y0)

    def present(self, window: pygame.Surface, canvas: pygame.Surface,
                dirty: Iterable[pygame.Rect] | None) -> list[pygame.Rect] | None:
        """Copy the canvas (or its dirty parts) into the window. Returns the window rectangles
        to update, or None for the whole window."""
        if not self.visible:
            return []
        bounds = canvas.get_rect()
        rects = None if dirty is None else merge_rects([pygame.Rect(r).clip(bounds) for r in dirty])
        if rects is not None:
            area = sum(r.width * r.height for r in rects)
            if area > FULL_PRESENT_SHARE * bounds.width * bounds.height:
                rects = None
        if rects is None:
            self._full(window, canvas)
            return None
        out = []
        for rect in rects:
            if rect.width <= 0 or rect.height <= 0:
                continue
            target = self.to_window(rect)
            if self.scale == 1.0:
                window.blit(canvas, target.topleft, rect)
            else:
                # Scale a slightly larger region whose edges fall on whole window pixels,
                # then keep only the part we need.
                outer = self._aligned(rect.inflate(2 * SCALE_MARGIN, 2 * SCALE_MARGIN).clip(bounds), bounds)
                outer_target = self._scaled(outer)
                scaled = pygame.transform.smoothscale(canvas.subsurface(outer), outer_target.size)
                window.blit(scaled, target.topleft,
                            pygame.Rect(target.left - outer_target.left,
                                        target.top - outer_target.top, target.width, target.height))
            out.append(target)
        return out

    def _aligned(self, rect: pygame.Rect, bounds: pygame.Rect) -> pygame.Rect:
        """`rect` grown a little so that each edge is where the scale lands on (nearly) a whole
        window pixel, as in a full-canvas scale: else the region, scaled alone, is shifted by
        a fraction of a pixel against what surrounds it."""
        left = self._snap(rect.left, -1, bounds.left)
        top = self._snap(rect.top, -1, bounds.top)
        right = self._snap(rect.right, 1, bounds.right)
        bottom = self._snap(rect.bottom, 1, bounds.bottom)
        return pygame.Rect(left, top, right - left, bottom - top)

    def _snap(self, start: int, step: int, limit: int) -> int:
        key = (start, step, limit)
        snapped = self._snaps.get(key)
        if snapped is None:
            reach = min(ALIGN_SEARCH, abs(limit - start))
            snapped = min((start + k * step for k in range(reach + 1)),
                          key=lambda c: (round(_off_grid(c * self.scale), 3), abs(c - start)))
            self._snaps[key] = snapped
        return snapped

    def _scaled(self, rect: pygame.Rect) -> pygame.Rect:
        """Where `rect` of the canvas lands in the window, rounded as the full scale rounds."""
        s = self.scale
        x0, y0 = round(rect.left * s), round(rect.top * s)
        return pygame.Rect(x0 + self.ox, y0 + self.oy, round(rect.right * s) - x0, round(rect.bottom * s) - y0)

    def _full(self, window: pygame.Surface, canvas: pygame.Surface) -> None:
        window.fill(LETTERBOX)
        if self.scale == 1.0:
            window.blit(canvas, (self.ox, self.oy))
        else:
            window.blit(pygame.transform.smoothscale(canvas, (self.width, self.height)),
                        (self.ox, self.oy))


def merge_rects(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Join overlapping or touching rectangles when their union is not much bigger than the
    two together, so no region is scaled twice and no large empty area is scaled at all."""
    rects = [pygame.Rect(r) for r in rects if r.width > 0 and r.height > 0]
    merged = True
    while merged and len(rects) > 1:
        merged = False
        out: list[pygame.Rect] = []
        while rects:
            r = rects.pop()
            i = 0
            while i < len(rects):
                other = rects[i]
                union = r.union(other)
                if r.inflate(8, 8).colliderect(other) and \
                        _area(union) <= 1.3 * (_area(r) + _area(other)):
                    r = union
                    rects.pop(i)
                    merged = True
                elif r.contains(other):
                    rects.pop(i)
                else:
                    i += 1
            out.append(r)
        rects = out
    return rects


def _off_grid(value: float) -> float:
    return abs(value - round(value))


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height
