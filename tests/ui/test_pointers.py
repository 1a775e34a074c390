"""The hint and the lesson point at a move (table/hints.py `point_at`): whatever a person may do
in any game, the table finds where it is made (a target on the board, a card in a panel, a
button) and frames it there. Checked over random positions of every game, every seat a person
looking at the screen."""
from __future__ import annotations

import collections

import pygame
import pytest

from game.core.registry import playable_games
from game.core.rng import Rng
from game.core.session import PERSON, Seat, Session
from game.table.frame import open_game

from uihelpers import click, frames, make_app, press, type_text


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_every_move_a_person_may_make_can_be_pointed_at(spec, journeys_home):
    app = make_app(animation_speed="off", bot_pace="off")
    app.push(app.scene("menu"))
    seats = [Seat(f"P{i}", PERSON, colour=i) for i in range(max(2, spec.min_players))]
    session = Session(spec, seats, spec.default_options(), 5)
    scene = open_game(app, session)
    rng = Rng(2)
    missing: collections.Counter = collections.Counter()
    total = 0
    for _ in range(70):
        if session.state.is_over:
            break
        seat = scene.table.to_act()
        if not scene.is_my_turn() and seat is not None:
            scene.table.lift_curtain(seat)   # the one to act looks at the screen
            while app.top is not scene:
                app.remove(app.top)
        frames(app, 1)
        for action in scene.ctx.legal[:16]:
            scene.point_at(action, "Hint")
            total += 1
            if scene._hint_outline is None:
                missing[type(action).__name__] += 1
            else:   # on the canvas, where it can be seen
                assert app.canvas.get_rect().colliderect(scene._hint_outline), (action, scene._hint_outline)
        scene.forget_hint()
        assert scene.try_action(scene.ctx.legal[rng.below(len(scene.ctx.legal))])
        frames(app, 1)
    assert total and sum(missing.values()) <= total // 100, f"nowhere to point at: {dict(missing)} of {total}"
    assert app.errors == []


def ubi_typed(action) -> str:
    """A Ubi answer as it is typed in its box ("267-A")."""
    from game.games.ubi.grid import SHEETS
    return SHEETS[action.sheet].label(action.number, action.letter)


def _look_at_the_screen(app, scene) -> None:
    """The seat to act looks at the screen (the curtain lifted for it)."""
    seat = scene.table.to_act()
    if not scene.is_my_turn() and seat is not None:
        scene.table.lift_curtain(seat)
        while app.top is not scene:
            app.remove(app.top)
    frames(app, 1)


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_clicking_where_the_pointer_frames_makes_the_move_pointed_at(spec, journeys_home):
    """A person who clicks inside the frame, again and again as it moves on (a card, then how
    to pay; a tab, then a hexagon, then Confirm), makes exactly the move the hint or the
    lesson pointed at: the frame follows a choice made in several clicks."""
    app = make_app(animation_speed="off", bot_pace="off")
    app.push(app.scene("menu"))
    seats = [Seat(f"P{i}", PERSON, colour=i) for i in range(max(2, spec.min_players))]
    scene = open_game(app, Session(spec, seats, spec.default_options(), 8))
    rng = Rng(4)
    outcomes: collections.Counter = collections.Counter()
    for _ in range(36):
        session = scene.session
        if session.state.is_over:
            break
        _look_at_the_screen(app, scene)
        legal = scene.ctx.legal
        action = legal[rng.below(len(legal))]
        before = len(session.actions)
        scene.point_at(action, "Hint")
        outcome = "stuck"
        for _click in range(6):
            frames(app, 1)   # the frame follows the choice
            if scene._hint_outline is None:
                outcome = "nowhere"
                break
            click(app, scene._hint_outline.center)
            if scene.next_click(action) == ("entry",):   # Ubi's answer box: the answer typed in it
                type_text(app, ubi_typed(action))
                press(app, pygame.K_RETURN)
            frames(app, 1)
            if len(session.actions) > before:
                outcome = "made" if session.actions[before] == action else f"made {session.actions[before]}"
                break
        outcomes[outcome] += 1
        assert not outcome.startswith("made "), f"pointed at {action}, the clicks {outcome}"
        if outcome != "made":   # play on from here
            scene = open_game(app, Session.from_save(session.to_save()))
            _look_at_the_screen(app, scene)
            assert scene.try_action(scene.ctx.legal[rng.below(len(scene.ctx.legal))])
    total = sum(outcomes.values())
    assert outcomes["stuck"] == 0, dict(outcomes)
    # an answer on a triangle of Ubi's sheets that lies wholly off its picture (typed, not clicked)
    assert outcomes["nowhere"] <= total // 20, dict(outcomes)
    assert app.errors == []
