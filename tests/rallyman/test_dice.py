"""Rallyman GT dice maths (game/games/rallyman/dice.py): dice, dashboards, plans, odds, damage."""
from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product

import pytest

from game.games.rallyman.dice import (
    BRAKE,
    CAUTION,
    COAST,
    DAMAGE_BAG,
    DASHBOARDS,
    GEARS,
    SPUN,
    Pool,
    Step,
    bag_after_draw,
    caution_chance,
    caution_count_odds,
    caution_faces,
    check_plan,
    damage_tokens,
    dashboard,
    dice_pool,
    draw_odds,
    end_gear,
    faces,
    flat_out_focus,
    focus_cost,
    is_legal_plan,
    legal_plans,
    marker_after_loss,
    next_focus_cost,
    plan_odds,
    solo_time,
    solo_turn_seconds,
    steps,
    uses_flying_start,
)

FULL = Pool()


# ---- brute force: roll every face of every die and play the plan out -------------------------

def brute_odds(plan, extra=None, breaks=None, limit=3, secured=(), flying_start=False):
    """Exact odds by enumerating all 6**n face combinations of the plan's dice."""
    st = steps(plan)
    n = len(st)
    extra = extra or [0] * n
    breaks = breaks or [False] * n
    loss_at = [Fraction(0)] * n
    ends_at = [Fraction(0)] * n
    weight = Fraction(1, 6 ** len(plan))
    for roll in product(*(faces(d) for d in plan)):
        cautions = 0
        for s, step in enumerate(st):
            shown = [roll[i] == CAUTION and i not in secured for i in step.plan_indices]
            cautions += sum(shown) + extra[s]
            if cautions >= limit or breaks[s]:
                loss_at[s] += weight
                ends_at[s] += weight
                break
            if flying_start and s == 0 and shown[-1]:
                ends_at[s] += weight
                break
        else:
            ends_at[-1] += weight
    spaces = sum((i + 1) * e for i, e in enumerate(ends_at))
    return sum(loss_at), loss_at, ends_at, spaces


def assert_matches_brute(plan, **kw):
    want_loss, want_loss_at, want_ends, want_spaces = brute_odds(plan, **kw)
    args = {"extra_cautions": kw.get("extra"), "breaks_limit": kw.get("breaks"),
            "caution_limit": kw.get("limit", 3), "secured": kw.get("secured", ()),
            "flying_start": kw.get("flying_start", False)}
    exact = plan_odds(steps(plan), exact=True, **args)
    assert exact.loss_of_control == want_loss
    assert list(exact.loss_at) == want_loss_at
    assert list(exact.ends_at) == want_ends
    assert exact.expected_spaces == want_spaces
    fast = plan_odds(steps(plan), **args)
    assert abs(fast.loss_of_control - float(want_loss)) < 1e-12
    assert abs(fast.expected_spaces - float(want_spaces)) < 1e-12
    assert all(abs(a - float(b)) < 1e-12 for a, b in zip(fast.ends_at, want_ends))


# ---- 1. dice --------------------------------------------------------------------------------

def test_gears_one_and_two_and_the_coast_die_show_a_caution_on_one_face():
    for die in (1, 2, COAST):
        assert caution_faces(die) == 1
        assert faces(die).count(CAUTION) == 1 and len(faces(die)) == 6
        assert caution_chance(die) == Fraction(1, 6)


def test_gear_three_shows_a_caution_on_two_faces():
    assert faces(3) == (3, 3, 3, 3, CAUTION, CAUTION)
    assert caution_chance(3) == Fraction(1, 3)


def test_gears_four_to_six_and_the_brake_die_show_a_caution_on_two_faces():
    for die in (4, 5, 6, BRAKE):
        assert caution_faces(die) == 2
        assert caution_chance(die) == Fraction(1, 3)


def test_the_boost_die_is_not_in_the_core_game():
    with pytest.raises(ValueError):
        caution_faces("boost")


# ---- 2. dashboards --------------------------------------------------------------------------

def test_dry_tyres_in_the_dry_roll_six_gears_two_coast_three_brake():
    assert dashboard("dry", "dry").pool == Pool(GEARS, 2, 3)


def test_each_dashboard_has_the_dice_of_the_table():
    assert dashboard("dry", "rain").pool == Pool(GEARS, 2, 1)
    assert dashboard("rain", "dry").pool == Pool(GEARS, 1, 2)
    assert dashboard("rain", "rain").pool == Pool(GEARS, 2, 2)
    assert len(DASHBOARDS) == 4


def test_the_right_tyres_lose_control_on_the_third_caution_the_wrong_on_the_second():
    assert dashboard("dry", "dry").caution_limit == 3
    assert dashboard("rain", "rain").caution_limit == 3
    assert dashboard("dry", "rain").caution_limit == 2 and dashboard("dry", "rain").wrong_tyres
    assert dashboard("rain", "dry").caution_limit == 2


def test_gear_damage_takes_the_highest_gear_die_still_there():
    assert FULL.less_damage(gear=1).gears == (1, 2, 3, 4, 5)
    assert FULL.less_damage(gear=2).less_damage(gear=1).gears == (1, 2, 3)
    assert FULL.less_damage(gear=9).gears == ()


def test_coast_and_brake_damage_take_those_dice_and_never_below_none():
    assert dice_pool("dry", "dry", coast_damage=1, brake_damage=2) == Pool(GEARS, 1, 1)
    assert dice_pool("dry", "rain", brake_damage=3).brake == 0


# ---- 3. plans ---------------------------------------------------------------------------------

def test_a_brake_die_lets_the_gear_drop_one_more():
    plan = (BRAKE, BRAKE, 2, COAST, 3)
    assert check_plan(plan, 5, FULL) is None
    assert check_plan((BRAKE, 4), 6, FULL) is None
    assert check_plan((BRAKE, BRAKE, 1), 4, FULL) is None


def test_too_few_brake_dice_for_a_drop_says_how_many_are_needed():
    assert check_plan((BRAKE, 2), 5, FULL) == (
        "Your gear marker is 5: dropping to 2 needs 2 brake dice right before the 2, "
        "and the plan has 1.")
    assert check_plan((4, 2), 4, FULL) == (
        "After gear 4: dropping to 2 needs 1 brake die right before the 2, and the plan has 0.")


def test_a_brake_die_that_is_not_needed_is_refused():
    assert check_plan((BRAKE, 3), 4, FULL) == (
        "Your gear marker is 4: the gear 3 die needs no brake die, "
        "but 1 brake die comes before it.")


def test_a_brake_die_must_be_followed_by_its_gear_die():
    assert check_plan((3, BRAKE), 3, FULL) == (
        "A brake die must be followed by the gear die it slows down.")
    assert check_plan((3, BRAKE, COAST, 1), 3, FULL) == (
        "A brake die must go right before the gear die it slows down, not a coast die.")


def test_a_coast_die_comes_after_a_gear_die():
    assert check_plan((COAST, 3), 3, FULL) == (
        "A coast die keeps the gear you are in: plan a gear die before it.")


def test_the_gear_goes_up_one_at_a_time():
    assert check_plan((5,), 3, FULL) == (
        "Your gear marker is 3: the gear can go up only one at a time, to 4, not 5.")
    assert check_plan((3, 4, 6), 3, FULL) == (
        "After gear 4: the gear can go up only one at a time, to 5, not 6.")


def test_from_a_standstill_the_first_gear_die_is_one_or_two_with_a_flying_start():
    assert check_plan((1, 2), 0, FULL) is None
    assert check_plan((2, 3), 0, FULL) == "From a standstill (0) the first gear die must be gear 1."
    assert check_plan((2, 3), 0, FULL, flying_start=True) is None
    assert check_plan((3,), 0, FULL, flying_start=True) == (
        "From a standstill (0) the first gear die must be gear 1, or gear 2 with a flying start.")
    assert uses_flying_start((2, 3), 0) and not uses_flying_start((2, 3), 2)


def test_every_die_rolls_once_and_only_dice_on_the_dashboard():
    assert check_plan((3, 4, 3), 3, FULL) == (
        "The gear 3 die is planned twice; each die rolls once a turn.")
    assert check_plan((3, COAST, COAST, COAST), 3, FULL) == (
        "The plan uses 3 coast dice but the dashboard has 2.")
    assert check_plan((6,), 6, FULL.less_damage(gear=1)) == (
        "The gear 6 die is not on the dashboard (damaged).")
    assert check_plan(("boost", 3), 3, FULL) == (
        "'boost' is not one of the dice (gears 1-6, coast, brake).")


def test_a_car_on_double_zero_plans_no_dice():
    assert check_plan((1,), SPUN, FULL) == (
        "The car is off the track on 00: this turn it only comes back on at 0.")
    assert list(legal_plans(SPUN, FULL)) == []
    assert check_plan((), 3, FULL) == "Plan at least one die."


def test_steps_give_the_gear_on_each_space_with_brakes_riding_on_their_gear_die():
    plan = (BRAKE, BRAKE, 2, COAST, 3)
    assert steps(plan) == (Step(2, (BRAKE, BRAKE, 2), (0, 1, 2)), Step(2, (COAST,), (3,)),
                           Step(3, (3,), (4,)))
    assert end_gear(plan, 5) == 3
    assert end_gear((4, COAST), 4) == 4


PLAN_COUNTS = {0: 83, 1: 190, 2: 427, 3: 933, 4: 1841, 5: 2927, 6: 2600}


def test_the_number_of_legal_plans_with_a_full_pool_from_each_marker():
    for marker, count in PLAN_COUNTS.items():
        plans = list(legal_plans(marker, FULL))
        assert len(plans) == count == len(set(plans))
        assert all(is_legal_plan(p, marker, FULL) for p in plans)
    flying = list(legal_plans(0, FULL, flying_start=True))
    assert len(flying) == 190 and all(is_legal_plan(p, 0, FULL, True) for p in flying)


def test_the_plan_generator_finds_exactly_the_legal_plans_of_a_small_pool():
    pool = Pool((1, 2, 3, 4), coast=1, brake=2)
    bag = [1, 2, 3, 4, COAST, BRAKE, BRAKE]
    every = {p for k in range(1, len(bag) + 1) for p in permutations(bag, k)}
    for marker in range(7):
        for flying in (False, True):
            want = {p for p in every if is_legal_plan(p, marker, pool, flying)}
            got = list(legal_plans(marker, pool, flying))
            assert len(got) == len(set(got)) and set(got) == want


# ---- 4. odds --------------------------------------------------------------------------------

def test_a_single_gear_three_die_never_loses_control():
    odds = plan_odds(steps((3,)), exact=True)
    assert odds.loss_of_control == 0 and odds.expected_spaces == 1


def test_two_cautions_are_safe_and_the_third_loses_control():
    # three gear-4-ish dice: loss only when all three show a caution
    odds = plan_odds(steps((4, 5, 6)), exact=True)
    assert odds.loss_of_control == Fraction(1, 27)
    assert odds.loss_at == (0, 0, Fraction(1, 27))


@pytest.mark.parametrize("plan,kw", [
    ((BRAKE, BRAKE, 2, COAST, 3), {}),
    ((3, 4, 5, COAST, 6), {"extra": [0, 0, 1, 0, 0]}),
    ((4, BRAKE, 2, 1, COAST), {"extra": [0, 1, 1, 0], "breaks": [False, False, False, True]}),
    ((5, 6, COAST, BRAKE, 4), {"secured": (1, 3)}),
    ((2, 3, 4, 5), {"flying_start": True, "extra": [0, 0, 1, 0]}),
    ((2, COAST, 3, 4, 5), {"flying_start": True, "secured": (0,)}),
    ((3, 4, COAST, 5), {"limit": 2}),
])
def test_the_odds_match_rolling_every_face(plan, kw):
    assert_matches_brute(plan, **kw)


def test_a_limit_broken_on_the_first_space_loses_control_for_sure():
    odds = plan_odds(steps((4, 5)), breaks_limit=[True, False], exact=True)
    assert odds.loss_of_control == 1 and odds.ends_at == (1, 0) and odds.expected_spaces == 1


def test_a_flying_start_caution_ends_the_turn_after_one_space_in_gear_two():
    odds = plan_odds(steps((2, 3, 4)), flying_start=True, exact=True)
    assert odds.ends_at[0] == Fraction(1, 6) and odds.loss_at[0] == 0
    with pytest.raises(ValueError):
        plan_odds(steps((3, 4)), flying_start=True)


def test_flat_out_loses_control_as_often_as_one_at_a_time_and_earns_focus():
    plan = (3, 4, 5, COAST, BRAKE, BRAKE, 2)
    calm = plan_odds(steps(plan), exact=True)
    wild = plan_odds(steps(plan), flat_out=True, exact=True)
    assert wild.loss_of_control == calm.loss_of_control and wild.ends_at == calm.ends_at
    assert flat_out_focus(plan) == 5
    assert wild.expected_focus == 5
    careful = plan_odds(steps(plan), flat_out=True, exact=True, focus_on_loss=False)
    assert careful.expected_focus == 5 * (1 - calm.loss_of_control)
    with pytest.raises(ValueError):
        plan_odds(steps(plan), flat_out=True, secured=(0,))


def test_the_chance_of_k_cautions_among_dice():
    dist = caution_count_odds([3, COAST])
    safe3, safe_coast = Fraction(2, 3), Fraction(5, 6)
    assert dist == [safe3 * safe_coast, (1 - safe3) * safe_coast + safe3 * (1 - safe_coast),
                    Fraction(1, 18)]


# ---- 5. focus ---------------------------------------------------------------------------------

def test_securing_dice_costs_one_then_two_then_three_more():
    assert [focus_cost(k) for k in range(5)] == [0, 1, 3, 6, 10]
    assert [next_focus_cost(k) for k in range(4)] == [1, 2, 3, 4]


def test_a_flat_out_roll_earns_one_focus_per_gear_or_coast_die_and_none_for_brakes():
    assert flat_out_focus((BRAKE, BRAKE, 2, COAST, 3)) == 3


# ---- 6. loss of control -------------------------------------------------------------------------

def test_damage_tokens_by_gear_and_tile_danger():
    table = {g: tuple(damage_tokens(g, d) for d in ("yellow", "orange", "red")) for g in GEARS}
    assert table == {1: (0, 0, 0), 2: (0, 0, 0), 3: (0, 0, 1),
                     4: (0, 1, 2), 5: (1, 2, 3), 6: (2, 3, 4)}


def test_the_marker_after_a_loss_is_double_zero_from_gear_three_or_with_damage():
    assert marker_after_loss(2, "red") == 0
    assert marker_after_loss(3, "yellow") == SPUN
    assert marker_after_loss(1, "yellow") == 0


def test_the_damage_bag_holds_42_tokens_and_dice_damage_stays_out():
    assert sum(DAMAGE_BAG.values()) == 42
    odds = dict(draw_odds())
    assert sum(odds.values()) == 1
    assert odds["green_flag"] == Fraction(2, 7) and odds["gear"] == Fraction(1, 7)
    after = bag_after_draw(DAMAGE_BAG, "gear")
    assert after["gear"] == 5 and sum(after.values()) == 41
    assert bag_after_draw(DAMAGE_BAG, "weather") == DAMAGE_BAG


# ---- 7. solo timing -----------------------------------------------------------------------------

def test_solo_turns_cost_seconds_by_end_gear_less_a_second_per_focus_left():
    assert [solo_turn_seconds(g) for g in (6, 5, 4, 3, 2, 1, 0)] == [10, 15, 20, 30, 40, 50, 60]
    assert solo_turn_seconds(SPUN) == 60
    assert solo_time([1, 3, 6, SPUN, 0], focus_left=4) == 50 + 30 + 10 + 60 + 60 - 4
