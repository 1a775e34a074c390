"""Iberia's own rules (seeds/ttr-iberia.md, TIB-n)."""
from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction
from game.games.ttr.data import COLOURS, FESTIVAL_PREFIX, FESTIVALS, TICKET_DRAFT_CARD, festival_points
from game.games.ttr.rules import DRAFT, DRAFTED, FESTIVAL, KEEP, TURN, Claim, DrawCard, DrawTickets, \
    KeepTickets, TakeFestival
from tests.ttr.builders import (DECK, LOCO, claim, empty_deck, end_by_passing, fresh, give,
                                hold_tickets, own, play_draft, ready, route, second_draft_over, show,
                                stack)

SEVILLA, VALENCIA = FESTIVAL_PREFIX + "sevilla", FESTIVAL_PREFIX + "valencia"


def test_TIB_1_components():
    state = fresh("iberia", 2)
    assert state.trains == [35, 35]
    deck = state.deck
    assert sum(c.startswith(FESTIVAL_PREFIX) for c in deck) == 54
    assert all(deck.count(FESTIVAL_PREFIX + k) == 9 for k in FESTIVALS) and len(FESTIVALS) == 6
    assert deck.count(TICKET_DRAFT_CARD) == 1
    assert len(state.board.tickets) == 50


def test_TIB_2_festival_cards_are_shuffled_in_after_the_deal():
    for seed in range(5):
        state = fresh("iberia", 5, seed)
        dealt = [c for h in state.hands for c in h] + state.face_up
        assert all(c in COLOURS or c == LOCO for c in dealt)
        assert state.face_up.count(LOCO) < 3


@pytest.mark.parametrize("n,depth", [(2, 1 / 2), (3, 2 / 3), (4, 3 / 4), (5, 3 / 4)])
def test_TIB_3_TIB_18_the_ticket_draft_card_depth_by_player_count(n, depth):
    state = fresh("iberia", n)
    above = len(state.deck) - 1 - state.deck.index(TICKET_DRAFT_CARD)
    assert abs(above - depth * len(state.deck)) <= 1


def test_TIB_12_france_is_a_city_like_any_other():
    state = ready("iberia")
    assert "france" in state.board.labels
    assert len(state.board.routes_at("france")) == 4
    assert any("france" in (t.a, t.b) for t in state.board.tickets)
    ticket = next(t for t in state.board.tickets if "france" in (t.a, t.b))
    from tests.ttr.builders import shortest_path
    path = shortest_path(state, ticket.a, ticket.b)
    own(state, 0, *path)
    assert state.connected(0, ticket.a, ticket.b)


def test_TIB_15_the_board():
    state = ready("iberia")
    b = state.board
    assert (len(b.labels), len(b.routes)) == (43, 91)
    assert len({frozenset((r.id, r.pair)) for r in b.routes if r.pair}) == 10
    assert {(r.a, r.b, r.locomotives) for r in b.routes if r.locomotives} == {
        ("barcelona", "palma", 1), ("valencia", "palma", 2)}


# ---- drawing ------------------------------------------------------------------------------------

def test_TIB_4_a_festival_card_drawn_goes_to_its_city_and_does_not_count():
    state = ready("iberia")
    stack(state, SEVILLA, "red", SEVILLA, VALENCIA, "blue")
    state.apply(DrawCard(DECK))
    assert state.festival_at["sevilla"] == 1 and state.phase != TURN   # still the first card
    state.apply(DrawCard(DECK))
    assert state.festival_at == {**{k: 0 for k in FESTIVALS}, "sevilla": 2, "valencia": 1}
    assert state.hands[0].count("red") and state.hands[0].count("blue") and state.to_move == 1


def test_TIB_4_a_festival_card_turned_up_for_the_display_goes_to_its_city():
    state = ready("iberia")
    show(state, ["red", "blue", "green", "white", "black"])
    stack(state, VALENCIA, "pink")
    state.apply(DrawCard(0))
    assert state.face_up[0] == "pink" and state.festival_at["valencia"] == 1


def test_TIB_5_the_ticket_draft_card_lets_the_turn_finish_then_a_second_draft():
    state = ready("iberia", 3)
    stack(state, TICKET_DRAFT_CARD, "red", "blue")
    state.apply(DrawCard(DECK))
    assert state.phase != DRAFT and state.to_move == 0 and state.second_draft_due
    state.apply(DrawCard(DECK))                        # the turn finishes
    assert state.phase == DRAFT and state.second_draft
    assert all(len(p) == 6 for p in state.draft_packs)
    assert state.hands[0].count("red") and state.hands[0].count("blue")


def test_TIB_6_the_second_draft_passes_right_keeps_four_leftovers_to_the_bottom():
    state = ready("iberia", 3)
    first = [list(t) for t in state.tickets]
    stack(state, TICKET_DRAFT_CARD, "red", "blue")
    state.apply(DrawCard(DECK))
    state.apply(DrawCard(DECK))
    packs = [list(p) for p in state.draft_packs]
    picked = []
    for seat in range(3):
        picked.append(packs[seat][0])
        state.apply(state.legal_actions()[0] if state.legal_actions()[0].ticket == packs[seat][0]
                    else next(a for a in state.legal_actions() if a.ticket == packs[seat][0]))
    for seat in range(3):                              # from the seat on the right
        came = packs[(seat + 1) % 3]
        assert sorted(state.draft_packs[seat]) == sorted(t for t in came if t != picked[(seat + 1) % 3])
    while state.phase == DRAFT:
        state.apply(state.legal_actions()[0])
    assert state.phase == DRAFTED
    # the first draft's tickets are set aside: they are not among the choices
    assert all(not set(first[s]) & set(state.draft_picks[s]) for s in range(3))
    assert {len(a.tickets) for a in state.legal_actions()} == {4}
    deck_before = list(state.ticket_deck)
    leftovers = []
    while state.phase == DRAFTED:
        seat = state.current_player
        keep = state.legal_actions()[0].tickets
        leftovers += [t for t in state.draft_picks[seat] if t not in keep]
        state.apply(KeepTickets(keep))
    assert sorted(state.ticket_deck[:6]) == sorted(leftovers)
    assert state.ticket_deck[6:] == deck_before
    assert all(set(first[s]) <= set(state.tickets[s]) and len(state.tickets[s]) == 8 for s in range(3))
    assert state.phase == TURN and state.to_move == 1       # after seat 0's turn


def test_TIB_7_no_ticket_drawing_before_the_second_draft():
    state = ready("iberia")
    assert not any(isinstance(a, DrawTickets) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="second draft"):
        state.apply(DrawTickets(0))
    assert state.view(0)["tickets_open"] is False


def test_TIB_8_after_the_second_draft_draw_three_keep_at_least_one():
    state = second_draft_over()
    assert state.view(state.to_move)["tickets_open"] is True
    state.apply(DrawTickets(0))
    assert state.phase == KEEP and len(state.offered[state.to_move]) == 3
    with pytest.raises(IllegalAction):
        state.apply(KeepTickets(()))
    keep = state.offered[state.to_move][:1]
    back = state.offered[state.to_move][1:]
    state.apply(KeepTickets(tuple(keep)))
    assert sorted(state.ticket_deck[:2]) == sorted(back)


def test_TIB_9_after_a_reshuffle_only_train_cards_and_the_locomotive_rule_holds():
    state = second_draft_over()
    empty_deck(state)
    assert all(not c.startswith(FESTIVAL_PREFIX) for c in state.discard)
    state.apply(DrawCard(DECK))
    assert all(c in COLOURS or c == LOCO for c in state.deck)
    # three locomotives still clear the display
    show(state, [LOCO, LOCO, "red", "blue", "green"])
    stack(state, LOCO)
    before = len(state.discard)
    events = state.apply(DrawCard(2))
    assert "reset" in [e.kind for e in events] or len(state.discard) > before


# ---- claiming -----------------------------------------------------------------------------------

def test_TIB_10_TIB_16_claiming_into_a_festival_city_takes_all_its_cards():
    state = ready("iberia")
    state.festival_at["sevilla"] = 3
    r = route(state, "sevilla", "huelva") if any({x.a, x.b} == {"sevilla", "huelva"}
                                                 for x in state.board.routes) else \
        next(x for x in state.board.routes_at("sevilla")
             if x.other("sevilla") not in state.board.festival_of and x.colour != "grey")
    give(state, 0, [r.colour] * r.length if r.colour != "grey" else ["red"] * r.length)
    colour = r.colour if r.colour != "grey" else "red"
    claim(state, Claim(r.id, colour, 0, r.length))
    assert state.festival_at["sevilla"] == 0
    assert state.festival_piles[0] == ["sevilla"] * 3
    assert state.to_move == 1                            # no question asked


def test_TIB_11_two_festival_cities_the_player_chooses_one():
    state = ready("iberia")
    state.festival_at["porto"] = 2
    state.festival_at["lisboa"] = 1
    r = route(state, "coimbra", "lisboa", "red")
    give(state, 0, ["red", "red"])
    state.apply(Claim(r.id, "red", 0, 2))
    assert state.phase == FESTIVAL and state.to_move == 0
    assert set(state.legal_actions()) == {TakeFestival("porto"), TakeFestival("lisboa")}
    state.apply(TakeFestival("porto"))
    assert state.festival_piles[0] == ["porto", "porto"] and state.festival_at["lisboa"] == 1
    assert state.to_move == 1


def test_TIB_11_porto_and_coimbra_share_their_festival_cards():
    state = ready("iberia")
    assert state.board.festival_of["coimbra"] == state.board.festival_of["porto"] == "porto"
    state.festival_at["porto"] = 4
    r = route(state, "porto", "coimbra", "yellow")
    assert state.board.festival_keys(r) == ["porto"]
    give(state, 0, ["yellow", "yellow"])
    state.apply(Claim(r.id, "yellow", 0, 2))
    assert state.festival_piles[0] == ["porto"] * 4 and state.to_move == 1


def test_TIB_17_festival_piles_are_face_down_the_cities_public():
    state = ready("iberia", 3)
    state.festival_piles[0] = ["sevilla", "sevilla"]
    state.festival_at["valencia"] = 2
    view = state.view(1)
    assert view["festival_piles"][0] is None and view["festival_piles_count"][0] == 2
    assert view["festival_at"]["valencia"] == 2
    assert state.view(0)["festival_piles"][0] == ["sevilla", "sevilla"]


# ---- scoring ------------------------------------------------------------------------------------

def test_TIB_14_the_festival_chart():
    assert festival_points(3) == 6 and festival_points(7) == 22        # the rulebook's examples
    assert [festival_points(n) for n in range(10)] == [0, 2, 4, 6, 9, 13, 17, 22, 27, 33]


def test_TIB_13_TIB_20_final_score_adds_the_festivals_tie_break_ignores_them():
    state = second_draft_over()
    for seat in (0, 1):
        hold_tickets(state, seat, [])
    state.festival_piles[0] = ["sevilla"] * 3 + ["valencia"] * 7
    end_by_passing(state)
    assert state.scores() == [28, 0]
    assert dict(state.score_breakdown())["Festivals"] == [28, 0]
    assert state.winners() == [0]
    # equal points: the festival cards do not break the tie
    tie = second_draft_over()
    for seat in (0, 1):
        hold_tickets(tie, seat, [])
    tie.festival_piles[0] = ["sevilla"]          # 2 points
    own(tie, 1, route(tie, "madrid", "toledo", "red"), route(tie, "cadiz", "sevilla")
        if any({r.a, r.b} == {"cadiz", "sevilla"} for r in tie.board.routes) else
        next(r for r in tie.board.routes if r.length == 1 and r.pair == 0))
    end_by_passing(tie)
    assert tie.scores()[1] == 2 and tie.scores()[0] == 2
    assert tie.winners() == [0, 1]


def test_TIB_19_a_short_ticket_deck_keeps_what_it_can():
    state = ready("iberia", 2)
    state.ticket_deck = state.ticket_deck[:3]         # only three tickets left for the draft
    stack(state, TICKET_DRAFT_CARD, "red", "blue")
    state.apply(DrawCard(DECK))
    state.apply(DrawCard(DECK))
    assert sorted(len(p) for p in state.draft_packs) == [0, 3] or \
        sum(len(p) for p in state.draft_packs) == 3
    play_draft(state)
    assert sum(len(t) for t in state.tickets) == 8 + 3
