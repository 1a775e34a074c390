"""The strip beside the map: the five face-up train cards, the train deck and the ticket deck
with their counts, the discards and the Ticket Draft card's state, and the last round's
warning."""
from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.core.text import plural
from game.ui import theme

from . import cards_art
from .data import LOCO
from .layout import DECK_RECT, FACE, FACE_STEP, FACE_TOP, STRIP, TICKET_DECK_RECT
from .rules import DRAWING, OVER, TURN
from .words import face_label


class CardStrip:
    """The part of the TtR scene that draws the strip (a mixin of `TtrScene`)."""

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
