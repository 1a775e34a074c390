"""What every part of the table reads: the session and its controller, the viewer and their view,
the log as far as the table has shown it, whose turn it is, names and words; and the status
note, which any part may leave and the status line tells.

The common ground of GameScene's parts (frame.py): every part that reads the table subclasses
it (the compositor, layers.py, needs none of it), and GameScene sets its fields up."""
from __future__ import annotations

from typing import Any
from collections.abc import Hashable

from game.core.protocol import Event
from game.core.registry import GameSpec
from game.core.session import Session
from game.table.controller import TableContext, TableController, Turn
from game.ui.anim import Animator
from game.ui.scene import Scene


class TableBase(Scene):
    """The fields and readings GameScene's parts share."""

    session: Session
    spec: GameSpec
    bots_paused: bool
    anim: Animator
    table: TableController
    #: all a game scene may read: the viewer's view, legal actions, words, log, events
    ctx: TableContext
    hover: Hashable
    last_actor: int | None
    _log_held_from: int | None   # log lines from here wait for the animation
    status_note: str          # why the last click was refused, or what just happened
    status_warning: bool
    status_seat: int | None   # whose deed the status note tells, if not the player to act
    frame_left = 1920 - 560   # where the frame's buttons begin on the status line

    @property
    def viewer(self) -> int | None:
        """The seat whose view is on the screen (None: nobody's, e.g. behind the curtain)."""
        return self.table.viewer

    @property
    def view(self) -> dict[str, Any]:
        return self.ctx.view

    @property
    def log(self) -> list[tuple[int | None, str]]:
        return self.ctx.log

    @property
    def shown_log(self) -> list[tuple[int | None, str]]:
        """The log as far as the table has shown it: a move's lines wait while its pieces
        still move, so the log never tells what the board has not yet shown."""
        log = self.log
        return log if self._log_held_from is None else log[:self._log_held_from]

    def telling_move(self) -> bool:
        """A move is being shown (its pieces move) and not yet told."""
        return self._log_held_from is not None

    @property
    def last_events(self) -> list[Event]:
        """What the last move did, as the viewer may know it (scenes animate from these)."""
        return self.ctx.last_events

    @property
    def _awaiting_curtain(self) -> bool:
        return self.table.awaiting_curtain

    def humans(self) -> list[int]:
        return self.table.humans()

    def name(self, seat: int | None) -> str:
        return self.ctx.name(seat)

    def names(self) -> list[str]:
        return [s.name for s in self.session.seats]

    def words(self, text: str) -> str:
        return self.ctx.words(text)

    def is_my_turn(self) -> bool:
        """The seat to act is a person and their view is on screen."""
        return self.table.is_my_turn()

    @property
    def turn(self) -> Turn:
        """Who acts now and what is asked: the one answer the status line, the seat panels
        and the curtain read (the controller's, with the move the table is still showing)."""
        return self.table.turn(self.last_actor if self.telling_move() else None)

    def refuse(self, reason: str) -> None:
        self.status_note = reason
        self.status_seat = None
        self.status_warning = True
        self.app.sound.play("error")
