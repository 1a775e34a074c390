"""Moving the car (RMG-14, RMG-15, RMG-17, RMG-19, RMG-29, RMG-33): the dice rolled show their
faces, the car drives the plan step by step piling up cautions, flat out or one step at a
time, and a lap or the finish is counted as it crosses the line. A part of RallymanState
(rules.py), kept in its own file."""

from __future__ import annotations

from game.core.protocol import seat_token

from . import dice as D
from .actions import Placement
from .odds import mark_cautions, move_risk
from .phases import FLAT_ROLL, PLACEMENT, STEPS
from .words import die_words


class Moving:
    """The moving half of RallymanState: every method here works on the state's own fields."""

    plan: list[int | str]
    path: list[int]
    moved: list[int]
    faces: list[list]
    cautions: int
    step: int

    def _roll_events(self, kinds: list[int | str], shown: list[bool]) -> None:
        for die, caution in zip(kinds, shown):
            face = D.CAUTION if caution else (die if D.is_gear_die(die) else D.BLANK)
            self.faces.append([die, face])
            if self.logging:  # a die's event and words, per die: none when nobody listens
                self.emit(
                    "die",
                    f"{seat_token(self.seat)}'s {die_words(die)} die shows a caution."
                    if caution
                    else "",
                    seat=self.seat,
                    die=die,
                    face=face,
                )

    def _move(self, to: int, gear: int) -> bool:
        """Move the car one space; True when it just crossed the line on its last lap."""
        seat, car = self.seat, self.car()
        here = car["space"]
        car["space"] = to
        car["in_pit"] = False
        if car["yellow_flag"]:
            car["yellow_flag"] = False
            self.emit("flag_off", f"{seat_token(seat)}'s yellow flag is taken in.", seat=seat)
        self.moved.append(to)
        if self.logging:
            self.emit("move", seat=seat, frm=here, to=to, gear=gear)
        if self.track.crosses_finish(here, to):
            car["laps_done"] += 1
            if car["laps_done"] >= self.laps:
                self.finishers.append(seat)
                self.emit(
                    "finish",
                    f"{seat_token(seat)} takes the chequered flag (place {len(self.finishers)}).",
                    seat=seat,
                    place=len(self.finishers),
                )
                if not self.race_ending:
                    self.race_ending = True
                return True
            if car["laps_done"] > 0:
                self.emit(
                    "lap",
                    f"{seat_token(seat)} starts lap {car['laps_done'] + 1} of {self.laps}.",
                    seat=seat,
                    lap=car["laps_done"] + 1,
                )
        return False

    def _add_cautions(self, n: int, why: str) -> None:
        if n:
            self.cautions += n
            if not self.logging:
                return
            self.emit(
                "caution",
                f"{seat_token(self.seat)}: {why} ({self.cautions} of {self.caution_limit(self.seat)}).",
                seat=self.seat,
                added=n,
                total=self.cautions,
                why=why,
            )

    def _step_at(self, s: int, shown_dice: int, ignore_loss: bool = False) -> str:
        """Move step s of the plan with `shown_dice` cautions from its dice: "loss" when control
        is lost there, "finish" when the car finished, else "". With `ignore_loss` (a flat-out
        flying start's caution, RMG-33) control is kept whatever the step meets."""
        st = self.plan_steps()[s]
        here = self.car()["space"]
        to = self.path[s]
        risk = move_risk(self.track, here, to, st.gear)
        finished = self._move(to, st.gear)
        self._add_cautions(
            shown_dice, "a caution on the dice" if shown_dice == 1 else "cautions on the dice"
        )
        if risk.extra_cautions:
            self._add_cautions(risk.extra_cautions, risk.caution_words)
        if not ignore_loss and (
            risk.over_limit or self.cautions >= self.caution_limit(self.seat)
        ):
            self._lose_control(
                to, st.gear, "over the limit" if risk.over_limit else "too many cautions"
            )
            return "loss"
        return "finish" if finished else ""

    def _flat_out_faces(self, cautions: tuple[int | str, ...]) -> None:
        seat, car = self.seat, self.car()
        rolled = self.rolled_dice()  # on the last lap, the dice past the line are not rolled
        shown = mark_cautions(rolled, cautions)
        self._roll_events(rolled, shown)
        gained = D.flat_out_focus(rolled)
        car["focus"] += gained  # earned even on a loss of control (RMG-15)
        self.emit("focus", f"{seat_token(seat)} earns {gained} focus.", seat=seat, gained=gained)
        plan_steps = self.plan_steps()[: self.line_steps()]
        if self._flying() and shown[plan_steps[0].plan_indices[-1]]:
            # the flying start's gear 2 shows a caution: the car moves one space and the turn
            # ends there in gear 2; flat out, a loss of control with it is ignored (RMG-33)
            self._step_at(0, sum(shown[i] for i in plan_steps[0].plan_indices), ignore_loss=True)
            self.emit(
                "flying_stop",
                f"{seat_token(seat)}'s flying start shows a caution: the turn ends.",
                seat=seat,
            )
            self._turn_done()
            return
        # would the plan as rolled, in its own order, lose control? (cautions only add up, so
        # which die of a kind shows one does not matter, up to the line)
        limit, count, here, lost = self.caution_limit(seat), 0, car["space"], False
        for s, st in enumerate(plan_steps):
            risk = move_risk(self.track, here, self.path[s], st.gear)
            count += sum(shown[i] for i in st.plan_indices) + risk.extra_cautions
            if risk.over_limit or count >= limit:
                lost = True
                break
            here = self.path[s]
        if not lost:
            for s, st in enumerate(plan_steps):
                if self._step_at(s, sum(shown[i] for i in st.plan_indices)):
                    break
            if self.phase == FLAT_ROLL:
                self._turn_done()
            return
        self.placements = self._loss_placements(rolled, shown)
        self.phase = PLACEMENT
        if len(self.placements) == 1:
            only = self.placements[0]
            self._place(Placement(only["space"], only["gear"]))

    def _step_faces(self, cautions: tuple[int | str, ...]) -> None:
        st = self.plan_steps()[self.step]
        rolled = [(d, i) for d, i in zip(st.dice, st.plan_indices) if i not in self.secured]
        shown = mark_cautions([d for d, _ in rolled], cautions)
        for d, i in zip(st.dice, st.plan_indices):
            if i in self.secured:
                self.faces.append([d, "secured"])
        self._roll_events([d for d, _ in rolled], shown)
        flying_caution = (
            self.step == 0
            and self._flying()
            and any(s for (d, _), s in zip(rolled, shown) if d == st.gear and D.is_gear_die(d))
        )
        result = self._step_at(self.step, sum(shown))
        if result == "loss":
            return
        self.step += 1
        if result == "finish" or self.step >= len(self.plan_steps()):
            self._turn_done()
        elif flying_caution:
            self.emit(
                "flying_stop",
                f"{seat_token(self.seat)}'s flying start shows a caution: the turn ends.",
                seat=self.seat,
            )
            self._turn_done()
        else:
            self.phase = STEPS
