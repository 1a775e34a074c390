"""A seat's panel in brief: its score, trains left (in the warning colour for the seat that
started the last round), cards and tickets held, and its express cards left (South Korea) or
festival cards (Iberia)."""
from __future__ import annotations

from typing import Any
from collections.abc import Hashable

import pygame

from game.core.text import plural
from game.ui import theme
from game.ui.icons import icon

from . import cards_art
from .rules import OVER


def seat_signature(v: dict[str, Any], seat: int) -> Hashable:
    """What a seat's panel shows, for its layer's signature."""
    return (v["trains"][seat], v["hands_count"][seat], v["tickets_count"][seat], v["scores"][seat],
            tuple(v["express_left"][seat]), v["festival_piles_count"][seat], v["phase"] == OVER,
            v["last_round_by"])


def draw_seat_summary(surface: pygame.Surface, rect: pygame.Rect, v: dict[str, Any], seat: int, colour_id: int,
                      korea: bool) -> None:
    """Seat `seat`'s summary in its panel (`rect`, panel-local), its trains in the seat colour
    `colour_id`."""
    theme.draw_text(surface, f"{v['scores'][seat]} pts", (rect.right - 18, 26), theme.SIZE_BODY, theme.TEXT,
                    bold=True, anchor="midright")
    y = rect.bottom - (18 if rect.height < 78 else 20)
    x = 22
    colour = theme.seat_colour(colour_id)
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
    if korea:
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
