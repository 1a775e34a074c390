"""The settings overlay: window size, fullscreen, volume, mute, animation speed, bot pace.

Every change applies at once and is saved at once (the file is tiny), so closing the window
right after a change loses nothing. Done or Escape close the overlay.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core import paths
from game.settings import ANIMATION_SPEEDS, WINDOW_SIZES
from game.ui import theme
from game.ui.anim import Animator
from game.ui.scene import Overlay

if TYPE_CHECKING:
    from game.app import App

PANEL = pygame.Rect(480, 76, 960, 874)
PAD = 48
ROW_TOP = PANEL.y + 168
ROW_H = 98
CONTROL_X = PANEL.x + 420                   # controls on the right, labels on the left
CONTROL_W = PANEL.right - PAD - CONTROL_X   # 492 px
CONTROL_H = 52
TOGGLE_W = 150
# The drop-down is as wide as the slider: its open list then stays clear of the volume figure.
SLIDER_W = CONTROL_W - 96
SEGMENT_GAP = 8
DONE = pygame.Rect(PANEL.right - PAD - 220, PANEL.bottom - 40 - 64, 220, 64)
#: Where the settings file is said: inside the panel, left of Done, clear of the last row
FOOTNOTE = pygame.Rect(PANEL.x + PAD, DONE.y - 8, DONE.x - 32 - (PANEL.x + PAD), DONE.height + 16)

# pygame-gui's drop-down lists rows 20 px high by default, too tight for our 22 px type. Kept
# here, not in theme.json, because only this scene has a drop-down so far.
DROP_DOWN_THEME = {
    "drop_down_menu.#drop_down_options_list": {"misc": {"list_item_height": "46"}},
}

SPEED_LABELS = {"off": "Off", "fast": "Fast", "normal": "Normal", "slow": "Slow"}

#: (key, label, hint) for each row, top to bottom
ROWS = (
    ("window", "Window size", "Used when not in fullscreen"),
    ("fullscreen", "Fullscreen", "F11 switches it any time"),
    ("volume", "Volume", "Sound effects"),
    ("mute", "Mute", "Silence every sound"),
    ("animation", "Animations", "How fast cards and pieces move"),
    ("bot_pace", "Bot pace", "How long bots pause so you can follow"),
)


def size_label(size: tuple[int, int]) -> str:
    """A window size as shown in the list: "1280 × 720"."""
    return f"{size[0]} \u00d7 {size[1]}"


def short_path(path: Path | str, size: int, width: int) -> str:
    """`path` as a person reads it in `width` pixels: the home folder as "~", and when still
    too long, the folders in the middle as "…" (the start and the file's own name stay)."""
    text = str(path)
    home = str(Path.home())
    if home not in ("", "/", ".") and (text == home or text.startswith(home.rstrip("\\/") + os.sep)):
        text = "~" + text[len(home.rstrip("\\/")):]
    font = theme.font(size)
    if font.size(text)[0] <= width:
        return text
    sep = os.sep if os.sep in text else "/"
    parts = text.split(sep)
    head, tail = parts[:1], parts[1:]
    # drop folders after the first, nearest the start first, until the rest fits
    while len(tail) > 1:
        tail = tail[1:]
        trial = sep.join(head + ["\u2026"] + tail)
        if font.size(trial)[0] <= width:
            return trial
    return theme.fit_text(sep.join(["\u2026"] + tail), size, width)


def row_y(key: str) -> int:
    """The top of the row `key` on the canvas."""
    index = next(i for i, row in enumerate(ROWS) if row[0] == key)
    return ROW_TOP + index * ROW_H


class SettingsScene(Overlay):
    """A centred panel of settings over the dimmed scene below."""

    dim_alpha = 190

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.message = ""                 # a failed save, in the warning colour
        self._close_anyway = False        # Done pressed again after a failed save

        self.ui.get_theme().load_theme(DROP_DOWN_THEME)
        # window size: the usual sizes, plus the current one if it is unusual (edited file)
        self.sizes: dict[str, tuple[int, int]] = {size_label(s): tuple(s) for s in WINDOW_SIZES}
        current = size_label(tuple(settings.window_size))
        if current not in self.sizes:
            self.sizes[current] = tuple(settings.window_size)
        self.window_menu = pygame_gui.elements.UIDropDownMenu(
            list(self.sizes), current,
            pygame.Rect(CONTROL_X, self._control_top("window"), SLIDER_W, CONTROL_H), self.ui)

        self.fullscreen_button = self.button(
            (CONTROL_X, self._control_top("fullscreen"), TOGGLE_W, CONTROL_H), "",
            tooltip="Fill the whole screen (F11)")
        self.volume_slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(CONTROL_X, self._control_top("volume") + 4, SLIDER_W, CONTROL_H - 8),
            round(settings.volume * 100), (0, 100), self.ui, click_increment=5)
        self.mute_button = self.button((CONTROL_X, self._control_top("mute"), TOGGLE_W, CONTROL_H), "",
                                       tooltip="Turn every sound off or on")
        self.speed_buttons = self._segments("animation")
        self.pace_buttons = self._segments("bot_pace")
        self.done_button = self.button(DONE, "Done", kind="primary",
                                       tooltip="Keep these settings and close (Esc)")
        self._refresh()

    def _control_top(self, key: str) -> int:
        return row_y(key) + 6

    def _segments(self, key: str) -> dict[str, pygame_gui.elements.UIButton]:
        """One button per speed, side by side; the chosen one is marked."""
        width = (CONTROL_W - SEGMENT_GAP * (len(ANIMATION_SPEEDS) - 1)) // len(ANIMATION_SPEEDS)
        buttons = {}
        for i, speed in enumerate(ANIMATION_SPEEDS):
            rect = (CONTROL_X + i * (width + SEGMENT_GAP), self._control_top(key), width, CONTROL_H)
            buttons[speed] = self.button(rect, SPEED_LABELS.get(speed, speed.title()))
        return buttons

    # ---- showing the state ----------------------------------------------------------------
    def _refresh(self) -> None:
        """Make every control show what the settings say now."""
        settings = self.app.settings
        self._show_toggle(self.fullscreen_button, settings.fullscreen)
        self._show_toggle(self.mute_button, settings.muted)
        for chosen, buttons in ((settings.animation_speed, self.speed_buttons),
                                (settings.bot_pace, self.pace_buttons)):
            for speed, button in buttons.items():
                if speed == chosen:
                    button.select()
                else:
                    button.unselect()
        self.invalidate()

    @staticmethod
    def _show_toggle(button: pygame_gui.elements.UIButton, on: bool) -> None:
        text = "On" if on else "Off"
        if button.text != text:
            button.set_text(text)
        if on:
            button.select()
        else:
            button.unselect()

    # ---- changing the settings ------------------------------------------------------------
    def set_window_size(self, size: tuple[int, int]) -> None:
        self.app.set_window_size(tuple(size))
        self._changed()

    def set_fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)
        self._changed()

    def set_volume(self, percent: float) -> None:
        percent = min(100, max(0, int(round(percent))))
        self.app.settings.volume = percent / 100
        self.app.sound.set_volume(percent / 100)
        self.app.sound.play("click")      # so the player hears the new level
        self._changed()

    def set_muted(self, muted: bool) -> None:
        self.app.settings.muted = muted
        self.app.sound.set_muted(muted)
        if not muted:
            self.app.sound.play("click")
        self._changed()

    def set_animation_speed(self, speed: str) -> None:
        self.app.settings.animation_speed = speed
        # Scenes below keep their own animator: let them move at the new speed at once.
        for scene in self.app.scenes:
            anim = getattr(scene, "anim", None)
            if isinstance(anim, Animator):
                anim.speed = self.app.animation_speed
        self._changed()

    def set_bot_pace(self, pace: str) -> None:
        self.app.settings.bot_pace = pace   # the game scene reads it before each bot move
        self._changed()

    def _changed(self) -> None:
        self._refresh()
        self.save()

    def save(self) -> bool:
        """Write the settings file; on failure say so (the changes still hold this session)."""
        try:
            self.app.settings.save()
        except OSError as exc:
            self.message = f"Could not save the settings: {exc.strerror or exc}"
            self.invalidate()
            return False
        if self.message:
            self.message = ""
            self.invalidate()
        self._close_anyway = False
        return True

    def done(self) -> None:
        """Save and close; if saving failed, stay once so the player sees why."""
        if self.save() or self._close_anyway:
            self.close()
        else:
            self._close_anyway = True

    # ---- events ---------------------------------------------------------------------------
    def on_ui_event(self, event: pygame.event.Event) -> None:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.window_menu:
            size = self.sizes.get(event.text)
            if size is not None and tuple(size) != tuple(self.app.settings.window_size):
                self.set_window_size(size)
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and element is self.volume_slider:
            self.set_volume(event.value)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if element is self.done_button:
                self.done()
            elif element is self.fullscreen_button:
                self.set_fullscreen(not self.app.settings.fullscreen)
            elif element is self.mute_button:
                self.set_muted(not self.app.settings.muted)
            else:
                for speed, button in self.speed_buttons.items():
                    if element is button:
                        self.set_animation_speed(speed)
                for pace, button in self.pace_buttons.items():
                    if element is button:
                        self.set_bot_pace(pace)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.done()
        return True   # a modal overlay: nothing reaches the scene below

    def update(self, dt: float) -> None:
        super().update(dt)
        # F11 (handled by the app) may switch fullscreen while this panel is open.
        if self.fullscreen_button.text != ("On" if self.app.settings.fullscreen else "Off"):
            self._refresh()

    def wants_frames(self) -> bool:
        """While a slider arrow is held down: the value keeps moving without any new event."""
        slider = self.volume_slider
        return any(button is not None and button.held
                   for button in (slider.left_button, slider.right_button))

    # ---- drawing --------------------------------------------------------------------------
    def draw_scene(self, canvas: pygame.Surface) -> None:
        super().draw_scene(canvas)
        theme.shadowed_panel(canvas, PANEL, theme.BG, radius=14)
        pygame.draw.rect(canvas, theme.LINE, PANEL, 1, border_radius=14)
        pygame.draw.rect(canvas, theme.HIGHLIGHT, (PANEL.x, PANEL.y, PANEL.width, 8),
                         border_top_left_radius=14, border_top_right_radius=14)
        theme.draw_text(canvas, "Settings", (PANEL.x + PAD, PANEL.y + 40), theme.SIZE_TITLE, bold=True)
        theme.draw_text(canvas, "Changes apply at once", (PANEL.x + PAD, PANEL.y + 94),
                        theme.SIZE_SMALL, theme.TEXT_DIM)
        for i, (key, label, hint) in enumerate(ROWS):
            y = row_y(key)
            if i:
                pygame.draw.line(canvas, theme.PANEL_LIGHT, (PANEL.x + PAD, y - 20),
                                 (PANEL.right - PAD, y - 20))
            theme.draw_text(canvas, label, (PANEL.x + PAD, y + 2), theme.SIZE_BODY, bold=True)
            theme.draw_text(canvas, hint, (PANEL.x + PAD, y + 34), theme.SIZE_SMALL, theme.TEXT_DIM,
                            max_width=CONTROL_X - PANEL.x - PAD - 24)
        volume = round(self.app.settings.volume * 100)
        slider = self.volume_slider.rect
        theme.draw_text(canvas, f"{volume} %", (PANEL.right - PAD, slider.centery), theme.SIZE_BODY,
                        theme.TEXT_DIM if self.app.settings.muted else theme.TEXT, bold=True,
                        anchor="midright")
        self._draw_footnote(canvas)

    def _draw_footnote(self, canvas: pygame.Surface) -> None:
        """Where the settings live (or why saving failed), inside the panel left of Done:
        the path on its own line, shortened from the middle when it is too long."""
        box = FOOTNOTE
        if self.message:
            theme.draw_paragraph(canvas, self.message, box, theme.SIZE_SMALL, theme.WARNING)
            return
        line_h = theme.font(theme.SIZE_SMALL).get_linesize()
        top = box.centery - line_h
        theme.draw_text(canvas, "Settings are kept in", (box.x, top), theme.SIZE_SMALL, theme.TEXT_DIM)
        theme.draw_text(canvas, short_path(paths.settings_path(), theme.SIZE_SMALL, box.width),
                        (box.x, top + line_h), theme.SIZE_SMALL, theme.TEXT_DIM)
