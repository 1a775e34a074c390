"""Where the frame's parts lie on the 1920x1080 canvas: the status line along the top, the
board on the left, the seats and the log down the side."""
from __future__ import annotations

import pygame

TOP_BAR = pygame.Rect(0, 0, 1920, 64)
BOARD = pygame.Rect(0, 64, 1390, 1016)
SIDE = pygame.Rect(1400, 64, 520, 1016)
