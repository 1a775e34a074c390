"""The travellers' powers as a table: what each traveller's `effect` in cards.toml means, and the
prices those powers change. No state here: the rules (and a scene, from the view) ask these.

Every power the rules implement is one field of `Power`; a traveller's record in cards.toml
sets the fields of its own power, so a designer can tune a power (Kinko's discount, say) in the
data. A key the rules do not know is an error at import, not a power that silently does nothing.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from .data import SOUVENIRS, TRAVELLERS, Meal


@dataclasses.dataclass(frozen=True)
class Power:
    """What a traveller's power does; the defaults are "nothing"."""

    #: at each of the three inns on the way, before the meal (TOK-22, TOK-24, TOK-45):
    #: "panorama" (Hiroshige), "encounter" (Chuubei), "souvenir" (Daigoro), "bet" (Jirocho)
    at_inn: str = ""
    #: every meal costs this much less, down to 0 (Kinko, TOK-23)
    meal_discount: int = 0
    #: encounter cards drawn at an encounter space, one kept (Yoshiyasu, TOK-28)
    encounter_draw: int = 1
    #: at each inn a meal from the deck is offered for free (Satsuki, TOK-25)
    free_meal: bool = False
    #: 1 more point per hot spring card, bath house and achievement (Mitsukuni, TOK-31)
    point_per_spring_and_achievement: bool = False
    #: buying two or more souvenirs, the cheapest is free; all must be affordable (Sasayakko, TOK-26)
    cheapest_souvenir_free: bool = False
    #: at a temple, 1 coin from the bank joins the offering (Hirotada, TOK-30)
    bank_coin_at_temple: bool = False
    #: coins and points at an encounter space, before anything else (Umegae, TOK-27)
    encounter_space_coins: int = 0
    encounter_space_points: int = 0
    #: once per village, one souvenir costs only 1 coin (Zen-emon, TOK-29)
    one_souvenir_for_one: bool = False
    #: each inn meal scores its printed price on top (Nampo, TOK-45)
    meal_price_points: bool = False
    #: coins for every stop at a panorama (Gotozaemon, TOK-54)
    panorama_coins: int = 0
    #: the stop kind where both options may be taken (Kita, Miyataka, TOK-56)
    both_options_at: str = ""


NO_POWER = Power()
_KNOWN = {f.name for f in dataclasses.fields(Power)}


def _table() -> dict[str, Power]:
    table = {}
    for key, traveller in TRAVELLERS.items():
        effect = dict(traveller.get("effect", {}))
        unknown = set(effect) - _KNOWN
        if unknown:
            raise ValueError(f"cards.toml: {key} has effects the rules do not know: {sorted(unknown)}")
        table[key] = Power(**effect)
    return table


#: traveller key -> its power
POWERS: dict[str, Power] = _table()


def power(traveller: str) -> Power:
    """The power of a traveller key ("" with Initiation, or the neutral traveller: none)."""
    return POWERS.get(traveller, NO_POWER)


def meal_price(traveller: str, meal: Meal) -> int:
    """What a meal costs this traveller (TOK-23)."""
    return max(0, meal.price - power(traveller).meal_discount)


def souvenir_price(traveller: str, coins: int, cards: Iterable[int]) -> int | None:
    """What buying `cards` costs a traveller holding `coins`, or None if they cannot pay
    (TOK-14, TOK-26, TOK-29)."""
    p = power(traveller)
    prices = sorted(SOUVENIRS[c].price for c in cards)
    full = sum(prices)
    for_one = p.one_souvenir_for_one and bool(prices)
    if full > coins and not (for_one and full - (prices[-1] - 1) <= coins):
        return None
    cost = full
    if p.cheapest_souvenir_free and len(prices) >= 2:
        if full > coins:
            return None                      # she must be able to pay them all
        cost -= prices[0]
    if for_one:
        cost -= prices[-1] - 1               # the dearest one for a single coin
    return cost if cost <= coins else None
