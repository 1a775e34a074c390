"""Tokaido's art, drawn from data with our own icons in the Edo palette: the stops' medallions,
the cards (souvenirs, meals, travellers, encounters, panoramas, legendary objects, amulets and
calligraphies, and their backs), the little painting of each panorama, and the small marks the
table shares (the "walk here" ring, a traveller's shadow, the veil over a card that may not be
chosen, the label of what was just gained). Every picture is made once per size and cached."""
from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.core.text import plural
from game.ui import theme
from game.ui.caches import cached
from game.ui.icons import icon
from game.ui.render import for_blits

from .rules import (AMULET, CALLI, ENCOUNTER, ENCOUNTER_NAMES, FARM, HOTSPRING, INN, KIND_NAMES, LEGEND, LEGENDARY,
                    MEAL_POINTS, MEALS, SECTIONS, SOUVENIRS, TEMPLE, TRAVELLERS, VILLAGE)
from .data import FIRST_EDITION
from .words import ENCOUNTER_TEXT, FAMILY_NAMES, pool_text

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
    return for_blits(surf, alpha=True)


@cached
@lru_cache(maxsize=16)
def glow_ring(radius: int, width: int) -> pygame.Surface:
    """The "you may walk here" ring, drawn once per size."""
    size = 2 * radius + 16
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    c = pygame.Color(theme.HIGHLIGHT)
    # a wide warm halo, a dark ring under the mark so that it reads on the pale paper and on
    # the stop's own colours, then the mark itself
    pygame.draw.circle(surf, (c.r, c.g, c.b, 120), centre, radius + 8, 8)
    pygame.draw.circle(surf, (40, 30, 20, 220), centre, radius + 1, width + 3)
    pygame.draw.circle(surf, c, centre, radius, width)
    return for_blits(surf, alpha=True)


@cached
@lru_cache(maxsize=1)
def pawn_shadow() -> pygame.Surface:
    """The soft shadow a traveller stands on."""
    surf = pygame.Surface((30, 10), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (30, 20, 10, 90), surf.get_rect())
    return for_blits(surf, alpha=True)


@cached
@lru_cache(maxsize=16)
def veil(size: tuple[int, int]) -> pygame.Surface:
    """Dims a card that may not be chosen."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (20, 22, 26, 150), surf.get_rect(), border_radius=10)
    return for_blits(surf, alpha=True)


@cached
@lru_cache(maxsize=64)
def gain_label(text: str) -> pygame.Surface:
    """A dark pill with `text` in the highlight colour: what a traveller just gained."""
    img = theme.text(text, theme.SIZE_SMALL, tuple(theme.HIGHLIGHT), True)
    surf = pygame.Surface((img.get_width() + 20, img.get_height() + 8), pygame.SRCALPHA)
    pygame.draw.rect(surf, (24, 20, 16, 225), surf.get_rect(), border_radius=12)
    surf.blit(img, (10, 4))
    return for_blits(surf, alpha=True)


def fitting_size(text: str, width: int, sizes: tuple[int, ...] = (theme.SIZE_BODY, 20, theme.SIZE_SMALL)) -> int:
    """The biggest of `sizes` at which `text` (bold) fits `width` pixels."""
    for size in sizes:
        if theme.font(size, True).size(text)[0] <= width:
            return size
    return sizes[-1]


#: the smallest text on a card: SIZE_SMALL is the table's floor, a card's long text may go one step below
CARD_TEXT_SIZES = (theme.SIZE_SMALL, 17, 16)


def fit_paragraph(text: str, width: int, height: int, sizes: tuple[int, ...] = CARD_TEXT_SIZES,
                  bold: bool = False) -> tuple[int, list[str]]:
    """The kit's `theme.fit_to_box` between the first and last of `sizes`, with a card's tight
    lines (no gap): the size chosen and its lines."""
    fitted = theme.fit_to_box(text, width, height, sizes[0], sizes[-1], bold, line_gap=0)
    return fitted.size, list(fitted.lines)


def draw_lines(surf: pygame.Surface, lines: list[str], size: int, rect: pygame.Rect, colour,
               bold: bool = False, centred: bool = False) -> None:
    """Lines of one size from the top of `rect`, left-aligned or centred."""
    step = theme.font(size, bold).get_linesize()
    for k, line in enumerate(lines):
        if centred:
            theme.draw_text(surf, line, (rect.centerx, rect.y + k * step), size, colour, bold, anchor="midtop")
        else:
            theme.draw_text(surf, line, (rect.x, rect.y + k * step), size, colour, bold)


def card_fits(text: str, width: int, height: int, bold: bool = False) -> bool:
    """Whether `text` fits `width` x `height` at a card's legible sizes, whole."""
    size, lines = fit_paragraph(text, width, height, bold=bold)
    return " ".join(lines) == " ".join(theme.wrap(text, size, width, bold))


# ---- a card's watercolour and its little painting -------------------------------------------------------

def _wash(surf: pygame.Surface, area: pygame.Rect, colour: str | pygame.Color, seed: str) -> None:
    """Soft pools of watercolour in `colour` over the paper of `area`, the same for the same seed."""
    rng = random.Random(seed)
    tint = pygame.Color(colour)
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    for _ in range(7):
        r = rng.randint(area.h // 5, area.h // 2)
        centre = (rng.randint(0, area.w), rng.randint(area.h // 3, area.h))
        pygame.draw.circle(layer, (tint.r, tint.g, tint.b, rng.randint(14, 26)), centre, r)
    pygame.draw.line(layer, (tint.r, tint.g, tint.b, 40), (8, area.h - 10), (area.w - 8, area.h - 14), 2)
    surf.blit(layer, area.topleft)


def _ink(c, alpha: int = 255) -> tuple[int, int, int, int]:
    colour = pygame.Color(c)
    return (colour.r, colour.g, colour.b, alpha)


#: the little painting on each kind of card (souvenir families, meals, pool cards, encounters)
MOTIFS = ("fan", "bowl", "kimono", "vase", "brush", "omamori", "treasure", "figure")
FAMILY_MOTIFS = {"small": "fan", "food": "bowl", "clothing": "kimono", "art": "vase", "legendary": "treasure"}
POOL_MOTIFS = {LEGEND: "treasure", AMULET: "omamori", CALLI: "brush"}


@cached
@lru_cache(maxsize=64)
def motif(name: str, size: int, colour: str) -> pygame.Surface:
    """A small brush painting of `name` (one of MOTIFS) in `colour` and ink, `size` pixels
    square; drawn at twice the size and smoothed down, for soft edges."""
    n = 2 * size
    s = pygame.Surface((n, n), pygame.SRCALPHA)
    main, dark, ink = _ink(colour), _ink(pygame.Color(colour).lerp((20, 16, 12), 0.45)), _ink(INK_SOFT)
    paper = _ink(theme.PAPER)

    def at(x: float, y: float) -> tuple[int, int]:
        return (round(x * n), round(y * n))

    if name == "fan":                       # a folding fan, open
        centre = at(0.5, 0.82)
        rim = [at(0.5 + 0.44 * math.cos(a), 0.82 - 0.44 * math.sin(a))
               for a in [math.pi * (0.12 + 0.76 * k / 8) for k in range(9)]]
        pygame.draw.polygon(s, main, [centre] + rim)
        for point in rim:
            pygame.draw.line(s, dark, centre, point, max(2, n // 60))
        pygame.draw.circle(s, ink, centre, n // 22)
    elif name == "bowl":                    # a rice bowl with chopsticks and steam
        pygame.draw.ellipse(s, dark, (*at(0.14, 0.42), round(0.72 * n), round(0.2 * n)))
        pygame.draw.polygon(s, main, [at(0.14, 0.52), at(0.86, 0.52), at(0.68, 0.82), at(0.32, 0.82)])
        pygame.draw.ellipse(s, paper, (*at(0.2, 0.44), round(0.6 * n), round(0.12 * n)))
        pygame.draw.rect(s, dark, (*at(0.4, 0.82), round(0.2 * n), round(0.06 * n)))
        pygame.draw.line(s, ink, at(0.58, 0.5), at(0.9, 0.14), max(3, n // 40))
        pygame.draw.line(s, ink, at(0.64, 0.52), at(0.96, 0.2), max(3, n // 40))
        for x in (0.36, 0.48):
            pygame.draw.arc(s, _ink(INK_SOFT, 150), (*at(x - 0.05, 0.1), round(0.1 * n), round(0.28 * n)),
                            -math.pi / 2, math.pi / 2, max(2, n // 60))
    elif name == "kimono":                  # a kimono with wide sleeves and a sash
        pygame.draw.polygon(s, main, [at(0.08, 0.22), at(0.38, 0.14), at(0.62, 0.14), at(0.92, 0.22),
                                      at(0.92, 0.48), at(0.72, 0.48), at(0.72, 0.9), at(0.28, 0.9),
                                      at(0.28, 0.48), at(0.08, 0.48)])
        pygame.draw.polygon(s, paper, [at(0.4, 0.14), at(0.5, 0.4), at(0.6, 0.14)])
        pygame.draw.line(s, dark, at(0.5, 0.4), at(0.42, 0.9), max(2, n // 50))
        pygame.draw.rect(s, dark, (*at(0.28, 0.5), round(0.44 * n), round(0.1 * n)))
    elif name == "vase":                    # a vase with a branch of blossom
        pygame.draw.line(s, ink, at(0.5, 0.4), at(0.3, 0.08), max(2, n // 50))
        pygame.draw.line(s, ink, at(0.42, 0.26), at(0.7, 0.1), max(2, n // 60))
        for x, y in ((0.3, 0.08), (0.38, 0.18), (0.7, 0.1), (0.6, 0.15)):
            pygame.draw.circle(s, _ink("#d88a9a"), at(x, y), n // 20)
        pygame.draw.ellipse(s, main, (*at(0.26, 0.42), round(0.48 * n), round(0.48 * n)))
        pygame.draw.rect(s, main, (*at(0.4, 0.34), round(0.2 * n), round(0.14 * n)))
        pygame.draw.arc(s, dark, (*at(0.3, 0.52), round(0.4 * n), round(0.2 * n)), math.pi, 2 * math.pi,
                        max(2, n // 60))
    elif name == "brush":                   # a hanging scroll with a brush stroke, and the brush
        pygame.draw.rect(s, paper, (*at(0.22, 0.1), round(0.46 * n), round(0.78 * n)))
        pygame.draw.rect(s, dark, (*at(0.22, 0.1), round(0.46 * n), round(0.78 * n)), max(2, n // 60))
        for y in (0.08, 0.86):
            pygame.draw.rect(s, main, (*at(0.17, y), round(0.56 * n), round(0.06 * n)), border_radius=n // 40)
        pygame.draw.lines(s, ink, False, [at(0.36, 0.26), at(0.52, 0.3), at(0.4, 0.48), at(0.56, 0.7)], n // 22)
        pygame.draw.line(s, _ink("#7b5b3e"), at(0.9, 0.2), at(0.72, 0.7), n // 26)
        pygame.draw.polygon(s, ink, [at(0.7, 0.68), at(0.76, 0.7), at(0.68, 0.84)])
    elif name == "omamori":                 # a charm bag on its cord
        pygame.draw.circle(s, dark, at(0.5, 0.16), n // 12, max(2, n // 50))
        body = pygame.Rect(*at(0.26, 0.24), round(0.48 * n), round(0.66 * n))
        pygame.draw.rect(s, main, body, border_top_left_radius=n // 5, border_top_right_radius=n // 5,
                         border_bottom_left_radius=n // 30, border_bottom_right_radius=n // 30)
        pygame.draw.rect(s, _ink(COIN_GOLD), (*at(0.34, 0.44), round(0.32 * n), round(0.34 * n)), max(2, n // 50))
        pygame.draw.line(s, _ink(COIN_GOLD), at(0.5, 0.5), at(0.5, 0.72), max(2, n // 40))
    elif name == "treasure":                # a jewel on a cushion, with rays
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.line(s, _ink(COIN_GOLD, 140), at(0.5 + 0.2 * math.cos(a), 0.44 + 0.2 * math.sin(a)),
                             at(0.5 + 0.42 * math.cos(a), 0.44 + 0.42 * math.sin(a)), max(2, n // 60))
        pygame.draw.ellipse(s, dark, (*at(0.18, 0.66), round(0.64 * n), round(0.2 * n)))
        pygame.draw.polygon(s, main, [at(0.5, 0.18), at(0.7, 0.42), at(0.5, 0.72), at(0.3, 0.42)])
        pygame.draw.polygon(s, paper, [at(0.5, 0.24), at(0.6, 0.42), at(0.5, 0.42)])
    else:                                   # "figure": a traveller met on the road, in a straw hat
        pygame.draw.polygon(s, main, [at(0.5, 0.34), at(0.8, 0.92), at(0.2, 0.92)])
        pygame.draw.circle(s, _ink("#e9d3b4"), at(0.5, 0.3), n // 9)
        pygame.draw.polygon(s, dark, [at(0.18, 0.26), at(0.5, 0.08), at(0.82, 0.26)])
        pygame.draw.line(s, ink, at(0.74, 0.3), at(0.86, 0.94), max(2, n // 45))
    return for_blits(pygame.transform.smoothscale(s, (size, size)), alpha=True)


@cached
@lru_cache(maxsize=4)
def cherry_tree(size: int) -> pygame.Surface:
    """A little cherry tree in blossom (the Crossroads' tree at a panorama)."""
    n = 2 * size
    s = pygame.Surface((n, n), pygame.SRCALPHA)
    pygame.draw.line(s, _ink("#5a3a28"), (n // 2, n), (n // 2, n // 2), n // 9)
    pygame.draw.line(s, _ink("#5a3a28"), (n // 2, 2 * n // 3), (n // 4, n // 2), n // 14)
    for x, y, r in ((0.5, 0.34, 0.26), (0.28, 0.44, 0.18), (0.72, 0.44, 0.18), (0.4, 0.2, 0.16), (0.62, 0.22, 0.16)):
        pygame.draw.circle(s, _ink("#e59aac", 235), (round(x * n), round(y * n)), round(r * n))
    pygame.draw.circle(s, _ink("#c9637d"), (round(0.56 * n), round(0.36 * n)), n // 16)
    return for_blits(pygame.transform.smoothscale(s, (size, size)), alpha=True)


def _card(w: int, h: int, band: str | pygame.Color, title: str, band_h: int = 40,
          icon_name: str | None = None, wash: str | None = None) -> pygame.Surface:
    """The frame every Tokaido card shares: washi paper (with a watercolour `wash` keyed by
    that seed), a coloured band with the title."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, CARD_EDGE, rect, border_radius=10)
    pygame.draw.rect(surf, theme.PAPER, rect.inflate(-4, -4), border_radius=9)
    colour = pygame.Color(band)
    if wash is not None:
        _wash(surf, pygame.Rect(6, band_h + 2, w - 12, h - band_h - 8), colour, wash)
    bar = pygame.Rect(2, 2, w - 4, band_h)
    pygame.draw.rect(surf, colour, bar, border_top_left_radius=9, border_top_right_radius=9)
    x = 12
    if icon_name:
        img = icon(icon_name, band_h - 12, theme.readable_on(colour))
        surf.blit(img, img.get_rect(midleft=(10, bar.centery)))
        x = band_h + 4
    theme.draw_text(surf, title, (x, bar.centery), fitting_size(title, w - x - 10, CARD_TEXT_SIZES),
                    theme.readable_on(colour), bold=True, anchor="midleft", max_width=w - x - 10)
    return surf


def _price(surf: pygame.Surface, price: int, centre: tuple[int, int], size: int = 30) -> None:
    coin = icon("tok_coin", size, COIN_GOLD)
    label = theme.text(str(price), theme.SIZE_LARGE, tuple(theme.INK), True)
    width = coin.get_width() + 6 + label.get_width()
    x = centre[0] - width // 2
    surf.blit(coin, coin.get_rect(midleft=(x, centre[1])))
    surf.blit(label, label.get_rect(midleft=(x + coin.get_width() + 6, centre[1])))


def _name(surf: pygame.Surface, name: str, rect: pygame.Rect, sizes=(theme.SIZE_LARGE, theme.SIZE_BODY, 20,
                                                                      theme.SIZE_SMALL)) -> None:
    """A card's name, centred in `rect`: one line as large as fits, else wrapped."""
    size, lines = fit_paragraph(name, rect.w, rect.h, sizes, bold=True)
    height = len(lines) * theme.font(size, True).get_linesize()
    draw_lines(surf, lines, size, pygame.Rect(rect.x, rect.centery - height // 2, rect.w, height), theme.INK,
               bold=True, centred=True)


@cached
@lru_cache(maxsize=128)
def souvenir_face(ident: int, w: int, h: int) -> pygame.Surface:
    """A souvenir card: its family in the band, its painting, its name, and its price large."""
    s = SOUVENIRS[ident]
    colour = FAMILY_COLOURS[s.family]
    surf = _card(w, h, colour, FAMILY_NAMES[s.family], icon_name="tok_village", wash=s.name)
    img = motif(FAMILY_MOTIFS[s.family], min(w - 40, h // 3), colour)
    surf.blit(img, img.get_rect(center=(w // 2, 44 + img.get_height() // 2 + 4)))
    _name(surf, s.name, pygame.Rect(8, h - 104, w - 16, 56))
    _price(surf, s.price, (w // 2, h - 28))
    return for_blits(surf, alpha=True)


@cached
@lru_cache(maxsize=128)
def meal_face(meal: int, price: int, w: int, h: int) -> pygame.Surface:
    """A meal card at the price the viewer would pay (the printed one too when that differs)."""
    dish, printed = MEALS[meal]
    colour = KIND_COLOURS[INN]
    surf = _card(w, h, colour, f"{MEAL_POINTS} points", icon_name="tok_meal", wash=dish)
    img = motif("bowl", min(w - 30, 64), colour)
    surf.blit(img, img.get_rect(midtop=(w // 2, 46)))
    _name(surf, dish, pygame.Rect(5, 112, w - 10, 44), (theme.SIZE_BODY, 20, theme.SIZE_SMALL, 17, 16))
    if price != printed:
        _price(surf, price, (w // 2, h - 40), 26)
        theme.draw_text(surf, f"(printed {printed})", (w // 2, h - 14), 16, INK_SOFT, anchor="center")
    else:
        _price(surf, price, (w // 2, h - 26), 26)
    return for_blits(surf, alpha=True)


#: a traveller's robe in the portrait on its tile, one of these by its name
ROBES = ("#9b2f2a", "#2d6aa3", "#4f6e5c", "#7a5ea8", "#b8902e", "#b0607f", "#4f8a8b", "#7b5b3e", "#c26f34")


def _portrait(key: str, size: int) -> pygame.Surface:
    """A traveller's portrait: the painted figure in a robe of its own, on a washed paper disc."""
    colour = ROBES[sum(map(ord, key)) % len(ROBES)]
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    pygame.draw.circle(surf, CARD_EDGE, centre, size // 2)
    pygame.draw.circle(surf, pygame.Color(colour).lerp(theme.PAPER, 0.78), centre, size // 2 - 2)
    _wash(surf, pygame.Rect(size // 6, size // 6, 2 * size // 3, 2 * size // 3), colour, key)
    img = motif("figure", size - 16, colour)
    surf.blit(img, img.get_rect(center=(centre[0], centre[1] + 3)))
    return surf


@cached
@lru_cache(maxsize=32)
def traveller_face(key: str, w: int, h: int) -> pygame.Surface:
    """A traveller tile: a painted portrait, name, title, starting coins and power."""
    t = TRAVELLERS[key]
    band = "#34465a" if t["set"] == "base" else "#5a3446"
    surf = _card(w, h, band, "Traveller" if t["set"] == "base" else "Traveller · Crossroads", band_h=36,
                 icon_name="tok_encounter", wash=key)
    face = _portrait(key, 86)
    surf.blit(face, (12, 44))
    left, coins_left = 110, w - 104
    size = fitting_size(t["name"], coins_left - left - 6, (theme.SIZE_TITLE, 34, theme.SIZE_LARGE))
    theme.draw_text(surf, t["name"], (left, 48), size, theme.INK, bold=True, max_width=coins_left - left - 6)
    theme.draw_text(surf, t["title"], (left + 2, 100), theme.SIZE_BODY, INK_SOFT, max_width=coins_left - left)
    coin = icon("tok_coin", 40, COIN_GOLD)
    surf.blit(coin, coin.get_rect(topright=(w - 62, 54)))
    theme.draw_text(surf, str(t["coins"]), (w - 18, 74), theme.SIZE_TITLE, theme.INK, bold=True, anchor="midright")
    theme.draw_text(surf, "coins", (w - 40, 106), theme.SIZE_SMALL, INK_SOFT, anchor="midtop")
    pygame.draw.line(surf, PAPER_LINE, (18, 138), (w - 18, 138), 2)
    theme.draw_paragraph(surf, t["power"], pygame.Rect(18, 148, w - 36, h - 156), theme.SIZE_BODY, theme.INK,
                         line_gap=2)
    return for_blits(surf, alpha=True)


@cached
@lru_cache(maxsize=16)
def card_back(kind: str, w: int, h: int) -> pygame.Surface:
    """The back of a meal, traveller or encounter card, face down for others' eyes: the deck's
    colour under a pattern of waves (seigaiha), a gold frame, and the deck's painting on a paper
    disc."""
    name = {"meal": KIND_COLOURS[INN], "traveller": "#34465a", "encounter": KIND_COLOURS[ENCOUNTER]}[kind]
    colour = pygame.Color(name)
    painting = {"meal": "bowl", "traveller": "figure", "encounter": "figure"}[kind]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, CARD_EDGE, rect, border_radius=10)
    inner = rect.inflate(-4, -4)
    pygame.draw.rect(surf, colour, inner, border_radius=9)
    waves = pygame.Surface(inner.size, pygame.SRCALPHA)
    light = colour.lerp((255, 248, 230), 0.35)
    r = 14
    for row, y in enumerate(range(0, inner.h + r, r // 2 + 1)):
        for x in range(-r + (row % 2) * r, inner.w + r, 2 * r):
            for k in (r, r - 4, r - 8):
                pygame.draw.circle(waves, (light.r, light.g, light.b, 90), (x, y), k, 2, draw_top_left=True,
                                   draw_top_right=True)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=9)
    waves.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(waves, inner.topleft)
    pygame.draw.rect(surf, COIN_GOLD, rect.inflate(-14, -14), 2, border_radius=7)
    disc = min(w, h) // 2 + 8
    centre = rect.center
    pygame.draw.circle(surf, CARD_EDGE, centre, disc // 2 + 3)
    pygame.draw.circle(surf, COIN_GOLD, centre, disc // 2 + 1)
    pygame.draw.circle(surf, theme.PAPER, centre, disc // 2 - 2)
    img = motif(painting, disc - 14, name)
    surf.blit(img, img.get_rect(center=centre))
    return for_blits(surf, alpha=True)


@cached
@lru_cache(maxsize=32)
def encounter_face(kind: str, w: int, h: int) -> pygame.Surface:
    """An encounter card: who is met (with their painting) and what they give."""
    name = ENCOUNTER_NAMES.get(kind, kind)
    title, _, role = name.partition(" (")
    colour = KIND_COLOURS[ENCOUNTER]
    surf = _card(w, h, colour, "Encounter", icon_name="tok_encounter", wash=kind)
    top = 46                                          # below the band: name, role, painting, text
    _name(surf, title.split(":")[0], pygame.Rect(8, top, w - 16, 34))
    role = role.replace("): ", " · ").rstrip(")")       # "guide): sea" -> "guide · sea"
    if role:
        theme.draw_text(surf, role, (w // 2, top + 36), 16, INK_SOFT, anchor="midtop", max_width=w - 16)
    size = max(55, min(w // 2, h - 204))
    img = motif("figure", size, colour)
    art = img.get_rect(midtop=(w // 2, top + 58))
    surf.blit(img, art)
    text = ENCOUNTER_TEXT.get(kind, "")
    box = pygame.Rect(12, art.bottom + 4, w - 24, h - art.bottom - 10)
    tsize, lines = fit_paragraph(text, box.w, box.h, (theme.SIZE_BODY,) + CARD_TEXT_SIZES)
    draw_lines(surf, lines, tsize, box, theme.INK, centred=True)
    return for_blits(surf, alpha=True)


PART_W, PART_H, PART_STEP = 26, 19, 29      # a panorama part in the journey panel
PANO_PART = (184, 116)                      # one part of a panorama's painting, as a card shows it


def _hills(surf: pygame.Surface, rng: random.Random, base: float, height: float, colour, bumps: int,
           sharp: bool = False) -> list[tuple[int, int]]:
    """A range of hills (or `sharp` peaks) across the whole painting, filled to the bottom in
    `colour`; returns its ridge line, for snow or trees."""
    w, h = surf.get_size()
    peaks = [(w * (k + rng.uniform(-0.3, 0.3)) / bumps, base - height * rng.uniform(0.45, 1.0))
             for k in range(-1, bumps + 2)]
    ridge = []
    for x in range(0, w + 8, 8):
        y = base
        for px, py in peaks:
            d = abs(x - px) / (w / bumps)
            rise = (1 - d) if sharp else math.cos(min(d, 1) * math.pi / 2) ** 2
            y = min(y, base - (base - py) * max(0.0, rise))
        ridge.append((x, round(y)))
    pygame.draw.polygon(surf, colour, ridge + [(w, h), (0, h)])
    return ridge


def _pine(surf: pygame.Surface, x: int, y: int, size: int, colour) -> None:
    """A little pine in three tiers, its foot at (x, y)."""
    pygame.draw.line(surf, (74, 52, 36), (x, y), (x, y - size), max(2, size // 8))
    for k, width in enumerate((0.9, 0.7, 0.45)):
        top = y - size * (0.35 + 0.25 * k)
        pygame.draw.ellipse(surf, colour, (x - size * width / 2, top - size * 0.12, size * width, size * 0.24))


@cached
@lru_cache(maxsize=3)
def landscape(kind: str) -> pygame.Surface:
    """A whole panorama as one watercolour painting, PANO_PART wide for each of its parts, to be
    cut part by part: terraced rice fields under hills, a mountain range with snow and pines, or
    the sea's waves with islands and a boat; the sun rises in the last part. Painted at twice
    the size and smoothed down, the same every time."""
    total = SECTIONS[kind]
    w, h = 2 * PANO_PART[0] * total, 2 * PANO_PART[1]
    rng = random.Random(f"panorama {kind}")
    surf = pygame.Surface((w, h))
    for y in range(h):                                           # a paper sky, warmer towards the land
        surf.fill(pygame.Color(238, 230, 210).lerp((246, 238, 220), y / h), (0, y, w, 1))
    for _ in range(total * 2):                                   # long clouds, a band of gold mist
        cx, cy = rng.randint(0, w), rng.randint(h // 10, h // 3)
        pygame.draw.ellipse(surf, (228, 214, 176), (cx, cy, rng.randint(80, 200), 10))
    pygame.draw.circle(surf, (214, 96, 78), (w - 2 * PANO_PART[0] // 3, round(h * 0.28)), h // 10)
    if kind == "paddy":
        _hills(surf, rng, h * 0.42, h * 0.16, (176, 190, 150), total * 2)
        _hills(surf, rng, h * 0.5, h * 0.12, (140, 164, 102), total * 3)
        greens = [(168, 190, 96), (134, 166, 70), (180, 198, 112), (118, 152, 62), (152, 180, 84)]
        for i, top in enumerate(range(round(h * 0.5), h, 22)):     # terraces, each a little lower
            edge = [(x, top + round(5 * math.sin(x / 37 + i * 1.7))) for x in range(0, w + 10, 10)]
            pygame.draw.polygon(surf, greens[i % len(greens)], edge + [(w, h), (0, h)])
            pygame.draw.lines(surf, (206, 222, 214), False, edge, 2)      # the water at each edge
            for x in range(rng.randint(4, 14), w, 18):                   # rows of young rice
                y = top + 10 + round(5 * math.sin(x / 37 + i * 1.7))
                if y < h - 4:
                    pygame.draw.line(surf, (82, 116, 44), (x, y + 6), (x - 3, y), 2)
                    pygame.draw.line(surf, (82, 116, 44), (x, y + 6), (x + 3, y), 2)
        for k in range(total):                                   # a farmhouse in every part
            x, y = k * 2 * PANO_PART[0] + rng.randint(40, 2 * PANO_PART[0] - 70), round(h * 0.47)
            pygame.draw.rect(surf, (236, 226, 204), (x, y - 12, 30, 14))
            pygame.draw.polygon(surf, (92, 70, 52), [(x - 6, y - 12), (x + 15, y - 26), (x + 36, y - 12)])
    elif kind == "mountain":
        _hills(surf, rng, h * 0.62, h * 0.42, (170, 184, 180), total * 2, sharp=True)
        ridge = _hills(surf, rng, h * 0.78, h * 0.5, (104, 134, 118), total * 2 + 1, sharp=True)
        for (_x0, y0), (x1, y1), (_x2, y2) in zip(ridge, ridge[1:], ridge[2:]):
            if y1 < y0 and y1 < y2 and y1 < h * 0.48:            # snow on the high peaks
                pygame.draw.polygon(surf, (246, 244, 238), [(x1 - 22, y1 + 16), (x1, y1), (x1 + 22, y1 + 16)])
        mist = pygame.Surface((w, h), pygame.SRCALPHA)           # mist across the valley
        for y in (h * 0.6, h * 0.7):
            for x in range(-60, w, 90):
                pygame.draw.ellipse(mist, (240, 236, 224, 120), (x + rng.randint(0, 30), round(y), 150, 10))
        surf.blit(mist, (0, 0))
        _hills(surf, rng, h, h * 0.18, (70, 100, 80), total * 3)
        for x in range(rng.randint(10, 30), w, 34):
            _pine(surf, x, h - rng.randint(2, 16), rng.randint(26, 40), (44, 74, 56))
    else:
        sea_top = round(h * 0.46)
        _hills(surf, rng, sea_top + 2, h * 0.12, (150, 170, 176), total + 1)     # islands far away
        for y in range(sea_top, h):
            surf.fill(pygame.Color(70, 126, 176).lerp((32, 78, 136), (y - sea_top) / (h - sea_top)), (0, y, w, 1))
        for row, top in enumerate(range(sea_top + 6, h, 12)):     # rows of waves, larger nearer
            r = 6 + row * 2
            for x in range(-r + (row % 2) * r, w + r, 2 * r):
                pygame.draw.arc(surf, (214, 230, 240), (x, top, 2 * r, r + 4), 0.3, math.pi - 0.3, 2)
        for k in range(total):                                   # a boat in every part
            x = k * 2 * PANO_PART[0] + rng.randint(40, 2 * PANO_PART[0] - 60)
            y = sea_top + rng.randint(14, 40)
            pygame.draw.polygon(surf, (92, 64, 40), [(x - 20, y), (x + 20, y), (x + 12, y + 8), (x - 12, y + 8)])
            pygame.draw.polygon(surf, (246, 240, 226), [(x - 2, y - 30), (x - 2, y - 2), (x + 16, y - 2)])
        for _ in range(6 * total):                               # foam on the nearer waves
            x, y = rng.randint(0, w), rng.randint(sea_top + 50, h - 6)
            pygame.draw.ellipse(surf, (236, 244, 248), (x, y, rng.randint(8, 16), 4))
    return pygame.transform.smoothscale(surf, (PANO_PART[0] * total, PANO_PART[1]))


@cached
@lru_cache(maxsize=4)
def panorama_strip(kind: str) -> pygame.Surface:
    """The panorama's painting at the journey panel's size: part k is the k-th PART_W of each
    PART_STEP, cut from the same painting as the cards."""
    total = SECTIONS[kind]
    art = landscape(kind)
    surf = pygame.Surface((total * PART_STEP, PART_H))
    for k in range(total):
        part = art.subsurface((k * PANO_PART[0], 0, PANO_PART[0], PANO_PART[1]))
        surf.blit(pygame.transform.smoothscale(part, (PART_W, PART_H)), (k * PART_STEP, 0))
    return for_blits(surf)


def _seal(surf: pygame.Surface, text: str, centre: tuple[int, int], size: int = 34) -> pygame.Rect:
    """A vermilion seal with `text` in it (a panorama part's number)."""
    box = pygame.Rect(0, 0, size, size)
    box.center = centre
    pygame.draw.rect(surf, CARD_EDGE, box.inflate(4, 4), border_radius=7)
    pygame.draw.rect(surf, (190, 58, 44), box, border_radius=6)
    theme.draw_text(surf, text, box.center, theme.SIZE_LARGE, (250, 244, 232), bold=True, anchor="center")
    return box


def panorama_art_rect(w: int, h: int) -> pygame.Rect:
    """Where a panorama card of `w` x `h` shows its part of the painting: the card's width, as
    tall as the painting or as leaves room for the words below."""
    return pygame.Rect(8, 46, w - 16, min(round((w - 16) * PANO_PART[1] / PANO_PART[0]), h - 46 - 84))


@cached
@lru_cache(maxsize=32)
def panorama_face(kind: str, part: int, w: int, h: int) -> pygame.Surface:
    """The next part of a panorama as a card: its part of the kind's one painting (the cards of
    a kind side by side make the whole landscape), its number in a seal, and its points."""
    total = SECTIONS[kind]
    surf = _card(w, h, KIND_COLOURS[kind], f"{KIND_NAMES[kind].capitalize()} panorama", wash=f"{kind} {part}")
    window = panorama_art_rect(w, h)
    piece = landscape(kind).subsurface(((part - 1) * PANO_PART[0], 0, *PANO_PART))
    tall = round(PANO_PART[1] * window.w / PANO_PART[0])
    scaled = pygame.transform.smoothscale(piece, (window.w, tall))
    surf.blit(scaled, window, pygame.Rect(0, tall - window.h, window.w, window.h))     # the land whole, less sky
    pygame.draw.rect(surf, CARD_EDGE, window.inflate(2, 2), 1)
    _seal(surf, str(part), (window.x + 22, window.y + 22))
    theme.draw_text(surf, f"part {part} of {total}", (w // 2, window.bottom + 24), theme.SIZE_BODY, theme.INK,
                    bold=True, anchor="center")
    pips = pygame.Rect(0, 0, total * 16 - 4, 10)
    pips.center = (w // 2, window.bottom + 50)
    for k in range(total):                      # where this part lies in the whole
        pip = pygame.Rect(pips.x + k * 16, pips.y, 12, 10)
        pygame.draw.rect(surf, KIND_COLOURS[kind] if k == part - 1 else PAPER_LINE, pip, border_radius=2)
    theme.draw_text(surf, f"+{plural(part, 'point')}", (w // 2, window.bottom + 70), theme.SIZE_SMALL, INK_SOFT,
                    anchor="center")
    return for_blits(surf, alpha=True)


POOL_CARD = (262, 114)       # a legendary object, amulet or calligraphy in the panel: three to a row


def pool_name(what: str, key: str) -> str:
    """The printed name of a legendary object, amulet or calligraphy."""
    return LEGENDARY[key][0] if what == LEGEND else key.title()


def pool_price(what: str, key: str) -> int:
    """What a legendary object, amulet or calligraphy costs."""
    return LEGENDARY[key][1] if what == LEGEND else 1


@cached
@lru_cache(maxsize=64)
def pool_face(what: str, key: str, edition: str = FIRST_EDITION) -> pygame.Surface:
    """A legendary object, amulet or calligraphy, lying sideways: on the left its family's
    colour, its painting and its price; on the right its name and what it does in the rules
    `edition` played."""
    w, h = POOL_CARD
    colour = POOL_COLOURS[what]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, CARD_EDGE, rect, border_radius=10)
    pygame.draw.rect(surf, theme.PAPER, rect.inflate(-4, -4), border_radius=9)
    side = pygame.Rect(2, 2, 66, h - 4)
    _wash(surf, pygame.Rect(side.right, 4, w - side.right - 6, h - 8), colour, key)
    pygame.draw.rect(surf, colour, side, border_top_left_radius=9, border_bottom_left_radius=9)
    img = motif(POOL_MOTIFS[what], 50, "#f4efe2" if what == CALLI else colour)
    pygame.draw.circle(surf, theme.PAPER, (side.centerx, 34), 30)
    surf.blit(img, img.get_rect(center=(side.centerx, 34)))
    coin = icon("tok_coin", 22, theme.PAPER)
    label = theme.text(str(pool_price(what, key)), theme.SIZE_BODY, tuple(theme.PAPER), True)
    x = side.centerx - (coin.get_width() + 4 + label.get_width()) // 2
    surf.blit(coin, coin.get_rect(midleft=(x, h - 22)))
    surf.blit(label, label.get_rect(midleft=(x + coin.get_width() + 4, h - 22)))
    text = pygame.Rect(side.right + 8, 6, w - side.right - 14, h - 10)
    name = pool_name(what, key)
    size = fitting_size(name, text.w, (theme.SIZE_BODY, 20, theme.SIZE_SMALL))
    theme.draw_text(surf, name, text.topleft, size, theme.INK, bold=True, max_width=text.w)
    head = theme.font(size, True).get_linesize()
    tsize, lines = fit_paragraph(pool_text(key, edition), text.w, text.h - head)
    draw_lines(surf, lines, tsize, pygame.Rect(text.x, text.y + head, text.w, text.h - head), theme.INK)
    return for_blits(surf, alpha=True)
