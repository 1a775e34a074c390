"""What the bots know about Tokaido: what a position is worth, how to play fast playouts, and how
to guess the hidden cards (others' meals and amulets, the order of every deck).

The evaluation estimates each traveller's final score: the points already scored, plus the
road still ahead (more stops to come for whoever is behind), coins to spend at the coming inns,
the temple ranking and the end achievements as they stand, and the panoramas under way.
"""
from __future__ import annotations

import math
from typing import Any

from game.core.ai.base import Knowledge, score_standing, terminal_values
from game.core.protocol import Action
from game.core.rng import Rng

from . import rules as R
from .rules import (AMULETS, BuySouvenirs, Donate, INN, MEALS, Move, PANORAMAS, Pick, SECTIONS, SOUVENIRS,
                    TokaidoState, TRAVELLERS)

STOP_VALUE = 1.55        # points a stop still ahead is worth, on average
COIN_VALUE = 1.05        # a coin while meals and villages lie ahead
COIN_VALUE_LATE = 0.15   # a coin after the last meal
PANORAMA_PUSH = 0.8      # an unfinished panorama part in progress (the next one scores more)


def determinize(view: dict[str, Any], rng: Rng) -> TokaidoState:
    """A full state consistent with `view`: the hidden cards dealt at random from what is unseen."""
    me = view["seat"]
    n = view["num_players"]
    state = TokaidoState._sampled(n, rng)
    state.options = dict(view["options"])
    state.road = R.journey(state.opt("return_trip"))
    state.pieces = view["pieces"]
    state.phase = view["phase"]
    state.turn = view["turn"]
    state.edo_arrivals = view["edo_arrivals"]
    state.inns = {int(k): list(v) for k, v in view["inns"].items()}
    if state.phase == "travellers":           # the Kyoto order is not known yet
        order = list(range(state.pieces))
        rng.shuffle(order)
        state.inns = {0: order}
    state.village_offer = list(view["village_offer"])
    state.cherry_left, state.bath_left = view["cherry_left"], view["bath_left"]
    state.legendary_pool = list(view["legendary_pool"])
    state.calligraphy_pool = list(view["calligraphy_pool"])
    state.amulet_pool = list(view["amulet_pool"])
    state.panorama_firsts = dict(view["panorama_firsts"])
    state.last_move = list(view["last_move"])
    state.players = []
    for i, v in enumerate(view["players"]):
        p = R._player(v["traveller"] or "")
        for key in ("coins", "index", "slot", "inn_meals", "temple", "bonus", "cherry", "bath", "edo_rank"):
            p[key] = v[key]
        for key in ("souvenirs", "hot_springs", "encounters", "achievements", "legendary", "calligraphy"):
            p[key] = list(v[key])
        p["panoramas"] = dict(v["panoramas"])
        if i == me:
            p["meals"], p["cook_meals"] = list(v["meals"]), list(v["cook_meals"])
            p["amulets"], p["amulet_turn"] = list(v["amulets"]), v["amulet_turn"]
            p["amulet_fresh"] = list(v["amulet_fresh"])
            p["dealt"] = list(v["dealt"] or [])
        state.players.append(p)
    # travellers still secret (while they are being chosen)
    taken = {v["traveller"] for v in view["players"] if v["traveller"]} | set(view["players"][me]["dealt"] or [])
    free = [k for k in TRAVELLERS if k not in taken and (state.crossroads or TRAVELLERS[k]["set"] == "base")]
    rng.shuffle(free)
    for i, v in enumerate(view["players"]):
        if i != me and i < n and v["traveller"] is None:
            if i < view["turn"]:      # chose already, in secret
                state.players[i]["traveller"] = free.pop() if free else "hiroshige"
                state.players[i]["coins"] = TRAVELLERS[state.players[i]["traveller"]]["coins"]
            else:                     # still to choose from two tiles we cannot see
                state.players[i]["dealt"] = sorted(free[-2:])
                del free[-2:]
    # amulets held by others
    unseen_amulets = [a for a in AMULETS if a not in state.amulet_pool and a not in state.players[me]["amulets"]]
    rng.shuffle(unseen_amulets)
    for i, v in enumerate(view["players"]):
        if i != me:
            count = v["amulet_count"]
            state.players[i]["amulets"] = unseen_amulets[:count]
            del unseen_amulets[:count]
    # meals: others' meals, the hand at the inn (if not ours to see), the deck
    pool = list(range(len(MEALS)))
    mine = state.players[me]
    for m in mine["meals"] + mine["cook_meals"]:
        pool.remove(m)
    hand_count = view["meal_hand_count"]
    if view["meal_hand"] is not None:
        hand = list(view["meal_hand"])
        for m in hand:
            pool.remove(m)
    else:
        hand = []
    offer = (view["pending"] or {}).get("offer")
    if offer is not None and offer in pool:
        pool.remove(offer)
    rng.shuffle(pool)
    for i, v in enumerate(view["players"]):
        if i == me:
            continue
        cook = v["meal_count"] - v["inn_meals"]
        chosen: list[int] = []
        dishes: set[str] = set()
        for m in list(pool):
            if len(chosen) >= v["meal_count"]:
                break
            if MEALS[m][0] not in dishes:
                chosen.append(m)
                dishes.add(MEALS[m][0])
                pool.remove(m)
        state.players[i]["meals"] = chosen[: max(0, len(chosen) - cook)]
        state.players[i]["cook_meals"] = chosen[max(0, len(chosen) - cook):]
    if view["meal_hand"] is None:
        hand = pool[:hand_count]
        del pool[:hand_count]
    state.meal_hand = hand
    state.meal_inn = next((int(k) for k, v in view["inns"].items()
                           if hand_count and len(v) < state.pieces and int(k) > 0), -1)
    state.meal_deck = pool
    # the other decks: what nobody has seen, in a random order
    seen_souvenirs = set(state.village_offer)
    for p in state.players:
        seen_souvenirs.update(p["souvenirs"])
    state.souvenir_deck = [c for c in range(len(SOUVENIRS)) if c not in seen_souvenirs]
    rng.shuffle(state.souvenir_deck)
    deck = list(R.ENCOUNTERS) + (list(R.NEW_ENCOUNTERS) if state.opt("new_encounters") else [])
    for p in state.players:
        for e in p["encounters"]:
            if e in deck:
                deck.remove(e)
    keep_cards = (view["pending"] or {}).get("cards") or []
    for e in keep_cards:
        if e in deck:
            deck.remove(e)
    rng.shuffle(deck)
    state.encounter_deck = deck[: view["decks"]["encounter"]]
    springs = list(R.HOT_SPRINGS)
    for p in state.players:
        for v in p["hot_springs"]:
            if v in springs:
                springs.remove(v)
    rng.shuffle(springs)
    state.hot_spring_deck = springs[: view["decks"]["hot_spring"]]
    # what is being decided right now
    pending = view["pending"]
    if pending is not None:
        kind, piece = pending["kind"], pending["piece"]
        step: list[Any] = [kind, piece]
        if kind in (R.OPTION, R.PANORAMA):
            step.append(list(pending["options"]))
        elif kind in (R.PAY, R.USE):
            step.append(pending["card"])
        elif kind == R.KEEP:
            step.append(list(pending.get("cards") or deck[:2]))
        elif kind == R.MEAL:
            step.append(pending.get("offer"))
        state.queue = [step]
    return state


class TokaidoKnowledge(Knowledge):
    rollout_depth = 24
    greedy_samples = 2

    def estimate(self, state: TokaidoState) -> list[float]:
        n = state.num_players
        road = state.road
        last = len(road) - 1
        scores = state.scores()
        temple = state.temple_ranking()
        ends = state.end_achievements()
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
        if isinstance(first, Pick) and first.what == R.MEAL:
            buys = [a for a in legal if isinstance(a, Pick) and a.arg]
            return rng.choice(buys) if buys else legal[-1]
        return legal[rng.below(len(legal))]

    def action_bias(self, view: dict[str, Any], action: Action) -> float:
        return 0.0


KNOWLEDGE = TokaidoKnowledge()
