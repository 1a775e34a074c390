"""The side panel under the seats: the viewer's hand of train cards, then their tickets, or
the tickets to choose among (a draft's packet, the drafted picks, the tickets drawn), or the
route being paid for, laid out in as many columns and pages as they need; the heading over
them says what is being shown or chosen."""
from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from game.core.protocol import Action
from game.core.text import plural
from game.ui import theme

from . import cards_art
from .data import COLOUR_LABELS, DRAFT_KEEP, GREY
from .layout import HAND_CARD, HAND_STEP, ORDER, PAY_GAP, PAY_H, SECTION_Y, TICKET_GAP, TICKET_H, TICKET_MIN_H
from .rules import DRAFT, DRAFTED, FESTIVAL, KEEP, OVER, PLACE, TURN, DrawTickets, ExpressDraw


class SidePanel:
    """The part of the TtR scene that draws the side panel (a mixin of `TtrScene`)."""

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
