"""The base rules both boards share (seeds/ttr-base.md, TTR-n)."""
from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction
from game.games.ttr.data import COLOURS, ROUTE_POINTS
from game.games.ttr.rules import (DRAFT, DRAFTED, DRAWING, KEEP, TURN, Claim, DraftPick,
                                  DrawCard, DrawTickets, KeepTickets, Pass)
from tests.ttr.builders import (DECK, LOCO, claim, empty_deck, end_by_passing, fresh, give, hold_tickets,
                                no_cards_anywhere, own, play_draft, ready, route, routes_where,
                                shortest_path, show, stack)


def all_train_cards(state):
    cards = list(state.deck) + list(state.discard) + [c for c in state.face_up if c]
    for hand in state.hands:
        cards += hand
    return [c for c in cards if c in COLOURS or c == LOCO]


# ---- cards and setting up ----------------------------------------------------------------------

def test_TTR_1_the_train_deck_is_110_cards():
    cards = all_train_cards(fresh("korea", 3))
    assert len(cards) == 110
    assert all(cards.count(c) == 12 for c in COLOURS) and len(COLOURS) == 8
    assert cards.count(LOCO) == 14


@pytest.mark.parametrize("board", ["iberia", "korea"])
def test_TTR_2_four_cards_each_and_five_face_up(board):
    state = fresh(board, 4)
    assert [len(h) for h in state.hands] == [4, 4, 4, 4]
    assert len(state.face_up) == 5 and all(state.face_up)


def test_TTR_3_three_face_up_locomotives_clear_the_display():
    state = ready("korea")
    show(state, [LOCO, LOCO, "red", "blue", "green"])
    stack(state, LOCO, "white", "white", "black", "black", "pink")
    discards = len(state.discard)
    state.apply(DrawCard(2))          # the red is replaced by a third locomotive
    assert len(state.discard) == discards + 5
    assert state.face_up == ["white", "white", "black", "black", "pink"]
    assert state.hands[0].count("red") >= 1


def test_TTR_22_the_display_stays_after_three_clearings_in_a_row():
    state = ready("korea")
    no_cards_anywhere(state)             # then only these cards are in play:
    state.face_up = [LOCO, LOCO, "red", "blue", "green"]
    state.deck = [LOCO] * 12
    events = state.apply(DrawCard(2))
    # cleared three times (the last deal comes from the shuffled discards), then left alone
    assert [e.kind for e in events].count("reset") == 3
    assert state.face_up.count(LOCO) >= 3 and state.phase == DRAWING


# ---- the draft ----------------------------------------------------------------------------------

def test_TTR_20_the_draft_deals_six_passes_left_and_keeps_exactly_four():
    state = fresh("korea", 3)
    assert state.phase == DRAFT and all(len(p) == 6 for p in state.draft_packs)
    packs = [list(p) for p in state.draft_packs]
    picked = []
    for seat in range(3):
        assert state.current_player == seat
        picked.append(packs[seat][0])
        state.apply(DraftPick(packs[seat][0]))
    # seat s now holds what seat s-1 passed to its left, less the pick
    for seat in range(3):
        came = packs[(seat - 1) % 3]
        assert sorted(state.draft_packs[seat]) == sorted(t for t in came if t != picked[(seat - 1) % 3])
    # a picked ticket is never swapped back: it is in nobody's packet
    assert not any(t in p for t in picked for p in state.draft_packs)
    while state.phase == DRAFT:
        state.apply(state.legal_actions()[0])
    assert state.phase == DRAFTED and all(len(p) == 6 for p in state.draft_picks)
    seat = state.current_player
    six = sorted(state.draft_picks[seat])
    for wrong in (six[:3], six[:5]):
        with pytest.raises(IllegalAction):
            state.apply(KeepTickets(tuple(wrong)))
    assert {len(a.tickets) for a in state.legal_actions()} == {4}
    play_draft(state)
    assert [len(t) for t in state.tickets] == [4, 4, 4]
    assert len(state.ticket_deck) == 44 - 12          # leftovers back with the undealt ones
    assert state.phase == TURN and state.to_move == 0


def test_TTR_24_the_last_ticket_of_a_packet_is_handed_over():
    state = fresh("korea", 2)
    picks = 0
    while state.phase == DRAFT:
        state.apply(state.legal_actions()[0])
        picks += 1
    assert picks == 2 * 5                              # the sixth of each came without asking
    assert all(len(p) == 6 for p in state.draft_picks)


# ---- a turn and drawing -------------------------------------------------------------------------

def test_TTR_4_one_action_then_the_next_player():
    state = ready("korea", 3)
    give(state, 0, ["red"] * 4)
    r = routes_where(state, colour="red", length=2)[0]
    claim(state, Claim(r.id, "red", 0, 2))
    assert state.to_move == 1 and state.phase == TURN
    state.apply(DrawTickets(0))
    state.apply(state.legal_actions()[0])
    assert state.to_move == 2


def test_TTR_5_drawing_takes_two_cards():
    state = ready("korea")
    stack(state, "red", "blue")
    state.apply(DrawCard(DECK))
    assert state.phase == DRAWING and state.to_move == 0
    state.apply(DrawCard(DECK))
    assert state.to_move == 1 and len(state.hands[0]) == 4 + 4 + 2 - 4   # the draft gives none
    assert state.hands[0].count("red") >= 1 and state.hands[0].count("blue") >= 1


def test_TTR_6_face_up_locomotive_is_the_whole_draw():
    state = ready("korea")
    show(state, [LOCO, "red", "blue", "green", "white"])
    stack(state, "black")
    state.apply(DrawCard(0))
    assert state.to_move == 1 and state.hands[0].count(LOCO) >= 1


def test_TTR_6_a_face_up_locomotive_is_never_the_second_card():
    state = ready("korea")
    show(state, ["red", LOCO, "blue", "green", "white"])
    stack(state, LOCO)                  # the refill turns up a second locomotive
    state.apply(DrawCard(0))
    assert state.face_up[0] == LOCO
    assert DrawCard(0) not in state.legal_actions() and DrawCard(1) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="locomotive"):
        state.apply(DrawCard(1))
    state.apply(DrawCard(2))
    assert state.to_move == 1


def test_TTR_6_a_blind_locomotive_counts_as_one_card():
    state = ready("korea")
    stack(state, LOCO, "red")
    state.apply(DrawCard(DECK))
    assert state.phase == DRAWING and state.to_move == 0


def test_TTR_7_a_face_up_card_taken_is_replaced_at_once():
    state = ready("korea")
    show(state, ["red", "blue", "green", "white", "black"])
    stack(state, "pink")
    state.apply(DrawCard(0))
    assert state.face_up[0] == "pink"


def test_TTR_8_an_empty_deck_is_reshuffled_from_the_discards():
    state = ready("korea")
    empty_deck(state)
    assert not state.deck and state.discard
    events = state.apply(DrawCard(DECK))
    assert "reshuffle" in [e.kind for e in events]
    assert len(state.deck) + len(state.discard) > 0


def test_TTR_8_no_blind_draw_when_deck_and_discards_are_empty():
    state = ready("korea")
    empty_deck(state)
    state.discard = []
    assert DrawCard(DECK) not in state.legal_actions()
    assert DrawCard(0) in state.legal_actions()


def test_TTR_23_empty_display_places_stay_then_fill_after_a_claim():
    state = ready("korea")
    no_cards_anywhere(state)             # then only these cards are in play:
    state.face_up = ["red", LOCO, LOCO, "", ""]
    state.apply(DrawCard(0))            # no card to replace it; only locomotives are left
    assert state.face_up == ["", LOCO, LOCO, "", ""]
    assert state.to_move == 1            # the draw ended with one card
    state.hands[1] = ["yellow"] * 2
    r = routes_where(state, colour="yellow", length=2)[0]
    claim(state, Claim(r.id, "yellow", 0, 2))
    assert sorted(c for c in state.face_up if c) == [LOCO, LOCO, "yellow", "yellow"]


# ---- claiming -----------------------------------------------------------------------------------

def test_TTR_9_a_claim_pays_the_colour_with_wild_locomotives_and_scores_at_once():
    assert ROUTE_POINTS == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21, 9: 27}
    state = ready("korea")
    r = routes_where(state, colour="blue", length=4)[0]
    give(state, 0, ["blue", "blue", LOCO, "red"])
    assert not any(isinstance(a, Claim) and a.route == r.id for a in state.legal_actions())
    give(state, 0, ["blue", "blue", "blue", LOCO, "red"])
    claim(state, Claim(r.id, "blue", 1, 4))
    assert state.hands[0] == ["red"]
    assert state.trains[0] == 45 - 4 and state.claims[r.id] == 0
    assert state.scores()[0] == 7
    assert state.discard[-4:].count(LOCO) == 1


def test_TTR_10_a_grey_route_takes_one_colour():
    state = ready("iberia")
    r = routes_where(state, colour="grey", length=2, locomotives=0)[0]
    give(state, 0, ["red", "blue", LOCO])
    legal = [a for a in state.legal_actions() if isinstance(a, Claim) and a.route == r.id]
    assert set(legal) == {Claim(r.id, "red", 1, 2), Claim(r.id, "blue", 1, 2)}
    give(state, 0, ["red", "blue"])
    with pytest.raises(IllegalAction):
        state.apply(Claim(r.id, "red", 0, 2))


def test_TTR_11_a_ferry_takes_a_locomotive_for_each_locomotive_space():
    state = ready("iberia")
    one = route(state, "barcelona", "palma")
    two = route(state, "valencia", "palma")
    assert (one.length, one.locomotives, two.length, two.locomotives) == (3, 1, 4, 2)
    give(state, 0, ["red", "red", "red", "red", LOCO])
    mine = {a for a in state.legal_actions() if isinstance(a, Claim)}
    assert Claim(one.id, "red", 1, 3) in mine and Claim(one.id, "red", 0, 3) not in mine
    assert not any(a.route == two.id for a in mine)
    give(state, 0, ["red", "red", LOCO, LOCO])
    assert Claim(two.id, "red", 2, 4) in state.legal_actions()


def test_TTR_12_enough_trains_needed_and_one_claim_a_turn():
    state = ready("korea")
    r = routes_where(state, colour="red", length=3)[0]
    far = routes_where(state, colour="blue", length=1)[0]
    give(state, 0, ["red"] * 3 + ["blue"])
    state.trains[0] = 2
    assert not any(isinstance(a, Claim) and a.route == r.id for a in state.legal_actions())
    state.trains[0] = 45
    claim(state, Claim(far.id, "blue", 0, 1))          # joins nothing of seat 0's: fine
    assert state.to_move == 1                           # and the turn is over


def test_TTR_13_no_player_owns_both_tracks_of_a_double_route():
    state = ready("korea", 4)
    a = route(state, "seoul", "chuncheon", "yellow")
    b = route(state, "seoul", "chuncheon", "blue")
    give(state, 0, ["yellow"] * 3 + ["blue"] * 3)
    claim(state, Claim(a.id, "yellow", 0, 3))
    for _ in range(3):                  # round to seat 0 again
        state.apply(DrawCard(DECK))
        state.apply(DrawCard(DECK))
    assert state.to_move == 0
    assert not any(isinstance(x, Claim) and x.route == b.id for x in state.legal_actions())
    with pytest.raises(IllegalAction, match="other track"):
        state.apply(Claim(b.id, "blue", 0, 3))


def test_TTR_14_both_tracks_with_four_players_one_with_three():
    for n, open_ in ((4, True), (5, True), (3, False), (2, False)):
        state = ready("korea", n)
        a = route(state, "seoul", "chuncheon", "yellow")
        b = route(state, "seoul", "chuncheon", "blue")
        own(state, 0, a)
        give(state, 1, ["blue"] * 3)
        state.to_move = 1
        assert (Claim(b.id, "blue", 0, 3) in state.legal_actions()) is open_, n


# ---- tickets ------------------------------------------------------------------------------------

def test_TTR_15_draw_three_keep_at_least_one_the_rest_to_the_bottom():
    state = ready("korea")
    top3 = state.ticket_deck[-3:]
    state.apply(DrawTickets(0))
    assert state.phase == KEEP and sorted(state.offered[0]) == sorted(top3)
    with pytest.raises(IllegalAction):
        state.apply(KeepTickets(()))
    keep = state.offered[0][0]
    before = list(state.tickets[0])
    state.apply(KeepTickets((keep,)))
    assert sorted(state.tickets[0]) == sorted(before + [keep])
    assert sorted(state.ticket_deck[:2]) == sorted(t for t in top3 if t != keep)


def test_TTR_15_fewer_than_three_left_and_none_left():
    state = ready("korea")
    state.ticket_deck = state.ticket_deck[-2:]
    state.apply(DrawTickets(0))
    assert len(state.offered[0]) == 2
    state.apply(KeepTickets(tuple(state.offered[0])))
    state.ticket_deck = []
    state.to_move = 0
    assert not any(isinstance(a, DrawTickets) for a in state.legal_actions())


def test_TTR_16_tickets_score_by_connection_of_ones_own_routes():
    state = ready("korea")
    t_done, t_missed = state.board.tickets[0], state.board.tickets[1]
    hold_tickets(state, 0, [t_done.index, t_missed.index])
    path = shortest_path(state, t_done.a, t_done.b)
    own(state, 0, *path)
    assert state.connected(0, t_done.a, t_done.b)
    assert state.ticket_points(0) == (t_done.points, t_missed.points) or \
        state.connected(0, t_missed.a, t_missed.b)
    # one track of the chain in another player's hands breaks it
    state2 = ready("korea")
    hold_tickets(state2, 0, [t_done.index])
    own(state2, 0, *path[1:])
    own(state2, 1, path[0])
    assert not state2.connected(0, t_done.a, t_done.b)
    end_by_passing(state2)
    assert state2.scores()[0] == sum(r.points for r in path[1:]) - t_done.points


def test_TTR_16_a_long_chain_of_routes_links_its_ends_in_any_order():
    """The longest ticket of each board, built from its shortest path claimed in every order:
    a chain of many routes links its two ends (an earlier union-find lost long chains)."""
    for name in ("iberia", "korea"):
        state = ready(name)
        ticket = max(state.board.tickets, key=lambda t: t.points)
        path = shortest_path(state, ticket.a, ticket.b)
        assert len(path) >= 5
        for order in (path, path[::-1], path[::2] + path[1::2]):
            twin = ready(name)
            hold_tickets(twin, 0, [ticket.index])
            own(twin, 0, *order)
            assert twin.connected(0, ticket.a, ticket.b)
            assert twin.ticket_points(0) == (ticket.points, 0)
            cities = {c for r in order for c in (r.a, r.b)}
            assert all(twin.connected(0, ticket.a, c) for c in cities)


# ---- the end ------------------------------------------------------------------------------------

def test_TTR_17_two_trains_left_everyone_including_that_player_plays_once_more():
    state = ready("korea", 3)
    state.to_move = 1
    state.trains[1] = 3
    r = routes_where(state, colour="red", length=1)[0]
    give(state, 1, ["red"])
    claim(state, Claim(r.id, "red", 0, 1))
    assert state.last_round_by == 1 and not state.is_over
    seats = []
    while not state.is_over:
        seats.append(state.to_move)
        state.apply(DrawCard(DECK))
        if not state.is_over and state.phase == DRAWING:
            state.apply(DrawCard(DECK))
    assert seats == [2, 0, 1]
    assert state.ended_by == "trains"


def test_TTR_18_ties_go_to_the_most_completed_tickets_then_are_shared():
    state = ready("korea", 3)
    ticket = state.board.tickets[0]
    path = shortest_path(state, ticket.a, ticket.b)
    hold_tickets(state, 0, [ticket.index])
    hold_tickets(state, 1, [])
    hold_tickets(state, 2, [])
    own(state, 0, *path)
    target = sum(r.points for r in path) + ticket.points
    used = {r.id for r in path} | {r.pair for r in path}
    for seat in (1, 2):
        left = target
        for r in sorted(state.board.routes, key=lambda r: -r.points):
            if r.id not in used and r.points <= left:
                own(state, seat, r)
                used |= {r.id, r.pair}
                left -= r.points
        assert left == 0
    end_by_passing(state)
    assert state.scores()[0] == state.scores()[1] == state.scores()[2] == target
    assert state.winners() == [0]
    assert state.ranking() == [1, 2, 2]                 # 1 and 2 share second place


def test_TTR_21_no_longest_route_bonus():
    state = ready("korea")
    own(state, 0, *shortest_path(state, "seoul", "busan"))
    hold_tickets(state, 0, [])
    hold_tickets(state, 1, [])
    end_by_passing(state)
    labels = [label for label, _ in state.score_breakdown()]
    assert not any("long" in label.lower() or "globe" in label.lower() for label in labels)
    assert state.scores()[0] == sum(r.points for r in shortest_path(state, "seoul", "busan"))


def test_TTR_26_the_track_counts_routes_only_while_the_game_runs():
    state = ready("korea")
    t = state.board.tickets[0]
    hold_tickets(state, 0, [t.index])
    assert state.scores() == [0, 0]


# ---- where the rulebook is silent --------------------------------------------------------------

def test_TTR_19_nothing_to_do_is_a_pass_and_a_round_of_passes_ends_the_game():
    state = ready("korea", 3)
    no_cards_anywhere(state)
    for seat in range(3):
        state.hands[seat] = []
    state.ticket_deck = []
    assert state.legal_actions() == [Pass()]
    state.apply(Pass())
    state.apply(Pass())
    assert not state.is_over
    state.apply(Pass())
    assert state.is_over and state.ended_by == "blocked"


def test_TTR_25_a_seat_sees_its_own_hand_tickets_and_packet_only_counts_of_others():
    state = fresh("korea", 3)
    view = state.view(1)
    for field in ("hands", "tickets", "draft_packs", "draft_picks", "offered"):
        assert view[field][0] is None and view[field][2] is None, field
        assert view[field][1] == getattr(state, field)[1]
        assert view[f"{field}_count"] == [len(x) for x in getattr(state, field)]
    assert "deck" not in view and "ticket_deck" not in view
    assert view["deck_count"] == len(state.deck)
    assert view["face_up"] == state.face_up
    # changing what seat 1 may not see leaves its view as it was
    other = state.clone()
    other.hands[0] = sorted(other.hands[0][::-1][:3] + ["pink"])
    other.draft_packs[2] = list(reversed(other.draft_packs[2]))
    other.deck = list(reversed(other.deck))
    assert other.view(1) == view
    # at the end everyone's tickets are shown
    play_draft(state)
    end_by_passing(state)
    assert len(state.view(1)["revealed"]) == 3
