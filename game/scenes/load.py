"""The load screen, in three parts under their headings: the games to resume (unfinished
games' autosaves), the finished games (their autosaves, kept a while), then every save in the
saves folder; each part newest first. Games nobody moved in are not listed (savelist).

A file that cannot be read is still listed, greyed, with the reason, so a player can see it and
delete it; loading goes through the main menu's `open_save`, which says why a save will not
start and opens a finished game on its results. What a row knows comes from `savelist`.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core import paths
from game.core.registry import load_games
from game.core.saves import SaveError, read_save
from game.core.text import plural
from game.scenes.savelist import SECTIONS, SaveRow, list_saves
from game.ui import theme
from game.ui.scene import Scene
from game.ui.widgets import ConfirmButton, Scroller

if TYPE_CHECKING:
    from game.app import App

LIST_VIEW = pygame.Rect(120, 176, 1080, 784)
ROW_H = 88
ROW_GAP = 10
HEADING_H = 46     # a part's heading above its first row
SECTION_GAP = 18   # more room above a heading that follows rows
DETAIL = pygame.Rect(1250, 176, 550, 784)
BUTTONS_Y = DETAIL.bottom - 96     # Load and Delete, at the foot of the detail panel
MESSAGE_W = DETAIL.x - 380 - 24    # the message line ends before Watch replay
DOUBLE_CLICK_MS = 450
FACT_MIN_STEP = 26   # the detail panel's facts never closer than this (18 px type)
LIST_MARGIN = 6    # rows may draw this far outside the list window: room for the selection glow


class LoadScene(Scene):
    """Every save with its game, seats, move count and date; load, delete, or go back."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[SaveRow] = []
        self.row_tops: list[int] = []    # each row's top within the list's content
        self.headings: list[tuple[int, str]] = []   # (top within the content, text)
        self.selected: int | None = None
        self.hovered: int | None = None
        self.message = ""
        self.message_warning = False
        self.scroller = Scroller(LIST_VIEW, step=ROW_H + ROW_GAP)
        self._last_click: tuple[int, int] = (-1, -1000)   # (row, ticks) for double clicks
        inner = DETAIL.inflate(-64, 0)
        self.load_button = self.button((inner.x, BUTTONS_Y, 290, 64), "Load", kind="primary",
                                       tooltip="Open this game where it was saved; a finished one "
                                               "on its results (Enter)")
        self.delete = ConfirmButton(self, (inner.right - 180, BUTTONS_Y, 180, 64), "Delete",
                                    "Really delete?", tooltip="Remove this save file (Del)",
                                    on_calm=lambda: self.say(""))
        # under the detail panel, beside the message line (the panel keeps its room for facts)
        self.replay_button = self.button((inner.x, 990, inner.width, 64), "Watch replay",
                                         tooltip="Play the finished game back move by move, from any "
                                                 "seat's view (R)")
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
        self._lay_out()
        index = None
        if keep is not None:
            index = next((i for i, r in enumerate(self.rows) if r.path == keep), None)
        if index is None and self.rows:
            index = min(old if old is not None else 0, len(self.rows) - 1)
        self.select(index)
        self.invalidate()

    def _lay_out(self) -> None:
        """Each row's place in the list, with a heading above the first row of each part."""
        titles = dict(SECTIONS)
        self.row_tops, self.headings = [], []
        y, section = 0, None
        for row in self.rows:
            if row.section != section:
                section = row.section
                if self.row_tops:
                    y += SECTION_GAP - ROW_GAP
                self.headings.append((y, titles.get(section, section)))
                y += HEADING_H
            self.row_tops.append(y)
            y += ROW_H + ROW_GAP
        self.scroller.set_content_height(max(0, y - ROW_GAP))

    def _first_of_part(self, index: int) -> bool:
        return index == 0 or self.rows[index - 1].section != self.rows[index].section

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
            top = self.row_tops[index]
            # the first row of a part brings its heading into view too
            self.scroller.show(top - (HEADING_H if self._first_of_part(index) else 0), top + ROW_H)
        if row is not None and row.ok:
            self.load_button.enable()
        else:
            self.load_button.disable()
        label = "See results" if row is not None and row.ok and row.finished else "Load"
        if self.load_button.text != label:   # a finished game opens on its results
            self.load_button.set_text(label)
        if self._can_replay(row):
            self.replay_button.show()
        else:
            self.replay_button.hide()
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
        menu = self.app.find("menu")
        self.close()
        on_stack = menu is not None
        if menu is None:   # opened without the menu below it (a tool or a test)
            menu = self.app.scene("menu")
        if not menu.open_save(row.path, continuing=row.is_autosave) and not on_stack:  # type: ignore[attr-defined]
            self.app.push(menu)   # so its message about the save is seen

    @staticmethod
    def _can_replay(row: SaveRow | None) -> bool:
        return row is not None and row.ok and row.finished

    def replay_selected(self) -> None:
        """Watch the selected finished game again (its save is only read)."""
        row = self.current
        if not self._can_replay(row):
            return
        assert row is not None
        try:
            data = read_save(row.path, known_games=set(load_games()))
            self.app.scene("replay", data, source=f"The save {row.path.name[:100]}")
        except SaveError as exc:
            self.say(str(exc), warning=True)
            self.app.sound.play("error")

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
        elif event.ui_element is self.replay_button:
            self.replay_selected()
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
        elif key == pygame.K_r:
            self.replay_selected()
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
        for index, top in enumerate(self.row_tops):
            if top <= y < top + ROW_H:
                return index
        return None

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
        y = LIST_VIEW.y + self.row_tops[index] - self.scroller.offset
        return pygame.Rect(LIST_VIEW.x, y, LIST_VIEW.width, ROW_H)

    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.BG)
        theme.draw_text(canvas, "Load a saved game", (120, 58), theme.SIZE_TITLE, bold=True)
        summary = list_summary(self.rows)
        theme.draw_text(canvas, f"{summary}  ·  kept in {paths.data_dir()}", (122, 118),
                        theme.SIZE_SMALL, theme.TEXT_DIM, max_width=1680)
        self._draw_list(canvas)
        self.scroller.draw(canvas, margin=LIST_MARGIN)
        self._draw_detail(canvas)
        self.delete.draw_mark(canvas)
        if self.message:
            colour = theme.WARNING if self.message_warning else theme.GOOD
            theme.draw_fitted(canvas, self.message, pygame.Rect(380, 992, MESSAGE_W, 60), theme.SIZE_BODY,
                              theme.SIZE_SMALL, colour)

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
        for top, title in self.headings:
            y = LIST_VIEW.y + top - self.scroller.offset
            if y + HEADING_H < LIST_VIEW.top - 10 or y > LIST_VIEW.bottom + 10:
                continue
            theme.draw_text(canvas, title, (LIST_VIEW.x + 4, y + HEADING_H - 12), theme.SIZE_BODY,
                            theme.TEXT_DIM, bold=True, anchor="bottomleft")
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
            # where the game stands, on the right (at most half the row), the game and its
            # players (with their points once it is over) in the rest
            status = theme.draw_text(canvas, row.standing, (right, rect.bottom - 12), theme.SIZE_BODY,
                                     theme.HIGHLIGHT if row.finished else theme.TEXT, bold=True,
                                     anchor="bottomright", max_width=(right - x) // 2)
            theme.draw_text(canvas, row.line, (x, rect.bottom - 14), theme.SIZE_BODY, theme.TEXT_DIM,
                            anchor="bottomleft", max_width=status.left - 40 - x)
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
            won = index in row.winners
            theme.draw_text(canvas, name, (x + 44, y), theme.SIZE_BODY,
                            theme.HIGHLIGHT if won else theme.TEXT, bold=won or index == row.to_act,
                            max_width=width - 250)
            kind = f"bot, {seat.get('level', 'normal')}" if seat.get("kind") == "bot" else "person"
            if row.scores:
                kind = f"{kind}  ·  {plural(row.scores[index], 'point')}"
            elif index == row.to_act:
                kind = f"{kind}  ·  to play"
            theme.draw_text(canvas, kind, (x + width, y + 2), theme.SIZE_SMALL, theme.TEXT_DIM,
                            anchor="topright", max_width=240)
            y += 38 if len(row.seats) <= 4 else 34
        y += 20
        pygame.draw.line(canvas, theme.LINE, (x, y), (x + width, y), 1)
        y += 18
        # the date is on the row already; the facts close up to stay clear of the buttons
        facts = [("Progress", row.standing if row.finished else f"{plural(row.moves, 'move')} played"),
                 ("Game number", shown_number(row)), *row.options, ("File", row.path.name)]
        bottom = BUTTONS_Y - 16
        step = max(FACT_MIN_STEP, min(32, (bottom - y) // len(facts)))
        for label, value in facts[:max(0, (bottom - y) // step)]:
            theme.draw_text(canvas, label, (x, y), theme.SIZE_SMALL, theme.TEXT_DIM)
            theme.draw_text(canvas, value, (x + width, y), theme.SIZE_SMALL, theme.TEXT,
                            anchor="topright", max_width=width - 150)
            y += step


def list_summary(rows: list[SaveRow]) -> str:
    """What the list holds, counted as shown: "2 autosaves and 1 saved game, newest first"."""
    autos = sum(1 for r in rows if r.is_autosave)
    saved = len(rows) - autos
    parts = [f"{autos} autosave{'s' if autos != 1 else ''}"] if autos else []
    if saved:
        parts.append(f"{saved} saved game{'s' if saved != 1 else ''}")
    return " and ".join(parts) + ", newest first" if parts else "No saved games yet"


def shown_number(row: SaveRow) -> str:
    """The game number for the detail panel: kept back while an unknown deal is being played."""
    if row.game_number is None:
        return "shown when the game ends"
    return str(row.game_number) + ("  (typed in)" if row.seed_known and not row.finished else "")
