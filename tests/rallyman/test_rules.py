"""Rallyman GT's rules engine: each test names the clauses of seeds/rallyman.md it checks, at
positions built by tests/rallyman/builders.py (Hairpin Oval unless a test says otherwise)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game import assets
from game.core import testing
from game.core.protocol import CHANCE
from game.core.rng import Rng
from game.games.rallyman import SPEC
from game.games.rallyman import dice as D
from game.games.rallyman.actions import (
    BackOnTrack,
    ChooseTyres,
    Draw,
    Faces,
    GoFlatOut,
    GoOneByOne,
    NextRace,
    PitStop,
    Placement,
    PlanDie,
    RollStep,
    Secure,
    StopTurn,
    TakeBack,
    Wait,
)
from game.games.rallyman.circuits import CIRCUITS, circuit_track
from game.games.rallyman.odds import move_risk, roll_outcomes
from game.games.rallyman.phases import PIT, PLACEMENT, PLAN, SPUN, STANDINGS, TOKENS
from game.games.rallyman.planning import beside
from game.games.rallyman.rules import RallymanState
from game.games.rallyman.turns import PIT_SERVICES
from game.games.rallyman.words import ordinal
from tests.rallyman.builders import (
    PLAYABLE,
    ahead,
    before,
    drive,
    find_space,
    fresh,
    kinds,
    park_others,
    plan,
    put,
    roll,
    turn_of,
)

TESTS = Path(__file__).resolve().parents[1]
CLAUSE = re.compile(r"\*\*([A-Z]+)-(\d+)\*\*")


def solo_at(space: int, marker: int | str = 0, **fields) -> RallymanState:
    state = fresh(1)
    put(state, 0, space, marker, **fields)
    return turn_of(state, 0)


def new_round(state: RallymanState) -> None:
    """The start of a round, as the end of the last turn of a round brings it."""
    state.round_no = 0
    state._new_round()
    state.take_events()


# ---- setup --------------------------------------------------------------------------------


def test_rmg_1_seats_and_options() -> None:
    """RMG-1: seats and options."""
    assert (SPEC.min_players, SPEC.max_players) == (1, 6)
    assert SPEC.available and SPEC.scene == "game.games.rallyman.scene:RallymanScene"
    assert {o.key for o in SPEC.options} == {"circuit", "laps", "weather", "tyres", "flying_start", "championship"}
    state = fresh(2, circuit="old-town")
    assert state.laps == circuit_track("old-town").laps_default
    assert fresh(2, laps=4).laps == 4
    rainy = fresh(3, weather="rain")
    assert rainy.weather == "rain" and {c["tyres"] for c in rainy.cars} == {"rain"}
    assert {c["tyres"] for c in fresh(3, weather="rain", tyres="dry").cars} == {"dry"}


def test_rmg_2_rmg_3_random_grid_all_on_zero() -> None:
    """RMG-2, RMG-3: random grid all on zero."""
    orders = set()
    for seed in range(8):
        state = fresh(6, seed)
        grid = state.track.grid
        spaces = [c["space"] for c in state.cars]
        assert sorted(spaces) == sorted(grid)
        assert all(c["marker"] == 0 and c["laps_done"] == -1 for c in state.cars)
        orders.add(tuple(grid.index(s) for s in spaces))
    assert len(orders) > 1, "the grid order is drawn at random"


def test_rmg_4_rounds_alternate_and_every_car_plays_once() -> None:
    """RMG-4: white and black rounds alternate; every car takes one turn a round."""
    state = fresh(3, 4, laps=1)
    rng = Rng(3)
    rounds: list[tuple[str, tuple[int, ...]]] = []
    turns: dict[int, list[int]] = {}
    while state.round_no < 6 and not state.is_over:
        legal = state.legal_actions()
        for e in state.apply(legal[rng.below(len(legal))]) + state.settle_chance():
            if e.kind == "round":
                rounds.append((e.data["colour"], tuple(e.data["order"])))
            if e.kind == "turn":
                turns.setdefault(state.round_no, []).append(e.seat)
    assert [c for c, _ in rounds][:4] == ["black", "white", "black", "white"]
    for _colour, order in rounds:
        assert sorted(order) == [0, 1, 2]
    for round_no, seats in turns.items():
        if 1 < round_no < state.round_no:  # round 1 began at setup
            assert sorted(seats) == [0, 1, 2], f"round {round_no}"


def test_rmg_5_order_by_speed_then_distance_then_inside_lane() -> None:
    """RMG-5: order by speed then distance then inside lane."""
    state = fresh(3)
    # speed first, wherever the car is: seat 2 in gear 3 behind the others plays first
    put(state, 0, 15, 2)
    put(state, 1, 13, 2)
    put(state, 2, 12, 3)
    new_round(state)
    assert state.order[0] == 2 and state.order_reasons[0] == "speed"
    # 00 counts as 0: the car on 00 far ahead plays after a car in gear 1
    put(state, 2, 17, D.SPUN)
    put(state, 0, 12, 1)
    put(state, 1, 13, 0)
    new_round(state)
    assert state.order.index(0) < state.order.index(2)
    # equal speed: the car further along first
    put(state, 0, 12, 2)
    put(state, 1, 13, 2)
    put(state, 2, 14, 1)
    new_round(state)
    assert state.order[:2] == [1, 0] and state.order_reasons[0] == "distance"
    # equal speed and distance: the inside lane of the next corner (a right-hander: lane 2)
    put(state, 0, 12, 2)
    put(state, 1, 16, 2)
    put(state, 2, 14, 2)
    new_round(state)
    assert state.order == [1, 2, 0] and state.order_reasons[:2] == ["inside", "inside"]
    assert state.view(0)["order_reasons"] == state.order_reasons


# ---- dice and planning ----------------------------------------------------------------------


def test_rmg_6_dice_faces_and_roll_chances() -> None:
    """RMG-6: dice faces and roll chances."""
    outcomes = dict(roll_outcomes([3]))
    assert outcomes[Faces((3,))] == pytest.approx(1 / 3)
    outcomes = dict(roll_outcomes([1, D.COAST, D.COAST]))
    assert outcomes[Faces(())] == pytest.approx((5 / 6) ** 3)
    assert outcomes[Faces((D.COAST,))] == pytest.approx(2 * (1 / 6) * (5 / 6) ** 2)
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert len(roll_outcomes([D.BRAKE, D.BRAKE, 2])) == 3 * 2


def test_rmg_7_plan_die_by_die_along_next_spaces() -> None:
    """RMG-7: plan die by die along next spaces."""
    state = solo_at(12, 0)
    legal = state.legal_actions()
    assert {a.die for a in legal} == {1}, "from 0 only gear 1"
    assert {a.to for a in legal} == set(state.track.spaces[12].next)
    assert Wait() not in legal and GoFlatOut() not in legal
    plan(state, (1, 13))
    legal = state.legal_actions()
    assert {a.die for a in legal if isinstance(a, PlanDie)} == {2, D.COAST}
    assert {TakeBack(), GoFlatOut(), GoOneByOne()} <= set(legal)
    # from gear 4: up one, the same, down one, or further down with a brake die per extra gear
    state = solo_at(12, 4)
    assert {a.die for a in state.legal_actions()} == {5, 4, 3, 2, 1}
    plan(state, (1, 13))
    assert state.plan == [D.BRAKE, D.BRAKE, 1]
    assert {a.die for a in state.legal_actions() if isinstance(a, PlanDie)} == {2, D.COAST}
    state.apply(TakeBack())
    assert state.plan == [] and state.path == []
    # never into an occupied space
    state = fresh(2)
    put(state, 0, 12, 1)
    put(state, 1, 13, 0)
    turn_of(state, 0)
    assert 13 not in {a.to for a in state.legal_actions()}


def test_rmg_34_the_marker_ends_on_the_last_gear_coast_keeps_it() -> None:
    """RMG-34: the marker ends on the last gear coast keeps it."""
    state = solo_at(12, 1)
    plan(state, (2, 13), (D.COAST, 18))
    state.apply(GoFlatOut())
    roll(state)
    assert state.cars[0]["marker"] == 2 and state.cars[0]["space"] == 18


def test_rmg_8_over_a_space_limit_loses_control_there() -> None:
    """RMG-8: over a space limit loses control there."""
    assert circuit_track("hairpin-oval").spaces[30].limit == 1
    state = solo_at(23, 1)
    plan(state, (2, 30))
    assert state.view(0)["plan_steps"][0]["over_limit"] is True
    assert state.view(0)["odds"]["loss_of_control"] == pytest.approx(1.0)
    state.apply(GoOneByOne())
    state.apply(RollStep())
    events = roll(state)
    assert "loss" in kinds(events)
    assert state.cars[0]["space"] == 30 and state.cars[0]["marker"] == 0


def test_rmg_9_the_inside_line_has_its_own_limit_diagonals_do_not() -> None:
    """RMG-9: the inside line has its own limit diagonals do not."""
    track = circuit_track("hairpin-oval")
    line = track.spaces[40]
    assert line.inside_limit == 2 and line.limit == 3
    along, diagonal = 41, 38
    assert track.spaces[along].lane == line.lane and track.spaces[diagonal].lane != line.lane
    assert move_risk(track, 40, along, 3).over_limit
    assert not move_risk(track, 40, along, 2).over_limit
    assert not move_risk(track, 40, diagonal, 3).over_limit


def test_rmg_10_outside_line_caution_at_its_gear_loss_above() -> None:
    """RMG-10: outside line caution at its gear loss above."""
    track = circuit_track("hairpin-oval")
    outside = find_space(fresh(1), outside_caution=4)
    start = before(fresh(1), outside, same_lane=False)
    assert move_risk(track, start, outside, 4).extra_cautions == 1
    assert not move_risk(track, start, outside, 4).over_limit
    assert move_risk(track, start, outside, 5).over_limit
    assert move_risk(track, start, outside, 3).extra_cautions == 0


def test_rmg_11_a_hazard_adds_a_caution() -> None:
    """RMG-11: a hazard adds a caution."""
    state = solo_at(27, 0)
    assert state.track.spaces[28].hazard
    plan(state, (1, 28))
    assert state.view(0)["plan_steps"][0]["extra_cautions"] == 1
    state.apply(GoOneByOne())
    state.apply(RollStep())
    roll(state)
    assert state.cars[0]["space"] == 28
    assert state.cars[0]["marker"] == 1, "one caution, no loss"


def test_rmg_12_overtaking_needs_a_gear_at_least_the_other_cars() -> None:
    """RMG-12: overtaking needs a gear at least the other cars."""
    state = fresh(2)
    put(state, 0, 12, 2)
    put(state, 1, 15, 3)  # lane 1, row 1: beside 13 (lane 0, row 1)
    turn_of(state, 0)
    assert beside(state.track, 13, 15)
    to_13 = {a.die for a in state.legal_actions() if a.to == 13}
    assert to_13 == {3}, "only a gear die of at least 3 may move alongside"
    # a yellow flag out: no moving alongside at all
    state.cars[1]["yellow_flag"] = True
    assert state.legal_actions() == [Wait()]


def test_rmg_13_a_boxed_in_car_waits() -> None:
    """RMG-13: a boxed in car waits."""
    state = fresh(3)
    put(state, 0, 12, 1)
    put(state, 1, 13, 0)
    put(state, 2, 15, 0)
    turn_of(state, 0)
    assert state.legal_actions() == [Wait()]
    events = state.apply(Wait())
    assert "wait" in kinds(events) and state.cars[0]["marker"] == 0 and state.cars[0]["space"] == 12


# ---- rolling ----------------------------------------------------------------------------------


def test_rmg_14_rmg_19_flat_out_cautions_add_up_to_the_limit() -> None:
    """RMG-14, RMG-19: flat out cautions add up to the limit."""
    state = solo_at(12, 2)
    plan(state, (3, 13), (4, 18), (5, 19))
    state.apply(GoFlatOut())
    assert state.current_player == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0)
    roll(state, 3, 4)  # two cautions: below the limit of 3
    assert state.cars[0]["space"] == 19 and state.cars[0]["marker"] == 5
    state = solo_at(12, 2)
    plan(state, (3, 13), (4, 18), (5, 19))
    state.apply(GoFlatOut())
    roll(state, 3, 4, 5)  # the third caution: control is lost
    assert state.phase == PLACEMENT, "the third caution: control is lost"
    assert state.board(0).caution_limit == 3


def test_rmg_15_flat_out_earns_focus_even_on_a_loss() -> None:
    """RMG-15: flat out earns focus even on a loss."""
    state = solo_at(12, 3)
    plan(state, (2, 13), (D.COAST, 18))  # brake, 2, coast: two dice that earn
    state.apply(GoFlatOut())
    roll(state)
    assert state.cars[0]["focus"] == 2
    state = solo_at(12, 2)
    plan(state, (3, 13), (4, 18), (5, 19))
    state.apply(GoFlatOut())
    assert not [a for a in state.legal_actions() if isinstance(a, Secure)]
    roll(state, 3, 4, 5)
    assert state.cars[0]["focus"] == 3


def test_rmg_16_flat_out_loss_re_places_the_dice_but_must_lose_control() -> None:
    """RMG-16: flat out loss re places the dice but must lose control."""
    state = solo_at(12, 2)
    plan(state, (3, 13), (4, 18), (5, 19), (D.COAST, 20))
    state.apply(GoFlatOut())
    roll(state, 3, 4, 5)
    assert state.phase == PLACEMENT
    options = state.legal_actions()
    assert len(options) > 1 and all(isinstance(a, Placement) for a in options)
    for p in state.placements:
        # a legal plan from the marker, of rolled dice, ending where control is lost
        assert D.is_legal_plan(p["dice"], 2, state.pool(0))
        assert p["cautions"] >= 3 or p["over_limit"]
    for p in state.placements:
        danger = state.track.spaces[p["space"]].danger
        assert p["tokens"] == D.damage_tokens(p["gear"], danger)
        assert p["marker"] == D.marker_after_loss(p["gear"], danger)
    cost = {(p["space"], p["gear"]): (p["tokens"], p["gear"]) for p in state.placements}
    gentlest = min(options, key=lambda a: cost[(a.space, a.gear)])
    events = state.apply(gentlest)
    assert "loss" in kinds(events)
    assert state.cars[0]["space"] == gentlest.space
    danger = state.track.spaces[gentlest.space].danger
    assert state.cars[0]["marker"] == D.marker_after_loss(gentlest.gear, danger)


def test_rmg_17_one_at_a_time_and_stop_after_a_step() -> None:
    """RMG-17: one at a time and stop after a step."""
    state = solo_at(12, 1)
    plan(state, (2, 13), (3, 18))
    state.apply(GoOneByOne())
    assert StopTurn() not in state.legal_actions()
    state.apply(RollStep())
    assert state.current_player == CHANCE
    assert {a.cautions for a, _ in state.chance_outcomes()} == {(), (2,)}
    roll(state, 2)
    assert state.cars[0]["space"] == 13 and state.cautions == 1
    assert StopTurn() in state.legal_actions()
    events = state.apply(StopTurn())
    assert state.cars[0]["marker"] == 2 and state.cars[0]["space"] == 13
    assert "moved" in kinds(events)


def test_rmg_18_focus_secures_dice_at_a_rising_cost() -> None:
    """RMG-18: focus secures dice at a rising cost."""
    state = solo_at(12, 3, focus=4)
    plan(state, (1, 13), (2, 18))  # brake, 1 then 2
    state.apply(GoOneByOne())
    assert {a.index for a in state.legal_actions() if isinstance(a, Secure)} == {0, 1}
    state.apply(Secure(0))
    assert state.cars[0]["focus"] == 3
    state.apply(Secure(1))
    assert state.cars[0]["focus"] == 1
    state.apply(RollStep())
    assert [a for a, _ in state.chance_outcomes()] == [Faces(())], "secured dice show no caution"
    roll(state)
    assert not [a for a in state.legal_actions() if isinstance(a, Secure)], "the next costs 3"
    # the odds in the view know the secured dice
    assert state.view(0)["odds"]["next_focus_cost"] == 3


# ---- loss of control and damage ----------------------------------------------------------------


def test_rmg_20_marker_after_a_loss_zero_or_double_zero() -> None:
    """RMG-20: marker after a loss zero or double zero."""
    state = solo_at(23, 1)
    plan(state, (2, 30))  # over the limit 1 in gear 2: a skid, 0
    drive(state)
    assert state.cars[0]["marker"] == 0
    assert {a.die for a in state.legal_actions()} == {1}, "next turn from gear 1"
    state = solo_at(23, 2)
    plan(state, (3, 30))  # gear 3: a spin, 00
    drive(state)
    assert state.cars[0]["marker"] == D.SPUN
    assert state.legal_actions() == [BackOnTrack()]
    state.apply(BackOnTrack())
    assert state.cars[0]["marker"] == 0 and state.cars[0]["space"] == 30


def test_rmg_21_damage_tokens_drawn_blind_by_gear_and_danger() -> None:
    """RMG-21: damage tokens drawn blind by gear and danger."""
    state = solo_at(21, 3)
    plan(state, (3, 22), (4, 23), (5, 30))  # gear 5 over the limit 1 on yellow: 1 token
    drive(state)
    assert state.phase == TOKENS and state.tokens_left == 1
    odds = dict(state.chance_outcomes())
    assert odds[Draw(D.GREEN_FLAG)] == pytest.approx(12 / 42)
    assert state.view(0)["bag"] == D.DAMAGE_BAG
    state.apply(Draw(D.GREEN_FLAG))
    assert state.cars[0]["marker"] == D.SPUN and state.phase == SPUN


def _crash(state: RallymanState, token: str) -> list:
    plan(state, (3, 22), (4, 23), (5, 30))
    drive(state)
    return state.apply(Draw(token))


def test_rmg_22_dice_damage_stays_on_the_dashboard() -> None:
    """RMG-22: dice damage stays on the dashboard."""
    state = solo_at(21, 3)
    _crash(state, D.GEAR_DAMAGE)
    assert state.pool(0).gears == (1, 2, 3, 4, 5)
    assert state.bag[D.GEAR_DAMAGE] == 5
    state = solo_at(21, 3)
    _crash(state, D.BRAKE_DAMAGE)
    assert state.pool(0).brake == 2 and state.bag[D.BRAKE_DAMAGE] == 5


def test_rmg_30_the_last_gear_die_is_never_lost() -> None:
    """RMG-30: the last gear die is never lost."""
    state = solo_at(21, 3, gear_damage=5)
    state.cars[0]["gear_damage"] = 0  # plan with all dice, then take the damage
    plan(state, (3, 22), (4, 23), (5, 30))
    state.cars[0]["gear_damage"] = 5
    drive(state)
    state.apply(Draw(D.GEAR_DAMAGE))
    assert state.pool(0).gears == (1,) and state.bag[D.GEAR_DAMAGE] == 6


def test_rmg_23_yellow_flag_until_the_cars_next_move() -> None:
    """RMG-23: yellow flag until the cars next move."""
    state = fresh(2)
    park_others(state, 0)
    put(state, 0, 21, 3)
    turn_of(state, 0)
    _crash(state, D.YELLOW_FLAG)
    assert state.cars[0]["yellow_flag"] and state.view(1)["yellow_flag"]
    # it stays through the 00 turn, and goes as the car moves again
    turn_of(state, 0)
    state.apply(BackOnTrack())
    assert state.cars[0]["yellow_flag"]
    turn_of(state, 0)
    plan(state, (1, ahead(state, 30)[0]))
    state.apply(GoFlatOut())
    events = roll(state)
    assert "flag_off" in kinds(events) and not state.cars[0]["yellow_flag"]


def test_rmg_24_rmg_28_weather_flips_every_dashboard() -> None:
    """RMG-24, RMG-28: weather flips every dashboard."""
    state = fresh(2)
    park_others(state, 0)
    put(state, 0, 21, 3)
    turn_of(state, 0)
    assert state.board(1).caution_limit == 3 and state.pool(1).brake == 3
    _crash(state, D.WEATHER_CHANGE)
    assert state.weather == "rain"
    for seat in (0, 1):  # dry tyres in the rain: one brake die, lose control on the 2nd caution
        assert state.board(seat).wrong_tyres
        assert state.pool(seat).brake == 1 and state.caution_limit(seat) == 2


def test_rmg_25_green_flag_does_nothing() -> None:
    """RMG-25: green flag does nothing."""
    state = solo_at(21, 3)
    before_cars = json.dumps(state.cars[0]["gear_damage"])
    events = _crash(state, D.GREEN_FLAG)
    assert "token" in kinds(events) and json.dumps(state.cars[0]["gear_damage"]) == before_cars
    assert state.weather == "dry" and not state.cars[0]["yellow_flag"]


# ---- pit stops ----------------------------------------------------------------------------------


def test_rmg_26_rmg_27_pit_stop_in_gear_1_on_a_plain_edge_space() -> None:
    """RMG-26, RMG-27: pit stop in gear 1 on a plain edge space."""
    state = fresh(2)
    put(state, 0, 12, 0, gear_damage=2)
    put(state, 1, 20, 0)
    turn_of(state, 0)
    assert 13 in state.track.pit_entries
    plan(state, (1, 13))
    state.apply(GoFlatOut())
    roll(state)
    assert state.phase == PIT and set(state.legal_actions()) == {
        PitStop(s) for s in PIT_SERVICES
    }
    state.apply(PitStop("both"))
    car = state.cars[0]
    assert car["in_pit"] and car["marker"] == D.SPUN and car["gear_damage"] == 0
    assert state.bag[D.GEAR_DAMAGE] == 6 + 2
    # off the track: it blocks nobody
    assert 13 not in state.occupied(1)
    turn_of(state, 0)
    state.apply(BackOnTrack())
    turn_of(state, 0)
    assert state.legal_actions() == [ChooseTyres("dry"), ChooseTyres("rain")]
    state.apply(ChooseTyres("rain"))
    assert state.cars[0]["tyres"] == "rain" and state.phase == PLAN
    plan(state, (1, 18))
    state.apply(GoFlatOut())
    roll(state)
    assert not state.cars[0]["in_pit"]


def test_rmg_26_no_pit_off_an_edge_or_in_another_gear() -> None:
    """RMG-26: no pit off an edge or in another gear."""
    state = solo_at(12, 1)
    plan(state, (2, 13))
    state.apply(GoFlatOut())
    roll(state)
    assert state.phase != PIT
    state = solo_at(14, 0)
    assert 15 not in state.track.pit_entries
    plan(state, (1, 15))
    state.apply(GoFlatOut())
    roll(state)
    assert state.phase != PIT


# ---- the finish ---------------------------------------------------------------------------------


def test_rmg_29_the_race_ends_the_round_the_first_car_finishes() -> None:
    """RMG-29: the race ends the round the first car finishes."""
    state = fresh(3, laps=1)
    for seat, space in ((0, 2), (1, 10), (2, 20)):
        put(state, seat, space, 1, laps_done=0)
    turn_of(state, 0)
    assert state.track.crosses_finish(2, 3)
    plan(state, (1, 3))
    state.apply(GoFlatOut())
    events = roll(state)
    assert "finish" in kinds(events) and state.finishers == [0]
    assert state.race_ending and not state.is_over
    # the others still play the round: seat 1 crosses too, seat 2 does not
    assert state.current_player == 1
    plan(state, (1, 11))
    state.apply(GoFlatOut())
    roll(state)
    assert state.current_player == 2
    plan(state, (1, state.track.spaces[20].next[0]))
    state.apply(GoFlatOut())
    roll(state)
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.ranking() == [1, 2, 3] and state.winners() == [0]


def test_rmg_35_race_points_by_place() -> None:
    """RMG-35: race points by place."""
    state = fresh(3, laps=1)
    put(state, 0, 12, 0, laps_done=0)
    put(state, 1, 20, 0, laps_done=0)
    put(state, 2, 15, 0, laps_done=0)
    assert state.ranking() == [3, 1, 2]
    assert state.scores() == [15, 25, 18]
    assert state.score_breakdown() == [("Race points", [15, 25, 18])]
    assert state.results_headline() is None   # "<winner> wins!" says it


def _finish_race(state: RallymanState, order: list[int]) -> list:
    """End the race now with the cars crossing in `order` (those left out did not finish)."""
    state.finishers = list(order)
    state.race_ending = True
    state.turn_index = len(state.order) - 1
    state._finish_turn()
    return state.take_events()


def test_rmg_37_a_championship_runs_the_circuits_in_turn_and_adds_the_points() -> None:
    """RMG-37: a championship runs the circuits in turn, from the one chosen, and adds up the
    race points; between races the standings wait for the leader; each race starts afresh and
    its grid is the standings reversed."""
    state = fresh(3, championship=3, circuit="coast-speedway", laps=1)
    assert state.series == ["coast-speedway", "old-town", "hairpin-oval"]
    assert state.circuit == "coast-speedway" and state.race_no == 1 and state.races == 3
    put(state, 1, state.cars[1]["space"], 3, focus=4, gear_damage=1)
    events = _finish_race(state, [1, 2, 0])
    assert "race_over" in kinds(events) and not state.is_over
    assert state.phase == STANDINGS and state.points == [15, 25, 18] and state.wins == [0, 1, 0]
    assert state.current_player == 1   # the leader starts the next race
    assert state.legal_actions() == [NextRace()]
    assert not state.is_legal(GoFlatOut())
    events = state.apply(NextRace())
    assert "race" in kinds(events) and "grid" in kinds(events)
    assert state.circuit == "old-town" and state.race_no == 2 and state.phase == PLAN
    track = state.track
    assert track is circuit_track("old-town")
    # the grid: the standings reversed (seat 0 last in points takes pole, the leader starts last)
    assert [state.cars[s]["space"] for s in (0, 2, 1)] == list(track.grid[:3])
    car = state.cars[1]
    assert (car["marker"], car["focus"], car["gear_damage"], car["laps_done"]) == (0, 0, 0, -1)
    assert state.finishers == [] and not state.race_ending
    _finish_race(state, [0, 2, 1])
    assert state.points == [40, 40, 36] and state.phase == STANDINGS
    state.apply(NextRace())
    assert state.circuit == "hairpin-oval"
    events = _finish_race(state, [0, 1, 2])
    assert state.is_over and state.points == [65, 58, 51]
    assert state.ranking() == [1, 2, 3] and state.winners() == [0]
    assert state.scores() == [65, 58, 51]
    assert [row[0] for row in state.score_breakdown()] == [
        "Race 1: Coast Speedway", "Race 2: Old Town", "Race 3: Hairpin Oval"]
    assert state.score_breakdown()[1][1] == [25, 15, 18]
    over = [e for e in events if e.kind == "race_over"][0]
    assert over.data["last"] and over.data["ranking"] == [1, 2, 3]


def test_rmg_37_championship_ties_go_by_wins_and_solo_times_add_up() -> None:
    """RMG-37: equal points go to the car with more wins; alone, the race times add up."""
    state = fresh(2, championship=2, laps=1)
    _finish_race(state, [0, 1])
    state.apply(NextRace())
    _finish_race(state, [1, 0])
    assert state.points == [43, 43] and state.wins == [1, 1]
    # equal wins too: the last race's place decides
    assert state.ranking() == [2, 1]
    # two cars that did not finish and got equally far share the place and its points
    state = fresh(3, championship=2, laps=1)
    put(state, 1, 20, 0, laps_done=0)
    put(state, 2, 23, 0, laps_done=0)   # beside it, level
    assert state.distance(1) == state.distance(2)
    _finish_race(state, [0])
    assert state.points == [25, 18, 18]
    state = fresh(1, championship=2, laps=1)
    state.cars[0]["seconds"], state.cars[0]["focus"] = 300, 5
    _finish_race(state, [0])   # the last turn, ended on 0, adds its 60 seconds (RMG-32)
    assert state.points == [355] and state.phase == STANDINGS
    state.apply(NextRace())
    assert state.cars[0]["seconds"] == 0 and state.cars[0]["focus"] == 0
    state.cars[0]["seconds"] = 200
    assert state.scores() == [555]
    _finish_race(state, [0])
    assert state.is_over and state.scores() == [615]
    assert state.score_breakdown() == [("Race 1: Hairpin Oval", [355]), ("Race 2: Coast Speedway", [260])]


def test_rmg_31_rmg_32_solo_races_the_clock() -> None:
    """RMG-31, RMG-32: solo races the clock."""
    state = solo_at(12, 1, focus=5)
    plan(state, (2, 13), (3, 18))
    state.apply(GoFlatOut())
    roll(state)
    car = state.cars[0]
    assert car["seconds"] == D.solo_turn_seconds(3)
    assert state.solo_time() == 30 - car["focus"]
    assert state.rank_key(0) == (-state.solo_time(),)
    assert state.scores() == [state.solo_time()]


def test_rmg_32_a_solo_time_is_itemised_by_the_gear_each_turn_ended_in() -> None:
    """RMG-32: the results list a solo time by the gear each turn ended in, less the focus
    left, and the items add up to the time; they say the time rather than a win."""
    state = solo_at(12, 1, focus=2)
    plan(state, (2, 13), (3, 18))
    state.apply(GoFlatOut())
    roll(state)                                    # the turn ends in gear 3: 30 s
    car = state.cars[0]
    assert car["turn_ends"][D.END_MARKERS.index(3)] == 1
    car["marker"] = D.SPUN
    state.turn_index = len(state.order) - 1
    state._finish_turn()                           # a turn ended on 00: 60 s
    assert state.cars[0]["turn_ends"][D.END_MARKERS.index(D.SPUN)] == 1
    focus = state.cars[0]["focus"]
    items = state.score_breakdown()
    assert items == [
        ("Ending in gear 3: 1 × 30 s", [30]),
        ("Ending off the track (00): 1 × 60 s", [60]),
        (f"Focus left: {focus} × −1 s", [-focus]),
    ]
    assert sum(v[0] for _, v in items) == state.solo_time() == state.scores()[0] == 90 - focus
    assert state.results_headline() == f"{{P0}} finishes in {90 - focus} s"
    # a new race starts with no turns counted
    state = fresh(1, championship=2, laps=1)
    _finish_race(state, [0])
    state.apply(NextRace())
    assert state.cars[0]["turn_ends"] == [0] * len(D.END_MARKERS)
    assert state.results_headline() == f"{{P0}} finishes the championship in {state.scores()[0]} s"


def test_rmg_33_flying_start_into_gear_2_a_caution_ends_the_turn() -> None:
    """RMG-33: flying start into gear 2 a caution ends the turn."""
    state = fresh(1, flying_start=True)
    put(state, 0, 12, 0)
    turn_of(state, 0)
    assert {a.die for a in state.legal_actions()} == {1, 2}
    plan(state, (2, 13), (3, 18))
    state.apply(GoFlatOut())
    events = roll(state, 2)
    assert "flying_stop" in kinds(events)
    assert state.cars[0]["space"] == 13 and state.cars[0]["marker"] == 2
    state = fresh(1)
    put(state, 0, 12, 0)
    turn_of(state, 0)
    assert {a.die for a in state.legal_actions()} == {1}


def test_rmg_36_everything_is_public_and_the_view_previews_the_plan() -> None:
    """RMG-36: everything is public and the view previews the plan."""
    state = fresh(3)
    seat = state.current_player
    plan(state, (1, state.legal_actions()[0].to))
    views = [state.view(s) for s in (None, 0, 1, 2)]
    for v in views[1:]:
        assert {k: x for k, x in v.items() if k != "seat"} == {
            k: x for k, x in views[0].items() if k != "seat"
        }
    view = views[0]
    assert view["plan"] == [1] and view["plan_steps"][0]["gear"] == 1
    steps = D.steps(state.plan)
    odds = D.plan_odds(steps, [0], [False])
    assert view["odds"]["loss_of_control"] == pytest.approx(odds.loss_of_control)
    assert {"space", "marker", "laps_done", "focus", "tyres", "in_pit"} <= set(view["cars"][seat])
    assert view["bag"] == D.DAMAGE_BAG and view["weather"] == "dry"


def test_events_for_dice_moves_and_cautions() -> None:
    state = solo_at(27, 0)
    plan(state, (1, 28))
    state.apply(GoOneByOne())
    state.apply(RollStep())
    events = roll(state, 1)
    assert {"die", "move", "caution", "moved"} <= set(kinds(events))
    die = next(e for e in events if e.kind == "die")
    assert die.data["face"] == D.CAUTION
    assert state.faces == [] and state.cars[0]["space"] == 28


# ---- the contract ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 7))
def test_contract_at_every_seat_count(n: int) -> None:
    testing.check_game(PLAYABLE, n, {"laps": 1}, seed=n, check_every=12)


def _changed(options: dict) -> dict:
    return {k: v for k, v in options.items() if v != PLAYABLE.default_options()[k]}


# every value of every option but the laps (tested below, where a race is short enough)
OTHER_OPTIONS = [o for o in testing.option_cases(PLAYABLE) if _changed(o) and "laps" not in _changed(o)]


@pytest.mark.parametrize("options", OTHER_OPTIONS,
                         ids=lambda o: "-".join(f"{k}={v}" for k, v in _changed(o).items()))
def test_contract_at_every_option_value(options: dict) -> None:
    testing.check_game(PLAYABLE, 2, {**options, "laps": 1}, seed=7, check_every=40)


@pytest.mark.parametrize("laps", [2, 3, 4, 5, 0])
def test_contract_at_every_lap_count(laps: int) -> None:
    testing.check_game(PLAYABLE, 1, {"laps": laps}, seed=laps)


@pytest.mark.parametrize("circuit", CIRCUITS)
@pytest.mark.parametrize("n", (1, 2, 6))
def test_a_random_race_ends(circuit: str, n: int) -> None:
    state, _ = testing.play_random(
        PLAYABLE, n, {**PLAYABLE.default_options(), "circuit": circuit, "laps": 1}, seed=11 + n
    )
    assert state.is_over and state.finishers
    assert state.winners() == [s for s in range(n) if state.ranking()[s] == 1]


def test_every_clause_of_the_rules_file_has_a_test() -> None:
    ids = CLAUSE.findall(assets.rules_text(PLAYABLE.rules_file))
    assert ids, "seeds/rallyman.md has no clause ids"
    full = [f"{p}-{n}" for p, n in ids]
    assert len(set(full)) == len(full), "a clause id is used twice"
    corpus = "\n".join(
        p.read_text(encoding="utf-8") for p in (TESTS / "rallyman").glob("test_*.py")
    )
    missing = [f for f in full if not re.search(rf"{f.replace('-', '[-_]')}(?!\d)", corpus)]
    assert not missing, f"clauses without a test: {', '.join(missing)}"


def test_a_session_undoes_planning_but_not_a_roll() -> None:
    """Planning reveals nothing, so undo takes it back; a roll is new information."""
    from game.core.session import PERSON, Seat, Session

    session = Session(PLAYABLE, [Seat("Ann", PERSON, colour=0), Seat("Bo", PERSON, colour=1)],
                      {"laps": 1}, seed=5)
    rng = Rng(8)
    history = [session.state.to_json()]
    for _ in range(150):
        if session.state.is_over:
            break
        legal = session.state.legal_actions()
        session.apply(legal[rng.below(len(legal))], autosave=False)
        history.append(session.state.to_json())
        depth = 0
        while session.can_undo():
            session.undo()
            depth += 1
            assert session.state.to_json() == history[len(session.actions)]
        for _ in range(depth):
            session.redo()
        assert session.state.to_json() == history[-1]
    assert session.replay().to_json() == session.state.to_json()
    # right after planning a die, undo is possible; right after a roll it is not
    session = Session(PLAYABLE, [Seat("Ann", PERSON, colour=0)], {"laps": 1}, seed=5)
    session.apply(session.state.legal_actions()[0], autosave=False)
    assert session.state.plan and session.can_undo()
    session.apply(GoFlatOut(), autosave=False)
    assert not session.can_undo()


def test_a_planned_die_is_checked_against_the_position_of_now() -> None:
    """Checking a die after listing the plan's options answers for the position of now: a die
    planned since, or a car put there since, changes the answer."""
    state = turn_of(fresh(2), 0)
    park_others(state, 0)
    options = [a for a in state.legal_actions() if isinstance(a, PlanDie)]
    first = options[0]
    assert state.is_legal(first)
    state.apply(first)
    again = [a for a in state.legal_actions() if isinstance(a, PlanDie)]
    assert all(state.is_legal(a) for a in again)
    blocked = again[0]
    put(state, 1, blocked.to, 6, in_pit=False)   # a car put there by hand: that space is taken
    assert not state.is_legal(blocked)


def test_rmg_38_results_show_the_finishing_order_and_times_and_a_solo_time_is_seconds() -> None:
    """RMG-38: with rivals the results say each car's place and, for a finisher, its time on
    the clock; alone the score is seconds (kept apart from points), with rivals points."""
    rng = Rng(38)
    state = SPEC.make(3, 11, {})
    state.settle_chance()
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        state.settle_chance()
    facts = dict(state.results_facts())
    order = state.race_order()
    assert facts["Finished"] == [ordinal(order.index(s) + 1) for s in range(3)]
    assert sorted(facts["Finished"]) == ["1st", "2nd", "3rd"]
    for s in range(3):
        assert facts["Time on the clock"][s] == (f"{state.solo_time(s)} s" if s in state.finishers
                                                 else "did not finish")
    assert state.finishers and facts["Finished"][state.finishers[0]] == "1st"
    assert state.score_unit() == "points"
    solo = solo_at(12, 1, focus=5)
    assert solo.score_unit() == "seconds" and solo.results_facts() == []
