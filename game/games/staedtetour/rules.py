"""Städtetour, the rules as a state machine (no pygame).

Rule clause ids (STT-n) refer to seeds/staedtetour.md. The tour guide draws a ticket; the bus
then drives stop by stop. Where the road forks, the tour guide chooses the way (one action
each); elsewhere the bus drives on by itself. It stops early at any player's destination,
and that player takes every face-up ticket (and the star, if one lies there).
"""
from __future__ import annotations

import dataclasses
from collections import deque
from functools import lru_cache
from typing import Any

from game.assets import game_data
from game.core.protocol import (Action, GameState, IllegalAction, log_to_json, top_seats,
                                seat_token)
from game.core.rng import Rng

GAME_ID = "staedtetour"
SINGLE, RETURN, ROUND = "single", "return", "round"
TICKET_NAMES = {SINGLE: "single ticket", RETURN: "return ticket", ROUND: "round trip ticket"}

# Phases
PLACE, DRAW, DRIVE, OVER = "place", "draw", "drive", "over"
# How the bus moves this turn
FORWARD, TURNED, TO_DESTINATION = "forward", "turned", "to_destination"


# ---- data ---------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Destination:
    stop: str
    country: str
    capital: str
    note: str


CARDS = game_data(GAME_ID)
TICKET_COUNTS: dict[str, int] = {SINGLE: CARDS["tickets"]["single"], RETURN: CARDS["tickets"]["return"],
                                 ROUND: CARDS["tickets"]["round"]}
STARS = int(CARDS["tickets"]["stars"])
DESTINATIONS: dict[str, Destination] = {
    d["stop"]: Destination(d["stop"], d["country"], d["capital"], d["note"]) for d in CARDS["destinations"]}
DESTINATION_KEYS = tuple(sorted(DESTINATIONS))
assert sum(TICKET_COUNTS.values()) == 47 and len(DESTINATIONS) == 28, "cards.toml: 47 tickets, 28 cards"


@dataclasses.dataclass(frozen=True)
class Network:
    """The road network of the board: stops and who is next to whom."""

    labels: dict[str, str]
    kinds: dict[str, str]                      # "destination" or "stop"
    neighbours: dict[str, tuple[str, ...]]

    def intermediate_stops(self) -> list[str]:
        return sorted(k for k, kind in self.kinds.items() if kind != "destination")

    def distances(self, source: str) -> dict[str, int]:
        return _distances(self, source)


@lru_cache(maxsize=128)
def _distances(network: Network, source: str) -> dict[str, int]:
    dist = {source: 0}
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there in network.neighbours[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def _network_hash(self: Network) -> int:
    return id(self)


Network.__hash__ = _network_hash  # type: ignore[assignment]  # one network per map: identity


@lru_cache(maxsize=1)
def network() -> Network:
    """The board's road network, read from maps/staedtetour.tmx (no pygame)."""
    from game.assets import path
    from game.core.board import BoardError, load_board
    board = load_board(path("maps", "staedtetour.tmx"))
    labels = {key: str(node.props.get("label", key)) for key, node in board.nodes.items()}
    kinds = {key: node.kind for key, node in board.nodes.items()}
    links: dict[str, set[str]] = {key: set() for key in board.nodes}
    for edge in board.edges:
        links[edge.a].add(edge.b)
        links[edge.b].add(edge.a)
    missing = [k for k in DESTINATIONS if kinds.get(k) != "destination"]
    if missing:
        raise BoardError(f"The map staedtetour.tmx lacks the destinations {', '.join(missing)}.")
    return Network(labels, kinds, {k: tuple(sorted(v)) for k, v in links.items()})


def place_name(stop: str) -> str:
    label = network().labels.get(stop, stop)
    if stop in DESTINATIONS:
        return f"{label} ({DESTINATIONS[stop].country})"
    return label


# ---- actions ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class PlaceBus(Action):
    """The first tour guide sets the bus on an intermediate stop, its back to `behind` (STT-5)."""
    stop: str
    behind: str


@dataclasses.dataclass(frozen=True)
class DrawTicket(Action):
    """Pull a ticket out of the bag and lay it face up (STT-8)."""


@dataclasses.dataclass(frozen=True)
class Drive(Action):
    """At a fork, the tour guide chooses the road: the bus drives on to `to` (STT-12)."""
    to: str


ACTION_TYPES = (PlaceBus, DrawTicket, Drive)


# ---- the state ----------------------------------------------------------------------------

class StaedtetourState(GameState):
    game_id = GAME_ID

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        n = num_players
        self.seed = 0
        self.options: dict[str, Any] = {}
        self.rng = Rng(0)
        self.phase = DRAW
        self.guide = 0
        self.bus = ""
        self.behind = ""
        self.mode = FORWARD
        self.steps_left = 0
        self.bag: list[str] = []
        self.row: list[str] = []             # face-up tickets, oldest first
        self.star_on_row = False
        self.stars_left = STARS              # stars not yet placed on a ticket
        self.tickets = [0] * n               # each seat's pile
        self.stars = [0] * n
        self.hands: list[str] = [""] * n     # each seat's secret destination
        self.draw_pile: list[str] = []       # the top is the end of the list
        self.discard: list[str] = []         # face up
        self.route: list[str] = []           # stops the bus reached this turn
        self.forks: list[list[Any]] = []     # public record: [seat, stop, behind, options, chosen, mode, target?]
        self.card_since = [0] * n            # index in `forks` when each seat's card was drawn
        self.passed: list[list[str]] = [[] for _ in range(n)]   # destinations the bus reached since
        self.claims: list[list[Any]] = []    # [seat, stop, tickets, star]
        self.turns = 0
        self.ended_by = ""

    # ---- setup (STT-3 .. STT-7) -------------------------------------------------------------
    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, Any]) -> "StaedtetourState":
        state = cls(num_players)
        state.seed = seed
        state.options = dict(options)
        rng = state.rng = Rng(seed)
        state.bag = [kind for kind, count in TICKET_COUNTS.items() for _ in range(count)]
        rng.shuffle(state.bag)                                   # STT-3
        state.draw_pile = list(DESTINATION_KEYS)
        rng.shuffle(state.draw_pile)                             # STT-4
        for seat in range(num_players):
            state.hands[seat] = state.draw_pile.pop()
        if options.get("start", "random") == "choose":            # STT-5
            state.phase = PLACE
            state.note(f"{seat_token(0)} places the bus on a stop of their choice.", seat=0)
        else:
            stops = network().intermediate_stops()
            state.bus = stops[rng.below(len(stops))]
            ways = network().neighbours[state.bus]
            state.behind = ways[rng.below(len(ways))]
            state.phase = DRAW
            state.note(f"The bus waits at {place_name(state.bus)}, its back to "
                       f"{place_name(state.behind)}. {seat_token(0)} is the first tour guide.")
        return state

    # ---- protocol -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.guide

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        if self.phase == DRAW:
            return [DrawTicket()]
        if self.phase == DRIVE:
            return [Drive(stop) for stop in self.next_stops()]
        if self.phase == PLACE:
            net = network()
            return [PlaceBus(stop, behind) for stop in net.intermediate_stops()
                    for behind in net.neighbours[stop]]
        return []

    def next_stops(self) -> list[str]:
        """Where the bus may drive next in this move."""
        net = network()
        ways = net.neighbours[self.bus]
        if self.mode == TURNED:                                   # STT-10
            return [self.behind]
        if self.mode == TO_DESTINATION:                           # STT-11, STT-26
            dist = net.distances(self.hands[self.guide])
            here = dist[self.bus]
            return [w for w in ways if dist[w] == here - 1]
        return [w for w in ways if w != self.behind]              # STT-9

    # ---- applying ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, DrawTicket):
            self._draw_ticket()
        elif isinstance(action, Drive):
            self._record_fork(action.to)
            self._step(action.to)
            self._drive_on()
        elif isinstance(action, PlaceBus):
            self.bus, self.behind = action.stop, action.behind
            self.phase = DRAW
            self.note(f"{seat_token(self.guide)} places the bus at {place_name(self.bus)}, its back to "
                      f"{place_name(self.behind)}.", seat=self.guide)
        else:  # pragma: no cover
            raise IllegalAction(f"unknown action {action!r}")

    def _draw_ticket(self) -> None:
        guide = self.guide
        self.reveal()
        kind = self.bag.pop()
        self.row.append(kind)
        self.route = [self.bus]
        count = len(self.row)
        text = f"{seat_token(guide)} draws a {TICKET_NAMES[kind]}"
        if kind == ROUND:                                         # STT-11
            self.stars_left -= 1
            self.star_on_row = True
            self.mode = TO_DESTINATION
            self.steps_left = 10 ** 6   # until the destination is reached
            self.note(text + ": a star goes on it, and the bus drives to their destination.", seat=guide)
            if self.bus == self.hands[guide]:
                self._claim(guide)
                return
        elif kind == RETURN:                                      # STT-10
            self.mode = TURNED
            self.steps_left = count
            self.note(text + f": the bus turns round and drives {count} stop{'s' if count > 1 else ''}.",
                      seat=guide)
        else:                                                     # STT-9
            self.mode = FORWARD
            self.steps_left = count
            self.note(text + f": the bus drives {count} stop{'s' if count > 1 else ''} on.", seat=guide)
        self._drive_on()

    def _record_fork(self, chosen: str) -> None:
        self.forks.append([self.guide, self.bus, self.behind, self.next_stops(), chosen, self.mode,
                           self.steps_left])

    def _step(self, to: str) -> None:
        self.behind, self.bus = self.bus, to
        self.route.append(to)
        self.steps_left -= 1
        if self.mode == TURNED:
            self.mode = FORWARD   # turned round once; it drives on forward from here

    def _drive_on(self) -> None:
        """Drive on by itself until a fork, a destination that someone holds, or the end."""
        while True:
            holder = self._holder(self.bus) if len(self.route) > 1 else None
            if holder is not None:                                # STT-13, STT-14
                self._claim(holder)
                return
            if self.steps_left <= 0:
                self._end_turn()
                return
            ways = self.next_stops()
            if len(ways) > 1:                                     # STT-12
                self.phase = DRIVE
                return
            self._step(ways[0])

    def _holder(self, stop: str) -> int | None:
        if stop not in DESTINATIONS:
            return None
        for seat, card in enumerate(self.hands):
            if card == stop:
                return seat
        for seat in range(self.num_players):
            if stop not in self.passed[seat]:
                self.passed[seat].append(stop)   # public: nobody holds this one now
        return None

    def _claim(self, seat: int) -> None:
        stop = self.bus
        won = len(self.row)
        star = self.star_on_row
        self.tickets[seat] += won                                 # STT-14
        if star:
            self.stars[seat] += 1
        self.claims.append([seat, stop, won, star])
        self.row = []
        self.star_on_row = False
        self.discard.append(stop)                                 # STT-15
        self.reveal()
        star_text = " and the star" if star else ""
        who = "their own" if seat == self.guide else f"{seat_token(seat)}'s"
        self.note(f"Stop! The bus reaches {place_name(stop)}, {who} destination: {seat_token(seat)} takes "
                  f"{won} ticket{'s' if won != 1 else ''}{star_text}.", seat=seat)
        self._new_card(seat)
        if sum(self.stars) >= STARS:                               # STT-17
            self.ended_by = "stars"
            self._finish()
            return
        self._end_turn()

    def _new_card(self, seat: int) -> None:
        if not self.draw_pile:                                    # STT-16
            self.draw_pile = self.discard
            self.discard = []
            self.rng.shuffle(self.draw_pile)
            self.note("The destination pile is empty: the used cards are shuffled into a new pile.")
        self.hands[seat] = self.draw_pile.pop()
        self.card_since[seat] = len(self.forks)
        self.passed[seat] = []
        self.note(f"{seat_token(seat)} draws a new destination card.", seat=seat, private_seat=seat,
                  private_text=f"Your new destination: {place_name(self.hands[seat])}.")

    def _end_turn(self) -> None:
        self.turns += 1
        if self.phase == OVER:
            return
        self.guide = (self.guide + 1) % self.num_players          # STT-18
        self.mode = FORWARD
        self.steps_left = 0
        if not self.bag:                                          # STT-19
            self.ended_by = "bag"
            self._finish()
            return
        self.phase = DRAW

    def _finish(self) -> None:
        self.phase = OVER
        winners = self.winners()
        names = " and ".join(seat_token(w) for w in winners)
        why = "the fifth star is taken" if self.ended_by == "stars" else "the bag is empty"
        self.note(f"The game ends: {why}. {names} win{'s' if len(winners) == 1 else ''}.")

    # ---- scores (STT-20, STT-21) -----------------------------------------------------------
    def star_value(self) -> int:
        return int(self.options.get("star_value", 3))

    def scores(self) -> list[int]:
        value = self.star_value()
        return [self.tickets[s] + value * self.stars[s] for s in range(self.num_players)]

    def score_breakdown(self) -> list[tuple[str, list[int]]]:
        value = self.star_value()
        return [("Tickets", list(self.tickets)),
                (f"Stars (x{value})", [value * s for s in self.stars])]

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        return top_seats(self.scores())

    # ---- information ------------------------------------------------------------------------
    def bag_counts(self) -> dict[str, int]:
        counts = {kind: 0 for kind in TICKET_COUNTS}
        for kind in self.bag:
            counts[kind] += 1
        return counts

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "seat": seat,
            "num_players": self.num_players,
            "phase": self.phase,
            "guide": self.guide,
            "bus": self.bus,
            "behind": self.behind,
            "mode": self.mode,
            "steps_left": self.steps_left if self.mode != TO_DESTINATION else None,
            "next_stops": self.next_stops() if self.phase == DRIVE and seat == self.guide else [],
            "row": list(self.row),
            "star_on_row": self.star_on_row,
            "stars_left": self.stars_left,
            "tickets": list(self.tickets),
            "stars": list(self.stars),
            "destination": self.hands[seat] if seat is not None else None,
            "bag_count": len(self.bag),
            "bag_counts": self.bag_counts(),   # public: every drawn ticket lies face up or in a pile
            "draw_pile_count": len(self.draw_pile),
            "discard": list(self.discard),
            "route": list(self.route),
            "forks": [list(f) for f in self.forks],
            "card_since": list(self.card_since),
            "passed": [list(p) for p in self.passed],
            "claims": [list(c) for c in self.claims],
            "scores": self.scores(),
            "star_value": self.star_value(),
            "winners": self.winners(),
            "ended_by": self.ended_by,
            "log": [list(x) for x in self.log_for(seat, last=120)],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME_ID, "num_players": self.num_players, "seed": self.seed, "options": self.options,
            "rng": self.rng.to_json(), "phase": self.phase, "guide": self.guide, "bus": self.bus,
            "behind": self.behind, "mode": self.mode, "steps_left": self.steps_left, "bag": list(self.bag),
            "row": list(self.row), "star_on_row": self.star_on_row, "stars_left": self.stars_left,
            "tickets": list(self.tickets), "stars": list(self.stars), "hands": list(self.hands),
            "draw_pile": list(self.draw_pile), "discard": list(self.discard), "route": list(self.route),
            "forks": [list(f) for f in self.forks], "card_since": list(self.card_since),
            "passed": [list(p) for p in self.passed], "claims": [list(c) for c in self.claims],
            "turns": self.turns, "ended_by": self.ended_by, "info_epoch": self.info_epoch,
            "log": log_to_json(self.log),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "StaedtetourState":
        state = cls._restored(data)
        for key in ("phase", "guide", "bus", "behind", "mode", "steps_left", "star_on_row", "stars_left",
                    "turns", "ended_by"):
            setattr(state, key, data[key])
        for key in ("bag", "row", "tickets", "stars", "hands", "draw_pile", "discard", "route",
                    "card_since"):
            setattr(state, key, list(data[key]))
        state.forks = [list(f) for f in data["forks"]]
        state.passed = [list(p) for p in data["passed"]]
        state.claims = [list(c) for c in data["claims"]]
        return state

    def clone(self) -> "StaedtetourState":
        twin = self._twin()
        for key in ("bag", "row", "tickets", "stars", "hands", "draw_pile", "discard", "route",
                    "card_since", "claims"):
            setattr(twin, key, list(getattr(self, key)))
        twin.passed = [list(p) for p in self.passed]
        twin.forks = list(self.forks)   # entries are never changed once written
        return twin

    # ---- words ------------------------------------------------------------------------------
    def describe(self, action: Action) -> str:
        if isinstance(action, DrawTicket):
            return "Pull a ticket out of the bag"
        if isinstance(action, Drive):
            return f"Drive on to {place_name(action.to)}"
        if isinstance(action, PlaceBus):
            return f"Place the bus at {place_name(action.stop)}, its back to {place_name(action.behind)}"
        return repr(action)

    def explain_illegal(self, action: Action) -> str:
        if self.phase == DRAW:
            return "First pull a ticket out of the bag."
        if self.phase == PLACE:
            return "First place the bus on an intermediate stop (not a destination)."
        if self.phase == DRIVE:
            if isinstance(action, Drive):
                if self.mode == TO_DESTINATION:
                    return "On a round trip the bus takes a shortest way to your destination."
                return "The bus cannot go that way: choose one of the roads ahead of it."
            return "Choose which way the bus drives on."
        return "That is not allowed right now."


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> StaedtetourState:
    return StaedtetourState.new(num_players, seed, options)


def load_state(data: dict[str, Any]) -> StaedtetourState:
    return StaedtetourState.from_json(data)
