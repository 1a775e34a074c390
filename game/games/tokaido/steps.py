"""What a stop still has to resolve, as typed steps (game/core/flow.py): a `Decision` waits for
the traveller `who` (its seat, or the leader for the neutral traveller), an `Auto` step is
resolved by the rules at once (`TokaidoState.resolve_<kind>`).

Everything a step holds is public: what only one seat may see while a step waits (Yoshiyasu's
two cards, Satsuki's free meal, the meals at the inn) is kept in own and secret fields of the
state instead.
"""
from __future__ import annotations

import dataclasses

from game.core.flow import Auto, Decision, step_codec

# ---- decisions --------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Walk(Decision):
    """Walk on (after Vitality; an empty queue means the traveller farthest behind walks)."""


@dataclasses.dataclass(frozen=True)
class StopOptions(Decision):
    """Crossroads: choose the stop's usual option, its new one, or both (TOK-46, TOK-56, TOK-58)."""
    options: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Village(Decision):
    """Buy any of the souvenirs offered (TOK-14)."""


@dataclasses.dataclass(frozen=True)
class Offering(Decision):
    """Give 1 to 3 coins to the temple (TOK-19)."""


@dataclasses.dataclass(frozen=True)
class LegendaryShop(Decision):
    """Buy one legendary object (TOK-47)."""


@dataclasses.dataclass(frozen=True)
class AmuletShop(Decision):
    """Buy one amulet for a coin (TOK-51)."""


@dataclasses.dataclass(frozen=True)
class CalligraphyShop(Decision):
    """Buy one calligraphy for a coin (TOK-52)."""


@dataclasses.dataclass(frozen=True)
class PanoramaChoice(Decision):
    """Paint the next part of one of `kinds`; with `optional`, painting none is allowed too
    (TOK-21, TOK-22, TOK-59)."""
    kinds: tuple[str, ...]
    optional: bool = False


@dataclasses.dataclass(frozen=True)
class EncounterChoice(Decision):
    """Yoshiyasu keeps one of the two encounters he drew (TOK-28); the cards are his alone."""


@dataclasses.dataclass(frozen=True)
class EncounterFee(Decision):
    """Pay the coin a New Encounter asks, or get nothing but the card (TOK-59)."""
    card: str


@dataclasses.dataclass(frozen=True)
class InnBet(Decision):
    """Jirocho may bet a coin on the fortune die (TOK-45)."""


@dataclasses.dataclass(frozen=True)
class Meal(Decision):
    """Choose a meal at the inn, or none (TOK-37); Satsuki's free offer is hers alone (TOK-25)."""


@dataclasses.dataclass(frozen=True)
class VitalityChoice(Decision):
    """In the lead after a stop: use Vitality and walk again, or keep it (TOK-58)."""


@dataclasses.dataclass(frozen=True)
class BathHouse(Decision):
    """Pay the bath house's coin, to the bank or to the temple with Devotion (TOK-49, TOK-58)."""


# ---- automatic steps ------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Arrive(Auto):
    """The traveller arrives at road index `index` (TOK-13)."""
    index: int


@dataclasses.dataclass(frozen=True)
class VitalityCheck(Auto):
    """After the stop: offer Vitality if the traveller now leads (TOK-58, TOK-73)."""


@dataclasses.dataclass(frozen=True)
class StopEffect(Auto):
    """What a stop of kind `stop` gives: `option` is "base", "cross", or "cross_too" (the new
    option after the usual one, when both are taken). (Not `kind`: a step's kind is its class.)"""
    stop: str
    option: str


@dataclasses.dataclass(frozen=True)
class DrawEncounter(Auto):
    """Draw an encounter: at an encounter space (`at_space`), or by Chuubei's power at an inn."""
    at_space: bool


@dataclasses.dataclass(frozen=True)
class InnArrival(Auto):
    """The traveller joins the inn's queue at road index `index` (TOK-12, TOK-36)."""
    index: int


@dataclasses.dataclass(frozen=True)
class InnPowers(Auto):
    """The powers that act at the three inns on the way, before the meal (TOK-22, TOK-24, TOK-45)."""


@dataclasses.dataclass(frozen=True)
class MealStart(Auto):
    """The traveller's meal: Satsuki's offer is drawn, the neutral traveller discards (TOK-25, TOK-67)."""


DECISIONS = (Walk, StopOptions, Village, Offering, LegendaryShop, AmuletShop, CalligraphyShop, PanoramaChoice,
             EncounterChoice, EncounterFee, InnBet, Meal, VitalityChoice, BathHouse)
AUTOS = (Arrive, VitalityCheck, StopEffect, DrawEncounter, InnArrival, InnPowers, MealStart)
STEP_CODEC = step_codec(DECISIONS + AUTOS)
