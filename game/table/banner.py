"""The banner a game scene shows while its autosave fails: that the game cannot be saved, and
why. The session tries again after every action; the banner goes as soon as a save works.

It is one more cached layer of the frame, redrawn only when the session's autosave problem
changes (`Session.autosave_problem`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme

if TYPE_CHECKING:
    from game.table.frame import GameScene

BANNER = pygame.Rect(24, 76, 1342, 68)
MAX_REASON_CHARS = 160


def banner_lines(problem: str) -> tuple[str, str]:
    """The banner's two lines: what and why, then what happens and what to do."""
    reason = problem if len(problem) <= MAX_REASON_CHARS else problem[:MAX_REASON_CHARS - 1] + "…"
    return (f"This game cannot be saved: {reason}.",
            "Journeys tries again after every move. Free some space on the disk, or make the "
            "data folder writable.")


def add_save_banner(scene: GameScene) -> None:
    """Add the banner's layer on top of the scene's others."""
    session = scene.session

    def render(surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        problem = session.autosave_problem
        if problem is None:
            return
        local = surface.get_rect()
        pygame.draw.rect(surface, (58, 30, 32, 240), local, border_radius=10)
        pygame.draw.rect(surface, theme.WARNING, local, 2, border_radius=10)
        pygame.draw.rect(surface, theme.WARNING, (local.x, local.y, 10, local.height),
                         border_top_left_radius=10, border_bottom_left_radius=10)
        what, todo = banner_lines(problem)
        theme.draw_text(surface, what, (local.x + 28, local.y + 8), theme.SIZE_SMALL, theme.TEXT,
                        bold=True, max_width=local.width - 48)
        theme.draw_text(surface, todo, (local.x + 28, local.y + 36), theme.SIZE_SMALL, theme.TEXT,
                        max_width=local.width - 48)

    scene.add_layer(BANNER, render, lambda: session.autosave_problem)
