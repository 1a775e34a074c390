"""Tokaido's road: where every stop and every traveller's place lies on the painted map, the
still picture of the road (the map and a medallion at every stop), and what is drawn over it
each frame: the travellers, the steps of the last walk, the places the mover may walk to, the
mark over the traveller to act, and the hover tip of a stop.

Positions are map pixels (relative to `MAP`) unless a name says canvas."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from game import assets
from game.core.board import BoardError, load_board
from game.ui import theme
from game.ui.icons import icon

from .art import CARD_EDGE, KIND_COLOURS, NEUTRAL_GREY, glow_ring, medallion, pawn_shadow
from .layout import INN_R, MAP, PAWN, SIDE_R, STOP_R, TIP, TRACK_MARK
from .rules import INN, KIND_NAMES, VILLAGE, board_road
from .words import CROSS_GIVES, GIVES_LONG

if TYPE_CHECKING:
    from .rules import Move, Stop

Point = tuple[float, float]
Walked = tuple[int, int, int]           # the last walk: (piece, from, to), as road indices
Places = dict[int, tuple[float, float, dict[str, Any]]]     # board position -> (x, y, the map's properties)


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
        """Where the traveller that came `arrival`-th waits at an inn."""
        x, y, props = self.place(index)
        return (x + float(props.get("inn_dx", 0)) * arrival, y + float(props.get("inn_dy", 26)) * arrival)

    def pawn_xy(self, view: dict[str, Any], piece: int) -> Point:
        """Where a traveller stands in `view`: its place at a stop, or its place in an inn's
        queue (in arrival order, TOK-12)."""
        p = view["players"][piece]
        index = p["index"]
        if self.stops[index].kind == INN:
            order = view["inns"].get(str(index), [])
            return self.queue_xy(index, order.index(piece) if piece in order else piece)   # before the draw: by seat
        return self.slot_xy(index, p["slot"])

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
            ring = glow_ring(r, 5 if hovered == move.index else 3)
            surface.blit(ring, ring.get_rect(center=(round(x), round(y))))

    def overlay_rects(self, pawns: Sequence[tuple[int, Point]], marks: Sequence[tuple[int, int, int]],
                      targets: Sequence[Move], tip: bool, walk: Walked | None) -> list[pygame.Rect]:
        """The canvas rectangles that the overlay's pawns, track markers, rings, tip and trail
        cover, so that only those are redrawn when the overlay changes."""
        rects = [pawn_rect((x, y)) for _piece, (x, y) in pawns]
        half = TRACK_MARK // 2 + 3
        rects += [pygame.Rect(MAP.x + x - half, MAP.y + y - half, 2 * half, 2 * half) for _seat, x, y in marks]
        for move in targets:
            x, y = self.slot_xy(move.index, move.slot)
            r = INN_R + 14 if self.stops[move.index].kind == INN else STOP_R + 14
            rects.append(pygame.Rect(MAP.x + x - r, MAP.y + y - r, 2 * r, 2 * r))
        if tip:
            rects.append(TIP.inflate(8, 8))
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
    """The canvas rectangle a traveller standing at the map point `at` may cover."""
    x, y = at
    return pygame.Rect(MAP.x + x - 26, MAP.y + y - 44, 52, 66)


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


def draw_acting(surface: pygame.Surface, at: Point) -> None:
    """The small arrow above the traveller whose turn it is."""
    x, y = at
    tip = (round(x), round(y) - 30)
    pygame.draw.polygon(surface, CARD_EDGE, [(tip[0] - 9, tip[1] - 12), (tip[0] + 9, tip[1] - 12), tip])
    pygame.draw.polygon(surface, theme.HIGHLIGHT, [(tip[0] - 6, tip[1] - 10), (tip[0] + 6, tip[1] - 10),
                                                 (tip[0], tip[1] - 2)])


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

def tip_lines(stop: Stop, doubled: bool, crossroads: bool, here: list[str], note: str | None) -> list[str]:
    """The tip's two lines: the stop's name and place (and `note`: whether one may walk there),
    then who stands `here` and what the stop gives (with its Crossroads option)."""
    name = KIND_NAMES[stop.kind].capitalize()
    if stop.town:
        name = f"{name} of {stop.town}"
    head = f"{name} · place {stop.pos}" + (" · doubled" if doubled else "")
    body = GIVES_LONG[stop.kind]
    if crossroads and CROSS_GIVES.get(stop.kind):
        body += f" Crossroads: {CROSS_GIVES[stop.kind][3:]}."
    if here:
        body = "Here: " + ", ".join(here) + ". " + body
    if note is not None:
        head += " · " + note
    return [head] + theme.wrap(body, theme.SIZE_SMALL, TIP.width - 80)[:1]


def draw_tip(canvas: pygame.Surface, lines: list[str], kind: str) -> None:
    """The hover tip on the canvas: the stop's medallion and `lines`."""
    box = TIP
    pygame.draw.rect(canvas, (20, 22, 26), box.move(0, 3), border_radius=10)
    pygame.draw.rect(canvas, theme.PANEL, box, border_radius=10)
    img = medallion(kind, 18)
    canvas.blit(img, img.get_rect(center=(box.x + 30, box.centery)))
    theme.draw_text(canvas, lines[0], (box.x + 60, box.y + 4), theme.SIZE_SMALL, theme.TEXT, bold=True,
                    max_width=box.width - 76)
    if len(lines) > 1:
        theme.draw_text(canvas, lines[1], (box.x + 60, box.y + 27), theme.SIZE_SMALL, theme.TEXT_DIM,
                        max_width=box.width - 76)
