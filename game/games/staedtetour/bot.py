"""What the bots know about Städtetour: reading the other players' destinations, and keeping
their own secret.

A bot keeps a belief over each opponent's destination: every destination the bus reached
since that opponent drew their card is ruled out (they would have shouted "Stop!"), and every
fork they chose as tour guide makes the destinations that way more likely. Determinized
states deal the opponents' cards from that belief. The evaluation counts the piles, what the
face-up tickets are worth to whoever's destination is near the bus, and the bot's own choices
are nudged away from ones that give its destination away too plainly.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from game.core.ai.base import Knowledge, terminal_values
from game.core.protocol import Action
from game.core.rng import Rng

from .rules import (DESTINATION_KEYS, DRIVE, ROUND, STARS, TICKET_COUNTS, TO_DESTINATION, Drive,
                    StaedtetourState, network)

HEADING = 1.1        # how strongly a tour guide is assumed to steer toward their destination
SECRECY = 0.12       # how much a bot minds making its own destination plain (in win-chance units)
NEAR = 0.9           # how fast the worth of being near the bus falls with the distance
ROLLOUT_NOISE = 0.1    # how often a playout takes a random way at a fork


# ---- beliefs --------------------------------------------------------------------------------

def fork_likelihood(fork: Sequence[Any], destination: str) -> float:
    """How likely a tour guide heading for `destination` was to choose as they did."""
    _seat, stop, _behind, options, chosen, mode, _steps = fork
    dist = network().distances(destination)
    if mode == TO_DESTINATION:   # a round trip takes a shortest way to the guide's own card
        return 1.0 if dist.get(chosen, 99) == dist.get(stop, 99) - 1 else 0.02
    weights = {o: math.exp(-HEADING * dist.get(o, 30)) for o in options}
    total = sum(weights.values())
    return weights.get(chosen, 0.0) / total if total else 1.0


def belief(view: dict[str, Any], seat: int, exclude: Sequence[str] = ()) -> dict[str, float]:
    """Probabilities of `seat`'s destination, from the public record and what the viewer knows."""
    known = set(view["discard"]) | set(exclude) | set(view["passed"][seat])
    mine = view.get("destination")
    if mine and view.get("seat") != seat:
        known.add(mine)
    candidates = [d for d in DESTINATION_KEYS if d not in known]
    if not candidates:
        candidates = [d for d in DESTINATION_KEYS if d not in view["discard"]]
    since = view["card_since"][seat]
    forks = [f for f in view["forks"][since:] if f[0] == seat]
    weights = {}
    for d in candidates:
        w = 1.0
        for fork in forks:
            w *= fork_likelihood(fork, d)
        weights[d] = w
    total = sum(weights.values()) or 1.0
    return {d: w / total for d, w in weights.items()}


def _sample(weights: dict[str, float], rng: Rng) -> str:
    pick = rng.random() * sum(weights.values())
    for key, w in weights.items():
        pick -= w
        if pick <= 0:
            return key
    return next(iter(weights))


def determinize(view: dict[str, Any], rng: Rng) -> StaedtetourState:
    """A full state consistent with `view`, opponents' cards dealt from the bot's belief."""
    n = view["num_players"]
    me = view["seat"]
    state = StaedtetourState._sampled(n, rng)
    state.options = {"star_value": view["star_value"]}
    for key in ("phase", "guide", "bus", "behind", "mode", "star_on_row", "stars_left", "ended_by"):
        setattr(state, key, view[key])
    state.steps_left = view["steps_left"] if view["steps_left"] is not None else 10 ** 6
    state.row = list(view["row"])
    state.tickets = list(view["tickets"])
    state.stars = list(view["stars"])
    state.discard = list(view["discard"])
    state.route = list(view["route"])
    state.forks = [list(f) for f in view["forks"]]
    state.card_since = list(view["card_since"])
    state.passed = [list(p) for p in view["passed"]]
    state.claims = [list(c) for c in view["claims"]]
    hands: list[str] = [""] * n
    taken = set(view["discard"])
    if me is not None:
        hands[me] = view["destination"]
        taken.add(view["destination"])
    order = [s for s in range(n) if s != me]
    for i in range(len(order) - 1, 0, -1):   # deal in a random order, so no seat is favoured
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    for seat in order:
        weights = {d: p for d, p in belief(view, seat, exclude=sorted(taken)).items() if d not in taken}
        if not weights:
            weights = {d: 1.0 for d in DESTINATION_KEYS if d not in taken}
        hands[seat] = _sample(weights, rng)
        taken.add(hands[seat])
    state.hands = hands
    pile = [d for d in DESTINATION_KEYS if d not in taken]
    rng.shuffle(pile)
    state.draw_pile = pile
    state.bag = [kind for kind, count in view["bag_counts"].items() for _ in range(count)]
    rng.shuffle(state.bag)
    return state


# ---- evaluation ----------------------------------------------------------------------------------

class StaedtetourKnowledge(Knowledge):
    rollout_depth = 400     # play out to the end: the game is short and full of chance
    greedy_samples = 6
    search = "flat"

    def evaluate(self, state: StaedtetourState) -> list[float]:  # type: ignore[override]
        if state.is_over:
            return terminal_values(state)
        value = state.star_value()
        pot = len(state.row) + (value if state.star_on_row else 0)
        # the round trips still in the bag will each bring a star to someone
        future_stars = value * (STARS - sum(state.stars) - (1 if state.star_on_row else 0))
        bag_left = max(1, len(state.bag))
        net = network()
        est = []
        for seat in range(state.num_players):
            dist = net.distances(state.hands[seat]).get(state.bus, 12)
            nearness = math.exp(-NEAR * dist)
            est.append(state.scores()[seat] + pot * nearness
                       + future_stars / state.num_players * 0.5
                       + 0.15 * len(state.bag) / bag_left)
        out = []
        scale = 5.0
        for i, mine in enumerate(est):
            best_other = max(v for j, v in enumerate(est) if j != i)
            out.append(1.0 / (1.0 + math.exp(-(mine - best_other) / scale)))
        return out

    def rollout_action(self, state: StaedtetourState, legal: list[Action], rng: Rng) -> Action:  # type: ignore[override]
        """Playouts steer toward the guide's own destination most of the time."""
        if state.phase != DRIVE or len(legal) == 1 or rng.random() < ROLLOUT_NOISE:
            return legal[rng.below(len(legal))]
        dist = network().distances(state.hands[state.guide])
        return min(legal, key=lambda a: (dist.get(a.to, 99), rng.random()) if isinstance(a, Drive) else (0, 0))

    def action_bias(self, view: dict[str, Any], action: Action) -> float:
        """Mind what a fork tells the others: a choice that makes the own card much more likely
        in their eyes costs a little."""
        if not isinstance(action, Drive) or view.get("destination") is None or view["mode"] == TO_DESTINATION:
            return 0.0
        me = view["seat"]
        mine = view["destination"]
        public = dict(view, destination=None, seat=None)
        before = belief(public, me).get(mine, 0.0)
        fork = [me, view["bus"], view["behind"], view["next_stops"], action.to, view["mode"],
                view["steps_left"]]
        after_view = dict(public, forks=view["forks"] + [fork])
        after = belief(after_view, me).get(mine, 0.0)
        return -SECRECY * (after - before)


KNOWLEDGE = StaedtetourKnowledge()

__all__ = ["KNOWLEDGE", "belief", "determinize", "fork_likelihood", "ROUND", "TICKET_COUNTS"]
