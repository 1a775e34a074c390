"""Something to watch while a bot chooses tickets: the tickets it is choosing among (its draft
packet, the picks it keeps four of, or the three drawn in play) lie face down in its seat
panel, left of its score, and are lifted one after another until it answers. The hard level
plays its choices out for about a second (bot.LOOK_SECONDS) and every bot move takes a while
at the table's bot pace; this shows what the seat is doing meanwhile.

It reveals nothing hidden: how many tickets a seat is choosing among is public (the view's
counts), the backs are all alike, and the lifting keeps its own beat, whatever the bot weighs.
A mixin of `TtrScene` (it reads the table kit's `turn`, `bot_thinking`, `view` and seat rects)."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.caches import cached
from game.ui.render import for_blits

from . import cards_art
from .rules import DRAFT, DRAFTED, KEEP

#: a weighed ticket's back, the step between two, and how high the one weighed is lifted
WEIGH_TICKET = (34, 22)
WEIGH_STEP = 24
WEIGH_LIFT = 5
#: seconds each ticket stays lifted
WEIGH_BEAT = 0.4
#: room kept at the panel's right for its score ("123 pts")
SCORE_ROOM = 96
#: the view's public count of the tickets a seat chooses among, by phase
CHOOSING = {DRAFT: "draft_packs_count", DRAFTED: "draft_picks_count", KEEP: "offered_count"}


class TicketWeighing:
    """The bot seat choosing tickets, and their backs in its panel while it thinks."""

    def weighing(self) -> tuple[int, int] | None:
        """(seat, how many tickets) while a bot at that seat is choosing tickets, else None."""
        turn = self.turn
        if turn.phase != "think" or turn.seat is None or not self.bot_thinking():
            return None
        field = CHOOSING.get(self.view["phase"])
        if field is None:
            return None
        count = self.view[field][turn.seat]
        return (turn.seat, count) if count else None

    def weighing_rect(self, seat: int, count: int) -> pygame.Rect:
        """Where the tickets lie: in the seat's panel, on its name's line, left of its score."""
        panel = self._seat_rects[seat]
        width = WEIGH_TICKET[0] + (count - 1) * WEIGH_STEP
        rect = pygame.Rect(0, 0, width + 8, WEIGH_TICKET[1] + WEIGH_LIFT + 8)
        rect.midright = (panel.right - SCORE_ROOM, panel.y + 26)
        return rect

    def ticking_rects(self) -> list[pygame.Rect]:
        rects = super().ticking_rects()   # type: ignore[misc]
        weighing = self.weighing()
        if weighing is not None:
            rects = rects + [self.weighing_rect(*weighing)]
        return rects

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        super().draw_overlay(canvas)   # type: ignore[misc]
        weighing = self.weighing()
        if weighing is None:
            return
        seat, count = weighing
        rect = self.weighing_rect(seat, count)
        pygame.draw.rect(canvas, theme.PANEL_LIGHT, rect, border_radius=6)
        beats = pygame.time.get_ticks() / 1000 / WEIGH_BEAT
        lifted = int(beats) % count
        y = rect.bottom - 4 - WEIGH_TICKET[1]
        for k in [k for k in range(count) if k != lifted] + [lifted]:   # the lifted one on top
            # eased up and down within its beat, so it is seen to be picked up and put back
            lift = round(WEIGH_LIFT * math.sin(math.pi * (beats % 1.0))) if k == lifted else 0
            canvas.blit(ticket_back(k == lifted), (rect.x + 4 + k * WEIGH_STEP, y - lift))


@cached
@lru_cache(maxsize=2)
def ticket_back(lifted: bool) -> pygame.Surface:
    """A small ticket's back: the tickets' brown in a paper edge, the lifted one's edge lit."""
    surface = pygame.Surface(WEIGH_TICKET, pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (18, 20, 24), rect, border_radius=4)
    pygame.draw.rect(surface, theme.HIGHLIGHT if lifted else theme.PAPER, rect.inflate(-2, -2), border_radius=4)
    pygame.draw.rect(surface, cards_art.BACK_TICKETS, rect.inflate(-6, -6), border_radius=3)
    pygame.draw.line(surface, theme.PAPER, (rect.x + 9, rect.centery), (rect.right - 10, rect.centery), 2)
    return for_blits(surface, alpha=True)
