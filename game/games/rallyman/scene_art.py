"""Rallyman GT's drawn pieces: the little top-down GT cars, the dice and their faces, the gear
marker, caution, focus and damage tokens. Everything is drawn by us from shapes and cached, so
the table only blits pictures already made."""
from __future__ import annotations

import functools
import math

import pygame

from game.ui import theme
from game.ui.icons import icon
from game.ui.render import for_blits

CAR_LEN, CAR_W = 46, 24          # a car on the map (map pixels at scale 1)
GEAR_DIE = (28, 30, 34)
COAST_DIE = (240, 238, 232)
BRAKE_DIE = (200, 46, 46)
CAUTION_YELLOW = (255, 204, 0)
FOCUS_BLUE = (86, 180, 233)
DIE_NAMES = {"coast": "Coast", "brake": "Brake"}


@functools.lru_cache(maxsize=64)
def _car_upright(colour: tuple[int, int, int], shape: str, number: int, scale: float) -> pygame.Surface:
    """The car pointing up the map, drawn at 3x and smoothed down (clean edges when turned)."""
    k = 3
    w, h = round(CAR_W * scale * k), round(CAR_LEN * scale * k)
    big = pygame.Surface((w + 2 * k, h + 2 * k), pygame.SRCALPHA)
    body = pygame.Rect(k, k, w, h)
    dark = (22, 22, 24)
    pygame.draw.rect(big, (0, 0, 0, 90), body.move(k, 2 * k), border_radius=w // 3)
    # wheels peek out at the sides
    for fy in (0.2, 0.72):
        wheel = pygame.Rect(0, k + int(h * fy), w + 2 * k, int(h * 0.16))
        pygame.draw.rect(big, dark, wheel, border_radius=k * 2)
    pygame.draw.rect(big, dark, body, border_radius=w // 3)
    pygame.draw.rect(big, colour, body.inflate(-2 * k, -2 * k), border_radius=w // 3 - k)
    # windscreen at the front (top), rear window at the back
    glass = (38, 56, 78)
    cx = body.centerx
    top = body.y + int(h * 0.24)
    pygame.draw.polygon(big, glass, [(body.x + 3 * k, top + int(h * 0.1)), (body.right - 3 * k, top + int(h * 0.1)),
                                     (body.right - 5 * k, top), (body.x + 5 * k, top)])
    rear = body.y + int(h * 0.72)
    pygame.draw.polygon(big, glass, [(body.x + 4 * k, rear), (body.right - 4 * k, rear),
                                     (body.right - 5 * k, rear + int(h * 0.07)),
                                     (body.x + 5 * k, rear + int(h * 0.07))])
    # the roof mark: the seat's shape in a dark disc, so it reads on every seat colour
    roof = (cx, body.y + int(h * 0.5))
    radius = int(w * 0.34)
    pygame.draw.circle(big, dark, roof, radius)
    mark = icon(f"shape_{shape}", int(radius * 1.5), theme.PAPER)
    big.blit(mark, mark.get_rect(center=roof))
    # the number plate at the nose
    plate = pygame.Rect(0, 0, int(w * 0.6), int(h * 0.13))
    plate.midtop = (cx, body.y + 2 * k)
    pygame.draw.rect(big, theme.PAPER, plate, border_radius=k)
    digits = theme.font(max(8, plate.height), True).render(str(number), True, dark)
    digits = pygame.transform.smoothscale(digits, (min(plate.width, digits.get_width()), plate.height))
    big.blit(digits, digits.get_rect(center=plate.center))
    small = pygame.transform.smoothscale(big, (big.get_width() // k, big.get_height() // k))
    return small


@functools.lru_cache(maxsize=1024)
def car(colour: tuple[int, int, int], shape: str, number: int, heading: float, scale: float = 1.0) -> pygame.Surface:
    """A seat's car pointing along a compass heading (0 = up the map, clockwise)."""
    upright = _car_upright(colour, shape, number, scale)
    return for_blits(pygame.transform.rotozoom(upright, -round(heading / 5) * 5, 1.0), alpha=True)


@functools.lru_cache(maxsize=256)
def die(kind: int | str, size: int, face: str | int | None = None, dim: bool = False) -> pygame.Surface:
    """A die of `kind` (1-6, "coast", "brake") showing its kind's mark, or a rolled `face`:
    "caution", "blank", "secured" or its gear number."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surface.get_rect().inflate(-2, -2)
    fill = GEAR_DIE if isinstance(kind, int) else COAST_DIE if kind == "coast" else BRAKE_DIE
    ink = theme.PAPER if fill != COAST_DIE else theme.INK
    radius = max(3, size // 6)
    pygame.draw.rect(surface, (10, 10, 12), rect.move(0, 1), border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, (90, 90, 96) if fill == GEAR_DIE else (40, 40, 44), rect, 1, border_radius=radius)
    c = rect.center
    if face == "caution":
        caution(surface, (c[0], c[1] + size // 10), int(size * 0.62))
        # the die's own mark stays readable in its corner
        mark = str(kind) if isinstance(kind, int) else kind[0].upper()
        _centre_text(surface, mark, (rect.x + size // 5, rect.y + size // 5), int(size * 0.3), ink)
    elif face == "secured":
        pygame.draw.circle(surface, FOCUS_BLUE, c, int(size * 0.32))
        pygame.draw.circle(surface, theme.PAPER, c, int(size * 0.32), max(1, size // 14))
        _centre_text(surface, str(kind) if isinstance(kind, int) else "", c, int(size * 0.42), theme.INK)
    elif face == "blank":
        # a blank face: only the die's initial in its corner says which die it is
        initial = kind[0].upper() if isinstance(kind, str) else ""
        _centre_text(surface, initial, (rect.x + size // 5, rect.y + size // 5), int(size * 0.3), ink)
    elif isinstance(kind, int) or isinstance(face, int):
        _centre_text(surface, str(face if isinstance(face, int) else kind), c, int(size * 0.62), ink)
    elif kind == "coast":
        # coast: two bars, the gear held
        for dy in (-size // 8, size // 8):
            pygame.draw.line(surface, ink, (c[0] - size // 4, c[1] + dy), (c[0] + size // 4, c[1] + dy),
                             max(2, size // 10))
    else:
        # brake: a disc
        pygame.draw.circle(surface, ink, c, int(size * 0.26), max(2, size // 10))
        pygame.draw.circle(surface, ink, c, max(2, size // 12))
    if dim:
        veil = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(veil, (30, 34, 39, 170), rect, border_radius=radius)
        surface.blit(veil, (0, 0))
    return for_blits(surface, alpha=True)


def struck(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A lost die: crossed out in the warning colour."""
    r = rect.inflate(-4, -4)
    pygame.draw.line(surface, theme.WARNING, r.topleft, r.bottomright, 3)
    pygame.draw.line(surface, theme.WARNING, r.bottomleft, r.topright, 3)


def _centre_text(surface: pygame.Surface, text: str, centre: tuple[int, int], size: int, colour) -> None:
    if text:
        image = theme.font(max(8, size), True).render(text, True, colour)
        surface.blit(image, image.get_rect(center=centre))


def caution(surface: pygame.Surface, centre: tuple[int, int], size: int, filled: bool = True) -> None:
    """The caution mark: a yellow triangle with "!" (an empty outline for a free place)."""
    x, y = centre
    h = size * 0.9
    points = [(x, y - h / 2), (x + size / 2, y + h / 2), (x - size / 2, y + h / 2)]
    if filled:
        pygame.draw.polygon(surface, CAUTION_YELLOW, points)
        pygame.draw.polygon(surface, (40, 32, 0), points, max(1, size // 14))
        _centre_text(surface, "!", (x, int(y + h * 0.1)), int(size * 0.7), (30, 24, 0))
    else:
        pygame.draw.polygon(surface, theme.LINE, points, max(2, size // 10))


def focus_token(surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
    """A focus token: a blue disc with a white eye-dot."""
    pygame.draw.circle(surface, (18, 40, 60), centre, size // 2 + 1)
    pygame.draw.circle(surface, FOCUS_BLUE, centre, size // 2 - 1)
    pygame.draw.circle(surface, theme.PAPER, centre, max(2, size // 6))


@functools.lru_cache(maxsize=64)
def gear_marker(marker: int | str, size: int) -> pygame.Surface:
    """The dashboard's gear marker: 0, 00 (off the track) or 1-6."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surface.get_rect().inflate(-2, -2)
    spun = marker == "00"
    fill = theme.WARNING if spun else (70, 76, 86) if marker == 0 else (232, 230, 227)
    ink = theme.PAPER if spun or marker == 0 else theme.INK
    pygame.draw.rect(surface, fill, rect, border_radius=size // 5)
    pygame.draw.rect(surface, (10, 10, 12), rect, 2, border_radius=size // 5)
    _centre_text(surface, str(marker), rect.center, int(size * (0.5 if spun else 0.66)), ink)
    return for_blits(surface, alpha=True)


TOKEN_WORDS = {
    "gear": "Gear die lost",
    "brake": "Brake die lost",
    "coast": "Coast die lost",
    "weather": "Weather turns",
    "yellow_flag": "Yellow flag",
    "green_flag": "Green flag",
}


def damage_token(token: str, size: int) -> pygame.Surface:
    """A token from the damage bag, as a round chip with its mark."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(surface, (12, 12, 14), c, size // 2)
    pygame.draw.circle(surface, theme.PAPER_DARK, c, size // 2 - 3)
    inner = int(size * 0.5)
    if token in ("gear", "brake", "coast"):
        kind: int | str = 6 if token == "gear" else token
        d = die(kind, inner)
        surface.blit(d, d.get_rect(center=c))
        struck(surface, d.get_rect(center=c))
    elif token == "weather":
        # a cloud with rain
        cloud = (96, 110, 128)
        for dx, dy, r in ((-0.12, 0, 0.14), (0.08, -0.06, 0.18), (0.2, 0.03, 0.12)):
            pygame.draw.circle(surface, cloud, (int(c[0] + dx * size), int(c[1] + dy * size)), int(r * size))
        for dx in (-0.12, 0.02, 0.16):
            x = int(c[0] + dx * size)
            pygame.draw.line(surface, (40, 90, 200), (x, int(c[1] + 0.16 * size)), (x - 4, int(c[1] + 0.3 * size)), 3)
    else:
        colour = CAUTION_YELLOW if token == "yellow_flag" else (60, 170, 80)
        pole = (int(c[0] - size * 0.18), int(c[1] - size * 0.26))
        pygame.draw.line(surface, theme.INK, pole, (pole[0], int(c[1] + size * 0.28)), 3)
        pygame.draw.polygon(surface, colour, [pole, (int(c[0] + size * 0.24), int(c[1] - size * 0.14)),
                                               (pole[0], int(c[1] - size * 0.02))])
        pygame.draw.polygon(surface, theme.INK, [pole, (int(c[0] + size * 0.24), int(c[1] - size * 0.14)),
                                                  (pole[0], int(c[1] - size * 0.02))], 2)
    return for_blits(surface, alpha=True)


def round_chip(colour: str, size: int) -> pygame.Surface:
    """This round's colour: a white or a black disc."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    fill = (240, 240, 236) if colour == "white" else (16, 16, 18)
    pygame.draw.circle(surface, fill, (size // 2, size // 2), size // 2 - 1)
    pygame.draw.circle(surface, theme.TEXT_DIM, (size // 2, size // 2), size // 2 - 1, 2)
    return for_blits(surface, alpha=True)


def heading_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Compass heading from a to b (0 = up, clockwise)."""
    return math.degrees(math.atan2(b[0] - a[0], -(b[1] - a[1]))) % 360
