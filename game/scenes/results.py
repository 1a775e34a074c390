"""The results: every scoring category for every seat, the winners, and what next.

The game number is shown here, now that the deal is no secret; "Play again" deals a new one."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core import autosaves, stats
from game.core.protocol import fill_names
from game.core.session import Session
from game.scenes.game_number import new_game_number
from game.ui import theme
from game.ui.icons import icon
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.app import App

TABLE = pygame.Rect(240, 230, 1440, 640)


class ResultsScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        state = session.state
        self.breakdown = state.score_breakdown()
        self.scores = state.scores()
        self.winners = state.winners()
        self.headline = state.results_headline()
        self.facts = state.results_facts()
        self.unit = state.score_unit()
        # the seats left to right by their place: the results read as the finishing order
        ranking = state.ranking()
        self.order = sorted(range(len(session.seats)), key=lambda s: (ranking[s], s))
        #: the statistics file was damaged and set aside when this game was counted
        self.stats_notice = stats.take_notice()
        self.again = self.button((400, 940, 300, 68), "Play again", kind="primary",
                                 tooltip="Same seats and options, a new game number")
        self.watch = self.button((720, 940, 280, 68), "Watch replay", kind="big",
                                 tooltip="Play this game back move by move, from any seat's view (R)")
        self.menu = self.button((1020, 940, 240, 68), "Main menu", kind="big")
        self.stats = self.button((1280, 940, 240, 68), "Statistics", kind="big")

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.again:
            self.play_again()
        elif event.ui_element is self.watch:
            self.watch_replay()
        elif event.ui_element is self.menu:
            self.app.reset_to(self.app.scene("menu"))
        elif event.ui_element is self.stats:
            self.app.push(self.app.scene("stats"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.reset_to(self.app.scene("menu"))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.watch_replay()
            return True
        return False

    def watch_replay(self) -> None:
        """The game just finished, played back over these results (closing it comes back here)."""
        self.app.scene("replay", self.session.to_save(), source="This game")

    def play_again(self) -> None:
        old = self.session
        # a fresh random number, not a known one: the new deal is as secret as any; and a new
        # autosave of its own (the finished game's stays finished, never offered as Continue)
        session = Session(old.spec, old.seats, old.options, new_game_number(),
                          autosave_path=autosaves.new_path(old.spec.id))
        session.autosave()
        self.app.scene("game", session)

    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.BG)
        seats = self.session.seats
        names = " and ".join(seats[w].name for w in self.winners)
        trophy = icon("ui_trophy", 72, theme.HIGHLIGHT)
        canvas.blit(trophy, trophy.get_rect(center=(960, 70)))
        verb = "wins" if len(self.winners) == 1 else "share the win"
        title = f"{names} {verb}!"
        if self.headline:
            title = fill_names(self.headline, [seat.name for seat in seats])
        elif theme.font(theme.SIZE_HUGE - 16, True).size(title)[0] > 1800:   # many share it: the count
            title = (f"All {len(seats)} share the win!" if len(self.winners) == len(seats)
                     else f"{len(self.winners)} players share the win!")
        theme.draw_text(canvas, title, (960, 150), theme.SIZE_HUGE - 16, bold=True,
                        anchor="center", max_width=1800)
        theme.draw_text(canvas, f"{self.session.spec.title} · game number {self.session.seed}", (960, 200),
                        theme.SIZE_BODY, theme.TEXT_DIM, anchor="center")
        theme.shadowed_panel(canvas, TABLE)
        n = len(seats)
        label_w = 460
        col_w = (TABLE.width - label_w - 40) // n
        top = TABLE.y + 24
        column = {seat: k for k, seat in enumerate(self.order)}   # seat -> its column, by place
        for i, seat in enumerate(seats):
            cx = TABLE.x + label_w + col_w * column[i] + col_w // 2
            if i in self.winners:
                pygame.draw.rect(canvas, (70, 64, 44), (cx - col_w // 2 + 6, TABLE.y + 10, col_w - 12,
                                                        TABLE.height - 20), border_radius=10)
            theme.draw_seat_badge(canvas, seat.colour, (cx, top + 16), 30)
            theme.draw_text(canvas, seat.name, (cx, top + 48), theme.SIZE_BODY, bold=True, anchor="midtop",
                            max_width=col_w - 16)
            kind = "person" if not seat.is_bot else f"bot, {seat.level}"
            theme.draw_text(canvas, kind, (cx, top + 80), theme.SIZE_SMALL, theme.TEXT_DIM, anchor="midtop")
        y = top + 126
        rows = len(self.facts) + len(self.breakdown)
        row_h = min(56, (TABLE.bottom - y - 90) // max(1, rows))
        for label, words in self.facts:   # what decided beyond the points: places, times
            theme.draw_text(canvas, label, (TABLE.x + 36, y + row_h // 2), theme.SIZE_BODY, theme.TEXT_DIM,
                            anchor="midleft", max_width=label_w - 40)
            for i, word in enumerate(words):
                cx = TABLE.x + label_w + col_w * column[i] + col_w // 2
                size = theme.SIZE_BODY if theme.font(theme.SIZE_BODY, True).size(word)[0] <= col_w - 12 \
                    else theme.SIZE_SMALL   # a narrow column (six seats): the small type
                theme.draw_text(canvas, word, (cx, y + row_h // 2), size, theme.TEXT, bold=True,
                                anchor="center", max_width=col_w - 12)
            y += row_h
            pygame.draw.line(canvas, theme.LINE, (TABLE.x + 24, y), (TABLE.right - 24, y), 1)
        for r, (label, points) in enumerate(self.breakdown):
            if r % 2 == 0:
                pygame.draw.rect(canvas, (49, 54, 63), (TABLE.x + 16, y, label_w - 20, row_h), border_radius=6)
            theme.draw_text(canvas, label, (TABLE.x + 36, y + row_h // 2), theme.SIZE_BODY, anchor="midleft",
                            max_width=label_w - 40)
            for i, value in enumerate(points):
                cx = TABLE.x + label_w + col_w * column[i] + col_w // 2
                colour = theme.TEXT if value else theme.TEXT_DIM
                theme.draw_text(canvas, str(value), (cx, y + row_h // 2), theme.SIZE_BODY, colour,
                                anchor="center")
            y += row_h
            pygame.draw.line(canvas, theme.LINE, (TABLE.x + 24, y), (TABLE.right - 24, y), 1)
        y += 12
        theme.draw_text(canvas, "Total", (TABLE.x + 36, y + 30), theme.SIZE_LARGE, bold=True, anchor="midleft")
        unit = " s" if self.unit == "seconds" else ""
        for i, value in enumerate(self.scores):
            cx = TABLE.x + label_w + col_w * column[i] + col_w // 2
            colour = theme.HIGHLIGHT if i in self.winners else theme.TEXT
            theme.draw_text(canvas, f"{value}{unit}", (cx, y + 30), theme.SIZE_TITLE, colour, bold=True,
                            anchor="center")
        tied = [i for i, s in enumerate(self.scores) if s == max(self.scores)]
        if len(tied) > len(self.winners):
            theme.draw_text(canvas, "Tied on points: the tie-break in the rules decided.", (960, TABLE.bottom + 22),
                            theme.SIZE_SMALL, theme.TEXT_DIM, anchor="center")
        if self.stats_notice:
            theme.draw_text(canvas, self.stats_notice, (960, 1046), theme.SIZE_SMALL, theme.WARNING,
                            anchor="center", max_width=1800)
