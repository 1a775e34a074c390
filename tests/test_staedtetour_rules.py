"""Städtetour, clause by clause. Each test names the ids of seeds/staedtetour.md it checks."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from game.core.protocol import IllegalAction
from game.core.rng import Rng
from game.games.staedtetour import SPEC
from game.games.staedtetour.bot import belief, determinize
from game.games.staedtetour.rules import (DESTINATION_KEYS, DESTINATIONS, DRAW, DRIVE, OVER, PLACE,
                                          RETURN, ROUND, SINGLE, STARS, TICKET_COUNTS, DrawTicket, Drive,
                                          PlaceBus, StaedtetourState, network)

NET = network()


def fresh(n: int = 3, seed: int = 1, **options) -> StaedtetourState:
    return SPEC.make(n, seed, options)


def forks() -> list[str]:
    return [k for k, ways in NET.neighbours.items() if len(ways) == 3]


def straight_run(length: int, avoid_destinations: bool = True) -> tuple[str, str, list[str]]:
    """A place and facing from which the bus drives `length` stops with no fork and (if asked)
    no destination on the way: (bus, behind, the stops it reaches)."""
    for start, ways in sorted(NET.neighbours.items()):
        for behind in ways:
            here, back, path = start, behind, []
            ok = True
            for _ in range(length):
                ahead = [w for w in NET.neighbours[here] if w != back]
                if len(ahead) != 1:
                    ok = False
                    break
                back, here = here, ahead[0]
                path.append(here)
                if avoid_destinations and here in DESTINATIONS:
                    ok = False
                    break
            if ok:
                return start, behind, path
    raise AssertionError(f"no straight run of {length} stops on this map")


def arrange(state: StaedtetourState, bus: str, behind: str, top: list[str], hands: list[str] | None = None):
    """Put the bus somewhere, the given tickets on top of the bag (first drawn first) and,
    optionally, the players' cards."""
    state.bus, state.behind = bus, behind
    for kind in top:
        state.bag.remove(kind)
    state.bag.extend(reversed(top))
    if hands is not None:
        for seat, card in enumerate(hands):
            if card in state.draw_pile:
                state.draw_pile.remove(card)
                state.draw_pile.append(state.hands[seat])
            state.hands[seat] = card


def far_cards(n: int, away_from: list[str]) -> list[str]:
    """Destination cards that are not on the given stops."""
    return [d for d in DESTINATION_KEYS if d not in away_from][:n]


# ---- components and set-up ---------------------------------------------------------------------

def test_board_and_network_STT_1_STT_28():
    assert len(NET.kinds) == 48
    assert sorted(k for k, kind in NET.kinds.items() if kind == "destination") == sorted(DESTINATIONS)
    assert all(len(ways) in (2, 3) for ways in NET.neighbours.values())
    assert 6 <= len(forks()) <= 10
    assert all(len(NET.distances(k)) == 48 for k in ("paris", "nicosia", "dublin"))


def test_tickets_cards_stars_STT_2_STT_29():
    assert TICKET_COUNTS == {SINGLE: 28, RETURN: 14, ROUND: 5} and STARS == 5
    assert len(DESTINATIONS) == 28
    notes = [d.note for d in DESTINATIONS.values()]
    assert all(len(n) > 40 for n in notes) and len(set(notes)) == 28


def test_setup_bag_and_cards_STT_3_STT_4():
    a, b = fresh(4, 1), fresh(4, 2)
    assert Counter(a.bag) == Counter(TICKET_COUNTS) and a.bag != b.bag
    assert len(set(a.hands)) == 4 and len(a.draw_pile) == 24
    assert sorted(a.hands + a.draw_pile) == sorted(DESTINATION_KEYS)


def test_bus_starts_on_an_intermediate_stop_STT_5():
    for seed in range(20):
        state = fresh(2, seed)
        assert NET.kinds[state.bus] != "destination" and state.behind in NET.neighbours[state.bus]
    state = fresh(2, 1, start="choose")
    assert state.phase == PLACE and state.current_player == 0
    legal = state.legal_actions()
    assert all(isinstance(a, PlaceBus) and NET.kinds[a.stop] != "destination" for a in legal)
    with pytest.raises(IllegalAction):
        state.apply(PlaceBus("paris", NET.neighbours["paris"][0]))
    state.apply(legal[0])
    assert state.phase == DRAW and state.bus == legal[0].stop


def test_first_guide_and_player_counts_STT_6_STT_7():
    assert fresh(3).current_player == 0
    for n in (2, 3, 4):
        SPEC.make(n, 1)
    for n in (1, 5):
        with pytest.raises(ValueError):
            SPEC.make(n, 1)


# ---- a turn ------------------------------------------------------------------------------------------

def test_single_ticket_moves_as_many_stops_as_tickets_STT_8_STT_9_STT_18():
    bus, behind, path = straight_run(3)
    state = fresh(2)
    arrange(state, bus, behind, [SINGLE], far_cards(2, path))
    state.row = [SINGLE, RETURN]   # two tickets already lie face up
    state.apply(DrawTicket())
    assert state.row == [SINGLE, RETURN, SINGLE]
    assert state.bus == path[2] and state.route == [bus] + path
    assert state.current_player == 1 and state.phase == DRAW     # next guide; tickets stay


def test_return_ticket_turns_round_first_STT_10_STT_22():
    bus, behind, path = straight_run(2)
    # drive back: the first stop is the one behind the bus
    state = fresh(2)
    arrange(state, path[1], path[0], [RETURN], far_cards(2, [bus, behind] + path))
    state.apply(DrawTicket())
    assert state.route[:2] == [path[1], path[0]]
    ahead = [w for w in NET.neighbours[path[0]] if w != path[1]]
    assert state.phase == DRIVE or state.bus != path[1]
    del ahead


def test_round_trip_star_and_drive_to_own_destination_STT_11_STT_14_STT_26():
    state = fresh(2, 4)
    dest = state.hands[0]
    start = next(k for k in NET.intermediate_stops() if NET.distances(dest)[k] >= 3)
    arrange(state, start, NET.neighbours[start][0], [ROUND])
    other = next(d for d in DESTINATION_KEYS if NET.distances(start).get(d, 0) > NET.distances(start)[dest] + 2
                 and d != dest)
    arrange(state, start, NET.neighbours[start][0], [], [dest, other])
    state.row = [SINGLE]
    state.apply(DrawTicket())
    assert state.stars_left == STARS - 1
    while state.phase == DRIVE:
        options = state.legal_actions()
        dist = NET.distances(dest)
        assert all(dist[a.to] == dist[state.bus] - 1 for a in options)   # only shortest ways
        state.apply(options[-1])
    assert state.claims[-1][:2] == [0, dest]
    assert state.tickets[0] == 2 and state.stars[0] == 1 and state.row == []


def test_forks_are_chosen_by_the_guide_STT_12():
    fork = forks()[0]
    behind = NET.neighbours[fork][0]
    state = fresh(2, 3)
    arrange(state, fork, behind, [SINGLE], far_cards(2, list(NET.neighbours[fork]) + [fork]))
    state.apply(DrawTicket())
    assert state.phase == DRIVE and state.current_player == 0
    assert sorted(a.to for a in state.legal_actions()) == sorted(w for w in NET.neighbours[fork] if w != behind)
    with pytest.raises(IllegalAction, match="cannot go that way"):
        state.apply(Drive(behind))
    state.apply(state.legal_actions()[0])
    assert state.phase == DRAW and state.current_player == 1


def test_the_bus_stops_at_anyones_destination_STT_13_STT_14_STT_15():
    for start, ways in sorted(NET.neighbours.items()):
        for behind in ways:
            ahead = [w for w in NET.neighbours[start] if w != behind]
            if len(ahead) == 1 and ahead[0] in DESTINATIONS and start not in DESTINATIONS:
                target = ahead[0]
                state = fresh(3, 2)
                arrange(state, start, behind, [SINGLE], [far_cards(1, [target])[0], target,
                                                          far_cards(3, [target])[2]])
                state.row = [SINGLE, SINGLE, ROUND]
                state.star_on_row = True
                pile = len(state.draw_pile)
                state.apply(DrawTicket())   # four stops to drive, but it stops after one
                assert state.bus == target and state.route == [start, target]
                assert state.tickets[1] == 4 and state.stars[1] == 1 and state.row == []
                assert state.discard == [target] and state.hands[1] != target
                assert len(state.draw_pile) == pile - 1
                assert state.current_player == 1
                return
    pytest.fail("no stop next to a destination")


def test_empty_draw_pile_reshuffles_the_discards_STT_16():
    state = fresh(2, 5)
    state.discard = list(state.draw_pile)
    state.draw_pile = []
    state.bus = state.hands[0]
    state.behind = NET.neighbours[state.bus][0]
    state._claim(0)
    assert state.draw_pile and len(state.draw_pile) + len(state.discard) + 2 == 28


def test_fifth_star_ends_the_game_STT_17_STT_20_STT_21():
    state = fresh(2, 6, star_value=2)
    state.stars = [2, 2]
    state.tickets = [5, 9]
    state.row = [ROUND]
    state.star_on_row = True
    state.bus = state.hands[0]
    state._claim(0)
    assert state.is_over and state.phase == OVER and state.legal_actions() == []
    assert state.scores() == [6 + 3 * 2, 9 + 2 * 2] and state.winners() == [1]
    state.tickets = [8, 9]
    assert state.scores() == [14, 13] and state.winners() == [0]
    state.tickets = [4, 7]
    assert state.scores() == [10, 11] and state.winners() == [1]
    state.tickets = [5, 7]
    assert state.winners() == [0, 1]


def test_empty_bag_ends_the_game_STT_19():
    state = fresh(2, 7)
    state.bag = [SINGLE]
    bus, behind, path = straight_run(1)
    arrange(state, bus, behind, [], far_cards(2, path + [bus]))
    state.row = []
    state.apply(DrawTicket())
    assert state.is_over and state.ended_by == "bag"


def test_own_destination_mid_move_STT_23():
    bus, behind, path = straight_run(1, avoid_destinations=False)
    for start, ways in sorted(NET.neighbours.items()):
        for back in ways:
            ahead = [w for w in NET.neighbours[start] if w != back]
            if len(ahead) == 1 and ahead[0] in DESTINATIONS and start not in DESTINATIONS:
                state = fresh(2, 8)
                arrange(state, start, back, [SINGLE], [ahead[0], far_cards(1, [ahead[0]])[0]])
                state.row = [SINGLE, SINGLE]
                state.apply(DrawTicket())
                assert state.claims[-1][:3] == [0, ahead[0], 3]
                return


def test_leaving_a_destination_does_not_stop_STT_24():
    dest = "paris"
    state = fresh(2, 9)
    arrange(state, dest, NET.neighbours[dest][0], [SINGLE], [far_cards(1, [dest])[0], dest])
    state.apply(DrawTicket())
    if state.phase == DRIVE:   # a fork right at the start
        state.apply(state.legal_actions()[0])
    assert state.bus != dest and not state.claims


def test_round_trip_at_own_destination_claims_at_once_STT_25():
    state = fresh(2, 10)
    dest = state.hands[0]
    arrange(state, dest, NET.neighbours[dest][0], [ROUND])
    state.apply(DrawTicket())
    assert state.claims == [[0, dest, 1, True]] and state.bus == dest


def test_what_each_seat_sees_STT_27():
    state = fresh(3, 11)
    view = state.view(1)
    assert view["destination"] == state.hands[1]
    text = json.dumps(view)
    for seat in (0, 2):
        assert state.hands[seat] not in text or state.hands[seat] in view["discard"]
    for key in ('"bag"', '"draw_pile"', '"hands"', '"rng"'):
        assert key not in text
    assert view["bag_counts"] == dict(Counter(state.bag))
    assert state.view(None)["destination"] is None
    other = state.clone()
    other.bag.reverse()
    other.draw_pile.reverse()
    other.hands[0], other.draw_pile[0] = other.draw_pile[0], other.hands[0]
    assert other.view(1) == state.view(1)


# ---- bots' inference ---------------------------------------------------------------------------------

def test_belief_rules_out_what_the_bus_passed_and_the_discards():
    state = fresh(3, 12)
    rng = Rng(1)
    for _ in range(40):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    view = state.view(0)
    for seat in (1, 2):
        probs = belief(view, seat)
        assert abs(sum(probs.values()) - 1) < 1e-9
        assert not set(probs) & set(view["discard"])
        assert not set(probs) & set(view["passed"][seat])
        assert view["destination"] not in probs
        assert state.hands[seat] in probs   # the truth is never ruled out


def test_determinize_agrees_with_the_view():
    state = fresh(4, 13)
    rng = Rng(2)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.current_player
        view = state.view(seat)
        sample = determinize(view, rng)
        sample.logging = True
        for key in ("phase", "bus", "behind", "row", "tickets", "stars", "discard", "bag_count", "bag_counts",
                    "draw_pile_count", "destination", "next_stops"):
            assert sample.view(seat)[key] == view[key], key
        assert len(set(sample.hands)) == 4
        assert sample.legal_actions() == state.legal_actions()
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def test_a_fork_choice_makes_the_destinations_that_way_likelier():
    fork = next(k for k, ways in NET.neighbours.items() if len(ways) == 3)
    behind, a, b = NET.neighbours[fork][0], NET.neighbours[fork][1], NET.neighbours[fork][2]
    da, db = NET.distances(a), NET.distances(b)
    toward_a = min((d for d in DESTINATION_KEYS if da[d] < db[d]), key=lambda d: da[d])
    toward_b = min((d for d in DESTINATION_KEYS if db[d] < da[d]), key=lambda d: db[d])
    state = fresh(2, 14)
    state.hands = [d for d in DESTINATION_KEYS if d not in (toward_a, toward_b)][:2]
    view = state.view(0)
    before = belief(view, 1)
    view["forks"] = [[1, fork, behind, [a, b], a, "forward", 3]]
    after = belief(view, 1)
    assert after[toward_a] / after[toward_b] > before[toward_a] / before[toward_b]
