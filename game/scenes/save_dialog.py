"""The save dialog: name the current game and write it to the saves folder.

The name becomes the file name (letters, digits, spaces, - and _ only, never a name Windows
refuses); the write is atomic, and the dialog asks before it replaces another save.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core import paths
from game.ui import theme
from game.ui.scene import Overlay

if TYPE_CHECKING:
    from game.app import App
    from game.core.session import Session

BOX = pygame.Rect(480, 320, 960, 430)
#: names Windows will not take as a file name, whatever the extension
RESERVED_NAMES = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                  *(f"LPT{i}" for i in range(1, 10))}
CLOSE_AFTER = 1.2   # seconds "Saved as …" stays up
#: the name field's look, for this dialog's own manager: theme.json gives text entries no
#: inner padding, which puts the text against the border (better moved to theme.json)
ENTRY_THEME = {"#save_name": {"font": {"name": "noto_sans", "size": "24"},
                              "misc": {"padding": "16,8", "text_horiz_alignment_padding": "16",
                                       "shape": "rounded_rectangle", "shape_corner_radius": "8"}}}


def safe_name(name: str) -> str:
    """A file name from what the player typed: letters, digits, spaces, - and _ only."""
    kept = "".join(c for c in name if c.isalnum() or c in " -_")
    kept = " ".join(kept.split())[:80].strip()
    if kept.upper() in RESERVED_NAMES:
        kept += "_"
    return kept


def default_save_name(session: Session) -> str:
    return f"{session.spec.title} {time.strftime('%Y-%m-%d %H-%M')}"


class SaveDialog(Overlay):
    """Name the save and write it; asks before replacing a save of the same name."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.message = ""
        self.message_colour: pygame.Color = theme.TEXT_DIM
        self.armed_path: Path | None = None   # the file the player agreed to replace
        self.closing_in: float | None = None
        self.ui.get_theme().load_theme(ENTRY_THEME)
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(BOX.x + 40, BOX.y + 170, BOX.width - 80, 58), self.ui,
            object_id=pygame_gui.core.ObjectID(object_id="#save_name"),
            initial_text=default_save_name(session))
        self.entry.set_text_length_limit(60)
        # ready to type over: focused, with the whole default selected
        self.ui.set_focus_set(self.entry)
        self.entry.edit_position = len(self.entry.get_text())
        self.entry.select_range = [0, len(self.entry.get_text())]
        y = BOX.bottom - 96
        self.save_button = self.button((BOX.right - 40 - 220, y, 220, 64), "Save", kind="primary",
                                       tooltip="Write the save (Enter)")
        self.cancel_button = self.button((BOX.right - 40 - 220 - 20 - 200, y, 200, 64), "Cancel",
                                         tooltip="Close without saving (Esc)")
        self._show_target()

    # ---- saving -------------------------------------------------------------------------
    def target(self) -> Path | None:
        name = safe_name(self.entry.get_text())
        return paths.saves_dir() / f"{name}.json" if name else None

    def save(self) -> bool:
        """Write the save (asking first before replacing one); True once written."""
        if self.closing_in is not None:
            return False
        text = self.entry.get_text().strip()
        if not text:
            return self._warn("Type a name for the save.")
        try:
            path = self.target()
        except OSError as exc:   # the saves folder itself cannot be made
            return self._warn(f"Could not open the saves folder: {exc.strerror or exc}")
        if path is None:
            return self._warn("Use some letters or digits in the name.")
        if path.exists() and self.armed_path != path:
            self.armed_path = path
            self.save_button.set_text("Overwrite")
            self.app.sound.play("error")
            return self._warn(f"A save called “{path.stem}” already exists. Overwrite it?")
        old_name = self.session.name
        self.session.name = text   # shown in the load list
        try:
            self.session.save_to(path)
        except (OSError, ValueError, TypeError) as exc:
            self.session.name = old_name
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.app.sound.play("error")
            return self._warn(f"Could not save: {reason}")
        self.message = f"Saved as “{path.stem}”"
        self.message_colour = theme.GOOD
        pause = self.app.find("pause")
        if pause is not None:   # the confirmation stays in the pause menu after this closes
            pause.saved_as = path.stem  # type: ignore[attr-defined]
            pause.invalidate()
        self.closing_in = CLOSE_AFTER
        self.save_button.disable()
        self.cancel_button.disable()
        self.entry.disable()
        self.invalidate()
        return True

    def _warn(self, message: str) -> bool:
        self.message = message
        self.message_colour = theme.WARNING
        self.invalidate(BOX)
        return False

    def _show_target(self) -> None:
        """Say which file the name becomes, and forget a replace-agreement for another name."""
        try:
            path = self.target()
        except OSError as exc:
            self._warn(f"Could not open the saves folder: {exc.strerror or exc}")
            return
        if self.armed_path is not None and path != self.armed_path:
            self.armed_path = None
            self.save_button.set_text("Save")
        if path is None:
            self.message = "Use some letters or digits in the name."
            self.message_colour = theme.WARNING
        else:
            self.message = f"File: {path.name}" + ("  (exists: saving will ask first)" if path.exists() else "")
            self.message_colour = theme.TEXT_DIM
        self.invalidate(BOX)

    # ---- events -------------------------------------------------------------------------
    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_button:
                self.save()
            elif event.ui_element is self.cancel_button:
                self.close()
        elif event.ui_element is self.entry and self.closing_in is None:
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                self.save()
            elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
                self._show_target()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        elif (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
              and not self.entry.is_focused):
            self.save()
        return True   # a dialog: nothing reaches the scene below

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.closing_in is not None:
            self.closing_in -= dt
            if self.closing_in <= 0 and not self.closed:
                self.close()

    def wants_frames(self) -> bool:
        return self.closing_in is not None

    # ---- drawing ------------------------------------------------------------------------
    def draw_scene(self, canvas: pygame.Surface) -> None:
        super().draw_scene(canvas)
        theme.shadowed_panel(canvas, BOX)
        pygame.draw.rect(canvas, theme.HIGHLIGHT, (BOX.x, BOX.y, BOX.width, 6),
                         border_top_left_radius=12, border_top_right_radius=12)
        theme.draw_text(canvas, "Save this game", (BOX.x + 40, BOX.y + 34), theme.SIZE_TITLE, bold=True)
        seats = ", ".join(seat.name for seat in self.session.seats)
        about = f"{self.session.spec.title}  ·  {seats}  ·  move {len(self.session.actions)}"
        theme.draw_text(canvas, about, (BOX.x + 42, BOX.y + 92), theme.SIZE_BODY, theme.TEXT_DIM,
                        max_width=BOX.width - 84)
        theme.draw_text(canvas, "Name", (BOX.x + 42, BOX.y + 140), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
        if self.message:
            theme.draw_text(canvas, self.message, (BOX.x + 42, BOX.y + 244), theme.SIZE_BODY,
                            self.message_colour, bold=self.closing_in is not None,
                            max_width=BOX.width - 84)
