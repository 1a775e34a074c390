"""South Korea's own rules (seeds/ttr-korea.md, TKO-n)."""
from __future__ import annotations

import dataclasses

import pytest

from game.core.protocol import IllegalAction
from game.games.ttr.data import COLOURS, PROVINCE_BONUS
from game.games.ttr.rules import (DRAWING, KEEP, PLACE, TURN, Claim, DrawCard, DrawTickets,
                                  ExpressDraw, KeepTickets, Place)
from tests.ttr.builders import (DECK, LOCO, claim, end_by_passing, fresh, give, hold_tickets,
                                no_cards_anywhere, own, ready, routes_where, show, stack)


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


def test_TKO_13_no_grey_routes_and_no_ferries():
    state = ready("korea")
    assert (len(state.board.labels), len(state.board.routes)) == (42, 86)
    assert not any(r.colour == "grey" or r.locomotives for r in state.board.routes)


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


def test_TKO_4_after_a_grey_route_any_line():
    state = ready("korea")
    # a made-up board: one route painted grey (the real board has none)
    r = routes_where(state, colour="red", length=2)[0]
    grey = dataclasses.replace(r, colour="grey")
    state.board = dataclasses.replace(state.board, routes=tuple(grey if x.id == r.id else x
                                                                 for x in state.board.routes))
    give(state, 0, ["blue", "blue"])
    state.apply(Claim(r.id, "blue", 0, 2))
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


def test_TKO_7_the_rulebook_example_four_white_a_locomotive_and_plus_one():
    # our board has no Namwon-Jinju; the same play on a four-space blue route
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
