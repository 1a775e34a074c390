"""Every game in a real X11 window (issue 22): a game is opened from a save (`--load`), and a
person plays a few turns against a bot with real clicks (xdotool) on what glows: the targets
the table kit declares for that position, worked out here from the same save. Each click must
make a move; the window is then photographed (kept beside the test's files as <game>.png, to
be looked at), and must show a drawn table and no error.

Needs what tests/ui/test_x11_window.py needs."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pygame_gui
import pytest

from game.core.registry import load_games
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat, Session

from test_x11_window import Screen, _require_tools, autosave_file, settings_file

pytestmark = pytest.mark.x11

GAMES = [spec for spec in load_games().values() if spec.available]
TURNS = 1


def moves(home: Path, first: Path) -> int:
    path = autosave_file(home) or first
    try:
        return len(json.loads(path.read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return -1   # being written


def latest(home: Path, first: Path) -> Session | None:
    path = autosave_file(home) or first
    try:
        return Session.load(path)
    except Exception:   # being written
        return None


def target_for(session: Session):
    """A glowing target of the person's position and its centre on the canvas, from a table
    opened headless on the same game (the person's own view)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.table.frame import open_game
    from uihelpers import frames, make_app
    app = make_app()
    app.push(app.scene("menu"))
    scene = open_game(app, Session.from_save(session.to_save()), bots_paused=True)
    frames(app, 2)
    if not scene.is_my_turn():
        scene.table.lift_curtain(0)
    targets = scene.click_targets()
    # a click that is a whole move first (one action), then steps of a choice
    ranked = sorted(targets, key=lambda t: len(targets[t]) != 1)
    found = [(t, scene.target_rect(t)) for t in ranked]
    found = [(t, r.center) for t, r in found if r is not None]
    whole = [f for f in found if len(targets[f[0]]) == 1]
    if not whole and found and hasattr(scene, "tray_rects") and scene.tray_rects():
        # Rallyman, where several dice fit each space: a die of the tray first, then a space
        die, rect = next(iter(scene.tray_rects().items()))
        scene.choose_die(die)
        targets = scene.click_targets()
        space = next((t for t in targets if len(targets[t]) == 1), None)
        if space is not None:
            return ("space", [rect.center, scene.target_rect(space).center])
    found = whole or found
    if not found and hasattr(scene, "_ticket_rects"):   # Ticket to Ride's draft: the packet's tickets
        found = [(("ticket", t), r.center) for t, r in scene._ticket_rects().items()]
    if not found:   # a choice on the panel's buttons (a zone, a pit stop): the first that may be pressed
        panel = getattr(scene, "choices", None)   # the game's own choice buttons (not tabs or the frame's)
        buttons = list(panel.buttons.values()) if panel is not None else []
        found = [(("button", b.text), b.rect.center) for b in buttons
                 if isinstance(b, pygame_gui.elements.UIButton) and b.is_enabled and b.visible]
    rng = Rng(len(session.actions))
    if not found:
        return None
    target, point = found[rng.below(len(found))]
    return target, [point]


@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_a_person_plays_a_turn_of_each_game_by_clicking_what_glows(tmp_path, spec):
    _require_tools()
    home = tmp_path / "home"
    settings_file(home)
    seats = [Seat("Ann", PERSON, colour=0)] + [Seat(f"Bot {i}", BOT, "easy", colour=i)
                                                for i in range(1, max(2, spec.min_players))]
    first = tmp_path / f"{spec.id}.json"
    Session(spec, seats, spec.default_options(), 12).save_to(first)
    screen = Screen(home, "--load", str(first))
    played = 0
    try:
        time.sleep(1.5)
        deadline = time.time() + 30   # a turn (bots play between)
        while played < TURNS and time.time() < deadline:
            session = latest(home, first)
            if session is None or session.state.is_over:
                break
            if session.state.current_player != 0:
                time.sleep(0.3)   # a bot thinks and moves
                continue
            found = target_for(session)
            if found is None:   # nothing to click: wait for the table
                time.sleep(0.5)
                continue
            before = moves(home, first)
            target, points = found
            for point in points:
                screen.click(point)
            if spec.id == "ubi" and target[0] == "sheet":
                screen.key("Return")   # a hexagon chosen: Enter gives it
            end = time.time() + 10
            while moves(home, first) <= before and time.time() < end:
                time.sleep(0.2)
            after = moves(home, first)
            # a click on a step of a choice (a route to pay for) moves nothing yet: still no error
            if after > before:
                played += 1
            elif latest(home, first) is not None and screen.app.poll() is not None:
                break
        assert screen.app.poll() is None, "the app ended"
        window = screen.window_shot(tmp_path / "screen.png")
        import pygame
        pygame.image.save(window, str(tmp_path / f"{spec.id}.png"))   # to be looked at
        colours = {tuple(window.get_at((x, y)))[:3] for x in range(0, window.get_width(), 37)
                   for y in range(0, window.get_height(), 29)}
        assert len(colours) > 40, "the window looks blank"
        assert played >= 1, f"{spec.id}: no click on a glowing target made a move"
        screen.quit_from_pause_menu()
    finally:
        code, err = screen.close()
    assert "Traceback" not in err, err[-3000:]
