"""Widgets that pygame-gui does not have, shared by several scenes (the load screen and the
statistics so far).

`Scroller` scrolls content taller than its window: the mouse wheel, a bar beside it with a
thumb to drag, and `show()` for the keyboard. `ConfirmButton` asks "Really …?" before a step
that cannot be undone.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING
from collections.abc import Callable

import pygame

from game.ui import theme

if TYPE_CHECKING:
    from game.ui.scene import Scene


class Scroller:
    """Vertical scrolling for content taller than its window: the mouse wheel over the window,
    a bar beside it (drag the thumb, click the track to page) and `show()` for the keyboard."""

    BAR_W = 10
    BAR_GAP = 12
    FADE = 28      # px of soft edge where content runs under the window's border

    def __init__(self, view: pygame.Rect, content_height: int = 0, step: int = 72) -> None:
        self.view = pygame.Rect(view)
        self.content_height = content_height
        self.step = step
        self.offset = 0
        self._grab: int | None = None   # where the thumb was grabbed, while dragging

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.view.height)

    @property
    def needed(self) -> bool:
        return self.max_offset > 0

    @property
    def area(self) -> pygame.Rect:
        """The window and its bar: what to redraw when the offset changes."""
        return self.view.union(self.track_rect()).inflate(8, 8)

    def set_content_height(self, height: int) -> None:
        self.content_height = max(0, height)
        self.scroll_to(self.offset)

    def scroll_to(self, offset: float) -> bool:
        """Move to `offset` (clamped); True when it moved."""
        new = int(min(max(0, offset), self.max_offset))
        moved = new != self.offset
        self.offset = new
        return moved

    def scroll_by(self, dy: float) -> bool:
        return self.scroll_to(self.offset + dy)

    def show(self, top: int, bottom: int) -> bool:
        """Scroll just enough that content rows `top`..`bottom` are in the window."""
        if top < self.offset:
            return self.scroll_to(top)
        if bottom > self.offset + self.view.height:
            return self.scroll_to(bottom - self.view.height)
        return False

    def track_rect(self) -> pygame.Rect:
        return pygame.Rect(self.view.right + self.BAR_GAP, self.view.y, self.BAR_W, self.view.height)

    def thumb_rect(self) -> pygame.Rect | None:
        if not self.needed:
            return None
        track = self.track_rect()
        height = max(48, int(track.height * self.view.height / max(1, self.content_height)))
        travel = track.height - height
        y = track.y + int(travel * self.offset / self.max_offset)
        return pygame.Rect(track.x, y, track.width, height)

    def handle(self, event: pygame.event.Event, mouse_pos: tuple[int, int]) -> bool:
        """Wheel, drag and track clicks; True when the event was about scrolling."""
        if event.type == pygame.MOUSEWHEEL:
            if self.view.collidepoint(mouse_pos) or self.track_rect().inflate(16, 0).collidepoint(mouse_pos):
                self.scroll_by(-getattr(event, "y", 0) * self.step)
                return True
            return False
        thumb = self.thumb_rect()
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1 and thumb:
            # a generous hit area: the bar is thin
            if thumb.inflate(16, 0).collidepoint(event.pos):
                self._grab = event.pos[1] - thumb.y
                return True
            if self.track_rect().inflate(16, 0).collidepoint(event.pos):
                page = self.view.height - self.step
                self.scroll_by(page if event.pos[1] > thumb.centery else -page)
                return True
        if event.type == pygame.MOUSEMOTION and self._grab is not None and thumb:
            track = self.track_rect()
            travel = max(1, track.height - thumb.height)
            self.scroll_to((event.pos[1] - self._grab - track.y) / travel * self.max_offset)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._grab is not None:
            self._grab = None
            return True
        return False

    def draw(self, surface: pygame.Surface, background: pygame.Color = theme.BG, margin: int = 0) -> None:
        """The bar, and soft edges where content runs on past the window (there is more to see).
        `margin`: how far past the window the content was allowed to draw."""
        for at_top, more in ((True, self.offset > 0), (False, self.offset < self.max_offset)):
            if more:
                fade = _fade(self.view.width + 2 * margin, self.FADE + margin, tuple(background)[:3], at_top)
                y = self.view.top - margin if at_top else self.view.bottom - self.FADE
                surface.blit(fade, (self.view.x - margin, y))
        thumb = self.thumb_rect()
        if thumb is None:
            return
        pygame.draw.rect(surface, theme.PANEL, self.track_rect(), border_radius=self.BAR_W // 2)
        colour = theme.HIGHLIGHT if self._grab is not None else theme.LINE.lerp(theme.TEXT_DIM, 0.45)
        pygame.draw.rect(surface, colour, thumb, border_radius=self.BAR_W // 2)


@lru_cache(maxsize=16)
def _fade(width: int, height: int, colour: tuple[int, int, int], at_top: bool) -> pygame.Surface:
    """A strip going from `colour` to transparent (downwards when `at_top`)."""
    strip = pygame.Surface((width, height), pygame.SRCALPHA)
    for i in range(height):
        t = i / max(1, height - 1)
        alpha = round(240 * ((1 - t) if at_top else t))
        pygame.draw.line(strip, (*colour, alpha), (0, i), (width, i))
    return strip


class ConfirmButton:
    """A button for a step that cannot be undone: the first press asks ("Really …?", with a
    warning outline), the second acts. It calms down by itself after a few seconds."""

    PATIENCE = 5.0   # seconds the question stays up

    def __init__(self, scene: Scene, rect: tuple[int, int, int, int], label: str, question: str,
                 *, tooltip: str | None = None, on_calm: Callable[[], None] | None = None) -> None:
        self.scene = scene
        self.label = label
        self.question = question
        self.on_calm = on_calm     # called when the question goes away unanswered
        self.element = scene.button(rect, label, tooltip=tooltip)
        self.armed = False
        self._left = 0.0

    def press(self) -> bool:
        """The button was pressed: True when this press confirms (act now)."""
        if self.armed:
            self.armed = False
            self.element.set_text(self.label)
            self.scene.invalidate(self.mark_rect)
            return True
        self.armed = True
        self._left = self.PATIENCE
        self.element.set_text(self.question)
        self.scene.invalidate(self.mark_rect)
        self.scene.app.sound.play("error")   # the soft "careful" sound
        return False

    def disarm(self) -> None:
        """Take the question back (time ran out, or the player turned to something else)."""
        if self.armed:
            self.armed = False
            self.element.set_text(self.label)
            self.scene.invalidate(self.mark_rect)
            if self.on_calm is not None:
                self.on_calm()

    def update(self, dt: float) -> None:
        if self.armed:
            self._left -= dt
            if self._left <= 0:
                self.disarm()

    @property
    def mark_rect(self) -> pygame.Rect:
        return self.element.rect.inflate(24, 24)

    def draw_mark(self, surface: pygame.Surface) -> None:
        """The warning outline while the question is up (drawn under the button)."""
        if self.armed:
            theme.glow_outline(surface, self.element.rect.inflate(8, 8), theme.WARNING, radius=14, width=3)

    def set_enabled(self, on: bool) -> None:
        if on and not self.element.is_enabled:
            self.element.enable()
        elif not on and self.element.is_enabled:
            self.disarm()
            self.element.disable()
