"""The generic engine test (DESIGN.md, "Tests"): every registered, playable game at every
player count. A later game gets all of this by registering itself."""
from __future__ import annotations

import json

import pytest

from game.core.protocol import IllegalAction
from game.core.registry import playable_games
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat, Session

CASES = [(spec.id, n) for spec in playable_games()
         for n in range(spec.min_players, spec.max_players + 1)]
SEEDS = range(6)


def spec_of(game_id):
    return next(s for s in playable_games() if s.id == game_id)


def test_some_game_is_playable():
    assert CASES, "no playable game is registered"


def random_game(spec, n, seed, check_every_step=True):
    """Play one random game, checking the invariants at each step; returns (states, actions)."""
    state = spec.make(n, seed)
    rng = Rng(seed + 1000)
    actions = []
    seen_actions = set()
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "legal_actions() is empty while the game is not over"
        assert state.current_player is not None
        seen_actions.update(legal)
        if check_every_step:
            snapshot = state.to_json()
            # a clone and a save/load round trip are equal to the state
            assert state.clone().to_json() == snapshot
            assert spec.load_state(json.loads(json.dumps(snapshot))).to_json() == snapshot
            # every view is JSON-able
            for seat in [None, *range(n)]:
                json.dumps(state.view(seat))
            # an illegal action raises and changes nothing
            illegal = next((a for a in seen_actions if a not in legal), None)
            if illegal is not None:
                with pytest.raises(IllegalAction):
                    state.apply(illegal)
                assert state.to_json() == snapshot
            # every action has a JSON form that decodes to itself, and words
            for action in legal:
                assert spec.decode_action(json.loads(json.dumps(action.to_json()))) == action
                assert state.describe(action)
        action = legal[rng.below(len(legal))]
        state.apply(action)
        actions.append(action)
        steps += 1
        assert steps < 20_000, "game does not end"
    return state, actions


@pytest.mark.parametrize("game_id,n", CASES)
def test_random_games_keep_the_invariants(game_id, n):
    spec = spec_of(game_id)
    for seed in SEEDS:
        state, actions = random_game(spec, n, seed, check_every_step=(seed < 2))
        assert state.is_over
        assert state.legal_actions() == []
        assert state.current_player is None
        assert len(state.scores()) == n
        winners = state.winners()
        assert winners and all(0 <= w < n for w in winners)
        with pytest.raises(IllegalAction):
            state.apply(actions[-1])
        # the same seed and actions give the same game
        again = spec.make(n, seed)
        for action in actions:
            again.apply(action)
        assert again.to_json() == state.to_json()
        # breakdown sums to the scores
        breakdown = state.score_breakdown()
        assert [sum(points[s] for _, points in breakdown) for s in range(n)] == state.scores()


@pytest.mark.parametrize("game_id,n", CASES)
def test_undo_to_the_start_and_replay_agree(game_id, n):
    spec = spec_of(game_id)
    seats = [Seat(f"P{i}", PERSON, colour=i) for i in range(n)]
    session = Session(spec, seats, {}, seed=7)
    rng = Rng(99)
    history = [session.state.to_json()]
    for _ in range(300):
        if session.state.is_over:
            break
        legal = session.state.legal_actions()
        session.apply(legal[rng.below(len(legal))], autosave=False)
        history.append(session.state.to_json())
        # whatever undo allows, it restores the exact earlier state, and redo goes forward
        depth = 0
        while session.can_undo():
            session.undo()
            depth += 1
            assert session.state.to_json() == history[len(session.actions)]
        for _ in range(depth):
            session.redo()
        assert session.state.to_json() == history[-1]
    assert session.replay().to_json() == session.state.to_json()


@pytest.mark.parametrize("game_id", sorted({g for g, _ in CASES}))
def test_save_round_trip_through_a_session(game_id, tmp_path):
    spec = spec_of(game_id)
    n = spec.min_players
    seats = [Seat("Ann", PERSON, colour=0)] + [Seat(f"Bot{i}", BOT, "easy", i) for i in range(1, n)]
    session = Session(spec, seats, {}, seed=3)
    rng = Rng(5)
    for _ in range(60):
        if session.state.is_over:
            break
        legal = session.state.legal_actions()
        session.apply(legal[rng.below(len(legal))], autosave=False)
    path = tmp_path / "game.json"
    session.save_to(path)
    loaded = Session.load(path)
    assert loaded.state.to_json() == session.state.to_json()
    assert [s.to_json() for s in loaded.seats] == [s.to_json() for s in session.seats]
