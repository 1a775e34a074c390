"""What the window shows after every frame is exactly what drawing every scene afresh shows:
nothing new is left undrawn (a button invisible until hovered) and nothing removed or moved is
left behind (a ghost). The app redraws only what changed; these tests catch what it misses.

The window is 1920x1080, so the canvas is copied into it unscaled and pixels compare exactly."""
from __future__ import annotations

import os

import pygame
import pytest

from game.core.registry import get
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat, Session
from game.table.frame import open_game
from game.ui.scene import Scene

from uihelpers import make_app, monkey_events

SIZE = (1920, 1080)
CLOCK = [0]   # milliseconds, for pygame.time.get_ticks


@pytest.fixture(autouse=True)
def frame_clock(monkeypatch):
    """pygame's clock moves only between frames, so what is drawn from it (a thinking bot's
    dots) is the same in the frame and in its full redraw."""
    CLOCK[0] = 0
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: CLOCK[0])


def fresh_picture(app) -> pygame.Surface:
    """The canvas as a full redraw of the shown scenes paints it, with every live element of
    pygame-gui that has a picture and is not hidden."""
    surface = pygame.Surface(app.canvas.get_size()).convert()
    shown = app.scenes[max(i for i, s in enumerate(app.scenes) if s.opaque):]
    for scene in shown:
        scene.ui.get_sprite_group().update_visibility()
        scene.draw(surface)
    return surface


def mismatch(app) -> pygame.Rect | None:
    """The bounding box of the pixels where the window differs from a full redraw, or None."""
    if not app.scenes:
        return None
    fresh = pygame.image.tobytes(fresh_picture(app), "RGB")
    shown = pygame.image.tobytes(app.window, "RGB")
    if fresh == shown:
        return None
    width = SIZE[0] * 3
    rows = [y for y in range(SIZE[1]) if fresh[y * width:(y + 1) * width] != shown[y * width:(y + 1) * width]]
    y0, y1 = rows[0], rows[-1]
    cols = [x for x in range(SIZE[0]) if any(fresh[y * width + 3 * x:y * width + 3 * x + 3]
                                            != shown[y * width + 3 * x:y * width + 3 * x + 3]
                                            for y in range(y0, y1 + 1, max(1, (y1 - y0) // 40)))]
    x0, x1 = (cols[0], cols[-1]) if cols else (0, SIZE[0] - 1)
    return pygame.Rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1)


def step_and_check(app, events, where: str) -> None:
    CLOCK[0] += 33
    app.step(events=list(events) + pygame.event.get(), dt=1 / 30)   # with pygame-gui's own events
    wrong = mismatch(app)
    names = [type(s).__name__ for s in app.scenes]
    if wrong is not None and os.environ.get("JOURNEYS_REDRAW_DUMP"):   # to look at a failure
        area = wrong.inflate(200, 120).clip(app.window.get_rect())
        pygame.image.save(app.window.subsurface(area), os.environ["JOURNEYS_REDRAW_DUMP"] + "-shown.png")
        pygame.image.save(fresh_picture(app).subsurface(area), os.environ["JOURNEYS_REDRAW_DUMP"] + "-fresh.png")
    assert wrong is None, f"{where}: the window differs from a full redraw in {wrong} ({names})"


def test_a_new_scene_shows_its_buttons_without_a_hover():
    """The curtain comes down while the table updates; its button must be drawn at once."""
    app = make_app(SIZE)
    app.push(app.scene("menu"))
    session = Session(get("ubike"), [Seat("Ann", PERSON, colour=0), Seat("Ben", PERSON, colour=1)], {}, 1)
    open_game(app, session)
    from game.table.curtain import CurtainScene
    for i in range(4):
        step_and_check(app, [], f"frame {i}")
    curtain = app.top
    assert isinstance(curtain, CurtainScene)
    # the button's face (the theme's primary colour) is in the window where the button is
    centre = curtain.ready.rect.center
    assert app.window.get_at(centre)[:3] == curtain.ready.image.get_at(
        (centre[0] - curtain.ready.rect.x, centre[1] - curtain.ready.rect.y))[:3]


class Ground(Scene):
    """A plain scene to open another one from."""


def test_results_buttons_are_drawn_at_once():
    from game.tools.demo_session import bot_session
    app = make_app(SIZE)
    app.push(app.scene("menu"))
    results = app.scene("results", bot_session(get("ubike"), 3, 8, 0, "easy", results=True))
    opener = app.push(Ground(app))
    # as a game opens its results: while the table updates
    opener.update = lambda dt: app.replace(results) if app.top is opener else None
    for i in range(3):
        step_and_check(app, [], f"frame {i}")


@pytest.mark.parametrize("game_id", ["ubike", "tokaido", "staedtetour", "ttr-korea", "rallyman", "ubi"])
def test_random_play_leaves_no_ghosts(game_id, monkeypatch):
    """Two people and a bot, random clicks and keys, animations at normal speed."""
    app = make_app(SIZE, animation_speed="normal", bot_pace="fast")
    monkeypatch.setattr(app, "quit", lambda: None)
    app.push(app.scene("menu"))
    spec = get(game_id)
    seats = [Seat("Ann", PERSON, colour=0), Seat("Ben", PERSON, colour=1), Seat("Bot", BOT, "easy", 2)]
    rng = Rng(3)
    open_game(app, Session(spec, seats[:max(spec.min_players, 3)], {}, 3))
    for round_ in range(120):
        events = [e for e in monkey_events(app, rng, 6, allow_escape=False)
                  if e.type != pygame.WINDOWSIZECHANGED and getattr(e, "key", None) != pygame.K_F1]
        step_and_check(app, events, f"{game_id}, round {round_}")
        for _ in range(2):
            step_and_check(app, [], f"{game_id}, round {round_}")
        if not any(getattr(s, "session", None) is not None for s in app.scenes[1:]):
            open_game(app, Session(spec, seats[:max(spec.min_players, 3)], {}, rng.below(100)))
    assert app.errors == [], app.errors[:1]


@pytest.mark.parametrize("game_id", ["ubike", "tokaido", "staedtetour"])
def test_setup_drop_downs_leave_no_ghosts(game_id):
    """Open every drop-down of the setup screen, choose an entry, and look."""
    import pygame_gui
    app = make_app(SIZE)
    app.push(app.scene("menu"))
    setup = app.push(app.scene("setup", get(game_id)))
    step_and_check(app, [], "first frame")
    opened = 0
    for _ in range(2):
        menus = [e for e in setup.ui.get_sprite_group().sprites()
                 if isinstance(e, pygame_gui.elements.UIDropDownMenu) and e.alive()]
        for menu in menus:
            if not menu.alive() or not menu.is_enabled or not menu.visible:
                continue   # rebuilt by an earlier choice, or not for now
            chosen = menu.selected_option
            _click(app, menu.rect.center)
            options = [e for e in setup.ui.get_sprite_group().sprites()
                       if isinstance(e, pygame_gui.elements.UISelectionList) and e.alive()]
            assert options, f"the drop-down {chosen} did not open"
            other = next(item for item in options[-1].item_list_container.elements
                         if item.text != chosen[0])
            _click(app, other.rect.center)
            for _ in range(3):   # pygame-gui's own events go round the queue once or twice
                step_and_check(app, [], "after choosing")
            if menu.alive():
                assert menu.selected_option != chosen, "choosing in the drop-down did nothing"
            opened += 1
    assert opened


def _click(app, pos) -> None:
    """Move there, press, release, each in its own frame, as a hand does; checked every frame."""
    for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1), None):
        step_and_check(app, [event] if event else [], f"clicking {pos}")


def test_tokaido_encounter_card_comes_and_goes_with_its_shadow():
    """TOK-20: the encounter card just drawn shows over the journey panel, its shadow below the
    panel's edge, and goes again: every frame of it, shadow included, is on the screen and
    nothing of it stays behind (the rows under the panel were once left out)."""
    from game.games.tokaido.data import ENCOUNTERS
    from game.games.tokaido.scene import Met
    app = make_app(SIZE)
    app.push(app.scene("menu"))
    session = Session(get("tokaido"), [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)], {}, 3)
    scene = open_game(app, session)
    scene.bots_paused = True
    for _ in range(3):
        step_and_check(app, [], "the table")
    scene.met = Met(ENCOUNTERS[0], 1)
    for _ in range(3):
        step_and_check(app, [], "the encounter card shown")
    scene.met = None
    for _ in range(3):
        step_and_check(app, [], "the encounter card put away")
    assert app.errors == []
