"""The statistics screen: for every game, how often it was finished, who won (people and each
bot level) and the best scores.

The figures come from `game.core.stats`; a damaged file has already been set aside by
`stats.load` (now or at a game's end), and the screen says so. Reading is defensive: a
hand-edited or old file with odd values shows zeros, never an exception.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.core import paths, stats
from game.core.registry import load_games
from game.core.saves import write_json_atomic
from game.ui import theme
from game.ui.scene import Scene
from game.ui.widgets import ConfirmButton, Scroller

if TYPE_CHECKING:
    from game.app import App

#: seat kinds as stats.record_game files them, with the words the table uses
KINDS = (("person", "People"), ("bot-easy", "Easy bots"), ("bot-normal", "Normal bots"),
         ("bot-hard", "Hard bots"))
BEST_SHOWN = 5

VIEW = pygame.Rect(120, 170, 1660, 790)
CARD_W = VIEW.width
PLAYED_H = 318
UNPLAYED_H = 64
CARD_GAP = 12
NOTE_H = 76
ROW_H = 36


# ---- reading the figures (no drawing) ------------------------------------------------------
def _count(value: Any) -> int:
    """A non-negative whole number, or 0 for anything else (bools are not counts)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0
    return max(0, int(value))


@dataclasses.dataclass
class KindRecord:
    won: int
    played: int

    @property
    def percent(self) -> int | None:
        return round(100 * self.won / self.played) if self.played else None


@dataclasses.dataclass
class BestScore:
    name: str
    kind: str
    score: int
    players: int
    date: str


@dataclasses.dataclass
class GameRecord:
    game_id: str
    title: str
    accent: str
    played: int = 0
    with_hints: int = 0     # games in which someone asked for a hint
    by_kind: dict[str, KindRecord] = dataclasses.field(default_factory=dict)
    best: list[BestScore] = dataclasses.field(default_factory=list)
    #: best times on the clock (a race alone): the fewer seconds the better, never ranked
    #: with points
    best_times: list[BestScore] = dataclasses.field(default_factory=list)


def read_game(game_id: str, title: str, accent: str, raw: Any) -> GameRecord:
    """One game's entry, with anything malformed read as nothing."""
    record = GameRecord(game_id, title, accent)
    if not isinstance(raw, dict):
        return record
    record.played = _count(raw.get("played"))
    record.with_hints = min(_count(raw.get("with_hints")), record.played)
    by_kind = raw.get("by_kind") if isinstance(raw.get("by_kind"), dict) else {}
    for kind, _label in KINDS:
        entry = by_kind.get(kind)
        if isinstance(entry, dict):
            played = _count(entry.get("played"))
            record.by_kind[kind] = KindRecord(min(_count(entry.get("won")), played), played)
    best = raw.get("best") if isinstance(raw.get("best"), list) else []
    for entry in best:
        if not isinstance(entry, dict) or isinstance(entry.get("score"), bool) \
                or not isinstance(entry.get("score"), (int, float)):
            continue
        score = BestScore(str(entry.get("name", "?"))[:40], str(entry.get("kind", "")),
                          int(entry["score"]), _count(entry.get("players")), str(entry.get("date", ""))[:10])
        (record.best_times if stats.unit_of(entry) == "seconds" else record.best).append(score)
    record.best.sort(key=lambda b: -b.score)
    record.best_times.sort(key=lambda b: b.score)
    # five rows in all: with times too, three of points and two of times (or what there is)
    times = min(len(record.best_times), max(BEST_SHOWN - len(record.best), 2 if record.best else BEST_SHOWN))
    del record.best[BEST_SHOWN - times:]
    del record.best_times[times:]
    return record


def card_height(record: GameRecord) -> int:
    """A game's card: a line when unplayed; with both best scores and best times, room for
    the second list's heading."""
    if not record.played:
        return UNPLAYED_H
    return PLAYED_H + (48 if record.best and record.best_times else 0)


def game_records(data: dict[str, Any]) -> list[GameRecord]:
    """Every game this Journeys plays, in menu order (games still to come are not listed),
    then any game the file knows and we do not."""
    games = data.get("games") if isinstance(data.get("games"), dict) else {}
    records = [read_game(spec.id, spec.title, spec.accent, games.get(spec.id))
               for spec in load_games().values() if spec.available]
    known = {r.game_id for r in records}
    records += [read_game(str(gid), str(gid), "#5b626d", raw) for gid, raw in games.items()
                if gid not in known and isinstance(raw, dict) and _count(raw.get("played"))]
    return records


# ---- the scene ------------------------------------------------------------------------------
class StatsScene(Scene):
    """Games played, wins by seat kind and the best scores, per game; reset on request."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.note = ""             # a damaged file set aside, shown above the cards
        self.message = ""
        self.message_warning = False
        self.records: list[GameRecord] = []
        self.content: pygame.Surface | None = None
        self.scroller = Scroller(VIEW, step=80)
        self.back_button = self.button((120, 990, 220, 64), "Back", tooltip="Back to the menu (Esc)")
        self.reset = ConfirmButton(self, (VIEW.right - 300, 990, 300, 64), "Reset statistics",
                                   "Really reset?", tooltip="Forget every finished game (cannot be undone)",
                                   on_calm=lambda: self.say(""))
        self.reload()

    # ---- data ---------------------------------------------------------------------------
    def reload(self) -> None:
        try:
            data = stats.load()
        except OSError as exc:   # the data folder itself is out of reach
            self.note = f"The statistics cannot be read: {exc.strerror or exc}"
            data = stats.empty()
        notice = stats.take_notice()   # a damaged file set aside, here or at a game's end
        if notice:
            self.note = notice
        self.records = game_records(data)
        self.reset.set_enabled(any(r.played for r in self.records))
        self.content = None
        self.invalidate()

    @property
    def total_played(self) -> int:
        return sum(r.played for r in self.records)

    def do_reset(self) -> None:
        if not self.reset.press():
            self.say("This forgets every finished game and best score. Press “Really reset?” to go on.",
                     warning=True)
            return
        try:
            write_json_atomic(paths.stats_path(), {"version": 1, "games": {}})
        except OSError as exc:
            self.say(f"Could not reset the statistics: {exc.strerror or exc}", warning=True)
            self.app.sound.play("error")
            return
        self.note = ""
        self.reload()
        self.say("Statistics reset.")

    def say(self, message: str, *, warning: bool = False) -> None:
        self.message = message
        self.message_warning = warning
        self.invalidate(pygame.Rect(360, 990, 1100, 80))

    # ---- events -------------------------------------------------------------------------
    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.back_button:
            self.close()
        elif event.ui_element is self.reset.element:
            self.do_reset()

    def handle_event(self, event: pygame.event.Event) -> bool:
        before = self.scroller.offset
        used = self.scroller.handle(event, self.app.mouse_pos)
        if event.type == pygame.KEYDOWN:
            used = True
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self.scroller.scroll_by(self.scroller.step * (1 if event.key == pygame.K_DOWN else -1))
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_SPACE):
                page = VIEW.height - 80
                self.scroller.scroll_by(-page if event.key == pygame.K_PAGEUP else page)
            elif event.key in (pygame.K_HOME, pygame.K_END):
                self.scroller.scroll_to(0 if event.key == pygame.K_HOME else self.scroller.max_offset)
            else:
                used = False
        if self.scroller.offset != before:
            self.invalidate(self.scroller.area)
        return used

    def update(self, dt: float) -> None:
        super().update(dt)
        self.reset.update(dt)

    # ---- drawing ------------------------------------------------------------------------
    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.BG)
        theme.draw_text(canvas, "Statistics", (120, 58), theme.SIZE_TITLE, bold=True)
        total = self.total_played
        played_games = sum(1 for r in self.records if r.played)
        summary = ("Finished games on this computer will be counted here" if not total else
                   f"{total} finished game{'s' if total != 1 else ''} across "
                   f"{played_games} game{'s' if played_games != 1 else ''} on this computer")
        theme.draw_text(canvas, summary, (122, 116), theme.SIZE_BODY, theme.TEXT_DIM)
        if self.content is None:
            self.content = self._render_content()
            self.scroller.set_content_height(self.content.get_height())
        area = pygame.Rect(0, self.scroller.offset, VIEW.width, VIEW.height).clip(self.content.get_rect())
        canvas.blit(self.content, VIEW.topleft, area)
        self.scroller.draw(canvas)
        self.reset.draw_mark(canvas)
        if self.message:
            colour = theme.WARNING if self.message_warning else theme.GOOD
            theme.draw_text(canvas, self.message, (380, 1022), theme.SIZE_BODY, colour,
                            anchor="midleft", max_width=VIEW.right - 300 - 40 - 380)

    def _render_content(self) -> pygame.Surface:
        """All cards on one tall surface, drawn once; scrolling only moves the window over it."""
        heights = [card_height(r) for r in self.records]
        note = self.note or ("" if self.total_played else
                             "No finished games yet. Play a game to the end and it shows up here.")
        top = NOTE_H if note else 0
        height = top + sum(h + CARD_GAP for h in heights) + 8   # + room for the card shadows
        surface = pygame.Surface((CARD_W, max(height, 1)))
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        surface.fill(theme.BG)
        if note:
            self._draw_note(surface, pygame.Rect(0, 0, CARD_W, NOTE_H - 16), note, bool(self.note))
        y = top
        for record, h in zip(self.records, heights):
            rect = pygame.Rect(0, y, CARD_W, h)
            if record.played:
                self._draw_played(surface, record, rect)
            else:
                self._draw_unplayed(surface, record, rect)
            y += h + CARD_GAP
        return surface

    @staticmethod
    def _draw_note(surface: pygame.Surface, rect: pygame.Rect, note: str, warning: bool) -> None:
        colour = theme.WARNING if warning else theme.LINE
        pygame.draw.rect(surface, colour, rect, 2, border_radius=12)
        theme.draw_text(surface, note, (rect.x + 28, rect.centery), theme.SIZE_BODY,
                        theme.TEXT if warning else theme.TEXT_DIM, anchor="midleft",
                        max_width=rect.width - 56)

    @staticmethod
    def _draw_unplayed(surface: pygame.Surface, record: GameRecord, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        pygame.draw.rect(surface, "#4a505a", (rect.x, rect.y, 8, rect.height),
                         border_top_left_radius=12, border_bottom_left_radius=12)
        theme.draw_text(surface, record.title, (rect.x + 36, rect.centery), theme.SIZE_BODY + 2,
                        theme.TEXT_DIM, bold=True, anchor="midleft")
        theme.draw_text(surface, "not played yet", (rect.right - 36, rect.centery), theme.SIZE_BODY,
                        "#80858d", anchor="midright")

    def _draw_played(self, surface: pygame.Surface, record: GameRecord, rect: pygame.Rect) -> None:
        theme.shadowed_panel(surface, rect.inflate(0, -4).move(0, -2))
        pygame.draw.rect(surface, pygame.Color(record.accent), (rect.x, rect.y, 10, rect.height - 4),
                         border_top_left_radius=12, border_bottom_left_radius=12)
        x0 = rect.x + 36
        theme.draw_text(surface, record.title, (x0, rect.y + 20), theme.SIZE_LARGE, bold=True,
                        max_width=900)
        # the count, big and bold, top right: the figure a player looks for first
        words = "game played" if record.played == 1 else "games played"
        label = theme.draw_text(surface, words, (rect.right - 36, rect.y + 30), theme.SIZE_BODY,
                                theme.TEXT_DIM, anchor="topright")
        count = theme.draw_text(surface, str(record.played), (label.left - 12, label.bottom + 3), theme.SIZE_TITLE,
                                theme.TEXT, bold=True, anchor="bottomright")
        if record.with_hints:   # left of the count: the games someone asked the bots for hints in
            theme.draw_text(surface, f"{record.with_hints} with hints", (count.left - 20, label.top + 2),
                            theme.SIZE_SMALL, theme.TEXT_DIM, anchor="topright")
        pygame.draw.line(surface, theme.LINE, (x0, rect.y + 72), (rect.right - 36, rect.y + 72), 1)
        self._draw_wins(surface, record, x0, rect.y + 90)
        self._draw_best(surface, record, rect.x + 760, rect.right - 36, rect.y + 90)

    @staticmethod
    def _draw_wins(surface: pygame.Surface, record: GameRecord, x: int, y: int) -> None:
        head = theme.SIZE_SMALL
        dim = theme.TEXT_DIM
        theme.draw_text(surface, "WINS BY SEAT", (x, y), head, dim, bold=True)
        theme.draw_text(surface, "won / played", (x + 330, y), head, dim, anchor="topright")
        theme.draw_text(surface, "win rate", (x + 620, y), head, dim, anchor="topright")
        y += 40
        for kind, label in KINDS:
            entry = record.by_kind.get(kind, KindRecord(0, 0))
            colour = theme.TEXT if entry.played else "#80858d"
            theme.draw_text(surface, label, (x, y), theme.SIZE_BODY, colour)
            if entry.played:
                theme.draw_text(surface, f"{entry.won} / {entry.played}", (x + 330, y), theme.SIZE_BODY,
                                theme.TEXT, bold=True, anchor="topright")
                # a bar, so the rates compare at a glance
                bar = pygame.Rect(x + 370, y + 11, 160, 10)
                pygame.draw.rect(surface, theme.PANEL_LIGHT, bar, border_radius=5)
                filled = bar.copy()
                filled.width = max(0, round(bar.width * (entry.percent or 0) / 100))
                if filled.width:
                    pygame.draw.rect(surface, theme.HIGHLIGHT, filled, border_radius=5)
                theme.draw_text(surface, f"{entry.percent}%", (x + 620, y), theme.SIZE_BODY, theme.TEXT,
                                anchor="topright")
            else:
                theme.draw_text(surface, "–", (x + 330, y), theme.SIZE_BODY, colour, anchor="topright")
                theme.draw_text(surface, "–", (x + 620, y), theme.SIZE_BODY, colour, anchor="topright")
            y += ROW_H

    @staticmethod
    def _draw_best(surface: pygame.Surface, record: GameRecord, x: int, right: int, y: int) -> None:
        head = theme.SIZE_SMALL
        dim = theme.TEXT_DIM
        col_score = x + 560
        col_players = x + 600
        lists = [("BEST SCORES", "score", record.best, "")] if record.best or not record.best_times else []
        if record.best_times:
            lists.append(("BEST TIMES, ALONE", "time", record.best_times, " s"))
        for title, column, entries, unit in lists:
            theme.draw_text(surface, title, (x, y), head, dim, bold=True)
            theme.draw_text(surface, column, (col_score, y), head, dim, anchor="topright")
            theme.draw_text(surface, "players", (col_players, y), head, dim)
            theme.draw_text(surface, "date", (right, y), head, dim, anchor="topright")
            y += 40
            if not entries:
                theme.draw_text(surface, "No scores kept", (x, y), theme.SIZE_BODY, "#80858d")
                return
            y = StatsScene._draw_best_rows(surface, entries, unit, x, right, y) + 8

    @staticmethod
    def _draw_best_rows(surface: pygame.Surface, entries: list[BestScore], unit: str, x: int, right: int,
                        y: int) -> int:
        dim = theme.TEXT_DIM
        col_score = x + 560
        col_players = x + 600
        for rank, best in enumerate(entries, 1):
            rank_colour = theme.HIGHLIGHT if rank == 1 else dim
            theme.draw_text(surface, str(rank), (x, y), theme.SIZE_BODY, rank_colour, bold=True)
            name = theme.draw_text(surface, best.name, (x + 36, y), theme.SIZE_BODY, theme.TEXT,
                                   max_width=300)
            if best.kind.startswith("bot-"):
                theme.draw_text(surface, f"{best.kind[4:]} bot", (name.right + 10, y + 3), theme.SIZE_SMALL,
                                dim, max_width=max(10, col_score - 70 - name.right - 10))
            theme.draw_text(surface, f"{best.score}{unit}", (col_score, y), theme.SIZE_BODY, theme.TEXT,
                            bold=True, anchor="topright")
            if best.players:
                theme.draw_text(surface, str(best.players), (col_players, y), theme.SIZE_BODY, theme.TEXT)
            theme.draw_text(surface, best.date, (right, y), theme.SIZE_BODY, dim, anchor="topright")
            y += ROW_H
        return y
