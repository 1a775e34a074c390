"""Following a game of Städtetour: the log names the road taken at every fork, for every seat
and without telling anything hidden (STT-12, STT-26, STT-27), and the bus drives stop by stop
at a pace a person can follow, resting at each stop, with the road taken at a fork lit up
first; the settings' animation speed scales it all, and the prize shows when the bus gets
there."""
from __future__ import annotations

import math

import pytest

from game.core import paths
from game.core.protocol import fill_names
from game.core.registry import get
from game.core.session import BOT, PERSON, Seat, Session
from game.games.staedtetour.rules import DESTINATIONS, DRIVE, ROUND, SINGLE, DrawTicket, Drive, network
from game.games.staedtetour.scene import BAG, MAP, StaedtetourScene, drive_plan
from game.scenes.menu import MenuScene
from game.table.frame import open_game
from game.ui import theme

from tests.staedtetour.builders import (NET, arrange, far_cards, forks, fresh, hold, lay_face_up,
                                        next_to_a_destination, parting_pair, place_bus, shortest_roads, stack_bag,
                                        straight_run)
from uihelpers import click, frames, make_app

FRAME = 1 / 60
# What a person needs to follow a move at the normal speed (seconds): the drawn ticket shows
# before the bus sets off, the bus rests at each stop, the road taken at a fork shows first.
SEE_TICKET, SEE_STOP, SEE_ROAD = 0.4, 0.15, 0.4


def label(stop: str) -> str:
    return network().labels[stop]


def fork_lines(events, viewer):
    return [e.for_viewer(viewer).text_for(viewer) for e in events if e.kind == "fork"]


# ---- the log ------------------------------------------------------------------------------------

def a_fork_ahead() -> tuple[str, str, list[str]]:
    """A fork that is no destination, the road behind the bus there, and the two roads ahead."""
    fork = next(k for k in forks() if k not in DESTINATIONS)
    behind = NET.neighbours[fork][0]
    return fork, behind, [w for w in NET.neighbours[fork] if w != behind]


def test_the_log_names_the_road_taken_at_a_fork_for_every_seat_STT_12_STT_27():
    fork, behind, ahead = a_fork_ahead()
    state = fresh(3, 4)
    arrange(state, fork, behind, [SINGLE], far_cards(3, [fork, *NET.neighbours[fork]]))
    state.apply(DrawTicket())
    assert state.phase == DRIVE and state.legal_actions() == [Drive(w) for w in ahead]
    events = state.apply(Drive(ahead[1]))
    expected = f"At {label(fork)}, {{P0}} takes the road to {label(ahead[1])}"
    seen = [fork_lines(events, viewer) for viewer in (None, 0, 1, 2)]
    assert all(lines == [seen[0][0]] for lines in seen) and seen[0][0].startswith(expected)
    # the line comes before what the road led to, in the order of the game
    assert [e.kind for e in events][0] == "fork"


def test_a_bots_road_at_a_fork_is_in_everyones_log_by_name_STT_12():
    fork, behind, ahead = a_fork_ahead()
    seats = [Seat("Ann", PERSON, colour=0), Seat("Ben", BOT, "easy", 1)]
    session = Session(get("staedtetour"), seats, {}, 8)
    state = session.state
    session.apply(DrawTicket(), autosave=False)   # Ann's turn: now the bot is the tour guide
    assert not state.is_over and state.guide == 1 and state.phase == "draw"
    arrange(state, fork, behind, [SINGLE], far_cards(2, [fork, *NET.neighbours[fork]]))
    session.apply(DrawTicket(), autosave=False)
    assert state.phase == DRIVE
    session.apply(Drive(ahead[0]), autosave=False)
    line = f"At {label(fork)}, Ben takes the road to {label(ahead[0])}"
    for viewer in (None, 0, 1):
        log = [fill_names(text, ["Ann", "Ben"]) for _, text in session.log_for(viewer)]
        assert any(text.startswith(line) for text in log), log[-3:]


def test_a_round_trips_road_reads_alike_whatever_the_card_STT_26_STT_27():
    stop, one, another = parting_pair()
    [road] = shortest_roads(stop, one)
    assert road in shortest_roads(stop, another)
    lines = []
    for card in (one, another):
        state = fresh(2, 15)
        place_bus(state, stop, road)   # the shortest way sets off back along the road behind
        stack_bag(state, [ROUND])
        hold(state, 0, card)
        hold(state, 1, far_cards(1, [one, another, stop, *NET.neighbours[stop]])[0])
        state.apply(DrawTicket())
        events = state.apply(Drive(road))
        lines.append([fork_lines(events, viewer) for viewer in (None, 1)])
    assert lines[0] == lines[1]
    [[text]] = lines[0][:1]
    assert text == f"At {label(stop)}, {{P0}} turns the bus round onto the road to {label(road)}."


# ---- the pace of a move -------------------------------------------------------------------------

def test_the_plan_rests_at_each_stop_and_takes_longer_roads_slower():
    times = drive_plan([60.0, 200.0, 60.0], 0.5)
    assert times[0][0] == 0.5
    for (depart, arrive), (next_depart, _) in zip(times, times[1:]):
        assert next_depart - arrive >= SEE_STOP and arrive > depart
    legs = [arrive - depart for depart, arrive in times]
    assert legs[1] > legs[0] == pytest.approx(legs[2]) and legs[0] >= 0.3
    assert drive_plan([], 1.0) == []


def start_game(speed: str, seed: int = 3) -> tuple:
    app = make_app(animation_speed=speed, bot_pace="slow")   # the bot waits until we looked
    seats = [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)]
    session = Session(get("staedtetour"), seats, {}, seed, autosave_path=paths.autosave_path())
    app.push(MenuScene(app))
    scene = open_game(app, session)
    frames(app)
    return app, scene


def watch(app, scene: StaedtetourScene, limit: int = 2000) -> list[tuple]:
    """Frame by frame until the animation ends: where the bus was drawn, and the trail."""
    seen = []
    for _ in range(limit):
        if not scene.anim.busy:
            break
        frames(app, 1, FRAME)
        seen.append((scene.bus_drawn_at, len(scene.trail()), scene.bus_moving))
    return seen


def drive_three_stops(app, scene: StaedtetourScene) -> list[str]:
    """Ann draws a single ticket (two more lie face up): the bus drives three stops, no fork."""
    state = scene.session.state
    bus, behind, path = straight_run(3)
    place_bus(state, bus, behind)
    lay_face_up(state, [SINGLE, SINGLE])
    stack_bag(state, [SINGLE])
    hold(state, 0, far_cards(1, [bus, *path])[0])
    hold(state, 1, far_cards(2, [bus, *path])[1])
    scene.refresh_view()
    frames(app)
    click(app, BAG.center)
    assert scene.session.actions[-1] == DrawTicket() and scene.view["route"] == [bus, *path]
    return [bus, *path]


def frames_at(seen, point) -> list[int]:
    return [i for i, (at, _n, _m) in enumerate(seen) if at is not None and math.dist(at, point) < 0.5]


def test_the_bus_drives_stop_by_stop_and_rests_at_each_stop():
    app, scene = start_game("normal")
    route = drive_three_stops(app, scene)
    seen = watch(app, scene)
    assert seen and not scene.anim.busy
    # it never jumps: at 60 frames a second the bus moves a few pixels at a time
    steps = [math.dist(a, b) for (a, _, _), (b, _, _) in zip(seen, seen[1:]) if a and b]
    assert max(steps) < 12, max(steps)
    # it waits at the start while the ticket lights up, then rests at each stop it reaches,
    # in the order of the route, and the stop joins the numbered trail as it gets there
    start = frames_at(seen, scene.stop_xy(route[0]))
    assert len(start) >= SEE_TICKET / FRAME
    last = start[-1]
    for number, stop in enumerate(route[1:], start=1):
        here = frames_at(seen, scene.stop_xy(stop))
        assert len(here) >= SEE_STOP / FRAME and here[0] > last, stop
        assert seen[here[-1]][1] == number + 1     # the trail: the start and `number` stops
        last = here[-1]
    assert scene.trail() == route and not scene.bus_moving
    assert app.errors == []


def test_the_animation_speed_setting_paces_the_drive():
    lengths = {}
    for speed in ("normal", "slow", "off"):
        app, scene = start_game(speed)
        drive_three_stops(app, scene)
        lengths[speed] = len(watch(app, scene))
        assert scene.trail() == scene.view["route"] and app.errors == []
    assert lengths["off"] <= 2
    assert lengths["slow"] > 1.4 * lengths["normal"] > 1.4 * 3 * 0.5 / FRAME


def test_at_a_fork_the_road_taken_lights_up_before_the_bus_drives_it_STT_12():
    app, scene = start_game("normal")
    state = scene.session.state
    fork, behind, ahead = a_fork_ahead()
    place_bus(state, fork, behind)
    stack_bag(state, [SINGLE])
    hold(state, 0, far_cards(1, [fork, *NET.neighbours[fork]])[0])
    hold(state, 1, far_cards(2, [fork, *NET.neighbours[fork]])[1])
    scene.refresh_view()
    frames(app)
    click(app, BAG.center)
    watch(app, scene)
    assert scene.view["phase"] == DRIVE and scene.view["next_stops"] == ahead
    road = scene.road(fork, ahead[0])
    middle = road[len(road) // 2] if len(road) > 2 else ((road[0][0] + road[1][0]) / 2, (road[0][1] + road[1][1]) / 2)
    x, y = scene.stop_xy(ahead[0])
    click(app, (MAP.x + x, MAP.y + y))
    assert scene.session.actions[-1] == Drive(ahead[0])
    seat_colour = theme.seat_colour(scene.ctx.seats[0].colour)
    seen = []
    lit = 0
    for _ in range(round(SEE_ROAD / FRAME)):
        frames(app, 1, FRAME)
        seen.append(scene.bus_drawn_at)
        pixel = app.canvas.get_at((round(MAP.x + middle[0]), round(MAP.y + middle[1])))
        lit += math.dist(pixel[:3], seat_colour[:3]) < 40
    # the bus stands at the fork while the road it takes is drawn in the tour guide's colour
    assert all(at is not None and math.dist(at, scene.stop_xy(fork)) < 0.5 for at in seen[:-3])
    assert lit >= 0.8 * len(seen)
    watch(app, scene)
    assert scene.trail()[:2] == [fork, ahead[0]] and app.errors == []


def test_the_prize_and_the_new_card_show_when_the_bus_gets_there_STT_13_STT_14():
    app, scene = start_game("normal")
    state = scene.session.state
    bus, behind, dest = next_to_a_destination()
    place_bus(state, bus, behind)
    lay_face_up(state, [SINGLE])
    stack_bag(state, [SINGLE])
    hold(state, 0, dest)
    scene.refresh_view()
    frames(app)
    click(app, BAG.center)
    assert state.tickets[0] == 2 and state.destinations[0] != dest   # the rules took it at once
    # on the table the bus is on its way: the piles, the row (with the ticket just drawn) and
    # Ann's card stay as they were
    shown = scene.shown()
    assert shown["tickets"][0] == 0 and shown["row"] == [SINGLE, SINGLE] and scene.my_destination() == dest
    assert scene.seat_signature(0)[0] == 0
    watch(app, scene)
    shown = scene.shown()
    assert shown["tickets"][0] == 2 and shown["row"] == [] and scene.my_destination() == state.destinations[0]
    assert app.errors == []
