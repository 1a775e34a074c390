"""UBike Tour: Taiwan, the rules as a state machine (no pygame).

Rule clause ids (UBK-n) refer to seeds/ubike.md. A turn is Search, or Schedule in a few
steps: take a row, then play scenery cards (each one action, bikes chosen with it), then end
the Schedule. The last player of a round also discards one more row.

The state's fields are declared once (FIELDS) with who may see them: the rows, journeys and
bike storage lie face up; scenery storage and opportunity cards are each seat's own (others
see how many); the deck, the discard pile and the opportunity deck are nobody's (their sizes
are public). Saving, cloning and every seat's view follow from that declaration.
"""
from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from functools import lru_cache
from typing import Any
from collections.abc import Iterable

from game.assets import game_data
from game.core.protocol import Action, GameState, IllegalAction, decode_action, seat_token
from game.core.registry import OptionSpec
from game.core.state import ATOM, FLAT, NESTED, own, public, secret
from game.core.text import plural

GAME_ID = "ubike"
#: 2: a player waiting with 5 stored cards trades the moment a used opportunity card comes
#: back (UBK-40); under 1 they waited for their own next Schedule. See `upgrade_save`.
RULES_VERSION = 2
#: the setup's options (the spec names them: the menu never imports the rules)
OPTIONS = (
    OptionSpec("start", "Start player", (("first", "First seat"), ("random", "Random")),
               "first", "The rulebook: whoever rode a bike most recently starts. "
               "Put them in the first seat, or let the game choose."),
)
NUM_ROWS = 5
JOURNEY_LENGTH = 9          # UBK-17, UBK-28, UBK-30
STORAGE_FOR_OPPORTUNITY = 5  # UBK-22
EXTREME_VALUES = frozenset({1, 2, 14, 15})  # UBK-32
MEMORABLE_POINTS = {2: 1, 3: 3, 4: 5}        # UBK-33
# a payment counts cards in this order: one-, two-, three-bike cards, opportunity bike cards
BIKE_VALUES = (1, 2, 3, 2)                   # UBK-16, UBK-36
BIKE_CARD_NAMES = ("1-bike card", "2-bike card", "3-bike card", "opportunity bike card")


# ---- the cards ----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Card:
    number: int
    bikes: int = 0            # bike cards: 1-3 bikes; scenery cards: 0
    type: str = ""            # scenery type key
    distance: int = 0         # map pin 1-15
    place: str = ""

    @property
    def is_bike(self) -> bool:
        return self.bikes > 0


@dataclasses.dataclass(frozen=True)
class Opportunity:
    ident: int
    kind: str                 # bike, extra, markers, point, types
    title: str
    text: str
    timing: str


DATA = game_data(GAME_ID)
TYPES: dict[str, dict[str, str]] = {t["key"]: t for t in DATA["types"]}
PIN_AREAS: dict[int, str] = {p["pin"]: p["area"] for p in DATA["pins"]}
CARDS: dict[int, Card] = {}
for _c in DATA["scenery"]:
    CARDS[_c["number"]] = Card(_c["number"], 0, _c["type"], _c["distance"], _c["place"])
for _c in DATA["bikes"]:
    CARDS[_c["number"]] = Card(_c["number"], _c["bikes"])
OPPORTUNITIES: list[Opportunity] = []
for _o in DATA["opportunity"]:
    for _ in range(_o["copies"]):
        OPPORTUNITIES.append(Opportunity(len(OPPORTUNITIES), _o["kind"], _o["title"], _o["text"],
                                         _o["timing"]))
OPPORTUNITY_KINDS: dict[str, Opportunity] = {o.kind: o for o in OPPORTUNITIES}
ALL_CARD_NUMBERS = tuple(sorted(CARDS))
assert len(CARDS) == 80 and len(OPPORTUNITIES) == 25, "cards.toml must hold 80 + 25 cards"




def card_label(number: int) -> str:
    """A card in words for the log: its number and place, or its bikes."""
    card = CARDS[number]
    if card.is_bike:
        return f"{number} (bike card, {plural(card.bikes, 'bike')})"
    return f"{number} {card.place} (distance {card.distance})"


# ---- actions ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Search(Action):
    """Reveal two cards and place them in the central area (UBK-9)."""


@dataclasses.dataclass(frozen=True)
class TakeRow(Action):
    """Schedule, first step: take a whole row into your hand (UBK-14)."""
    row: int


@dataclasses.dataclass(frozen=True)
class PlayCard(Action):
    """Schedule: add a card from your hand to your journey.

    `pay` counts the bike cards given up: (one-bike cards, two-bike cards, three-bike cards,
    opportunity bike cards). All zero when the distance difference is at most 1."""
    card: int
    pay: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclasses.dataclass(frozen=True)
class EndSchedule(Action):
    """Schedule, last step: the rest of the hand goes to scenery storage; you pass (UBK-19)."""


@dataclasses.dataclass(frozen=True)
class DiscardRow(Action):
    """The round's last player discards one more row (UBK-25)."""
    row: int


@dataclasses.dataclass(frozen=True)
class Pass(Action):
    """Only when there is no row to take and nothing to search (UBK-41)."""


ACTION_TYPES = (Search, TakeRow, PlayCard, EndSchedule, DiscardRow, Pass)

# Phases of the seat to act.
TURN, PLACE, DISCARD, OVER = "turn", "place", "discard", "over"


# ---- payments -----------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def minimal_payments(needed: int, ones: int, twos: int, threes: int, opps: int
                     ) -> tuple[tuple[int, int, int, int], ...]:
    """Every way to cover `needed` bikes from which no card could be left out (UBK-16, UBK-43).

    Paying more cards than that never helps (bikes left over break ties), so these are the
    choices offered; overpaying with a bigger card than the gap stays possible."""
    if needed <= 1:
        return ((0, 0, 0, 0),)
    found = []
    for pay in itertools.product(range(ones + 1), range(twos + 1), range(threes + 1),
                                 range(opps + 1)):
        total = sum(v * n for v, n in zip(BIKE_VALUES, pay))
        if total < needed:
            continue
        if all(n == 0 or total - v < needed for v, n in zip(BIKE_VALUES, pay)):
            found.append(pay)
    return tuple(found)


# ---- the state ----------------------------------------------------------------------------

class UBikeState(GameState):
    """A game of UBike Tour in progress: the rows, every journey and storage, the decks, and
    whose turn it is in which step."""

    game_id = GAME_ID
    FIELDS = (
        public("round", "start_player", "turn", "phase", "placed", "last_search_used", shape=ATOM),
        # rows[i]: row i's cards, left to right; journeys[s]; markers[s]: the gaps with a bike
        # marker (gap i lies between journey card i-1 and i); bike_storage[s], face up (UBK-21)
        public("rows", "journeys", "markers", "bike_storage", shape=NESTED),
        # passed[s]; hand: the row taken in this Schedule; the used opportunity cards; what the
        # last Search placed, each [card, row or None, storage seat or None] (FLAT: an entry
        # is never changed, only the list replaced)
        public("passed", "hand", "opp_discard", "last_searched", shape=FLAT),
        # face down: only the owner knows which cards, everyone how many (UBK-23, UBK-45)
        own("scenery_storage", "opportunities", shape=NESTED, count=True),
        # the top of each deck is the end of its list; only their sizes are public (UBK-45)
        secret("deck", "discard", "opp_deck", shape=FLAT, count=True),
    )

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        n = num_players
        self.round = 1
        self.start_player = 0
        self.turn = 0
        self.phase = TURN
        self.placed = 0               # cards played in this Schedule
        self.last_search_used = False
        self.rows: list[list[int]] = [[] for _ in range(NUM_ROWS)]
        self.journeys: list[list[int]] = [[] for _ in range(n)]
        self.markers: list[list[int]] = [[] for _ in range(n)]
        self.bike_storage: list[list[int]] = [[] for _ in range(n)]
        self.last_searched: list[list[int | None]] = []
        self.passed = [False] * n
        self.hand: list[int] = []
        self.opp_discard: list[int] = []
        self.scenery_storage: list[list[int]] = [[] for _ in range(n)]
        self.opportunities: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.opp_deck: list[int] = []

    # ---- setup (UBK-3 .. UBK-7) ---------------------------------------------------------
    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, Any]) -> UBikeState:
        """The start of a game: decks shuffled, rows and first journey cards dealt."""
        state = cls.started(num_players, seed, options)
        rng = state.rng
        state.deck = list(ALL_CARD_NUMBERS)
        rng.shuffle(state.deck)                                   # UBK-3
        for row in state.rows:
            row.append(state.deck.pop())
        state.opp_deck = [o.ident for o in OPPORTUNITIES]
        rng.shuffle(state.opp_deck)                               # UBK-4
        for seat in range(num_players):                           # UBK-5
            returned = []
            while True:
                number = state.deck.pop()
                if CARDS[number].is_bike:
                    returned.append(number)
                else:
                    state.journeys[seat].append(number)
                    break
            state.deck[0:0] = returned[::-1]   # bike cards go back under the deck
        if options.get("start", "first") == "random":              # UBK-6
            state.start_player = rng.below(num_players)
        state.turn = state.start_player
        state._derive()
        state.emit("deal", rows=[list(r) for r in state.rows],
                   journeys=[list(j) for j in state.journeys])
        state.emit("round_start", f"Round 1 begins. {state.seat_name(state.start_player)} starts.",
                   round=1, start_player=state.start_player)
        return state

    @staticmethod
    def seat_name(seat: int) -> str:
        return seat_token(seat)

    # ---- protocol -----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def others_all_passed(self) -> bool:
        return all(self.passed[s] for s in range(self.num_players) if s != self.turn)

    def can_search(self) -> bool:
        if not (self.deck or self.discard):
            return False
        # UBK-24: once everyone else has passed, the last player may Search only once more.
        return not (self.others_all_passed() and self.last_search_used)

    def legal_actions(self) -> list[Action]:
        if self.phase == TURN:
            actions: list[Action] = [TakeRow(i) for i, row in enumerate(self.rows) if row]
            if self.can_search():
                actions.insert(0, Search())
            if not actions:
                actions.append(Pass())
            return actions
        if self.phase == PLACE:
            return [*self.playable_cards(), EndSchedule()]
        if self.phase == DISCARD:
            return [DiscardRow(i) for i, row in enumerate(self.rows) if row]
        return []

    def bike_counts(self, seat: int) -> tuple[int, int, int, int]:
        """(one-bike, two-bike, three-bike cards, opportunity bike cards) held by `seat`."""
        held = Counter(CARDS[n].bikes for n in self.bike_storage[seat])
        opps = sum(1 for o in self.opportunities[seat] if OPPORTUNITIES[o].kind == "bike")
        return held[1], held[2], held[3], opps

    def extra_cards(self, seat: int) -> int:
        """How many +1 Scenery cards `seat` holds."""
        return sum(1 for o in self.opportunities[seat] if OPPORTUNITIES[o].kind == "extra")

    def may_play_now(self) -> bool:
        """UBK-15, UBK-17, UBK-37, UBK-44: a first card, or one more for each +1 card."""
        seat = self.turn
        if len(self.journeys[seat]) >= JOURNEY_LENGTH or not self.hand:
            return False
        return self.placed == 0 or self.extra_cards(seat) > 0

    def gap_to(self, seat: int, card: int) -> int:
        """The distance difference from the last card of `seat`'s journey to `card`."""
        return abs(CARDS[card].distance - CARDS[self.journeys[seat][-1]].distance)

    def playable_cards(self) -> list[PlayCard]:
        if not self.may_play_now():
            return []
        seat = self.turn
        counts = self.bike_counts(seat)
        plays = []
        for card in self.hand:
            for pay in minimal_payments(self.gap_to(seat, card), *counts):
                plays.append(PlayCard(card, pay))
        return plays

    # ---- applying -----------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, Search):
            self._search()
        elif isinstance(action, TakeRow):
            self._take_row(action.row)
        elif isinstance(action, PlayCard):
            self._play(action)
        elif isinstance(action, EndSchedule):
            self._end_schedule()
        elif isinstance(action, DiscardRow):
            self._discard_row(action.row)
        elif isinstance(action, Pass):
            self.emit("pass", f"{self.seat_name(self.turn)} can neither search nor take a row, "
                      "and passes.", seat=self.turn)
            self.passed[self.turn] = True
            self._after_pass()
        else:  # pragma: no cover - legal_actions only yields the kinds above
            raise IllegalAction(f"unknown action {action!r}")

    def _draw(self) -> int | None:
        """The top card of the deck, reshuffling the discard pile when it is empty (UBK-10)."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.emit("reshuffle", "The deck is empty: the discard pile is shuffled into a new deck.",
                      cards=len(self.deck))
        return self.deck.pop()

    def _search(self) -> None:
        seat = self.turn
        if self.others_all_passed():
            self.last_search_used = True
        self.reveal()
        self.last_searched = []
        told = 0        # how many of the placements the log has told so far
        for _ in range(2):                                        # UBK-9
            if not self.deck:
                told = self._tell_search(seat, told)   # the log tells the reshuffle after them
            number = self._draw()
            if number is None:
                break
            row = self._row_for(number)
            if row is None:                                       # UBK-12
                left = (seat + 1) % self.num_players
                self.scenery_storage[left].append(number)
                self.last_searched.append([number, None, left])
                if self._can_exchange(left):
                    told = self._tell_search(seat, told)   # the card first, then the trade it buys
                    self._exchange(left)
            else:                                                 # UBK-11
                self.rows[row].append(number)
                self.last_searched.append([number, row, None])
        self._tell_search(seat, told)
        self._next_turn()

    def _tell_search(self, seat: int, told: int) -> int:
        """Log the placements of this Search not told yet; returns how many are told now.

        Usually one line tells both cards; when a trade or a reshuffle comes between them, the
        line stops before it and a second line tells the rest, so the log keeps the order."""
        fresh = self.last_searched[told:]
        if fresh and self.logging:
            texts = []
            for number, row, left in fresh:
                if row is None:
                    texts.append(f"{card_label(number)} is lower than every row and goes face down "
                                 f"to {self.seat_name(left)}'s scenery storage")
                else:
                    texts.append(f"{card_label(number)} goes to row {row + 1}")
            opening = f"{self.seat_name(seat)} searches: " if told == 0 else "Then "
            self.emit("search", opening + "; ".join(texts) + ".", seat=seat,
                      placed=[list(x) for x in fresh])
        return len(self.last_searched)

    def _row_for(self, number: int) -> int | None:
        best, best_end = None, 0
        for i, row in enumerate(self.rows):
            if row and best_end < row[-1] < number:
                best, best_end = i, row[-1]
        return best

    def _take_row(self, row: int) -> None:
        seat = self.turn
        cards = self.rows[row]
        self.rows[row] = []
        bikes = [c for c in cards if CARDS[c].is_bike]
        self.bike_storage[seat].extend(bikes)                     # UBK-14
        self.hand = [c for c in cards if not CARDS[c].is_bike]
        self.placed = 0
        self.phase = PLACE
        if self.logging:
            text = f"{self.seat_name(seat)} schedules and takes row {row + 1}"
            if bikes:
                total = sum(CARDS[c].bikes for c in bikes)
                text += f" ({plural(total, 'bike')} to bike storage)"
            self.emit("take_row", text + ".", seat=seat, row=row, cards=list(cards), bikes=bikes,
                      hand=list(self.hand))

    def _play(self, action: PlayCard) -> None:
        seat = self.turn
        card = CARDS[action.card]
        gap = self.gap_to(seat, action.card)
        extra = None
        if self.placed > 0:                                       # UBK-37
            extra = next(o for o in self.opportunities[seat] if OPPORTUNITIES[o].kind == "extra")
            self.opportunities[seat].remove(extra)
            self.opp_discard.append(extra)
        self.hand.remove(action.card)
        paid_bikes: list[int] = []
        paid_opps: list[int] = []
        marker = None
        if gap >= 2:                                              # UBK-16
            ones, twos, threes, opps = action.pay
            for value, count in ((1, ones), (2, twos), (3, threes)):
                for _ in range(count):
                    bike = min(c for c in self.bike_storage[seat] if CARDS[c].bikes == value)
                    self.bike_storage[seat].remove(bike)
                    self.discard.append(bike)                     # UBK-18
                    paid_bikes.append(bike)
            for _ in range(opps):                                 # UBK-36
                opp = next(o for o in self.opportunities[seat] if OPPORTUNITIES[o].kind == "bike")
                self.opportunities[seat].remove(opp)
                self.opp_discard.append(opp)
                paid_opps.append(opp)
            marker = len(self.journeys[seat])
            self.markers[seat].append(marker)                     # UBK-17
        self.journeys[seat].append(action.card)
        self.placed += 1
        if self.logging:
            extra_text = " with a +1 Scenery card" if extra is not None else ""
            paid_text = ""
            if marker is not None:
                paid = [str(CARDS[b].bikes) for b in paid_bikes] + ["2 (opportunity card)"] * len(paid_opps)
                paid_text = f", riding {gap} with bikes {' + '.join(paid)} and placing a bike marker"
            self.emit("play", f"{self.seat_name(seat)} adds {card.place} (distance {card.distance}) "
                      f"to the journey{extra_text}{paid_text}.", seat=seat, card=action.card,
                      gap=gap, paid_bikes=paid_bikes, paid_opportunities=paid_opps, extra=extra,
                      marker=marker)
        if extra is not None or paid_opps:                        # UBK-40
            self._exchange_waiting()

    def _end_schedule(self) -> None:
        seat = self.turn
        kept = list(self.hand)
        self.scenery_storage[seat].extend(kept)                   # UBK-19
        self.hand = []
        if self.logging:
            name = self.seat_name(seat)
            if kept:
                text = (f"{name} puts {plural(len(kept), 'card')} face down in "
                        f"scenery storage and passes.")
            else:
                text = f"{name} passes."
            self.emit("end_schedule", text, seat=seat, stored=len(kept), private_for=seat,
                      private={"cards": kept})
        self._exchange(seat)
        self.passed[seat] = True                                  # UBK-20
        self._after_pass()

    def _after_pass(self) -> None:
        if all(self.passed):
            # The seat that just passed was the last one: it discards one more row (UBK-25).
            if any(self.rows):
                self.phase = DISCARD
                return
            self._end_round()
            return
        self.phase = TURN
        self._next_turn()

    def _discard_row(self, row: int) -> None:
        cards = self.rows[row]
        self.rows[row] = []
        self.discard.extend(cards)
        self.emit("discard_row", f"{self.seat_name(self.turn)} discards row {row + 1} "
                  f"({', '.join(str(c) for c in cards)}).", seat=self.turn, row=row, cards=list(cards))
        self._end_round()

    def _can_exchange(self, seat: int) -> bool:
        """UBK-22, UBK-40: `seat` holds 5 stored cards and there is an opportunity card to get."""
        return (len(self.scenery_storage[seat]) >= STORAGE_FOR_OPPORTUNITY
                and bool(self.opp_deck or self.opp_discard))

    def _exchange(self, seat: int) -> None:
        """UBK-22: five stored cards buy an opportunity card at once."""
        storage = self.scenery_storage[seat]
        while self._can_exchange(seat):
            if not self.opp_deck:                                 # UBK-40
                self.opp_deck = self.opp_discard
                self.opp_discard = []
                self.rng.shuffle(self.opp_deck)
                self.emit("opportunity_reshuffle", "The opportunity deck is empty: its discard "
                          "pile is shuffled into a new one.", cards=len(self.opp_deck))
            spent = storage[:STORAGE_FOR_OPPORTUNITY]
            del storage[:STORAGE_FOR_OPPORTUNITY]
            self.discard.extend(spent)
            opp = self.opp_deck.pop()
            self.opportunities[seat].append(opp)
            self.reveal()
            self.emit("exchange", f"{self.seat_name(seat)} trades 5 stored cards for an opportunity card.",
                      seat=seat, spent=len(spent), private_for=seat,
                      private_text=f"You trade 5 stored cards for an opportunity card: "
                                   f"{OPPORTUNITIES[opp].title}.",
                      private={"opportunity": opp, "cards": spent})

    def _exchange_waiting(self) -> None:
        """UBK-40: a used opportunity card came to the discard pile; whoever has been waiting
        with 5 stored cards trades at once, from the seat to act on to the left."""
        for step in range(self.num_players):
            self._exchange((self.turn + step) % self.num_players)

    def _next_turn(self) -> None:
        """The turn passes left to the next seat that has not passed (UBK-13)."""
        for step in range(1, self.num_players + 1):
            seat = (self.turn + step) % self.num_players
            if not self.passed[seat]:
                self.turn = seat
                return

    def _end_round(self) -> None:
        refilled = []
        for i, row in enumerate(self.rows):                       # UBK-26
            if not row:
                number = self._draw()
                if number is not None:
                    row.append(number)
                    refilled.append([i, number])
        self.reveal()
        count = len(refilled)
        if count == 0:
            refill = "no row gets a new card"
        elif count == 1:
            refill = "1 new card refills the empty row"
        else:
            refill = f"{count} new cards refill the empty rows"
        self.emit("round_end", f"Round {self.round} ends; {refill}.", round=self.round, refilled=refilled)
        if (any(len(j) >= JOURNEY_LENGTH for j in self.journeys)   # UBK-28
                or not any(self.rows)):                           # UBK-41
            self.phase = OVER
            if self.logging:
                winners = self.winners()
                names = " and ".join(self.seat_name(w) for w in winners)
                self.emit("game_over", f"The game is over. {names} win{'s' if len(winners) == 1 else ''}.",
                          winners=winners, scores=self.scores())
            return
        self.round += 1
        self.start_player = (self.start_player + 1) % self.num_players   # UBK-27
        self.turn = self.start_player
        self.passed = [False] * self.num_players
        self.last_search_used = False
        self.phase = TURN
        self.emit("round_start", f"Round {self.round} begins. {self.seat_name(self.turn)} starts.",
                  round=self.round, start_player=self.start_player)

    # ---- scoring (UBK-29 .. UBK-39) -------------------------------------------------------
    def travelled(self, seat: int) -> int:
        """The distance differences along `seat`'s journey, added up (UBK-31)."""
        journey = self.journeys[seat]
        return sum(abs(CARDS[a].distance - CARDS[b].distance) for a, b in zip(journey, journey[1:]))

    def planning_points(self, dist: list[int] | None = None) -> list[int]:
        """UBK-31: 4 to the longest travel, 2 to the second longest; ties share. `dist`: the
        seats' travels when already known."""
        if dist is None:
            dist = [self.travelled(s) for s in range(self.num_players)]
        top = max(dist)
        lower = [d for d in dist if d < top]
        second = max(lower) if lower else None
        return [4 if d == top else 2 if d == second else 0 for d in dist]

    def extreme_points(self, seat: int) -> int:
        return sum(1 for c in self.journeys[seat] if CARDS[c].distance in EXTREME_VALUES)

    def memorable_points(self, seat: int) -> int:
        copies = Counter(CARDS[c].distance for c in self.journeys[seat])
        return sum(MEMORABLE_POINTS.get(k, 0) for k in copies.values())

    def master_points(self, seat: int) -> int:
        return 2 if len(self.journeys[seat]) >= JOURNEY_LENGTH else 0

    def opportunity_points(self, seat: int) -> dict[str, int]:
        kinds = Counter(OPPORTUNITIES[o].kind for o in self.opportunities[seat])
        types = Counter(CARDS[c].type for c in self.journeys[seat])
        full_types = sum(1 for k in types.values() if k >= 3)
        return {
            "markers": 2 * kinds["markers"] if len(self.markers[seat]) >= 3 else 0,
            "point": kinds["point"],
            "types": 2 * full_types * kinds["types"],
        }

    def table_breakdown(self, dist: list[int] | None = None) -> list[tuple[str, list[int]]]:
        """The four categories anyone can count on the table (UBK-30 .. UBK-33)."""
        seats = range(self.num_players)
        return [
            ("Planning Expert", self.planning_points(dist)),
            ("Extreme Traveler", [self.extreme_points(s) for s in seats]),
            ("Memorable Trips", [self.memorable_points(s) for s in seats]),
            ("Travel Master", [self.master_points(s) for s in seats]),
        ]

    def score_breakdown(self) -> list[tuple[str, list[int]]]:
        opp = [self.opportunity_points(s) for s in range(self.num_players)]
        return self.table_breakdown() + [
            ("Bike Markers cards", [o["markers"] for o in opp]),
            ("1 point cards", [o["point"] for o in opp]),
            ("Scenery type set cards", [o["types"] for o in opp]),
        ]

    def scores(self) -> list[int]:
        totals = [0] * self.num_players
        for _label, points in self.score_breakdown():
            for seat, p in enumerate(points):
                totals[seat] += p
        return totals

    def public_scores(self, dist: list[int] | None = None) -> list[int]:
        """Points anyone can count on the table (opportunity cards stay hidden until the end)."""
        parts = self.table_breakdown(dist)
        return [sum(points[s] for _label, points in parts) for s in range(self.num_players)]

    def tiebreak_bikes(self, seat: int) -> int:
        """UBK-39: bikes left on bike cards and opportunity bike cards."""
        return sum(v * n for v, n in zip(BIKE_VALUES, self.bike_counts(seat)))

    def rank_key(self, seat: int) -> tuple:
        """UBK-29, UBK-39: the score, then the bikes left; equal on both shares the place."""
        return (self.scores()[seat], self.tiebreak_bikes(seat))

    # ---- information ----------------------------------------------------------------------
    def view_facts(self, seat: int | None) -> dict[str, Any]:
        """What anyone can count on the table: the journeys' lengths in pins and their points."""
        dist = [self.travelled(s) for s in range(self.num_players)]
        return {"travelled": dist, "public_scores": self.public_scores(dist)}

    def describe(self, action: Action) -> str:
        if isinstance(action, Search):
            return "Search: reveal two cards into the central area"
        if isinstance(action, TakeRow):
            cards = ", ".join(str(c) for c in self.rows[action.row]) if 0 <= action.row < NUM_ROWS else ""
            return f"Schedule: take row {action.row + 1} ({cards})"
        if isinstance(action, PlayCard):
            card = CARDS.get(action.card)
            name = card.place if card else str(action.card)
            if sum(action.pay) == 0:
                return f"Add {name} to the journey"
            return f"Add {name} to the journey, paying {describe_payment(action.pay)}"
        if isinstance(action, EndSchedule):
            left = len(self.hand)
            return (f"End the Schedule ({plural(left, 'card')} to storage)"
                    if left else "End the Schedule")
        if isinstance(action, DiscardRow):
            return f"Discard row {action.row + 1}"
        if isinstance(action, Pass):
            return "Pass"
        return repr(action)

    def explain_illegal(self, action: Action) -> str:
        seat = self.turn
        if self.phase == PLACE and isinstance(action, (Search, TakeRow)):
            return "You are scheduling: add a card to your journey or end the Schedule."
        if self.phase == DISCARD and not isinstance(action, DiscardRow):
            return "As the last player you must now discard one more row."
        if isinstance(action, Search):
            if self.phase == TURN and not (self.deck or self.discard):
                return "There are no cards left to search."
            return "You have had your one extra Search; now you must Schedule."
        if isinstance(action, (TakeRow, DiscardRow)):
            if not 0 <= action.row < NUM_ROWS or not self.rows[action.row]:
                return "That row is empty."
            return "You cannot take a row now."
        if isinstance(action, PlayCard):
            if self.phase != PLACE:
                return "Take a row first (Schedule), then add a card from it."
            if action.card not in self.hand:
                return "That card is not in your hand."
            if len(self.journeys[seat]) >= JOURNEY_LENGTH:
                return "Your journey already has 9 cards."
            if self.placed > 0 and self.extra_cards(seat) == 0:
                return "You have already added a card; a +1 Scenery card would allow one more."
            return self.payment_problem(seat, action)
        if isinstance(action, EndSchedule):
            return "You can end a Schedule only after taking a row."
        return "That is not allowed right now."

    def payment_problem(self, seat: int, action: PlayCard) -> str:
        """Why the bikes offered in `action` do not pay for its card (UBK-16, UBK-43, UBK-48)."""
        card = CARDS[action.card]
        gap = self.gap_to(seat, action.card)
        pay = tuple(action.pay)
        if gap <= 1:
            where = "at the same pin" if gap == 0 else "one pin away"
            return f"{card.place} is {where}, so it is free: bikes pay only for 2 pins or more."
        held = self.bike_counts(seat)
        have = self.tiebreak_bikes(seat)
        if have < gap:
            return (f"{card.place} is {gap} pins from your last stop: it needs "
                    f"{plural(gap, 'bike')} and you have {have}.")
        if len(pay) != 4 or any(not isinstance(n, int) or n < 0 for n in pay):
            return "Choose how to pay the bikes for that card."
        for count, owned, name in zip(pay, held, BIKE_CARD_NAMES):
            if count > owned:
                return f"You hold {plural(owned, name)}, not {count}."
        total = sum(v * n for v, n in zip(BIKE_VALUES, pay))
        if total == 0:
            return f"{card.place} is {gap} pins from your last stop: choose how to pay the {gap} bikes."
        if total < gap:
            return (f"Those cards hold {plural(total, 'bike')}; the ride to {card.place} is "
                    f"{gap}: pay at least {gap}.")
        spare = next((name for v, n, name in zip(BIKE_VALUES, pay, BIKE_CARD_NAMES)
                      if n and total - v >= gap), None)
        if spare is None:       # a way to pay that is allowed: refused for another reason
            return "That is not allowed right now."
        return (f"Leave out a {spare}: the other cards already pay the {gap} bikes, and bikes "
                f"you keep break ties.")


def describe_payment(pay: Iterable[int]) -> str:
    counts = tuple(pay)
    parts = [plural(counts[k], BIKE_CARD_NAMES[k]) for k in (2, 1, 0, 3) if counts[k]]
    return " + ".join(parts) if parts else "nothing"




def upgrade_save(data: dict[str, Any], version: int) -> dict[str, Any]:
    """The spec's `upgrade_save`: a save of rules `version` that replays under RULES_VERSION.

    Version 2 changed only when a waiting player trades (UBK-40); the actions are the same
    kinds. So the old moves are kept and replayed on the new rules to check that each one is
    still allowed: a game where nobody waited (nearly all) replays exactly as before; where
    someone did, they now got their card earlier, and the save is refused (ValueError) only if
    a later move relied on the old order."""
    if version >= RULES_VERSION:
        return data
    state = UBikeState.new(len(data["seats"]), int(data["seed"]), dict(data.get("options") or {}))
    state.logging = False
    kinds = {cls.__name__: cls for cls in ACTION_TYPES}
    for index, raw in enumerate(data["actions"]):
        try:
            state.apply(decode_action(kinds, raw))
        except ValueError as exc:       # IllegalAction is a ValueError
            raise ValueError(f"move {index + 1} ({raw!r}) does not replay: {exc}") from None
    return dict(data, rules_version=RULES_VERSION)
