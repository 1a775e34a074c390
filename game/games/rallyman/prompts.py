"""Rallyman GT's table in words: the prompt to the driver, what the driver weighs (told to the
others), the words of the panel and of a die's tip, the pit services' labels, and a plan's dice
and a chance in words. A part of RallymanScene (scene.py), kept in its own file."""
from __future__ import annotations

import itertools
from collections.abc import Hashable

from game.core.text import plural

from . import dice as D
from .actions import PlanDie, RollStep, Secure, StopTurn, Wait
from .phases import PIT, PLACEMENT, PLAN, SPUN, STANDINGS, STEPS, TYRES

SERVICE_LABELS = {"none": "Drive on", "tyres": "Tyres (ends on 0)", "repair": "Repair (ends on 00)",
                  "both": "Tyres + repair (00)"}
SERVICE_TIPS = {"none": "Do not stop: the turn ends here as usual.",
                "tyres": "Stop in the pit and change tyres: next turn you choose dry or rain, from 0.",
                "repair": "Stop in the pit and get every lost die back: the car waits on 00.",
                "both": "Change tyres and repair: the car waits on 00, then you choose the tyres."}


def die_name(die: int | str) -> str:
    return f"gear {die}" if isinstance(die, int) else str(die)


def plan_words(plan: list) -> str:
    """A plan's dice in words, in order, brakes and coast included: "gear 3, gear 4, 2 brakes"."""
    words = []
    for die, run in itertools.groupby(plan):
        count = len(list(run))
        if isinstance(die, int) or count == 1:
            words += [die_name(die)] * count
        else:
            words.append(f"{count} {die_name(die)}s")
    return ", ".join(words)


def percent(p: float) -> str:
    if p <= 0:
        return "0%"
    if p < 0.005:
        return "<1%"
    return f"{p * 100:.0f}%"


class Prompts:
    """The words' part of RallymanScene."""

    def die_tip(self, die: int | str) -> str:
        faces = D.caution_faces(die)
        if die == "coast":
            what = "Coast die: the car moves one space in the gear it is in."
        elif die == "brake":
            what = "Brake die: lets the next gear die drop one gear more."
        else:
            what = f"Gear {die} die: the car moves one space in gear {die}."
            brakes = self.brakes_for(die)
            if brakes:
                what += f" From here it brings {plural(brakes, 'brake die', 'brake dice')}."
        return f"{what} A caution on {faces} of its 6 faces."

    def why_not_target(self, target: Hashable) -> str:
        if isinstance(target, tuple) and target and target[0] == "space" and self.phase == PLAN:
            if not self.legal_of(PlanDie):
                return "No die fits on from here: roll what is planned, or take a die back."
            return "That space is not one of the glowing next spaces."
        if self.phase != PLAN:
            return "The track is for looking now: the buttons in the panel are what you may do."
        return "Nothing to click there: plan a die on a glowing space."

    def _panel_words(self, phase: str, seat: int, mine: bool) -> str:
        if not mine:
            return f"{self.name(seat)} is at the wheel."
        if phase == STEPS:
            return "Roll the next step's dice. Focus secures a die first; after the first step you may stop."
        if phase == PLACEMENT:
            return "The dice lose control wherever they go: choose where, and in which gear."
        if phase == PIT:
            return "You ended in gear 1 by the pit lane: you may stop."
        if phase == TYRES:
            return "Leaving the pit: fit dry or rain tyres."
        if phase == SPUN:
            return "On 00 the whole turn goes to getting back on the track."
        if phase == PLAN and self.legal_of(Wait):
            return "No die fits: the way ahead is blocked."
        return ""

    def decision_words(self, kind: str) -> str:
        """What the driver weighs, for the others: a plan is told as it grows, every die named
        (brakes too), with the chance of losing control (the path shows on the track)."""
        v = self.view
        odds = v.get("odds") or {}
        risk = f" (loss of control {percent(odds['loss_of_control'])})" if odds and v["plan"] else ""
        if kind == PLAN:
            return f"planning {plan_words(v['plan'])}{risk}" if v["plan"] else "which dice to plan"
        if kind == STEPS and v["plan_steps"]:
            return f"rolling step {v['step'] + 1} of {len(v['plan_steps'])}{risk}"
        return {PLACEMENT: "where the car loses control", PIT: "whether to stop in the pit",
                TYRES: "which tyres to fit", SPUN: "getting back on the track"}.get(kind, "")

    def prompt(self) -> str:
        phase = self.phase
        if phase == PLAN:
            if self.legal_of(Wait):
                return "the way ahead is blocked: wait."
            if self.view["plan"]:
                return "add another die, or roll: flat out or one at a time."
            return "plan your dice: choose a die in the tray, then a glowing space."
        if phase == STEPS:   # only what the rules allow now (securing costs focus; a stop needs a roll)
            ways = ["roll the next step"] if self.legal_of(RollStep) else []
            if self.legal_of(Secure):
                ways.append("secure a die with focus")
            if self.legal_of(StopTurn):
                ways.append("stop here")
            if not ways:
                return "wait for the dice."
            return (", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]) + "."
        if phase == PLACEMENT:
            return "you lost control: choose where the dice put the car."
        if phase == PIT:
            return "stop in the pit, or drive on."
        if phase == TYRES:
            return "choose the tyres for the next stint."
        if phase == SPUN:
            return "the car is off the track: bring it back on 0."
        if phase == STANDINGS:
            return "you lead the championship: start the next race."
        return "your turn."
