"""Tokaido's score track (TOK-43), laid over the painted sea at the foot of the road: a paper
strip to 150 points (or on in steps of 50 once someone gets beyond), with a marker per seat that
slides to the points just earned. Everything here is in map pixels."""
from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui import theme

from .art import CARD_EDGE, INK_SOFT
from .layout import TRACK, TRACK_MARK

TRACK_TICK = pygame.Color("#a89b80")

Mark = tuple[int, int, int]     # (seat, x, y) of a seat's marker


def track_top(scores: Sequence[int]) -> int:
    """The track runs to 150 points, or on in steps of 50 if someone gets beyond."""
    best = max(scores, default=0)
    return max(150, -(-best // 50) * 50)


def track_x(score: float, top: int) -> float:
    """Where `score` lies along a track that ends at `top` (scores beyond it stay at the end)."""
    return TRACK.x + 16 + (TRACK.width - 32) * max(0.0, min(score, top)) / top


def draw_track(surface: pygame.Surface, top: int) -> None:
    """The strip itself: a tick every 5 points (10 on a longer track), a number every other tick."""
    pygame.draw.rect(surface, (20, 30, 44), TRACK.move(0, 3), border_radius=8)
    pygame.draw.rect(surface, theme.PAPER, TRACK, border_radius=8)
    pygame.draw.rect(surface, CARD_EDGE, TRACK, 2, border_radius=8)
    step = 5 if top <= 150 else 10
    for score in range(0, top + 1, step):
        x = round(track_x(score, top))
        if score % (2 * step) == 0 and 0 < score < top:     # a number every 10 (or 20)
            label = theme.text(str(score), theme.SIZE_SMALL, tuple(INK_SOFT), True)
            surface.blit(label, label.get_rect(center=(x, TRACK.centery + 1)))
        else:
            pygame.draw.line(surface, TRACK_TICK, (x, TRACK.y + 9), (x, TRACK.bottom - 9), 2)


#: a marker stands on the strip's upper edge, above the numbers; markers close together stack upwards
MARK_Y = TRACK.y - TRACK_MARK // 2 + 7
MARK_STEP = TRACK_MARK - 5


def track_marks(shown: dict[int, float], seats: int, top: int) -> list[Mark]:
    """(seat, x, y) of each seat's marker at the score `shown` for it, above the strip so that
    its numbers stay readable; markers close together stack upwards, the lower score (then the
    lower seat) underneath, each still showing most of its shape."""
    out: list[Mark] = []
    for seat in sorted(range(seats), key=lambda s: (shown.get(s, 0.0), s)):
        x = round(track_x(shown.get(seat, 0.0), top))
        y = MARK_Y
        while any(abs(ox - x) < TRACK_MARK - 4 and oy == y for _s, ox, oy in out):
            y -= MARK_STEP
        out.append((seat, x, y))
    return out


def slide_marks(shown: dict[int, float], scores: Sequence[int], dt: float, pace: float) -> None:
    """Move each shown score towards the seat's score, quickly enough to follow the game; `pace`
    is the app's animation speed (smaller is faster). A seat not shown yet, or dt <= 0, jumps."""
    for seat, target in enumerate(scores):
        at = shown.get(seat)
        if at is None or dt <= 0:
            shown[seat] = float(target)
            continue
        gap = target - at
        if gap:
            step = max(12.0, 4.0 * abs(gap)) * dt / max(0.2, pace)
            shown[seat] = target if abs(gap) <= step else at + math.copysign(step, gap)


def draw_marks(surface: pygame.Surface, marks: list[Mark], colours: Sequence[int]) -> None:
    """Each seat's marker: its colour and shape badge, with a pin down to its score on the
    strip's edge; `colours` is each seat's palette index."""
    for _seat, x, _y in marks:
        pygame.draw.line(surface, CARD_EDGE, (x, TRACK.y - 2), (x, TRACK.y + 5), 3)
    for seat, x, y in marks:
        theme.draw_seat_badge(surface, colours[seat], (x, y), TRACK_MARK)
