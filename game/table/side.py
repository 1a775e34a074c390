"""The side of the table: a panel for every seat (its name, badge and what the game shows of
it), the room a game keeps below them for a panel of its own, and the game log."""
from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game.table.base import TableBase
from game.table.layout import SIDE
from game.ui import theme


class SidePanels(TableBase):
    """The side's part of GameScene (frame.py): the seats' and the log's layers, and the hooks a
    game scene fills in."""

    _seat_rects: list[pygame.Rect]   # every seat's panel on the canvas (from `_layout_seats`)
    log_scroll: int   # lines scrolled back from the log's end

    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """Draw one seat's public (and, for the viewer, private) state in `rect` (local coords)."""

    def seat_panel_height(self) -> int:
        return 150

    def _layout_seats(self) -> list[pygame.Rect]:
        height = self.seat_panel_height()
        return [pygame.Rect(SIDE.x, SIDE.y + 8 + i * (height + 8), SIDE.width, height)
                for i in range(len(self.session.seats))]

    def side_reserved(self) -> int:
        """Height a game keeps for its own panel between the seats and the log."""
        return 0

    def side_reserved_rect(self) -> pygame.Rect:
        top = self._seat_rects[-1].bottom + 8 if self._seat_rects else SIDE.y
        return pygame.Rect(SIDE.x, top, SIDE.width, self.side_reserved())

    def _log_rect(self) -> pygame.Rect:
        reserved = self.side_reserved_rect()
        top = reserved.bottom + 8
        return pygame.Rect(SIDE.x, top, SIDE.width, SIDE.bottom - top - 12)

    def seat_signature(self, seat: int) -> Hashable:
        """What a seat panel shows; subclasses add what their `seat_summary` depends on."""
        return repr(self.view["players"][seat]) if "players" in self.view else repr(self.view)

    def _seat_signer(self, seat: int) -> Callable[[], Hashable]:
        def signature() -> Hashable:
            state = self.session.state
            return (self.seat_signature(seat), self.viewer, self.hover == ("seat", seat),
                    self.turn.seat == seat, state.is_over)
        return signature

    def _seat_renderer(self, seat: int) -> Callable[[pygame.Surface], None]:
        def render(surface: pygame.Surface) -> None:
            surface.fill((0, 0, 0, 0))
            local = surface.get_rect()
            active = seat == self.turn.seat
            colour = theme.PANEL_LIGHT if active or self.hover == ("seat", seat) else theme.PANEL
            pygame.draw.rect(surface, colour, local, border_radius=12)
            seat_info = self.session.seats[seat]
            accent = theme.seat_colour(seat_info.colour)
            pygame.draw.rect(surface, accent, (local.x, local.y, 8, local.height),
                             border_top_left_radius=12, border_bottom_left_radius=12)
            if active:
                pygame.draw.rect(surface, accent, local, 3, border_radius=12)
            theme.draw_seat_badge(surface, seat_info.colour, (local.x + 34, local.y + 26), 24)
            label = seat_info.name + ("  (bot, " + seat_info.level + ")" if seat_info.is_bot else "")
            if seat == self.viewer:
                label += "  · you"
            theme.draw_text(surface, label, (local.x + 56, local.y + 26), theme.SIZE_BODY, theme.TEXT,
                            bold=True, anchor="midleft", max_width=local.width - 200)
            self.seat_summary(surface, local, seat)
        return render

    def _log_signature(self) -> Hashable:
        log = self.shown_log
        return (len(log), tuple(log[-1]) if log else None, self.log_scroll, self.viewer)

    def _render_log_layer(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        self._render_log(surface, surface.get_rect())

    def _render_log(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        theme.draw_text(surface, "Game log", (rect.x + 18, rect.y + 12), theme.SIZE_SMALL, theme.TEXT_DIM,
                        bold=True)
        lines: list[tuple[int | None, str]] = []
        inner = pygame.Rect(rect.x + 18, rect.y + 44, rect.width - 36, rect.height - 56)
        for seat, text in self.shown_log:
            for i, line in enumerate(theme.wrap(self.words(text), theme.SIZE_SMALL, inner.width - 26)):
                lines.append((seat if i == 0 else -1, line))
        line_h = theme.font(theme.SIZE_SMALL).get_linesize()
        visible = max(1, inner.height // line_h)
        end = max(0, len(lines) - self.log_scroll)
        start = max(0, end - visible)
        while start < end and lines[start][0] == -1:   # begin with a whole entry
            start += 1
        if self.log_scroll > len(lines):
            self.log_scroll = len(lines)
        y = inner.y
        for seat, line in lines[start:end]:
            if seat is not None and seat >= 0:
                pygame.draw.circle(surface, theme.seat_colour(self.session.seats[seat].colour),
                                   (inner.x + 6, y + line_h // 2), 6)
            theme.draw_text(surface, line, (inner.x + 22, y), theme.SIZE_SMALL,
                            theme.TEXT if seat is not None else theme.TEXT_DIM)
            y += line_h

    def _hit_side(self, pos) -> Hashable:
        for seat, rect in enumerate(self._seat_rects):
            if rect.collidepoint(pos):
                return ("seat", seat)
        return None
