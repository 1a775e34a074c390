"""The engine's own corners, on two toy games: declared fields, CHANCE steps, ranking."""
from __future__ import annotations

import dataclasses

import pytest

from game.core import testing
from game.core.protocol import CHANCE
from game.core.rng import Rng
from game.core.session import PERSON, Seat, Session

from tests.engine.toygames import CARDS, DICE, HighCard


@pytest.mark.parametrize("spec", [DICE, CARDS], ids=lambda s: s.id)
@pytest.mark.parametrize("seed", range(4))
def test_toy_games_pass_the_contract(spec, seed):
    for n in range(spec.min_players, spec.max_players + 1):
        testing.check_game(spec, n, {}, seed, check_every=1, samples=2)


def test_own_and_secret_fields_are_redacted_in_the_view():
    state = CARDS.make(3, 5)
    view = state.view(1)
    assert view["hands"][1] == state.hands[1]
    assert view["hands"][0] is None and view["hands"][2] is None
    assert view["hands_count"] == [3, 3, 3]
    assert "deck" not in view and view["deck_count"] == 11
    assert "rng" not in view and "seed" not in view
    spectator = CARDS.make(3, 5).view(None)
    assert spectator["hands"] == [None, None, None]


def test_a_view_that_leaks_is_caught():
    class Leaky(HighCard):
        def view_facts(self, seat):
            return {"top_of_deck": self.deck[-1]}

    spec = dataclasses.replace(CARDS, new_state=lambda n, s, o: _as(Leaky, CARDS.new_state(n, s, o)),
                               load_state=Leaky.from_json)
    with pytest.raises(testing.ContractError, match="may not see"):
        testing.check_game(spec, 2, {}, 1, check_every=1)


def test_a_clone_that_shares_a_list_is_caught():
    class Sharing(HighCard):
        FIELDS = tuple(f for f in HighCard.FIELDS if f[0].name != "hands") + \
            (__import__("game.core.state", fromlist=["own"]).own("hands", shape="atom", count=True),)

    spec = dataclasses.replace(CARDS, new_state=lambda n, s, o: _as(Sharing, CARDS.new_state(n, s, o)),
                               load_state=Sharing.from_json)
    with pytest.raises(testing.ContractError, match="clone"):
        testing.check_game(spec, 2, {}, 1, check_every=1)


def _as(cls, state):
    twin = object.__new__(cls)
    twin.__dict__ = state.__dict__
    return twin


def test_the_session_rolls_chance_steps_and_replays_them_alike():
    seats = [Seat("A", PERSON), Seat("B", PERSON)]
    session = Session(DICE, seats, {}, seed=11)
    rng = Rng(3)
    while not session.state.is_over:
        assert session.state.current_player != CHANCE
        legal = session.state.legal_actions()
        session.apply(legal[rng.below(len(legal))], autosave=False)
    assert all(not hasattr(a, "pips") for a in session.actions), "rolls are not actions"
    assert session.replay().to_json() == session.state.to_json()
    assert any("rolls" in text for _, text in session.log_for(None))


def test_ranking_shares_places_and_winners_are_first():
    state = CARDS.make(3, 2)
    state.round = 3
    state.seats[0]["points"], state.seats[1]["points"], state.seats[2]["points"] = 2, 2, 1
    assert state.ranking() == [1, 1, 3]
    assert state.winners() == [0, 1]
