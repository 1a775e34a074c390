"""Städtetour's table: the map of Europe and North Africa with the roads, the stops and the bus;
the bag and the face-up tickets beside it; each seat's pile; your secret destination.

The bus drives stop by stop along the roads; at a fork the roads it may take glow and a click
chooses one. When it stops at someone's destination, their card is shown: "Stop!". The scene
reads only its context (the viewer's view and legal actions) and animates from the events of
the last move.
"""
from __future__ import annotations

import math
from typing import Any, Hashable

import pygame

from game import assets
from game.core.board import BoardError, load_board
from game.core.protocol import Action
from game.table.frame import BOARD, SIDE, GameScene
from game.table.overlay import KeyedOverlay
from game.table.picker import Picker
from game.ui import theme
from game.ui.anim import Motion, ease_in_out, ease_out_cubic
from game.ui.icons import icon

from .rules import (DESTINATIONS, DRAW, DRIVE, PLACE, RETURN, ROUND, SINGLE, TO_DESTINATION,
                    DrawTicket, Drive, PlaceBus, place_name)

MAP = pygame.Rect(8, 72, 1280, 1000)
STRIP = pygame.Rect(1296, 72, 96, 1000)
BAG = pygame.Rect(STRIP.x + 4, STRIP.y + 8, 88, 96)
TICKETS_TOP = BAG.bottom + 56
BUS_RED = pygame.Color("#c0392b")
TICKET_COLOURS = {SINGLE: pygame.Color("#3a6fb5"), RETURN: pygame.Color("#7b4fa0"), ROUND: pygame.Color("#b8860b")}
TICKET_ICONS = {SINGLE: "ticket_single", RETURN: "ticket_return", ROUND: "ticket_round"}
STEP_TIME = 0.32
STOP_HOLD = 2.2


class StaedtetourScene(GameScene):
    def build_board(self) -> None:
        #: the first tour guide's two clicks: the stop for the bus, then the road behind it
        self.placement: Picker[PlaceBus] = Picker([], steps=(lambda a: a.stop, lambda a: a.behind))
        self.overlay = KeyedOverlay(self._overlay_key, self._overlay_rects)
        self.bus_moving = False
        self.bus_drawn_at: tuple[float, float] | None = None
        self.stop_card: dict[str, Any] | None = None   # the card shown after "Stop!"
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

    def my_destination(self) -> str | None:
        """The viewer's own destination card, from the view (None for a spectator)."""
        seat = self.view["seat"]
        return self.view["destinations"][seat] if seat is not None else None

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
        return self.placement.chosen[0] if self.placement.chosen else None

    def _placement(self) -> Picker[PlaceBus]:
        """The picker over the legal placements, started again when they changed."""
        legal = [a for a in self.ctx.legal if isinstance(a, PlaceBus)]
        if legal != self.placement.all:
            self.placement.reset(legal)
        return self.placement

    def clickable_stops(self) -> list[str]:
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
        """The map layer is the still part: land, roads, stops, names. The bus and the roads
        to choose from are drawn over it each frame (draw_overlay), so moving them never
        redraws the whole map."""
        v = self.view
        return (self.my_destination(), tuple(v["discard"]), self.viewer)

    def _render_map(self, surface: pygame.Surface) -> None:
        surface.blit(self.map_image, (0, 0))
        v = self.view
        for pair, points in self.roads.items():   # ferries dashed
            colour = (120, 96, 70) if pair not in self.ferries else (70, 110, 150)
            if pair in self.ferries:
                _dashed(surface, colour, points, 3, 9, 7)
            else:
                pygame.draw.lines(surface, (250, 246, 236), False, points, 6)
                pygame.draw.lines(surface, colour, False, points, 3)
        mine = self.my_destination()
        for key, (x, y, props, kind) in self.stops.items():
            centre = (round(x), round(y))
            if kind == "destination":
                ring = pygame.Color(str(props.get("ring", "#7a6a55")))
                pygame.draw.circle(surface, (40, 36, 32), centre, 13)
                pygame.draw.circle(surface, ring, centre, 12)
                pygame.draw.circle(surface, theme.PAPER, centre, 7)
                if key in v["discard"]:
                    pygame.draw.circle(surface, (150, 140, 125), centre, 4)
                if key == mine and self.viewer is not None:
                    pygame.draw.circle(surface, theme.seat_colour(self.session.seats[self.viewer].colour), centre, 5)
            else:
                pygame.draw.circle(surface, (40, 36, 32), centre, 7)
                pygame.draw.circle(surface, theme.PAPER, centre, 5)
            label = str(props.get("label", key))
            dx, dy = int(props.get("label_dx", 14)), int(props.get("label_dy", -14))
            size = 18 if kind == "destination" else 16
            colour = theme.INK if kind == "destination" else (95, 85, 72)
            theme.draw_text(surface, label, (x + dx, y + dy), size, colour, bold=kind == "destination",
                            anchor="center")
        pygame.draw.rect(surface, theme.LINE, surface.get_rect(), 2)

    # ---- what moves over the map: the bus, and the roads to choose from ----------------------------
    def _overlay_key(self) -> Hashable:
        v = self.view
        return (v["bus"], v["behind"], tuple(self.clickable_stops()), self.hover, self.bus_moving, self.placing,
                v["phase"])

    def _overlay_rects(self, key: Hashable) -> list[pygame.Rect]:
        bus, behind, targets, _hover, moving, placing, phase = key  # type: ignore[misc]
        rects = []
        if bus and not moving:
            x, y = self.stop_xy(bus)
            rects.append(pygame.Rect(MAP.x + x - 40, MAP.y + y - 50, 80, 84))
        origin = placing if phase == PLACE else bus
        for target in targets:
            points = self.road(origin, target) if origin else [self.stop_xy(target)]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            rects.append(pygame.Rect(MAP.x + min(xs) - 24, MAP.y + min(ys) - 24, max(xs) - min(xs) + 48,
                                     max(ys) - min(ys) + 48))
        return rects

    def ticking_rects(self) -> list[pygame.Rect]:
        return self.overlay.dirty()

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        v = self.view
        surface = map_view(canvas)
        targets = self.clickable_stops()
        origin = self.placing if v["phase"] == PLACE else v["bus"]
        for target in targets:
            if origin and target in self.stops and origin != target:
                pygame.draw.lines(surface, theme.HIGHLIGHT, False, self.road(origin, target), 7)
        for target in targets:
            x, y, _props, kind = self.stops[target]
            r = 17 if kind == "destination" else 13
            hovered = self.hover == ("stop", target)
            theme.glow_outline(surface, pygame.Rect(x - r - 2, y - r - 2, 2 * r + 4, 2 * r + 4), radius=r + 2,
                               width=4 if hovered else 3)
        if not self.bus_moving and v["bus"]:
            self._draw_bus(surface, self.stop_xy(v["bus"]), self._facing(v["bus"], v["behind"]))

    def _facing(self, stop: str, behind: str) -> tuple[float, float]:
        """The bus faces away from the road it came along."""
        if not behind:
            return (1.0, 0.0)
        points = self.road(behind, stop)
        (x0, y0), (x1, y1) = points[-2], points[-1]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        return ((x1 - x0) / length, (y1 - y0) / length)

    def _draw_bus(self, surface: pygame.Surface, at: tuple[float, float], facing: tuple[float, float]) -> None:
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
        v = self.view
        return (tuple(v["row"]), v["star_on_row"], v["bag_count"], self.hover == ("bag",),
                self.is_my_turn() and v["phase"] == DRAW, v["stars_left"])

    def _render_strip(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        pygame.draw.rect(surface, theme.PANEL, surface.get_rect(), border_radius=12)
        v = self.view
        bag = BAG.move(-STRIP.x, -STRIP.y)
        can_draw = self.is_my_turn() and v["phase"] == DRAW
        pygame.draw.ellipse(surface, (120, 90, 60), bag.inflate(-6, -10).move(0, 8))
        pygame.draw.rect(surface, (150, 112, 74), (bag.centerx - 24, bag.y + 6, 48, 22), border_radius=8)
        pygame.draw.line(surface, (90, 66, 44), (bag.centerx - 20, bag.y + 26), (bag.centerx + 20, bag.y + 26), 3)
        theme.draw_text(surface, str(v["bag_count"]), (bag.centerx, bag.centery + 14), theme.SIZE_LARGE,
                        theme.TEXT, bold=True, anchor="center")
        if can_draw:
            theme.glow_outline(surface, bag.inflate(4, 4), radius=14, width=4 if self.hover == ("bag",) else 3)
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
        return (self.my_destination(), self.viewer, self.view["draw_pile_count"], len(self.view["discard"]))

    def _render_card(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        rect = surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        mine = self.my_destination()
        if self.viewer is None or not mine:
            theme.draw_text(surface, "Destinations are secret", (20, 22), theme.SIZE_BODY, theme.TEXT, bold=True)
            theme.draw_paragraph(surface, "Each player's card shows up here for them alone. The discard pile "
                                 f"holds {len(self.view['discard'])} cards; {self.view['draw_pile_count']} are "
                                 "left to draw.", pygame.Rect(20, 60, rect.width - 40, 150), theme.SIZE_SMALL,
                                 theme.TEXT_DIM)
            return
        card = destination_card(mine, (rect.width - 24, rect.height - 24), self._ring(mine))
        surface.blit(card, (12, 12))

    def _ring(self, stop: str) -> str:
        return str(self.stops.get(stop, (0, 0, {}, ""))[2].get("ring", "#7a6a55"))

    # ---- seats ---------------------------------------------------------------------------------
    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        v = self.view
        tickets, stars = v["tickets"][seat], v["stars"][seat]
        theme.draw_text(surface, f"{v['scores'][seat]} pts", (rect.right - 20, 26), theme.SIZE_BODY, theme.TEXT,
                        bold=True, anchor="midright")
        y = rect.bottom - 28
        img = icon("ticket_single", 22, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midleft=(20, y)))
        r = theme.draw_text(surface, f"{tickets} ticket{'s' if tickets != 1 else ''}", (48, y), theme.SIZE_SMALL,
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
        v = self.view
        return (v["tickets"][seat], v["stars"][seat], v["guide"], tuple(v["winners"]))

    # ---- prompt and input ------------------------------------------------------------------------
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
            return f"The road forks: click the way the bus goes ({left} stop{'s' if left != 1 else ''} to drive)."
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
                if self.placing is None or not picker.can_choose(stop):
                    if stop in {a.stop for a in picker.all}:   # (another) stop for the bus
                        picker.reset()
                        picker.choose(stop)
                        self.status_note = ""
                    else:
                        self.refuse("The bus starts on an intermediate stop, not at a destination.")
                else:
                    picker.choose(stop)
                    action = picker.action
                    picker.reset()
                    if action is not None:
                        self.try_action(action)
            elif phase == DRAW:
                self.refuse("First pull a ticket out of the bag.")

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
        """Animate the last move from its events: the ticket, the bus stop by stop, "Stop!"."""
        sounds = self.app.sound
        delay = 0.0
        for event in self.last_events:
            if event.kind == "draw":
                sounds.play("card_flip")
            elif event.kind == "drive":
                path = event.data["path"]
                self.bus_moving = True
                for i, (a, b) in enumerate(zip(path, path[1:])):
                    self._drive_motion(a, b, delay, last=(i == len(path) - 2))
                    delay += STEP_TIME
            elif event.kind == "claim":
                sounds.play("horn")
                if event.data["star"]:
                    sounds.play("opportunity")
                self._stop_motion(event.seat, event.data["stop"], event.data["tickets"], event.data["star"], delay)

    def _drive_motion(self, a: str, b: str, delay: float, last: bool) -> None:
        points = self.road(a, b)

        def at(t: float) -> tuple[tuple[float, float], tuple[float, float]]:
            return _along(points, t)

        def bounds(t: float) -> pygame.Rect:
            (x, y), _ = at(t)
            return pygame.Rect(MAP.x + x - 40, MAP.y + y - 50, 80, 80)

        def draw(surface: pygame.Surface, t: float) -> None:
            (x, y), facing = at(t)
            self._draw_bus(map_view(surface), (x, y), facing)

        def done() -> None:
            if last:
                self.bus_moving = False

        self.anim.add(Motion(STEP_TIME, draw, bounds, delay=delay, ease=ease_in_out, on_done=done))

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
            prize = f"{won} ticket{'s' if won != 1 else ''}" + (" and the star" if star else "")
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
    theme.draw_paragraph(surf, info.note, pygame.Rect(18, band.bottom + 44, rect.width - 36, rect.height - band.bottom - 50),
                         theme.SIZE_SMALL, (80, 72, 60), line_gap=1)
    return surf


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
