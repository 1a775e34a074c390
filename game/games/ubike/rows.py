"""UBike Tour's cards in common: the five rows (the row to take or discard lit, the cards the
last Search put there outlined), and below the map the piles (deck, discard, opportunity deck)
with the round, who started it and the key to the scenery types.

Each draws on its own layer (layer-local pixels) from what the scene passes in."""
from __future__ import annotations

from typing import Any
from collections.abc import Collection, Hashable, Sequence

import pygame

from game.ui import theme
from game.ui.icons import icon

from . import art
from .layout import DECK_RECT, DISCARD_RECT, OPP_DECK_RECT, PILES, ROW_CARD, ROWS, row_card_rect, row_rect


def render_piles(surface: pygame.Surface, view: dict[str, Any], start: str, deck_glow: int) -> None:
    """The piles with their counts, the round and who started it (`start`), and the scenery
    types; the deck glows `deck_glow` wide when a click on it Searches (0: it does not)."""
    rect = surface.get_rect()
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
    v = view
    theme.draw_text(surface, f"Round {v['round']}  ·  {start} started", (24, 16), theme.SIZE_BODY,
                    theme.TEXT, bold=True)
    for pile_rect, label, count, back in (
            (DECK_RECT, "Deck", v["deck_count"], True),
            (DISCARD_RECT, "Discard", v["discard_count"], True),
            (OPP_DECK_RECT, "Opportunity", v["opp_deck_count"], False)):
        local = pile_rect.move(-PILES.x, -PILES.y)
        if count:
            for k in range(min(3, (count + 9) // 10)):
                img = art.card_back(local.width, local.height) if back else art.opportunity_back(local.size)
                surface.blit(img, local.move(-2 * k, -2 * k))
        else:
            pygame.draw.rect(surface, theme.LINE, local, 2, border_radius=10)
        if pile_rect is DECK_RECT and deck_glow:   # a click Searches
            theme.glow_outline(surface, local.inflate(4, 4), radius=12, width=deck_glow)
        theme.draw_text(surface, f"{label}", (local.centerx, local.bottom + 8), theme.SIZE_SMALL,
                        theme.TEXT_DIM, anchor="midtop")
        theme.draw_text(surface, str(count), (local.centerx, local.bottom + 32), theme.SIZE_BODY,
                        theme.TEXT, bold=True, anchor="midtop")
    # the scenery types, so the icons read at a glance
    x, y = 410, 60
    for key, info in art.TYPES.items():
        pygame.draw.rect(surface, art.type_colour(key), (x, y, 34, 34), border_radius=6)
        img = icon(art.TYPE_ICONS[key], 26, theme.TEXT)
        surface.blit(img, img.get_rect(center=(x + 17, y + 17)))
        theme.draw_text(surface, info["label"], (x + 46, y + 17), theme.SIZE_SMALL, theme.TEXT,
                        anchor="midleft", max_width=250)
        y += 44


def render_rows(surface: pygame.Surface, rows: Sequence[Sequence[int]], hover: Hashable,
                clickable: Collection[int], discard: bool, flashed: Collection[int], fresh: Collection[int],
                in_flight: Collection[int]) -> None:
    """The five rows: those a click takes (or, `discard`ing, throws away) lit, those a bot just
    took `flashed`, the cards the last Search put there (`fresh`) outlined; cards `in_flight`
    are not there yet."""
    surface.fill((0, 0, 0, 0))
    pygame.draw.rect(surface, theme.PANEL, surface.get_rect(), border_radius=12)
    for row, cards in enumerate(rows):
        rrect = row_rect(row).move(-ROWS.x, -ROWS.y)
        hovered = hover == ("row", row)
        if row in clickable:
            colour = theme.WARNING if discard else theme.HIGHLIGHT
            if hovered:
                pygame.draw.rect(surface, (70, 64, 44) if not discard else (80, 44, 44), rrect,
                                 border_radius=10)
            theme.glow_outline(surface, rrect, colour, radius=10, width=3 if hovered else 2)
        elif row in flashed:
            pygame.draw.rect(surface, theme.TEXT_DIM, rrect, 2, border_radius=10)
        theme.draw_text(surface, str(row + 1), (rrect.x + 24, rrect.centery), theme.SIZE_LARGE,
                        theme.TEXT_DIM, bold=True, anchor="center")
        if not cards:
            theme.draw_text(surface, "taken", (rrect.x + 60, rrect.centery), theme.SIZE_SMALL,
                            theme.TEXT_DIM, anchor="midleft")
        for i, number in enumerate(cards):
            if number in in_flight:
                continue
            r = row_card_rect(row, i, len(cards)).move(-ROWS.x, -ROWS.y)
            surface.blit(art.card_face(number, *ROW_CARD, detail=False), r)
            if number in fresh:       # placed by the last Search
                pygame.draw.rect(surface, art.NEW_MARK, r.inflate(6, 6), 3, border_radius=10)
