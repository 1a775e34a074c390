"""Ticket to Ride's table, for both boards: the map with every claimed route in its owner's
trains, the strip of face-up cards and decks beside it, on South Korea the province mat, and
the side panel with the seats, the viewer's hand and tickets and the choice at hand.

The scene reads only its context (the viewer's view and legal actions) and animates from the
last move's events: a card flies from the display or the deck to the seat that took it, the
cards paid fly onto the route and its trains appear space by space; the last round, the Ticket
Draft card and the display's clearing are announced over the map; at the end each seat's
tickets are shown one by one with the routes that complete them lit up.
"""
from __future__ import annotations

import heapq
import math
from typing import Any
from collections.abc import Callable, Hashable

import pygame

from game.core.protocol import Action
from game.core.text import plural
from game.table.frame import GameScene
from game.table.overlay import KeyedOverlay
from game.table.panel import Choice, ChoicePanel, row_of_choices
from game.table.picker import Picker
from game.ui import theme
from game.ui.anim import Motion, ease_in_out, ease_out_cubic, lerp_point
from game.ui.icons import icon

from . import art, cards_art
from .data import (COLOUR_LABELS, COLOURS, DRAFT_KEEP, FESTIVALS, GREY, KOREA, LOCO, PROVINCE_BONUS,
                   PROVINCE_SPOTS, Board, Route, board)
from .rules import (DECK, DRAFT, DRAFTED, DRAWING, FESTIVAL, KEEP, OVER, PLACE, TURN, Claim, DraftPick,
                    DrawCard, DrawTickets, ExpressDraw, KeepTickets, Pass, Place, TakeFestival)

MAP_XY = (8, 72)
STRIP = pygame.Rect(1276, 72, 114, 1000)
FACE = (100, 70)
FACE_TOP, FACE_STEP = 32, 80
DECK_RECT = pygame.Rect(STRIP.x + 7, STRIP.y + 440, *FACE)
TICKET_DECK_RECT = pygame.Rect(STRIP.x + 7, STRIP.y + 566, *FACE)
HAND_CARD = (50, 74)
HAND_STEP = 54
SECTION_Y = 132            # where the tickets / choices start in the side panel
TICKET_H, TICKET_MIN_H, TICKET_GAP = 60, 50, 8   # a ticket keeps two lines of names
PAY_H, PAY_GAP = 40, 8
FLY = 0.38                 # a card's flight
SPACE_STEP = 0.11          # one more train appears on a route
HOLD_ROUTE = 0.9           # a claimed route stays lit this long
BANNER_HOLD = 2.2
REVEAL_STEP = 0.55         # each ticket at the end
ORDER = COLOURS + (LOCO,)


def _bool(value: Any) -> bool:
    return bool(value)


def _turn(a: float, b: float) -> float:
    """The signed turn from heading a to heading b, in degrees (-180..180)."""
    return (b - a + 180) % 360 - 180


class TtrScene(GameScene):
    """Both boards' table (the board follows the game id)."""

    # ---- set-up -------------------------------------------------------------------------
    def build_board(self) -> None:
        self.board: Board = board("korea" if self.spec.id == "ttr-korea" else "iberia")
        self.korea = self.board.name == KOREA
        self.map_rect = pygame.Rect(MAP_XY, self.board.size)
        self.mat_rect = pygame.Rect(self.map_rect.right + 8, 72, STRIP.x - 8 - self.map_rect.right - 8, 1000)
        self.choices = ChoicePanel(self)
        #: a route, then how to pay for it: the legal Claims narrowed click by click (the table
        #: kit's picker); `selected_route` is the route picked, waiting for a payment
        self.claiming: Picker[Claim] = Picker([], steps=(lambda a: a.route,
                                                       lambda a: (a.colour, a.locomotives, a.cards)))
        self.keep_choice: set[int] = set()
        self.keep_key: tuple = ()
        self.pay_page = 0
        self.ticket_page = 0
        self.appearing: dict[int, int] = {}      # route -> seat, while its trains appear
        self.hidden_spots: set[tuple[str, int]] = set()
        self.revealing: tuple[int, int, bool] | None = None   # seat, ticket, done (the end)
        self._route_sprites: dict[tuple[int, int], tuple[pygame.Surface, tuple[int, int]]] = {}
        self._paths: dict[tuple, tuple[list[int], list[str]]] = {}
        self._geometry()
        try:
            from game.core.board import load_board
            from game import assets
            tmx = load_board(assets.path("maps", f"ttr-{self.board.name}.tmx"))
            self.map_image = self.board_picture(tmx, f"ttr-{self.board.name}.tmx")
        except Exception as exc:   # a broken map must not stop the game
            self.map_image = self.plain_board(exc, self.map_rect.size)
        self._claims_canvas: pygame.Surface | None = None
        self._painted_claims: tuple[tuple[int, int], ...] = ()
        self.overlay = KeyedOverlay(self._overlay_key, self._overlay_rects)
        self._add_map_tiles()
        self._warm_cars()
        if self.korea:
            self._add_mat_layers()
        self.add_layer(STRIP, self._render_strip, self._strip_signature)
        self.add_layer(self.side_reserved_rect(), self._render_panel, self._panel_signature)
        self._sync_buttons()

    def _warm_cars(self) -> None:
        """Draw each seat's car for every (length, angle) the board's spaces use, once, as the
        table opens, so that a claim only blits pictures already made."""
        shapes = {self.car_key(route, i)[1:] for route in self.board.routes for i in range(len(route.spaces))}
        for seat in range(len(self.session.seats)):
            colour = self.seat_colour(seat)
            for angle, length, width in shapes:
                cards_art.train_car(colour, angle, length, width)

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

    # ---- reading the view ---------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.view["phase"]

    def claims(self) -> dict[int, int]:
        return {r: s for r, s in self.view["claims_list"]}

    def hand(self) -> list[str]:
        seat = self.viewer
        return list(self.view["hands"][seat] or []) if seat is not None else []

    def my_tickets(self) -> list[int]:
        seat = self.viewer
        return list(self.view["tickets"][seat] or []) if seat is not None else []

    def city(self, key: str) -> str:
        return self.board.labels.get(key, key)

    def seat_colour(self, seat: int) -> int:
        return self.ctx.seats[seat].colour

    def legal_of(self, kind: type) -> list[Any]:
        return [a for a in self.ctx.legal if isinstance(a, kind)]

    def claimable(self) -> set[int]:
        return {a.route for a in self.legal_of(Claim)}

    # ---- targets: what a click on the board means (table kit) ---------------------------------
    declares_targets = True

    def target_of(self, action) -> Hashable:
        if isinstance(action, DrawCard):
            return ("deck",) if action.slot == DECK else ("face", action.slot)
        if isinstance(action, DrawTickets) and not action.express:
            return ("tickets",)
        if isinstance(action, Claim):
            return ("route", action.route)
        if isinstance(action, Place) and action.line and self.korea and self.phase == PLACE:
            return ("spot", action.line, self.mat_spot(action))
        return None

    def selection_key(self) -> Hashable:
        return self.selected_route

    def target_rect(self, target: Hashable) -> pygame.Rect | None:
        kind = target[0] if isinstance(target, tuple) and target else None
        if kind == "face":
            return self.face_rect(target[1])
        if kind == "deck":
            return pygame.Rect(DECK_RECT)
        if kind == "tickets":
            return pygame.Rect(TICKET_DECK_RECT)
        if kind == "spot":
            return self.spot_rect(target[1], target[2])
        if kind == "route":   # its middle space
            spaces = self.board.route_by_id[target[1]].spaces
            x, y = spaces[len(spaces) // 2]
            half = round(self.board.space_width / 2)
            return pygame.Rect(round(self.map_rect.x + x) - half, round(self.map_rect.y + y) - half, 2 * half, 2 * half)
        return None

    def why_not_target(self, target: Hashable) -> str:
        kind = target[0] if isinstance(target, tuple) and target else None
        if kind == "face":
            return self.ctx.explain(DrawCard(target[1])) or "That card cannot be taken now."
        if kind == "deck":
            return self.ctx.explain(DrawCard(DECK)) or "The deck cannot be drawn from now."
        if kind == "tickets":
            return self.ctx.explain(DrawTickets(0)) or "Tickets cannot be drawn now."
        if kind == "route":
            r = self.board.route_by_id[target[1]]
            return (self.ctx.explain(Claim(r.id, r.colour if r.colour != GREY else COLOURS[0], 0, r.length))
                    or "You cannot pay for that route with your cards.")
        if kind == "spot":
            return "Put a train on the mat right after claiming a route of that line's colour."
        return "Nothing to click there: the glowing routes, cards and decks are what you may take."

    def _claiming(self) -> Picker[Claim]:
        """The picker over the legal claims, started again when they changed."""
        legal = self.legal_of(Claim)
        if legal != self.claiming.all:
            self.pay_page = 0   # new claims: the first page of ways to pay
        return self.claiming.follow(legal)

    @property
    def selected_route(self) -> int | None:
        """The route picked, waiting for a way to pay (None: none)."""
        return self.claiming.first

    @selected_route.setter
    def selected_route(self, route: int | None) -> None:
        self._claiming().start_with(route)

    def payments(self, route: int) -> list[Claim]:
        """The legal ways to pay for `route`, fewest cards first, then fewest locomotives."""
        picker = self._claiming()
        pays = picker.remaining if route == self.selected_route else [a for a in picker.all if a.route == route]
        return sorted(pays, key=lambda a: (a.cards, a.locomotives, ORDER.index(a.colour)))

    def on_view(self) -> None:
        self._claiming()   # a claim made, or the turn moved on: the picker starts again
        key = (self.phase, self.viewer, tuple(self._keep_pool()))
        if key != self.keep_key:
            self.keep_key = key
            self.keep_choice = set()
        self._sync_buttons()

    def _keep_pool(self) -> list[int]:
        """The tickets the viewer chooses among now (drafted picks or tickets drawn)."""
        if not self.is_my_turn() or self.viewer is None:
            return []
        if self.phase == DRAFTED:
            return sorted(self.view["draft_picks"][self.viewer] or [])
        if self.phase == KEEP:
            return sorted(self.view["offered"][self.viewer] or [])
        return []

    # ---- the way a ticket still needs ----------------------------------------------------
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

    # ---- the map --------------------------------------------------------------------------
    def shown_claims(self) -> tuple[tuple[int, int], ...]:
        return tuple((r, s) for r, s in self.view["claims_list"] if r not in self.appearing)

    MAP_TILE = (256, 250)

    def _add_map_tiles(self) -> None:
        """The map as a grid of opaque tile layers: a claim redraws and re-presents only the
        tiles its route touches, not the whole board (a full map costs ~10 ms to push)."""
        tw, th = self.MAP_TILE
        w, h = self.map_rect.size
        cols, rows = math.ceil(w / tw), math.ceil(h / th)
        self.map_tiles: list[pygame.Rect] = []
        self._route_tiles: dict[int, tuple[int, ...]] = {}
        self._badge_tiles: dict[str, tuple[int, ...]] = {}
        for r in range(rows):
            for c in range(cols):
                tile = pygame.Rect(c * tw, r * th, min(tw, w - c * tw), min(th, h - r * th))
                self.map_tiles.append(tile)
        for route in self.board.routes:
            box = self.route_box[route.id].move(-self.map_rect.x, -self.map_rect.y)
            self._route_tiles[route.id] = tuple(i for i, t in enumerate(self.map_tiles) if t.colliderect(box))
        for key in FESTIVALS:
            box = pygame.Rect(0, 0, 40, 44)
            box.center = self.badge_at(key)
            self._badge_tiles[key] = tuple(i for i, t in enumerate(self.map_tiles) if t.colliderect(box))
        self._tile_key: Hashable = None
        self._tile_sigs: list[Hashable] = []
        for i, tile in enumerate(self.map_tiles):
            self.add_layer(tile.move(self.map_rect.topleft), self._tile_renderer(i), self._tile_signature(i),
                           alpha=False)

    def _tile_signatures(self) -> list[Hashable]:
        """Every map tile's signature, worked out once per change of the claims shown."""
        claims = self.shown_claims()
        festivals = tuple(sorted(self.view["festival_at"].items()))
        glowing = self.glowing_routes()
        key = (self.map_problem, claims, festivals, glowing)
        if key != self._tile_key:
            sigs: list[list[Any]] = [[self.map_problem] for _ in self.map_tiles]
            for claim in claims:
                for i in self._route_tiles[claim[0]]:
                    sigs[i].append(claim)
            for route_id in glowing:
                for i in self._route_tiles[route_id]:
                    sigs[i].append(("glow", route_id))
            for festival, count in festivals:
                for i in self._badge_tiles.get(festival, ()):
                    sigs[i].append((festival, count))
            self._tile_key = key
            self._tile_sigs = [tuple(sig) for sig in sigs]
        return self._tile_sigs

    def _tile_signature(self, index: int):
        return lambda: self._tile_signatures()[index]

    def _tile_renderer(self, index: int):
        def render(surface: pygame.Surface) -> None:
            self._render_map_tile(surface, self.map_tiles[index])
        return render

    def _sync_claims_canvas(self) -> pygame.Surface:
        """The map with every shown claim's trains painted on. A new claim adds only its own
        trains; a claim taken back (undo) starts the canvas afresh."""
        claims = self.shown_claims()
        painted = self._painted_claims
        if self._claims_canvas is None or claims[:len(painted)] != painted:
            self._claims_canvas = self.map_image.copy()
            pygame.draw.rect(self._claims_canvas, theme.LINE, self._claims_canvas.get_rect(), 2)
            painted = ()
        for route_id, seat in claims[len(painted):]:
            image, at = self.route_sprite(route_id, seat)
            self._claims_canvas.blit(image, at)
        self._painted_claims = claims
        return self._claims_canvas

    def _render_map_tile(self, surface: pygame.Surface, tile: pygame.Rect) -> None:
        """One tile of the map (map pixels `tile`): the trains, the glow of every route the
        viewer may claim now, then the festival cards."""
        surface.blit(self._sync_claims_canvas(), (0, 0), tile)
        glowing = [r for r in self.glowing_routes()
                   if self.route_box[r].move(-self.map_rect.x, -self.map_rect.y).colliderect(tile)]
        for route_id in glowing:
            for poly in self.space_polygons(route_id, 3):
                moved = [(x - tile.x, y - tile.y) for x, y in poly]
                pygame.draw.polygon(surface, (30, 26, 22), moved, 5)
                pygame.draw.polygon(surface, theme.HIGHLIGHT, moved, 2)
        for key, count in self.view["festival_at"].items():
            if count:
                badge = cards_art.festival_badge(count)
                at = badge.get_rect(center=self.badge_at(key))
                if at.colliderect(tile):
                    surface.blit(badge, at.move(-tile.x, -tile.y))

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

    def route_sprite(self, route_id: int, seat: int,
                     count: int | None = None) -> tuple[pygame.Surface, tuple[int, int]]:
        """A seat's trains on a route (all, or the first `count`), and where (map pixels)."""
        key = (route_id, seat)
        if count is None and key in self._route_sprites:
            return self._route_sprites[key]
        route = self.board.route_by_id[route_id]
        box = self.route_box[route_id].move(-self.map_rect.x, -self.map_rect.y)
        surf = pygame.Surface(box.size, pygame.SRCALPHA)
        colour = self.seat_colour(seat)
        for i, (x, y) in enumerate(route.spaces[:count]):
            car = cards_art.train_car(colour, *self.car_key(route, i)[1:])
            surf.blit(car, car.get_rect(center=(round(x - box.x), round(y - box.y))))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        out = (surf, box.topleft)
        if count is None:
            self._route_sprites[key] = out
        return out

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

    def draw_route_glow(self, surface: pygame.Surface, route_id: int, colour=theme.HIGHLIGHT, width: int = 4) -> None:
        """A route's spaces ringed (hover, the selection, a claim just made)."""
        for poly in self.space_polygons(route_id, 4):
            pygame.draw.polygon(surface, (30, 26, 22), poly, width + 4)
            pygame.draw.polygon(surface, colour, poly, width)

    def draw_way(self, surface: pygame.Surface, routes: list[int], cities: list[str], colour=theme.HIGHLIGHT) -> None:
        """A way across the map: every space of its routes ringed, its two end cities ringed."""
        polys = [poly for route_id in routes for poly in self.space_polygons(route_id, 3)]
        for poly in polys:
            pygame.draw.polygon(surface, (30, 26, 22), poly, 7)
        for poly in polys:
            pygame.draw.polygon(surface, colour, poly, 3)
        for city in cities[:1] + cities[-1:]:
            x, y = self.board.city_xy[city]
            pygame.draw.circle(surface, (30, 26, 22), (round(x), round(y)), 15, 6)
            pygame.draw.circle(surface, colour, (round(x), round(y)), 14, 4)

    def map_view(self, canvas: pygame.Surface) -> pygame.Surface:
        """The map's part of the canvas in map coordinates, keeping the canvas's clip."""
        surface = canvas.subsurface(self.map_rect)
        surface.set_clip(canvas.get_clip().clip(self.map_rect).move(-self.map_rect.x, -self.map_rect.y))
        return surface

    # ---- what is drawn over the map each frame --------------------------------------------
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

    # ---- the strip: face-up cards, the deck, the tickets ------------------------------------
    def face_rect(self, slot: int) -> pygame.Rect:
        return pygame.Rect(STRIP.x + 7, STRIP.y + FACE_TOP + slot * FACE_STEP, *FACE)

    def _strip_signature(self) -> Hashable:
        v = self.view
        return (tuple(v["face_up"]), v["deck_count"], v["ticket_deck_count"], len(v["discard"]), self.hover,
                tuple(sorted(t for t in self.glowing if t[0] in ("face", "deck", "tickets"))), v["phase"],
                v["final_turns"], v["draft_card_drawn"], v["festivals_hidden"], v["tickets_open"],
                self.is_my_turn())

    def _render_strip(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        pygame.draw.rect(surface, theme.PANEL, surface.get_rect(), border_radius=12)
        v = self.view
        mine = self.is_my_turn() and v["phase"] in (TURN, DRAWING)
        glowing = self.glowing
        theme.draw_text(surface, "Face up", (STRIP.width // 2, 8), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True,
                        anchor="midtop")
        for slot, card in enumerate(v["face_up"]):
            rect = self.face_rect(slot).move(-STRIP.x, -STRIP.y)
            if not card:
                pygame.draw.rect(surface, theme.LINE, rect, 2, border_radius=8)
                continue
            surface.blit(cards_art.train_card(card, FACE, face_label(card)), rect)
            if ("face", slot) in glowing:
                theme.glow_outline(surface, rect, radius=9, width=self.glow_width(("face", slot), 2))
            elif mine and v["phase"] == DRAWING and card == LOCO:   # refused as a second card
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill((20, 22, 26, 150))
                surface.blit(veil, rect)
                pygame.draw.line(surface, theme.WARNING, rect.topleft, rect.bottomright, 3)
        for rect, label, count, tickets, ok in (
                (DECK_RECT, "Deck", v["deck_count"], False, ("deck",) in glowing),
                (TICKET_DECK_RECT, "Tickets", v["ticket_deck_count"], True, ("tickets",) in glowing)):
            local = rect.move(-STRIP.x, -STRIP.y)
            if count:
                surface.blit(cards_art.card_back(FACE, tickets), local)
            else:
                pygame.draw.rect(surface, theme.LINE, local, 2, border_radius=8)
            if ok:
                theme.glow_outline(surface, local, radius=9,
                                   width=self.glow_width(("tickets",) if tickets else ("deck",), 2))
            theme.draw_text(surface, f"{label} {count}", (local.centerx, local.bottom + 6), theme.SIZE_SMALL,
                            theme.TEXT, bold=True, anchor="midtop")
        y = TICKET_DECK_RECT.bottom - STRIP.y + 40
        notes = [f"Discards {len(v['discard'])}"]
        if not self.korea:
            notes.append("Ticket Draft card drawn" if v["draft_card_drawn"] else "Ticket Draft card in the deck")
            if not v["tickets_open"]:
                notes.append("No ticket draws before the second draft")
        for note in notes:
            used = theme.draw_paragraph(surface, note, pygame.Rect(8, y, STRIP.width - 16, 140), theme.SIZE_SMALL,
                                        theme.TEXT_DIM, line_gap=0)
            y += used + 10
        if v["final_turns"] is not None and v["phase"] != OVER:
            box = pygame.Rect(6, STRIP.height - 108, STRIP.width - 12, 98)
            pygame.draw.rect(surface, (92, 40, 38), box, border_radius=10)
            pygame.draw.rect(surface, theme.WARNING, box, 2, border_radius=10)
            theme.draw_text(surface, "Last", (box.centerx, box.y + 8), theme.SIZE_BODY, theme.TEXT, bold=True,
                            anchor="midtop")
            theme.draw_text(surface, "round", (box.centerx, box.y + 32), theme.SIZE_BODY, theme.TEXT, bold=True,
                            anchor="midtop")
            for i, line in enumerate((plural(v["final_turns"], "turn"), "left")):
                theme.draw_text(surface, line, (box.centerx, box.y + 58 + 18 * i), theme.SIZE_SMALL, theme.TEXT,
                                anchor="midtop", max_width=box.width - 6)

    # ---- the province mat (South Korea) ---------------------------------------------------
    def spot_rect(self, line: str, spot: int) -> pygame.Rect:
        row = COLOURS.index(line)
        return pygame.Rect(self.mat_rect.x + 62 + (spot - 1) * 44, self.mat_rect.y + 86 + row * 112, 40, 40)

    def place_targets(self) -> dict[tuple[str, int], list[Place]]:
        """Mat spots the viewer may put a train on now, with the Place actions reaching each."""
        out: dict[tuple[str, int], list[Place]] = {}
        if not self.korea or self.phase != PLACE:
            return out
        for action in self.legal_of(Place):
            if action.line:
                out.setdefault((action.line, self.mat_spot(action)), []).append(action)
        return out

    def mat_spot(self, action: Place) -> int:
        spots = self.view["province"][action.line]
        for spot in range(min(self.view["pending_cards"] + action.express, PROVINCE_SPOTS), 0, -1):
            if spots[spot - 1] < 0:
                return spot
        return 0

    MAT_HEAD = 80

    def _add_mat_layers(self) -> None:
        """The mat as a heading and one layer per line, so a train put on one line redraws
        only that line (the whole mat costs ~5 ms)."""
        head = pygame.Rect(self.mat_rect.x, self.mat_rect.y, self.mat_rect.width, self.MAT_HEAD)
        self.add_layer(head, self._render_mat_head, lambda: self.view["num_players"])
        for row, line in enumerate(COLOURS):
            top = self.spot_rect(line, 1).y - 6
            bottom = self.spot_rect(COLOURS[row + 1], 1).y - 6 if row + 1 < len(COLOURS) else self.mat_rect.bottom
            rect = pygame.Rect(self.mat_rect.x, top, self.mat_rect.width, bottom - top)
            self.add_layer(rect, self._mat_line_renderer(line, rect), self._mat_line_signature(line))

    def _render_mat_head(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        pygame.draw.rect(surface, theme.PANEL, surface.get_rect().inflate(0, 24).move(0, 12), border_radius=12)
        awards = PROVINCE_BONUS[self.view["num_players"]]
        theme.draw_text(surface, "Province mat", (16, 12), theme.SIZE_BODY, theme.TEXT, bold=True)
        theme.draw_text(surface, "Each line's highest sums score " + " / ".join(map(str, awards)),
                        (16, 42), theme.SIZE_SMALL, theme.TEXT_DIM, max_width=surface.get_width() - 24)
        # the heading's foot joins the first line's panel (the rounded corners are the head's)
        pygame.draw.rect(surface, theme.PANEL, (0, self.MAT_HEAD - 12, surface.get_width(), 12))

    def _mat_line_signature(self, line: str):
        def signature() -> Hashable:
            hover = self.hover if isinstance(self.hover, tuple) and self.hover[:2] == ("spot", line) else None
            targets = tuple(sorted(t[2] for t in self.glowing if t[0] == "spot" and t[1] == line))
            hidden = tuple(spot for (on, spot) in self.hidden_spots if on == line)
            return (tuple(self.view["province"][line]), targets, hover, hidden)
        return signature

    def _mat_line_renderer(self, line: str, area: pygame.Rect):
        def render(surface: pygame.Surface) -> None:
            self._render_mat_line(surface, line, area)
        return render

    def _render_mat_line(self, surface: pygame.Surface, line: str, area: pygame.Rect) -> None:
        """One line of the mat: its colour, its nine spots and the seats' sums so far."""
        surface.fill((0, 0, 0, 0))
        last = line == COLOURS[-1]
        panel = surface.get_rect().inflate(0, 24).move(0, -12) if last else surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=12 if last else 0)
        ox, oy = area.topleft
        fill, symbol = cards_art.colours()[line]
        spots = self.view["province"][line]
        first = self.spot_rect(line, 1).move(-ox, -oy)
        swatch = pygame.Rect(12, first.y, 40, 40)
        pygame.draw.rect(surface, (18, 20, 24), swatch.inflate(2, 2), border_radius=8)
        pygame.draw.rect(surface, fill, swatch, border_radius=7)
        art.draw_symbol(surface, symbol, swatch.center, 24, art.contrast_ink(fill))
        sums: dict[int, int] = {}
        for spot in range(1, PROVINCE_SPOTS + 1):
            rect = self.spot_rect(line, spot).move(-ox, -oy)
            owner = spots[spot - 1]
            pygame.draw.rect(surface, theme.PAPER_DARK, rect, border_radius=7)
            pygame.draw.rect(surface, fill, rect, 2, border_radius=7)
            if owner >= 0 and (line, spot) not in self.hidden_spots:
                sums[owner] = sums.get(owner, 0) + spot
                theme.draw_seat_badge(surface, self.seat_colour(owner), rect.center, 26)
                theme.draw_text(surface, str(spot), (rect.right - 3, rect.bottom - 1), 15, theme.INK, bold=True,
                                anchor="bottomright")
            else:
                theme.draw_text(surface, str(spot), rect.center, theme.SIZE_BODY, theme.INK, bold=True,
                                anchor="center")
            if ("spot", line, spot) in self.glowing:
                theme.glow_outline(surface, rect, radius=8, width=self.glow_width(("spot", line, spot), 2))
        x = 62
        ranked = sorted(sums.items(), key=lambda kv: -kv[1])
        if not ranked:
            theme.draw_text(surface, "no trains yet", (x, first.bottom + 8), theme.SIZE_SMALL, theme.TEXT_DIM)
        for seat, total in ranked:
            theme.draw_seat_badge(surface, self.seat_colour(seat), (x + 9, first.bottom + 20), 16)
            r = theme.draw_text(surface, str(total), (x + 22, first.bottom + 20), theme.SIZE_SMALL, theme.TEXT,
                                bold=True, anchor="midleft")
            x = r.right + 16

    # ---- the side panel: hand, tickets, choices ----------------------------------------------
    def seat_panel_height(self) -> int:
        return 70 if len(self.session.seats) >= 5 else 78

    def side_reserved(self) -> int:
        seats = len(self.session.seats)
        return 420 if seats >= 5 else 440 if seats == 4 else 480

    def _panel_rect(self) -> pygame.Rect:
        return self.side_reserved_rect()

    def _ticket_layout(self) -> tuple[int, int, int, int]:
        """How the panel's tickets are laid out: (columns, rows, card height, pages). Two
        columns while every card keeps its two lines of names, then three narrower ones, then
        pages of three columns."""
        panel = self._panel_rect()
        count = len(self._panel_tickets())
        top = panel.y + SECTION_Y + 34
        room = panel.bottom - (self._express_room() or 60) - top + TICKET_GAP
        fit = max(1, room // (TICKET_MIN_H + TICKET_GAP))
        for columns in (2, 3):
            rows = max(1, math.ceil(count / columns))
            if rows <= fit:
                return columns, rows, min(TICKET_H, room // rows - TICKET_GAP), 1
        return 3, fit, min(TICKET_H, room // fit - TICKET_GAP), math.ceil(count / (3 * fit))

    def _ticket_rects(self) -> dict[int, pygame.Rect]:
        """Where each ticket the panel shows now lies (canvas), by ticket number."""
        panel = self._panel_rect()
        tickets = self._panel_tickets()
        columns, rows, h, pages = self._ticket_layout()
        self.ticket_page %= pages
        per_page = columns * rows
        tickets = tickets[self.ticket_page * per_page:(self.ticket_page + 1) * per_page]
        top = panel.y + SECTION_Y + 34
        w = (panel.width - 32 - (columns - 1) * 12) // columns
        return {ticket: pygame.Rect(panel.x + 16 + (i % columns) * (w + 12), top + (i // columns) * (h + TICKET_GAP),
                                    w, h)
                for i, ticket in enumerate(tickets)}

    def express_actions(self) -> list[Action]:
        """South Korea: the express cards the viewer may spend now (before the first card)."""
        if not self.korea or self.phase != TURN:
            return []
        return [*self.legal_of(ExpressDraw), *(a for a in self.legal_of(DrawTickets) if a.express)]

    def _express_room(self) -> int:
        """The height the express buttons take at the panel's foot (0: none now)."""
        if not self.express_actions() or self.viewer is None:
            return 0
        return math.ceil(len(self.express_actions()) / 3) * (PAY_H + PAY_GAP) + 34

    def _panel_tickets(self) -> list[int]:
        """The tickets the panel lays out as cards now."""
        if self.viewer is None:
            return []
        phase = self.phase
        if phase == DRAFT and self.is_my_turn():
            return sorted(self.view["draft_packs"][self.viewer] or [])
        if phase in (DRAFTED, KEEP) and self.is_my_turn():
            return self._keep_pool()
        if self.selected_route is not None or phase in (FESTIVAL, PLACE) and self.is_my_turn():
            return []
        return self.my_tickets()

    def _panel_signature(self) -> Hashable:
        v = self.view
        return (self.viewer, tuple(self.hand()), tuple(self.my_tickets()), tuple(v.get("ticket_done") or ()),
                v["phase"], self.is_my_turn(), tuple(self._panel_tickets()), frozenset(self.keep_choice),
                self.selected_route, self.hover, repr(v["revealed"]), v["draft_round"], self.ticket_page,
                tuple(self.view["draft_picks"][self.viewer] or ()) if self.viewer is not None else None,
                self.ctx.to_act)

    def _render_panel(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        rect = surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        if self.viewer is None:
            seat = self.ctx.to_act
            title = "Cards and tickets are hidden" if seat is None or not self.ctx.seats[seat].is_bot else \
                f"{self.name(seat)} is playing"
            theme.draw_text(surface, title, (16, 14), theme.SIZE_BODY, theme.TEXT, bold=True)
            theme.draw_paragraph(surface, "Each player sees their own hand and tickets here on their turn.",
                                 pygame.Rect(16, 50, rect.width - 32, 80), theme.SIZE_SMALL, theme.TEXT_DIM)
            return
        self._draw_hand(surface)
        origin = self._panel_rect().topleft
        phase = self.phase
        mine = self.is_my_turn()
        y = SECTION_Y
        heading = self._section_heading()
        paged = self.selected_route is None and self._ticket_layout()[3] > 1
        room = rect.width - (150 if self.selected_route is not None and mine or paged else 32)
        theme.draw_text(surface, heading, (16, y), theme.SIZE_BODY, theme.TEXT, bold=True, max_width=room)
        done = dict(zip(self.my_tickets(), self.view.get("ticket_done") or []))
        for ticket, box in self._ticket_rects().items():
            local = box.move(-origin[0], -origin[1])
            t = self.board.tickets[ticket]
            state = None
            if phase not in (DRAFT, DRAFTED, KEEP) and ticket in done:
                state = done[ticket] if phase == OVER else (True if done[ticket] else None)
            chosen = ticket in self.keep_choice
            card = cards_art.ticket_card(self.city(t.a), self.city(t.b), t.points, local.size, state, chosen)
            surface.blit(card, local)
            clickable = mine and phase in (DRAFT, DRAFTED, KEEP)
            if chosen:
                pygame.draw.rect(surface, theme.HIGHLIGHT, local.inflate(4, 4), 4, border_radius=10)
            elif clickable:
                theme.glow_outline(surface, local, radius=9, width=3 if self.hover == ("ticket", ticket) else 1)
            elif self.hover == ("ticket", ticket):
                pygame.draw.rect(surface, theme.HIGHLIGHT, local, 2, border_radius=8)
        if phase == DRAFT and mine:
            self._draw_own_tickets(surface, pygame.Rect(16, rect.height - 118, rect.width - 32, 112))
        elif not self._panel_tickets() and phase not in (FESTIVAL, PLACE) and self.selected_route is None:
            theme.draw_text(surface, "No tickets yet.", (16, y + 40), theme.SIZE_SMALL, theme.TEXT_DIM)
        if self._express_room() and mine and self.selected_route is None:
            theme.draw_text(surface, "Express cards: more cards, or more tickets",
                            (16, rect.height - self._express_room() + 2), theme.SIZE_SMALL, theme.TEXT_DIM,
                            max_width=rect.width - 32)
        if self.selected_route is not None and mine:
            pays = self.payments(self.selected_route)
            if len(pays) > self._pay_room():
                theme.draw_text(surface, f"{len(pays)} ways to pay: page {self.pay_page + 1}",
                                (16, rect.height - 30), theme.SIZE_SMALL, theme.TEXT_DIM)

    def _ticket_words(self, tickets: list[int]) -> str:
        return " · ".join(f"{self.city(self.board.tickets[t].a)}–{self.city(self.board.tickets[t].b)} "
                          f"{self.board.tickets[t].points}" for t in tickets)

    def _draw_own_tickets(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """During a draft, the viewer's own tickets stay on show under the packet: those kept
        before (the second draft) and those picked so far in this one."""
        picks = list(self.view["draft_picks"][self.viewer] or [])
        kept = [t for t in self.my_tickets() if t not in picks]
        lines = []
        if kept:
            lines.append(f"Your tickets: {self._ticket_words(kept)}")
        lines.append(f"Picked so far: {self._ticket_words(picks)}" if picks else
                     "Click a ticket to take it; the rest pass on.")
        theme.draw_paragraph(surface, "\n".join(lines), box, theme.SIZE_SMALL, theme.TEXT_DIM, line_gap=0)

    def _section_heading(self) -> str:
        phase = self.phase
        mine = self.is_my_turn()
        if mine and phase == DRAFT:
            return f"Draft: pick one ticket (pick {self.view['draft_round'] + 1} of 6)"
        if mine and phase == DRAFTED:
            return f"Keep {DRAFT_KEEP} of your drafted tickets: {len(self.keep_choice)} chosen"
        if mine and phase == KEEP:
            return f"Keep at least one: {len(self.keep_choice)} chosen"
        if mine and self.selected_route is not None:
            route = self.board.route_by_id[self.selected_route]
            colour = "grey" if route.colour == GREY else COLOUR_LABELS[route.colour].lower()
            return f"Pay: {self.city(route.a)}–{self.city(route.b)}, {route.length} {colour}"
        if mine and phase == FESTIVAL:
            return "Take the festival cards of which city?"
        if mine and phase == PLACE:
            return "Put a train on the province mat?"
        if phase == OVER:
            return "Your tickets, as they ended"
        return f"Your tickets ({len(self.my_tickets())})"

    def _draw_hand(self, surface: pygame.Surface) -> None:
        hand = self.hand()
        theme.draw_text(surface, f"Your hand ({plural(len(hand), 'card')})", (16, 12), theme.SIZE_BODY, theme.TEXT,
                        bold=True)
        x = 16
        for colour in ORDER:
            count = hand.count(colour)
            if not count:
                continue
            surface.blit(cards_art.train_card(colour, HAND_CARD, count=count), (x, 44))
            x += HAND_STEP
        if not hand:
            theme.draw_text(surface, "No train cards.", (16, 64), theme.SIZE_SMALL, theme.TEXT_DIM)

    # ---- buttons ------------------------------------------------------------------------------
    def _pay_room(self) -> int:
        return self._pay_columns() * ((self.side_reserved() - SECTION_Y - 34 - 40) // (PAY_H + PAY_GAP))

    def _paged(self, labels: list[tuple[Hashable, str, str]], fixed: int,
               more: Callable[[int, int], str]) -> list[tuple[Hashable, str, str]]:
        """`labels` as many as the panel's room holds: the first `fixed` always, the rest a
        page at a time (`pay_page`) behind a "more" button worded by `more(page, pages)`."""
        room = self._pay_room()
        if len(labels) <= room:
            return labels
        head, rest = labels[:fixed], labels[fixed:]
        per_page = max(1, room - 1 - fixed)
        pages = math.ceil(len(rest) / per_page)
        self.pay_page %= pages
        shown = rest[self.pay_page * per_page:(self.pay_page + 1) * per_page]
        return head + shown + [(("more",), more(self.pay_page + 1, pages), "")]

    def _pay_columns(self) -> int:
        return 2 if self.korea else 3   # South Korea's labels also name the mat spot

    def _sync_buttons(self) -> None:
        if not hasattr(self, "choices"):
            return
        panel = self._panel_rect()
        wanted: list[Choice] = []
        mine = self.is_my_turn()
        phase = self.phase
        top = panel.y + SECTION_Y + 36
        right = panel.right - 16
        if mine and phase in (DRAFTED, KEEP):
            wanted.append(Choice(("confirm",), "Keep these tickets", (panel.right - 236, panel.bottom - 54, 220, 44),
                                 "primary"))
        elif mine and self.selected_route is not None:
            labels = [(("pay", a), self.pay_label(a), "") for a in self.payments(self.selected_route)]
            labels = self._paged(labels, 0, lambda page, pages: "More ways…")
            wanted += _grid(labels, panel.x + 16, top, right, self._pay_columns())
            wanted.append(Choice(("back",), "Back", (panel.right - 116, panel.y + SECTION_Y - 6, 100, 34), "small"))
        if self.selected_route is None and self._ticket_layout()[3] > 1:
            pages = self._ticket_layout()[3]
            wanted.append(Choice(("tickets_page",), f"Page {self.ticket_page % pages + 1}/{pages} ▸",
                                 (panel.right - 146, panel.y + SECTION_Y - 6, 130, 34), "small"))
        if mine and (phase in (DRAFTED, KEEP) or self.selected_route is not None):
            pass   # their buttons are above
        elif mine and phase == FESTIVAL:
            labels = [(("do", a), f"{FESTIVALS[a.festival]} ({self.view['festival_at'].get(a.festival, 0)})", "")
                      for a in self.legal_of(TakeFestival)]
            wanted += row_of_choices(labels, panel.x + 16, top, right, height=48, size=22)
        elif mine and phase == PLACE:
            labels = [(("do", a), self.place_label(a), "") for a in self.legal_of(Place)]
            # a grey route may go on any line (TKO-13): more spots than the panel holds, so "no
            # train" stays first and the rest come a page at a time (all glow on the mat)
            labels = self._paged(labels, 1, lambda page, pages: f"More spots ({page}/{pages})…")
            wanted += _grid(labels, panel.x + 16, top, right, 2)
        elif mine and phase == TURN:
            labels = [(("do", a), f"+{a.express} cards" if isinstance(a, ExpressDraw) else f"+{a.express} tickets", "")
                      for a in self.express_actions()]
            if labels:
                rows = math.ceil(len(labels) / 3)
                wanted += _grid(labels, panel.x + 16, panel.bottom - rows * (PAY_H + PAY_GAP) - 4, right, 3)
            if self.legal_of(Pass):
                wanted.append(Choice(("do", Pass()), "Pass (nothing can be done)",
                                     (panel.x + 16, panel.bottom - 54, 300, 44), "primary"))
        self.choices.sync(wanted)
        button = self.choices.buttons.get(("confirm",))
        if button is not None:
            if self._keep_action() is None:
                button.disable()
            else:
                button.enable()

    def pay_label(self, claim: Claim) -> str:
        parts = []
        plain = claim.cards - claim.locomotives
        if plain:
            parts.append(f"{plain} {COLOUR_LABELS[claim.colour].lower()}")
        if claim.locomotives:
            parts.append(f"{claim.locomotives} loco")
        label = " + ".join(parts)
        if self.korea:
            label += f" · spot {min(claim.cards, PROVINCE_SPOTS)}"
        return label

    def place_label(self, action: Place) -> str:
        if not action.line:
            return "No train on the mat"
        spot = self.mat_spot(action)
        # short enough for a half-width button: "Orange 4 · +1 Express"
        if action.express:
            return f"{COLOUR_LABELS[action.line]} {spot} · +{action.express} Express"
        return f"{COLOUR_LABELS[action.line]} line, spot {spot}"

    def _keep_action(self) -> KeepTickets | None:
        action = KeepTickets(tuple(sorted(self.keep_choice)))
        return action if action in self.ctx.legal or (self.keep_choice and self._keep_ok(action)) else None

    def _keep_ok(self, action: KeepTickets) -> bool:
        pool = set(self._keep_pool())
        chosen = set(action.tickets)
        if not chosen or not chosen <= pool:
            return False
        if self.phase == DRAFTED:
            return len(chosen) == min(DRAFT_KEEP, len(pool))
        return self.phase == KEEP

    def on_board_button(self, element: Any) -> None:
        key = self.choices.pressed(element)
        if key is None:
            return
        if key == ("back",):
            self.selected_route = None
        elif key == ("more",):
            self.pay_page += 1
        elif key == ("tickets_page",):
            self.ticket_page += 1
        elif key == ("confirm",):
            action = self._keep_action()
            if action is None:
                why = self.ctx.explain(KeepTickets(tuple(sorted(self.keep_choice))))
                self.refuse(why or "Choose the tickets to keep.")
            else:
                self.try_action(action)
        elif key[0] in ("pay", "do"):
            self.selected_route = None
            self.try_action(key[1])
        self._sync_buttons()

    # ---- input ---------------------------------------------------------------------------------
    def hit_board(self, pos: tuple[int, int]) -> Hashable:
        for slot in range(len(self.view["face_up"])):
            if self.face_rect(slot).collidepoint(pos):
                return ("face", slot)
        if DECK_RECT.collidepoint(pos):
            return ("deck",)
        if TICKET_DECK_RECT.collidepoint(pos):
            return ("tickets",)
        if self.korea and self.mat_rect.collidepoint(pos):
            for line in COLOURS:
                for spot in range(1, PROVINCE_SPOTS + 1):
                    if self.spot_rect(line, spot).collidepoint(pos):
                        return ("spot", line, spot)
            return None
        if self.map_rect.collidepoint(pos):
            route = self.route_at((pos[0] - self.map_rect.x, pos[1] - self.map_rect.y))
            if route is not None:
                return ("route", route)
        return None

    def _hit_side(self, pos) -> Hashable:
        for ticket, rect in self._ticket_rects().items():
            if rect.collidepoint(pos):
                return ("ticket", ticket)
        return super()._hit_side(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._panel_rect().collidepoint(event.pos):
            hit = self._hit_side(event.pos)
            if isinstance(hit, tuple) and hit[0] == "ticket":
                self.click_ticket(hit[1])
                return True
        return super().handle_event(event)

    def click_ticket(self, ticket: int) -> None:
        if not self.is_my_turn():
            return
        phase = self.phase
        if phase == DRAFT:
            self.try_action(DraftPick(ticket))
        elif phase in (DRAFTED, KEEP):
            if ticket in self.keep_choice:
                self.keep_choice.discard(ticket)
            elif phase == DRAFTED and len(self.keep_choice) >= DRAFT_KEEP:
                self.refuse(f"You keep exactly {DRAFT_KEEP}: click a chosen ticket to put it back first.")
            else:
                self.keep_choice.add(ticket)
            self._sync_buttons()

    def click_target(self, target: Hashable) -> None:
        if not isinstance(target, tuple):
            return
        kind = target[0]
        if kind == "face":
            self._draw(DrawCard(target[1]))
        elif kind == "deck":
            self._draw(DrawCard(DECK))
        elif kind == "tickets":
            action = DrawTickets(0)
            if action in self.ctx.legal:
                self.try_action(action)
            else:
                self.refuse(self.ctx.explain(action))
        elif kind == "route":
            route = target[1]
            if route in self.claimable():
                self.selected_route = None if self.selected_route == route else route
                self.pay_page = 0
                self.status_note = ""
                self._sync_buttons()
            else:
                r = self.board.route_by_id[route]
                self.refuse(self.ctx.explain(Claim(route, r.colour if r.colour != GREY else COLOURS[0], 0, r.length)))
        elif kind == "spot":
            actions = self.place_targets().get((target[1], target[2]))
            if actions:
                self.try_action(min(actions, key=lambda a: a.express))
            else:
                self.refuse("Put a train on the mat right after claiming a route of that line's colour.")

    def _draw(self, action: DrawCard) -> None:
        if action in self.ctx.legal:
            self.selected_route = None
            self.try_action(action)
        else:
            self.refuse(self.ctx.explain(action))

    def key_board(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE and self.selected_route is not None:
            self.selected_route = None
            self._sync_buttons()
            return True
        return False

    def prompt(self) -> str:
        phase = self.phase
        if phase == DRAFT:
            return "pick one ticket from your packet (in the panel)."
        if phase == DRAFTED:
            return f"choose exactly {DRAFT_KEEP} tickets to keep, then confirm."
        if phase == KEEP:
            held = " Rings mark your tickets' cities." if self.my_tickets() else ""
            return f"keep at least one of the tickets you drew, then confirm.{held}"
        if phase == DRAWING:
            if self.view["drawn"] == 0:   # after an Express card: the turn's two cards still to come
                return ("now draw your two train cards: a face-up card or the deck (a face-up "
                        "locomotive is the whole draw).")
            return "take a second card: a face-up card that is not a locomotive, or the deck."
        if phase == FESTIVAL:
            return "both cities have festival cards: choose one."
        if phase == PLACE:
            return "put a train on a glowing spot of the province mat, or none."
        if self.selected_route is not None:
            return "choose how to pay in the panel (cheapest first), or click the route again."
        if self.legal_of(Pass):
            return "nothing can be done this turn: pass."
        ways = ["draw train cards"] if self.legal_of(DrawCard) else []
        if self.glowing_routes():
            ways.append("click a glowing route to claim it")
        if ("tickets",) in self.glowing:
            ways.append("draw tickets")
        if not ways:
            return "take what the panel offers."
        return (", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]) + "."

    # ---- seats ------------------------------------------------------------------------------
    def seat_signature(self, seat: int) -> Hashable:
        v = self.view
        return (v["trains"][seat], v["hands_count"][seat], v["tickets_count"][seat], v["scores"][seat],
                tuple(v["express_left"][seat]), v["festival_piles_count"][seat], v["phase"] == OVER,
                v["last_round_by"])

    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        v = self.view
        theme.draw_text(surface, f"{v['scores'][seat]} pts", (rect.right - 18, 26), theme.SIZE_BODY, theme.TEXT,
                        bold=True, anchor="midright")
        y = rect.bottom - (18 if rect.height < 78 else 20)
        x = 22
        colour = theme.seat_colour(self.seat_colour(seat))
        car = pygame.Rect(x, y - 7, 26, 14)
        pygame.draw.rect(surface, (20, 20, 22), car.inflate(2, 2), border_radius=4)
        pygame.draw.rect(surface, colour, car, border_radius=4)
        # the seat whose trains ran low and started the last round: its count in the warning colour
        low = v["last_round_by"] == seat and v["phase"] != OVER
        r = theme.draw_text(surface, plural(v['trains'][seat], 'train'), (x + 32, y), theme.SIZE_SMALL,
                            theme.WARNING if low else theme.TEXT, bold=True, anchor="midleft")
        x = r.right + 16
        card = pygame.Rect(x, y - 10, 15, 21)
        pygame.draw.rect(surface, theme.TEXT_DIM, card, 2, border_radius=3)
        r = theme.draw_text(surface, plural(v['hands_count'][seat], 'card'), (x + 21, y), theme.SIZE_SMALL, theme.TEXT,
                            bold=True, anchor="midleft")
        x = r.right + 16
        img = icon("ticket_single", 20, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midleft=(x, y)))
        r = theme.draw_text(surface, plural(v['tickets_count'][seat], 'ticket'), (x + 24, y), theme.SIZE_SMALL,
                            theme.TEXT, bold=True, anchor="midleft")
        x = r.right + 16
        if self.korea:
            for value in (1, 2, 3):
                left = value in v["express_left"][seat]
                chip = pygame.Rect(x, y - 11, 30, 22)
                pygame.draw.rect(surface, (58, 92, 150) if left else theme.PANEL_LIGHT, chip, border_radius=5)
                theme.draw_text(surface, f"+{value}", chip.center, 16, theme.TEXT if left else theme.LINE, bold=True,
                                anchor="center")
                if not left:
                    pygame.draw.line(surface, theme.TEXT_DIM, chip.bottomleft, chip.topright, 2)
                x += 34
        else:
            badge = cards_art.festival_badge(v["festival_piles_count"][seat] or 0)
            surface.blit(badge, badge.get_rect(midleft=(x, y)))
            theme.draw_text(surface, "festival", (x + badge.get_width() + 5, y), theme.SIZE_SMALL, theme.TEXT_DIM,
                            anchor="midleft")

    # ---- animation -----------------------------------------------------------------------------
    def seat_anchor(self, seat: int | None) -> pygame.Rect:
        """Where cards go to a seat: its panel's middle, or the viewer's hand."""
        if seat is not None and seat == self.viewer:
            panel = self._panel_rect()
            return pygame.Rect(panel.x + 16, panel.y + 44, *HAND_CARD)
        if seat is None:
            return DECK_RECT
        rect = self._seat_rects[seat]
        return pygame.Rect(rect.centerx - 25, rect.centery - 18, 50, 36)

    def on_applied(self, action: Action, seat: int | None, before: dict, after: dict) -> None:
        sounds = self.app.sound
        delay = 0.0
        self.selected_route = None
        for event in self.last_events:
            kind = event.kind
            if kind == "draw_face_up":
                sounds.play("card_flip")
                face = cards_art.train_card(event.data["card"], FACE, face_label(event.data["card"]))
                self._fly(face, self.face_rect(event.data["slot"]), self.seat_anchor(event.seat), delay)
                delay += 0.12
            elif kind == "draw_blind":
                sounds.play("card_place")
                card = event.private.get("card") if event.private else None
                face = cards_art.train_card(card, FACE, face_label(card)) if card else cards_art.card_back(FACE)
                self._fly(face, DECK_RECT, self.seat_anchor(event.seat), delay)
                delay += 0.12
            elif kind == "express_draw":
                sounds.play("card_place")
                cards = (event.private or {}).get("cards") or [None] * event.data["count"]
                for k, card in enumerate(cards):
                    face = cards_art.train_card(card, FACE, face_label(card)) if card else cards_art.card_back(FACE)
                    self._fly(face, DECK_RECT, self.seat_anchor(event.seat), delay + 0.1 * k)
                delay += 0.1 * len(cards) + 0.1
            elif kind == "tickets_drawn":
                sounds.play("card_flip")
                for k in range(event.data["count"]):
                    self._fly(cards_art.card_back(FACE, True), TICKET_DECK_RECT, self.seat_anchor(event.seat),
                              delay + 0.1 * k)
                delay += 0.3
            elif kind == "claim":
                delay = self._claim_motion(event.seat, event.data["route"], event.data["cards"], delay)
            elif kind == "festival_taken":
                sounds.play("opportunity")
                start = pygame.Rect(0, 0, 24, 30)
                start.center = (self.map_rect.x + self.badge_at(event.data["festival"])[0],
                                self.map_rect.y + self.badge_at(event.data["festival"])[1])
                self._fly(cards_art.festival_badge(event.data["count"]), start, self.seat_anchor(event.seat), delay)
                delay += 0.2
            elif kind == "place":
                delay = self._place_motion(event.seat, event.data["line"], event.data["spot"], delay)
            elif kind == "last_round":
                sounds.play("whistle")
                trains = plural(event.data["trains"], "train")
                self._banner("Last round!", f"{self.name(event.seat)} has {trains} left: everyone has one more turn.",
                             delay)
            elif kind == "ticket_draft":
                sounds.play("opportunity")
                self._banner("The Ticket Draft card", "After this turn everyone drafts tickets again.", delay)
            elif kind == "second_draft":
                self._banner("Second draft", "Packets of six pass to the right; keep four.", delay)
            elif kind == "reset":
                sounds.play("card_shuffle")
                self._banner("Three locomotives face up", "The display is cleared and dealt again.", delay)
            elif kind == "reshuffle":
                sounds.play("card_shuffle")
            elif kind == "game_over":
                self._reveal_motions(after, delay + 0.3)
        self._sync_buttons()

    def _fly(self, image: pygame.Surface, start: pygame.Rect, target: pygame.Rect, delay: float,
             duration: float = FLY) -> None:
        start, target = pygame.Rect(start), pygame.Rect(target)

        def bounds(t: float) -> pygame.Rect:
            centre = lerp_point(start.center, target.center, t)
            w = round(start.width + (target.width - start.width) * t)
            h = round(start.height + (target.height - start.height) * t)
            rect = pygame.Rect(0, 0, max(8, w), max(8, h))
            rect.center = (round(centre[0]), round(centre[1] - 30 * math.sin(math.pi * t)))
            return rect.inflate(12, 12)

        def draw(surface: pygame.Surface, t: float) -> None:
            rect = bounds(t).inflate(-12, -12)
            pygame.draw.rect(surface, (0, 0, 0), rect.move(3, 5), border_radius=8)
            surface.blit(pygame.transform.smoothscale(image, rect.size), rect)

        self.anim.add(Motion(duration, draw, bounds, delay=delay, ease=ease_in_out))

    def _claim_motion(self, seat: int, route_id: int, cards: list[str], delay: float) -> float:
        """The cards paid fly onto the route, then its trains appear space by space."""
        route = self.board.route_by_id[route_id]
        box = self.route_box[route_id]
        target = pygame.Rect(0, 0, 50, 36)
        target.center = box.center
        for k, card in enumerate(cards):
            self._fly(cards_art.train_card(card, FACE, face_label(card)), self.seat_anchor(seat), target,
                      delay + 0.06 * k)
        start = delay + FLY + 0.06 * max(0, len(cards) - 1)
        self.appearing[route_id] = seat
        steps = len(route.spaces)
        duration = max(0.25, SPACE_STEP * steps)

        def draw(surface: pygame.Surface, t: float) -> None:
            shown = min(steps, 1 + int(t * steps)) if t > 0 else 0
            if shown:
                image, at = self.route_sprite(route_id, seat, shown)
                view = self.map_view(surface)
                if shown == steps:
                    self.draw_route_glow(view, route_id, theme.seat_colour(self.seat_colour(seat)), 3)
                view.blit(image, at)

        def done() -> None:
            self.appearing.pop(route_id, None)

        self.app.sound.play("train")
        self.anim.add(Motion(duration, draw, lambda t: box.inflate(12, 12), delay=start, ease=lambda t: t,
                             on_done=done, hold=HOLD_ROUTE))
        return start + duration

    def _place_motion(self, seat: int, line: str, spot: int, delay: float) -> float:
        if not self.korea:
            return delay
        rect = self.spot_rect(line, spot)
        self.hidden_spots.add((line, spot))

        def draw(surface: pygame.Surface, t: float) -> None:
            size = round(14 + 12 * t)
            theme.draw_seat_badge(surface, self.seat_colour(seat), rect.center, size)
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=9)

        def done() -> None:
            self.hidden_spots.discard((line, spot))

        self.app.sound.play("train")
        self.anim.add(Motion(0.35, draw, lambda t: rect.inflate(16, 16), delay=delay, ease=ease_out_cubic,
                             on_done=done, hold=0.5))
        return delay + 0.35

    def _banner(self, title: str, line: str, delay: float) -> None:
        area = pygame.Rect(0, 0, 760, 120)
        area.midtop = (self.map_rect.centerx, self.map_rect.y + 24)

        def draw(surface: pygame.Surface, t: float) -> None:
            box = area.inflate(-int(30 * (1 - t)), -int(16 * (1 - t)))
            pygame.draw.rect(surface, (12, 14, 16), box.move(0, 6), border_radius=16)
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=16)
            pygame.draw.rect(surface, theme.HIGHLIGHT, box, 3, border_radius=16)
            theme.draw_text(surface, title, (box.centerx, box.y + 16), theme.SIZE_TITLE, theme.TEXT, bold=True,
                            anchor="midtop", max_width=box.width - 30)
            theme.draw_text(surface, line, (box.centerx, box.bottom - 16), theme.SIZE_BODY, theme.TEXT_DIM,
                            anchor="midbottom", max_width=box.width - 30)

        self.anim.add(Motion(0.3, draw, lambda t: area.inflate(16, 20), delay=delay, ease=ease_out_cubic,
                             hold=BANNER_HOLD))

    def _reveal_motions(self, after: dict, delay: float) -> None:
        """At the end: each seat's tickets one by one, the way that completes each lit up."""
        revealed = after.get("revealed") or []
        for seat, info in enumerate(revealed):
            for ticket, done in info["tickets"]:
                t = self.board.tickets[ticket]
                routes, cities = self.open_way(ticket, seat, own_only=True) if done else ([], [t.a, t.b])
                boxes = [self.route_box[r].inflate(16, 16) for r in routes]
                boxes += [self._city_box(city) for city in cities or [t.a, t.b]]
                area = self._reveal_area(boxes)
                card = cards_art.ticket_card(self.city(t.a), self.city(t.b), t.points, (300, 60), done)
                colour = theme.seat_colour(self.seat_colour(seat))
                name = self.name(seat)

                def draw(surface: pygame.Surface, _t: float, routes=routes, cities=cities or [t.a, t.b], area=area,
                         card=card, colour=colour, name=name, done=done, points=t.points) -> None:
                    self.draw_way(self.map_view(surface), routes, cities, colour if done else theme.WARNING)
                    pygame.draw.rect(surface, (12, 14, 16), area.move(0, 6), border_radius=14)
                    pygame.draw.rect(surface, theme.PANEL, area, border_radius=14)
                    pygame.draw.rect(surface, colour, area, 3, border_radius=14)
                    theme.draw_text(surface, f"{name}'s tickets", (area.x + 20, area.y + 12), theme.SIZE_BODY,
                                    theme.TEXT, bold=True)
                    surface.blit(card, (area.x + 20, area.y + 50))
                    word = f"+{points}" if done else f"−{points}"
                    theme.draw_text(surface, word, (area.right - 24, area.y + 80), theme.SIZE_LARGE,
                                    theme.GOOD if done else theme.WARNING, bold=True, anchor="midright")

                whole = area.inflate(16, 20).unionall(boxes)
                self.anim.add(Motion(0.0, draw, lambda _t, whole=whole: whole, delay=delay, hold=REVEAL_STEP))
                delay += REVEAL_STEP

    def _reveal_area(self, lit: list[pygame.Rect]) -> pygame.Rect:
        """Where the revealed ticket's box goes: the corner of the map (or the middle of its
        foot) that covers least of the way being lit."""
        area = pygame.Rect(0, 0, 420, 140)
        inner = self.map_rect.inflate(-32, -32)
        spots = [("midbottom", inner.midbottom), ("bottomleft", inner.bottomleft), ("bottomright", inner.bottomright),
                 ("topleft", inner.topleft), ("topright", inner.topright)]

        def covered(spot: tuple[str, tuple[int, int]]) -> int:
            box = area.copy()
            setattr(box, spot[0], spot[1])
            return sum(box.clip(r).width * box.clip(r).height for r in lit)

        anchor, point = min(spots, key=covered)
        setattr(area, anchor, point)
        return area


def _grid(labels: list[tuple[Hashable, str, str]], x: int, y: int, right: int, columns: int) -> list[Choice]:
    """Buttons in a grid of `columns`, left to right, top to bottom."""
    width = (right - x - (columns - 1) * 8) // columns
    return [Choice(key, label, (x + (i % columns) * (width + 8), y + (i // columns) * (PAY_H + PAY_GAP), width, PAY_H),
                   kind or "small")
            for i, (key, label, kind) in enumerate(labels)]


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """How many pixels two rectangles share."""
    c = a.clip(b)
    return c.width * c.height


def face_label(card: str) -> str:
    """The word on a train card's face: its colour, "Loco" for a locomotive (the whole word
    does not fit the card)."""
    return "Loco" if card == LOCO else COLOUR_LABELS[card]
