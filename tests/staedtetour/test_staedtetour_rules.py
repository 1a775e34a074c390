"""Städtetour, clause by clause. Each test names the ids of seeds/staedtetour.md it checks;
positions are built with tests/staedtetour/builders.py."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from game.core.protocol import IllegalAction
from game.core.rng import Rng
from game.games.staedtetour import SPEC
from game.games.staedtetour.bot import belief, determinize, fork_likelihood
from game.games.staedtetour.rules import (DESTINATION_KEYS, DESTINATIONS, DRAW, DRIVE, OVER, PLACE, RETURN,
                                          ROUND, SINGLE, STARS, TICKET_COUNTS, TO_DESTINATION, DrawTicket,
                                          Drive, PlaceBus, StaedtetourState)

from tests.staedtetour.builders import (NET, arrange, deal, empty_draw_pile, far_cards, forks, fresh, give,
                                        lay_face_up, leave_in_bag, next_to_a_destination, place_bus,
                                        stack_bag, straight_run)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


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
    assert a.bag_counts == TICKET_COUNTS
    assert len(set(a.destinations)) == 4 and len(a.draw_pile) == 24
    assert sorted(a.destinations + a.draw_pile) == sorted(DESTINATION_KEYS)


def test_bus_starts_on_an_intermediate_stop_STT_5():
    for seed in range(20):
        state = SPEC.make(2, seed)
        assert NET.kinds[state.bus] != "destination" and state.behind in NET.neighbours[state.bus]
        [start] = state.take_events()
        assert start.kind == "start" and start.data == {"bus": state.bus, "behind": state.behind, "guide": 0}
    state = SPEC.make(2, 1, {"start": "choose"})
    assert kinds(state.take_events()) == ["choose_start"]
    assert state.phase == PLACE and state.current_player == 0
    legal = state.legal_actions()
    assert all(isinstance(a, PlaceBus) and NET.kinds[a.stop] != "destination" for a in legal)
    with pytest.raises(IllegalAction):
        state.apply(PlaceBus("paris", NET.neighbours["paris"][0]))
    [placed] = state.apply(legal[0])
    assert placed.kind == "place_bus" and placed.data == {"stop": legal[0].stop, "behind": legal[0].behind}
    assert state.phase == DRAW and state.bus == legal[0].stop


def test_first_guide_and_player_counts_STT_6_STT_7():
    assert fresh(3).current_player == 0
    for n in (2, 3, 4):
        fresh(n, 1)
    for n in (1, 5):
        with pytest.raises(ValueError):
            fresh(n, 1)


# ---- a turn ------------------------------------------------------------------------------------------

def test_single_ticket_moves_as_many_stops_as_tickets_STT_8_STT_9_STT_18():
    bus, behind, path = straight_run(3)
    state = arrange(fresh(2), bus, behind, [SINGLE], far_cards(2, path))
    lay_face_up(state, [SINGLE, RETURN])   # two tickets already lie face up
    events = state.apply(DrawTicket())
    assert state.row == [SINGLE, RETURN, SINGLE] and state.bag_counts[SINGLE] == 26
    assert state.bus == path[2] and state.route == [bus] + path
    assert state.current_player == 1 and state.phase == DRAW     # next guide; tickets stay
    assert kinds(events) == ["draw", "drive"]
    assert events[0].data == {"ticket": SINGLE, "face_up": 3, "star": False}
    assert events[1].data["path"] == [bus] + path and "3 stops" in events[0].text


def test_return_ticket_turns_round_first_STT_10_STT_22():
    bus, behind, path = straight_run(2)
    state = arrange(fresh(2), path[1], path[0], [RETURN], far_cards(2, [bus, behind] + path))
    state.apply(DrawTicket())
    # one ticket face up: the bus turns round and drives one stop, back the way it came
    assert state.route == [path[1], path[0]]
    assert state.bus == path[0] and state.behind == path[1]
    assert state.current_player == 1 and state.phase == DRAW


def test_round_trip_star_and_drive_to_own_destination_STT_11_STT_14_STT_26():
    state = fresh(2, 4)
    dest = state.destinations[0]
    start = next(k for k in NET.intermediate_stops() if NET.distances(dest)[k] >= 3)
    other = next(d for d in DESTINATION_KEYS if NET.distances(start)[d] > NET.distances(start)[dest] + 2)
    arrange(state, start, NET.neighbours[start][0], [ROUND], [dest, other])
    lay_face_up(state, [SINGLE])
    state.apply(DrawTicket())
    assert state.stars_left == STARS - 1
    while state.phase == DRIVE:
        assert state.mode == TO_DESTINATION and state.steps_left is None   # no count: until there
        options = state.legal_actions()
        dist = NET.distances(dest)
        assert all(dist[a.to] == dist[state.bus] - 1 for a in options)   # only shortest ways
        state.apply(options[-1])
    assert state.claims[-1][:2] == [0, dest]
    assert state.tickets[0] == 2 and state.stars[0] == 1 and state.row == []


def test_forks_are_chosen_by_the_guide_STT_12():
    fork = forks()[0]
    behind = NET.neighbours[fork][0]
    state = arrange(fresh(2, 3), fork, behind, [SINGLE], far_cards(2, list(NET.neighbours[fork]) + [fork]))
    state.apply(DrawTicket())
    assert state.phase == DRIVE and state.current_player == 0
    assert sorted(a.to for a in state.legal_actions()) == sorted(w for w in NET.neighbours[fork] if w != behind)
    assert state.view(0)["next_stops"] == [a.to for a in state.legal_actions()]
    assert state.view(1)["next_stops"] == []
    with pytest.raises(IllegalAction, match="cannot go that way"):
        state.apply(Drive(behind))
    assert not state.is_legal(Drive(behind)) and not state.is_legal(DrawTicket())
    chosen = state.legal_actions()[0]
    events = state.apply(chosen)
    assert kinds(events) == ["fork", "drive"] and events[0].data == {"at": fork, "to": chosen.to}
    assert events[1].data == {"path": [fork, chosen.to], "chosen": chosen.to, "stops_before": 0}
    assert state.phase == DRAW and state.current_player == 1


def test_the_bus_stops_at_anyones_destination_STT_13_STT_14_STT_15():
    start, behind, target = next_to_a_destination()
    state = arrange(fresh(3, 2), start, behind, [SINGLE],
                    [far_cards(1, [target])[0], target, far_cards(3, [target])[2]])
    lay_face_up(state, [SINGLE, SINGLE, ROUND], star=True)
    pile = len(state.draw_pile)
    events = state.apply(DrawTicket())   # four stops to drive, but it stops after one
    assert state.bus == target and state.route == [start, target]
    assert state.tickets[1] == 4 and state.stars[1] == 1 and state.row == []
    assert state.discard == [target] and state.destinations[1] != target
    assert len(state.draw_pile) == pile - 1
    assert state.current_player == 1
    assert kinds(events) == ["draw", "drive", "claim", "new_destination"]
    claim = events[2]
    assert claim.seat == 1 and claim.data == {"stop": target, "tickets": 4, "star": True, "guide": 0}


def test_a_new_card_is_told_to_its_holder_only_STT_15():
    start, behind, target = next_to_a_destination()
    state = arrange(fresh(3, 2), start, behind, [SINGLE], far_cards(1, [target]) + [target])
    events = state.apply(DrawTicket())
    new = next(e for e in events if e.kind == "new_destination")
    card = state.destinations[1]
    assert new.seat == 1 and new.private_for == 1 and new.private == {"destination": card}
    assert DESTINATIONS[card].country in new.text_for(1)
    for viewer in (None, 0, 2):
        assert new.for_viewer(viewer).private == {} and DESTINATIONS[card].country not in new.text_for(viewer)
    assert card not in json.dumps(dict(new.data)) and card not in new.text


def test_empty_draw_pile_reshuffles_the_discards_STT_16():
    start, behind, target = next_to_a_destination()
    state = arrange(fresh(2, 5), start, behind, [SINGLE], [target, far_cards(1, [target])[0]])
    empty_draw_pile(state)
    events = state.apply(DrawTicket())
    assert "reshuffle" in kinds(events)
    assert state.draw_pile and state.discard == []
    assert sorted(state.draw_pile + state.destinations) == sorted(DESTINATION_KEYS)


def _ended(piles: list[tuple[int, int]], star_value: int) -> StaedtetourState:
    """A two-player game that seat 0 just ended by taking the fifth star: a round trip drawn
    at its own destination (one ticket and the star). `piles` are the piles before that."""
    state = fresh(2, 6, star_value=star_value)
    for seat, (tickets, stars) in enumerate(piles):
        give(state, seat, tickets, stars)
    assert state.stars_left == 1
    dest = state.destinations[0]
    arrange(state, dest, NET.neighbours[dest][0], [ROUND])
    events = state.apply(DrawTicket())
    assert kinds(events)[-1] == "game_over" and events[-1].data["ended_by"] == "stars"
    return state


def test_fifth_star_ends_the_game_STT_17_STT_20_STT_21():
    state = _ended([(5, 2), (9, 2)], star_value=2)
    assert state.is_over and state.phase == OVER and state.legal_actions() == []
    assert state.tickets == [6, 9] and state.stars == [3, 2]
    assert state.scores() == [6 + 3 * 2, 9 + 2 * 2] and state.winners() == [1]
    assert state.score_breakdown() == [("Tickets", [6, 9]), ("Stars (2 tickets each)", [6, 4])]
    assert _ended([(7, 2), (9, 2)], 2).scores() == [14, 13]
    assert _ended([(7, 2), (9, 2)], 2).winners() == [0]
    assert _ended([(3, 2), (7, 2)], 2).scores() == [10, 11]
    tie = _ended([(4, 2), (7, 2)], 2)
    assert tie.scores() == [11, 11] and tie.winners() == [0, 1] and tie.ranking() == [1, 1]
    assert _ended([(4, 2), (7, 2)], 5).winners() == [0]   # 5 + 15 against 7 + 10


def test_empty_bag_ends_the_game_STT_19():
    bus, behind, path = straight_run(1)
    state = arrange(fresh(2, 7), bus, behind, [], far_cards(2, path + [bus]))
    leave_in_bag(state, [SINGLE])
    events = state.apply(DrawTicket())
    assert state.is_over and state.ended_by == "bag"
    assert events[-1].kind == "game_over" and "the bag is empty" in events[-1].text


def test_own_destination_mid_move_STT_23():
    start, back, target = next_to_a_destination()
    state = arrange(fresh(2, 8), start, back, [SINGLE], [target, far_cards(1, [target])[0]])
    lay_face_up(state, [SINGLE, SINGLE])
    state.apply(DrawTicket())
    assert state.claims[-1][:3] == [0, target, 3]


def test_leaving_a_destination_does_not_stop_STT_24():
    dest = "paris"
    state = arrange(fresh(2, 9), dest, NET.neighbours[dest][0], [SINGLE], [far_cards(1, [dest])[0], dest])
    state.apply(DrawTicket())
    if state.phase == DRIVE:   # a fork right at the start
        state.apply(state.legal_actions()[0])
    assert state.bus != dest and not state.claims


def test_round_trip_at_own_destination_claims_at_once_STT_25():
    state = fresh(2, 10)
    dest = state.destinations[0]
    arrange(state, dest, NET.neighbours[dest][0], [ROUND])
    events = state.apply(DrawTicket())
    assert state.claims == [[0, dest, 1, True]] and state.bus == dest
    assert kinds(events) == ["draw", "claim", "new_destination"]


# ---- what each seat sees (STT-27) ------------------------------------------------------------------

def test_the_view_hides_the_cards_the_bag_order_the_generator_and_the_seed_STT_27():
    state = fresh(3, 11)
    view = state.view(1)
    assert view["destinations"] == [None, state.destinations[1], None]
    assert state.view(None)["destinations"] == [None, None, None]
    assert view["bag_count"] == 47 and view["bag_counts"] == dict(Counter(state.bag))
    assert view["draw_pile_count"] == 25 and view["discard"] == []
    for key in ("bag", "draw_pile", "rng", "seed", "hands", "log"):
        assert key not in view
    text = json.dumps(view)
    for seat in (0, 2):
        assert f'"{state.destinations[seat]}"' not in text
    # nothing the seat may not see changes its view
    other = state.clone()
    other.bag.reverse()
    other.draw_pile.reverse()
    other.destinations[0], other.draw_pile[0] = other.draw_pile[0], other.destinations[0]
    other.rng.next_u32()
    other.seed = 12345
    assert other.view(1) == view
    assert other.view(0) != state.view(0)


def _round_trip_fork() -> tuple[str, str, str, str]:
    """A stop where two destinations' round trips each have two shortest ways on, but not the
    same ones, and a road on both: (stop, one destination, another, the shared road)."""
    for stop in sorted(NET.neighbours):
        ways: dict[str, frozenset[str]] = {}
        for dest in DESTINATION_KEYS:
            dist = NET.distances(dest)
            shortest = frozenset(w for w in NET.neighbours[stop] if dist[w] == dist[stop] - 1)
            if dest != stop and len(shortest) >= 2:
                ways[dest] = shortest
        for a in sorted(ways):
            for b in sorted(ways):
                if ways[a] != ways[b] and ways[a] & ways[b]:
                    return stop, a, b, sorted(ways[a] & ways[b])[0]
    raise AssertionError("no such fork on this map")


def test_a_round_trip_fork_records_only_the_road_taken_STT_26_STT_27():
    stop, one, another, road = _round_trip_fork()
    seen = []
    for dest in (one, another):
        state = fresh(2, 15)
        away = far_cards(1, [one, another, stop] + list(NET.neighbours[stop]))[0]
        arrange(state, stop, NET.neighbours[stop][0], [ROUND], [dest, away])
        state.apply(DrawTicket())
        assert state.phase == DRIVE and len(state.legal_actions()) >= 2
        before = state.view(1)
        state.apply(Drive(road))
        seen.append((before, state.view(1)["forks"]))
    # the other player cannot tell the two cards apart, before the choice or in its record
    assert seen[0][0] == seen[1][0]
    assert seen[0][1] == seen[1][1] == [{"seat": 0, "at": stop, "behind": NET.neighbours[stop][0], "to": road,
                                         "mode": TO_DESTINATION, "steps_left": None}]


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
        assert view["destinations"][0] not in probs
        assert state.destinations[seat] in probs   # the truth is never ruled out


def test_determinize_agrees_with_the_view():
    state = fresh(4, 13)
    rng = Rng(2)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.current_player
        view = state.view(seat)
        sample = determinize(json.loads(json.dumps(view)), rng)
        assert sample.view(seat) == view
        assert len(set(sample.destinations)) == 4 and sample.destinations[seat] == state.destinations[seat]
        assert sorted(sample.destinations + sample.draw_pile + sample.discard) == sorted(DESTINATION_KEYS)
        assert Counter(sample.bag) == Counter(state.bag)
        assert sample.legal_actions() == state.legal_actions()
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def test_a_fork_choice_makes_the_destinations_that_way_likelier():
    fork = next(k for k, ways in NET.neighbours.items() if len(ways) == 3)
    behind, a, b = NET.neighbours[fork]
    da, db = NET.distances(a), NET.distances(b)
    toward_a = min((d for d in DESTINATION_KEYS if da[d] < db[d]), key=lambda d: da[d])
    toward_b = min((d for d in DESTINATION_KEYS if db[d] < da[d]), key=lambda d: db[d])
    state = fresh(2, 14)
    deal(state, [d for d in DESTINATION_KEYS if d not in (toward_a, toward_b)][:2])
    view = state.view(0)
    before = belief(view, 1)
    view["forks"] = [{"seat": 1, "at": fork, "behind": behind, "to": a, "mode": "forward", "steps_left": 3}]
    after = belief(view, 1)
    assert after[toward_a] / after[toward_b] > before[toward_a] / before[toward_b]


def test_a_round_trip_record_tells_the_bots_only_what_the_road_taken_does():
    stop, one, another, road = _round_trip_fork()
    fork = {"seat": 1, "at": stop, "behind": NET.neighbours[stop][0], "to": road, "mode": TO_DESTINATION,
            "steps_left": None}
    # both cards send a round trip along the road taken: the record cannot prefer one
    assert fork_likelihood(fork, one) == fork_likelihood(fork, another) == 1.0
    elsewhere = next(d for d in DESTINATION_KEYS if NET.distances(d)[road] != NET.distances(d)[stop] - 1)
    assert fork_likelihood(fork, elsewhere) < 0.1
    state = fresh(2, 16)
    place_bus(state, stop, NET.neighbours[stop][0])
    view = state.view(0)
    view["forks"] = [fork]
    probs = belief(view, 1)
    if one in probs and another in probs:
        assert probs[one] == pytest.approx(probs[another])


def test_stack_bag_and_lay_face_up_keep_the_bag_counts_whole():
    state = fresh(2, 17)
    stack_bag(state, [ROUND, RETURN])
    lay_face_up(state, [RETURN])
    assert state.bag[-2:] == [RETURN, ROUND] and state.bag_counts == dict(Counter(state.bag))
    assert state.view(0)["bag_counts"] == dict(Counter(state.bag))
