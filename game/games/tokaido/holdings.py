"""A seat's holdings in words, for a finished game's replay with everything revealed
(table/everything.py): the travellers dealt and the one chosen (before all are shown), the
meals eaten face down, the amulets, the encounter cards drawn and the meal offered to it."""
from __future__ import annotations

from typing import Any

from .data import TRAVELLERS
from .journey import counted, met_name
from .rules import MEALS


def holdings_words(scene: Any, seat: int, held: dict[str, Any], view: dict[str, Any], brief: bool) -> list[str]:
    words = []
    if held.get("dealt"):
        words.append("Travellers dealt: " + ", ".join(TRAVELLERS[k]["name"] for k in held["dealt"]))
    if held.get("chosen"):
        words.append(f"Chosen: {TRAVELLERS[held['chosen']]['name']}")
    meals = [MEALS[m].dish for m in (held.get("meals") or []) + (held.get("cook_meals") or [])]
    words.append(f"Meals: {counted(meals) or 'none yet'}")
    amulets = held.get("amulets") or []
    if amulets:
        words.append("Amulets: " + counted(a.title() for a in amulets))
    if held.get("drawn"):
        words.append("Encounters drawn: " + ", ".join(met_name(e) for e in held["drawn"]))
    if view.get("meal_hand"):    # the inn's meals on the table, seen by the one choosing
        words.append("Choosing among: " + ", ".join(MEALS[m].dish for m in view["meal_hand"]))
    if held.get("meal_offer"):
        words.append("Meal offered: " + ", ".join(MEALS[m].dish for m in held["meal_offer"]))
    return words
