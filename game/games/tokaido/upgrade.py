"""Saves of older Tokaido rules, brought up to date.

Rules version 1 had one catch-all action, `Pick(what, arg, devote)`, for every choice at a
stop; version 2 has one typed action per choice (actions.py). A version 1 save is upgraded by
replaying it: most Picks map one to one, but a meal was named by its place in the hand, which
only the replayed state knows (version 2 names the dish).

Version 3 plays the first edition of Crossroads by default (TOK-66): versions 1 and 2 played the
later one, so their saves get the option `edition = "later"` and replay as they were played.
Version 3 also no longer offers to pay Kitoushi or Itamae for nothing (TOK-82): an old save
that paid for nothing gets "Do not pay" instead, and keeps its coin (the only case in which an
old game does not replay exactly; if a later move then no longer replays, the save is refused).
"""
from __future__ import annotations

from typing import Any

from game.core.protocol import Action, IllegalAction

from .actions import (Bet, BuyAmulet, BuyCalligraphy, BuyLegendary, ChooseOption, EatMeal, EatNothing,
                      KeepAmulet, KeepEncounter, PayEncounter, SkipPanorama, TakeBath, TakeFreeMeal,
                      TakePanorama, UseAmulet)
from .data import LATER_EDITION, MEALS

RULES_VERSION = 3


def upgrade_pick(what: str, arg: str, devote: bool, meal_hand: list[int]) -> Action:
    """The version 2 action for a version 1 `Pick` (`meal_hand`: the meals on the table then)."""
    if what == "option":
        return ChooseOption(arg)
    if what == "legendary":
        return BuyLegendary(arg, devote)
    if what == "amulet":
        return BuyAmulet(arg, devote)
    if what == "calligraphy":
        return BuyCalligraphy(arg, devote)
    if what == "panorama":
        return TakePanorama(arg) if arg else SkipPanorama()
    if what == "keep":
        return KeepEncounter(arg)
    if what == "pay":
        return PayEncounter(arg == "yes")
    if what == "bet":
        return Bet(arg == "yes")
    if what == "use":
        return UseAmulet(arg) if arg else KeepAmulet()
    if what == "bath":
        return TakeBath(devote)
    if what == "meal":
        if arg == "free":
            return TakeFreeMeal()
        if not arg:
            return EatNothing()
        place, _, how = arg.partition(":")
        if not place.isdigit() or int(place) >= len(meal_hand):
            raise ValueError(f"the meal {arg!r} is not on the table")
        return EatMeal(MEALS[meal_hand[int(place)]].dish, hospitality=how == "hospitality", devote=devote)
    raise ValueError(f"unknown choice {what!r}")


def upgrade_actions(actions: list[Any], num_players: int, seed: int, options: dict[str, Any]) -> list[dict]:
    """An old action list (of version 1 or 2) in the JSON of the current version, checked by
    replaying it under `options`."""
    from game.core.registry import get
    spec = get("tokaido")
    state = spec.make(num_players, seed, options)
    out = []
    for number, raw in enumerate(actions, 1):
        if isinstance(raw, dict) and raw.get("kind") == "Pick":
            action = upgrade_pick(str(raw.get("what", "")), str(raw.get("arg", "")), bool(raw.get("devote")),
                                  state.meal_hand)
        else:
            action = spec.decode_action(raw)
        if action == PayEncounter(True) and action not in state.legal_actions():
            action = PayEncounter(False)                                # paid for nothing (TOK-82)
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise ValueError(f"move {number} ({raw}) no longer replays: {exc}") from None
        out.append(action.to_json())
    return out


def upgrade_save(data: dict[str, Any], version: int) -> dict[str, Any]:
    """A save of rules `version` that replays under the current rules (ValueError if it cannot)."""
    if version >= RULES_VERSION:
        return data
    if version not in (1, 2):
        raise ValueError(f"no upgrade from rules version {version}")
    options = {**dict(data.get("options") or {}), "edition": LATER_EDITION}    # as it was played
    actions = upgrade_actions(list(data["actions"]), len(data["seats"]), int(data["seed"]), options)
    return {**data, "options": options, "actions": actions, "rules_version": RULES_VERSION}
