"""Card faces for the Ticket to Ride table: train cards (colour, symbol, name or count),
card backs, destination tickets, festival badges and the seats' train cars.

Every picture is drawn from the data (cards.toml through art.colour_table) and cached; treat
the returned surfaces as read-only.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.caches import cached
from game.ui.icons import icon

from . import art

BACK = pygame.Color("#3c4d6b")
BACK_TICKETS = pygame.Color("#7a5a3a")
TICKET_PAPER = pygame.Color("#f4ead2")
DONE = pygame.Color("#2f8f4e")
FESTIVAL_RED = pygame.Color("#b8322a")


def _convert(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_surface() else surface


@lru_cache(maxsize=1)
def colours() -> dict[str, tuple[tuple[int, int, int], str]]:
    """Colour key -> (fill, symbol), from cards.toml."""
    return art.colour_table()


@cached
@lru_cache(maxsize=128)
def train_card(colour: str, size: tuple[int, int], label: str = "", count: int | None = None) -> pygame.Surface:
    """A train card: its colour, its symbol large, and its name (face-up cards) or a count
    (the hand)."""
    fill, symbol = colours()[colour]
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (18, 20, 24), rect, border_radius=8)
    pygame.draw.rect(surf, (250, 248, 242), rect.inflate(-2, -2), border_radius=8)
    pygame.draw.rect(surf, fill, rect.inflate(-8, -8), border_radius=6)
    ink = art.contrast_ink(fill)
    w, h = size
    if count is not None:
        mark = min(w - 22, h // 3)
        art.draw_symbol(surf, symbol, (w / 2, 10 + mark / 2), mark, ink)
        theme.draw_text(surf, str(count), (w // 2, h - 3), theme.SIZE_LARGE, ink, bold=True, anchor="midbottom")
    else:
        mark = min(w - 24, h - 40)
        art.draw_symbol(surf, symbol, (w / 2, 8 + mark / 2 + 3), mark, ink)
        if label:
            theme.draw_text(surf, label, (w // 2, h - 7), theme.SIZE_SMALL, ink, bold=True, anchor="midbottom",
                            max_width=w - 10)
    return _convert(surf)


@cached
@lru_cache(maxsize=16)
def card_back(size: tuple[int, int], tickets: bool = False) -> pygame.Surface:
    """The back of a train card (a rail sign) or of a destination ticket."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (18, 20, 24), rect, border_radius=8)
    pygame.draw.rect(surf, (236, 230, 214), rect.inflate(-2, -2), border_radius=8)
    pygame.draw.rect(surf, BACK_TICKETS if tickets else BACK, rect.inflate(-8, -8), border_radius=6)
    ink = (236, 230, 214)
    cx, cy = rect.center
    if tickets:
        img = icon("ticket_single", min(size) // 2, ink)
        surf.blit(img, img.get_rect(center=(cx, cy)))
    else:   # two rails and sleepers
        for dy in (-8, 8):
            pygame.draw.line(surf, ink, (12, cy + dy), (rect.width - 12, cy + dy), 3)
        for x in range(18, rect.width - 12, 12):
            pygame.draw.line(surf, ink, (x, cy - 13), (x, cy + 13), 2)
    return _convert(surf)


@cached
@lru_cache(maxsize=256)
def ticket_card(a: str, b: str, points: int, size: tuple[int, int], done: bool | None = None,
                chosen: bool = False) -> pygame.Surface:
    """A destination ticket: the two cities, the points in a disc; `done` marks a completed
    ticket (True: a green tick, False at the end: struck), `chosen` a toggled one."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (18, 20, 24), rect, border_radius=8)
    paper = TICKET_PAPER if not chosen else pygame.Color("#fff3b8")
    pygame.draw.rect(surf, paper, rect.inflate(-2, -2), border_radius=8)
    narrow = rect.width < 200    # three to a row: a smaller disc and type (16 px at 1080p)
    two_lines = rect.height >= 44
    d = 28 if narrow else 38
    disc = pygame.Rect(0, 0, d, d)
    left = 8 if narrow else 10
    full_w = rect.width - left - 6                      # a line that runs the card's whole width
    beside_w = rect.width - d - 5 - left - (10 if done else 4)   # a line beside the disc
    if narrow and two_lines:
        # the disc in a corner, so that one line runs the whole width; the cities keep their
        # order (the same as everywhere else), so the disc goes beside the one that fits
        font = theme.font(16, bold=True)
        if font.size(a)[0] <= beside_w or font.size(b)[0] > beside_w:
            disc.topright = (rect.right - 5, rect.y + 5)
            widths = (beside_w, full_w)
        else:
            disc.bottomright = (rect.right - 5, rect.bottom - 5)
            widths = (full_w, beside_w)
    else:
        disc.midright = (rect.right - 6, rect.centery)
        widths = (disc.left - left - (10 if done else 4),) * 2
    pygame.draw.ellipse(surf, (60, 48, 36), disc)
    theme.draw_text(surf, str(points), disc.center, theme.SIZE_SMALL if narrow else theme.SIZE_BODY, theme.PAPER,
                    bold=True, anchor="center")
    size_text = 16 if narrow else theme.SIZE_SMALL
    if two_lines:
        theme.draw_text(surf, a, (left, rect.centery - 1), size_text, theme.INK, bold=True,
                        anchor="bottomleft", max_width=widths[0])
        theme.draw_text(surf, b, (left, rect.centery + 1), size_text, theme.INK, bold=True,
                        anchor="topleft", max_width=widths[1])
    else:
        theme.draw_text(surf, f"{a} – {b}", (left, rect.centery), size_text, theme.INK, bold=True,
                        anchor="midleft", max_width=widths[0])
    if done:   # a green rim and a ticked badge on the disc's shoulder
        pygame.draw.rect(surf, DONE, rect.inflate(-2, -2), 3, border_radius=8)
        badge = pygame.Rect(0, 0, 18, 18)
        badge.center = (disc.left + 3, disc.top + 3)
        pygame.draw.ellipse(surf, DONE, badge)
        tick = [(badge.x + 4, badge.centery), (badge.x + 8, badge.bottom - 5), (badge.right - 4, badge.y + 5)]
        pygame.draw.lines(surf, theme.PAPER, False, tick, 2)
    elif done is False:   # a red rim, and the names struck through
        pygame.draw.rect(surf, theme.WARNING, rect.inflate(-2, -2), 3, border_radius=8)
        pygame.draw.line(surf, theme.WARNING, (6, rect.height - 8), (disc.left - 6, 8), 3)
    return _convert(surf)


@cached
@lru_cache(maxsize=64)
def festival_badge(count: int) -> pygame.Surface:
    """Festival cards lying at a city: a small stack of cards with the count on it."""
    layers = min(3, max(1, count))
    w, h = 22, 28
    surf = pygame.Surface((w + 2 * (layers - 1) + 2, h + 2 * (layers - 1) + 2), pygame.SRCALPHA)
    for k in range(layers - 1, -1, -1):
        r = pygame.Rect(2 * k, 2 * (layers - 1 - k), w, h)
        pygame.draw.rect(surf, (30, 24, 20), r, border_radius=4)
        pygame.draw.rect(surf, FESTIVAL_RED if k == 0 else (150, 60, 50), r.inflate(-2, -2), border_radius=4)
    front = pygame.Rect(0, 2 * (layers - 1), w, h)
    theme.draw_text(surf, str(count), front.center, theme.SIZE_SMALL, theme.PAPER, bold=True, anchor="center")
    return _convert(surf)


CAR_EDGE = (18, 18, 20)


@lru_cache(maxsize=256)
def car_body(seat_colour: int, length: int, width: int) -> pygame.Surface:
    """A seat's train car lying east, unturned and without its shadow or mark: a body a
    little larger than a printed space, a heavy dark rim, a light roof and a dark keel, so
    that it reads as a piece set on the board, not as a printed space of a card colour."""
    fill = tuple(theme.seat_colour(seat_colour))[:3]
    k = art.SUPERSAMPLE
    w, h = length + 4, width + 5          # a little larger than the space it covers
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    body = big.get_rect()
    radius = round(min(h * 0.3, 5) * k)
    pygame.draw.rect(big, (*CAR_EDGE, 255), body, border_radius=radius)
    rim = round(1.8 * k)
    inner = body.inflate(-2 * rim, -2 * rim)
    pygame.draw.rect(big, (*fill, 255), inner, border_radius=max(1, radius - rim))
    keel = inner.copy()
    keel.height = max(k, round(inner.height * 0.22))
    keel.bottom = inner.bottom
    shade = tuple(round(c * 0.62) for c in fill)
    pygame.draw.rect(big, (*shade, 255), keel, border_bottom_left_radius=max(1, radius - rim),
                     border_bottom_right_radius=max(1, radius - rim))
    roof = inner.inflate(-3 * k, 0)
    roof.height = max(k, round(inner.height * 0.2))
    roof.top = inner.top + k
    light = tuple(min(255, round(c + (255 - c) * 0.55)) for c in fill)
    pygame.draw.rect(big, (*light, 255), roof, border_radius=k)
    # couplers: a dark notch at each end, as a real car has
    for x in (inner.left + k, inner.right - 2 * k):
        pygame.draw.rect(big, (*CAR_EDGE, 255), (x, inner.top + inner.height // 3, k, inner.height // 3))
    return pygame.transform.smoothscale(big, (w, h))


@cached
@lru_cache(maxsize=2048)
def train_car(seat_colour: int, angle: int, length: int, width: int) -> pygame.Surface:
    """One train car of a seat covering a route space of `length` x `width` px, turned
    `angle` degrees (screen, clockwise from east), with a soft shadow to the lower right and
    the seat's shape upright in a contrasting ink. The car is centred on the surface."""
    fill = tuple(theme.seat_colour(seat_colour))[:3]
    turned = pygame.transform.rotozoom(car_body(seat_colour, length, width), -angle, 1.0)
    pad = 4
    size = (turned.get_width() + 2 * pad, turned.get_height() + 2 * pad)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    shadow = turned.copy()
    shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    shadow.fill((255, 255, 255, 120), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(shadow, (pad + 2, pad + 3))
    surf.blit(turned, (pad, pad))
    ink = art.contrast_ink(fill)
    mark = max(9, width)
    shape = icon(f"shape_{theme.seat_shape(seat_colour)}", mark, ink)
    surf.blit(shape, shape.get_rect(center=(size[0] // 2, size[1] // 2)))
    return _convert(surf)
