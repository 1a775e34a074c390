"""Ubi's table, driven through the real event path: answer by clicking a hexagon and confirming,
by clicking a triangle, by typing; a refused typed answer says why; the eye choices and the red
herring by their buttons; an expert seat answering on its tab; a bot's turn with its reveal; the
monkey. Positions come from sessions and the rules' builders (a known card posed by a roll)."""
from __future__ import annotations

import pygame
import pytest

from game.core.registry import get
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat, Session
from game.games.ubi import grid as G
from game.games.ubi import rules as R
from game.games.ubi.card import render_reveal
from game.games.ubi.layout import AREA, LENS_R
from game.games.ubi.marks import banner_sub, draw_banner, lens_centre
from game.games.ubi.scene import UbiScene
from game.scenes.menu import MenuScene
from game.table.frame import open_game

import builders as B
from uihelpers import (centre, click, frames, make_app, monkey_game, press, run_until, settle, to_window,
                       type_text)

SPEC = get("ubi")


pytestmark = pytest.mark.usefixtures("thread_bots")   # bots on a thread (conftest)


def people(n: int = 2) -> list[Seat]:
    return [Seat(name, PERSON, colour=i) for i, name in enumerate(("Ann", "Ben", "Cleo")[:n])]


def table(seats, seed: int = 5, settings: dict | None = None, **options):
    app = make_app(**(settings or {}))
    app.push(MenuScene(app))
    session = Session(SPEC, seats, SPEC.default_options() | options, seed)
    scene = open_game(app, session)
    frames(app)
    return app, scene, session


def pose(app, scene, session, zone: str, precision: str, want) -> None:
    """Set up a position: the Ubi of `zone` from a card that fits `want`, posed by a roll of
    `zone` and `precision` (the session's opening Ubi is put back unasked)."""
    state = session.state
    state.phase, state.posed, state.posed_card = R.ROLL, None, None
    B.front_card(state, **{zone: want})
    session.events.extend((len(session.actions) - 1, e) for e in B.roll(state, zone, precision))
    scene.refresh_view()
    settle(app)
    assert state.phase == R.ANSWER and scene.answering()


def button(scene, key: tuple):
    for k, b in scene.choices.buttons.items():
        if k == key:
            return b
    raise AssertionError(f"no button {key}: {list(scene.choices.buttons)}")


def type_in(app, scene, text: str) -> None:
    click(app, centre(scene.entry))
    type_text(app, text)
    press(app, pygame.K_RETURN)


def test_a_hexagon_clicked_and_confirmed():
    """UBI-6 at the table: a click chooses a hexagon, shown and written; Confirm gives it."""
    app, scene, session = table(people())
    pose(app, scene, session, "EUR", R.HEX, B.fair)
    answer = B.right_answer(session.state)
    done = len(session.actions)
    click(app, scene.sheets.cell_centre("W", answer.number))
    assert scene.chosen == ("W", answer.number, None)
    assert len(session.actions) == done          # nothing counts before Confirm
    assert G.WORLD.label(answer.number) in scene.status_note
    settle(app)
    click(app, centre(button(scene, ("confirm",))))
    assert session.actions[-1] == R.Answer("W", answer.number, None)
    assert session.state.last["right"] and scene.revealing is None   # animations off: shown at once
    assert app.errors == []


def test_a_triangle_clicked_and_confirmed_with_enter():
    app, scene, session = table(people())
    pose(app, scene, session, "UNI", R.TRI, B.fair)
    answer = B.right_answer(session.state)
    click(app, scene.sheets.cell_centre("W", answer.number, answer.letter))
    assert scene.chosen == ("W", answer.number, answer.letter)
    press(app, pygame.K_RETURN)
    assert session.actions[-1] == answer
    assert session.state.last["right"]
    assert "UNI" in session.state.facets[0]       # UBI-8: a right triangle wins the facet
    assert app.errors == []


def test_escape_and_another_click_change_the_choice():
    app, scene, session = table(people())
    pose(app, scene, session, "AMR", R.HEX, B.fair)
    click(app, scene.sheets.cell_centre("W", 300))
    assert scene.chosen == ("W", 300, None)
    click(app, scene.sheets.cell_centre("W", 301))
    assert scene.chosen == ("W", 301, None)
    press(app, pygame.K_ESCAPE)
    assert scene.chosen is None and app.top is scene   # Escape cleared the choice, no pause menu
    assert session.actions == []


def test_a_typed_answer_is_chosen_then_given():
    app, scene, session = table(people())
    pose(app, scene, session, "EUR", R.TRI, B.fair)
    answer = B.right_answer(session.state)
    text = G.WORLD.label(answer.number, answer.letter)      # "267-A"
    type_in(app, scene, text)
    assert scene.chosen == ("W", answer.number, answer.letter), scene.status_note
    settle(app)
    click(app, centre(button(scene, ("confirm",))))
    assert session.actions[-1] == answer
    assert app.errors == []


def test_enter_on_a_typed_answer_chooses_it_and_enter_again_gives_it():
    """The status line promises that Enter gives a chosen answer: with the typing box still
    focused, the second Enter gives it instead of asking to type one (issue 22)."""
    app, scene, session = table(people())
    pose(app, scene, session, "EUR", R.TRI, B.fair)
    answer = B.right_answer(session.state)
    type_in(app, scene, G.WORLD.label(answer.number, answer.letter))
    assert scene.chosen == ("W", answer.number, answer.letter) and "Enter" in scene.status_note
    press(app, pygame.K_RETURN)
    assert session.actions[-1] == answer, scene.status_note
    assert not scene.status_warning and app.errors == []


@pytest.mark.parametrize("text, words", [("Paris", "not an answer"), ("267", "Triangular precision"),
                                         ("N45-A", "expert areas"), ("99999-A", "not an answer")])
def test_a_refused_typed_answer_says_why(text, words):
    app, scene, session = table(people())
    pose(app, scene, session, "WAT", R.TRI, B.fair)
    type_in(app, scene, text)
    assert scene.chosen is None and session.actions == []
    assert scene.status_warning and words in scene.status_note


def test_the_eye_choices_by_their_buttons():
    """UBI-4: an eye on both dice; the zone and then the precision by buttons."""
    app, scene, session = table(people())
    state = session.state
    state.phase, state.posed, state.posed_card = R.ROLL, None, None
    session.events.extend((-1, e) for e in B.roll(state, R.EYE, R.EYE))
    scene.refresh_view()
    settle(app)
    assert state.phase == R.ZONE
    click(app, centre(button(scene, ("do", R.ChooseZone("WAT")))))
    assert session.actions[-1] == R.ChooseZone("WAT") and state.phase == R.PRECISION
    settle(app)
    click(app, centre(button(scene, ("do", R.ChoosePrecision(R.TRI)))))
    assert session.actions[-1] == R.ChoosePrecision(R.TRI)
    assert state.phase == R.ANSWER and state.zone == "WAT" and state.precision == R.TRI
    assert app.errors == []


def test_the_red_herring_button():
    """UBI-9: "That's a red herring" to a herring is right; the turn goes on."""
    app, scene, session = table(people())
    pose(app, scene, session, "UNI", R.HEX, B.herring)
    click(app, centre(button(scene, ("herring",))))
    assert session.actions[-1] == R.RedHerring()
    assert session.state.last["right"] and session.state.last["red_herring"]
    assert session.state.turn_seat == 0
    assert app.errors == []


def test_an_expert_seat_answers_on_its_tab_and_others_may_only_look():
    """UBI-12: the expert seat answers on the Europe tab; a world-only seat is told why not."""
    app, scene, session = table(people(), expert=[True, False])

    def inside(u) -> bool:
        return B.real(u) and u.expert is not None and u.expert[0] == "E" and u.expert_triangle_fair
    pose(app, scene, session, "EUR", R.TRI, inside)
    answer = B.right_answer(session.state)
    assert answer.sheet == "E"
    click(app, centre(scene.tab_panel.buttons[("tab", "E")]))
    assert scene.tab == "E"
    settle(app)
    click(app, scene.sheets.cell_centre("E", answer.number, answer.letter))
    assert scene.chosen == ("E", answer.number, answer.letter)
    settle(app)
    click(app, centre(button(scene, ("confirm",))))
    assert session.actions[-1] == answer and session.state.last["right"]
    # a seat without the expert areas may look at them but not answer there
    state = session.state
    state.turn_seat = 1
    pose(app, scene, session, "EUR", R.HEX, B.fair)
    click(app, centre(scene.tab_panel.buttons[("tab", "E")]))
    settle(app)
    click(app, scene.sheets.cell_centre("E", 40))
    assert scene.chosen is None and scene.status_warning and "expert areas" in scene.status_note
    assert app.errors == []


def test_a_wrong_answer_is_revealed_until_a_click():
    """UBI-10: after the answer the true place shows (a hold the bots wait for; a click skips)."""
    app, scene, session = table(people(), settings={"animation_speed": "normal"})
    pose(app, scene, session, "EUR", R.HEX, B.fair)
    wrong = B.wrong_answer(session.state)
    scene.choose(("W", wrong.number, None))
    settle(app)
    click(app, centre(button(scene, ("confirm",))))
    assert not session.state.last["right"] and scene.revealing is not None and scene.anim.busy
    assert "wrong" in app.sound.played
    frames(app, 30)
    assert scene.revealing is not None        # still shown half a second on
    click(app, scene.sheets.fits["W"][1].center)      # a click on the map skips the rest
    assert scene.revealing is None
    assert app.errors == []


def test_a_bot_turn_plays_through_with_animations():
    seats = [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", colour=1)]
    app, scene, session = table(seats, seed=3, settings={"animation_speed": "fast"})

    def bot_answered() -> bool:
        return any(e.kind == "answer" and e.seat == 1 for _, e in session.events)

    for _ in range(8):
        assert run_until(app, lambda: bot_answered() or (scene.is_my_turn() and not scene.anim.busy), timeout=30)
        if bot_answered():
            break
        state = session.state
        if state.phase == R.ANSWER:
            scene.choose(("W", B.wrong_answer(state).number, B.wrong_answer(state).letter))
            settle(app)
            click(app, centre(button(scene, ("confirm",))))
        else:
            scene.try_action(state.legal_actions()[0])
    assert bot_answered()
    assert run_until(app, lambda: not scene.anim.busy, timeout=30)
    assert app.errors == []


def test_the_monkey():
    seats = [Seat("Ann", PERSON, colour=0), Seat("Ben", PERSON, colour=1), Seat("Bot", BOT, "easy", colour=2)]
    app, scene, session = table(seats, seed=11, expert=[True, False, False])

    def restart(seed: int) -> None:
        app.push(MenuScene(app))
        open_game(app, Session(SPEC, seats, SPEC.default_options(), seed))

    monkey_game(app, Rng(7), UbiScene, restart, rounds=40, per_round=30, skip_keys=(pygame.K_F1,))
    assert app.errors == []


def test_the_reticle_stays_whole_at_the_sheets_edges():
    """Near an edge the lens slides inwards (its number too), still magnifying the point under
    the pointer, which keeps a small ring; in the open it sits over the pointer."""
    app, scene, _session = table(people())
    fit = scene.sheets.fits[scene.tab][1]
    middle = fit.center
    assert lens_centre(middle) == middle
    for corner in (fit.topleft, (fit.right - 2, fit.top + 2), (fit.left + 2, fit.bottom - 2),
                   (fit.right - 2, fit.bottom - 2)):
        at = lens_centre(corner)
        lens = pygame.Rect(at[0] - LENS_R, at[1] - LENS_R, 2 * LENS_R, 2 * LENS_R + 24)
        assert AREA.contains(lens), (corner, lens)
        assert scene.cell_at(corner) is not None
        # the overlay redraws where the lens and the ring are drawn
        assert any(r.contains(lens.inflate(-4, -4).clip(AREA)) for r in scene._overlay_rects(
            (scene.tab, None, corner, scene.cell_at(corner), None, None, scene.view["precision"], scene.phase)))


def test_a_facet_won_flies_to_the_pyramids_of_its_team():
    app, scene, session = table(people(3), teams=2, settings={"animation_speed": "normal"})
    team = session.state.team_of[0]
    mates = [s for s, t in enumerate(session.state.team_of) if t == team]
    before = len(scene.anim.motions)
    scene._facet_won(team, "EUR")
    assert len(scene.anim.motions) == before + len(mates)   # one tile for each seat of the team
    frames(app, 90)
    assert not scene.anim.motions and app.errors == []


def test_the_wheel_zooms_the_sheet_round_the_pointer_and_a_click_still_means_the_cell_under_it():
    """Issue 22: at 1280x720 the hexagons' numbers are a few grey pixels; the wheel (or + and -)
    zooms the sheet about the pointer, the arrow keys move it, 0 shows it whole, and a click on
    the zoomed sheet chooses the hexagon drawn under the pointer. A reveal shows the sheet whole."""
    app, scene, session = table(people())
    pose(app, scene, session, "EUR", R.HEX, B.fair)
    base = scene.sheets.base["W"][1]
    point = (base.centerx + 150, base.centery - 60)
    under = scene.cell_at(point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to_window(app, point), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
        frames(app, 1)
    assert scene.zoom_level() == 2.0
    assert scene.cell_at(point) == under, "the point under the pointer moved"
    zoomed = scene.sheets.fits["W"][1]
    assert zoomed.contains(base) and zoomed.width == round(base.width * 2)
    # the numbers read: a hexagon is twice as wide on the screen
    assert scene.sheets.fits["W"][0] == pytest.approx(2 * scene.sheets.base["W"][0])
    press(app, pygame.K_RIGHT)
    assert scene.cell_at(point) != under   # moved: another hexagon is under the pointer now
    press(app, pygame.K_0)
    assert scene.zoom_level() == 1.0 and scene.sheets.fits["W"][1] == base
    press(app, pygame.K_EQUALS)
    assert scene.zoom_level() == 1.5
    for _ in range(9):
        press(app, pygame.K_MINUS)
    assert scene.zoom_level() == 1.0 and scene.sheets.fits["W"][1] == base   # never smaller than the sheet
    scene.set_zoom(3.0, point)
    cell = scene.cell_at(point)
    click(app, point)
    assert scene.chosen == (cell[0], cell[1], None)
    click(app, centre(button(scene, ("confirm",))))
    assert scene.zoom_level("W") == 1.0, "the reveal shows the whole sheet"
    assert app.errors == []


def test_every_cards_reveal_fits_its_card_and_its_banner():
    """Every Ubi in the bank, revealed after an answer (right and wrong, by a long seat name):
    the side card's answer and words and the banner over the map are drawn whole, never cut
    with "…" (issue 22's words that fit, over the whole bank rather than the cards a game
    happens to pose)."""
    from game.games.ubi.cards import load_cards
    from game.ui import theme
    app, scene, session = table([Seat("Bot Basho 12", PERSON, colour=0), Seat("Ben", PERSON, colour=1)])
    surface = pygame.Surface(scene.side_reserved_rect().size, pygame.SRCALPHA)
    canvas = pygame.Surface((1920, 1080))
    cut: list[str] = []
    theme.CUTS = []
    try:
        for card in load_cards():
            for ubi in card.ubis:
                last = {"seat": 0, "given": "That's a red herring" if ubi.red_herring else "N123-A",
                        "right": card.index % 2 == 0, "place": ubi.place, "zone": ubi.zone,
                        "precision": R.TRI, "red_herring": ubi.red_herring, "ghost": ubi.ghost,
                        "answer": R._answer_words(ubi), "explanation": ubi.explanation,
                        "lat": ubi.lat, "lon": ubi.lon}
                render_reveal(surface, surface.get_rect(), last, scene.name)
                draw_banner(canvas, scene.sheets, last, "W", scene.name)
                if not banner_sub(last).complete:
                    theme.CUTS.append((ubi.place, "banner"))
                if theme.CUTS:
                    cut.append(f"card {card.index} {ubi.zone} {ubi.place}")
                    theme.CUTS = []
    finally:
        theme.CUTS = None
    assert not cut, f"{len(cut)} reveals cut: {cut[:8]}"
