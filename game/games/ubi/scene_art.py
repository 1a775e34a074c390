"""Ubi's drawn pieces: the faces of the two Rubi Cubis (zone and precision) and of the Rubi Ubi,
a zone's chip, and a Rubi as a pyramid of four facets under its capstone. All drawn by us from
shapes and cached, so the table only blits pictures already made."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.caches import cached

#: each zone's colour (with its three letters always written on it, so colour is never alone)
ZONE_COLOURS: dict[str, tuple[int, int, int]] = {
    "AMR": (230, 159, 0),     # orange
    "EUR": (0, 114, 178),     # blue
    "WAT": (86, 180, 233),    # sky
    "UNI": (0, 158, 115),     # green
}
EYE_COLOUR = (244, 239, 226)
CAPSTONE_GOLD = (222, 184, 84)
DIE_INK = (36, 34, 31)


def zone_colour(zone: str | None) -> tuple[int, int, int]:
    """A zone's colour; grey for none."""
    return ZONE_COLOURS.get(zone or "", (160, 160, 160))


def _surface(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


def ink_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark or light type, whichever reads on `colour`."""
    r, g, b = colour[:3]
    return DIE_INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (250, 248, 242)


def _blank(size: int, colour: tuple[int, int, int], border: tuple[int, int, int] = (20, 20, 22)) -> pygame.Surface:
    die = _surface((size, size))
    rect = die.get_rect()
    radius = max(4, size // 6)
    pygame.draw.rect(die, border, rect, border_radius=radius)
    pygame.draw.rect(die, colour, rect.inflate(-4, -4), border_radius=radius - 1)
    return die


def draw_eye(surface: pygame.Surface, centre: tuple[float, float], width: float) -> None:
    """The Ubi eye: an almond with its iris and pupil."""
    cx, cy = centre
    w, h = width, width * 0.52
    top = [(cx - w / 2 + w * t, cy - h / 2 * math.sin(math.pi * t)) for t in (i / 16 for i in range(17))]
    bottom = [(cx - w / 2 + w * t, cy + h / 2 * math.sin(math.pi * t)) for t in (i / 16 for i in range(16, -1, -1))]
    pygame.draw.polygon(surface, (255, 255, 255), top + bottom)
    pygame.draw.circle(surface, (40, 110, 160), (round(cx), round(cy)), max(2, round(h * 0.42)))
    pygame.draw.circle(surface, (16, 16, 18), (round(cx), round(cy)), max(1, round(h * 0.2)))
    pygame.draw.polygon(surface, DIE_INK, top + bottom, max(2, round(width / 18)))


def draw_hexagon_icon(surface: pygame.Surface, centre: tuple[float, float], radius: float,
                      triangle: bool = False, colour=DIE_INK) -> None:
    """A flat-topped hexagon; with `triangle` its north triangle filled (the precision die)."""
    cx, cy = centre
    corners = [(cx + radius * math.cos(math.radians(a)), cy - radius * math.sin(math.radians(a)))
               for a in range(0, 360, 60)]
    width = max(2, round(radius / 7))
    if triangle:
        north = [(cx, cy), corners[1], corners[2]]
        pygame.draw.polygon(surface, (214, 70, 60), north)
        for c in corners:
            pygame.draw.line(surface, colour, (cx, cy), c, max(1, width - 1))
    pygame.draw.polygon(surface, colour, corners, width)


@cached
@lru_cache(maxsize=64)
def zone_face(face: str, size: int) -> pygame.Surface:
    """A face of the zone die: AMR, EUR, WAT, UNI on the zone's colour, or the Ubi eye."""
    if face not in ZONE_COLOURS:
        die = _blank(size, EYE_COLOUR)
        draw_eye(die, (size / 2, size / 2), size * 0.7)
        return die
    colour = ZONE_COLOURS[face]
    die = _blank(size, colour)
    label = theme.text(face, max(12, round(size * 0.34)), ink_on(colour), True)
    die.blit(label, label.get_rect(center=(size // 2, size // 2)))
    return die


@cached
@lru_cache(maxsize=32)
def precision_face(face: str, size: int) -> pygame.Surface:
    """A face of the precision die: a hexagon, a triangle (a hexagon with one triangle lit) or
    the Ubi eye."""
    die = _blank(size, EYE_COLOUR)
    centre = (size / 2, size / 2)
    if face == "eye":
        draw_eye(die, centre, size * 0.7)
    else:
        draw_hexagon_icon(die, centre, size * 0.34, triangle=face == "tri")
    return die


@cached
@lru_cache(maxsize=16)
def capstone_face(zone: str | None, size: int) -> pygame.Surface:
    """The Rubi Ubi: a gold die with a little pyramid, and the zone it shows."""
    die = _blank(size, CAPSTONE_GOLD, border=(90, 66, 20))
    apex = (size / 2, size * 0.12)
    base_y = size * (0.52 if zone else 0.82)
    pygame.draw.polygon(die, (120, 88, 30), [apex, (size * 0.2, base_y), (size * 0.8, base_y)])
    if zone:
        colour = ZONE_COLOURS[zone]
        chip = pygame.Rect(0, 0, round(size * 0.8), round(size * 0.32))
        chip.midbottom = (size // 2, round(size * 0.92))
        pygame.draw.rect(die, colour, chip, border_radius=4)
        label = theme.text(zone, max(12, round(size * 0.24)), ink_on(colour), True)
        die.blit(label, label.get_rect(center=chip.center))
    return die


def pyramid_points(rect: pygame.Rect) -> tuple[list[list[tuple[float, float]]], list[tuple[float, float]]]:
    """A Rubi seen from the front in `rect`: four facet slices across the lower part, in the
    order the zones are won, and the capstone on top."""
    x, y, w, h = rect
    cap_h = h * 0.34
    apex = (x + w / 2, y)

    def edge(t: float, left: bool) -> tuple[float, float]:
        # a point on the pyramid's left or right edge, t = 0 at the apex and 1 at the base
        return (x + w / 2 + (-1 if left else 1) * w / 2 * t, y + h * t)

    cut = cap_h / h
    capstone = [apex, edge(cut, False), edge(cut, True)]
    top_l, top_r = edge(cut, True), edge(cut, False)
    base_l, base_r = (x, y + h), (x + w, y + h)
    slices = []
    for i in range(4):
        a, b = i / 4, (i + 1) / 4
        slices.append([(top_l[0] + (top_r[0] - top_l[0]) * a, top_l[1]),
                       (top_l[0] + (top_r[0] - top_l[0]) * b, top_l[1]),
                       (base_l[0] + (base_r[0] - base_l[0]) * b, base_l[1]),
                       (base_l[0] + (base_r[0] - base_l[0]) * a, base_l[1])])
    return slices, capstone


@cached
@lru_cache(maxsize=64)
def pyramid(facets: tuple[str, ...], capstone: bool, width: int, height: int) -> pygame.Surface:
    """A Rubi: the facets won so far in their zones' colours (with their letters when there is
    room), the rest as empty outlines; the capstone gold once the Rubi Ubi is won."""
    surface = _surface((width + 4, height + 4))
    slices, cap = pyramid_points(pygame.Rect(2, 2, width, height))
    line = (18, 18, 20)
    for i, pts in enumerate(slices):
        if i < len(facets):
            colour = ZONE_COLOURS[facets[i]]
            pygame.draw.polygon(surface, colour, pts)
            if width >= 90:
                cx = sum(p[0] for p in pts) / 4
                cy = sum(p[1] for p in pts) / 4
                label = theme.text(facets[i][0], theme.SIZE_SMALL, ink_on(colour), True)
                surface.blit(label, label.get_rect(center=(round(cx), round(cy))))
        else:
            pygame.draw.polygon(surface, (64, 70, 80), pts)
        pygame.draw.polygon(surface, line, pts, 2)
    pygame.draw.polygon(surface, CAPSTONE_GOLD if capstone else (64, 70, 80), cap)
    pygame.draw.polygon(surface, line, cap, 2)
    return surface
