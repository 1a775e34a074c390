"""No hover outlives what it was over (issue 22): after every move, undo and viewer change the
table works its hover out again where the pointer rests, and when the pointer leaves the window
every hover picture goes (a card shown large, a ticket's tooltip, a ring). Over every game, on
random play with the pointer resting on random places of the table:

- the picture after a move is the picture the same table draws with its hover worked out
  afresh (a stale preview would differ);
- after the pointer leaves, nothing is hovered, and the window shows exactly a full redraw.
"""
from __future__ import annotations

import pygame
import pytest

from game.core.registry import load_games
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat
from game.table.frame import GameScene

from uihelpers import frames, open_table, table_steps, to_window

GAMES = [spec for spec in load_games().values() if spec.available]
SIZE = (1920, 1080)   # the canvas goes to the window unscaled: pixels compare exactly


@pytest.fixture(autouse=True)
def still_clock(monkeypatch):
    """What ticks (a thinking bot's dots) is drawn the same in every picture of a frame."""
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 0)


def fresh(app) -> bytes:
    surface = pygame.Surface(app.canvas.get_size()).convert()
    shown = app.scenes[max(i for i, s in enumerate(app.scenes) if s.opaque):]
    for scene in shown:
        scene.ui.get_sprite_group().update_visibility()
        scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def rest_pointer(app, point) -> None:
    pos = to_window(app, point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)


@pytest.mark.usefixtures("thread_bots")
@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_hovers_are_worked_out_again_after_moves_and_end_when_the_pointer_leaves(spec):
    rng = Rng(99)
    seats = [Seat("Ann", PERSON, colour=0), Seat("Bot Ada", BOT, "easy", colour=1)]
    app, scene, session = open_table(seats, game=spec.id, seed=3, size=SIZE)
    checked = 0
    for _turn in table_steps(app, scene, session, 40):
        # the pointer rests on something of the table (a target if there is one), then a move
        targets = [scene.target_rect(t) for t in scene.click_targets()]
        targets = [r for r in targets if r is not None]
        point = (targets[rng.below(len(targets))].center if targets and rng.below(2)
                 else (rng.below(1920), 70 + rng.below(1000)))
        rest_pointer(app, point)
        legal = session.state.legal_actions()
        scene.try_action(legal[rng.below(len(legal))])
        frames(app, 3)
        if app.top is scene:
            assert scene.hover == scene.hover_at(app.mouse_pos), f"{spec.id}: a stale hover after a move"
            before = fresh(app)
            scene.rehover()
            assert fresh(app) == before, f"{spec.id}: the table's hover pictures were stale after a move"
            # the pointer leaves the window
            pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
            frames(app, 3)
            assert scene.hover is None and app.mouse_pos == (-1, -1)
            assert pygame.image.tobytes(app.window, "RGB") == fresh(app), \
                f"{spec.id}: a hover picture stayed after the pointer left"
            checked += 1
    assert checked >= 3, f"{spec.id}: only {checked} positions checked"
    assert app.errors == [] and isinstance(scene, GameScene)
