"""The pass-the-device curtain: between two people at one screen, the board stays hidden until
the next person says they are the one looking."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.icons import icon
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.app import App
    from game.table.frame import GameScene


class CurtainScene(Scene):
    opaque = True   # nothing of the board shows through

    def __init__(self, app: App, game: GameScene, seat: int) -> None:
        super().__init__(app)
        self.game = game
        self.seat = seat
        self.name = game.session.seats[seat].name
        self.colour = game.session.seats[seat].colour
        turn = game.turn   # what the table asks of this seat, in the table's own words
        self.asked = game.decision_words(turn.decision) if turn.seat == seat else ""
        self.ready = self.button((760, 700, 400, 72), f"I am {self.name}: show my cards", kind="primary")
        app.sound.play("turn")

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if getattr(event, "ui_element", None) is self.ready:
            self.lift()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            self.lift()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(self.app.scene("pause", self.game, hide_board=True))
            return True
        return False

    def lift(self) -> None:
        self.close()
        self.game.curtain_lifted(self.seat)

    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.BG)
        colour = theme.seat_colour(self.colour)
        pygame.draw.rect(canvas, colour, (0, 0, 1920, 12))
        eye = icon("ui_eye_off", 120, theme.TEXT_DIM)
        canvas.blit(eye, eye.get_rect(center=(960, 300)))
        theme.draw_seat_badge(canvas, self.colour, (960, 450), 56)
        theme.draw_text(canvas, f"Pass the mouse to {self.name}", (960, 540), theme.SIZE_TITLE + 8,
                        bold=True, anchor="center")
        if self.asked:
            theme.draw_text(canvas, f"Your turn: {self.asked}", (960, 590), theme.SIZE_BODY, theme.HIGHLIGHT,
                            anchor="center")
        theme.draw_text(canvas, "The board is hidden so that nobody sees another player's cards.",
                        (960, 626), theme.SIZE_BODY, theme.TEXT_DIM, anchor="center")
        theme.draw_text(canvas, "Click the button (or press Space) when you are ready.", (960, 662),
                        theme.SIZE_BODY, theme.TEXT_DIM, anchor="center")
