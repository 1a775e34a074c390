"""Learn to play, a hint and a replay, in a real X11 window, for every board (issue 26).

The app runs in a 1920x1080 window on a virtual screen of that size, so the window shows the
canvas pixel for pixel. Beside it runs a twin: the same game opened headless in this process,
kept in step with the window's autosave. The twin says where a person clicks (the frame the
lesson or the hint draws, `next_click`), the same clicks go to the window through xdotool, and
the window's autosave must then hold the very move the twin made.

- A lesson is started from the menu's "Learn to play" pill (Tokaido with Crossroads from its
  set-up) and followed to its last step; screenshots of its first three steps are kept (in
  JOURNEYS_X11_SHOTS, when set, to be looked at).
- A hint is asked with H in a position in the middle of a game: the frame the window then
  shows is found among the frames of the legal moves (drawn by the twin), followed click by
  click, and the move made is one of those the frame stood for.
- A finished game is replayed from the Load screen to its end (End) and back to its start
  (Home): the window shows, pixel for pixel where nothing moves, what the replay shows there.

Needs what tests/ui/test_x11_window.py needs."""
from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from game.core.registry import get, playable_games
from game.core.session import BOT, PERSON, Seat, Session
from game.core.registry import GameSpec

from test_x11_window import Screen, _require_tools, settings_file

pytestmark = pytest.mark.x11

FULL = (1920, 1080)
LESSONS = [(spec.id, variant) for spec in playable_games() for variant in spec.lesson_files()]


def lesson_name(case: tuple[str, str]) -> str:
    """A lesson's name in ids and file names: "tokaido-crossroads", "ubike"."""
    return "-".join(part for part in case if part)


def home_for(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    settings_file(home, window_size=list(FULL), animation_speed="off", bot_pace="off")
    return home


def shots_dir(tmp_path: Path) -> Path:
    wanted = os.environ.get("JOURNEYS_X11_SHOTS")
    out = Path(wanted) if wanted else tmp_path / "shots"
    out.mkdir(parents=True, exist_ok=True)
    return out


class Window:
    """Quick clicks and keys on the app's window (the canvas is the window, pixel for pixel)."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.geometry: dict[str, int] | None = None

    def click(self, point: tuple[int, int]) -> None:
        if self.geometry is None:
            self.geometry = self.screen.geometry()
            assert (self.geometry["WIDTH"], self.geometry["HEIGHT"]) == FULL, \
                f"the window is {self.geometry}, not the canvas's size"
        self.screen.pointer_to(self.geometry["X"] + int(point[0]), self.geometry["Y"] + int(point[1]))
        subprocess.run(["xdotool", "click", "1"], env=self.screen.env, check=True)

    def click_nowhere(self) -> None:
        """The pointer to the top bar's left end, where nothing is hovered."""
        self.screen.pointer_to(3, 3)

    def key(self, name: str) -> None:
        subprocess.run(["xdotool", "key", "--window", self.screen.window, name], env=self.screen.env, check=True)

    def type(self, text: str) -> None:
        subprocess.run(["xdotool", "type", "--window", self.screen.window, text], env=self.screen.env, check=True)

    def shot(self, path: Path):
        return self.screen.window_shot(path)


def real_actions(home: Path) -> list | None:
    """The moves in the window's autosave (None while there is none, or it is being written),
    read without replaying the game."""
    found = sorted((home / "data" / "autosaves").glob("*.json"), key=lambda p: p.stat().st_mtime)
    if not found:
        return None
    try:
        data = json.loads(found[-1].read_text())
        spec = get(data["game"])
        return [spec.decode_action(raw) for raw in data["actions"]]
    except (OSError, ValueError, KeyError):   # being written
        return None


def wait_for(condition, timeout: float, message: str):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(message)


def twin_app():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from uihelpers import frames, make_app
    app = make_app(size=FULL, animation_speed="off", bot_pace="off")
    app.push(app.scene("menu"))
    frames(app, 1)
    return app


def keep_in_step(app, twin, home: Path) -> bool:
    """Make in the twin the moves the window made since (the bots'); False while the window's
    autosave has nothing new."""
    from uihelpers import frames
    real = real_actions(home)
    if real is None or len(real) <= len(twin.session.actions):
        return False
    assert real[:len(twin.session.actions)] == twin.session.actions, "the window's game went another way"
    for action in real[len(twin.session.actions):]:
        twin.perform(action)
        frames(app, 1)
    return True


def click_through(app, twin, window: Window, action, check_frame=None) -> None:
    """Click where the twin's frame is, in the twin and in the window, until the twin has made
    `action` (a choice made in several clicks moves the frame on); then the window's autosave
    must hold the same move. `check_frame(outline)`, when given, first checks that the window
    shows the frame there."""
    from uihelpers import click, frames, press, type_text
    made = len(twin.session.actions)
    for _ in range(8):
        frames(app, 2)
        outline = twin._hint_outline
        assert outline is not None, f"nowhere to click for {action}"
        if check_frame is not None:
            check_frame(outline)
        click(app, outline.center)
        window.click(outline.center)
        if twin.next_click(action) == ("entry",):   # Ubi's answer box: typed
            import pygame
            from test_pointers import ubi_typed
            typed = ubi_typed(action)
            type_text(app, typed)
            press(app, pygame.K_RETURN)
            window.type(typed)
            window.key("Return")
        frames(app, 1)
        if len(twin.session.actions) > made:
            break
        time.sleep(0.25)   # the window takes in the click before the next
    assert twin.session.actions[made:made + 1] == [action], f"the clicks made {twin.session.actions[made:]}"
    wait_for(lambda: (real_actions(window_home(window)) or [])[made:made + 1] == [action], 15,
             f"the window did not make {action}")


def window_home(window: Window) -> Path:
    return Path(window.screen.env["JOURNEYS_HOME"])


# ---- a lesson, followed to its last step ---------------------------------------------------------

def start_lesson(window: Window, game: str, variant: str, home: Path) -> None:
    """From the menu: the tile's "Learn to play" pill; for a variant, its set-up (remembered with
    the lesson's options) and the set-up's "Learn to play"."""
    from game.table.lesson import Lesson
    app = twin_app()
    menu = app.top
    index = next(i for i, s in enumerate(menu.games) if s.id == game)
    if not variant:
        window.click(menu._learn_rect(index).center)
        return
    lesson = Lesson.of(get(game), variant)
    (home / "config" / "last_setup.json").write_text(json.dumps(
        {game: {"seats": [s.to_json() for s in lesson.seats], "options": lesson.options}}))
    window.click(menu.tiles[index].center)
    time.sleep(1.0)
    setup = app.push(app.scene("setup", get(game)))
    window.click(setup.learn.rect.center)


@pytest.mark.parametrize("case", LESSONS, ids=lesson_name)
def test_a_lesson_followed_in_a_real_window_to_its_last_step(tmp_path, case, thread_bots):
    _require_tools()
    from game.core.ai.bots import make_bot
    from game.table.lesson import open_lesson
    from uihelpers import frames
    game, variant = case
    spec = get(game)
    home = home_for(tmp_path)
    out = shots_dir(tmp_path)
    screen = Screen(home)
    window = Window(screen)
    try:
        time.sleep(1.0)
        start_lesson(window, game, variant, home)
        app = twin_app()
        twin = open_lesson(app, spec, variant)
        twin.bots_paused = True
        frames(app, 2)
        wait_for(lambda: real_actions(home) is not None, 20, "the lesson did not start in the window")
        helper = make_bot(spec, "normal", 5)
        shown: list[int] = []
        deadline = time.time() + 240
        while not twin.lesson.finished and time.time() < deadline:
            if keep_in_step(app, twin, home):
                continue
            assert not twin.session.state.is_over, "the game ended before the lesson's last step"
            if not twin.is_my_turn():
                time.sleep(0.1)   # the window's bots play
                continue
            run = twin.lesson
            if run.current is not None and run.current not in shown:
                shown.append(run.current)
                if len(shown) <= 3:   # the first three steps, to be looked at
                    time.sleep(0.6)
                    window.shot(out / f"{lesson_name(case)}-step{len(shown)}.png")
            action = run.pointed
            if action is None:   # a step that only tells, or none: a move of the person's own
                action = helper.choose(twin.ctx.view, twin.ctx.legal)
                twin.point_at(action, "Hint")
            click_through(app, twin, window, action)
        done, steps = len(twin.lesson.done), len(twin.lesson.lesson.steps)
        assert twin.lesson.finished, f"steps never met in 240 s: {done} of {steps}"
        assert screen.app.poll() is None, "the app ended"
        window.shot(out / f"{lesson_name(case)}-end.png")
    finally:
        screen.kill()
        _, err = screen.close()
    assert "Traceback" not in err, err[-3000:]


# ---- a hint, asked in the middle of a game and followed ------------------------------------------

def middle_of_a_game(spec: GameSpec, moves: int) -> dict:
    """A game of a person (seat 0) and easy bots, played by bots for about `moves` moves, up to
    the person's next turn."""
    from game.core.ai.bots import make_bot
    seats = [Seat("Ann", PERSON, colour=0)] + [Seat(f"Bot {i}", BOT, "easy", colour=i)
                                                for i in range(1, max(2, spec.min_players))]
    session = Session(spec, seats, spec.default_options(), 21)
    bots = [make_bot(spec, "easy", 30 + i) for i in range(len(seats))]
    while not session.state.is_over:
        seat = session.state.current_player
        if len(session.actions) >= moves and seat == 0:
            break
        state = session.state
        session.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert not session.state.is_over
    return session.to_save()


def frame_share(window, outline) -> float:
    """The share of the middle of the hint frame's band round `outline` that the window shows
    in the frame's colour (its rounded corners and its tag left out)."""
    import pygame
    from game.table.hints import hint_frame, tag_rect
    from game.ui import theme
    frame = hint_frame(outline)
    tag = tag_rect(frame, theme.text("Hint", theme.SIZE_SMALL, bold=True).get_size(),
                   pygame.Rect((0, 0), FULL)).inflate(8, 8)
    skip = min(14, frame.width // 3, frame.height // 3)   # the rounded corners
    xs, ys = range(frame.left + skip, frame.right - skip, 2), range(frame.top + skip, frame.bottom - skip, 2)
    points = [(x, y) for x in xs for y in (frame.top + 1, frame.bottom - 2)]
    points += [(x, y) for y in ys for x in (frame.left + 1, frame.right - 2)]
    points = [p for p in points if 0 <= p[0] < FULL[0] and 0 <= p[1] < FULL[1] and not tag.collidepoint(p)]
    want = tuple(theme.HIGHLIGHT)[:3]
    same = sum(1 for p in points if max(abs(a - b) for a, b in zip(window.get_at(p)[:3], want)) <= 12)
    return same / len(points) if len(points) >= 8 else 0.0


def shown_frames(twin, window: Window, actions: list, path: Path) -> list:
    """Of `actions`, those whose frame (where the twin would draw it) the window shows."""
    shot = window.shot(path)
    outlines: dict[tuple, list] = {}
    for action in actions:
        twin.point_at(action, "Hint")   # works out the frame's place at once
        if twin._hint_outline is not None:
            outlines.setdefault(tuple(twin._hint_outline), []).append(action)
    twin.forget_hint()
    import pygame
    return [a for outline, group in outlines.items() if frame_share(shot, pygame.Rect(outline)) >= 0.9
            for a in group]


def every_move(twin) -> list:
    """The moves a person may make: the legal ones; for Ubi, whose legal answers are a sample
    standing for all (rules.py), every hexagon or triangle of every sheet the seat may use."""
    legal = list(twin.ctx.legal)
    if twin.spec.id != "ubi":
        return legal
    from game.games.ubi.grid import SHEETS
    from game.games.ubi.rules import TRI, Answer
    sheets = {a.sheet for a in legal if isinstance(a, Answer)}
    letters = "ARCHSE" if twin.view["precision"] == TRI else [None]
    answers = [Answer(key, number, letter) for key in sheets for number in range(1, SHEETS[key].count + 1)
               for letter in letters]
    return legal + [a for a in answers if twin.session.state.is_legal(a)]


GAMES = playable_games()


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_a_hint_asked_in_a_real_window_is_framed_and_followed(tmp_path, spec, thread_bots):
    _require_tools()
    from game.table.frame import open_game
    from uihelpers import click, frames
    home = home_for(tmp_path)
    data = middle_of_a_game(spec, 40)
    save = tmp_path / "middle.json"
    save.write_text(json.dumps(data))
    app = twin_app()
    twin = open_game(app, Session.from_save(data), bots_paused=True)
    frames(app, 2)
    assert twin.is_my_turn()
    screen = Screen(home, "--load", str(save))
    window = Window(screen)
    try:
        time.sleep(2.0)
        window.key("h")
        candidates = every_move(twin)
        made = len(twin.session.actions)
        for step in range(8):
            deadline = time.time() + 30   # the hard bot thinks (about a second)
            shown: list = []
            while not shown and time.time() < deadline:
                shown = shown_frames(twin, window, candidates, tmp_path / "shot.png")
            assert shown, f"no hint's frame in the window after {step} clicks"
            if step == 0:
                window.shot(shots_dir(tmp_path) / f"{spec.id}-hint.png")
            candidates = shown   # the moves the frame may stand for
            twin.point_at(candidates[0], "Hint")
            frames(app, 1)
            point = twin._hint_outline.center
            click(app, point)
            window.click(point)
            frames(app, 1)
            time.sleep(0.3)
            if len(twin.session.actions) > made:
                break
            candidates = [a for a in candidates if twin.session.state.is_legal(a)]
        assert twin.session.actions[made:made + 1] and twin.session.actions[made] in candidates, \
            f"the clicks on the frame made {twin.session.actions[made:]}, not one of {candidates}"
        move = twin.session.actions[made]
        wait_for(lambda: (real_actions(home) or [])[made:made + 1] == [move], 15,
                 f"the window did not make the hinted {move}")
    finally:
        screen.kill()
        _, err = screen.close()
    assert "Traceback" not in err, err[-3000:]


# ---- a finished game, replayed to its end and back ----------------------------------------------

def table_difference(window, canvas) -> float:
    """The share of the table's pixels (sampled; all below the top bar) in which the window and
    the canvas differ."""
    from game.table.layout import TOP_BAR
    points = [(x, y) for x in range(2, FULL[0] - 2, 7) for y in range(TOP_BAR.bottom + 2, FULL[1] - 2, 7)]
    differ = sum(1 for p in points if max(abs(a - b) for a, b in zip(window.get_at(p)[:3], canvas.get_at(p)[:3])) > 24)
    return differ / len(points)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_a_finished_game_replayed_in_a_real_window_to_its_end_and_back(tmp_path, spec, monkeypatch):
    _require_tools()
    from game.core import paths
    from uihelpers import frames, settle
    from test_replay_scene import finished_save
    home = home_for(tmp_path)
    monkeypatch.setenv("JOURNEYS_HOME", str(home))   # the twin reads the same saves
    data, _views = finished_save(spec.id)
    save = paths.saves_dir() / "finished.json"
    save.parent.mkdir(parents=True, exist_ok=True)
    save.write_text(json.dumps(data))
    # the twin: the menu, the load list and the replay where the window will have them
    app = twin_app()
    load_button = app.top.buttons["load"].rect.center
    load = app.push(app.scene("load"))
    row = next(i for i, r in enumerate(load.rows) if r.path == save)
    row_point = load.row_rect(row).center
    load.select(row)
    frames(app, 1)
    replay_point = load.replay_button.rect.center
    replay = app.scene("replay", data)
    frames(app, 2)
    ends = {}
    for key, jump in (("End", replay.do_end), ("Home", replay.do_start)):
        jump()
        settle(app)
        frames(app, 3)
        ends[key] = app.canvas.copy()
    assert table_difference(ends["End"], ends["Home"]) > 0.01, "the end and the start look the same"
    screen = Screen(home)
    window = Window(screen)
    try:
        time.sleep(1.0)
        for point in (load_button, row_point, replay_point):
            window.click(point)
            time.sleep(1.0)
        window.click_nowhere()
        for key in ("End", "Home"):
            window.key(key)
            time.sleep(1.5)
            shot = window.shot(shots_dir(tmp_path) / f"{spec.id}-replay-{key.lower()}.png")
            other = "Home" if key == "End" else "End"
            near, far = table_difference(shot, ends[key]), table_difference(shot, ends[other])
            assert near < 0.02 and far > near, f"after {key} the window's table differs from the replay's by {near:.1%}"
        assert save.read_text() == json.dumps(data), "the replay changed the save"
    finally:
        screen.kill()
        _, err = screen.close()
    assert "Traceback" not in err, err[-3000:]
