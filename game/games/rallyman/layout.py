"""Where Rallyman GT's table sits on the canvas: the circuit's map, the turn-order strip beside
it, the dice in the driver's panel, and the slots of the panel's buttons (rows counted from
the panel's foot, so that no button moves while a phase lasts)."""
from __future__ import annotations

import pygame

from game.table.layout import BOARD

MAP_XY = (8, 72)
STRIP_W = 196
STRIP = pygame.Rect(BOARD.right - STRIP_W - 8, 72, STRIP_W, 1000)
MAP_TILE = (256, 250)
TRAY_DIE = 54
PLAN_DIE = 34
PLACEMENT_PAGE = 5   # placement buttons to a page (the sixth slot turns the page when there are more)
SECURE_HEAD = 24     # the line of words above the secure row


class ButtonRows:
    """The slots of the panel's foot: rows counted from the bottom, each split into equal
    columns; the secure row keeps a label's width at its left."""

    HEIGHT, GAP = 44, 8

    def __init__(self, panel: pygame.Rect) -> None:
        self.left, self.width, self.bottom = panel.x + 16, panel.width - 32, panel.bottom - 12

    def top(self, row: int) -> int:
        return self.bottom - (row + 1) * self.HEIGHT - row * self.GAP

    def split(self, row: int, columns: int) -> list[tuple[int, int, int, int]]:
        width = (self.width - (columns - 1) * self.GAP) // columns
        y = self.top(row)
        return [(self.left + i * (width + self.GAP), y, width, self.HEIGHT) for i in range(columns)]

    def secure_slots(self) -> list[tuple[int, int, int, int]]:
        """Four slots across the row above Roll and Stop (its words go just above it)."""
        return self.split(1, 4)

    def placement(self, index: int) -> tuple[int, int, int, int]:
        """Placement i: two to a row, A and B on the top one of three."""
        return self.split(2 - index // 2, 2)[index % 2]
