"""What the scene draws besides the state's fields: each car's dice and speed, and the plan's
steps with what the track asks of them and the exact odds of losing control (everything in a
race is public). A part of RallymanState (rules.py), kept in its own file."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from . import dice as D
from .circuits import CIRCUIT_TITLES
from .phases import FLAT_ROLL, PLAN, STEP_ROLL, STEPS
from .planning import speed


class ViewFacts:
    """The view's half of RallymanState."""

    # ---- view -----------------------------------------------------------------------------
    def view_facts(self, seat: int | None) -> dict[str, Any]:
        """What the scene draws besides the fields: each car's dice and speed, the plan's
        steps with the track's demands and the exact odds (everything is public)."""
        cars = []
        for s, car in enumerate(self.cars):
            pool = self.pool(s)
            cars.append(
                {
                    "seat": s,
                    "speed": speed(car["marker"]),
                    "distance": self.distance(s),
                    "lap": max(1, min(self.laps, car["laps_done"] + 1)),
                    "gears": list(pool.gears),
                    "coast": pool.coast,
                    "brake": pool.brake,
                    "caution_limit": self.caution_limit(s),
                    "wrong_tyres": self.board(s).wrong_tyres,
                    "finished": s in self.finishers,
                }
            )
        facts: dict[str, Any] = {
            "car_facts": cars,
            "circuit": self.circuit,
            "circuit_title": CIRCUIT_TITLES[self.circuit],
            "yellow_flag": any(c["yellow_flag"] for c in self.cars),
        }
        if self.races > 1:   # a championship: its order, as rank_key has it
            facts["standings"] = self.standings()
        if self.phase not in (PLAN, STEPS, STEP_ROLL, FLAT_ROLL) or not self.plan:
            facts["plan_steps"], facts["odds"] = [], None
            return facts
        risks = self.plan_risks()
        plan_steps = self.plan_steps()
        facts["plan_steps"] = [
            {
                "gear": st.gear,
                "dice": list(st.dice),
                "space": sp,
                "extra_cautions": r.extra_cautions,
                "over_limit": r.over_limit,
                "notes": list(r.notes),
            }
            for st, sp, r in zip(plan_steps, self.path, risks)
        ]
        first = self.step if self.phase in (STEPS, STEP_ROLL) else 0
        # on the last lap the car stops at the line: the steps past it play no part (RMG-29)
        last = self.line_steps()
        if self.phase == PLAN:
            facts["flat_out_focus"] = D.flat_out_focus(self.rolled_dice())
        if first < last:
            rest = plan_steps[first:last]
            limit = max(1, self.caution_limit(self.seat) - self.cautions)
            flying = self._flying() and first == 0
            odds = D.plan_odds(
                rest,
                [r.extra_cautions for r in risks[first:last]],
                [r.over_limit for r in risks[first:last]],
                caution_limit=limit,
                secured=self.secured,
                flying_start=flying,
                flat_out=self.phase in (PLAN, FLAT_ROLL) and not self.secured,
            )
            # every outcome of n dice weighs a multiple of 1/6**n, so the exact chance is the
            # float's nearest such fraction (a second, exact run of the odds costs a frame)
            rolled = sum(1 for st in rest for i in st.plan_indices if i not in self.secured)
            whole = 6**rolled
            exact = Fraction(round(odds.loss_of_control * whole), whole)
            facts["odds"] = {
                "loss_of_control": odds.loss_of_control,
                "loss_of_control_exact": str(exact),
                "loss_at": list(odds.loss_at),
                "completes": odds.completes,
                "expected_focus": odds.expected_focus,
                "next_focus_cost": D.next_focus_cost(len(self.secured)),
            }
        else:
            facts["odds"] = None
        return facts
