"""The board's shapes on the screen, worked out from the map's space centres: each route's
car angles and the area it covers, which route's space a point falls in, each space as a
polygon, and where a city's festival cards lie so that they hide least of the map."""
from __future__ import annotations

import math

import pygame

from game.ui import theme

from . import art
from .data import Route


def _turn(a: float, b: float) -> float:
    """The signed turn from heading a to heading b, in degrees (-180..180)."""
    return (b - a + 180) % 360 - 180


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """How many pixels two rectangles share."""
    c = a.clip(b)
    return c.width * c.height


class RouteShapes:
    """The part of the TtR scene that knows where the routes' spaces lie (a mixin of `TtrScene`:
    it reads the scene's `board` and `map_rect`)."""

    def car_key(self, route: Route, index: int) -> tuple[int, int, int, int]:
        """(angle, length, width) of a route's space, rounded as the car pictures are cached;
        the first slot is a placeholder for the seat colour."""
        angle = round(self.angles[route.id][index]) % 180
        if angle > 90:   # a car and its turned twin look alike: keep its keel below
            angle -= 180
        return (0, angle, round(self.space_length(route)), round(self.board.space_width))

    def space_length(self, route: Route) -> float:
        return route.space_length or self.board.space_length

    def _geometry(self) -> None:
        """Each route's car angles and its area on the canvas. The map gives only the spaces'
        centres: a middle space lies along the chord of its neighbours, an end space along its
        chord to the next one turned back by half the bend (a bowed route is near an arc)."""
        self.angles: dict[int, list[float]] = {}
        self.route_box: dict[int, pygame.Rect] = {}
        for route in self.board.routes:
            sp = route.spaces
            n = len(sp)

            def heading(p: tuple[float, float], q: tuple[float, float]) -> float:
                return math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]))

            if n == 1:
                a, b = self.board.city_xy[route.a], self.board.city_xy[route.b]
                angles = [heading(a, b)]
            else:
                chords = [heading(sp[i], sp[i + 1]) for i in range(n - 1)]
                angles = []
                for i in range(n):
                    if 0 < i < n - 1:
                        angles.append(heading(sp[i - 1], sp[i + 1]))
                    elif n == 2:
                        angles.append(chords[0])
                    elif i == 0:
                        angles.append(chords[0] - _turn(chords[0], chords[1]) / 2)
                    else:
                        angles.append(chords[-1] + _turn(chords[-2], chords[-1]) / 2)
            self.angles[route.id] = angles
            xs = [x for x, _ in sp]
            ys = [y for _, y in sp]
            pad = self.space_length(route) / 2 + 12
            self.route_box[route.id] = pygame.Rect(self.map_rect.x + min(xs) - pad, self.map_rect.y + min(ys) - pad,
                                                   max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)

    def route_at(self, local: tuple[float, float]) -> int | None:
        """The route whose space is under a map point, if any: the point must fall inside a
        space's own rectangle (its route's length, a few pixels of slack); the nearest wins."""
        best, best_d = None, 2.0
        slack = 4.0
        half_w = self.board.space_width / 2 + slack
        px, py = local
        for route in self.board.routes:
            half_l = self.space_length(route) / 2 + slack
            for (x, y), angle in zip(route.spaces, self.angles[route.id]):
                dx, dy = px - x, py - y
                if abs(dx) > half_l + half_w or abs(dy) > half_l + half_w:
                    continue
                a = math.radians(angle)
                along = abs(dx * math.cos(a) + dy * math.sin(a)) / half_l
                across = abs(-dx * math.sin(a) + dy * math.cos(a)) / half_w
                d = max(along, across)
                if d <= 1.0 and d < best_d:
                    best, best_d = route.id, d
        return best

    def space_polygons(self, route_id: int, grow: float) -> list[list[tuple[float, float]]]:
        """Each space of a route as a polygon (map pixels), `grow` px larger all round."""
        route = self.board.route_by_id[route_id]
        length, width = self.space_length(route) + 2 * grow, self.board.space_width + 2 * grow
        return [art.space_polygon(c, a, length, width) for c, a in zip(route.spaces, self.angles[route_id])]

    def badge_at(self, festival: str) -> tuple[int, int]:
        """Where the festival cards of a city lie (map pixels): beside the city, on the side
        where they cover least of its name, of the other names and of the routes' spaces."""
        spots = self.__dict__.get("_badge_spots")
        if spots is None:
            spots = self._badge_spots = self._place_badges()
        return spots.get(festival, (40, 40))

    BADGE = (30, 36)   # what a stack of up to three festival cards covers (map pixels)

    def _place_badges(self) -> dict[str, tuple[int, int]]:
        board = self.board
        label_h = theme.font(16, bold=True).get_linesize()
        names = []
        for city, (x, y) in board.city_xy.items():
            dx, dy = board.label_offsets.get(city, (0, -22))
            width = theme.font(16, bold=True).size(board.labels[city])[0] + 4
            names.append(pygame.Rect(round(x + dx - width / 2), round(y + dy - label_h / 2), width, label_h))
        spaces = [pygame.Rect(round(x) - 10, round(y) - 10, 20, 20) for r in board.routes for x, y in r.spaces]
        cities = [pygame.Rect(round(x) - 12, round(y) - 12, 24, 24) for x, y in board.city_xy.values()]
        spots: dict[str, tuple[int, int]] = {}
        for city, festival in board.festival_of.items():
            x, y = board.city_xy[city]
            best, best_cost = None, None
            for step, (ux, uy) in enumerate(((-1, -1), (1, -1), (-1, 1), (1, 1), (-1, 0), (1, 0), (0, -1), (0, 1))):
                for far in (28, 40):
                    centre = (round(x + ux * far), round(y + uy * far * 0.9))
                    box = pygame.Rect(0, 0, *self.BADGE)
                    box.center = centre
                    cost = (sum(_overlap(box, r) for r in names) * 4 + sum(_overlap(box, r) for r in spaces)
                            + sum(_overlap(box, r) for r in cities) * 4 + far + step)
                    if best_cost is None or cost < best_cost:
                        best, best_cost = centre, cost
            spots[festival] = best
        return spots
