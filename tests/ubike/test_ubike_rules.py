"""UBike Tour: Taiwan, clause by clause. Each test names the ids of seeds/ubike.md it checks.

Positions come from tests/ubike/builders.py, which moves the named cards into place."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from game.core.protocol import IllegalAction
from game.core.rng import Rng
from game.games.ubike import SPEC
from game.games.ubike.bot import determinize
from game.games.ubike.rules import (CARDS, DISCARD, OPPORTUNITIES, OVER,
                                    PLACE, TURN, DiscardRow, EndSchedule, Pass, PlayCard, Search,
                                    TakeRow, minimal_payments)

from tests.ubike.builders import (BIKES, SCENERY, all_cards, all_opportunities, arrange, bike,
                                  card, fresh, opp, position, scored)

ROW_ENDS = [[1], [24], [41], [47], [56]]     # the rulebook's example of row ends


# ---- components and setup ------------------------------------------------------------------

def test_deck_contents_UBK_1_and_places_UBK_47():
    assert sorted(CARDS) == list(range(1, 81))
    assert BIKES == list(range(4, 81, 4))
    assert Counter(CARDS[n].bikes for n in BIKES) == {1: 10, 2: 6, 3: 4}
    for kind in ("nature", "heritage", "market", "modern"):
        assert sorted(CARDS[n].distance for n in SCENERY if CARDS[n].type == kind) == list(range(1, 16))
    assert all(CARDS[n].place for n in SCENERY)
    assert len({CARDS[n].place for n in SCENERY}) == 60


def test_opportunity_deck_UBK_2():
    assert Counter(o.kind for o in OPPORTUNITIES) == {"bike": 6, "extra": 4, "markers": 5,
                                                       "point": 5, "types": 5}


def test_setup_rows_and_journeys_UBK_3_UBK_5():
    for seed in range(30):
        state = fresh(4, seed)
        assert [len(r) for r in state.rows] == [1] * 5
        assert all(len(j) == 1 and not CARDS[j[0]].is_bike for j in state.journeys)
        assert all_cards(state) == sorted(CARDS)


def test_setup_returns_bike_cards_under_the_deck_UBK_5():
    for seed in range(200):
        rng = Rng(seed)
        order = sorted(CARDS)
        rng.shuffle(order)
        order = order[:-5]  # the rows
        drawn_bikes = []
        top = len(order) - 1
        for _seat in range(2):
            while CARDS[order[top]].is_bike:
                drawn_bikes.append(order[top])
                top -= 1
            top -= 1
        if drawn_bikes:
            state = fresh(2, seed)
            assert state.deck[:len(drawn_bikes)] == drawn_bikes[::-1] or \
                sorted(state.deck[:len(drawn_bikes)]) == sorted(drawn_bikes)
            assert all(CARDS[c].is_bike for c in state.deck[:len(drawn_bikes)])
            return
    pytest.fail("no seed drew a bike card during setup")


def test_opportunity_deck_is_shuffled_UBK_4():
    assert fresh(2, 1).opp_deck != fresh(2, 2).opp_deck
    assert sorted(fresh(2, 1).opp_deck) == list(range(25))


def test_start_player_option_UBK_6():
    assert all(SPEC.make(3, s).current_player == 0 for s in range(10))
    starts = {SPEC.make(3, s, {"start": "random"}).current_player for s in range(40)}
    assert starts == {0, 1, 2}


def test_player_counts_UBK_7():
    for n in (2, 3, 4):
        SPEC.make(n, 1)
    for n in (1, 5):
        with pytest.raises(ValueError):
            SPEC.make(n, 1)


def test_setup_events_deal_and_start_UBK_3_UBK_6():
    state = SPEC.make(3, 4)
    events = state.take_events()
    assert [e.kind for e in events] == ["deal", "round_start"]
    assert events[0].data["rows"] == state.rows and events[0].data["journeys"] == state.journeys
    assert events[1].data == {"round": 1, "start_player": 0} and events[1].text


# ---- turns and Search --------------------------------------------------------------------------

def test_a_turn_is_search_or_schedule_UBK_8():
    state = fresh(3)
    kinds = {type(a) for a in state.legal_actions()}
    assert kinds == {Search, TakeRow}
    state.apply(TakeRow(0))
    assert state.phase == PLACE and Search() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="scheduling"):
        state.apply(Search())
    state.apply(EndSchedule())
    assert state.passed[0] and state.current_player == 1


def test_search_places_by_closest_lower_row_end_UBK_9_UBK_11():
    """The rulebook's example: row ends 1, 24, 41, 47, 56; card 29 goes after 24."""
    state = position(rows=ROW_ENDS, deck_top=[29, 60])
    events = state.apply(Search())
    assert state.rows == [[1], [24, 29], [41], [47], [56, 60]]
    assert state.current_player == 1
    search = next(e for e in events if e.kind == "search")
    assert search.seat == 0 and search.data["placed"] == [[29, 1, None], [60, 4, None]]
    assert state.last_searched == [[29, 1, None], [60, 4, None]]


def test_search_second_card_sees_the_first_UBK_9():
    state = position(rows=ROW_ENDS, deck_top=[29, 30])
    state.apply(Search())
    assert state.rows[1] == [24, 29, 30]


def test_search_skips_empty_rows_UBK_11_UBK_46():
    state = position(rows=[[1], [], [41], [47], [56]], deck_top=[29, 43])
    state.apply(Search())
    assert state.rows == [[1, 29], [], [41, 43], [47], [56]]


def test_low_card_goes_to_the_left_neighbours_storage_UBK_12():
    state = position(rows=[[10], [24], [41], [47], [56]], deck_top=[3, 57], turn=2)
    events = state.apply(Search())
    assert state.scenery_storage[0] == [3]
    assert state.rows[4] == [56, 57]
    assert state.current_player == 0
    # everyone saw the card revealed before it went face down (UBK-9)
    assert next(e for e in events if e.kind == "search").data["placed"][0] == [3, None, 0]


def test_deck_refills_from_discard_UBK_10():
    six = [c for c in SCENERY if c not in (1, 24, 41, 47, 56)][:6]
    state = position(rows=ROW_ENDS, discard=six, deck=[])
    events = state.apply(Search())
    assert len(state.discard) == 0 and len(state.deck) == 4
    placed = sum(len(r) for r in state.rows) + sum(len(s) for s in state.scenery_storage)
    assert placed == 7
    assert [e.kind for e in events][:1] == ["reshuffle"] and events[0].data == {"cards": 6}


def test_turn_passes_left_over_passed_players_UBK_13():
    state = position(4, passed=[False, True, True, False])
    state.apply(Search())
    assert state.current_player == 3
    state.apply(Search())
    assert state.current_player == 0


# ---- Schedule -----------------------------------------------------------------------------------

OTHER_JOURNEYS = [card(13, "heritage"), card(14, "heritage"), card(15, "heritage")]
FILLER_ROWS = [[card(12, "heritage")], [card(11, "heritage")], [card(13, "modern")], [card(14, "modern")]]


def scheduling(last: int, row: list[int], bikes=(), opps=(), n: int = 3, **more):
    """Seat 0 to act, its journey ending at `last`, row 1 holding `row`, with these bike
    cards and opportunity cards in hand; the other seats' journeys hold one card each."""
    return position(n, rows=[row, *FILLER_ROWS],
                    journeys=[[last], *([c] for c in OTHER_JOURNEYS[:n - 1])],
                    bike_storage={0: list(bikes)}, opportunities={0: list(opps)}, **more)


def test_take_row_bikes_go_to_bike_storage_UBK_14():
    row = [card(6, "heritage"), bike(2), card(9)]
    state = scheduling(card(6), row)
    events = state.apply(TakeRow(0))
    assert state.bike_storage[0] == [bike(2)]
    assert state.hand == [card(6, "heritage"), card(9)]
    assert state.rows[0] == []
    assert events[0].kind == "take_row" and events[0].data["cards"] == row
    assert events[0].data["bikes"] == [bike(2)]


def test_at_most_one_card_without_opportunity_UBK_15():
    state = scheduling(card(6), [card(6, "heritage"), card(7, "heritage")])
    state.apply(TakeRow(0))
    state.apply(PlayCard(card(6, "heritage")))
    assert state.legal_actions() == [EndSchedule()]
    with pytest.raises(IllegalAction, match="already added"):
        state.apply(PlayCard(card(7, "heritage")))


def test_free_within_one_bikes_beyond_UBK_16():
    """The rulebook's example: last card 6; 5, 6 and 7 are free, 3 needs 3 bikes."""
    row = [card(5, "market"), card(6, "market"), card(7, "market"), card(3, "market")]
    state = scheduling(card(6), row)
    state.apply(TakeRow(0))
    plays = [a for a in state.legal_actions() if isinstance(a, PlayCard)]
    assert {a.card for a in plays} == {card(5, "market"), card(6, "market"), card(7, "market")}
    assert all(a.pay == (0, 0, 0, 0) for a in plays)
    with pytest.raises(IllegalAction, match="needs 3 bikes"):
        state.apply(PlayCard(card(3, "market"), (0, 0, 1, 0)))
    # with one 3-bike card, or three 1-bike cards, it can be paid
    for bikes, pay in (([bike(3)], (0, 0, 1, 0)), ([bike(1, 0), bike(1, 1), bike(1, 2)], (3, 0, 0, 0))):
        state = scheduling(card(6), row, bikes)
        state.apply(TakeRow(0))
        assert PlayCard(card(3, "market"), pay) in state.legal_actions()


def test_overpay_is_allowed_without_change_UBK_16_UBK_43():
    state = scheduling(card(6), [card(4, "market")], [bike(3), bike(1, 0), bike(1, 1), bike(2)])
    state.apply(TakeRow(0))
    pays = {a.pay for a in state.legal_actions() if isinstance(a, PlayCard)}
    assert pays == {(0, 0, 1, 0), (2, 0, 0, 0), (0, 1, 0, 0)}
    state.apply(PlayCard(card(4, "market"), (0, 0, 1, 0)))
    assert sorted(state.bike_storage[0]) == sorted([bike(1, 0), bike(1, 1), bike(2)])


def test_minimal_payments_UBK_43():
    assert minimal_payments(1, 3, 3, 3, 3) == ((0, 0, 0, 0),)
    assert set(minimal_payments(2, 2, 1, 1, 0)) == {(2, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0)}
    assert set(minimal_payments(4, 1, 0, 1, 1)) == {(1, 0, 1, 0), (0, 0, 1, 1)}
    assert minimal_payments(5, 1, 1, 0, 0) == ()


def test_bike_marker_between_cards_and_bikes_to_discard_UBK_17_UBK_18():
    state = scheduling(card(6), [card(10, "market")], [bike(3), bike(1)], discard=[])
    state.apply(TakeRow(0))
    events = state.apply(PlayCard(card(10, "market"), (1, 0, 1, 0)))
    assert state.journeys[0] == [card(6), card(10, "market")]
    assert state.markers[0] == [1]
    assert sorted(state.discard) == sorted([bike(3), bike(1)])
    assert state.bike_storage[0] == []
    play = events[0]
    assert play.kind == "play" and play.data["card"] == card(10, "market") and play.data["marker"] == 1
    assert sorted(play.data["paid_bikes"]) == sorted([bike(3), bike(1)]) and play.data["gap"] == 4


def test_journey_holds_at_most_nine_UBK_17():
    more = [card(d, k) for d in (7, 8, 9, 10) for k in ("heritage", "modern")]
    state = scheduling(card(6), [card(6, "market")])
    arrange(state, journeys={0: [card(6)] + more})
    state.apply(TakeRow(0))
    assert state.legal_actions() == [EndSchedule()]
    with pytest.raises(IllegalAction, match="9 cards"):
        state.apply(PlayCard(card(6, "market")))


def test_rest_goes_to_storage_and_player_passes_UBK_19_UBK_20():
    state = scheduling(card(6), [card(6, "market"), card(1, "market"), card(2, "market")])
    state.apply(TakeRow(0))
    state.apply(PlayCard(card(6, "market")))
    events = state.apply(EndSchedule())
    assert sorted(state.scenery_storage[0]) == sorted([card(1, "market"), card(2, "market")])
    assert state.passed[0] and state.current_player == 1 and state.hand == []
    end = events[0]
    assert end.kind == "end_schedule" and end.data == {"stored": 2}
    assert sorted(end.private["cards"]) == sorted([card(1, "market"), card(2, "market")])
    assert end.for_viewer(1).private == {} and end.for_viewer(0).private == end.private


def test_storage_visibility_UBK_21_UBK_45():
    state = scheduling(card(6), [card(6, "market"), card(1, "market")], [bike(2)])
    state.apply(TakeRow(0))
    state.apply(EndSchedule())
    mine, theirs = state.view(0), state.view(1)
    assert sorted(mine["scenery_storage"][0]) == sorted([card(6, "market"), card(1, "market")])
    assert theirs["scenery_storage"] == [None, [], None]
    assert theirs["scenery_storage_count"][0] == 2
    assert theirs["bike_storage"][0] == [bike(2)]   # bike storage is face up
    assert "discard" not in theirs and theirs["discard_count"] == len(state.discard)


def test_five_stored_cards_buy_an_opportunity_UBK_22():
    state = scheduling(card(6), [card(d, "market") for d in (1, 2, 3)], discard=[],
                       scenery_storage={0: [card(12, "modern"), card(13, "nature")]})
    top = state.opp_deck[-1]
    state.apply(TakeRow(0))
    state.apply(EndSchedule())
    assert state.scenery_storage[0] == [] and state.opportunities[0] == [top]
    assert len(state.discard) == 5
    # ten stored cards buy two
    state = scheduling(card(6), [card(d, "market") for d in range(1, 11)])
    state.apply(TakeRow(0))
    state.apply(EndSchedule())
    assert len(state.opportunities[0]) == 2 and state.scenery_storage[0] == []


def test_search_gift_can_buy_an_opportunity_UBK_22_UBK_45():
    # 4 is a bike card: a gift to storage counts even so
    state = position(rows=[[10], [24], [41], [47], [56]], deck_top=[4, 57],
                     scenery_storage={1: [c for c in SCENERY if c > 60][:4]})
    state.apply(Search())
    assert len(state.opportunities[1]) == 1 and state.scenery_storage[1] == []


def test_opportunity_cards_are_hidden_from_others_UBK_23():
    state = position(3, opportunities={1: [opp("point")]})
    assert state.view(1)["opportunities"][1] == [opp("point")]
    for seat in (0, 2, None):
        view = state.view(seat)
        assert view["opportunities"][1] is None
        assert view["opportunities_count"][1] == 1


def test_trade_event_is_private_UBK_23():
    state = scheduling(card(6), [card(d, "market") for d in (1, 2, 3, 4, 5)])
    state.apply(TakeRow(0))
    events = state.apply(EndSchedule())
    gained = state.opportunities[0][0]
    title = OPPORTUNITIES[gained].title
    trade = next(e for e in events if e.kind == "exchange")
    assert trade.seat == 0 and trade.private_for == 0 and trade.private["opportunity"] == gained
    assert title in trade.text_for(0) and "opportunity card" in trade.text_for(1)
    assert f": {title}" not in trade.text_for(1)
    public = json.dumps({"text": trade.text, "data": dict(trade.data)})
    assert title not in public and "opportunity" not in trade.data
    assert trade.for_viewer(1).private == {} and trade.for_viewer(1).private_text == ""


# ---- end of round and game ---------------------------------------------------------------------

def test_last_player_searches_once_more_UBK_24():
    state = position(3, passed=[True, False, True], turn=1)
    assert Search() in state.legal_actions()
    state.apply(Search())
    assert state.current_player == 1
    assert Search() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="one extra Search"):
        state.apply(Search())


def test_last_player_discards_a_row_and_rows_refill_UBK_25_UBK_26_UBK_27():
    state = position(3, passed=[True, False, True], turn=1, rows={0: [], 1: []})
    state.apply(TakeRow(2))
    state.apply(EndSchedule())
    assert state.phase == DISCARD and state.current_player == 1
    assert set(state.legal_actions()) == {DiscardRow(3), DiscardRow(4)}
    discarded = list(state.rows[3])
    events = state.apply(DiscardRow(3))
    assert set(discarded) <= set(state.discard)
    assert all(len(r) >= 1 for r in state.rows)
    assert state.phase == TURN and state.round == 2
    assert state.start_player == 1 and state.current_player == 1
    assert state.passed == [False, False, False]
    assert [e.kind for e in events] == ["discard_row", "round_end", "round_start"]
    assert events[0].data == {"row": 3, "cards": discarded}
    assert sorted(r for r, _card in events[1].data["refilled"]) == [0, 1, 2, 3]
    assert events[2].data == {"round": 2, "start_player": 1}


def test_game_ends_after_the_round_with_nine_cards_UBK_28_UBK_29():
    nine = [card(d, k) for d in (5, 6, 7, 8) for k in ("modern", "market")] + [card(9, "modern")]
    state = position(2, journeys={1: nine})
    state.apply(Search())          # seat 0
    assert not state.is_over
    state.apply(TakeRow(next(i for i, r in enumerate(state.rows) if r)))  # seat 1 schedules
    state.apply(EndSchedule())
    assert not state.is_over, "the round finishes first"
    state.apply(TakeRow(next(i for i, r in enumerate(state.rows) if r)))  # seat 0, the last
    state.apply(EndSchedule())
    events = state.apply(DiscardRow(next(i for i, r in enumerate(state.rows) if r)))
    assert state.is_over and state.phase == OVER and state.current_player is None
    assert state.legal_actions() == []
    scores = state.scores()
    assert state.winners() == [s for s in range(2) if scores[s] == max(scores)] or len(set(scores)) == 1
    over = events[-1]
    assert over.kind == "game_over" and over.data == {"winners": state.winners(), "scores": scores}


# ---- scoring ------------------------------------------------------------------------------------

def annas_journey():
    """The rulebook's example: differences +2 +4 +1 +2 +0 +4 +2 +1 = 16."""
    values = (1, 3, 7, 6, 8, 8, 12, 14, 15)
    kinds = ("nature", "nature", "nature", "nature", "nature", "heritage", "nature", "nature", "nature")
    return [card(v, k) for v, k in zip(values, kinds)]


def test_rulebook_scoring_example_UBK_30_UBK_31_UBK_32_UBK_33():
    state = scored([annas_journey(), [card(5, "modern"), card(6, "modern")]])
    assert state.travelled(0) == 16
    breakdown = dict(state.score_breakdown())
    assert breakdown["Planning Expert"][0] == 4
    assert breakdown["Extreme Traveler"][0] == 3
    assert breakdown["Memorable Trips"][0] == 1
    assert breakdown["Travel Master"] == [2, 0]


def test_planning_expert_ties_UBK_31():
    kinds = ("nature", "heritage", "market", "modern")

    def planning(distances):
        journeys = [[card(1, kinds[s]), card(1 + d, kinds[s])] for s, d in enumerate(distances)]
        return scored(journeys).planning_points()
    assert planning([9, 9, 4]) == [4, 4, 2]
    assert planning([9, 4, 4, 2]) == [4, 2, 2, 0]
    assert planning([6, 6]) == [4, 4]
    assert planning([6, 2]) == [4, 2]


def test_memorable_trips_UBK_33():
    three = [card(8, k) for k in ("nature", "heritage", "market")]
    four = [card(4, k) for k in ("nature", "heritage", "market", "modern")]
    assert scored([three, [card(1)]]).memorable_points(0) == 3
    assert scored([four, [card(1)]]).memorable_points(0) == 5
    assert scored([four + three, [card(1)]]).memorable_points(0) == 8


def test_end_of_game_opportunity_cards_UBK_34_UBK_35_UBK_38():
    """The rulebook's example: 2 Bike Markers cards with 5 markers, a 1-point card and 2 type
    set cards with one type held 3 times: 4 + 1 + 4."""
    journey = [card(5, "nature"), card(6, "nature"), card(7, "nature"), card(8, "heritage")]
    opps = [opp("markers", 0), opp("markers", 1), opp("point"), opp("types", 0), opp("types", 1)]
    state = scored([journey, [card(1)]], [opps, []], [[1, 2, 3, 4, 5], []])
    assert state.opportunity_points(0) == {"markers": 4, "point": 1, "types": 4}
    arrange(state, markers={0: [1, 2]})
    assert state.opportunity_points(0)["markers"] == 0


def test_opportunity_bike_card_pays_two_UBK_36():
    state = scheduling(card(6), [card(8, "market")], opps=[opp("bike")], opp_discard=[])
    state.apply(TakeRow(0))
    assert PlayCard(card(8, "market"), (0, 0, 0, 1)) in state.legal_actions()
    events = state.apply(PlayCard(card(8, "market"), (0, 0, 0, 1)))
    assert state.opportunities[0] == [] and state.opp_discard == [opp("bike")]
    assert events[0].data["paid_opportunities"] == [opp("bike")]   # face up once used


def test_plus_one_scenery_card_UBK_37_UBK_44():
    row = [card(6, "market"), card(7, "market"), card(9, "market")]
    state = scheduling(card(6), row, [bike(2)], opps=[opp("extra", 0), opp("extra", 1)], opp_discard=[])
    state.apply(TakeRow(0))
    state.apply(PlayCard(card(6, "market")))
    assert state.opportunities[0] == [opp("extra", 0), opp("extra", 1)]
    events = state.apply(PlayCard(card(7, "market")))
    assert state.opp_discard == [opp("extra", 0)] and events[0].data["extra"] == opp("extra", 0)
    state.apply(PlayCard(card(9, "market"), (0, 1, 0, 0)))   # 7 -> 9 needs 2 bikes
    assert state.journeys[0] == [card(6)] + row[:2] + [card(9, "market")]
    assert state.opportunities[0] == [] and state.markers[0] == [3]


def test_tie_break_by_bikes_UBK_39():
    journeys = [[card(5), card(6, "heritage")], [card(5, "market"), card(6, "modern")]]
    state = scored(journeys)
    assert state.scores()[0] == state.scores()[1]
    assert state.winners() == [0, 1] and state.ranking() == [1, 1]
    arrange(state, bike_storage={1: [bike(1)]})
    assert state.winners() == [1] and state.ranking() == [2, 1]
    arrange(state, opportunities={0: [opp("bike")]})
    assert state.winners() == [0] and state.rank_key(0) == (state.scores()[0], 2)


def test_empty_opportunity_deck_reshuffles_or_waits_UBK_40():
    state = scheduling(card(6), [card(d, "market") for d in (1, 2, 3, 4, 5)],
                       opp_discard=[opp("point")], opp_deck=[])
    state.apply(TakeRow(0))
    events = state.apply(EndSchedule())
    assert state.opportunities[0] == [opp("point")]
    assert "opportunity_reshuffle" in [e.kind for e in events]
    state = scheduling(card(6), [card(d, "market") for d in (1, 2, 3, 4, 5)], opp_deck=[], opp_discard=[])
    state.apply(TakeRow(0))
    state.apply(EndSchedule())
    assert len(state.scenery_storage[0]) == 5 and state.opportunities[0] == []


def test_pass_when_nothing_can_be_done_and_the_game_ends_UBK_41():
    state = position(2, rows=[[] for _ in range(5)], deck=[], discard=[])
    assert state.legal_actions() == [Pass()]
    assert state.apply(Pass())[0].kind == "pass"
    state.apply(Pass())
    assert state.is_over


def test_bike_markers_are_not_limited_UBK_42():
    state = scheduling(card(1), [card(15, "market")], [bike(3, i) for i in range(4)] + [bike(2)],
                       markers=[list(range(1, 9))] * 3)   # 24 markers out already
    state.apply(TakeRow(0))
    state.apply(PlayCard(card(15, "market"), (0, 1, 4, 0)))
    assert len(state.markers[0]) == 9


def test_rows_keep_their_numbers_UBK_46():
    state = fresh(3)
    before = [list(r) for r in state.rows]
    state.apply(TakeRow(2))
    assert state.rows[2] == [] and [state.rows[i] for i in (0, 1, 3, 4)] == [before[i] for i in (0, 1, 3, 4)]


# ---- hidden information and determinization ------------------------------------------------------

def played_into(n: int, seed: int, steps: int) -> object:
    """A random game `steps` moves in (fewer if it ends first)."""
    state = fresh(n, seed)
    rng = Rng(seed, stream=7)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def hidden_changes(state, seat: int):
    """Copies of `state` that differ only in what `seat` may not see."""
    other = (seat + 1) % state.num_players
    swapped = state.clone()                   # another seat's storage trades cards with the deck
    k = len(swapped.scenery_storage[other])
    swapped.scenery_storage[other], swapped.deck = swapped.deck[:k], swapped.scenery_storage[other] + swapped.deck[k:]
    yield "scenery storage", swapped
    traded = state.clone()                    # another seat holds other opportunity cards
    k = len(traded.opportunities[other])
    mine, deck = traded.opportunities[other], traded.opp_deck
    traded.opportunities[other], traded.opp_deck = deck[:k], mine + deck[k:]
    yield "opportunities", traded
    for name in ("deck", "discard", "opp_deck"):
        reordered = state.clone()
        getattr(reordered, name).reverse()
        yield name, reordered
    mixed = state.clone()                     # deck and discard trade cards, sizes kept
    if mixed.deck and mixed.discard:
        mixed.deck[0], mixed.discard[0] = mixed.discard[0], mixed.deck[0]
    yield "deck and discard", mixed
    reseeded = state.clone()
    reseeded.rng = Rng(12345)
    reseeded.seed = 987654321
    yield "generator and seed", reseeded


def test_the_view_hides_what_is_hidden_UBK_23_UBK_45():
    """Others' scenery storage and opportunity cards, the decks' and discard's order and the
    generator are nobody's to see: only their sizes show, and changing them leaves every
    other seat's view alone."""
    state = played_into(3, 8, 40)
    spare = state.deck[:6]                   # every seat holds something face down
    arrange(state, scenery_storage={0: spare[:1], 1: spare[1:3], 2: spare[3:6]},
            opportunities={0: [opp("point")], 1: [opp("bike"), opp("types")], 2: [opp("extra")]})
    assert state.discard and not state.is_over, "the game should be well under way"
    for seat in range(3):
        view = state.view(seat)
        text = json.dumps(view)
        for key in ('"deck"', '"discard"', '"opp_deck"', '"rng"', '"seed"', '"log"'):
            assert key not in text, key
        assert view["deck_count"] == len(state.deck) and view["discard_count"] == len(state.discard)
        assert view["opp_deck_count"] == len(state.opp_deck)
        assert view["scenery_storage_count"] == [len(s) for s in state.scenery_storage]
        assert view["opportunities_count"] == [len(o) for o in state.opportunities]
        assert [s is None for s in view["scenery_storage"]] == [s != seat for s in range(3)]
        assert [o is None for o in view["opportunities"]] == [s != seat for s in range(3)]
        for what, changed in hidden_changes(state, seat):
            assert changed.to_json() != state.to_json(), what
            assert changed.view(seat) == view, what


def test_determinize_keeps_the_last_search_UBK_12():
    """The cards the last Search placed are on the view (the scene marks them): a
    determinized state keeps them, and a card sent to a third seat's storage lies there."""
    state = position(3, rows=[[10], [24], [41], [47], [56]], deck_top=[3, 57], turn=0)
    state.apply(Search())                    # 3 goes face down to seat 1, 57 to row 5
    assert state.last_searched == [[3, None, 1], [57, 4, None]]
    view = state.view(2)
    sample = determinize(view, Rng(5))
    assert sample.last_searched == state.last_searched
    assert sample.view(2) == view
    assert sample.scenery_storage[1] == [3]


def test_determinize_is_consistent_with_the_view():
    rng = Rng(3)
    state = fresh(4, 5)
    for _step in range(120):
        if state.is_over:
            break
        seat = state.current_player
        view = state.view(seat)
        sample = determinize(json.loads(json.dumps(view)), rng)
        assert all_cards(sample) == sorted(CARDS)
        assert all_opportunities(sample) == list(range(25))
        assert sample.view(seat) == view
        legal = state.legal_actions()
        assert sample.legal_actions() == legal
        state.apply(legal[rng.below(len(legal))])

