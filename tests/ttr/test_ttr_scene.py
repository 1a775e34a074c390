"""Ticket to Ride's table, driven through the real event path: the draft and the keep, a
face-up card and the deck, a route and its payment, a ticket's way lit on hover, South Korea's
express buttons, and the monkey over both boards."""
from __future__ import annotations

import pygame
import pytest

from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat
from game.games.ttr.data import LOCO
from game.games.ttr.layout import DECK_RECT
from game.games.ttr.rules import DRAFT, DRAFTED, DRAWING, TURN, Claim, DraftPick, DrawCard, ExpressDraw, KeepTickets
from game.games.ttr.scene import TtrScene

from uihelpers import centre, click, frames, monkey_game, open_table, run_until, settle, to_window

GAMES = ("ttr-iberia", "ttr-korea")


def table(game: str, seed: int = 4, bots: int = 1):
    seats = [Seat("Ann", PERSON, colour=0)] + [Seat(f"Bot {i}", BOT, "easy", colour=i) for i in range(1, bots + 1)]
    app, scene, session = open_table(seats, game=game, seed=seed)
    frames(app)
    return app, scene, session


def my_turn(scene) -> bool:
    return scene.is_my_turn() and not scene.anim.busy


def draft_by_clicks(app, scene, session) -> None:
    """Pick the first ticket of each packet, then keep the first four, all by clicks."""
    while session.state.phase in (DRAFT, DRAFTED):
        assert run_until(app, lambda: my_turn(scene) or session.state.phase not in (DRAFT, DRAFTED))
        if session.state.phase == DRAFT:
            ticket = scene._panel_tickets()[0]
            done = len(session.actions)
            click(app, scene._ticket_rects()[ticket].center)
            assert session.actions[done] == DraftPick(ticket)
        elif session.state.phase == DRAFTED:
            pool = scene._panel_tickets()
            button = scene.choices.buttons[("confirm",)]
            assert not button.is_enabled, "the confirm button is enabled before four are chosen"
            for ticket in pool[:4]:
                click(app, scene._ticket_rects()[ticket].center)
            settle(app)
            assert button.is_enabled
            done = len(session.actions)
            click(app, centre(button))
            assert session.actions[done] == KeepTickets(tuple(sorted(pool[:4])))
    assert run_until(app, lambda: my_turn(scene) and session.state.phase == TURN)


@pytest.mark.parametrize("game", GAMES)
def test_the_draft_and_the_keep_by_clicks(game):
    app, scene, session = table(game)
    assert session.state.phase == DRAFT
    draft_by_clicks(app, scene, session)
    assert len(session.state.tickets[0]) == 4
    assert app.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_a_face_up_card_then_the_deck(game):
    app, scene, session = table(game)
    draft_by_clicks(app, scene, session)
    slot = next(i for i, card in enumerate(session.state.face_up) if card and card != LOCO)
    click(app, scene.face_rect(slot).center)
    assert session.actions[-1] == DrawCard(slot)
    assert session.state.phase == DRAWING
    locos = [i for i, card in enumerate(session.state.face_up) if card == LOCO]
    if locos:   # a face-up locomotive is refused as the second card, with the reason
        click(app, scene.face_rect(locos[0]).center)
        assert session.actions[-1] == DrawCard(slot) and scene.status_warning
        assert "locomotive" in scene.status_note
    done = len(session.actions)
    click(app, DECK_RECT.center)
    assert session.actions[done] == DrawCard(-1)
    assert session.state.current_player != 0 or session.state.phase == TURN
    assert app.errors == []


def claimable_table(game: str):
    """A table where, after the draft, the person may claim some route."""
    for seed in range(4, 40):
        app, scene, session = table(game, seed=seed)
        draft_by_clicks(app, scene, session)
        if scene.claimable():
            return app, scene, session
    raise AssertionError("no seed lets the person claim a route at once")


@pytest.mark.parametrize("game", GAMES)
def test_click_a_route_then_its_cheapest_payment(game):
    app, scene, session = claimable_table(game)
    route_id = sorted(scene.claimable())[0]
    route = scene.board.route_by_id[route_id]
    x, y = route.spaces[0]
    click(app, (scene.map_rect.x + x, scene.map_rect.y + y))
    assert scene.selected_route == route_id
    pays = scene.payments(route_id)
    assert pays == sorted(pays, key=lambda a: (a.cards, a.locomotives)) or pays[0].cards == route.length
    assert all(("pay", a) in scene.choices.buttons for a in pays[:scene._pay_room() - 1])
    settle(app)
    done = len(session.actions)
    click(app, centre(scene.choices.buttons[("pay", pays[0])]))
    assert session.actions[done] == pays[0]
    assert session.state.claims[route_id] == 0
    assert app.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_hovering_a_ticket_lights_its_cities_and_one_open_way(game):
    app, scene, session = table(game)
    draft_by_clicks(app, scene, session)
    ticket = scene.my_tickets()[0]
    rect = scene._ticket_rects()[ticket]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to_window(app, rect.center), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 2)
    assert scene.hovered_ticket() == ticket
    routes, cities = scene.open_way(ticket)
    t = scene.board.tickets[ticket]
    assert cities[0] == t.b and cities[-1] == t.a and len(routes) == len(cities) - 1
    by_id = scene.board.route_by_id
    for route_id, (here, there) in zip(routes, zip(cities, cities[1:])):
        assert {by_id[route_id].a, by_id[route_id].b} == {here, there}
    assert sum(by_id[r].length for r in routes) <= t.points + 6
    assert "needs" in scene.needs_words(ticket).lower() or "completed" in scene.needs_words(ticket).lower()
    assert scene.overlay.dirty() == [] or True   # the overlay has drawn it; nothing raised
    assert app.errors == []


def test_korea_spends_an_express_card_by_its_button():
    app, scene, session = table("ttr-korea")
    draft_by_clicks(app, scene, session)
    settle(app)
    key = ("do", ExpressDraw(1))
    assert key in scene.choices.buttons
    done = len(session.actions)
    click(app, centre(scene.choices.buttons[key]))
    assert session.actions[done] == ExpressDraw(1)
    assert 1 not in session.state.express_left[0]
    assert app.errors == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("people", [1, 2])
def test_monkey_on_the_table(game, people):
    seats = [Seat("Ann", PERSON, colour=0)] + [Seat(f"P{i}", PERSON if i < people else BOT, "easy", colour=i)
                                               for i in range(1, 3)]

    def restart(seed: int):
        from game.core.registry import get
        from game.core.session import Session
        from game.table.frame import open_game
        spec = get(game)
        open_game(app, Session(spec, seats, spec.default_options(), seed))

    app, scene, session = open_table(seats, game=game, seed=7)
    monkey_game(app, Rng(people + len(game)), TtrScene, restart, rounds=60)
    assert app.errors == [], app.errors[:1]


def _along(route, scene, index: int, offset: float) -> tuple[float, float]:
    import math
    (x, y), angle = route.spaces[index], math.radians(scene.angles[route.id][index])
    return x + math.cos(angle) * offset, y + math.sin(angle) * offset


@pytest.mark.parametrize("game", GAMES)
def test_claimed_trains_cover_each_space_at_its_routes_own_length(game):
    app, scene, session = table(game)
    assert len({round(r.space_length) for r in scene.board.routes}) > 3   # the routes differ
    for route in scene.board.routes:
        image, (bx, by) = scene.route_sprite(route.id, 0)
        for i in range(len(route.spaces)):
            for offset in (0.0, route.space_length / 2 - 1.5, -(route.space_length / 2 - 1.5)):
                x, y = _along(route, scene, i, offset)
                assert image.get_at((round(x - bx), round(y - by))).a == 255, (route.id, i, offset)
    assert app.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_a_route_is_hit_anywhere_along_its_own_spaces(game):
    app, scene, session = table(game)
    misses = []
    for route in scene.board.routes:
        for i in range(len(route.spaces)):
            for offset in (0.0, route.space_length / 2 - 3, -(route.space_length / 2 - 3)):
                if scene.route_at(_along(route, scene, i, offset)) != route.id:
                    misses.append((route.id, i, offset))
    assert not misses, misses[:5]
    assert scene.route_at((2.0, 2.0)) is None


@pytest.mark.parametrize("game", GAMES)
def test_a_claim_redraws_only_the_map_tiles_its_route_touches(game):
    app, scene, session = claimable_table(game)
    before = list(scene._tile_signatures())
    glowing_before = set(scene.glowing_routes())
    claims_before = set(scene.shown_claims())
    festivals_before = dict(scene.view["festival_at"])
    route_id = sorted(scene.claimable())[0]
    scene.try_action(scene.payments(route_id)[0])
    assert session.state.claims[route_id] == 0
    assert run_until(app, lambda: not scene.anim.busy and scene.is_my_turn())
    after = scene._tile_signatures()
    changed = {i for i, (a, b) in enumerate(zip(before, after)) if a != b}
    # the tiles of this claim and of any the bots made meanwhile (and of festival piles), and
    # of the routes that glow now and did not, or did and do not
    allowed = {i for r, _ in set(scene.shown_claims()) - claims_before for i in scene._route_tiles[r]}
    allowed |= {i for r in glowing_before ^ set(scene.glowing_routes()) for i in scene._route_tiles[r]}
    allowed |= {i for key, n in scene.view["festival_at"].items() if festivals_before.get(key) != n
                for i in scene._badge_tiles[key]}
    assert set(scene._route_tiles[route_id]) <= changed <= allowed
    assert app.errors == []


@pytest.mark.parametrize("count", [4, 6, 8, 9, 12, 15])
def test_many_tickets_at_five_seats_stay_two_lines_apart_and_all_reachable(count):
    app, scene, session = table("ttr-korea", bots=4)
    draft_by_clicks(app, scene, session)
    scene.my_tickets = lambda: list(range(count))
    scene._sync_buttons()
    panel = scene._panel_rect()
    seen: set[int] = set()
    pages = scene._ticket_layout()[3]
    buttons = [b.relative_rect for k, b in scene.choices.buttons.items() if k != ("tickets_page",)]
    for page in range(pages):
        scene.ticket_page = page
        rects = scene._ticket_rects()
        seen |= set(rects)
        for ticket, rect in rects.items():
            assert panel.contains(rect) and rect.height >= 50
            assert rect.collidelist([r for t, r in rects.items() if t != ticket]) == -1
            assert rect.collidelist(buttons) == -1
    assert seen == set(range(count))
    assert (pages > 1) == (("tickets_page",) in scene.choices.buttons)
    frames(app, 2)
    assert app.errors == []


def test_the_hover_follows_a_new_layout_under_a_still_mouse():
    """After a draft pick the panel shows another packet under the resting pointer: the
    hover (and the way it lights) names the ticket now there, not the one picked."""
    app, scene, session = table("ttr-iberia")
    assert run_until(app, lambda: my_turn(scene))
    first = scene._panel_tickets()[0]
    point = scene._ticket_rects()[first].center
    done = len(session.actions)
    click(app, point)
    assert session.actions[done] == DraftPick(first)   # (a bot may have picked after it)
    assert run_until(app, lambda: my_turn(scene) and session.state.phase == DRAFT)
    frames(app, 2)
    under = next(t for t, box in scene._ticket_rects().items() if box.collidepoint(point))
    assert scene.hover == ("ticket", under) and under != first
    assert app.errors == []


def test_festival_stacks_keep_off_every_city_name_and_city():
    """A festival city's cards lie beside it where they hide no city's name and no city
    circle (they used to cover "Sevilla"'s last letters)."""
    app, scene, session = table("ttr-iberia")
    board = scene.board
    from game.ui import theme
    line = theme.font(16, bold=True).get_linesize()
    names = {}
    for city, (x, y) in board.city_xy.items():
        dx, dy = board.label_offsets[city]
        width = theme.font(16, bold=True).size(board.labels[city])[0]
        names[city] = pygame.Rect(round(x + dx - width / 2), round(y + dy - line / 2), width, line)
    assert board.festival_of, "Iberia has festival cities"
    for festival in board.festival_of.values():
        box = pygame.Rect(0, 0, *scene.BADGE)
        box.center = scene.badge_at(festival)
        for other, name in names.items():
            assert not box.colliderect(name.inflate(-4, -4)), f"{festival}'s cards cover {other}'s name"
        for other, (x, y) in board.city_xy.items():
            assert not box.colliderect(pygame.Rect(round(x) - 10, round(y) - 10, 20, 20)), \
                f"{festival}'s cards cover the city {other}"


def test_korea_every_mat_spot_after_a_grey_route_is_reachable_and_fits_the_panel():
    """TKO-13/TKO-19: after a grey route a train may go on any line, with or without the +3
    Express, which is more choices than the panel holds: "no train" stays first, the rest come a
    page at a time, and no button leaves the side panel or covers the log."""
    from game.games.ttr.data import GREY
    from game.games.ttr.rules import PLACE, Place
    from tests.ttr.builders import give, routes_where
    app, scene, session = table("ttr-korea")
    draft_by_clicks(app, scene, session)
    settle(app)
    state = session.state
    route = [r for r in routes_where(state, colour=GREY, length=2) if not r.pair][0]
    give(state, 0, ["blue", "blue"])
    scene.refresh_view()
    scene.perform(Claim(route.id, "blue", 0, 2))
    settle(app)
    assert session.state.phase == PLACE and session.state.current_player == 0
    legal = set(session.state.legal_actions())
    assert len(legal) > scene._pay_room()
    panel = scene._panel_rect()
    seen: set = set()
    for _ in range(6):
        keys = [k for k in scene.choices.buttons if k[0] in ("do", "more")]
        rects = [pygame.Rect(scene.choices.buttons[k].rect) for k in keys]
        assert all(panel.contains(r) for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert ("do", Place("")) in scene.choices.buttons
        seen |= {k[1] for k in keys if k[0] == "do"}
        if ("more",) not in scene.choices.buttons:
            break
        click(app, centre(scene.choices.buttons[("more",)]))
        frames(app)
    assert {a for a in legal if isinstance(a, Place)} <= seen
    assert app.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_choosing_tickets_weighs_them_face_down_in_its_panel(game, monkeypatch):
    """While a bot chooses tickets its seat panel shows as many ticket backs as it chooses
    among (a public count), one lifted after another on the table's own beat; the viewer's
    view holds none of that bot's tickets, so none can be shown."""
    seats = [Seat("Ann", PERSON, colour=0), Seat("Bot 1", BOT, "easy", colour=1)]
    app, scene, session = open_table(seats, game=game, seed=4, bot_pace="normal")
    frames(app)
    while scene.weighing() is None:
        assert run_until(app, lambda: scene.weighing() is not None or my_turn(scene))
        if scene.weighing() is None:    # Ann's pick in the draft (or her keep): by a click
            assert session.state.phase == DRAFT, "the bot never chose tickets"
            click(app, scene._ticket_rects()[scene._panel_tickets()[0]].center)
    seat, count = scene.weighing()
    field = {DRAFT: "draft_packs", DRAFTED: "draft_picks"}.get(session.state.phase, "offered")
    assert seat == 1 and count == len(getattr(session.state, field)[1]) > 1
    assert scene.view[field][1] is None               # nothing of the bot's own reaches the table
    rect = scene.weighing_rect(seat, count)
    assert scene._seat_rects[1].contains(rect)
    assert rect in scene.ticking_rects()              # redrawn every frame while it thinks
    canvas = pygame.Surface((1920, 1080))
    pictures = []
    for ms in (200, 600):                              # mid-beat of the first ticket, then the second
        monkeypatch.setattr(pygame.time, "get_ticks", lambda ms=ms: int(ms))
        canvas.fill((0, 0, 0))
        scene.draw_overlay(canvas)
        pictures.append(pygame.image.tobytes(canvas.subsurface(rect), "RGB"))
    assert pictures[0] != pictures[1], "the tickets are not weighed one after another"
    assert app.errors == []
