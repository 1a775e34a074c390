"""A game played back from its record: the state after any number of its moves, forwards and
backwards, from a save's action list, never changing the save.

A save is the seed's new game and its moves (core/session.py), so the game at move k is the
new game with the first k moves applied. Going forwards applies the next move (with the chance
steps after it, as the session does), so its events are told as they were; going backwards
starts from the nearest earlier snapshot, kept every `SNAPSHOT_EVERY` moves by the first pass
through the record (which also checks every move), and applies the moves after it.
"""
from __future__ import annotations

import bisect
from typing import Any

from .protocol import CHANCE, Event
from .session import Session

#: moves between two kept snapshots: going back never applies more than this many moves
SNAPSHOT_EVERY = 32


class Replay:
    """The game of a save's data, at any point of its record (`at` moves made).

    `session` is the game at the current point: its state, its log (`session.events`) and its
    moves so far, for the table to show. Nothing here writes a file."""

    def __init__(self, data: dict[str, Any], *, source: str = "the save") -> None:
        self.session, self._raw = Session.start_of(data, source=source)
        self.source = source
        self._snapshots: dict[int, Any] = {0: self.session.state.clone()}   # the record's start too
        #: the seat that made each move
        self.movers: list[int] = []
        #: the move counts at which a seat's turn begins (a seat acting after another one)
        self.turn_starts: list[int] = []
        # one pass through the record: every move checked (SaveError on a damaged one), the
        # snapshots kept, the turns found; then back to the start
        for index, raw in enumerate(self._raw):
            if index % SNAPSHOT_EVERY == 0 and index:
                self._snapshots[index] = self.session.state.clone()
            self._step(raw, index)
        self.finished = self.session.state.is_over
        self._all_actions = list(self.session.actions)
        self._all_events = list(self.session.events)
        self.seek(0)

    # ---- where it is ----------------------------------------------------------------------
    @property
    def total(self) -> int:
        """The moves of the record."""
        return len(self._raw)

    @property
    def at(self) -> int:
        """The moves made so far."""
        return len(self.session.actions)

    @property
    def at_end(self) -> bool:
        return self.at >= self.total

    def mover(self, count: int) -> int | None:
        """Who made move number `count` (1 = the first), None before the first."""
        return self.movers[count - 1] if 0 < count <= len(self.movers) else None

    def turn_of(self, count: int) -> int:
        """The index in `turn_starts` of the turn that the point after `count` moves is in."""
        return max(0, bisect.bisect_right(self.turn_starts, count) - 1)

    def events_of(self, count: int) -> list[Event]:
        """What move number `count` made happen (its chance steps included)."""
        return [event for index, event in self.session.events if index == count - 1]

    # ---- moving through it ----------------------------------------------------------------
    def forward(self) -> list[Event]:
        """Make the next move; returns what it made happen ([] at the end)."""
        if self.at_end:
            return []
        return self._step(self._raw[self.at], self.at)

    def back(self) -> None:
        self.seek(self.at - 1)

    def seek(self, count: int) -> None:
        """Go to the point after `count` moves (clamped to the record)."""
        count = max(0, min(self.total, count))
        if count == self.at:
            return
        if not self.at < count <= self.at + SNAPSHOT_EVERY:
            # from the nearest snapshot at or before it (the record's start at least)
            base = max(k for k in self._snapshots if k <= count)
            session = self.session
            session.state = self._snapshots[base].clone()
            session.actions = self._all_actions[:base]
            session.events = [(i, e) for i, e in self._all_events if i < base]
        while self.at < count:
            self._step(self._raw[self.at], self.at)

    # ---- inside ---------------------------------------------------------------------------
    def _step(self, raw: Any, index: int) -> list[Event]:
        seat = self.session.state.current_player
        events = self.session.apply_recorded(raw, index, self.source)
        if len(self.movers) <= index:   # the first pass: who moved, where turns begin
            mover = -1 if seat is None or seat is CHANCE else int(seat)
            self.movers.append(mover)
            if index == 0 or self.movers[index - 1] != mover:
                self.turn_starts.append(index)
        return events
