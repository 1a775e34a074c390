"""Every screen readable (issue 8): setup's drop-down lists and layout for every game, text
fitted to its box with the whole of it in a tooltip, seat colours apart from the highlight,
the status line after a bot's move, bots waiting under an overlay, and bots' names."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.core.registry import get, playable_games
from game.core.session import BOT, PERSON, Seat
from game.scenes.menu import MenuScene
from game.scenes.setup import BOT_NAMES, DEFAULT_NAMES, SetupScene
from game.table.panel import Choice, ChoicePanel
from game.ui import theme

from uihelpers import centre, click, frames, make_app, open_table, run_until, to_window

PLAYABLE = sorted(spec.id for spec in playable_games())


def setup_scene(game: str, seats: int | None = None) -> tuple:
    app = make_app()
    app.push(MenuScene(app))
    scene = app.push(SetupScene(app, get(game)))
    while seats is not None and len(scene.seats) < seats:
        click(app, centre(scene.add_button))
    frames(app)
    return app, scene


def widgets(scene) -> list:
    out = [scene.seed_entry, scene.start, scene.back, scene.rules, scene.add_button]
    out += list(scene.option_menus.values())
    for row in scene.rows:
        out += [row[k] for k in ("colour", "name", "kind", "remove")]
        if row["level"].visible:
            out.append(row["level"])
    return out


@pytest.mark.parametrize("game", PLAYABLE)
def test_setup_controls_never_overlap_and_drop_down_lists_are_tall_enough(game):
    spec = get(game)
    for seats in sorted({spec.min_players, spec.max_players}):
        app, scene = setup_scene(game, seats)
        rects = [w.rect for w in widgets(scene)]
        canvas = pygame.Rect(0, 0, 1920, 1080)
        assert all(canvas.contains(r) for r in rects)
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), f"{game}, {seats} seats: {a} overlaps {b}"
        line = theme.font(22).get_linesize()
        for menu in [*scene.option_menus.values(), *(r["level"] for r in scene.rows if r["level"].visible)]:
            for label in menu.options_list:
                assert theme.font(22).size(label[0])[0] + 24 + 30 <= menu.rect.width, label
            click(app, menu.rect.center)
            listing = menu.menu_states["expanded"].options_selection_list
            assert listing is not None, "the list opened"
            assert listing.list_item_height >= line + 8, "each entry is taller than its text"
            assert canvas.contains(listing.rect)
            click(app, menu.rect.center)     # close it again


@pytest.mark.parametrize("game", PLAYABLE)
def test_setup_text_fits_or_shows_whole_under_the_mouse(game):
    app, scene = setup_scene(game)
    app.draw()
    for rect, text in scene.hints:      # every cut text is offered whole
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to_window(app, rect.center), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        frames(app)
        assert scene.hint == (rect, text)
    about = [h for h in scene.hints if "players:" in h[1]]
    assert not about, "with two seats, About this game has room for all of it"


@pytest.mark.parametrize("game", PLAYABLE)
def test_setup_option_labels_and_help_read_whole_without_the_mouse(game):
    spec = get(game)
    for seats in sorted({spec.min_players, spec.max_players}):
        app, scene = setup_scene(game, seats)
        app.draw()
        cut = {text for _rect, text in scene.hints}
        assert not cut & {o.help for o in spec.options}, f"{game}, {seats} seats: a help line is cut"
        assert not cut & {o.label for o in spec.options}, f"{game}, {seats} seats: an option's name is cut"


def test_fit_to_box_wraps_then_shrinks_then_cuts():
    words = "Contemplation of the mountain at dawn, part 1 of 3, 1 point"
    roomy = theme.fit_to_box(words, 2000, 40, 22, 18)
    assert roomy.complete and roomy.size == 22 and len(roomy.lines) == 1
    width = theme.font(22).size(words)[0] // 2 + 40
    wrapped = theme.fit_to_box(words, width, 200, 22, 18)
    assert wrapped.complete and wrapped.size == 22 and len(wrapped.lines) == 2
    one_line = theme.font(19).size(words)[0] + 2
    shrunk = theme.fit_to_box(words, one_line, 30, 22, 18)
    assert shrunk.complete and 18 <= shrunk.size < 22 and len(shrunk.lines) == 1
    cut = theme.fit_to_box(words, 120, 30, 22, 18)
    assert not cut.complete and cut.size == 18 and cut.lines[-1].endswith("…")
    assert all(theme.font(18).size(line)[0] <= 120 for line in cut.lines)
    assert theme.fit_to_box("Supercalifragilistic", 60, 30, 22, 18).lines[0].endswith("…")


def test_a_choice_button_too_narrow_for_its_label_shrinks_then_gives_it_whole_in_its_tooltip():
    app = make_app()
    scene = app.push(MenuScene(app))
    panel = ChoicePanel(scene)
    long = "Take the panorama, part 1 of 3, 1 point"
    panel.sync([Choice("fits", "Pass", (100, 100, 200, 56)),
                Choice("small", long, (100, 200, theme.font(19).size(long)[0] + 40, 56)),
                Choice("cut", long, (100, 300, 180, 56), tooltip="Costs nothing")])
    fits, small, cut = (panel.buttons[k] for k in ("fits", "small", "cut"))
    assert fits.text == "Pass" and fits.tool_tip_text is None
    assert small.text == long and "@small" in small.object_ids[-1]
    assert cut.text.endswith("…") and long in cut.tool_tip_text and "Costs nothing" in cut.tool_tip_text
    assert theme.font(19).size(cut.text)[0] <= 180 - theme.BUTTON_PAD


def test_a_panel_keeps_a_button_that_looks_the_same_and_only_rebuilds_what_changed():
    """A move that changes the actions behind a phase's buttons but not the buttons (Rallyman's
    slots) builds none; a changed label gets a new button, a gone one is killed, and every key
    answers to its own button."""
    app = make_app()
    scene = app.push(MenuScene(app))
    panel = ChoicePanel(scene)
    panel.sync([Choice(("do", 1), "Roll", (100, 100, 200, 56)), Choice(("do", 2), "Stop", (400, 100, 200, 56))])
    roll, stop = panel.buttons[("do", 1)], panel.buttons[("do", 2)]
    panel.sync([Choice(("do", 3), "Roll", (100, 100, 200, 56)), Choice(("do", 4), "Pass", (400, 100, 200, 56))])
    assert panel.buttons[("do", 3)] is roll and panel.pressed(roll) == ("do", 3)
    assert panel.buttons[("do", 4)] is not stop and panel.buttons[("do", 4)].text == "Pass"
    assert not stop.alive() and roll.alive()
    panel.sync([Choice(("do", 3), "Roll", (100, 180, 200, 56))])   # moved: a new button
    assert panel.buttons[("do", 3)] is not roll and not roll.alive()
    panel.clear()
    assert panel.buttons == {}


# ---- colours ---------------------------------------------------------------------------------
def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encode(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


# Machado, Oliveira and Fernandes (2009), full severity, on linear RGB
VISION = {
    "typical": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _lab(colour, vision: str) -> tuple[float, float, float]:
    c = pygame.Color(colour)
    rgb = [_linear(c.r), _linear(c.g), _linear(c.b)]
    seen = [_linear(_encode(sum(m * v for m, v in zip(row, rgb)))) for row in VISION[vision]]
    r, g, b = seen
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def _distance(a, b, vision: str) -> float:
    return sum((p - q) ** 2 for p, q in zip(_lab(a, vision), _lab(b, vision))) ** 0.5


def _luminance(colour) -> float:
    c = pygame.Color(colour)
    return 0.2126 * _linear(c.r) + 0.7152 * _linear(c.g) + 0.0722 * _linear(c.b)


def _contrast(a, b) -> float:
    low, high = sorted((_luminance(a), _luminance(b)))
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("vision", sorted(VISION))
def test_no_seat_colour_looks_like_the_you_may_click_this_highlight(vision):
    for colour in theme.SEAT_COLOURS:
        assert _distance(colour, theme.HIGHLIGHT, vision) >= 20, f"{colour} is too like the highlight ({vision})"


def test_seats_differ_in_shape_and_read_on_the_dark_frame():
    most = max(spec.max_players for spec in playable_games())
    assert len(set(theme.SEAT_SHAPES[:most])) == most, "each seat of a full table has its own shape"
    for colour in theme.SEAT_COLOURS:
        assert _contrast(colour, theme.PANEL) >= 2.5, colour
    assert _contrast(theme.HIGHLIGHT, theme.PANEL) >= 7


# ---- the table -----------------------------------------------------------------------------
def test_after_a_bot_moves_the_status_line_says_whose_turn_it_is_and_the_log_keeps_the_deed():
    app, scene, session = open_table([Seat("Bot Ada", BOT, "easy", colour=0), Seat("Ann", PERSON, colour=1)])
    assert run_until(app, lambda: scene.is_my_turn() and session.actions and not scene.telling_move())
    deed = scene.table.said_by(0, [e for _, e in session.events])
    assert deed and any(scene.words(text) == deed for _, text in scene.log)
    text, warning = scene.status_text()
    assert text == f"Ann: {scene.prompt()}" and not warning
    scene.refuse("Not there.")          # a refused click still shows
    assert scene.status_text() == ("Not there.", True)


@pytest.mark.parametrize("overlay", ["rules", "pause", "settings"])
def test_bots_wait_while_an_overlay_covers_the_table(overlay):
    app, scene, session = open_table([Seat("Bot Ada", BOT, "easy", colour=0), Seat("Bot Basho", BOT, "easy", 1)])
    assert run_until(app, lambda: len(session.actions) >= 1)
    args = {"rules": ("staedtetour",), "pause": (scene,), "settings": ()}[overlay]
    cover = app.push(app.scene(overlay, *args))
    made = len(session.actions)
    for _ in range(40):
        scene.update(1 / 30)            # even if the app let the table tick underneath
        app.step(events=[], dt=1 / 30)
    assert len(session.actions) == made, f"a bot moved under {overlay}"
    app.remove(cover)
    assert run_until(app, lambda: len(session.actions) > made)


def test_new_bots_have_bot_names_that_differ_and_people_are_player_n():
    app, scene = setup_scene("tokaido", 5)
    names = [s.name for s in scene.seats]
    assert names[0] == "Player 1"
    bots = [s.name for s in scene.seats if s.is_bot]
    assert len(set(bots)) == len(bots) and all(n in BOT_NAMES for n in bots)
    click(app, centre(scene.rows[2]["kind"]))          # the third seat becomes a person
    assert scene.seats[2].name == "Player 3" and not scene.seats[2].is_bot
    click(app, centre(scene.rows[2]["kind"]))          # and a bot again
    assert scene.seats[2].name in BOT_NAMES
    scene.rows[1]["name"].set_text("Grandpa")
    frames(app)
    scene._read_names()
    click(app, centre(scene.rows[1]["kind"]))
    assert scene.seats[1].name == "Grandpa", "a typed name stays"
    assert not set(BOT_NAMES) & set(DEFAULT_NAMES)


def test_a_bot_remembered_from_an_earlier_set_up_as_player_2_gets_a_bots_name():
    from game.scenes.setup import load_last_setup, save_last_setup
    spec = get("staedtetour")
    save_last_setup(spec, [Seat("Player 1", PERSON, colour=0), Seat("Player 2", BOT, "hard", 1)], {})
    seats = load_last_setup(spec)["seats"]
    assert seats[0].name == "Player 1" and seats[1].name in BOT_NAMES and seats[1].level == "hard"


def test_the_undo_tooltip_is_shown_whole_inside_the_window():
    app, scene, session = open_table([Seat("Ann", PERSON, colour=0), Seat("Bot Ada", BOT, "easy", 1)])
    undo = scene.frame_buttons["undo"]
    undo.enable()
    pos = to_window(app, undo.rect.center)
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert run_until(app, lambda: undo.tool_tip is not None, timeout=5)
    tip = undo.tool_tip
    assert pygame.Rect(0, 0, 1920, 1080).contains(tip.rect)
    lines = theme.wrap(undo.tool_tip_text, 19, tip.rect.width - 20)
    assert len(lines) <= 2, "the tooltip is wide enough to read in a glance"
    assert tip.rect.height >= len(lines) * theme.font(19).get_linesize()
