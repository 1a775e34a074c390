"""The main menu is the first frame of every start: it is drawn without pygame-gui, with the
app's own buttons (game/ui/widgets.py Button) in the look the theme file gives pygame-gui's,
and what can wait (tidying the autosaves, reading the Continue game's maps, pygame-gui itself)
waits until that frame is shown."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame

from game.scenes.menu import MenuScene
from game.ui import theme
from game.ui.widgets import button_style

from uihelpers import click, frames, make_app, to_window

ROOT = Path(__file__).resolve().parents[2]


def test_the_first_frame_needs_neither_pygame_gui_nor_the_heavy_standard_modules(tmp_path, monkeypatch):
    """A plain start imports only what the menu's first frame draws with (each of these took
    milliseconds of a start measured at about 0.2 s), also with unfinished games to continue:
    their rows are read from the saves, without any game's rules (3 autosaves took 40 ms)."""
    from game.core import autosaves
    from game.core.registry import get
    from game.core.session import Seat, Session
    monkeypatch.setenv("JOURNEYS_HOME", str(tmp_path))
    for game_id in ("ubike", "tokaido"):
        session = Session(get(game_id), [Seat("A"), Seat("B")], {}, 3, autosave_path=autosaves.new_path(game_id))
        session.apply(session.state.legal_actions()[0], autosave=False)
        session.autosave()
        session.wait_for_autosave()
    code = textwrap.dedent("""
        import sys
        from game.app import App
        from game.scenes.menu import MenuScene
        from game.settings import Settings
        app = App(headless=True, settings=Settings(muted=True, window_size=(1280, 720)), window_size=(1280, 720))
        at_first_frame = []   # the modules as the first frame is shown (before what waits for it)
        app.when_shown(lambda: at_first_frame.extend(sys.modules))
        app.push(MenuScene(app))
        app.step(events=[], dt=0.0)
        assert "move 1" in app.top.autosave_line
        late = ("pygame_gui", "argparse", "logging.handlers", "game.core.session", "pytmx")
        rules = [m for m in at_first_frame if m.startswith("game.games.") and m.count(".") > 2]
        print(" ".join([m for m in late if m in at_first_frame] + rules) or "none")
    """)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", JOURNEYS_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "none"


def _colour_at(app, logical) -> tuple[int, int, int]:
    return tuple(app.window.get_at(to_window(app, logical)))[:3]


def _near(a, b, tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_menu_buttons_look_as_the_theme_says_and_answer_as_pygame_gui_buttons_do(journeys_home):
    app = make_app()
    menu = app.push(MenuScene(app))
    frames(app, 1)
    stats = menu.buttons["stats"]
    inside = (stats.rect.x + 12, stats.rect.centery)   # beside the label, inside the border
    big = button_style("big")["colours"]
    assert _near(_colour_at(app, inside), tuple(big["normal_bg"])[:3])
    assert not menu.continue_button.is_enabled   # nothing to continue in a fresh home
    assert _near(_colour_at(app, (menu.continue_button.rect.x + 12, menu.continue_button.rect.centery)),
                 tuple(button_style("primary")["colours"]["disabled_bg"])[:3])

    # hovering lights it; pressing holds it; a release elsewhere is no click
    pos = to_window(app, inside)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    assert stats.hovered and _near(_colour_at(app, inside), tuple(big["hovered_bg"])[:3])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app, 1)
    assert _near(_colour_at(app, inside), tuple(big["active_bg"])[:3])
    away = to_window(app, (stats.rect.centerx, stats.rect.bottom + 300))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=away, button=1))
    frames(app, 1)
    assert app.top is menu and not stats.hovered
    assert _near(_colour_at(app, inside), tuple(big["normal_bg"])[:3])

    # a disabled button does nothing; a real click opens the screen
    click(app, menu.continue_button.rect.center)
    assert app.top is menu and app.errors == []
    click(app, stats.rect.center)
    assert app.top.route == "stats"


def test_a_button_with_a_tooltip_shows_it_after_the_themes_delay(journeys_home):
    app = make_app()
    menu = app.push(MenuScene(app))
    frames(app, 1)
    button = menu.continue_button
    below = (button.rect.x + 30, button.rect.bottom + 24)   # where the tip comes, over the line
    before = _colour_at(app, below)
    pos = to_window(app, button.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    assert menu.wants_frames()              # the tip is due: the app keeps the frames coming
    frames(app, round(button_style("primary")["tooltip_delay"] * 60) + 2)
    assert not menu.wants_frames()
    assert _near(_colour_at(app, below), (16, 18, 21), 4) and before != _colour_at(app, below)
    assert theme.tooltip_rect(button.tool_tip_text, button.rect).collidepoint(below)
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))   # the pointer leaves the window
    frames(app, 1)
    assert _colour_at(app, below) == before


def test_work_that_can_wait_runs_once_the_first_frame_is_shown(journeys_home):
    app = make_app()
    done = []
    app.when_shown(lambda: done.append("first"))
    app.push(MenuScene(app))
    assert done == []
    app.step(events=[], dt=0.0)
    assert done == ["first"]
    app.when_shown(lambda: done.append("later"))   # after the first frame: at once
    assert done == ["first", "later"]
