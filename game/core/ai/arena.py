"""Bot against bot: whole games played headless, for tests, the demo and the benchmarks."""
from __future__ import annotations

import time
from typing import Any
from collections.abc import Callable, Sequence

from ..protocol import Action, GameState
from ..registry import GameSpec
from .bots import make_bot


def play_game(spec: GameSpec, levels: Sequence[str], seed: int,
              options: dict[str, Any] | None = None, *, hard_iterations: int | None = None,
              hard_time: float | None = None, max_actions: int = 20_000,
              timings: dict[str, list[float]] | None = None,
              watch: Callable[[GameState, int, list[Action], Action], None] | None = None) -> dict[str, Any]:
    """Play one game with a bot of `levels[i]` on seat i; returns a summary dict. `watch` sees
    each move before it is made (the state, the seat, its legal moves, the move chosen)."""
    state = spec.make(len(levels), seed, options or {})
    state.settle_chance()
    bots = [make_bot(spec, level, seed * 31 + i, max_iterations=hard_iterations,
                     time_budget=hard_time if hard_time is not None else
                     (3600.0 if hard_iterations else None))
            for i, level in enumerate(levels)]
    actions = 0
    while not state.is_over:
        seat = state.current_player
        assert isinstance(seat, int), "arena games settle their chance steps"
        legal = state.legal_actions()
        started = time.perf_counter()
        action = bots[seat].choose(state.view(seat), legal)
        if timings is not None:
            timings.setdefault(levels[seat], []).append(time.perf_counter() - started)
        if watch is not None:
            watch(state, seat, legal, action)
        state.apply(action)
        state.settle_chance()
        actions += 1
        if actions > max_actions:
            raise RuntimeError(f"{spec.id} seed {seed}: no end after {max_actions} actions")
    return {"game": spec.id, "seed": seed, "players": len(levels), "levels": list(levels),
            "scores": state.scores(), "winners": state.winners(), "actions": actions}
