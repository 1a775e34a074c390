"""Following a move (issue 8): the log and the status line tell a move once the table has shown
it, never while its pieces still move; and a move's changed layers are re-rendered over a few
frames, within the frame's budget, so that no frame is long."""
from __future__ import annotations

import time

from game.core.session import BOT, PERSON, Seat

from uihelpers import frames, open_table, run_until


def game_with(seats):
    return open_table(seats, animation_speed="normal")


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
    # the bot may have a next move of its turn ready the moment this one is shown (on a busy
    # computer its thinking time has passed by then): hold it, so that this move is followed alone
    scene.bots_paused = True
    assert run_until(app, lambda: not scene.anim.busy)
    app.step(events=[], dt=1 / 60)
    assert not scene.telling_move() and scene.shown_log == scene.log


def test_changed_layers_beyond_the_frames_budget_wait_and_the_longest_waiting_goes_first(monkeypatch):
    """A layer whose last render took longer than the frame has left waits for a next frame;
    the one that waited longest is then rendered first, whatever it costs."""
    # a budget of 5 s against costs of 0 and 10 s: the test decides, not the machine's load
    monkeypatch.setattr("game.table.layers.FRAME_WORK_S", 5.0)
    app, scene, session = game_with([Seat("Ann", PERSON, colour=0), Seat("Bot Ada", BOT, "easy", colour=1)])
    frames(app)                           # every layer drawn once
    assert run_until(app, lambda: scene.is_my_turn() and not scene._layers_waiting)
    dear, cheap, dearer = scene.layers[0], scene.layers[1], scene.layers[2]
    for layer in (dear, cheap, dearer):
        layer.last = object()             # as if what it shows changed
    dear.cost = dearer.cost = 10.0        # their last renders took far more than a frame
    cheap.cost = 0.0

    def frame() -> None:
        app.frame_started = time.perf_counter()
        scene.take_dirty()

    def shown(layer) -> bool:
        return layer.signature() == layer.last

    frame()
    assert shown(cheap), "a cheap layer waited"
    assert not shown(dear) and not shown(dearer), "a layer over the budget was rendered at once"
    assert scene.wants_frames(), "a waiting layer must ask for the next frame"
    frame()
    assert shown(dear) and not shown(dearer), "one waiting layer a frame, the first in line first"
    dear.last, dear.cost = object(), 10.0  # it changes again: now it waits behind the other
    frame()
    assert shown(dearer) and not shown(dear)
    frame()
    assert shown(dear) and not scene._layers_waiting
