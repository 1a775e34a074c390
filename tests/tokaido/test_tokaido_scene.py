"""Tokaido in the app, through the real event path: choosing a traveller, walking by clicking a
glowing place, a refused walk, shopping in a village, the temple, a meal at an inn, a Crossroads
option, the curtain between two people, bots to the end, and the monkey."""
from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core import paths
from game.core.registry import get
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat, Session
from game.games.tokaido.rules import (INN, MEAL, MEALS, OPTION, BuySouvenirs, ChooseOption, ChooseTraveller, Donate,
                                      EatMeal, Move, TokaidoState, next_inn_index)
from game.games.tokaido.scene import MAP, PANEL, TokaidoScene
from game.scenes.menu import MenuScene
from game.scenes.results import ResultsScene
from game.table.curtain import CurtainScene
from game.table.frame import open_game

from uihelpers import centre, click, frames, make_app, monkey_game, press, run_until

ANN_AND_BOTS = [Seat("Ann", PERSON, colour=0), Seat("Bo", BOT, "easy", 1), Seat("Cy", BOT, "easy", 2)]


def new_session(seats, seed=5, **options) -> Session:
    return Session(get("tokaido"), seats, options, seed, autosave_path=paths.autosave_path())


def show(app, session: Session) -> TokaidoScene:
    app.push(MenuScene(app))
    scene = open_game(app, session)
    frames(app)
    return scene


def pending_kind(state: TokaidoState, seat: int = 0) -> str | None:
    """What seat must decide now: a pending step's kind, "walk", "travellers", or None."""
    if state.current_player != seat:
        return None
    view = state.view(seat)
    if view["phase"] == "travellers":
        return "travellers"
    return view["pending"]["kind"] if view["pending"] else "walk"


def advance(session: Session, until: Callable[[TokaidoState], bool], prefer: str | None = None,
            limit: int = 800) -> None:
    """Play plain choices (the first legal action) until `until(state)`; Ann (seat 0) walks to
    the nearest stop of kind `prefer` when she can."""
    for _ in range(limit):
        state = session.state
        if until(state):
            return
        legal = state.legal_actions()
        action = legal[0]
        if state.current_player == 0 and prefer:
            wanted = [a for a in legal if isinstance(a, Move) and state.road[a.index].kind == prefer]
            action = wanted[0] if wanted else action
        session.apply(action, autosave=False)
    raise AssertionError("the wanted moment never came")


def stop_point(scene: TokaidoScene, index: int, slot: int = 0) -> tuple[int, int]:
    x, y = scene.slot_xy(index, slot)
    return (round(MAP.x + x), round(MAP.y + y))


def test_choose_a_traveller_by_clicking_its_tile_TOK_4():
    app = make_app()
    scene = show(app, new_session(ANN_AND_BOTS))
    assert scene.is_my_turn() and scene.view["phase"] == "travellers"
    dealt = scene.view["players"][0]["dealt"]
    tile = scene.spot(("traveller", dealt[1]))
    assert tile is not None and tile.clickable
    click(app, tile.rect.center)
    assert scene.session.actions[0] == ChooseTraveller(dealt[1])
    assert scene.session.state.players[0]["chosen"] == dealt[1]   # kept in secret until everyone has chosen
    assert scene.view["players"][0]["chosen"] == dealt[1]
    assert app.errors == []


def test_walk_by_clicking_a_glowing_place_TOK_7():
    app = make_app()
    session = new_session(ANN_AND_BOTS, initiation=True)
    advance(session, lambda s: pending_kind(s) == "walk")
    scene = show(app, session)
    targets = scene.targets()
    assert targets and all(isinstance(m, Move) for m in targets)
    target = targets[-1]
    count = len(session.actions)
    click(app, stop_point(scene, target.index, target.slot))
    assert session.actions[count] == target
    assert session.state.players[0]["index"] == target.index
    assert app.errors == []


def test_a_walk_past_the_inn_or_onto_a_taken_place_is_refused_TOK_7():
    app = make_app()
    session = new_session(ANN_AND_BOTS, initiation=True)

    def ann_behind_someone(state: TokaidoState) -> bool:
        if pending_kind(state) != "walk":
            return False
        me = state.players[0]["index"]
        inn = next_inn_index(state.road, me)
        return any(me < p["index"] < inn for p in state.players[1:])
    advance(session, ann_behind_someone)
    scene = show(app, session)
    state = session.state
    me = state.players[0]["index"]
    before = state.to_json()
    beyond = next_inn_index(state.road, me) + 1
    click(app, stop_point(scene, beyond))
    assert state.to_json() == before and scene.status_warning and "past the next inn" in scene.status_note
    taken = next(p["index"] for p in state.players[1:] if me < p["index"] < next_inn_index(state.road, me))
    scene.status_note = ""
    click(app, stop_point(scene, taken))
    assert state.to_json() == before and scene.status_warning and "already there" in scene.status_note
    assert all(m.index != taken for m in scene.targets())   # taken places do not glow
    assert app.errors == []


def test_buy_a_souvenir_by_toggling_it_and_pressing_buy_TOK_14():
    app = make_app()
    session = new_session(ANN_AND_BOTS, initiation=True)
    advance(session, lambda s: pending_kind(s) == "village" and bool(s.village_offer), prefer="village")
    scene = show(app, session)
    offer = list(scene.view["village_offer"])
    ident = next(c for c in offer if scene.spot(("souvenir", c)).clickable)
    assert scene.board_button("buy").text == "Buy nothing"
    click(app, scene.spot(("souvenir", ident)).rect.center)
    assert scene.selection == (ident,) and scene.spot(("souvenir", ident)).selected
    click(app, scene.spot(("souvenir", ident)).rect.center)        # toggled off again
    assert scene.selection == ()
    click(app, scene.spot(("souvenir", ident)).rect.center)
    buy = scene.board_button("buy")
    assert buy.text.startswith("Buy 1 for")
    count = len(session.actions)
    click(app, centre(buy))
    assert session.actions[count] == BuySouvenirs((ident,))
    assert ident in session.state.players[0]["souvenirs"]
    assert app.errors == []


def test_give_to_the_temple_TOK_19():
    app = make_app()
    session = new_session(ANN_AND_BOTS, initiation=True)
    advance(session, lambda s: pending_kind(s) == "offering", prefer="temple")
    scene = show(app, session)
    offering = session.state.players[0]["temple"]
    count = len(session.actions)
    click(app, centre(scene.board_button("give2")))
    assert session.actions[count] == Donate(2)
    assert session.state.players[0]["temple"] == offering + 2
    assert app.errors == []


def test_a_meal_at_an_inn_TOK_37():
    app = make_app()
    session = new_session(ANN_AND_BOTS, initiation=True)
    advance(session, lambda s: pending_kind(s) == MEAL and any(
        isinstance(a, EatMeal) for a in s.legal_actions()), prefer=INN)
    scene = show(app, session)
    hand = scene.view["meal_hand"]
    assert hand, "Ann sees the dishes on the table"
    spot = next(s for s in scene.choice().spots if s.clickable)
    click(app, spot.rect.center)
    assert scene.chosen == spot.target
    eat = scene.board_button("eat")
    assert eat is not None and eat.text.startswith("Eat ")
    count = len(session.actions)
    meals = len(session.state.players[0]["meals"])
    click(app, centre(eat))
    assert session.actions[count] == EatMeal(MEALS[hand[int(spot.target[1])]].dish)
    assert len(session.state.players[0]["meals"]) == meals + 1
    assert app.errors == []


def test_a_crossroads_option_TOK_46():
    app = make_app()
    session = new_session(ANN_AND_BOTS, crossroads=True, initiation=True)
    advance(session, lambda s: pending_kind(s) == OPTION)
    scene = show(app, session)
    options = scene.view["pending"]["options"]
    assert "base" in options and "cross" in options
    count = len(session.actions)
    click(app, centre(scene.board_button("cross")))
    assert session.actions[count] == ChooseOption("cross")
    assert app.errors == []


def test_the_curtain_hides_the_secret_traveller_and_the_meal_hand_TOK_76():
    app = make_app()
    seats = [Seat("Ann", PERSON, colour=0), Seat("Ben", PERSON, colour=1)]
    scene = show(app, new_session(seats))
    frames(app, 3)
    assert isinstance(app.top, CurtainScene)
    assert scene.view["players"][0]["dealt"] is None
    assert all(spot.target[0] == "back" for spot in scene.choice().spots)   # face down
    press(app, pygame.K_SPACE)
    assert scene.viewer == 0 and scene.view["players"][0]["dealt"]
    assert {spot.target[0] for spot in scene.choice().spots} == {"traveller"}

    app = make_app()
    session = new_session(seats, seed=8, initiation=True)
    advance(session, lambda s: pending_kind(s) == MEAL, prefer=INN)
    scene = show(app, session)
    frames(app, 3)
    assert isinstance(app.top, CurtainScene)
    assert scene.view["meal_hand"] is None
    assert not any(spot.target[0] == "meal" for spot in scene.choice().spots)
    press(app, pygame.K_SPACE)
    assert scene.view["meal_hand"] is not None
    assert any(spot.target[0] == "meal" for spot in scene.choice().spots)
    assert app.errors == []


def test_clicks_while_someone_else_decides_change_nothing():
    app = make_app()
    session = new_session([Seat("Ann", PERSON, colour=0), Seat("Bo", BOT, "easy", 1)], initiation=True)
    scene = show(app, session)
    scene.bots_paused = True
    advance(session, lambda s: s.current_player == 1)
    scene.refresh_view()
    before = session.state.to_json()
    click(app, (PANEL.x + 100, PANEL.y + 150))
    click(app, stop_point(scene, session.state.players[1]["index"] + 1))
    assert session.state.to_json() == before
    assert "Bo" in scene.choice().title
    assert app.errors == []


def test_bots_play_to_the_end():
    app = make_app()
    seats = [Seat(n, BOT, "easy", i) for i, n in enumerate(("Ai", "Bo", "Cy"))]
    app.push(MenuScene(app))
    open_game(app, new_session(seats, seed=9))
    assert run_until(app, lambda: isinstance(app.top, ResultsScene), timeout=240)
    assert app.errors == []


@pytest.mark.parametrize("people", [1, 2])
def test_monkey_on_the_tokaido_scene(people):
    app = make_app()
    seats = [Seat("Ann", PERSON, colour=0)] + [Seat(f"P{i}", PERSON if i < people else BOT, "easy", i)
                                               for i in range(1, 3)]
    options = {"crossroads": True, "new_encounters": True}
    app.push(MenuScene(app))
    open_game(app, new_session(seats, seed=31, **options))

    def restart(seed: int) -> None:
        app.push(MenuScene(app))
        open_game(app, new_session(seats, seed=seed, **options))

    # F1 left out: the rules viewer has its own monkey, and here it took most of the events
    monkey_game(app, Rng(7 + people), TokaidoScene, restart, skip_keys=(pygame.K_F1,))
    assert app.errors == [], app.errors[:1]


def test_the_score_track_shows_points_as_they_are_earned_TOK_43():
    app = make_app()
    session = new_session(ANN_AND_BOTS, initiation=True)
    scene = show(app, session)
    scene.bots_paused = True
    marks = {seat: (x, y) for seat, x, y in scene.track_marks()}
    assert set(marks) == {0, 1, 2} and len({y for _x, y in marks.values()}) == 3   # all at 0, stacked
    advance(session, lambda s: max(s.scores()) >= 5)
    scene.refresh_view()
    frames(app, 1, dt=1 / 60)
    leader = max(range(3), key=lambda s: session.state.scores()[s])
    moving = dict((s, x) for s, x, _y in scene.track_marks())[leader]
    assert scene.track_x(0) < moving < scene.track_x(session.state.scores()[leader])   # on its way
    frames(app, 120, dt=1 / 30)
    for seat, x, _y in scene.track_marks():
        assert x == round(scene.track_x(session.state.scores()[seat]))
    assert app.errors == []


def test_hovering_a_seat_shows_its_journey_with_its_meals_face_down_TOK_75():
    from uihelpers import to_window
    app = make_app()
    session = new_session(ANN_AND_BOTS, seed=3)
    advance(session, lambda s: s.players[1]["meals"] or s.players[1]["cook_meals"])
    scene = show(app, session)
    scene.bots_paused = True
    assert scene.collection_seat() == 0
    rows = dict(scene._collection_rows(scene.view["players"][1], own=False))
    pos = to_window(app, scene._seat_rects[1].center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    assert scene.collection_seat() == 1
    assert scene.view["players"][1]["meals"] is None and rows["Meals"].endswith("(face down)")
    assert app.errors == []


@pytest.mark.parametrize("seats", [2, 5])
def test_a_gain_badge_keeps_off_the_points_and_coins_it_changes(seats):
    """Issue 22: the floating "+3 coins" badge covered the seat's score. All the way up, it
    stays clear of the points (the panel's first line, right) and the coins (second line)."""
    from game.games.tokaido.art import gain_label
    from game.ui import theme
    from uihelpers import open_table
    app, scene, session = open_table([Seat(f"P{i}", PERSON, colour=i) for i in range(seats)], game="tokaido")
    label = gain_label("−12 coins  +12 pts")
    for piece in range(seats):
        box = scene._seat_rects[piece]
        (cx, cy), rise = scene.gain_start(piece, label.get_size())
        score_w, score_h = theme.font(theme.SIZE_BODY, True).size("88 pts")
        score = pygame.Rect(0, 0, score_w, score_h)
        score.midright = (box.right - 20, box.y + 26)
        coins_w, coins_h = theme.font(theme.SIZE_SMALL, True).size("88")
        coins = pygame.Rect(box.x + 184, box.y + 62 - coins_h // 2, 28 + coins_w, coins_h)
        for t in (0.0, 0.5, 1.0):
            badge = label.get_rect(center=(round(cx), round(cy - rise * t)))
            assert box.contains(badge), "the badge stays on its own panel"
            assert not badge.colliderect(score) and not badge.colliderect(coins), (t, badge, score, coins)
