"""What the player sees when something unexpected happened: what, and how to go on."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.log import log_path
from game.core.saves import WRITER
from game.scenes.savelist import continue_choice
from game.ui import theme
from game.ui.scene import Overlay

if TYPE_CHECKING:
    from game.app import App

BOX = pygame.Rect(460, 300, 1000, 460)


class ErrorScene(Overlay):
    def __init__(self, app: App, exc: BaseException) -> None:
        super().__init__(app)
        self.summary = f"{type(exc).__name__}: {exc}"[:300]
        # the game just played autosaved last, so it is the newest unfinished one
        WRITER.flush(timeout=2.0)
        self.choice = continue_choice()
        self.resume = self.button((BOX.x + 40, BOX.bottom - 100, 400, 64), "Continue from autosave",
                                  kind="primary", enabled=self.choice.row is not None,
                                  tooltip=self.choice.line)
        self.menu = self.button((BOX.x + 460, BOX.bottom - 100, 230, 64), "Main menu")
        self.quit = self.button((BOX.x + 710, BOX.bottom - 100, 250, 64), "Quit")
        app.sound.play("error")

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.resume:
            self.close()
            menu = self.app.top
            if menu is not None and hasattr(menu, "do_continue"):
                menu.do_continue()
        elif event.ui_element is self.menu:
            self.close()
        elif event.ui_element is self.quit:
            self.app.quit()

    def draw_scene(self, canvas: pygame.Surface) -> None:
        super().draw_scene(canvas)
        theme.shadowed_panel(canvas, BOX)
        pygame.draw.rect(canvas, theme.WARNING, (BOX.x, BOX.y, BOX.width, 8),
                         border_top_left_radius=12, border_top_right_radius=12)
        theme.draw_text(canvas, "Something unexpected happened", (BOX.x + 40, BOX.y + 40),
                        theme.SIZE_TITLE, bold=True)
        if self.choice.row is not None:
            going_on = f"Continue from autosave opens {self.choice.line}."
        else:
            going_on = "There is no autosave to continue from."
        body = (f"Journeys caught it before it could close the window. {going_on} "
                f"The details are kept in {log_path()}.")
        theme.draw_paragraph(canvas, body, pygame.Rect(BOX.x + 40, BOX.y + 110, BOX.width - 80, 130),
                             theme.SIZE_BODY)
        theme.draw_paragraph(canvas, self.summary, pygame.Rect(BOX.x + 40, BOX.y + 250, BOX.width - 80, 90),
                             theme.SIZE_SMALL, theme.TEXT_DIM)
