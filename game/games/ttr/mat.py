"""South Korea's province mat beside the map: a row of nine spots for each colour's line, the
trains the seats have put on them and each seat's sum so far, and which spot a Place action
fills."""
from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.ui import theme

from . import art, cards_art
from .data import COLOUR_LABELS, COLOURS, PROVINCE_BONUS, PROVINCE_SPOTS
from .rules import PLACE, Place


class ProvinceMat:
    """The part of the TtR scene that draws the province mat (a mixin of `TtrScene`)."""

    def spot_rect(self, line: str, spot: int) -> pygame.Rect:
        row = COLOURS.index(line)
        return pygame.Rect(self.mat_rect.x + 62 + (spot - 1) * 44, self.mat_rect.y + 86 + row * 112, 40, 40)

    def place_targets(self) -> dict[tuple[str, int], list[Place]]:
        """Mat spots the viewer may put a train on now, with the Place actions reaching each."""
        out: dict[tuple[str, int], list[Place]] = {}
        if not self.korea or self.phase != PLACE:
            return out
        for action in self.legal_of(Place):
            if action.line:
                out.setdefault((action.line, self.mat_spot(action)), []).append(action)
        return out

    def mat_spot(self, action: Place) -> int:
        spots = self.view["province"][action.line]
        for spot in range(min(self.view["pending_cards"] + action.express, PROVINCE_SPOTS), 0, -1):
            if spots[spot - 1] < 0:
                return spot
        return 0

    MAT_HEAD = 80

    def _add_mat_layers(self) -> None:
        """The mat as a heading and one layer per line, so a train put on one line redraws
        only that line (the whole mat costs ~5 ms)."""
        head = pygame.Rect(self.mat_rect.x, self.mat_rect.y, self.mat_rect.width, self.MAT_HEAD)
        self.add_layer(head, self._render_mat_head, lambda: self.view["num_players"])
        for row, line in enumerate(COLOURS):
            top = self.spot_rect(line, 1).y - 6
            bottom = self.spot_rect(COLOURS[row + 1], 1).y - 6 if row + 1 < len(COLOURS) else self.mat_rect.bottom
            rect = pygame.Rect(self.mat_rect.x, top, self.mat_rect.width, bottom - top)
            self.add_layer(rect, self._mat_line_renderer(line, rect), self._mat_line_signature(line))

    def _render_mat_head(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        pygame.draw.rect(surface, theme.PANEL, surface.get_rect().inflate(0, 24).move(0, 12), border_radius=12)
        awards = PROVINCE_BONUS[self.view["num_players"]]
        theme.draw_text(surface, "Province mat", (16, 12), theme.SIZE_BODY, theme.TEXT, bold=True)
        theme.draw_text(surface, "Each line's highest sums score " + " / ".join(map(str, awards)),
                        (16, 42), theme.SIZE_SMALL, theme.TEXT_DIM, max_width=surface.get_width() - 24)
        # the heading's foot joins the first line's panel (the rounded corners are the head's)
        pygame.draw.rect(surface, theme.PANEL, (0, self.MAT_HEAD - 12, surface.get_width(), 12))

    def _mat_line_signature(self, line: str):
        def signature() -> Hashable:
            hover = self.hover if isinstance(self.hover, tuple) and self.hover[:2] == ("spot", line) else None
            targets = tuple(sorted(t[2] for t in self.glowing if t[0] == "spot" and t[1] == line))
            hidden = tuple(spot for (on, spot) in self.hidden_spots if on == line)
            return (tuple(self.view["province"][line]), targets, hover, hidden)
        return signature

    def _mat_line_renderer(self, line: str, area: pygame.Rect):
        def render(surface: pygame.Surface) -> None:
            self._render_mat_line(surface, line, area)
        return render

    def _render_mat_line(self, surface: pygame.Surface, line: str, area: pygame.Rect) -> None:
        """One line of the mat: its colour, its nine spots and the seats' sums so far."""
        surface.fill((0, 0, 0, 0))
        last = line == COLOURS[-1]
        panel = surface.get_rect().inflate(0, 24).move(0, -12) if last else surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=12 if last else 0)
        ox, oy = area.topleft
        fill, symbol = cards_art.colours()[line]
        spots = self.view["province"][line]
        first = self.spot_rect(line, 1).move(-ox, -oy)
        swatch = pygame.Rect(12, first.y, 40, 40)
        pygame.draw.rect(surface, (18, 20, 24), swatch.inflate(2, 2), border_radius=8)
        pygame.draw.rect(surface, fill, swatch, border_radius=7)
        art.draw_symbol(surface, symbol, swatch.center, 24, art.contrast_ink(fill))
        sums: dict[int, int] = {}
        for spot in range(1, PROVINCE_SPOTS + 1):
            rect = self.spot_rect(line, spot).move(-ox, -oy)
            owner = spots[spot - 1]
            pygame.draw.rect(surface, theme.PAPER_DARK, rect, border_radius=7)
            pygame.draw.rect(surface, fill, rect, 2, border_radius=7)
            if owner >= 0 and (line, spot) not in self.hidden_spots:
                sums[owner] = sums.get(owner, 0) + spot
                theme.draw_seat_badge(surface, self.seat_colour(owner), rect.center, 26)
                theme.draw_text(surface, str(spot), (rect.right - 3, rect.bottom - 1), 15, theme.INK, bold=True,
                                anchor="bottomright")
            else:
                theme.draw_text(surface, str(spot), rect.center, theme.SIZE_BODY, theme.INK, bold=True,
                                anchor="center")
            if ("spot", line, spot) in self.glowing:
                theme.glow_outline(surface, rect, radius=8, width=self.glow_width(("spot", line, spot), 2))
        x = 62
        ranked = sorted(sums.items(), key=lambda kv: -kv[1])
        if not ranked:
            theme.draw_text(surface, "no trains yet", (x, first.bottom + 8), theme.SIZE_SMALL, theme.TEXT_DIM)
        for seat, total in ranked:
            theme.draw_seat_badge(surface, self.seat_colour(seat), (x + 9, first.bottom + 20), 16)
            r = theme.draw_text(surface, str(total), (x + 22, first.bottom + 20), theme.SIZE_SMALL, theme.TEXT,
                                bold=True, anchor="midleft")
            x = r.right + 16

    def place_label(self, action: Place) -> str:
        if not action.line:
            return "No train on the mat"
        spot = self.mat_spot(action)
        # short enough for a half-width button: "Orange 4 · +1 Express"
        if action.express:
            return f"{COLOUR_LABELS[action.line]} {spot} · +{action.express} Express"
        return f"{COLOUR_LABELS[action.line]} line, spot {spot}"
