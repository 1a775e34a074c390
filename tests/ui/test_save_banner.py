"""No game is ever lost and the app always starts, seen from the screens: one autosave per game
behind Continue and the load screen, damaged files among good ones, the banner while the
autosave fails, a damaged statistics file at a game's end, Play again, the error screen and
the confirmation after Save."""
from __future__ import annotations

import json
import os
import time

import pygame
import pytest

from game.core import autosaves, paths, stats
from game.core.registry import get
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat, Session
from game.scenes.load import LoadScene, list_summary
from game.scenes.menu import MenuScene
from game.scenes.results import ResultsScene
from game.table.banner import BANNER
from game.table.frame import GameScene, open_game
from game.ui import theme

from uihelpers import centre, click, frames, make_app, run_until


def autosaved(game_id="ubike", moves=1, seed=3, over_after=None, seats=None):
    """A game with its own autosave, `moves` actions in."""
    spec = get(game_id)
    seats = seats or [Seat("Ann", PERSON, colour=0), Seat("Bo", PERSON, colour=1)]
    session = Session(spec, seats, {}, seed, autosave_path=autosaves.new_path(game_id))
    for _ in range(moves):
        session.apply(session.state.legal_actions()[0])
    return session


def age(path, seconds):
    when = time.time() - seconds
    os.utime(path, (when, when))


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def finishing_session(autosave_path, seats):
    """A UBike game one action before its end, and that last action."""
    spec = get("ubike")
    probe = Session(spec, seats, {}, 9)
    rng = Rng(4)
    while not probe.state.is_over:
        legal = probe.state.legal_actions()
        probe.apply(legal[rng.below(len(legal))], autosave=False)
    session = Session(spec, seats, {}, 9, autosave_path=autosave_path)
    for action in probe.actions[:-1]:
        session.apply(action, autosave=False)
    session.autosave()
    return session, probe.actions[-1]


@pytest.fixture
def app():
    application = make_app()
    pygame.event.clear()
    yield application
    pygame.event.clear()


# ---- Continue and the load screen ------------------------------------------------------------
def test_starting_and_loading_games_keeps_every_unfinished_autosave(app):
    tokaido = autosaved("tokaido", moves=2)
    ubike = autosaved("ubike", moves=3)
    age(tokaido.autosave_path, 300)
    menu = app.push(MenuScene(app))
    frames(app)
    assert menu.continue_button.is_enabled and "UBike" in menu.autosave_line
    assert menu.choice.second_line == "1 more unfinished game in Load a saved game"
    setup = app.push(app.scene("setup", get("staedtetour")))
    frames(app)
    click(app, centre(setup.start))
    started = app.find(GameScene)
    assert started is not None and started.spec.id == "staedtetour"
    started.session.apply(started.session.state.legal_actions()[0])   # a game at move 0 is not kept
    app.shutdown()
    files = set(autosaves.files())
    assert {tokaido.autosave_path, ubike.autosave_path, started.session.autosave_path} <= files
    assert len(Session.load(tokaido.autosave_path).actions) == 2
    assert len(Session.load(ubike.autosave_path).actions) == 3

    app = make_app()
    menu = app.push(MenuScene(app))
    frames(app)
    assert "Städtetour" in menu.autosave_line or "Staedtetour" in menu.autosave_line
    load = app.push(LoadScene(app))
    frames(app)
    autosave_rows = [r for r in load.rows if r.is_autosave]
    assert {r.path for r in autosave_rows} == files
    assert list_summary(load.rows) == "3 autosaves, newest first"
    load.select(next(i for i, r in enumerate(load.rows) if r.path == tokaido.autosave_path))
    click(app, centre(load.load_button))
    game = app.find(GameScene)
    assert game.spec.id == "tokaido" and game.session.autosave_path == tokaido.autosave_path
    assert set(autosaves.files()) == files and app.errors == []


def test_a_finished_game_is_not_offered_as_continue(app):
    finished = autosaved(moves=0)
    rng = Rng(2)
    while not finished.state.is_over:
        legal = finished.state.legal_actions()
        finished.apply(legal[rng.below(len(legal))])
    assert json.loads(finished.autosave_path.read_text())["over"] is True
    menu = app.push(MenuScene(app))
    frames(app)
    assert not menu.continue_button.is_enabled and menu.autosave_line == "No game to continue yet"
    older = autosaved(moves=2)
    age(older.autosave_path, 3600)
    menu.on_resume()
    assert menu.continue_button.is_enabled and "move 2" in menu.autosave_line
    click(app, centre(menu.continue_button))
    assert app.find(GameScene).session.autosave_path == older.autosave_path


def test_an_autosave_that_cannot_be_loaded_is_shown_greyed_with_the_reason(app):
    write(paths.autosaves_dir() / "ubike-broken.json", json.dumps({"format": "journeys-save", "version": 99}))
    menu = app.push(MenuScene(app))
    frames(app)
    assert not menu.continue_button.is_enabled
    assert "cannot be loaded" in menu.autosave_line and "newer Journeys" in menu.autosave_line
    good = autosaved(moves=1)
    age(good.autosave_path, 600)
    menu.on_resume()
    assert menu.continue_button.is_enabled and "move 1" in menu.autosave_line
    assert "cannot be loaded" in menu.choice.warning
    frames(app)
    assert app.errors == []


def test_deleting_an_autosave_asks_first(app):
    keep, gone = autosaved(moves=1, seed=1), autosaved(moves=2, seed=2)
    app.push(MenuScene(app))
    load = app.push(LoadScene(app))
    frames(app)
    load.select(next(i for i, r in enumerate(load.rows) if r.path == gone.autosave_path))
    click(app, centre(load.delete.element))
    assert gone.autosave_path.exists() and "Really delete" in load.delete.element.text
    click(app, centre(load.delete.element))
    assert not gone.autosave_path.exists() and keep.autosave_path.exists()


def test_the_old_single_autosave_is_continued_and_moved_into_the_autosaves_folder(app):
    old = Session(get("ubike"), [Seat("Ann"), Seat("Bo")], {}, 5, autosave_path=paths.autosave_path())
    old.apply(old.state.legal_actions()[0])
    menu = app.push(MenuScene(app))
    frames(app)
    assert menu.continue_button.is_enabled and "move 1" in menu.autosave_line
    click(app, centre(menu.continue_button))
    game = app.find(GameScene)
    assert game.session.autosave_path.parent == paths.autosaves_dir()
    assert not paths.autosave_path().exists()
    assert len(Session.load(game.session.autosave_path).actions) == 1


@pytest.mark.parametrize("content", [
    "[" * 6000 + "]" * 6000,
    '{"format": "journeys-save", "version": 1, "game": ["ubike"], "seats": [], "options": {}, '
    '"seed": 1, "actions": []}',
    '{"format": "journeys-save", "version": 1, "game": "ubike", "seats": [{"name": "A"}, {"name": "B"}], '
    '"options": {}, "actions": [], "seed": ' + "9" * 5000 + "}",
])
def test_a_damaged_old_autosave_neither_stops_the_menu_nor_the_load_screen(app, content):
    write(paths.autosave_path(), content)
    good = Session(get("ubike"), [Seat("Ann"), Seat("Bo")], {}, 5, name="Good trip")
    good.save_to(paths.saves_dir() / "Good trip.json")
    menu = app.push(MenuScene(app))
    frames(app)
    assert not menu.continue_button.is_enabled and "cannot be loaded" in menu.autosave_line
    click(app, centre(menu.continue_button))
    load = app.push(LoadScene(app))
    frames(app)
    assert [r.ok for r in load.rows] == [False, True]
    assert list_summary(load.rows) == "1 autosave and 1 saved game, newest first"
    load.select(1)
    click(app, centre(load.load_button))
    assert isinstance(app.find(GameScene), GameScene) and app.errors == []
    assert paths.autosave_path().read_text(encoding="utf-8") == content, "kept as it was"


def test_a_save_named_with_one_very_long_word_is_listed_and_drawn(app):
    word = "Rundfahrt" * 30_000
    session = Session(get("ubike"), [Seat("Ann" * 5000), Seat("Bo")], {}, 5, name=word)
    session.save_to(paths.saves_dir() / "long.json")
    load = app.push(LoadScene(app))
    frames(app, 3)
    assert app.errors == [] and load.rows[0].ok
    assert len(load.rows[0].label) <= 80 and all(len(n) <= 40 for n in load.rows[0].seat_names)


def test_loading_a_save_adds_its_own_autosave_from_the_first_move_on(app):
    saved = Session(get("ubike"), [Seat("Ann"), Seat("Bo", BOT, "easy", 1)], {}, 5, name="Trip")
    path = paths.saves_dir() / "Trip.json"
    saved.save_to(path)
    other = autosaved(moves=2)
    menu = app.push(MenuScene(app))
    assert menu.open_save(path)
    game = app.find(GameScene)
    assert game.session.autosave_path not in (path, other.autosave_path)
    assert set(autosaves.files()) == {other.autosave_path}, "loading alone writes nothing"
    game.perform(game.session.state.legal_actions()[0])
    game.session.flush()
    assert set(autosaves.files()) == {other.autosave_path, game.session.autosave_path}
    assert Session.load(path).actions == [], "the save itself is never written"


# ---- the banner ------------------------------------------------------------------------------
def banner_pixel(app, scene):
    frames(app, 12)     # changed layers may wait a frame or two for their turn
    canvas = pygame.Surface((1920, 1080))
    scene.draw(canvas)
    return canvas.get_at((BANNER.x + 4, BANNER.centery))[:3]


def test_the_banner_says_the_game_cannot_be_saved_and_goes_when_a_save_works(app, tmp_path):
    blocker = write(tmp_path / "not-a-folder", "x")
    session = Session(get("ubike"), [Seat("Ann", colour=0), Seat("Bo", BOT, "easy", 1)], {}, 5,
                      autosave_path=blocker / "game.json")
    app.push(MenuScene(app))
    scene = open_game(app, session, bots_paused=True)
    frames(app)
    calm = banner_pixel(app, scene)
    assert calm != tuple(theme.WARNING)[:3]
    scene.perform(session.state.legal_actions()[0])
    session.wait_for_autosave()
    frames(app)
    assert session.autosave_problem and "cannot be made" in session.autosave_problem
    assert banner_pixel(app, scene) == tuple(theme.WARNING)[:3]
    press_escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.step(events=[press_escape], dt=1 / 60)
    assert app.top.__class__.__name__ == "PauseScene"
    app.top.close()
    frames(app)
    blocker.unlink()
    scene.perform(session.state.legal_actions()[0])
    session.wait_for_autosave()
    frames(app)
    assert session.autosave_ok and banner_pixel(app, scene) == calm
    assert len(Session.load(blocker / "game.json").actions) == 2
    assert app.errors == []


# ---- a game's end ----------------------------------------------------------------------------
@pytest.mark.parametrize("content", ["[]", '{"version": 1, "games": {"ubike": 3}}'])
def test_a_damaged_statistics_file_is_set_aside_and_the_results_shown(app, content):
    write(paths.stats_path(), content)
    seats = [Seat("Ann", colour=0), Seat("Bo", colour=1)]
    session, last = finishing_session(autosaves.new_path("ubike"), seats)
    app.push(MenuScene(app))
    scene = open_game(app, session)
    scene.table.lift_curtain(session.state.current_player)
    scene.perform(last)
    assert run_until(app, lambda: isinstance(app.top, ResultsScene), timeout=20), app.errors[-1:]
    results = app.top
    assert "set aside as statistics.json.damaged-" in results.stats_notice
    assert stats.load()["games"]["ubike"]["played"] == 1
    assert app.errors == []
    finished = session.autosave_path
    click(app, centre(results.again))
    again = app.find(GameScene)
    assert again.session.autosave_path != finished
    assert json.loads(finished.read_text())["over"] is True
    again.session.apply(again.session.state.legal_actions()[0])   # a game at move 0 is not offered
    again.session.flush()
    assert again.session.autosave_path.exists()
    menu = app.find(MenuScene)
    menu.on_resume()
    assert menu.choice.row.path == again.session.autosave_path


# ---- the error screen and Save ---------------------------------------------------------------
def test_the_error_screen_continues_the_game_that_was_being_played(app):
    older = autosaved(moves=1, seed=1)
    age(older.autosave_path, 600)
    session = autosaved(moves=2, seed=2, seats=[Seat("Ann", colour=0), Seat("Bo", BOT, "easy", 1)])
    app.push(MenuScene(app))
    open_game(app, session, bots_paused=True)
    frames(app)
    app.report_error(RuntimeError("kaboom"))
    error = app.top
    assert error.__class__.__name__ == "ErrorScene" and error.resume.is_enabled
    click(app, centre(error.resume))
    assert app.find(GameScene).session.autosave_path == session.autosave_path


def test_saving_from_the_pause_menu_is_confirmed_there(app):
    session = autosaved(moves=1, seats=[Seat("Ann", colour=0), Seat("Bo", BOT, "easy", 1)])
    app.push(MenuScene(app))
    game = open_game(app, session, bots_paused=True)
    pause = app.push(app.scene("pause", game))
    dialog = app.push(app.scene("save_dialog", session))
    frames(app)
    click(app, centre(dialog.save_button))
    assert "Saved as" in dialog.message
    run_until(app, lambda: dialog.closed, timeout=5)
    assert app.top is pause and pause.saved_as.startswith("UBike Tour Taiwan")
    assert (paths.saves_dir() / f"{pause.saved_as}.json").exists()
