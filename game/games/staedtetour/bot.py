"""What the bots know about Städtetour: reading the other players' destinations, and keeping
their own secret.

A bot keeps a belief over each opponent's destination: every destination the bus reached
since that opponent drew their card is ruled out (they would have shouted "Stop!"), and every
fork they chose as tour guide makes the destinations that way more likely. Determinized
states deal the opponents' cards from that belief (worked out once per decision, not once
per sample: `sampler`). The hard bot plays each road out to the end of the game many times; in those
playouts every tour guide looks down the roads for the rest of the move (`steer`): they take
the face-up tickets when their own card is in reach, often keep clear of the others' cards,
and otherwise head for their own. The evaluation counts the piles, what the face-up tickets
are worth to whoever's destination is near the bus, and the bot's own choices are nudged
away from ones that give its destination away too plainly.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any
from collections.abc import Sequence

from game.core.ai.base import Knowledge, terminal_values
from game.core.protocol import Action
from game.core.rng import Rng

from .rules import (DESTINATION_KEYS, DRIVE, ROUND, STARS, TICKET_COUNTS, TO_DESTINATION, Drive,
                    StaedtetourState, network)

HEADING = 1.1        # how strongly a tour guide is assumed to steer toward their destination
SECRECY = 0.12       # how much a bot minds making its own destination plain (in win-chance units)
NEAR = 0.9           # how fast the worth of being near the bus falls with the distance
ROLLOUT_NOISE = 0.1    # how often a playout takes a random way at a fork
AVOID = 0.5          # how often a playout's guide steers round the others' destinations
END_WEIGHT = 0.2     # how much a playout's guide minds where the bus ends its move


# ---- beliefs --------------------------------------------------------------------------------

def fork_likelihood(fork: dict[str, Any], destination: str) -> float:
    """How likely a tour guide heading for `destination` was to choose as they did.

    The public record names only the road taken; the roads the guide could have taken on a
    forward move are the ones ahead of the bus, which everyone can read off the map. On a
    round trip the guide is asked at the start and at every fork whether or not several
    shortest ways part there (STT-26), so the record says only that the road taken is on a
    shortest way; that there was a question at all says nothing."""
    stop, chosen = fork["at"], fork["to"]
    dist = network().distances(destination)
    if fork["mode"] == TO_DESTINATION:   # a round trip takes a shortest way to the guide's own card
        return 1.0 if dist.get(chosen, 99) == dist.get(stop, 99) - 1 else 0.02
    options = [w for w in network().neighbours[stop] if w != fork["behind"]]
    weights = {o: math.exp(-HEADING * dist.get(o, 30)) for o in options}
    total = sum(weights.values())
    return weights.get(chosen, 0.0) / total if total else 1.0


def own_destination(view: dict[str, Any]) -> str | None:
    """The viewer's own destination card (None for a spectator)."""
    seat = view.get("seat")
    return view["destinations"][seat] if seat is not None else None


def belief(view: dict[str, Any], seat: int, exclude: Sequence[str] = ()) -> dict[str, float]:
    """Probabilities of `seat`'s destination, from the public record and what the viewer knows."""
    known = set(view["discard"]) | set(exclude) | set(view["passed"][seat])
    mine = own_destination(view)
    if mine and view.get("seat") != seat:
        known.add(mine)
    if view["phase"] == DRIVE and view["mode"] == TO_DESTINATION and view["guide"] == seat:
        known.add(view["bus"])   # a round trip that still has to choose is not there yet
    candidates = [d for d in DESTINATION_KEYS if d not in known]
    if not candidates:
        candidates = [d for d in DESTINATION_KEYS if d not in view["discard"]]
    since = view["card_since"][seat]
    forks = [f for f in view["forks"][since:] if f["seat"] == seat]
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


def _sampling_start(view: dict[str, Any]) -> tuple[StaedtetourState, dict[int, dict[str, float]]]:
    """The state `view` shows and the beliefs over each opponent's card: the part of a sample
    that does not depend on chance, and the dearest (reading the record of forks for every
    card). The bots work it out once per decision (StaedtetourKnowledge.sampler)."""
    base = StaedtetourState.from_view(view)
    base.logging = False
    base.seed = 0
    me = view["seat"]
    taken = set(view["discard"])
    if me is not None:
        taken.add(view["destinations"][me])
    beliefs = {seat: belief(view, seat, exclude=sorted(taken))
               for seat in range(view["num_players"]) if seat != me}
    return base, beliefs


def determinize(view: dict[str, Any], rng: Rng) -> StaedtetourState:
    """A full state consistent with `view`: the opponents' cards dealt from the bot's belief,
    the rest of the cards into the draw pile and the bag refilled from its public counts."""
    return _deal(view, *_sampling_start(view), rng)


def _deal(view: dict[str, Any], base: StaedtetourState, beliefs: dict[int, dict[str, float]],
          rng: Rng) -> StaedtetourState:
    """One sample of what `view` hides, from its worked-out start (see _sampling_start)."""
    state = base.clone()
    state.rng = rng.fork(rng.next_u32()) if isinstance(rng, Rng) else Rng(0)
    n = state.num_players
    me = view["seat"]
    taken = set(view["discard"])
    if me is not None:
        taken.add(state.destinations[me])
    order = [s for s in range(n) if s != me]
    state.rng.shuffle(order)   # deal in a random order, so no seat is favoured
    for seat in order:
        weights = {d: p for d, p in beliefs[seat].items() if d not in taken}
        if not weights:
            weights = {d: 1.0 for d in DESTINATION_KEYS if d not in taken}
        state.destinations[seat] = _sample(weights, state.rng)
        taken.add(state.destinations[seat])
    pile = [d for d in DESTINATION_KEYS if d not in taken]
    state.rng.shuffle(pile)
    state.draw_pile = pile
    state.bag = [kind for kind, count in view["bag_counts"].items() for _ in range(count)]
    state.rng.shuffle(state.bag)
    state._derive()
    return state


# ---- steering ----------------------------------------------------------------------------------

def steer(state: StaedtetourState, legal: list[Action], others: Sequence[str], rng: Rng) -> Action:
    """The road that does best for the tour guide over the rest of this move, if the guide's
    card is `state.destinations[guide]` and the other cards that matter are `others`; ties
    are broken at random."""
    own = state.destinations[state.guide]
    pot = len(state.row) + (state.star_value() if state.star_on_row else 0)
    steps = state.steps_left
    left = None if steps is None else steps - 1
    to_dest = state.mode == TO_DESTINATION
    best, best_value = legal[0], -1e9
    for action in legal:
        if not isinstance(action, Drive):
            return action
        value = pot * walk_value(action.to, state.bus, left, to_dest, own, tuple(others))
        value += 1e-6 * rng.random()
        if value > best_value:
            best, best_value = action, value
    return best


@lru_cache(maxsize=1 << 16)
def walk_value(at: str, behind: str, left: int | None, to_dest: bool, own: str,
               others: tuple[str, ...]) -> float:
    """What the rest of a move is worth to its tour guide, in pots (the face-up tickets and
    star), once the bus has reached `at` from `behind` with `left` stops to go (None on a
    round trip): the pot if it stops at the guide's card, minus the pot if it stops at one of
    `others`, and where it ends otherwise (a little for ending near the own card and away
    from the others'). The guide takes the best road at every fork on the way. Cached:
    playouts ask the same few questions again and again."""
    if at == own:
        return 1.0
    if at in others:
        return -1.0
    net = network()
    if left is not None and left <= 0:
        near = math.exp(-NEAR * net.distances(own).get(at, 12))
        threat = max((math.exp(-NEAR * net.distances(o).get(at, 12)) for o in others), default=0.0)
        return END_WEIGHT * (near - threat)
    if to_dest:
        dist = net.distances(own)
        ways = [w for w in net.neighbours[at] if dist[w] == dist[at] - 1]
    else:
        ways = [w for w in net.neighbours[at] if w != behind]
    rest = None if left is None else left - 1
    return max(walk_value(w, at, rest, to_dest, own, others) for w in ways)


# ---- evaluation ----------------------------------------------------------------------------------

class StaedtetourKnowledge(Knowledge):
    rollout_depth = 400     # play out to the end: the game is short and full of chance
    greedy_samples = 6
    search = "flat"

    def sampler(self, view: dict[str, Any], determinize: Any) -> Any:
        """Samples of one view share its state and beliefs, worked out once per decision."""
        base, beliefs = _sampling_start(view)
        return lambda rng: _deal(view, base, beliefs, rng)

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
            dist = net.distances(state.destinations[seat]).get(state.bus, 12)
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
        """Playouts steer as a sensible guide would: see where each road leads within the
        stops left (`steer`), take the pot when the own destination is in reach and keep
        clear of the others' destinations. A playout's guide knows everyone's card, which a
        real player does not; so only now and then (AVOID) do they steer round the others'."""
        if state.phase != DRIVE or len(legal) == 1:
            return legal[0]
        if rng.random() < ROLLOUT_NOISE:
            return legal[rng.below(len(legal))]
        guide = state.guide
        others = ([d for s, d in enumerate(state.destinations) if s != guide]
                  if rng.random() < AVOID else [])
        return steer(state, legal, others, rng)

    def action_bias(self, view: dict[str, Any], action: Action) -> float:
        """Mind what a fork tells the others: a choice that makes the own card much more likely
        in their eyes costs a little."""
        mine = own_destination(view)
        if not isinstance(action, Drive) or mine is None or view["mode"] == TO_DESTINATION:
            return 0.0
        me = view["seat"]
        public = dict(view, seat=None, destinations=[None] * view["num_players"])
        before = belief(public, me).get(mine, 0.0)
        fork = {"seat": me, "at": view["bus"], "behind": view["behind"], "to": action.to,
                "mode": view["mode"], "steps_left": view["steps_left"]}
        after_view = dict(public, forks=view["forks"] + [fork])
        after = belief(after_view, me).get(mine, 0.0)
        return -SECRECY * (after - before)


KNOWLEDGE = StaedtetourKnowledge()

__all__ = ["KNOWLEDGE", "belief", "determinize", "fork_likelihood", "ROUND", "TICKET_COUNTS"]
