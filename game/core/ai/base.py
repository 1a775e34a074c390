"""What every bot is, and what a game tells the bots about itself.

A bot sees only `view(seat)` and the list of legal actions, never the state. To look ahead
it asks the game for a full state consistent with that view (`spec.determinize`): a guess at
the hidden cards, different on every sample.
"""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Callable, Sequence

from ..protocol import Action, GameState
from ..rng import Rng


class Knowledge:
    """A game's advice to the bots. Subclass it in `games/<id>/bot.py`.

    `evaluate` is the heart: a number per seat saying how well that seat stands (roughly a
    chance of winning, 0..1). The defaults work for any game that keeps running scores.
    """

    #: how many plies a search playout runs before it asks `evaluate`
    rollout_depth: int = 12
    #: how many determinized samples the greedy bots average over
    greedy_samples: int = 3
    #: the hard bot's search: "ismcts" (one tree over sampled states) or "flat" (each move
    #: tried on many sampled states; better for games of much chance and few decisions)
    search: str = "ismcts"

    def evaluate(self, state: GameState) -> list[float]:
        if state.is_over:
            return terminal_values(state)
        return score_standing(state.scores())

    def rollout_action(self, state: GameState, legal: list[Action], rng: Rng) -> Action:
        """The playout policy; random by default."""
        return legal[rng.below(len(legal))]

    def action_bias(self, view: dict[str, Any], action: Action) -> float:
        """A small prior added to the greedy value, to break ties sensibly."""
        return 0.0

    def sampler(self, view: dict[str, Any], determinize: Callable[[dict[str, Any], Rng], GameState]
                ) -> Callable[[Rng], GameState]:
        """What a bot calls for each sample of the hidden things while it thinks about one
        view: `determinize` on that view by default. A game whose samples share costly work
        (beliefs read from the whole record) does it here once per decision instead of once
        per sample."""
        return lambda rng: determinize(view, rng)

    def explain(self, view: dict[str, Any], action: Action) -> str:
        """Why a hint suggests `action` to the seat of `view`, in a few words for the person
        ("completes Madrid–Barcelona"); "" when the bot cannot say more than the move itself.
        Read from the view alone, as everything a bot knows."""
        return ""

    def candidates(self, view: dict[str, Any], legal: list[Action], level: str) -> list[Action]:
        """The moves a bot of `level` weighs at this decision: a non-empty part of `legal`, in
        its order. Every bot but the random one asks this before anything else, and the plan,
        the greedy values and the search's root all choose among these only. A game leaves out
        what its players never do (spending the money the next meal needs), so that no search's
        noise can pick it; deeper in the search, the playout policy keeps such rules. All of
        `legal` by default."""
        return legal

    def plan(self, view: dict[str, Any], legal: list[Action], rng: Rng, level: str) -> Action | None:
        """A move chosen by the game's own planner for a bot of `level`, or None to let the
        bot decide as usual. Every bot asks this first, with the `candidates` as `legal`;
        planning games (routes to build, tickets to finish) answer here from the view alone.
        None by default."""
        return None


def score_standing(scores: Sequence[float], scale: float = 6.0) -> list[float]:
    """Each seat's lead over the best other seat, squashed to 0..1."""
    out = []
    for i, mine in enumerate(scores):
        best_other = max((s for j, s in enumerate(scores) if j != i), default=mine)
        out.append(1.0 / (1.0 + math.exp(-(mine - best_other) / scale)))
    return out


def terminal_values(state: GameState) -> list[float]:
    """A win counts most (shared wins split it); the margin breaks ties between outcomes."""
    winners = state.winners()
    standing = score_standing(state.scores())
    return [0.85 * ((1.0 / len(winners)) if i in winners else 0.0) + 0.15 * standing[i]
            for i in range(state.num_players)]
