"""What is drawn over the map each frame rather than into its tiles: the route under the mouse
and the route picked to pay for, the cities of the tickets held while new ones are weighed, and
a hovered ticket's way with what it still needs told under the side panel."""
from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.ui import theme

from .rules import KEEP


class MapOverlay:
    """The part of the TtR scene that draws over the map (a mixin of `TtrScene`)."""

    def hovered_ticket(self) -> int | None:
        hover = self.hover
        return hover[1] if isinstance(hover, tuple) and hover and hover[0] == "ticket" else None

    _routes_of: tuple[frozenset, tuple[int, ...]] = (frozenset(), ())

    def glowing_routes(self) -> tuple[int, ...]:
        """The routes that glow on the map: every one the viewer may claim now (worked out once
        per glowing set: every map tile's signature asks)."""
        glowing = self.glowing
        if glowing is not self._routes_of[0]:
            self._routes_of = (glowing, tuple(sorted(t[1] for t in glowing if t[0] == "route")))
        return self._routes_of[1]

    def hovered_route(self) -> int | None:
        hover = self.hover
        if isinstance(hover, tuple) and hover and hover[0] == "route" and hover[1] in self.claimable():
            return hover[1]
        return None

    def held_cities(self) -> tuple[str, ...]:
        """While the viewer chooses among drawn tickets: the cities of the tickets already
        held, ringed on the map so that a new ticket can be weighed against them."""
        if self.phase != KEEP or not self.is_my_turn():
            return ()
        cities = {city for ticket in self.my_tickets()
                  for city in (self.board.tickets[ticket].a, self.board.tickets[ticket].b)}
        return tuple(sorted(cities))

    def _city_box(self, city: str, half: int = 24) -> pygame.Rect:
        x, y = self.board.city_xy[city]
        return pygame.Rect(self.map_rect.x + x - half, self.map_rect.y + y - half, 2 * half, 2 * half)

    def _overlay_key(self) -> Hashable:
        ticket = self.hovered_ticket()
        return (self.hovered_route(), self.selected_route, ticket,
                self.open_way(ticket) if ticket is not None else None, self.viewer, self.held_cities())

    def _overlay_rects(self, key: Hashable) -> list[pygame.Rect]:
        hovered, selected, ticket, way, _viewer, held = key  # type: ignore[misc]
        rects = [self.route_box[r].inflate(12, 12) for r in (hovered, selected) if r is not None]
        rects += [self._city_box(city, 16) for city in held]
        if ticket is not None and way is not None:
            rects += [self.route_box[r].inflate(16, 16) for r in way[0]]
            t = self.board.tickets[ticket]
            rects += [self._city_box(city) for city in (t.a, t.b)]
            box = self._needs_box(ticket)
            if box is not None:
                rects.append(box.inflate(8, 8))
        return rects

    def ticking_rects(self) -> list[pygame.Rect]:
        return self.overlay.dirty()

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        surface = self.map_view(canvas)
        colour = theme.seat_colour(self.seat_colour(self.viewer)) if self.viewer is not None else theme.TEXT
        for city in self.held_cities():
            x, y = (round(v) for v in self.board.city_xy[city])
            pygame.draw.circle(surface, (30, 26, 22), (x, y), 12, 5)
            pygame.draw.circle(surface, colour, (x, y), 11, 3)
        for route_id in {self.hovered_route(), self.selected_route} - {None}:
            self.draw_route_glow(surface, route_id, width=5 if route_id == self.selected_route else 3)
        ticket = self.hovered_ticket()
        if ticket is not None:
            routes, cities = self.open_way(ticket)
            t = self.board.tickets[ticket]
            self.draw_way(surface, routes, cities or [t.a, t.b])
            box = self._needs_box(ticket)
            if box is not None:
                self._draw_needs(canvas, ticket, box)

    def _needs_box(self, ticket: int) -> pygame.Rect | None:
        """Where a hovered ticket's needs are told: just under the panel, over the log's top,
        so that it hides neither the map nor the other tickets."""
        if ticket not in self._ticket_rects():
            return None
        panel = self._panel_rect()
        box = theme.tooltip_rect(self._needs_text(ticket), pygame.Rect(0, 0, 1, 1))
        box.topleft = (panel.x + 8, panel.bottom - 6)
        return box

    def _needs_text(self, ticket: int) -> str:
        t = self.board.tickets[ticket]
        return f"{self.city(t.a)} – {self.city(t.b)}, {t.points} points. {self.needs_words(ticket)}"

    def _draw_needs(self, canvas: pygame.Surface, ticket: int, box: pygame.Rect) -> None:
        pygame.draw.rect(canvas, (16, 18, 21), box, border_radius=8)
        pygame.draw.rect(canvas, theme.HIGHLIGHT, box, 1, border_radius=8)
        y = box.y + 10
        for line in theme.wrap(self._needs_text(ticket), theme.SIZE_SMALL, theme.TOOLTIP_W - 28):
            theme.draw_text(canvas, line, (box.x + 14, y), theme.SIZE_SMALL)
            y += theme.font(theme.SIZE_SMALL).get_linesize()
