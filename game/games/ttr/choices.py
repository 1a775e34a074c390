"""The side panel's buttons, as the moment needs them: the ways to pay for the route picked,
the tickets to keep, the festival to take, the mat spot to fill, the express cards and the
pass, a page at a time when they outgrow the panel; and whether the tickets chosen may be
kept."""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable

from game.table.panel import Choice, row_of_choices

from .data import DRAFT_KEEP, FESTIVALS
from .layout import PAY_GAP, PAY_H, SECTION_Y
from .rules import DRAFTED, FESTIVAL, KEEP, PLACE, TURN, ExpressDraw, KeepTickets, Pass, Place, TakeFestival
from .words import pay_label


def _grid(labels: list[tuple[Hashable, str, str]], x: int, y: int, right: int, columns: int) -> list[Choice]:
    """Buttons in a grid of `columns`, left to right, top to bottom."""
    width = (right - x - (columns - 1) * 8) // columns
    return [Choice(key, label, (x + (i % columns) * (width + 8), y + (i // columns) * (PAY_H + PAY_GAP), width, PAY_H),
                   kind or "small")
            for i, (key, label, kind) in enumerate(labels)]


class PanelChoices:
    """The part of the TtR scene that keeps the panel's buttons (a mixin of `TtrScene`)."""

    def _pay_room(self) -> int:
        return self._pay_columns() * ((self.side_reserved() - SECTION_Y - 34 - 40) // (PAY_H + PAY_GAP))

    def _paged(self, labels: list[tuple[Hashable, str, str]], fixed: int,
               more: Callable[[int, int], str]) -> list[tuple[Hashable, str, str]]:
        """`labels` as many as the panel's room holds: the first `fixed` always, the rest a
        page at a time (`pay_page`) behind a "more" button worded by `more(page, pages)`."""
        room = self._pay_room()
        if len(labels) <= room:
            return labels
        head, rest = labels[:fixed], labels[fixed:]
        per_page = max(1, room - 1 - fixed)
        pages = math.ceil(len(rest) / per_page)
        self.pay_page %= pages
        shown = rest[self.pay_page * per_page:(self.pay_page + 1) * per_page]
        return head + shown + [(("more",), more(self.pay_page + 1, pages), "")]

    def _pay_columns(self) -> int:
        return 2 if self.korea else 3   # South Korea's labels also name the mat spot

    def _sync_buttons(self) -> None:
        if not hasattr(self, "choices"):
            return
        panel = self._panel_rect()
        wanted: list[Choice] = []
        mine = self.is_my_turn()
        phase = self.phase
        top = panel.y + SECTION_Y + 36
        right = panel.right - 16
        if mine and phase in (DRAFTED, KEEP):
            wanted.append(Choice(("confirm",), "Keep these tickets", (panel.right - 236, panel.bottom - 54, 220, 44),
                                 "primary"))
        elif mine and self.selected_route is not None:
            labels = [(("pay", a), pay_label(a, self.korea), "") for a in self.payments(self.selected_route)]
            labels = self._paged(labels, 0, lambda page, pages: "More ways…")
            wanted += _grid(labels, panel.x + 16, top, right, self._pay_columns())
            wanted.append(Choice(("back",), "Back", (panel.right - 116, panel.y + SECTION_Y - 6, 100, 34), "small"))
        if self.selected_route is None and self._ticket_layout()[3] > 1:
            pages = self._ticket_layout()[3]
            wanted.append(Choice(("tickets_page",), f"Page {self.ticket_page % pages + 1}/{pages} ▸",
                                 (panel.right - 146, panel.y + SECTION_Y - 6, 130, 34), "small"))
        if mine and (phase in (DRAFTED, KEEP) or self.selected_route is not None):
            pass   # their buttons are above
        elif mine and phase == FESTIVAL:
            labels = [(("do", a), f"{FESTIVALS[a.festival]} ({self.view['festival_at'].get(a.festival, 0)})", "")
                      for a in self.legal_of(TakeFestival)]
            wanted += row_of_choices(labels, panel.x + 16, top, right, height=48, size=22)
        elif mine and phase == PLACE:
            labels = [(("do", a), self.place_label(a), "") for a in self.legal_of(Place)]
            # a grey route may go on any line (TKO-13): more spots than the panel holds, so "no
            # train" stays first and the rest come a page at a time (all glow on the mat)
            labels = self._paged(labels, 1, lambda page, pages: f"More spots ({page}/{pages})…")
            wanted += _grid(labels, panel.x + 16, top, right, 2)
        elif mine and phase == TURN:
            labels = [(("do", a), f"+{a.express} cards" if isinstance(a, ExpressDraw) else f"+{a.express} tickets", "")
                      for a in self.express_actions()]
            if labels:
                rows = math.ceil(len(labels) / 3)
                wanted += _grid(labels, panel.x + 16, panel.bottom - rows * (PAY_H + PAY_GAP) - 4, right, 3)
            if self.legal_of(Pass):
                wanted.append(Choice(("do", Pass()), "Pass (nothing can be done)",
                                     (panel.x + 16, panel.bottom - 54, 300, 44), "primary"))
        self.choices.sync(wanted)
        button = self.choices.buttons.get(("confirm",))
        if button is not None:
            if self._keep_action() is None:
                button.disable()
            else:
                button.enable()

    def _keep_action(self) -> KeepTickets | None:
        action = KeepTickets(tuple(sorted(self.keep_choice)))
        return action if action in self.ctx.legal or (self.keep_choice and self._keep_ok(action)) else None

    def _keep_ok(self, action: KeepTickets) -> bool:
        pool = set(self._keep_pool())
        chosen = set(action.tickets)
        if not chosen or not chosen <= pool:
            return False
        if self.phase == DRAFTED:
            return len(chosen) == min(DRAFT_KEEP, len(pool))
        return self.phase == KEEP
