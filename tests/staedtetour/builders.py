"""Small builders of Städtetour positions for the tests.

Each builder keeps the position whole, as play could have left it: a ticket is in the bag, face
up or in a pile, and the bag's public counts agree with it; a destination card is in one hand,
the draw pile or the discard pile; a star lies on a round trip ticket, in a pile or in the box.
Tests say what they need ("the bus here, facing there; these tickets on top of the bag; these
cards in hand") and leave the bookkeeping to these functions.
"""
from __future__ import annotations

from functools import lru_cache
from collections.abc import Iterable, Sequence

from game.games.staedtetour import SPEC
from game.games.staedtetour.rules import (DESTINATION_KEYS, DESTINATIONS, ROUND, SINGLE, StaedtetourState,
                                          network)

NET = network()


def fresh(n: int = 3, seed: int = 1, **options) -> StaedtetourState:
    """The seed's new game with `n` players (options by keyword); its setup events are taken,
    as the session takes them, so `apply` hands back only what the action did."""
    state = SPEC.make(n, seed, options)
    state.take_events()
    return state


# ---- the map ----------------------------------------------------------------------------------

def forks() -> list[str]:
    """The stops where three roads meet."""
    return [k for k, ways in NET.neighbours.items() if len(ways) == 3]


def straight_run(length: int, avoid_destinations: bool = True) -> tuple[str, str, list[str]]:
    """A place and facing from which the bus drives `length` stops with no fork and (if asked)
    no destination on the way: (bus, behind, the stops it reaches)."""
    for start, ways in sorted(NET.neighbours.items()):
        for behind in ways:
            here, back, path = start, behind, []
            ok = True
            for _ in range(length):
                ahead = [w for w in NET.neighbours[here] if w != back]
                if len(ahead) != 1:
                    ok = False
                    break
                back, here = here, ahead[0]
                path.append(here)
                if avoid_destinations and here in DESTINATIONS:
                    ok = False
                    break
            if ok:
                return start, behind, path
    raise AssertionError(f"no straight run of {length} stops on this map")


def next_to_a_destination() -> tuple[str, str, str]:
    """An intermediate stop and facing whose only way ahead is a destination:
    (bus, behind, that destination)."""
    for start, ways in sorted(NET.neighbours.items()):
        for behind in ways:
            ahead = [w for w in NET.neighbours[start] if w != behind]
            if len(ahead) == 1 and ahead[0] in DESTINATIONS and start not in DESTINATIONS:
                return start, behind, ahead[0]
    raise AssertionError("no stop next to a destination on this map")


def shortest_roads(stop: str, destination: str) -> list[str]:
    """The roads from `stop` that lie on a shortest way to `destination`."""
    dist = NET.distances(destination)
    return sorted(w for w in NET.neighbours[stop] if dist[w] == dist[stop] - 1)


def on_a_shortest_way(start: str, destination: str) -> set[str]:
    """Every stop on some shortest way from `start` to `destination`."""
    there, back = NET.distances(destination), NET.distances(start)
    return {s for s in NET.neighbours if back[s] + there[s] == back[destination]}


@lru_cache(maxsize=1)
def parting_pair() -> tuple[str, str, str]:
    """A stop and two destinations whose round trips from there share their first road, but
    from there only one shortest way leads to the first and several to the second; of these,
    the pair whose shared way passes most forks: (stop, one, another)."""
    found = []
    for stop in sorted(NET.neighbours):
        for one in DESTINATION_KEYS:
            for another in DESTINATION_KEYS:
                first, second = shortest_roads(stop, one), shortest_roads(stop, another)
                if stop in (one, another) or len(first) != 1 or len(second) < 2 or first[0] not in second:
                    continue
                here, forks = stop, 0
                while here not in (one, another):
                    shared = sorted(set(shortest_roads(here, one)) & set(shortest_roads(here, another)))
                    if not shared:
                        break
                    here = shared[0]
                    forks += len(NET.neighbours[here]) > 2
                found.append((forks, stop, one, another))
    _forks, stop, one, another = max(found)
    return stop, one, another


def far_cards(n: int, away_from: Iterable[str]) -> list[str]:
    """`n` destination cards that are not on the given stops."""
    away = set(away_from)
    return [d for d in DESTINATION_KEYS if d not in away][:n]


# ---- the position -------------------------------------------------------------------------------

def place_bus(state: StaedtetourState, stop: str, behind: str) -> None:
    """The bus stands at `stop`, its back to `behind`."""
    assert behind in NET.neighbours[stop], f"{behind} is no road from {stop}"
    state.bus, state.behind = stop, behind


def _take_from_bag(state: StaedtetourState, kind: str) -> None:
    state.bag.remove(kind)
    state.bag_counts[kind] -= 1


def stack_bag(state: StaedtetourState, kinds: Sequence[str]) -> None:
    """These tickets come out of the bag next, the first first."""
    for kind in kinds:
        state.bag.remove(kind)
    state.bag.extend(reversed(kinds))


def leave_in_bag(state: StaedtetourState, kinds: Sequence[str]) -> None:
    """Only these tickets are left in the bag (the others went into the box, out of play),
    the first drawn first."""
    state.bag = list(reversed(kinds))
    state.bag_counts = {kind: sum(1 for k in kinds if k == kind) for kind in state.bag_counts}


def lay_face_up(state: StaedtetourState, kinds: Sequence[str], star: bool = False) -> None:
    """These tickets were drawn earlier and nobody took them: they lie face up, oldest first;
    with `star`, the star of the last round trip among them lies on it."""
    for kind in kinds:
        _take_from_bag(state, kind)
        if kind == ROUND:
            state.stars_left -= 1
    state.row.extend(kinds)
    state.star_on_row = star


def give(state: StaedtetourState, seat: int, tickets: int = 0, stars: int = 0) -> None:
    """`seat` has taken `tickets` tickets and `stars` stars so far. Each star came with its
    round trip ticket, which counts among the tickets; the others were single tickets."""
    assert stars <= tickets, "every star lay on a ticket"
    for _ in range(stars):
        _take_from_bag(state, ROUND)
        state.stars_left -= 1
    for _ in range(tickets - stars):
        _take_from_bag(state, SINGLE)
    state.tickets[seat] += tickets
    state.stars[seat] += stars


def deal(state: StaedtetourState, cards: Sequence[str]) -> None:
    """Seat i holds `cards[i]`: swapped with the draw pile (or the seat that held it)."""
    for seat, card in enumerate(cards):
        held = state.destinations[seat]
        if card == held:
            continue
        if card in state.destinations:
            other = state.destinations.index(card)
            state.destinations[other] = held
        else:
            state.draw_pile[state.draw_pile.index(card)] = held
        state.destinations[seat] = card


def hold(state: StaedtetourState, seat: int, card: str) -> None:
    """`seat` holds `card`; the hand or the draw pile that had it gets `seat`'s old card."""
    held = state.destinations[seat]
    if card == held:
        return
    if card in state.destinations:
        state.destinations[state.destinations.index(card)] = held
    elif card in state.draw_pile:
        state.draw_pile[state.draw_pile.index(card)] = held
    else:
        raise AssertionError(f"{card} lies on the discard pile")
    state.destinations[seat] = card


def empty_draw_pile(state: StaedtetourState) -> None:
    """Every card of the draw pile has been used: they lie on the discard pile."""
    state.discard.extend(state.draw_pile)
    state.draw_pile = []


def arrange(state: StaedtetourState, bus: str, behind: str, top: Sequence[str] = (),
            cards: Sequence[str] | None = None) -> StaedtetourState:
    """The bus at `bus` facing away from `behind`, the tickets `top` next out of the bag and,
    if given, the players' cards."""
    place_bus(state, bus, behind)
    stack_bag(state, top)
    if cards is not None:
        deal(state, cards)
    return state
