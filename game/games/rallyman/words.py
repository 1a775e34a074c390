"""Rallyman GT in words: an action described for the log and the buttons, why an action is
refused, a die's name and a place's ordinal. A part of RallymanState (rules.py), kept in its
own file."""

from __future__ import annotations

from game.core.protocol import Action

from . import dice as D
from .actions import (BackOnTrack, ChooseTyres, Draw, Faces, GoFlatOut, GoOneByOne, NextRace, PitStop, Placement,
                      PlanDie, RollStep, Secure, StopTurn, TakeBack, Wait)
from .phases import OVER, PLAN, STANDINGS


class Words:
    """The words' half of RallymanState."""

    plan: list[int | str]

    # ---- words ----------------------------------------------------------------------------
    def describe(self, action: Action) -> str:
        kind = type(action)
        if kind is PlanDie:
            return f"Plan the {die_words(action.die)} die to space {action.to}"
        if kind is Faces:
            return (
                ("Cautions on " + ", ".join(die_words(d) for d in action.cautions))
                if action.cautions
                else "No caution"
            )
        if kind is Secure:
            die = die_words(self.plan[action.index]) if action.index < len(self.plan) else ""
            return f"Secure the {die} die with focus"
        if kind is Placement:
            return f"Lose control on space {action.space} in gear {action.gear}"
        if kind is Draw:
            return f"Damage token: {action.token.replace('_', ' ')}"
        if kind is PitStop:
            return {
                "none": "Drive past the pit",
                "tyres": "Pit: change tyres (0)",
                "repair": "Pit: repair (00)",
                "both": "Pit: tyres and repair (00)",
            }[action.service]
        if kind is ChooseTyres:
            return f"Fit {action.tyres} tyres"
        return {
            TakeBack: "Take the last die back",
            Wait: "Wait (boxed in)",
            GoFlatOut: "Roll flat out: every die at once",
            GoOneByOne: "Roll one step at a time",
            RollStep: "Roll this step",
            StopTurn: "Stop the turn here",
            BackOnTrack: "Back on the track on 0",
            NextRace: "Line up for the next race",
        }.get(kind, kind.__name__)

    def explain_illegal(self, action: Action) -> str:
        if self.phase == OVER:
            return "The race is over."
        if self.phase == STANDINGS:
            return "The race is over: the next one starts from the standings."
        if isinstance(action, PlanDie) and self.phase == PLAN:
            if action.to in self.occupied(self.seat):
                return "Another car is on that space."
            return "That die cannot go on the plan there (gear steps, dice left, or overtaking)."
        return "That is not allowed right now."


def die_words(die: int | str) -> str:
    return f"gear {die}" if D.is_gear_die(die) else str(die)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th..."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
