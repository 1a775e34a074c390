"""Positions for Ubi's rules tests: a fresh game, a Ubi posed by a chosen roll, right and wrong
answers read off the posed card (the tests may look at the answer; the seats may not)."""
from __future__ import annotations

import dataclasses
from typing import Any
from collections.abc import Iterable

from game.games.ubi import SPEC
from game.games.ubi import grid as G
from game.games.ubi import rules as R
from game.games.ubi.cards import load_cards

PLAYABLE = dataclasses.replace(SPEC, available=True) if not SPEC.available else SPEC


def fresh(n: int = 2, seed: int = 1, **options: Any) -> R.UbiState:
    """A new game; setup's events taken."""
    state = PLAYABLE.make(n, seed, options)
    state.take_events()
    return state


def roll(state: R.UbiState, zone: str, precision: str) -> list:
    assert state.current_player == R.CHANCE and state.phase == R.ROLL, state.phase
    return state.apply(R.Roll(zone, precision))


def front_card(state: R.UbiState, box: int | None = None, **want: Any) -> int:
    """Bring to the front of a box (the one in turn by default) the first card whose Ubi of
    each zone named in `want` (zone=predicate) fits; returns its index."""
    cards = load_cards()
    box = state.box if box is None else box
    order = state.boxes[box]
    for i, index in enumerate(order):
        if all(pred(cards[index].ubi(zone)) for zone, pred in want.items()):
            order.insert(0, order.pop(i))
            return index
    raise AssertionError(f"no card fits {want}")


def real(ubi) -> bool:
    return not ubi.red_herring


def herring(ubi) -> bool:
    return ubi.red_herring


def fair(ubi) -> bool:
    return not ubi.red_herring and ubi.triangle_fair and ubi.expert is None


def right_answer(state: R.UbiState) -> R.Action:
    ubi = state.posed_ubi()
    if ubi.red_herring:
        return R.RedHerring()
    seat = state.turn_seat
    if state.expert_seats[seat] and ubi.expert:
        sheet, pairs = ubi.expert[0], ubi.expert[1]
    else:
        sheet, pairs = "W", ubi.world
    number, letter = pairs[0]
    return R.Answer(sheet, number, letter if state.precision == R.TRI else None)


def wrong_answer(state: R.UbiState) -> R.Action:
    """A hexagon far from every accepted one (or a hexagon for a red herring)."""
    ubi = state.posed_ubi()
    taken = {n for n, _ in ubi.world}
    number = next(n for n in range(1, G.WORLD.count + 1) if all(abs(n - t) > 100 for t in taken) or not taken)
    return R.Answer("W", number, "A" if state.precision == R.TRI else None)


def kinds(events: Iterable) -> list[str]:
    return [e.kind for e in events]
