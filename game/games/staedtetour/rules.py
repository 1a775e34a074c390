"""Städtetour, the rules as a state machine (no pygame).

Rule clause ids (STT-n) refer to seeds/staedtetour.md. The tour guide draws a ticket; the bus
then drives stop by stop. Where the road forks, the tour guide chooses the way (one action
each); elsewhere the bus drives on by itself. On a round trip the guide is asked at the start
and at every fork, even where only one road is a shortest way, so that the pause tells nobody
anything (STT-26). The bus stops early at any player's destination, and that player takes
every face-up ticket (and the star, if one lies there).

What each seat may see follows from the declared FIELDS: the destination cards are each
seat's own, the order of the bag and of the draw pile are secret (their sizes are public),
and the record of the forks shows only the road the bus took (STT-27); the log says that road
in words for everyone ("At Palermo, {P1} takes the road to Tunis (Tunisia).").
"""
from __future__ import annotations

import dataclasses
from collections import deque
from functools import lru_cache
from typing import Any

from game.assets import game_data
from game.core.protocol import Action, GameState, IllegalAction, decode_action, seat_token
from game.core.registry import OptionSpec
from game.core.state import ATOM, FLAT, NESTED, own, public, secret
from game.core.text import plural

GAME_ID = "staedtetour"
#: 2: on a round trip the tour guide is asked at the start and at every fork (STT-26); version 1
#: asked only where several shortest ways part. `upgrade_save` brings old saves up to date.
RULES_VERSION = 2
#: the setup's options (the spec names them: the menu never imports the rules)
OPTIONS = (
    OptionSpec("star_value", "A star is worth", tuple((v, plural(v, "ticket")) for v in range(1, 6)), 3,
               "At the end, piles are compared with each star counted as this many tickets."),
    OptionSpec("start", "Where the bus starts", (("random", "A random stop"),
                                                 ("choose", "The first tour guide chooses")),
               "random", "The bus starts on an intermediate stop, facing one of its roads."),
)
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
    """At a fork, the tour guide chooses the road: the bus drives on to `to` (STT-12). On a
    round trip it is asked at the start and at every fork, often with one road only (STT-26)."""
    to: str


ACTION_TYPES = (PlaceBus, DrawTicket, Drive)


# ---- the state ----------------------------------------------------------------------------

class StaedtetourState(GameState):
    """One game of Städtetour: the bus, the bag, the face-up tickets, the piles and the cards."""

    game_id = GAME_ID
    FIELDS = (
        public("phase", "guide", "bus", "behind", "mode", "steps_left", "star_on_row", "stars_left",
               "turns", "ended_by", shape=ATOM),
        # forks and claims are lists of records that are never changed once written: FLAT
        public("row", "bag_counts", "tickets", "stars", "discard", "route", "forks", "card_since",
               "claims", shape=FLAT),
        public("passed", shape=NESTED),
        own("destinations", shape=FLAT),
        secret("bag", "draw_pile", shape=FLAT, count=True),
    )

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        n = num_players
        self.phase = DRAW
        self.guide = 0
        self.bus = ""
        self.behind = ""
        self.mode = FORWARD
        #: stops still to drive this move; None on a round trip (until the destination)
        self.steps_left: int | None = 0
        self.bag: list[str] = []             # the last one is drawn next
        #: how many tickets of each kind are still in the bag (public: every drawn ticket
        #: lies face up or went into a pile in plain sight, STT-27)
        self.bag_counts: dict[str, int] = dict(TICKET_COUNTS)
        self.row: list[str] = []             # face-up tickets, oldest first
        self.star_on_row = False
        self.stars_left = STARS              # stars not yet placed on a ticket
        self.tickets = [0] * n               # each seat's pile
        self.stars = [0] * n
        self.destinations: list[str] = [""] * n   # each seat's secret destination card
        self.draw_pile: list[str] = []       # the top is the end of the list
        self.discard: list[str] = []         # face up
        self.route: list[str] = []           # stops the bus reached this turn
        #: public record of every fork: {seat, at, behind, to, mode, steps_left}; only the road
        #: taken, never the other ways a round trip could have taken (they tell the card)
        self.forks: list[dict[str, Any]] = []
        self.card_since = [0] * n            # index in `forks` when each seat's card was drawn
        self.passed: list[list[str]] = [[] for _ in range(n)]   # destinations the bus reached since
        self.claims: list[list[Any]] = []    # [seat, stop, tickets, star]
        self.turns = 0
        self.ended_by = ""

    # ---- setup (STT-3 .. STT-7) -------------------------------------------------------------
    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, Any]) -> StaedtetourState:
        """The seed's new game: tickets in the bag, a card for everyone, the bus on its stop."""
        state = cls.started(num_players, seed, options)
        rng = state.rng
        state.bag = [kind for kind, count in TICKET_COUNTS.items() for _ in range(count)]
        rng.shuffle(state.bag)                                   # STT-3
        state.draw_pile = list(DESTINATION_KEYS)
        rng.shuffle(state.draw_pile)                             # STT-4
        for seat in range(num_players):
            state.destinations[seat] = state.draw_pile.pop()
        if options.get("start", "random") == "choose":            # STT-5
            state.phase = PLACE
            state.emit("choose_start", f"{seat_token(0)} places the bus on a stop of their choice.",
                       seat=0)
        else:
            stops = network().intermediate_stops()
            state.bus = stops[rng.below(len(stops))]
            ways = network().neighbours[state.bus]
            state.behind = ways[rng.below(len(ways))]
            state.phase = DRAW
            state.emit("start", f"The bus waits at {place_name(state.bus)}, its back to "
                       f"{place_name(state.behind)}. {seat_token(0)} is the first tour guide.",
                       bus=state.bus, behind=state.behind, guide=0)
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

    def is_legal(self, action: Action) -> bool:
        if self.phase == DRAW:
            return isinstance(action, DrawTicket)
        if self.phase == DRIVE:
            return isinstance(action, Drive) and action.to in self.next_stops()
        return action in self.legal_actions()

    def next_stops(self) -> list[str]:
        """Where the bus may drive next in this move."""
        net = network()
        ways = net.neighbours[self.bus]
        if self.mode == TURNED:                                   # STT-10
            return [self.behind]
        if self.mode == TO_DESTINATION:                           # STT-11, STT-26
            dist = net.distances(self.destinations[self.guide])
            here = dist[self.bus]
            return [w for w in ways if dist[w] == here - 1]
        return [w for w in ways if w != self.behind]              # STT-9

    # ---- applying ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, DrawTicket):
            self._draw_ticket()
        elif isinstance(action, Drive):
            self._choose_way(action.to)
        elif isinstance(action, PlaceBus):
            self.bus, self.behind = action.stop, action.behind
            self.phase = DRAW
            if self.logging:
                self.emit("place_bus", f"{seat_token(self.guide)} places the bus at {place_name(self.bus)}, "
                          f"its back to {place_name(self.behind)}.", seat=self.guide,
                          stop=self.bus, behind=self.behind)
        else:  # pragma: no cover
            raise IllegalAction(f"unknown action {action!r}")

    def _draw_ticket(self) -> None:
        guide = self.guide
        self.reveal()
        kind = self.bag.pop()
        self.bag_counts[kind] -= 1
        self.row.append(kind)
        self.route = [self.bus]
        count = len(self.row)
        if kind == ROUND:                                         # STT-11
            self.stars_left -= 1
            self.star_on_row = True
            self.mode = TO_DESTINATION
            self.steps_left = None   # until the destination is reached
        elif kind == RETURN:                                      # STT-10
            self.mode = TURNED
            self.steps_left = count
        else:                                                     # STT-9
            self.mode = FORWARD
            self.steps_left = count
        if self.logging:
            self.emit("draw", self._draw_text(kind, count), seat=guide, ticket=kind, face_up=count,
                      star=kind == ROUND)
        if kind == ROUND and self.bus == self.destinations[guide]:   # STT-25
            self._claim(guide)
            return
        self._drive_on()

    def _draw_text(self, kind: str, count: int) -> str:
        text = f"{seat_token(self.guide)} draws a {TICKET_NAMES[kind]}"
        stops = plural(count, "stop")
        if kind == ROUND:
            return text + ": a star goes on it, and the bus drives to their destination."
        if kind == RETURN:
            return text + f": the bus turns round and drives {stops}."
        return text + f": the bus drives {stops} on."

    def _choose_way(self, to: str) -> None:
        """The tour guide's choice at a fork (STT-12): recorded in public, road taken only."""
        fork = {"seat": self.guide, "at": self.bus, "behind": self.behind, "to": to, "mode": self.mode,
                "steps_left": self.steps_left}
        self.forks.append(fork)
        if self.logging:
            self.emit("fork", self._fork_text(to), seat=self.guide, at=self.bus, to=to)
        self._drive_on(first=to)

    def _fork_text(self, to: str) -> str:
        """The road taken, in words for the log: everyone sees it on the board, so everyone
        reads it (STT-27); which other roads a round trip could have taken is not said."""
        who, here, there = seat_token(self.guide), place_name(self.bus), place_name(to)
        if to == self.behind:   # a round trip may set off the way the bus came (STT-26)
            return f"At {here}, {who} turns the bus round onto the road to {there}."
        return f"At {here}, {who} takes the road to {there}."

    def _step(self, to: str) -> None:
        self.behind, self.bus = self.bus, to
        self.route.append(to)
        if self.steps_left is not None:
            self.steps_left -= 1
        if self.mode == TURNED:
            self.mode = FORWARD   # turned round once; it drives on forward from here

    def _drive_on(self, first: str | None = None) -> None:
        """Drive on by itself (after `first`, the way chosen at a fork) until a fork, a
        destination that someone holds, or the end of the move."""
        start = len(self.route) - 1
        if first is not None:
            self._step(first)
        while True:
            holder = self._holder(self.bus) if len(self.route) > 1 else None
            if holder is not None:                                # STT-13, STT-14
                self._drove(start, first)
                self._claim(holder)
                return
            if self.steps_left is not None and self.steps_left <= 0:
                self._drove(start, first)
                self._end_turn()
                return
            ways = self.next_stops()
            if len(ways) > 1 or self._guide_steers_here():       # STT-12, STT-26
                self._drove(start, first)
                self.phase = DRIVE
                return
            self._step(ways[0])

    def _guide_steers_here(self) -> bool:
        """Whether the tour guide is asked here on a round trip even when only one way is
        shortest (STT-26): wherever the bus could go more than one way at all, i.e. at the
        start of the move (it may turn round or go on) and at every fork it passes. Asking
        only where shortest ways part would tell everyone that they part there, and that
        gives the card away (STT-27)."""
        if self.mode != TO_DESTINATION:
            return False
        roads = len(network().neighbours[self.bus])
        at_start = len(self.route) == 1
        return roads > 1 if at_start else roads > 2

    def _drove(self, start: int, chosen: str | None) -> None:
        """The event of the stretch the bus just drove, stop by stop (for the scene to
        animate); `chosen` is the road the tour guide took at the fork it began at, and
        `stops_before` how many stops the bus had already reached in this move."""
        if self.logging and len(self.route) - 1 > start:
            stops = len(self.route) - 1 - start
            self.emit("drive", f"The bus drives {plural(stops, 'stop')} to {place_name(self.route[-1])}.",
                      seat=self.guide, path=self.route[start:], chosen=chosen, stops_before=start)

    def _holder(self, stop: str) -> int | None:
        if stop not in DESTINATIONS:
            return None
        for seat, card in enumerate(self.destinations):
            if card == stop:
                return seat
        # STT-13: the bus drives through, so nobody holds this one now: everyone learns it, the
        # tour guide too, who cannot take the move back after seeing it
        self.reveal()
        for seat in range(self.num_players):
            if stop not in self.passed[seat]:
                self.passed[seat].append(stop)
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
        if self.logging:
            star_text = " and the star" if star else ""
            who = "their own" if seat == self.guide else f"{seat_token(seat)}'s"
            self.emit("claim", f"Stop! The bus reaches {place_name(stop)}, {who} destination: "
                      f"{seat_token(seat)} takes {plural(won, 'ticket')}{star_text}.",
                      seat=seat, stop=stop, tickets=won, star=star, guide=self.guide)
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
            self.emit("reshuffle", "The destination pile is empty: the used cards are shuffled into a "
                      "new pile.", cards=len(self.draw_pile))
        card = self.destinations[seat] = self.draw_pile.pop()
        self.card_since[seat] = len(self.forks)
        self.passed[seat] = []
        if self.logging:
            self.emit("new_destination", f"{seat_token(seat)} draws a new destination card.", seat=seat,
                      private_for=seat, private_text=f"Your new destination: {place_name(card)}.",
                      private={"destination": card})

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
        self.emit("game_over", f"The game ends: {why}. {names} win{'s' if len(winners) == 1 else ''}.",
                  ended_by=self.ended_by, winners=winners, scores=self.scores())

    # ---- scores (STT-20, STT-21: the highest pile wins, ties share: the default ranking) ------
    def star_value(self) -> int:
        return int(self.options.get("star_value", 3))

    def scores(self) -> list[int]:
        value = self.star_value()
        return [self.tickets[s] + value * self.stars[s] for s in range(self.num_players)]

    def score_breakdown(self) -> list[tuple[str, list[int]]]:
        value = self.star_value()
        return [("Tickets", list(self.tickets)),
                (f"Stars ({plural(value, 'ticket')} each)", [value * s for s in self.stars])]

    # ---- information ------------------------------------------------------------------------
    def view_facts(self, seat: int | None) -> dict[str, Any]:
        """The ways ahead for the tour guide at a fork (on a round trip they follow from the
        guide's own card, so only the guide is told), and the running scores."""
        return {"next_stops": self.next_stops() if self.phase == DRIVE and seat == self.guide else [],
                "scores": self.scores(), "winners": self.winners()}

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




def upgrade_save(data: dict[str, Any], version: int) -> dict[str, Any]:
    """The spec's `upgrade_save`: a save of rules `version` with its actions brought up to
    RULES_VERSION. ValueError (IllegalAction) if the old actions do not replay.

    Version 1 let the bus drive on by itself on a round trip wherever only one shortest way
    led on; version 2 asks the tour guide there too (STT-26). The old actions are replayed on
    the new rules, and each such question, which the old list cannot have, is answered with
    its one road: the game goes exactly as before."""
    if version >= RULES_VERSION:
        return data
    kinds = {cls.__name__: cls for cls in ACTION_TYPES}
    state = StaedtetourState.new(len(data["seats"]), int(data["seed"]), dict(data.get("options") or {}))
    state.logging = False
    actions: list[Any] = []

    def answer_the_forced_questions() -> None:
        while True:
            legal = state.legal_actions()
            if len(legal) != 1 or not isinstance(legal[0], Drive):
                return
            state.apply(legal[0], trusted=True)
            actions.append(legal[0].to_json())

    for index, raw in enumerate(data["actions"]):
        answer_the_forced_questions()
        try:
            state.apply(decode_action(kinds, raw))
        except ValueError as exc:
            raise ValueError(f"move {index + 1} ({raw!r}) does not replay: {exc}") from None
        actions.append(raw)
    answer_the_forced_questions()   # the old game waited further on: so does this one
    return dict(data, actions=actions)
