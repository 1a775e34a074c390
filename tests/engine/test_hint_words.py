"""Why a hint suggests its move (Knowledge.explain, read from the seat's view): short words
for any legal move of any game, never failing; and the games that say more say it right."""
from __future__ import annotations

import pytest

from game.core.ai.base import Knowledge
from game.core.registry import get, playable_games
from game.core.rng import Rng


def positions(spec, moves: int, seed: int = 3):
    """(view, legal) for the seat to act along a random game."""
    state = spec.make(spec.max_players if spec.max_players <= 3 else 3, seed, spec.default_options())
    state.settle_chance()
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over:
            return
        seat = state.current_player
        legal = state.legal_actions()
        yield state, seat, legal
        state.apply(legal[rng.below(len(legal))])
        state.settle_chance()


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_every_legal_move_gets_short_words_or_none(spec):
    knowledge = spec.knowledge() or Knowledge()
    said = 0
    for state, seat, legal in positions(spec, 80):
        view = state.view(seat)
        for action in legal[:12]:
            why = knowledge.explain(view, action)
            assert isinstance(why, str) and len(why) <= 100 and "{" not in why, (action, why)
            said += bool(why)
    if spec.id in ("ttr-iberia", "ttr-korea", "tokaido", "rallyman"):
        assert said, f"{spec.id} never says why"


def test_ticket_to_ride_names_the_ticket_a_claim_completes():
    """"completes A–B" exactly when the claim links a ticket of the seat's that was not linked."""
    spec = get("ttr-iberia")
    knowledge = spec.knowledge()
    from game.games.ttr.rules import Claim
    completing = 0
    for state, seat, legal in positions(spec, 500, seed=8):
        view = state.view(seat)
        if view.get("phase") == "draft":
            continue
        tickets = [state.board.tickets[t] for t in view["tickets"][seat]]
        for claim in [a for a in legal if isinstance(a, Claim)][:8]:
            twin = state.clone()
            twin.apply(claim)
            linked = [t for t in tickets if twin.connected(seat, t.a, t.b) and not state.connected(seat, t.a, t.b)]
            why = knowledge.explain(view, claim)
            assert why.startswith("completes ") == bool(linked), (claim, why)
            completing += bool(linked)
            for t in linked:
                assert state.city(t.a) in why and state.city(t.b) in why
    assert completing


def test_tokaido_tells_a_poor_traveller_the_farm_is_for_the_inn():
    spec = get("tokaido")
    knowledge = spec.knowledge()
    from game.games.tokaido.actions import Move
    from game.games.tokaido.data import FARM
    seen = 0
    for state, seat, legal in positions(spec, 300, seed=5):
        for action in legal:
            if isinstance(action, Move) and state.road[action.index].kind == FARM:
                coins = state.players[state.acting_piece()]["coins"]
                why = knowledge.explain(state.view(seat), action)
                assert why.startswith(f"a farm: you have {coins} coin")
                seen += 1
    assert seen


def test_rallyman_gives_the_odds_the_table_shows():
    spec = get("rallyman")
    knowledge = spec.knowledge()
    from game.games.rallyman.actions import PlanDie
    checked = 0
    for state, seat, legal in positions(spec, 200, seed=2):
        for action in legal:
            if isinstance(action, PlanDie):
                twin = state.clone()
                twin.apply(action)
                odds = (twin.view(seat).get("odds") or {}).get("loss_of_control")
                why = knowledge.explain(state.view(seat), action)
                if odds and odds >= 0.01:
                    assert f"{round(100 * odds)} %" in why, (why, odds)
                    checked += 1
    assert checked
