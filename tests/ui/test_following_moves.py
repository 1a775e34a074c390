"""Following a move (issue 8): the log and the status line tell a move once the table has shown
it, never while its pieces still move; and a move's changed layers are re-rendered over a few
frames, within the frame's budget, so that no frame is long."""
from __future__ import annotations

import time

from game.core.registry import get
from game.core.session import BOT, PERSON, Seat, Session
from game.scenes.menu import MenuScene
from game.table.frame import open_game

from uihelpers import frames, make_app, run_until


def game_with(seats, game="staedtetour", seed=4):
    app = make_app(animation_speed="normal")
    app.push(MenuScene(app))
    spec = get(game)
    session = Session(spec, seats, spec.default_options(), seed)
    return app, open_game(app, session), session


def test_a_bots_move_is_told_in_the_log_and_status_line_only_after_it_was_shown():
    app, scene, session = game_with([Seat("Bot Ada", BOT, "easy", colour=0), Seat("Ann", PERSON, colour=1)])
    told = len(scene.log)
    assert run_until(app, lambda: session.actions and scene.anim.busy)
    assert len(scene.log) > told, "the move wrote nothing in the log"
    assert scene.telling_move()
    assert scene.shown_log == scene.log[:told], "the log told the move while the bus still drove"
    text, _ = scene.status_text()
    assert text == "Bot Ada is playing…"
    assert "thinking" not in text
    assert run_until(app, lambda: not scene.anim.busy)
    app.step(events=[], dt=1 / 60)
    assert not scene.telling_move() and scene.shown_log == scene.log


def test_changed_layers_beyond_the_frames_budget_wait_one_frame_and_no_longer():
    """A layer whose last render took longer than the frame has left waits for the next frame,
    and then is rendered whatever it costs: a change is on the screen by the second frame."""
    app, scene, session = game_with([Seat("Ann", PERSON, colour=0), Seat("Bot Ada", BOT, "easy", colour=1)])
    frames(app)                           # every layer drawn once
    assert run_until(app, lambda: scene.is_my_turn() and not scene._layers_waiting)
    dear, cheap = scene.layers[0], scene.layers[1]
    for layer in (dear, cheap):
        layer.last = object()             # as if what it shows changed
    dear.cost = 10.0                      # its last render took far more than a frame
    cheap.cost = 0.0
    app.frame_started = time.perf_counter()
    scene.take_dirty()
    assert cheap.signature() == cheap.last, "a cheap layer waited"
    assert dear.signature() != dear.last, "a layer over the budget was rendered at once"
    assert scene.wants_frames(), "a waiting layer must ask for the next frame"
    app.frame_started = time.perf_counter()
    scene.take_dirty()
    assert dear.signature() == dear.last, "a layer that waited a frame must be rendered next"
