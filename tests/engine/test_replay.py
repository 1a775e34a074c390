"""Replays (core/replay.py): a finished game played back from its record, forwards and
backwards, through the same states and the same log as when it was played, and the save never
touched. Every game's golden playthrough is replayed and each step's public view compared with
the one recorded in it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.registry import get, playable_games
from game.core.replay import SNAPSHOT_EVERY, Replay
from game.core.rng import Rng
from game.core.saves import SaveError
from game.core.session import Seat, Session
from game.core.testing import first_difference, own_in_view

GOLDEN = Path(__file__).resolve().parent / "golden"


def golden_save(spec):
    """A golden playthrough as a save's data (people at every seat)."""
    golden = json.loads((GOLDEN / f"{spec.id}.json").read_text(encoding="utf-8"))
    data = {"game": spec.id, "rules_version": spec.rules_version, "seed": golden["seed"],
            "options": golden["options"], "actions": golden["actions"],
            "seats": [{"name": f"Seat {i + 1}", "kind": "person", "colour": i} for i in range(golden["players"])]}
    return golden, data


def public(state):
    return json.loads(json.dumps(state.view(None)))


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_a_replay_goes_through_every_recorded_view_forwards_and_backwards(spec):
    golden, data = golden_save(spec)
    before = json.dumps(data, sort_keys=True)
    replay = Replay(data)
    assert replay.at == 0 and replay.total == len(golden["actions"]) and replay.finished
    for index, view in enumerate(golden["views"]):
        replay.forward()
        seen = public(replay.session.state)
        assert seen == view, f"{spec.id} move {index + 1}: {first_difference(seen, view)}"
    assert replay.at_end and replay.forward() == []
    assert replay.session.state.scores() == golden["scores"]
    # backwards move by move over the last snapshots' span and a little more, then jumps
    for count in range(replay.total - 1, max(-1, replay.total - SNAPSHOT_EVERY - 5), -1):
        replay.back()
        assert replay.at == count
        assert public(replay.session.state) == (golden["views"][count - 1] if count else public_start(spec, golden))
    rng = Rng(7)
    for _ in range(12):
        count = rng.below(replay.total + 1)
        replay.seek(count)
        assert replay.at == count
        assert public(replay.session.state) == (golden["views"][count - 1] if count else public_start(spec, golden))
    assert json.dumps(data, sort_keys=True) == before   # the save's data untouched


def public_start(spec, golden):
    state = spec.make(golden["players"], golden["seed"], golden["options"])
    state.settle_chance()
    return public(state)


def test_the_log_of_a_replay_is_the_log_as_played_at_every_point():
    """Going back and forth leaves the log (events) exactly as a straight replay has it."""
    spec = get("ttr-iberia")
    golden, data = golden_save(spec)
    replay = Replay(data)
    for count in (40, 7, 120, 119, 0, replay.total, 65):
        replay.seek(count)
        straight = Session.start_of(data)[0]
        for index, raw in enumerate(data["actions"][:count]):
            straight.apply_recorded(raw, index)
        for viewer in (None, 0, 1):
            assert replay.session.log_for(viewer) == straight.log_for(viewer), (count, viewer)
        assert [a.to_json() for a in replay.session.actions] == data["actions"][:count]


def test_turns_and_movers_are_known_from_the_first_pass():
    spec = get("staedtetour")
    golden, data = golden_save(spec)
    replay = Replay(data)
    assert len(replay.movers) == replay.total and replay.turn_starts[0] == 0
    for start in replay.turn_starts[1:]:
        assert replay.movers[start] != replay.movers[start - 1]
    assert replay.mover(0) is None and replay.mover(1) == replay.movers[0]
    middle = replay.turn_starts[len(replay.turn_starts) // 2]
    assert replay.turn_starts[replay.turn_of(middle)] == middle
    assert replay.turn_starts[replay.turn_of(middle + 1)] <= middle + 1


def test_a_damaged_record_is_refused_with_where():
    spec = get("ubike")
    golden, data = golden_save(spec) if (GOLDEN / "ubike.json").exists() else (None, None)
    if data is None:
        session = Session(spec, [Seat("A"), Seat("B")], {}, 3)
        for _ in range(6):
            session.apply(session.state.legal_actions()[0], autosave=False)
        data = session.to_save()
    data = dict(data, actions=list(data["actions"]))
    data["actions"][3] = {"kind": "NoSuchMove"}
    with pytest.raises(SaveError, match="damaged at move 4"):
        Replay(data)


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_every_seats_holdings_are_what_its_own_view_shows_at_random_points_both_ways(spec):
    """GameState.holdings (what a finished game's replay reveals of every seat at once) is, at
    any point reached forwards or backwards, exactly each seat's own fields as its own view shows
    them: nothing of a deck, nothing another seat's view adds."""
    _, data = golden_save(spec)
    replay = Replay(data)
    state_class = type(replay.session.state)
    secret = {f.name for f in state_class.declared() if f.visibility == "secret"}
    rng = Rng(len(spec.id))
    points = [rng.below(replay.total + 1) for _ in range(6)]
    for count in [*points, replay.total, *sorted(points, reverse=True), 0]:
        replay.seek(count)
        state = replay.session.state
        for seat in range(state.num_players):
            held = state.holdings(seat)
            assert held == own_in_view(state.view(seat), seat, state_class), (spec.id, count, seat)
            assert not secret & set(held)
            json.dumps(held)   # words are made from it: plain JSON, like a view
    assert state_class.holds_anything() == bool(own_in_view(state.view(0), 0, state_class))
