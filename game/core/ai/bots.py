"""The three bots every game gets: random, greedy (easy and normal) and IS-MCTS (hard).

All of them decide from the seat's view alone; to look ahead they sample full states from
the view with the game's `determinize`.
"""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Callable

from ..protocol import CHANCE, Action, GameState
from ..registry import GameSpec
from ..rng import Rng
from .base import Knowledge
from .clock import Deadline

Determinize = Callable[[dict[str, Any], Rng], GameState]
Sampler = Callable[[Rng], GameState]


class RandomBot:
    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=11)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


class GreedyBot:
    """Looks at every way to finish its own turn (until the turn passes or something new is
    revealed), on a few sampled states, and takes the first step of the best.

    `temperature` > 0 makes it pick among the good options at random (the easy level)."""

    def __init__(self, spec: GameSpec, knowledge: Knowledge, seed: int = 0, *,
                 temperature: float = 0.0, samples: int | None = None,
                 max_nodes: int = 600, level: str = "normal") -> None:
        assert spec.determinize is not None
        self.determinize: Determinize = spec.determinize
        self.knowledge = knowledge
        self.rng = Rng(seed, stream=13)
        self.temperature = temperature
        self.samples = samples or knowledge.greedy_samples
        self.max_nodes = max_nodes
        self.level = level

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        legal = weighed_moves(self.knowledge, view, legal, self.level)
        if len(legal) == 1:
            return legal[0]
        planned = self.knowledge.plan(view, legal, self.rng, self.level)
        if planned is not None:
            return planned
        seat = view["seat"]
        averages = greedy_values(self.knowledge.sampler(view, self.determinize), legal, seat, self.rng,
                                 self.samples, self.max_nodes, lambda s: self.knowledge.evaluate(s)[seat])
        values = [v + self.knowledge.action_bias(view, a) for v, a in zip(averages, legal)]
        if self.temperature <= 0:
            best = max(range(len(legal)), key=lambda i: values[i])
            return legal[best]
        top = max(values)
        return self.rng.weighted(legal, [math.exp((v - top) / self.temperature) for v in values])


def weighed_moves(knowledge: Knowledge, view: dict[str, Any], legal: list[Action], level: str) -> list[Action]:
    """The game's candidates among `legal` for a bot of `level` (`Knowledge.candidates`),
    checked to be a non-empty part of them."""
    if len(legal) < 2:
        return legal
    chosen = knowledge.candidates(view, legal, level)
    if not chosen or any(a not in legal for a in chosen):
        raise ValueError(f"{type(knowledge).__name__}.candidates must choose among the legal moves, "
                         f"and at least one: {chosen!r}")
    return chosen


def greedy_values(sample: Sampler, legal: list[Action], seat: int, rng: Rng, samples: int, max_nodes: int,
                  value: Callable[[GameState], float],
                  until: Callable[[GameState], bool] | None = None) -> list[float]:
    """Each of `legal` judged by the best `value` that `seat` reaches acting on alone after it
    (until the turn passes, something new is revealed or `until` says the business in hand is
    done), averaged over `samples` sampled states; at most `max_nodes` positions looked at per
    sample."""
    totals = [0.0] * len(legal)
    for _ in range(samples):
        base = sample(rng)
        base.logging = False
        budget = [max_nodes]
        for i, action in enumerate(legal):
            state = base.clone()
            state.apply(action, trusted=True)
            totals[i] += best_finish(state, seat, base.info_epoch, budget, value, until)
    return [t / samples for t in totals]


def best_finish(state: GameState, seat: int, epoch: int, budget: list[int],
                value: Callable[[GameState], float],
                until: Callable[[GameState], bool] | None = None) -> float:
    """Best `value` reachable by `seat` acting on alone, without new information (and, with
    `until`, without going past a position it accepts)."""
    if (state.is_over or state.current_player != seat or state.info_epoch != epoch
            or budget[0] <= 0 or (until is not None and until(state))):
        return value(state)
    best = float("-inf")
    for action in state.legal_actions():
        budget[0] -= 1
        child = state.clone()
        child.apply(action, trusted=True)
        best = max(best, best_finish(child, seat, epoch, budget, value, until))
        if budget[0] <= 0:
            break
    return best


def playout(state: GameState, knowledge: Knowledge, rng: Rng, depth: int) -> None:
    """Play `depth` plies with the game's playout policy, rolling dice by their odds."""
    while depth > 0 and not state.is_over:
        if state.current_player is CHANCE:
            state.apply(state.sample_chance(), trusted=True)
        else:
            state.apply(knowledge.rollout_action(state, state.legal_actions(), rng), trusted=True)
        depth -= 1


class _Node:
    __slots__ = ("mover", "children", "visits", "total", "avail")

    def __init__(self, mover: int | None) -> None:
        self.mover = mover
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class _SearchBot:
    """What the two searching bots share: a time budget (the thinking thread's CPU time, within
    a wall-clock ceiling: see clock.py), an iteration cap, an exploration constant and their own
    random stream. Both are anytime: cut short, they play the best move found so far."""

    default_exploration = 0.7
    rng_stream = 17

    def __init__(self, spec: GameSpec, knowledge: Knowledge, seed: int = 0, *,
                 time_budget: float = 1.0, max_iterations: int = 100_000,
                 exploration: float | None = None, level: str = "hard") -> None:
        assert spec.determinize is not None
        self.determinize: Determinize = spec.determinize
        self.knowledge = knowledge
        self.rng = Rng(seed, stream=self.rng_stream)
        self.time_budget = time_budget
        self.max_iterations = max_iterations
        self.exploration = self.default_exploration if exploration is None else exploration
        self.level = level
        self.last_iterations = 0


class ISMCTSBot(_SearchBot):
    """Single-observer information-set Monte Carlo tree search.

    Every iteration samples a full state from the view, walks the one shared tree using the
    actions legal in that sample (UCB with availability counts), adds one node, plays out a
    few plies with the game's playout policy and scores the result with `evaluate`."""

    default_exploration = 0.7
    rng_stream = 17

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        legal = weighed_moves(self.knowledge, view, legal, self.level)
        if len(legal) == 1:
            return legal[0]
        planned = self.knowledge.plan(view, legal, self.rng, self.level)
        if planned is not None:
            return planned
        root = _Node(None)
        sample = self.knowledge.sampler(view, self.determinize)
        deadline = Deadline(self.time_budget)
        iterations = 0
        legal_set = set(legal)
        while iterations < self.max_iterations:
            if iterations % 8 == 0 and iterations > 0 and deadline.passed():
                break
            self._iterate(root, sample, legal_set)
            iterations += 1
        self.last_iterations = iterations
        total = max(1, sum(child.visits for child in root.children.values()))
        # the most visited move wins; the game's small bias (say, keeping a secret) may tip
        # the balance between moves the search found about equally good
        best = max((a for a in root.children if a in legal_set),
                   key=lambda a: (root.children[a].visits / total + self.knowledge.action_bias(view, a),
                                  root.children[a].total), default=None)
        return best if best is not None else legal[0]

    def _iterate(self, root: _Node, sample: Sampler, root_moves: set[Action]) -> None:
        """One iteration; at the root only `root_moves` (the game's candidates) are tried."""
        rng = self.rng
        state = sample(rng)
        state.logging = False
        node = root
        path = [root]
        while not state.is_over:
            if state.current_player is CHANCE:       # dice roll: sample it, no node
                state.apply(state.sample_chance(), trusted=True)
                continue
            legal = state.legal_actions()
            if node is root:
                legal = [a for a in legal if a in root_moves] or legal
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[rng.below(len(untried))]
                mover = state.current_player
                state.apply(action, trusted=True)
                child = _Node(mover)
                children[action] = child
                path.append(child)
                break
            # UCB over the actions available in this sample: each child counts how often it
            # was available (not its parent's visits), as information-set MCTS needs.
            best_score, best_action = -1.0, legal[0]
            for action in legal:
                child = children[action]
                child.avail += 1
                score = (child.total / child.visits
                         + self.exploration * math.sqrt(math.log(child.avail) / child.visits))
                if score > best_score:
                    best_score, best_action = score, action
            state.apply(best_action, trusted=True)
            node = children[best_action]
            path.append(node)
        playout(state, self.knowledge, rng, self.knowledge.rollout_depth)
        values = self.knowledge.evaluate(state)
        for n in path:
            n.visits += 1
            if n.mover is not None:
                n.total += values[n.mover]


class FlatMonteCarloBot(_SearchBot):
    """Determinized flat Monte Carlo with paired comparisons: each round samples one state
    from the view and plays every move still in the race out from it with the same dice and
    the same playout choices, so the moves are compared on equal luck and the difference
    between two moves is measured far more sharply than their values are. A move whose paired
    difference to the leader stays clearly negative (RACE_Z standard errors, after RACE_MIN
    rounds) leaves the race, so the time goes to the moves that could still be best, and the
    search ends when one move is left. Suits
    games of much chance and few decisions (Städtetour), where a shared tree spreads its
    visits too thin and independent samples drown the moves' differences in luck."""

    default_exploration = 0.0      # no UCB: every move in the race is played every round
    rng_stream = 19
    RACE_MIN = 24
    RACE_Z = 3.0

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        legal = weighed_moves(self.knowledge, view, legal, self.level)
        if len(legal) == 1:
            return legal[0]
        planned = self.knowledge.plan(view, legal, self.rng, self.level)
        if planned is not None:
            return planned
        seat = view["seat"]
        sample = self.knowledge.sampler(view, self.determinize)
        n = len(legal)
        totals = [0.0] * n
        # for each pair of moves i < j, the sum over rounds of (value_i - value_j) squared
        diff_sq = [[0.0] * n for _ in range(n)]
        racing = list(range(n))
        deadline = Deadline(self.time_budget)
        rounds = playouts = 0
        while len(racing) > 1 and playouts + len(racing) <= max(self.max_iterations, n):
            if rounds > 0 and deadline.passed():
                break
            base = sample(self.rng)
            base.logging = False
            dice, choices = self.rng.next_u32(), self.rng.next_u32()
            values = {}
            for i in racing:
                state = base.clone()
                state.rng = Rng(dice, stream=23)
                state.apply(legal[i], trusted=True)
                playout(state, self.knowledge, Rng(choices, stream=29), self.knowledge.rollout_depth)
                values[i] = self.knowledge.evaluate(state)[seat]
                totals[i] += values[i]
            for i in racing:
                for j in racing:
                    if i < j:
                        d = values[i] - values[j]
                        diff_sq[i][j] += d * d
            playouts += len(racing)
            rounds += 1
            if rounds >= self.RACE_MIN:
                racing = self._race(racing, totals, diff_sq, rounds)
        self.last_iterations = playouts
        best = max(racing, key=lambda k: (totals[k] / max(1, rounds)
                                          + self.knowledge.action_bias(view, legal[k]), -k))
        return legal[best]

    def _race(self, racing: list[int], totals: list[float], diff_sq: list[list[float]],
              rounds: int) -> list[int]:
        """The moves still in the race: those whose paired difference to the leader is not
        clearly negative."""
        leader = max(racing, key=lambda k: totals[k])
        keep = []
        for i in racing:
            if i == leader:
                keep.append(i)
                continue
            a, b = (i, leader) if i < leader else (leader, i)
            mean = (totals[i] - totals[leader]) / rounds
            var = max(0.0, diff_sq[a][b] / rounds - mean * mean)
            if mean + self.RACE_Z * math.sqrt(var / rounds) >= 0.0:
                keep.append(i)
        return keep


BOT_SETTINGS: dict[str, dict[str, Any]] = {
    "easy": {"kind": "greedy", "temperature": 0.08, "samples": 1, "max_nodes": 120},
    "normal": {"kind": "greedy", "temperature": 0.0},
    "hard": {"kind": "mcts", "time_budget": 1.2},
}


def make_bot(spec: GameSpec, level: str, seed: int = 0, *, time_budget: float | None = None,
             max_iterations: int | None = None) -> Any:
    """The bot for `level` (random, easy, normal, hard) in game `spec`."""
    if level == "random":
        return RandomBot(seed)
    knowledge = spec.knowledge() or Knowledge()
    settings = dict(BOT_SETTINGS[level])
    kind = settings.pop("kind")
    if kind == "greedy":
        return GreedyBot(spec, knowledge, seed, level=level, **settings)
    if time_budget is not None:
        settings["time_budget"] = time_budget
    if max_iterations is not None:
        settings["max_iterations"] = max_iterations
    if knowledge.search == "flat":
        return FlatMonteCarloBot(spec, knowledge, seed, level=level, **settings)
    return ISMCTSBot(spec, knowledge, seed, level=level, **settings)
