"""Small builders of Ticket to Ride positions (Iberia and South Korea) for the tests.

Play goes through the public API (`legal_actions`, `apply`). Where a test needs a given hand,
display or deck top, the builders below set it on the state directly: they are test builders,
and they keep the cards whole as play could have left them (a card moved into a hand comes out
of the deck or the discard pile, and the hand it replaces goes back), so the 110 train cards
stay 110 and the public counts agree.
"""
from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence

from game.games.ttr import IBERIA, KOREA
from game.games.ttr.data import FESTIVAL_PREFIX, LOCO, TICKET_DRAFT_CARD, Route, is_festival
from game.games.ttr.rules import (DECK, DRAFT, DRAFTED, PLACE, Claim, DrawCard, KeepTickets, Place,
                                  TtrState)

SPECS = {"iberia": IBERIA, "korea": KOREA}


def fresh(board: str = "korea", n: int = 2, seed: int = 1) -> TtrState:
    """A new game on `board` with `n` players, still in the opening draft; its setup events are
    taken, as the session takes them."""
    state = SPECS[board].make(n, seed, {})
    state.take_events()
    return state


def play_draft(state: TtrState, picks: dict[int, Sequence[int]] | None = None) -> TtrState:
    """Play the draft under way through: each seat picks the first ticket of its packet (or, for
    seats in `picks`, the first of those listed that is in its packet) and keeps the first
    four of what it picked."""
    picks = picks or {}
    while state.phase in (DRAFT, DRAFTED):
        seat = state.current_player
        actions = state.legal_actions()
        if state.phase == DRAFT:
            wanted = [a for t in picks.get(seat, ()) for a in actions if a.ticket == t]
            state.apply(wanted[0] if wanted else actions[0])
        else:
            state.apply(actions[0])
    return state


def ready(board: str = "korea", n: int = 2, seed: int = 1) -> TtrState:
    """A new game whose opening draft is over: seat 0 is to take its first turn."""
    return play_draft(fresh(board, n, seed))


# ---- cards ----------------------------------------------------------------------------------

def _take(state: TtrState, card: str) -> None:
    """Take one `card` out of the deck (or, failing that, the discard pile)."""
    for pile in (state.deck, state.discard):
        if card in pile:
            # take it from the bottom side, so the deck's top stays as it was
            pile.pop(pile.index(card))
            return
    raise AssertionError(f"no {card!r} left in the deck or the discard pile")


def give(state: TtrState, seat: int, cards: Iterable[str]) -> None:
    """Make `seat`'s hand exactly `cards`: its old hand goes back to the deck's bottom, the new
    cards come out of the deck (or the discard pile)."""
    state.deck[:0] = state.hands[seat]
    state.hands[seat] = []
    for card in cards:
        _take(state, card)
        state.hands[seat].append(card)
    state.hands[seat].sort()


def show(state: TtrState, cards: Sequence[str]) -> None:
    """Make the display exactly `cards` ("" for an empty slot), swapping with the deck."""
    state.deck[:0] = [c for c in state.face_up if c]
    state.face_up = [""] * len(cards)
    for slot, card in enumerate(cards):
        if card:
            _take(state, card)
        state.face_up[slot] = card


def stack(state: TtrState, *cards: str) -> None:
    """Put `cards` on top of the deck, the first to be drawn first."""
    for card in cards:
        _take(state, card)
    state.deck.extend(reversed(cards))
    state.festivals_hidden = sum(1 for c in state.deck if is_festival(c))


def empty_deck(state: TtrState) -> None:
    """Move every train card of the deck to the discard pile (lay any festival card by its city
    as if drawn); the deck is then empty. A Ticket Draft card still in it leaves the game (no
    second draft will come)."""
    for card in state.deck:
        if card == TICKET_DRAFT_CARD:
            continue
        if is_festival(card):
            key = card[len(FESTIVAL_PREFIX):]
            state.festival_at[key] += 1
            state.festival_revealed[key] += 1
        else:
            state.discard.append(card)
    state.deck = []
    state.festivals_hidden = 0


def no_cards_anywhere(state: TtrState) -> None:
    """Nothing to draw: deck, discard pile and display empty (their cards leave the game; a test
    of the end uses it). Hands are left alone."""
    empty_deck(state)
    state.discard = []
    state.face_up = [""] * len(state.face_up)


# ---- routes and tickets -----------------------------------------------------------------------

def route(state: TtrState, a: str, b: str, colour: str | None = None) -> Route:
    """The track between cities `a` and `b` (of `colour`, if the route is double)."""
    for r in state.board.routes:
        if {r.a, r.b} == {a, b} and (colour is None or r.colour == colour):
            return r
    raise AssertionError(f"no route {a}-{b} {colour or ''}")


def routes_where(state: TtrState, **props) -> list[Route]:
    """Tracks whose attributes equal `props` (e.g. length=2, colour="grey")."""
    return [r for r in state.board.routes if all(getattr(r, k) == v for k, v in props.items())]


def shortest_path(state: TtrState, a: str, b: str) -> list[Route]:
    """Tracks of one shortest way (fewest trains) from `a` to `b`."""
    best = {a: (0, None)}
    queue = [(0, a)]
    while queue:
        d, here = heapq.heappop(queue)
        if d > best[here][0]:
            continue
        for r in state.board.routes_at(here):
            there = r.other(here)
            if d + r.length < best.get(there, (1 << 30, None))[0]:
                best[there] = (d + r.length, r)
                heapq.heappush(queue, (d + r.length, there))
    path, here = [], b
    while here != a:
        r = best[here][1]
        path.append(r)
        here = r.other(here)
    return path[::-1]


def own(state: TtrState, seat: int, *routes: Route) -> None:
    """Record `routes` as claimed by `seat`, its trains spent, as claims made earlier would."""
    for r in routes:
        state.claims_list.append([r.id, seat])
        state.claims[r.id] = seat
        state.trains[seat] -= r.length


def hold_tickets(state: TtrState, seat: int, tickets: Iterable[int]) -> None:
    """Give `seat` exactly these tickets (taken out of the ticket deck or other hands)."""
    tickets = list(tickets)
    for t in tickets:
        if t in state.ticket_deck:
            state.ticket_deck.remove(t)
        for hand in state.tickets:
            if t in hand:
                hand.remove(t)
    state.ticket_deck[:0] = state.tickets[seat]
    state.tickets[seat] = sorted(tickets)


def end_by_passing(state: TtrState) -> TtrState:
    """End the game by a round of passes (TTR-19): nothing left to draw, no cards in hand, no
    tickets to draw; every seat passes once."""
    no_cards_anywhere(state)
    for seat in range(state.num_players):
        state.hands[seat] = []
    state.ticket_deck = []
    while not state.is_over:
        (only,) = state.legal_actions()
        state.apply(only)
    return state


def claim(state: TtrState, action: Claim) -> None:
    """Apply the claim `action`; on South Korea put no train on the province mat if asked."""
    state.apply(action)
    if state.phase == PLACE:
        state.apply(Place(""))


def draw_twice_blind(state: TtrState) -> None:
    """The seat to move draws two cards blind."""
    state.apply(DrawCard(DECK))
    state.apply(DrawCard(DECK))


def keep_all(state: TtrState) -> None:
    """Keep every ticket offered to the seat to move."""
    state.apply(KeepTickets(tuple(sorted(state.offered[state.to_move]))))


def second_draft_over(n: int = 2, seed: int = 1) -> TtrState:
    """An Iberia game just past its second draft: the Ticket Draft card is put on top of the
    deck, seat 0 draws it (and two train cards) blind, and both drafts are played through."""
    state = ready("iberia", n, seed)
    state.deck.remove(TICKET_DRAFT_CARD)
    state.deck.append(TICKET_DRAFT_CARD)
    draw_twice_blind(state)
    return play_draft(state)


__all__ = ["DECK", "LOCO", "fresh", "play_draft", "ready", "give", "show", "stack", "empty_deck",
           "no_cards_anywhere", "route", "routes_where", "shortest_path", "own", "hold_tickets",
           "end_by_passing", "claim", "draw_twice_blind", "keep_all", "second_draft_over"]
