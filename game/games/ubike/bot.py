"""What the bots know about UBike Tour: how to judge a position and how to play fast playouts.

The evaluation estimates each seat's final score: points already on the table, plus what the
rounds still to come are worth to a journey that can still grow, plus bikes and stored cards
as resources. A seat's standing is its estimated lead over the best other seat, squashed.

`determinize` turns a seat's view into a full state for the search bots: what the view hides
(the decks' order, the discard pile, the others' scenery storage and opportunity cards) is
dealt at random from the cards that seat has not seen, with the sizes the view shows.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.ai.base import Knowledge, score_standing, terminal_values
from game.core.protocol import Action
from game.core.rng import Rng

from .rules import (ALL_CARD_NUMBERS, CARDS, EXTREME_VALUES, JOURNEY_LENGTH, OPPORTUNITIES,
                    PLACE, EndSchedule, PlayCard, Search, TakeRow, UBikeState)

# Worth of resources, in points, tuned by bot-against-bot matches.
FUTURE_CARD = 1.6      # a journey slot that later rounds can still fill
BIKE = 0.35            # one bike in storage
STORED_CARD = 0.22     # one card toward the next opportunity card
UNUSED_EXTRA = 1.0     # an unused +1 Scenery card
NEAR_PAIR = 0.45       # a journey value already seen once (a pair is close)


class UBikeKnowledge(Knowledge):
    rollout_depth = 10
    greedy_samples = 3

    def estimate(self, state: UBikeState) -> list[float]:
        n = state.num_players
        scores = state.scores()
        longest = max(len(j) for j in state.journeys)
        rounds_left = max(0, JOURNEY_LENGTH - longest)
        estimates = []
        for s in range(n):
            journey = state.journeys[s]
            this_round = 0 if state.passed[s] else 1
            growth = min(JOURNEY_LENGTH - len(journey), rounds_left + this_round)
            value = float(scores[s]) + FUTURE_CARD * growth
            if growth and len(journey) + growth >= JOURNEY_LENGTH:
                value += 2.0  # Travel Master in reach
            ones, twos, threes, opps = state.bike_counts(s)
            value += BIKE * (ones + 2 * twos + 3 * threes + 2 * opps)
            value += STORED_CARD * len(state.scenery_storage[s])
            value += UNUSED_EXTRA * state.extra_cards(s)
            if growth:
                counts = Counter(CARDS[c].distance for c in journey)
                value += NEAR_PAIR * sum(1 for k in counts.values() if k in (1, 2))
                last = CARDS[journey[-1]].distance
                if last in EXTREME_VALUES:
                    value += 0.5  # more extreme cards lie within free reach
            estimates.append(value)
        return estimates

    def evaluate(self, state: UBikeState) -> list[float]:  # type: ignore[override]
        if state.is_over:
            return terminal_values(state)
        return score_standing(self.estimate(state), 4.0)

    def rollout_action(self, state: UBikeState, legal: list[Action], rng: Rng) -> Action:  # type: ignore[override]
        """A quick, sensible playout: schedule rows that hold a playable card, play the
        cheapest card that fits, search now and then."""
        if state.phase == PLACE:
            plays = [a for a in legal if isinstance(a, PlayCard)]
            if plays:
                cheap = [a for a in plays if sum(a.pay) == 0]
                return rng.choice(cheap or plays)
            return EndSchedule()
        if isinstance(legal[0], Search) and rng.random() < 0.3:
            return legal[0]
        rows = [a for a in legal if isinstance(a, TakeRow)]
        if rows:
            seat = state.turn
            last = CARDS[state.journeys[seat][-1]].distance
            good = [a for a in rows if any(not CARDS[c].is_bike and abs(CARDS[c].distance - last) <= 1
                                           for c in state.rows[a.row])]
            return rng.choice(good or rows)
        return rng.choice(legal)

    def action_bias(self, view: dict[str, Any], action: Action) -> float:
        # Among equal options, keep bike cards of the kind that leaves the most flexibility.
        if isinstance(action, PlayCard):
            return -0.001 * sum(action.pay)
        return 0.0


KNOWLEDGE = UBikeKnowledge()


# ---- determinization -------------------------------------------------------------------------

def determinize(view: dict[str, Any], rng: Rng) -> UBikeState:
    """A full state that matches `view`: hidden cards dealt at random from what is unseen.

    `determinize(view, rng).view(view["seat"]) == view` always holds."""
    state = UBikeState.sampled(view, rng)
    state._derive()
    seat = view["seat"]
    n = state.num_players
    known = set(state.hand)
    for cards in (*state.rows, *state.journeys, *state.bike_storage):
        known.update(cards)
    if seat is not None:
        known.update(state.scenery_storage[seat])
    # A card the last Search sent face down to someone's storage was seen by all: it most
    # likely lies there still (unless a trade has spent it since).
    storage: list[list[int]] = [[] for _ in range(n)]
    wanted = view["scenery_storage_count"]
    for number, row, owner in view["last_searched"]:
        if (row is None and owner != seat and number not in known
                and len(storage[owner]) < wanted[owner]):
            storage[owner].append(number)
            known.add(number)
    unseen = [c for c in ALL_CARD_NUMBERS if c not in known]
    rng.shuffle(unseen)
    for s in range(n):
        if s == seat:
            continue
        k = wanted[s] - len(storage[s])
        # the searched card came last, so it is the newest in that storage
        state.scenery_storage[s] = unseen[:k] + storage[s]
        del unseen[:k]
    state.discard = unseen[:view["discard_count"]]
    state.deck = unseen[view["discard_count"]:]
    opp_known = set(view["opp_discard"])
    if seat is not None:
        opp_known.update(state.opportunities[seat])
    opp_unseen = [o.ident for o in OPPORTUNITIES if o.ident not in opp_known]
    rng.shuffle(opp_unseen)
    for s in range(n):
        if s == seat:
            continue
        k = view["opportunities_count"][s]
        state.opportunities[s] = opp_unseen[:k]
        del opp_unseen[:k]
    state.opp_deck = opp_unseen
    return state


__all__ = ["KNOWLEDGE", "UBikeKnowledge", "determinize"]
