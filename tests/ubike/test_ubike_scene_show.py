"""UBike Tour's table shows what a player needs: where a Search put its cards (before the
curtain, and to the next person), your own opportunity and stored cards on hover (never another
seat's), card names that fit, and counts in proper English."""
from __future__ import annotations

import math

import pygame

from game.core.session import BOT, PERSON, Seat, Session
from game.games.ubike import SPEC, art
from game.games.ubike.rules import CARDS, Search
from game.games.ubike.board import badge_rect
from game.games.ubike.layout import HAND, HAND_CARD, MARKER_R, OPP_LEFT, PIN_R, hand_card_rect, rect_gap
from game.games.ubike.panel import search_words
from game.games.ubike.scene import UBikeScene
from game.games.ubike.seats import holdings_rect, journey_slot, opportunity_slots, own_holding_at, seat_stats
from game.scenes.menu import MenuScene
from game.table.curtain import CurtainScene
from game.table.frame import open_game

from tests.ubike.builders import SCENERY, arrange, bike, card, opp
from uihelpers import frames, make_app, to_window

ROW_ENDS = [[10], [24], [41], [47], [56]]


def open_table(seats, *, speed="off", seed=4, **places):
    """The table of a new game, arranged as `places` say (see builders.arrange), with the
    first person's view on screen."""
    app = make_app(animation_speed=speed)
    session = Session(SPEC, seats, {}, seed)
    arrange(session.state, **places)
    app.push(MenuScene(app))
    scene = open_game(app, session)
    frames(app, 3)
    if isinstance(app.top, CurtainScene):
        app.top.lift()
        frames(app, 2)
    return app, scene


def hover(app, point):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to_window(app, point), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 2)


def run_for(app, seconds):
    for _ in range(round(seconds * 60)):
        app.step(events=pygame.event.get(), dt=1 / 60)


PEOPLE = [Seat("Mei", PERSON, colour=0), Seat("Jun", PERSON, colour=1), Seat("Ana", BOT, "easy", 2)]
GIFT = dict(rows=ROW_ENDS, deck_top=[3, 57])   # 3 is lower than every row: it goes to Jun


# ---- a Search: where its cards went ----------------------------------------------------------------

def test_the_searcher_sees_where_the_cards_went_before_the_curtain():
    app, scene = open_table(PEOPLE, speed="normal", **GIFT)
    assert scene.viewer == 0
    scene.try_action(Search())
    run_for(app, 1.5)        # the cards have flown; the curtain waits
    assert app.top is scene and scene.viewer == 0
    assert scene._new_in_rows() == {57}
    assert scene._gift_seats() == {1}
    heading, lines = search_words(*scene._last_search(), scene.viewer, scene.name)
    assert heading == "Your Search placed"
    assert "3 " in lines[0] and "Jun's scenery storage" in lines[0]
    assert lines[1].endswith("to row 5")
    run_for(app, 3.0)
    assert isinstance(app.top, CurtainScene) and app.top.seat == 1


def test_a_click_on_the_board_goes_on_to_the_curtain_at_once():
    app, scene = open_table(PEOPLE, speed="normal", **GIFT)
    scene.try_action(Search())
    run_for(app, 0.8)
    assert app.top is scene
    scene.anim.finish_all()          # what a click on the board does
    frames(app, 2)
    assert isinstance(app.top, CurtainScene)


def test_against_bots_a_search_does_not_hold_the_table():
    seats = [Seat("Mei", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)]
    _app, scene = open_table(seats, speed="normal", **GIFT)
    scene.try_action(Search())
    holds = [m for m in scene.anim.motions if m.hold > 0]
    assert holds == []
    assert scene._new_in_rows() == {57}     # the marks and the words stay all the same


def test_the_next_person_reads_where_the_last_search_put_the_cards():
    app, scene = open_table(PEOPLE, **GIFT)
    scene.try_action(Search())
    frames(app, 3)
    assert isinstance(app.top, CurtainScene)
    app.top.lift()
    frames(app, 2)
    assert scene.viewer == 1
    heading, lines = search_words(*scene._last_search(), scene.viewer, scene.name)
    assert heading == "Mei's Search placed" and "your scenery storage" in lines[0]
    assert scene._new_in_rows() == {57}


# ---- your own hidden cards, on hover ---------------------------------------------------------------

def stat_point(scene, seat, key):
    return seat_stats(scene.view, seat, scene._seat_rects[seat])[key][3].move(scene._seat_rects[seat].topleft).center


def test_your_opportunity_and_stored_cards_show_on_hover():
    stored = [card(9), card(3, "market")]
    seats = [Seat("Mei", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)]
    app, scene = open_table(seats, rows=ROW_ENDS, scenery_storage={0: stored, 1: [card(5)]},
                            opportunities={0: [opp("bike"), opp("types")], 1: [opp("point")]})
    hover(app, stat_point(scene, 0, "opps"))
    assert scene._own_hover() == "opps"
    area = holdings_rect(scene.view, "opps", scene.viewer, scene._seat_rects)
    assert area is not None and area.right < scene._seat_rects[0].x
    hover(app, opportunity_slots(scene.view, 0, scene._seat_rects[0])[1].move(scene._seat_rects[0].topleft).center)
    assert scene._own_hover() == "opps"
    hover(app, stat_point(scene, 0, "stored"))
    assert scene._own_hover() == "stored"
    assert scene.view["scenery_storage"][0] == stored
    # another seat's counts show no cards: its view holds none
    for key in ("opps", "stored"):
        hover(app, stat_point(scene, 1, key))
        assert scene._own_hover() is None
    assert own_holding_at(scene.view, 1, scene.viewer, scene._seat_rects[1], stat_point(scene, 1, "opps")) is None
    assert app.errors == []


def test_nobody_has_holdings_to_show_under_the_curtain():
    app, scene = open_table(PEOPLE, opportunities={0: [opp("bike")]})
    scene.try_action(Search())
    frames(app, 3)
    assert isinstance(app.top, CurtainScene) and scene.viewer is None
    for what in ("opps", "stored"):
        assert holdings_rect(scene.view, what, scene.viewer, scene._seat_rects) is None


def test_a_journey_card_shows_large_on_hover():
    seats = [Seat("Mei", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)]
    app, scene = open_table(seats)
    first = scene.view["journeys"][1][0]
    hover(app, journey_slot(scene._seat_rects[1], 0).center)
    assert scene._tooltip_card() == first


# ---- words on the table ------------------------------------------------------------------------------

def test_every_place_name_fits_its_card():
    for width, height in (HAND_CARD, (200, 280)):
        for number in SCENERY:
            disc = int(width * 0.40)
            box = (width - 14, height - 2 - disc - int(width * 0.05) - int(height * 0.30) - 7)
            size, lines = art.fit_lines(CARDS[number].place, box, max(15, int(width * 0.125)),
                                        max(13, int(width * 0.10)), bold=True)
            assert size >= 13 and not any(line.endswith("…") for line in lines), CARDS[number].place


def test_fit_lines_shrinks_then_wraps_then_shortens():
    size, lines = art.fit_lines("Short", (200, 40), 24, 13)
    assert size == 24 and lines == ("Short",)
    size, lines = art.fit_lines("A rather long name of a place", (120, 80), 24, 13)
    assert size < 24 and len(lines) > 1
    size, lines = art.fit_lines("Far too long a name for so small a box " * 3, (60, 20), 16, 13)
    assert size == 13 and len(lines) == 1 and lines[0].endswith("…")


def test_counts_read_in_good_english():
    seats = [Seat("Mei", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)]
    app, scene = open_table(seats, bike_storage={0: [bike(1)], 1: [bike(2)]}, markers={0: [], 1: []})
    assert seat_stats(scene.view, 0, scene._seat_rects[0])["bikes"][1:3] == ("1", "bike")
    assert seat_stats(scene.view, 1, scene._seat_rects[1])["bikes"][1:3] == ("2", "bikes")
    assert seat_stats(scene.view, 0, scene._seat_rects[0])["markers"][1:3] == ("0", "markers")
    assert isinstance(app.top, UBikeScene) and app.errors == []


# ---- paying bikes: the choices fit beside the card --------------------------------------------------

def test_many_ways_to_pay_fit_in_the_hand_panel_without_overlapping():
    from game.games.ubike.rules import PlayCard, TakeRow
    seats = [Seat("Mei", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)]
    target = card(10, "heritage")                  # 4 pins from 6: many ways to pay
    bikes = [bike(1, 0), bike(1, 1), bike(1, 2), bike(1, 3), bike(2, 0), bike(2, 1), bike(3, 0), bike(3, 1)]
    app, scene = open_table(seats, rows={0: [target, card(7, "heritage")]}, journeys={0: [card(6)]},
                            bike_storage={0: bikes}, opportunities={0: [opp("bike", 0), opp("bike", 1)]})
    scene.try_action(TakeRow(0))
    frames(app, 2)
    scene.choose_card(target)
    frames(app, 2)
    pays = [a for a in scene.choices.buttons if isinstance(a, PlayCard)]
    assert len(pays) >= 8
    rects = [pygame.Rect(b.rect) for b in scene.choices.buttons.values()]
    assert all(HAND.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    from game.games.ubike.rules import EndSchedule
    assert EndSchedule() not in scene.choices.buttons      # Back or a payment first
    scene.on_board_button(scene.choices.buttons["cancel"])
    frames(app, 2)
    assert scene.selected is None and EndSchedule() in scene.choices.buttons


def test_many_opportunity_cards_stay_beside_the_score_and_can_be_pointed_at():
    seats = [Seat("Mei", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)]
    held = [opp("bike", k) for k in range(6)] + [opp("point", 0), opp("point", 1)]
    app, scene = open_table(seats, opportunities={0: held})
    slots = opportunity_slots(scene.view, 0, scene._seat_rects[0])
    assert len(slots) == 8 and all(r.x >= OPP_LEFT for r in slots)
    assert slots[-1].right <= scene._seat_rects[0].width - 110 + 26
    hover(app, slots[0].move(scene._seat_rects[0].topleft).center)
    assert scene._own_hover() == "opps"
    area = holdings_rect(scene.view, "opps", scene.viewer, scene._seat_rects)
    assert area.bottom <= 1080 and area.top >= 64


# ---- nothing drawn over what a player reads ------------------------------------------------------

def test_a_thinking_bots_dots_follow_the_heading_and_cover_no_card():
    seats = [Seat("Mei", PERSON, colour=0), Seat("Bartholomew Longname-Smith", BOT, "easy", 1)]
    app, scene = open_table(seats)
    app.settings.bot_pace = "normal"          # the bot seems to think a while
    scene.try_action(Search())
    for _ in range(60):
        frames(app, 1)
        if scene.bot_thinking():
            break
    assert scene.bot_thinking()
    dots, title = scene.thinking_rect(), scene.title_rect()
    assert scene.ticking_rects() == [dots]
    assert HAND.contains(dots) and not dots.colliderect(title)
    assert dots.left > title.right and abs(dots.centery - title.centery) <= 1   # on its line
    assert not any(dots.colliderect(hand_card_rect(i, n)) for n in range(1, 8) for i in range(n))
    assert not any(dots.colliderect(b.rect) for b in scene.choices.buttons.values())


def each_pin_holding_every_cyclist():
    """Positions with all four cyclists at one pin, for every pin."""
    kinds = ["nature", "heritage", "market", "modern"]
    for pin in range(1, 16):
        yield pin, {seat: [card(pin, kinds[seat])] for seat in range(4)}


FOUR = [Seat("Mei", PERSON, colour=0), Seat("Jun", BOT, "easy", 1), Seat("Ana", BOT, "easy", 2),
        Seat("Tom", BOT, "easy", 3)]


def test_cyclists_stand_beside_their_pin_clear_of_every_pin_and_each_other():
    app, scene = open_table(FOUR)
    for pin, journeys in each_pin_holding_every_cyclist():
        arrange(scene.session.state, journeys=journeys)
        scene.refresh_view()
        spots = scene.map.cyclist_spots(scene.view["journeys"], scene.in_flight)
        assert sorted(spots) == [0, 1, 2, 3]
        rects = [badge_rect(spots[s]) for s in range(4)]
        x, y, _props = scene.map.pins[pin]
        for rect in rects:
            assert pygame.Rect(0, 0, 720, 720).contains(rect), pin
            assert all(rect_gap(rect, (px, py)) > PIN_R + 2 for px, py, _p in scene.map.pins.values()), pin
            assert rect_gap(rect, (x, y)) < 70, pin                 # still beside its own pin
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), pin


def test_a_lone_cyclist_takes_the_free_spot_the_map_keeps_beside_its_pin():
    app, scene = open_table(FOUR, journeys={0: [card(12)], 1: [card(1)], 2: [card(3)], 3: [card(15)]})
    x, y, props = scene.map.pins[12]
    spot = pygame.Rect(0, 0, 20, 16)            # the map's free box beside the pin (Tiled properties)
    spot.center = (round(x + props["label_dx"]), round(y + props["label_dy"]))
    badge = badge_rect(scene.map.cyclist_spots(scene.view["journeys"], scene.in_flight)[0])
    assert badge.colliderect(spot) and rect_gap(badge, (x, y)) > PIN_R + 2


def test_a_bike_marker_keeps_off_the_pins():
    app, scene = open_table(FOUR)
    pins = scene.map.pins
    for a in range(1, 16):
        for b in range(1, 16):
            if a == b:
                continue
            start, end = pins[a][:2], pins[b][:2]
            mark = scene.map.marker_pos(start, end)
            free = [t for t in (0.5, 0.4, 0.6, 0.3, 0.7)
                    if all(math.dist((start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t),
                                     p[:2]) > PIN_R + MARKER_R + 2 for p in pins.values())]
            if free:      # somewhere along the line is clear: the marker is there
                assert all(math.dist(mark, p[:2]) > PIN_R + MARKER_R + 2 for p in pins.values()), (a, b)


def test_a_bike_marker_keeps_off_a_cyclists_badge():
    app, scene = open_table(FOUR)
    start, end = scene.map.pins[3][:2], scene.map.pins[15][:2]          # a long ride
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    badge = badge_rect(middle)
    assert rect_gap(badge, scene.map.marker_pos(start, end)) == 0          # alone, it sits there
    assert rect_gap(badge, scene.map.marker_pos(start, end, [badge])) > MARKER_R


def test_the_last_searchs_small_cards_draw_bike_cards_too():
    """The Search lines show each card small: a bike card as a green card with its number of
    bikes (its full face does not fit 34 px: the number ran over the words)."""
    for number, info in CARDS.items():
        face = art.mini_card(number, 34, 44)
        assert face.get_size() == (34, 44)
        top = face.get_at((6, 8))[:3]       # beside the icon, inside the rounded corner
        if info.is_bike:
            assert top == tuple(art.BIKE_GREEN)[:3]
        else:
            assert top == tuple(art.type_colour(info.type))[:3]
