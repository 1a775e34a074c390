"""The status line along the top of the table: whose turn it is and what they may do, what a
bot just did, why a click was refused, and how the game ended."""
from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.table.base import TableBase
from game.ui import theme


class StatusLine(TableBase):
    """The status line's part of GameScene (frame.py), with the hooks a game scene fills in."""

    def prompt(self) -> str:
        """What the seat to act may do now, in words."""
        return "Your turn."

    def decision_words(self, kind: str) -> str:
        """Hook: what a seat deciding `kind` weighs, for onlookers ("which row to discard");
        "" where the status line need not say more than whose turn it is."""
        return ""

    def status_text(self) -> tuple[str, bool]:
        turn = self.turn
        state = self.session.state
        if turn.phase == "show":
            if state.is_over:
                return "The game is over: here is how it ended (click the board to skip).", False
            return f"{self.name(turn.seat)} is playing…", False
        if turn.phase == "over":
            return self.over_words(), False
        if self.status_note and self.status_seat is None:   # a refusal, or a word from the table
            return self.status_note, self.status_warning
        name = self.name(turn.seat)
        words = self.decision_words(turn.decision)
        if turn.phase == "think":
            line = f"{name} is thinking: {words}…" if words else f"{name} is thinking…"
            deed = self.status_note if self.status_seat is not None and not self._deed_outlived() else ""
            return (f"{deed} {line}" if deed else line), False
        if turn.phase == "pass":
            return (f"Waiting for {name}: {words}." if words else f"Waiting for {name}."), False
        again = {"undo": "Taken back. ", "redo": "Done again. "}.get(turn.again, "")
        return f"{again}{name}: {self.prompt()}", False

    def over_words(self) -> str:
        """How the game ended, in a sentence: "The game is over: Ann wins." """
        winners = self.session.state.winners()
        names = " and ".join(self.name(w) for w in winners)
        return f"The game is over: {names} win{'s' if len(winners) == 1 else ''}."

    def _deed_outlived(self) -> bool:
        """A bot's deed on the status line gives way once a person is to act: the line then
        says whose turn it is and what they may do (the deed stays in the log)."""
        if self.status_seat is None:
            return False
        seat = self.table.to_act()
        return seat is not None and not self.session.seats[seat].is_bot

    def _top_signature(self) -> Hashable:
        return (self.status_text(), self.turn, self.viewer)

    def _render_top(self, surface: pygame.Surface) -> None:
        self._draw_status_bar(surface)
        seat = self._status_line_seat()
        x = 24
        if seat is not None:
            theme.draw_seat_badge(surface, self.session.seats[seat].colour, (x + 14, 32), 28)
            x += 40
        text, warning = self.status_text()
        self._draw_status_words(surface, text, pygame.Rect(x, 3, self.frame_left - 16 - x, 58), warning)

    @staticmethod
    def _draw_status_bar(surface: pygame.Surface) -> None:
        """The status line's ground, with its edge along the board."""
        surface.fill(theme.PANEL)
        pygame.draw.line(surface, theme.LINE, (0, 63), (1920, 63), 1)

    @staticmethod
    def _draw_status_words(surface: pygame.Surface, text: str, area: pygame.Rect, warning: bool = False) -> None:
        """The status line's words in `area`, centred in its height: a long sentence wraps onto
        two lines or shrinks a little rather than being cut."""
        colour = theme.WARNING if warning else theme.TEXT
        fitted = theme.fit_to_box(text, area.width, area.height, theme.SIZE_BODY, theme.SIZE_SMALL, bold=not warning,
                                  line_gap=0)
        top = area.centery - (fitted.height + 1) // 2
        theme.draw_fitted_lines(surface, fitted, pygame.Rect(area.x, top, area.width, fitted.height), colour,
                                bold=not warning)

    def _status_line_seat(self) -> int | None:
        """Whose badge the status line shows: the turn's seat (whose move is being shown, or
        who acts); a bot's deed is told beside the next seat's turn."""
        return self.turn.seat
