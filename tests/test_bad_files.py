"""The app's own files gone wrong never stop it: a damaged settings, display or set-up file is
put aside with a word in the menu and the defaults used; a medium that cannot be written (a
write-protected portable copy) still plays; a save path that is not a file is refused at once."""
from __future__ import annotations

import errno
import os
import pathlib
import sys
import tempfile
import time

import pygame
import pytest

from game import app as app_module
from game.core import paths, saves
from game.core.registry import get
from game.core.saves import SaveError, read_save
from game.core.session import BOT, PERSON, Seat, Session
from game.settings import Settings
from game.table.frame import GameScene

from uihelpers import frames, make_app

NESTED = "[" * 100_000 + "]" * 100_000   # json refuses it with RecursionError


@pytest.fixture(autouse=True)
def no_leftover_notices():
    saves.take_notices()
    yield
    saves.take_notices()


def test_deeply_nested_own_files_are_put_aside_and_the_defaults_used(journeys_home):
    config = paths.config_dir()
    for name in ("settings.json", "display.json", "last_setup.json"):
        (config / name).write_text(NESTED, encoding="utf-8")
    assert Settings.load() == Settings()
    assert app_module._remembered() == {}
    app = make_app()
    menu = app.push(app.scene("menu"))
    frames(app, 2)
    assert "nested far too deeply" in menu.message and "defaults" in menu.message
    setup = app.push(app.scene("setup", get("ubike")))   # reads the last set-ups
    frames(app, 2)
    assert not app.errors and setup.seats
    left = sorted(p.name for p in config.iterdir())
    assert not {"settings.json", "display.json", "last_setup.json"} & set(left)
    assert sum(".damaged-" in name for name in left) == 3, left   # kept, not lost


def test_a_medium_that_cannot_be_written_still_plays(tmp_path, monkeypatch):
    """No data or config folder, and none can be made: the app starts, says that nothing can
    be saved, and a game is played with its autosave failing quietly."""
    locked = tmp_path / "locked"
    monkeypatch.setenv("JOURNEYS_HOME", str(locked))
    real_mkdir, real_mkstemp = pathlib.Path.mkdir, tempfile.mkstemp

    def refuse(where) -> None:
        if str(where).startswith(str(locked)):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(where))

    def mkdir(self, *args, **kwargs):
        refuse(self)
        return real_mkdir(self, *args, **kwargs)

    def mkstemp(*args, dir=None, **kwargs):
        refuse(dir)
        return real_mkstemp(*args, dir=dir, **kwargs)

    monkeypatch.setattr(pathlib.Path, "mkdir", mkdir)
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(paths, "_UNWRITABLE", set())
    app = make_app()
    menu = app.push(app.scene("menu"))
    frames(app, 2)
    assert "not saved" in menu.message
    spec = get("ubike")
    session = Session(spec, [Seat("A", PERSON, colour=0), Seat("B", PERSON, colour=1)], {}, 4,
                      autosave_path=paths.autosaves_dir() / "game.json")
    session.apply(session.state.legal_actions()[0])
    saves.WRITER.flush()
    assert not session.autosave_ok
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    frames(app, 2)
    assert not app.errors


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes are made otherwise on Windows")
def test_loading_a_named_pipe_is_refused_at_once(tmp_path):
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    with pytest.raises(SaveError, match="not a file"):
        read_save(pipe)          # used to wait for a writer forever
    with pytest.raises(SaveError, match="not a file"):
        read_save(tmp_path)


def long_rallyman_save(path, moves: int):
    """A legal save of `moves` moves (a die planned and taken back, over and over)."""
    session = Session(get("rallyman"), [Seat("A", BOT, "easy", colour=0)], {}, 3)   # a bot's moves keep no undo
    for i in range(moves):
        legal = session.state.legal_actions()
        session.apply(legal[0] if i % 2 == 0 else next(a for a in legal if type(a).__name__ == "TakeBack"),
                      autosave=False)
    session.save_to(path)
    return path


def test_a_save_of_very_many_moves_opens_while_the_window_goes_on(tmp_path):
    from game.scenes.menu import OPEN_IN_BACKGROUND
    path = long_rallyman_save(tmp_path / "long.json", OPEN_IN_BACKGROUND + 1500)
    app = make_app()
    menu = app.push(app.scene("menu"))
    assert menu.open_save(path)
    opening = app.top
    assert opening.route == "opening"
    seen = set()
    deadline = time.monotonic() + 120
    while app.top is opening and time.monotonic() < deadline:
        frames(app, 1)              # the window keeps drawing while the moves replay
        seen.add(opening.done)
        time.sleep(0.01)            # as the app waits for its next frame
    game = app.top
    assert isinstance(game, GameScene) and not app.errors and seen, seen
    assert len(game.session.actions) == OPEN_IN_BACKGROUND + 1500
    assert len(game.session._undo) <= 200


def test_escape_stops_opening_a_long_save_and_changes_nothing(tmp_path):
    from game.scenes.menu import OPEN_IN_BACKGROUND
    path = long_rallyman_save(tmp_path / "long.json", OPEN_IN_BACKGROUND + 1500)
    app = make_app()
    menu = app.push(app.scene("menu"))
    menu.open_save(path)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    deadline = time.monotonic() + 120
    while app.top is not menu and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.01)
    assert app.top is menu and "stopped" in menu.message
    assert not any(isinstance(scene, GameScene) for scene in app.scenes)
    assert path.exists()
