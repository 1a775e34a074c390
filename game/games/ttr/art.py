"""The drawing both Ticket to Ride boards share: the colour symbols and a train-car space.

Pure pygame drawing, used by build_scripts/maps/ttr.py for the board art and by the game's
scene for claims and cards. Every mark is drawn supersampled and smoothed down, so a symbol
stays recognisable at 10-12 px.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

Colour = tuple[int, int, int]
Point = tuple[float, float]

SUPERSAMPLE = 4
OUTLINE: Colour = (52, 46, 40)
DARK_INK: Colour = (40, 36, 34)
LIGHT_INK: Colour = (250, 248, 242)


def hex_colour(code: str) -> Colour:
    """'#d2463c' -> (210, 70, 60)."""
    code = code.lstrip("#")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


def colour_table() -> dict[str, tuple[Colour, str]]:
    """Colour key -> (fill, symbol) from the game's cards.toml: the eight card colours, the
    locomotive ("loco", the wheel) and "grey" (grey routes carry no symbol: "")."""
    from game.assets import game_data

    data = game_data("ttr")
    table = {c["key"]: (hex_colour(c["hex"]), str(c["symbol"])) for c in data["colours"]}
    loco = data["locomotive"]
    table[loco["key"]] = (hex_colour(loco["hex"]), str(loco["symbol"]))
    table["grey"] = (hex_colour(data["grey"]["hex"]), "")
    return table


def contrast_ink(fill: Colour) -> Colour:
    """Dark ink on light fills, light ink on dark ones (relative luminance)."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * channel(fill[0]) + 0.7152 * channel(fill[1]) + 0.0722 * channel(fill[2])
    return DARK_INK if lum > 0.22 else LIGHT_INK


# Each painter draws one symbol on a square surface of side n (supersampled pixels), filling
# most of it, in `ink`.
Painter = Callable[[pygame.Surface, int, Colour], None]


def _pts(n: int, pts: Sequence[Point]) -> list[Point]:
    return [(x * n, y * n) for x, y in pts]


def _diamond(s: pygame.Surface, n: int, ink: Colour) -> None:
    pygame.draw.polygon(s, ink, _pts(n, [(0.5, 0.02), (0.9, 0.5), (0.5, 0.98), (0.1, 0.5)]))


def _triangle(s: pygame.Surface, n: int, ink: Colour) -> None:
    pygame.draw.polygon(s, ink, _pts(n, [(0.5, 0.06), (0.98, 0.9), (0.02, 0.9)]))


def _sun(s: pygame.Surface, n: int, ink: Colour) -> None:
    c = n / 2
    pygame.draw.circle(s, ink, (c, c), n * 0.25)
    # Eight short rays: a disc alone would read as a dot at 10 px.
    for k in range(8):
        a = k * math.pi / 4
        inner, outer = n * 0.34, n * 0.5
        pygame.draw.line(s, ink, (c + inner * math.cos(a), c + inner * math.sin(a)),
                         (c + outer * math.cos(a), c + outer * math.sin(a)), max(1, n // 9))


def _leaf(s: pygame.Surface, n: int, ink: Colour) -> None:
    # A broad pointed oval leaning 45 degrees with a short stem: a thin one vanishes at 10 px.
    pts: list[Point] = []
    for t in range(0, 181, 10):
        a = math.radians(t)
        pts.append((math.cos(a) * 0.44, math.sin(a) * 0.3))
    pts = [(x, y * (1 - (x / 0.44) ** 2) ** 0.1) for x, y in pts]
    ring = pts + [(-x, -y) for x, y in pts[1:-1]]
    turn = math.radians(-45)
    out = [(0.56 + x * math.cos(turn) - y * math.sin(turn),
            0.44 + x * math.sin(turn) + y * math.cos(turn)) for x, y in ring]
    pygame.draw.polygon(s, ink, _pts(n, out))
    if n >= 64:
        # The midrib only where it can be seen (cards, the panel); on a space it would blur.
        pygame.draw.line(s, (0, 0, 0, 0), (n * 0.34, n * 0.66), (n * 0.72, n * 0.28),
                         max(1, n // 16))
    pygame.draw.line(s, ink, (n * 0.06, n * 0.94), (n * 0.3, n * 0.7), max(1, n // 7))


def _drop(s: pygame.Surface, n: int, ink: Colour) -> None:
    cx, cy, r = n * 0.5, n * 0.64, n * 0.32
    pygame.draw.circle(s, ink, (cx, cy), r)
    # The tip: tangents from the top point to the round bottom.
    tip = (cx, n * 0.02)
    d = cy - tip[1]
    a = math.asin(r / d)
    left = (cx - r * math.cos(a), cy - r * math.sin(a))
    right = (cx + r * math.cos(a), cy - r * math.sin(a))
    pygame.draw.polygon(s, ink, [tip, right, (cx, cy), left])


def _heart(s: pygame.Surface, n: int, ink: Colour) -> None:
    r = n * 0.24
    pygame.draw.circle(s, ink, (n * 0.28, n * 0.34), r)
    pygame.draw.circle(s, ink, (n * 0.72, n * 0.34), r)
    pygame.draw.polygon(s, ink, _pts(n, [(0.06, 0.44), (0.5, 0.96), (0.94, 0.44),
                                          (0.5, 0.3)]))


def _square(s: pygame.Surface, n: int, ink: Colour) -> None:
    pygame.draw.rect(s, ink, pygame.Rect(round(n * 0.14), round(n * 0.14),
                                         round(n * 0.72), round(n * 0.72)))


def _cross(s: pygame.Surface, n: int, ink: Colour) -> None:
    w = n * 0.13
    for (x0, y0), (x1, y1) in (((0.12, 0.12), (0.88, 0.88)), ((0.88, 0.12), (0.12, 0.88))):
        dx, dy = (x1 - x0), (y1 - y0)
        length = math.hypot(dx, dy)
        ox, oy = -dy / length * w, dx / length * w
        pygame.draw.polygon(s, ink, [(x0 * n + ox, y0 * n + oy), (x1 * n + ox, y1 * n + oy),
                                     (x1 * n - ox, y1 * n - oy), (x0 * n - ox, y0 * n - oy)])


def _wheel(s: pygame.Surface, n: int, ink: Colour) -> None:
    # A thin rim and three bold spokes: a thick rim and hub would read as a city's circle.
    c = n / 2
    pygame.draw.circle(s, ink, (c, c), n * 0.48, max(1, round(n * 0.1)))
    for k in range(3):
        a = k * math.pi / 3 + math.pi / 6
        pygame.draw.line(s, ink, (c - n * 0.44 * math.cos(a), c - n * 0.44 * math.sin(a)),
                         (c + n * 0.44 * math.cos(a), c + n * 0.44 * math.sin(a)),
                         max(1, round(n * 0.13)))


PAINTERS: dict[str, Painter] = {
    "diamond": _diamond, "triangle": _triangle, "sun": _sun, "leaf": _leaf, "drop": _drop,
    "heart": _heart, "square": _square, "cross": _cross, "wheel": _wheel,
}


def symbol_surface(symbol: str, size: int, ink: Colour) -> pygame.Surface:
    """One symbol, `size` px square, smoothed, on a transparent surface."""
    n = max(1, size) * SUPERSAMPLE
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    painter = PAINTERS.get(symbol)
    if painter is None:
        raise KeyError(f"unknown colour symbol {symbol!r}")
    painter(big, n, (*ink, 255))  # type: ignore[arg-type]
    return pygame.transform.smoothscale(big, (max(1, size), max(1, size)))


def draw_symbol(surface: pygame.Surface, symbol: str, centre: Point, size: int,
                ink: Colour) -> None:
    """Draw a colour symbol (a name from cards.toml) `size` px across, centred."""
    if not symbol:
        return
    mark = symbol_surface(symbol, size, ink)
    surface.blit(mark, (round(centre[0] - size / 2), round(centre[1] - size / 2)))


def space_polygon(centre: Point, angle_deg: float, length: float,
                  width: float) -> list[Point]:
    """The four corners of a space turned `angle_deg` (screen degrees, clockwise from east)."""
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = -uy, ux
    hl, hw = length / 2, width / 2
    cx, cy = centre
    return [(cx + ux * sx * hl + vx * sy * hw, cy + uy * sx * hl + vy * sy * hw)
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


def draw_space(surface: pygame.Surface, centre: Point, angle_deg: float, length: float,
               width: float, fill: Colour, symbol: str, ink: Colour,
               locomotive: bool = False, outline: Colour = OUTLINE) -> None:
    """One train-car space: a rounded rectangle along the route (angle in screen degrees,
    clockwise from east), a dark outline, and the colour's symbol upright in it; a ferry's
    locomotive space shows the wheel instead."""
    k = SUPERSAMPLE
    pad = 2
    w_big, h_big = round((length + 2 * pad) * k), round((width + 2 * pad) * k)
    big = pygame.Surface((w_big, h_big), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    body = pygame.Rect(round(pad * k), round(pad * k), round(length * k), round(width * k))
    radius = round(min(width * 0.32, 4.0) * k)
    pygame.draw.rect(big, (*outline, 255), body, border_radius=radius)
    edge = max(1, round(1.1 * k))
    inner = body.inflate(-2 * edge, -2 * edge)
    pygame.draw.rect(big, (*fill, 255), inner, border_radius=max(0, radius - edge))
    # A faint sheen along the top edge gives the car a little body.
    sheen = inner.inflate(-2 * k, 0)
    sheen.height = max(1, round(width * 0.18 * k))
    sheen.top = inner.top + k
    glow = pygame.Surface(sheen.size, pygame.SRCALPHA)
    glow.fill((255, 255, 255, 46))
    big.blit(glow, sheen.topleft)
    small = pygame.transform.smoothscale(big, (round(length + 2 * pad), round(width + 2 * pad)))
    turned = pygame.transform.rotozoom(small, -angle_deg, 1.0)
    surface.blit(turned, (round(centre[0] - turned.get_width() / 2),
                          round(centre[1] - turned.get_height() / 2)))
    mark = "wheel" if locomotive else symbol
    if mark:
        size = max(6, round(width * 0.82))
        draw_symbol(surface, mark, centre, size, ink)
