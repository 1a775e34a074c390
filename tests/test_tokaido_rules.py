"""Tokaido, clause by clause. Each test names the ids of seeds/tokaido.md it checks."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from game.core.protocol import IllegalAction
from game.core.rng import Rng
from game.games.tokaido import SPEC
from game.games.tokaido import rules as R
from game.games.tokaido.bot import determinize
from game.games.tokaido.rules import (BuySouvenirs, ChooseTraveller, Donate, INN, MEALS, Move, Pick,
                                      SOUVENIRS, TokaidoState)


def new(n: int, seed: int, options: dict | None = None) -> TokaidoState:
    SPEC.check_players(n)
    return R.new_state(n, seed, SPEC.check_options(options or {}))


def make(n: int = 3, seed: int = 1, travellers: list[str] | None = None, **options) -> TokaidoState:
    """A game past the traveller choice, the given travellers on the seats."""
    state = new(n, seed, options)
    if state.phase == "travellers":
        for seat in range(n):
            choice = (travellers or [])[seat] if travellers and seat < len(travellers) else None
            if choice:
                state.players[seat]["dealt"] = [choice]
            state.apply(ChooseTraveller(state.players[seat]["dealt"][0]))
    return state


def road_index(state: TokaidoState, kind: str, after: int = 0, doubled: bool | None = None) -> int:
    for i, stop in enumerate(state.road):
        if i > after and stop.kind == kind and (doubled is None or stop.doubled == doubled):
            return i
    raise AssertionError(f"no {kind} after {after}")


def put(state: TokaidoState, piece: int, index: int, slot: int = 0) -> None:
    state.players[piece]["index"] = index
    state.players[piece]["slot"] = slot


def only_mover(state: TokaidoState, piece: int, at: int) -> None:
    """Put `piece` at `at` and everyone else at the next inn, so that `piece` moves next."""
    put(state, piece, at)
    inn = R.next_inn_index(state.road, at)
    state.inns[inn] = [o for o in range(state.pieces) if o != piece]
    for other in state.inns[inn]:
        put(state, other, inn)
    state.queue = []


def its_turn(state: TokaidoState, piece: int, at: int) -> None:
    """`piece` stands at `at` and walks next, the others staying where they are."""
    put(state, piece, at)
    state.queue = [["move", piece]]


# ---- components and setup ------------------------------------------------------------------

def test_the_road_TOK_1():
    road = R.board_road()
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
    assert len(SOUVENIRS) == 24 and Counter(s.family for s in SOUVENIRS) == {f: 6 for f in R.FAMILIES}
    assert len(MEALS) == 25 and Counter(p for _d, p in MEALS) == {1: 9, 2: 10, 3: 6}
    assert len(R.ENCOUNTERS) == 14 and len(R.HOT_SPRINGS) == 12
    assert R.SECTIONS == {"paddy": 3, "mountain": 4, "sea": 5}
    assert len(R.TRAVELLERS) == 16
    for n in (2, 3, 4, 5):
        new(n, 1)
    for n in (1, 6):
        with pytest.raises(ValueError):
            new(n, 1)


def test_travellers_dealt_two_keep_one_in_secret_TOK_4_TOK_76():
    state = new(3, 2)
    assert state.phase == "travellers" and state.current_player == 0
    dealt = state.players[0]["dealt"]
    assert len(dealt) == 2 and all(t in R.BASE_TRAVELLERS for t in dealt)
    assert {a.traveller for a in state.legal_actions()} == set(dealt)
    state.apply(ChooseTraveller(dealt[1]))
    assert state.current_player == 1
    assert state.view(1)["players"][0]["traveller"] is None       # still secret
    assert state.view(0)["players"][0]["traveller"] == dealt[1]
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.phase == "play" and state.players[0]["coins"] == R.TRAVELLERS[dealt[1]]["coins"]
    assert state.view(1)["players"][0]["traveller"] == dealt[1]
    with pytest.raises(IllegalAction):
        state.apply(ChooseTraveller(dealt[0]))


def test_random_start_order_TOK_5():
    orders = {tuple(make(4, s).inns[0]) for s in range(12)}
    assert len(orders) > 3


# ---- walking -----------------------------------------------------------------------------------

def test_the_last_traveller_moves_and_later_arrival_counts_as_behind_TOK_6_TOK_12():
    state = make(3, 3)
    order = state.inns[0]
    assert state.mover() == order[-1]      # the last to arrive in Kyoto leaves first
    a, b, c = 0, 1, 2
    put(state, a, 5), put(state, b, 5, 1), put(state, c, 9)
    assert state.mover() == b               # same stop: the later arrival (second place)
    put(state, b, 3)
    assert state.mover() == b               # still last after moving: moves again


def test_moves_forward_not_past_the_inn_nor_onto_others_TOK_7_TOK_9():
    state = make(3, 4)
    mover = state.mover()
    put(state, 1 - mover if mover < 2 else 0, 4)
    moves = [a.index for a in state.legal_actions() if isinstance(a, Move)]
    inn = R.next_inn_index(state.road, 0)
    assert max(moves) == inn and min(moves) >= 1
    blocked = [p["index"] for i, p in enumerate(state.players) if i != mover and p["index"] > 0]
    if blocked and not state.road[blocked[0]].doubled:
        assert blocked[0] not in moves
    with pytest.raises(IllegalAction, match="next inn"):
        state.apply(Move(inn + 1))


def test_doubled_stops_only_with_four_or_more_TOK_8():
    for n, expect in ((3, 1), (4, 2)):
        state = make(n, 5)
        double = road_index(state, "farm", doubled=True)
        put(state, 0, double)
        assert state._slots(double) == expect
        mover = state.mover()
        assert mover != 0
        moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.index == double]
        assert (moves == [Move(double, 1)]) == (expect == 2) and (not moves) == (expect == 1)


def test_no_village_or_temple_without_a_coin_TOK_10():
    state = make(3, 6)
    mover = state.mover()
    state.players[mover]["coins"] = 0
    kinds = {state.road[a.index].kind for a in state.legal_actions() if isinstance(a, Move)}
    assert "village" not in kinds and "temple" not in kinds
    with pytest.raises(IllegalAction, match="without a coin"):
        state.apply(Move(road_index(state, "village")))


def test_no_stop_at_a_finished_panorama_TOK_11_TOK_48():
    state = make(3, 7)
    mover = state.mover()
    state.players[mover]["panoramas"]["paddy"] = 3
    paddy = road_index(state, "paddy")
    assert paddy not in [a.index for a in state.legal_actions() if isinstance(a, Move)]
    with pytest.raises(IllegalAction, match="complete"):
        state.apply(Move(paddy))
    cross = make(3, 7, crossroads=True)
    mover = cross.mover()
    cross.players[mover]["panoramas"]["paddy"] = 3
    assert Move(paddy) in cross.legal_actions()        # with a cherry tree left
    cross.apply(Move(paddy))
    assert cross.players[mover]["cherry"] == 1


# ---- stops ---------------------------------------------------------------------------------------

def test_village_offers_three_and_the_rest_go_under_TOK_14_TOK_13():
    state = make(3, 8)
    mover = state.mover()
    state.players[mover]["coins"] = 10
    village = road_index(state, "village")
    deck = list(state.souvenir_deck)
    state.apply(Move(village))
    assert state.village_offer == deck[-3:][::-1]
    buy = next(a for a in state.legal_actions() if isinstance(a, BuySouvenirs) and len(a.cards) == 1)
    coins = state.players[mover]["coins"]
    state.apply(buy)
    assert state.players[mover]["souvenirs"] == list(buy.cards)
    assert state.players[mover]["coins"] == coins - SOUVENIRS[buy.cards[0]].price
    assert sorted(state.souvenir_deck[:2]) == sorted(c for c in deck[-3:] if c not in buy.cards)


def test_farm_panorama_hot_spring_TOK_15_TOK_16_TOK_17_TOK_33_TOK_34():
    state = make(3, 9)
    mover = state.mover()
    coins = state.players[mover]["coins"]
    state.apply(Move(road_index(state, "farm")))
    assert state.players[mover]["coins"] == coins + 3
    state = make(3, 9)
    mover = state.mover()
    state.players[mover]["panoramas"]["sea"] = 2
    state.apply(Move(road_index(state, "sea")))
    assert state.players[mover]["panoramas"]["sea"] == 3 and state.panorama_points(mover) == 6
    state = make(3, 9)
    mover = state.mover()
    top = state.hot_spring_deck[-1]
    state.apply(Move(road_index(state, "hotspring")))
    assert state.players[mover]["hot_springs"] == [top] and top in (2, 3)


def test_first_to_finish_a_panorama_TOK_18():
    state = make(3, 10)
    a, b = 0, 1
    state.players[a]["panoramas"]["paddy"] = 2
    state._take_panorama(a, "paddy")
    assert state.players[a]["achievements"] == ["paddy"]
    state.players[b]["panoramas"]["paddy"] = 2
    state._take_panorama(b, "paddy")
    assert state.players[b]["achievements"] == []


def test_temple_one_to_three_coins_TOK_19_TOK_35():
    state = make(3, 11)
    mover = state.mover()
    state.players[mover]["coins"] = 2
    state.apply(Move(road_index(state, "temple")))
    assert {a.coins for a in state.legal_actions()} == {1, 2}
    state.apply(Donate(2))
    assert state.players[mover]["temple"] == 2 and state.players[mover]["coins"] == 0
    assert dict(state.score_breakdown())["Temple offerings"][mover] == 2


def encounter(state: TokaidoState, card: str, piece: int | None = None) -> int:
    piece = state.mover() if piece is None else piece
    state.encounter_deck.append(card)
    state.apply(Move(road_index(state, "encounter")))
    return piece


def test_encounters_TOK_20_TOK_21():
    state = make(3, 12)
    p = encounter(state, "samurai")
    assert state.players[p]["encounters"] == ["samurai"] and state.players[p]["bonus"] == 3
    state = make(3, 12)
    coins = state.players[state.mover()]["coins"]
    p = encounter(state, "kuge")
    assert state.players[p]["coins"] == coins + 3
    state = make(3, 12)
    p = encounter(state, "miko")
    assert state.players[p]["temple"] == 1
    state = make(3, 12)
    top = state.souvenir_deck[-1]
    p = encounter(state, "shokunin")
    assert state.players[p]["souvenirs"] == [top]
    state = make(3, 12)
    p = encounter(state, "annaibito_sea")
    assert state.players[p]["panoramas"]["sea"] == 1
    state = make(3, 12)
    state.players[state.mover()]["panoramas"]["sea"] = 5
    p = encounter(state, "annaibito_sea")
    assert {a.arg for a in state.legal_actions()} == {"paddy", "mountain", ""}   # another, or none
    state.apply(Pick(R.PANORAMA, "mountain"))
    assert state.players[p]["panoramas"]["mountain"] == 1
    state = make(3, 12)
    state.players[state.mover()]["panoramas"]["sea"] = 5
    p = encounter(state, "annaibito_sea")
    state.apply(Pick(R.PANORAMA, ""))
    assert state.players[p]["panoramas"] == {"paddy": 0, "mountain": 0, "sea": 5}


def test_souvenir_sets_TOK_32():
    state = make(2, 13)
    fam = {f: [s.ident for s in SOUVENIRS if s.family == f] for f in R.FAMILIES}
    state.players[0]["souvenirs"] = [fam["small"][0], fam["food"][0], fam["clothing"][0], fam["art"][0]]
    assert state.souvenir_points(0) == 1 + 3 + 5 + 7
    state.players[0]["souvenirs"] += [fam["small"][1], fam["food"][1]]
    assert state.souvenir_points(0) == 16 + 1 + 3
    state.players[0]["souvenirs"] = fam["art"][:3]
    assert state.souvenir_points(0) == 3


# ---- travellers -------------------------------------------------------------------------------------

def at_inn_on_the_way(traveller: str, **options) -> tuple[TokaidoState, int]:
    state = make(3, 14, travellers=[traveller, "", ""], **options)
    inn = road_index(state, INN)
    only_mover(state, 0, inn - 1)
    for other in (1, 2):
        put(state, other, inn + 1 if False else inn - 1)
    put(state, 1, inn), put(state, 2, inn)
    state.inns[inn] = [1, 2]
    state.meal_hand = [state.meal_deck.pop() for _ in range(4)]
    state.meal_inn = inn
    state.apply(Move(inn))
    return state, inn


def test_hiroshige_chuubei_daigoro_at_the_inns_TOK_22_TOK_24_TOK_45():
    state, _ = at_inn_on_the_way("hiroshige")
    assert {a.arg for a in state.legal_actions()} == {"paddy", "mountain", "sea"}
    state.apply(Pick(R.PANORAMA, "sea"))
    assert state.players[0]["panoramas"]["sea"] == 1
    state, _ = at_inn_on_the_way("chuubei")
    assert len(state.players[0]["encounters"]) == 1 or state.queue[0][0] in (R.PANORAMA, R.PAY)
    state, _ = at_inn_on_the_way("daigoro", crossroads=True)
    assert len(state.players[0]["souvenirs"]) == 1


def test_kinko_pays_less_TOK_23():
    state = make(3, 15, travellers=["kinko", "", ""])
    assert state.meal_price(0, next(i for i, m in enumerate(MEALS) if m[1] == 1)) == 0
    assert state.meal_price(0, next(i for i, m in enumerate(MEALS) if m[1] == 3)) == 2


def test_satsuki_free_meal_TOK_25():
    state, _ = at_inn_on_the_way("satsuki")
    assert Pick(R.MEAL, "free") in state.legal_actions()
    state.apply(Pick(R.MEAL, "free"))
    assert len(state.players[0]["meals"]) == 1 and state.players[0]["inn_meals"] == 1


def test_sasayakko_cheapest_free_TOK_26():
    state = make(3, 16, travellers=["sasayakko", "", ""])
    two = (next(s.ident for s in SOUVENIRS if s.price == 1), next(s.ident for s in SOUVENIRS if s.price == 3))
    state.players[0]["coins"] = 4
    assert state.souvenir_price(0, two) == 3
    state.players[0]["coins"] = 3
    assert state.souvenir_price(0, two) is None      # she must be able to pay them all


def test_umegae_and_yoshiyasu_TOK_27_TOK_28_TOK_78():
    state = make(3, 17, travellers=["umegae", "", ""])
    only_mover(state, 0, 0)
    coins = state.players[0]["coins"]
    state.encounter_deck.append("kuge")
    state.apply(Move(road_index(state, "encounter")))
    assert state.players[0]["coins"] == coins + 1 + 3 and state.players[0]["bonus"] == 1
    state = make(3, 17, travellers=["yoshiyasu", "", ""])
    only_mover(state, 0, 0)
    state.encounter_deck += ["samurai", "kuge"]
    state.apply(Move(road_index(state, "encounter")))
    assert {a.arg for a in state.legal_actions()} == {"samurai", "kuge"}
    assert state.view(0)["pending"]["cards"] and "cards" not in state.view(1)["pending"]
    state.apply(Pick(R.KEEP, "samurai"))
    assert state.players[0]["encounters"] == ["samurai"] and state.encounter_deck[0] == "kuge"


def test_zenemon_hirotada_mitsukuni_TOK_29_TOK_30_TOK_31():
    state = make(3, 18, travellers=["zenemon", "hirotada", "mitsukuni"])
    dear = next(s.ident for s in SOUVENIRS if s.price == 3)
    state.players[0]["coins"] = 1
    assert state.souvenir_price(0, (dear,)) == 1
    only_mover(state, 1, 0)
    state.players[1]["coins"] = 3
    state.apply(Move(road_index(state, "temple")))
    assert Donate(1, True) in state.legal_actions()
    state.apply(Donate(1, True))
    assert state.players[1]["temple"] == 2
    state.players[2]["hot_springs"] = [2, 3]
    state.players[2]["achievements"] = ["sea"]
    assert dict(state.score_breakdown())["Traveller"][2] == 2 + 1


# ---- inns ---------------------------------------------------------------------------------------------

def test_meals_at_the_inn_TOK_36_TOK_37_TOK_38_TOK_44_TOK_75():
    state = make(3, 19)
    inn = road_index(state, INN)
    mover = state.mover()
    its_turn(state, mover, inn - 1)
    state.players[mover]["coins"] = 9
    state.apply(Move(inn))
    assert len(state.meal_hand) == 4                       # three travellers + 1
    view_mine, view_other = state.view(mover), state.view((mover + 1) % 3)
    assert view_mine["meal_hand"] == state.meal_hand and view_other["meal_hand"] is None
    choice = next(a for a in state.legal_actions() if a.arg not in ("", "free"))
    state.apply(choice)
    assert len(state.players[mover]["meals"]) == 1
    assert state.view((mover + 1) % 3)["players"][mover]["meals"] is None
    assert state.view((mover + 1) % 3)["players"][mover]["meal_count"] == 1
    # a dish already eaten is not offered again
    dish = MEALS[state.players[mover]["meals"][0]][0]
    state.meal_hand = [i for i, m in enumerate(MEALS) if m[0] == dish][:1] + state.meal_hand
    step = [R.MEAL, mover, None]
    assert all(MEALS[state.meal_hand[int(a.arg)]][0] != dish for a in state._meal_choices(mover, step, False)
               if a.arg not in ("", "free"))
    assert R.board_road()[0].kind == INN and not state.players[mover]["meals"][1:]


def test_leftover_meals_go_under_the_deck_TOK_38():
    state = make(2, 20)
    inn = road_index(state, INN)
    for piece in range(state.pieces):
        put(state, piece, inn)
    state.inns[inn] = list(range(state.pieces))
    state.meal_hand = [1, 2]
    state.meal_inn = inn
    deck = len(state.meal_deck)
    state._inn_done_check()
    assert state.meal_hand == [] and len(state.meal_deck) == deck + 2


# ---- the end ---------------------------------------------------------------------------------------------

def test_the_journey_ends_at_edo_TOK_39_TOK_42_TOK_74():
    state = make(3, 21)
    rng = Rng(2)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    last = len(state.road) - 1
    assert all(p["index"] == last for p in state.players)
    scores = state.scores()
    assert set(state.winners()) <= {s for s in range(3) if scores[s] == max(scores)}


@pytest.mark.parametrize("crossroads", [False, True])
def test_points_are_scored_as_they_are_earned_TOK_43(crossroads):
    """The running score only grows on the road, and a painted panorama section shows at once."""
    state = make(4, 5, crossroads=crossroads)
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
    state = make(4, 22)
    for i, amount in enumerate((5, 5, 3, 0)):
        state.players[i]["temple"] = amount
    assert state.temple_ranking() == [10, 10, 7, 0]
    for i, amount in enumerate((6, 4, 2, 1)):
        state.players[i]["temple"] = amount
    assert state.temple_ranking() == [10, 7, 4, 2]


def test_end_achievements_TOK_41_TOK_71():
    state = make(3, 23)
    state.players[0]["hot_springs"] = [2]
    state.players[1]["hot_springs"] = [3]
    state.players[0]["encounters"] = ["kuge", "miko"]
    ends = state.end_achievements()
    assert "bather" in ends[0] and "bather" in ends[1] and "bather" not in ends[2]
    assert ends[0].count("chatterbox") == 1 and "gourmet" not in ends[0] and "collector" not in ends[0]


def test_tie_break_by_achievements_TOK_42():
    state = make(2, 24)
    state.phase = "over"
    state.players[0]["bonus"] = 3
    state.players[1]["achievements"] = ["sea"]
    assert state.scores()[0] == state.scores()[1] and state.winners() == [1]


# ---- Crossroads -------------------------------------------------------------------------------------------

def crossroad(kind: str, traveller: str = "", coins: int = 5, **extra) -> tuple[TokaidoState, int]:
    state = make(3, 25, travellers=[traveller or "", "", ""], crossroads=True, **extra)
    only_mover(state, 0, 0)
    state.players[0]["coins"] = coins
    state.apply(Move(road_index(state, kind)))
    return state, 0


def test_crossroads_components_TOK_46_TOK_77():
    state = make(3, 26, crossroads=True)
    assert state.cherry_left == 6 and state.bath_left == 6
    assert len(state.legendary_pool) == 6 and len(state.calligraphy_pool) == 6 and len(state.amulet_pool) == 6
    assert R.FORTUNE_DIE == [0, 1, 2, 3, 3, 4]
    assert len(R.CROSSROADS_TRAVELLERS) == 6


def test_village_legendary_TOK_47_TOK_55():
    state, p = crossroad("village")
    assert {a.arg for a in state.legal_actions()} == {"base", "cross"}
    state.apply(Pick(R.OPTION, "cross"))
    state.apply(Pick(R.LEGEND, "murasame"))
    assert state.players[p]["legendary"] == ["murasame"] and state.players[p]["coins"] == 2
    assert state.souvenir_points(p) == 8
    state.players[p]["legendary"] = ["shodo"]
    state.players[p]["souvenirs"] = [0, 7]
    assert state.souvenir_points(p) == state.souvenir_points(p) and state.souvenir_points(p) == 4 + 2
    state.players[p]["legendary"] = ["buppatsu"]
    fam = {f: next(s.ident for s in SOUVENIRS if s.family == f) for f in R.FAMILIES}
    state.players[p]["souvenirs"] = list(fam.values())
    assert state.souvenir_points(p) == 25


def test_hot_spring_bath_and_farm_gaming_TOK_49_TOK_50():
    state, p = crossroad("hotspring")
    state.apply(Pick(R.OPTION, "cross"))
    assert state.players[p]["bath"] == 1 and state.players[p]["coins"] == 4
    state, p = crossroad("farm")
    state.apply(Pick(R.OPTION, "cross"))
    assert (state.players[p]["coins"] - 3) % 2 == 0 and 3 <= state.players[p]["coins"] <= 11


def test_temple_amulet_and_encounter_calligraphy_TOK_51_TOK_52():
    state, p = crossroad("temple")
    state.apply(Pick(R.OPTION, "cross"))
    state.apply(Pick(R.AMULET, "fortune"))
    assert state.players[p]["amulets"] == ["fortune"] and "fortune" not in state.amulet_pool
    assert state.view(1)["players"][p]["amulets"] is None and state.view(1)["players"][p]["amulet_count"] == 1
    state, p = crossroad("encounter")
    state.apply(Pick(R.OPTION, "cross"))
    state.apply(Pick(R.CALLI, "foresight"))
    assert state.players[p]["calligraphy"] == ["foresight"]


def test_calligraphy_scoring_TOK_53():
    state = make(3, 27, crossroads=True)
    p = state.players[0]
    p["coins"] = 4
    p["calligraphy"] = ["foresight", "contemplation", "nostalgia", "patience", "perfection", "fasting"]
    p["panoramas"] = {"paddy": 3, "mountain": 1, "sea": 5}
    p["cherry"] = 2
    p["legendary"] = ["ema"]
    p["souvenirs"] = [0, 1, 2]
    p["edo_rank"] = 3
    p["inn_meals"] = 1
    p["achievements"] = ["sea"]
    assert state.calligraphy_points(0, 1) == 8 + (6 + 2) + (2 + 3) + 6 + (2 + 6) + 9


def test_crossroads_travellers_TOK_45_TOK_54_TOK_56():
    state, p = crossroad("encounter", traveller="kita")
    assert "both" in {a.arg for a in state.legal_actions()}
    state, p = crossroad("temple", traveller="miyataka")
    assert "both" in {a.arg for a in state.legal_actions()}
    state, p = crossroad("paddy", traveller="gotozaemon", coins=0)
    assert state.players[p]["coins"] >= 1
    state = make(3, 28, travellers=["nampo", "", ""], crossroads=True)
    state.players[0]["meals"] = [next(i for i, m in enumerate(MEALS) if m[1] == 3)]
    assert dict(state.score_breakdown())["Traveller"][0] == 3
    state, inn = at_inn_on_the_way("jirocho", crossroads=True)
    assert {a.arg for a in state.legal_actions()} == {"yes", "no"}


def test_amulets_once_then_back_to_the_pool_TOK_57_TOK_58_TOK_73():
    state = make(3, 29, crossroads=True)
    mover = state.mover()
    state.players[mover]["amulets"] = ["fortune", "health"]
    state.players[mover]["amulet_turn"] = state.turn        # Health bought this turn: Fortune, earlier,
    state.players[mover]["amulet_fresh"] = ["health"]       # may still be used
    assert Pick(R.USE, "fortune") in state.legal_actions() and not state._has_amulet(mover, "health")
    state.players[mover]["amulet_fresh"] = ["health", "fortune"]    # bought this turn: not usable yet
    assert Pick(R.USE, "fortune") not in state.legal_actions()
    state.players[mover]["amulet_turn"] = -1
    assert Pick(R.USE, "fortune") in state.legal_actions()
    state.players[mover]["amulets"] = ["fortune"]
    state.amulet_pool.remove("fortune")
    state.apply(Pick(R.USE, "fortune"))
    assert "fortune" in state.amulet_pool and state.players[mover]["amulets"] == []
    assert state.current_player == (mover if mover < 3 else state.current_player)


def test_friendship_health_hospitality_devotion_vitality_TOK_58_TOK_70_TOK_80():
    state = make(3, 30, crossroads=True)
    mover = state.mover()
    blocker = next(i for i in range(3) if i != mover)
    target = road_index(state, "paddy", doubled=False)
    put(state, blocker, target)
    state.players[mover]["amulets"] = ["friendship"]
    state.amulet_pool.remove("friendship")
    assert Move(target, 1, True) in state.legal_actions()
    state.apply(Move(target, 1, True))
    assert state.players[mover]["slot"] == 1 and "friendship" in state.amulet_pool
    # Health: both options
    state, p = crossroad("hotspring")
    state.players[p]["amulets"] = ["health"]
    state.amulet_pool.remove("health")
    state.queue = [[R.OPTION, p, state._stop_options(p, state.road[state.players[p]["index"]])]]
    assert "both" in {a.arg for a in state.legal_actions()}
    # Devotion: the dearest souvenir's price goes to the temple
    state = make(3, 31, crossroads=True)
    state.players[0]["coins"] = 9
    state.players[0]["amulets"] = ["devotion"]
    state.amulet_pool.remove("devotion")
    cards = (next(s.ident for s in SOUVENIRS if s.price == 1), next(s.ident for s in SOUVENIRS if s.price == 3))
    state.village_offer = list(cards)
    state.queue = [["village", 0]]
    assert BuySouvenirs(cards, True) in state.legal_actions()
    state.apply(BuySouvenirs(cards, True))
    assert state.players[0]["temple"] == 3 and state.players[0]["coins"] == 5
    # Hospitality: a free meal
    state, inn = at_inn_on_the_way("", crossroads=True)
    state.players[0]["amulets"] = ["hospitality"]
    state.amulet_pool.remove("hospitality")
    free = next(a for a in state.legal_actions() if a.arg.endswith("hospitality"))
    coins = state.players[0]["coins"]
    state.apply(free)
    assert state.players[0]["coins"] == coins and len(state.players[0]["meals"]) == 1
    # Vitality: in the lead after the stop, walk again
    state = make(3, 32, crossroads=True)
    mover = state.mover()
    state.players[mover]["amulets"] = ["vitality"]
    state.amulet_pool.remove("vitality")
    far = road_index(state, "farm", after=4)
    state.apply(Move(far))
    state.apply(Pick(R.OPTION, "base"))
    assert Pick(R.USE, "vitality") in state.legal_actions()
    state.apply(Pick(R.USE, "vitality"))
    assert state.current_player == mover and all(isinstance(a, Move) for a in state.legal_actions()[:1])


def test_crossroads_achievements_TOK_65():
    state = make(3, 33, crossroads=True)
    state.players[0]["bath"] = 2
    state.players[1]["hot_springs"] = [3]
    state.players[1]["calligraphy"] = ["fasting", "patience"]
    state.players[2]["legendary"] = ["ema"]
    ends = state.end_achievements()
    assert "bather" in ends[0] and "chatterbox" in ends[1] and "collector" in ends[2]


def test_new_encounters_TOK_59_TOK_79():
    state = make(3, 34, new_encounters=True)
    assert len(state.encounter_deck) == 18
    p = encounter(state, "takuhatsuso")
    coins = state.players[p]["coins"]
    state.apply(Pick(R.PAY, "yes"))
    assert state.players[p]["bonus"] == 4 and state.players[p]["coins"] == coins - 1
    state = make(3, 34, new_encounters=True)
    p = encounter(state, "saru")
    assert len(state.players[p]["hot_springs"]) == 1
    state = make(3, 34, new_encounters=True)
    p = encounter(state, "itamae")
    state.apply(Pick(R.PAY, "yes"))
    assert len(state.players[p]["cook_meals"]) == 1 and state.players[p]["inn_meals"] == 0
    state = make(3, 34, new_encounters=True)
    p = encounter(state, "kitoushi")
    state.apply(Pick(R.PAY, "no"))
    assert state.players[p]["encounters"] == ["kitoushi"] and not state.queue


# ---- variants, two players ---------------------------------------------------------------------------------

def test_variants_TOK_60_TOK_61_TOK_62_TOK_63_TOK_64():
    state = new(4, 35, {"initiation": True, "gastronomy": True, "return_trip": True, "preparations": True})
    assert state.phase == "play" and all(p["traveller"] == "" for p in state.players)
    order = state.inns[0]
    assert [state.players[i]["coins"] for i in order] == [9, 8, 7, 6]
    assert state.road[0].pos == 55 and state.road[-1].pos == 1
    inn = road_index(state, INN)
    mover = state.mover()
    its_turn(state, mover, inn - 1)
    state.apply(Move(inn))
    assert len(state.meal_hand) == 4


def test_two_players_and_the_neutral_TOK_67_TOK_68_TOK_69():
    state = make(2, 36)
    assert state.pieces == 3 and state.players[2]["traveller"] == R.NEUTRAL
    put(state, 0, 6), put(state, 1, 5), put(state, 2, 3)
    state.players[1]["bonus"] = 5                                # more points, but behind on the road
    assert state.mover() == 2 and state.current_player == 0     # the one ahead on the road moves it
    temple = road_index(state, "temple", after=3)
    state.apply(Move(temple))
    assert state.players[2]["temple"] == 1
    assert state._slots(road_index(state, "farm", doubled=True)) == 1
    inn = road_index(state, INN)
    put(state, 0, inn), put(state, 1, inn), put(state, 2, 2)
    state.inns[inn] = [1, 0]
    assert state.leader() == 1                                  # TOK-68: on one place, the earlier arrival


def test_decks_running_out_TOK_72():
    state = make(3, 37)
    state.souvenir_deck = []
    mover = state.mover()
    state.players[mover]["coins"] = 5
    state.apply(Move(road_index(state, "village")))
    assert state.legal_actions() == [BuySouvenirs(())]
    state.apply(BuySouvenirs(()))
    state = make(3, 37)
    state.encounter_deck = []
    state.apply(Move(road_index(state, "encounter")))
    assert not state.queue


# ---- hidden information -------------------------------------------------------------------------------------

def test_the_view_hides_decks_and_secrets_TOK_75():
    state = make(4, 38, crossroads=True)
    text = json.dumps(state.view(1))
    for key in ('"souvenir_deck"', '"meal_deck"', '"encounter_deck"', '"rng"'):
        assert key not in text
    other = state.clone()
    other.meal_deck.reverse()
    other.souvenir_deck.reverse()
    other.rng = Rng(77)
    assert other.view(1) == state.view(1)


def test_determinize_matches_the_view():
    state = make(4, 39, crossroads=True, new_encounters=True)
    rng = Rng(3)
    for _ in range(150):
        if state.is_over:
            break
        seat = state.current_player
        view = state.view(seat)
        sample = determinize(view, rng)
        assert sample.legal_actions() == state.legal_actions()
        mine = sample.view(seat)
        for key in ("players", "phase", "village_offer", "meal_hand", "pending", "legendary_pool", "amulet_pool"):
            assert mine[key] == view[key], key
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def test_hirotada_takes_his_bank_coin_with_an_amulet_too_TOK_30():
    state, p = crossroad("temple", traveller="hirotada")
    state.apply(Pick(R.OPTION, "cross"))
    assert state.players[p]["temple"] == 1                      # the bank's coin, before choosing
    state.apply(Pick(R.AMULET, state.amulet_pool[0]))
    assert state.players[p]["temple"] == 1 and state.players[p]["coins"] == 4
    state, p = crossroad("temple", traveller="hirotada")
    state.apply(Pick(R.OPTION, "base"))
    assert Donate(1, True) in state.legal_actions()


def test_friendship_never_makes_a_third_on_a_doubled_stop_TOK_58():
    state = make(4, 30, crossroads=True)
    mover = state.mover()
    others = [i for i in range(4) if i != mover]
    doubled = road_index(state, "paddy", after=state.players[mover]["index"], doubled=True)
    put(state, others[0], doubled, 0), put(state, others[1], doubled, 1)
    state.players[mover]["amulets"] = ["friendship"]
    assert not any(isinstance(a, Move) and a.index == doubled for a in state.legal_actions())
    start = state.players[mover]["index"]
    single = next(j for j in range(start + 1, R.next_inn_index(state.road, start))
                  if not state.road[j].doubled and state.road[j].kind in ("paddy", "mountain", "sea", "farm"))
    put(state, others[2], single)
    assert any(isinstance(a, Move) and a.index == single for a in state.legal_actions())


def test_the_kyoto_order_is_hidden_while_travellers_are_chosen_TOK_5():
    state = new(4, 40, {"preparations": True})
    assert state.phase == "travellers"
    for seat in range(4):
        assert state.view(seat)["inns"] == {"0": []}
        sample = determinize(state.view(seat), Rng(seat))
        assert sorted(sample.inns[0]) == [0, 1, 2, 3]
    for seat in range(4):
        state.apply(ChooseTraveller(state.players[seat]["dealt"][0]))
    assert sorted(state.view(0)["inns"]["0"]) == [0, 1, 2, 3]


def test_the_cooks_repeated_dish_is_named_to_its_eater_alone_TOK_75_TOK_79():
    state = make(3, 41, new_encounters=True)
    p = state.mover()
    state.players[p]["coins"] = 3
    state.players[p]["meals"] = [state.meal_deck[-1]]              # the dish the cook will serve
    dish = MEALS[state.meal_deck[-1]][0]
    encounter(state, "itamae")
    state.apply(Pick(R.PAY, "yes"))
    other = (p + 1) % 3
    assert not any(dish in text for _seat, text in state.log_for(other))
    assert any(dish in text for _seat, text in state.log_for(p))
