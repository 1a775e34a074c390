"""The Tokaido board's art, our own, in an Edo palette: washi paper, the sea with its wave
scales, ink-wash mountains, Fuji, pines, mist, hamlets, paddies, the river and its bridge.

Every painter draws on a supersampled Canvas or Layer in map pixels; the small variations come
from TokaidoRandom, so the same seed paints the same bytes.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from .common import Canvas, Layer, Point, densify, hex_colour, mix

WASHI = hex_colour("#efe6d2")
SUMI = hex_colour("#2b2824")
INDIGO = hex_colour("#2e4a6b")
VERMILION = hex_colour("#c0392b")
OCHRE = hex_colour("#b8913e")
GOLD_MIST = hex_colour("#ead8a4")
PINE = hex_colour("#4a6448")
PINE_DARK = hex_colour("#35493a")
DIRT = hex_colour("#dcc7a0")
SAND = hex_colour("#e6d6ae")


class TokaidoRandom:
    """A tiny deterministic generator for the art's small variations (an LCG: the same bytes
    on every Python, unlike the random module's derived methods)."""

    def __init__(self, seed: int):
        self.state = seed & 0xFFFFFFFF

    def random(self) -> float:
        self.state = (1664525 * self.state + 1013904223) & 0xFFFFFFFF
        return self.state / 2 ** 32

    def uniform(self, lo: float, hi: float) -> float:
        return lo + (hi - lo) * self.random()


def catmull_rom(points: Sequence[Point], step: float = 1.0) -> list[Point]:
    """A smooth curve through every point (centripetal Catmull-Rom), sampled every ~step px.

    Centripetal keeps the curve from looping or overshooting where points bunch up (the bends).
    The ends are extended by mirroring their neighbours.
    """
    pts = list(points)
    first = (2 * pts[0][0] - pts[1][0], 2 * pts[0][1] - pts[1][1])
    last = (2 * pts[-1][0] - pts[-2][0], 2 * pts[-1][1] - pts[-2][1])
    ext = [first, *pts, last]
    out: list[Point] = []
    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1:i + 3]
        t1 = math.dist(p0, p1) ** 0.5
        t2 = t1 + math.dist(p1, p2) ** 0.5
        t3 = t2 + math.dist(p2, p3) ** 0.5
        n = max(2, math.ceil(math.dist(p1, p2) / step))
        for j in range(n):
            t = t1 + (t2 - t1) * j / n

            def lerp(a: Point, b: Point, ta: float, tb: float, t: float = t) -> Point:
                u = (t - ta) / (tb - ta)
                return a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u

            a1, a2, a3 = lerp(p0, p1, 0, t1), lerp(p1, p2, t1, t2), lerp(p2, p3, t2, t3)
            b1, b2 = lerp(a1, a2, 0, t2), lerp(a2, a3, t1, t3)
            out.append(lerp(b1, b2, t1, t2))
    out.append(pts[-1])
    return out


def alpha_ramp(width: int, height: int, stops: Sequence[tuple[float, int]]) -> pygame.Surface:
    """A white surface whose alpha runs down it through (fraction of height, alpha) stops;
    multiplied into a layer (BLEND_RGBA_MULT) it fades that layer from top to bottom."""
    column = pygame.Surface((1, max(1, height)), pygame.SRCALPHA)
    for y in range(max(1, height)):
        t = y / max(1, height - 1)
        for (t0, a0), (t1, a1) in zip(stops, stops[1:]):
            if t0 <= t <= t1:
                u = 0.0 if t1 == t0 else (t - t0) / (t1 - t0)
                u = u * u * (3 - 2 * u)
                column.set_at((0, y), (255, 255, 255, round(a0 + (a1 - a0) * u)))
                break
    return pygame.transform.scale(column, (max(1, width), max(1, height)))


def brush(layer: Canvas, pts: Sequence[Point], widths: Sequence[float],
          colour: tuple[int, ...]) -> None:
    """A brush stroke: discs along the polyline whose width swells and thins (map pixels)."""
    dense = densify(pts, 0.5)
    n = len(dense)
    for i, (x, y) in enumerate(dense):
        t = i / max(1, n - 1)
        k = min(int(t * (len(widths) - 1)), len(widths) - 2)
        u = t * (len(widths) - 1) - k
        w = widths[k] + (widths[k + 1] - widths[k]) * u
        if w > 0:
            pygame.draw.circle(layer.surface, colour, (x * layer.scale, y * layer.scale),
                               w * layer.scale / 2)


def paint_washi(canvas: Canvas, rng: TokaidoRandom) -> None:
    """Washi paper: a faint mottle and a scatter of fibres, darker and lighter."""
    w, h = 56, 26
    mottle = pygame.Surface((w, h))
    for y in range(h):
        for x in range(w):
            d = rng.uniform(-3.5, 3.5)
            mottle.set_at((x, y), tuple(max(0, min(255, round(c + d))) for c in WASHI))
    canvas.surface.blit(pygame.transform.smoothscale(mottle, canvas.surface.get_size()), (0, 0))
    s = canvas.scale
    for _ in range(3400):
        x, y = rng.uniform(0, canvas.width), rng.uniform(0, canvas.height)
        length = rng.uniform(4, 22)
        angle = rng.uniform(0, math.pi)
        bend = rng.uniform(-0.5, 0.5)
        pts = []
        for j in range(6):
            t = j / 5 - 0.5
            a = angle + bend * t
            pts.append(((x + math.cos(a) * length * t) * s, (y + math.sin(a) * length * t) * s))
        dark = rng.random() < 0.62
        tone = mix(WASHI, hex_colour("#b9a77f") if dark else (255, 252, 244),
                   rng.uniform(0.18, 0.42))
        pygame.draw.lines(canvas.surface, tone, False, pts, 1 + (rng.random() < 0.3))
    for _ in range(900):
        x, y = rng.uniform(0, canvas.width), rng.uniform(0, canvas.height)
        pygame.draw.circle(canvas.surface, mix(WASHI, hex_colour("#9c8a66"), rng.uniform(0.1, 0.3)),
                           (x * s, y * s), rng.uniform(0.8, 2.2))


def sea_outline(coast: Sequence[Point], width: int, height: int) -> list[Point]:
    """The water below the shore line, as one ring."""
    shore = list(coast)
    return [*shore, (width + 10, shore[-1][1]), (width + 10, height + 10), (-10, height + 10),
            (-10, shore[0][1])]


def paint_sand(canvas: Canvas, coast: Sequence[Point]) -> None:
    """A strip of beach above the shore, faded into the paper."""
    width, height = canvas.width, canvas.height
    water = sea_outline(coast, width, height)
    sand = Layer(width, height)
    sand.surface.fill((*SAND, 0))   # blurring mixes in the colour of clear pixels too
    sand.polygon([(x, y - 9) for x, y in coast] + water[len(coast):], (*SAND, 255))
    sand.surface = pygame.transform.gaussian_blur(sand.surface, 3 * canvas.scale)
    canvas.surface.blit(sand.surface, (0, 0))


def paint_sea(canvas: Canvas, coast: Sequence[Point]) -> None:
    """The Pacific along the bottom: indigo water darkening offshore, rows of wave scales
    (seigaiha, faint) and a foam line along the shore."""
    s = canvas.scale
    width, height = canvas.width, canvas.height
    shore = list(coast)
    water = sea_outline(coast, width, height)
    top = min(y for _, y in shore)
    sea = Layer(width, height)
    for y in range(int(top) - 2, height + 1):
        t = (y - top) / max(1.0, height - top)
        pygame.draw.rect(sea.surface, (*mix(hex_colour("#46658a"), INDIGO, min(1.0, t * 1.6)), 255),
                         pygame.Rect(0, y * s, width * s, s))
    cut = Layer(width, height)
    cut.polygon(water, (255, 255, 255, 255))
    sea.surface.blit(cut.surface, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    # Seigaiha: fans of three arcs, each row hiding the bottom of the row above.
    scales = Layer(width, height)
    r = 15.0
    line = (*mix(INDIGO, WASHI, 0.26), 255)
    row = 0
    y = top + 4
    while y < height + r:
        colour = mix(hex_colour("#46658a"), INDIGO, min(1.0, (y - top) / (height - top) * 1.6))
        x = -r + (r if row % 2 else 0.0)
        while x < width + r:
            pygame.draw.circle(scales.surface, (*colour, 255), (x * s, y * s), r * s)
            for rr in (r, r * 0.72, r * 0.44):
                pygame.draw.circle(scales.surface, line, (x * s, y * s), rr * s,
                                   max(1, round(0.55 * s)))
            x += 2 * r
        y += r * 0.55
        row += 1
    scales.surface.blit(cut.surface, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    fade = alpha_ramp(width * s, height * s, [(0, 0), ((top + 5) / height, 0),
                                              ((top + 22) / height, 150), (1.0, 180)])
    scales.surface.blit(fade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    sea.surface.blit(scales.surface, (0, 0))
    canvas.surface.blit(sea.surface, (0, 0))
    # The shore: an ink line, and a foam line just off it.
    canvas.line(shore, mix(INDIGO, SUMI, 0.4), 1.1)
    foam = [(x, y + 4.5 + 1.2 * math.sin(x / 23.0)) for x, y in densify(shore, 6.0)]
    canvas.line(foam, mix(WASHI, INDIGO, 0.15), 0.9)


def paint_mountains(layer: Canvas, ridge: Sequence[Point], base: float, tone: float,
                    rng: TokaidoRandom) -> None:
    """An ink-wash range: the silhouette through the ridge points, dark at the crest and
    fading to nothing at `base`, with a brush line along the crest and a few slope strokes.
    tone 0..1: how dark (far ranges lighter)."""
    s = layer.scale
    crest = catmull_rom(ridge, 1.0)
    left = min(x for x, _ in crest)
    right = max(x for x, _ in crest)
    top = min(y for _, y in crest)
    w, h = round((right - left + 4) * s), round((base - top + 4) * s)
    shape = pygame.Surface((w, h), pygame.SRCALPHA)
    ink = mix(hex_colour("#56606a"), SUMI, 0.35)
    shape.fill((*ink, 0))
    pts = [((x - left + 2) * s, (y - top + 2) * s) for x, y in crest]
    pygame.draw.polygon(shape, (*ink, 255),
                        pts + [(pts[-1][0], h), (pts[0][0], h)])
    # Fade down the slope from the crest, column by column, so every peak starts dark.
    ramp = alpha_ramp(1, 256, [(0.0, round(175 * tone)), (0.22, round(120 * tone)),
                               (0.65, round(35 * tone)), (1.0, 0)])
    walker = sorted(pts)
    strip_w = 4
    j = 0
    for x0 in range(0, w, strip_w):
        while j < len(walker) - 2 and walker[j + 1][0] < x0:
            j += 1
        (ax, ay), (bx, by) = walker[j], walker[j + 1]
        y0 = round(ay + (by - ay) * ((x0 - ax) / (bx - ax) if bx != ax else 0.0))
        y0 = max(0, min(h - 1, y0))
        strip = pygame.Surface((strip_w, h), pygame.SRCALPHA)
        strip.fill((255, 255, 255, 0))
        strip.blit(pygame.transform.smoothscale(ramp, (strip_w, h - y0)), (0, y0))
        shape.blit(strip, (x0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    shape = pygame.transform.gaussian_blur(shape, s)
    layer.surface.blit(shape, (round((left - 2) * s), round((top - 2) * s)))
    # The crest in ink, thicker on the peaks, and a few hemp-fibre strokes down the slopes.
    brush(layer, crest, [0.4, 1.3, 0.9, 1.5, 0.8, 1.2, 0.4], (*SUMI, round(150 * tone)))
    for _ in range(len(crest) // 18):
        x, y = crest[int(rng.uniform(0.1, 0.9) * len(crest))]
        length = rng.uniform(6, 14)
        lean = rng.uniform(-0.35, 0.35)
        brush(layer, [(x, y + 3), (x + lean * length, y + 3 + length)], [0.9, 0.2],
              (*SUMI, round(60 * tone)))


def paint_fuji(layer: Canvas, cx: float, base: float, width: float, height: float) -> None:
    """Mt Fuji: a broad cone with concave flanks, snow streaming down from the crater rim, an
    indigo-grey body fading into the mist at its foot."""
    s = layer.scale
    top = base - height
    half = width / 2
    rim = width * 0.045

    def flank(u: float) -> float:
        """Height above the base at |x - cx| = u * half (u from rim to 1)."""
        v = (u - rim / half) / (1 - rim / half)
        return height * (1 - v) ** 2.3

    right = [(cx + u * half, base - flank(u)) for u in [rim / half + i / 60 * (1 - rim / half)
                                                       for i in range(61)]]
    crater = [(cx - rim, top), (cx - rim * 0.45, top + 1.6), (cx - rim * 0.1, top + 0.6),
              (cx + rim * 0.3, top + 1.8), (cx + rim, top)]
    left = [(2 * cx - x, y) for x, y in reversed(right)]
    outline = left[:-1] + crater + right[1:]
    w, h = round(width * s) + 8, round(height * s) + 8
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    body.fill((*hex_colour("#4f6784"), 0))

    def local(pts: Iterable[Point]) -> list[Point]:
        return [((x - cx + half) * s + 4, (y - top) * s + 4) for x, y in pts]

    pygame.draw.polygon(body, (*hex_colour("#4f6784"), 255), local(outline))
    body.blit(alpha_ramp(w, h, [(0.0, 235), (0.45, 190), (0.8, 70), (1.0, 0)]), (0, 0),
              special_flags=pygame.BLEND_RGBA_MULT)
    # Snow: down to about a third, its lower edge in long and short streaks.
    snow_line = height * 0.36
    snow_right = [(x, y) for x, y in right if y - top <= snow_line]
    x_end, y_end = snow_right[-1]
    edge: list[Point] = []
    # The snow's lower edge: a ragged line with pointed streaks down the gullies, irregular
    # as the real ones. (across the mountain from its right edge, depth of the streak tip)
    streaks = ((0.1, 1.18), (0.21, 1.05), (0.3, 1.32), (0.43, 1.12), (0.55, 1.26),
               (0.64, 1.04), (0.76, 1.22), (0.88, 1.1))
    span = 2 * cx - 2 * x_end
    edge.append((x_end + span * 0.03, top + snow_line * 0.9))
    for i, (t, depth) in enumerate(streaks):
        base_depth = 0.84 + 0.05 * ((i * 7) % 3)
        edge += [(x_end + span * (t - 0.028), top + snow_line * base_depth),
                 (x_end + span * t, top + snow_line * depth),
                 (x_end + span * (t + 0.022), top + snow_line * (base_depth + 0.03))]
    edge.append((x_end + span * 0.97, top + snow_line * 0.9))
    snow_left = [(2 * cx - x, y) for x, y in reversed(snow_right)]
    snow = crater + snow_right[1:] + edge + snow_left[:-1]
    snow_layer = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(snow_layer, (*hex_colour("#fbf7ee"), 255), local(snow))
    cone = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(cone, (255, 255, 255, 255), local(outline))
    snow_layer.blit(cone, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    body.blit(snow_layer, (0, 0))
    body = pygame.transform.gaussian_blur(body, max(1, s // 2))
    layer.surface.blit(body, (round((cx - half) * s) - 4, round(top * s) - 4))
    # Ink along the upper flanks, thinning out.
    upper = [(x, y) for x, y in outline if base - y >= height * 0.35]
    brush(layer, upper, [0.3, 1.2, 1.0, 1.0, 1.2, 0.3], (*SUMI, 170))


def paint_pine(layer: Canvas, x: float, y: float, size: float, lean: float) -> None:
    """A Japanese black pine: a trunk leaning and bending back, and flat pads of needles
    held out on short branches, dark beneath and lighter on top."""
    s = layer.scale
    trunk = [(x, y), (x + lean * size * 0.35, y - size * 0.4),
             (x + lean * size * 0.2, y - size * 0.72), (x + lean * size * 0.05, y - size)]
    brush(layer, trunk, [size * 0.11, size * 0.08, size * 0.05, size * 0.03],
          (*hex_colour("#4b3a2e"), 240))
    # (point on the trunk, pad centre offset, pad width, pad height), crown last.
    pads = [(trunk[1], (-lean * size * 0.55 - size * 0.12, -size * 0.08), 0.62, 0.2),
            (trunk[2], (lean * size * 0.42 + size * 0.1, -size * 0.02), 0.56, 0.19),
            (trunk[3], (0.0, 0.0), 0.72, 0.24)]
    for (tx, ty), (ox, oy), pw, ph in pads:
        px, py = tx + ox, ty + oy
        brush(layer, [(tx, ty), (px, py + ph * size * 0.2)], [size * 0.04, size * 0.025],
              (*hex_colour("#4b3a2e"), 240))
        rect = pygame.Rect(round((px - pw * size / 2) * s), round((py - ph * size / 2) * s),
                           round(pw * size * s), round(ph * size * s))
        pygame.draw.ellipse(layer.surface, (*PINE_DARK, 245), rect)
        top = pygame.Rect(rect.left + rect.width * 0.1, rect.top - rect.height * 0.06,
                          rect.width * 0.8, rect.height * 0.6)
        pygame.draw.ellipse(layer.surface, (*PINE, 245), top)


def paint_cloud(layer: Canvas, x: float, y: float, width: float, height: float,
                rng: TokaidoRandom) -> None:
    """A band of golden mist (suyari-gasumi): long rounded bars stepped over each other, the
    lower ones longer, outlined in ochre."""
    s = layer.scale
    bars = [(x - width * 0.5, y - height * 0.05, width * 0.62, height * 0.55),
            (x - width * 0.12, y + height * 0.18, width * 0.62, height * 0.6),
            (x - width * 0.3, y - height * 0.45, width * 0.42, height * 0.5)]
    for grow, colour in ((0.8, (*OCHRE, 130)), (0.0, (*GOLD_MIST, 225))):
        for bx, by, bw, bh in bars:
            rect = pygame.Rect(round((bx - grow) * s), round((by - grow) * s),
                               round((bw + 2 * grow) * s), round((bh + 2 * grow) * s))
            pygame.draw.rect(layer.surface, colour, rect, border_radius=round((bh / 2 + grow) * s))
    # Flecks of gold leaf (kirihaku) inside the bars.
    for _ in range(round(width * height / 60)):
        bx, by, bw, bh = bars[int(rng.random() * len(bars))]
        fx = bx + bh / 2 + rng.uniform(0, max(0.0, bw - bh))
        fy = by + rng.uniform(bh * 0.25, bh * 0.75)
        size = rng.uniform(0.5, 1.3)
        pygame.draw.rect(layer.surface, (*mix(GOLD_MIST, OCHRE, rng.uniform(0.35, 0.7)), 230),
                         pygame.Rect(round((fx - size / 2) * s), round((fy - size / 2) * s),
                                     round(size * s), round(size * s)))


def paint_sun(layer: Canvas, x: float, y: float, radius: float) -> None:
    """The morning sun over the east, in soft vermilion."""
    s = layer.scale
    pygame.draw.circle(layer.surface, (*mix(VERMILION, WASHI, 0.55), 120), (x * s, y * s),
                       (radius + 3) * s)
    pygame.draw.circle(layer.surface, (*mix(VERMILION, WASHI, 0.15), 225), (x * s, y * s),
                       radius * s)


def paint_vignette(canvas: Canvas) -> None:
    """Edges and corners a shade warmer and darker, as an old print."""
    w, h = 69, 30
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        for x in range(w):
            dx, dy = (x + 0.5) / w * 2 - 1, (y + 0.5) / h * 2 - 1
            d = max(0.0, (dx ** 6 + dy ** 6) ** (1 / 6) - 0.72) / 0.28
            shade.set_at((x, y), (*hex_colour("#7a5c3a"), round(34 * min(1.0, d) ** 1.6)))
    canvas.surface.blit(pygame.transform.smoothscale(shade, canvas.surface.get_size()), (0, 0))


def paint_boat(layer: Canvas, x: float, y: float, size: float) -> None:
    """A small cargo boat under sail: an ink hull and a tall sail of cloth panels."""
    hull = [(x - size * 0.7, y - size * 0.16), (x + size * 0.62, y - size * 0.1),
            (x + size * 0.42, y + size * 0.08), (x - size * 0.5, y + size * 0.08)]
    pygame.draw.polygon(layer.surface, (*SUMI, 235), layer.s(hull))
    brush(layer, [(x - size * 0.05, y - size * 0.12), (x - size * 0.05, y - size * 1.15)],
          [size * 0.06, size * 0.04], (*SUMI, 235))
    sail = [(x - size * 0.42, y - size * 1.08), (x + size * 0.36, y - size * 1.08),
            (x + size * 0.4, y - size * 0.3), (x - size * 0.38, y - size * 0.3)]
    pygame.draw.polygon(layer.surface, (*hex_colour("#f3ecdc"), 245), layer.s(sail))
    for k in (1, 2, 3):
        t = k / 4
        top = (sail[0][0] + (sail[1][0] - sail[0][0]) * t, sail[0][1])
        bottom = (sail[3][0] + (sail[2][0] - sail[3][0]) * t, sail[3][1])
        layer.line([top, bottom], mix(SUMI, WASHI, 0.55), 0.35)
    layer.line(sail + sail[:1], mix(SUMI, WASHI, 0.3), 0.45)


def paint_houses(layer: Canvas, x: float, y: float, count: int, size: float) -> None:
    """A hamlet: a few pale-walled houses under dark hipped roofs, stepped back in a row."""
    s = layer.scale
    for i in range(count):
        hx = x + i * size * 1.05 - (count - 1) * size * 0.52
        hy = y - (i % 2) * size * 0.28
        w, h = size * (1.0 if i % 2 == 0 else 0.85), size * 0.42
        wall = [(hx - w * 0.42, hy), (hx + w * 0.42, hy), (hx + w * 0.42, hy - h),
                (hx - w * 0.42, hy - h)]
        pygame.draw.polygon(layer.surface, (*hex_colour("#f5eedd"), 240), layer.s(wall))
        pygame.draw.lines(layer.surface, (*mix(SUMI, WASHI, 0.4), 220), True, layer.s(wall),
                          max(1, round(0.4 * s)))
        door = [(hx - w * 0.08, hy), (hx + w * 0.08, hy), (hx + w * 0.08, hy - h * 0.6),
                (hx - w * 0.08, hy - h * 0.6)]
        pygame.draw.polygon(layer.surface, (*mix(SUMI, WASHI, 0.35), 220), layer.s(door))
        roof = [(hx - w * 0.6, hy - h * 0.9), (hx + w * 0.6, hy - h * 0.9),
                (hx + w * 0.3, hy - h * 1.75), (hx - w * 0.3, hy - h * 1.75)]
        pygame.draw.polygon(layer.surface, (*mix(SUMI, hex_colour("#56606a"), 0.3), 240),
                            layer.s(roof))


def paint_paddies(layer: Canvas, x: float, y: float, cols: int, rows: int, cell: float,
                  skew: float) -> None:
    """A patch of rice fields: pale green plots with thin bund lines, slanted."""
    s = layer.scale
    for r in range(rows):
        for c in range(cols):
            x0 = x + c * cell + r * skew
            y0 = y + r * cell * 0.55
            quad = [(x0, y0), (x0 + cell, y0), (x0 + cell + skew, y0 + cell * 0.55),
                    (x0 + skew, y0 + cell * 0.55)]
            shade = mix(hex_colour("#c9cf9a"), hex_colour("#b4c08a"), ((r * 3 + c * 5) % 4) / 4)
            pygame.draw.polygon(layer.surface, (*shade, 200), layer.s(quad))
            pygame.draw.lines(layer.surface, (*mix(WASHI, PINE, 0.35), 200), True, layer.s(quad),
                              max(1, round(0.5 * s)))


def paint_river(layer: Canvas, pts: Sequence[Point]) -> None:
    """A river from the hills to the sea, widening as it goes, with a pale inner current."""
    line = catmull_rom(pts, 1.0)
    brush(layer, line, [2.0, 3.6, 5.2, 7.5], (*mix(INDIGO, WASHI, 0.3), 255))
    brush(layer, line, [0.6, 1.4, 2.2, 3.2], (*mix(INDIGO, WASHI, 0.55), 255))


def paint_bridge(layer: Canvas, centre: Point, along: Point, length: float,
                 road_width: float) -> None:
    """A small arched bridge where the road crosses the river: a plank deck the width of the
    road and vermilion rails on both sides."""
    cx, cy = centre
    ax, ay = along
    nx, ny = -ay, ax
    half = road_width / 2 + 1.5

    def at(t: float, side: float) -> Point:
        return cx + ax * length * t + nx * side, cy + ay * length * t + ny * side

    deck = [at(-0.5, -half), at(0.5, -half), at(0.5, half), at(-0.5, half)]
    pygame.draw.polygon(layer.surface, (*hex_colour("#b89468"), 255), layer.s(deck))
    for i in range(1, 8):
        t = i / 8 - 0.5
        layer.line([at(t, -half), at(t, half)], mix(hex_colour("#b89468"), SUMI, 0.3), 0.4)
    for side in (-half, half):
        rail = [at(t, side) for t in (-0.5, -0.25, 0.0, 0.25, 0.5)]
        layer.line(rail, VERMILION, 1.8)
        for t in (-0.5, 0.0, 0.5):
            x, y = at(t, side)
            pygame.draw.circle(layer.surface, (*mix(VERMILION, SUMI, 0.35), 255),
                               (x * layer.scale, y * layer.scale), 1.7 * layer.scale)


def paint_pagoda(layer: Canvas, x: float, base: float, height: float) -> None:
    """A five-storeyed pagoda in ink with vermilion posts (Kyoto's skyline)."""
    storeys = 5
    h = height * 0.8 / storeys
    for i in range(storeys):
        y = base - i * h
        w = height * (0.42 - 0.04 * i)
        body = [(x - w * 0.3, y), (x + w * 0.3, y), (x + w * 0.3, y - h * 0.55),
                (x - w * 0.3, y - h * 0.55)]
        pygame.draw.polygon(layer.surface, (*VERMILION, 235), layer.s(body))
        roof = [(x - w * 0.62, y - h * 0.5), (x + w * 0.62, y - h * 0.5),
                (x + w * 0.42, y - h * 0.9), (x - w * 0.42, y - h * 0.9)]
        pygame.draw.polygon(layer.surface, (*SUMI, 235), layer.s(roof))
        brush(layer, [(x - w * 0.66, y - h * 0.62), (x - w * 0.5, y - h * 0.55)], [1.0, 0.6],
              (*SUMI, 235))
        brush(layer, [(x + w * 0.66, y - h * 0.62), (x + w * 0.5, y - h * 0.55)], [1.0, 0.6],
              (*SUMI, 235))
    top = base - storeys * h
    brush(layer, [(x, top + h * 0.3), (x, base - height)], [1.1, 0.6], (*SUMI, 235))
