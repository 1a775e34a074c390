"""Saves of Tokaido's rules version 1 (one catch-all `Pick` action) replay under the current rules.

The fixture golden_rules_v1.json is the golden playthrough as it was committed under version 1:
its action list, upgraded, must end the same journey with the same scores."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.session import Session
from game.games.tokaido import SPEC
from game.games.tokaido.actions import (Bet, BuyAmulet, BuyCalligraphy, BuyLegendary, ChooseOption, EatMeal,
                                        EatNothing, KeepAmulet, KeepEncounter, PayEncounter, SkipPanorama, TakeBath,
                                        TakeFreeMeal, TakePanorama, UseAmulet)
from game.games.tokaido.data import MEALS
from game.games.tokaido.upgrade import upgrade_pick

V1 = json.loads((Path(__file__).resolve().parent / "golden_rules_v1.json").read_text(encoding="utf-8"))


def v1_save(actions: list | None = None) -> dict:
    return {"format": "journeys-save", "version": 1, "game": "tokaido", "rules_version": 1,
            "seats": [{"name": f"P{i}", "kind": "person"} for i in range(V1["players"])],
            "options": V1["options"], "seed": V1["seed"], "actions": V1["actions"] if actions is None else actions}


def test_version_1_saves_are_upgraded():
    assert SPEC.rules_version == 3 and SPEC.upgrade_save is not None
    assert any(a["kind"] == "Pick" for a in V1["actions"])
    data = SPEC.upgrade_save(v1_save(), 1)
    assert data["rules_version"] == 3 and data["options"]["edition"] == "later"     # as played (TOK-66)
    assert not any(a["kind"] == "Pick" for a in data["actions"]) and len(data["actions"]) == len(V1["actions"])
    state = SPEC.make(V1["players"], V1["seed"], data["options"])
    for raw in data["actions"]:
        state.apply(SPEC.decode_action(raw))
    assert state.is_over and state.scores() == V1["scores"] and state.winners() == V1["winners"]


def test_a_session_loads_an_old_save():
    session = Session.from_save(v1_save())
    assert session.state.is_over and session.state.scores() == V1["scores"]
    assert session.to_save()["rules_version"] == 3


def test_an_old_save_that_no_longer_replays_is_refused():
    broken = list(V1["actions"][:12]) + [{"kind": "Pick", "what": "bet", "arg": "yes", "devote": False}]
    with pytest.raises(ValueError, match="move 13"):
        SPEC.upgrade_save(v1_save(broken), 1)


@pytest.mark.parametrize("old, new", [
    (("option", "cross", False), ChooseOption("cross")),
    (("legendary", "ema", True), BuyLegendary("ema", True)),
    (("amulet", "health", False), BuyAmulet("health")),
    (("calligraphy", "fasting", True), BuyCalligraphy("fasting", True)),
    (("panorama", "sea", False), TakePanorama("sea")),
    (("panorama", "", False), SkipPanorama()),
    (("keep", "kuge", False), KeepEncounter("kuge")),
    (("pay", "yes", False), PayEncounter(True)),
    (("pay", "no", False), PayEncounter(False)),
    (("bet", "no", False), Bet(False)),
    (("use", "fortune", False), UseAmulet("fortune")),
    (("use", "", False), KeepAmulet()),
    (("bath", "yes", True), TakeBath(True)),
    (("meal", "free", False), TakeFreeMeal()),
    (("meal", "", False), EatNothing()),
    (("meal", "1", True), EatMeal(MEALS[20].dish, devote=True)),
    (("meal", "0:hospitality", False), EatMeal(MEALS[3].dish, hospitality=True)),
])
def test_every_old_choice_has_its_typed_action(old, new):
    assert upgrade_pick(*old, meal_hand=[3, 20]) == new
