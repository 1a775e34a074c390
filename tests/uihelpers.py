"""Driving the app through its real event path in tests: events carry window coordinates,
the app maps them onto the canvas exactly as it does for a person's mouse."""
from __future__ import annotations

import time

import pygame

from game.app import App
from game.core.rng import Rng
from game.settings import Settings


def make_app(size=(1280, 720), **settings) -> App:
    defaults = {"muted": True, "animation_speed": "off", "bot_pace": "off", "window_size": size}
    defaults.update(settings)
    return App(headless=True, settings=Settings(**defaults), window_size=size)


def open_table(seats, game: str = "staedtetour", seed: int = 4, size=(1280, 720), **settings):
    """An app (a window of `size`) at the main menu with a new game of `game` for `seats`
    open on top: (app, scene, session)."""
    from game.core.registry import get
    from game.core.session import Session
    from game.scenes.menu import MenuScene
    from game.table.frame import open_game
    app = make_app(size, **settings)
    app.push(MenuScene(app))
    spec = get(game)
    session = Session(spec, seats, spec.default_options(), seed)
    return app, open_game(app, session), session


def to_window(app: App, logical) -> tuple[int, int]:
    vp = app.viewport
    return (round(vp.ox + (logical[0] + 0.5) * vp.scale), round(vp.oy + (logical[1] + 0.5) * vp.scale))


def centre(element) -> tuple[int, int]:
    return element.rect.center


def frames(app: App, count: int = 2, dt: float = 1 / 60) -> None:
    for _ in range(count):
        app.step(events=pygame.event.get(), dt=dt)


def settle(app: App, most: int = 120) -> None:
    """Step frames until every changed part of the table is on the screen (a table spreads a
    move's re-rendering over frames, more of them on a loaded machine)."""
    frames(app, 1)
    for _ in range(most):
        if not any(getattr(scene, "_layers_waiting", False) for scene in app.scenes):
            return
        frames(app, 1)
    raise AssertionError("the table never caught up with its changes")


def click(app: App, logical, button: int = 1) -> None:
    """A real click at a canvas point: motion, press, release, through pygame's queue."""
    pos = to_window(app, logical)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, 2)


def press(app: App, key: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
    frames(app, 2)


def type_text(app: App, text: str) -> None:
    """Type `text` into the text box that has the focus."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 2)


def run_until(app: App, condition, timeout: float = 20.0, dt: float = 1 / 60) -> bool:
    """Step frames until `condition()` holds (bots think on a thread, so real time passes)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return True
        app.step(events=pygame.event.get(), dt=dt)
        time.sleep(0.001)
    return condition()


KEYS = [pygame.K_ESCAPE, pygame.K_TAB, pygame.K_RETURN, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_UP, pygame.K_DOWN, pygame.K_BACKSPACE, pygame.K_a, pygame.K_s, pygame.K_e, pygame.K_1,
        pygame.K_3, pygame.K_5, pygame.K_z, pygame.K_y, pygame.K_F1, pygame.K_h]


def monkey_events(app: App, rng: Rng, count: int, *, allow_escape: bool = True) -> list[pygame.event.Event]:
    """Random clicks, drags, keys, wheel turns and resizes (the window may shrink to nothing)."""
    events = []
    keys = KEYS if allow_escape else [k for k in KEYS if k != pygame.K_ESCAPE]
    for _ in range(count):
        roll = rng.below(100)
        pos = to_window(app, (rng.below(1920), rng.below(1080)))
        if roll < 35:
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        elif roll < 70:
            button = 1 if rng.below(10) else 3
            events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        elif roll < 90:
            key = keys[rng.below(len(keys))]
            mod = pygame.KMOD_CTRL if rng.below(5) == 0 else 0
            events.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="a", scancode=0))
            events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="a", scancode=0))
        elif roll < 97:
            events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.randint(-3, 3), flipped=False,
                                             precise_x=0.0, precise_y=0.0))
        else:
            size = rng.choice([(1, 1), (0, 0), (320, 200), (800, 600), (1280, 720), (2560, 1440), (1000, 1000)])
            events.append(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    return events


def monkey_game(app: App, rng: Rng, table: type, restart, rounds: int = 100, per_round: int = 50,
                skip_keys: tuple[int, ...] = ()) -> None:
    """`rounds` x `per_round` random events on a game's table (Escape left out, so the pause menu
    does not take most of them, and the keys in `skip_keys`, e.g. F1 for the rules viewer); when
    they leave the table, `restart(seed)` opens a new game."""
    from game.scenes.results import ResultsScene
    from game.table.curtain import CurtainScene
    for _ in range(rounds):
        for event in monkey_events(app, rng, per_round, allow_escape=False):
            if getattr(event, "key", None) not in skip_keys:
                pygame.event.post(event)
        app.step(dt=1 / 30)
        if not any(isinstance(s, (table, CurtainScene, ResultsScene)) for s in app.scenes):
            restart(rng.below(1000))


def table_steps(app: App, scene, session, steps: int, *, on_frame=None, on_curtain=None):
    """Drive a table as the people at it would reach its positions: a frame at a time, the
    curtain lifted (Space; `on_curtain(curtain)` first), the bots' moves waited for (they
    think on a thread: the thread_bots fixture). Yields the Turn at each position where a
    person acts, for the caller to check and to act; stops at the end of the game. `on_frame()`
    runs after every frame."""
    from game.table.curtain import CurtainScene
    for _ in range(steps):
        frames(app, 1)
        if on_frame is not None:
            on_frame()
        if session.state.is_over:
            return
        if isinstance(app.top, CurtainScene):
            if on_curtain is not None:
                on_curtain(app.top)
            press(app, pygame.K_SPACE)
            continue
        turn = scene.turn
        if turn.phase == "think":
            moves = len(session.actions)
            assert run_until(app, lambda moves=moves: len(session.actions) > moves or session.state.is_over, timeout=30)
        elif turn.acting:
            yield turn
        else:
            frames(app, 2)
