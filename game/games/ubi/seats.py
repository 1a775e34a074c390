"""Ubi's seat panels: each seat's team's Rubi as a growing pyramid, the facets won in the order
won (their colours, and their names where they fit), and the seat's team and expert areas."""
from __future__ import annotations

from typing import Any
from collections.abc import Callable

import pygame

from game.ui import theme

from . import scene_art as art


def pyramid_spot(rect: pygame.Rect) -> pygame.Rect:
    """Where a seat panel of `rect` shows its team's pyramid."""
    h = min(64, rect.height - 16)
    spot = pygame.Rect(0, 0, round(h * 1.35), h)
    spot.midright = (rect.right - 16, rect.centery)
    return spot


def draw_seat_summary(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], seat: int,
                      name: Callable[[int | None], str]) -> None:
    """One seat's panel (`rect`, panel-local)."""
    v = view
    team = v["team_of"][seat]
    facets = tuple(v["facets"][team])
    won = v["winner_team"] == team
    spot = pyramid_spot(rect)
    w, h = spot.size
    picture = art.pyramid(facets, won, w, h)
    surface.blit(picture, picture.get_rect(midright=spot.midright))
    notes = []
    if v["num_teams"] < len(v["team_of"]):
        mates = [name(s) for s, t in enumerate(v["team_of"]) if t == team and s != seat]
        notes.append(f"Team {team + 1}" + (f" with {', '.join(mates)}" if mates else ""))
    if v["expert_seats"][seat]:
        notes.append("expert areas")
    y = min(rect.bottom - 16, 60 if rect.height >= 90 else 54)
    x = 56
    if facets or won:
        # each facet won: its colour and its letters, in the order won
        # (beside the pyramid, not into it: when the names do not all fit, the colours alone,
        # which the pyramid repeats)
        shown = facets + (("Rubi Ubi",) if won else ())
        limit = spot.x - 12
        named = sum(20 + theme.font(theme.SIZE_SMALL, True).size(z)[0] + 10 for z in shown) + x <= limit
        for zone in shown:
            colour = art.ZONE_COLOURS.get(zone, art.CAPSTONE_GOLD)
            pygame.draw.rect(surface, (16, 16, 18), (x, y - 8, 16, 16), border_radius=3)
            pygame.draw.rect(surface, colour, (x + 2, y - 6, 12, 12), border_radius=2)
            if named:
                r = theme.draw_text(surface, zone, (x + 20, y), theme.SIZE_SMALL, theme.TEXT, bold=True,
                                    anchor="midleft")
                x = r.right + 10
            else:
                x += 22
    else:
        notes.insert(0, "no facets yet")
    if notes:
        theme.draw_text(surface, " · ".join(notes), (x, y), theme.SIZE_SMALL, theme.TEXT_DIM, anchor="midleft",
                        max_width=rect.width - x - w - 36)
