"""UBike Tour in the app, driven through the real event path: menu, setup, play, undo, the
curtain, bots, the end and Continue."""
from __future__ import annotations

import json

import pygame
import pytest

from game.core import paths, stats
from game.core.registry import get
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat, Session
from game.games.ubike import SPEC
from game.games.ubike.rules import CARDS, PLACE, TURN, EndSchedule, PlayCard, Search, TakeRow
from game.games.ubike.layout import DECK_RECT, hand_card_rect, row_rect
from game.games.ubike.scene import UBikeScene
from game.scenes.menu import MenuScene, tile_rects
from game.scenes.results import ResultsScene
from game.scenes.setup import SetupScene
from game.table.curtain import CurtainScene
from game.table.frame import open_game

from tests.ubike.builders import arrange
from uihelpers import centre, click, frames, make_app, monkey_game, press, run_until


def start_session(app, seats, seed=12):
    session = Session(SPEC, seats, {}, seed, autosave_path=paths.autosave_path())
    session.autosave()
    app.push(MenuScene(app))
    return open_game(app, session)


def test_menu_to_setup_to_game():
    app = make_app()
    menu = app.push(MenuScene(app))
    frames(app)
    index = next(i for i, spec in enumerate(menu.games) if spec.id == "ubike")
    click(app, tile_rects(len(menu.games))[index].center)
    assert isinstance(app.top, SetupScene)
    setup = app.top
    click(app, centre(setup.start))
    assert isinstance(app.top, UBikeScene)
    session = app.top.session
    assert [s.kind for s in session.seats] == [PERSON, BOT]
    assert session.autosave_path.parent == paths.autosaves_dir() and session.autosave_path.exists()


def test_coming_games_say_so(coming_game):
    app = make_app()
    menu = app.push(MenuScene(app))
    frames(app)
    index = next(i for i, spec in enumerate(menu.games) if not spec.available)
    click(app, tile_rects(len(menu.games))[index].center)
    assert app.top is menu and "coming" in menu.message


def test_setup_checks_names_and_seats():
    app = make_app()
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app, get("ubike")))
    frames(app)
    click(app, centre(setup.add_button))
    click(app, centre(setup.add_button))
    assert len(setup.seats) == 4 and not setup.add_button.is_enabled
    setup.rows[1]["name"].set_text(setup.rows[0]["name"].get_text())
    click(app, centre(setup.start))
    assert app.top is setup and "same name" in setup.message
    setup.rows[1]["name"].set_text("Lin")
    click(app, centre(setup.rows[3]["remove"]))
    assert len(setup.seats) == 3
    click(app, centre(setup.rows[2]["kind"]))
    assert setup.seats[2].kind == PERSON
    click(app, centre(setup.start))
    assert isinstance(app.top, (UBikeScene, CurtainScene))


def person_turn(scene):
    return scene.session.state.current_player == 0 and scene.is_my_turn()


def test_play_a_schedule_with_clicks_and_undo_it():
    app = make_app()
    scene = start_session(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)])
    frames(app)
    assert person_turn(scene)
    state = scene.session.state
    row = next(i for i, r in enumerate(state.rows) if r)
    click(app, row_rect(row).center)
    assert state.phase == PLACE and scene.session.actions[-1] == TakeRow(row)
    # undo through the button, then again by keyboard after redo
    click(app, centre(scene.frame_buttons["undo"]))
    assert scene.session.state.phase == TURN and not scene.session.actions
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.session.state.phase == PLACE
    # an illegal click changes nothing and says why
    before = scene.session.state.to_json()
    click(app, row_rect(row).center)
    assert scene.session.state.to_json() == before
    assert scene.status_warning and "scheduling" in scene.status_note
    # end the schedule with its button
    end = next(b for a, b in scene.choices.buttons.items() if a == EndSchedule())
    click(app, centre(end))
    assert scene.session.state.passed[0]
    assert not scene.session.can_undo()


def test_search_by_clicking_the_deck_and_the_bot_answers():
    app = make_app()
    scene = start_session(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "normal", 1)])
    frames(app)
    click(app, DECK_RECT.center)
    assert scene.session.actions[0] == Search()
    assert run_until(app, lambda: scene.session.state.current_player == 0 or scene.session.state.is_over)
    assert len(scene.session.actions) >= 2
    assert app.errors == []


def arrange_payment_choice(state) -> int:
    """Row 1 gets a card 3 pins from Ann's last stop; Ann holds a 3-bike and a 1-bike and 2-bike card."""
    last = CARDS[state.journeys[0][-1]].distance
    target = last + 3 if last <= 12 else last - 3
    card = next(n for n, c in CARDS.items() if c.distance == target and not c.is_bike
                and all(n not in j for j in state.journeys))
    bikes = [next(n for n, c in CARDS.items() if c.bikes == b) for b in (1, 2, 3)]
    arrange(state, rows={0: [card]}, bike_storage={0: bikes})
    return card


def test_paying_bikes_offers_the_choices():
    app = make_app()
    scene = start_session(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)], seed=3)
    frames(app)
    state = scene.session.state
    # arrange: Ann holds bikes and takes a row whose card needs two of them
    card = arrange_payment_choice(state)
    scene.refresh_view()
    frames(app)
    click(app, row_rect(0).center)
    assert state.phase == PLACE
    scene.refresh_view()
    frames(app)
    index = state.hand.index(card)
    click(app, hand_card_rect(index, len(state.hand)).center)
    assert scene.selected == card
    pays = [a for a in scene.choices.buttons if isinstance(a, PlayCard)]
    assert len(pays) >= 2
    click(app, centre(scene.choices.buttons[pays[0]]))
    assert state.journeys[0][-1] == card and len(state.markers[0]) == 1


def test_curtain_between_two_people_hides_private_cards():
    app = make_app()
    scene = start_session(app, [Seat("Ann", PERSON, colour=0), Seat("Ben", PERSON, colour=1)])
    frames(app, 3)
    assert isinstance(app.top, CurtainScene) and scene.viewer is None
    click(app, centre(app.top.ready))
    assert scene.viewer == 0 and app.top is scene
    click(app, row_rect(0).center)
    click(app, centre(next(b for a, b in scene.choices.buttons.items() if a == EndSchedule())))
    frames(app, 3)
    assert isinstance(app.top, CurtainScene) and app.top.seat == 1
    assert scene.viewer is None, "nobody's private cards are shown under the curtain"
    assert scene.view["opportunities"] == [None, None] and scene.view["scenery_storage"] == [None, None]
    press(app, pygame.K_SPACE)
    assert scene.viewer == 1


def test_bots_play_to_the_end_then_results_and_statistics():
    app = make_app()
    scene = start_session(app, [Seat("A", BOT, "easy", 0), Seat("B", BOT, "easy", 1)], seed=5)
    assert run_until(app, lambda: isinstance(app.top, ResultsScene), timeout=120)
    data = stats.load()
    assert data["games"]["ubike"]["played"] == 1
    assert json.loads(paths.autosave_path().read_text())["over"] is True
    results = app.top
    click(app, centre(results.again))
    assert isinstance(app.top, UBikeScene) and app.top.session.seed != scene.session.seed
    assert app.errors == []


def test_continue_resumes_the_same_point():
    app = make_app()
    scene = start_session(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)])
    frames(app)
    click(app, row_rect(next(i for i, r in enumerate(scene.session.state.rows) if r)).center)
    expected = scene.session.state.to_json()
    app.shutdown()
    app = make_app()
    menu = app.push(MenuScene(app))
    frames(app)
    assert menu.continue_button.is_enabled
    click(app, centre(menu.continue_button))
    assert isinstance(app.top, UBikeScene)
    assert app.top.session.state.to_json() == expected


def test_damaged_autosave_is_reported_and_kept():
    paths.autosave_path().write_text('{"format": "journeys-save", "version": 1, "game": "ubike", "se')
    app = make_app()
    menu = app.push(MenuScene(app))
    frames(app)
    assert not menu.continue_button.is_enabled
    assert "damaged" in menu.autosave_line
    assert menu.open_save(paths.autosave_path()) is False and "damaged" in menu.message
    assert paths.autosave_path().read_text().endswith('"se')


def test_window_shrunk_to_nothing_and_back():
    app = make_app()
    scene = start_session(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)])
    for size in ((0, 0), (1, 1), (200, 100), (2560, 1440), (1280, 720)):
        app.dispatch(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
        frames(app)
    assert app.errors == [] and app.top is scene


def test_pause_menu_and_back_to_the_main_menu():
    app = make_app()
    scene = start_session(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)])
    frames(app)
    scene.try_action(scene.ctx.legal[0])   # a game nobody moved in is not kept to continue
    frames(app)
    press(app, pygame.K_ESCAPE)
    from game.scenes.pause import PauseScene
    pause = app.top
    assert isinstance(pause, PauseScene)
    click(app, centre(pause.buttons["menu"]))
    assert isinstance(app.top, MenuScene) and app.top.continue_button.is_enabled


def test_an_unexpected_error_offers_the_autosave():
    app = make_app()
    scene = start_session(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)])
    frames(app)

    def broken(*_args):
        raise RuntimeError("kaboom")
    scene.click_target = broken
    click(app, row_rect(0).center)
    from game.scenes.error import ErrorScene
    assert isinstance(app.top, ErrorScene) and app.errors
    click(app, centre(app.top.resume))
    assert isinstance(app.top, UBikeScene)


@pytest.mark.parametrize("people", [1, 2])
def test_monkey_on_the_game_scene(people):
    app = make_app()
    seats = [Seat("Ann", PERSON, colour=0)] + [Seat(f"P{i}", PERSON if i < people else BOT, "easy", i)
                                               for i in range(1, 3)]
    start_session(app, seats, seed=21)
    monkey_game(app, Rng(people), UBikeScene, lambda seed: start_session(app, seats, seed=seed))
    assert app.errors == [], app.errors[:1]
