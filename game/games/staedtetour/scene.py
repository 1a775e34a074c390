"""Städtetour's table: the map of Europe and North Africa with the roads, the stops and the bus;
the bag and the face-up tickets beside it; each seat's pile; your secret destination.

The bus drives stop by stop along the roads, at a pace a person can follow: the drawn ticket
lights up, the bus rests at each stop it reaches (numbered along a trail that stays until the
next ticket), and at a fork the road taken lights up in the tour guide's colour before the bus
drives it. For the person at a fork the roads it may take glow and a click chooses one. When it
stops at someone's destination, their card is shown: "Stop!"; the piles and cards change only
then. The scene reads only its context (the viewer's view and legal actions) and animates from
the events of the last move.
"""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Hashable

import pygame

from game import assets
from game.core.board import BoardError, load_board
from game.core.protocol import Action
from game.table.frame import GameScene
from game.table.layout import BOARD, SIDE
from game.table.overlay import KeyedOverlay
from game.table.picker import Picker
from game.ui import theme
from game.ui.anim import Motion, ease_out_cubic
from game.ui.icons import icon

from . import holdings
from .rules import (DESTINATIONS, DRAW, DRIVE, PLACE, RETURN, ROUND, SINGLE, TO_DESTINATION,
                    DrawTicket, Drive, PlaceBus, place_name, plural)

MAP = pygame.Rect(8, 72, 1280, 1000)
STRIP = pygame.Rect(1296, 72, 96, 1000)
BAG = pygame.Rect(STRIP.x + 4, STRIP.y + 8, 88, 96)
TICKETS_TOP = BAG.bottom + 56
BUS_RED = pygame.Color("#c0392b")
TICKET_COLOURS = {SINGLE: pygame.Color("#3a6fb5"), RETURN: pygame.Color("#7b4fa0"), ROUND: pygame.Color("#b8860b")}
TICKET_ICONS = {SINGLE: "ticket_single", RETURN: "ticket_return", ROUND: "ticket_round"}
# The pace of a move at the normal animation speed, in seconds (the settings' speed scales it;
# "off" shows the end at once). A bot's turn is then a sequence a person can follow: the ticket
# lights up, the bus drives road by road and rests at each stop it reaches, and at a fork the
# road taken lights up before the bus drives it.
TICKET_SHOW = 0.6      # the drawn ticket lights up before the bus sets off
ROAD_SHOW = 0.7        # at a fork, the road taken lights up before the bus drives it
LEG_BASE = 0.3         # driving one road takes this ...
LEG_PER_PX = 1 / 400   # ... and a little longer for a longer road
DWELL = 0.25           # the bus rests at each stop it reaches
STOP_HOLD = 2.2        # "Stop!": the card stays this long
TRAIL = pygame.Color("#d9644f")   # the roads the bus drove in this move
NAME_DIM = pygame.Color(95, 85, 72)   # the names of the intermediate stops


class StaedtetourScene(GameScene):
    #: every seat's holdings in words, for a finished game's replay (table/everything.py)
    holdings_words = holdings.holdings_words

    def build_board(self) -> None:
        #: the first tour guide's two clicks: the stop for the bus, then the road behind it
        self.placement: Picker[PlaceBus] = Picker([], steps=(lambda a: a.stop, lambda a: a.behind))
        self.overlay = KeyedOverlay(self._overlay_key, self._overlay_rects)
        self.bus_moving = False
        #: the moves the bots drove since a person last moved: (guide, the stops), drawn until
        #: a person moves, so that every bot's way can be read, not only the last one's
        self.past_trails: list[tuple[int, tuple[str, ...]]] = []
        #: where the bus was last drawn, in map pixels (what a person sees of its drive)
        self.bus_drawn_at: tuple[float, float] | None = None
        #: how many stops of this move's route the animation has reached (None: all of them)
        self.reached: int | None = None
        #: while the bus drives to a "Stop!", the piles and cards as they were (see `shown`)
        self.held: dict[str, Any] | None = None
        self._load_map()
        self.add_layer(MAP, self._render_map, self._map_signature, alpha=False)
        self.add_layer(STRIP, self._render_strip, self._strip_signature)
        self.add_layer(self.side_reserved_rect(), self._render_card, self._card_signature)

    # ---- the map ----------------------------------------------------------------------------
    def _load_map(self) -> None:
        self.stops: dict[str, tuple[float, float, dict[str, Any], str]] = {}
        self.roads: dict[frozenset, list[tuple[float, float]]] = {}
        self.ferries: set[frozenset] = set()
        try:
            board = load_board(assets.path("maps", "staedtetour.tmx"))
            for key, node in board.nodes.items():
                self.stops[key] = (node.x, node.y, node.props, node.kind)
            for edge in board.edges:
                pair = frozenset((edge.a, edge.b))
                points = edge.points if edge.a <= edge.b else list(reversed(edge.points))
                self.roads[pair] = points
                if edge.props.get("ferry"):
                    self.ferries.add(pair)
            self.map_image = self.board_picture(board, "staedtetour.tmx")
        except (BoardError, OSError, pygame.error) as exc:
            self.map_image = self.plain_board(exc, MAP.size)

    def shown(self) -> dict[str, Any]:
        """The view as the table shows it: while the bus still drives to a "Stop!", the piles,
        the cards and the face-up tickets stay as they were until it gets there (the map's bus
        and trail follow the animation), so that nobody sees the prize taken before the bus
        arrives."""
        return self.view if self.held is None else self.held

    def my_destination(self) -> str | None:
        """The viewer's own destination card, as shown (None for a spectator)."""
        v = self.shown()
        seat = v["seat"]
        return v["destinations"][seat] if seat is not None else None

    def road(self, a: str, b: str) -> list[tuple[float, float]]:
        """The road from stop a to stop b, as points from a to b (map pixels)."""
        points = self.roads.get(frozenset((a, b)))
        if not points:
            return [self.stop_xy(a), self.stop_xy(b)]
        return points if a <= b else list(reversed(points))

    def stop_xy(self, key: str) -> tuple[float, float]:
        x, y, _props, _kind = self.stops.get(key, (MAP.width / 2, MAP.height / 2, {}, "stop"))
        return (x, y)

    @property
    def placing(self) -> str | None:
        """The stop chosen for the bus, waiting for the road behind it (None: not yet)."""
        return self.placement.first

    def _placement(self) -> Picker[PlaceBus]:
        """The picker over the legal placements, started again when they changed."""
        return self.placement.follow([a for a in self.ctx.legal if isinstance(a, PlaceBus)])

    # ---- targets: what a click means (table kit) ------------------------------------------------
    declares_targets = True

    def target_of(self, action) -> Hashable:
        if isinstance(action, DrawTicket):
            return ("bag",)
        if isinstance(action, Drive):
            return ("stop", action.to)
        return None   # where the bus starts is chosen in two clicks: step targets

    def step_targets(self) -> list[Hashable]:
        if self.view["phase"] != PLACE:
            return []
        # the start stops; once one is chosen, the roads the bus may leave by, and the chosen
        # stop itself (a click there puts it back, to choose another)
        again = [self.placing] if self.placing is not None and self.is_my_turn() else []
        return [("stop", stop) for stop in self._stop_choices() + again]

    def next_click(self, action) -> Hashable:
        """Where the bus starts: its stop, then the stop behind it (the stop picked first is
        put back, when another start is wanted)."""
        if isinstance(action, PlaceBus):
            step = self._placement().next_step(action)
            if step is None:
                return None
            if step[0] == 0 and self.placing is not None:
                return ("stop", self.placing)   # a click there puts it back
            return ("stop", step[1])
        return super().next_click(action)

    def selection_key(self) -> Hashable:
        return tuple(self.placement.chosen)

    def target_rect(self, target: Hashable) -> pygame.Rect | None:
        if target == ("bag",):
            return pygame.Rect(BAG)
        if isinstance(target, tuple) and target[0] == "stop" and target[1] in self.stops:
            return self.glow_rect(target[1]).move(MAP.topleft)
        return None

    def why_not_target(self, target: Hashable) -> str:
        phase = self.view["phase"]
        if target == ("bag",):
            return self.ctx.explain(DrawTicket()) or "The ticket for this turn is drawn: now the bus drives."
        if isinstance(target, tuple) and target[0] == "stop":
            if phase == DRAW:
                return "First pull a ticket out of the bag."
            if phase == PLACE:
                if self.placing is not None:
                    return ("Click a glowing stop next to the bus (it leaves with its back to that one), "
                            "or the bus's stop again to start elsewhere.")
                return "The bus starts on an intermediate stop, not at a destination."
            if phase == DRIVE:
                return self.ctx.explain(Drive(target[1])) or "The bus can only take a glowing road from here."
        return "Nothing to click there."

    def clickable_stops(self) -> list[str]:
        """The stops that glow: those the kit says a click on means something now."""
        glowing = self.glowing
        return [stop for stop in self._stop_choices() if ("stop", stop) in glowing]

    def _stop_choices(self) -> list[str]:
        """The stops a click may choose in this phase (drive on to, place the bus at)."""
        if not self.is_my_turn():
            return []
        phase = self.view["phase"]
        if phase == DRIVE:
            return list(self.view["next_stops"])
        if phase == PLACE:
            options = self._placement().options()
            return sorted(options) if self.placing is None else list(options)
        return []

    def _map_signature(self) -> Hashable:
        """The map layer is the still part: land, roads, stops, names, painted once. What
        changes is drawn over it each frame (draw_overlay): the discarded destinations, the
        viewer's own, the bus and the roads to choose from; so a move never repaints the map."""
        return self.map_problem

    def _destination_marks(self) -> tuple[tuple[str, ...], str | None]:
        """The discarded destinations (a grey dot in the stop), and the viewer's own (a dot in
        the viewer's colour)."""
        mine = self.my_destination() if self.viewer is not None else None
        return tuple(self.shown()["discard"]), mine

    def _draw_destination_marks(self, surface: pygame.Surface) -> None:
        discard, mine = self._destination_marks()
        for key in discard:
            if key in self.stops:
                pygame.draw.circle(surface, (150, 140, 125), self._stop_centre(key), 4)
        if mine in self.stops:
            pygame.draw.circle(surface, theme.seat_colour(self.session.seats[self.viewer].colour),
                               self._stop_centre(mine), 5)

    def _stop_centre(self, stop: str) -> tuple[int, int]:
        x, y, _props, _kind = self.stops[stop]
        return (round(x), round(y))

    def _render_map(self, surface: pygame.Surface) -> None:
        surface.blit(self.map_image, (0, 0))
        for pair, points in self.roads.items():   # ferries dashed
            colour = (120, 96, 70) if pair not in self.ferries else (70, 110, 150)
            if pair in self.ferries:
                _dashed(surface, colour, points, 3, 9, 7)
            else:
                pygame.draw.lines(surface, (250, 246, 236), False, points, 6)
                pygame.draw.lines(surface, colour, False, points, 3)
        for key, (x, y, props, kind) in self.stops.items():
            centre = (round(x), round(y))
            if kind == "destination":
                ring = pygame.Color(str(props.get("ring", "#7a6a55")))
                pygame.draw.circle(surface, (40, 36, 32), centre, 13)
                pygame.draw.circle(surface, ring, centre, 12)
                pygame.draw.circle(surface, theme.PAPER, centre, 7)
            else:
                pygame.draw.circle(surface, (40, 36, 32), centre, 7)
                pygame.draw.circle(surface, theme.PAPER, centre, 5)
            surface.blit(*self.name_at(key))
        pygame.draw.rect(surface, theme.LINE, surface.get_rect(), 2)

    def name_at(self, stop: str) -> tuple[pygame.Surface, pygame.Rect]:
        """The stop's name as the map prints it, and where (map pixels): beside the stop, where
        the map's `label_dx`, `label_dy` put it clear of the roads and the other stops."""
        x, y, props, kind = self.stops.get(stop, (0.0, 0.0, {}, "stop"))
        label = str(props.get("label", stop))
        dx, dy = int(props.get("label_dx", 14)), int(props.get("label_dy", -14))
        destination = kind == "destination"
        colour = theme.INK if destination else NAME_DIM
        img = theme.text(label, 18 if destination else 16, tuple(pygame.Color(colour)), destination)
        return img, img.get_rect(center=(round(x + dx), round(y + dy)))

    # ---- what moves over the map: the bus, and the roads to choose from ----------------------------
    def _overlay_key(self) -> Hashable:
        v = self.view
        return (v["bus"], v["behind"], tuple(self.clickable_stops()), self.hover, self.bus_moving, self.placing,
                v["phase"], tuple(self.trail()), self._destination_marks(), tuple(self.past_trails))

    def _overlay_rects(self, key: Hashable) -> list[pygame.Rect]:
        bus, behind, targets, _hover, moving, placing, phase, trail, marks, past = key  # type: ignore[misc]
        rects = [self._road_bounds(a, b) for a, b in zip(trail, trail[1:])]
        rects += [self._road_bounds(a, b) for _guide, route in past for a, b in zip(route, route[1:])]
        discard, mine = marks
        for stop in (*discard, mine):
            if stop in self.stops:
                x, y = self._stop_centre(stop)
                rects.append(pygame.Rect(MAP.x + x - 7, MAP.y + y - 7, 14, 14))
        if bus and not moving:
            x, y = self.stop_xy(bus)
            rects.append(pygame.Rect(MAP.x + x - 40, MAP.y + y - 50, 80, 84))
            rects += [self.chip_rect(stop).move(MAP.topleft).inflate(4, 4) for stop in self.names_under_bus(bus)]
        origin = placing if phase == PLACE else bus
        for target in targets:
            rects.append(self._road_bounds(origin, target) if origin else self._road_bounds(target, target))
            rects.append(self.name_at(target)[1].move(MAP.topleft))   # drawn again over its glow
        return rects

    def _road_bounds(self, a: str, b: str) -> pygame.Rect:
        """The canvas area of the road from a to b and of the marks at its ends."""
        points = self.road(a, b) if a != b else [self.stop_xy(a)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return pygame.Rect(MAP.x + min(xs) - 24, MAP.y + min(ys) - 24, max(xs) - min(xs) + 48,
                           max(ys) - min(ys) + 48)

    def trail(self) -> list[str]:
        """The stops of this move the bus has visibly reached so far, its start first: drawn as a
        numbered trail, so that everyone can read the way it took until the next ticket."""
        route = self.view["route"]
        return list(route if self.reached is None else route[:self.reached + 1])

    def ticking_rects(self) -> list[pygame.Rect]:
        return self.overlay.dirty()

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        v = self.view
        surface = map_view(canvas)
        self._draw_destination_marks(surface)
        for guide, route in self.past_trails:
            self._draw_past_trail(surface, guide, route)
        self._draw_trail(surface, self.trail())
        targets = self.clickable_stops()
        origin = self.placing if v["phase"] == PLACE else v["bus"]
        for target in targets:
            if origin and target in self.stops and origin != target:
                pygame.draw.lines(surface, theme.HIGHLIGHT, False, self.road(origin, target), 7)
        for target in targets:
            theme.glow_outline(surface, self.glow_rect(target), radius=self.glow_rect(target).width // 2,
                               width=4 if self.hover == ("stop", target) else 3)
        for target in targets:     # the glow must not hide the name beside it
            surface.blit(*self.name_at(target))
        if not self.bus_moving and v["bus"]:
            self._draw_bus(surface, self.stop_xy(v["bus"]), self._facing(v["bus"], v["behind"]))
            for stop in self.names_under_bus(v["bus"]):   # its own stop's name, and any it covers
                self._draw_label_chip(surface, stop)

    def glow_rect(self, stop: str) -> pygame.Rect:
        """The "you may click this" ring around a stop (map pixels)."""
        x, y, _props, kind = self.stops[stop]
        r = (17 if kind == "destination" else 13) + 2
        return pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)

    def bus_rect(self, stop: str) -> pygame.Rect:
        """What the bus standing at `stop` covers (map pixels; its nose may reach a little
        further along the road)."""
        x, y = self.stop_xy(stop)
        rect = pygame.Rect(0, 0, 46, 40)
        rect.center = (round(x), round(y) - 20)
        return rect

    def names_under_bus(self, bus: str) -> list[str]:
        """The stops whose names the bus at `bus` stands over, its own first: they are drawn
        again on a chip above it."""
        area = self.bus_rect(bus)
        return [bus] + [stop for stop in self.stops
                        if stop != bus and self.name_at(stop)[1].colliderect(area)]

    def _draw_past_trail(self, surface: pygame.Surface, guide: int, route: tuple[str, ...]) -> None:
        """A way a bot drove earlier in this round of bots: thinner, in its guide's colour."""
        colour = theme.seat_colour(self.ctx.seats[guide].colour)
        for a, b in zip(route, route[1:]):
            points = self.road(a, b)
            pygame.draw.lines(surface, (40, 30, 24), False, points, 6)
            pygame.draw.lines(surface, colour, False, points, 3)
        x, y = self.stop_xy(route[-1])   # where it stopped
        pygame.draw.circle(surface, (40, 30, 24), (round(x), round(y)), 9)
        pygame.draw.circle(surface, colour, (round(x), round(y)), 7)

    def _draw_trail(self, surface: pygame.Surface, trail: list[str]) -> None:
        """The roads driven in this move, and each stop reached with its number (1, 2, ...)."""
        if len(trail) < 2:
            return
        for a, b in zip(trail, trail[1:]):
            pygame.draw.lines(surface, TRAIL, False, self.road(a, b), 5)
        for number, stop in enumerate(trail[1:], start=1):
            x, y = self.stop_xy(stop)
            pygame.draw.circle(surface, (60, 20, 16), (round(x), round(y)), 13)
            pygame.draw.circle(surface, BUS_RED, (round(x), round(y)), 12)
            theme.draw_text(surface, str(number), (x, y), theme.SIZE_SMALL, theme.TEXT, bold=True, anchor="center")

    def chip_rect(self, stop: str) -> pygame.Rect:
        """The chip a stop's name is drawn on above the bus (map pixels)."""
        return self.name_at(stop)[1].inflate(10, 4)

    def _draw_label_chip(self, surface: pygame.Surface, stop: str) -> None:
        img, rect = self.name_at(stop)
        chip = self.chip_rect(stop)
        pygame.draw.rect(surface, theme.PAPER, chip, border_radius=6)
        pygame.draw.rect(surface, BUS_RED, chip, 2, border_radius=6)
        surface.blit(img, rect)

    def _facing(self, stop: str, behind: str) -> tuple[float, float]:
        """The bus faces away from the road it came along."""
        if not behind:
            return (1.0, 0.0)
        points = self.road(behind, stop)
        (x0, y0), (x1, y1) = points[-2], points[-1]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        return ((x1 - x0) / length, (y1 - y0) / length)

    def _draw_bus(self, surface: pygame.Surface, at: tuple[float, float], facing: tuple[float, float]) -> None:
        self.bus_drawn_at = at
        x, y = at
        nose = (x + facing[0] * 26, y + facing[1] * 26)
        side = (-facing[1], facing[0])
        arrow = [nose, (x + facing[0] * 14 + side[0] * 8, y + facing[1] * 14 + side[1] * 8),
                 (x + facing[0] * 14 - side[0] * 8, y + facing[1] * 14 - side[1] * 8)]
        pygame.draw.polygon(surface, BUS_RED, arrow)
        pygame.draw.polygon(surface, (60, 20, 16), arrow, 2)
        body = icon("bus", 40, BUS_RED)
        if facing[0] < 0:
            body = pygame.transform.flip(body, True, False)
        rect = body.get_rect(center=(round(x), round(y) - 20))
        pygame.draw.ellipse(surface, (0, 0, 0, 60), rect.move(2, 4).inflate(-6, -22))
        outline = icon("bus", 46, (50, 16, 12))
        if facing[0] < 0:
            outline = pygame.transform.flip(outline, True, False)
        surface.blit(outline, outline.get_rect(center=rect.center))
        surface.blit(body, rect)

    # ---- the bag and the face-up tickets -----------------------------------------------------------
    def ticket_rect(self, index: int, count: int) -> pygame.Rect:
        room = STRIP.bottom - 16 - TICKETS_TOP
        step = min(48, room / max(1, count))
        return pygame.Rect(STRIP.x + 4, int(TICKETS_TOP + index * step), 88, 44)

    def _strip_signature(self) -> Hashable:
        v = self.shown()
        return (tuple(v["row"]), v["star_on_row"], v["bag_count"], self.hover == ("bag",),
                ("bag",) in self.glowing, v["stars_left"])

    def _render_strip(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        pygame.draw.rect(surface, theme.PANEL, surface.get_rect(), border_radius=12)
        v = self.shown()
        bag = BAG.move(-STRIP.x, -STRIP.y)
        can_draw = ("bag",) in self.glowing
        pygame.draw.ellipse(surface, (120, 90, 60), bag.inflate(-6, -10).move(0, 8))
        pygame.draw.rect(surface, (150, 112, 74), (bag.centerx - 24, bag.y + 6, 48, 22), border_radius=8)
        pygame.draw.line(surface, (90, 66, 44), (bag.centerx - 20, bag.y + 26), (bag.centerx + 20, bag.y + 26), 3)
        theme.draw_text(surface, str(v["bag_count"]), (bag.centerx, bag.centery + 14), theme.SIZE_LARGE,
                        theme.TEXT, bold=True, anchor="center")
        if can_draw:
            theme.glow_outline(surface, bag.inflate(4, 4), radius=14, width=self.glow_width(("bag",)))
        theme.draw_text(surface, "in the bag", (bag.centerx, bag.bottom + 6), 16, theme.TEXT_DIM, anchor="midtop")
        count = len(v["row"])
        theme.draw_text(surface, f"{count} face up", (STRIP.width // 2, TICKETS_TOP - STRIP.y - 18), 16,
                        theme.TEXT_DIM, anchor="center")
        for i, kind in enumerate(v["row"]):
            rect = self.ticket_rect(i, count).move(-STRIP.x, -STRIP.y)
            surface.blit(ticket_face(kind, rect.size, star=(kind == ROUND and v["star_on_row"]
                                                            and i == _last_round(v["row"]))), rect)

    # ---- your destination ------------------------------------------------------------------------------
    def side_reserved(self) -> int:
        return 250

    def seat_panel_height(self) -> int:
        return 96

    def _card_signature(self) -> Hashable:
        v = self.shown()
        return (self.my_destination(), self.viewer, v["draw_pile_count"], len(v["discard"]))

    def _render_card(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        rect = surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        mine = self.my_destination()
        if self.viewer is None or not mine:
            theme.draw_text(surface, "Destinations are secret", (20, 22), theme.SIZE_BODY, theme.TEXT, bold=True)
            v = self.shown()
            theme.draw_paragraph(surface, "Each player's card shows up here for them alone. The discard pile "
                                 f"holds {plural(len(v['discard']), 'card')}; "
                                 f"{plural(v['draw_pile_count'], 'card')} left to draw.",
                                 pygame.Rect(20, 60, rect.width - 40, 150), theme.SIZE_SMALL,
                                 theme.TEXT_DIM)
            return
        card = destination_card(mine, (rect.width - 24, rect.height - 24), self._ring(mine))
        surface.blit(card, (12, 12))

    def _ring(self, stop: str) -> str:
        return str(self.stops.get(stop, (0, 0, {}, ""))[2].get("ring", "#7a6a55"))

    # ---- seats ---------------------------------------------------------------------------------
    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        v = self.shown()
        tickets, stars = v["tickets"][seat], v["stars"][seat]
        theme.draw_text(surface, plural(v["scores"][seat], "point"), (rect.right - 20, 26), theme.SIZE_BODY,
                        theme.TEXT, bold=True, anchor="midright")
        y = rect.bottom - 28
        img = icon("ticket_single", 22, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midleft=(20, y)))
        r = theme.draw_text(surface, plural(tickets, "ticket"), (48, y), theme.SIZE_SMALL,
                            theme.TEXT, bold=True, anchor="midleft")
        x = r.right + 24
        for _ in range(stars):
            star = icon("ticket_round", 24, theme.HIGHLIGHT)
            surface.blit(star, star.get_rect(midleft=(x, y)))
            x += 26
        if not stars:
            theme.draw_text(surface, "no star", (x, y), theme.SIZE_SMALL, theme.TEXT_DIM, anchor="midleft")
        if v["guide"] == seat and not v["winners"]:
            bus = icon("bus", 26, BUS_RED)
            surface.blit(bus, bus.get_rect(midright=(rect.right - 20, y)))
            theme.draw_text(surface, "tour guide", (rect.right - 54, y), theme.SIZE_SMALL, theme.TEXT_DIM,
                            anchor="midright")

    def seat_signature(self, seat: int) -> Hashable:
        v = self.shown()
        return (v["tickets"][seat], v["stars"][seat], v["guide"], tuple(v["winners"]))

    # ---- prompt and input ------------------------------------------------------------------------
    def decision_words(self, kind: str) -> str:
        return {PLACE: "where the bus starts", DRAW: "a ticket from the bag",
                DRIVE: "which way the bus goes"}.get(kind, "")

    def prompt(self) -> str:
        v = self.view
        if v["phase"] == DRAW:
            return "Pull a ticket out of the bag (click the bag)."
        if v["phase"] == DRIVE:
            if v["mode"] == TO_DESTINATION:
                if len(v["next_stops"]) == 1:
                    return ("Round trip: one road leads the shortest way to your destination: "
                            "click it (or press Space).")
                return "Round trip: choose which shortest way the bus takes to your destination."
            left = v["steps_left"]
            return f"The road forks: click the way the bus goes ({plural(left, 'stop')} to drive)."
        if v["phase"] == PLACE:
            if self.placing is None:
                return "Click the intermediate stop where the bus starts."
            return f"Click the road behind the bus at {place_name(self.placing)}: it will drive the other way."
        return ""

    def hit_board(self, pos: tuple[int, int]) -> Hashable:
        if BAG.collidepoint(pos):
            return ("bag",)
        if MAP.collidepoint(pos):
            local = (pos[0] - MAP.x, pos[1] - MAP.y)
            best, best_d = None, 22.0
            for key, (x, y, _props, _kind) in self.stops.items():
                d = math.dist(local, (x, y))
                if d < best_d:
                    best, best_d = key, d
            if best is not None:
                return ("stop", best)
            # near a road the bus may take: that road's far end
            origin = self.placing if self.view["phase"] == PLACE else self.view["bus"]
            for target in self.clickable_stops():
                if _near_polyline(local, self.road(origin, target), 14):
                    return ("stop", target)
        return None

    def click_target(self, hit: Hashable) -> None:
        if not isinstance(hit, tuple):
            return
        phase = self.view["phase"]
        if hit[0] == "bag":
            self.try_action(DrawTicket())
        elif hit[0] == "stop":
            stop = hit[1]
            if phase == DRIVE:
                self.try_action(Drive(stop))
            elif phase == PLACE:
                picker = self._placement()
                if stop == self.placing:   # put back: choose another start
                    picker.reset()
                elif self.placing is None or not picker.can_choose(stop):
                    picker.reset()   # (another) stop for the bus
                    picker.choose(stop)
                    self.status_note = ""
                else:
                    picker.choose(stop)
                    action = picker.action
                    picker.reset()
                    if action is not None:
                        self.try_action(action)

    def key_board(self, event: pygame.event.Event) -> bool:
        if not self.is_my_turn():
            return False
        if self.view["phase"] == DRAW and event.key in (pygame.K_SPACE, pygame.K_d):
            self.try_action(DrawTicket())
            return True
        ways = self.view["next_stops"]
        if self.view["phase"] == DRIVE and len(ways) == 1 and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            self.try_action(Drive(ways[0]))   # a round trip's only road: drive on (STT-26)
            return True
        return False

    # ---- animation: the bus drives stop by stop; "Stop!" shows the card ----------------------------
    def on_applied(self, action: Action, seat: int | None, before: dict, after: dict) -> None:
        """Animate the last move from its events, one thing after the other: the ticket lights
        up, the road taken at a fork lights up, the bus drives road by road and rests at each
        stop, and "Stop!" shows the card."""
        sounds = self.app.sound
        delay = 0.0
        self._keep_trails(seat, before, after)
        self.reached = None
        self.held = None
        drawn = next((e.data["ticket"] for e in self.last_events if e.kind == "draw"), None)
        if any(e.kind == "claim" for e in self.last_events):
            self.held = until_stop(before, after, drawn)
        for event in self.last_events:
            if event.kind == "draw":
                sounds.play("card_flip")
                self._ticket_motion(event.data["ticket"], event.data["face_up"], event.data["star"])
                delay = TICKET_SHOW
            elif event.kind == "fork":
                self._road_motion(event.seat, event.data["at"], event.data["to"], delay)
                delay += ROAD_SHOW
            elif event.kind == "drive":
                delay = self._drive_motions(event.data["path"], event.data["stops_before"], delay)
            elif event.kind == "claim":
                sounds.play("horn")
                if event.data["star"]:
                    sounds.play("opportunity")
                self._stop_motion(event.seat, event.data["stop"], event.data["tickets"], event.data["star"], delay)
                self.anim.add(Motion(0.0, lambda surface, t: None, lambda t: STRIP.copy(), delay=delay,
                                     on_done=self._release))

    def _keep_trails(self, seat: int | None, before: dict, after: dict) -> None:
        """A person's move clears the bots' old ways (they have been seen); a bot's move that
        starts a new route keeps the way the bus drove before it."""
        if seat is not None and not self.ctx.seats[seat].is_bot:
            self.past_trails.clear()
            return
        route, now = tuple(before["route"]), tuple(after["route"])
        if len(route) > 1 and now[:len(route)] != route:
            self.past_trails.append((before["guide"], route))

    def undo(self) -> None:
        super().undo()
        self.past_trails.clear()

    def _release(self) -> None:
        """The bus has got there: the table shows the prize taken and the new card."""
        self.held = None

    def _drive_motions(self, path: list[str], stops_before: int, start: float) -> float:
        """The bus drives `path` road by road from time `start`, resting at each stop; each
        stop joins the trail as the bus reaches it. Returns when the bus has come to rest."""
        self.bus_moving = True
        self.reached = stops_before
        legs = list(zip(path, path[1:]))
        times = drive_plan([_length(self.road(a, b)) for a, b in legs], start)
        for i, ((a, b), (depart, arrive)) in enumerate(zip(legs, times)):
            wait = depart - (times[i - 1][1] + DWELL if i else 0.0)   # resting where it stands
            self._leg_motion(a, b, depart - wait, wait, arrive - depart, last=i == len(legs) - 1)
            self.anim.add(Motion(0.0, lambda surface, t: None, lambda t, b=b: self._road_bounds(b, b),
                                 delay=arrive, on_done=self._reach_next))
        return times[-1][1] + DWELL if times else start

    def _reach_next(self) -> None:
        if self.reached is not None:
            self.reached += 1

    def _leg_motion(self, a: str, b: str, begin: float, wait: float, travel: float, last: bool) -> None:
        """The bus on one road: it stands at a for `wait`, drives to b in `travel` and rests
        there for DWELL (drawn all along, so it never vanishes between two roads)."""
        points = self.road(a, b)
        share = wait / (wait + travel) if wait + travel > 0 else 0.0

        def ease(t: float) -> float:
            return 0.0 if t <= share else _glide((t - share) / (1.0 - share))

        def resting(t: float) -> list[str]:
            """The names under the bus while it rests at a stop (drawn over it on chips)."""
            return self.names_under_bus(a if t <= 0.0 else b) if t <= 0.0 or t >= 1.0 else []

        def bounds(t: float) -> pygame.Rect:
            (x, y), _ = _along(points, t)
            return pygame.Rect(MAP.x + x - 40, MAP.y + y - 50, 80, 84).unionall(
                [self.chip_rect(stop).move(MAP.topleft).inflate(4, 4) for stop in resting(t)])

        def draw(surface: pygame.Surface, t: float) -> None:
            (x, y), facing = _along(points, t)
            view = map_view(surface)
            self._draw_bus(view, (x, y), facing)
            for stop in resting(t):
                self._draw_label_chip(view, stop)

        def done() -> None:
            if last:
                self.bus_moving = False
                self.reached = None

        self.anim.add(Motion(wait + travel, draw, bounds, delay=begin, ease=ease, on_done=done, hold=DWELL))

    def _road_motion(self, seat: int | None, at: str, to: str, delay: float) -> None:
        """At a fork, the road the tour guide took lights up in their colour."""
        points = self.road(at, to)
        colour = theme.seat_colour(self.session.seats[seat].colour) if seat is not None else theme.HIGHLIGHT

        def draw(surface: pygame.Surface, t: float) -> None:
            view = map_view(surface)
            pygame.draw.lines(view, (40, 36, 32), False, points, 13)
            pygame.draw.lines(view, colour, False, points, 9)
            x, y = self.stop_xy(to)
            pygame.draw.circle(view, colour, (round(x), round(y)), round(10 + 8 * t), 4)

        self.anim.add(Motion(ROAD_SHOW, draw, lambda t: self._road_bounds(at, to), delay=delay, ease=ease_out_cubic))

    def _ticket_motion(self, kind: str, face_up: int, star: bool) -> None:
        """The ticket just drawn pops up in its place in the row and glows."""
        rect = self.ticket_rect(face_up - 1, face_up)
        face = ticket_face(kind, rect.size, star=star)

        def draw(surface: pygame.Surface, t: float) -> None:
            grown = face if t >= 1 else pygame.transform.smoothscale(
                face, (round(rect.width * (1.25 - 0.25 * t)), round(rect.height * (1.25 - 0.25 * t))))
            surface.blit(grown, grown.get_rect(center=rect.center))
            theme.glow_outline(surface, rect.inflate(6, 6), radius=10, width=3)

        self.anim.add(Motion(TICKET_SHOW, draw, lambda t: rect.inflate(40, 30), ease=ease_out_cubic))

    def _stop_motion(self, owner: int, stop: str, won: int, star: bool, delay: float) -> None:
        area = pygame.Rect(MAP.centerx - 300, MAP.y + 250, 600, 360)
        name = self.name(owner)
        card = destination_card(stop, (520, 230), self._ring(stop))

        def draw(surface: pygame.Surface, t: float) -> None:
            box = area.inflate(-int(40 * (1 - t)), -int(40 * (1 - t)))
            pygame.draw.rect(surface, (14, 16, 19), box.move(0, 6), border_radius=18)
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=18)
            pygame.draw.rect(surface, theme.seat_colour(self.session.seats[owner].colour), box, 4, border_radius=18)
            theme.draw_text(surface, f"Stop!  {name}", (box.centerx, box.y + 40), theme.SIZE_TITLE, theme.TEXT,
                            bold=True, anchor="center")
            surface.blit(card, card.get_rect(center=(box.centerx, box.y + 185)))
            prize = plural(won, "ticket") + (" and the star" if star else "")
            theme.draw_text(surface, f"takes {prize}", (box.centerx, box.bottom - 30), theme.SIZE_BODY,
                            theme.HIGHLIGHT, bold=True, anchor="center")

        self.anim.add(Motion(0.3, draw, lambda t: area.inflate(20, 20), delay=delay, ease=ease_out_cubic,
                             hold=STOP_HOLD))


# ---- drawing helpers --------------------------------------------------------------------------------

def map_view(canvas: pygame.Surface) -> pygame.Surface:
    """The map's part of the canvas, in map coordinates, keeping the canvas's clip (the app
    draws only what changed; a subsurface would otherwise paint outside it)."""
    surface = canvas.subsurface(MAP)
    surface.set_clip(canvas.get_clip().clip(MAP).move(-MAP.x, -MAP.y))
    return surface


def _last_round(row: list[str]) -> int:
    for i in range(len(row) - 1, -1, -1):
        if row[i] == ROUND:
            return i
    return -1


def ticket_face(kind: str, size: tuple[int, int], star: bool = False) -> pygame.Surface:
    """A face-up ticket: its colour, its sign (arrow, U-turn, star) and its name."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    colour = TICKET_COLOURS[kind]
    pygame.draw.rect(surf, (20, 22, 26), rect, border_radius=8)
    pygame.draw.rect(surf, colour, rect.inflate(-2, -2), border_radius=8)
    for y in range(5, rect.height - 4, 7):   # the perforated edge of a ticket stub
        pygame.draw.circle(surf, (255, 255, 255, 90), (30, y), 2)
    img = icon(TICKET_ICONS[kind], 24, theme.TEXT)
    surf.blit(img, img.get_rect(center=(16, rect.centery)))
    label = {SINGLE: "single", RETURN: "return", ROUND: "round"}[kind]
    theme.draw_text(surf, label, ((34 + rect.width) // 2, rect.centery), 16, theme.TEXT, anchor="center",
                    max_width=rect.width - 36)
    if star:
        s = icon("ticket_round", 24, "#ffd84a")
        surf.blit(s, s.get_rect(center=(rect.right - 8, 8)))
    return surf


def destination_card(stop: str, size: tuple[int, int], ring: str) -> pygame.Surface:
    """A destination card: country, capital and a note on a landmark."""
    info = DESTINATIONS[stop]
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (20, 22, 26), rect, border_radius=12)
    pygame.draw.rect(surf, theme.PAPER, rect.inflate(-2, -2), border_radius=12)
    band = pygame.Rect(1, 1, rect.width - 2, 52)
    pygame.draw.rect(surf, pygame.Color(ring), band, border_top_left_radius=12, border_top_right_radius=12)
    theme.draw_text(surf, info.country, (18, band.centery), theme.SIZE_LARGE, theme.TEXT, bold=True,
                    anchor="midleft", max_width=rect.width - 36)
    theme.draw_text(surf, f"Capital: {info.capital}", (18, band.bottom + 10), theme.SIZE_BODY, theme.INK, bold=True)
    note_box = pygame.Rect(18, band.bottom + 44, rect.width - 36, rect.height - band.bottom - 50)
    theme.draw_paragraph(surf, info.note, note_box,
                         theme.SIZE_SMALL, (80, 72, 60), line_gap=1)
    return surf


def until_stop(before: dict[str, Any], after: dict[str, Any], drawn: str | None) -> dict[str, Any]:
    """The view to show while the bus drives to a "Stop!": `after`, but with the piles, the
    cards and the tour guide of `before`, and the face-up tickets as they lay before the stop
    (the ticket just `drawn` among them)."""
    held = dict(after)
    for key in ("tickets", "stars", "scores", "winners", "destinations", "discard", "draw_pile_count", "guide"):
        held[key] = before[key]
    held["row"] = list(before["row"]) + ([drawn] if drawn else [])
    held["star_on_row"] = before["star_on_row"] or drawn == ROUND
    return held


def drive_plan(lengths: list[float], start: float) -> list[tuple[float, float]]:
    """When the bus leaves and reaches each stop of a stretch of roads of these lengths (map
    pixels), setting off at `start`: a longer road takes a little longer, and the bus rests
    DWELL at each stop before it drives on (at the normal animation speed)."""
    times = []
    depart = start
    for length in lengths:
        arrive = depart + LEG_BASE + length * LEG_PER_PX
        times.append((depart, arrive))
        depart = arrive + DWELL
    return times


def _glide(t: float) -> float:
    """Eases in and out gently: the bus never darts (at most about 1.6 times its mean speed)."""
    return 0.5 - math.cos(math.pi * t) / 2


def _length(points: list[tuple[float, float]]) -> float:
    return sum(math.dist(p, q) for p, q in zip(points, points[1:]))


def _along(points: list[tuple[float, float]], t: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The point at fraction t of a polyline's length, and the direction there."""
    lengths = [math.dist(p, q) for p, q in zip(points, points[1:])]
    total = sum(lengths) or 1.0
    target = t * total
    for (p, q), length in zip(zip(points, points[1:]), lengths):
        if target <= length or length == lengths[-1]:
            f = 0.0 if length == 0 else min(1.0, target / length)
            d = ((q[0] - p[0]) / (length or 1), (q[1] - p[1]) / (length or 1))
            return (p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f), d
        target -= length
    p, q = points[-2], points[-1]
    return q, ((q[0] - p[0]), (q[1] - p[1]))


def _near_polyline(point: tuple[float, float], points: list[tuple[float, float]], limit: float) -> bool:
    for p, q in zip(points, points[1:]):
        px, py = q[0] - p[0], q[1] - p[1]
        length2 = px * px + py * py or 1.0
        t = max(0.0, min(1.0, ((point[0] - p[0]) * px + (point[1] - p[1]) * py) / length2))
        if math.dist(point, (p[0] + t * px, p[1] + t * py)) <= limit:
            return True
    return False


def _dashed(surface: pygame.Surface, colour, points: list[tuple[float, float]], width: int, dash: float,
            gap: float) -> None:
    for p, q in zip(points, points[1:]):
        length = math.dist(p, q)
        if length == 0:
            continue
        ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
        pos = 0.0
        while pos < length:
            end = min(length, pos + dash)
            pygame.draw.line(surface, colour, (p[0] + ux * pos, p[1] + uy * pos), (p[0] + ux * end, p[1] + uy * end),
                             width)
            pos = end + gap


__all__ = ["StaedtetourScene", "BOARD", "SIDE"]
