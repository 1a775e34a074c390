"""Where UBike Tour's table sits on the 1920x1080 canvas: the map of Taiwan, the piles below
it, the five rows and the hand beside them, the sizes of the cards and marks drawn there, and
where a card of a row or of the hand lies.

Rectangles are canvas pixels unless a comment says map pixels (relative to `MAP`)."""
from __future__ import annotations

import math

import pygame

MAP = pygame.Rect(16, 80, 720, 720)
PILES = pygame.Rect(16, 812, 720, 252)
ROWS = pygame.Rect(752, 80, 630, 600)
HAND = pygame.Rect(752, 692, 630, 372)
ROW_H = 118
ROW_CARD = (80, 108)
HAND_CARD = (116, 160)
MINI = (48, 62)
DECK_RECT = pygame.Rect(PILES.x + 24, PILES.y + 56, 96, 132)
DISCARD_RECT = pygame.Rect(PILES.x + 150, PILES.y + 56, 96, 132)
OPP_DECK_RECT = pygame.Rect(PILES.x + 276, PILES.y + 56, 96, 132)
PIN_R = 13                                  # a pin's paper disc on the map (its dark ring: 2 more)
MARKER_R = 11                               # a ride's bike marker on the map
BADGE, BADGE_PUSH = 18, 4                   # a cyclist's badge beside its pin, and how far out
THINKING_SIZE = (84, 30)                # a thinking bot's three dots, after the hand's heading
TITLE_W = HAND.width - 40 - THINKING_SIZE[0] - 12
HOLDINGS_W = 600                            # the viewer's own cards, shown beside their panel
OPP_ROW_H = 84
OPP_LEFT = 250                              # the viewer's opportunity cards stay right of their name
PAY_X = HAND.x + HAND_CARD[0] + 44     # the ways to pay: rows of buttons beside the card paid for
PAY_TOP, PAY_H, PAY_GAP = 92, 40, 8
MAIN_BUTTON_W = 280   # Search, Pass and End Schedule: one width, whatever the label says


def row_card_rect(row: int, index: int, count: int) -> pygame.Rect:
    """Where the `index`th of a row's `count` cards lies."""
    left = ROWS.x + 56
    avail = ROWS.right - 14 - left - ROW_CARD[0]
    step = ROW_CARD[0] + 8 if count <= 1 else min(ROW_CARD[0] + 8, avail / (count - 1))
    y = ROWS.y + 8 + row * ROW_H + (ROW_H - ROW_CARD[1]) // 2 - 4
    return pygame.Rect(int(left + index * step), y, *ROW_CARD)


def row_rect(row: int) -> pygame.Rect:
    """The whole of a row: one target, whichever of its cards is clicked."""
    return pygame.Rect(ROWS.x + 4, ROWS.y + 8 + row * ROW_H - 4, ROWS.width - 8, ROW_H - 4)


def hand_card_rect(index: int, count: int) -> pygame.Rect:
    """Where the `index`th of the hand's `count` cards lies."""
    step = min(HAND_CARD[0] + 12, (HAND.width - 40 - HAND_CARD[0]) / max(1, count - 1))
    return pygame.Rect(int(HAND.x + 20 + index * step), HAND.y + 56, *HAND_CARD)


def rect_gap(rect: pygame.Rect, point: tuple[float, float]) -> float:
    """How far `point` is from `rect` (0 inside it)."""
    nearest = (min(max(point[0], rect.left), rect.right), min(max(point[1], rect.top), rect.bottom))
    return math.dist(nearest, point)
