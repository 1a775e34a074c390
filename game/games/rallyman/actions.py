"""Rallyman GT's actions: what a driver (or chance) may do, as small frozen records. A save
names each by its class name (the engine's JSON form), so the names never change.
Clause ids RMG-n: seeds/rallyman.md."""

from __future__ import annotations

import dataclasses

from game.core.protocol import Action


@dataclasses.dataclass(frozen=True)
class PlanDie(Action):
    """Add one die to the plan: a gear die (1-6, with the brake dice its drop needs) or
    "coast", moving to space `to`, one of the `next` spaces of the plan's last space (RMG-7)."""

    die: int | str
    to: int


@dataclasses.dataclass(frozen=True)
class TakeBack(Action):
    """Take the plan's last die (with its brake dice) back (RMG-7)."""


@dataclasses.dataclass(frozen=True)
class Wait(Action):
    """No die can be planned (the way ahead is blocked): the car stays, stopped (RMG-13)."""


@dataclasses.dataclass(frozen=True)
class GoFlatOut(Action):
    """Roll every planned die at once (RMG-14)."""


@dataclasses.dataclass(frozen=True)
class GoOneByOne(Action):
    """Roll the plan one step at a time (RMG-17)."""


@dataclasses.dataclass(frozen=True)
class Secure(Action):
    """Spend focus so that die `index` of the plan shows no caution (RMG-18)."""

    index: int


@dataclasses.dataclass(frozen=True)
class RollStep(Action):
    """Roll the dice of the next step and move one space (RMG-17)."""


@dataclasses.dataclass(frozen=True)
class StopTurn(Action):
    """End the turn here, leaving the rest of the plan unrolled (RMG-17)."""


@dataclasses.dataclass(frozen=True)
class Faces(Action):
    """A roll's outcome (a CHANCE outcome): the dice that show a caution, by kind, sorted."""

    cautions: tuple[int | str, ...]


@dataclasses.dataclass(frozen=True)
class Placement(Action):
    """After a flat-out loss of control: re-place the rolled dice so that control is lost on
    space `space` in gear `gear` (RMG-16)."""

    space: int
    gear: int


@dataclasses.dataclass(frozen=True)
class Draw(Action):
    """A damage token drawn blind from the bag (a CHANCE outcome; RMG-21)."""

    token: str


@dataclasses.dataclass(frozen=True)
class PitStop(Action):
    """At the end of a turn in gear 1 on a plain edge space: "none" (drive on), "tyres",
    "repair" or "both" (RMG-26)."""

    service: str


@dataclasses.dataclass(frozen=True)
class BackOnTrack(Action):
    """On 00 the whole turn is putting the marker back on 0 (RMG-20)."""


@dataclasses.dataclass(frozen=True)
class NextRace(Action):
    """A championship: line up for the next race (RMG-37)."""


@dataclasses.dataclass(frozen=True)
class ChooseTyres(Action):
    """Leaving a tyre pit stop: fit dry or rain tyres (RMG-27)."""

    tyres: str


ACTION_TYPES = (
    PlanDie,
    TakeBack,
    Wait,
    GoFlatOut,
    GoOneByOne,
    Secure,
    RollStep,
    StopTurn,
    Faces,
    Placement,
    Draw,
    PitStop,
    BackOnTrack,
    ChooseTyres,
    NextRace,
)
