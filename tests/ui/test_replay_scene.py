"""Watching a finished game again (table/replay.py): from the load list and from the results,
through the game's own table, forwards and backwards, at a speed, from any seat's view; the
save is never changed and nothing is recorded."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.core import paths, stats
from game.core.registry import get, playable_games
from game.core.rng import Rng
from game.core.session import Session
from game.core.testing import own_in_view
from game.table import everything
from game.table.controller import TableContext
from game.table.layout import BOARD
from game.table.replay import Replaying
from game.ui import theme

from uihelpers import centre, click, frames, make_app, open_table, press, settle

GOLDEN = Path(__file__).resolve().parents[1] / "engine" / "golden"


def finished_save(game_id: str, people: int = 1) -> tuple[dict, list]:
    """A golden playthrough as a finished game's save data (people at the first seats)."""
    spec = get(game_id)
    golden = json.loads((GOLDEN / f"{game_id}.json").read_text(encoding="utf-8"))
    seats = [{"name": f"Seat {i + 1}", "kind": "person" if i < people else "bot", "level": "hard", "colour": i}
             for i in range(golden["players"])]
    data = {"game": game_id, "rules_version": spec.rules_version, "seed": golden["seed"],
            "options": golden["options"], "actions": golden["actions"], "seats": seats}
    return Session.from_save(data).to_save(), golden["views"]


def public(scene) -> dict:
    return json.loads(json.dumps(scene.replay.session.state.view(None)))


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_every_game_replays_in_its_own_table_forwards_and_back(spec, journeys_home):
    data, views = finished_save(spec.id)
    app = make_app(animation_speed="fast")
    app.push(app.scene("menu"))
    scene = app.scene("replay", data)
    frames(app, 2)
    assert isinstance(scene, Replaying) and app.top is scene and scene.viewer == 0   # the one person's view
    assert scene.ctx.legal == [] and not scene.is_my_turn()
    for count in range(1, 6):
        press(app, pygame.K_RIGHT)
        assert scene.replay.at == count and public(scene) == views[count - 1]
    assert scene.ctx.view == scene.replay.session.state.view(0)   # what the viewer may see, no more
    press(app, pygame.K_LEFT)
    assert scene.replay.at == 4 and public(scene) == views[3]
    press(app, pygame.K_END)
    assert scene.replay.at_end and scene.session.state.is_over
    settle(app)
    assert "The game is over" in scene.status_text()[0]
    press(app, pygame.K_HOME)
    assert scene.replay.at == 0
    labels = [scene.frame_buttons["view"].text]
    for _ in range(len(data["seats"]) + 3):       # V: each seat's, whoever plays, everything, the table's
        press(app, pygame.K_v)
        labels.append(scene.frame_buttons["view"].text)
        if not scene.replay_table.follow:
            assert scene.ctx.view == scene.replay.session.state.view(scene.viewer)
    names = [f"View: {seat['name']}" for seat in data["seats"]]
    assert sorted(labels[:-1]) == sorted([*names, "View: whoever plays", "View: everything", "View: the table"])
    assert labels[-1] == labels[0]
    while not scene.replay_table.follow:           # whoever plays: each move from its mover's side
        press(app, pygame.K_v)
    for _ in range(4):
        mover = scene.table.to_act()
        press(app, pygame.K_RIGHT)
        assert scene.viewer == mover and scene.ctx.view == scene.replay.session.state.view(mover)
    assert app.errors == [] and app.top is scene


def test_a_replay_from_the_load_list_plays_at_its_speed_and_changes_nothing(journeys_home):
    data, views = finished_save("staedtetour", people=2)
    path = paths.saves_dir() / "finished.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    app = make_app(animation_speed="off")
    app.push(app.scene("menu"))
    load = app.push(app.scene("load"))
    frames(app, 2)
    row = next(i for i, r in enumerate(load.rows) if r.path == path)
    load.select(row)
    frames(app, 1)
    assert load.replay_button.visible
    click(app, centre(load.replay_button))
    scene = app.top
    assert isinstance(scene, Replaying) and scene.viewer is None   # two people: the table's view
    click(app, centre(scene.frame_buttons["play"]))
    assert scene.playing and scene.frame_buttons["play"].text == "Pause"
    for _ in range(400):
        frames(app, 1, dt=0.05)
        if scene.replay.at >= 3:
            break
    assert scene.replay.at >= 3 and public(scene) == views[scene.replay.at - 1]
    press(app, pygame.K_SPACE)
    assert not scene.playing
    # the timeline jumps to the start of a turn
    rect = scene.timeline_rect()
    click(app, (rect.centerx, rect.centery))
    assert scene.replay.at in (*scene.replay.turn_starts, scene.replay.total)
    assert abs(scene.replay.at - scene.replay.total // 2) <= max(20, scene.replay.total // 10)
    # clicks on the board only look; to the end and out: nothing played, saved or counted
    click(app, (700, 600))
    press(app, pygame.K_END)
    frames(app, 30, dt=0.1)
    assert scene.session.state.is_over and app.top is scene
    press(app, pygame.K_ESCAPE)
    assert app.top is load and app.errors == []
    assert path.read_bytes() == before
    assert stats.load() == stats.empty()
    assert not any(paths.autosaves_dir().iterdir())


def test_the_results_offer_the_replay_and_it_comes_back_to_them(journeys_home):
    data, views = finished_save("ubike")
    session = Session.from_save(data)
    app = make_app(animation_speed="off")
    app.push(app.scene("menu"))
    results = app.push(app.scene("results", session))
    frames(app, 2)
    click(app, centre(results.watch))
    scene = app.top
    assert isinstance(scene, Replaying) and scene.replay.total == len(views)
    press(app, pygame.K_PAGEDOWN)                 # the next turn
    assert scene.replay.at == scene.replay.turn_starts[1]
    click(app, centre(scene.frame_buttons["close"]))
    assert app.top is results and app.errors == []


def test_an_unfinished_game_has_no_replay_button(journeys_home):
    data, _ = finished_save("ubike")
    data = dict(data, actions=data["actions"][:10], over=False)
    data.pop("scores", None), data.pop("winners", None)
    path = paths.saves_dir() / "unfinished.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    app = make_app()
    app.push(app.scene("menu"))
    load = app.push(app.scene("load"))
    frames(app, 2)
    load.select(next(i for i, r in enumerate(load.rows) if r.path == path))
    frames(app, 1)
    assert not load.replay_button.visible
    press(app, pygame.K_r)
    assert app.top is load


def to_everything(app, scene) -> None:
    for _ in range(len(scene.session.seats) + 3):
        if scene.frame_buttons["view"].text == "View: everything":
            return
        press(app, pygame.K_v)
    raise AssertionError("V never reached View: everything")


def check_everything_shown(app, scene) -> None:
    """At this point: every seat's revealed holdings are its own view's, the board is from the
    mover's side, and the box's words fit it, uncut, inside the board, at 1280x720."""
    state = scene.replay.session.state
    if not scene.holds_anything:          # Rallyman, Ubi: nothing is hidden, everything is the table's view
        assert scene.viewer is None and scene.ctx.view == state.view(None)
        assert scene._everything_shown is None
        return
    mover = scene.replay.mover(scene.replay.at)
    want = mover if mover is not None and mover >= 0 else state.current_player
    if isinstance(want, int):
        assert scene.viewer == want
    revealed = scene.ctx.everything()
    assert [h.seat for h in revealed] == list(range(state.num_players))
    for h in revealed:
        own = state.view(h.seat)
        assert h.held == own_in_view(own, h.seat, type(state)) == state.holdings(h.seat)
        assert h.view == own
    shown = scene._everything_shown
    assert shown is not None and shown.complete, [scene.revealed_words(h, True) for h in revealed]
    assert BOARD.contains(shown.box) and shown.size >= theme.SIZE_SMALL
    text_w = shown.text_width
    for row in shown.rows:
        assert row.words and all(theme.font(shown.size).size(line)[0] <= text_w for line in row.words)
        assert all(theme.font(shown.size, True).size(line)[0] <= everything.NAME_W - 40 for line in row.name)
    rows_h = sum(max(len(r.name), len(r.words)) * shown.line_height for r in shown.rows)
    assert rows_h + everything.ROW_GAP * (len(shown.rows) - 1) + 2 * everything.PAD < shown.box.height
    theme.CUTS = []
    try:
        scene.draw(pygame.Surface((1920, 1080)))
        assert theme.CUTS == []
    finally:
        theme.CUTS = None


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_every_games_replay_shows_everything_every_seat_held_at_random_points_both_ways(spec, journeys_home):
    """View: everything (issue 26): at random points, reached forwards, backwards and by the
    keys, every seat's holdings are on show, each equal to what its own view showed then, in
    words that fit their box at 1280x720."""
    data, _ = finished_save(spec.id)
    app = make_app(animation_speed="fast")
    app.push(app.scene("menu"))
    scene = app.scene("replay", data)
    frames(app, 2)
    to_everything(app, scene)
    assert scene.replay_table.reveals_everything
    rng = Rng(len(spec.id) * 31)
    total = scene.replay.total
    for count in [0, *(rng.below(total + 1) for _ in range(5)), total, *(rng.below(total) for _ in range(3))]:
        scene.seek(count)
        settle(app)
        check_everything_shown(app, scene)
        for key in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_LEFT):
            press(app, key)
            settle(app)
            check_everything_shown(app, scene)
    press(app, pygame.K_v)                       # on to the table's view: nothing revealed
    assert scene.frame_buttons["view"].text == "View: the table" and scene._everything_shown is None
    with pytest.raises(PermissionError):
        scene.ctx.everything()
    assert app.errors == []


def test_the_box_of_everything_folds_to_its_heading_and_back(journeys_home):
    """H, or a click on the box, folds it to its heading (the board in sight under it), and again
    unfolds it; folded it stays folded from move to move."""
    data, _ = finished_save("ttr-iberia")
    app = make_app(animation_speed="off")
    app.push(app.scene("menu"))
    scene = app.scene("replay", data)
    frames(app, 2)
    to_everything(app, scene)
    scene.seek(scene.replay.total // 2)
    settle(app)
    full = scene._everything_shown
    assert full is not None and full.rows
    press(app, pygame.K_h)
    folded = scene._everything_shown
    assert folded.rows == () and folded.box.height < 80 and folded.heading == everything.FOLDED
    press(app, pygame.K_RIGHT)
    assert scene._everything_shown.rows == (), "a move unfolded it"
    click(app, scene._everything_shown.box.center)
    assert scene._everything_shown.rows and scene._everything_shown.box.height > folded.box.height
    press(app, pygame.K_h)
    press(app, pygame.K_h)
    assert scene._everything_shown.rows
    assert app.errors == []


def test_a_live_table_can_never_show_everything(journeys_home):
    """Only a finished game's replay reveals every seat's holdings: a live table's context has no
    way to them and V means nothing there; a replay of a game not finished never offers it."""
    from game.core.session import Seat
    seats = [Seat("Ana", "person", colour=0), Seat("Bo", "person", colour=1), Seat("Cy", "bot", "easy", 2)]
    app, scene, session = open_table(seats, game="ttr-iberia")
    frames(app, 2)
    for _ in range(6):
        press(app, pygame.K_v)
    assert type(scene.ctx) is TableContext and not hasattr(scene.ctx, "everything")
    assert not getattr(scene.table, "reveals_everything", False)
    assert scene.ctx.view == session.state.view(scene.viewer)
    # a replay of an unfinished game: no "everything" among the views, and no way round it
    data, _ = finished_save("ttr-iberia")
    data = dict(data, actions=data["actions"][:40], over=False)
    data.pop("scores", None), data.pop("winners", None)
    replay = app.scene("replay", data)
    frames(app, 2)
    assert not replay.replay.finished and "everything" not in replay.view_order()
    labels = set()
    for _ in range(len(replay.view_order()) + 1):
        press(app, pygame.K_v)
        labels.add(replay.frame_buttons["view"].text)
    assert "View: everything" not in labels and replay._everything_shown is None
    replay.replay_table.all_revealed = True        # even forced, the context refuses
    with pytest.raises(PermissionError):
        replay.ctx.everything()
    assert app.errors == []
