"""Scenes: what the app shows, stacked (menu -> setup -> game -> results, overlays on top).

A scene handles events (already mapped to the 1920x1080 canvas), updates with the time
since the last frame, and draws the whole canvas when asked. It tells the app what changed
(`take_dirty`), so only that is scaled into the window, and whether it needs frames at all
(`wants_frames`): an idle scene lets the app sleep until the next event.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Callable

import pygame

from game.ui import theme

if TYPE_CHECKING:
    import pygame_gui

    from game.app import App
    from game.ui.manager import CanvasUIManager

#: the theme every scene's manager reads, made by the first (its fonts and pictures loaded
#: once): a manager that made its own took 20 ms and 8 MB, and a game's stack holds several
_shared_theme: list[Any] = []


def forget_shared_theme() -> None:
    """A new App (after pygame has quit): the shared theme's fonts belong to the old one."""
    _shared_theme.clear()


class Scene:
    """Base of every scene. Subclasses override `draw_scene`, `handle_event`, `on_ui_event`."""

    opaque = True          # hides the scenes below it
    modal = True           # events stop here
    route = ""             # the name App.scene made it by ("menu", "pause"...), if it did
    releases_memory = False   # when it closes, the app empties the caches (a game's table)

    def __init__(self, app: App) -> None:
        self.app = app
        self._ui: CanvasUIManager | None = None
        self._full = True
        self._dirty: list[pygame.Rect] = []
        self.closed = False

    @property
    def ui(self) -> CanvasUIManager:
        """The scene's pygame-gui manager, made when first asked for: a scene without pygame-gui
        elements (the main menu) never imports pygame-gui, so the first frame comes sooner."""
        if self._ui is None:
            from game.ui.manager import CanvasUIManager
            self._ui = CanvasUIManager(self.app)
        return self._ui

    # ---- life cycle -----------------------------------------------------------------------
    def on_enter(self) -> None: ...
    def on_exit(self) -> None: ...
    def on_resume(self) -> None:
        """Back on top after the scene above it closed."""
        self.invalidate()

    # ---- events ---------------------------------------------------------------------------
    def on_pointer_left(self) -> None:
        """The pointer left the window: hovers end (pygame-gui's too, with its tooltips)."""
        self.invalidate()

    def handle(self, event: pygame.event.Event) -> bool:
        """Give the event to pygame-gui first (when the scene has its elements), then to the scene."""
        if self._ui is None:
            return self.handle_event(event)
        import pygame_gui
        consumed = self._ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.sound.play("click")
        if event.type in (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                          pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED,
                          pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                          pygame_gui.UI_TEXT_BOX_LINK_CLICKED, pygame_gui.UI_WINDOW_CLOSE):
            self.on_ui_event(event)
            return True
        if consumed:
            return True
        return self.handle_event(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def on_ui_event(self, event: pygame.event.Event) -> None: ...

    # ---- frames ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self._ui is not None:
            self._ui.update(dt)

    def wants_frames(self) -> bool:
        """True while something moves or waits on a timer."""
        return False

    def invalidate(self, rect: pygame.Rect | None = None) -> None:
        if rect is None:
            self._full = True
        else:
            self._dirty.append(pygame.Rect(rect))

    def take_dirty(self) -> list[pygame.Rect] | None:
        """What changed since the last frame: None means everything, [] nothing."""
        ui_rects = self._ui.changed_rects() if self._ui is not None else []
        if self._full:
            self._full = False
            self._dirty = []
            return None
        rects = self._dirty + ui_rects
        self._dirty = []
        return rects

    def draw(self, canvas: pygame.Surface) -> None:
        self.draw_scene(canvas)
        if self._ui is not None:
            self._ui.draw_ui(canvas)

    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.BG)

    # ---- helpers ----------------------------------------------------------------------------
    def button(self, rect: tuple[int, int, int, int] | pygame.Rect, text: str, *, kind: str = "",
               tooltip: str | None = None, enabled: bool = True) -> pygame_gui.elements.UIButton:
        import pygame_gui
        button = pygame_gui.elements.UIButton(
            pygame.Rect(rect), text, self.ui, tool_tip_text=tooltip,
            object_id=pygame_gui.core.ObjectID(object_id=f"@{kind}" if kind else None,
                                               class_id=None))
        if not enabled:
            button.disable()
        check_fits(button, text)
        return button

    def press_named(self, event: pygame.event.Event, buttons: dict[str, Any]) -> bool:
        """If `event` pressed one of `buttons` (name -> button), call `self.do_<name>()`."""
        import pygame_gui
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for name, button in buttons.items():
            if event.ui_element is button:
                getattr(self, f"do_{name}")()
                return True
        return False

    def close(self) -> None:
        """Take this scene off the stack."""
        self.app.remove(self)


class Overlay(Scene):
    """A dialog drawn over the scene below, which shows through dimmed."""

    opaque = False
    dim_alpha = 170

    _veil: pygame.Surface | None = None

    def draw_scene(self, canvas: pygame.Surface) -> None:
        if self._veil is None or self._veil.get_size() != canvas.get_size():
            self._veil = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
            self._veil.fill((8, 10, 12, self.dim_alpha))
        canvas.blit(self._veil, (0, 0))


Callback = Callable[[], Any]


def check_fits(button: Any, text: str) -> None:
    """Note a button label wider than its button (pygame-gui would clip it) in theme.CUTS."""
    if theme.CUTS is None:
        return
    try:
        width = button.font.size(text)[0]
    except Exception:
        return
    if width + 12 > button.rect.width:
        theme.note_cut(text)
