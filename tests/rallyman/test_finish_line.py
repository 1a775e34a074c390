"""Rallyman GT at the finish line (issue 24): the odds shown before a roll and the engine's own
outcomes agree, exactly, with a brute-force enumeration of every die's faces, on plans that cross
the line of the last lap (the car stops there: RMG-29, and the seed's note that the rest of the
plan is not rolled), and on the flying start's flat-out stop (RMG-33). Also RMG-39: a lost-die
token for a kind of die the car no longer has goes back into the bag.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

from game.core.rng import Rng
from game.games.rallyman import dice as D
from game.games.rallyman.actions import (
    Draw,
    Faces,
    GoFlatOut,
    GoOneByOne,
    PlanDie,
    RollStep,
)
from game.games.rallyman.circuits import CIRCUITS
from game.games.rallyman.odds import move_risk
from game.games.rallyman.phases import PLACEMENT, STEPS, TOKENS
from game.games.rallyman.rules import RallymanState
from tests.rallyman.builders import drive, fresh, kinds, plan, put, roll, turn_of

# ---- the brute force: every die on its own, exact fractions --------------------------------


def truth(state: RallymanState, flat_out: bool) -> Fraction:
    """The chance of losing control on the planned turn (rolled to its end, flat out or one at
    a time), from every face of every planned die, each die on its own. Written from the rules,
    not from the engine: the steps in order, cautions adding up to the dashboard's limit, a
    space over its limit, the car stopping where it crosses the line of its last lap (the dice
    past it do nothing), and the flying start's gear 2 caution ending the turn on the first
    space (flat out, any loss of control with it ignored)."""
    car = state.car()
    track, limit = state.track, state.caution_limit(state.seat)
    last_lap = car["laps_done"] >= state.laps - 1
    flying = state.flying_start and car["marker"] == 0 and state.plan[0] == 2
    plan_steps = D.steps(state.plan)
    total = Fraction(0)
    for faces in itertools.product((False, True), repeat=len(state.plan)):
        chance = Fraction(1)
        for die, caution in zip(state.plan, faces):
            p = D.caution_chance(die)
            chance *= p if caution else 1 - p
        count, here, lost = 0, car["space"], False
        for s, st in enumerate(plan_steps):
            to = state.path[s]
            risk = move_risk(track, here, to, st.gear)
            stop = flying and s == 0 and faces[st.plan_indices[-1]]
            if stop and flat_out:
                break
            count += sum(faces[i] for i in st.plan_indices) + risk.extra_cautions
            if risk.over_limit or count >= limit:
                lost = True
                break
            if stop or (last_lap and track.crosses_finish(here, to)):
                break
            here = to
        if lost:
            total += chance
    return total


def _exact_outcomes(state: RallymanState) -> list[tuple[Faces, Fraction]]:
    """The CHANCE node's outcomes with exact chances: each kind's count of dice is the most
    cautions of that kind any outcome shows."""
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    dice = {}
    for faces, _ in outcomes:
        for kind in set(faces.cautions):
            dice[kind] = max(dice.get(kind, 0), faces.cautions.count(kind))
    out = []
    for faces, p in outcomes:
        exact = Fraction(1)
        for kind, n in dice.items():
            k, q = faces.cautions.count(kind), D.caution_chance(kind)
            exact *= comb(n, k) * q**k * (1 - q) ** (n - k)
        assert abs(float(exact) - p) < 1e-12
        out.append((faces, exact))
    return out


def engine_flat_out(state: RallymanState) -> Fraction:
    """The chance the engine loses control when the plan goes flat out, over its outcomes."""
    state = state.clone()
    state.apply(GoFlatOut())
    total = Fraction(0)
    for faces, p in _exact_outcomes(state):
        after = state.clone()
        events = after.apply(faces)
        if "loss" in kinds(events) or after.phase == PLACEMENT:
            total += p
    return total


def engine_one_by_one(state: RallymanState) -> Fraction:
    """The chance the engine loses control rolling the plan one step at a time to its end."""
    state = state.clone()
    seat = state.seat
    state.apply(GoOneByOne())

    def go(st: RallymanState) -> Fraction:
        if st.current_player != seat or st.phase != STEPS:
            return Fraction(0)
        st = st.clone()
        st.apply(RollStep())
        total = Fraction(0)
        for faces, p in _exact_outcomes(st):
            after = st.clone()
            events = after.apply(faces)
            total += p if "loss" in kinds(events) else p * go(after)
        return total

    return go(state)


def shown_odds(state: RallymanState) -> Fraction:
    odds = state.view_facts(state.seat)["odds"]
    return Fraction(odds["loss_of_control_exact"])


def check_plan(state: RallymanState) -> Fraction:
    """The screen, the engine and the brute force agree, flat out and one at a time."""
    flat = truth(state, flat_out=True)
    assert shown_odds(state) == flat
    assert engine_flat_out(state) == flat
    steady = truth(state, flat_out=False)
    assert engine_one_by_one(state) == steady
    stepping = state.clone()
    stepping.apply(GoOneByOne())
    assert shown_odds(stepping) == steady
    return flat


def at(circuit: str, space: int, marker: int | str, *moves, laps: int = 1, laps_done: int = 0,
       **options) -> RallymanState:
    state = fresh(1, circuit=circuit, laps=laps, **options)
    put(state, 0, space, marker, laps_done=laps_done)
    turn_of(state, 0)
    plan(state, *moves)
    return state


def _crosses_with_dice_past(state: RallymanState) -> bool:
    here = state.car()["space"]
    for s, to in enumerate(state.path):
        if state.track.crosses_finish(here, to):
            return s + 1 < len(state.path)
        here = to
    return False


# ---- the three positions of the issue --------------------------------------------------------


def test_rmg_29_a_car_stopped_at_the_line_cannot_lose_control_past_it() -> None:
    """RMG-29: the car stops at the line of its last lap; a space over its limit after the line
    plays no part (the screen showed 100 %)."""
    state = at("coast-speedway", 6, 4, (5, 7), (6, 16), (D.COAST, 17), (D.COAST, 24))
    assert state.plan_risks()[-1].over_limit and state.line_steps() == 1
    assert check_plan(state) == 0
    assert state.view_facts(0)["flat_out_focus"] == 1
    state.apply(GoFlatOut())
    assert [f for f, _ in state.chance_outcomes()] == [Faces(()), Faces((5,))]
    events = roll(state, 5)
    assert "finish" in kinds(events) and "loss" not in kinds(events)
    car = state.cars[0]
    assert car["space"] == 7 and car["focus"] == 1 and state.finishers == [0]


def test_rmg_29_a_caution_past_the_line_does_not_count_before_it() -> None:
    """RMG-29: coast dice on both sides of the line: only the one before it is rolled (the
    engine put a lone caution on the first coast die: 113/648; the screen showed 41/216)."""
    state = at("hairpin-oval", 4, 3, (3, 5), (D.COAST, 6), (2, 7), (D.COAST, 14),
               weather="rain", tyres="dry")
    assert check_plan(state) == Fraction(13, 108)
    state.apply(GoFlatOut())
    assert max(len(f.cautions) for f, _ in state.chance_outcomes()) == 3  # 3, coast and 2


def test_rmg_33_flat_out_a_flying_start_caution_ignores_the_loss_of_control() -> None:
    """RMG-33: flat out, the flying start's caution on gear 2 stops the car on the first space
    in gear 2, even when that space is over its limit: the loss of control is ignored."""
    state = at("hairpin-oval", 23, 0, (2, 30), (1, 31), flying_start=True)
    assert state.plan_risks()[0].over_limit
    assert check_plan(state) == Fraction(5, 6)
    state.apply(GoFlatOut())
    events = roll(state, 2)
    assert "flying_stop" in kinds(events) and "loss" not in kinds(events)
    car = state.cars[0]
    assert (car["space"], car["marker"]) == (30, 2)
    # one at a time the space's limit still takes the car: the rulebook forgives it flat out only
    state = at("hairpin-oval", 23, 0, (2, 30), (1, 31), flying_start=True)
    events = drive(state, (2,))
    assert "loss" in kinds(events)


def test_rmg_16_rmg_33_a_re_placement_cannot_lead_with_a_flying_gear_2_caution() -> None:
    """RMG-16, RMG-33: re-placing the rolled dice, a gear 2 showing a caution cannot start the
    placement from 0: its stop would forgive the loss of control the placement must have."""
    state = at("hairpin-oval", 23, 0, (1, 30), (2, 31), (D.COAST, 40), flying_start=True,
               weather="rain", tyres="dry")
    check_plan(state)
    state.apply(GoFlatOut())
    roll(state, 2, D.COAST)
    assert state.phase == PLACEMENT and state.placements
    # 2 first from 0 would reach space 30 over its limit, but its caution stops the car there
    assert all(p["dice"][0] == 1 for p in state.placements)
    assert (30, 2) not in {(p["space"], p["gear"]) for p in state.placements}


# ---- random plans that cross the line --------------------------------------------------------


def _line_plans(circuit: str, seed: int, wanted: int) -> list[RallymanState]:
    """Random legal plans from a few spaces before the line, on the last lap, that cross it
    with dice past it; dashboards, markers and the flying start drawn at random."""
    rng = Rng(seed)
    probe = fresh(1, circuit=circuit, laps=1)
    track = probe.track
    back: dict[int, list[int]] = {}
    for sp in track.spaces:
        for b in sp.next:
            back.setdefault(b, []).append(sp.id)
    starts: set[int] = set()
    frontier = {a for a, _ in track.finish_moves}
    for _ in range(4):
        starts |= frontier
        frontier = {a for b in frontier for a in back.get(b, ())}
    starts_list = sorted(starts)
    out: list[RallymanState] = []
    tries = 0
    while len(out) < wanted and tries < 4000:
        tries += 1
        tyres, weather = rng.choice(D.TYRES), rng.choice(D.WEATHERS)
        flying = rng.random() < 0.3
        state = fresh(1, circuit=circuit, laps=1, tyres=tyres, weather=weather,
                      flying_start=flying)
        marker = rng.choice([0, 1, 2, 3, 4, 5, 6])
        put(state, 0, rng.choice(starts_list), marker, laps_done=0)
        turn_of(state, 0)
        length = rng.randint(2, 6)
        while len(state.path) < length:
            options = [a for a in state.legal_actions() if isinstance(a, PlanDie)]
            if not options:
                break
            state.apply(rng.choice(options))
        if state.plan and _crosses_with_dice_past(state) and len(state.plan) <= 9:
            state.take_events()
            out.append(state)
    return out


@pytest.mark.parametrize("circuit", CIRCUITS)
def test_rmg_29_odds_and_engine_agree_with_the_brute_force_across_the_line(circuit: str) -> None:
    """RMG-29: on random plans crossing the last lap's line with dice past it, the odds shown
    and the engine's outcomes (flat out and one at a time) equal the brute force exactly."""
    states = _line_plans(circuit, seed=24 + CIRCUITS.index(circuit), wanted=25)
    assert len(states) >= 15
    for state in states:
        check_plan(state)


@pytest.mark.parametrize("circuit", CIRCUITS)
def test_rmg_33_odds_and_engine_agree_with_the_brute_force_from_a_flying_start(circuit: str) -> None:
    """RMG-33: on random flying-start plans (anywhere on the track), the odds shown and the
    engine's outcomes equal the brute force exactly."""
    rng = Rng(330 + CIRCUITS.index(circuit))
    probe = fresh(1, circuit=circuit)
    checked = 0
    for _ in range(60):
        state = fresh(1, circuit=circuit, flying_start=True,
                      tyres=rng.choice(D.TYRES), weather=rng.choice(D.WEATHERS))
        put(state, 0, rng.randint(0, len(probe.track.spaces) - 1), 0,
            laps_done=rng.choice([0, 1]))
        turn_of(state, 0)
        if not any(isinstance(a, PlanDie) and a.die == 2 for a in state.legal_actions()):
            continue
        state.apply(rng.choice([a for a in state.legal_actions()
                                if isinstance(a, PlanDie) and a.die == 2]))
        for _ in range(rng.randint(0, 3)):
            options = [a for a in state.legal_actions() if isinstance(a, PlanDie)]
            if options:
                state.apply(rng.choice(options))
        state.take_events()
        check_plan(state)
        checked += 1
    assert checked >= 20


# ---- RMG-39: a token for a die the car no longer has ------------------------------------------


def _crash_on(state: RallymanState, token: str) -> list:
    plan(state, (3, 22), (4, 23), (5, 30))
    drive(state)
    assert state.phase == TOKENS
    return state.apply(Draw(token))


@pytest.mark.parametrize("token, field, kind", [
    (D.BRAKE_DAMAGE, "brake_damage", D.BRAKE),
    (D.COAST_DAMAGE, "coast_damage", D.COAST),
])
def test_rmg_39_a_token_for_a_die_the_car_no_longer_has_goes_back_in_the_bag(
        token: str, field: str, kind: str) -> None:
    """RMG-39: a lost-die token for a kind of die the car has none of takes nothing and goes
    back into the bag; the draw still counts."""
    state = fresh(1)
    full = state.pool(0).count(kind)
    put(state, 0, 21, 3, **{field: full})
    turn_of(state, 0)
    assert state.pool(0).count(kind) == 0
    plan(state, (3, 22), (4, 23), (5, 30))
    drive(state)
    tokens = state.tokens_left
    events = state.apply(Draw(token))
    assert "no " + ("brake" if kind == D.BRAKE else "coast") + " die left" in " ".join(
        e.text or "" for e in events)
    assert state.cars[0][field] == full and state.bag[token] == D.DAMAGE_BAG[token]
    assert state.tokens_left == tokens - 1 or state.phase != TOKENS
    # with one such die left, the token takes it and stays out of the bag (RMG-22)
    state = fresh(1)
    put(state, 0, 21, 3, **{field: full - 1})
    turn_of(state, 0)
    _crash_on(state, token)
    assert state.pool(0).count(kind) == 0 and state.bag[token] == D.DAMAGE_BAG[token] - 1
