"""UBike Tour's map of Taiwan: the fifteen pins (one for each distance), the main cycling
route, every seat's journey drawn from pin to pin with a bike marker on each ride paid for, and
each cyclist's badge beside its last pin, placed clear of the pins, the other badges and the
markers.

Pins and everything placed on the map are in map pixels (relative to `layout.MAP`)."""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Callable, Collection, Iterable, Sequence

import pygame

from game import assets
from game.core.board import BoardError, load_board
from game.ui import theme
from game.ui.icons import icon

from .layout import BADGE, BADGE_PUSH, MAP, MARKER_R, PIN_R, rect_gap
from .rules import CARDS

Point = tuple[float, float]
Pins = dict[int, tuple[float, float, dict[str, Any]]]


class TaiwanMap:
    """The pins placed on the map (`pins`: distance -> x, y and the map's properties of that
    pin), the main cycling route's polylines (`route`) and the map's `image`."""

    def __init__(self, image: pygame.Surface, pins: Pins, route: list[Any]) -> None:
        self.image = image
        self.pins = pins
        self.route = route

    @classmethod
    def load(cls, picture: Callable[[Any], pygame.Surface],
             plain: Callable[[Exception, tuple[int, int]], pygame.Surface]) -> TaiwanMap:
        """Read maps/ubike.tmx: `picture(board)` paints it; if the map cannot be read,
        `plain(error, size)` gives the paper to play on and the pins are laid out in rows."""
        try:
            board = load_board(assets.path("maps", "ubike.tmx"))
            pins = {int(n.props.get("pin", n.key)): (n.x, n.y, n.props) for n in board.nodes.values()}
            route = [e.points for e in board.edges]
            return cls(picture(board), pins, route)
        except (BoardError, OSError, pygame.error) as exc:
            image = plain(exc, MAP.size)
            pins = {p: (80 + (p - 1) % 5 * 140, 100 + (p - 1) // 5 * 220, {}) for p in range(1, 16)}
            return cls(image, pins, [])

    # ---- where things are ---------------------------------------------------------------------
    def pin_pos(self, distance: int, seat: int | None = None) -> Point:
        """The pin of `distance`; a seat's journey passes it a little off centre, its own way."""
        x, y, _ = self.pins.get(distance, (MAP.width / 2, MAP.height / 2, {}))
        if seat is not None:
            angle = seat * math.pi / 2 + math.pi / 4
            x += 7 * math.cos(angle)
            y += 7 * math.sin(angle)
        return x, y

    def pin_at(self, local: tuple[int, int]) -> int | None:
        """The pin under `local` (map pixels), if any."""
        for pin, (x, y, _props) in self.pins.items():
            if math.dist(local, (x, y)) <= 16:
                return pin
        return None

    def cyclist_spots(self, journeys: Sequence[Sequence[int]], in_flight: Collection[int]) -> dict[int, Point]:
        """Where each cyclist's badge stands: in the free spot the map keeps beside its last pin
        (`label_dx`, `label_dy`: clear of the names, the other pins and their spots), pushed
        out a little from the pin; several cyclists at one pin side by side there, then
        further out, each clear of every pin and of the other badges. Cards `in_flight` are
        not there yet."""
        at: dict[int, list[int]] = {}
        for seat, journey in enumerate(journeys):
            journey = [c for c in journey if c not in in_flight]
            if journey:
                at.setdefault(CARDS[journey[-1]].distance, []).append(seat)
        spots: dict[int, Point] = {}
        for pin, seats in sorted(at.items()):
            x, y, props = self.pins.get(pin, (MAP.width / 2, MAP.height / 2, {}))
            dx, dy = int(props.get("label_dx", 18)), int(props.get("label_dy", -18))
            length = math.hypot(dx, dy) or 1.0
            ux, uy = dx / length, dy / length
            step = BADGE + 8
            places = [(x + ux * (length + BADGE_PUSH + out * step) - uy * side * step,
                       y + uy * (length + BADGE_PUSH + out * step) + ux * side * step)
                      for out in range(4) for side in (0, 1, -1, 2, -2)]
            for seat in seats:
                spots[seat] = next((p for p in places if self.badge_fits(p, spots.values())), places[0])
        return spots

    def badge_fits(self, centre: Point, others: Iterable[Point]) -> bool:
        """A badge at `centre` stays on the map, off the badges at `others` and off every pin."""
        rect = badge_rect(centre)
        return (MAP.move(-MAP.x, -MAP.y).inflate(-8, -8).contains(rect)
                and not any(rect.colliderect(badge_rect(o)) for o in others)
                and all(rect_gap(rect, (px, py)) > PIN_R + 2 for px, py, _p in self.pins.values()))

    def marker_pos(self, a: Point, b: Point, taken: Sequence[pygame.Rect] = ()) -> Point:
        """Where a ride's bike marker sits on the line from a to b: its middle, or the nearest
        point along it that keeps the marker off every pin and off what is `taken` (the
        cyclists' badges, the markers already drawn); off the pins at least, on a line too
        short for both."""
        along = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for t in (0.5, 0.4, 0.6, 0.3, 0.7)]
        off_pins = [p for p in along
                    if all(math.dist(p, (x, y)) > PIN_R + MARKER_R + 2 for x, y, _p in self.pins.values())]
        clear = [p for p in off_pins if all(rect_gap(rect, p) > MARKER_R + 1 for rect in taken)]
        return (clear or off_pins or along)[0]

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, journeys: Sequence[Sequence[int]], markers: Sequence[Sequence[int]],
             colours: Sequence[Any], focus: int | None, viewer: int | None, targets: Collection[int],
             in_flight: Collection[int]) -> None:
        """The map with every seat's journey (`colours`: each seat's colour; the `focus` seat's
        and then the `viewer`'s drawn last, over the others), the bike markers, the pins (those
        in `targets` lit) and the cyclists' badges; cards `in_flight` are not there yet."""
        surface.blit(self.image, (0, 0))
        for points in self.route:   # the main cycling route, faint
            if len(points) > 1:
                pygame.draw.lines(surface, (150, 130, 100), False, points, 2)
        order = sorted(range(len(journeys)), key=lambda s: (s == focus, s == viewer))
        spots = self.cyclist_spots(journeys, in_flight)
        taken = [badge_rect(spot) for spot in spots.values()]   # and then each marker placed
        wheels: list[tuple[Point, pygame.Color]] = []
        for seat in order:
            journey = [c for c in journeys[seat] if c not in in_flight]
            colour = theme.seat_colour(colours[seat])
            width = 6 if seat == focus else 4
            points = [self.pin_pos(CARDS[c].distance, seat) for c in journey]
            paid = set(markers[seat])
            for i in range(1, len(points)):
                a, b = points[i - 1], points[i]
                if a == b:
                    continue
                pygame.draw.line(surface, (30, 30, 30), a, b, width + 3)
                pygame.draw.line(surface, colour, a, b, width)
                if i in paid:
                    mid = self.marker_pos(a, b, taken)
                    taken.append(pygame.Rect(round(mid[0]) - MARKER_R, round(mid[1]) - MARKER_R,
                                             2 * MARKER_R, 2 * MARKER_R))
                    wheels.append((mid, colour))
        for mid, colour in wheels:       # the bike markers above every journey's lines
            pygame.draw.circle(surface, (30, 30, 30), mid, MARKER_R)
            wheel = icon("wheel", 18, colour)
            surface.blit(wheel, wheel.get_rect(center=(round(mid[0]), round(mid[1]))))
        # pins, with the ones a chosen card could reach highlighted
        for pin, (x, y, _props) in sorted(self.pins.items()):
            target = pin in targets
            r = PIN_R + 2 if target else PIN_R
            if target:
                theme.glow_outline(surface, pygame.Rect(x - r - 3, y - r - 3, 2 * r + 6, 2 * r + 6),
                                   radius=r + 3, width=3)
            pygame.draw.circle(surface, (35, 35, 38), (x, y), r + 2)
            pygame.draw.circle(surface, theme.PAPER, (x, y), r)
            theme.draw_text(surface, str(pin), (x, y), 17, theme.INK, bold=True, anchor="center")
        # where each cyclist is now, beside its pin
        for seat, (x, y) in sorted(spots.items(), key=lambda item: order.index(item[0])):
            theme.draw_seat_badge(surface, colours[seat], (round(x), round(y)), BADGE)
        pygame.draw.rect(surface, theme.LINE, surface.get_rect(), 2)


def badge_rect(centre: Point) -> pygame.Rect:
    """The map area a cyclist's badge (with its dark outline) covers."""
    rect = pygame.Rect(0, 0, BADGE + 6, BADGE + 6)
    rect.center = (round(centre[0]), round(centre[1]))
    return rect
