"""The hint and the lesson point at a move (table/hints.py `point_at`): whatever a person may do
in any game, the table finds where it is made (a target on the board, a card in a panel, a
button) and frames it there. Checked over random positions of every game, every seat a person
looking at the screen."""
from __future__ import annotations

import collections

import pytest

from game.core.registry import playable_games
from game.core.rng import Rng
from game.core.session import PERSON, Seat, Session
from game.table.frame import open_game

from uihelpers import frames, make_app


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_every_move_a_person_may_make_can_be_pointed_at(spec, journeys_home):
    app = make_app(animation_speed="off", bot_pace="off")
    app.push(app.scene("menu"))
    seats = [Seat(f"P{i}", PERSON, colour=i) for i in range(max(2, spec.min_players))]
    session = Session(spec, seats, spec.default_options(), 5)
    scene = open_game(app, session)
    rng = Rng(2)
    missing: collections.Counter = collections.Counter()
    total = 0
    for _ in range(70):
        if session.state.is_over:
            break
        seat = scene.table.to_act()
        if not scene.is_my_turn() and seat is not None:
            scene.table.lift_curtain(seat)   # the one to act looks at the screen
            while app.top is not scene:
                app.remove(app.top)
        frames(app, 1)
        for action in scene.ctx.legal[:16]:
            scene.point_at(action, "Hint")
            total += 1
            if scene._hint_outline is None:
                missing[type(action).__name__] += 1
            else:   # on the canvas, where it can be seen
                assert app.canvas.get_rect().colliderect(scene._hint_outline), (action, scene._hint_outline)
        scene.forget_hint()
        assert scene.try_action(scene.ctx.legal[rng.below(len(scene.ctx.legal))])
        frames(app, 1)
    assert total and sum(missing.values()) <= total // 100, f"nowhere to point at: {dict(missing)} of {total}"
    assert app.errors == []
