"""Dealing what a seat cannot see (determinize): a full Ticket to Ride state consistent with
one seat's view, the other seats' hands, tickets, festival piles and draft packets dealt from
the cards and tickets that seat has not seen. The bots' look-ahead plays on such deals."""
from __future__ import annotations

from typing import Any

from game.core.rng import Rng

from .data import FESTIVAL_CARDS, FESTIVAL_PREFIX, FESTIVALS, TICKET_DRAFT_CARD, train_deck
from .rules import IberiaState, KoreaState, TtrState


def _without(pool: list[Any], used: list[Any]) -> list[Any]:
    left = list(pool)
    for item in used:
        left.remove(item)
    return left


def determinize(view: dict[str, Any], rng: Rng) -> TtrState:
    """A full state consistent with `view`: the other seats' hands, tickets, festival piles and
    draft packets dealt from what the viewer has not seen, the rest into the two decks."""
    cls = IberiaState if view["game"] == IberiaState.game_id else KoreaState
    state = cls.sampled(view, rng)
    n = state.num_players
    me = view["seat"]
    others = [s for s in range(n) if s != me]
    mine = (lambda field: list(getattr(state, field)[me])) if me is not None else (lambda field: [])

    # train cards: all 110, less those in sight
    seen = mine("hands") + [c for c in state.face_up if c] + list(state.discard)
    pool = _without(train_deck(), seen)
    state.rng.shuffle(pool)
    for seat in others:
        count = view["hands_count"][seat]
        state.hands[seat] = sorted(pool[:count])
        del pool[:count]
    deck = pool
    if state.festivals:
        for key in FESTIVALS:
            deck += [FESTIVAL_PREFIX + key] * (FESTIVAL_CARDS - state.festival_revealed[key])
        if not state.draft_card_drawn:
            deck.append(TICKET_DRAFT_CARD)
    state.rng.shuffle(deck)
    state.deck = deck

    # tickets: all of the board's, less the viewer's own
    seen_tickets = mine("tickets") + mine("draft_packs") + mine("draft_picks") + mine("offered")
    tickets = _without([t.index for t in state.board.tickets], seen_tickets)
    state.rng.shuffle(tickets)
    for field in ("tickets", "draft_packs", "draft_picks", "offered"):
        for seat in others:
            count = view[field + "_count"][seat]
            getattr(state, field)[seat] = sorted(tickets[:count]) if field != "draft_picks" else tickets[:count]
            del tickets[:count]
    state.ticket_deck = tickets

    # festival piles: what was taken from each city, less the viewer's own
    if state.festivals:
        taken = []
        for key in FESTIVALS:
            gone = state.festival_revealed[key] - state.festival_at[key]
            taken += [key] * gone
        taken = _without(taken, mine("festival_piles"))
        state.rng.shuffle(taken)
        for seat in others:
            count = view["festival_piles_count"][seat]
            state.festival_piles[seat] = sorted(taken[:count])
            del taken[:count]
    else:
        for seat in others:
            state.festival_piles[seat] = []
    state._derive()
    return state
