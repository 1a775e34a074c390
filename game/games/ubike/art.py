"""UBike Tour's cards, drawn from data with our own icons: the same layout at every size.

A scenery card: its type's colour band with the type icon and the card number (top left, as
on the real cards), the place in words, and the distance value large in the bottom right.
A bike card: wheels and the number of bikes. The back shows a wheel; an opportunity card's
back, a wheel and "x5" (five stored cards buy one). `NEW_MARK` outlines what the last Search
placed, wherever it went.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.caches import cached

from game.ui import theme
from game.ui.icons import icon

from .rules import CARDS, OPPORTUNITIES, PIN_AREAS, TYPES, plural

BIKE_GREEN = pygame.Color("#2f6b4f")
BACK = pygame.Color("#31506b")
NEW_MARK = pygame.Color("#f4f1ea")          # outlines what the last Search placed
TYPE_ICONS = {key: f"ubike_{key}" for key in TYPES}
OPP_ICONS = {"bike": "opp_bike", "extra": "opp_extra", "markers": "opp_markers", "point": "opp_point",
             "types": "opp_types"}
OPP_COLOURS = {"bike": "#2f6b4f", "extra": "#7b4fa0", "markers": "#a0522d", "point": "#b8860b",
               "types": "#3a6fb5"}


def type_colour(kind: str) -> pygame.Color:
    return pygame.Color(TYPES[kind]["colour"])


def _surface(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    return surf.convert_alpha() if pygame.display.get_surface() else surf


@cached
@lru_cache(maxsize=512)
def card_face(number: int, width: int, height: int, detail: bool = True) -> pygame.Surface:
    """The face of card `number` at the given size (cached, read-only)."""
    card = CARDS[number]
    surf = _surface((width, height))
    rect = surf.get_rect()
    radius = max(6, width // 10)
    pygame.draw.rect(surf, (20, 22, 26), rect, border_radius=radius)
    inner = rect.inflate(-2, -2)
    num_size = max(18, int(width * 0.22))
    if card.is_bike:
        pygame.draw.rect(surf, BIKE_GREEN, inner, border_radius=radius)
        pygame.draw.rect(surf, (255, 255, 255, 60), inner.inflate(-8, -8), 2, border_radius=radius - 2)
        theme.draw_text(surf, str(number), (inner.x + width * 0.09, inner.y + height * 0.05), num_size,
                        theme.TEXT, bold=True)
        wheel = max(14, int(width * (0.34 if card.bikes < 3 else 0.28)))
        total_w = card.bikes * wheel + (card.bikes - 1) * 4
        x0 = rect.centerx - total_w // 2
        for i in range(card.bikes):
            img = icon("wheel", wheel, theme.TEXT)
            surf.blit(img, (x0 + i * (wheel + 4), int(rect.centery - wheel / 2)))
        label = plural(card.bikes, "bike")
        theme.draw_text(surf, label, (rect.centerx, inner.bottom - height * 0.07), max(14, int(width * 0.16)),
                        theme.TEXT, bold=True, anchor="midbottom")
        return surf
    colour = type_colour(card.type)
    pygame.draw.rect(surf, theme.PAPER, inner, border_radius=radius)
    band = pygame.Rect(inner.x, inner.y, inner.width, int(height * 0.30))
    pygame.draw.rect(surf, colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
    theme.draw_text(surf, str(number), (inner.x + width * 0.08, band.centery), num_size, theme.TEXT,
                    bold=True, anchor="midleft")
    icon_size = max(14, int(band.height * 0.72))
    img = icon(TYPE_ICONS[card.type], icon_size, theme.TEXT)
    surf.blit(img, img.get_rect(midright=(inner.right - width * 0.07, band.centery)))
    # distance value: large, in the bottom right, on a disc of the type colour
    disc = int(width * (0.40 if detail and width >= 100 else 0.56))
    if detail and width >= 100:
        # the place's name: between the band and the disc, as large as it fits
        area = pygame.Rect(inner.x + 7, band.bottom + 5, inner.width - 12,
                           inner.bottom - disc - int(width * 0.05) - band.bottom - 6)
        size, lines = fit_lines(card.place, area.size, max(15, int(width * 0.125)),
                                max(13, int(width * 0.10)), bold=True)
        line_h = theme.font(size, True).get_linesize() - 2
        for k, line in enumerate(lines):
            theme.draw_text(surf, line, (area.x, area.y + k * line_h), size, theme.INK, bold=True)
    centre = (inner.right - disc // 2 - int(width * 0.05), inner.bottom - disc // 2 - int(width * 0.05))
    pygame.draw.circle(surf, colour, centre, disc // 2)
    pygame.draw.circle(surf, theme.PAPER, centre, disc // 2 - 3, 2)
    theme.draw_text(surf, str(card.distance), centre, max(20, int(disc * 0.6)), theme.TEXT, bold=True,
                    anchor="center")
    if detail and width >= 150:
        # the pin's area beside the disc (a hand card has no room for it: the map names it)
        room = (inner.width - disc - 18, int(height * 0.16))
        size, lines = fit_lines(PIN_AREAS[card.distance], room, max(13, int(width * 0.095)), 13)
        line_h = theme.font(size).get_linesize() - 2
        for k, line in enumerate(lines):
            theme.draw_text(surf, line, (inner.x + 8, inner.bottom - 10 - (len(lines) - k) * line_h),
                            size, (110, 100, 85))
    return surf


@lru_cache(maxsize=512)
def fit_lines(string: str, box: tuple[int, int], size: int, smallest: int,
              bold: bool = False) -> tuple[int, tuple[str, ...]]:
    """The kit's `theme.fit_to_box` with a card's tight lines (2 px closer than the font's):
    the size chosen, from `size` down to `smallest`, and its lines."""
    fitted = theme.fit_to_box(string, box[0], box[1], size, smallest, bold, line_gap=-2)
    return fitted.size, fitted.lines


@cached
@lru_cache(maxsize=8)
def card_back(width: int, height: int) -> pygame.Surface:
    surf = _surface((width, height))
    rect = surf.get_rect()
    radius = max(6, width // 10)
    pygame.draw.rect(surf, (20, 22, 26), rect, border_radius=radius)
    pygame.draw.rect(surf, BACK, rect.inflate(-2, -2), border_radius=radius)
    pygame.draw.rect(surf, (255, 255, 255, 50), rect.inflate(-10, -10), 2, border_radius=radius - 3)
    img = icon("wheel", int(width * 0.55), (230, 236, 240))
    surf.blit(img, img.get_rect(center=rect.center))
    return surf


@cached
@lru_cache(maxsize=256)
def mini_card(number: int, width: int, height: int) -> pygame.Surface:
    """A small card (a journey card in a seat panel, a line of the last Search): a scenery
    card's type colour, icon and distance value; a bike card's wheel and number of bikes."""
    card = CARDS[number]
    surf = _surface((width, height))
    rect = surf.get_rect()
    pygame.draw.rect(surf, (20, 22, 26), rect, border_radius=6)
    if card.is_bike:
        pygame.draw.rect(surf, BIKE_GREEN, rect.inflate(-2, -2), border_radius=6)
        wheel = icon("wheel", int(height * 0.34), theme.TEXT)
        surf.blit(wheel, wheel.get_rect(center=(rect.centerx, int(height * 0.27))))
        theme.draw_text(surf, str(card.bikes), (rect.centerx, int(height * 0.68)), max(18, int(height * 0.42)),
                        theme.TEXT, bold=True, anchor="center")
        return surf
    colour = type_colour(card.type)
    pygame.draw.rect(surf, theme.PAPER, rect.inflate(-2, -2), border_radius=6)
    band = pygame.Rect(1, 1, width - 2, int(height * 0.36))
    pygame.draw.rect(surf, colour, band, border_top_left_radius=6, border_top_right_radius=6)
    img = icon(TYPE_ICONS[card.type], int(band.height * 0.8), theme.TEXT)
    surf.blit(img, img.get_rect(center=band.center))
    theme.draw_text(surf, str(card.distance), (rect.centerx, band.bottom + (height - band.bottom) // 2),
                    max(18, int(height * 0.42)), colour, bold=True, anchor="center")
    return surf


@cached
@lru_cache(maxsize=64)
def opportunity_face(ident: int, width: int, height: int) -> pygame.Surface:
    opp = OPPORTUNITIES[ident]
    surf = _surface((width, height))
    rect = surf.get_rect()
    colour = pygame.Color(OPP_COLOURS[opp.kind])
    pygame.draw.rect(surf, (20, 22, 26), rect, border_radius=8)
    pygame.draw.rect(surf, colour, rect.inflate(-2, -2), border_radius=8)
    img = icon(OPP_ICONS[opp.kind], int(min(width, height) * 0.55), theme.TEXT)
    surf.blit(img, img.get_rect(center=(rect.centerx, rect.y + height * 0.42)))
    if width >= 90:
        size, lines = fit_lines(opp.title, (width - 12, int(height * 0.3)), max(14, width // 8), 13, bold=True)
        line_h = theme.font(size, True).get_linesize() - 2
        for k, line in enumerate(lines):
            theme.draw_text(surf, line, (rect.centerx, rect.bottom - 6 - (len(lines) - k) * line_h), size,
                            theme.TEXT, bold=True, anchor="midtop")
    return surf


def opportunity_back(size: tuple[int, int]) -> pygame.Surface:
    """The back of an opportunity card, on the opportunity deck."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (20, 22, 26), surf.get_rect(), border_radius=10)
    pygame.draw.rect(surf, pygame.Color("#6a4b8a"), surf.get_rect().inflate(-2, -2), border_radius=10)
    img = icon("wheel", int(size[0] * 0.4), theme.TEXT)
    surf.blit(img, img.get_rect(center=(size[0] // 2, size[1] // 2 - 8)))
    theme.draw_text(surf, "x5", (size[0] // 2, size[1] - 12), theme.SIZE_SMALL, theme.TEXT, bold=True,
                    anchor="midbottom")
    return surf
