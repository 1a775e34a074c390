"""Scene tests for the statistics screen, the load screen and the save dialog.

Everything goes through the real event path: window-coordinate mouse events are posted to
pygame's queue, the app maps them through its viewport onto the 1920x1080 canvas, pygame-gui
turns them into button presses, and those come back through the queue to the scene.
"""
from __future__ import annotations

import itertools
import json
import os
import random
import time
from pathlib import Path
from typing import Any
from collections.abc import Iterable

import pygame
import pytest

from game.app import App
from game.core import autosaves, paths, stats
from game.core.registry import get, load_games
from game.core.saves import write_json_atomic
from game.core.session import Seat, Session
from game.scenes.menu import MenuScene
from game.scenes.load import DETAIL, LoadScene
from game.scenes.results import ResultsScene
from game.scenes.save_dialog import SaveDialog, safe_name
from game.scenes.savelist import list_saves as savelist_rows
from game.scenes.stats import StatsScene
from game.settings import Settings
from game.table.frame import GameScene, open_game
from game.ui import theme
from game.ui.scene import Scene

from uihelpers import run_until


# ---- helpers ----------------------------------------------------------------------------------
def make_app() -> App:
    return App(headless=True, settings=Settings(muted=True, animation_speed="off"), window_size=(1280, 720))


def to_window(app: App, xy: tuple[float, float]) -> tuple[int, int]:
    """A logical canvas point as the window sees it (what a real mouse event carries); the
    pixel's middle, so that mapping it back lands on the same logical pixel."""
    vp = app.viewport
    return (round(vp.ox + (xy[0] + 0.5) * vp.scale), round(vp.oy + (xy[1] + 0.5) * vp.scale))


def centre(element: Any) -> tuple[int, int]:
    """The middle of a pygame-gui element (or a Rect) on the logical canvas."""
    rect = element if isinstance(element, pygame.Rect) else element.rect
    return rect.center


def pump(app: App, frames: int = 4) -> None:
    """Let the app take what is queued (our events, then pygame-gui's) for a few frames."""
    for _ in range(frames):
        app.step(events=pygame.event.get(), dt=1 / 60)


def post_click(app: App, logical_xy: tuple[float, float]) -> None:
    pos = to_window(app, logical_xy)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def click(app: App, logical_xy: tuple[float, float]) -> None:
    post_click(app, logical_xy)
    pump(app)


def press(app: App, key: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0))
    pump(app)


def type_text(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pump(app)


@pytest.fixture
def app():
    application = make_app()
    pygame.event.clear()
    application.push(MenuScene(application))
    yield application
    pygame.event.clear()


def make_save(name: str, moves: int = 3, seed: int = 11, seats: list[Seat] | None = None) -> Path:
    session = Session(get("ubike"), seats or [Seat("A"), Seat("B")], {}, seed, name=name)
    for _ in range(moves):
        session.apply(session.state.legal_actions()[0], autosave=False)
    path = paths.saves_dir() / f"{name}.json"
    session.save_to(path)
    return path


def row_index(scene: LoadScene, path: Path) -> int:
    return next(i for i, row in enumerate(scene.rows) if row.path == path)


def click_row(app: App, scene: LoadScene, path: Path) -> None:
    index = row_index(scene, path)
    scene.select(index)                 # scrolls it into view, as the keyboard would
    pump(app, 1)
    click(app, scene.row_rect(index).center)


def comparable(session: Session) -> dict[str, Any]:
    data = session.to_save()
    data.pop("saved_at")
    return data


# ---- statistics -------------------------------------------------------------------------------
def test_stats_without_a_file_lists_every_playable_game_unplayed(app, coming_game):
    scene = app.push(StatsScene(app))
    pump(app)
    assert app.errors == []
    playable = [g.id for g in load_games().values() if g.available]
    assert [r.game_id for r in scene.records] == playable
    assert len(playable) < len(load_games()), "games still to come are not listed"
    assert all(r.played == 0 for r in scene.records)
    assert not scene.reset.element.is_enabled          # nothing to reset
    assert not paths.stats_path().exists()             # looking writes nothing


def test_stats_show_recorded_games(app):
    ann, bot = Seat("Ann"), Seat("Bo", kind="bot", level="hard")
    stats.record_game("ubike", [ann, bot], [40, 55], [1], when="2025-01-02")
    stats.record_game("ubike", [ann, bot], [61, 30], [0], when="2025-01-03")
    stats.record_game("ubike", [ann, Seat("Cy"), bot], [12, 90, 33], [1], when="2025-01-04")
    scene = app.push(StatsScene(app))
    pump(app)
    assert app.errors == []
    ubike = next(r for r in scene.records if r.game_id == "ubike")
    assert ubike.played == 3
    assert (ubike.by_kind["person"].won, ubike.by_kind["person"].played) == (2, 4)
    assert (ubike.by_kind["bot-hard"].won, ubike.by_kind["bot-hard"].played) == (1, 3)
    assert ubike.by_kind["bot-hard"].percent == 33
    assert "bot-easy" not in ubike.by_kind
    assert [b.score for b in ubike.best] == [90, 61, 55, 40, 33]      # top 5 of 7
    assert (ubike.best[0].name, ubike.best[0].players, ubike.best[0].date) == ("Cy", 3, "2025-01-04")
    assert all(r.played == 0 for r in scene.records if r.game_id != "ubike")
    assert scene.total_played == 3
    click(app, centre(scene.back_button))
    assert isinstance(app.top, MenuScene)


def test_solo_times_and_race_points_are_kept_apart(app):
    """A time alone on the clock (215 s) is not a score of 215 points above 25, 18 and 15: the
    best times are listed apart, fewest seconds first (issue 22; RMG-38)."""
    ann, bo, cy = Seat("Ann"), Seat("Bo", kind="bot", level="hard"), Seat("Cy")
    stats.record_game("rallyman", [ann, bo, cy], [25, 18, 15], [0], when="2025-01-02")
    stats.record_game("rallyman", [ann], [215], [0], when="2025-01-03", unit="seconds")
    stats.record_game("rallyman", [cy], [190], [0], when="2025-01-04", unit="seconds")
    stats.record_game("rallyman", [ann], [260], [0], when="2025-01-05", unit="seconds")
    scene = app.push(StatsScene(app))
    pump(app)
    rally = next(r for r in scene.records if r.game_id == "rallyman")
    assert [b.score for b in rally.best] == [25, 18, 15]
    assert [b.score for b in rally.best_times] == [190, 215]   # five rows: three scores, two times
    assert rally.best_times[0].name == "Cy"
    assert app.errors == []
    from game.core.registry import get as get_spec
    state = get_spec("rallyman").make(1, 3, {})
    assert state.score_unit() == "seconds" and get_spec("rallyman").make(2, 3, {}).score_unit() == "points"


def test_stats_with_a_damaged_file(app):
    paths.stats_path().write_text('{"version": 1, "games": {"ubike": {"pla', encoding="utf-8")
    scene = app.push(StatsScene(app))
    pump(app)
    assert app.errors == []
    assert "damaged" in scene.note
    assert all(r.played == 0 for r in scene.records)
    assert list(paths.data_dir().glob("statistics.json.damaged-*"))    # set aside, not lost


def test_stats_with_odd_values_are_set_aside_and_show_zeros(app):
    write_json_atomic(paths.stats_path(), {"version": 1, "games": {
        "ubike": {"played": "many", "by_kind": {"person": {"won": 9, "played": 2}, "bot-hard": []},
                  "best": [{"name": "X"}, {"name": "Y", "score": 7}, 5]},
        "tokaido": [], "someday": {"played": 2}}})
    scene = app.push(StatsScene(app))
    pump(app)
    assert app.errors == []
    assert "set aside as statistics.json.damaged-" in scene.note
    assert all(r.played == 0 for r in scene.records)
    assert not paths.stats_path().exists() and list(paths.data_dir().glob("statistics.json.damaged-*"))


def test_stats_read_defensively_keeps_a_won_count_within_played():
    from game.scenes.stats import read_game
    record = read_game("ubike", "UBike", "#fff", {
        "played": 3, "by_kind": {"person": {"won": 9, "played": 2}, "bot-hard": []},
        "best": [{"name": "X"}, {"name": "Y", "score": 7}, 5]})
    assert record.played == 3 and record.by_kind["person"].won == 2 and [b.name for b in record.best] == ["Y"]


def test_stats_list_a_played_game_this_version_does_not_know(app):
    write_json_atomic(paths.stats_path(), {"version": 1, "games": {
        "someday": {"played": 2, "by_kind": {}, "best": []}}})
    scene = app.push(StatsScene(app))
    pump(app)
    assert scene.records[-1].game_id == "someday" and scene.note == ""


def test_stats_reset_asks_first(app):
    stats.record_game("ubike", [Seat("Ann"), Seat("Bo")], [40, 55], [1])
    scene = app.push(StatsScene(app))
    pump(app)
    click(app, centre(scene.reset.element))
    assert scene.reset.armed and scene.reset.element.text == "Really reset?"
    assert stats.load()["games"]["ubike"]["played"] == 1            # not yet
    click(app, centre(scene.reset.element))
    assert stats.load() == {"version": 1, "games": {}}
    assert all(r.played == 0 for r in scene.records)
    assert not scene.reset.element.is_enabled
    assert app.errors == []


def test_stats_reset_question_goes_away(app):
    stats.record_game("ubike", [Seat("Ann"), Seat("Bo")], [40, 55], [1])
    scene = app.push(StatsScene(app))
    click(app, centre(scene.reset.element))
    for _ in range(int(6 * 60)):
        app.step(events=[], dt=1 / 60)
    assert not scene.reset.armed and scene.reset.element.text == "Reset statistics"
    click(app, centre(scene.reset.element))                         # asks again, no reset
    assert stats.load()["games"]["ubike"]["played"] == 1


def test_stats_escape_closes(app):
    scene = app.push(StatsScene(app))
    press(app, pygame.K_ESCAPE)
    assert scene.closed and isinstance(app.top, MenuScene)


def test_stats_scroll_when_many_games_were_played(app):
    for game_id in ("ubike", "tokaido", "staedtetour"):
        stats.record_game(game_id, [Seat("Ann"), Seat("Bo")], [40, 55], [1])
    scene = app.push(StatsScene(app))
    pump(app)
    assert scene.scroller.max_offset > 0
    press(app, pygame.K_END)
    assert scene.scroller.offset == scene.scroller.max_offset
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to_window(app, (900, 500)), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0,
                                         precise_y=2.0))
    pump(app)
    assert scene.scroller.offset < scene.scroller.max_offset
    assert app.errors == []


# ---- the load screen --------------------------------------------------------------------------
def test_load_lists_saves_newest_first_with_autosave(app):
    old = make_save("Old trip", moves=2)
    new = make_save("New trip", moves=5, seats=[Seat("Ann"), Seat("Bo", kind="bot"), Seat("Cy")])
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    broken = paths.saves_dir() / "broken.json"
    broken.write_text('{"format": "journeys-save", "vers', encoding="utf-8")
    os.utime(broken, (time.time() - 7200, time.time() - 7200))
    auto = Session(get("ubike"), [Seat("X"), Seat("Y")], {}, 5, autosave_path=paths.autosave_path())
    auto.apply(auto.state.legal_actions()[0])
    scene = app.push(LoadScene(app))
    pump(app)
    assert app.errors == []
    assert [r.path for r in scene.rows] == [paths.autosave_path(), new, old, broken]
    first = scene.rows[1]
    assert (first.name, first.title, first.seat_names, first.moves) == (
        "New trip", "UBike Tour: Taiwan", ["Ann", "Bo", "Cy"], 5)
    assert first.date
    assert scene.rows[0].is_autosave and scene.rows[0].moves == 1
    assert not scene.rows[3].ok and scene.rows[3].reason == "damaged"


def test_load_a_damaged_save_changes_nothing(app):
    broken = paths.saves_dir() / "broken.json"
    content = b'{"format": "journeys-save", "version": 1, "game": "ubike", "seats": [tru'
    broken.write_bytes(content)
    make_save("Fine")
    scene = app.push(LoadScene(app))
    pump(app)
    click_row(app, scene, broken)
    assert scene.current is not None and scene.current.path == broken
    assert not scene.load_button.is_enabled
    click(app, centre(scene.load_button))              # disabled: nothing happens
    post_click(app, scene.row_rect(row_index(scene, broken)).center)   # double click
    post_click(app, scene.row_rect(row_index(scene, broken)).center)
    pump(app)
    press(app, pygame.K_RETURN)
    assert app.top is scene and app.running
    assert "cannot be loaded" in scene.message
    assert broken.read_bytes() == content
    assert app.errors == []


def test_load_a_good_save_opens_the_game(app):
    path = make_save("Trip", moves=4)
    scene = app.push(LoadScene(app))
    pump(app)
    click_row(app, scene, path)
    click(app, centre(scene.load_button))
    assert app.errors == []
    game = app.find(GameScene)
    from game.games.ubike.scene import UBikeScene
    assert isinstance(game, UBikeScene)
    assert scene.closed and scene not in app.scenes
    assert len(game.session.actions) == 4 and game.session.name == "Trip"
    # the top is the game, or the pass-the-device curtain in front of it (two people)
    assert app.top is game or app.scenes.index(game) == len(app.scenes) - 2


def test_double_click_loads(app):
    path = make_save("Trip", moves=2, seats=[Seat("A"), Seat("B", kind="bot", level="easy")])
    scene = app.push(LoadScene(app))
    pump(app)
    index = row_index(scene, path)
    post_click(app, scene.row_rect(index).center)
    post_click(app, scene.row_rect(index).center)
    pump(app)
    assert app.errors == []
    assert isinstance(app.find(GameScene), GameScene) and scene.closed


def test_load_a_save_that_does_not_replay_tells_the_menu(app):
    path = make_save("Bad moves", moves=2)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"].append({"kind": "NoSuchMove"})
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    scene = app.push(LoadScene(app))
    pump(app)
    click_row(app, scene, path)
    click(app, centre(scene.load_button))
    assert app.errors == []
    assert isinstance(app.top, MenuScene) and "damaged" in app.top.message
    assert path.read_bytes() == before


def test_delete_asks_then_removes(app):
    keep = make_save("Keep")
    gone = make_save("Gone")
    scene = app.push(LoadScene(app))
    pump(app)
    click_row(app, scene, gone)
    click(app, centre(scene.delete.element))
    assert gone.exists() and scene.delete.element.text == "Really delete?"
    click(app, centre(scene.delete.element))
    assert not gone.exists() and keep.exists()
    assert [r.path for r in scene.rows] == [keep]
    assert app.errors == []


def test_delete_question_is_forgotten_on_another_row(app):
    a, b = make_save("A"), make_save("B")
    scene = app.push(LoadScene(app))
    pump(app)
    click_row(app, scene, a)
    click(app, centre(scene.delete.element))
    click_row(app, scene, b)
    click(app, centre(scene.delete.element))          # asks again, for B
    assert a.exists() and b.exists()


def test_load_keyboard_and_escape(app):
    for k in range(3):
        make_save(f"S{k}")
    scene = app.push(LoadScene(app))
    pump(app)
    assert scene.selected == 0
    press(app, pygame.K_DOWN)
    press(app, pygame.K_END)
    assert scene.selected == 2
    press(app, pygame.K_ESCAPE)
    assert scene.closed and isinstance(app.top, MenuScene)


def test_load_scrolls_with_many_saves(app):
    for k in range(15):
        make_save(f"Save {k:02d}", moves=1)
    scene = app.push(LoadScene(app))
    pump(app)
    assert len(scene.rows) == 15 and scene.scroller.max_offset > 0
    press(app, pygame.K_END)
    last = scene.row_rect(14)
    assert scene.scroller.view.contains(last)
    click(app, scene.row_rect(13).center)
    assert scene.selected == 13
    assert app.errors == []


def test_load_with_nothing_saved(app):
    scene = app.push(LoadScene(app))
    pump(app)
    assert scene.rows == [] and not scene.load_button.is_enabled
    press(app, pygame.K_RETURN)
    press(app, pygame.K_DELETE)
    assert app.errors == [] and app.top is scene


# ---- finished games on the load screen -------------------------------------------------------
def played_to_the_end(seats: list[Seat], *, seed: int = 9, autosave_path: Path | None = None,
                      game_id: str = "ubike", stop_before_end: bool = False) -> tuple[Session, Any]:
    """A game played by random legal moves to its end (or to one move before it), and its
    last move."""
    spec = get(game_id)
    probe = Session(spec, seats, {}, seed)
    rng = random.Random(seed)
    while not probe.state.is_over:
        probe.apply(rng.choice(probe.state.legal_actions()), autosave=False)
    session = Session(spec, seats, {}, seed, autosave_path=autosave_path)
    for action in probe.actions[:-1 if stop_before_end else None]:
        session.apply(action, autosave=False)
    session.autosave()
    return session, probe.actions[-1]


def test_a_finished_game_from_load_opens_on_its_results_and_is_counted_once(app):
    seats = [Seat("Ann", colour=0), Seat("Bo", colour=1)]
    session, last = played_to_the_end(seats, autosave_path=autosaves.new_path("ubike"),
                                      stop_before_end=True)
    game = open_game(app, session)
    game.table.lift_curtain(session.state.current_player)
    game.perform(last)                                   # the game ends at the table
    assert run_until(app, lambda: isinstance(app.top, ResultsScene), timeout=20), app.errors[-1:]
    assert stats.load()["games"]["ubike"]["played"] == 1
    click(app, centre(app.top.menu))
    finished = session.autosave_path
    written = finished.read_bytes()
    menu = app.top
    assert isinstance(menu, MenuScene) and not menu.continue_button.is_enabled   # finished: no Continue

    load = app.push(LoadScene(app))
    pump(app)
    click_row(app, load, finished)
    assert load.load_button.text == "See results"
    click(app, centre(load.load_button))
    results = app.top
    assert isinstance(results, ResultsScene) and app.scenes == [menu, results]
    assert app.find(GameScene) is None                   # not left on its final board
    assert results.session.state.is_over and results.scores == session.state.scores()
    assert results.winners == session.state.winners()
    pump(app, 10)
    assert stats.load()["games"]["ubike"]["played"] == 1, "opening it again counts nothing"
    assert finished.read_bytes() == written, "the finished game's autosave stays as it was"
    assert app.errors == []

    click(app, centre(results.again))                    # a new deal, an autosave of its own
    again = app.find(GameScene)
    assert again is not None and not again.session.state.is_over
    assert again.session.autosave_path != finished and finished.read_bytes() == written


def test_a_finished_save_and_its_load_option_open_on_the_results(app):
    session, _ = played_to_the_end([Seat("Ann"), Seat("Bo", kind="bot", level="easy")], seed=4,
                                   game_id="staedtetour")
    path = paths.saves_dir() / "Done.json"
    session.save_to(path)
    menu = app.top
    assert menu.open_save(path)                          # what --load FILE does
    pump(app)
    assert isinstance(app.top, ResultsScene) and app.top.winners == session.state.winners()
    assert list(autosaves.files()) == [], "looking at results writes no autosave"
    assert not paths.stats_path().exists() and app.errors == []


def test_an_unfinished_game_from_load_still_opens_at_the_table(app):
    path = make_save("Halfway", moves=3)
    load = app.push(LoadScene(app))
    pump(app)
    click_row(app, load, path)
    assert load.load_button.text == "Load"
    click(app, centre(load.load_button))
    assert isinstance(app.find(GameScene), GameScene) and app.find(ResultsScene) is None


def draw_text_calls(monkeypatch) -> list[tuple[str, Any]]:
    """Every text the scenes draw through theme.draw_text, with the rectangle it took."""
    seen: list[tuple[str, Any]] = []
    real = theme.draw_text

    def recording(surface, string, *args, **kwargs):
        rect = real(surface, string, *args, **kwargs)
        seen.append((string, rect))
        return rect
    monkeypatch.setattr(theme, "draw_text", recording)
    return seen


def test_the_list_says_who_is_to_play_and_how_finished_games_ended(app, monkeypatch):
    unfinished = make_save("Halfway", moves=3, seats=[Seat("Ann"), Seat("Bo")])
    to_act = Session.load(unfinished).state.current_player
    ended, _ = played_to_the_end([Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=5)
    done = paths.saves_dir() / "Done.json"
    ended.save_to(done)
    scores, winners = ended.state.scores(), ended.state.winners()
    drawn = draw_text_calls(monkeypatch)
    load = app.push(LoadScene(app))
    pump(app)
    rows = {row.path: row for row in load.rows}
    names = ["Ann", "Bo", "Cy"]
    win_words = " and ".join(names[w] for w in winners)
    assert rows[done].standing == f"Finished · {win_words} {'wins' if len(winners) == 1 else 'win'}"
    assert rows[done].line == "UBike Tour: Taiwan  ·  " + " · ".join(f"{n} {p}" for n, p in zip(names, scores))
    assert rows[unfinished].standing == f"{['Ann', 'Bo'][to_act]} to play · move 3"
    texts = [text for text, _ in drawn]
    assert rows[done].standing in texts and rows[done].line in texts
    assert rows[unfinished].standing in texts
    assert app.errors == []


def test_a_save_without_a_word_on_its_standing_or_with_an_odd_one_shows_only_what_is_sure(app):
    plain = make_save("Plain", moves=2)
    odd = make_save("Odd", moves=2)
    for path, extra in ((plain, {}), (odd, {"turn": 7})):
        data = json.loads(path.read_text(encoding="utf-8"))
        data.pop("turn", None)
        path.write_text(json.dumps({**data, **extra}), encoding="utf-8")
    ended, _ = played_to_the_end([Seat("Ann"), Seat("Bo")], seed=5)
    wrong = []
    for k, extra in enumerate(({"scores": [1], "winners": [0, 0]}, {"scores": "lots", "winners": [True]},
                                {"scores": [1, 2], "winners": [2]}, {"scores": None, "winners": None})):
        path = paths.saves_dir() / f"ended{k}.json"
        path.write_text(json.dumps({**ended.to_save(), **extra}), encoding="utf-8")
        wrong.append(path)
    load = app.push(LoadScene(app))
    pump(app)
    rows = {row.path: row for row in load.rows}
    assert rows[plain].standing == rows[odd].standing == "Move 2"
    for path in wrong:
        assert rows[path].standing.startswith("Finished") and rows[path].ok
    assert rows[wrong[0]].standing == "Finished" and rows[wrong[0]].scores == []
    assert rows[wrong[2]].scores == [1, 2] and rows[wrong[2]].winners == []
    for index in range(len(load.rows)):
        load.select(index)
        pump(app, 1)
    assert app.errors == []


@pytest.mark.parametrize("over", [False, True])
def test_the_detail_panel_keeps_five_seats_and_every_option_clear_of_its_buttons(app, monkeypatch, over):
    seats = [Seat("Annabel " * 6)] + [Seat(f"Bot {n}", kind="bot", level="hard", colour=i + 1)
                                      for i, n in enumerate(["Ada", "Kai", "Ivo", "Uma"])]
    spec = get("tokaido")
    assert len(spec.options) >= 6, "enough options to fill the panel"
    if over:
        session, _ = played_to_the_end(seats, seed=3, game_id="tokaido")
    else:
        session = Session(spec, seats, {}, 3)
        session.apply(session.state.legal_actions()[0], autosave=False)
    session.save_to(paths.saves_dir() / "Five.json")
    drawn = draw_text_calls(monkeypatch)
    load = app.push(LoadScene(app))
    pump(app)
    in_panel = [(text, rect) for text, rect in drawn if DETAIL.contains(rect)]
    assert any(text == "File" for text, _ in in_panel), "the last fact is drawn"
    buttons = load.load_button.rect.union(load.delete.element.rect)
    assert not [text for text, rect in in_panel if rect.colliderect(buttons)]
    facts = sorted(rect.y for text, rect in in_panel if text in ("Progress", "Game number", "File"))
    assert all(b - a >= theme.font(theme.SIZE_SMALL).get_height() for a, b in itertools.pairwise(facts))


# ---- the save dialog --------------------------------------------------------------------------
def game_session() -> Session:
    session = Session(get("ubike"), [Seat("A"), Seat("B")], {}, 21)
    for _ in range(3):
        session.apply(session.state.legal_actions()[0], autosave=False)
    return session


def test_safe_name():
    assert safe_name("UBike Tour: Taiwan 2025-01-02 10-30") == "UBike Tour Taiwan 2025-01-02 10-30"
    assert safe_name("../../etc/passwd") == "etcpasswd"
    assert safe_name("  Städte   tour_1 ") == "Städte tour_1"
    assert safe_name("???") == "" and safe_name("con") == "con_"


def test_save_dialog_writes_a_save_that_loads_back(app):
    session = game_session()
    dialog = app.push(SaveDialog(app, session))
    pump(app)
    assert dialog.entry.get_text().startswith("UBike Tour: Taiwan 20")
    type_text(app, "Evening ride")                    # replaces the selected default
    click(app, centre(dialog.save_button))
    path = paths.saves_dir() / "Evening ride.json"
    assert path.exists()
    assert "Saved as" in dialog.message and not dialog.closed
    for _ in range(90):
        app.step(events=pygame.event.get(), dt=1 / 60)
    assert dialog.closed and isinstance(app.top, MenuScene)
    loaded = Session.load(path)
    assert comparable(loaded) == comparable(session)
    assert loaded.state.to_json() == session.state.to_json()
    assert loaded.name == "Evening ride"
    assert app.errors == []


def test_save_dialog_asks_before_overwriting(app):
    session = game_session()
    path = paths.saves_dir() / "Trip.json"
    path.write_text("old", encoding="utf-8")
    dialog = app.push(SaveDialog(app, session))
    type_text(app, "Trip")
    click(app, centre(dialog.save_button))
    assert path.read_text(encoding="utf-8") == "old"
    assert "already exists" in dialog.message and dialog.save_button.text == "Overwrite"
    click(app, centre(dialog.entry))                   # back into the name (the cursor goes last)
    type_text(app, "s")                                # another name: the agreement is forgotten
    assert dialog.save_button.text == "Save"
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_RETURN)                        # Enter in the entry saves: asks again
    assert path.read_text(encoding="utf-8") == "old"
    click(app, centre(dialog.save_button))
    assert Session.load(path).state.to_json() == session.state.to_json()
    assert app.errors == []


def test_save_dialog_escape_cancels(app):
    dialog = app.push(SaveDialog(app, game_session()))
    pump(app)
    press(app, pygame.K_ESCAPE)
    assert dialog.closed and isinstance(app.top, MenuScene)
    assert list(paths.saves_dir().glob("*.json")) == []
    dialog = app.push(SaveDialog(app, game_session()))
    click(app, centre(dialog.cancel_button))
    assert dialog.closed and list(paths.saves_dir().glob("*.json")) == []


def test_save_dialog_survives_a_write_error(app):
    (paths.saves_dir() / "Stuck.json").mkdir()        # a folder where the file should go
    dialog = app.push(SaveDialog(app, game_session()))
    type_text(app, "Stuck")
    click(app, centre(dialog.save_button))            # asks first: something is there
    click(app, centre(dialog.save_button))
    assert "Could not save" in dialog.message and not dialog.closed
    assert app.errors == []
    click(app, centre(dialog.entry))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="a",
                                         scancode=0))    # select all, then type over it
    type_text(app, "!!!")                              # only marks: no file name
    assert dialog.entry.get_text() == "!!!"
    click(app, centre(dialog.save_button))
    assert "letters or digits" in dialog.message
    assert app.errors == [] and not dialog.closed


# ---- monkey tests -----------------------------------------------------------------------------
class Floor(Scene):
    """An inert scene below the one under test, so stray events after it closes go nowhere."""

    def handle(self, event: pygame.event.Event) -> bool:
        return True


LETTERS = [getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz0123456789"]
KEYS = [pygame.K_ESCAPE, pygame.K_TAB, pygame.K_RETURN, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END,
        pygame.K_DELETE, pygame.K_BACKSPACE, pygame.K_SPACE]
SIZES = [(1, 1), (2, 2), (320, 200), (480, 270), (800, 600), (1280, 720), (1280, 720), (1366, 768),
         (1920, 1080), (2560, 1440), (1000, 1400)]


def random_events(rng: random.Random, app: App, count: int) -> Iterable[pygame.event.Event]:
    for _ in range(count):
        r = rng.random()
        pos = to_window(app, (rng.randint(-20, 1940), rng.randint(-20, 1100)))
        if r < 0.30:
            yield pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-9, 9), rng.randint(-9, 9)),
                                     buttons=(rng.random() < 0.2, 0, 0))
        elif r < 0.46:
            button = rng.choice((1, 1, 1, 2, 3))
            yield pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            if rng.random() < 0.5:   # a whole click, so buttons get pressed too
                yield pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        elif r < 0.62:
            yield pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice((1, 1, 1, 2, 3)))
        elif r < 0.80:
            key = rng.choice(KEYS + LETTERS)
            char = chr(key) if key in LETTERS else ""
            mod = pygame.KMOD_CTRL if rng.random() < 0.05 else 0
            yield pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)
            yield pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=char, scancode=0)
        elif r < 0.87:
            yield pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("abcxyz 09:-_/äß?"))
        elif r < 0.985:
            dy = rng.choice((-3, -1, 1, 2, 5))
            yield pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                                     precise_y=float(dy), which=0, touch=False)
        else:
            w, h = rng.choice(SIZES) if rng.random() < 0.8 else (rng.randint(1, 2560), rng.randint(1, 1440))
            if rng.random() < 0.5:
                yield pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
            else:
                yield pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h)


def monkey(app: App, make_scene, *, seed: int, events: int = 5000, batch: int = 25,
           between=None) -> int:
    """Feed random events through app.step; put the scene back whenever it closed."""
    rng = random.Random(seed)
    app.reset_to(Floor(app), make_scene())
    pushes = 1
    started = time.perf_counter()
    sent = 0
    while sent < events:
        chunk = list(random_events(rng, app, batch))
        sent += len(chunk)
        # what pygame-gui posted (button presses...) goes in too, as in the real loop
        app.step(events=chunk + pygame.event.get(), dt=1 / 60)
        if not any(isinstance(s, (StatsScene, LoadScene, SaveDialog)) for s in app.scenes):
            if between is not None:
                between()
            app.reset_to(Floor(app), make_scene())
            pushes += 1
        assert app.errors == [], app.errors[-1]
        assert time.perf_counter() - started < 60, "monkey test far too slow"
    app.step(events=pygame.event.get(), dt=1 / 60)
    assert app.errors == []
    return pushes


def test_monkey_stats(app):
    for game_id in ("ubike", "tokaido"):
        for k in range(4):
            stats.record_game(game_id, [Seat("Ann"), Seat("Bo", kind="bot", level="easy")], [k, 9 - k], [k % 2])
    monkey(app, lambda: StatsScene(app), seed=1)


def test_monkey_load(app, monkeypatch):
    opened: list[Path] = []

    def fake_open(self, path, continuing=False):     # keep the test on this scene, not the game's
        opened.append(Path(path))
        return True

    monkeypatch.setattr(MenuScene, "open_save", fake_open)

    def restock() -> None:
        if len(list(paths.saves_dir().glob("*.json"))) < 4:
            for k in range(12):
                make_save(f"Monkey {k}", moves=1, seed=k)
            (paths.saves_dir() / "broken.json").write_text("{", encoding="utf-8")

    restock()
    monkey(app, lambda: LoadScene(app), seed=2, between=restock)


def test_monkey_save_dialog(app):
    session = game_session()
    monkey(app, lambda: SaveDialog(app, session), seed=3)


# ---- autosaves do not pile up (issue 22) -----------------------------------------------------
def test_a_game_nobody_moved_in_leaves_no_autosave_once_the_menu_is_back(app):
    """Started, then left at move 0: nothing to resume, so its autosave goes with its table;
    a game with a move stays, and so does one left over from a crash until the next start."""
    moved = Session(get("ubike"), [Seat("X"), Seat("Y")], {}, 5, autosave_path=autosaves.new_path("ubike"))
    moved.apply(moved.state.legal_actions()[0])
    unmoved_path = autosaves.new_path("ubike")
    unmoved = Session(get("ubike"), [Seat("Ann"), Seat("Bot Ada", kind="bot")], {}, 6, autosave_path=unmoved_path)
    unmoved.autosave()   # as the setup screen writes it at the start
    assert unmoved_path.exists()
    game = open_game(app, unmoved)
    pump(app)
    assert app.find(GameScene) is game
    while not isinstance(app.top, MenuScene):   # the game (and a curtain in front of it) closes
        app.top.close()
        pump(app)
    assert not unmoved_path.exists(), "a game left at move 0 kept its autosave"
    assert moved.autosave_path.exists()
    assert app.errors == []
    crashed = autosaves.new_path("ubike")
    write_json_atomic(crashed, Session(get("ubike"), [Seat("P"), Seat("Q")], {}, 8).to_save())
    assert crashed in [r.path for r in savelist_rows()]
    autosaves.tidy(force=True)   # the next start
    assert not crashed.exists() and moved.autosave_path.exists()


def test_the_load_list_puts_games_to_resume_finished_games_and_saves_under_their_headings(app):
    now = time.time()
    saved = make_save("Kept trip", moves=2)
    done, _ = played_to_the_end([Seat("Ann"), Seat("Bo")], autosave_path=autosaves.new_path("ubike"))
    going = Session(get("ubike"), [Seat("X"), Seat("Y")], {}, 5, autosave_path=autosaves.new_path("ubike"))
    going.apply(going.state.legal_actions()[0])
    for k, path in enumerate((saved, done.autosave_path, going.autosave_path)):
        os.utime(path, (now - 100 * k, now - 100 * k))   # the save is the newest file of all
    scene = app.push(LoadScene(app))
    pump(app)
    assert [r.path for r in scene.rows] == [going.autosave_path, done.autosave_path, saved]
    assert [title for _, title in scene.headings] == ["Games to resume", "Finished games", "Saved games"]
    # each heading sits above its part's first row, and rows are hit where they are drawn
    tops = dict(zip((title for _, title in scene.headings), (top for top, _ in scene.headings)))
    assert tops["Games to resume"] < scene.row_tops[0] < tops["Finished games"] < scene.row_tops[1] \
        < tops["Saved games"] < scene.row_tops[2]
    for index in range(len(scene.rows)):
        rect = scene.row_rect(index)
        assert scene.row_at(rect.center) == index
        assert scene.row_at((rect.centerx, rect.top - 20)) is None   # the gap or a heading
    assert app.errors == []


def test_the_menu_reads_the_board_of_the_game_continue_offers(monkeypatch):
    """While the menu waits, the maps of the game Continue would open are read on a background
    thread (GameSpec.warm_maps), so that the table opens without parsing them (Ubi's 0.12 s);
    not before the menu's first frame is shown, which that thread would slow."""
    from game.core.registry import GameSpec
    session = Session(get("ubi"), [Seat("A"), Seat("B")], {}, 5, autosave_path=autosaves.new_path("ubi"))
    session.apply(session.state.legal_actions()[0], autosave=False)
    session.autosave()
    session.wait_for_autosave()
    warmed = []
    monkeypatch.setattr(GameSpec, "warm_maps", lambda spec: warmed.append(spec.id))
    application = make_app()
    menu = application.push(MenuScene(application))
    assert menu.continue_button.is_enabled and warmed == []
    application.step(events=[], dt=0.0)
    assert warmed == ["ubi"]
