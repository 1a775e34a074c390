"""Where Ticket to Ride's table sits on the 1920x1080 canvas: the map's corner, the strip of
face-up cards and decks beside it, and the sizes of the cards, tickets and buttons of the side
panel. Rectangles are canvas pixels."""
from __future__ import annotations

import pygame

from .data import COLOURS, LOCO

MAP_XY = (8, 72)
STRIP = pygame.Rect(1276, 72, 114, 1000)
FACE = (100, 70)
FACE_TOP, FACE_STEP = 32, 80
DECK_RECT = pygame.Rect(STRIP.x + 7, STRIP.y + 440, *FACE)
TICKET_DECK_RECT = pygame.Rect(STRIP.x + 7, STRIP.y + 566, *FACE)
HAND_CARD = (50, 74)
HAND_STEP = 54
SECTION_Y = 132            # where the tickets / choices start in the side panel
TICKET_H, TICKET_MIN_H, TICKET_GAP = 60, 50, 8   # a ticket keeps two lines of names
PAY_H, PAY_GAP = 40, 8
ORDER = COLOURS + (LOCO,)   # the train cards' order in the hand and among the ways to pay
