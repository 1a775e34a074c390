"""The toy's table, on the table kit: the pile of stones, and one chip for each take.

The smallest scene a game needs. The frame (game/table/frame.py) draws the top bar, the seats,
the log, undo and the curtain, runs the bots and opens the results; this scene adds one board
layer, declares what a person may click (`target_of`, `target_rect`, `hit_board`), turns a
click into an action (`click_target`), and says what to do (`prompt`) and what each seat has
(`seat_summary`). It reads only its context: the view and the legal actions.
"""
from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.core.protocol import Action
from game.table.frame import GameScene
from game.table.layout import BOARD
from game.ui import theme

from . import PILE, Take

STONE = pygame.Color("#9c8f7a")
STONE_RADIUS = 26
STONES = pygame.Rect(BOARD.x + 120, BOARD.y + 200, BOARD.width - 240, 260)   # the pile
CHIPS_TOP = STONES.bottom + 120
CHIP_W, CHIP_H = 220, 90


def stone_centre(index: int) -> tuple[int, int]:
    """Where stone `index` (0: the first) of the pile lies on the canvas: a row of them."""
    step = STONES.width // PILE
    return (STONES.x + step // 2 + index * step, STONES.centery)


def chip_rect(stones: int) -> pygame.Rect:
    """The chip that takes `stones` (1 to 3), on the canvas."""
    gap = 60
    left = BOARD.centerx - (3 * CHIP_W + 2 * gap) // 2
    return pygame.Rect(left + (stones - 1) * (CHIP_W + gap), CHIPS_TOP, CHIP_W, CHIP_H)


class NimScene(GameScene):
    has_hidden_information = False   # the pile is on the table for all: no curtain
    declares_targets = True          # the chips of the legal takes glow; other clicks get a reason

    def build_board(self) -> None:
        self.add_layer(BOARD, self._render_board, self._board_signature)

    # ---- what may be clicked -----------------------------------------------------------------
    def target_of(self, action: Action) -> Hashable:
        return ("take", action.stones) if isinstance(action, Take) else None

    def target_rect(self, target: Hashable) -> pygame.Rect | None:
        if isinstance(target, tuple) and target[0] == "take":
            return chip_rect(target[1])
        return None

    def hit_board(self, pos: tuple[int, int]) -> Hashable:
        for stones in (1, 2, 3):
            if chip_rect(stones).collidepoint(pos):
                return ("take", stones)
        return None

    def click_target(self, target: Hashable) -> None:
        if isinstance(target, tuple) and target[0] == "take":
            self.try_action(Take(target[1]))

    def why_not_target(self, target: Hashable) -> str:
        if target is None:
            return "Click a glowing chip to take that many stones."
        return f"Only {self.view['pile']} left in the pile."

    # ---- words and panels -------------------------------------------------------------------
    def prompt(self) -> str:
        return "Take 1, 2 or 3 stones (click a chip): whoever takes the last one wins."

    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        v = self.view
        words = "won" if v["winner"] == seat else ("takes now" if v["turn"] == seat and v["pile"] else "")
        theme.draw_text(surface, words, (rect.right - 20, 26), theme.SIZE_BODY, theme.TEXT,
                        bold=True, anchor="midright")

    # ---- the board --------------------------------------------------------------------------
    def _board_signature(self) -> Hashable:
        return (self.view["pile"], self.glowing, self.hover)

    def _render_board(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        local = (-BOARD.x, -BOARD.y)   # the layer's surface starts at the board's corner
        pile = self.view["pile"]
        theme.draw_text(surface, f"{pile} in the pile", (BOARD.width // 2, STONES.y - BOARD.y - 60),
                        theme.SIZE_TITLE, theme.TEXT, bold=True, anchor="center")
        for index in range(pile):
            x, y = stone_centre(index)
            pygame.draw.circle(surface, STONE, (x + local[0], y + local[1]), STONE_RADIUS)
        for stones in (1, 2, 3):
            chip = chip_rect(stones).move(local)
            target = ("take", stones)
            pygame.draw.rect(surface, theme.PANEL, chip, border_radius=14)
            theme.draw_text(surface, f"Take {stones}", chip.center, theme.SIZE_LARGE,
                            theme.TEXT if target in self.glowing else theme.TEXT_DIM, bold=True, anchor="center")
            if target in self.glowing:
                theme.glow_outline(surface, chip.inflate(4, 4), radius=16, width=self.glow_width(target))
