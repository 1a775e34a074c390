"""Where Ubi's table sits on the 1920x1080 canvas: the tabs of the sheets, the sheet shown
under them, the answer bar below it, and the sizes of the loupe, the dice and the verdict
drawn over the map. Rectangles are canvas pixels."""
from __future__ import annotations

import pygame

TABS_Y = 74
TAB_H = 44
AREA = pygame.Rect(10, 126, 1370, 850)      # where a sheet is drawn
BAR = pygame.Rect(10, 984, 1370, 88)        # the answer bar under it
TABS = (("W", "World"), ("N", "North America"), ("E", "Europe"), ("L", "Legend"))
BANNER_W = 760
LEGEND_SPLIT = 775                          # LEGEND above, GHOSTS below, side by side on screen
LENS_R = 150                                # the loupe's radius on the canvas
LENS_HEX = 200                              # a hexagon's width inside the loupe
DIE = 52
