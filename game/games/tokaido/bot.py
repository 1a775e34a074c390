"""What the bots know about Tokaido: what a position is worth, how to play fast playouts, and how
to guess the hidden cards (others' meals and amulets, the order of every deck).

**The estimate** of each traveller's final score: the points already scored; the road still
ahead (more stops to come for whoever is behind); the coins as the meals they secure at the
coming inns, the next inn's first (a meal is 6 points, and a traveller arriving broke loses
them; a farm may still come before the later ones), and only what is left over as what it buys;
the temple ranking and the end achievements as they stand; the souvenir sets begun
(`set_promise`: a first card of a family raises every later card of another); the panoramas
under way. With Crossroads (TOK-66's edition is in the scores themselves), the calligraphies as
they will likely score (`calligraphy_outlook`: Fasting by the meals already missed, Foresight
as a floor of 2 points under every coin kept, Nostalgia, Perfection and Contemplation with the
road left to grow on) and each amulet held by its use (`amulet_outlook`).

**Every level keeps the next meal's money** (`candidates`, by `meal_money_kept`): whatever
decides where the coins go (the shopping's estimate, the greedy bots, the search for the
Crossroads options and shops), it weighs only the moves that leave the next inn's meal paid
for, or the cheapest when none does; a single souvenir of a family the set lacks may take one
of those coins.

**The hard level** searches (information-set MCTS whose playouts end in the estimate) for the
traveller and, with Crossroads, the options and the shops. Its walk and its shopping are rules,
because the search scored no more with them: it walks to the stop that gives most for the steps
it costs (`stop_gain`, less STEP_COST a step), to a farm first when the next meal is not paid
for, and rolls the Fortune amulet before it walks; it gives the temple one coin a visit (strong
players give one coin three times in four), and it buys souvenirs and meals by the estimate
once the stop is done. The playouts walk by the same gains, at random, and never spend the next
meal's money in a village.

**Measured** with `build_scripts/tokaido_table.py` (four hard bots, seats as dealt), against the
Board Game Arena arena games of research/tokaido.md (L1: 1,219 base, 712 Crossroads, four
players each):

- Base game, 300 iterations (the app's budget scores the same: the search picks only the
  traveller), seeds 7001-7320: 76.3 [76.1, 76.6] points a traveller; strong players 76.1. Their
  tables' 10th, 50th and 90th percentiles 72.8, 76.0, 79.5, the bots' 73.3, 76.3, 79.3; their
  winners 84, the bots' 84.4. The bots stop at every kind of stop as often (within 0.1 a
  traveller) and arrive at 1.4 % of inns without money for a dish that is left.
- Where the points come from differs: the bots eat more (meals 23.6 against 21.9) and make less
  of souvenirs (13.1 against 14.0): 48 % of strong players end with all four families, 3.1
  points a card; the bots 40 %, 3.0 a card. The shopping kept the whole meal money even for a
  card of a family the set lacked, and refused a third of those cards (5 or 7 points): letting
  one of those coins go for such a card raised the bots from 36.9 % to 40.5 % and 76.1 to 76.3,
  +0.25 [0.08, 0.42] on 320 seeds, paired (letting a coin go for any purchase scored +0.4, but
  2.8 % of inn visits then came without money for a dish).
- Crossroads, at the app's budget (about 1,200 iterations a decision), seeds 7001-7040: 81.0
  [79.8, 82.2]; strong players 81.8 (their tables' 10th, 50th and 90th percentiles 76.2, 81.8,
  87.0). At 300 iterations 81.1 [80.6, 81.7] over seeds 7001-7120 (the bots' tables 76.8, 81.2,
  85.7), their winners 91.3, strong players' 94. 0.5 % of inn visits (10 of 1,920) come without
  money for a dish left, 0.9 % at the app's budget: the search decides the Crossroads options and
  shops, and spent the meal money on legendary objects, baths, calligraphies and the gaming room
  (2.7 %, 52 of 1,920) until every level weighed only the moves that keep it (`candidates`:
  -0.2 [-0.9, 0.4] points on the same 120 seeds, paired; souvenirs and legendary objects -1.0,
  meals +0.5). The normal level, which now keeps it too: base 3.8 % to 1.1 %, Crossroads 8.4 %
  to 3.1 % (40 seeds, points +0.3 and -0.6, within the noise).

**The table's total is close to a fixed pool.** A place once left is behind everyone, so each
of the 50 stops is visited at most once (twice where doubled: 74 visits with four travellers,
and the bots make 72-74), and what a stop gives depends little on who takes it. Every judgement
changed since the bots reached strong players' total moved points between kinds without raising
it (paired by seed, within about half a point unless said):

- the walk: a village judged by the purchase it promises (by the set held: souvenirs +0.5, the
  total -0.7) or by the spare coins; the travellers' powers; a spare coin capped by what the
  villages and temples ahead can take; bigger gains on the last stretch; the end achievements a
  hot spring, an encounter or a village would win (-0.5 to 0); a farm first only when broke,
  never, or already with two coins; STEP_COST from 0.6 to 2.2; every stop gain higher or lower;
- the traveller: Hiroshige's and Chuubei's inn powers credited (lower: their few coins cost
  more souvenirs than the powers bring);
- a panorama: half a point more to go on with one (-1.1 [-2.0, -0.3]) or less to start one
  (-1.5 [-2.7, -0.4]);
- the coins: a coin less kept for later meals; the souvenirs' promise limited to what the coins
  can buy (-0.4); the dearest dish at the last inn (the Gourmet's race);
- the temple: as much as the ranking seems to ask (lower); at the last temple, the coins the
  exact ranking pays for (+0.1); the ranking weighed less (TEMPLE_WEIGHT 0.4: +0.2 [-0.3, 0.7] on
  80 seeds, -0.7 with Crossroads);
- all fourteen walk and estimate weights tuned together (SPSA, 16 steps of 320 games): +0.4
  ± 0.3 on 400 fresh seeds at 30 iterations, +0.2 [-0.3, 0.7] on seeds 7001-7160 at 300;
- the walk by rollouts of its own rule for everyone from each candidate stop, to the end or for
  60 moves then the estimate (-4.0 ± 1.3, -1.7 ± 0.9; -0.9 ± 1.2 with four times the rollouts);
- with Crossroads: every option and shop settled by the estimate as the shopping is (-2.5 ± 1.1,
  legendary objects instead of souvenirs); calligraphies grown nearer strong players' ends
  (-0.4 ± 1.2); one bought at every encounter the estimate favours (+0.1); legendary objects, or
  a bath whenever the coin is spare, played for.

Where no interval is given, the difference was within the noise of 40 to 160 games at 300
iterations, or of 400 at 30 (the base game's walk and shopping do not search).
"""
from __future__ import annotations

import functools
import itertools
import math
from typing import Any

from game.core.ai.base import Knowledge, score_standing, terminal_values
from game.core.ai.bots import greedy_values
from game.core.protocol import Action
from game.core.rng import Rng

from . import scoring
from .actions import (BuyAmulet, BuyCalligraphy, BuyLegendary, BuySouvenirs, ChooseOption, Donate, EatMeal, EatNothing,
                      Move, TakeBath, TakeFreeMeal, UseAmulet)
from .data import (KIND_NAMES, ACHIEVEMENT_POINTS, AMULET_PRICE, AMULETS, BASE_TRAVELLERS, BATH_HOUSE_POINTS,
                   BATH_HOUSE_PRICE, CALLIGRAPHY_PRICE, FORTUNE_DIE, GAMING_ROOM_BET, LEGENDARY,
                   CHERRY_TREE_COINS, CHERRY_TREE_POINTS, CROSSROADS_TRAVELLERS, ENCOUNTER, ENCOUNTERS, FARM,
                   FARM_COINS, HOT_SPRINGS, HOTSPRING, INN, MEAL_POINTS, MEALS, TEMPLE, VILLAGE, journey,
                   next_inn_index, NEW_ENCOUNTERS, PANORAMAS, SECTIONS, SOUVENIRS, FAMILIES, Stop)
from .powers import power, souvenir_price
from .rules import PHASE_TRAVELLERS, TokaidoState
from .steps import Walk

FAMILY_INDEX = {family: i for i, family in enumerate(FAMILIES)}
STOP_VALUE = 1.55        # points a stop still ahead is worth, on average
#: the chance of a meal at the next inn with 0, 1, 2, 3 or more coins to pay (a dish costs 1-3;
#: whoever arrives late finds the cheap ones taken): arriving with one coin is a gamble
EAT_CHANCE = (0.0, 0.35, 0.8, 0.97, 1.0)
MEAL_KEEP = 3            # coins that still raise the next meal's chance
#: a meal's worth to the one planning for it: its points, and a little more (the Gourmet's
#: race, and a traveller who eats nothing has no money for the stops after the inn either)
MEAL_WORTH = MEAL_POINTS + 1.0
LATER_MEAL_COIN = 1.6    # a coin kept for a later inn's meal (a farm may still come first)
SPARE_COIN = 0.9         # a coin beyond the meals: souvenirs, offerings, the crossroads' buys
COIN_VALUE_LATE = 0.15   # a coin after the last meal
TEMPLE_WEIGHT = 0.7      # the share of the temple ranking as it stands counted before the end
#: souvenirs a traveller still buys, on average, over the whole road (the set's promise below)
SOUVENIRS_AHEAD = 4.0
#: the hard level's walk: what a stop brings, as `stop_gain` guesses it (a village with two spare
#: coins, a temple with one, a hot spring, an encounter)
VILLAGE_GAIN = 3.0
TEMPLE_GAIN = 1.8
SPRING_GAIN = 2.5
ENCOUNTER_GAIN = 2.5
SHOP_SAMPLES = 3         # dealings of the hidden cards the hard level shops on
SHOP_NODES = 400         # positions it looks at per dealing to finish its turn
OWN_POINTS = 0.3         # the share of a position's value that is the traveller's own points
WALK_COST = 0.8          # in a playout: points a step further along the road gives up
#: the hard level's own walk: points a step further gives up (the best of 0.6 .. 2.2 measured:
#: shorter steps leave the best stops to others, longer ones fewer stops to oneself)
STEP_COST = 1.2
PANORAMA_PUSH = 0.8      # an unfinished panorama part in progress (the next one scores more)
CALLIGRAPHY_SHARE = 0.8  # a calligraphy's end points as they are likely to be, before the end
#: a calligraphy's points still to come over the whole road, beyond what it scores as it stands
#: (strong players' Nostalgia, Perfection and Contemplation score 7.0, 6.5 and 5.3 at the end)
CALLIGRAPHY_AHEAD = {"nostalgia": 5.0, "perfection": 4.0, "contemplation": 4.0}
#: Foresight: every coin left at the end scores 2, so no coin is worth less to its holder
FORESIGHT_COIN = 2.0
#: an amulet held, in points, while the road ahead leaves time to use it: Fortune's die (2.2
#: coins on average), Hospitality's free meal, Health's second option, Devotion's coins into the
#: temple, Friendship's occupied stop, Vitality's second walk
AMULET_WORTH = {"fortune": 1.8, "hospitality": 2.5, "health": 2.0, "devotion": 1.5, "friendship": 1.0,
                "vitality": 1.0}
AMULET_FADE = 0.2        # the share of the road at its end over which an amulet's worth fades to nothing
#: Crossroads in a playout: a cherry tree (its points and a coin) and a bath house (its points
#: less the coin it costs) are what a panorama or a hot spring gives while any are left
CHERRY_GAIN = CHERRY_TREE_POINTS + SPARE_COIN * CHERRY_TREE_COINS
BATH_GAIN = BATH_HOUSE_POINTS - SPARE_COIN * BATH_HOUSE_PRICE


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


def meal_need(traveller: str) -> int:
    """The coins a traveller keeps for the next meal: fewer with a discount, none with a free
    offer (Satsuki's offer usually suits)."""
    gift = power(traveller)
    if gift.free_meal:
        return 0
    return max(0, MEAL_KEEP - 1 - gift.meal_discount)


@functools.lru_cache(maxsize=4)
def _inns_from(road: tuple[Stop, ...]) -> tuple[int, ...]:
    """For each road index, the inns from there to the end (one more entry: 0 past the end)."""
    counts = [0] * (len(road) + 1)
    for j in range(len(road) - 1, -1, -1):
        counts[j] = counts[j + 1] + (road[j].kind == INN)
    return tuple(counts)


def inns_ahead(state: TokaidoState, piece: int) -> int:
    """Inns still to come for `piece` (Edo's included), not counting one it stands at."""
    return _inns_from(state.road)[state.players[piece]["index"] + 1]


def coin_worth(coins: int, inns: int, traveller: str, keep: float = 0.0) -> float:
    """Points the coins are worth: the next meal's chance first, then the later meals', then
    whatever they buy. `keep` is what a coin left at the end scores (Foresight's 2), the least
    any coin beyond the next meal is worth."""
    if inns == 0:
        return max(COIN_VALUE_LATE, keep) * coins
    gift = power(traveller)
    if gift.free_meal:
        held, chance = 0, EAT_CHANCE[-1]
    else:
        held = max(0, min(coins, MEAL_KEEP - gift.meal_discount))
        chance = EAT_CHANCE[min(len(EAT_CHANCE) - 1, held + gift.meal_discount)]
    rest = coins - held
    later = min(rest, 2 * (inns - 1))
    if keep:
        return MEAL_WORTH * chance + max(LATER_MEAL_COIN, keep) * later + max(SPARE_COIN, keep) * (rest - later)
    spare = min(rest - later, 3 + 3 * inns)
    return MEAL_WORTH * chance + LATER_MEAL_COIN * later + SPARE_COIN * spare


def _keep(record: dict[str, Any]) -> float:
    """What a coin left at the end scores its holder (Foresight), else nothing."""
    return FORESIGHT_COIN if "foresight" in record["calligraphy"] else 0.0


def road_left(state: TokaidoState, piece: int) -> float:
    """The share of the road still ahead of `piece`: 1 at the start, 0 at the last inn."""
    last = len(state.road) - 1
    return (last - state.players[piece]["index"]) / last


def calligraphy_outlook(state: TokaidoState, piece: int, achievements: int) -> float:
    """The points `piece`'s calligraphies are likely to score at the end (Foresight is in its
    coins' worth instead): as they stand, and what the road still left adds to Nostalgia,
    Perfection and Contemplation; Fasting counts a meal eaten at every inn still ahead (as it
    stands it counts them all missed, though the traveller will eat)."""
    p = state.players[piece]
    cards = p["calligraphy"]
    record = {**p, "edo_rank": p["edo_rank"] or _edo_rank_guess(state, piece),
              "inn_meals": p["inn_meals"] + inns_ahead(state, piece)}
    total = float(scoring.calligraphy_points(record, achievements, state.pieces, state.edition))
    if "foresight" in cards:
        total -= scoring.calligraphy_points({**record, "calligraphy": ["foresight"]}, achievements, state.pieces,
                                            state.edition)
    return total + road_left(state, piece) * sum(CALLIGRAPHY_AHEAD.get(card, 0.0) for card in cards)


def amulet_outlook(state: TokaidoState, piece: int) -> float:
    """The amulets `piece` holds, while the road left gives the time to use them."""
    names = state.players[piece]["amulets"]
    if not names:
        return 0.0
    return min(1.0, road_left(state, piece) / AMULET_FADE) * sum(AMULET_WORTH.get(name, 0.0) for name in names)


def stop_gain(state: TokaidoState, piece: int, index: int) -> float:
    """A playout's quick guess at what stopping at road index `index` brings `piece`, in
    points: the next part of a panorama, a hot spring, an encounter, a village or temple only
    with money the next meal does not need, a farm by what its coins are worth."""
    p = state.players[piece]
    kind = state.road[index].kind
    if kind == INN:
        return 0.0
    if kind == FARM:
        inns = _inns_from(state.road)[index]
        keep = _keep(p)
        return (coin_worth(p["coins"] + FARM_COINS, inns, p["traveller"], keep)
                - coin_worth(p["coins"], inns, p["traveller"], keep))
    spare = p["coins"] - meal_need(p["traveller"])
    if kind in PANORAMAS:
        done = p["panoramas"][kind]
        part = 0.0
        if done < SECTIONS[kind]:
            part = float(done + 1)
            if done + 1 == SECTIONS[kind] and kind not in state.panorama_firsts:
                part += ACHIEVEMENT_POINTS
        if state.crossroads and state.cherry_left > 0:
            part = max(part, CHERRY_GAIN)
        return part
    if kind == HOTSPRING:
        if state.crossroads and state.bath_left > 0 and spare >= BATH_HOUSE_PRICE:
            return BATH_GAIN
        return SPRING_GAIN
    if kind == ENCOUNTER:
        return ENCOUNTER_GAIN
    if kind == VILLAGE:
        return VILLAGE_GAIN if spare >= 2 else 1.0 if spare >= 1 else -1.0
    if kind == TEMPLE:
        return TEMPLE_GAIN if spare >= 1 else -1.0
    return 1.0


#: the families of three souvenirs a village shows, every combination equally likely
_OFFERS = tuple(itertools.product(range(len(FAMILIES)), repeat=3))


@functools.cache
def _sets_after(counts: tuple[int, ...], more: int) -> float:
    """The souvenir points expected once `more` souvenirs are added to `counts` (sorted), each
    the best of three from a village's random families."""
    if more <= 0:
        return float(scoring.set_points(counts))
    total = 0.0
    for offer in _OFFERS:
        best = 0.0
        for family in set(offer):
            grown = list(counts)
            grown[family] += 1
            best = max(best, _sets_after(tuple(sorted(grown)), more - 1))
        total += best
    return total / len(_OFFERS)


def set_promise(souvenirs: list[int], more: float) -> float:
    """What the souvenirs held add to the `more` still to come, beyond their points now: a
    first card of each family raises every later one of another family (1, 3, 5, 7), so a set
    begun is worth more than its points, and a second card of a family less."""
    counts = [0] * len(FAMILIES)
    for card in souvenirs:
        counts[FAMILY_INDEX[SOUVENIRS[card].family]] += 1
    held = tuple(sorted(counts))
    empty = (0,) * len(FAMILIES)

    def promise(k: int) -> float:
        return _sets_after(held, k) - scoring.set_points(held) - _sets_after(empty, k)

    low = min(int(more), 5)
    part = min(more, 5.0) - low
    return (1 - part) * promise(low) + (part * promise(low + 1) if part > 0 else 0.0)


def _stop_done(state: TokaidoState) -> bool:
    """The stop's business is over: the next thing is a walk (the shopping is judged there, not
    by the best of the walks after it, which the first choices alone would be given the time
    to look at)."""
    return not state.queue or isinstance(state.queue[0], Walk)


def _points_scale(points: float) -> float:
    """A traveller's points squashed to 0..1 around a good score."""
    return 1.0 / (1.0 + math.exp(-(points - 75.0) / 15.0))


def outlay(view: dict[str, Any], action: Action) -> int:
    """The fewest coins `action` leaves the purse of the seat of `view` with less (a negative
    number when it brings coins). A Crossroads option counts what it must lead to: a
    legendary object (the cheapest the purse can take), a bath, an amulet, a calligraphy, a
    temple's coin; the gaming room its whole bet (the die may show 0). The encounters' fees
    (a meal, 4 points, a panorama's part, for a coin) and Jirocho's inn bet are not counted:
    they buy more than the meal money keeps, or nothing of it."""
    me = view["players"][view["seat"]]
    if isinstance(action, Donate):
        return action.coins
    if isinstance(action, BuySouvenirs):
        return souvenir_price(me.get("traveller") or "", me["coins"], action.cards) or 0
    if isinstance(action, BuyLegendary):
        return LEGENDARY[action.key].price
    if isinstance(action, BuyAmulet):
        return AMULET_PRICE
    if isinstance(action, BuyCalligraphy):
        return CALLIGRAPHY_PRICE
    if isinstance(action, TakeBath):
        return BATH_HOUSE_PRICE
    if not isinstance(action, ChooseOption):
        return 0
    kind = journey(bool(view.get("return_trip")))[me["index"]].kind
    base = {FARM: -FARM_COINS, TEMPLE: 1}.get(kind, 0)
    if kind == VILLAGE:
        cross = min((LEGENDARY[k].price for k in view["legendary_pool"] if LEGENDARY[k].price <= me["coins"]),
                    default=0)
    elif kind in PANORAMAS:
        cross = -CHERRY_TREE_COINS
    else:
        cross = {HOTSPRING: BATH_HOUSE_PRICE, FARM: GAMING_ROOM_BET * (1 - min(FORTUNE_DIE)),
                 TEMPLE: AMULET_PRICE, ENCOUNTER: CALLIGRAPHY_PRICE}.get(kind, 0)
    if action.option == "both":          # the base option first; the second only if the purse still allows it
        return base + (cross if me["coins"] - base >= cross else 0)
    return {"base": base, "cross": cross}[action.option]


def meal_keep(view: dict[str, Any]) -> int | None:
    """The coins the next inn's meal asks the seat of `view` to keep (MEAL_KEEP, less a
    discount; a coin less while a farm lies before the inn), or None when no meal is to be paid
    for ahead (a free meal, or the road done)."""
    me = view["players"][view["seat"]]
    gift = power(me.get("traveller") or "")
    road = journey(bool(view.get("return_trip")))
    if gift.free_meal or me["index"] >= len(road) - 1:
        return None
    inn = next_inn_index(road, me["index"])
    farm_ahead = any(road[i].kind == FARM for i in range(me["index"] + 1, inn))
    return MEAL_KEEP - gift.meal_discount - (1 if farm_ahead else 0)


#: what each stop's Crossroads option spends the coins on, for a hint's words
CROSS_PURCHASE = {VILLAGE: "a legendary object", HOTSPRING: "a bath house", FARM: "the gaming room",
                  TEMPLE: "an amulet", ENCOUNTER: "a calligraphy"}


def meal_money_kept(view: dict[str, Any], legal: list[Action]) -> list[Action]:
    """The moves that leave the coins of the next inn's meal (`meal_keep`), or the cheapest if
    none does: an estimate or a search would trade a meal for a set of souvenirs or a legendary
    object, and a traveller who arrives broke loses more than the meal. A single card of a family missing from an
    unfinished set (5 or 7 points) may take one of those coins: kept whole, they refused a
    third of such cards (strong players finish a set of all four families more often)."""
    keep = meal_keep(view)
    if keep is None:
        return legal
    me = view["players"][view["seat"]]
    held = {SOUVENIRS[c].family for c in me["souvenirs"]}

    def needs(action: Action) -> int:
        """The coins `action` must leave: one fewer for a card of a family the set lacks."""
        new_family = (isinstance(action, BuySouvenirs) and len(action.cards) == 1
                      and SOUVENIRS[action.cards[0]].family not in held)
        return keep - 1 if new_family else keep

    costs = [outlay(view, a) for a in legal]
    cheapest = min(costs)
    return [a for a, c in zip(legal, costs) if me["coins"] - c >= needs(a) or c == cheapest]


#: the decisions the hard level settles by its estimate rather than by the search
SHOPPING = (BuySouvenirs, Donate, EatMeal, TakeFreeMeal, EatNothing)


class TokaidoKnowledge(Knowledge):
    rollout_depth = 24
    greedy_samples = 2

    def explain(self, view: dict[str, Any], action: Action) -> str:
        """A hint's why, from what the seat sees: what the stop walked to brings the traveller
        now (a farm when the purse is thin before an inn, the next part of a panorama...)."""
        if view.get("seat") is None:
            return ""
        state = determinize(view, Rng(0))
        piece = state.acting_piece()
        player = state.players[piece]
        coins = player["coins"]
        if isinstance(action, Move):
            stop = state.road[action.index]
            inn_next = next_inn_index(state.road, player["index"]) == next_inn_index(state.road, action.index)
            purse = f"you have {coins} coin{'s' if coins != 1 else ''}"
            if stop.kind == FARM:
                return f"a farm: {purse}" + (" and an inn is next" if inn_next and coins < MEAL_KEEP else "")
            if stop.kind == INN:
                return "the inn: everyone stops there, and a meal is 6 points"
            if stop.kind in PANORAMAS:
                done = player["panoramas"][stop.kind]
                if done < SECTIONS[stop.kind]:
                    points = f"{done + 1} point{'s' if done else ''}"
                    return f"part {done + 1} of your {KIND_NAMES.get(stop.kind, stop.kind).lower()} panorama, {points}"
                return ""
            if stop.kind == HOTSPRING:
                return "a hot spring: 2 or 3 points for nothing"
            if stop.kind == VILLAGE:
                return f"souvenirs: {purse} to spend, and each new kind in a set scores more"
            if stop.kind == TEMPLE:
                return "a point a coin, and the temple ranking at the end"
            if stop.kind == ENCOUNTER:
                return "an encounter always brings something"
            return ""
        if isinstance(action, ChooseOption):
            return self._option_why(view, action)
        if isinstance(action, BuySouvenirs):
            return "a new kind in a set scores more than the one before"
        if isinstance(action, (EatMeal, TakeFreeMeal)):
            return f"a meal is {MEAL_POINTS} points"
        if isinstance(action, Donate):
            return "a point a coin, and the temple ranking at the end"
        return ""

    @staticmethod
    def _option_why(view: dict[str, Any], action: ChooseOption) -> str:
        """Why not the Crossroads option, when it would spend the next meal's money."""
        keep = meal_keep(view)
        me = view["players"][view["seat"]]
        coins = me["coins"]
        kind = journey(bool(view.get("return_trip")))[me["index"]].kind
        if keep is None or action.option == "cross" or kind not in CROSS_PURCHASE:
            return ""
        left = coins - outlay(view, ChooseOption("cross"))
        if left < keep and left < coins - outlay(view, action):
            return (f"{CROSS_PURCHASE[kind]} would leave {left} coin{'s' if left != 1 else ''}, "
                    f"short of the {keep} kept for the next inn's meal")
        return ""

    def estimate(self, state: TokaidoState) -> list[float]:
        n = state.num_players
        road = state.road
        last = len(road) - 1
        scores = state.scores()
        temple = scoring.temple_ranking([p["temple"] for p in state.players])
        ends = scoring.end_achievements(state.players, n)
        inns_left = [inns_ahead(state, s) for s in range(n)]
        est = []
        for s in range(n):
            p = state.players[s]
            value = float(scores[s])
            if not state.is_over:
                value += STOP_VALUE * (last - p["index"]) * 0.5
                value += coin_worth(p["coins"], inns_left[s], p["traveller"], _keep(p))
                value += TEMPLE_WEIGHT * temple[s] + 0.6 * 3 * len(ends[s])
                value += set_promise(p["souvenirs"], SOUVENIRS_AHEAD * road_left(state, s))
                for kind in PANORAMAS:
                    done = p["panoramas"][kind]
                    if 0 < done < SECTIONS[kind]:
                        value += PANORAMA_PUSH * (done + 1)
                if p["calligraphy"]:
                    value += CALLIGRAPHY_SHARE * calligraphy_outlook(state, s, len(p["achievements"]) + len(ends[s]))
                value += amulet_outlook(state, s)
            est.append(value)
        return est

    def evaluate(self, state: TokaidoState) -> list[float]:  # type: ignore[override]
        """Mostly the standing against the best rival, partly the points themselves: a
        traveller far behind still plays for every point (as players do: a place on the podium,
        a personal best) instead of finding all moves equally lost."""
        if state.is_over:
            win = terminal_values(state)
            own = [_points_scale(v) for v in state.scores()]
        else:
            est = self.estimate(state)
            win = score_standing(est, 8.0)
            own = [_points_scale(v) for v in est]
        return [(1 - OWN_POINTS) * w + OWN_POINTS * o for w, o in zip(win, own)]

    def rollout_action(self, state: TokaidoState, legal: list[Action], rng: Rng) -> Action:  # type: ignore[override]
        """Quick playouts as a careful traveller walks: short steps to useful stops, to a farm
        when the next meal is not paid for, souvenirs only from money the next meal does not
        need, the cheapest dish, a coin to the temple."""
        first = legal[0]
        if isinstance(first, Move):
            moves = [a for a in legal if isinstance(a, Move)]
            piece = state.acting_piece()
            here = state.players[piece]["index"]
            return rng.weighted(moves, [math.exp(stop_gain(state, piece, a.index) - WALK_COST * (a.index - here))
                                        for a in moves])
        if isinstance(first, BuySouvenirs):
            piece = state.acting_piece()
            p = state.players[piece]
            keep = meal_need(p["traveller"]) if inns_ahead(state, piece) else 0
            best, best_key = first, (-1, 0.0)
            for a in legal:
                price = state.souvenir_price(piece, a.cards)  # type: ignore[attr-defined]
                if price is None or p["coins"] - price < keep and a.cards:   # type: ignore[attr-defined]
                    continue
                key = (len(a.cards), rng.random())                           # type: ignore[attr-defined]
                if key > best_key:
                    best, best_key = a, key
            return best
        if isinstance(first, Donate):
            return first
        if isinstance(first, (EatMeal, TakeFreeMeal, EatNothing)):
            if any(isinstance(a, TakeFreeMeal) for a in legal):
                return next(a for a in legal if isinstance(a, TakeFreeMeal))
            piece = state.acting_piece()
            buys = [a for a in legal if isinstance(a, EatMeal) and not a.devote]
            if not buys:
                buys = [a for a in legal if not isinstance(a, EatNothing)]
            if not buys:
                return legal[-1]
            return min(buys, key=lambda a: (self._dish_price(state, piece, a), rng.random()))
        return legal[rng.below(len(legal))]

    @staticmethod
    def _dish_price(state: TokaidoState, piece: int, action: Action) -> int:
        if not isinstance(action, EatMeal) or action.hospitality:
            return 0
        return min(state.meal_price(piece, m) for m in state.meal_hand if MEALS[m].dish == action.dish)

    def action_bias(self, view: dict[str, Any], action: Action) -> float:
        return 0.0

    def plan(self, view: dict[str, Any], legal: list[Action], rng: Rng, level: str) -> Action | None:
        """The hard level's walk and shopping. It walks to the stop that gives most for the
        steps it costs (`stop_gain`, less STEP_COST a step): the search, its playouts too noisy
        to better that guess, scored no more with it (and less with Crossroads). A temple gets
        one coin. What to buy at a village or eat at an inn is judged by the points the traveller
        is estimated to finish with once the stop is done, on a few dealings of the hidden
        cards: those choices barely touch the others, and the search's playouts cannot tell a
        meal kept from a souvenir bought. The rest (travellers, the crossroads' options and
        shops) stays with the search."""
        if level != "hard" or len(legal) < 2:
            return None
        if isinstance(legal[0], Move):
            fortune = next((a for a in legal if isinstance(a, UseAmulet)), None)
            return fortune or self._farm_first(view, legal) or self._best_stop(view, legal, rng)
        if not isinstance(legal[0], SHOPPING):
            return None          # travellers, crossroad options and their shops: the search
        if isinstance(legal[0], Donate):
            return self._one_coin_offering(legal)
        seat = view["seat"]
        values = greedy_values(self.sampler(view, determinize), legal, seat, rng, SHOP_SAMPLES, SHOP_NODES,
                               lambda state: self.estimate(state)[seat], until=_stop_done)
        return legal[max(range(len(legal)), key=lambda i: values[i])]

    @staticmethod
    def _one_coin_offering(legal: list[Action]) -> Action:
        """A coin to the temple, and Hirotada's coin from the bank with it: every donor takes a
        prize, a coin more scores a point, and the same coin buys more in a village. Strong
        players give one coin three times in four (1,505 of 1,948 gifts in 300 of the BGA arena
        games); giving as much as the ranking seemed to ask scored less (see the docstring)."""
        return min(legal, key=lambda a: (a.coins, not a.extra))   # type: ignore[attr-defined]

    def candidates(self, view: dict[str, Any], legal: list[Action], level: str) -> list[Action]:
        """Every level keeps the next inn's meal money, whoever decides what the coins go on
        (the shopping's estimate, the greedy bots, the search for the Crossroads options and
        shops): see `meal_money_kept`."""
        return meal_money_kept(view, legal)

    @staticmethod
    def _best_stop(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action | None:
        """The stop worth most for the steps it costs, the nearer on a tie (the neutral
        traveller's walk stays with the search)."""
        if view.get("acting") != view["seat"]:
            return None
        state = determinize(view, rng)
        piece = state.acting_piece()
        here = state.players[piece]["index"]
        moves = [a for a in legal if isinstance(a, Move)]
        return max(moves, key=lambda a: (stop_gain(state, piece, a.index) - STEP_COST * (a.index - here)
                                         - (AMULET_WORTH["friendship"] if a.share else 0.0), -a.index))

    @staticmethod
    def _farm_first(view: dict[str, Any], legal: list[Action]) -> Action | None:
        """A traveller who cannot pay the next inn's meal stops at the nearest farm on the way
        to it while one is free: a meal is worth more than any stop, and the search's playouts
        are too hopeful that a later farm will still be free. Otherwise the search decides."""
        if view.get("acting") != view["seat"]:      # the neutral traveller walks (TOK-67)
            return None
        me = view["players"][view["seat"]]
        traveller = me.get("traveller") or ""
        if power(traveller).free_meal or me["coins"] + power(traveller).meal_discount >= MEAL_KEEP - 1:
            return None
        road = journey(bool(view.get("return_trip")))
        inn = next_inn_index(road, me["index"])
        farms = [a for a in legal if isinstance(a, Move) and a.index < inn and road[a.index].kind == FARM]
        return min(farms, key=lambda a: (a.index, a.slot)) if farms else None


KNOWLEDGE = TokaidoKnowledge()
