"""The way a ticket still needs: the cheapest open way between its cities for a seat (its own
routes free, others' routes and locked twins closed), and that way told in words (the trains
still to claim, by colour)."""
from __future__ import annotations

import heapq

from game.core.text import plural

from .data import COLOUR_LABELS, GREY, LOCO, Route


class TicketWays:
    """The part of the TtR scene that finds a ticket's way (a mixin of `TtrScene`: it reads the
    scene's `board`, `view`, `viewer` and `claims()`, and caches ways in `_paths`)."""

    def route_closed(self, route: Route, seat: int | None, claims: dict[int, int]) -> bool:
        """Closed to `seat`: claimed by another, or its twin taken so that it is locked."""
        owner = claims.get(route.id)
        if owner is not None:
            return owner != seat
        if route.pair and route.pair in claims:
            twin = claims[route.pair]
            return self.view["num_players"] <= 3 or twin == seat
        return False

    def open_way(self, ticket: int, seat: int | None = None, own_only: bool = False) -> tuple[list[int], list[str]]:
        """One cheapest open way between a ticket's cities for `seat` (the viewer): own routes
        cost nothing; others' routes and locked twins are closed. Returns (routes, cities)."""
        seat = self.viewer if seat is None else seat
        claims = self.claims()
        key = (ticket, seat, own_only, tuple(map(tuple, self.view["claims_list"])))
        if key in self._paths:
            return self._paths[key]
        t = self.board.tickets[ticket]
        dist = {t.a: 0}
        back: dict[str, tuple[str, int]] = {}
        queue = [(0, t.a)]
        while queue:
            d, here = heapq.heappop(queue)
            if d > dist[here]:
                continue
            if here == t.b:
                break
            for route in self.board.routes_at(here):
                mine = claims.get(route.id) == seat and seat is not None
                if own_only and not mine:
                    continue
                if self.route_closed(route, seat, claims):
                    continue
                step = 0 if mine else route.length
                there = route.other(here)
                if d + step < dist.get(there, 1 << 30):
                    dist[there] = d + step
                    back[there] = (here, route.id)
                    heapq.heappush(queue, (d + step, there))
        routes, cities = [], []
        if t.b in dist:
            here = t.b
            cities.append(here)
            while here != t.a:
                here, route_id = back[here]
                routes.append(route_id)
                cities.append(here)
        if len(self._paths) > 200:
            self._paths.clear()
        self._paths[key] = (routes, cities)
        return routes, cities

    def needs_words(self, ticket: int) -> str:
        """What a ticket still needs, in words: its trains by colour, or done, or no way."""
        routes, cities = self.open_way(ticket)
        if not cities:
            return "No open way is left between these cities."
        claims = self.claims()
        need: dict[str, int] = {}
        for route_id in routes:
            if claims.get(route_id) == self.viewer:
                continue
            route = self.board.route_by_id[route_id]
            need[route.colour] = need.get(route.colour, 0) + route.length
            if route.locomotives:
                need[LOCO] = need.get(LOCO, 0) + route.locomotives
        if not need:
            return "Completed: your trains link these cities."
        total = sum(v for k, v in need.items() if k != LOCO)
        parts = [f"{v} {'grey (any one colour)' if k == GREY else COLOUR_LABELS[k].lower()}"
                 for k, v in sorted(need.items(), key=lambda kv: -kv[1]) if k != LOCO]
        if need.get(LOCO):
            parts.append(f"{need[LOCO]} of them locomotives (ferries)")
        return f"Still needs {plural(total, 'train')}: " + ", ".join(parts) + "."
