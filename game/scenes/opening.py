"""Opening a saved game of very many moves: the moves are replayed on a worker thread while
this dialog shows how far it has come, so the window never freezes; Escape stops it and leaves
everything as it was. A save of an ordinary length opens at once, without it."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.saves import SaveError
from game.core.session import Session
from game.ui import theme
from game.ui.scene import Overlay

if TYPE_CHECKING:
    from game.app import App

PANEL = pygame.Rect(560, 400, 800, 240)
BAR = pygame.Rect(PANEL.x + 50, PANEL.y + 130, PANEL.width - 100, 22)


class OpeningScene(Overlay):
    """`opened(session)` or `failed(reason)` is called on `owner` (the menu) when done."""

    def __init__(self, app: App, owner: Any, path: Path, data: dict[str, Any], autosave_path: Path | None) -> None:
        super().__init__(app)
        self.owner = owner
        self.total = max(1, len(data.get("actions") or ()))
        self.done = 0
        self.stop = threading.Event()
        self.result: Session | BaseException | None = None
        self._shown = -1
        self._worker = threading.Thread(target=self._replay, args=(path, data, autosave_path),
                                        name="journeys-open", daemon=True)
        self._worker.start()

    def _replay(self, path: Path, data: dict[str, Any], autosave_path: Path | None) -> None:
        try:
            self.result = Session.load(path, autosave_path=autosave_path, data=data, progress=self._progress)
        except BaseException as exc:   # handed to the window's thread, which says it
            self.result = exc

    def _progress(self, done: int, total: int) -> bool:
        self.done = done
        return not self.stop.is_set()

    # ---- frames ---------------------------------------------------------------------------
    def wants_frames(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.result is None:
            step = self.done * 100 // self.total
            if step != self._shown:
                self._shown = step
                self.invalidate(PANEL)
            return
        result, self.result = self.result, None
        self.close()
        if isinstance(result, Session):
            self.owner.opened(result)
        elif isinstance(result, SaveError):
            self.owner.failed(str(result))
        else:
            raise result   # a fault, not a bad file: the app's error screen takes it

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stop.set()
            return True
        return False

    def draw_scene(self, canvas: pygame.Surface) -> None:
        super().draw_scene(canvas)
        pygame.draw.rect(canvas, theme.PANEL, PANEL, border_radius=14)
        theme.draw_text(canvas, "Opening the saved game", (PANEL.centerx, PANEL.y + 30), theme.SIZE_TITLE,
                        theme.TEXT, bold=True, anchor="midtop")
        theme.draw_text(canvas, f"Replaying move {self.done:,} of {self.total:,}", (PANEL.centerx, PANEL.y + 96),
                        theme.SIZE_BODY, theme.TEXT_DIM, anchor="midtop")
        pygame.draw.rect(canvas, theme.BG, BAR, border_radius=8)
        filled = BAR.copy()
        filled.width = max(8, BAR.width * self.done // self.total)
        pygame.draw.rect(canvas, theme.HIGHLIGHT, filled, border_radius=8)
        theme.draw_text(canvas, "Esc stops, and changes nothing", (PANEL.centerx, PANEL.bottom - 30),
                        theme.SIZE_SMALL, theme.TEXT_DIM, anchor="midbottom")
