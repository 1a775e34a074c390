"""Tokaido's two editions of Crossroads (TOK-66) where they differ: Shodo and Emaki (TOK-55),
Patience (TOK-53) and a finished panorama's stops (TOK-11, TOK-48); the bots under both; paying
a New Encounter only for something (TOK-82); what taking both options costs (TOK-56, TOK-58);
and saves of rules version 2, which were played by the later edition."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core import testing
from game.core.protocol import IllegalAction
from game.core.rng import Rng
from game.core.session import Session
from game.games.tokaido import SPEC, scoring
from game.games.tokaido.actions import (BuyLegendary, ChooseOption, Move, PayEncounter, TakePanorama)
from game.games.tokaido.bot import CALLIGRAPHY_SHARE, KNOWLEDGE, determinize
from game.games.tokaido.data import FIRST_EDITION, LATER_EDITION
from game.games.tokaido.rules import PHASE_OVER, TokaidoState
from game.games.tokaido.upgrade import RULES_VERSION

from tests.tokaido.builders import (amulets, crossroad, holding, meets, new, others_at_next_inn, panoramas, place,
                                    started, stop_index)

HERE = Path(__file__).resolve().parent
V2 = json.loads((HERE / "golden_rules_v2.json").read_text(encoding="utf-8"))
V2_KITOUSHI = json.loads((HERE / "golden_rules_v2_kitoushi.json").read_text(encoding="utf-8"))
EDITIONS = (FIRST_EDITION, LATER_EDITION)


def moves(state: TokaidoState) -> list[int]:
    return [a.index for a in state.legal_actions() if isinstance(a, Move)]


def old_save(fixture: dict, version: int = 2) -> dict:
    return {"format": "journeys-save", "version": 1, "game": "tokaido", "rules_version": version,
            "seats": [{"name": f"P{i}", "kind": "person"} for i in range(fixture["players"])],
            "options": fixture["options"], "seed": fixture["seed"], "actions": fixture["actions"]}


# ---- the option ------------------------------------------------------------------------------

def test_the_rules_edition_is_an_option_and_the_rulebook_is_the_default_TOK_66():
    option = {o.key: o for o in SPEC.options}["edition"]
    assert option.default == FIRST_EDITION == "first"
    assert [value for value, _label in option.choices] == ["first", "later"]
    assert "rulebook" in dict(option.choices)["first"].lower()
    assert new(3, 1).edition == FIRST_EDITION and new(3, 1).options["edition"] == FIRST_EDITION
    assert new(3, 1, edition="later").edition == LATER_EDITION
    assert new(3, 1, edition="later").view(0)["options"]["edition"] == "later"     # the scene can tell
    with pytest.raises(ValueError, match="edition"):
        new(3, 1, edition="second")


# ---- Shodo and Emaki ---------------------------------------------------------------------------

@pytest.mark.parametrize("legendary, souvenirs, first, later", [
    (["shodo", "murasame"], [0, 7], 4 + 2 + 8, 4 + 3 + 8),     # a sword bought after Shodo: later only
    (["murasame", "shodo"], [0, 7], 4 + 3 + 8, 4 + 3 + 8),     # bought before: both count it
    (["shodo", "emaki"], [0], 1 + 1 + 2, 1 + 2 + 2),           # Emaki counts Shodo; Shodo counts Emaki later
    (["emaki"], [0, 7, 13], 9 + 3, 9 + 3),                     # souvenirs count whenever they come
])
def test_shodo_and_emaki_count_later_legendary_objects_only_in_the_later_edition_TOK_55_TOK_66(
        legendary, souvenirs, first, later):
    record = {"legendary": legendary, "souvenirs": souvenirs}
    assert scoring.souvenir_points(record, FIRST_EDITION) == first
    assert scoring.souvenir_points(record, LATER_EDITION) == later
    assert scoring.souvenir_points(record) == first                       # the rulebook by default


@pytest.mark.parametrize("edition, points", [(FIRST_EDITION, 0 + 8), (LATER_EDITION, 1 + 8)])
def test_shodo_then_a_sword_on_the_score_track_TOK_55_TOK_66(edition, points):
    state, p = crossroad("village", coins=6, edition=edition)
    state.apply(ChooseOption("cross"))
    state.apply(BuyLegendary("shodo"))
    assert state.souvenir_points(p) == 0
    state.apply(Move(stop_index(state, "village", after=state.players[p]["index"])))
    state.apply(ChooseOption("cross"))
    state.apply(BuyLegendary("murasame"))
    assert state.players[p]["legendary"] == ["shodo", "murasame"]
    assert state.souvenir_points(p) == points == dict(state.score_breakdown())["Souvenirs"][p]


# ---- Patience ----------------------------------------------------------------------------------

@pytest.mark.parametrize("rank, first, later", [(3, 6, 6), (2, 2, 4), (1, 2, 2)])
def test_patience_6_for_the_last_else_2_and_4_before_the_last_in_the_later_edition_TOK_53_TOK_66(
        rank, first, later):
    record = {"calligraphy": ["patience"], "edo_rank": rank}
    assert scoring.calligraphy_points(record, 0, 3, FIRST_EDITION) == first
    assert scoring.calligraphy_points(record, 0, 3, LATER_EDITION) == later
    for edition, points in ((FIRST_EDITION, first), (LATER_EDITION, later)):
        state = started(3, 40, crossroads=True, edition=edition)
        holding(state, 1, calligraphy=["patience"], edo_rank=rank)
        state.phase = PHASE_OVER
        assert dict(state.score_breakdown())["Calligraphy"][1] == points


# ---- a finished panorama -------------------------------------------------------------------------

def test_a_finished_panorama_stays_closed_in_the_first_edition_even_with_crossroads_TOK_11_TOK_48_TOK_66():
    state = started(3, 7, crossroads=True)
    mover = state.mover()
    panoramas(state, mover, paddy=3)
    paddy = stop_index(state, "paddy")
    assert state.cherry_left > 0 and paddy not in moves(state)
    with pytest.raises(IllegalAction, match="not even for a cherry tree"):
        state.apply(Move(paddy))
    later = started(3, 7, crossroads=True, edition="later")
    panoramas(later, mover, paddy=3)
    assert paddy in moves(later)
    later.apply(Move(paddy))
    assert later.players[mover]["cherry"] == 1 and later.players[mover]["panoramas"]["paddy"] == 3
    bare = started(3, 7, crossroads=True, edition="later")          # no cherry tree left: closed too
    panoramas(bare, mover, paddy=3)
    bare.cherry_left = 0
    assert paddy not in moves(bare)
    with pytest.raises(IllegalAction, match="complete"):
        bare.apply(Move(paddy))


# ---- the bots ----------------------------------------------------------------------------------

def _patience_on_the_road(edition: str) -> TokaidoState:
    """Seat 1 holds Patience and walks second to last; seat 0 is behind, seat 2 ahead."""
    state = started(3, 41, crossroads=True, edition=edition)
    for piece, index in ((0, 2), (1, 4), (2, 6)):
        place(state, piece, index)
    state.inns["0"] = []
    holding(state, 1, calligraphy=["patience"])
    return state


def test_the_bots_value_patience_by_the_edition_TOK_53_TOK_66():
    first, later = (KNOWLEDGE.estimate(_patience_on_the_road(e)) for e in EDITIONS)
    assert later[1] - first[1] == pytest.approx(CALLIGRAPHY_SHARE * (4 - 2))
    assert later[0] == first[0] and later[2] == first[2]
    state = _patience_on_the_road(LATER_EDITION)
    assert determinize(state.view(0), Rng(3)).edition == LATER_EDITION
    assert determinize(_patience_on_the_road(FIRST_EDITION).view(0), Rng(3)).edition == FIRST_EDITION


def test_the_bots_value_shodo_by_the_edition_TOK_55_TOK_66():
    values = []
    for edition in EDITIONS:
        state = started(3, 42, crossroads=True, edition=edition)
        holding(state, 0, legendary=["shodo", "masamune"], souvenirs=[0])
        values.append(KNOWLEDGE.estimate(state)[0])
    assert values[1] - values[0] == pytest.approx(1)          # Shodo counts the later sword


@pytest.mark.parametrize("edition", EDITIONS)
def test_random_crossroads_games_keep_the_contract_in_both_editions_TOK_66(edition):
    options = {"crossroads": True, "new_encounters": True, "edition": edition}
    for n, seed in ((2, 5), (4, 6), (5, 7)):
        state = testing.check_game(SPEC, n, options, seed, check_every=13)
        assert state.is_over and state.edition == edition


# ---- paying for something (TOK-82) ---------------------------------------------------------------

def test_kitoushi_asks_a_coin_only_while_a_panorama_is_unfinished_TOK_82_TOK_59():
    state = started(3, 34, new_encounters=True)
    mover = state.mover()
    holding(state, mover, coins=4)
    panoramas(state, mover, paddy=3, mountain=4, sea=5)
    meets(state, "kitoushi")
    assert state.legal_actions() == [PayEncounter(False)]
    assert "panoramas are finished" in state.describe(PayEncounter(False))
    state.apply(PayEncounter(False))
    assert state.players[mover]["coins"] == 4 and state.players[mover]["encounters"] == ["kitoushi"]
    state = started(3, 34, new_encounters=True)
    holding(state, mover, coins=4)
    panoramas(state, mover, paddy=3, mountain=4, sea=4)
    meets(state, "kitoushi")
    assert state.legal_actions() == [PayEncounter(True), PayEncounter(False)]
    assert "1 coin" in state.describe(PayEncounter(True))
    state.apply(PayEncounter(True))
    assert state.legal_actions() == [TakePanorama("sea")]
    state.apply(TakePanorama("sea"))
    assert state.players[mover]["coins"] == 3 and state.players[mover]["panoramas"]["sea"] == 5


def test_itamae_asks_a_coin_only_while_the_meal_deck_holds_a_card_TOK_82():
    state = started(3, 34, new_encounters=True)
    mover = state.mover()
    holding(state, mover, coins=4)
    state.meal_deck = []
    meets(state, "itamae")
    assert state.legal_actions() == [PayEncounter(False)]
    assert "meal deck is empty" in state.describe(PayEncounter(False))
    state = started(3, 34, new_encounters=True)
    holding(state, mover, coins=0)
    meets(state, "takuhatsuso")
    assert state.legal_actions() == [PayEncounter(False)]
    assert state.describe(PayEncounter(False)) == "Do not pay, and get nothing but the card"


# ---- what taking both costs --------------------------------------------------------------------

def test_taking_both_options_says_it_spends_the_health_amulet_TOK_58_TOK_56():
    state = started(3, 25, crossroads=True)
    others_at_next_inn(state, 0, 0)
    holding(state, 0, coins=5)
    amulets(state, 0, "health")
    state.apply(Move(stop_index(state, "temple")))
    assert "spends your Health amulet" in state.describe(ChooseOption("both"))
    state.apply(ChooseOption("both"))
    assert "health" in state.amulet_pool and state.players[0]["amulets"] == []
    state, p = crossroad("temple", traveller="miyataka")
    words = state.describe(ChooseOption("both"))
    assert "Miyataka" in words and "Health" not in words


# ---- old saves -------------------------------------------------------------------------------------

def test_version_2_saves_get_the_later_edition_and_replay_alike_TOK_66():
    assert SPEC.rules_version == RULES_VERSION == 3
    data = SPEC.upgrade_save(old_save(V2), 2)
    assert data["rules_version"] == 3 and data["options"]["edition"] == LATER_EDITION
    assert data["actions"] == V2["actions"]
    state = SPEC.make(V2["players"], V2["seed"], data["options"])
    for raw in data["actions"]:
        state.apply(SPEC.decode_action(raw))
    assert state.is_over and state.scores() == V2["scores"] and state.winners() == V2["winners"]
    # the same moves by the first edition: a stop at a finished panorama is refused
    first = SPEC.make(V2["players"], V2["seed"], V2["options"])
    with pytest.raises(IllegalAction, match="not even for a cherry tree"):
        for raw in V2["actions"]:
            first.apply(SPEC.decode_action(raw))
    session = Session.from_save(old_save(V2))
    assert session.state.scores() == V2["scores"]
    saved = session.to_save()
    assert saved["rules_version"] == 3 and saved["options"]["edition"] == LATER_EDITION


def test_an_old_save_that_paid_kitoushi_for_nothing_keeps_its_coin_TOK_82():
    number = V2_KITOUSHI["paid_for_nothing"]
    assert V2_KITOUSHI["actions"][number - 1] == PayEncounter(True).to_json()
    data = SPEC.upgrade_save(old_save(V2_KITOUSHI), 2)
    assert data["actions"][number - 1] == PayEncounter(False).to_json()
    assert [a for i, a in enumerate(data["actions"]) if i != number - 1] == \
        [a for i, a in enumerate(V2_KITOUSHI["actions"]) if i != number - 1]
    session = Session.from_save(old_save(V2_KITOUSHI))
    assert session.state.is_over and session.state.scores() == V2_KITOUSHI["scores"]
