"""Städtetour in the app, through the real event path: drawing tickets, choosing the way at a
fork, placing the bus, the curtain, bots to the end, and the monkey."""
from __future__ import annotations

import pygame
import pytest

from game.core import paths
from game.core.registry import get
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat, Session
from game.games.staedtetour.rules import (DESTINATIONS, DRAW, DRIVE, ROUND, SINGLE, TO_DESTINATION, DrawTicket,
                                          Drive, PlaceBus)
from game.games.staedtetour.scene import BAG, MAP, StaedtetourScene
from game.scenes.menu import MenuScene, tile_rects
from game.scenes.results import ResultsScene
from game.scenes.setup import SetupScene
from game.table.curtain import CurtainScene
from game.table.frame import open_game

from tests.staedtetour.builders import NET, deal, hold, on_a_shortest_way, parting_pair, place_bus, stack_bag
from uihelpers import centre, click, frames, make_app, monkey_game, press, run_until


def start(app, seats, seed=3, **options):
    session = Session(get("staedtetour"), seats, options, seed, autosave_path=paths.autosave_path())
    app.push(MenuScene(app))
    return open_game(app, session)


def stop_point(scene, key):
    x, y = scene.stop_xy(key)
    return (MAP.x + x, MAP.y + y)


def test_from_the_menu_into_a_game():
    app = make_app()
    menu = app.push(MenuScene(app))
    frames(app)
    index = next(i for i, spec in enumerate(menu.games) if spec.id == "staedtetour")
    click(app, tile_rects(len(menu.games))[index].center)
    assert isinstance(app.top, SetupScene)
    click(app, centre(app.top.start))
    assert isinstance(app.top, StaedtetourScene)


def test_draw_a_ticket_by_clicking_the_bag_STT_8():
    app = make_app()
    scene = start(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)])
    frames(app)
    assert scene.is_my_turn() and scene.view["phase"] == DRAW
    click(app, BAG.center)
    assert scene.session.actions[0] == DrawTicket()
    # the ticket was drawn face up (the bot may already have gone on, so read the log's event)
    drawn = [e for i, e in scene.session.events if i == 0 and e.kind == "draw"]
    assert len(drawn) == 1 and drawn[0].data["face_up"] == 1 and drawn[0].seat == 0


def test_choose_the_way_at_a_fork_by_clicking_STT_12():
    app = make_app()
    scene = start(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)])
    frames(app)
    state = scene.session.state
    fork = next(k for k, ways in NET.neighbours.items() if len(ways) == 3 and k not in DESTINATIONS)
    place_bus(state, fork, NET.neighbours[fork][0])
    deal(state, [d for d in DESTINATIONS if NET.distances(fork)[d] > 3][:2])
    stack_bag(state, [SINGLE])
    scene.refresh_view()
    click(app, BAG.center)
    assert scene.view["phase"] == DRIVE
    frames(app, 3)
    # a click on a stop the bus cannot go to is refused, and changes nothing
    before = state.to_json()
    click(app, stop_point(scene, NET.neighbours[fork][0]))
    assert state.to_json() == before and scene.status_warning
    target = scene.view["next_stops"][0]
    count = len(scene.session.actions)
    click(app, stop_point(scene, target))
    assert scene.session.actions[count] == Drive(target)   # (the bot may already have moved on)


def test_a_round_trip_asks_even_with_one_road_and_a_click_or_space_drives_on_STT_26():
    app = make_app()
    scene = start(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)])
    frames(app)
    state = scene.session.state
    stop, one, _another = parting_pair()
    place_bus(state, stop, NET.neighbours[stop][0])
    hold(state, 0, one)
    hold(state, 1, next(d for d in DESTINATIONS if d not in on_a_shortest_way(stop, one)))
    stack_bag(state, [ROUND])
    scene.refresh_view()
    click(app, BAG.center)
    frames(app, 3)
    assert scene.view["phase"] == DRIVE and scene.view["mode"] == TO_DESTINATION
    [road] = scene.view["next_stops"]          # one shortest way, and Ann is asked all the same
    assert "click it (or press Space)" in scene.prompt()
    click(app, stop_point(scene, road))
    assert scene.session.actions[-1] == Drive(road)
    while scene.view["phase"] == DRIVE and len(scene.view["next_stops"]) > 1:
        click(app, stop_point(scene, scene.view["next_stops"][0]))
    assert scene.view["phase"] == DRIVE       # the next question of one road: Space answers it
    count = len(scene.session.actions)
    press(app, pygame.K_SPACE)
    assert len(scene.session.actions) == count + 1 and isinstance(scene.session.actions[-1], Drive)
    assert app.errors == []


def test_the_first_guide_places_the_bus_STT_5():
    app = make_app()
    scene = start(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)], start="choose")
    frames(app)
    stop = next(k for k in NET.intermediate_stops())
    click(app, stop_point(scene, "paris"))
    assert scene.placing is None and scene.status_warning
    click(app, stop_point(scene, stop))
    assert scene.placing == stop
    behind = NET.neighbours[stop][0]
    click(app, stop_point(scene, behind))
    assert scene.session.actions[0] == PlaceBus(stop, behind)


def test_curtain_hides_the_destinations_between_two_people():
    app = make_app()
    scene = start(app, [Seat("Ann", PERSON, colour=0), Seat("Ben", PERSON, colour=1)])
    frames(app, 3)
    assert isinstance(app.top, CurtainScene) and scene.view["destinations"] == [None, None]
    press(app, pygame.K_SPACE)
    assert scene.view["destinations"] == [scene.session.state.destinations[0], None]


def test_bots_to_the_end():
    app = make_app()
    start(app, [Seat("A", BOT, "easy", 0), Seat("B", BOT, "normal", 1), Seat("C", BOT, "easy", 2)], seed=9)
    assert run_until(app, lambda: isinstance(app.top, ResultsScene), timeout=120)
    assert app.errors == []


@pytest.mark.parametrize("people", [1, 2])
def test_monkey_on_the_staedtetour_scene(people):
    app = make_app()
    seats = [Seat("Ann", PERSON, colour=0)] + [Seat(f"P{i}", PERSON if i < people else BOT, "easy", i)
                                               for i in range(1, 3)]
    start(app, seats, seed=31)
    monkey_game(app, Rng(7 + people), StaedtetourScene, lambda seed: start(app, seats, seed=seed))
    assert app.errors == [], app.errors[:1]


# ---- nothing drawn over the names ---------------------------------------------------------------

def hidden_pixels(scene, canvas, stop):
    """How many of the stop name's solid pixels the canvas does not show in the name's colour."""
    img, rect = scene.name_at(stop)
    hidden = 0
    for x in range(img.get_width()):
        for y in range(img.get_height()):
            colour = img.get_at((x, y))
            if colour.a == 255 and canvas.get_at((MAP.x + rect.x + x, MAP.y + rect.y + y))[:3] != colour[:3]:
                hidden += 1
    return hidden


def test_the_glow_of_a_stop_to_click_leaves_its_name_readable():
    app = make_app()
    scene = start(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)], start="choose")
    frames(app)
    targets = scene.clickable_stops()
    assert set(targets) == set(NET.intermediate_stops())
    # some names sit close enough to their stop that the glow reaches them
    assert any(scene.glow_rect(t).inflate(10, 10).colliderect(scene.name_at(t)[1]) for t in targets)
    canvas = pygame.Surface((1920, 1080))
    scene.draw_overlay(canvas)
    assert {t: hidden_pixels(scene, canvas, t) for t in targets} == {t: 0 for t in targets}
    dirty = scene._overlay_rects(scene._overlay_key())    # and they are redrawn where they are
    assert all(any(r.contains(scene.name_at(t)[1].move(MAP.topleft)) for r in dirty) for t in targets)


def test_the_bus_never_hides_a_name():
    app = make_app()
    scene = start(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)])
    frames(app)
    state = scene.session.state
    covered = [(stop, other) for stop in scene.stops for other in scene.stops
               if other != stop and scene.name_at(other)[1].colliderect(scene.bus_rect(stop))]
    assert covered          # somewhere the bus stands over another stop's name
    for stop, other in covered:
        place_bus(state, stop, NET.neighbours[stop][0])
        scene.refresh_view()
        canvas = pygame.Surface((1920, 1080))
        scene.draw_overlay(canvas)
        assert hidden_pixels(scene, canvas, stop) == 0 and hidden_pixels(scene, canvas, other) == 0, (stop, other)


def test_the_bus_resting_on_its_drive_shows_the_names_it_stands_over():
    app = make_app(animation_speed="normal")
    scene = start(app, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)])
    frames(app)
    stop, other = next((s, o) for s in scene.stops for o in scene.stops
                       if o != s and scene.name_at(o)[1].colliderect(scene.bus_rect(s)))
    scene._leg_motion(NET.neighbours[stop][0], stop, 0.0, 0.0, 0.5, last=False)
    leg = scene.anim.motions[-1]
    canvas = pygame.Surface((1920, 1080))
    leg.draw(canvas, 1.0)                      # arrived: it rests there a moment
    assert hidden_pixels(scene, canvas, stop) == 0 and hidden_pixels(scene, canvas, other) == 0
    for name in (stop, other):                 # and the chips are redrawn where they are
        assert leg.bounds(1.0).contains(scene.chip_rect(name).move(MAP.topleft))
