"""Positions for Tokaido's rules tests, built in a few words instead of by poking the state.

Every builder returns or changes a TokaidoState through the rules' own records; the tests then
act on it with real actions. Import as `from tests.tokaido.builders import ...`.
"""
from __future__ import annotations

from typing import Any

from game.core.flow import Step
from game.games.tokaido import SPEC
from game.games.tokaido.actions import ChooseTraveller, Move
from game.games.tokaido.data import INN, next_inn_index
from game.games.tokaido.rules import TokaidoState
from game.games.tokaido.steps import Walk


def new(n: int, seed: int, **options: Any) -> TokaidoState:
    """A new game, as the app makes it (options checked, defaults filled in)."""
    state = SPEC.make(n, seed, options)
    state.take_events()
    return state


def started(n: int = 3, seed: int = 1, travellers: list[str] | None = None, **options: Any) -> TokaidoState:
    """A game past the traveller choice; `travellers` names the travellers of the first seats
    ("" or a missing entry: the first of that seat's two tiles)."""
    state = new(n, seed, **options)
    if state.phase == "travellers":
        for seat in range(n):
            choice = (travellers or [])[seat] if travellers and seat < len(travellers) else ""
            if choice:
                state.players[seat]["dealt"] = [choice]
            state.apply(ChooseTraveller(state.players[seat]["dealt"][0]))
    return state


def stop_index(state: TokaidoState, kind: str, after: int = 0, doubled: bool | None = None) -> int:
    """The road index of the first stop of `kind` after road index `after`."""
    for i, stop in enumerate(state.road):
        if i > after and stop.kind == kind and (doubled is None or stop.doubled == doubled):
            return i
    raise AssertionError(f"no {kind} after {after}")


def first_inn(state: TokaidoState) -> int:
    return stop_index(state, INN)


def place(state: TokaidoState, piece: int, index: int, slot: int = 0) -> None:
    """Stand traveller `piece` at road index `index` (its place `slot` there)."""
    state.players[piece]["index"] = index
    state.players[piece]["slot"] = slot


def others_at_next_inn(state: TokaidoState, piece: int, at: int) -> None:
    """Put `piece` at `at` and everyone else at the next inn, so that `piece` walks next."""
    place(state, piece, at)
    inn = next_inn_index(state.road, at)
    state.inns[str(inn)] = [o for o in range(state.pieces) if o != piece]
    for other in state.inns[str(inn)]:
        place(state, other, inn)
    state.queue = []


def walks_next(state: TokaidoState, piece: int, at: int) -> None:
    """`piece` stands at `at` and walks next, the others staying where they are."""
    place(state, piece, at)
    state.queue = [Walk(piece)]


def waiting(state: TokaidoState, *steps: Step) -> None:
    """The stop's steps still to resolve are these (a decision first)."""
    state.queue = list(steps)


def holding(state: TokaidoState, piece: int, **keys: Any) -> None:
    """Set keys of a traveller's record: coins, panoramas, meals, souvenirs..."""
    for key, value in keys.items():
        if key not in state.players[piece]:
            raise KeyError(f"a traveller has no {key!r}")
        state.players[piece][key] = value


def panoramas(state: TokaidoState, piece: int, **parts: int) -> None:
    """Parts of panoramas already painted, e.g. panoramas(state, 0, sea=4)."""
    state.players[piece]["panoramas"].update(parts)


def amulets(state: TokaidoState, piece: int, *names: str, bought_now: tuple[str, ...] = ()) -> None:
    """`piece` holds these amulets, from the pool (`bought_now`: in this very turn); the ones it
    held before go back to the pool."""
    state.amulet_pool.extend(a for a in state.players[piece]["amulets"] if a not in names)
    for name in names:
        if name in state.amulet_pool:
            state.amulet_pool.remove(name)
    state.players[piece]["amulets"] = list(names)
    state.players[piece]["amulet_turn"] = state.turn if bought_now else -1
    state.players[piece]["amulet_fresh"] = list(bought_now)


def next_encounter(state: TokaidoState, *cards: str) -> None:
    """The next encounter cards drawn (the first named is drawn first)."""
    state.encounter_deck.extend(reversed(cards))


def meals_on_table(state: TokaidoState, inn: int, meals: list[int]) -> None:
    """The meals of the inn at road index `inn` are on the table."""
    state.meal_hand = list(meals)
    state.meal_inn = inn


def at_inn_on_the_way(traveller: str, **options: Any) -> tuple[TokaidoState, int]:
    """Seat 0 (`traveller`) walks last into the first inn on the way, where the meals are out."""
    state = started(3, 14, travellers=[traveller, "", ""], **options)
    inn = first_inn(state)
    others_at_next_inn(state, 0, inn - 1)
    state.inns[str(inn)] = [1, 2]
    meals_on_table(state, inn, [state.meal_deck.pop() for _ in range(4)])
    state.apply(Move(inn))
    return state, inn


def crossroad(kind: str, traveller: str = "", coins: int = 5, **options: Any) -> tuple[TokaidoState, int]:
    """With Crossroads, seat 0 (`traveller`, holding `coins`) walks to the first stop of `kind`."""
    state = started(3, 25, travellers=[traveller, "", ""], crossroads=True, **options)
    others_at_next_inn(state, 0, 0)
    holding(state, 0, coins=coins)
    state.apply(Move(stop_index(state, kind)))
    return state, 0


def meets(state: TokaidoState, card: str, piece: int | None = None) -> int:
    """The traveller to walk (or `piece`) walks to the first encounter and draws `card`."""
    piece = state.mover() if piece is None else piece
    next_encounter(state, card)
    state.apply(Move(stop_index(state, "encounter")))
    return piece
