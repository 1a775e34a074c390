"""The contract checks every registered game must pass (game/DESIGN.md, "Tests and the code's health").

One generic test runs them over every game, every player count and every option value, so a
new game gets them by registering itself. No pygame here and no timings: each check plays
random games and compares whole games, not a state's JSON with itself.

- `play_random`: a random game to the end, every move checked against the contract.
- `check_position`: at one position: clone and save/load play on exactly like the original and
  leave it untouched, an illegal action raises and changes nothing, every view is JSON without
  a log, `determinize(view).view(seat) == view`, and the view does not change when anything
  that seat may not see is shuffled.
- `check_replay`: the same seed and actions give the same game.
- `check_finished`: a finished game has no legal actions, a ranking and winners in first place.
"""
from __future__ import annotations

import json
from typing import Any

from .protocol import Action, GameState, IllegalAction
from .registry import GameSpec
from .reveal import SAMPLES, shows_something_new, shuffled_hidden
from .rng import Rng

MAX_STEPS = 20_000


class ContractError(AssertionError):
    """A game breaks the engine contract; the message says where."""


def expect(ok: bool, message: str) -> None:
    if not ok:
        raise ContractError(message)


def option_cases(spec: GameSpec) -> list[dict[str, Any]]:
    """The default options, then each option's every other value with the rest at default."""
    cases = [spec.default_options()]
    for opt in spec.options:
        for value, _label in opt.choices:
            if value != opt.default:
                cases.append({**spec.default_options(), opt.key: value})
    return cases


def play_random(spec: GameSpec, n: int, options: dict[str, Any], seed: int, *,
                check_every: int = 0, samples: int = 1) -> tuple[GameState, list[Action]]:
    """One random game to the end. With `check_every` k > 0, every k-th position goes through
    `check_position`; each step's action is checked for a JSON form and words either way."""
    state = spec.make(n, seed, options)
    state.take_events()
    state.settle_chance()
    rng = Rng(seed, stream=1001)
    actions: list[Action] = []
    seen: set[Action] = set()
    for step in range(MAX_STEPS):
        if state.is_over:
            return state, actions
        legal = state.legal_actions()
        expect(bool(legal), f"{spec.id}: no legal action while the game is not over (step {step})")
        expect(state.current_player is not None, f"{spec.id}: no one to act while not over")
        if check_every and step % check_every == 0:
            illegal = next((a for a in seen if a not in legal), None)
            check_position(spec, state, rng, illegal=illegal, samples=samples)
        for action in legal:
            seen.add(action)
        action = legal[rng.below(len(legal))]
        expect(spec.decode_action(json.loads(json.dumps(action.to_json()))) == action,
               f"{spec.id}: {action!r} does not survive its JSON form")
        expect(bool(state.describe(action)), f"{spec.id}: no words for {action!r}")
        expect(state.is_legal(action), f"{spec.id}: is_legal refuses the legal {action!r}")
        events = state.apply(action)
        for event in events:
            json.dumps({"data": dict(event.data), "private": dict(event.private)})
        actions.append(action)
        state.settle_chance()
    raise ContractError(f"{spec.id}: the game does not end within {MAX_STEPS} moves")


def _play_on(state: GameState, actions: list[Action]) -> GameState:
    for action in actions:
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise ContractError(f"{type(state).__name__}: a copy refused {action!r}, which the "
                                f"original allowed ({exc}): is a list shared by a clone?") from None
        state.settle_chance()
    return state


def check_position(spec: GameSpec, state: GameState, rng: Rng, *, illegal: Action | None = None,
                   samples: int = 1, horizon: int = 40) -> None:
    """Every check that one position allows (see the module's docstring)."""
    n = state.num_players
    snapshot = state.to_json()
    # a few moves ahead, played on the original's copies
    ahead = _random_line(state.clone(), rng, horizon)
    expected = _play_on(state.clone(), ahead).to_json()

    # a clone plays on exactly like the original, and leaves the original untouched
    twin = state.clone()
    expect(_play_on(twin, ahead).to_json() == expected,
           f"{spec.id}: a clone plays on differently from the original")
    expect(state.to_json() == snapshot, f"{spec.id}: playing on a clone changed the original "
                                         f"(a list shared between them?)")
    # a saved state, loaded, plays on exactly alike
    if spec.load_state is None:
        raise ContractError(f"{spec.id}: the spec has no load_state")
    loaded = spec.load_state(json.loads(json.dumps(snapshot)))
    expect(loaded.to_json() == snapshot, f"{spec.id}: to_json after load_state differs")
    expect(_play_on(loaded, ahead).to_json() == expected,
           f"{spec.id}: a state loaded from to_json() plays on differently")
    expect(state.to_json() == snapshot, f"{spec.id}: loading a copy changed the original")

    # an illegal action raises and changes nothing
    if illegal is not None:
        try:
            state.apply(illegal)
        except IllegalAction as exc:
            expect(bool(str(exc)), f"{spec.id}: an illegal action raised without a reason")
        else:
            raise ContractError(f"{spec.id}: the illegal {illegal!r} was accepted")
        expect(state.to_json() == snapshot, f"{spec.id}: a refused {illegal!r} changed the state")

    for seat in [None, *range(n)]:
        view = state.view(seat)
        text = json.dumps(view)
        expect("log" not in view, f"{spec.id}: the view carries the log")
        expect(json.loads(text) == view, f"{spec.id}: the view of seat {seat} is not plain JSON")
        if seat is None:
            continue
        # what a finished game's replay reveals of the seat is what its own view shows of its own
        expect(state.holdings(seat) == own_in_view(view, seat, type(state)),
               f"{spec.id}: seat {seat}'s holdings are not its own view's own fields")
        # the view does not change when what the seat may not see changes
        for what, shuffled in shuffled_hidden(state, seat, rng):
            expect(shuffled.view(seat) == view,
                   f"{spec.id}: seat {seat}'s view changes with something it may not see ({what})")
        # a determinization is consistent with the view
        if spec.determinize is not None:
            for _ in range(samples):
                guess = spec.determinize(json.loads(text), rng)
                guessed = guess.view(seat)
                if guessed != view:
                    raise ContractError(f"{spec.id}: determinize(view).view({seat}) differs from the "
                                        f"view: {first_difference(guessed, view)}")
                if state.current_player == seat:
                    expect(set(guess.legal_actions()) == set(state.legal_actions()),
                           f"{spec.id}: the seat to act has other choices in a determinization")

    # a move the session lets its mover take back shows the mover nothing new, however many
    # worlds it could not tell apart are tried (the session tries SAMPLES of them)
    seat = state.current_player
    if isinstance(seat, int):
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        after = state.clone()
        after.apply(action)
        after.settle_chance()
        if after.info_epoch == state.info_epoch and after.current_player == seat:
            view = after.view(seat)
            if not shows_something_new(spec, state, action, view, seat, rng):
                expect(not shows_something_new(spec, state, action, view, seat, rng, samples=8 * SAMPLES),
                       f"{spec.id}: {action!r} shows seat {seat} something new, yet could be undone")


def own_in_view(view: dict[str, Any], seat: int, state_class: type[GameState]) -> dict[str, Any]:
    """What `seat`'s own `view` shows of its own fields and record keys, read from the view
    alone (what `GameState.holdings(seat)` must equal)."""
    return {name: view[f.name][seat] if key is None else view[f.name][seat][key.name]
            for name, f, key in state_class.own_fields()}


def _random_line(state: GameState, rng: Rng, horizon: int) -> list[Action]:
    line: list[Action] = []
    while len(line) < horizon and not state.is_over:
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        state.apply(action)
        state.settle_chance()
        line.append(action)
    return line


def first_difference(a: Any, b: Any, path: str = "view") -> str:
    if type(a) is not type(b):
        return f"{path}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, "<missing>") != b.get(key, "<missing>"):
                return first_difference(a.get(key, "<missing>"), b.get(key, "<missing>"), f"{path}.{key}")
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path}: {a!r} != {b!r}"


def check_replay(spec: GameSpec, n: int, options: dict[str, Any], seed: int,
                 actions: list[Action], final: GameState) -> None:
    again = spec.make(n, seed, options)
    again.settle_chance()
    again = _play_on(again, actions)
    expect(again.to_json() == final.to_json(), f"{spec.id}: the same seed and actions gave another game")


def check_finished(spec: GameSpec, state: GameState, last: Action | None) -> None:
    n = state.num_players
    expect(state.is_over and state.current_player is None, f"{spec.id}: the game should be over")
    expect(state.legal_actions() == [], f"{spec.id}: a finished game still has legal actions")
    scores = state.scores()
    expect(len(scores) == n, f"{spec.id}: scores() has {len(scores)} entries for {n} seats")
    ranking = state.ranking()
    expect(len(ranking) == n and min(ranking) == 1 and all(1 <= p <= n for p in ranking),
           f"{spec.id}: ranking {ranking} is not a ranking of {n} seats")
    expect(state.winners() == [s for s in range(n) if ranking[s] == 1],
           f"{spec.id}: winners {state.winners()} are not the seats in first place {ranking}")
    breakdown = state.score_breakdown()
    expect([sum(points[s] for _, points in breakdown) for s in range(n)] == scores,
           f"{spec.id}: the score breakdown does not add up to the scores")
    if last is not None:
        try:
            state.apply(last)
        except IllegalAction:
            pass
        else:
            raise ContractError(f"{spec.id}: a finished game accepted {last!r}")


def check_game(spec: GameSpec, n: int, options: dict[str, Any], seed: int, *,
               check_every: int = 0, samples: int = 1) -> GameState:
    """A random game with every contract check; returns the finished state."""
    state, actions = play_random(spec, n, options, seed, check_every=check_every, samples=samples)
    check_finished(spec, state, actions[-1] if actions else None)
    check_replay(spec, n, options, seed, actions, state)
    return state
