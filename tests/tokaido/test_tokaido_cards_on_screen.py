"""Tokaido's cards and marks as players see them (issue 8): every card painted in the game's
art with its whole text at a legible size, the encounter just drawn shown as a card, the
Crossroads supply on the road, score markers that leave the track's numbers readable, the
mark of the traveller to act beside (not over) another on a doubled stop, and what was just
gained rising over the seat's panel instead of the road's names."""
from __future__ import annotations

import math

import pygame
import pytest

from game.core.session import BOT, PERSON, Seat
from game.games.tokaido import art
from game.games.tokaido.board import (SUPPLY_ROWS, draw_acting, draw_supply, met_area, met_caption_rect, supply,
                                      supply_cells, supply_left, tip_lines)
from game.games.tokaido.data import FIRST_EDITION, LATER_EDITION
from game.games.tokaido.layout import MAP, MET_CARD, PANEL, PAWN, SUPPLY, TIP, TRACK, TRACK_MARK
from game.games.tokaido.panel import Moment, build_choice
from game.games.tokaido.rules import (AMULET, AMULETS, CALLI, CALLIGRAPHY, ENCOUNTER, ENCOUNTER_NAMES, HOTSPRING, INN,
                                      LEGEND, LEGENDARY, MEALS, OPTION, PANORAMAS, SECTIONS, SOUVENIRS, TEMPLE,
                                      ChooseOption, Move, journey)
from game.games.tokaido.scene import Met
from game.games.tokaido.track import track_marks
from game.games.tokaido.words import ENCOUNTER_TEXT, pool_text
from game.ui import theme

from uihelpers import click, frames, make_app, settle
from test_tokaido_scene import ANN_AND_BOTS, advance, new_session, pending_kind, show

POOLS = ((LEGEND, tuple(LEGENDARY)), (AMULET, AMULETS), (CALLI, CALLIGRAPHY))


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def differs(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


def changed_box(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect:
    """The smallest rectangle holding every pixel where `a` and `b` (of one size) differ."""
    there, back = a.copy(), b.copy()
    there.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    back.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    there.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    mask = pygame.mask.from_threshold(there, (0, 0, 0, 255), (1, 1, 1, 255))
    mask.invert()
    boxes = mask.get_bounding_rects()
    return boxes[0].unionall(boxes[1:]) if boxes else pygame.Rect(0, 0, 0, 0)


# ---- the cards' faces ----------------------------------------------------------------------------

@pytest.mark.parametrize("edition", [FIRST_EDITION, LATER_EDITION])
def test_every_pool_card_says_all_it_does_at_a_legible_size(edition):
    w, h = art.POOL_CARD
    text_w = w - 66 - 2 - 14
    for what, keys in POOLS:
        for key in keys:
            name = art.pool_name(what, key)
            assert art.theme.font(art.theme.SIZE_SMALL, True).size(name)[0] <= text_w, name   # "Contemplation"
            head = art.theme.font(art.fitting_size(name, text_w), True).get_linesize()
            words = pool_text(key, edition)
            assert words and art.card_fits(words, text_w, h - 10 - head), (key, words)


def test_the_editions_word_shodo_and_patience_differently():
    for key in ("shodo", "emaki", "patience"):
        assert pool_text(key, FIRST_EDITION) != pool_text(key, LATER_EDITION)
        assert differs(art.pool_face(LEGEND if key != "patience" else CALLI, key, FIRST_EDITION),
                       art.pool_face(LEGEND if key != "patience" else CALLI, key, LATER_EDITION))
    assert "4" in pool_text("patience", LATER_EDITION) and "4" not in pool_text("patience", FIRST_EDITION)


@pytest.mark.parametrize("size", [(240, 236), MET_CARD.size])
def test_every_encounter_card_says_all_it_gives(size):
    w, h = size
    for kind in ENCOUNTER_NAMES:
        assert ENCOUNTER_TEXT[kind]
        _size, lines = art.fit_paragraph(ENCOUNTER_TEXT[kind], w - 24, h - 46 - 58 - max(55, min(w // 2, h - 204)) - 14)
        assert not lines[-1].endswith("…"), kind


def test_souvenir_and_meal_names_fit_their_cards():
    for s in SOUVENIRS:
        assert art.card_fits(s.name, 176 - 16, 56, bold=True), s.name
    for dish, _price in MEALS:
        assert art.card_fits(dish, 124 - 10, 44, bold=True), dish


def test_a_paragraph_too_long_for_its_box_shrinks_then_ends_with_an_ellipsis():
    size, lines = art.fit_paragraph("word " * 8, 400, 30)
    assert size == art.CARD_TEXT_SIZES[0] and len(lines) == 1 and not lines[0].endswith("…")
    size, lines = art.fit_paragraph("word " * 200, 120, 40)
    assert size == art.CARD_TEXT_SIZES[-1] and lines[-1].endswith("…")
    assert not art.card_fits("word " * 200, 120, 40)


def test_each_family_of_cards_has_its_own_painting():
    pictures = [art.motif(name, 48, "#7b5b3e") for name in art.MOTIFS]
    for i, a in enumerate(pictures):
        assert a.get_bounding_rect().width > 10         # something is painted
        for b in pictures[i + 1:]:
            assert differs(a, b)
    families = {}
    for ident, s in enumerate(SOUVENIRS):
        families.setdefault(s.family, ident)
    assert set(art.FAMILY_MOTIFS) >= set(families)
    faces = [art.souvenir_face(ident, 176, 236) for ident in families.values()]
    for i, a in enumerate(faces):
        for b in faces[i + 1:]:
            assert differs(a, b)


def column(surface: pygame.Surface, x: int, top: int, bottom: int) -> list[tuple[int, int, int]]:
    return [tuple(surface.get_at((x, y)))[:3] for y in range(top, bottom)]


def distance(a: list, b: list) -> float:
    """The mean difference of two runs of pixels, per channel (0-255)."""
    return sum(abs(p - q) for u, v in zip(a, b) for p, q in zip(u, v)) / (3 * len(a))


@pytest.mark.parametrize("kind", PANORAMAS)
def test_a_panoramas_cards_are_parts_of_one_painting_each_with_its_number(kind):
    w, h = 200, 236
    window = art.panorama_art_rect(w, h)
    faces = [art.panorama_face(kind, part, w, h) for part in range(1, SECTIONS[kind] + 1)]
    top, bottom = window.y + window.h // 2, window.bottom - 1       # below the number's seal
    for left, right in zip(faces, faces[1:]):
        seam = distance(column(left, window.right - 1, top, bottom), column(right, window.x, top, bottom))
        across = distance(column(left, window.x, top, bottom), column(left, window.right - 1, top, bottom))
        assert seam < 20 and seam < across, kind         # the land runs on from one card into the next
        assert differs(left.subsurface(window), right.subsurface(window))      # not one picture repeated
    for part, face in enumerate(faces, 1):
        seal = pygame.Rect(window.x + 6, window.y + 6, 32, 32)
        reds = sum(1 for x in range(seal.x, seal.right) for y in range(seal.y, seal.bottom)
                   if face.get_at((x, y)).r > 150 and face.get_at((x, y)).g < 90)
        assert reds > 300, part                          # the part's number stands in a vermilion seal
        painted = {tuple(face.get_at((x, y))) for x in range(window.x, window.right, 3)
                   for y in range(window.y, window.bottom, 3)}
        assert len(painted) > 45, part                   # a painting (a plain icon on paper gives under 30)
    strip = art.panorama_strip(kind)
    assert strip.get_size() == (SECTIONS[kind] * art.PART_STEP, art.PART_H)


def test_travellers_and_card_backs_are_painted_too():
    for key in ("hiroshige", "kinko"):
        face = art.traveller_face(key, 396, 280)
        portrait = {tuple(face.get_at((x, y))) for x in range(14, 96, 2) for y in range(46, 128, 2)}
        rim = face.get_at((13, 44 + 43))
        assert len(portrait) > 25 and rim.r + rim.g + rim.b < 200, key      # a painted portrait in its disc
    for kind, size in (("traveller", (396, 280)), ("encounter", (240, 236)), ("meal", (124, 200))):
        back = art.card_back(kind, *size)
        border = [tuple(back.get_at((x, 24))) for x in range(10, size[0] - 10)]
        changes = sum(a != b for a, b in zip(border, border[1:]))
        assert changes >= 8, kind                        # a pattern of waves on the deck's colour, not a flat field
        disc = min(size) // 2 + 8
        paper = back.get_at((size[0] // 2, size[1] // 2 - disc // 2 + 4))
        assert paper == theme.PAPER, kind                # the deck's painting on a paper disc


# ---- the encounter just drawn --------------------------------------------------------------------

def test_an_encounter_is_shown_as_a_card_until_clicked_away_TOK_20():
    app = make_app()
    session = new_session(ANN_AND_BOTS, seed=4, initiation=True)
    scene = show(app, session)
    scene.bots_paused = True
    advance(session, lambda s: s.current_player == 0 and pending_kind(s) == "walk"
            and any(isinstance(a, Move) and s.road[a.index].kind == ENCOUNTER for a in s.legal_actions()))
    scene.refresh_view()
    frames(app)
    move = next(a for a in session.state.legal_actions()
                if isinstance(a, Move) and session.state.road[a.index].kind == ENCOUNTER)
    assert scene.try_action(move)
    met = session.state.players[0]["encounters"][-1]
    assert scene.met is not None and scene.met.card == met and scene.met.piece == 0
    frames(app, 300, dt=1 / 60)                     # five seconds: Ann arrives, her marker slides, the card goes
    assert scene.met is None
    plain = app.canvas.subsurface(MET_CARD).copy()  # the same moment without the card
    road = app.canvas.subsurface(MAP).copy()
    scene.met = Met(met, 0)
    scene.invalidate()
    frames(app, 2)
    assert differs(app.canvas.subsurface(MET_CARD).copy(), plain)          # drawn over the journey panel
    x, y = scene.pawn_xy(0)
    ring = pygame.Rect(0, 0, PAWN + 26, PAWN + 26)
    ring.center = (round(x), round(y) - 6)
    changed = changed_box(app.canvas.subsurface(MAP).copy(), road)
    assert changed.w and ring.contains(changed)                         # the road shows all, with a ring round Ann
    click(app, MET_CARD.center)
    assert scene.met is None
    frames(app, 2)
    assert not differs(app.canvas.subsurface(MET_CARD).copy(), plain)  # and gone, without a ghost
    assert not differs(app.canvas.subsurface(MAP).copy(), road)
    assert app.errors == []


def test_the_encounter_card_hides_neither_the_road_nor_the_decision():
    area = met_area()
    assert area.contains(MET_CARD) and area.contains(met_caption_rect())
    assert not area.colliderect(MAP) and not area.colliderect(PANEL)
    assert area.collidelist([TIP, SUPPLY.move(MAP.topleft), TRACK.move(MAP.topleft)]) == -1


def test_a_bots_encounter_is_shown_too_and_goes_by_itself():
    app = make_app()
    seats = [Seat("Ann", PERSON, colour=0), Seat("Bo", BOT, "easy", 1)]
    session = new_session(seats, seed=2, initiation=True)
    scene = show(app, session)
    scene.bots_paused = True
    advance(session, lambda s: s.current_player == 1 and pending_kind(s, 1) == "walk"
            and any(isinstance(a, Move) and s.road[a.index].kind == ENCOUNTER for a in s.legal_actions()))
    scene.refresh_view()
    move = next(a for a in session.state.legal_actions()
                if isinstance(a, Move) and session.state.road[a.index].kind == ENCOUNTER)
    scene.perform(move)
    assert scene.met is not None and scene.met.piece == 1
    frames(app, 20, dt=0.25)                                            # five seconds
    assert scene.met is None
    assert app.errors == []


# ---- the Crossroads supply -----------------------------------------------------------------------

def test_the_crossroads_supply_is_on_the_road_and_follows_the_game_TOK_46():
    app = make_app()
    session = new_session(ANN_AND_BOTS, seed=6, crossroads=True, initiation=True)
    scene = show(app, session)
    scene.bots_paused = True
    view = scene.view
    start = supply(view)
    assert start == (view["cherry_left"], view["bath_left"], len(view["amulet_pool"]),
                     len(view["legendary_pool"]), len(view["calligraphy_pool"]))
    assert all(n > 0 for n in start)
    assert supply_left(view, "paddy") == view["cherry_left"] and supply_left(view, TEMPLE) == len(view["amulet_pool"])
    shown = app.canvas.subsurface(SUPPLY.move(MAP.topleft)).copy()
    session.state.cherry_left = 0                 # every cherry tree taken
    session.state.amulet_pool.pop()
    scene.refresh_view()
    settle(app)
    assert supply(scene.view) == (0, start[1], start[2] - 1, start[3], start[4])
    assert differs(app.canvas.subsurface(SUPPLY.move(MAP.topleft)).copy(), shown)   # the plaque changed

    plain = make_app()
    other = show(plain, new_session(ANN_AND_BOTS, seed=6, initiation=True))
    other.bots_paused = True
    frames(plain)
    assert differs(plain.canvas.subsurface(SUPPLY.move(MAP.topleft)).copy(), shown)  # no plaque without it


def test_an_empty_supply_strikes_out_its_picture_not_its_count():
    full = pygame.Surface((MAP.w, MAP.h))
    empty = pygame.Surface((MAP.w, MAP.h))
    draw_supply(full, (1,) * len(SUPPLY_ROWS))
    draw_supply(empty, (0,) * len(SUPPLY_ROWS))
    for picture, count in supply_cells():
        number = theme.text("0", theme.SIZE_BODY, bold=True).get_rect(midleft=count)
        assert not number.colliderect(picture) and SUPPLY.contains(picture) and SUPPLY.contains(number)
        strike = changed_box(full.subsurface(picture), empty.subsurface(picture))
        assert strike.w > picture.w // 2                                # the picture is struck through
        between = pygame.Rect(picture.right, number.y, number.x - picture.right, number.h)
        assert not differs(full.subsurface(between), empty.subsurface(between))   # and nothing runs on


def test_a_stops_tip_says_when_its_supply_is_empty():
    stop = next(s for s in journey(False) if s.kind == HOTSPRING)
    lines = tip_lines(stop, False, True, ["Ann", "the neutral traveller"], "click to walk here", 0)
    assert len(lines) <= 4 and not lines[-1].endswith("…")             # the whole tip, none cut off
    words = " ".join(lines)
    assert "bath house" in words and "none left" in words
    assert "3 left" in " ".join(tip_lines(stop, False, True, [], None, 3))
    names = ["Ann", "Bo", "Cy", "Di", "the neutral traveller"]
    for any_stop in journey(False):                  # the longest tips still end with what they say last
        last = tip_lines(any_stop, True, True, names, "click to walk here", 0)[-1]
        assert last.endswith(".") and not last.endswith("…"), any_stop
    assert "left" not in " ".join(tip_lines(stop, False, False, [], None, None))
    assert {row[1] for row in SUPPLY_ROWS} == {"cherry_left", "bath_left", "amulet_pool", "legendary_pool",
                                              "calligraphy_pool"}


def test_both_options_says_it_spends_the_health_amulet():
    session = new_session(ANN_AND_BOTS, seed=5, crossroads=True, initiation=True)
    advance(session, lambda s: pending_kind(s) == OPTION)
    state = session.state
    state.players[0]["amulets"] = ["health"]
    view = dict(state.view(0), pending={"kind": OPTION, "piece": 0, "options": ["base", "cross", "both"]})
    legal = [ChooseOption(o) for o in ("base", "cross", "both")]
    choice = build_choice(Moment(view, legal, state.road, True, "Ann", ["Ann", "Bo", "Cy"],
                                 [0, 1, 2], 0))
    labels = {b.name: b.label for b in choice.buttons}
    assert "Health amulet" in labels.get("both", "")


# ---- the score track -----------------------------------------------------------------------------

def test_score_markers_leave_the_numbers_readable_and_each_other_visible_TOK_43():
    marks = track_marks({0: 10.0, 1: 10.0, 2: 10.0, 3: 11.0, 4: 60.0}, 5, 150)
    numbers = pygame.Rect(TRACK.x, TRACK.y + 6, TRACK.w, TRACK.h - 12)     # where the numbers are printed
    for _seat, x, y in marks:
        badge = pygame.Rect(0, 0, TRACK_MARK - 2, TRACK_MARK - 2)
        badge.center = (x, y)
        assert not badge.colliderect(numbers)
    close = sorted(y for seat, _x, y in marks if seat != 4)
    assert len(set(close)) == 4 and all(b - a >= TRACK_MARK // 2 for a, b in zip(close, close[1:]))


# ---- a doubled stop and the mark of the traveller to act ---------------------------------------------

def test_the_mark_of_the_traveller_to_act_points_from_the_free_side_of_a_doubled_stop_TOK_8():
    app = make_app()
    seats = [Seat(n, BOT, "easy", i) for i, n in enumerate(("A", "B", "C", "D"))]
    session = new_session(seats, seed=3, initiation=True)
    scene = show(app, session)
    scene.bots_paused = True
    state = session.state
    index = next(i for i, s in enumerate(state.road) if s.doubled and i > 0)
    view = scene.view
    players = [dict(p) for p in view["players"]]
    players[0].update(index=index, slot=0)
    players[1].update(index=index, slot=1)
    view = dict(view, players=players)
    roadmap = scene.roadmap
    for piece, other in ((0, 1), (1, 0)):
        at, there = roadmap.pawn_xy(view, piece), roadmap.pawn_xy(view, other)
        surface = pygame.Surface((MAP.w, MAP.h), pygame.SRCALPHA)
        draw_acting(surface, at, roadmap.free_side(view, piece))
        drawn = surface.get_bounding_rect()
        pawn = pygame.Rect(0, 0, PAWN, PAWN)
        pawn.center = (round(there[0]), round(there[1]) - 6)
        assert drawn.width and not drawn.colliderect(pawn)            # the other traveller stays in sight
    alone = dict(view, players=[dict(p, index=0) if k else p for k, p in enumerate(players)])
    assert roadmap.free_side(alone, 0) == (0.0, -1.0)


# ---- what was just gained ------------------------------------------------------------------------

def test_gains_rise_over_the_seats_panel_not_over_the_road():
    app = make_app(animation_speed="normal")
    session = new_session(ANN_AND_BOTS, seed=5, initiation=True)
    scene = show(app, session)
    scene.bots_paused = True
    advance(session, lambda s: s.current_player == 0 and pending_kind(s) == "walk"
            and any(isinstance(a, Move) and s.road[a.index].kind == "farm" for a in s.legal_actions()))
    scene.refresh_view()
    frames(app)
    move = next(a for a in session.state.legal_actions()
                if isinstance(a, Move) and session.state.road[a.index].kind == "farm")
    assert scene.try_action(move)
    floats = [m for m in scene.anim.motions if m.hold]
    assert floats
    for motion in floats:
        for t in (0.0, 0.5, 1.0):
            box = motion.bounds(t)
            assert scene._seat_rects[0].contains(box) and not box.colliderect(MAP)
    assert app.errors == []


def test_travellers_waiting_at_an_inn_and_the_mark_of_the_one_to_act_hide_nobody_TOK_12():
    app = make_app()
    seats = [Seat(n, BOT, "easy", i) for i, n in enumerate(("A", "B", "C", "D", "E"))]
    session = new_session(seats, seed=3, initiation=True)
    scene = show(app, session)
    scene.bots_paused = True
    view = scene.view                                  # everyone waits at Kyoto's inn
    assert len({scene.roadmap.pawn_xy(view, p) for p in range(5)}) == 5
    badges = []
    for piece in range(5):
        x, y = scene.roadmap.pawn_xy(view, piece)
        badge = pygame.Rect(0, 0, PAWN, PAWN)
        badge.center = (round(x), round(y) - 6)
        badges.append(badge)
    for i, a in enumerate(badges):
        assert all(not a.colliderect(b) for b in badges[i + 1:])
    for piece in range(5):
        surface = pygame.Surface((MAP.w, MAP.h), pygame.SRCALPHA)
        draw_acting(surface, scene.roadmap.pawn_xy(view, piece), scene.roadmap.free_side(view, piece))
        drawn = surface.get_bounding_rect()
        assert all(not drawn.colliderect(b) for k, b in enumerate(badges) if k != piece)


def test_five_travellers_fit_in_every_inns_queue_without_overlap_TOK_12():
    app = make_app()
    scene = show(app, new_session(ANN_AND_BOTS, seed=3, initiation=True))
    roadmap = scene.roadmap
    inns = [i for i, stop in enumerate(roadmap.stops) if stop.kind == INN]
    assert len(inns) == 5
    for index in inns:
        spots = [roadmap.queue_xy(index, k) for k in range(5)]
        assert all(math.dist(a, b) >= PAWN + 2 for a, b in zip(spots, spots[1:])), index   # the map's step
        badges = [pygame.Rect(round(x) - PAWN // 2, round(y) - PAWN // 2, PAWN, PAWN) for x, y in spots]
        assert all(not a.colliderect(b) for i, a in enumerate(badges) for b in badges[i + 1:]), index
        assert all(pygame.Rect(0, 0, MAP.w, MAP.h).contains(b) for b in badges), index
