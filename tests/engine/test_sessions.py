"""Sessions over every playable game: undo to the start and replay agree, a save round trip
gives the same game, the log comes from events and is redacted per viewer, old or newer rules
versions are upgraded or refused with a message, and the game number stays hidden."""
from __future__ import annotations

import dataclasses
import json

import pytest

from game.core.registry import playable_games
from game.core.rng import Rng
from game.core.saves import SaveError
from game.core.session import BOT, PERSON, Seat, Session

CASES = [(spec.id, n) for spec in playable_games()
         for n in range(spec.min_players, spec.max_players + 1)]
GAME_IDS = sorted({g for g, _ in CASES})


def spec_of(game_id):
    return next(s for s in playable_games() if s.id == game_id)


def people(n):
    return [Seat(f"P{i}", PERSON, colour=i) for i in range(n)]


@pytest.mark.parametrize("game_id,n", CASES)
def test_undo_to_the_start_and_replay_agree(game_id, n):
    spec = spec_of(game_id)
    session = Session(spec, people(n), {}, seed=7)
    rng = Rng(99)
    history = [session.state.to_json()]
    for _ in range(300):
        if session.state.is_over:
            break
        legal = session.state.legal_actions()
        session.apply(legal[rng.below(len(legal))], autosave=False)
        history.append(session.state.to_json())
        logged = len(session.events)
        # whatever undo allows, it restores the exact earlier state, and redo goes forward
        depth = 0
        while session.can_undo():
            session.undo()
            depth += 1
            assert session.state.to_json() == history[len(session.actions)]
        for _ in range(depth):
            session.redo()
        assert session.state.to_json() == history[-1]
        assert len(session.events) == logged, "undo and redo keep the log in step"
    assert session.replay().to_json() == session.state.to_json()


@pytest.mark.parametrize("game_id", GAME_IDS)
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
    assert loaded.log_for(0) == session.log_for(0)
    assert json.loads(path.read_text())["rules_version"] == spec.rules_version


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_log_is_written_from_events_and_private_lines_reach_their_owner_only(game_id):
    spec = spec_of(game_id)
    n = spec.max_players
    session = Session(spec, people(n), {}, seed=21)
    rng = Rng(8)
    while not session.state.is_over and len(session.actions) < 400:
        legal = session.state.legal_actions()
        session.apply(legal[rng.below(len(legal))], autosave=False)
    assert session.log_for(None), "the game writes a log"
    for _, event in session.events:
        for viewer in [None, *range(n)]:
            shown = event.for_viewer(viewer)
            if event.private_for != viewer:
                assert not shown.private and not shown.private_text
                assert shown.text_for(viewer) == event.text
    assert "log" not in session.state.view(0)


def test_a_save_of_newer_rules_is_refused_and_of_older_ones_upgraded_or_refused(tmp_path):
    spec = spec_of(GAME_IDS[0])
    session = Session(spec, people(spec.min_players), {}, seed=4)
    data = session.to_save()
    with pytest.raises(SaveError, match="newer rules"):
        Session.from_save({**data, "rules_version": spec.rules_version + 1})
    newer = dataclasses.replace(spec, rules_version=spec.rules_version + 1, upgrade_save=None)
    with pytest.raises(SaveError, match="older rules"):
        _load_with(newer, data)
    seen = []
    upgrading = dataclasses.replace(newer, upgrade_save=lambda d, v: seen.append(v) or d)
    loaded = _load_with(upgrading, data)
    assert seen == [spec.rules_version] and loaded.state.to_json() == session.state.to_json()


def _load_with(spec, data):
    from game.core import registry
    saved = registry.GAMES[spec.id]
    registry.GAMES[spec.id] = spec
    try:
        return Session.from_save(data)
    finally:
        registry.GAMES[spec.id] = saved


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_game_number_is_hidden_until_the_end_unless_typed_in(game_id):
    spec = spec_of(game_id)
    drawn = Session(spec, people(spec.min_players), {}, seed=2**63 + 12345)
    assert not drawn.show_seed
    for seat in [None, *range(spec.min_players)]:
        assert str(drawn.seed) not in json.dumps(drawn.state.view(seat))
    typed = Session(spec, people(spec.min_players), {}, seed=42, seed_known=True)
    assert typed.show_seed
    again = Session.from_save(typed.to_save())
    assert again.seed_known and again.seed == 42
