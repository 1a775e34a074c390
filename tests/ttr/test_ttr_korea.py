"""South Korea's own rules (seeds/ttr-korea.md, TKO-n)."""
from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction
from game.games.ttr import KOREA as KOREA_SPEC
from game.games.ttr.data import COLOURS, GREY, LAST_ROUND_TRAINS, PROVINCE_BONUS, TRAINS
from game.games.ttr.rules import (DRAWING, KEEP, PLACE, Claim, DrawCard, DrawTickets,
                                  ExpressDraw, KeepTickets, Place)
from tests.ttr.builders import (DECK, LOCO, claim, end_by_passing, fresh, give, hold_tickets,
                                no_cards_anywhere, ready, routes_where, show, stack)


def test_TKO_1_components():
    state = fresh("korea", 5)
    assert state.trains == [45] * 5
    cards = state.deck + state.face_up + [c for h in state.hands for c in h]
    assert len(cards) == 110 and all(c in COLOURS or c == LOCO for c in cards)
    assert len(state.board.tickets) == 44
    assert sorted(state.province) == sorted(COLOURS) and all(len(v) == 9 for v in state.province.values())


def test_TKO_2_each_player_lays_out_plus_one_two_three_face_up():
    state = fresh("korea", 3)
    assert state.express_left == [[1, 2, 3]] * 3
    assert state.view(1)["express_left"] == [[1, 2, 3]] * 3          # public


def test_TKO_13_the_board_cities_routes_doubles_greys_and_no_ferries():
    board = ready("korea").board
    assert (len(board.labels), len(board.routes)) == (42, 109)
    assert sum(r.length for r in board.routes) == 244
    assert {r.length for r in board.routes} == {1, 2, 3, 4, 5}
    assert sum(1 for r in board.routes if r.pair) == 2 * 24
    assert sum(1 for r in board.routes if r.colour == GREY) == 28
    assert not any(r.locomotives for r in board.routes)


# ---- the board (TKO-18..TKO-22) --------------------------------------------------------------

def test_TKO_18_the_spaces_outnumber_five_players_trains():
    board = ready("korea", 5).board
    spaces = sum(r.length for r in board.routes)
    five = 5 * TRAINS["korea"]
    assert five == 225
    # more spaces than five players could ever place, with room to spare
    assert spaces >= five + 15
    # with all five players down to the last-round count, spaces are still free
    assert spaces - 5 * (TRAINS["korea"] - LAST_ROUND_TRAINS) >= 25


def test_TKO_19_a_route_has_its_province_colour_grey_across_a_border():
    board = ready("korea").board
    province = board.province_of
    assert set(province.values()) == set(COLOURS)          # eight provinces, eight colours
    by_id = board.route_by_id
    for r in board.routes:
        ends = {province[r.a], province[r.b]}
        twin = by_id[r.pair].colour if r.pair else None
        if len(ends) == 1:
            (own,) = ends
            assert r.colour == own or (r.colour == GREY and twin == own), r
        elif r.pair:
            assert {r.colour, twin} == ends, r
        else:
            assert r.colour == GREY, r
    crossing = [r for r in board.routes if province[r.a] != province[r.b] and not r.pair]
    assert crossing and all(r.colour == GREY for r in crossing)


def namwon_jinju(state):
    (route,) = [r for r in state.board.routes if {r.a, r.b} == {"namwon", "jinju"}]
    return route


def test_TKO_20_the_rulebook_example_on_the_grey_namwon_jinju_route():
    state = ready("korea")
    r = namwon_jinju(state)
    assert (r.length, r.colour, r.pair) == (4, GREY, 0)
    give(state, 0, ["white"] * 4 + [LOCO])
    state.apply(Claim(r.id, "white", 1, 5))             # one card more than the route needs
    assert state.phase == PLACE and Place("white", 1) in state.legal_actions()
    state.apply(Place("white", 1))
    assert state.province["white"][6 - 1] == 0 and state.trains[0] == 45 - 4 - 1
    assert state.express_left[0] == [2, 3] and state.claims[r.id] == 0


def test_TKO_21_every_ticket_scores_the_fewest_trains_between_its_cities():
    board = ready("korea").board
    assert len(board.tickets) == 44
    for t in board.tickets:
        assert board.distances(t.a)[t.b] == t.points, t


def test_TKO_22_a_save_of_the_first_board_is_refused_with_the_reason():
    from game.core.saves import SaveError
    from game.core.session import PERSON, Seat, Session
    from game.games.ttr import IBERIA, KOREA_RULES_VERSION
    from game.games.ttr.rules import RULES_VERSION
    assert KOREA_SPEC.rules_version == KOREA_RULES_VERSION == 2
    assert IBERIA.rules_version == RULES_VERSION == 1
    session = Session(KOREA_SPEC, [Seat("A", PERSON), Seat("B", PERSON)], {}, 5)
    old = dict(session.to_save(), rules_version=1)
    with pytest.raises(SaveError, match="older rules of Ticket to Ride: South Korea"):
        Session.from_save(old)
    assert Session.from_save(session.to_save()).state.to_json() == session.state.to_json()


# ---- express cards -------------------------------------------------------------------------------

def test_TKO_3_an_express_draw_comes_before_the_usual_two_cards():
    state = ready("korea")
    stack(state, "red", "red", "blue", "green", "white")
    state.apply(ExpressDraw(2))
    assert state.hands[0].count("red") >= 2 and state.express_left[0] == [1, 3]
    assert state.phase == DRAWING and not any(isinstance(a, ExpressDraw) for a in state.legal_actions())
    state.apply(DrawCard(DECK))
    state.apply(DrawCard(DECK))
    assert state.to_move == 1 and len(state.hands[0]) == 4 + 4
    # the card is gone for good
    state.to_move = 0
    assert ExpressDraw(2) not in state.legal_actions() and ExpressDraw(1) in state.legal_actions()


def test_TKO_3_after_an_express_draw_a_face_up_locomotive_may_be_the_whole_draw():
    state = ready("korea")
    show(state, [LOCO, "red", "blue", "green", "white"])
    state.apply(ExpressDraw(1))
    state.apply(DrawCard(0))
    assert state.to_move == 1


def test_TKO_3_no_express_draw_after_the_first_card():
    state = ready("korea")
    state.apply(DrawCard(DECK))
    with pytest.raises(IllegalAction):
        state.apply(ExpressDraw(1))


def test_TKO_14_an_express_draw_needs_a_card_to_draw():
    state = ready("korea")
    no_cards_anywhere(state)
    assert not any(isinstance(a, ExpressDraw) for a in state.legal_actions())


# ---- the province mat ------------------------------------------------------------------------------

def test_TKO_4_TKO_5_a_train_on_the_line_of_the_route_colour_at_the_cards_played():
    state = ready("korea")
    r = routes_where(state, colour="pink", length=2)[0]
    give(state, 0, ["pink", "pink", "pink", LOCO])
    legal = {a for a in state.legal_actions() if isinstance(a, Claim) and a.route == r.id}
    assert Claim(r.id, "pink", 0, 3) in legal and Claim(r.id, "pink", 1, 4) in legal   # paying more
    state.apply(Claim(r.id, "pink", 0, 3))
    assert state.phase == PLACE
    lines = {a.line for a in state.legal_actions()}
    assert lines == {"", "pink"}
    state.apply(Place("pink"))
    assert state.province["pink"][3 - 1] == 0
    assert state.trains[0] == 45 - 2 - 1 and state.hands[0] == ["loco", "pink"][:0] + [LOCO]


def test_TKO_4_TKO_19_after_a_grey_route_any_line():
    state = ready("korea")
    # a single grey route: it crosses a province border (TKO-19)
    r = [x for x in routes_where(state, colour=GREY, length=2) if not x.pair][0]
    assert state.board.province_of[r.a] != state.board.province_of[r.b]
    give(state, 0, ["blue", "blue", "blue"])
    legal = {a for a in state.legal_actions() if isinstance(a, Claim) and a.route == r.id}
    assert Claim(r.id, "blue", 0, 3) in legal                      # paying more (TKO-5)
    assert not any(c.colour not in ("blue", LOCO) for c in legal)  # one colour (TTR-10)
    state.apply(Claim(r.id, "blue", 0, 2))
    # any line, not only the two provinces' nor the colour paid with
    assert {a.line for a in state.legal_actions() if a.express == 0} == {"", *COLOURS}
    state.apply(Place("green"))
    assert state.province["green"][2 - 1] == 0


def test_TKO_19_a_grey_twin_within_a_province_also_feeds_any_line():
    state = ready("korea", 4)
    r = [x for x in routes_where(state, colour=GREY) if x.pair
         and state.board.province_of[x.a] == state.board.province_of[x.b]][0]
    twin = state.board.route_by_id[r.pair]
    give(state, 1, [twin.colour] * twin.length)
    state.to_move = 1
    state.apply(Claim(twin.id, twin.colour, 0, twin.length))
    state.apply(Place(""))
    give(state, 2, ["red"] * r.length)
    assert state.to_move == 2
    state.apply(Claim(r.id, "red", 0, r.length))                # both tracks: 4 players (TTR-14)
    assert {a.line for a in state.legal_actions() if a.express == 0} == {"", *COLOURS}


def test_TKO_6_a_taken_spot_sends_the_train_to_the_first_free_one_below():
    state = ready("korea")
    state.province["black"][3 - 1] = 1
    state.province["black"][2 - 1] = 1
    r = routes_where(state, colour="black", length=3)[0]
    give(state, 0, ["black"] * 3)
    state.apply(Claim(r.id, "black", 0, 3))
    state.apply(Place("black"))
    assert state.province["black"][:3] == [0, 1, 1]


def test_TKO_6_TKO_15_no_free_spot_below_no_train_on_that_line():
    state = ready("korea")
    state.province["black"][:3] = [1, 1, 1]
    r = routes_where(state, colour="black", length=3)[0]
    give(state, 0, ["black"] * 3)
    claim(state, Claim(r.id, "black", 0, 3))
    # no spot at or below 3 is free: the claim goes through without asking about the mat
    assert state.to_move == 1 and state.province["black"][:3] == [1, 1, 1]


def test_TKO_7_four_cards_a_locomotive_and_plus_one_make_spot_six():
    # the rulebook's own example, on Namwon-Jinju, is test_TKO_20; the same play on a
    # four-space blue route
    state = ready("korea")
    r = routes_where(state, colour="blue", length=4)[0]
    give(state, 0, ["blue"] * 4 + [LOCO])
    state.apply(Claim(r.id, "blue", 1, 5))
    assert Place("blue", 1) in state.legal_actions()
    state.apply(Place("blue", 1))
    assert state.province["blue"][6 - 1] == 0
    assert state.express_left[0] == [2, 3]


def test_TKO_15_a_spot_above_nine_is_nine_and_express_only_where_it_helps():
    state = ready("korea")
    r = routes_where(state, colour="blue", length=4)[0]
    give(state, 0, ["blue"] * 9)
    assert state.mat_spot("blue", 8 + 3) == 9
    state.apply(Claim(r.id, "blue", 0, 9))
    assert set(state.legal_actions()) == {Place(""), Place("blue")}     # no Express can raise 9


def test_TKO_8_trains_on_the_mat_come_from_the_reserve_and_count_for_the_end():
    state = ready("korea", 2)
    state.trains[0] = 4
    r = routes_where(state, colour="red", length=1)[0]
    give(state, 0, ["red"])
    state.apply(Claim(r.id, "red", 0, 1))
    state.apply(Place("red"))
    assert state.trains[0] == 2 and state.last_round_by == 0
    assert state.province["red"][0] == 0


def test_TKO_16_extra_cards_only_with_a_train_left_and_no_train_is_fine():
    state = ready("korea")
    r = routes_where(state, colour="pink", length=2)[0]
    give(state, 0, ["pink"] * 4)
    state.trains[0] = 2
    assert not any(isinstance(a, Claim) and a.route == r.id and a.cards > 2 for a in state.legal_actions())
    state.trains[0] = 45
    state.apply(Claim(r.id, "pink", 0, 4))
    state.apply(Place(""))
    assert all(v == -1 for v in state.province["pink"]) and state.to_move == 1


# ---- tickets ------------------------------------------------------------------------------------

def test_TKO_9_express_adds_tickets_and_any_number_may_be_kept():
    state = ready("korea")
    state.apply(DrawTickets(3))
    assert state.phase == KEEP and len(state.offered[0]) == 6
    assert state.express_left[0] == [1, 2]
    state.apply(KeepTickets(tuple(state.offered[0])))
    assert len(state.tickets[0]) == 4 + 6


# ---- scoring ------------------------------------------------------------------------------------

def test_TKO_10_the_bonus_table_by_player_count_and_one_train_to_qualify():
    assert PROVINCE_BONUS == {2: (10,), 3: (10, 6), 4: (10, 6, 4), 5: (10, 6, 4, 2)}
    for n in (2, 3, 4, 5):
        state = ready("korea", n)
        for seat in range(n):
            state.province["green"][seat] = seat          # seat s on spot s+1
        bonus = state.province_scores()["green"]
        expect = list(reversed(PROVINCE_BONUS[n] + (0,) * (n - len(PROVINCE_BONUS[n]))))
        assert bonus == expect[-n:] if n > len(PROVINCE_BONUS[n]) else bonus == expect
        assert state.province_scores()["red"] == [0] * n   # nobody there, nobody scores


def test_TKO_10_final_score_adds_the_lines():
    state = ready("korea", 3)
    for seat in range(3):
        hold_tickets(state, seat, [])
    state.province["red"][4] = 2            # spot 5
    state.province["red"][0] = 1            # spot 1
    end_by_passing(state)
    assert dict(state.score_breakdown())["Province lines"] == [0, 6, 10]
    assert state.scores() == [0, 6, 10] and state.winners() == [2]


def test_TKO_11_ties_go_to_the_highest_spot_the_rulebook_example():
    state = ready("korea", 4)
    green, black, blue, red = 0, 1, 2, 3
    line = state.province["red"]
    for spot, seat in ((9, green), (6, black), (2, black), (5, blue), (3, blue), (7, red)):
        line[spot - 1] = seat
    assert state.province_scores()["red"] == [10, 6, 4, 0]


def test_TKO_12_TKO_17_a_round_of_passes_ends_the_game_the_mat_is_public():
    state = ready("korea", 3)
    state.province["white"][0] = 1
    assert state.view(0)["province"]["white"][0] == 1
    end_by_passing(state)
    assert state.is_over and state.ended_by == "blocked"
