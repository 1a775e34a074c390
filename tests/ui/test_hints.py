"""Hints (table/hints.py): on a person's turn the hard bot suggests a move from that seat's view
only; the table frames it and says it; a hint that comes back after the turn moved on is never
shown; the session counts hints, the save keeps the count and the statistics note the game."""
from __future__ import annotations

import pygame
import pytest

from game.core import stats
from game.core.ai import bots
from game.core.registry import get, playable_games
from game.core.session import BOT, PERSON, Seat, Session
from game.table.frame import open_game
from game.table.hints import TAG_H, hint_frame, tag_rect

from uihelpers import click, centre, frames, make_app, run_until


@pytest.fixture(autouse=True)
def quick_hard_bot(monkeypatch, thread_bots):
    """The hard level thinks briefly here: what is tested is the table's part, not its strength."""
    monkeypatch.setitem(bots.BOT_SETTINGS, "hard", {**bots.BOT_SETTINGS["hard"], "time_budget": 0.15})


def table_at_a_persons_turn(game_id: str, seed: int = 5):
    """A table where the one person (seat 0) is to act, a few moves into the game."""
    spec = get(game_id)
    seats = [Seat("Ann", PERSON, colour=0)] + [Seat(f"Bot {i}", BOT, "easy", i)
                                               for i in range(1, max(2, spec.min_players))]
    session = Session(spec, seats, spec.default_options(), seed)
    app = make_app(animation_speed="off", bot_pace="off")
    app.push(app.scene("menu"))
    scene = open_game(app, session)
    assert run_until(app, lambda: scene.is_my_turn()), "the person never got a turn"
    return app, scene, session


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_a_hint_is_framed_said_and_can_be_followed(spec, journeys_home):
    app, scene, session = table_at_a_persons_turn(spec.id)
    assert scene.frame_buttons["hint"].is_enabled
    click(app, centre(scene.frame_buttons["hint"]))   # or H, where no text field takes the key
    assert scene.hinting() or scene.hint is not None
    assert run_until(app, lambda: scene.hint is not None)
    action, why = scene.hint
    assert action in scene.ctx.legal or session.state.is_legal(action)
    text = scene.status_text()[0]
    assert text.startswith("Hint: ") and scene.ctx.describe(action).rstrip(".") in text
    target = scene.target_of(action)
    if target is not None:          # framed where it is clicked
        assert scene._hint_outline == scene.target_rect(target)
    frame = hint_frame(scene._hint_outline) if scene._hint_outline is not None else None
    if frame is not None:
        frames(app, 1)
        edge = (frame.x + 1, frame.centery)
        assert tuple(scene.app.canvas.get_at(edge))[:3] in ((255, 219, 110), (35, 39, 45))
    assert session.hints == 1
    moves = len(session.actions)
    assert scene.try_action(action)   # followed: it is a legal move
    frames(app, 2)
    assert len(session.actions) > moves and scene.hint is None and not scene.status_text()[0].startswith("Hint")
    assert app.errors == []


def test_a_hint_that_comes_after_the_turn_moved_on_is_dropped(journeys_home):
    app, scene, session = table_at_a_persons_turn("ubike")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step(events=pygame.event.get(), dt=0.0)   # H asks (the answer takes a while on its thread)
    assert scene.hinting() and "Looking for a good move" in scene.status_text()[0]
    scene.try_action(scene.ctx.legal[0])   # the person moves before the hint arrives
    assert run_until(app, lambda: not scene.hinting())
    assert scene.hint is None and not scene.status_text()[0].startswith("Hint")


def test_no_hint_off_ones_turn_and_none_behind_the_curtain(journeys_home):
    spec = get("staedtetour")
    seats = [Seat("Ann", PERSON, colour=0), Seat("Ben", PERSON, colour=1)]
    app = make_app(animation_speed="off")
    app.push(app.scene("menu"))
    scene = open_game(app, Session(spec, seats, {}, 4))
    frames(app, 2)
    assert app.top is not scene                 # the curtain: nobody's view is on the screen
    assert not scene.frame_buttons["hint"].is_enabled
    scene.do_hint()
    assert not scene.hinting() and scene.status_warning


def test_the_hint_count_is_saved_and_the_statistics_note_the_game(journeys_home):
    spec = get("ubike")
    session = Session(spec, [Seat("Ann", PERSON, colour=0), Seat("Bot", BOT, "easy", 1)], {}, 3)
    session.hints = 2
    data = session.to_save()
    assert data["hints"] == 2 and Session.from_save(data).hints == 2
    assert Session.from_save(dict(data, hints="lots")).hints == 0    # a damaged count is no count
    stats.record_game("ubike", session.seats, [10, 8], [0], hints=2)
    stats.record_game("ubike", session.seats, [7, 9], [1], hints=0)
    entry = stats.load()["games"]["ubike"]
    assert entry["played"] == 2 and entry["with_hints"] == 1
    from game.scenes.stats import game_records
    record = next(r for r in game_records(stats.load()) if r.game_id == "ubike")
    assert record.with_hints == 1
    app = make_app()
    app.push(app.scene("menu"))
    app.push(app.scene("stats"))
    frames(app, 2)
    assert app.errors == []


def test_a_hints_tag_hides_neither_what_it_frames_nor_the_words_over_a_button():
    """The tag that names who points stands astride a big frame's top edge in its middle; above
    a small one (a route's car, a track's space); and astride a low, wide one (a choice's
    button, its words in its middle, the choice's words just above it) near its right end,
    inside the frame's width and reaching no more than half a tag beyond it (astride its bottom
    edge at the canvas's top)."""
    canvas = pygame.Rect(0, 0, 1280, 720)
    words = (40, 18)
    big = hint_frame(pygame.Rect(400, 300, 200, 200))
    tag = tag_rect(big, words, canvas)
    assert tag.centerx == big.centerx and tag.top < big.top < tag.bottom
    small = hint_frame(pygame.Rect(400, 300, 30, 30))
    tag = tag_rect(small, words, canvas)
    assert tag.centerx == small.centerx and tag.bottom <= small.top
    for top in (300, 0):                                  # the canvas's top edge too
        button = hint_frame(pygame.Rect(360, top, 310, 40))
        tag = tag_rect(button, words, canvas)
        assert canvas.contains(tag)
        assert button.left + 2 * button.width // 3 <= tag.left and tag.right <= button.right
        assert button.top - TAG_H // 2 - 2 <= tag.top and tag.bottom <= button.bottom + TAG_H // 2 + 2
