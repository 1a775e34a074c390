"""Small builders of Rallyman GT positions for the rules tests.

Play goes through the public API (`legal_actions`, `apply`). Where a test needs a car on a
given space, gear or dashboard, `put` sets it on the car's record directly (a test builder),
and `turn_of` hands the turn to a seat as the start of a round would.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from game.core.protocol import CHANCE
from game.games.rallyman import SPEC
from game.games.rallyman import odds
from game.games.rallyman.actions import Faces, PlanDie
from game.games.rallyman.phases import STEPS
from game.games.rallyman.rules import RULES_FILE, RallymanState

#: the spec as the contract checks need it: playable, not registered (its determinize, since
#: nothing is hidden in a race, is the engine's: the state the view shows)
PLAYABLE = dataclasses.replace(SPEC, available=True, rules_file=RULES_FILE)


def fresh(n: int = 1, seed: int = 1, **options: Any) -> RallymanState:
    """A new race with `n` cars; setup's events taken, as the session takes them."""
    state = PLAYABLE.make(n, seed, options)
    state.take_events()
    return state


def put(state: RallymanState, seat: int, space: int, marker: int | str = 0, **fields: Any) -> None:
    """Put the car of `seat` on `space` with that gear marker (and any other record fields)."""
    car = state.cars[seat]
    car["space"], car["marker"] = space, marker
    car.update(fields)


def park_others(state: RallymanState, seat: int) -> None:
    """Move every other car far out of the way: into the pit (they block nothing there)."""
    for other in range(state.num_players):
        if other != seat:
            state.cars[other]["in_pit"] = True


def turn_of(state: RallymanState, seat: int) -> RallymanState:
    """Give `seat` the turn now, at the start of its turn (other seats follow in seat order)."""
    state.order = [seat] + [s for s in range(state.num_players) if s != seat]
    state.order_reasons = ["seat"] * (state.num_players - 1) + ["last"]
    state.turn_index = 0
    state.plan, state.path, state.secured, state.moved = [], [], [], []
    state.faces, state.placements, state.loss = [], [], None
    state.cautions = state.step = state.tokens_left = 0
    state._begin_turn()
    state.take_events()
    return state


def plan(state: RallymanState, *moves: tuple[int | str, int]) -> list:
    """Plan (die, to) after (die, to); each must be legal. Returns the events."""
    events = []
    for die, to in moves:
        events += state.apply(PlanDie(die, to))
    return events


def roll(state: RallymanState, *cautions: int | str) -> list:
    """At a roll's CHANCE node: the dice of these kinds show a caution, the rest are safe."""
    assert state.current_player == CHANCE, state.phase
    outcome = Faces(tuple(sorted(cautions, key=odds._kind_key)))
    return state.apply(outcome)


def drive(state: RallymanState, *cautions: tuple) -> list:
    """Roll the plan one step at a time; step i shows the cautions `cautions[i]` (none when
    not given), until the turn stops. Returns the events."""
    from game.games.rallyman.actions import GoOneByOne, RollStep

    seat = state.current_player
    events = state.apply(GoOneByOne())
    i = 0
    while state.current_player == seat and state.phase == STEPS:
        events += state.apply(RollStep())
        events += roll(state, *(cautions[i] if i < len(cautions) else ()))
        i += 1
    return events


def ahead(state: RallymanState, space: int, steps: int = 1, choice: int = 0) -> list[int]:
    """The spaces `steps` moves ahead of `space`, taking `next[choice]` (straight ahead) each time."""
    out, here = [], space
    for _ in range(steps):
        here = state.track.spaces[here].next[min(choice, len(state.track.spaces[here].next) - 1)]
        out.append(here)
    return out


def find_space(state: RallymanState, **want: Any) -> int:
    """The first space whose attributes match `want` (limit=1, hazard=True, ...)."""
    for sp in state.track.spaces:
        if all(getattr(sp, k) == v for k, v in want.items()):
            return sp.id
    raise LookupError(f"no space with {want}")


def before(state: RallymanState, target: int, same_lane: bool = True) -> int:
    """A space from which `target` is one move ahead (straight ahead when `same_lane`)."""
    for sp in state.track.spaces:
        if target in sp.next and (not same_lane or sp.next[0] == target):
            return sp.id
    raise LookupError(f"nothing leads to {target}")


def kinds(events: Iterable) -> list[str]:
    return [e.kind for e in events]
