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

from game.ui import theme
from game.ui.caches import cached
from game.ui.icons import icon

from .rules import (AMULET, CALLI, ENCOUNTER, ENCOUNTER_NAMES, FARM, HOTSPRING, INN, KIND_NAMES, LEGEND, LEGENDARY,
                    MEAL_POINTS, MEALS, SECTIONS, SOUVENIRS, TEMPLE, TRAVELLERS, VILLAGE)
from .data import FIRST_EDITION
from .words import ENCOUNTER_TEXT, FAMILY_NAMES, plural, pool_text

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
    return _ready(pygame.transform.smoothscale(s, (size, size)))


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
    return _ready(pygame.transform.smoothscale(s, (size, size)))


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
    return _ready(surf)


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
    theme.draw_text(surf, f"+{plural(part, 'point')}", (w // 2, 194), theme.SIZE_SMALL, INK_SOFT, anchor="center")
    return _ready(surf)


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
    return _ready(surf)
