"""UBike Tour: Taiwan, the rules as a state machine (no pygame).

Rule clause ids (UBK-n) refer to seeds/ubike.md. A turn is Search, or Schedule in a few
steps: take a row, then play scenery cards (each one action, bikes chosen with it), then end
the Schedule. The last player of a round also discards one more row.
"""
from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from functools import lru_cache
from typing import Any, Iterable

from game.assets import game_data
from game.core.protocol import (Action, GameState, IllegalAction, top_seats,
                                log_to_json, seat_token)
from game.core.rng import Rng

GAME_ID = "ubike"
NUM_ROWS = 5
JOURNEY_LENGTH = 9          # UBK-17, UBK-28, UBK-30
STORAGE_FOR_OPPORTUNITY = 5  # UBK-22
EXTREME_VALUES = frozenset({1, 2, 14, 15})  # UBK-32
MEMORABLE_POINTS = {2: 1, 3: 3, 4: 5}        # UBK-33


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
    card = CARDS[number]
    if card.is_bike:
        return f"{number} (bike card, {card.bikes} bike{'s' if card.bikes > 1 else ''})"
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
    values = (1, 2, 3, 2)
    found = []
    for pay in itertools.product(range(ones + 1), range(twos + 1), range(threes + 1),
                                 range(opps + 1)):
        total = sum(v * n for v, n in zip(values, pay))
        if total < needed:
            continue
        if all(n == 0 or total - v < needed for v, n in zip(values, pay)):
            found.append(pay)
    return tuple(found)


# ---- the state ----------------------------------------------------------------------------

class UBikeState(GameState):
    game_id = GAME_ID

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        n = num_players
        self.rng = Rng(0)
        self.seed = 0
        self.options: dict[str, Any] = {}
        self.round = 1
        self.start_player = 0
        self.turn = 0
        self.phase = TURN
        self.deck: list[int] = []            # the top of the deck is the end of the list
        self.discard: list[int] = []
        self.rows: list[list[int]] = [[] for _ in range(NUM_ROWS)]
        self.journeys: list[list[int]] = [[] for _ in range(n)]
        self.markers: list[list[int]] = [[] for _ in range(n)]   # gap i: between card i-1 and i
        self.scenery_storage: list[list[int]] = [[] for _ in range(n)]
        self.bike_storage: list[list[int]] = [[] for _ in range(n)]
        self.opportunities: list[list[int]] = [[] for _ in range(n)]
        self.opp_deck: list[int] = []
        self.opp_discard: list[int] = []
        self.passed = [False] * n
        self.hand: list[int] = []
        self.placed = 0               # cards played in this Schedule
        self.last_search_used = False
        self.last_searched: list[tuple[int, int | None, int | None]] = []  # (card, row, seat)

    # ---- setup (UBK-3 .. UBK-7) ---------------------------------------------------------
    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, Any]) -> "UBikeState":
        state = cls(num_players)
        state.seed = seed
        state.options = dict(options)
        rng = state.rng = Rng(seed)
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
        state.note(f"Round 1 begins. {state.seat_name(state.start_player)} starts.")
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
        return sum(1 for o in self.opportunities[seat] if OPPORTUNITIES[o].kind == "extra")

    def may_play_now(self) -> bool:
        """UBK-15, UBK-17, UBK-37, UBK-44: a first card, or one more for each +1 card."""
        seat = self.turn
        if len(self.journeys[seat]) >= JOURNEY_LENGTH or not self.hand:
            return False
        return self.placed == 0 or self.extra_cards(seat) > 0

    def gap_to(self, seat: int, card: int) -> int:
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
            self.note(f"{self.seat_name(self.turn)} can neither search nor take a row, and passes.",
                      seat=self.turn)
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
            self.note("The deck is empty: the discard pile is shuffled into a new deck.")
        return self.deck.pop()

    def _search(self) -> None:
        seat = self.turn
        name = self.seat_name(seat)
        if self.others_all_passed():
            self.last_search_used = True
        self.reveal()
        self.last_searched = []
        texts = []
        for _ in range(2):                                        # UBK-9
            number = self._draw()
            if number is None:
                break
            row = self._row_for(number)
            if row is None:                                       # UBK-12
                left = (seat + 1) % self.num_players
                self.scenery_storage[left].append(number)
                self.last_searched.append((number, None, left))
                texts.append(f"{card_label(number)} is lower than every row and goes face down "
                             f"to {self.seat_name(left)}'s scenery storage")
                self._exchange(left)
            else:                                                 # UBK-11
                self.rows[row].append(number)
                self.last_searched.append((number, row, None))
                texts.append(f"{card_label(number)} goes to row {row + 1}")
        self.note(f"{name} searches: " + "; ".join(texts) + ".", seat=seat)
        self._next_turn()

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
        text = f"{self.seat_name(seat)} schedules and takes row {row + 1}"
        if bikes:
            total = sum(CARDS[c].bikes for c in bikes)
            text += f" ({total} bike{'s' if total != 1 else ''} to bike storage)"
        self.note(text + ".", seat=seat)

    def _play(self, action: PlayCard) -> None:
        seat = self.turn
        card = CARDS[action.card]
        gap = self.gap_to(seat, action.card)
        used_extra = self.placed > 0
        if used_extra:                                            # UBK-37
            extra = next(o for o in self.opportunities[seat] if OPPORTUNITIES[o].kind == "extra")
            self.opportunities[seat].remove(extra)
            self.opp_discard.append(extra)
        self.hand.remove(action.card)
        paid_text = ""
        if gap >= 2:                                              # UBK-16
            ones, twos, threes, opps = action.pay
            paid = []
            for value, count in ((1, ones), (2, twos), (3, threes)):
                for _ in range(count):
                    bike = min(c for c in self.bike_storage[seat] if CARDS[c].bikes == value)
                    self.bike_storage[seat].remove(bike)
                    self.discard.append(bike)                     # UBK-18
                    paid.append(str(value))
            for _ in range(opps):                                 # UBK-36
                opp = next(o for o in self.opportunities[seat] if OPPORTUNITIES[o].kind == "bike")
                self.opportunities[seat].remove(opp)
                self.opp_discard.append(opp)
                paid.append("2 (opportunity card)")
            self.markers[seat].append(len(self.journeys[seat]))  # UBK-17
            paid_text = f", riding {gap} with bikes {' + '.join(paid)} and placing a bike marker"
        self.journeys[seat].append(action.card)
        self.placed += 1
        extra_text = " with a +1 Scenery card" if used_extra else ""
        self.note(f"{self.seat_name(seat)} adds {card.place} (distance {card.distance}) to the "
                  f"journey{extra_text}{paid_text}.", seat=seat)

    def _end_schedule(self) -> None:
        seat = self.turn
        kept = len(self.hand)
        self.scenery_storage[seat].extend(self.hand)              # UBK-19
        self.hand = []
        if kept:
            self.note(f"{self.seat_name(seat)} puts {kept} card{'s' if kept != 1 else ''} "
                      f"face down in scenery storage and passes.", seat=seat)
        else:
            self.note(f"{self.seat_name(seat)} passes.", seat=seat)
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
        self.note(f"{self.seat_name(self.turn)} discards row {row + 1} "
                  f"({', '.join(str(c) for c in cards)}).", seat=self.turn)
        self._end_round()

    def _exchange(self, seat: int) -> None:
        """UBK-22: five stored cards buy an opportunity card at once."""
        storage = self.scenery_storage[seat]
        while len(storage) >= STORAGE_FOR_OPPORTUNITY:
            if not self.opp_deck and self.opp_discard:            # UBK-40
                self.opp_deck = self.opp_discard
                self.opp_discard = []
                self.rng.shuffle(self.opp_deck)
            if not self.opp_deck:                                 # UBK-40
                return
            spent = storage[:STORAGE_FOR_OPPORTUNITY]
            del storage[:STORAGE_FOR_OPPORTUNITY]
            self.discard.extend(spent)
            opp = self.opp_deck.pop()
            self.opportunities[seat].append(opp)
            self.reveal()
            self.note(f"{self.seat_name(seat)} trades 5 stored cards for an opportunity card.",
                      seat=seat, private_seat=seat,
                      private_text=f"You trade 5 stored cards for an opportunity card: "
                                   f"{OPPORTUNITIES[opp].title}.")

    def _next_turn(self) -> None:
        """The turn passes left to the next seat that has not passed (UBK-13)."""
        for step in range(1, self.num_players + 1):
            seat = (self.turn + step) % self.num_players
            if not self.passed[seat]:
                self.turn = seat
                return

    def _end_round(self) -> None:
        refilled = 0
        for row in self.rows:                                     # UBK-26
            if not row:
                number = self._draw()
                if number is not None:
                    row.append(number)
                    refilled += 1
        self.reveal()
        self.note(f"Round {self.round} ends; {refilled} new card{'s' if refilled != 1 else ''} "
                  f"refill the empty rows.")
        if (any(len(j) >= JOURNEY_LENGTH for j in self.journeys)   # UBK-28
                or not any(self.rows)):                           # UBK-41
            self.phase = OVER
            self.note("The game is over. " + self._result_text())
            return
        self.round += 1
        self.start_player = (self.start_player + 1) % self.num_players   # UBK-27
        self.turn = self.start_player
        self.passed = [False] * self.num_players
        self.last_search_used = False
        self.phase = TURN
        self.note(f"Round {self.round} begins. {self.seat_name(self.turn)} starts.")

    def _result_text(self) -> str:
        winners = self.winners()
        names = " and ".join(self.seat_name(w) for w in winners)
        return f"{names} win{'s' if len(winners) == 1 else ''}."

    # ---- scoring (UBK-29 .. UBK-39) -------------------------------------------------------
    def travelled(self, seat: int) -> int:
        journey = self.journeys[seat]
        return sum(abs(CARDS[a].distance - CARDS[b].distance) for a, b in zip(journey, journey[1:]))

    def planning_points(self) -> list[int]:
        """UBK-31: 4 to the longest travel, 2 to the second longest; ties share."""
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

    def score_breakdown(self) -> list[tuple[str, list[int]]]:
        seats = range(self.num_players)
        opp = [self.opportunity_points(s) for s in seats]
        return [
            ("Planning Expert", self.planning_points()),
            ("Extreme Traveler", [self.extreme_points(s) for s in seats]),
            ("Memorable Trips", [self.memorable_points(s) for s in seats]),
            ("Travel Master", [self.master_points(s) for s in seats]),
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

    def tiebreak_bikes(self, seat: int) -> int:
        """UBK-39: bikes left on bike cards and opportunity bike cards."""
        ones, twos, threes, opps = self.bike_counts(seat)
        return ones + 2 * twos + 3 * threes + 2 * opps

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        return top_seats(self.scores(), self.tiebreak_bikes)

    # ---- information ----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        players = []
        for s in range(self.num_players):
            mine = seat == s
            players.append({
                "journey": list(self.journeys[s]),
                "markers": list(self.markers[s]),
                "bike_storage": sorted(self.bike_storage[s]),
                "scenery_storage_count": len(self.scenery_storage[s]),
                "scenery_storage": sorted(self.scenery_storage[s]) if mine else None,
                "opportunity_count": len(self.opportunities[s]),
                "opportunities": list(self.opportunities[s]) if mine else None,
                "passed": self.passed[s],
                "travelled": self.travelled(s),
                "tiebreak_bikes": self.tiebreak_bikes(s) if mine else None,
            })
        return {
            "game": GAME_ID,
            "seat": seat,
            "num_players": self.num_players,
            "round": self.round,
            "start_player": self.start_player,
            "turn": self.turn,
            "phase": self.phase,
            "rows": [list(r) for r in self.rows],
            "deck_count": len(self.deck),
            "discard_count": len(self.discard),
            "opp_deck_count": len(self.opp_deck),
            "opp_discard": list(self.opp_discard),
            "hand": list(self.hand),
            "placed": self.placed,
            "last_search_used": self.last_search_used,
            "last_searched": [list(x) for x in self.last_searched],
            "players": players,
            "public_scores": self.public_scores(),
            "over": self.is_over,
            "scores": self.scores() if self.is_over else None,
            "winners": self.winners(),
            "log": [list(x) for x in self.log_for(seat, last=120)],
        }

    def public_scores(self) -> list[int]:
        """Points anyone can count on the table (opportunity cards stay hidden until the end)."""
        parts = self.score_breakdown()[:4]
        return [sum(points[s] for _label, points in parts) for s in range(self.num_players)]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "rng": self.rng.to_json(),
            "round": self.round,
            "start_player": self.start_player,
            "turn": self.turn,
            "phase": self.phase,
            "deck": list(self.deck),
            "discard": list(self.discard),
            "rows": [list(r) for r in self.rows],
            "journeys": [list(j) for j in self.journeys],
            "markers": [list(m) for m in self.markers],
            "scenery_storage": [list(s) for s in self.scenery_storage],
            "bike_storage": [list(s) for s in self.bike_storage],
            "opportunities": [list(o) for o in self.opportunities],
            "opp_deck": list(self.opp_deck),
            "opp_discard": list(self.opp_discard),
            "passed": list(self.passed),
            "hand": list(self.hand),
            "placed": self.placed,
            "last_search_used": self.last_search_used,
            "last_searched": [list(x) for x in self.last_searched],
            "info_epoch": self.info_epoch,
            "log": log_to_json(self.log),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "UBikeState":
        state = cls._restored(data)
        for key in ("round", "start_player", "turn", "phase", "placed", "last_search_used"):
            setattr(state, key, data[key])
        for key in ("deck", "discard", "opp_deck", "opp_discard", "hand", "passed"):
            setattr(state, key, list(data[key]))
        for key in ("rows", "journeys", "markers", "scenery_storage", "bike_storage",
                    "opportunities"):
            setattr(state, key, [list(x) for x in data[key]])
        state.last_searched = [tuple(x) for x in data["last_searched"]]  # type: ignore[misc]
        return state

    def clone(self) -> "UBikeState":
        twin = UBikeState.__new__(UBikeState)
        twin.num_players = self.num_players
        twin.info_epoch = self.info_epoch
        twin.logging = self.logging
        twin.log = list(self.log) if self.logging else []
        twin.rng = self.rng.copy()
        twin.seed = self.seed
        twin.options = self.options
        twin.round = self.round
        twin.start_player = self.start_player
        twin.turn = self.turn
        twin.phase = self.phase
        twin.deck = self.deck[:]
        twin.discard = self.discard[:]
        twin.rows = [r[:] for r in self.rows]
        twin.journeys = [j[:] for j in self.journeys]
        twin.markers = [m[:] for m in self.markers]
        twin.scenery_storage = [s[:] for s in self.scenery_storage]
        twin.bike_storage = [s[:] for s in self.bike_storage]
        twin.opportunities = [o[:] for o in self.opportunities]
        twin.opp_deck = self.opp_deck[:]
        twin.opp_discard = self.opp_discard[:]
        twin.passed = self.passed[:]
        twin.hand = self.hand[:]
        twin.placed = self.placed
        twin.last_search_used = self.last_search_used
        twin.last_searched = self.last_searched[:]
        return twin

    # ---- words ----------------------------------------------------------------------------
    def describe(self, action: Action) -> str:
        if isinstance(action, Search):
            return "Search: reveal two cards into the central area"
        if isinstance(action, TakeRow):
            cards = ", ".join(str(c) for c in self.rows[action.row]) if action.row < NUM_ROWS else ""
            return f"Schedule: take row {action.row + 1} ({cards})"
        if isinstance(action, PlayCard):
            card = CARDS.get(action.card)
            name = card.place if card else str(action.card)
            if sum(action.pay) == 0:
                return f"Add {name} to the journey"
            return f"Add {name} to the journey, paying {describe_payment(action.pay)}"
        if isinstance(action, EndSchedule):
            left = len(self.hand)
            return (f"End the Schedule ({left} card{'s' if left != 1 else ''} to storage)"
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
            gap = self.gap_to(seat, action.card)
            have = self.tiebreak_bikes(seat)
            if gap >= 2 and have < gap:
                return (f"That is {gap} away from your last stop: it needs {gap} bikes and "
                        f"you have {have}.")
            return "Choose how to pay the bikes for that card."
        if isinstance(action, EndSchedule):
            return "You can end a Schedule only after taking a row."
        return "That is not allowed right now."


def describe_payment(pay: Iterable[int]) -> str:
    ones, twos, threes, opps = pay
    parts = []
    for count, what in ((threes, "3-bike card"), (twos, "2-bike card"), (ones, "1-bike card"),
                        (opps, "opportunity bike card")):
        if count:
            parts.append(f"{count} {what}{'s' if count > 1 else ''}")
    return " + ".join(parts) if parts else "nothing"


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> UBikeState:
    return UBikeState.new(num_players, seed, options)


def load_state(data: dict[str, Any]) -> UBikeState:
    return UBikeState.from_json(data)


# ---- determinization (for the search bots) -------------------------------------------------

def determinize(view: dict[str, Any], rng: Rng) -> UBikeState:
    """A full state that matches `view`: hidden cards dealt at random from what is unseen."""
    n = view["num_players"]
    seat = view["seat"]
    state = UBikeState._sampled(n, rng)
    state.options = {}
    state.round = view["round"]
    state.start_player = view["start_player"]
    state.turn = view["turn"]
    state.phase = view["phase"]
    state.rows = [list(r) for r in view["rows"]]
    state.hand = list(view["hand"])
    state.placed = view["placed"]
    state.last_search_used = view["last_search_used"]
    players = view["players"]
    state.journeys = [list(p["journey"]) for p in players]
    state.markers = [list(p["markers"]) for p in players]
    state.bike_storage = [list(p["bike_storage"]) for p in players]
    state.passed = [p["passed"] for p in players]
    known = set(state.hand)
    for collection in (state.rows, state.journeys, state.bike_storage):
        for cards in collection:
            known.update(cards)
    mine = players[seat]
    known.update(mine["scenery_storage"])
    unseen = [c for c in ALL_CARD_NUMBERS if c not in known]
    rng.shuffle(unseen)
    state.scenery_storage = []
    for s, p in enumerate(players):
        if s == seat:
            state.scenery_storage.append(list(p["scenery_storage"]))
        else:
            k = p["scenery_storage_count"]
            state.scenery_storage.append(unseen[:k])
            del unseen[:k]
    state.discard = unseen[:view["discard_count"]]
    state.deck = unseen[view["discard_count"]:]
    opp_known = set(mine["opportunities"]) | set(view["opp_discard"])
    opp_unseen = [o.ident for o in OPPORTUNITIES if o.ident not in opp_known]
    rng.shuffle(opp_unseen)
    state.opportunities = []
    for s, p in enumerate(players):
        if s == seat:
            state.opportunities.append(list(p["opportunities"]))
        else:
            k = p["opportunity_count"]
            state.opportunities.append(opp_unseen[:k])
            del opp_unseen[:k]
    state.opp_discard = list(view["opp_discard"])
    state.opp_deck = opp_unseen
    return state
