"""Ticket to Ride: Iberia and South Korea, the rules as one state machine (no pygame).

Clause ids: TTR-n (the base rules both boards assume, seeds/ttr-base.md), TIB-n (Iberia,
seeds/ttr-iberia.md) and TKO-n (South Korea, seeds/ttr-korea.md). One class holds the shared
rules; the two boards differ by small switches (`IberiaState.festivals`, `KoreaState.express`).

Phases: the opening ticket draft (each seat in turn picks one ticket from its packet, behind
the curtain, then the packets pass on; at the end each seat keeps exactly four), then turns.
A turn is one of: drawing train cards (one action per card), claiming a route (one action with
its payment, then on Iberia perhaps the choice of festival city, on Korea perhaps a train on
the province mat), or drawing tickets (then keeping some). Iberia's Ticket Draft card stops the
game after the turn for a second draft.

What each seat may see follows from the declared FIELDS: hands, tickets, festival piles, draft
packets and offered tickets are each seat's own (their sizes are public); the deck and the
ticket deck are secret. The discard pile and the face-up cards are public.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Any, ClassVar

from game.core.protocol import Action, GameState, IllegalAction, seat_token
from game.core.state import ATOM, DEEP, FLAT, NESTED, own, public, secret
from game.core.text import plural

from .data import (COLOUR_LABELS, COLOURS, DRAFT_DEALT, DRAFT_DEPTH, DRAFT_KEEP, EXPRESS,
                   FACE_UP, FESTIVAL_CARDS, FESTIVAL_PREFIX, FESTIVALS, GREY, HAND, IBERIA, KOREA,
                   LAST_ROUND_TRAINS, LOCO, PROVINCE_BONUS, PROVINCE_SPOTS, RESET_LOCOS, RESET_TRIES,
                   TICKET_DRAFT_CARD, TICKET_DRAW, TRAINS, Board, Route, board, festival_points,
                   is_festival, train_deck)

RULES_VERSION = 1
DECK = -1   # DrawCard.slot for a blind draw

# Phases
DRAFT, DRAFTED, TURN, DRAWING, KEEP, FESTIVAL, PLACE, OVER = (
    "draft", "draft_keep", "turn", "drawing", "keep", "festival", "place", "over")


# ---- actions ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class DraftPick(Action):
    """Take one ticket from the packet in front of you (TTR-20)."""
    ticket: int


@dataclasses.dataclass(frozen=True)
class KeepTickets(Action):
    """Keep these tickets: exactly four of the six drafted (TTR-20), or at least one of those
    just drawn (TTR-15)."""
    tickets: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class DrawCard(Action):
    """Take a face-up card (slot 0-4) or the top of the deck (slot -1) (TTR-5)."""
    slot: int


@dataclasses.dataclass(frozen=True)
class ExpressDraw(Action):
    """South Korea: spend an Express Train card before the first card, to draw that many
    cards from the deck first (TKO-3)."""
    express: int


@dataclasses.dataclass(frozen=True)
class DrawTickets(Action):
    """Draw three tickets (on South Korea, plus the value of an Express Train card spent)."""
    express: int = 0


@dataclasses.dataclass(frozen=True)
class Claim(Action):
    """Claim a route, paying `cards` cards: `locomotives` of them locomotives, the rest of
    `colour` (LOCO when all are locomotives) (TTR-9..TTR-12, TKO-5)."""
    route: int
    colour: str
    locomotives: int
    cards: int


@dataclasses.dataclass(frozen=True)
class TakeFestival(Action):
    """Iberia: of a route's two festival cities, take the cards of this one (TIB-11)."""
    festival: str


@dataclasses.dataclass(frozen=True)
class Place(Action):
    """South Korea: put a train on the province mat's `line` ("" for none), raised by an
    Express Train card (0 for none) (TKO-4..TKO-8)."""
    line: str
    express: int = 0


@dataclasses.dataclass(frozen=True)
class Pass(Action):
    """Nothing can be done this turn (TTR-19)."""


ACTION_TYPES = (DraftPick, KeepTickets, DrawCard, ExpressDraw, DrawTickets, Claim, TakeFestival,
                Place, Pass)


def free_spot(spots: list[int], reach: int) -> int:
    """The spot of a province line (its owners, -1 for free) a train reaching `reach` goes
    to: that number, or the first free one below it; 0 if none is free (TKO-5, TKO-6)."""
    for spot in range(min(reach, PROVINCE_SPOTS), 0, -1):
        if spots[spot - 1] < 0:
            return spot
    return 0


def _count(cards: list[str]) -> dict[str, int]:
    held: dict[str, int] = {}
    for card in cards:
        held[card] = held.get(card, 0) + 1
    return held


def _all_subsets(items: list[int], least: int, most: int) -> list[tuple[int, ...]]:
    out = []
    for size in range(least, most + 1):
        out.extend(itertools.combinations(sorted(items), size))
    return out


# ---- the state ----------------------------------------------------------------------------

class TtrState(GameState):
    """One game on one of the two boards; a subclass names the board."""

    BOARD: ClassVar[str] = ""
    festivals: ClassVar[bool] = False        # Iberia's festival cards and second draft
    express: ClassVar[bool] = False          # South Korea's express cards and province mat

    FIELDS = (
        public("phase", "to_move", "drawn", "final_turns", "last_round_by", "turns",
               "passes", "draft_round", "second_draft", "draft_card_drawn", "second_draft_due",
               "pending_route", "pending_cards", "festivals_hidden", "ended_by", shape=ATOM),
        public("face_up", "discard", "trains", "claims_list", "festival_at", "festival_revealed",
               "draft_done", shape=FLAT),
        public("express_left", "province", shape=NESTED),
        # written once the game is over: everyone's tickets and festival piles, shown at the end
        public("revealed", "final", shape=DEEP),
        own("hands", "tickets", "festival_piles", "draft_packs", "draft_picks", "offered",
            shape=NESTED, count=True),
        secret("deck", "ticket_deck", shape=FLAT, count=True),
    )

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        n = num_players
        self.phase = DRAFT
        self.to_move = 0
        self.drawn = 0                    # cards taken in this draw action
        self.final_turns: int | None = None
        self.last_round_by: int | None = None
        self.turns = 0
        self.passes = 0                   # turns in a row in which nobody could do anything
        self.draft_round = 0
        self.second_draft = False         # the draft under way is Iberia's second (TIB-6)
        self.draft_card_drawn = False
        self.second_draft_due = False
        self.pending_route = 0            # the route just claimed, while a choice about it waits
        self.pending_cards = 0            # how many cards paid for it (Korea's mat spot)
        self.festivals_hidden = 0         # festival cards still in the deck (public: 54 - seen)
        self.ended_by = ""
        self.face_up: list[str] = []      # "" for an empty slot
        self.discard: list[str] = []
        self.trains = [TRAINS[self.BOARD]] * n
        self.claims_list: list[list[int]] = []     # [route id, seat], in claim order
        self.festival_at: dict[str, int] = {k: 0 for k in FESTIVALS} if self.festivals else {}
        self.festival_revealed: dict[str, int] = dict(self.festival_at)
        self.draft_done = [False] * n
        self.express_left: list[list[int]] = [list(EXPRESS) if self.express else [] for _ in range(n)]
        # the province mat: line colour -> spot 1..9 -> seat or -1
        self.province: dict[str, list[int]] = ({c: [-1] * PROVINCE_SPOTS for c in COLOURS}
                                               if self.express else {})
        self.revealed: list[dict[str, Any]] = []
        #: written once the game is over: [label, points by seat] per scoring part, and each
        #: seat's completed tickets (the final scoring, public and fixed from then on)
        self.final: dict[str, Any] = {}
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.tickets: list[list[int]] = [[] for _ in range(n)]
        self.festival_piles: list[list[str]] = [[] for _ in range(n)]
        self.draft_packs: list[list[int]] = [[] for _ in range(n)]
        self.draft_picks: list[list[int]] = [[] for _ in range(n)]
        self.offered: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[str] = []          # the top is the end
        self.ticket_deck: list[int] = []   # the top is the end; "the bottom" is index 0
        self._derive()

    def _derive(self) -> None:
        self.board: Board = board(self.BOARD)
        self.claims: dict[int, int] = {r: s for r, s in self.claims_list}

    def _fresh_copy(self) -> None:
        super()._fresh_copy()
        if "claims_list" in self.__dict__ and self.claims_list is not None:
            self.claims = {r: s for r, s in self.claims_list}
            self.board = board(self.BOARD)

    # ---- setup ------------------------------------------------------------------------------
    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, Any]) -> TtrState:
        state = cls.started(num_players, seed, options)
        rng = state.rng
        deck = train_deck()                                      # TTR-1
        rng.shuffle(deck)
        for seat in range(num_players):                          # TTR-2
            state.hands[seat] = sorted(deck.pop() for _ in range(HAND))
        state.face_up = [deck.pop() for _ in range(FACE_UP)]
        state.deck = deck
        state._check_reset()                                     # TTR-3
        if cls.festivals:                                        # TIB-2, TIB-3
            state.deck += [FESTIVAL_PREFIX + key for key in FESTIVALS for _ in range(FESTIVAL_CARDS)]
            rng.shuffle(state.deck)
            state.festivals_hidden = FESTIVAL_CARDS * len(FESTIVALS)
            depth = DRAFT_DEPTH[min(num_players, max(DRAFT_DEPTH))]
            from_top = round(len(state.deck) * depth)
            state.deck.insert(len(state.deck) - from_top, TICKET_DRAFT_CARD)
        state.ticket_deck = [t.index for t in state.board.tickets]
        rng.shuffle(state.ticket_deck)
        state._deal_draft()
        state.emit("setup", f"Each player is dealt {plural(HAND, 'train card')} and "
                   f"{plural(DRAFT_DEALT, 'ticket')} to draft.", face_up=list(state.face_up))
        return state

    def _deal_draft(self) -> None:
        """Deal six tickets to each seat for a draft (TTR-20, TIB-6)."""
        for seat in range(self.num_players):
            count = min(DRAFT_DEALT, len(self.ticket_deck))
            self.draft_packs[seat] = sorted(self.ticket_deck.pop() for _ in range(count))
            self.draft_picks[seat] = []
        self.draft_done = [False] * self.num_players
        self.draft_round = 0
        self.phase = DRAFT
        self.reveal()
        self._auto_draft()

    # ---- protocol -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == DRAFT:
            return self._draft_seat()
        if self.phase == DRAFTED:
            return self.draft_done.index(False)
        return self.to_move

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _draft_seat(self) -> int:
        """The first seat, in seat order, yet to pick in this round of the draft."""
        for seat in range(self.num_players):
            if len(self.draft_picks[seat]) <= self.draft_round and self.draft_packs[seat]:
                return seat
        return 0

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == DRAFT:
            return [DraftPick(t) for t in self.draft_packs[self._draft_seat()]]
        if phase == DRAFTED:
            seat = self.current_player
            picks = self.draft_picks[seat]
            keep = min(DRAFT_KEEP, len(picks))
            return [KeepTickets(c) for c in itertools.combinations(sorted(picks), keep)]
        if phase == KEEP:
            offered = self.offered[self.to_move]
            return [KeepTickets(c) for c in _all_subsets(offered, 1, len(offered))]
        if phase == FESTIVAL:
            route = self.board.route_by_id[self.pending_route]
            return [TakeFestival(k) for k in self.board.festival_keys(route) if self.festival_at.get(k)]
        if phase == PLACE:
            return self._place_actions()
        if phase == DRAWING:
            return self._draw_actions()
        if phase == TURN:
            actions: list[Action] = self._draw_actions()
            if self.express and self._deck_cards_available() > 0:
                actions += [ExpressDraw(v) for v in self.express_left[self.to_move]]
            actions += self.claim_actions(self.to_move)
            if self._tickets_open():
                actions.append(DrawTickets(0))
                if self.express:
                    actions += [DrawTickets(v) for v in self.express_left[self.to_move]]
            return actions or [Pass()]
        return []

    def is_legal(self, action: Action) -> bool:
        phase = self.phase
        if isinstance(action, DrawCard) and phase in (TURN, DRAWING):
            return action in self._draw_actions()
        if isinstance(action, Claim) and phase == TURN:
            return self._claim_ok(self.to_move, action)
        if isinstance(action, DraftPick):
            return phase == DRAFT and action.ticket in self.draft_packs[self._draft_seat()]
        if isinstance(action, DrawTickets) and phase == TURN:
            return self._tickets_open() and (action.express == 0 or (
                self.express and action.express in self.express_left[self.to_move]))
        if isinstance(action, ExpressDraw) and phase == TURN:
            return (self.express and action.express in self.express_left[self.to_move]
                    and self._deck_cards_available() > 0)
        if isinstance(action, KeepTickets):
            if phase == DRAFTED:
                picks = self.draft_picks[self.current_player]
                chosen = action.tickets
                return (len(chosen) == min(DRAFT_KEEP, len(picks)) and len(set(chosen)) == len(chosen)
                        and set(chosen) <= set(picks))
            if phase == KEEP:
                offered = self.offered[self.to_move]
                chosen = action.tickets
                return len(chosen) >= 1 and len(set(chosen)) == len(chosen) and set(chosen) <= set(offered)
            return False
        return action in self.legal_actions()

    # ---- what a seat may do -------------------------------------------------------------------
    def _deck_cards_available(self) -> int:
        """Train cards that a blind draw can still bring: those in the deck (its festival cards
        and the Ticket Draft card are not train cards) and the discards a reshuffle brings."""
        in_deck = len(self.deck) - self.festivals_hidden - (1 if self.festivals and not self.draft_card_drawn else 0)
        return in_deck + len(self.discard)

    def _draw_actions(self) -> list[Action]:
        second = self.phase == DRAWING and self.drawn == 1
        actions: list[Action] = [DrawCard(i) for i, card in enumerate(self.face_up)
                                 if card and not (second and card == LOCO)]   # TTR-6
        if self._deck_cards_available() > 0:                                  # TTR-8
            actions.append(DrawCard(DECK))
        return actions

    def _tickets_open(self) -> bool:
        if self.festivals and not self.second_draft_done:                     # TIB-7
            return False
        return bool(self.ticket_deck)

    @property
    def second_draft_done(self) -> bool:
        return self.draft_card_drawn and not self.second_draft_due

    def route_open(self, route: Route, seat: int) -> bool:
        """Whether `seat` may claim `route` as far as ownership goes (TTR-13, TTR-14)."""
        if route.id in self.claims:
            return False
        if route.pair:
            twin = self.claims.get(route.pair)
            if twin is not None and (self.num_players <= 3 or twin == seat):
                return False
        return True

    def payments(self, seat: int, route: Route, held: dict[str, int] | None = None) -> list[Claim]:
        """Every way `seat` can pay for `route` from its hand (TTR-9..TTR-11; on South Korea
        also paying more to reach a higher spot, TKO-5), fewest cards and locomotives first.
        `held` is the hand counted by card, when the caller has it already."""
        if self.trains[seat] < route.length or not self.route_open(route, seat):
            return []
        if held is None:
            held = _count(self.hands[seat])
        locos = held.get(LOCO, 0)
        size = len(self.hands[seat])
        colours = COLOURS if route.colour == GREY else (route.colour,)
        if max(held.get(c, 0) for c in colours) + locos < route.length or locos < route.locomotives:
            return []
        # paying more than the length only raises a train's spot on the mat (TKO-5): so only
        # where a train will be left to put there
        top = PROVINCE_SPOTS if self.express and self.trains[seat] > route.length else route.length
        out: list[Claim] = []
        for total in range(route.length, max(route.length, top) + 1):
            if total > size:
                break
            for colour in colours:
                have = held.get(colour, 0)
                for used in range(route.locomotives, min(locos, total) + 1):
                    need = total - used
                    if need > have or (need == 0 and colour != colours[0]):
                        continue
                    out.append(Claim(route.id, colour if need else LOCO, used, total))
        return out

    def claim_actions(self, seat: int) -> list[Action]:
        if self.phase != TURN:
            return []
        held = _count(self.hands[seat])
        trains = self.trains[seat]
        claims = self.claims
        locos = held.get(LOCO, 0)
        most = max((held.get(c, 0) for c in COLOURS), default=0)
        out: list[Action] = []
        for route in self.board.routes:
            # the quick tests first: most routes fail one, and this runs on every turn
            if route.length > trains or route.id in claims:
                continue
            have = most if route.colour == GREY else held.get(route.colour, 0)
            if have + locos >= route.length:
                out.extend(self.payments(seat, route, held))
        return out

    def _claim_ok(self, seat: int, claim: Claim) -> bool:
        route = self.board.route_by_id.get(claim.route)
        if route is None or self.trains[seat] < route.length or not self.route_open(route, seat):
            return False
        return claim in self.payments(seat, route)

    def mat_spot(self, line: str, reach: int) -> int:
        """The spot a train goes to on `line` for `reach` (cards paid plus express): that
        number, or the first free spot below it (TKO-5, TKO-6); 0 if none is free."""
        return free_spot(self.province[line], reach)

    def _place_actions(self) -> list[Action]:
        route = self.board.route_by_id[self.pending_route]
        out: list[Action] = [Place("")]
        if self.trains[self.to_move] < 1:
            return out
        lines = COLOURS if route.colour == GREY else (route.colour,)           # TKO-4
        for line in lines:
            plain = self.mat_spot(line, self.pending_cards)
            if plain or self.mat_spot(line, PROVINCE_SPOTS):
                if plain:
                    out.append(Place(line, 0))
                for value in self.express_left[self.to_move]:                       # TKO-7
                    if self.mat_spot(line, self.pending_cards + value) > plain:
                        out.append(Place(line, value))
        return out

    # ---- applying ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, DrawCard):
            self._draw_card(action.slot)
        elif isinstance(action, Claim):
            self._claim(action)
        elif isinstance(action, DraftPick):
            self._draft_pick(action.ticket)
        elif isinstance(action, KeepTickets):
            if self.phase == DRAFTED:
                self._draft_keep(action.tickets)
            else:
                self._keep_offered(action.tickets)
        elif isinstance(action, DrawTickets):
            self._draw_tickets(action.express)
        elif isinstance(action, ExpressDraw):
            self._express_draw(action.express)
        elif isinstance(action, TakeFestival):
            self._take_festival(self.to_move, action.festival)
            self.phase = TURN
            self._end_turn()
        elif isinstance(action, Place):
            self._place(action)
        elif isinstance(action, Pass):
            self._pass()
        else:  # pragma: no cover
            raise IllegalAction(f"unknown action {action!r}")

    # the draft (TTR-20, TIB-6)
    def _draft_pick(self, ticket: int) -> None:
        seat = self._draft_seat()
        self.draft_packs[seat].remove(ticket)
        self.draft_picks[seat].append(ticket)
        self.emit("draft_pick", f"{seat_token(seat)} picks a ticket from the draft.", seat=seat,
                  private_for=seat, private_text=f"You pick {self.ticket_words(ticket)}.",
                  private={"ticket": ticket}, round=self.draft_round)
        self._auto_draft()

    def _auto_draft(self) -> None:
        """Pass the packets on once everyone has picked; the last card of a packet is taken
        for its seat (there is nothing to choose)."""
        while self.phase == DRAFT:
            n = self.num_players
            if any(len(self.draft_picks[s]) <= self.draft_round and self.draft_packs[s] for s in range(n)):
                if all(len(self.draft_packs[s]) <= 1 for s in range(n)):
                    for s in range(n):
                        if self.draft_packs[s]:
                            self.draft_picks[s].append(self.draft_packs[s].pop())
                    self.draft_round += 1
                    continue
                return
            if all(not pack for pack in self.draft_packs):
                self.phase = DRAFTED
                self.emit("draft_keep", f"Each player now keeps exactly {DRAFT_KEEP} of their drafted tickets.")
                return
            step = -1 if self.second_draft else 1                # left, then right (TIB-6)
            self.draft_packs = [self.draft_packs[(s - step) % n] for s in range(n)]
            self.draft_round += 1
            self.reveal()   # a packet passed on shows its new holder tickets they had not seen
            if self.logging:
                way = "right" if self.second_draft else "left"
                self.emit("draft_pass", f"The packets pass to the {way}.", way=way, round=self.draft_round)

    def _draft_keep(self, chosen: tuple[int, ...]) -> None:
        seat = self.current_player
        picks = self.draft_picks[seat]
        left = [t for t in picks if t not in chosen]
        self.tickets[seat] = sorted(self.tickets[seat] + list(chosen))
        self.draft_picks[seat] = left          # the leftovers wait until everyone has chosen
        self.draft_done[seat] = True
        self.emit("draft_kept", f"{seat_token(seat)} keeps {plural(len(chosen), 'ticket')}.", seat=seat,
                  private_for=seat, private_text=f"You keep {', '.join(self.ticket_words(t) for t in chosen)}.",
                  private={"tickets": list(chosen)}, kept=len(chosen))
        if all(self.draft_done):
            leftovers = [t for s in range(self.num_players) for t in self.draft_picks[s]]
            self.draft_picks = [[] for _ in range(self.num_players)]
            self.rng.shuffle(leftovers)
            if self.second_draft:                                 # TIB-6: to the bottom
                self.ticket_deck[:0] = leftovers
                self.second_draft_due = False
                self.emit("draft_over", "The second draft is over: the leftover tickets go to the "
                          "bottom of the ticket deck, and the ticket action is open.")
                self.second_draft = False
                self.phase = TURN
                self._after_turn()
            else:                                                 # TTR-20: back into the deck
                self.ticket_deck += leftovers
                self.rng.shuffle(self.ticket_deck)
                self.emit("draft_over", "The draft is over: the leftover tickets are shuffled back "
                          f"into the ticket deck. {seat_token(0)} begins.")
                self.phase = TURN
                self.to_move = 0
            self.reveal()

    # drawing train cards (TTR-5 .. TTR-8, TIB-4, TIB-5, TIB-9)
    def _from_deck(self) -> str | None:
        """The next train card off the deck: festival cards go to their city and the Ticket
        Draft card is set aside on the way (TIB-4, TIB-5); an empty deck is reshuffled from
        the discards (TTR-8). None if no train card is left anywhere."""
        while True:
            if not self.deck:
                if not self.discard:
                    return None
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
                self.emit("reshuffle", "The deck is empty: the discards are shuffled into a new deck.",
                          cards=len(self.deck))
            card = self.deck.pop()
            if is_festival(card):
                key = card[len(FESTIVAL_PREFIX):]
                self.festivals_hidden -= 1
                self.festival_at[key] += 1
                self.festival_revealed[key] += 1
                self.emit("festival", f"A festival card of {FESTIVALS[key]} is drawn and laid by the city.",
                          festival=key, lying=self.festival_at[key])
                continue
            if card == TICKET_DRAFT_CARD:
                self.draft_card_drawn = True
                self.second_draft_due = True
                self.emit("ticket_draft", "The Ticket Draft card is drawn: after this turn everyone "
                          "drafts tickets again.")
                continue
            return card

    def _refill(self, slot: int) -> None:
        card = self._from_deck()
        self.face_up[slot] = card or ""
        if card:
            self.emit("refill", "", slot=slot, card=card)
        self._check_reset()

    def _fill_empty_slots(self) -> None:
        """Refill display slots left empty while no card was left, now that discards are back
        (TTR-23)."""
        if "" not in self.face_up:
            return
        self.reveal()
        for slot, card in enumerate(self.face_up):
            if not card:
                self.face_up[slot] = self._from_deck() or ""
        self.emit("refill_all", "Cards are back: the empty places of the display are filled.",
                  face_up=list(self.face_up))
        self._check_reset()

    def _check_reset(self) -> None:
        """Three face-up locomotives clear the display (TTR-3); after RESET_TRIES clearings in
        a row it stays as it is, so a deck full of locomotives cannot loop (TTR-22)."""
        for _ in range(RESET_TRIES):
            if self.face_up.count(LOCO) < RESET_LOCOS:
                return
            self.discard += [c for c in self.face_up if c]
            self.face_up = [""] * FACE_UP
            for slot in range(FACE_UP):
                self.face_up[slot] = self._from_deck() or ""
            self.emit("reset", f"{RESET_LOCOS} locomotives lie face up: the display is cleared and dealt again.",
                      face_up=list(self.face_up))

    def _draw_card(self, slot: int) -> None:
        seat = self.to_move
        self.reveal()
        first = self.drawn == 0
        if slot == DECK:
            card = self._from_deck()
            if card is None:   # pragma: no cover (legal only while a card is left)
                raise IllegalAction("No train card is left to draw.")
            self.emit("draw_blind", f"{seat_token(seat)} draws a card from the deck.", seat=seat,
                      private_for=seat, private_text=f"You draw {COLOUR_LABELS[card].lower()} from the deck.",
                      private={"card": card})
        else:
            card = self.face_up[slot]
            self.emit("draw_face_up", f"{seat_token(seat)} takes a face-up {COLOUR_LABELS[card].lower()}.",
                      seat=seat, slot=slot, card=card)
            self._refill(slot)                                    # TTR-7
        self.hands[seat].append(card)
        self.hands[seat].sort()
        self.passes = 0
        if first and slot != DECK and card == LOCO:               # TTR-6: the whole draw
            self._end_turn()
            return
        self.drawn += 1
        if self.drawn >= 2:
            self._end_turn()
            return
        self.phase = DRAWING
        if not self._draw_actions():                               # nothing left to take
            self._end_turn()

    def _express_draw(self, value: int) -> None:
        """Spend an express card to draw `value` cards off the deck first (TKO-3)."""
        seat = self.to_move
        self.express_left[seat].remove(value)
        self.reveal()
        got = []
        for _ in range(value):
            card = self._from_deck()
            if card is None:
                break
            got.append(card)
        self.hands[seat] = sorted(self.hands[seat] + got)
        words = ", ".join(COLOUR_LABELS[c].lower() for c in got) or "nothing"
        self.emit("express_draw", f"{seat_token(seat)} spends the +{value} Express card and draws "
                  f"{plural(len(got), 'card')} from the deck.", seat=seat, express=value, count=len(got),
                  private_for=seat, private_text=f"You spend +{value} Express and draw {words}.",
                  private={"cards": got})
        self.passes = 0
        self.phase = DRAWING
        self.drawn = 0
        if not self._draw_actions():
            self._end_turn()

    # drawing tickets (TTR-15, TIB-8, TKO-9)
    def _draw_tickets(self, express: int) -> None:
        seat = self.to_move
        if express:
            self.express_left[seat].remove(express)
        count = min(TICKET_DRAW + express, len(self.ticket_deck))
        self.offered[seat] = [self.ticket_deck.pop() for _ in range(count)]
        self.reveal()
        extra = f", spending the +{express} Express card" if express else ""
        self.emit("tickets_drawn", f"{seat_token(seat)} draws {plural(count, 'ticket')}{extra}.", seat=seat,
                  count=count, express=express, private_for=seat,
                  private_text=f"You draw {', '.join(self.ticket_words(t) for t in self.offered[seat])}.",
                  private={"tickets": list(self.offered[seat])})
        self.passes = 0
        self.phase = KEEP

    def _keep_offered(self, chosen: tuple[int, ...]) -> None:
        seat = self.to_move
        back = [t for t in self.offered[seat] if t not in chosen]
        self.tickets[seat] = sorted(self.tickets[seat] + list(chosen))
        self.offered[seat] = []
        self.ticket_deck[:0] = back                               # to the bottom (TTR-15)
        self.emit("tickets_kept", f"{seat_token(seat)} keeps {plural(len(chosen), 'ticket')} and returns "
                  f"{len(back)}.", seat=seat, kept=len(chosen), returned=len(back), private_for=seat,
                  private_text=f"You keep {', '.join(self.ticket_words(t) for t in chosen)}.",
                  private={"tickets": list(chosen)})
        self.phase = TURN
        self._end_turn()

    # claiming (TTR-9 .. TTR-14, TIB-10, TIB-11, TKO-4 .. TKO-8)
    def _claim(self, claim: Claim) -> None:
        seat = self.to_move
        route = self.board.route_by_id[claim.route]
        paid = [LOCO] * claim.locomotives + [claim.colour] * (claim.cards - claim.locomotives)
        hand = self.hands[seat]
        for card in paid:
            hand.remove(card)
        self.discard += paid
        self._fill_empty_slots()                                  # TTR-23
        self.trains[seat] -= route.length
        self.claims_list.append([route.id, seat])
        self.claims[route.id] = seat
        self.passes = 0
        self.emit("claim", f"{seat_token(seat)} claims {self.route_words(route)} with "
                  f"{self.payment_words(claim)}: {plural(route.points, 'point')}.", seat=seat,
                  route=route.id, cards=paid, points=route.points)
        self.pending_route, self.pending_cards = route.id, claim.cards
        if self.festivals:
            lying = [k for k in self.board.festival_keys(route) if self.festival_at.get(k)]
            if len(lying) > 1:                                    # TIB-11: a choice
                self.phase = FESTIVAL
                return
            if lying:                                             # TIB-10
                self._take_festival(seat, lying[0])
        if self.express and self.trains[seat] > 0 and len(self._place_actions()) > 1:
            self.phase = PLACE
            return
        self._end_turn()

    def _take_festival(self, seat: int, key: str) -> None:
        count = self.festival_at[key]
        self.festival_at[key] = 0
        self.festival_piles[seat] += [key] * count
        self.festival_piles[seat].sort()
        self.emit("festival_taken", f"{seat_token(seat)} takes the festival cards of {FESTIVALS[key]}.",
                  seat=seat, festival=key, count=count, private_for=seat,
                  private_text=f"You take {plural(count, 'festival card')} of {FESTIVALS[key]}.")

    def _place(self, action: Place) -> None:
        seat = self.to_move
        if action.line:
            spot = self.mat_spot(action.line, self.pending_cards + action.express)
            self.province[action.line][spot - 1] = seat
            self.trains[seat] -= 1                                 # TKO-8
            if action.express:
                self.express_left[seat].remove(action.express)
            boost = f" (+{action.express} Express)" if action.express else ""
            self.emit("place", f"{seat_token(seat)} puts a train on spot {spot} of the "
                      f"{COLOUR_LABELS[action.line].lower()} line{boost}.", seat=seat, line=action.line,
                      spot=spot, express=action.express)
        self.phase = TURN
        self._end_turn()

    def _pass(self) -> None:
        self.passes += 1
        self.emit("pass", f"{seat_token(self.to_move)} can do nothing and passes.", seat=self.to_move)
        self._end_turn(passed=True)

    # turn order and the end (TTR-17, TTR-19, TIB-5, TKO-12)
    def _end_turn(self, passed: bool = False) -> None:
        self.turns += 1
        self.drawn = 0
        self.pending_route = self.pending_cards = 0
        self.phase = TURN
        if not passed:
            self.passes = 0
        if self.second_draft_due and not self.second_draft:       # TIB-5: after this turn
            self.second_draft = True
            self.emit("second_draft", "Everyone now drafts tickets a second time, passing to the right; "
                      "the tickets kept so far are set aside.")
            self._deal_draft()
            return
        self._after_turn()

    def _after_turn(self) -> None:
        seat = self.to_move
        n = self.num_players
        if self.passes >= n:                                       # TTR-19, TKO-12
            self.ended_by = "blocked"
            self._finish()
            return
        if self.final_turns is not None:
            self.final_turns -= 1
            if self.final_turns <= 0:
                self.ended_by = "trains"
                self._finish()
                return
        elif self.trains[seat] <= LAST_ROUND_TRAINS:               # TTR-17
            self.final_turns = n
            self.last_round_by = seat
            self.emit("last_round", f"{seat_token(seat)} has {plural(self.trains[seat], 'train')} left: "
                      "everyone, them included, has one last turn.", seat=seat, trains=self.trains[seat])
        self.to_move = (seat + 1) % n

    def _finish(self) -> None:
        self.final = {"parts": [[label, points] for label, points in self.final_parts()],
                      "completed": [self.completed_count(s) for s in range(self.num_players)]}
        self.phase = OVER
        self.revealed = [{"tickets": [[t, done] for t, done in self.ticket_results(s)],
                          "festivals": list(self.festival_piles[s])} for s in range(self.num_players)]
        self.reveal()
        winners = self.winners()
        names = " and ".join(seat_token(w) for w in winners)
        why = ("nobody could claim or draw for a whole round" if self.ended_by == "blocked"
               else "the last round is over")
        self.emit("game_over", f"The game ends: {why}. {names} win{'s' if len(winners) == 1 else ''}.",
                  ended_by=self.ended_by, winners=winners, scores=self.scores())

    # ---- scores -----------------------------------------------------------------------------
    def route_points(self) -> list[int]:
        out = [0] * self.num_players
        by_id = self.board.route_by_id
        for route_id, seat in self.claims_list:
            out[seat] += by_id[route_id].points
        return out

    def connected(self, seat: int, a: str, b: str) -> bool:
        """Whether `seat`'s own routes link cities `a` and `b` (TTR-16)."""
        parent: dict[str, str] = {}

        def find(x: str) -> str:
            while parent.get(x, x) != x:
                parent[x] = parent.get(parent[x], parent[x])   # halve the path as we climb
                x = parent[x]
            return x
        by_id = self.board.route_by_id
        for route_id, owner in self.claims_list:
            if owner == seat:
                route = by_id[route_id]
                parent[find(route.a)] = find(route.b)
        return find(a) == find(b)

    def ticket_results(self, seat: int) -> list[tuple[int, bool]]:
        tickets = self.board.tickets
        return [(t, self.connected(seat, tickets[t].a, tickets[t].b)) for t in self.tickets[seat]]

    def ticket_points(self, seat: int) -> tuple[int, int]:
        """(points of completed tickets, points lost for the others)."""
        won = lost = 0
        tickets = self.board.tickets
        for t, done in self.ticket_results(seat):
            if done:
                won += tickets[t].points
            else:
                lost += tickets[t].points
        return won, lost

    def festival_score(self, seat: int) -> int:
        """TIB-13: each festival city's cards by the chart."""
        pile = self.festival_piles[seat]
        return sum(festival_points(pile.count(k)) for k in FESTIVALS)

    def province_scores(self) -> dict[str, list[int]]:
        """TKO-10, TKO-11: each line's bonus by seat."""
        awards = PROVINCE_BONUS[self.num_players]
        out: dict[str, list[int]] = {}
        for line, spots in self.province.items():
            sums = [0] * self.num_players
            best = [0] * self.num_players
            for number, owner in enumerate(spots, start=1):
                if owner >= 0:
                    sums[owner] += number
                    best[owner] = max(best[owner], number)
            ranked = sorted((s for s in range(self.num_players) if sums[s] > 0),
                            key=lambda s: (sums[s], best[s]), reverse=True)
            bonus = [0] * self.num_players
            for rank, seat in enumerate(ranked[:len(awards)]):
                bonus[seat] = awards[rank]
            out[line] = bonus
        return out

    def final_parts(self) -> list[tuple[str, list[int]]]:
        n = range(self.num_players)
        parts = [("Routes", self.route_points())]
        tickets = [self.ticket_points(s) for s in n]
        parts.append(("Tickets completed", [w for w, _ in tickets]))
        parts.append(("Tickets missed", [-lost for _, lost in tickets]))
        if self.festivals:
            parts.append(("Festivals", [self.festival_score(s) for s in n]))
        if self.express:
            lines = self.province_scores()
            parts.append(("Province lines", [sum(v[s] for v in lines.values()) for s in n]))
        return parts

    def scores(self) -> list[int]:
        """Route points while the game runs (the score track); everything once it is over."""
        if self.phase != OVER:
            return self.route_points()
        parts = self.final["parts"]
        return [sum(p[1][s] for p in parts) for s in range(self.num_players)]

    def score_breakdown(self) -> list[tuple[str, list[int]]]:
        if self.phase == OVER:
            return [(label, list(points)) for label, points in self.final["parts"]]
        return [("Routes", self.route_points())]

    def completed_count(self, seat: int) -> int:
        return sum(1 for _, done in self.ticket_results(seat) if done)

    def rank_key(self, seat: int) -> tuple:
        """TTR-18: points, then completed tickets; still tied, the victory is shared."""
        if self.phase != OVER:
            return (self.scores()[seat],)
        return (self.scores()[seat], self.final["completed"][seat])

    # ---- information ------------------------------------------------------------------------
    def view_facts(self, seat: int | None) -> dict[str, Any]:
        facts: dict[str, Any] = {"scores": self.scores(), "winners": self.winners(),
                                 "deck_trains": self._deck_cards_available() - len(self.discard),
                                 "tickets_open": self._tickets_open()}
        if seat is not None:
            facts["ticket_done"] = [done for _, done in self.ticket_results(seat)]
        return facts

    # ---- words ------------------------------------------------------------------------------
    def city(self, key: str) -> str:
        return self.board.labels.get(key, key)

    def ticket_words(self, index: int) -> str:
        t = self.board.tickets[index]
        return f"{self.city(t.a)}–{self.city(t.b)} ({t.points})"

    def route_words(self, route: Route) -> str:
        colour = "grey" if route.colour == GREY else COLOUR_LABELS[route.colour].lower()
        kind = "ferry" if route.locomotives else "route"
        return f"the {colour} {kind} {self.city(route.a)}–{self.city(route.b)}"

    @staticmethod
    def payment_words(claim: Claim) -> str:
        parts = []
        if claim.cards - claim.locomotives:
            parts.append(f"{claim.cards - claim.locomotives} {COLOUR_LABELS[claim.colour].lower()}")
        if claim.locomotives:
            parts.append(plural(claim.locomotives, "locomotive"))
        return " and ".join(parts)

    def describe(self, action: Action) -> str:
        if isinstance(action, DrawCard):
            if action.slot == DECK:
                return "Draw a card from the deck"
            card = self.face_up[action.slot] if 0 <= action.slot < len(self.face_up) else ""
            return f"Take the face-up {COLOUR_LABELS.get(card, card).lower()}"
        if isinstance(action, Claim):
            route = self.board.route_by_id[action.route]
            return f"Claim {self.route_words(route)} with {self.payment_words(action)}"
        if isinstance(action, DraftPick):
            return f"Pick {self.ticket_words(action.ticket)}"
        if isinstance(action, KeepTickets):
            return "Keep " + ", ".join(self.ticket_words(t) for t in action.tickets)
        if isinstance(action, DrawTickets):
            if action.express:
                return f"Draw {TICKET_DRAW + action.express} tickets (spend +{action.express} Express)"
            return f"Draw {TICKET_DRAW} tickets"
        if isinstance(action, ExpressDraw):
            return f"Spend +{action.express} Express: draw {plural(action.express, 'card')} from the deck first"
        if isinstance(action, TakeFestival):
            return f"Take the festival cards of {FESTIVALS[action.festival]}"
        if isinstance(action, Place):
            if not action.line:
                return "Put no train on the province mat"
            spot = self.mat_spot(action.line, self.pending_cards + action.express)
            boost = f", spending +{action.express} Express" if action.express else ""
            return f"Put a train on spot {spot} of the {COLOUR_LABELS[action.line].lower()} line{boost}"
        if isinstance(action, Pass):
            return "Pass: nothing can be done"
        return repr(action)

    def explain_illegal(self, action: Action) -> str:
        phase = self.phase
        if phase in (DRAFT, DRAFTED):
            return (f"Keep exactly {DRAFT_KEEP} of your drafted tickets." if phase == DRAFTED
                    else "Pick one ticket from the packet in front of you.")
        if phase == KEEP:
            return "Keep at least one of the tickets you drew."
        if phase == DRAWING:
            if isinstance(action, DrawCard) and 0 <= action.slot < len(self.face_up) \
                    and self.face_up[action.slot] == LOCO:
                return "A face-up locomotive cannot be your second card."
            return "Take your second card: a face-up card that is not a locomotive, or the deck."
        if phase == FESTIVAL:
            return "Choose which city's festival cards to take."
        if phase == PLACE:
            return "Choose where to put a train on the province mat, or none."
        if isinstance(action, Claim):
            route = self.board.route_by_id.get(action.route)
            if route is None:
                return "There is no such route."
            if route.id in self.claims:
                return "That route is already claimed."
            if not self.route_open(route, self.to_move):
                if route.pair and self.claims.get(route.pair) == self.to_move:
                    return "You already own the other track of this double route."
                return "With 2 or 3 players only one track of a double route may be claimed."
            if self.trains[self.to_move] < route.length:
                return f"You need {plural(route.length, 'train')} and have {self.trains[self.to_move]}."
            return "You cannot pay for that route with those cards."
        if isinstance(action, DrawTickets) and self.festivals and not self.second_draft_done:
            return "Tickets cannot be drawn until the second draft is over."
        return "That is not allowed right now."


class IberiaState(TtrState):
    game_id = "ttr-iberia"
    BOARD = IBERIA
    festivals = True


class KoreaState(TtrState):
    game_id = "ttr-korea"
    BOARD = KOREA
    express = True


def new_iberia(num_players: int, seed: int, options: dict[str, Any]) -> IberiaState:
    return IberiaState.new(num_players, seed, options)  # type: ignore[return-value]


def new_korea(num_players: int, seed: int, options: dict[str, Any]) -> KoreaState:
    return KoreaState.new(num_players, seed, options)  # type: ignore[return-value]
