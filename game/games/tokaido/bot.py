"""What the bots know about Tokaido: what a position is worth, how to play fast playouts, and how
to guess the hidden cards (others' meals and amulets, the order of every deck).

The evaluation estimates each traveller's final score: the points already scored, plus the
road still ahead (more stops to come for whoever is behind), coins to spend at the coming inns,
the temple ranking, the end achievements and the calligraphies as they stand, and the panoramas
under way. The rules edition played (TOK-66) is in the scores themselves (Shodo and Emaki), in
the calligraphies' estimate (Patience) and in the legal moves (a finished panorama's stops).
"""
from __future__ import annotations

import math
from typing import Any

from game.core.ai.base import Knowledge, score_standing, terminal_values
from game.core.protocol import Action
from game.core.rng import Rng

from . import scoring
from .actions import BuySouvenirs, Donate, EatMeal, EatNothing, Move, TakeFreeMeal
from .data import (AMULETS, BASE_TRAVELLERS, CROSSROADS_TRAVELLERS, ENCOUNTERS, HOT_SPRINGS, INN, MEALS,
                   NEW_ENCOUNTERS, PANORAMAS, SECTIONS, SOUVENIRS)
from .rules import PHASE_TRAVELLERS, TokaidoState

STOP_VALUE = 1.55        # points a stop still ahead is worth, on average
COIN_VALUE = 1.05        # a coin while meals and villages lie ahead
COIN_VALUE_LATE = 0.15   # a coin after the last meal
PANORAMA_PUSH = 0.8      # an unfinished panorama part in progress (the next one scores more)
CALLIGRAPHY_SHARE = 0.8  # a calligraphy's end points as they stand, before the end


def determinize(view: dict[str, Any], rng: Rng) -> TokaidoState:
    """A full state consistent with `view`: what the seat cannot see (others' travellers while
    they are chosen, the Kyoto order until then, others' meals, amulets and drawn cards, the
    meals on the table, the order of every deck) dealt at random from what it has not seen."""
    state = TokaidoState.sampled(view, rng)
    state._derive()
    me = view["seat"]
    players = state.players
    others = [i for i in range(len(players)) if i != me]
    choosing = state.phase == PHASE_TRAVELLERS
    state.kyoto_order = _shuffled(list(range(state.pieces)), rng) if choosing else []
    # travellers still secret (while they are being chosen): from the tiles this seat has not seen
    mine = players[me]
    pool = list(BASE_TRAVELLERS) + (list(CROSSROADS_TRAVELLERS) if state.crossroads else [])
    free = _shuffled([k for k in pool if k not in mine["dealt"] and k != mine["chosen"]], rng)
    for i in others:
        p = players[i]
        p["chosen"], p["dealt"] = "", []
        if choosing and i < state.num_players:
            if i < state.turn:                # chose already, in secret
                p["chosen"] = free.pop()
            else:                             # still to choose from two tiles we cannot see
                p["dealt"] = sorted([free.pop(), free.pop()])
    # amulets held by others, and which of them were bought in this turn
    unseen_amulets = _shuffled([a for a in AMULETS if a not in state.amulet_pool and a not in mine["amulets"]], rng)
    for i in others:
        p, seen = players[i], view["players"][i]
        p["amulets"] = [unseen_amulets.pop() for _ in range(seen.get("amulets_count", 0))]
        fresh = seen.get("amulet_fresh_count", 0)
        p["amulet_fresh"] = p["amulets"][-fresh:] if fresh else []
        while len(p["amulet_fresh"]) < fresh:    # names of a turn gone by: only their number shows
            p["amulet_fresh"].append(AMULETS[len(p["amulet_fresh"])])
    # meals: others' meals, others' free offers, the table (unless this seat chooses), the deck
    meals = [m for m in range(len(MEALS)) if m not in mine["meals"] and m not in mine["cook_meals"]
             and m not in mine["meal_offer"]]
    table = view["meal_hand"]
    if table is not None:
        meals = [m for m in meals if m not in table]
    rng.shuffle(meals)
    for i in others:
        p, seen = players[i], view["players"][i]
        dealt = _distinct_dishes(meals, seen.get("meals_count", 0) + seen.get("cook_meals_count", 0))
        inn = seen.get("meals_count", 0)
        p["meals"], p["cook_meals"] = dealt[:inn], dealt[inn:]
        p["meal_offer"] = [meals.pop() for _ in range(seen.get("meal_offer_count", 0))]
    state.meal_hand = list(table) if table is not None else [meals.pop() for _ in range(view["meal_hand_count"])]
    state.meal_deck = meals
    # the other decks: what nobody has seen, in a random order
    seen_souvenirs = set(state.village_offer)
    for p in players:
        seen_souvenirs.update(p["souvenirs"])
    state.souvenir_deck = _shuffled([c for c in range(len(SOUVENIRS)) if c not in seen_souvenirs], rng)
    deck = list(ENCOUNTERS) + (list(NEW_ENCOUNTERS) if state.opt("new_encounters") else [])
    for card in [e for p in players for e in p["encounters"]] + mine["drawn"]:
        deck.remove(card)
    rng.shuffle(deck)
    for i in others:
        players[i]["drawn"] = [deck.pop() for _ in range(view["players"][i].get("drawn_count", 0))]
    state.encounter_deck = deck
    springs = list(HOT_SPRINGS)
    for p in players:
        for value in p["hot_springs"]:
            springs.remove(value)
    state.hot_spring_deck = _shuffled(springs, rng)
    return state


def _edo_rank_guess(state: TokaidoState, piece: int) -> int:
    """The place in which a traveller still on the road would reach the last inn, if the order on
    the road stayed as it is (for Patience: 1 first, `pieces` last)."""
    here = state._road_place(piece)
    return 1 + sum(1 for q in range(state.pieces) if q != piece and state._road_place(q) > here)


def _shuffled(items: list, rng: Rng) -> list:
    rng.shuffle(items)
    return items


def _distinct_dishes(pool: list[int], count: int) -> list[int]:
    """Take `count` meals from `pool` of different dishes (nobody eats a dish twice), or any
    meals if the pool cannot give that many."""
    chosen: list[int] = []
    dishes: set[str] = set()
    for m in list(pool):
        if len(chosen) >= count:
            break
        if MEALS[m].dish not in dishes:
            chosen.append(m)
            dishes.add(MEALS[m].dish)
            pool.remove(m)
    while len(chosen) < count and pool:
        chosen.append(pool.pop())
    return chosen


class TokaidoKnowledge(Knowledge):
    rollout_depth = 24
    greedy_samples = 2

    def estimate(self, state: TokaidoState) -> list[float]:
        n = state.num_players
        road = state.road
        last = len(road) - 1
        scores = state.scores()
        temple = scoring.temple_ranking([p["temple"] for p in state.players])
        ends = scoring.end_achievements(state.players, n)
        inns_left = [sum(1 for j in range(p["index"] + 1, len(road)) if road[j].kind == INN) for p in state.players]
        est = []
        for s in range(n):
            p = state.players[s]
            value = float(scores[s])
            if not state.is_over:
                value += STOP_VALUE * (last - p["index"]) * 0.5
                coin = COIN_VALUE if inns_left[s] or p["index"] < last else COIN_VALUE_LATE
                value += coin * min(p["coins"], 4 + 3 * inns_left[s])
                value += 0.7 * temple[s] + 0.6 * 3 * len(ends[s])
                for kind in PANORAMAS:
                    done = p["panoramas"][kind]
                    if 0 < done < SECTIONS[kind]:
                        value += PANORAMA_PUSH * (done + 1)
                if p["calligraphy"]:
                    guess = {**p, "edo_rank": p["edo_rank"] or _edo_rank_guess(state, s)}
                    value += CALLIGRAPHY_SHARE * scoring.calligraphy_points(
                        guess, len(p["achievements"]) + len(ends[s]), state.pieces, state.edition)
            est.append(value)
        return est

    def evaluate(self, state: TokaidoState) -> list[float]:  # type: ignore[override]
        if state.is_over:
            return terminal_values(state)
        return score_standing(self.estimate(state), 8.0)

    def rollout_action(self, state: TokaidoState, legal: list[Action], rng: Rng) -> Action:  # type: ignore[override]
        """Quick playouts: short steps to useful stops, buy what is affordable, eat, give a coin."""
        first = legal[0]
        if isinstance(first, Move):
            moves = [a for a in legal if isinstance(a, Move)]
            here = state.players[state.acting_piece()]["index"]
            weights = [math.exp(-0.7 * (a.index - here)) for a in moves]
            pick = rng.random() * sum(weights)
            for action, w in zip(moves, weights):
                pick -= w
                if pick <= 0:
                    return action
            return moves[-1]
        if isinstance(first, BuySouvenirs):
            return max(legal, key=lambda a: (len(a.cards), rng.random()))  # type: ignore[attr-defined]
        if isinstance(first, Donate):
            return first
        if isinstance(first, (EatMeal, TakeFreeMeal, EatNothing)):
            buys = [a for a in legal if not isinstance(a, EatNothing)]
            return rng.choice(buys) if buys else legal[-1]
        return legal[rng.below(len(legal))]

    def action_bias(self, view: dict[str, Any], action: Action) -> float:
        return 0.0


KNOWLEDGE = TokaidoKnowledge()
