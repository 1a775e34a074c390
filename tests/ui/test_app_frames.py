"""The app's frame: the scenes are drawn once per frame whatever changed, only what changed is
presented, and the window has a minimum size and survives being shrunk to nothing."""
from __future__ import annotations

import threading

import pygame
import pytest

from game.app import MIN_WINDOW, App, at_least_minimum
from game.settings import Settings
from game.ui.scene import Scene

from uihelpers import make_app


class Scattered(Scene):
    """Changes six small places far apart every frame, and counts its draws."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.draws = 0
        self.tick = 0

    def update(self, dt: float) -> None:
        super().update(dt)
        self.tick += 1
        for i in range(6):
            self.invalidate(pygame.Rect(40 + 300 * i, 60 + 160 * i, 30, 30))

    def draw_scene(self, canvas: pygame.Surface) -> None:
        self.draws += 1
        canvas.fill((20, 20, 20))
        for i in range(6):
            canvas.fill((self.tick * 7 % 255, 100, 40 + i), (40 + 300 * i, 60 + 160 * i, 30, 30))


def test_the_scenes_are_drawn_once_a_frame_when_many_places_changed(monkeypatch):
    app = make_app((1280, 720))
    scene = app.push(Scattered(app))
    updates: list = []
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: updates.append(rects))
    for _ in range(5):
        app.step(events=[], dt=1 / 60)
    assert scene.draws == 5 and app.draws == 5
    # after the first (full) frame, only the changed places went to the window
    partial = [rects for rects in updates if rects is not None]
    assert partial, "every frame presented the whole window"
    window_area = 1280 * 720
    assert all(sum(r.width * r.height for r in rects) < 0.1 * window_area for rects in partial)
    # and what the window shows is the scene as drawn
    probe = pygame.Rect(40 + 300 * 5, 60 + 160 * 5, 30, 30)
    target = app.viewport.to_window(probe).center
    assert abs(app.window.get_at(target)[0] - scene.tick * 7 % 255) <= 2


class TwoCorners(Scene):
    """Changes two small places far apart (a piece on the board, a line of the side panel)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.clips: list[tuple] = []
        self.tick = 0

    def update(self, dt: float) -> None:
        super().update(dt)
        self.tick += 1
        self.invalidate(pygame.Rect(100, 100, 40, 40))
        self.invalidate(pygame.Rect(1700, 900, 60, 30))

    def draw_scene(self, canvas: pygame.Surface) -> None:
        self.clips.append(tuple(canvas.get_clip()))
        canvas.fill((30, 30, 30))
        canvas.fill((self.tick * 9 % 255, 0, 0), (100, 100, 40, 40))
        canvas.fill((0, self.tick * 5 % 255, 0), (1700, 900, 60, 30))


def test_a_few_changes_far_apart_are_each_drawn_alone():
    """Two small changes at opposite corners: the scene is drawn once for each, clipped to it,
    not once over the box between them; the window shows both."""
    app = make_app((1280, 720))
    scene = app.push(TwoCorners(app))
    app.step(events=[], dt=1 / 60)   # the first frame is drawn whole
    scene.clips.clear()
    app.step(events=[], dt=1 / 60)
    assert len(scene.clips) == 2
    assert all(w * h < 10_000 for _, _, w, h in scene.clips), scene.clips
    assert pygame.Rect(100, 100, 40, 40).collidelist([pygame.Rect(c) for c in scene.clips]) >= 0
    for probe, channel, value in ((pygame.Rect(100, 100, 40, 40), 0, scene.tick * 9 % 255),
                                  (pygame.Rect(1700, 900, 60, 30), 1, scene.tick * 5 % 255)):
        at = app.viewport.to_window(probe).center
        assert abs(app.window.get_at(at)[channel] - value) <= 2


def test_nothing_changed_means_nothing_drawn():
    app = make_app((1280, 720))
    scene = app.push(Scene(app))
    app.step(events=[], dt=1 / 60)
    drawn = app.draws
    for _ in range(3):
        app.step(events=[], dt=1 / 60)
    assert app.draws == drawn
    scene.invalidate(pygame.Rect(10, 10, 5, 5))
    app.step(events=[], dt=1 / 60)
    assert app.draws == drawn + 1


def test_a_window_asked_smaller_than_the_minimum_opens_at_the_minimum():
    assert MIN_WINDOW == (960, 540)
    assert at_least_minimum((800, 450)) == (960, 540)
    assert at_least_minimum((1280, 400)) == (1280, 540)
    assert at_least_minimum((1920, 1080)) == (1920, 1080)
    app = App(headless=True, settings=Settings(muted=True, window_size=(800, 450)))
    assert app.window.get_size() == (960, 540)
    app.set_window_size((640, 360))
    assert app.window.get_size() == (960, 540)


def test_a_window_shrunk_to_nothing_and_back():
    app = make_app((1280, 720))
    scene = app.push(Scattered(app))
    app.step(events=[], dt=1 / 60)
    for size in ((0, 0), (1, 1), (3, 900)):
        app.step(events=[pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])], dt=1 / 60)
        assert not app.viewport.visible
        assert app.errors == []
    drawn = scene.draws
    app.step(events=[pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=720)], dt=1 / 60)
    assert scene.draws == drawn + 1 and app.errors == []
    # the mouse of a window of no size maps nowhere on the canvas
    app.viewport.resize((0, 0))
    assert app.viewport.to_logical((5, 5)) == (-1, -1)


def test_a_headless_app_measures_no_present_path():
    app = make_app((1280, 720))
    assert app.present_path == "" and app.present_ms is None


def test_a_closed_game_gives_its_memory_back(monkeypatch):
    """Closing a game's table empties the caches once, at the end of that frame; closing an
    ordinary scene does not."""
    from game.core.registry import get
    from game.core.session import PERSON, Seat, Session
    from game.games.ubike import art
    from game.table.frame import open_game
    from game.ui import caches
    released = []
    real = caches.release_memory
    monkeypatch.setattr(caches, "release_memory", lambda: (released.append(1), real()))
    app = make_app((1280, 720))
    menu = app.push(app.scene("menu"))
    people = [Seat("Ann", PERSON, colour=0), Seat("Ben", PERSON, colour=1)]
    open_game(app, Session(get("ubike"), people, {}, 2), bots_paused=True)
    for _ in range(3):
        app.step(events=[], dt=1 / 60)
    assert released == []
    app.reset_to(menu)
    app.step(events=[], dt=1 / 60)
    assert released == [1]
    assert art.card_face.cache_info().currsize == 0
    app.push(app.scene("settings"))
    app.step(events=[], dt=1 / 60)
    app.remove(app.top)
    app.step(events=[], dt=1 / 60)
    assert released == [1]


def test_the_bot_worker_keeps_only_the_latest_bots():
    from game.core.ai.worker import MAX_BOTS, choose
    from game.core.registry import get
    spec = get("ubike")
    state = spec.make(2, 1)
    state.settle_chance()
    bots: dict = {}
    for seed in range(MAX_BOTS + 5):
        request = {"game": "ubike", "seat": state.current_player, "level": "easy", "seed": seed,
                   "view": state.view(state.current_player),
                   "legal": [a.to_json() for a in state.legal_actions()]}
        choose(bots, request)
    assert len(bots) == MAX_BOTS
    assert ("ubike", state.current_player, "easy", MAX_BOTS + 4) in bots
    assert ("ubike", state.current_player, "easy", 0) not in bots


def test_the_bot_worker_lets_an_earlier_games_bots_go_when_another_game_asks():
    """One table plays at a time: once another game's bot is asked for, the bots of the games
    before it go (their searches' caches with them), so the worker does not grow with every
    game of a session."""
    from game.core.ai.worker import choose
    from game.core.registry import get
    bots: dict = {}
    for game in ("ubike", "staedtetour", "staedtetour"):
        state = get(game).make(2, 1)
        state.settle_chance()
        seat = state.current_player
        choose(bots, {"game": game, "seat": seat, "level": "easy", "seed": 7,
                      "view": state.view(seat), "legal": [a.to_json() for a in state.legal_actions()]})
        assert {key[0] for key in bots} == {game}
    assert len(bots) == 1   # the same game's bot is kept and asked again


def test_a_worker_process_serves_one_game_and_another_game_gets_a_fresh_one():
    """A table of another game replaces the shared worker process, so the games played
    before it leave nothing behind in the bots' memory; the same game keeps its worker."""
    from game.core.ai import worker
    worker.close_shared_runner()
    try:
        first = worker.shared_runner("ubike")
        if first.mode != "process":
            pytest.skip("no worker processes here")
        old_process = first._process
        assert worker.shared_runner("ubike") is first
        assert worker.shared_runner() is first            # asked without a game: the same one
        second = worker.shared_runner("ubi")
        assert second is not first and second.alive
        # the old worker is closed on a thread of its own (not the window's): wait for that
        # thread, which reaps the process (a second join here would race it for the exit)
        for thread in threading.enumerate():
            if thread.name == "journeys-bots-closing":
                thread.join(timeout=10)
        assert not old_process.is_alive()
        assert worker.shared_runner("ubi") is second
    finally:
        worker.close_shared_runner()


def test_scenes_share_one_theme_and_a_new_app_makes_its_own():
    """Every scene's pygame-gui manager reads the app's one theme (fonts loaded once, not 8 MB
    a scene); a new App, after pygame has quit, does not reuse the old one's fonts."""
    app = make_app()
    menu = app.push(app.scene("menu"))
    settings = app.push(app.scene("settings"))
    assert settings.ui.ui_theme is menu.ui.ui_theme
    again = make_app()
    assert again.push(again.scene("menu")).ui.ui_theme is not menu.ui.ui_theme
