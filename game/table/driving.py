"""What moves the table on when no click does: the bots, asked off the UI thread and shown at a
pace a person can follow (waiting while an overlay covers the table), the pass-the-device
curtain between two people, and the results once the game is over."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from game.core.ai.worker import Pending, shared_runner
from game.table.base import TableBase

if TYPE_CHECKING:
    from game.core.protocol import Action


class Driving(TableBase):
    """The driving part of GameScene (frame.py)."""

    _bot_future: Pending | None   # the bot's answer on its way
    _bot_started: float           # when it was asked (its pace counts from here)
    _bot_generation: int          # counted up at every question and on exit (nothing reads it)
    _results_at: float | None     # when the results open, once the game is over

    if TYPE_CHECKING:
        def perform(self, action: Action) -> None:
            """GameScene's (frame.py): apply the action for the seat to act."""

    # ---- bots and curtain -------------------------------------------------------------------
    def _drive(self) -> None:
        nxt = self.table.next()
        if nxt.kind == "over":
            if self._results_at is not None and time.perf_counter() >= self._results_at:
                self._results_at = None
                self.show_results()
        elif nxt.kind == "bot" and nxt.seat is not None:
            self._drive_bot(nxt.seat)
        elif nxt.kind == "curtain":
            self.app.push(self.app.scene("curtain", self, nxt.seat))
        elif nxt.kind == "show":
            self.app.sound.play("turn")

    def curtain_lifted(self, seat: int) -> None:
        self.table.lift_curtain(seat)   # the context refreshes, and with it the buttons
        self.invalidate()

    def _drive_bot(self, seat: int) -> None:
        if self.bots_paused or self.covered():
            return
        pace = self.table.min_think(seat, self.app.settings.bot_pace)
        if self._bot_future is None:
            view, legal, seed = self.table.bot_request(seat)
            self._bot_generation += 1
            self._bot_started = time.perf_counter()
            self._bot_future = shared_runner(self.spec.id).ask(self.spec.id, seat, self.session.seats[seat].level,
                                                seed, view, legal)
            return
        if not self._bot_future.done() or time.perf_counter() - self._bot_started < pace:
            return
        future, self._bot_future = self._bot_future, None
        action = future.result()  # a bot error surfaces here, on the UI thread
        self.perform(action)

    def bot_thinking(self) -> bool:
        return self._bot_future is not None

    # ---- results --------------------------------------------------------------------------
    def show_results(self) -> None:
        self.app.replace(self.app.scene("results", self.session))

    # ---- while an overlay covers the table ------------------------------------------------
    def covered(self) -> bool:
        """An overlay (the rules, pause, settings, a dialog) is over the table: bots wait."""
        return self.app.top is not self

    def on_resume(self) -> None:
        super().on_resume()
        # a bot that thought while the table was covered still takes its pace from now, so
        # that the person sees its move come
        self._bot_started = time.perf_counter()
