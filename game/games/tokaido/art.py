"""Tokaido's art, drawn from data with our own icons in the Edo palette: the stops' medallions,
the cards (souvenirs, meals, travellers, encounters, panoramas, legendary objects, amulets and
calligraphies, and their backs), the little painting of each panorama, and the small marks the
table shares (the "walk here" ring, a traveller's shadow, the veil over a card that may not be
chosen, the label of what was just gained). Every picture is made once per size and cached."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.caches import cached
from game.ui.icons import icon

from .rules import (AMULET, CALLI, ENCOUNTER, ENCOUNTER_NAMES, FARM, HOTSPRING, INN, KIND_NAMES, LEGEND, LEGENDARY,
                    MEAL_POINTS, MEALS, SECTIONS, SOUVENIRS, TEMPLE, TRAVELLERS, VILLAGE)
from .words import ENCOUNTER_TEXT, FAMILY_NAMES, POOL_TEXT

# ---- the Edo palette -------------------------------------------------------------------------------
KIND_COLOURS = {
    INN: "#9b2f2a", VILLAGE: "#7b5b3e", TEMPLE: "#cf6b2c", ENCOUNTER: "#6b4f8f", "paddy": "#86a23a",
    "mountain": "#4f6e5c", "sea": "#2d6aa3", HOTSPRING: "#b0607f", FARM: "#b8902e",
}
KIND_ICONS = {INN: "tok_inn", VILLAGE: "tok_village", TEMPLE: "tok_temple", ENCOUNTER: "tok_encounter",
              "paddy": "tok_paddy", "mountain": "tok_mountain", "sea": "tok_sea", HOTSPRING: "tok_hotspring",
              FARM: "tok_farm"}
FAMILY_COLOURS = {"small": "#4f8a8b", "food": "#c26f34", "clothing": "#7a5ea8", "art": "#b8434e",
                  "legendary": "#a8862a"}
INK_SOFT = pygame.Color("#5a5249")
COIN_GOLD = pygame.Color("#c9a227")
NEUTRAL_GREY = pygame.Color("#9a9a9a")
CARD_EDGE = (30, 26, 22)
PAPER_LINE = pygame.Color("#d8cdb4")
POOL_COLOURS = {LEGEND: "#a8862a", AMULET: "#9b2f2a", CALLI: "#3b3a36"}


def _ready(surface: pygame.Surface) -> pygame.Surface:
    # converted for fast blits once a window exists; headless tests have none
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


@cached
@lru_cache(maxsize=64)
def medallion(kind: str, radius: int) -> pygame.Surface:
    """A stop's medallion: its kind's colour in a dark ring, with the kind's icon in white."""
    size = 2 * radius + 10
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(surf, (40, 30, 20, 70), (c + 1, c + 2), radius + 3)
    pygame.draw.circle(surf, CARD_EDGE, (c, c), radius + 2)
    pygame.draw.circle(surf, pygame.Color(KIND_COLOURS[kind]), (c, c), radius)
    pygame.draw.circle(surf, (255, 248, 230, 90), (c, c), radius - 3, 1)
    img = icon(KIND_ICONS[kind], int(radius * 1.35))
    surf.blit(img, img.get_rect(center=(c, c)))
    return _ready(surf)


@cached
@lru_cache(maxsize=16)
def glow_ring(radius: int, width: int) -> pygame.Surface:
    """The "you may walk here" ring, drawn once per size."""
    size = 2 * radius + 16
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    theme.glow_outline(surf, pygame.Rect(8, 8, 2 * radius, 2 * radius), radius=radius, width=width)
    return _ready(surf)


@cached
@lru_cache(maxsize=1)
def pawn_shadow() -> pygame.Surface:
    """The soft shadow a traveller stands on."""
    surf = pygame.Surface((30, 10), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (30, 20, 10, 90), surf.get_rect())
    return _ready(surf)


@cached
@lru_cache(maxsize=16)
def veil(size: tuple[int, int]) -> pygame.Surface:
    """Dims a card that may not be chosen."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (20, 22, 26, 150), surf.get_rect(), border_radius=10)
    return _ready(surf)


@cached
@lru_cache(maxsize=64)
def gain_label(text: str) -> pygame.Surface:
    """A dark pill with `text` in the highlight colour: what a traveller just gained."""
    img = theme.text(text, theme.SIZE_SMALL, tuple(theme.HIGHLIGHT), True)
    surf = pygame.Surface((img.get_width() + 20, img.get_height() + 8), pygame.SRCALPHA)
    pygame.draw.rect(surf, (24, 20, 16, 225), surf.get_rect(), border_radius=12)
    surf.blit(img, (10, 4))
    return _ready(surf)


def fitting_size(text: str, width: int, sizes: tuple[int, ...] = (theme.SIZE_BODY, 20, theme.SIZE_SMALL)) -> int:
    """The biggest of `sizes` at which `text` (bold) fits `width` pixels."""
    for size in sizes:
        if theme.font(size, True).size(text)[0] <= width:
            return size
    return sizes[-1]


def _card(w: int, h: int, band: str | pygame.Color, title: str, band_h: int = 40,
          icon_name: str | None = None) -> pygame.Surface:
    """The frame every Tokaido card shares: washi paper, a coloured band with the title."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, CARD_EDGE, rect, border_radius=10)
    pygame.draw.rect(surf, theme.PAPER, rect.inflate(-4, -4), border_radius=9)
    colour = pygame.Color(band)
    bar = pygame.Rect(2, 2, w - 4, band_h)
    pygame.draw.rect(surf, colour, bar, border_top_left_radius=9, border_top_right_radius=9)
    x = 12
    if icon_name:
        img = icon(icon_name, band_h - 12, theme.readable_on(colour))
        surf.blit(img, img.get_rect(midleft=(10, bar.centery)))
        x = band_h + 4
    theme.draw_text(surf, title, (x, bar.centery), theme.SIZE_SMALL, theme.readable_on(colour), bold=True,
                    anchor="midleft", max_width=w - x - 10)
    return surf


def _price(surf: pygame.Surface, price: int, centre: tuple[int, int], size: int = 30) -> None:
    coin = icon("tok_coin", size, COIN_GOLD)
    label = theme.text(str(price), theme.SIZE_LARGE, tuple(theme.INK), True)
    width = coin.get_width() + 6 + label.get_width()
    x = centre[0] - width // 2
    surf.blit(coin, coin.get_rect(midleft=(x, centre[1])))
    surf.blit(label, label.get_rect(midleft=(x + coin.get_width() + 6, centre[1])))


@cached
@lru_cache(maxsize=128)
def souvenir_face(ident: int, w: int, h: int) -> pygame.Surface:
    """A souvenir card: its family in the band, its name, and its price large."""
    s = SOUVENIRS[ident]
    surf = _card(w, h, FAMILY_COLOURS[s.family], FAMILY_NAMES[s.family], icon_name="tok_village")
    theme.draw_text(surf, s.name, (w // 2, h // 2 - 10), theme.SIZE_LARGE, theme.INK, bold=True, anchor="center",
                    max_width=w - 16)
    theme.draw_text(surf, "souvenir", (w // 2, h // 2 + 22), theme.SIZE_SMALL, INK_SOFT, anchor="center")
    _price(surf, s.price, (w // 2, h - 34))
    return _ready(surf)


@cached
@lru_cache(maxsize=128)
def meal_face(meal: int, price: int, w: int, h: int) -> pygame.Surface:
    """A meal card at the price the viewer would pay (the printed one too when that differs)."""
    dish, printed = MEALS[meal]
    surf = _card(w, h, KIND_COLOURS[INN], "Meal", icon_name="tok_meal")
    theme.draw_text(surf, dish, (w // 2, 70), fitting_size(dish, w - 14), theme.INK, bold=True, anchor="center",
                    max_width=w - 10)
    theme.draw_text(surf, f"{MEAL_POINTS} points", (w // 2, h - 86), theme.SIZE_SMALL, INK_SOFT, anchor="center")
    _price(surf, price, (w // 2, h - 40), 28)
    if price != printed:
        theme.draw_text(surf, f"(printed {printed})", (w // 2, h - 16), theme.SIZE_SMALL, INK_SOFT, anchor="center")
    return _ready(surf)


@cached
@lru_cache(maxsize=32)
def traveller_face(key: str, w: int, h: int) -> pygame.Surface:
    """A traveller tile: name, title, starting coins and power."""
    t = TRAVELLERS[key]
    band = "#34465a" if t["set"] == "base" else "#5a3446"
    surf = _card(w, h, band, "Traveller" if t["set"] == "base" else "Traveller · Crossroads", band_h=36)
    theme.draw_text(surf, t["name"], (18, 48), theme.SIZE_TITLE, theme.INK, bold=True)
    theme.draw_text(surf, t["title"], (20, 100), theme.SIZE_BODY, INK_SOFT)
    coin = icon("tok_coin", 40, COIN_GOLD)
    surf.blit(coin, coin.get_rect(topright=(w - 62, 54)))
    theme.draw_text(surf, str(t["coins"]), (w - 18, 74), theme.SIZE_TITLE, theme.INK, bold=True, anchor="midright")
    theme.draw_text(surf, "coins", (w - 40, 106), theme.SIZE_SMALL, INK_SOFT, anchor="midtop")
    pygame.draw.line(surf, PAPER_LINE, (18, 136), (w - 18, 136), 2)
    theme.draw_paragraph(surf, t["power"], pygame.Rect(18, 148, w - 36, h - 156), theme.SIZE_BODY, theme.INK,
                         line_gap=2)
    return _ready(surf)


@cached
@lru_cache(maxsize=16)
def card_back(kind: str, w: int, h: int) -> pygame.Surface:
    """The back of a meal, traveller or encounter card: face down, for others' eyes."""
    colour = {"meal": KIND_COLOURS[INN], "traveller": "#34465a", "encounter": KIND_COLOURS[ENCOUNTER]}[kind]
    icon_name = {"meal": "tok_meal", "traveller": "tok_encounter", "encounter": "tok_encounter"}[kind]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, CARD_EDGE, rect, border_radius=10)
    pygame.draw.rect(surf, pygame.Color(colour), rect.inflate(-4, -4), border_radius=9)
    pygame.draw.rect(surf, (255, 248, 230, 80), rect.inflate(-16, -16), 2, border_radius=7)
    img = icon(icon_name, min(w, h) // 2, (255, 248, 230, 200))
    surf.blit(img, img.get_rect(center=rect.center))
    return _ready(surf)


@cached
@lru_cache(maxsize=32)
def encounter_face(kind: str, w: int, h: int) -> pygame.Surface:
    """An encounter card: who is met and what they give."""
    name = ENCOUNTER_NAMES.get(kind, kind)
    title, _, role = name.partition(" (")
    surf = _card(w, h, KIND_COLOURS[ENCOUNTER], "Encounter", icon_name="tok_encounter")
    theme.draw_text(surf, title.split(":")[0], (w // 2, 66), theme.SIZE_LARGE, theme.INK, bold=True, anchor="center",
                    max_width=w - 16)
    if role:
        theme.draw_text(surf, role.rstrip(")"), (w // 2, 96), theme.SIZE_SMALL, INK_SOFT, anchor="center",
                        max_width=w - 16)
    theme.draw_paragraph(surf, ENCOUNTER_TEXT.get(kind, ""), pygame.Rect(14, 122, w - 28, h - 130), theme.SIZE_SMALL,
                         theme.INK, line_gap=2)
    return _ready(surf)


PART_W, PART_H, PART_STEP = 26, 19, 29      # a panorama part in the journey panel


@cached
@lru_cache(maxsize=4)
def panorama_strip(kind: str) -> pygame.Surface:
    """A whole panorama as one small painting, cut into its parts when drawn: terraced rice
    fields, a mountain range, or waves with a boat, in the palette of the road."""
    total = SECTIONS[kind]
    w, h = total * PART_STEP, PART_H
    surf = pygame.Surface((w, h))
    surf.fill((236, 226, 204))                                   # paper sky
    pygame.draw.circle(surf, (214, 96, 78), (w - 14, 6), 4)       # the sun, in the last part
    if kind == "paddy":
        greens = [(150, 178, 84), (120, 156, 66), (168, 190, 102), (104, 140, 58)]
        for i, top in enumerate(range(8, h, 3)):
            points = [(x, top + round(1.5 * math.sin(x / 9 + i))) for x in range(0, w + 6, 6)]
            pygame.draw.polygon(surf, greens[i % len(greens)], points + [(w, h), (0, h)])
    elif kind == "mountain":
        for base, colour, peaks in ((h, (120, 140, 126), range(8, w, 30)), (h, (79, 110, 92), range(22, w, 34))):
            for px in peaks:
                top = 3 + (px * 7) % 6
                pygame.draw.polygon(surf, colour, [(px - 17, base), (px, top), (px + 17, base)])
                pygame.draw.polygon(surf, (246, 244, 238), [(px - 4, top + 4), (px, top), (px + 4, top + 4)])
    else:
        pygame.draw.rect(surf, (45, 106, 163), (0, 9, w, h - 9))
        for row, top in enumerate(range(10, h, 4)):
            for x in range(-4 + 4 * (row % 2), w, 8):
                pygame.draw.arc(surf, (190, 214, 232), (x, top, 8, 6), 0, math.pi, 1)
        boat = w // 2 + 10
        pygame.draw.polygon(surf, (92, 64, 40), [(boat - 7, 9), (boat + 7, 9), (boat + 4, 12), (boat - 4, 12)])
        pygame.draw.rect(surf, (246, 240, 226), (boat - 3, 2, 6, 7))
    return surf.convert() if pygame.display.get_surface() is not None else surf


@cached
@lru_cache(maxsize=32)
def panorama_face(kind: str, part: int, w: int, h: int) -> pygame.Surface:
    """The next part of a panorama as a card: which part of how many, and its points."""
    surf = _card(w, h, KIND_COLOURS[kind], f"{KIND_NAMES[kind].capitalize()} panorama")
    img = icon(KIND_ICONS[kind], 72, KIND_COLOURS[kind])
    surf.blit(img, img.get_rect(center=(w // 2, 98)))
    theme.draw_text(surf, f"part {part} of {SECTIONS[kind]}", (w // 2, 160), theme.SIZE_BODY, theme.INK, bold=True,
                    anchor="center")
    theme.draw_text(surf, f"+{part} points", (w // 2, 194), theme.SIZE_SMALL, INK_SOFT, anchor="center")
    return _ready(surf)


@cached
@lru_cache(maxsize=64)
def pool_face(what: str, key: str, w: int, h: int) -> pygame.Surface:
    """A legendary object, amulet or calligraphy: name, price and effect in words."""
    price = LEGENDARY[key][1] if what == LEGEND else 1
    surf = _card(w, h, POOL_COLOURS[what], "")
    band = pygame.Rect(2, 2, w - 4, 40)      # the band shows the price: the panel's title says what these are
    coin = icon("tok_coin", 26, theme.PAPER)
    label = theme.text(str(price), theme.SIZE_BODY, tuple(theme.PAPER), True)
    x = band.centerx - (coin.get_width() + 6 + label.get_width()) // 2
    surf.blit(coin, coin.get_rect(midleft=(x, band.centery)))
    surf.blit(label, label.get_rect(midleft=(x + coin.get_width() + 6, band.centery)))
    name = LEGENDARY[key][0] if what == LEGEND else key.title()
    theme.draw_text(surf, name, (w // 2, 64), fitting_size(name, w - 14), theme.INK, bold=True, anchor="center",
                    max_width=w - 10)
    theme.draw_paragraph(surf, POOL_TEXT.get(key, ""), pygame.Rect(10, 88, w - 20, h - 94), theme.SIZE_SMALL,
                         theme.INK, line_gap=0)
    return _ready(surf)

