"""The table's controller: who looks at the screen, whose move it is, when the curtain comes
down, what a bot is asked, and what a game scene may read. No pygame here, so all of it is
tested without a window.

Between two people at one screen the curtain comes down before a person's turn whenever the
one who looked last was someone else; while bots play, a person's secrets are off the screen.
"""
from __future__ import annotations

import dataclasses
from typing import Any
from collections.abc import Callable

from game.core.ai.bots import BOT_SETTINGS
from game.core.protocol import CHANCE, Action, Event, IllegalAction, fill_names
from game.core.session import Seat, Session

#: minimum time a bot seems to think, by the "bot pace" setting, in seconds
BOT_PACES = {"off": 0.0, "fast": 0.35, "normal": 0.8, "slow": 1.4}


@dataclasses.dataclass(frozen=True)
class Next:
    """What the table does next: `kind` is one of
    over       the game is over (show the results)
    bot        seat `seat` is a bot: ask it
    curtain    seat `seat` is a person and someone else looked last: curtain first
    show       seat `seat` is a person: show their view (their turn begins)
    wait       the seat to act already looks at the screen: wait for their click
    """

    kind: str
    seat: int | None = None


@dataclasses.dataclass(frozen=True)
class Turn:
    """Whose turn it is and what is asked, the one answer the status line, the seat panels,
    the curtain and the prompt all read (so they cannot disagree). `phase` is one of

    over    the game is over (`seat` is None)
    act     the person at `seat` acts: their view is on the screen, their prompt is shown
    pass    the person at `seat` is to act, but the screen waits for them (the curtain)
    think   the bot at `seat` is choosing
    show    a move of `seat` is being shown (its pieces still move); nobody acts yet

    `decision` is the kind of the pending decision (`GameState.decision()`, public), for the
    seat to act; `again` says why it is asked anew rather than reached by a move: "undo",
    "redo" or "load" ("" after a move)."""

    phase: str
    seat: int | None
    decision: str = ""
    again: str = ""

    @property
    def acting(self) -> bool:
        """A person is asked and may click now."""
        return self.phase == "act"


class TableContext:
    """All a game scene may read: the viewer's view and legal actions, words for actions, the
    seats' names and colours, the log and the last move's events as the viewer may know them.

    It never hands out the session's state: a scene cannot show what its viewer may not see."""

    def __init__(self, table: TableController) -> None:
        self._table = table
        self.view: dict[str, Any] = {}
        self.legal: list[Action] = []
        self.log: list[tuple[int | None, str]] = []
        self.last_events: list[Event] = []
        #: bumped at every refresh: a scene keeps per-view things (a card half chosen) until it changes
        self.version = 0
        self.refresh()

    def refresh(self) -> None:
        """Read the viewer's view, legal actions and log anew (after a move, an undo, or when
        someone else looks at the screen), and tell the table's listener."""
        table = self._table
        state = table.session.state
        self.view = state.view(table.viewer)
        self.legal = state.legal_actions() if table.is_my_turn() else []
        self.log = table.session.log_for(table.viewer, last=120)
        self.version += 1
        if table.on_refresh is not None:
            table.on_refresh()

    # ---- who ----------------------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        return self._table.viewer

    @property
    def to_act(self) -> int | None:
        """The seat to act (None when the game is over)."""
        return self._table.to_act()

    @property
    def is_over(self) -> bool:
        return self._table.session.state.is_over

    def is_my_turn(self) -> bool:
        return self._table.is_my_turn()

    @property
    def seats(self) -> list[Seat]:
        return self._table.session.seats

    def name(self, seat: int | None) -> str:
        return "Nobody" if seat is None else self.seats[seat].name

    def words(self, text: str) -> str:
        """A rules text with seat tokens turned into the seats' names."""
        return fill_names(text, [s.name for s in self.seats])

    @property
    def moves_made(self) -> int:
        return len(self._table.session.actions)

    # ---- what the viewer may do ---------------------------------------------------------------
    def describe(self, action: Action) -> str:
        return self._table.session.state.describe(action)

    def explain(self, action: Action) -> str:
        """Why `action` is refused now, in words for the status line ("" if it is allowed)."""
        state = self._table.session.state
        if not self.is_my_turn():
            seat = self.to_act
            return "The game is over." if seat is None else f"It is {self.name(seat)}'s turn."
        if state.is_legal(action):   # not only the listed ones: large action spaces list a sample
            return ""
        return state.explain_illegal(action)

    def results(self) -> tuple[list[int], list[int]]:
        """Final scores and winners (only once the game is over)."""
        state = self._table.session.state
        return (state.scores(), state.winners()) if state.is_over else ([], [])


class TableController:
    """The session at the table: viewer, curtain and turns."""

    def __init__(self, session: Session, *, hidden_information: bool = True) -> None:
        self.session = session
        self.hidden_information = hidden_information
        self.awaiting_curtain = False
        self.viewer: int | None = self._initial_viewer()
        self.last_actor: int | None = None
        #: the pending decision is asked anew (after an undo, a redo or a load), not reached by
        #: a move: the status line says so; the next move clears it
        self.asked_again = "load" if session.actions else ""
        #: called after every refresh of the context (the frame updates its buttons and the scene)
        self.on_refresh: Callable[[], None] | None = None
        self.context = TableContext(self)

    # ---- seats ------------------------------------------------------------------------------
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.session.seats) if not seat.is_bot]

    def to_act(self) -> int | None:
        seat = self.session.state.current_player
        return None if seat is None or seat is CHANCE else seat

    def _initial_viewer(self) -> int | None:
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        return None   # no one yet: with several people the curtain comes down first

    def is_my_turn(self) -> bool:
        """The seat to act is a person and their view is on screen."""
        seat = self.to_act()
        return (seat is not None and not self.session.seats[seat].is_bot and self.viewer == seat
                and not self.awaiting_curtain)

    def turn(self, showing: int | None = None) -> Turn:
        """Who acts now and what is asked (see `Turn`); `showing` is the seat whose move the
        table is still showing (its animation runs), if any."""
        state = self.session.state
        if showing is not None:
            return Turn("show", showing, again=self.asked_again)
        seat = self.to_act()
        if seat is None:
            return Turn("over", None)
        decision = state.decision()
        if self.session.seats[seat].is_bot:
            phase = "think"
        elif self.is_my_turn():
            phase = "act"
        else:
            phase = "pass"
        return Turn(phase, seat, decision, self.asked_again)

    def bot_to_act(self) -> bool:
        seat = self.to_act()
        return seat is not None and self.session.seats[seat].is_bot

    # ---- what comes next ----------------------------------------------------------------------
    def next(self) -> Next:
        """What the table should do now (see `Next`); changes the viewer where that is safe."""
        seat = self.to_act()
        if seat is None:
            return Next("over")
        if self.session.seats[seat].is_bot:
            if len(self.humans()) > 1 and self.viewer is not None:
                self._set_viewer(None)   # one person's secrets stay hidden while bots play
            return Next("bot", seat)
        if self.viewer == seat or self.awaiting_curtain:
            return Next("wait", seat)
        if len(self.humans()) > 1 and self.hidden_information:
            self.awaiting_curtain = True
            self._set_viewer(None)
            return Next("curtain", seat)
        self._set_viewer(seat)
        return Next("show", seat)

    def lift_curtain(self, seat: int) -> None:
        """The person at `seat` says they are the one looking now."""
        self.awaiting_curtain = False
        self._set_viewer(seat)

    def _set_viewer(self, seat: int | None) -> None:
        self.viewer = seat
        self.context.refresh()

    # ---- moves --------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply a move of the seat to act (IllegalAction leaves everything unchanged); returns
        its events as the viewer may know them, also kept in `context.last_events`."""
        seat = self.to_act()
        if seat is None:
            raise IllegalAction("The game is over.")
        events = self.session.apply(action)
        self.last_actor = seat
        self.asked_again = ""
        self.context.last_events = [e.for_viewer(self.viewer) for e in events]
        self.context.refresh()
        return self.context.last_events

    def undo(self) -> None:
        self.session.undo()
        self.asked_again = "undo"
        self.context.last_events = []
        self.context.refresh()

    def redo(self) -> None:
        self.session.redo()
        self.asked_again = "redo"
        self.context.last_events = []
        self.context.refresh()

    def said_by(self, seat: int, events: list[Event]) -> str:
        """What a bot's move said, for the status line: its last logged event."""
        lines = [e.text_for(self.viewer) for e in events if e.seat == seat and e.text_for(self.viewer)]
        return self.context.words(lines[-1]) if lines else ""

    def min_think(self, seat: int, pace: str) -> float:
        """How long a bot at `seat` seems to think at the "bot pace" setting `pace`.

        A searching bot thinks for its whole time budget when it has a real choice and answers
        at once when it has none; if the table showed that, an onlooker could tell a forced move
        from a free one (in Städtetour, where a round trip really forks). So every move of a
        bot with a time budget takes at least that budget, unless the pace is "off"."""
        floor = BOT_PACES.get(pace, BOT_PACES["normal"])
        if floor <= 0:
            return 0.0
        budget = BOT_SETTINGS.get(self.session.seats[seat].level, {}).get("time_budget")
        # the margin covers a search's last iteration and the answer's way back from the worker
        return floor if budget is None else max(floor, budget + 0.2)

    def bot_request(self, seat: int) -> tuple[dict[str, Any], list[Action], int]:
        """What a bot at `seat` is given: its own view, its legal actions, its seed."""
        state = self.session.state
        return state.view(seat), state.legal_actions(), (self.session.seed * 101 + seat) % (2 ** 63)
