"""The table says what can be clicked from one source (issue 22): a scene declares which target
each legal action is clicked on (`target_of`, `step_targets`), and the table kit glows exactly
those, hovered or not, takes a click on any of them and answers a click anywhere else with a
reason. Checked over every game that declares its targets, on random positions of real play with
two people at the table:

- the glowing set is the set of targets of the acting person's legal actions, with no hover,
  and a prompt that names a glow is only shown while something glows;
- every glowing target is where a click lands on it (`hit_board` at its centre says so), and
  its glow is drawn there: the picture differs from the same table with nothing glowing;
- a click on a glowing target is accepted (no refusal); a click on the board anywhere else
  changes nothing and says why.
"""
from __future__ import annotations

import pygame
import pytest

from game.core.registry import load_games
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat
from game.table.layout import BOARD

from uihelpers import click, open_table, table_steps

GAMES = [spec for spec in load_games().values() if spec.available]


def seats_for(spec):
    people = [Seat("Ann", PERSON, colour=0), Seat("Bo", PERSON, colour=1)]
    if spec.max_players >= 3:
        people.append(Seat("Bot Ada", BOT, "easy", colour=2))
    return people


def picture(scene, *, glowing: bool) -> pygame.Surface:
    """The whole table drawn afresh, with its targets glowing or with none."""
    if not glowing:
        scene.click_targets = lambda: {}
    try:
        for layer in scene.layers:
            layer.refresh()
        canvas = pygame.Surface((1920, 1080))
        scene.draw(canvas)
    finally:
        scene.__dict__.pop("click_targets", None)
    for layer in scene.layers:
        layer.refresh()
    return canvas


def differs_near(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    box = rect.inflate(20, 20).clip(a.get_rect())
    return any(a.get_at((x, y)) != b.get_at((x, y)) for y in range(box.top, box.bottom, 2)
               for x in range(box.left, box.right, 2))


def check_targets(scene, rng: Rng) -> None:
    scene.hover = None
    targets = scene.click_targets()
    legal = scene.ctx.legal
    declared = {scene.target_of(a) for a in legal} - {None}
    assert declared <= set(targets), f"{scene.spec.id}: a legal action's target does not glow"
    assert scene.glowing == frozenset(targets)
    for target, actions in targets.items():
        assert all(a in legal for a in actions), (target, actions)
    words = " ".join([scene.prompt(), scene.status_text()[0]]).lower()
    if "glowing" in words:   # a prompt that names a glow: there is one
        assert targets, f"{scene.spec.id}: the prompt names a glow and nothing glows: {words!r}"
    if not targets:
        return
    sample = list(targets)
    rng.shuffle(sample)
    lit = picture(scene, glowing=True)
    dark = picture(scene, glowing=False)
    for target in sample[:6]:
        rect = scene.target_rect(target)
        assert rect is not None, f"{scene.spec.id}: no place for {target!r}"
        hit = scene.hit_board(rect.center)
        assert scene.target_key(hit) == target, (target, rect, hit)
        assert differs_near(lit, dark, rect), f"{scene.spec.id}: {target!r} does not glow unhovered"


def click_elsewhere(app, scene, session, rng: Rng) -> None:
    """A click on the board where nothing glows changes nothing and is answered in words."""
    targets = scene.click_targets()
    controls = [e.rect for e in scene.ui.get_sprite_group().sprites()
                if getattr(e, "visible", True) and hasattr(e, "rect")]
    for _ in range(30):
        point = (BOARD.x + rng.below(BOARD.width), BOARD.y + rng.below(BOARD.height))
        if scene.target_key(scene.hit_board(point)) not in targets and not any(r.collidepoint(point) for r in controls):
            break   # on the board itself, not on a button
    else:
        return
    moves, view = len(session.actions), scene.view
    scene.status_note = ""
    click(app, point)
    assert len(session.actions) == moves and scene.view == view, f"{scene.spec.id}: a click off the targets acted"
    assert scene.status_note.strip(), f"{scene.spec.id}: a click at {point} on {scene.hit_board(point)!r} said nothing"


@pytest.mark.usefixtures("thread_bots")
@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_the_glow_is_the_legal_targets_and_every_click_is_taken_or_answered(spec):
    rng = Rng(2022)
    app, scene, session = open_table(seats_for(spec), game=spec.id, seed=5)
    checked = 0
    for _turn in table_steps(app, scene, session, 120):
        check_targets(scene, rng)
        checked += 1
        if checked % 3 == 1:
            click_elsewhere(app, scene, session, rng)
        targets = scene.click_targets()
        chosen = [t for t in targets if scene.target_rect(t) is not None]
        if chosen and rng.below(2) == 0:
            target = chosen[rng.below(len(chosen))]
            scene.status_note, scene.status_warning = "", False
            moves = len(session.actions)
            click(app, scene.target_rect(target).center)
            assert not scene.status_warning, f"{spec.id}: a click on glowing {target!r}: {scene.status_note}"
            if len(session.actions) == moves and scene.turn.acting:
                # a step of a choice (a route picked, to pay for next): finish the move, so that
                # the next position starts with nothing half chosen
                legal = session.state.legal_actions()
                assert scene.try_action(legal[rng.below(len(legal))]), scene.status_note
        else:
            legal = session.state.legal_actions()
            assert scene.try_action(legal[rng.below(len(legal))]), scene.status_note
    assert checked >= 5, f"{spec.id}: only {checked} positions checked"
    assert app.errors == []
