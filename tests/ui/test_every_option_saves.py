"""Every option value the setup screen can produce, in every game, survives a save: chosen on the
setup screen through its own widgets (drop-downs, and the per-seat toggles of an option such as
Ubi's expert areas), started with Start, played, autosaved, listed, continued from the main
menu's Continue, played on, saved under a name and loaded back from the Load screen. This is
the path a player takes, so a value the setup writes and the save check refuses (Ubi's expert
areas, a list, were refused as damaged) fails here for whichever game has it."""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
import pytest

from game.core import paths
from game.core.registry import GameSpec, OptionSpec, load_games
from game.scenes.load import LoadScene
from game.scenes.menu import MenuScene
from game.scenes.savelist import continue_choice, list_saves
from game.scenes.setup import SetupScene
from game.table.frame import GameScene

from uihelpers import centre, click, frames, make_app


def setup_choices(spec: GameSpec) -> list[dict[str, Any]]:
    """Choices that together reach every value each option offers: the k-th sets every option
    to its k-th value (wrapping round), and one more has the seats of a per-seat option differ.
    The first is every option at its first value; a game without options is played once."""
    offered = {option.key: [v for v, _ in option.choices_for(spec.max_players)] for option in spec.options}
    count = max([len(values) for values in offered.values()], default=1)
    if any(option.per_seat for option in spec.options):
        count += 1
    return [{key: "mixed" if per_seat(spec, key) and k == len(values) else values[k % len(values)]
             for key, values in offered.items()} for k in range(count)]


def per_seat(spec: GameSpec, key: str) -> bool:
    return next(option for option in spec.options if option.key == key).per_seat


CASES = [pytest.param(spec, choices, id=f"{spec.id}-{k}") for spec in load_games().values() if spec.available
         for k, choices in enumerate(setup_choices(spec))]


@pytest.fixture
def app():
    application = make_app()
    pygame.event.clear()
    application.push(MenuScene(application))
    yield application
    application.reset_to()
    pygame.event.clear()


def choose(app, setup: SetupScene, option: OptionSpec, value: Any) -> Any:
    """Make the setup screen hold `value` for `option` through its own widgets; returns what
    the game should receive."""
    if option.seat_numbers:   # a seat number needs that seat in play
        while len(setup.seats) < value:
            click(app, centre(setup.add_button))
    if option.per_seat:
        wanted = ([option.choices[i % len(option.choices)][0] for i in range(len(setup.seats))]
                  if value == "mixed" else [value] * len(setup.seats))
        for seat, target in enumerate(wanted):
            for _ in range(len(option.choices)):
                if setup.options[option.key][seat] == target:
                    break
                click(app, centre(setup.seat_toggles[(option.key, seat)]))
        assert setup.options[option.key] == wanted
        return wanted
    menu = setup.option_menus[option.key]
    label = option.label_of(value)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=label))
    frames(app)
    assert setup.options[option.key] == value
    return value


def play(session, moves: int) -> None:
    """A few legal moves for whoever is to act (bots' seats too: only saving is tested)."""
    for _ in range(moves):
        if session.state.is_over:
            return
        actions = session.state.legal_actions()
        session.apply(actions[len(session.actions) % len(actions)])
    session.wait_for_autosave()


@pytest.mark.usefixtures("thread_bots")
@pytest.mark.parametrize("spec,choices", CASES)
def test_every_setup_value_saves_lists_continues_and_loads(app, spec, choices):
    app.top.choose_game(spec)
    setup = app.top
    assert isinstance(setup, SetupScene)
    frames(app)
    options = {option.key: option for option in spec.options}
    expected = {key: choose(app, setup, options[key], value) for key, value in choices.items()}
    assert {key: setup.options[key] for key in expected} == expected
    click(app, centre(setup.start))
    assert setup.message == "" and app.errors == []
    game = app.find(GameScene)
    assert game is not None and game.session.options == spec.check_options(expected)
    play(game.session, 2)
    played = list(game.session.actions)
    moves = len(played)   # bots may move on once the table runs again

    # the autosave is listed as good, its options as the setup called them, and Continue offers it
    app.reset_to()
    menu = app.push(MenuScene(app))
    frames(app)
    rows = [row for row in list_saves() if row.game_id == spec.id]
    assert rows and all(row.ok for row in rows), [row.error for row in rows]
    for option in spec.options:
        shown = dict(rows[0].options)[option.label]
        assert shown.rstrip("…") and option.label_of(expected[option.key]).startswith(shown.rstrip("…"))
    assert continue_choice().row is not None
    assert menu.continue_button.is_enabled
    click(app, centre(menu.continue_button))
    assert app.errors == []
    game = app.find(GameScene)
    assert game is not None and game.session.actions[:moves] == played
    assert game.session.options == spec.check_options(expected)
    play(game.session, 1)

    # a named save, from the saves folder through the Load screen
    game.session.name = "kept"
    game.session.save_to(paths.saves_dir() / "kept.json")
    played = list(game.session.actions)
    moves = len(played)
    app.reset_to()
    app.push(MenuScene(app))
    load = app.push(LoadScene(app))
    frames(app)
    index = next(i for i, row in enumerate(load.rows) if row.path.name == "kept.json")
    assert load.rows[index].ok, load.rows[index].error
    load.select(index)
    click(app, centre(load.load_button))
    assert app.errors == []
    game = app.find(GameScene)
    assert game is not None and game.session.actions[:moves] == played and game.session.name == "kept"
    assert game.session.options == spec.check_options(expected)
    play(game.session, 1)
