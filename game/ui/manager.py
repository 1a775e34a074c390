"""pygame-gui on the app's logical canvas: the manager every scene with pygame-gui elements
makes (`Scene.ui`, when first asked for), sharing one theme. Imported only then: the main
menu's first frame needs none of pygame-gui."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import assets
from game.ui.render import LOGICAL_SIZE
from game.ui.scene import _shared_theme

if TYPE_CHECKING:
    from game.app import App

THEME_FILE = assets.package_data("ui", "theme.json")


class CanvasUIManager(pygame_gui.UIManager):
    """pygame-gui working on the logical canvas: mouse positions come already mapped by the
    app's viewport (events) or from the app's last known canvas position (hovering)."""

    def __init__(self, app: App) -> None:
        super().__init__(LOGICAL_SIZE, str(THEME_FILE), enable_live_theme_updates=False)
        self._app = app
        self._signature: dict[int, tuple] = {}

    def create_new_theme(self, theme_path=None):  # type: ignore[no-untyped-def]
        """The app's one theme (pygame-gui makes one a manager)."""
        if not _shared_theme:
            _shared_theme.append(super().create_new_theme(theme_path))
        return _shared_theme[0]

    def _update_mouse_position(self) -> None:
        self.mouse_position = self._app.mouse_pos

    def calculate_scaled_mouse_position(self, position):  # type: ignore[override]
        return (int(position[0]), int(position[1]))

    def sync_visibility(self) -> None:
        """Bring pygame-gui's list of what to draw up to date. The group rebuilds that list only
        in `update`, so an element made or killed after the last update (a scene pushed while
        another one updates, a button removed by a move) would otherwise be drawn as it was:
        a new button missing, a killed one left behind as a ghost."""
        group = self.get_sprite_group()
        if group.should_update_visibility:
            group.should_update_visibility = False
            group.update_visibility()

    def changed_rects(self) -> list[pygame.Rect]:
        """Rectangles of elements whose picture, place or visibility changed since last asked.

        The signature keeps the image itself, not its `id`: a freed surface's id is soon reused
        by a new one, and a changed picture would look unchanged."""
        self.sync_visibility()
        drawn = {id(data[0]) for data in self.get_sprite_group().visible}
        now: dict[int, tuple] = {}
        dirty: list[pygame.Rect] = []
        for sprite in self.get_sprite_group().sprites():
            rect = getattr(sprite, "rect", None)
            image = getattr(sprite, "image", None)
            if rect is None:
                continue
            key = (image, tuple(rect), image is not None and id(image) in drawn)
            now[id(sprite)] = key
            old = self._signature.get(id(sprite))
            if old is None or old[0] is not key[0] or old[1:] != key[1:]:
                dirty.append(pygame.Rect(rect))
                if old is not None:
                    dirty.append(pygame.Rect(old[1]))
        for sid, old in self._signature.items():
            if sid not in now:
                dirty.append(pygame.Rect(old[1]))
        self._signature = now
        return dirty

    def draw_ui(self, window_surface: pygame.Surface) -> None:
        self.sync_visibility()
        super().draw_ui(window_surface)
