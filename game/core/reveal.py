"""Whether a move shows its mover something new: then it cannot be undone.

A person who could take a move back after seeing what it showed (the meals at an inn, the card
under a ticket) would play with knowledge the rules deny. Games mark what they reveal by
bumping `info_epoch` (`GameState.reveal`); this module decides it again from the views alone, so
that a reveal a game forgets to mark still ends the undo:

    the same move, made in worlds the mover cannot tell from this one (its hidden lists
    shuffled, and the game's own determinizations of the mover's view), must leave the
    mover's view the same as here. If some world gives another view afterwards, the move told
    the mover which world it is in.

The session asks for every undoable move; the generic contract test checks, with many more
worlds, that what the session keeps undoable shows nothing new (game/core/testing.py).
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .protocol import Action, GameState, IllegalAction
from .rng import Rng
from .state import OWN, SECRET

if TYPE_CHECKING:
    from .registry import GameSpec

#: determinizations tried for each undoable move (besides every hidden list shuffled): each
#: one deals the mover's unseen cards anew, so a reveal shows in the first almost always
SAMPLES = 3


def shows_something_new(spec: GameSpec, before: GameState, action: Action, after_view: dict[str, Any],
                        seat: int, rng: Rng, samples: int = SAMPLES) -> bool:
    """Whether `action`, made by `seat` in `before`, gave it the view `after_view` only because of
    something it could not see before."""
    for world in worlds_alike(spec, before, seat, rng, samples):
        try:
            world.apply(action)
        except IllegalAction:
            return True     # the move is not even possible in a world the mover thought possible
        world.settle_chance()
        if world.view(seat) != after_view:
            return True
    return False


def worlds_alike(spec: GameSpec, state: GameState, seat: int, rng: Rng, samples: int) -> Iterator[GameState]:
    """States `seat` cannot tell from `state` (each its own copy, free to play on)."""
    for _what, twin in shuffled_hidden(state, seat, rng):
        yield twin
    if spec.determinize is not None and samples:
        text = json.dumps(state.view(seat))     # each determinization gets its own plain copy
        for _ in range(samples):
            yield spec.determinize(json.loads(text), rng)


def shuffled_hidden(state: GameState, seat: int, rng: Rng) -> Iterator[tuple[str, GameState]]:
    """Copies of `state` with one hidden list (that `seat` may not see) shuffled in each, with
    what was shuffled."""
    for f in type(state).hidden_fields():
        yield from _shuffle_field(state, f.name, seat, rng, f.visibility)


def _shuffle_field(state: GameState, name: str, seat: int, rng: Rng,
                   visibility: str) -> Iterator[tuple[str, GameState]]:
    def shuffled(value: Any) -> Any:
        if isinstance(value, list) and len(value) > 1:
            items = list(value)
            rng.shuffle(items)
            return items if items != value else None
        return None

    top = state.__dict__.get(name)
    if top is not None and visibility == SECRET:
        new = shuffled(top)
        if new is not None:
            twin = state.clone()
            setattr(twin, name, new)
            yield name, twin
        return
    if top is not None and visibility == OWN:
        others = [s for s in range(len(top)) if s != seat]
        for other in others:
            new = shuffled(top[other])
            if new is not None:
                twin = state.clone()
                getattr(twin, name)[other] = new
                yield f"{name}[{other}]", twin
        # two other seats' secrets swapped (a card each, say): nothing of it may show
        for a, b in zip(others, others[1:]):
            same_size = not isinstance(top[a], list) or (isinstance(top[b], list) and len(top[a]) == len(top[b]))
            if top[a] != top[b] and same_size:     # counts are public: keep them
                twin = state.clone()
                entries = getattr(twin, name)
                entries[a], entries[b] = entries[b], entries[a]
                yield f"{name}[{a}]<->{name}[{b}]", twin
        return
    # a key of per-seat records
    for f in type(state).declared():
        if not f.is_records or name not in {k.name for k in f.keys}:
            continue
        for other, record in enumerate(getattr(state, f.name)):
            new = shuffled(record[name])
            if other != seat and new is not None:
                twin = state.clone()
                getattr(twin, f.name)[other][name] = new
                yield f"{f.name}[{other}].{name}", twin
