"""What a Tokaido player may do, as typed actions (small frozen dataclasses with a stable JSON
form), and each in words. Which of them are legal when is the rules' business (rules.py)."""
from __future__ import annotations

import dataclasses
from typing import Any

from game.core.protocol import Action

from .data import ENCOUNTER_NAMES, KIND_NAMES, LEGENDARY, OPTION_NAMES, PAID_ENCOUNTERS, SOUVENIRS, TRAVELLERS
from .powers import power


@dataclasses.dataclass(frozen=True)
class ChooseTraveller(Action):
    """Keep one of the two traveller tiles dealt (TOK-4)."""
    traveller: str


@dataclasses.dataclass(frozen=True)
class Move(Action):
    """Walk to road index `index`; `slot` 1 is the second place of a doubled stop; `share`
    uses the Friendship amulet to stop where someone already stands (TOK-7, TOK-58)."""
    index: int
    slot: int = 0
    share: bool = False


@dataclasses.dataclass(frozen=True)
class UseAmulet(Action):
    """Use an amulet now: Fortune before walking, Vitality after a stop that puts you in the
    lead (TOK-58, TOK-73)."""
    name: str


@dataclasses.dataclass(frozen=True)
class KeepAmulet(Action):
    """Do not use the amulet offered now (Vitality)."""


@dataclasses.dataclass(frozen=True)
class ChooseOption(Action):
    """Crossroads: a stop's "base" option, its "cross" option, or "both" (TOK-46)."""
    option: str


@dataclasses.dataclass(frozen=True)
class BuySouvenirs(Action):
    """At a village, buy these of the offered souvenirs (none is allowed) (TOK-14); `devote`
    sends the coins to the temple with the Devotion amulet (TOK-58, TOK-70)."""
    cards: tuple[int, ...]
    devote: bool = False


@dataclasses.dataclass(frozen=True)
class Donate(Action):
    """At a temple, give 1-3 coins; `extra`: Hirotada adds a coin from the bank (TOK-19, TOK-30)."""
    coins: int
    extra: bool = False


@dataclasses.dataclass(frozen=True)
class BuyLegendary(Action):
    """Buy the legendary object `key` (TOK-47)."""
    key: str
    devote: bool = False


@dataclasses.dataclass(frozen=True)
class BuyAmulet(Action):
    """Buy the amulet `name` for a coin (TOK-51)."""
    name: str
    devote: bool = False


@dataclasses.dataclass(frozen=True)
class BuyCalligraphy(Action):
    """Buy the calligraphy `name` for a coin (TOK-52)."""
    name: str
    devote: bool = False


@dataclasses.dataclass(frozen=True)
class TakePanorama(Action):
    """Paint the next part of a panorama (paddy, mountain, sea). (No field may be named `kind`:
    the JSON form of an action uses that key for its class.)"""
    panorama: str


@dataclasses.dataclass(frozen=True)
class SkipPanorama(Action):
    """Paint no other panorama (a guide whose own panorama is finished, TOK-21)."""


@dataclasses.dataclass(frozen=True)
class KeepEncounter(Action):
    """Yoshiyasu keeps the encounter `card` of the two he drew (TOK-28)."""
    card: str


@dataclasses.dataclass(frozen=True)
class PayEncounter(Action):
    """Pay the New Encounter's coin, or not (TOK-59)."""
    pay: bool


@dataclasses.dataclass(frozen=True)
class Bet(Action):
    """Jirocho bets a coin on the fortune die, or not (TOK-45)."""
    bet: bool


@dataclasses.dataclass(frozen=True)
class EatMeal(Action):
    """Eat `dish` from the meals at the inn: paying its price, free with the Hospitality amulet,
    or paying into the temple with Devotion (TOK-37, TOK-58)."""
    dish: str
    hospitality: bool = False
    devote: bool = False


@dataclasses.dataclass(frozen=True)
class TakeFreeMeal(Action):
    """Satsuki takes the meal offered to her (TOK-25)."""


@dataclasses.dataclass(frozen=True)
class EatNothing(Action):
    """Eat nothing at this inn."""


@dataclasses.dataclass(frozen=True)
class TakeBath(Action):
    """Pay the bath house's coin; `devote`: into the temple, with Devotion (TOK-49, TOK-58)."""
    devote: bool = False


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseTraveller, Move, UseAmulet, KeepAmulet, ChooseOption, BuySouvenirs, Donate, BuyLegendary,
    BuyAmulet, BuyCalligraphy, TakePanorama, SkipPanorama, KeepEncounter, PayEncounter, Bet, EatMeal,
    TakeFreeMeal, EatNothing, TakeBath)


def describe(state: Any, action: Action) -> str:
    """One line for a tooltip, in the game's own words."""
    devote = " (to the temple, with Devotion)" if getattr(action, "devote", False) else ""
    if isinstance(action, ChooseTraveller):
        t = TRAVELLERS.get(action.traveller, {})
        return f"Travel as {t.get('name', action.traveller)}, {t.get('title', '')}"
    if isinstance(action, Move):
        if action.index >= len(state.road):
            return "Walk on"
        share = " (sharing, with Friendship)" if action.share else ""
        return f"Walk to the {KIND_NAMES[state.road[action.index].kind]}{share}"
    if isinstance(action, BuySouvenirs):
        if not action.cards:
            return "Buy nothing"
        return "Buy " + ", ".join(SOUVENIRS[c].name for c in action.cards) + devote
    if isinstance(action, Donate):
        return f"Give {action.coins} coin{'s' if action.coins > 1 else ''} to the temple" + \
            (" (+1 from the bank)" if action.extra else "")
    if isinstance(action, ChooseOption):
        return OPTION_NAMES.get(action.option, action.option) + (_both_cost(state) if action.option == "both" else "")
    if isinstance(action, BuyLegendary):
        obj = LEGENDARY[action.key]
        return f"Buy {obj.name} ({obj.price}){devote}"
    if isinstance(action, BuyAmulet):
        return f"Buy the amulet {action.name.title()}{devote}"
    if isinstance(action, BuyCalligraphy):
        return f"Buy the calligraphy {action.name.title()}{devote}"
    if isinstance(action, TakePanorama):
        return f"Take the next part of the {KIND_NAMES[action.panorama]} panorama"
    if isinstance(action, SkipPanorama):
        return "Paint no other panorama"
    if isinstance(action, KeepEncounter):
        return f"Keep {ENCOUNTER_NAMES[action.card]}"
    if isinstance(action, PayEncounter):
        return _fee_words(state, action.pay)
    if isinstance(action, Bet):
        return "Bet a coin and roll" if action.bet else "Do not bet"
    if isinstance(action, TakeFreeMeal):
        return "Take the free meal"
    if isinstance(action, EatNothing):
        return "Eat nothing here"
    if isinstance(action, EatMeal):
        return f"Eat {action.dish}" + (" free (Hospitality)" if action.hospitality else "") + devote
    if isinstance(action, UseAmulet):
        return f"Use the amulet of {action.name.title()}"
    if isinstance(action, KeepAmulet):
        return "Keep the amulet"
    if isinstance(action, TakeBath):
        return f"Take a bath house (1 coin){devote}"
    return repr(action)


def _both_cost(state: Any) -> str:
    """What taking both options of a stop costs: Kita's and Miyataka's power is free at their own
    kind of stop, anyone else spends the Health amulet (TOK-56, TOK-58)."""
    piece = state.acting_piece()
    p = state.players[piece]
    if power(p["traveller"]).both_options_at == state.road[p["index"]].kind:
        return f" ({TRAVELLERS[p['traveller']]['name']}'s power, free)"
    return ", one after the other: spends your Health amulet"


def _fee_words(state: Any, pay: bool) -> str:
    """Pay a New Encounter's coin, or not; and why paying is not offered (TOK-59, TOK-82)."""
    step = state.queue[0] if state.queue else None
    card = getattr(step, "card", "")
    if card not in PAID_ENCOUNTERS:
        return "Pay" if pay else "Do not pay"
    coins = PAID_ENCOUNTERS[card]
    if pay:
        return f"Pay {coins} coin to {ENCOUNTER_NAMES[card]}"
    if not state.fee_worth_paying(step.who, card) and state.players[step.who]["coins"] >= coins:
        why = {"kitoushi": "your three panoramas are finished", "itamae": "the meal deck is empty"}[card]
        return f"Do not pay: {why}, so paying gives nothing"
    return "Do not pay, and get nothing but the card"
