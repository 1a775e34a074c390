"""Loading and saving games: the list of saves (with the autosave) and the save dialog.

`LoadScene` lists every save in the saves folder, newest first, plus the autosave. A file that
cannot be read is still listed, greyed, with the reason, so a player can see it and delete
it; loading goes through the main menu's `open_save`, which says why a save will not start.
`SaveDialog` names a save and writes it atomically, asking before it replaces another one.

Two small widgets live here as well, because the statistics screen uses them too: a
`Scroller` for content taller than its window, and a `ConfirmButton` that asks
"Really …?" before a step that cannot be undone.
"""
from __future__ import annotations

import dataclasses
import time
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui

from game.core import paths
from game.core.registry import load_games
from game.core.saves import SaveError, read_save
from game.ui import theme
from game.ui.scene import Overlay, Scene

if TYPE_CHECKING:
    from game.app import App
    from game.core.session import Session


# =============================================================================================
# Widgets shared with the statistics screen
# =============================================================================================
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


# =============================================================================================
# Reading the saves folder (no drawing here)
# =============================================================================================
@dataclasses.dataclass
class SaveRow:
    """One file in the list: what its save says, or why it cannot be used."""

    path: Path
    is_autosave: bool
    modified: float
    name: str = ""
    game_id: str = ""
    title: str = ""
    accent: str = "#5b626d"
    seats: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    moves: int = 0
    seed: int | None = None
    options: list[tuple[str, str]] = dataclasses.field(default_factory=list)   # (label, choice)
    date: str = ""
    finished: bool = False
    error: str | None = None      # the full reason, for the detail panel
    reason: str = ""              # a word or two, for the row

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def label(self) -> str:
        """What the player calls it: the save's name, or the file's when it cannot be read."""
        return self.name if self.ok else self.path.name

    @property
    def seat_names(self) -> list[str]:
        return [str(seat.get("name", "?")) for seat in self.seats]


def short_reason(message: str) -> str:
    """A word or two for a row, from read_save's sentence."""
    text = message.lower()
    for needle, short in (("does not exist", "missing"), ("cannot be read", "unreadable"),
                          ("is empty", "empty"), ("newer journeys", "from a newer Journeys"),
                          ("not a journeys save", "not a save"), ("does not know", "unknown game"),
                          ("cannot play", "game not built yet"), ("damaged", "damaged"),
                          ("unknown version", "unknown version"), ("no version", "damaged")):
        if needle in text:
            return short
    return "cannot be loaded"


def _file_date(modified: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(modified)) if modified else ""


def read_row(path: Path, *, is_autosave: bool = False) -> SaveRow:
    """Everything the list shows about one file; never raises."""
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    row = SaveRow(path=path, is_autosave=is_autosave, modified=modified,
                  name="Autosave" if is_autosave else path.stem, date=_file_date(modified))
    games = load_games()
    try:
        data = read_save(path, known_games=set(games))
        spec = games[data["game"]]
        if not spec.available:
            raise SaveError(f"The save file {path.name} is for {spec.title}, which this Journeys "
                            f"cannot play yet.")
    except SaveError as exc:
        row.error = str(exc)
        row.reason = short_reason(row.error)
        return row
    row.game_id = spec.id
    row.title = spec.title
    row.accent = spec.accent
    row.seats = [seat if isinstance(seat, dict) else {"name": str(seat)} for seat in data["seats"]]
    row.moves = len(data["actions"])
    row.seed = data["seed"]
    row.finished = bool(data.get("over", False))
    for option in spec.options:
        value = data["options"].get(option.key, option.default)
        row.options.append((option.label, next((label for v, label in option.choices if v == value),
                                               str(value))))
    name = data.get("name")
    if not is_autosave and isinstance(name, str) and name.strip():
        row.name = name.strip()
    saved_at = data.get("saved_at")
    if isinstance(saved_at, str) and saved_at.strip():
        row.date = saved_at.strip()[:16]   # minutes are enough
    return row


def list_saves() -> list[SaveRow]:
    """The autosave first (it is what a player usually wants), then the saves, newest first."""
    rows: list[SaveRow] = []
    autosave = paths.autosave_path()
    if autosave.exists():
        rows.append(read_row(autosave, is_autosave=True))
    try:
        files = [p for p in paths.saves_dir().glob("*.json")
                 if p.is_file() and not p.name.startswith(".")]   # skip half-written temp files
    except OSError:
        files = []
    found = [read_row(p) for p in files]
    found.sort(key=lambda r: (r.modified, r.path.name), reverse=True)
    return rows + found


# =============================================================================================
# The load screen
# =============================================================================================
LIST_VIEW = pygame.Rect(120, 176, 1080, 784)
ROW_H = 88
ROW_GAP = 10
DETAIL = pygame.Rect(1250, 176, 550, 784)
DOUBLE_CLICK_MS = 450
LIST_MARGIN = 6    # rows may draw this far outside the list window: room for the selection glow


class LoadScene(Scene):
    """Every save with its game, seats, move count and date; load, delete, or go back."""

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.rows: list[SaveRow] = []
        self.selected: int | None = None
        self.hovered: int | None = None
        self.message = ""
        self.message_warning = False
        self.scroller = Scroller(LIST_VIEW, step=ROW_H + ROW_GAP)
        self._last_click: tuple[int, int] = (-1, -1000)   # (row, ticks) for double clicks
        inner = DETAIL.inflate(-64, 0)
        self.load_button = self.button((inner.x, DETAIL.bottom - 96, 290, 64), "Load", kind="primary",
                                       tooltip="Open this game where it was saved (Enter)")
        self.delete = ConfirmButton(self, (inner.right - 180, DETAIL.bottom - 96, 180, 64), "Delete",
                                    "Really delete?", tooltip="Remove this save file (Del)",
                                    on_calm=lambda: self.say(""))
        self.back_button = self.button((120, 990, 220, 64), "Back", tooltip="Back to the menu (Esc)")
        self.refresh()

    # ---- data ---------------------------------------------------------------------------
    def refresh(self, keep: Path | None = None) -> None:
        """Read the folder again; keep `keep` (or the same position) selected."""
        old = self.selected
        try:
            self.rows = list_saves()
        except OSError as exc:   # the data folder itself is out of reach
            self.rows = []
            self.say(f"Could not read the saves folder: {exc.strerror or exc}", warning=True)
        self.scroller.set_content_height(len(self.rows) * (ROW_H + ROW_GAP) - ROW_GAP)
        index = None
        if keep is not None:
            index = next((i for i, r in enumerate(self.rows) if r.path == keep), None)
        if index is None and self.rows:
            index = min(old if old is not None else 0, len(self.rows) - 1)
        self.select(index)
        self.invalidate()

    @property
    def current(self) -> SaveRow | None:
        if self.selected is None or not 0 <= self.selected < len(self.rows):
            return None
        return self.rows[self.selected]

    def select(self, index: int | None) -> None:
        if index is not None and self.rows:
            index = max(0, min(index, len(self.rows) - 1))
        elif not self.rows:
            index = None
        if index != self.selected:
            self.delete.disarm()
        self.selected = index
        row = self.current
        if row is not None:
            top = index * (ROW_H + ROW_GAP)
            self.scroller.show(top, top + ROW_H)
        if row is not None and row.ok:
            self.load_button.enable()
        else:
            self.load_button.disable()
        self.delete.set_enabled(row is not None)
        self.invalidate(self.scroller.area)
        self.invalidate(DETAIL.inflate(8, 8))

    # ---- actions ------------------------------------------------------------------------
    def load_selected(self) -> None:
        row = self.current
        if row is None:
            return
        if not row.ok:
            # Loading cannot help here; say why and leave the file as it is.
            self.say(f"This save cannot be loaded: {row.error}", warning=True)
            self.app.sound.play("error")
            return
        from game.scenes.menu import MenuScene
        menu = self.app.find(MenuScene)
        self.close()
        on_stack = menu is not None
        if menu is None:   # opened without the menu below it (a tool or a test)
            menu = MenuScene(self.app)
        if not menu.open_save(row.path, continuing=row.is_autosave) and not on_stack:  # type: ignore[attr-defined]
            self.app.push(menu)   # so its message about the save is seen

    def delete_selected(self) -> None:
        row = self.current
        if row is None:
            return
        if not self.delete.press():
            self.say(f"Delete “{row.label}”? Press “Really delete?” to remove the file for good.",
                     warning=True)
            return
        try:
            row.path.unlink()
        except FileNotFoundError:
            pass   # already gone: the list just catches up
        except OSError as exc:
            self.say(f"Could not delete {row.path.name}: {exc.strerror or exc}", warning=True)
            self.app.sound.play("error")
            return
        self.say(f"Deleted “{row.label}”.")
        self.refresh()

    def say(self, message: str, *, warning: bool = False) -> None:
        self.message = message
        self.message_warning = warning
        self.invalidate(pygame.Rect(360, 990, 1460, 80))

    # ---- events -------------------------------------------------------------------------
    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.load_button:
            self.load_selected()
        elif event.ui_element is self.delete.element:
            self.delete_selected()
        elif event.ui_element is self.back_button:
            self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        before = self.scroller.offset
        if self.scroller.handle(event, self.app.mouse_pos):
            if self.scroller.offset != before:
                self._hover(self.app.mouse_pos)
                self.invalidate(self.scroller.area)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            index = self.row_at(event.pos)
            if index is None:
                return False
            now = pygame.time.get_ticks()
            double = self._last_click[0] == index and now - self._last_click[1] <= DOUBLE_CLICK_MS
            self._last_click = (-1, -1000) if double else (index, now)
            self.select(index)
            if double:
                self.load_selected()
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        count = len(self.rows)
        page = max(1, LIST_VIEW.height // (ROW_H + ROW_GAP) - 1)
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.load_selected()
        elif key == pygame.K_DELETE:
            self.delete_selected()
        elif count and key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
                               pygame.K_HOME, pygame.K_END):
            now = self.selected if self.selected is not None else -1
            target = {pygame.K_UP: now - 1, pygame.K_DOWN: now + 1, pygame.K_PAGEUP: now - page,
                      pygame.K_PAGEDOWN: now + page, pygame.K_HOME: 0, pygame.K_END: count - 1}[key]
            self.select(target)
        else:
            return False
        return True

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not LIST_VIEW.collidepoint(pos):
            return None
        y = pos[1] - LIST_VIEW.y + self.scroller.offset
        index, within = divmod(y, ROW_H + ROW_GAP)
        if within >= ROW_H or not 0 <= index < len(self.rows):
            return None
        return int(index)

    def _hover(self, pos: tuple[int, int]) -> None:
        hovered = self.row_at(pos)
        if hovered != self.hovered:
            self.hovered = hovered
            self.invalidate(self.scroller.area)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.delete.update(dt)

    # ---- drawing ------------------------------------------------------------------------
    def row_rect(self, index: int) -> pygame.Rect:
        """Where row `index` is on the canvas now (it may be outside the window)."""
        y = LIST_VIEW.y + index * (ROW_H + ROW_GAP) - self.scroller.offset
        return pygame.Rect(LIST_VIEW.x, y, LIST_VIEW.width, ROW_H)

    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.BG)
        theme.draw_text(canvas, "Load a saved game", (120, 58), theme.SIZE_TITLE, bold=True)
        count = sum(1 for r in self.rows if not r.is_autosave)
        summary = ("No saved games yet" if not count else
                   f"{count} saved game{'s' if count != 1 else ''}, newest first")
        theme.draw_text(canvas, f"{summary}  ·  kept in {paths.saves_dir()}", (122, 118),
                        theme.SIZE_SMALL, theme.TEXT_DIM, max_width=1680)
        self._draw_list(canvas)
        self.scroller.draw(canvas, margin=LIST_MARGIN)
        self._draw_detail(canvas)
        self.delete.draw_mark(canvas)
        if self.message:
            colour = theme.WARNING if self.message_warning else theme.GOOD
            theme.draw_text(canvas, self.message, (380, 1022), theme.SIZE_BODY, colour,
                            anchor="midleft", max_width=1420)

    def _draw_list(self, canvas: pygame.Surface) -> None:
        if not self.rows:
            box = pygame.Rect(LIST_VIEW.x, LIST_VIEW.y, LIST_VIEW.width, 180)
            pygame.draw.rect(canvas, theme.LINE, box, 2, border_radius=12)
            theme.draw_text(canvas, "Nothing saved yet", (box.centerx, box.y + 62), theme.SIZE_LARGE,
                            theme.TEXT_DIM, bold=True, anchor="center")
            theme.draw_text(canvas, "During a game, open its menu (Esc) and choose Save.",
                            (box.centerx, box.y + 112), theme.SIZE_BODY, theme.TEXT_DIM, anchor="center")
            return
        old_clip = canvas.get_clip()
        # a little room around the window for the selection glow; within the app's own clip
        # (it may be drawing only what changed)
        canvas.set_clip(LIST_VIEW.inflate(2 * LIST_MARGIN, 2 * LIST_MARGIN).clip(old_clip))
        for index, row in enumerate(self.rows):
            rect = self.row_rect(index)
            if rect.bottom < LIST_VIEW.top - 10 or rect.top > LIST_VIEW.bottom + 10:
                continue
            self._draw_row(canvas, row, rect, index == self.selected, index == self.hovered)
        canvas.set_clip(old_clip)

    def _draw_row(self, canvas: pygame.Surface, row: SaveRow, rect: pygame.Rect, selected: bool,
                  hovered: bool) -> None:
        colour = theme.PANEL_LIGHT if (hovered or selected) else theme.PANEL
        pygame.draw.rect(canvas, colour, rect, border_radius=12)
        accent = pygame.Color(row.accent if row.ok else "#5b626d")
        pygame.draw.rect(canvas, accent, (rect.x, rect.y, 8, rect.height),
                         border_top_left_radius=12, border_bottom_left_radius=12)
        if selected:
            theme.glow_outline(canvas, rect, radius=12, width=3)
        x = rect.x + 30
        right = rect.right - 24
        date_img = theme.text(row.date, theme.SIZE_SMALL, tuple(theme.TEXT_DIM))
        name_width = right - date_img.get_width() - 40 - x
        text_colour = theme.TEXT if row.ok else theme.TEXT_DIM
        name_rect = theme.draw_text(canvas, row.label, (x, rect.y + 12),
                                    theme.SIZE_BODY + 2, text_colour, bold=True,
                                    max_width=name_width - (130 if row.is_autosave else 0))
        if row.is_autosave:
            tag = theme.text("AUTOSAVE", 15, tuple(theme.TEXT_DARK), bold=True)
            pill = pygame.Rect(name_rect.right + 14, name_rect.centery - 13, tag.get_width() + 20, 26)
            pygame.draw.rect(canvas, theme.TEXT_DIM, pill, border_radius=13)
            canvas.blit(tag, tag.get_rect(center=pill.center))
        canvas.blit(date_img, date_img.get_rect(topright=(right, rect.y + 16)))
        if row.ok:
            detail = f"{row.title}  ·  {', '.join(row.seat_names)}"
            status = "Finished" if row.finished else f"Move {row.moves}"
            status_img = theme.text(status, theme.SIZE_BODY, tuple(theme.TEXT), bold=True)
            canvas.blit(status_img, status_img.get_rect(bottomright=(right, rect.bottom - 12)))
            theme.draw_text(canvas, detail, (x, rect.bottom - 14), theme.SIZE_BODY, theme.TEXT_DIM,
                            anchor="bottomleft", max_width=right - status_img.get_width() - 40 - x)
        else:
            theme.draw_text(canvas, f"{row.reason.capitalize()}: cannot be loaded",
                            (x, rect.bottom - 14), theme.SIZE_BODY, theme.WARNING, anchor="bottomleft",
                            max_width=right - x)

    def _draw_detail(self, canvas: pygame.Surface) -> None:
        theme.shadowed_panel(canvas, DETAIL)
        x, width = DETAIL.x + 32, DETAIL.width - 64
        row = self.current
        if row is None:
            hint = "Choose a save on the left to see who is playing." if self.rows else "Nothing to load yet."
            theme.draw_paragraph(canvas, hint,
                                 pygame.Rect(x, DETAIL.y + 36, width, 120), theme.SIZE_BODY, theme.TEXT_DIM)
            return
        y = DETAIL.y + 30
        y += theme.draw_paragraph(canvas, row.label, pygame.Rect(x, y, width, 80), theme.SIZE_LARGE,
                                  theme.TEXT if row.ok else theme.TEXT_DIM, bold=True, line_gap=2)
        if not row.ok:
            pygame.draw.rect(canvas, theme.WARNING, (x, y + 14, 60, 4), border_radius=2)
            theme.draw_paragraph(canvas, row.error or "", pygame.Rect(x, y + 34, width, 300),
                                 theme.SIZE_BODY, theme.TEXT)
            theme.draw_paragraph(canvas, "The file is kept as it is. Delete it if you no longer need it.",
                                 pygame.Rect(x, DETAIL.bottom - 200, width, 80), theme.SIZE_SMALL,
                                 theme.TEXT_DIM)
            return
        theme.draw_text(canvas, row.title, (x, y + 4), theme.SIZE_BODY, pygame.Color(row.accent).lerp(
            theme.TEXT, 0.35), bold=True, max_width=width)
        y += 58
        theme.draw_text(canvas, "PLAYERS", (x, y), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
        y += 34
        for index, seat in enumerate(row.seats[:7]):
            colour = seat.get("colour", index)
            theme.draw_seat_badge(canvas, colour if isinstance(colour, int) else index, (x + 14, y + 15), 24)
            name = str(seat.get("name", "?"))
            theme.draw_text(canvas, name, (x + 44, y), theme.SIZE_BODY, max_width=width - 200)
            if seat.get("kind") == "bot":
                theme.draw_text(canvas, f"bot, {seat.get('level', 'normal')}", (x + width, y + 2),
                                theme.SIZE_SMALL, theme.TEXT_DIM, anchor="topright")
            else:
                theme.draw_text(canvas, "person", (x + width, y + 2), theme.SIZE_SMALL, theme.TEXT_DIM,
                                anchor="topright")
            y += 38
        y += 20
        pygame.draw.line(canvas, theme.LINE, (x, y), (x + width, y), 1)
        y += 18
        facts = [("Progress", "finished" if row.finished else f"{row.moves} moves played"),
                 ("Game number", str(row.seed)), *row.options, ("Saved", row.date),
                 ("File", row.path.name)]
        for label, value in facts:
            theme.draw_text(canvas, label, (x, y), theme.SIZE_SMALL, theme.TEXT_DIM)
            theme.draw_text(canvas, value, (x + width, y), theme.SIZE_SMALL, theme.TEXT,
                            anchor="topright", max_width=width - 150)
            y += 32


# =============================================================================================
# The save dialog
# =============================================================================================
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


def default_save_name(session: "Session") -> str:
    return f"{session.spec.title} {time.strftime('%Y-%m-%d %H-%M')}"


class SaveDialog(Overlay):
    """Name the save and write it; asks before replacing a save of the same name."""

    def __init__(self, app: "App", session: "Session") -> None:
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
