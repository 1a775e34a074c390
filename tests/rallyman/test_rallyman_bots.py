"""The Rallyman GT bots: the planner brakes, stops, spends focus and pits when it should, and
decides from the view alone, the same way every time. No timings here (see the arena)."""

from __future__ import annotations

import dataclasses

import pytest

from game.core.ai.arena import play_game
from game.core.rng import Rng
from game.games.rallyman import bot
from game.games.rallyman import dice as D
from game.games.rallyman.actions import (
    GoFlatOut,
    GoOneByOne,
    PitStop,
    PlanDie,
    RollStep,
    Secure,
    StopTurn,
)
from game.games.rallyman.phases import PIT, STEPS
from game.games.rallyman.rules import RallymanState
from tests.rallyman.builders import PLAYABLE, before, fresh, plan, put, roll, turn_of

SPEC = dataclasses.replace(PLAYABLE, bot_knowledge="game.games.rallyman.bot:KNOWLEDGE")
#: on Hairpin Oval, spaces 0, 1, 2, 3 and 12 run straight ahead along the edge, plain
STRAIGHT = (0, 1, 2, 3, 12)
HAIRPIN = 28  # a limit-1 corner space


def ask(state: RallymanState, level: str = "normal"):
    seat = state.current_player
    return bot.KNOWLEDGE.plan(state.view(seat), state.legal_actions(), Rng(5), level)


def plan_turn(state: RallymanState, level: str = "normal") -> object:
    """Let the bot build its whole plan; returns how it rolls it."""
    for _ in range(30):
        action = ask(state, level)
        if not isinstance(action, PlanDie):
            return action
        state.apply(action)
    raise AssertionError("the plan never ends")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_brakes_for_the_hairpin(level: str) -> None:
    """RMG-8: in gear 4 two spaces before a limit-1 corner, the plan never breaks a limit."""
    state = fresh(1, seed=4)
    start = before(state, before(state, HAIRPIN))
    put(state, 0, start, 4, laps_done=0)
    turn_of(state, 0)
    how = plan_turn(state, level)
    assert isinstance(how, (GoFlatOut, GoOneByOne))
    steps = state.view(0)["plan_steps"]
    assert steps and not any(s["over_limit"] for s in steps)
    for s in steps:
        limit = state.track.spaces[s["space"]].limit
        assert limit is None or s["gear"] <= limit


def _two_cautions_before(state: RallymanState, last: tuple) -> None:
    """Gear 5 on the straight, plan 5, coast, then `last`; the first two steps roll cautions."""
    put(state, 0, STRAIGHT[0], 5, laps_done=0)
    turn_of(state, 0)
    plan(state, (5, STRAIGHT[1]), ("coast", STRAIGHT[2]), last)
    state.apply(GoOneByOne())
    for kind in (5, "coast"):
        state.apply(RollStep())
        roll(state, kind)
    assert state.phase == STEPS and state.cautions == 2


def test_stops_when_the_next_step_would_likely_lose_control() -> None:
    """RMG-17/19: two cautions of three, the next step rolls two brakes and a gear: stop."""
    state = fresh(1, seed=4)
    _two_cautions_before(state, (2, STRAIGHT[3]))  # 5 -> 2 needs two brake dice
    assert state.plan[-3:] == ["brake", "brake", 2]
    assert ask(state) == StopTurn()


def test_spends_focus_on_a_last_step_worth_it() -> None:
    """RMG-18: two cautions, one step left in gear 6, one focus in hand: secure the die."""
    state = fresh(1, seed=4)
    _two_cautions_before(state, (6, STRAIGHT[3]))
    state.cars[0]["focus"] = 1
    assert ask(state) == Secure(len(state.plan) - 1)
    state.cars[0]["focus"] = 0
    assert ask(state) in (StopTurn(), RollStep())


def _at_the_pit(**damage: int) -> RallymanState:
    state = fresh(2, seed=4)
    put(state, 0, STRAIGHT[0], 1, laps_done=0, **damage)
    put(state, 1, 40, 0)
    turn_of(state, 0)
    plan(state, (1, STRAIGHT[1]))
    state.apply(GoOneByOne())
    state.apply(RollStep())
    roll(state)
    assert state.phase == PIT
    return state


def test_pits_with_heavy_damage() -> None:
    """RMG-26: two gear dice and a brake die lost early in the race: stop for repairs; an
    undamaged car drives on."""
    assert ask(_at_the_pit(gear_damage=2, brake_damage=1)) in (PitStop("repair"), PitStop("both"))
    assert ask(_at_the_pit()) == PitStop("none")


def test_wrong_tyres_call_for_a_tyre_stop() -> None:
    """RMG-27/28: dry tyres in the rain: change them, and fit rain tyres on leaving."""
    state = _at_the_pit()
    state.weather = "rain"
    assert ask(state) in (PitStop("tyres"), PitStop("both"))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_view_same_choice(level: str) -> None:
    """The choice is a function of the view: other generators, a rebuilt state, the same."""
    state = fresh(2, seed=9)
    for _ in range(12):  # into the race a little
        seat = state.current_player
        state.apply(ask(state, "normal"))
        state.settle_chance()
        if state.is_over:
            break
    seat = state.current_player
    view = state.view(seat)
    legal = state.legal_actions()
    # once to fill the hard level's lookahead cache: a cold first call on a loaded machine
    # may run out of its time and decide without the lookahead
    bot.KNOWLEDGE.plan(view, legal, Rng(1), level)
    first = bot.KNOWLEDGE.plan(view, legal, Rng(1), level)
    again = bot.KNOWLEDGE.plan(view, legal, Rng(99), level)
    rebuilt = bot.determinize(view, Rng(3))
    assert rebuilt.view(seat) == view
    third = bot.KNOWLEDGE.plan(rebuilt.view(seat), rebuilt.legal_actions(), Rng(7), level)
    assert first == again == third
    assert first in legal


def test_bots_race_to_the_end() -> None:
    """Every level finishes a race through the engine's bots (two cars, a short race)."""
    result = play_game(SPEC, ["normal", "easy"], 3, {"circuit": "old-town", "laps": 1})
    assert result["winners"]


def _first_dice(level: bot.Level, state: RallymanState) -> tuple[set, float]:
    planner = bot.Planner(state, state.current_player, level)
    flat, _leaves = planner.plans()
    return {bot._die_of(steps[0]) for _v, steps in flat}, bot.best_plan(planner)[0]


def test_hard_search_skips_repeats() -> None:
    """On Hairpin Oval's three lanes many lane changes reach the same space, gear and dice:
    the hard level's search skips the repeats, so its budget reaches other first dice, and it
    never finds a worse plan than the plain search on the same values."""
    state = fresh(2, seed=4)
    put(state, 0, STRAIGHT[0], 4, laps_done=0)
    put(state, 1, 40, 0)
    turn_of(state, 0)
    hard = dataclasses.replace(bot.LEVELS["hard"], lookahead=False)  # the search alone
    assert hard.prune
    plain = dataclasses.replace(hard, prune=False)
    wide, best = _first_dice(hard, state)
    _narrow, best_plain = _first_dice(plain, state)
    assert len(wide) >= 2
    assert best >= best_plain - 1e-9


class _Clock:
    """A deadline that passes after `checks` questions (the planner asks before each end)."""

    def __init__(self, checks: int) -> None:
        self.left = checks

    def passed(self) -> bool:
        self.left -= 1
        return self.left < 0


def test_hard_out_of_time_keeps_its_lookahead_scale() -> None:
    """Anytime: a hard decision cut short still values every end on the lookahead's scale.
    Ends looked ahead from keep their worked-out value; the rest are estimated from those (the
    same end gear's next turn, less the brakes that gear needs), never dropped to a value
    without the lookahead. Cut part way it picks what the full search picks here, and cut at
    once it still answers a legal move."""
    state = fresh(2, seed=4)
    put(state, 0, STRAIGHT[0], 3, laps_done=0)
    put(state, 1, 40, 0)
    turn_of(state, 0)
    legal = state.legal_actions()
    hard = bot.LEVELS["hard"]
    bot._NEXT_CACHE.clear()
    full, late = bot._choose(state, 0, legal, hard, deadline=None)
    assert not late
    bot._NEXT_CACHE.clear()
    cut, late = bot._choose(state, 0, legal, hard, deadline=_Clock(40))   # type: ignore[arg-type]
    assert late and cut == full
    bot._NEXT_CACHE.clear()
    at_once, late = bot._choose(state, 0, legal, hard, deadline=_Clock(0))   # type: ignore[arg-type]
    assert late and at_once in legal
    # the estimate itself: the mean of (next turn + brake cost) for the gear, less its brakes
    bot._NEXT_CACHE.clear()
    planner = bot.Planner(state, 0, hard, deadline=_Clock(2))   # type: ignore[arg-type]
    space = state.cars[0]["space"]
    nxt = state.track.spaces[space].next[0]
    worked = [planner.ahead(s, 3, 0) for s in (space, nxt)]
    assert not planner.ran_late
    far = state.track.spaces[nxt].next[0]
    estimate = planner.ahead(far, 3, 0)
    assert planner.ran_late
    calibrated = (sum(worked) + planner._gear_cost(space, 3) + planner._gear_cost(nxt, 3)) / 2
    assert abs(estimate - (calibrated - planner._gear_cost(far, 3))) < 1e-9


def test_hard_sees_a_parked_car_box_it_in() -> None:
    """RMG-12/5: ending on space 20 of Hairpin Oval in gear 3, with a car in gear 3 on 27 that
    has played this round (it plays after us next round), the next turn has no safe first
    space (27 is taken, 30 lies beside it and passing needs gear 3 or more, but gear 1 is the
    limit there): the hard level values that end as a turn without a next one. A car still to
    play this round will have moved on, so it boxes nothing in."""
    state = fresh(2, seed=4)
    put(state, 0, 12, 3, laps_done=0)
    put(state, 1, 27, 3, laps_done=0)
    turn_of(state, 0)
    state.order, state.turn_index = [1, 0], 1  # the other car has played
    parked = bot.Planner(state, 0, bot.LEVELS["hard"])
    assert parked.boxed(20, 3)
    assert not parked.boxed(12, 3)  # on the straight, far from it
    state.order, state.turn_index = [0, 1], 0  # it plays after us this round
    free = bot.Planner(state, 0, bot.LEVELS["hard"])
    assert not free.boxed(20, 3)
    assert parked.end_value(20, 3, 0, False) < free.end_value(20, 3, 0, False) - 2.0


def test_hard_counts_no_next_turn_after_a_spin() -> None:
    """RMG-20: losing control in gear 3 or more spins the car (00): its next turn only puts
    the marker back, so the hard level adds no next turn to it, while a skid (gear 1 or 2,
    on 0) still drives on next turn."""
    state = fresh(2, seed=4)
    put(state, 0, STRAIGHT[0], 3, laps_done=0)
    put(state, 1, 40, 0)
    turn_of(state, 0)
    planner = bot.Planner(state, 0, bot.LEVELS["hard"])
    space = STRAIGHT[2]
    assert D.marker_after_loss(3, state.track.spaces[space].danger) == D.SPUN
    assert D.damage_tokens(3, state.track.spaces[space].danger) == 0
    assert planner.loss_value(space, 3, 0) == pytest.approx(planner.spaces(space))
    assert planner.loss_value(space, 2, 0) > planner.spaces(space) + 2.0


def test_hard_plays_for_the_order_of_the_last_round() -> None:
    """RMG-5, RMG-29: on the last lap with the line in reach next turn, whoever plays first next
    round takes the race, and the order goes by speed: the hard level values ending faster than
    a rival on its last lap too, half as much when level with it, nothing when slower."""
    state = fresh(2, seed=4, laps=1)
    put(state, 0, 12, 3, laps_done=0)
    put(state, 1, 30, 4, laps_done=0)
    turn_of(state, 0)
    planner = bot.Planner(state, 0, bot.LEVELS["hard"])
    assert planner._order_value(5) == bot.ORDER_BONUS
    assert planner._order_value(4) == bot.ORDER_BONUS / 2
    assert planner._order_value(3) == 0.0
    state.cars[1]["laps_done"] = -1   # a rival a lap behind is no rival for the line
    assert bot.Planner(state, 0, bot.LEVELS["hard"])._order_value(3) == 0.0


def test_rmg_33_the_planner_counts_a_flying_starts_stop() -> None:
    """RMG-33: from a standstill with a flying start, a caution on the first gear 2 die ends the
    turn on the first space in gear 2. The planner counts that stop: flat out, the plan 2 then 3
    is worth the stop's end with the die's caution chance and the second space's end
    otherwise; one at a time, the caution ends the turn after the first die instead of rolling
    on."""
    state = fresh(1, seed=4, flying_start=True)
    put(state, 0, STRAIGHT[0], 0, laps_done=0, focus=0)
    turn_of(state, 0)
    planner = bot.Planner(state, 0, bot.LEVELS["hard"])   # the level whose search reaches it
    flat, _ = planner.plans()
    b1, b2 = STRAIGHT[1], STRAIGHT[2]
    value, steps = next((v, s) for v, s in flat
                        if [(st.gear, st.to) for st in s] == [(2, b1), (3, b2)])
    stop = bot.P_CAUTION[2]
    first, second = planner.end_value(b1, 2, 0, False), planner.end_value(b2, 3, 0, False)
    assert value == pytest.approx(stop * first + (1 - stop) * second + bot.focus_value(2))
    rolled, _ = planner.one_by_one(steps)
    assert rolled == pytest.approx(stop * first + (1 - stop) * max(first, second))
