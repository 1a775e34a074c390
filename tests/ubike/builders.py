"""Positions of UBike Tour for the tests, built by naming where cards lie.

Tests say what they need ("row 1 holds 1 and 29, seat 0 holds a 3-bike card") and the
builders move exactly those cards there from wherever the deal put them, so every card stays
in play once and the state's own fields are written in one place only:

    state = position(3, rows=[[1], [24], [41], [47], [56]], deck_top=[29, 60])
    state = arrange(session.state, rows={0: [card(9)]}, bike_storage={0: [bike(3)]})

Per-seat places (journeys, storages, opportunities, markers) take a list for every seat or a
dict {seat: cards} for some; rows take a list of five or a dict {row: cards}. Cards pushed out
of a place that is replaced go to the bottom of the deck (opportunity cards: of the opportunity
deck). Give `deck` (or `opp_deck`) to set a whole deck: the cards no place claims are then set
aside, out of the game. Decks are named in draw order, the first card drawn first.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Iterable, Mapping, Sequence

from game.games.ubike import SPEC
from game.games.ubike.rules import CARDS, OPPORTUNITIES, OVER, UBikeState

SCENERY = sorted(n for n, c in CARDS.items() if not c.is_bike)
BIKES = sorted(n for n, c in CARDS.items() if c.is_bike)

Places = Sequence[Iterable[int]] | Mapping[int, Iterable[int]]


def card(distance: int, kind: str = "nature") -> int:
    """The number of the scenery card of that type and distance value."""
    return next(n for n, c in CARDS.items() if c.distance == distance and c.type == kind)


def bike(bikes: int, nth: int = 0) -> int:
    """The number of the `nth` bike card with that many bikes."""
    return [n for n in BIKES if CARDS[n].bikes == bikes][nth]


def opp(kind: str, nth: int = 0) -> int:
    """The ident of the `nth` opportunity card of that kind."""
    return [o.ident for o in OPPORTUNITIES if o.kind == kind][nth]


def fresh(n: int = 3, seed: int = 1, options: dict[str, Any] | None = None) -> UBikeState:
    """A newly dealt game (its setup events already taken)."""
    state = SPEC.make(n, seed, options or {})
    state.take_events()
    return state


def position(n: int = 3, seed: int = 1, options: dict[str, Any] | None = None,
             **places: Any) -> UBikeState:
    """A fresh game arranged as `places` say (see `arrange`)."""
    return arrange(fresh(n, seed, options), **places)


def _by_index(given: Places | None, size: int) -> dict[int, list[int]]:
    if given is None:
        return {}
    if isinstance(given, Mapping):
        return {int(i): list(cards) for i, cards in given.items()}
    given = list(given)
    if len(given) != size:
        raise ValueError(f"expected {size} entries, got {len(given)}")
    return {i: list(cards) for i, cards in enumerate(given)}


def arrange(state: UBikeState, *, rows: Places | None = None, journeys: Places | None = None,
            bike_storage: Places | None = None, scenery_storage: Places | None = None,
            hand: Iterable[int] | None = None, discard: Iterable[int] | None = None,
            deck: Iterable[int] | None = None, deck_top: Iterable[int] = (),
            opportunities: Places | None = None, opp_deck: Iterable[int] | None = None,
            opp_discard: Iterable[int] | None = None, markers: Places | None = None,
            passed: Sequence[bool] | None = None, turn: int | None = None,
            phase: str | None = None, placed: int | None = None) -> UBikeState:
    """Put the named cards where they are asked to be, in place; returns `state`."""
    n = state.num_players
    # ---- scenery deck cards
    seat_places = {"journeys": _by_index(journeys, n), "bike_storage": _by_index(bike_storage, n),
                   "scenery_storage": _by_index(scenery_storage, n)}
    row_places = _by_index(rows, len(state.rows))
    singles = {name: list(cards) for name, cards in
               (("hand", hand), ("discard", discard)) if cards is not None}
    deck_order = list(deck) if deck is not None else None
    on_top = list(deck_top)
    named = [c for where in (*seat_places.values(), row_places) for cards in where.values() for c in cards]
    named += [c for cards in singles.values() for c in cards] + (deck_order or []) + on_top
    _check_unique(named, "card")
    unknown = [c for c in named if c not in CARDS]
    if unknown:
        raise ValueError(f"no such cards: {unknown}")
    taken = set(named)
    piles = [state.deck, state.discard, state.hand, *state.rows, *state.journeys,
             *state.bike_storage, *state.scenery_storage]
    for pile in piles:
        pile[:] = [c for c in pile if c not in taken]
    pushed_out: list[int] = []
    for name, where in seat_places.items():
        for seat, cards in where.items():
            pushed_out += getattr(state, name)[seat]
            getattr(state, name)[seat] = cards
    for row, cards in row_places.items():
        pushed_out += state.rows[row]
        state.rows[row] = cards
    for name, cards in singles.items():
        pushed_out += getattr(state, name)
        setattr(state, name, cards)
    if deck_order is not None:
        state.deck = deck_order[::-1]          # whatever is left over is set aside
    else:
        state.deck = pushed_out + state.deck
    state.deck.extend(reversed(on_top))        # the first named card is drawn first

    # ---- opportunity cards
    opp_places = _by_index(opportunities, n)
    opp_order = list(opp_deck) if opp_deck is not None else None
    opp_used = list(opp_discard) if opp_discard is not None else None
    named_opps = [o for cards in opp_places.values() for o in cards] + (opp_order or []) + (opp_used or [])
    _check_unique(named_opps, "opportunity card")
    taken_opps = set(named_opps)
    for pile in (state.opp_deck, state.opp_discard, *state.opportunities):
        pile[:] = [o for o in pile if o not in taken_opps]
    pushed_opps: list[int] = []
    for seat, cards in opp_places.items():
        pushed_opps += state.opportunities[seat]
        state.opportunities[seat] = cards
    if opp_used is not None:
        pushed_opps += state.opp_discard
        state.opp_discard = opp_used
    state.opp_deck = opp_order[::-1] if opp_order is not None else pushed_opps + state.opp_deck

    if not all(state.journeys):
        raise ValueError("every journey holds at least its first card: name the journeys too")

    # ---- the rest of the table
    for seat, gaps in _by_index(markers, n).items():
        state.markers[seat] = gaps
    if passed is not None:
        state.passed = list(passed)
    if turn is not None:
        state.turn = turn
    if phase is not None:
        state.phase = phase
    if placed is not None:
        state.placed = placed
    return state


def scored(journeys: Sequence[Iterable[int]], opps: Places | None = None,
           markers: Places | None = None, bike_storage: Places | None = None) -> UBikeState:
    """A finished game with these journeys (one per seat), opportunity cards and markers."""
    return position(len(journeys), journeys=journeys, opportunities=opps, markers=markers,
                    bike_storage=bike_storage, phase=OVER)


def all_cards(state: UBikeState) -> list[int]:
    """Every scenery deck card in play, wherever it lies (each once in a sound state)."""
    piles = [state.deck, state.discard, state.hand, *state.rows, *state.journeys,
             *state.scenery_storage, *state.bike_storage]
    return sorted(c for pile in piles for c in pile)


def all_opportunities(state: UBikeState) -> list[int]:
    """Every opportunity card in play, wherever it lies."""
    return sorted(o for pile in (state.opp_deck, state.opp_discard, *state.opportunities) for o in pile)


def _check_unique(items: list[int], what: str) -> None:
    seen: set[int] = set()
    twice = sorted({i for i in items if i in seen or seen.add(i)})
    if twice:
        raise ValueError(f"each {what} can lie in one place only: {twice} named twice")
