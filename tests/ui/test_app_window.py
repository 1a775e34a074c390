"""The window itself: its class and title for docks and window managers, and fullscreen (F11 or
Settings) that gives the window back at the size and place it had.

Headless (SDL's dummy driver) a window manager is played by a stand-in that, like the real ones
seen under X11, leaves the window at the screen's size and moves it down by a title bar's height
when fullscreen ends: the app itself must put size and place back. tests/ui/test_x11_fullscreen.py
checks the same in a real X11 window."""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pygame
import pytest

import game.app as app_module
from game.app import App, WINDOW_CLASS, name_the_window_class
from game.settings import Settings


class CarelessWindowManager:
    """Stands in for `pygame.Window.from_display_module()`: a window whose size and place a
    careless window manager does not restore after fullscreen."""

    screen = (1920, 1080)

    def __init__(self, size=(1280, 720), position=(320, 180)) -> None:
        self.size = size
        self.position = position
        self.minimum_size = (0, 0)
        self.fullscreen = False
        self.calls: list[str] = []

    def set_fullscreen(self, desktop: bool = False) -> None:
        self.calls.append(f"fullscreen desktop={desktop}")
        self.fullscreen = True
        self.size, self.position = self.screen, (0, 0)

    def set_windowed(self) -> None:
        self.calls.append("windowed")
        self.fullscreen = False
        self.position = (self.position[0] + 1, self.position[1] + 20)   # size stays the screen's

    def show(self) -> None:
        pass


@pytest.fixture
def windowed_app(monkeypatch):
    """An app with a (dummy) window, not headless, so fullscreen really switches."""
    app = App(headless=False, settings=Settings(muted=True, animation_speed="off", bot_pace="off"))
    yield app
    pygame.display.quit()


def test_the_window_class_is_journeys_not_the_script(monkeypatch):
    # importing pygame names the class after sys.argv[0] (for `python -m game`: "__main__.py")
    monkeypatch.setattr(sys, "argv", ["/somewhere/game/__main__.py"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    name_the_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == WINDOW_CLASS == "Journeys"
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "Journeys"
    # a class the person chose stays
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "MyGames")
    name_the_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "MyGames"


def test_the_desktop_entry_names_the_same_class():
    script = Path(__file__).resolve().parents[2] / "build_scripts" / "build.py"
    spec = importlib.util.spec_from_file_location("journeys_build_for_window_class", script)
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    entry = build.desktop_entry("/opt/Journeys/Journeys", "/opt/Journeys/icon.png")
    assert f"StartupWMClass={WINDOW_CLASS}\n" in entry
    assert "Name=Journeys\n" in entry


def test_f11_twice_gives_the_window_back_in_place(windowed_app):
    app = windowed_app
    window = app_module._display_window()
    size, position = tuple(window.size), tuple(window.position)
    assert size == (1280, 720)
    f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    app.dispatch(f11)
    assert app.settings.fullscreen and pygame.display.is_fullscreen()
    assert app.viewport.window_size == pygame.display.get_surface().get_size()
    app.dispatch(f11)
    assert not app.settings.fullscreen and not pygame.display.is_fullscreen()
    assert tuple(window.size) == size and tuple(window.position) == position
    assert app.window.get_size() == size and app.viewport.window_size == size


def test_leaving_fullscreen_puts_size_and_place_back_where_the_window_manager_does_not(
        windowed_app, monkeypatch):
    app = windowed_app
    fake = CarelessWindowManager()
    monkeypatch.setattr(app_module, "_display_window", lambda: fake)
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: pytest.fail("set_mode reopens the window"))
    for _ in range(3):
        app.set_fullscreen(True)
        assert fake.size == (1920, 1080) and fake.position == (0, 0)
        app.set_fullscreen(False)
        assert fake.size == (1280, 720) and fake.position == (320, 180)
    assert fake.calls[:2] == ["fullscreen desktop=True", "windowed"]


def test_a_window_size_chosen_in_fullscreen_is_used_when_it_ends(windowed_app, monkeypatch):
    app = windowed_app
    fake = CarelessWindowManager()
    monkeypatch.setattr(app_module, "_display_window", lambda: fake)
    app.set_fullscreen(True)
    app.set_window_size((1600, 900))
    assert fake.size == (1920, 1080)      # still fullscreen
    app.set_fullscreen(False)
    assert fake.size == (1600, 900) and fake.position == (320, 180)
    app.set_window_size((1366, 768))      # windowed: at once
    assert fake.size == (1366, 768)


def test_an_app_started_in_fullscreen_leaves_it_at_the_settings_size_centred(monkeypatch):
    app = App(headless=False, settings=Settings(muted=True, fullscreen=True, window_size=(1280, 720)))
    try:
        fake = CarelessWindowManager(size=(1920, 1080), position=(0, 0))
        monkeypatch.setattr(app_module, "_display_window", lambda: fake)
        app.set_fullscreen(False)
        assert fake.size == (1280, 720) and fake.position == pygame.WINDOWPOS_CENTERED
    finally:
        pygame.display.quit()


def test_settings_fullscreen_off_restores_the_window_too(windowed_app, monkeypatch):
    from uihelpers import centre, click
    app = windowed_app
    fake = CarelessWindowManager()
    monkeypatch.setattr(app_module, "_display_window", lambda: fake)
    app.push(app.scene("menu"))
    scene = app.push(app.scene("settings"))
    click(app, centre(scene.fullscreen_button))
    assert app.settings.fullscreen and fake.size == (1920, 1080)
    click(app, centre(scene.fullscreen_button))
    assert not app.settings.fullscreen
    assert fake.size == (1280, 720) and fake.position == (320, 180)
