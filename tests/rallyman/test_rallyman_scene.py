"""Rallyman GT's table, driven through the real event path: plan dice by clicks (tray and
track), take one back, roll one at a time and stop, roll flat out, a bot's turn, the monkey."""
from __future__ import annotations


import pygame
import pytest

from game.core.registry import get
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat, Session
from game.games.rallyman.actions import GoFlatOut, GoOneByOne, NextRace, PlanDie, RollStep, StopTurn, TakeBack
from game.games.rallyman.phases import PLAN, STANDINGS, STEPS
from game.games.rallyman.scene import RallymanScene
from game.scenes.menu import MenuScene
from game.table.frame import open_game

from uihelpers import centre, click, frames, make_app, monkey_game, run_until, settle

SPEC = get("rallyman")


pytestmark = pytest.mark.usefixtures("thread_bots")   # bots on a thread (conftest)


def table(seats, seed: int = 5, settings: dict | None = None, **options):
    app = make_app(**(settings or {}))
    app.push(MenuScene(app))
    opts = SPEC.default_options() | options
    session = Session(SPEC, seats, opts, seed)
    scene = open_game(app, session)
    frames(app)
    return app, scene, session


def people(n: int = 2) -> list[Seat]:
    return [Seat(name, PERSON, colour=i) for i, name in enumerate(("Ann", "Ben", "Cleo")[:n])]


def button_for(scene, kind: type):
    for key, button in scene.choices.buttons.items():
        if isinstance(key, tuple) and key[0] == "do" and isinstance(key[1], kind):
            return button
    raise AssertionError(f"no {kind.__name__} button: {list(scene.choices.buttons)}")


def plan_by_clicks(app, scene, session) -> PlanDie:
    """Add one die: click it in the tray (when several fit), then its first glowing space."""
    legal = [a for a in session.state.legal_actions() if isinstance(a, PlanDie)]
    die = legal[0].die
    if len(scene.tray_dice()) > 1:
        click(app, scene.tray_rects()[die].center)
        assert scene.selected_die == die
    settle(app)
    targets = scene.targets()
    space = next(s for s, acts in targets.items() if any(a.die == die for a in acts))
    done = len(session.actions)
    click(app, scene.centre[space])
    assert len(session.actions) == done + 1, scene.status_note
    return session.actions[-1]


def test_plan_two_dice_by_clicks_and_take_one_back():
    app, scene, session = table(people())
    assert session.state.phase == PLAN and scene.is_my_turn()
    first = plan_by_clicks(app, scene, session)
    assert isinstance(first, PlanDie) and session.state.path == [first.to]
    second = plan_by_clicks(app, scene, session)
    assert session.state.path == [first.to, second.to]
    settle(app)
    click(app, centre(button_for(scene, TakeBack)))
    assert session.actions[-1] == TakeBack()
    assert session.state.path == [first.to]
    assert app.errors == []


def test_undo_takes_the_last_die_back():
    app, scene, session = table(people())
    first = plan_by_clicks(app, scene, session)
    plan_by_clicks(app, scene, session)
    settle(app)
    click(app, centre(scene.frame_buttons["undo"]))
    assert session.state.path == [first.to]
    assert app.errors == []


def test_a_solo_race_opens_and_rolls():
    app, scene, session = table([Seat("Ann", PERSON, colour=0)], circuit="coast-speedway")
    plan_by_clicks(app, scene, session)
    settle(app)
    click(app, centre(button_for(scene, GoFlatOut)))
    assert GoFlatOut() in session.actions
    frames(app, 10)
    assert app.errors == []


def test_a_space_refused_says_why():
    app, scene, session = table(people())
    car = session.state.cars[session.state.seat]["space"]
    done = len(session.actions)
    click(app, scene.centre[car])   # the car's own space is no next space
    assert len(session.actions) == done
    assert scene.status_warning and scene.status_note


def test_roll_one_at_a_time_then_stop():
    app, scene, session = table(people())
    plan_by_clicks(app, scene, session)
    plan_by_clicks(app, scene, session)
    settle(app)
    click(app, centre(button_for(scene, GoOneByOne)))
    assert session.actions[-1] == GoOneByOne() and session.state.phase == STEPS
    settle(app)
    click(app, centre(button_for(scene, RollStep)))
    assert session.actions[-1] == RollStep()
    if session.state.phase == STEPS:   # no loss of control on the first step
        settle(app)
        click(app, centre(button_for(scene, StopTurn)))
        assert session.actions[-1] == StopTurn()
        assert session.state.phase != STEPS   # the turn is over (or the pit is offered)
    frames(app, 30)
    assert app.errors == []


def test_roll_flat_out():
    app, scene, session = table(people())
    plan_by_clicks(app, scene, session)
    plan_by_clicks(app, scene, session)
    settle(app)
    done = len(session.actions)
    click(app, centre(button_for(scene, GoFlatOut)))
    assert session.actions[done] == GoFlatOut()
    assert session.state.plan == [] or session.state.phase != PLAN
    frames(app, 30)
    assert app.errors == []


def test_a_bot_turn_plays_through_with_animations():
    seats = [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", colour=1)]
    app, scene, session = table(seats, seed=3, settings={"animation_speed": "fast"})
    # the person plans and rolls whenever it is their turn, until the bot has driven a turn
    def bot_drove() -> bool:
        return any(e.kind == "moved" and e.seat == 1 for _, e in session.events)
    for _ in range(6):
        assert run_until(app, lambda: bot_drove() or (scene.is_my_turn() and not scene.anim.busy), timeout=30)
        if bot_drove():
            break
        if session.state.phase == PLAN and any(isinstance(a, PlanDie) for a in session.state.legal_actions()):
            plan_by_clicks(app, scene, session)
            settle(app)
            click(app, centre(button_for(scene, GoFlatOut)))
        else:
            scene.try_action(session.state.legal_actions()[0])
    assert bot_drove() and len(session.actions) > 2
    assert app.errors == []


@pytest.mark.parametrize("circuit", ["hairpin-oval", "old-town"])
def test_the_monkey(circuit):
    seats = [Seat("Ann", PERSON, colour=0), Seat("Ben", PERSON, colour=1), Seat("Bot", BOT, "easy", colour=2)]
    app, scene, session = table(seats, seed=11, circuit=circuit)

    def restart(seed: int) -> None:
        app.push(MenuScene(app))
        open_game(app, Session(SPEC, seats, SPEC.default_options() | {"circuit": circuit}, seed))

    monkey_game(app, Rng(7), RallymanScene, restart, rounds=40, per_round=30, skip_keys=(pygame.K_F1,))
    assert app.errors == []


def test_a_championship_shows_the_standings_and_the_next_race_is_laid_by_a_click():
    """RMG-37 at the table: the standings after race 1, the leader's button, the next circuit."""
    app, scene, session = table(people(2), championship=2, laps=1, circuit="old-town")
    state = session.state
    old_track, old_tiles = scene.track, len(scene._track_layers)
    state.finishers, state.race_ending = [1, 0], True   # Ben crossed first: the round ends
    state.turn_index = len(state.order) - 1
    state._finish_turn()
    session.events.extend((None, e) for e in state.take_events())
    scene.refresh_view()
    frames(app, 5)
    assert state.phase == STANDINGS and state.current_player == 1
    assert scene.acting() is None and scene.viewer == 1 and scene.is_my_turn()
    button = button_for(scene, NextRace)
    assert "Hairpin Oval" in button.text
    click(app, centre(button))
    assert session.actions[-1] == NextRace() and state.circuit == "hairpin-oval"
    frames(app, 5)
    assert scene.circuit == "hairpin-oval" and scene.track is not old_track
    assert scene.track is state.track
    assert len([layer for layer in scene.layers if layer in scene._track_layers]) == len(scene._track_layers)
    assert not any(layer for layer in scene.layers if layer.rect.size == (0, 0))
    frames(app, 30)
    # the new race plays on by clicks on the new track
    if scene.is_my_turn() and state.phase == PLAN:
        plan_by_clicks(app, scene, session)
    assert app.errors == [] and old_tiles > 0
