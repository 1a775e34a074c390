"""The pause menu over a game: resume, save, rules, settings, main menu, quit."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui import theme
from game.ui.scene import Overlay

if TYPE_CHECKING:
    from game.app import App
    from game.table.frame import GameScene

PANEL = pygame.Rect(710, 190, 500, 700)


class PauseScene(Overlay):
    def __init__(self, app: App, game: GameScene, hide_board: bool = False) -> None:
        super().__init__(app)
        self.game = game
        if hide_board:
            self.opaque = True   # opened from the curtain: still hide the board
        self.saved_as = ""   # the name of a save just written from here (the save dialog says)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        entries = (("resume", "Resume", "primary"), ("save", "Save game", "big"), ("rules", "Rules", "big"),
                   ("settings", "Settings", "big"), ("menu", "Main menu", "big"), ("quit", "Quit", "big"))
        for i, (key, label, kind) in enumerate(entries):
            self.buttons[key] = self.button((PANEL.x + 50, PANEL.y + 120 + i * 90, PANEL.width - 100, 68),
                                            label, kind=kind)

    def on_ui_event(self, event: pygame.event.Event) -> None:
        self.press_named(event, self.buttons)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.do_resume()
            return True
        return False

    def do_resume(self) -> None:
        self.close()

    def do_save(self) -> None:
        self.app.push(self.app.scene("save_dialog", self.game.session))

    def do_rules(self) -> None:
        self.app.push(self.app.scene("rules", self.game.spec.id))

    def do_settings(self) -> None:
        self.app.push(self.app.scene("settings"))

    def do_menu(self) -> None:
        """Back to the main menu; the autosave lets Continue pick the game up again."""
        self.app.reset_to(self.app.scene("menu"))

    def do_quit(self) -> None:
        self.app.quit()

    def draw_scene(self, canvas: pygame.Surface) -> None:
        if self.opaque:
            canvas.fill(theme.BG)
        else:
            super().draw_scene(canvas)
        theme.shadowed_panel(canvas, PANEL)
        theme.draw_text(canvas, "Paused", (PANEL.centerx, PANEL.y + 60), theme.SIZE_TITLE, bold=True,
                        anchor="center")
        if self.saved_as:
            note, colour = f"Saved as “{self.saved_as}”", theme.GOOD
        elif self.game.session.autosave_ok:
            note, colour = "Your game is saved after every move.", theme.TEXT_DIM
        else:
            note, colour = "This game cannot be saved right now.", theme.WARNING
        theme.draw_text(canvas, note, (PANEL.centerx, PANEL.bottom - 30), theme.SIZE_SMALL, colour,
                        anchor="center", max_width=PANEL.width - 40)
