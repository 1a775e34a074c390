"""Tokaido's road: where every stop and every traveller's place lies on the painted map, the
still picture of the road (the map and a medallion at every stop), and what is drawn over it
each frame: the travellers, the steps of the last walk, the places the mover may walk to, the
mark over the traveller to act, and the hover tip of a stop.

Positions are map pixels (relative to `MAP`) unless a name says canvas."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Sequence

import pygame

from game import assets
from game.core.board import BoardError, load_board
from game.ui import theme
from game.ui.icons import icon

from .art import (CARD_EDGE, INK_SOFT, KIND_COLOURS, NEUTRAL_GREY, POOL_COLOURS, cherry_tree, encounter_face,
                  glow_ring, medallion, motif, pawn_shadow)
from .layout import COLLECTION, INN_R, MAP, MET_CARD, PAWN, SIDE_R, STOP_R, SUPPLY, TIP, TRACK_MARK
from .rules import AMULET, CALLI, ENCOUNTER, HOTSPRING, INN, KIND_NAMES, LEGEND, PANORAMAS, TEMPLE, VILLAGE, board_road
from .words import CROSS_GIVES, GIVES_LONG

if TYPE_CHECKING:
    from .rules import Move, Stop

Point = tuple[float, float]
Walked = tuple[int, int, int]           # the last walk: (piece, from, to), as road indices
Places = dict[int, tuple[float, float, dict[str, Any]]]     # board position -> (x, y, the map's properties)
SUPPLY_POOLS = {"omamori": AMULET, "treasure": LEGEND, "brush": CALLI}
QUEUE_GAP = PAWN + 4                    # from one traveller to the next in an inn's queue, when the map
#                                         gives none (the map builder's queue_step_px is the same)


class RoadMap:
    """The journey's stops placed on the map: `stops` in travelling order, `places` by printed
    board position, the painted `route` polyline, and the map's `image`."""

    def __init__(self, stops: Sequence[Stop], places: Places, route: list[Point], image: pygame.Surface) -> None:
        self.stops = stops
        self.places = places
        self.route = route
        self.image = image
        self.kinds = {stop.pos: stop.kind for stop in board_road()}

    @classmethod
    def load(cls, stops: Sequence[Stop], picture: Callable[[Any], pygame.Surface],
             plain: Callable[[Exception, tuple[int, int]], pygame.Surface]) -> RoadMap:
        """Read maps/tokaido.tmx: `picture(board)` paints it; if the map cannot be read,
        `plain(error, size)` gives the paper to play on and the stops are laid out in rows."""
        places: Places = {}
        route: list[Point] = []
        try:
            board = load_board(assets.path("maps", "tokaido.tmx"))
            for node in board.nodes.values():
                if node.kind in KIND_COLOURS:
                    places[int(node.props.get("pos", node.key))] = (node.x, node.y, node.props)
            if board.edges:
                route = list(board.edges[0].points)
            image = picture(board)
        except (BoardError, OSError, pygame.error) as exc:
            image = plain(exc, MAP.size)    # and the stops laid out in rows below
        for pos in range(1, 56):
            if pos not in places:
                row, col = divmod(pos - 1, 14)
                places[pos] = (60 + col * 92, 100 + row * 128, {"route_vertex": -1})
        return cls(stops, places, route, image)

    # ---- where things are ------------------------------------------------------------------------------
    def place(self, index: int) -> tuple[float, float, dict[str, Any]]:
        """The map place of journey index `index`: (x, y, its properties)."""
        return self.places[self.stops[index].pos]

    def slot_xy(self, index: int, slot: int) -> Point:
        """Where place `slot` of a stop is: the stop itself, or the second place beside it."""
        x, y, props = self.place(index)
        if slot <= 0:
            return (x, y)
        dx, dy = float(props.get("side_dx", 0)), float(props.get("side_dy", -34))
        if not dx and not dy:
            dy = -34.0
        return (x + dx * slot, y + dy * slot)

    def queue_xy(self, index: int, arrival: int) -> Point:
        """Where the traveller that came `arrival`-th waits at an inn: along the map's queue, a
        pawn and a little apart so that none hides the next (the map's step is at least that)."""
        x, y, props = self.place(index)
        dx, dy = float(props.get("inn_dx", 0)), float(props.get("inn_dy", QUEUE_GAP))
        return (x + dx * arrival, y + dy * arrival)

    def pawn_xy(self, view: dict[str, Any], piece: int) -> Point:
        """Where a traveller stands in `view`: its place at a stop, or its place in an inn's
        queue (in arrival order, TOK-12)."""
        p = view["players"][piece]
        index = p["index"]
        if self.stops[index].kind == INN:
            order = view["inns"].get(str(index), [])
            return self.queue_xy(index, order.index(piece) if piece in order else piece)   # before the draw: by seat
        return self.slot_xy(index, p["slot"])

    def free_side(self, view: dict[str, Any], piece: int) -> Point:
        """A unit vector from the traveller `piece` towards where no other traveller stands: up
        when it is alone; beside an inn's queue; on a doubled stop, away from the other place."""
        p = view["players"][piece]
        index = p["index"]
        if not any(q["index"] == index and q is not p for q in view["players"]):
            return (0.0, -1.0)
        if self.stops[index].kind == INN:               # beside the queue, not over the one before
            (x0, y0), (x1, y1) = self.queue_xy(index, 0), self.queue_xy(index, 1)
            length = math.dist((x0, y0), (x1, y1)) or 1.0
            return (abs(y1 - y0) / length, -abs(x1 - x0) / length)
        (x0, y0), (x1, y1) = self.slot_xy(index, 0), self.slot_xy(index, 1)
        length = math.dist((x0, y0), (x1, y1)) or 1.0
        ux, uy = (x1 - x0) / length, (y1 - y0) / length         # from the road place to the second
        return (-ux, -uy) if p["slot"] == 0 else (ux, uy)

    def route_between(self, a: int, b: int) -> list[Point]:
        """The road from journey index a to b, as map points along the painted route."""
        va = int(self.place(a)[2].get("route_vertex", -1))
        vb = int(self.place(b)[2].get("route_vertex", -1))
        if va < 0 or vb < 0 or not self.route:
            return [self.slot_xy(a, 0), self.slot_xy(b, 0)]
        if va <= vb:
            return self.route[va:vb + 1]
        return list(reversed(self.route[vb:va + 1]))

    def trail_points(self, walk: Walked | None) -> list[Point]:
        """The road walked by the last move, or nothing if there was none (or it stayed put)."""
        if walk is None or walk[1] == walk[2]:
            return []
        return self.route_between(walk[1], walk[2])

    def stop_at(self, local: Point, pieces: int) -> int | None:
        """The journey index of the stop (or one of its places, or an inn's queue) under the
        map point `local`, the nearest if several."""
        best, best_d = None, 1e9
        for index in range(len(self.stops)):
            inn = self.stops[index].kind == INN
            spots = [(self.slot_xy(index, 0), INN_R + 8 if inn else STOP_R + 5)]
            if inn:
                spots += [(self.queue_xy(index, k), 14) for k in range(1, pieces)]
            elif self.stops[index].doubled:
                spots.append((self.slot_xy(index, 1), SIDE_R + 4))
            for (x, y), radius in spots:
                d = math.dist(local, (x, y))
                if d <= radius and d < best_d:
                    best, best_d = index, d
        return best

    # ---- drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, second: bool) -> None:
        """The still road: the map and every stop's medallion (with `second`, 4 or 5 travellers,
        the doubled stops' second places too)."""
        surface.blit(self.image, (0, 0))
        for pos, (x, y, props) in sorted(self.places.items()):
            kind = self.kinds.get(pos, VILLAGE)
            if kind == INN:
                img = medallion(kind, INN_R)
            else:
                if second and props.get("doubled"):
                    sx, sy = x + float(props.get("side_dx", 0)), y + float(props.get("side_dy", -34))
                    side = medallion(kind, SIDE_R)
                    surface.blit(side, side.get_rect(center=(round(sx), round(sy))))
                img = medallion(kind, STOP_R)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def draw_targets(self, surface: pygame.Surface, targets: Sequence[Move], hovered: int | None) -> None:
        """A glowing ring on every place the mover may walk to; brighter on the hovered stop."""
        for move in targets:
            x, y = self.slot_xy(move.index, move.slot)
            r = INN_R + 5 if self.stops[move.index].kind == INN else (SIDE_R if move.slot else STOP_R) + 5
            ring = glow_ring(r + 2, 7 if hovered == move.index else 4)
            surface.blit(ring, ring.get_rect(center=(round(x), round(y))))

    def overlay_rects(self, pawns: Sequence[tuple[int, Point]], marks: Sequence[tuple[int, int, int]],
                      targets: Sequence[Move], tip: pygame.Rect | None, walk: Walked | None) -> list[pygame.Rect]:
        """The canvas rectangles that the overlay's pawns, track markers, rings, tip and trail
        cover, so that only those are redrawn when the overlay changes."""
        rects = [pawn_rect((x, y)) for _piece, (x, y) in pawns]
        half = TRACK_MARK // 2 + 3
        rects += [pygame.Rect(MAP.x + x - half, MAP.y + y - half, 2 * half, 2 * half) for _seat, x, y in marks]
        for move in targets:
            x, y = self.slot_xy(move.index, move.slot)
            r = INN_R + 18 if self.stops[move.index].kind == INN else STOP_R + 18
            rects.append(pygame.Rect(MAP.x + x - r, MAP.y + y - r, 2 * r, 2 * r))
        if tip is not None:
            rects.append(tip.inflate(8, 8))
        points = self.trail_points(walk)
        if points:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            rects.append(pygame.Rect(MAP.x + min(xs) - 8, MAP.y + min(ys) - 8, max(xs) - min(xs) + 16,
                                     max(ys) - min(ys) + 16))
        return rects


def stop_kind(stops: Sequence[Stop], view: dict[str, Any], piece: int) -> str:
    """The kind of stop where `piece` stands in `view`."""
    return stops[view["players"][piece]["index"]].kind


def last_walk(view: dict[str, Any]) -> Walked | None:
    """The last walk in `view` as (piece, from, to), or None before the first."""
    move = view.get("last_move")
    return (move["piece"], move["from"], move["to"]) if move else None


def pawn_rect(at: Point) -> pygame.Rect:
    """The canvas rectangle a traveller standing at the map point `at` may cover, with the
    arrow beside it when it is its turn (on any side)."""
    x, y = at
    return pygame.Rect(MAP.x + x - 48, MAP.y + y - 54, 96, 98)


def draw_pawn(surface: pygame.Surface, at: Point, colour: int | None) -> None:
    """A traveller: the seat's colour and shape (`colour`, a palette index; None is the neutral
    one, grey), standing a little above its place so the stop's colour still shows."""
    x, y = round(at[0]), round(at[1]) - 6
    shadow = pawn_shadow()
    surface.blit(shadow, shadow.get_rect(center=(x, y + 14)))
    if colour is None:
        dark = icon("shape_hexagon", PAWN + 6, (25, 25, 25))
        surface.blit(dark, dark.get_rect(center=(x, y)))
        img = icon("shape_hexagon", PAWN, NEUTRAL_GREY)
        surface.blit(img, img.get_rect(center=(x, y)))
    else:
        theme.draw_seat_badge(surface, colour, (x, y), PAWN)


def draw_acting(surface: pygame.Surface, at: Point, side: Point = (0.0, -1.0)) -> None:
    """The small arrow beside the traveller whose turn it is, on the `side` (a unit vector from
    the pawn) where no other traveller stands, pointing at it."""
    x, y = at[0], at[1] - 6
    ux, uy = side
    px, py = -uy, ux                                  # across the arrow

    def point(along: float, across: float) -> tuple[int, int]:
        return (round(x + ux * along + px * across), round(y + uy * along + py * across))

    pygame.draw.polygon(surface, CARD_EDGE, [point(36, -9), point(36, 9), point(22, 0)])
    pygame.draw.polygon(surface, theme.HIGHLIGHT, [point(34, -6), point(34, 6), point(26, 0)])


def draw_trail(surface: pygame.Surface, points: list[Point], colour: pygame.Color) -> None:
    """The steps of the last walk, in the walker's colour."""
    for x, y in footprints(points):
        pygame.draw.circle(surface, CARD_EDGE, (x, y), 4)
        pygame.draw.circle(surface, colour, (x, y), 3)


def footprints(points: list[Point], step: float = 14.0) -> list[tuple[int, int]]:
    """Dots every `step` pixels along a polyline, leaving out the ends (where the stops are):
    the steps of the last walk, quieter than a line over the medallions."""
    out: list[tuple[int, int]] = []
    if len(points) < 2:
        return out
    total = sum(math.dist(p, q) for p, q in zip(points, points[1:]))
    travelled, next_at = 0.0, 24.0
    for p, q in zip(points, points[1:]):
        length = math.dist(p, q)
        while length > 0 and next_at <= travelled + length and next_at <= total - 24:
            f = (next_at - travelled) / length
            out.append((round(p[0] + (q[0] - p[0]) * f), round(p[1] + (q[1] - p[1]) * f)))
            next_at += step
        travelled += length
    return out


def along(points: list[Point]) -> Callable[[float], Point]:
    """The point at fraction t (0 to 1) of the way along a polyline, for a walk at even pace."""
    lengths = [math.dist(p, q) for p, q in zip(points, points[1:])]
    total = sum(lengths) or 1.0

    def at(t: float) -> Point:
        target = t * total
        for (p, q), length in zip(zip(points, points[1:]), lengths):
            if target <= length and length > 0:
                f = target / length
                return (p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f)
            target -= length
        return points[-1]
    return at


def map_view(canvas: pygame.Surface) -> pygame.Surface:
    """The map's part of the canvas, in map coordinates, keeping the canvas's clip (the app
    draws only what changed; a subsurface would otherwise paint outside it)."""
    surface = canvas.subsurface(MAP)
    surface.set_clip(canvas.get_clip().clip(MAP).move(-MAP.x, -MAP.y))
    return surface


# ---- the hover tip of a stop ------------------------------------------------------------------------

def tip_lines(stop: Stop, doubled: bool, crossroads: bool, here: list[str], note: str | None,
              left: int | None = None) -> list[str]:
    """The tip's lines: the stop's name and place (and `note`: whether one may walk there),
    then who stands `here` and what the stop gives (with its Crossroads option, and how many
    are `left` of what it takes from the supply)."""
    name = KIND_NAMES[stop.kind].capitalize()
    if stop.town:
        name = f"{name} of {stop.town}"
    head = f"{name} · place {stop.pos}" + (" · doubled" if doubled else "")
    body = GIVES_LONG[stop.kind]
    if crossroads and CROSS_GIVES.get(stop.kind):
        body += f" Crossroads: {CROSS_GIVES[stop.kind][3:]}"
        body += "." if left is None else (f" ({left} left)." if left else " (none left, so not offered).")
    if here:
        body = "Here: " + ", ".join(here) + ". " + body
    if note is not None:
        head += " · " + note
    return [head] + theme.wrap(body, theme.SIZE_SMALL, TIP.width - 80)[:3]


def tip_rect(lines: list[str]) -> pygame.Rect:
    """The hover tip's box for `lines`: TIP, taller upwards for each line beyond two."""
    extra = 24 * max(0, len(lines) - 2)
    return pygame.Rect(TIP.x, TIP.y - extra, TIP.w, TIP.h + extra)


def draw_tip(canvas: pygame.Surface, lines: list[str], kind: str) -> None:
    """The hover tip on the canvas: the stop's medallion and `lines`."""
    box = tip_rect(lines)
    pygame.draw.rect(canvas, (20, 22, 26), box.move(0, 3), border_radius=10)
    pygame.draw.rect(canvas, theme.PANEL, box, border_radius=10)
    img = medallion(kind, 18)
    canvas.blit(img, img.get_rect(center=(box.x + 30, box.centery)))
    theme.draw_text(canvas, lines[0], (box.x + 60, box.y + 4), theme.SIZE_SMALL, theme.TEXT, bold=True,
                    max_width=box.width - 76)
    for k, line in enumerate(lines[1:]):
        theme.draw_text(canvas, line, (box.x + 60, box.y + 27 + 24 * k), theme.SIZE_SMALL, theme.TEXT_DIM,
                        max_width=box.width - 76)


# ---- the Crossroads supply ---------------------------------------------------------------------------

#: what the Crossroads options take from a supply: (the stop kinds offering it, the view's key, a
#: card's painting or a medallion, the word); cherry trees and bath houses are counted, the
#: pools are lists of cards
SUPPLY_ROWS = (((*PANORAMAS,), "cherry_left", "cherry", "cherry tree"), ((HOTSPRING,), "bath_left", HOTSPRING,
                                                                         "bath house"),
               ((TEMPLE,), "amulet_pool", "omamori", "amulet"), ((VILLAGE,), "legendary_pool", "treasure", "object"),
               ((ENCOUNTER,), "calligraphy_pool", "brush", "calligraphy"))


def supply(view: dict[str, Any]) -> tuple[int, ...]:
    """How many of each Crossroads supply are left, in the order of SUPPLY_ROWS."""
    return tuple(v if isinstance(v, int) else len(v) for v in (view[row[1]] for row in SUPPLY_ROWS))


def supply_left(view: dict[str, Any], kind: str) -> int | None:
    """How many are left of what a stop of `kind` offers with Crossroads (None: not from a supply)."""
    for row, left in zip(SUPPLY_ROWS, supply(view)):
        if kind in row[0]:
            return left
    return None


def supply_cells() -> list[tuple[pygame.Rect, tuple[int, int]]]:
    """Where each part of the Crossroads supply goes on its plaque (map pixels): the picture's
    box and the midleft of its count, to the right of the picture."""
    cell = (SUPPLY.w - 16) // len(SUPPLY_ROWS)
    out = []
    for k in range(len(SUPPLY_ROWS)):
        x, y = SUPPLY.x + 8 + k * cell, SUPPLY.y + 46
        out.append((pygame.Rect(x, y - 14, 30, 28), (x + 36, y)))
    return out


def draw_supply(surface: pygame.Surface, left: tuple[int, ...]) -> None:
    """The Crossroads supply on the map: a paper plaque with how many cherry trees, bath houses,
    amulets, legendary objects and calligraphies are left; an empty one's picture is struck
    through (its 0 stays readable beside it)."""
    box = SUPPLY
    pygame.draw.rect(surface, (40, 30, 20), box.move(0, 3), border_radius=10)
    pygame.draw.rect(surface, theme.PAPER, box, border_radius=10)
    pygame.draw.rect(surface, CARD_EDGE, box, 2, border_radius=10)
    theme.draw_text(surface, "Crossroads supply: left", (box.x + 12, box.y + 5), theme.SIZE_SMALL, INK_SOFT, bold=True)
    for ((_kinds, _key, art, _word), n), (picture, count) in zip(zip(SUPPLY_ROWS, left), supply_cells()):
        if art == "cherry":
            img = cherry_tree(26)
        elif art == HOTSPRING:
            img = medallion(HOTSPRING, 11)
        else:
            img = motif(art, 28, POOL_COLOURS[SUPPLY_POOLS[art]])
        surface.blit(img, img.get_rect(center=picture.center))
        theme.draw_text(surface, str(n), count, theme.SIZE_BODY, theme.INK if n else theme.WARNING, bold=True,
                        anchor="midleft")
        if not n:
            pygame.draw.line(surface, theme.WARNING, picture.inflate(-4, -4).bottomleft,
                             picture.inflate(-4, -4).topright, 3)


# ---- the encounter just drawn --------------------------------------------------------------------------

def met_caption_rect() -> pygame.Rect:
    """Where the words beside the encounter card shown go: who met it and how to put it away
    (canvas)."""
    left = MET_CARD.right + 14
    return pygame.Rect(left, MET_CARD.y, COLLECTION.right - 14 - left, MET_CARD.h)


def met_area() -> pygame.Rect:
    """All that the encounter card shown covers: the viewer's journey panel, for a moment (the
    road, its pawns and names and the decision panel stay in sight)."""
    return pygame.Rect(COLLECTION)


def draw_met(canvas: pygame.Surface, card: str, name: str, colour: int) -> None:
    """The encounter card just drawn, large over the journey panel in a frame of the colour of
    seat `colour`, with who met it beside it and how to put it away."""
    area = met_area()
    theme.shadowed_panel(canvas, area, theme.PANEL)
    pygame.draw.rect(canvas, theme.seat_colour(colour), area, 3, border_radius=12)
    pygame.draw.rect(canvas, (20, 16, 12), MET_CARD.move(0, 6), border_radius=12)
    canvas.blit(encounter_face(card, *MET_CARD.size), MET_CARD)
    box = met_caption_rect()
    theme.draw_seat_badge(canvas, colour, (box.centerx, box.y + 22), 30)
    theme.draw_paragraph(canvas, f"{name} meets", pygame.Rect(box.x, box.y + 52, box.w, 130),
                         theme.SIZE_BODY, theme.TEXT, bold=True)
    theme.draw_paragraph(canvas, "click the card to close", pygame.Rect(box.x, box.bottom - 64, box.w, 64),
                         theme.SIZE_SMALL, theme.TEXT_DIM)


def met_ring(surface: pygame.Surface, at: Point, colour: int) -> None:
    """On the road, a ring in the seat's colour round the traveller who met the card shown."""
    x, y = round(at[0]), round(at[1] - 6)
    pygame.draw.circle(surface, CARD_EDGE, (x, y), PAWN // 2 + 11, 6)
    pygame.draw.circle(surface, theme.seat_colour(colour), (x, y), PAWN // 2 + 10, 4)
