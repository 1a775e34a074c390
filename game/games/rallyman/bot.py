"""What the bots know about Rallyman GT: a turn planner that every level but random plays by.

Everything in the race is public, so `determinize` only rebuilds the state from the view. The
planner (RallymanKnowledge.plan) works from that state alone:

- it enumerates whole plans for the turn (dice and spaces), depth first from the turn's start,
  pruned by the odds (a branch that has mostly lost control already is not grown) and by a
  node budget, using brake dice only where a limit ahead asks for them;
- a plan rolled flat out is scored along the way: per step the chance of losing control there
  times the value of that loss, plus the chance of getting through times the value of the end
  position, plus the focus it earns;
- a plan rolled one at a time is scored by an exact expectimax over its roll outcomes: before
  each step the car may stop, secure dice with focus or roll, and it takes the best; a longer
  plan is never worse that way, so only the plans that cannot grow are scored;
- a position is worth the spaces gained, less what the end gear costs (brakes the next corner
  will need; in a time trial the seconds of the turn), plus focus, the inside line of the next
  corner and, when damage or the wrong tyres call for it, a pit stop;
- a loss of control costs the turn lost on 00 and the damage tokens expected at that gear and
  danger.

The levels: easy plans shorter with noise, normal is the planner, hard values each end
position by the best next turn from it (one more turn of lookahead, cached) on top of the
expectimax over its own rolls; its search skips prefixes an earlier one dominates (so the
budget reaches more first dice), a spin is worth no next turn, and an end where a car that
has played this round boxes it in is worth none either. The lookahead is anytime: out of time
(its budget is the thinking thread's CPU time, see game/core/ai/clock.py), the end positions
not yet looked ahead from are valued by the lookahead's own figures so far (a next turn from
the same gear, as measured on the ends it did look ahead from), so every plan is still scored
on one scale. With time to spare the same view always gives the same choice: the plan is
recomputed from the turn's start every call, and the easy level's noise is seeded by the turn.
"""
from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

from game.core.ai.base import Knowledge
from game.core.ai.clock import Deadline
from game.core.protocol import Action, GameState
from game.core.rng import Rng

from . import dice as D
from .actions import (BackOnTrack, ChooseTyres, GoFlatOut, GoOneByOne, PitStop, Placement, PlanDie, RollStep, Secure,
                      StopTurn, Wait)
from .circuits import circuit_track
from .odds import move_risk
from .phases import PIT, PLACEMENT, PLAN, STEPS, TYRES
from .planning import beside, speed
from .rules import RallymanState
from .track import Track


def determinize(view: dict[str, Any], rng: Rng) -> RallymanState:
    """Nothing is hidden in Rallyman: the state the view shows, with a fresh generator."""
    return RallymanState.sampled(view, rng)


# ---- weights (in spaces of track) ----------------------------------------------------------

#: spaces a car makes in a usual turn: what a lost turn (00) costs in a race
TURN_SPACES = 4.0
#: a time trial's exchange rate: seconds a space is worth
SECONDS_PER_SPACE = 6.0
#: one damage token, on average over the bag (a lost die for the rest of the race weighs most)
TOKEN_COST = 1.6
#: focus kept is a die secured later (and a second off in a time trial)
FOCUS_VALUE = 0.3
FOCUS_CAP = 10
#: a brake die that the next corner will ask for (a third of a caution, and a die)
BRAKE_COST = 0.5
#: more brakes needed than the car has: a loss of control waiting to happen
NO_BRAKES_COST = 6.0
#: crossing the line at the end of the last lap
FINISH_BONUS = 30.0
#: ending on the inside lane of the next corner (it plays first and blocks the line)
INSIDE_BONUS = 0.25
#: a higher gear plays earlier next round and may pass slower cars
GEAR_BONUS = 0.08
#: the hard level, the finish in reach: playing before the rivals next round (in spaces)
ORDER_BONUS = 6.0


@dataclass(frozen=True)
class Level:
    """How one level plans."""

    max_steps: int  # longest plan considered
    node_budget: int  # plan prefixes grown per decision
    min_alive: float  # a branch whose chance of still being in control is lower is not grown
    noise: float  # spread of the easy level's noise on a plan's value (spaces)
    lookahead: bool  # value end positions by the best next turn from them
    exact_leaves: int = 40  # plans scored by the exact one-at-a-time expectimax
    prune: bool = False  # skip a prefix that another one, grown earlier, dominates


LEVELS: dict[str, Level] = {
    "easy": Level(4, 200, 0.35, 1.2, False, 15),
    "normal": Level(8, 900, 0.2, 0.0, False, 40),
    # hard: the lookahead, and a search that skips repeated prefixes (on a three-lane track
    # the same space, gear and dice are reached by many lane changes, and the budget would
    # go on them instead of on other first dice)
    "hard": Level(8, 900, 0.2, 0.0, True, 40, True),
    # the hard level's inner planner for the next turn: smaller and without lookahead
    "inner": Level(7, 250, 0.25, 0.0, False, 12, True),
}
#: the hard level stops looking ahead (falls back to the heuristic) after this long
HARD_SECONDS = 1.0
#: the lookahead tells focus apart up to this much (more is rarely spent in one turn)
LOOK_FOCUS = 4


# ---- what the track tells the planner, worked out once per circuit ---------------------------


@functools.cache
def _unit(circuit: str) -> float:
    """Progress of one space on average (spaces are the planner's unit)."""
    t = circuit_track(circuit)
    d = [(t.spaces[s.next[0]].progress - s.progress) % t.lap_length for s in t.spaces]
    return sum(d) / len(d)


@functools.cache
def _brakes_needed(circuit: str) -> tuple[tuple[int, ...], ...]:
    """For each space and gear 0-6: the fewest brake dice the next spaces (a few turns' worth)
    will ask for, going on from that space in that gear without breaking a limit."""
    t = circuit_track(circuit)
    big = 99
    need = [[0] * 7 for _ in t.spaces]
    for _ in range(8):  # spaces of lookahead
        new = [[big] * 7 for _ in t.spaces]
        for sp in t.spaces:
            for g in range(7):
                best = big
                for b in sp.next:
                    for g2 in range(1, min(6, g + 1) + 1):
                        if move_risk(t, sp.id, b, g2).over_limit:
                            continue
                        cost = max(0, g - g2 - 1) + need[b][g2]
                        best = min(best, cost)
                new[sp.id][g] = best
        need = new
    return tuple(tuple(row) for row in need)


@dataclass(frozen=True)
class Step:
    """One planned space: its gear, the dice rolled for it, where it goes and what it meets."""

    gear: int
    dice: tuple[int | str, ...]
    indices: tuple[int, ...]
    to: int
    extra: int
    over: bool
    finish: bool  # crosses the line on the last lap: the turn ends there


@dataclass
class Car:
    """The planning car as the planner sees it at the start of its turn."""

    seat: int
    space: int
    marker: int
    focus: int
    pool: D.Pool
    limit: int
    last_lap: bool
    laps_left: float  # laps still to race (for what damage and tyres cost)
    solo: bool
    pit_gain: float  # what a pit stop would win, net, if the turn ends at a pit entry
    tyres_wrong: bool


class Planner:
    """Plans one car's turn on one state (the view, rebuilt)."""

    def __init__(self, state: RallymanState, seat: int, level: Level, *, alone: bool = False,
                 deadline: Deadline | None = None) -> None:
        self.state = state
        self.track: Track = state.track
        self.circuit: str = state.circuit
        self.unit = _unit(self.circuit)
        self.need = _brakes_needed(self.circuit)
        self.level = level
        self.deadline = deadline
        c = state.cars[seat]
        self.taken = {} if alone else state.occupied(seat)
        self.alone = alone
        laps_left = state.laps - max(0, c["laps_done"]) - (
            self.track.spaces[c["space"]].progress / self.track.lap_length
            if c["laps_done"] >= 0 else 0.0)
        self.car = Car(
            seat=seat, space=c["space"], marker=c["marker"] if c["marker"] != D.SPUN else 0,
            focus=c["focus"], pool=state.pool(seat), limit=state.caution_limit(seat),
            last_lap=c["laps_done"] >= state.laps - 1, laps_left=max(0.0, laps_left),
            solo=state.num_players == 1, pit_gain=0.0,
            tyres_wrong=state.board(seat).wrong_tyres)
        self.car.pit_gain = max(0.0, max(pit_values(state, seat).values()))
        self.start_progress = self.track.spaces[c["space"]].progress
        self.ran_late = False  # out of time: ends not yet looked ahead from are estimated
        # per end gear: the sum and count of (next turn's value + the gear's brake cost) over
        # the ends looked ahead from, which calibrate the estimate once time runs out
        self._ahead_seen: dict[int, list[float]] = {}
        # the cars that have played this round stay where they are until the next one; the
        # lookahead plans the next turn alone, so it asks whether they box the car in
        self.parked: dict[int, int] = {} if alone or not level.lookahead else {
            state.cars[s]["space"]: s for s in state.order[:state.turn_index]
            if s != seat and not state.cars[s]["in_pit"]}
        self._boxes: dict[tuple[int, int], bool] = {}
        self._ends: dict[tuple, float] = {}
        self._losses: dict[tuple, float] = {}

    # ---- values of positions --------------------------------------------------------------
    def spaces(self, space: int) -> float:
        """Spaces gained from the turn's start to `space`."""
        d = (self.track.spaces[space].progress - self.start_progress) % self.track.lap_length
        return d / self.unit

    def end_value(self, space: int, gear: int, focus: int, finish: bool) -> float:
        """A turn that ends on `space` in `gear` with `focus` left."""
        key = (space, gear, focus, finish)
        v = self._ends.get(key)
        if v is None:
            v = self._ends[key] = self._end_value(space, gear, focus, finish)
        return v

    def _end_value(self, space: int, gear: int, focus: int, finish: bool) -> float:
        v = self.spaces(space) + focus_value(focus)
        if finish:
            # with the lookahead, other ends count the next turn's gain: a finish now is
            # worth that turn and more (the race is over, ahead of a finish next turn)
            ahead = 2 * TURN_SPACES if self.level.lookahead else 0.0
            return v + FINISH_BONUS + ahead + gear * 0.01
        car = self.car
        if car.solo:
            v -= D.SOLO_SECONDS[gear] / SECONDS_PER_SPACE
        else:
            v += GEAR_BONUS * gear
        if self.level.lookahead:
            # boxed in: the next turn waits or loses control, and gains nothing
            if not self.boxed(space, gear):
                ahead = self.ahead(space, gear, focus)
                v += ahead
                if car.last_lap and ahead > FINISH_BONUS / 2:
                    # the finish is in reach next turn: whoever plays first next round takes
                    # it, and the order goes by speed first (RMG-5)
                    v += self._order_value(gear)
        else:
            v -= self._gear_cost(space, gear)
        if gear == 1 and car.pit_gain > 0 and space in self.track.pit_entries:
            v += car.pit_gain
        if not car.solo and self.track.inside_rank(space) == 0:
            v += INSIDE_BONUS
        return v

    def _order_value(self, gear: int) -> float:
        """Ending the last lap's approach faster than the rivals who could also finish next
        round: playing before them is the race."""
        st = self.state
        rivals = [s for s in range(st.num_players) if s != self.car.seat and s not in st.finishers
                  and st.cars[s]["laps_done"] >= st.laps - 1]
        if not rivals:
            return 0.0
        fastest = max(speed(st.cars[s]["marker"]) for s in rivals)
        return ORDER_BONUS if gear > fastest else ORDER_BONUS / 2 if gear == fastest else 0.0

    def loss_value(self, space: int, gear: int, focus: int) -> float:
        """Losing control on `space` in `gear`: stopped there on 0 or 00, with damage."""
        key = (space, gear, focus)
        v = self._losses.get(key)
        if v is None:
            v = self._losses[key] = self._loss_value(space, gear, focus)
        return v

    def _loss_value(self, space: int, gear: int, focus: int) -> float:
        danger = self.track.spaces[space].danger
        marker = D.marker_after_loss(gear, danger)
        tokens = D.damage_tokens(gear, danger)
        v = self.spaces(space) + focus_value(focus) - tokens * TOKEN_COST * min(
            1.0, 0.3 + self.car.laps_left)
        if self.car.solo:
            v -= (D.SOLO_SECONDS[marker] + (D.SOLO_SECONDS[0] if marker == D.SPUN else 0)) / SECONDS_PER_SPACE
        elif marker == D.SPUN:
            if self.level.lookahead:
                # the next turn only puts the car back on track: nothing to look ahead to
                return v
            v -= TURN_SPACES
        if self.level.lookahead and not self.boxed(space, 0):
            v += self.ahead(space, 0, focus)
        return v

    def ahead(self, space: int, gear: int, focus: int) -> float:
        """The lookahead's value of the next turn from an end position: worked out while there
        is time, then from the cache, and past that estimated from the ends already looked
        ahead from (the same end gear if any, else all), so late values stay comparable."""
        if not self._late():
            value = next_turn_value(self.state, self.car.seat, space, gear, focus)
            seen = self._ahead_seen.setdefault(gear, [0.0, 0])
            seen[0] += value + self._gear_cost(space, gear)
            seen[1] += 1
            return value
        known = next_turn_value(self.state, self.car.seat, space, gear, focus, cached_only=True)
        if known is not None:
            return known
        same = self._ahead_seen.get(gear)
        if not same:
            total = [sum(x) for x in zip(*self._ahead_seen.values())] if self._ahead_seen else [0.0, 0]
            same = total if total[1] else [0.0, 1]
        return same[0] / same[1] - self._gear_cost(space, gear)

    def boxed(self, space: int, gear: int) -> bool:
        """Whether a car ending its turn on `space` in `gear` finds no safe first space next
        turn: the parked cars that will still be there (slower ones play after it) take
        every space, or bar the pass, that a gear die it may roll first could reach."""
        key = (space, gear)
        hit = self._boxes.get(key)
        if hit is not None:
            return hit
        st, track = self.state, self.track
        taken = {sp: s for sp, s in self.parked.items()
                 if speed(st.cars[s]["marker"]) <= gear}
        out = False
        if taken and any(b in taken or beside(track, b, sp)
                         for b in track.spaces[space].next for sp in taken):
            pool = self.car.pool
            if gear == 0:
                firsts = [g for g in ((1, 2) if st.flying_start else (1,)) if g in pool.gears]
            else:
                firsts = [g for g in range(min(6, gear + 1), 0, -1)
                          if g in pool.gears and max(0, gear - g - 1) <= pool.brake]
            out = not any(
                b not in taken and st._move_ok(self.car.seat, space, b, g, taken)
                and not move_risk(track, space, b, g).over_limit
                for g in firsts for b in track.spaces[space].next)
        self._boxes[key] = out
        return out

    def _gear_cost(self, space: int, gear: int) -> float:
        brakes = self.need[space][gear]
        have = self.car.pool.brake
        cost = BRAKE_COST * min(brakes, have)
        if brakes > have:
            cost += NO_BRAKES_COST * (brakes - have)
        return cost

    def _late(self) -> bool:
        if self.deadline is not None and not self.ran_late and self.deadline.passed():
            self.ran_late = True
        return self.ran_late

    # ---- enumerating plans ----------------------------------------------------------------
    def plans(self) -> tuple[list[tuple[float, tuple[Step, ...]]],
                             list[tuple[float, tuple[Step, ...]]]]:
        """Every plan grown from the turn's start: (flat-out value, steps) for each, and the
        plans that cannot grow (the ones worth rolling one at a time) with a lower bound of
        that value: the best prefix rolled to its end without stopping."""
        car, track, st = self.car, self.track, self.state
        flat: list[tuple[float, tuple[Step, ...]]] = []
        leaves: list[tuple[float, tuple[Step, ...]]] = []
        budget = [self.level.node_budget]
        limit = car.limit
        prune = self.level.prune
        best_at: dict[tuple, float] = {}

        def grow(here: int, gear: int | None, used: frozenset, coast: int, brake: int,
                 steps: tuple[Step, ...], alive: list[float], lost_value: float, seen: frozenset,
                 earned: int, ndice: int, bound: float) -> None:
            grew = False
            if prune and steps:
                # the same space, gear, dice left and odds as an earlier prefix that had lost
                # no more: whatever grows from here grows better from there
                key = (here, gear, used, coast, brake, tuple(round(a, 9) for a in alive))
                had = best_at.get(key)
                if had is not None and had >= lost_value - 1e-9:
                    return
                best_at[key] = lost_value
            if steps:
                last = steps[-1]
                rolled = lost_value + sum(alive) * self.end_value(last.to, last.gear, 0, last.finish)
                bound = max(bound, rolled)
            if len(steps) < self.level.max_steps and sum(alive) >= self.level.min_alive \
                    and budget[0] > 0:
                kids = []
                for die, g, brakes in self._dice_next(here, gear, used, coast, brake):
                    for b in track.spaces[here].next:
                        if b in seen or b in self.taken:
                            continue
                        if not self.alone and not st._move_ok(car.seat, here, b, g, self.taken):
                            continue
                        risk = move_risk(track, here, b, g)
                        if risk.over_limit:
                            continue  # a sure loss: never planned on purpose
                        # brake dice only where the gear one lower would not do
                        if brakes and g + 1 <= 6 and not move_risk(track, here, b, g + 1).over_limit \
                                and self.need[b][g + 1] <= self.need[b][g]:
                            continue
                        kids.append((die, g, brakes, b, risk))
                for die, g, brakes, b, risk in kids:
                    if budget[0] <= 0:
                        break
                    budget[0] -= 1
                    kinds = (D.BRAKE,) * brakes + ((g,) if die != D.COAST else (D.COAST,))
                    idx = tuple(range(ndice, ndice + len(kinds)))
                    finish = car.last_lap and track.crosses_finish(here, b)
                    step = Step(g, kinds, idx, b, risk.extra_cautions, False, finish)
                    if gear is None and g == 2 and car.marker == 0:
                        # a flying start (RMG-33): a caution on its gear 2 die ends the turn
                        # on this first space in gear 2, any loss of control with it ignored
                        stop = P_CAUTION[2]
                        new_alive, lost = _roll_mass([m * (1 - stop) for m in alive], (),
                                                     risk.extra_cautions, limit)
                        lv = lost_value + stop * self.end_value(b, 2, 0, finish)
                    else:
                        new_alive, lost = _roll_mass(alive, kinds, risk.extra_cautions, limit)
                        lv = lost_value
                    if lost:
                        lv += lost * self.loss_value(b, g, 0)
                    grew = True
                    grow(b, g, used | {g} if die != D.COAST else used,
                         coast - (die == D.COAST), brake - brakes, steps + (step,),
                         new_alive, lv, seen | {b}, earned + 1, ndice + len(kinds), bound)
            if steps:
                value = rolled + focus_value(car.focus + earned)
                flat.append((value, steps))
                if not grew:
                    leaves.append((bound + focus_value(car.focus), steps))

        grow(car.space, None, frozenset(), car.pool.coast, car.pool.brake, (),
             [1.0] + [0.0] * (limit - 1), 0.0, frozenset({car.space}), 0, 0, -1e9)
        return flat, leaves

    def _dice_next(self, here: int, gear: int | None, used: frozenset, coast: int,
                   brake: int) -> list[tuple[int | str, int, int]]:
        """(die, gear of the step, brake dice it needs) that may go on the plan next."""
        pool, marker = self.car.pool, self.car.marker
        out: list[tuple[int | str, int, int]] = []
        if gear is None and marker == 0:
            starts = (1, 2) if self.state.flying_start else (1,)
            return [(g, g, 0) for g in starts if g in pool.gears]
        ref = marker if gear is None else gear
        for g in range(min(6, ref + 1), 0, -1):
            need = max(0, ref - g - 1)
            if g in pool.gears and g not in used and need <= brake:
                out.append((g, g, need))
        if gear is not None and coast > 0:
            out.append((D.COAST, gear, 0))
        return out

    # ---- one at a time: the expectimax over the rolls ---------------------------------------
    def one_by_one(self, steps: tuple[Step, ...], first: int = 0, cautions: int = 0,
                   secured: tuple[int, ...] = (), focus: int | None = None
                   ) -> tuple[float, Action | None]:
        """The value of rolling `steps` one at a time from step `first` (with that many
        cautions and those dice secured), choosing at every step to stop, secure or roll;
        and the best action now."""
        car = self.car
        limit = car.limit
        n = len(steps)
        memo: dict[tuple[int, int, int, int], float] = {}
        focus = car.focus if focus is None else focus
        secured_now = frozenset(secured)
        # a flying start (RMG-33): a caution on the first gear 2 die ends the turn there
        flying = car.marker == 0 and steps[0].gear == 2

        def value(s: int, c: int, k: int, f: int, pre: frozenset) -> tuple[float, Action | None]:
            key = (s, c, k, min(f, FOCUS_CAP + 6))
            if not pre and key in memo:
                return memo[key], None
            step = steps[s]
            best, act = -1e9, None
            if s > 0:
                prev = steps[s - 1]
                best, act = self.end_value(prev.to, prev.gear, f, prev.finish), StopTurn()
            open_dice = sorted(((P_CAUTION[d], i) for d, i in zip(step.dice, step.indices)
                                if i not in pre), reverse=True)
            cost = 0
            for j in range(len(open_dice) + 1):
                if j:
                    cost += k + j
                    if cost > f:
                        break
                probs = [p for p, _ in open_dice[j:]]
                total = 0.0
                for m, pm in enumerate(_count_odds(probs)):
                    if pm == 0.0:
                        continue
                    c2 = c + m + step.extra
                    fl = f - cost
                    if c2 >= limit or step.over:
                        total += pm * self.loss_value(step.to, step.gear, fl)
                    elif s == n - 1 or step.finish or (flying and s == 0 and m):
                        total += pm * self.end_value(step.to, step.gear, fl, step.finish)
                    else:
                        total += pm * value(s + 1, c2, k + j, fl, frozenset())[0]
                if total > best + 1e-9:
                    best = total
                    act = RollStep() if j == 0 else Secure(open_dice[0][1])
            if not pre:
                memo[key] = best
            return best, act

        return value(first, cautions, len(secured_now), focus, secured_now)


#: each die's chance of showing a caution, as a float (the planner's hot loop)
P_CAUTION: dict[int | str, float] = {d: float(D.caution_chance(d)) for d in D.DIE_KINDS}


def focus_value(f: int) -> float:
    """Focus in hand, in spaces (worth less past what a turn can spend)."""
    return FOCUS_VALUE * min(f, FOCUS_CAP) + 0.05 * max(0, f - FOCUS_CAP)


def _roll_mass(alive: list[float], kinds: tuple, extra: int, limit: int
               ) -> tuple[list[float], float]:
    """Roll these dice on the caution counts so far; returns the counts still in control and
    the mass that lost control on this step."""
    dist = list(alive)
    lost = 0.0
    for d in kinds:
        p = P_CAUTION[d]
        new = [0.0] * limit
        for c, m in enumerate(dist):
            if m:
                new[c] += m * (1 - p)
                if c + 1 >= limit:
                    lost += m * p
                else:
                    new[c + 1] += m * p
        dist = new
    if extra:
        new = [0.0] * limit
        for c, m in enumerate(dist):
            if c + extra >= limit:
                lost += m
            else:
                new[c + extra] = m
        dist = new
    return dist, lost


def _count_odds(probs: list[float]) -> list[float]:
    """The chance of exactly k cautions among dice with these caution chances."""
    dist = [1.0]
    for p in probs:
        new = [m * (1 - p) for m in dist] + [0.0]
        for k, m in enumerate(dist):
            new[k + 1] += m * p
        dist = new
    return dist


def pit_values(state: RallymanState, seat: int) -> dict[str, float]:
    """What each pit service wins, net of what it costs, in spaces, for this car now."""
    c = state.cars[seat]
    track = state.track
    left_spaces = max(0.0, (state.laps - max(0, c["laps_done"])) * track.lap_length
                      - (track.spaces[c["space"]].progress if c["laps_done"] >= 0 else 0))
    turns_left = left_spaces / _unit(state.circuit) / TURN_SPACES
    wrong = state.board(seat).wrong_tyres
    # wrong tyres: the second caution loses control and fewer dice: about a space a turn
    tyres_gain = 1.0 * turns_left if wrong else 0.0
    repair_gain = (0.45 * c["gear_damage"] + 0.2 * c["brake_damage"]
                   + 0.25 * c["coast_damage"]) * turns_left
    solo = state.num_players == 1
    stop_cost = (10 / SECONDS_PER_SPACE) if solo else 0.3  # on 0 instead of gear 1
    lost_turn = (70 / SECONDS_PER_SPACE) if solo else TURN_SPACES + 0.3
    return {
        "none": 0.0,
        "tyres": tyres_gain - stop_cost,
        "repair": repair_gain - lost_turn,
        "both": tyres_gain + repair_gain - lost_turn,
    }


_NEXT_CACHE: dict[tuple, float] = {}


def next_turn_value(state: RallymanState, seat: int, space: int, gear: int, focus: int, *,
                    cached_only: bool = False) -> float | None:
    """The hard level's lookahead: the best next turn's value from `space` in `gear`, the car
    alone on the track (the others will have moved), by the inner planner. A pure function
    of its key, so the cache never changes a choice. With `cached_only`, None unless the value
    is already known."""
    c = state.cars[seat]
    focus = min(focus, LOOK_FOCUS)
    key = (state.circuit, state.weather, c["tyres"], c["gear_damage"],
           c["brake_damage"], c["coast_damage"], c["laps_done"] >= state.laps - 1,
           state.num_players == 1, space, gear, focus)
    hit = _NEXT_CACHE.get(key)
    if hit is not None or cached_only:
        return hit
    probe = state.clone()
    probe.logging = False
    car = probe.cars[seat]
    car["space"], car["marker"], car["focus"] = space, gear, focus
    planner = Planner(probe, seat, LEVELS["inner"], alone=True)
    planner.car.pit_gain = 0.0
    value, _steps, _how = best_plan(planner)
    # the next turn's own focus is counted there; take off what this turn already counted
    value -= focus_value(focus)
    if len(_NEXT_CACHE) > 50000:
        _NEXT_CACHE.clear()
    _NEXT_CACHE[key] = value
    return value


def best_plan(planner: Planner, prefix: tuple[PlanDie, ...] = (), noise: Rng | None = None
              ) -> tuple[float, tuple[Step, ...], str]:
    """The best (value, steps, "flat" | "steps") plan that extends `prefix`."""
    flat, leaves = planner.plans()
    best: tuple[float, tuple[Step, ...], str] = (-1e9, (), "steps")
    spread = planner.level.noise

    def fits(steps: tuple[Step, ...]) -> bool:
        if len(steps) < len(prefix):
            return False
        return all(_die_of(s) == p.die and s.to == p.to for s, p in zip(steps, prefix))

    def jitter() -> float:
        return (noise.random() - 0.5) * 2 * spread if noise is not None and spread else 0.0

    for value, steps in flat:
        if fits(steps):
            v = value + jitter()
            if v > best[0]:
                best = (v, steps, "flat")
    # the exact expectimax only for the leaves whose lower bound is among the best
    fitting = sorted(((b, i) for i, (b, steps) in enumerate(leaves) if fits(steps)), reverse=True)
    for _b, i in fitting[:planner.level.exact_leaves]:
        steps = leaves[i][1]
        v = planner.one_by_one(steps)[0] + jitter()
        if v > best[0]:
            best = (v, steps, "steps")
    return best


def _die_of(step: Step) -> int | str:
    return D.COAST if step.dice[-1] == D.COAST else step.gear


def _turn_seed(view: dict[str, Any]) -> int:
    """A number fixed for one turn of one car, for the easy level's noise."""
    me = view["cars"][view["seat"]]
    text = f"{view['round_no']}:{view['seat']}:{me['space']}:{me['marker']}:{me['turns']}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def _percent(chance: float) -> str:
    """A chance as the table words it: "<1 %" below one in a hundred."""
    return "<1 %" if 0 < chance < 0.01 else f"{round(100 * chance)} %"


class RallymanKnowledge(Knowledge):
    """The planner (see the module's docstring), asked first by every bot kind."""

    rollout_depth = 30
    search = "flat"

    def explain(self, view: dict[str, Any], action: Action) -> str:
        """A hint's why: the loss-of-control odds the plan keeps (a race hides nothing, so the
        state after the move is the view's own, and its odds are those the table shows)."""
        seat = view.get("seat")
        if seat is None:
            return ""
        before = (view.get("odds") or {}).get("loss_of_control")
        if isinstance(action, (PlanDie, GoFlatOut, GoOneByOne)):
            state = RallymanState.sampled(view, Rng(0))
            state.apply(action, trusted=True)
            odds = (state.view(seat).get("odds") or {}).get("loss_of_control")
            if odds is None:
                odds = before
            risk = "no risk of losing control" if not odds else f"{_percent(odds)} to lose control"
            if isinstance(action, PlanDie):
                what = "coasting" if action.die == "coast" else f"gear {action.die}"
                return f"{what}: {risk}" if not odds else f"{what} keeps it at {risk}"
            if isinstance(action, GoFlatOut):
                return f"every die at once for the focus, {risk}"
            return f"a die at a time ({risk}): you may stop when it turns"
        if isinstance(action, StopTurn) and before:
            return f"the rest of the plan would risk {_percent(before)}"
        return ""

    def plan(self, view: dict[str, Any], legal: list[Action], rng: Rng, level: str
             ) -> Action | None:
        if len(legal) == 1:
            return legal[0]
        state = determinize(view, Rng(0))
        seat = view["seat"]
        if seat is None or state.current_player != seat:
            return None
        return choose(state, seat, legal, level)

    def evaluate(self, state: GameState) -> list[float]:
        """Distance raced, squashed against the best other car (the time, alone)."""
        assert isinstance(state, RallymanState)
        if state.is_over:
            return super().evaluate(state)
        import math
        dist = [state.distance(s) / _unit(state.circuit) for s in range(state.num_players)]
        if state.num_players == 1:
            return [1 / (1 + math.exp(-(dist[0] / 4 - state.cars[0]["turns"]) / 4))]
        out = []
        for s, d in enumerate(dist):
            best = max(x for i, x in enumerate(dist) if i != s)
            out.append(1 / (1 + math.exp(-(d - best) / 4)))
        return out


def choose(state: RallymanState, seat: int, legal: list[Action], level: str) -> Action:
    """The planner's move for `seat` (whose turn it is) at `level`."""
    lv = LEVELS.get(level, LEVELS["normal"])
    if not lv.lookahead:
        return _choose(state, seat, legal, lv, None)[0]
    # out of time part way, the lookahead estimates what it has not worked out (Planner.ahead)
    return _choose(state, seat, legal, lv, Deadline(HARD_SECONDS))[0]


def _choose(state: RallymanState, seat: int, legal: list[Action], lv: Level,
            deadline: Deadline | None) -> tuple[Action, bool]:
    """The move at level `lv`, and whether the planner ran out of time on the way."""
    made: list[Planner] = []
    ahead_seen: dict[int, list[float]] = {}   # one calibration for the whole decision

    def planner_for() -> Planner:
        planner = Planner(state, seat, lv, deadline=deadline)
        planner._ahead_seen = ahead_seen
        made.append(planner)
        return planner

    act = _choose_in(state, seat, legal, lv, planner_for)
    return act, any(p.ran_late for p in made)


def _choose_in(state: RallymanState, seat: int, legal: list[Action], lv: Level,
               planner_for: Callable[[], Planner]) -> Action:
    phase = state.phase
    if phase == TYRES:
        want = ChooseTyres(state.weather)
        return want if want in legal else legal[0]
    if phase == PIT:
        values = pit_values(state, seat)
        best = max(("none", "tyres", "repair", "both"), key=lambda s: values[s])
        return PitStop(best)
    if phase == PLACEMENT:
        planner = planner_for()
        return max(legal, key=lambda a: (planner.loss_value(a.space, a.gear, state.cars[seat]["focus"])
                                         if isinstance(a, Placement) else -1e9))
    if phase == STEPS:
        planner = planner_for()
        steps = _steps_of_state(state, planner)
        _, act = planner.one_by_one(steps, state.step, state.cautions, tuple(state.secured),
                                    state.cars[seat]["focus"])
        if act is None or act not in legal:
            return RollStep() if RollStep() in legal else legal[0]
        return act
    if phase == PLAN:
        if Wait() in legal:
            return Wait()
        planner = planner_for()
        prefix = tuple(PlanDie(d, t) for d, t in zip(_plan_dice(state), state.path))
        noise = Rng(_turn_seed(state.view(seat))) if lv.noise else None
        _value, steps, how = best_plan(planner, prefix, noise)
        if not steps:
            # nothing grown fits what is planned already: roll what there is; with nothing
            # planned every die loses control (or is cut off): the cheapest loss
            if state.plan:
                return GoOneByOne()
            return max((a for a in legal if isinstance(a, PlanDie)),
                       key=lambda a: _forced_value(state, planner, a))
        if len(steps) > len(prefix):
            nxt = steps[len(prefix)]
            act = PlanDie(_die_of(nxt), nxt.to)
            return act if act in legal else next(a for a in legal if isinstance(a, PlanDie))
        return GoFlatOut() if how == "flat" else GoOneByOne()
    if BackOnTrack() in legal:
        return BackOnTrack()
    return legal[0]


def _forced_value(state: RallymanState, planner: Planner, act: PlanDie) -> tuple[int, float]:
    """How a first die the planner found no plan with compares: safe ones first, then by
    the value of losing control there."""
    gear = act.die if isinstance(act.die, int) else (state.plan_gear() or 1)
    here = state.car()["space"]
    safe = not move_risk(state.track, here, act.to, gear).over_limit
    return (int(safe), planner.loss_value(act.to, gear, state.car()["focus"]))


def _plan_dice(state: RallymanState) -> list[int | str]:
    """The dice the plan's steps were planned with (gear dice and coast, brakes left out)."""
    return [st.dice[-1] for st in state.plan_steps()]


def _steps_of_state(state: RallymanState, planner: Planner) -> tuple[Step, ...]:
    """The state's plan as the planner's steps."""
    out = []
    here = state.car()["space"]
    last_lap = planner.car.last_lap
    for st, to in zip(state.plan_steps(), state.path):
        risk = move_risk(state.track, here, to, st.gear)
        out.append(Step(st.gear, tuple(st.dice), tuple(st.plan_indices), to, risk.extra_cautions,
                        risk.over_limit, last_lap and state.track.crosses_finish(here, to)))
        here = to
    return tuple(out)


KNOWLEDGE = RallymanKnowledge()
