"""Widgets that pygame-gui does not have, shared by several scenes (the load screen and the
statistics so far), and the app's own push buttons.

`Scroller` scrolls content taller than its window: the mouse wheel, a bar beside it with a
thumb to drag, and `show()` for the keyboard. `ConfirmButton` asks "Really …?" before a step
that cannot be undone.
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from collections.abc import Callable

import pygame

from game import assets
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


# ---- the app's own push buttons -------------------------------------------------------------

@lru_cache(maxsize=8)
def button_style(kind: str = "") -> dict[str, Any]:
    """The look the theme file gives pygame-gui's buttons of `kind` ("", "primary", "big"):
    its colours by state, type size and weight, corner radius and border, merged as pygame-gui
    merges them (defaults, then "button", then "@kind")."""
    data = json.loads(assets.package_data("ui", "theme.json").read_text(encoding="utf-8"))
    blocks = [data.get("defaults", {}), data.get("button", {})]
    if kind:
        blocks.append(data.get(f"@{kind}", {}))
    colours: dict[str, str] = {}
    font: dict[str, str] = {}
    misc: dict[str, str] = {}
    for block in blocks:
        colours.update(block.get("colours", {}))
        font.update(block.get("font", {}))
        misc.update(block.get("misc", {}))
    return {"colours": {k: pygame.Color(v) for k, v in colours.items()},
            "size": int(font.get("size", theme.SIZE_BODY)), "bold": font.get("bold", "0") == "1",
            "radius": int(misc.get("shape_corner_radius", "8")), "border": int(misc.get("border_width", "2")),
            "tooltip_delay": float(misc.get("tool_tip_delay", "0.6"))}


class Button:
    """A push button the app draws itself, in the look the theme file gives pygame-gui's (its
    normal, hovered, held and disabled colours, type and corners). The main menu's buttons are
    these, so that the menu's first frame needs no pygame-gui (importing it and building its
    manager and buttons was about half of the time from start to that frame)."""

    def __init__(self, rect: tuple[int, int, int, int] | pygame.Rect, text: str, *, kind: str = "",
                 tooltip: str | None = None, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.kind = kind
        self.tool_tip_text = tooltip
        self.is_enabled = enabled
        self.hovered = False
        self.held = False

    def enable(self) -> None:
        self.is_enabled = True

    def disable(self) -> None:
        self.is_enabled = False
        self.held = False

    @property
    def state(self) -> str:
        if not self.is_enabled:
            return "disabled"
        if self.held:
            return "active"
        return "hovered" if self.hovered else "normal"

    def draw(self, surface: pygame.Surface) -> None:
        style = button_style(self.kind)
        colours, state = style["colours"], self.state
        radius = style["radius"]
        pygame.draw.rect(surface, colours[f"{state}_bg"], self.rect, border_radius=radius)
        if style["border"]:
            pygame.draw.rect(surface, colours[f"{state}_border"], self.rect, style["border"], border_radius=radius)
        label = theme.text(self.text, style["size"], tuple(colours[f"{state}_text"]), bold=style["bold"])
        surface.blit(label, label.get_rect(center=self.rect.center))


class ButtonSet:
    """Named `Button`s of one scene: pointer and click handling (a press counts when the button
    is released over the button it went down on, as in pygame-gui), their tooltips after the
    theme's delay, and what to redraw. `pressed(name)` is called for a click."""

    def __init__(self, invalidate: Callable[[pygame.Rect], None], pressed: Callable[[str], None]) -> None:
        self.buttons: dict[str, Button] = {}
        self._invalidate = invalidate
        self._pressed = pressed
        self._hover: str | None = None
        self._hover_for = 0.0
        self._tip: pygame.Rect | None = None    # where a tooltip is drawn, while it is

    def add(self, name: str, button: Button) -> Button:
        self.buttons[name] = button
        return button

    def __getitem__(self, name: str) -> Button:
        return self.buttons[name]

    def set_enabled(self, name: str, on: bool) -> None:
        button = self.buttons[name]
        if button.is_enabled != on:
            button.enable() if on else button.disable()
            self._invalidate(button.rect)

    def _at(self, pos: tuple[int, int]) -> str | None:
        return next((name for name, b in self.buttons.items() if b.rect.collidepoint(pos)), None)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was the buttons' (a press or release on one)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover(self._at(event.pos))
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            name = self._at(event.pos)
            if name is None or not self.buttons[name].is_enabled:
                return name is not None
            self.hover(name)
            self.buttons[name].held = True
            self._invalidate(self.buttons[name].rect)
            self._hide_tip()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            held = next((name for name, b in self.buttons.items() if b.held), None)
            if held is None:
                return False
            self.buttons[held].held = False
            self._invalidate(self.buttons[held].rect)
            if self._at(event.pos) == held and self.buttons[held].is_enabled:
                self._pressed(held)
            return True
        return False

    def hover(self, name: str | None) -> None:
        """The pointer is over button `name` (None: over none, or gone from the window)."""
        if name == self._hover:
            return
        for old_or_new in (self._hover, name):
            if old_or_new is not None:
                self.buttons[old_or_new].hovered = old_or_new == name
                self._invalidate(self.buttons[old_or_new].rect)
        self._hover, self._hover_for = name, 0.0
        self._hide_tip()

    def _hide_tip(self) -> None:
        if self._tip is not None:
            self._invalidate(self._tip)
            self._tip = None

    def waiting_for_tip(self) -> bool:
        """True while a tooltip is due (the scene asks for frames until it shows)."""
        return (self._hover is not None and self._tip is None
                and bool(self.buttons[self._hover].tool_tip_text))

    def update(self, dt: float) -> None:
        if not self.waiting_for_tip():
            return
        self._hover_for += dt
        button = self.buttons[self._hover]  # type: ignore[index]
        if self._hover_for >= button_style(button.kind)["tooltip_delay"] and not button.held:
            self._tip = theme.tooltip_rect(button.tool_tip_text or "", button.rect)
            self._invalidate(self._tip)

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons.values():
            button.draw(surface)
        if self._tip is not None and self._hover is not None:
            button = self.buttons[self._hover]
            self._tip = theme.draw_tooltip(surface, button.tool_tip_text or "", button.rect)
