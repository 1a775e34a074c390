"""The monkey test for the app's own scenes: thousands of random clicks, keys, wheel turns and
window resizes each, through the real event path, with no error. (The game scene, the rules,
settings, statistics and save scenes have theirs beside their other tests.)"""
from __future__ import annotations

import pygame
import pytest

from game.core.registry import get
from game.core.rng import Rng
from game.core.session import PERSON, Seat, Session
from game.scenes.error import ErrorScene
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene
from game.scenes.setup import SetupScene
from game.tools.demo_session import bot_session
from game.table.curtain import CurtainScene
from game.table.frame import open_game
from game.ui.scene import Scene

from uihelpers import make_app, monkey_events

EVENTS_PER_SCENE = 5000


class Ground(Scene):
    """An inert scene under the one being tested, so a closing scene leaves nothing active."""


def two_people_game(app):
    session = Session(get("ubike"), [Seat("Ann", PERSON, colour=0), Seat("Ben", PERSON, colour=1)], {}, 5)
    return open_game(app, session, bots_paused=True)


def make_scene(kind: str, app):
    if kind == "menu":
        return MenuScene(app)
    if kind == "setup":
        return SetupScene(app, get("ubike"))
    if kind == "pause":
        return PauseScene(app, two_people_game(app))
    if kind == "results":
        return ResultsScene(app, bot_session(get("ubike"), 3, 8, 0, "easy", results=True))
    if kind == "curtain":
        return CurtainScene(app, two_people_game(app), 1)
    if kind == "error":
        return ErrorScene(app, RuntimeError("a test error"))
    raise ValueError(kind)


@pytest.mark.parametrize("kind", ["menu", "setup", "pause", "results", "curtain", "error"])
def test_monkey(kind, monkeypatch):
    app = make_app()
    # the monkey may press Quit or Main menu: keep the app running and the scene on top
    monkeypatch.setattr(app, "quit", lambda: None)
    rng = Rng(len(kind))
    sent = 0
    scene = None
    while sent < EVENTS_PER_SCENE:
        if scene is None or scene.closed or app.top is not scene:
            app.reset_to(Ground(app))
            scene = make_scene(kind, app)
            app.push(scene)
        batch = monkey_events(app, rng, 40)
        sent += len(batch)
        app.step(events=batch, dt=1 / 30)
        app.step(events=[], dt=1 / 30)
    assert app.errors == [], app.errors[:1]
    pygame.event.clear()
