"""Planning a turn (RMG-7, RMG-12, RMG-13, RMG-18): which dice may go on the plan next and to which
spaces, what the plan's steps are and which of them a roll rolls, and the plan's own actions
(a die planned, taken back, a wait when boxed in, a die secured with focus). A part of
RallymanState (rules.py), kept in its own file; the listing of the plan's options is the
hottest code of a random race."""

from __future__ import annotations

import functools
from typing import Any

from game.core.protocol import seat_token

from . import dice as D
from .actions import GoFlatOut, GoOneByOne, PlanDie, Secure, TakeBack, Wait
from .circuits import circuit_track
from .odds import MoveRisk, move_risk
from .track import Track
from .words import die_words

#: entry_gear's answer when a yellow flag bars passing: higher than any gear
OVERTAKING_BARRED = 99


def speed(marker: D.Marker) -> int:
    """A gear marker's speed for the turn order: 0 and 00 both count 0 (RMG-5)."""
    return marker if isinstance(marker, int) else 0


def beside(track: Track, a: int, b: int) -> bool:
    """Whether spaces a and b sit side by side: the same tile, neighbouring lanes, level."""
    return b in track.beside[a]


@functools.cache
def plan_die_action(die: int | str, to: int) -> PlanDie:
    """One PlanDie per (die, space), made once: actions are immutable, and listing the plan's
    options is the hottest loop of a random race."""
    return PlanDie(die, to)


@functools.cache
def secure_action(index: int) -> Secure:
    """One Secure per plan index, made once (listed at every step rolled one at a time)."""
    return Secure(index)


ROLL_CHOICES = (TakeBack(), GoFlatOut(), GoOneByOne())
WAIT = Wait()


@functools.lru_cache(maxsize=4096)
def _next_dice(
    plan: tuple[int | str, ...],
    marker: D.Marker,
    gears: tuple[int, ...],
    coast: int,
    brake: int,
    flying_start: bool,
) -> tuple[tuple[int | str, int], ...]:
    """The dice that may come next on this plan from that marker with a pool of those gear
    dice, coast and brake dice: (die, gear of its step). A pure function of its arguments, so
    it is cached (plans repeat move after move); the pool comes as its parts, which hash in C."""
    gear = next((d for d in reversed(plan) if D.is_gear_die(d)), None)
    used = {d for d in plan if D.is_gear_die(d)}
    brakes_left = brake - plan.count(D.BRAKE)
    if gear is None:
        if marker == 0:
            starts = (1, 2) if flying_start else (1,)
            return tuple((g, g) for g in starts if g in gears)
        ref = int(marker)
        return tuple(
            (g, g)
            for g in range(min(6, ref + 1), 0, -1)
            if g in gears and max(0, ref - g - 1) <= brakes_left
        )
    out = [
        (g, g)
        for g in range(min(6, gear + 1), 0, -1)
        if g in gears and g not in used and max(0, gear - g - 1) <= brakes_left
    ]
    if plan.count(D.COAST) < coast:
        out.append((D.COAST, gear))
    return tuple(out)

class Planning:
    """The plan's half of RallymanState: every method here works on the state's own fields."""

    cars: list[dict[str, Any]]
    plan: list[int | str]
    path: list[int]
    secured: list[int]
    step: int
    laps: int

    # ---- planning -------------------------------------------------------------------------
    def plan_gear(self) -> int | None:
        """The gear of the plan's last step (None before the first gear die)."""
        for d in reversed(self.plan):
            if D.is_gear_die(d):
                return d
        return None

    def entry_gear(
        self, seat: int, b: int, taken: dict[int, int], track: Track | None = None
    ) -> int | None:
        """The lowest gear in which the car of `seat` may enter b (None: b is taken): a car
        beside it asks for its speed, and a yellow flag out bars passing (RMG-12, RMG-23).
        `track`, when given, saves looking the circuit up again in a hot loop."""
        if b in taken:
            return None
        low = 0
        for space in (track or self.track).beside[b]:
            other = taken.get(space)
            if other is not None:
                if self.yellow_flag_out(seat):
                    return OVERTAKING_BARRED
                low = max(low, speed(self.cars[other]["marker"]))
        return low

    def _move_ok(self, seat: int, a: int, b: int, gear: int, taken: dict[int, int]) -> bool:
        """Whether a car may enter b from a in that gear: free, and overtaking allowed (RMG-12)."""
        low = self.entry_gear(seat, b, taken)
        return low is not None and gear >= low

    def _entry_gears(self, seat: int, track: Track, spaces: Any) -> dict[int, int]:
        """For each of these next spaces that is free and off the plan, the lowest gear that may
        enter it (entry_gear, once per space rather than once per die)."""
        taken = self.occupied(seat)
        path = self.path
        need: dict[int, int] = {}
        for b in spaces:
            if b not in path:
                low = self.entry_gear(seat, b, taken, track)
                if low is not None:
                    need[b] = low
        return need

    # plan_options and _plan_die_ok are the hottest code of a random race (a listing and a
    # check for every die planned): _planning reads the seat, the car and the track once.
    def _planning(self) -> tuple[int, dict[str, Any], Track, int]:
        """The seat planning, its car, the track and the space the plan has reached."""
        seat = self.order[self.turn_index]
        car = self.cars[seat]
        return seat, car, circuit_track(self.circuit), self.path[-1] if self.path else car["space"]

    def plan_options(self) -> list[PlanDie]:
        """The dice that may go on the plan next, each with every space it may move to."""
        seat, car, track, here = self._planning()
        need = self._entry_gears(seat, track, track.spaces[here].next)
        if not need:
            return []
        return [
            plan_die_action(die, b)
            for die, g in self._dice_next(seat, car)
            for b, low in need.items()
            if g >= low
        ]

    def _plan_die_ok(self, action: PlanDie) -> bool:
        """Whether this one die may go on the plan now: plan_options' test for one action, so
        that checking a click does not list every die and space."""
        seat, car, track, here = self._planning()
        to = action.to
        if to not in track.spaces[here].next:
            return False
        need = self._entry_gears(seat, track, (to,))
        if not need:
            return False
        low, die = need[to], action.die
        return any(d == die and g >= low for d, g in self._dice_next(seat, car))

    def _dice_next(self, seat: int, car: dict[str, Any]) -> tuple[tuple[int | str, int], ...]:
        """The dice that may come next on the plan of `seat` (whose car is `car`), each with the
        gear of its step."""
        pool = self.pool(seat)
        return _next_dice(
            tuple(self.plan), car["marker"], pool.gears, pool.coast, pool.brake, self.flying_start
        )

    def plan_steps(self) -> tuple[D.Step, ...]:
        return D.steps(self.plan) if self.plan else ()

    def line_steps(self) -> int:
        """How many of the plan's steps are rolled: every one, but on the last lap only those up
        to the step that crosses the finish line, where the car stops; the dice past the line
        play no part (RMG-29). Counted from the step the car is on (0 before rolling)."""
        car, n = self.car(), len(self.path)
        if car["laps_done"] < self.laps - 1:
            return n
        here = car["space"]
        for s in range(self.step, n):
            to = self.path[s]
            if self.track.crosses_finish(here, to):
                return s + 1
            here = to
        return n

    def rolled_dice(self) -> list[int | str]:
        """The plan's dice that a flat-out roll rolls: those of its first `line_steps` steps."""
        n = self.line_steps()
        if not n:
            return []
        return list(self.plan[: self.plan_steps()[n - 1].plan_indices[-1] + 1])

    def plan_risks(self) -> list[MoveRisk]:
        """What the track asks of each step of the plan."""
        out, here = [], self.car()["space"]
        for st, space in zip(self.plan_steps(), self.path):
            out.append(move_risk(self.track, here, space, st.gear))
            here = space
        return out

    def _flying(self) -> bool:
        return self.flying_start and D.uses_flying_start(self.plan, self.car()["marker"])

    def _plan_die(self, action: PlanDie) -> None:
        die = action.die
        if D.is_gear_die(die):
            ref = self.plan_gear()
            ref = ref if ref is not None else speed(self.car()["marker"])
            self.plan += [D.BRAKE] * max(0, ref - int(die) - 1) + [die]
        else:
            self.plan.append(die)
        self.path.append(action.to)
        if self.logging:  # the hottest move of a random race: no copy when nobody listens
            self.emit("planned", seat=self.seat, die=die, to=action.to, plan=list(self.plan))

    def _take_back(self) -> None:
        last = self.plan.pop()
        if D.is_gear_die(last):
            while self.plan and self.plan[-1] == D.BRAKE:
                self.plan.pop()
        self.path.pop()
        self.emit("unplanned", seat=self.seat, die=last, plan=list(self.plan))

    def _wait(self) -> None:
        car = self.car()
        self.emit("wait", f"{seat_token(self.seat)} is boxed in and waits.", seat=self.seat)
        car["marker"] = 0
        self._finish_turn()

    def _secure(self, index: int) -> None:
        cost = D.next_focus_cost(len(self.secured))
        self.car()["focus"] -= cost
        self.secured.append(index)
        die = self.plan[index]
        self.emit(
            "secure",
            f"{seat_token(self.seat)} spends {cost} focus to secure the {die_words(die)} die.",
            seat=self.seat,
            index=index,
            die=die,
            cost=cost,
        )
