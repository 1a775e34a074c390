"""Tokaido, clause by clause. Each test names the ids of seeds/tokaido.md it checks; positions
are built with tests/tokaido/builders.py."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from game.core.protocol import IllegalAction, log_lines
from game.core.rng import Rng
from game.games.tokaido import data as D
from game.games.tokaido import scoring
from game.games.tokaido.actions import (Bet, BuyAmulet, BuyCalligraphy, BuyLegendary, BuySouvenirs, ChooseOption,
                                        ChooseTraveller, Donate, EatMeal, EatNothing, KeepAmulet, KeepEncounter, Move,
                                        PayEncounter, SkipPanorama, TakeFreeMeal, TakePanorama, UseAmulet)
from game.games.tokaido.bot import determinize
from game.games.tokaido.data import INN, MEALS, SOUVENIRS
from game.games.tokaido.rules import TokaidoState
from game.games.tokaido.steps import StopOptions, Village, VitalityCheck

from tests.tokaido.builders import (amulets, at_inn_on_the_way, crossroad, first_inn, holding, meals_on_table, meets,
                                    new, next_encounter, others_at_next_inn, panoramas, place, started, stop_index,
                                    waiting, walks_next)


def moves(state: TokaidoState) -> list[Move]:
    return [a for a in state.legal_actions() if isinstance(a, Move)]


# ---- components and setup ------------------------------------------------------------------

def test_the_road_TOK_1():
    road = D.board_road()
    assert len(road) == 55 and [s.pos for s in road] == list(range(1, 56))
    inns = [s.pos for s in road if s.kind == INN]
    assert inns == [1, 15, 28, 42, 55]
    assert sum(1 for s in road if s.doubled) == 24
    between = [inns[i + 1] - inns[i] - 1 for i in range(4)]
    assert between == [13, 12, 13, 12]
    counts = Counter(s.kind for s in road if s.kind != INN)
    assert counts == {"village": 7, "temple": 6, "encounter": 7, "paddy": 5, "mountain": 6, "sea": 7,
                      "hotspring": 6, "farm": 6}


def test_the_decks_TOK_2_TOK_3():
    assert len(SOUVENIRS) == 24 and Counter(s.family for s in SOUVENIRS) == {f: 6 for f in D.FAMILIES}
    assert len(MEALS) == 25 and Counter(m.price for m in MEALS) == {1: 9, 2: 10, 3: 6}
    assert len(D.ENCOUNTERS) == 14 and len(D.HOT_SPRINGS) == 12
    assert D.SECTIONS == {"paddy": 3, "mountain": 4, "sea": 5}
    assert len(D.TRAVELLERS) == 16
    for n in (2, 3, 4, 5):
        new(n, 1)
    for n in (1, 6):
        with pytest.raises(ValueError):
            new(n, 1)


def test_travellers_dealt_two_keep_one_in_secret_TOK_4_TOK_76():
    state = new(3, 2)
    assert state.phase == "travellers" and state.current_player == 0
    dealt = state.players[0]["dealt"]
    assert len(dealt) == 2 and all(t in D.BASE_TRAVELLERS for t in dealt)
    assert {a.traveller for a in state.legal_actions()} == set(dealt)
    state.apply(ChooseTraveller(dealt[1]))
    assert state.current_player == 1
    assert state.view(1)["players"][0]["traveller"] == ""          # still secret
    assert state.view(0)["players"][0]["chosen"] == dealt[1]       # but known to its owner
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.phase == "play" and state.players[0]["coins"] == D.TRAVELLERS[dealt[1]]["coins"]
    assert state.view(1)["players"][0]["traveller"] == dealt[1]
    with pytest.raises(IllegalAction):
        state.apply(ChooseTraveller(dealt[0]))


@pytest.mark.parametrize("seed", range(6))
def test_nothing_of_a_chosen_traveller_shows_before_all_have_chosen_TOK_4_TOK_81(seed):
    """Six of the ten starting purses are unique: the coins would give the traveller away."""
    state = new(4, seed, preparations=True)
    for seat in range(3):
        before = {viewer: state.view(viewer)["players"][seat] for viewer in range(4) if viewer != seat}
        choice = state.players[seat]["dealt"][1]
        state.apply(ChooseTraveller(choice))
        for viewer, record in before.items():
            assert state.view(viewer)["players"][seat] == record
            assert choice not in json.dumps(state.view(viewer)["players"][seat])
    state.apply(state.legal_actions()[0])
    assert all(state.view(1)["players"][s]["coins"] for s in range(4))   # revealed together


def test_random_start_order_TOK_5():
    orders = {tuple(started(4, s).inns["0"]) for s in range(12)}
    assert len(orders) > 3


def test_the_kyoto_order_is_hidden_while_travellers_are_chosen_TOK_5():
    state = new(4, 40, preparations=True)
    assert state.phase == "travellers"
    for seat in range(4):
        assert state.view(seat)["inns"] == {"0": []} and "kyoto_order" not in state.view(seat)
        sample = determinize(state.view(seat), Rng(seat))
        assert sorted(sample.kyoto_order) == [0, 1, 2, 3]
    for seat in range(4):
        state.apply(ChooseTraveller(state.players[seat]["dealt"][0]))
    assert sorted(state.view(0)["inns"]["0"]) == [0, 1, 2, 3]


def test_a_game_saved_while_travellers_are_chosen_plays_on_alike_TOK_5():
    state = new(4, 41, preparations=True)
    state.apply(ChooseTraveller(state.players[0]["dealt"][0]))
    loaded = TokaidoState.from_json(json.loads(json.dumps(state.to_json())))
    for twin in (state, loaded):
        for seat in range(1, 4):
            twin.apply(ChooseTraveller(twin.players[seat]["dealt"][0]))
    assert loaded.inns == state.inns and loaded.to_json() == state.to_json()
    assert [p["coins"] for p in loaded.players] == [p["coins"] for p in state.players]


def test_clones_and_saves_share_no_list_with_the_state():
    state = new(3, 42, crossroads=True)
    twin = state.clone()
    twin.players[0]["dealt"].append("kinko")
    saved = state.to_json()
    saved["players"][1]["dealt"].append("kinko")
    assert "kinko" not in state.players[0]["dealt"] + state.players[1]["dealt"]
    state = started(3, 42, crossroads=True)
    amulets(state, 0, "fortune", bought_now=("fortune",))
    for copy in (state.clone().players[0], state.to_json()["players"][0]):
        copy["amulet_fresh"].append("health")
        copy["amulets"].append("health")
    assert state.players[0]["amulet_fresh"] == ["fortune"] and state.players[0]["amulets"] == ["fortune"]


# ---- walking -----------------------------------------------------------------------------------

def test_the_last_traveller_moves_and_later_arrival_counts_as_behind_TOK_6_TOK_12():
    state = started(3, 3)
    order = state.inns["0"]
    assert state.mover() == order[-1]      # the last to arrive in Kyoto leaves first
    place(state, 0, 5), place(state, 1, 5, 1), place(state, 2, 9)
    assert state.mover() == 1               # same stop: the later arrival (second place)
    place(state, 1, 3)
    assert state.mover() == 1               # still last after moving: moves again


def test_moves_forward_not_past_the_inn_nor_onto_others_TOK_7_TOK_9():
    state = started(3, 4)
    mover = state.mover()
    place(state, 1 - mover if mover < 2 else 0, 4)
    indices = [a.index for a in moves(state)]
    inn = D.next_inn_index(state.road, 0)
    assert max(indices) == inn and min(indices) >= 1
    blocked = [p["index"] for i, p in enumerate(state.players) if i != mover and p["index"] > 0]
    if blocked and not state.road[blocked[0]].doubled:
        assert blocked[0] not in indices
    with pytest.raises(IllegalAction, match="next inn"):
        state.apply(Move(inn + 1))


def test_doubled_stops_only_with_four_or_more_TOK_8():
    for n, expect in ((3, 1), (4, 2)):
        state = started(n, 5)
        double = stop_index(state, "farm", doubled=True)
        place(state, 0, double)
        assert state.places(double) == expect == D.stop_places(state.road[double], state.pieces)
        assert state.view(1)["second_places"] == (expect == 2)
        assert state.mover() != 0
        here = [a for a in moves(state) if a.index == double]
        assert (here == [Move(double, 1)]) == (expect == 2) and (not here) == (expect == 1)
        assert state.walk_targets(state.mover()) == moves(state)


def test_no_village_or_temple_without_a_coin_TOK_10():
    state = started(3, 6)
    holding(state, state.mover(), coins=0)
    kinds = {state.road[a.index].kind for a in moves(state)}
    assert "village" not in kinds and "temple" not in kinds
    with pytest.raises(IllegalAction, match="without a coin"):
        state.apply(Move(stop_index(state, "village")))


def test_no_stop_at_a_finished_panorama_TOK_11_TOK_48():
    state = started(3, 7)
    panoramas(state, state.mover(), paddy=3)
    paddy = stop_index(state, "paddy")
    assert paddy not in [a.index for a in moves(state)]
    with pytest.raises(IllegalAction, match="complete"):
        state.apply(Move(paddy))
    cross = started(3, 7, crossroads=True, edition="later")
    mover = cross.mover()
    panoramas(cross, mover, paddy=3)
    assert Move(paddy) in cross.legal_actions()        # with a cherry tree left, in the later edition
    cross.apply(Move(paddy))
    assert cross.players[mover]["cherry"] == 1


# ---- stops ---------------------------------------------------------------------------------------

def test_village_offers_three_and_the_rest_go_under_TOK_14_TOK_13():
    state = started(3, 8)
    mover = state.mover()
    holding(state, mover, coins=10)
    deck = list(state.souvenir_deck)
    state.apply(Move(stop_index(state, "village")))
    assert state.village_offer == deck[-3:][::-1] and isinstance(state.queue[0], Village)
    buy = next(a for a in state.legal_actions() if isinstance(a, BuySouvenirs) and len(a.cards) == 1)
    state.apply(buy)
    assert state.players[mover]["souvenirs"] == list(buy.cards)
    assert state.players[mover]["coins"] == 10 - SOUVENIRS[buy.cards[0]].price
    assert sorted(state.souvenir_deck[:2]) == sorted(c for c in deck[-3:] if c not in buy.cards)


def test_farm_panorama_hot_spring_TOK_15_TOK_16_TOK_17_TOK_33_TOK_34():
    state = started(3, 9)
    mover = state.mover()
    coins = state.players[mover]["coins"]
    state.apply(Move(stop_index(state, "farm")))
    assert state.players[mover]["coins"] == coins + 3
    state = started(3, 9)
    mover = state.mover()
    panoramas(state, mover, sea=2)
    state.apply(Move(stop_index(state, "sea")))
    assert state.players[mover]["panoramas"]["sea"] == 3 and scoring.panorama_points(state.players[mover]) == 6
    state = started(3, 9)
    mover = state.mover()
    top = state.hot_spring_deck[-1]
    state.apply(Move(stop_index(state, "hotspring")))
    assert state.players[mover]["hot_springs"] == [top] and top in (2, 3)


def test_first_to_finish_a_panorama_TOK_18():
    state = started(3, 10)
    for piece, achievements in ((0, ["paddy"]), (1, [])):
        panoramas(state, piece, paddy=2)
        walks_next(state, piece, 0)
        state.apply(Move(stop_index(state, "paddy"), slot=state.free_slot(stop_index(state, "paddy"))))
        assert state.players[piece]["achievements"] == achievements
        place(state, piece, 0)


def test_temple_one_to_three_coins_TOK_19_TOK_35():
    state = started(3, 11)
    mover = state.mover()
    holding(state, mover, coins=2)
    state.apply(Move(stop_index(state, "temple")))
    assert {a.coins for a in state.legal_actions()} == {1, 2}
    state.apply(Donate(2))
    assert state.players[mover]["temple"] == 2 and state.players[mover]["coins"] == 0
    assert dict(state.score_breakdown())["Temple offerings"][mover] == 2


def test_encounters_TOK_20_TOK_21():
    state = started(3, 12)
    p = meets(state, "samurai")
    assert state.players[p]["encounters"] == ["samurai"] and state.players[p]["bonus"] == 3
    state = started(3, 12)
    coins = state.players[state.mover()]["coins"]
    p = meets(state, "kuge")
    assert state.players[p]["coins"] == coins + 3
    state = started(3, 12)
    p = meets(state, "miko")
    assert state.players[p]["temple"] == 1
    state = started(3, 12)
    top = state.souvenir_deck[-1]
    p = meets(state, "shokunin")
    assert state.players[p]["souvenirs"] == [top]
    state = started(3, 12)
    p = meets(state, "annaibito_sea")
    assert state.players[p]["panoramas"]["sea"] == 1
    state = started(3, 12)
    panoramas(state, state.mover(), sea=5)
    p = meets(state, "annaibito_sea")
    assert set(state.legal_actions()) == {TakePanorama("paddy"), TakePanorama("mountain"), SkipPanorama()}
    state.apply(TakePanorama("mountain"))
    assert state.players[p]["panoramas"]["mountain"] == 1
    state = started(3, 12)
    panoramas(state, state.mover(), sea=5)
    p = meets(state, "annaibito_sea")
    state.apply(SkipPanorama())
    assert state.players[p]["panoramas"] == {"paddy": 0, "mountain": 0, "sea": 5}


def test_souvenir_sets_TOK_32():
    fam = {f: [s.ident for s in SOUVENIRS if s.family == f] for f in D.FAMILIES}
    record = {"souvenirs": [fam["small"][0], fam["food"][0], fam["clothing"][0], fam["art"][0]], "legendary": []}
    assert scoring.souvenir_points(record) == 1 + 3 + 5 + 7
    record["souvenirs"] += [fam["small"][1], fam["food"][1]]
    assert scoring.souvenir_points(record) == 16 + 1 + 3
    record["souvenirs"] = fam["art"][:3]
    assert scoring.souvenir_points(record) == 3
    state = started(2, 13)
    holding(state, 0, souvenirs=fam["art"][:3])
    assert state.souvenir_points(0) == 3 == state.scores()[0]


# ---- travellers -------------------------------------------------------------------------------------

def test_hiroshige_chuubei_daigoro_at_the_inns_TOK_22_TOK_24_TOK_45():
    state, _ = at_inn_on_the_way("hiroshige")
    assert set(state.legal_actions()) == {TakePanorama(k) for k in ("paddy", "mountain", "sea")}
    state.apply(TakePanorama("sea"))
    assert state.players[0]["panoramas"]["sea"] == 1
    state, _ = at_inn_on_the_way("chuubei")
    assert len(state.players[0]["encounters"]) == 1
    state, _ = at_inn_on_the_way("daigoro", crossroads=True)
    assert len(state.players[0]["souvenirs"]) == 1


def test_kinko_pays_less_TOK_23():
    state = started(3, 15, travellers=["kinko", "", ""])
    assert state.meal_price(0, next(i for i, m in enumerate(MEALS) if m.price == 1)) == 0
    assert state.meal_price(0, next(i for i, m in enumerate(MEALS) if m.price == 3)) == 2


def test_satsuki_free_meal_TOK_25():
    state, _ = at_inn_on_the_way("satsuki")
    offer = state.players[0]["meal_offer"]
    assert len(offer) == 1 and state.view(1)["players"][0]["meal_offer"] is None      # hers alone
    assert state.view(1)["players"][0]["meal_offer_count"] == 1
    assert TakeFreeMeal() in state.legal_actions()
    state.apply(TakeFreeMeal())
    assert state.players[0]["meals"] == offer and state.players[0]["inn_meals"] == 1


def test_sasayakko_cheapest_free_TOK_26():
    state = started(3, 16, travellers=["sasayakko", "", ""])
    two = (next(s.ident for s in SOUVENIRS if s.price == 1), next(s.ident for s in SOUVENIRS if s.price == 3))
    holding(state, 0, coins=4)
    assert state.souvenir_price(0, two) == 3
    holding(state, 0, coins=3)
    assert state.souvenir_price(0, two) is None      # she must be able to pay them all


def test_umegae_and_yoshiyasu_TOK_27_TOK_28_TOK_78():
    state = started(3, 17, travellers=["umegae", "", ""])
    others_at_next_inn(state, 0, 0)
    coins = state.players[0]["coins"]
    next_encounter(state, "kuge")
    state.apply(Move(stop_index(state, "encounter")))
    assert state.players[0]["coins"] == coins + 1 + 3 and state.players[0]["bonus"] == 1
    state = started(3, 17, travellers=["yoshiyasu", "", ""])
    others_at_next_inn(state, 0, 0)
    next_encounter(state, "kuge", "samurai")
    state.apply(Move(stop_index(state, "encounter")))
    assert set(state.legal_actions()) == {KeepEncounter("samurai"), KeepEncounter("kuge")}
    assert sorted(state.view(0)["players"][0]["drawn"]) == ["kuge", "samurai"]
    assert state.view(1)["players"][0]["drawn"] is None and state.view(1)["players"][0]["drawn_count"] == 2
    assert "samurai" not in json.dumps(state.view(1)["pending"])
    state.apply(KeepEncounter("samurai"))
    assert state.players[0]["encounters"] == ["samurai"] and state.encounter_deck[0] == "kuge"


def test_zenemon_hirotada_mitsukuni_TOK_29_TOK_30_TOK_31():
    state = started(3, 18, travellers=["zenemon", "hirotada", "mitsukuni"])
    dear = next(s.ident for s in SOUVENIRS if s.price == 3)
    holding(state, 0, coins=1)
    assert state.souvenir_price(0, (dear,)) == 1
    others_at_next_inn(state, 1, 0)
    holding(state, 1, coins=3)
    state.apply(Move(stop_index(state, "temple")))
    assert Donate(1, True) in state.legal_actions()
    state.apply(Donate(1, True))
    assert state.players[1]["temple"] == 2
    holding(state, 2, hot_springs=[2, 3], achievements=["sea"])
    assert dict(state.score_breakdown())["Traveller"][2] == 2 + 1


# ---- inns ---------------------------------------------------------------------------------------------

def test_meals_at_the_inn_TOK_36_TOK_37_TOK_38_TOK_44_TOK_75_TOK_81():
    state = started(3, 19)
    inn = first_inn(state)
    mover = state.mover()
    other = (mover + 1) % 3
    walks_next(state, mover, inn - 1)
    holding(state, mover, coins=9)
    epoch = state.info_epoch
    state.apply(Move(inn))
    assert len(state.meal_hand) == 4                       # three travellers + 1
    assert state.info_epoch > epoch                        # seen: no undo past the draw
    assert state.view(mover)["meal_hand"] == sorted(state.meal_hand) and state.view(other)["meal_hand"] is None
    assert state.view(other)["meal_hand_count"] == 4
    choice = next(a for a in state.legal_actions() if isinstance(a, EatMeal))
    state.apply(choice)
    assert [MEALS[m].dish for m in state.players[mover]["meals"]] == [choice.dish]
    assert state.view(other)["players"][mover]["meals"] is None
    assert state.view(other)["players"][mover]["meals_count"] == 1
    # a dish already eaten is not offered again
    dish = choice.dish
    meals_on_table(state, inn, [i for i, m in enumerate(MEALS) if m.dish == dish][:1] + state.meal_hand)
    assert all(a.dish != dish for a in state._meal_choices(mover) if isinstance(a, EatMeal))
    assert D.board_road()[0].kind == INN and not state.players[mover]["meals"][1:]


def test_leftover_meals_go_under_the_deck_TOK_38():
    state = started(3, 20)
    inn = first_inn(state)
    others_at_next_inn(state, 0, inn - 1)
    meals_on_table(state, inn, [state.meal_deck.pop(), state.meal_deck.pop()])
    deck = len(state.meal_deck)
    state.apply(Move(inn))                                # the last traveller arrives
    state.apply(EatNothing())
    assert state.meal_hand == [] and len(state.meal_deck) == deck + 2 and state.meal_inn == -1


# ---- the end ---------------------------------------------------------------------------------------------

def test_the_journey_ends_at_edo_TOK_39_TOK_42_TOK_74_TOK_81():
    state = started(3, 21)
    rng = Rng(2)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    last = len(state.road) - 1
    assert all(p["index"] == last for p in state.players)
    scores = state.scores()
    assert set(state.winners()) <= {s for s in range(3) if scores[s] == max(scores)}
    assert state.view(0)["meals_shown"] is not None


@pytest.mark.parametrize("crossroads", [False, True])
def test_points_are_scored_as_they_are_earned_TOK_43(crossroads):
    """The running score only grows on the road, and a painted panorama section shows at once."""
    state = started(4, 5, crossroads=crossroads)
    rng = Rng(8)
    before = state.scores()
    painted = 0
    while not state.is_over:
        legal = state.legal_actions()
        sections = [sum(p["panoramas"].values()) for p in state.players]
        state.apply(legal[rng.below(len(legal))])
        now = state.scores()
        assert all(b <= a for b, a in zip(before, now)), (before, now)
        for seat, p in enumerate(state.players):
            grown = sum(p["panoramas"].values()) - sections[seat]
            if grown and not state.is_over:
                painted += 1
                assert now[seat] > before[seat]
        before = now
    assert painted > 0


def test_temple_ranking_TOK_40():
    assert scoring.temple_ranking([5, 5, 3, 0]) == [10, 10, 7, 0]
    assert scoring.temple_ranking([6, 4, 2, 1]) == [10, 7, 4, 2]


def test_end_achievements_TOK_41_TOK_71():
    state = started(3, 23)
    holding(state, 0, hot_springs=[2], encounters=["kuge", "miko"])
    holding(state, 1, hot_springs=[3])
    ends = scoring.end_achievements(state.players, 3)
    assert "bather" in ends[0] and "bather" in ends[1] and "bather" not in ends[2]
    assert ends[0].count("chatterbox") == 1 and "gourmet" not in ends[0] and "collector" not in ends[0]


def test_tie_break_by_achievements_TOK_42():
    state = started(2, 24)
    state.phase = "over"
    holding(state, 0, bonus=3)
    holding(state, 1, achievements=["sea"])
    assert state.scores()[0] == state.scores()[1] and state.winners() == [1] and state.ranking() == [2, 1]


# ---- Crossroads -------------------------------------------------------------------------------------------

def test_crossroads_components_TOK_46_TOK_77():
    state = started(3, 26, crossroads=True)
    assert state.cherry_left == 6 and state.bath_left == 6
    assert len(state.legendary_pool) == 6 and len(state.calligraphy_pool) == 6 and len(state.amulet_pool) == 6
    assert D.FORTUNE_DIE == [0, 1, 2, 3, 3, 4]
    assert len(D.CROSSROADS_TRAVELLERS) == 6


def test_village_legendary_TOK_47_TOK_55():
    state, p = crossroad("village")
    assert set(state.legal_actions()) == {ChooseOption("base"), ChooseOption("cross")}
    assert isinstance(state.queue[0], StopOptions) and state.view(1)["pending"]["options"] == ["base", "cross"]
    state.apply(ChooseOption("cross"))
    state.apply(BuyLegendary("murasame"))
    assert state.players[p]["legendary"] == ["murasame"] and state.players[p]["coins"] == 2
    assert state.souvenir_points(p) == 8
    assert scoring.souvenir_points({"legendary": ["shodo"], "souvenirs": [0, 7]}) == 4 + 2
    fam = [next(s.ident for s in SOUVENIRS if s.family == f) for f in D.FAMILIES]
    assert scoring.souvenir_points({"legendary": ["buppatsu"], "souvenirs": fam}) == 25


def test_hot_spring_bath_and_farm_gaming_TOK_49_TOK_50():
    state, p = crossroad("hotspring")
    state.apply(ChooseOption("cross"))
    assert state.players[p]["bath"] == 1 and state.players[p]["coins"] == 4
    state, p = crossroad("farm")
    state.apply(ChooseOption("cross"))
    assert (state.players[p]["coins"] - 3) % 2 == 0 and 3 <= state.players[p]["coins"] <= 11


def test_temple_amulet_and_encounter_calligraphy_TOK_51_TOK_52():
    state, p = crossroad("temple")
    state.apply(ChooseOption("cross"))
    events = state.apply(BuyAmulet("fortune"))
    assert state.players[p]["amulets"] == ["fortune"] and "fortune" not in state.amulet_pool
    assert state.view(1)["players"][p]["amulets"] is None and state.view(1)["players"][p]["amulets_count"] == 1
    assert not any("ortune" in text for _seat, text in log_lines(events, 1))
    state, p = crossroad("encounter")
    state.apply(ChooseOption("cross"))
    state.apply(BuyCalligraphy("foresight"))
    assert state.players[p]["calligraphy"] == ["foresight"]


def test_calligraphy_scoring_TOK_53():
    record = {"coins": 4, "calligraphy": ["foresight", "contemplation", "nostalgia", "patience", "perfection",
                                          "fasting"],
              "panoramas": {"paddy": 3, "mountain": 1, "sea": 5}, "cherry": 2, "legendary": ["ema"],
              "souvenirs": [0, 1, 2], "edo_rank": 3, "inn_meals": 1}
    assert scoring.calligraphy_points(record, 1, 3) == 8 + (6 + 2) + (2 + 3) + 6 + (2 + 6) + 9


def test_crossroads_travellers_TOK_45_TOK_54_TOK_56():
    state, p = crossroad("encounter", traveller="kita")
    assert ChooseOption("both") in state.legal_actions()
    state, p = crossroad("temple", traveller="miyataka")
    assert ChooseOption("both") in state.legal_actions()
    state, p = crossroad("paddy", traveller="gotozaemon", coins=0)
    assert state.players[p]["coins"] >= 1
    state, inn = at_inn_on_the_way("jirocho", crossroads=True)
    assert set(state.legal_actions()) == {Bet(True), Bet(False)}


def test_nampo_scores_each_meal_price_on_the_track_at_once_TOK_45_TOK_43_TOK_81():
    state, inn = at_inn_on_the_way("nampo", crossroads=True)
    holding(state, 0, coins=9)
    before = state.scores()[0]
    meal = next(a for a in state.legal_actions() if isinstance(a, EatMeal) and not a.devote and not a.hospitality)
    state.apply(meal)
    price = next(m.price for m in MEALS if m.dish == meal.dish)
    assert state.scores()[0] == before + 6 + price
    assert dict(state.score_breakdown())["Traveller"][0] == price
    # the score others see follows from what they see: a determinization shows the same
    for seat in (1, 2):
        view = state.view(seat)
        assert determinize(json.loads(json.dumps(view)), Rng(seat)).view(seat) == view


def test_amulets_once_then_back_to_the_pool_TOK_57_TOK_58_TOK_73():
    state = started(3, 29, crossroads=True)
    mover = state.mover()
    amulets(state, mover, "fortune", "health", bought_now=("health",))   # Fortune, earlier, may be used
    assert UseAmulet("fortune") in state.legal_actions() and not state._has_amulet(mover, "health")
    amulets(state, mover, "fortune", "health", bought_now=("health", "fortune"))
    assert UseAmulet("fortune") not in state.legal_actions()
    amulets(state, mover, "fortune")
    coins = state.players[mover]["coins"]
    state.apply(UseAmulet("fortune"))
    assert "fortune" in state.amulet_pool and state.players[mover]["amulets"] == []
    assert state.players[mover]["coins"] >= coins and state.current_player == mover
    assert all(isinstance(a, Move) for a in state.legal_actions())


def test_friendship_health_hospitality_devotion_vitality_TOK_58_TOK_70_TOK_80():
    state = started(3, 30, crossroads=True)
    mover = state.mover()
    blocker = next(i for i in range(3) if i != mover)
    target = stop_index(state, "paddy", doubled=False)
    place(state, blocker, target)
    amulets(state, mover, "friendship")
    assert Move(target, 1, True) in state.legal_actions()
    state.apply(Move(target, 1, True))
    assert state.players[mover]["slot"] == 1 and "friendship" in state.amulet_pool
    # Health: both options
    state = started(3, 25, crossroads=True)
    others_at_next_inn(state, 0, 0)
    holding(state, 0, coins=5)
    amulets(state, 0, "health")
    state.apply(Move(stop_index(state, "hotspring")))
    assert ChooseOption("both") in state.legal_actions()
    # Devotion: the dearest souvenir's price goes to the temple
    state = started(3, 31, crossroads=True)
    holding(state, 0, coins=9)
    amulets(state, 0, "devotion")
    cards = (next(s.ident for s in SOUVENIRS if s.price == 1), next(s.ident for s in SOUVENIRS if s.price == 3))
    state.village_offer = list(cards)
    waiting(state, Village(0))
    assert BuySouvenirs(cards, True) in state.legal_actions()
    state.apply(BuySouvenirs(cards, True))
    assert state.players[0]["temple"] == 3 and state.players[0]["coins"] == 5
    # Hospitality: a free meal
    state, inn = at_inn_on_the_way("", crossroads=True)
    amulets(state, 0, "hospitality")
    free = next(a for a in state.legal_actions() if isinstance(a, EatMeal) and a.hospitality)
    coins = state.players[0]["coins"]
    state.apply(free)
    assert state.players[0]["coins"] == coins and len(state.players[0]["meals"]) == 1
    # Vitality: in the lead after the stop, walk again
    state = started(3, 32, crossroads=True)
    mover = state.mover()
    amulets(state, mover, "vitality")
    state.apply(Move(stop_index(state, "farm", after=4)))
    state.apply(ChooseOption("base"))
    assert set(state.legal_actions()) == {UseAmulet("vitality"), KeepAmulet()}
    state.apply(UseAmulet("vitality"))
    assert state.current_player == mover and all(isinstance(a, Move) for a in state.legal_actions()[:1])


def test_hirotada_takes_his_bank_coin_with_an_amulet_too_TOK_30():
    state, p = crossroad("temple", traveller="hirotada")
    state.apply(ChooseOption("cross"))
    assert state.players[p]["temple"] == 1                      # the bank's coin, before choosing
    state.apply(BuyAmulet(state.amulet_pool[0]))
    assert state.players[p]["temple"] == 1 and state.players[p]["coins"] == 4
    state, p = crossroad("temple", traveller="hirotada")
    state.apply(ChooseOption("base"))
    assert Donate(1, True) in state.legal_actions()


def test_friendship_never_makes_a_third_on_a_doubled_stop_TOK_58():
    state = started(4, 30, crossroads=True)
    mover = state.mover()
    others = [i for i in range(4) if i != mover]
    doubled = stop_index(state, "paddy", after=state.players[mover]["index"], doubled=True)
    place(state, others[0], doubled, 0), place(state, others[1], doubled, 1)
    amulets(state, mover, "friendship")
    assert not any(a.index == doubled for a in moves(state))
    start = state.players[mover]["index"]
    single = next(j for j in range(start + 1, D.next_inn_index(state.road, start))
                  if not state.road[j].doubled and state.road[j].kind in ("paddy", "mountain", "sea", "farm"))
    place(state, others[2], single)
    assert any(a.index == single for a in moves(state))


def test_crossroads_achievements_TOK_65():
    state = started(3, 33, crossroads=True)
    holding(state, 0, bath=2)
    holding(state, 1, hot_springs=[3], calligraphy=["fasting", "patience"])
    holding(state, 2, legendary=["ema"])
    ends = scoring.end_achievements(state.players, 3)
    assert "bather" in ends[0] and "chatterbox" in ends[1] and "collector" in ends[2]


def test_new_encounters_TOK_59_TOK_79():
    state = started(3, 34, new_encounters=True)
    assert len(state.encounter_deck) == 18
    p = meets(state, "takuhatsuso")
    coins = state.players[p]["coins"]
    state.apply(PayEncounter(True))
    assert state.players[p]["bonus"] == 4 and state.players[p]["coins"] == coins - 1
    state = started(3, 34, new_encounters=True)
    p = meets(state, "saru")
    assert len(state.players[p]["hot_springs"]) == 1
    state = started(3, 34, new_encounters=True)
    p = meets(state, "itamae")
    state.apply(PayEncounter(True))
    assert len(state.players[p]["cook_meals"]) == 1 and state.players[p]["inn_meals"] == 0
    state = started(3, 34, new_encounters=True)
    p = meets(state, "kitoushi")
    state.apply(PayEncounter(False))
    assert state.players[p]["encounters"] == ["kitoushi"] and not state.queue


def test_the_cooks_repeated_dish_is_named_to_its_eater_alone_TOK_75_TOK_79():
    state = started(3, 41, new_encounters=True)
    p = state.mover()
    holding(state, p, coins=3, meals=[state.meal_deck[-1]])      # the dish the cook will serve
    dish = MEALS[state.meal_deck[-1]].dish
    meets(state, "itamae")
    events = state.apply(PayEncounter(True))
    other = (p + 1) % 3
    assert not any(dish in text for _seat, text in log_lines(events, other))
    assert any(dish in text for _seat, text in log_lines(events, p))
    assert all(dish not in json.dumps(dict(e.for_viewer(other).data)) for e in events)


# ---- variants, two players ---------------------------------------------------------------------------------

def test_variants_TOK_60_TOK_61_TOK_62_TOK_63_TOK_64():
    state = new(4, 35, initiation=True, gastronomy=True, return_trip=True, preparations=True)
    assert state.phase == "play" and all(p["traveller"] == "" for p in state.players)
    order = state.inns["0"]
    assert [state.players[i]["coins"] for i in order] == [9, 8, 7, 6]
    assert state.road[0].pos == 55 and state.road[-1].pos == 1
    inn = first_inn(state)
    walks_next(state, state.mover(), inn - 1)
    state.apply(Move(inn))
    assert len(state.meal_hand) == 4


def test_two_players_and_the_neutral_TOK_67_TOK_68_TOK_69():
    state = started(2, 36)
    assert state.pieces == 3 and state.players[2]["traveller"] == D.NEUTRAL
    place(state, 0, 6), place(state, 1, 5), place(state, 2, 3)
    holding(state, 1, bonus=5)                                   # more points, but behind on the road
    assert state.mover() == 2 and state.current_player == 0     # the one ahead on the road moves it
    state.apply(Move(stop_index(state, "temple", after=3)))
    assert state.players[2]["temple"] == 1
    assert state.places(stop_index(state, "farm", doubled=True)) == 1
    inn = first_inn(state)
    place(state, 0, inn), place(state, 1, inn), place(state, 2, 2)
    state.inns[str(inn)] = [1, 0]
    assert state.leader() == 1                                  # TOK-68: on one place, the earlier arrival


def test_decks_running_out_TOK_72():
    state = started(3, 37)
    state.souvenir_deck.clear()
    holding(state, state.mover(), coins=5)
    state.apply(Move(stop_index(state, "village")))
    assert state.legal_actions() == [BuySouvenirs(())]
    state.apply(BuySouvenirs(()))
    state = started(3, 37)
    state.encounter_deck.clear()
    state.apply(Move(stop_index(state, "encounter")))
    assert not state.queue


# ---- hidden information -------------------------------------------------------------------------------------

def test_the_view_hides_decks_and_secrets_TOK_75():
    state = started(4, 38, crossroads=True)
    text = json.dumps(state.view(1))
    for key in ('"souvenir_deck"', '"meal_deck"', '"encounter_deck"', '"rng"', '"seed"', '"log"'):
        assert key not in text
    other = state.clone()
    other.meal_deck.reverse()
    other.souvenir_deck.reverse()
    other.rng = Rng(77)
    assert other.view(1) == state.view(1)


def test_determinize_matches_the_view():
    state = started(4, 39, crossroads=True, new_encounters=True)
    rng = Rng(3)
    for _ in range(150):
        if state.is_over:
            break
        seat = state.current_player
        view = state.view(seat)
        sample = determinize(json.loads(json.dumps(view)), rng)
        assert sample.view(seat) == view
        assert set(sample.legal_actions()) == set(state.legal_actions())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def test_the_stop_queue_holds_typed_steps_and_actions_are_typed():
    state, _ = crossroad("village")
    assert state.queue == [StopOptions(0, ("base", "cross")), VitalityCheck(0)]
    saved = state.to_json()["queue"]
    assert saved == [{"step": "StopOptions", "who": 0, "options": ["base", "cross"]},
                     {"step": "VitalityCheck", "who": 0}]
    assert TokaidoState.from_json(json.loads(json.dumps(state.to_json()))).queue == state.queue
    assert all(type(a) is ChooseOption for a in state.legal_actions())
    assert "offer" not in state.players[0]
