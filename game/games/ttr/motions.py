"""What moves on the table after a move, from its events: a card flies from the display or a
deck to the seat that took it, the cards paid fly onto a route and its trains appear space by
space, a train is put on the mat, the last round, the Ticket Draft card and the display's
clearing are announced over the map, and at the end each seat's tickets are revealed one by
one with the way that completes each lit up."""
from __future__ import annotations

import math

import pygame

from game.core.protocol import Action
from game.core.text import plural
from game.ui import theme
from game.ui.anim import Motion, ease_in_out, ease_out_cubic, lerp_point

from . import cards_art
from .layout import DECK_RECT, FACE, HAND_CARD, TICKET_DECK_RECT
from .words import face_label

FLY = 0.38                 # a card's flight
SPACE_STEP = 0.11          # one more train appears on a route
HOLD_ROUTE = 0.9           # a claimed route stays lit this long
BANNER_HOLD = 2.2
REVEAL_STEP = 0.55         # each ticket at the end


class Motions:
    """The part of the TtR scene that animates the last move (a mixin of `TtrScene`)."""

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
