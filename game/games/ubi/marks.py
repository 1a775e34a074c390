"""What Ubi draws over the map, above the sheet's picture: the Rubicon Reticle (a round loupe
over the hexagon under the pointer, with its six lettered triangles and its number), the answer
chosen and awaiting Confirm, and, after an answer, the true place with the hexagons or triangles
the card takes, the answer given and the verdict in a banner.

Everything is in canvas pixels, placed through the `Sheets` sums; each mark has its rectangles
too, so the overlay redraws only where marks were and are."""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Callable, Hashable

import pygame

from game.ui import theme
from game.ui.render import scalable

from . import grid as G
from .layout import AREA, BANNER_W, LENS_HEX, LENS_R
from .rules import TRI
from .sheets import Sheets, bbox, centroid

PLACE_COLOUR = (214, 40, 40)
RIGHT_COLOUR = (46, 160, 67)

Cell = tuple[str, int, str]
Chosen = tuple[str, int, str | None]


# ---- the answer chosen --------------------------------------------------------------------------
def chosen_label_rect(sheets: Sheets, chosen: Chosen) -> pygame.Rect:
    points = sheets.hexagon_points(chosen[0], chosen[1])
    box = bbox(points, 0)
    label = theme.text(G.SHEETS[chosen[0]].label(chosen[1], chosen[2]), theme.SIZE_BODY, tuple(theme.INK), True)
    pill = label.get_rect(midbottom=(box.centerx, box.y - 4)).inflate(16, 6)
    if pill.y < AREA.y:
        pill.midtop = (box.centerx, box.bottom + 4)
    return pill.inflate(4, 4)


def draw_chosen(canvas: pygame.Surface, sheets: Sheets, chosen: Chosen) -> None:
    key, number, letter = chosen
    points = sheets.triangle_points(key, number, letter) if letter else sheets.hexagon_points(key, number)
    if letter:
        pygame.draw.polygon(canvas, (30, 26, 10), sheets.hexagon_points(key, number), 3)
    pygame.draw.polygon(canvas, (30, 26, 10), points, 7)
    pygame.draw.polygon(canvas, theme.HIGHLIGHT, points, 4)
    pill = chosen_label_rect(sheets, chosen).inflate(-4, -4)
    pygame.draw.rect(canvas, theme.HIGHLIGHT, pill, border_radius=8)
    pygame.draw.rect(canvas, (30, 26, 10), pill, 2, border_radius=8)
    theme.draw_text(canvas, G.SHEETS[key].label(number, letter), pill.center, theme.SIZE_BODY, theme.INK, bold=True,
                    anchor="center")


# ---- the answer shown ---------------------------------------------------------------------------
def reveal_cells(last: dict[str, Any], key: str) -> list[tuple[int, str]]:
    if key == "W":
        return [tuple(p) for p in last["world"]]
    if last.get("expert") and last["expert"][0] == key:
        return [tuple(p) for p in last["expert"][1]]
    return []


def reveal_rects(sheets: Sheets, last: dict[str, Any], key: str) -> list[pygame.Rect]:
    rects = [bbox(sheets.hexagon_points(key, n), 8) for n in {n for n, _ in reveal_cells(last, key)}]
    if last.get("given_sheet") == key and last.get("given_number"):
        rects.append(bbox(sheets.hexagon_points(key, last["given_number"]), 8))
    if not last["red_herring"]:
        point = sheets.place_point(key, last["lat"], last["lon"])
        if point:
            rects.append(pygame.Rect(point[0] - 20, point[1] - 50, 40, 70))
            rects.append(place_label_rect(last, point))
    rects.append(banner_rect(sheets, last, key).inflate(6, 14))   # with its shadow, 5 px below
    return rects


def place_label_rect(last: dict[str, Any], point: tuple[int, int]) -> pygame.Rect:
    label = theme.text(last["place"], theme.SIZE_BODY, tuple(theme.INK), True)
    pill = label.get_rect(midleft=(point[0] + 18, point[1] - 18)).inflate(18, 8)
    if pill.right > AREA.right - 4:
        pill.midright = (point[0] - 18, point[1] - 18)
    return pill


def banner_rect(sheets: Sheets, last: dict[str, Any], key: str) -> pygame.Rect:
    """The verdict over the map, on the side away from the place."""
    lines = len(banner_sub(last).lines)
    area = pygame.Rect(0, 0, BANNER_W, 64 + lines * theme.font(theme.SIZE_BODY).get_linesize())
    point = None if last["red_herring"] else sheets.place_point(key, last["lat"], last["lon"])
    map_rect = sheets.base[key][1]
    if point is not None and point[1] > map_rect.centery:
        area.midtop = (map_rect.centerx, map_rect.y + 14)
    else:
        area.midbottom = (map_rect.centerx, map_rect.bottom - 14)
    return area


def draw_reveal(canvas: pygame.Surface, sheets: Sheets, last: dict[str, Any], key: str,
                name: Callable[[int | None], str]) -> None:
    """The accepted hexagons or triangles lit, the answer given outlined, the true place."""
    cells = reveal_cells(last, key)
    tri = last["precision"] == TRI
    for number in sorted({n for n, _ in cells}):
        pygame.draw.polygon(canvas, RIGHT_COLOUR, sheets.hexagon_points(key, number), 3 if tri else 5)
    if tri:
        for number, letter in cells:
            pts = sheets.triangle_points(key, number, letter)
            box = bbox(pts, 1)
            tint = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.polygon(tint, RIGHT_COLOUR + (120,), [(x - box.x, y - box.y) for x, y in pts])
            canvas.blit(tint, box)
    if last.get("given_sheet") == key and last.get("given_number"):
        number, letter = last["given_number"], last.get("given_letter")
        pts = sheets.triangle_points(key, number, letter) if letter else sheets.hexagon_points(key, number)
        colour = RIGHT_COLOUR if last["right"] else PLACE_COLOUR
        pygame.draw.polygon(canvas, (20, 20, 20), pts, 7)
        pygame.draw.polygon(canvas, colour, pts, 4)
    if not last["red_herring"]:
        point = sheets.place_point(key, last["lat"], last["lon"])
        if point is not None:
            x, y = point
            pygame.draw.line(canvas, (20, 20, 20), (x, y), (x, y - 30), 4)
            pygame.draw.circle(canvas, (20, 20, 20), (x, y - 32), 12)
            pygame.draw.circle(canvas, PLACE_COLOUR, (x, y - 32), 9)
            pygame.draw.circle(canvas, (20, 20, 20), (x, y), 5)
            pygame.draw.circle(canvas, (255, 255, 255), (x, y), 3)
            pill = place_label_rect(last, point)
            pygame.draw.rect(canvas, theme.PAPER, pill, border_radius=8)
            pygame.draw.rect(canvas, (20, 20, 20), pill, 2, border_radius=8)
            theme.draw_text(canvas, last["place"], pill.center, theme.SIZE_BODY, theme.INK, bold=True,
                            anchor="center")
    draw_banner(canvas, sheets, last, key, name)


def draw_banner(canvas: pygame.Surface, sheets: Sheets, last: dict[str, Any], key: str,
                name: Callable[[int | None], str]) -> None:
    area = banner_rect(sheets, last, key)
    right = last["right"]
    pygame.draw.rect(canvas, (12, 14, 16), area.move(0, 5), border_radius=14)
    pygame.draw.rect(canvas, theme.PANEL, area, border_radius=14)
    pygame.draw.rect(canvas, theme.GOOD if right else theme.WARNING, area, 4, border_radius=14)
    if last["red_herring"]:
        title = "Right: a red herring!" if right else "Wrong: a red herring"
    else:
        title = f"Right! {last['given']}" if right else f"Wrong: {last['given']}"
    theme.draw_text(canvas, f"{name(last['seat'])}: {title}", (area.centerx, area.y + 12), theme.SIZE_LARGE,
                    theme.TEXT, bold=True, anchor="midtop", max_width=area.width - 32)
    sub = banner_sub(last)   # the place and every answer it took, on as many lines as it needs
    box = pygame.Rect(area.x + 16, area.y + 54, area.width - 32, sub.height)
    theme.draw_fitted_lines(canvas, sub, box, theme.TEXT_DIM, align="center")


def banner_sub(last: dict[str, Any]) -> theme.FittedText:
    sub = "There is no such place." if last["red_herring"] else f"{last['place']}: {last['answer']}"
    line = theme.font(theme.SIZE_BODY).get_linesize() + 4
    return theme.fit_to_box(sub, BANNER_W - 32, 3 * line, theme.SIZE_BODY, theme.SIZE_SMALL)


# ---- the Rubicon Reticle ------------------------------------------------------------------------
def lens_centre(mouse: tuple[int, int]) -> tuple[int, int]:
    """Where the lens is drawn: over the pointer, or slid inwards so that it and its number
    stay whole inside the sheet's area when the pointer is near an edge."""
    lo_x, hi_x = AREA.left + LENS_R + 6, AREA.right - LENS_R - 6
    lo_y, hi_y = AREA.top + LENS_R + 6, AREA.bottom - LENS_R - 24
    return (min(max(mouse[0], lo_x), hi_x), min(max(mouse[1], lo_y), hi_y))


def lens_rects(mouse: tuple[int, int]) -> list[pygame.Rect]:
    """What the lens (with its number below) and the pointer's mark cover."""
    at = lens_centre(mouse)
    return [pygame.Rect(at[0] - LENS_R - 6, at[1] - LENS_R - 6, 2 * LENS_R + 12, 2 * LENS_R + 40),
            pygame.Rect(mouse[0] - 8, mouse[1] - 8, 16, 16)]


class Reticle:
    """The loupe: made once per pointer position (frames that only redraw elsewhere reuse it)."""

    def __init__(self) -> None:
        self._lens: tuple[Hashable, pygame.Surface] | None = None   # the last loupe made, by its key
        self._mask = pygame.Surface((2 * LENS_R, 2 * LENS_R), pygame.SRCALPHA)
        pygame.draw.circle(self._mask, (255, 255, 255, 255), (LENS_R, LENS_R), LENS_R)
        if pygame.display.get_surface() is not None:
            self._mask = self._mask.convert_alpha()

    def forget(self) -> None:
        """The sheet moved under it: the next loupe is made afresh."""
        self._lens = None

    def draw(self, canvas: pygame.Surface, sheets: Sheets, mouse: tuple[int, int], cell: Cell, tri: bool,
             answering: bool) -> None:
        """The picture around the mouse magnified in a round lens, the hexagon `cell` under it
        outlined with its six lettered triangles (the triangle lit when `tri`), and its number
        below; in the highlight colour while the viewer is `answering`."""
        key = (cell[0], mouse, cell, tri)
        if self._lens is None or self._lens[0] != key:
            self._lens = (key, self._make(sheets, mouse, cell, tri))
        lens = self._lens[1]
        sheet = G.SHEETS[cell[0]]
        _, number, letter = cell
        at = lens_centre(mouse)
        spot = (at[0] - LENS_R, at[1] - LENS_R)
        canvas.blit(lens, spot)
        pygame.draw.circle(canvas, (20, 20, 22), at, LENS_R + 1, 5)
        pygame.draw.circle(canvas, theme.HIGHLIGHT if answering else theme.TEXT_DIM, at, LENS_R - 1, 2)
        # the point itself, magnified at the lens's centre, so the click's place is plain
        pygame.draw.line(canvas, (20, 20, 22), (at[0] - 7, at[1]), (at[0] + 7, at[1]), 2)
        pygame.draw.line(canvas, (20, 20, 22), (at[0], at[1] - 7), (at[0], at[1] + 7), 2)
        if at != mouse:   # the lens slid off the pointer at the sheet's edge: where it points
            pygame.draw.circle(canvas, (20, 20, 22), mouse, 6, 3)
            pygame.draw.circle(canvas, theme.HIGHLIGHT, mouse, 4, 2)
        label = sheet.label(number, letter if tri else None)
        image = theme.text(label, theme.SIZE_LARGE, tuple(theme.INK), True)
        pill = image.get_rect(center=(at[0], at[1] + LENS_R + 4)).inflate(20, 6)
        pygame.draw.rect(canvas, (20, 20, 22), pill.inflate(4, 4), border_radius=10)
        pygame.draw.rect(canvas, theme.HIGHLIGHT if answering else theme.PAPER, pill, border_radius=9)
        canvas.blit(image, image.get_rect(center=pill.center))

    def _make(self, sheets: Sheets, mouse: tuple[int, int], cell: Cell, tri: bool) -> pygame.Surface:
        key, number, letter = cell
        sheet = G.SHEETS[key]
        scale = LENS_HEX / (2 * sheet.radius * sheet.ppd)          # canvas px per picture px
        bx, by = sheets.from_canvas(key, mouse)
        ox, oy = sheet.pixel_rect[:2]
        left, top = bx - LENS_R / scale, by - LENS_R / scale       # the lens's corner, picture px
        lens = pygame.Surface((2 * LENS_R, 2 * LENS_R), pygame.SRCALPHA)
        lens.fill((*theme.PAPER_DARK[:3], 255))
        source = sheets.full.get(key)
        if source is not None:
            want = pygame.Rect(math.floor(left - ox), math.floor(top - oy), math.ceil(2 * LENS_R / scale) + 2,
                               math.ceil(2 * LENS_R / scale) + 2)
            part = want.clip(source.get_rect())
            if part.width > 0 and part.height > 0:
                size = (round(part.width * scale), round(part.height * scale))
                image = pygame.transform.smoothscale(scalable(source.subsurface(part)), size)
                lens.blit(image, (round((part.x + ox - left) * scale), round((part.y + oy - top) * scale)))

        def at(px: float, py: float) -> tuple[float, float]:
            return (px - left) * scale, (py - top) * scale

        corners = [at(x, y) for x, y in sheet.hexagon_pixels(number)]
        shade = pygame.Surface(lens.get_size(), pygame.SRCALPHA)
        lit = [at(x, y) for x, y in sheet.triangle_pixels(number, letter)] if tri else corners
        pygame.draw.polygon(shade, (255, 219, 110, 80), lit)
        lens.blit(shade, (0, 0))
        centre = at(*sheet.to_pixel(*sheet.centre(number)))
        for c in corners:
            pygame.draw.line(lens, (40, 34, 20), centre, c, 2)
        pygame.draw.polygon(lens, (30, 26, 10), corners, 6)
        pygame.draw.polygon(lens, theme.HIGHLIGHT, corners, 3)
        for name in G.LETTERS:
            pts = [at(x, y) for x, y in sheet.triangle_pixels(number, name)]
            cx, cy = centroid(pts)
            strong = tri and name == letter
            size = theme.SIZE_LARGE if strong else theme.SIZE_BODY
            disc = 17 if strong else 14
            pygame.draw.circle(lens, (30, 26, 10), (round(cx), round(cy)), disc + 2)
            pygame.draw.circle(lens, theme.HIGHLIGHT if strong else theme.PAPER, (round(cx), round(cy)), disc)
            theme.draw_text(lens, name, (cx, cy), size, theme.INK, bold=True, anchor="center")
        lens.blit(self._mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return lens.convert_alpha() if pygame.display.get_surface() is not None else lens
