"""Where Tokaido's table sits on the 1920x1080 canvas: the road's map, the decision panel below
it, the viewer's journey beside that, and the sizes of what is drawn on the road.

Rectangles are canvas pixels unless a comment says map pixels (relative to `MAP`)."""
from __future__ import annotations

import pygame

MAP = pygame.Rect(10, 72, 1370, 600)
PANEL = pygame.Rect(10, 684, 860, 386)          # the decision to make now
COLLECTION = pygame.Rect(880, 684, 500, 386)    # the viewer's own journey
CONTENT_Y = 84                                  # panel-local top of cards and buttons
STOP_R, SIDE_R, INN_R = 17, 14, 26
PAWN = 30
TRACK = pygame.Rect(36, 563, 1298, 30)          # the score track, laid over the painted sea (map pixels)
TRACK_MARK = 22                                 # a seat's marker on it
TIP = pygame.Rect(MAP.x + 410, MAP.y + TRACK.y - 58, 840, 52)   # the hover tip, on the shore above the track (it
#                                                                 grows upwards for more lines)
MET_CARD = pygame.Rect(COLLECTION.x + 14, COLLECTION.y + 33, 280, 320)   # the encounter just drawn: over the viewer's
#                                                                         journey, never over the road
SUPPLY = pygame.Rect(588, 116, 404, 70)         # the Crossroads supply, on the painted land between rows (map pixels)
