"""End to end in a real X11 window: start Journeys on a virtual screen, click through the menu
into a UBike game, play a few turns with real mouse clicks (xdotool), and check a screenshot.

Needs Xvfb, xdotool and ImageMagick's `import` (.ci/run installs them). Skipped where they are
missing, unless JOURNEYS_REQUIRE_X11=1 (CI) turns the skip into a failure."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "xdotool", "import")
pytestmark = pytest.mark.x11


def _require_tools() -> None:
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        if os.environ.get("JOURNEYS_REQUIRE_X11") == "1":
            pytest.fail(f"missing for the X11 test: {', '.join(missing)}")
        pytest.skip(f"missing for the X11 test: {', '.join(missing)}")


class Screen:
    """A virtual X screen with Journeys running in a window on it (`args` for the app)."""

    def __init__(self, home: Path, *args: str) -> None:
        # Xvfb picks a free display itself and writes its number down the pipe (-displayfd),
        # so screens of tests running side by side never meet
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24",
                                      "-nolisten", "tcp"], pass_fds=(write,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.xvfb.kill()
            raise AssertionError("Xvfb did not start")
        self.display = f":{number}"
        self.env = dict(os.environ, DISPLAY=self.display, SDL_AUDIODRIVER="dummy", JOURNEYS_HOME=str(home),
                        PYTHONPATH=str(ROOT))
        self.env.pop("SDL_VIDEODRIVER", None)
        self._wait(lambda: subprocess.run(["xdotool", "getdisplaygeometry"], env=self.env,
                                          capture_output=True).returncode == 0, "Xvfb did not start")
        self.app: subprocess.Popen | None = None
        self.window = ""
        self.pointer: tuple[int, int] | None = None   # where pointer_to last put the pointer
        # On a loaded machine an app now and then runs with no window on this screen (seen
        # about once in fifteen starts, in older versions too, cause not yet found): such a
        # start is tried once more, and a second failure fails the test.
        for attempt in (1, 2):
            self.app = subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=self.env,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            try:
                # generous: on a loaded two-core CI machine, start-up with its GL probe can be slow
                self._wait(self._find_window, "the Journeys window did not appear", timeout=45)
                break
            except AssertionError:
                ended = self.app.poll()
                self.app.kill()
                if attempt == 1 and ended is None:
                    self.app.communicate(timeout=10)
                    continue
                _, err = self.close()
                raise AssertionError(f"the Journeys window did not appear (app exit code {ended}): "
                                     f"{err[-2000:]}") from None

    def _wait(self, condition, message: str, timeout: float = 15.0) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if condition():
                return
            time.sleep(0.2)
        raise AssertionError(message)

    def _find_window(self) -> bool:
        # Only Journeys runs on this screen; xdotool 3.2016's --name misses SDL's UTF-8 title,
        # so look for any visible top-level window.
        out = subprocess.run(["xdotool", "search", "--onlyvisible", "--classname", "."], env=self.env,
                             capture_output=True, text=True)
        ids = out.stdout.split()
        if ids:
            self.window = ids[-1]
        return bool(ids)

    def geometry(self) -> dict[str, int]:
        out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", self.window], env=self.env,
                             capture_output=True, text=True, check=True)
        return {k: int(v) for k, v in (line.split("=") for line in out.stdout.split() if "=" in line)
                if k in ("X", "Y", "WIDTH", "HEIGHT")}

    def click(self, logical: tuple[float, float]) -> None:
        """Click the point (x, y) of the 1920x1080 canvas, wherever the window shows it."""
        g = self.geometry()
        scale = min(g["WIDTH"] / 1920, g["HEIGHT"] / 1080)
        ox = (g["WIDTH"] - round(1920 * scale)) // 2
        oy = (g["HEIGHT"] - round(1080 * scale)) // 2
        x = g["X"] + ox + int(logical[0] * scale)
        y = g["Y"] + oy + int(logical[1] * scale)
        self.pointer_to(x, y)
        time.sleep(0.15)
        subprocess.run(["xdotool", "click", "1"], env=self.env, check=True)
        time.sleep(0.4)

    def screenshot(self, path: Path) -> None:
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=True,
                       capture_output=True)

    def park_mouse(self) -> None:
        """Put the pointer in the screen's corner, away from the window (nothing hovered)."""
        self.pointer_to(2, 2)

    def pointer_to(self, x: int, y: int) -> None:
        """Move the pointer to the screen's point (x, y). `mousemove --sync` to where the
        pointer already is waits for a move that never comes: there it moves a pixel on."""
        if (x, y) == self.pointer:
            x += 1
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y)], env=self.env, check=True)
        self.pointer = (x, y)

    def window_shot(self, path: Path):
        """A screenshot of the window alone, as a pygame surface, and its scale from the canvas."""
        self.screenshot(path)
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        import pygame
        g = self.geometry()
        image = pygame.image.load(str(path))
        return image.subsurface(pygame.Rect(g["X"], g["Y"], g["WIDTH"], g["HEIGHT"])).copy()

    def key(self, name: str) -> None:
        subprocess.run(["xdotool", "key", "--window", self.window, name], env=self.env, check=True)
        time.sleep(0.4)

    def quit_from_pause_menu(self) -> None:
        """Leave as a player does: Escape opens the pause menu, then click Quit."""
        from game.scenes.pause import PANEL
        self.key("Escape")
        self.click((PANEL.centerx, PANEL.y + 120 + 5 * 90 + 34))

    def kill(self) -> None:
        """End the app at once (no window manager here to ask it to close)."""
        if self.app is not None and self.app.poll() is None:
            self.app.kill()
            self.app.wait(timeout=10)

    def close(self) -> tuple[int | None, str]:
        if self.app is not None and self.app.poll() is None:
            try:
                self.app.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.app.kill()
        err = self.app.stderr.read().decode(errors="replace") if self.app.stderr else ""
        self.xvfb.terminate()
        self.xvfb.wait(timeout=10)
        return self.app.returncode, err


def autosave_file(home: Path) -> Path | None:
    """The game's autosave (each game has its own, in data/autosaves)."""
    found = sorted((home / "data" / "autosaves").glob("*.json"))
    return found[-1] if found else None


def settings_file(home: Path, **settings) -> None:
    """The app's settings in `home`: a 1280x720 window, fast animations and bots, no sound,
    unless `settings` say otherwise."""
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.json").write_text(json.dumps(
        {"window_size": [1280, 720], "animation_speed": "fast", "bot_pace": "fast", "muted": True, **settings}))


def drawn_share(window, logical_rect, background) -> float:
    """The share of the pixels inside `logical_rect` (canvas coordinates, inset a little) that
    are not the background colour: a button that is drawn covers its rectangle."""
    import pygame
    scale = min(window.get_width() / 1920, window.get_height() / 1080)
    ox = (window.get_width() - round(1920 * scale)) // 2
    oy = (window.get_height() - round(1080 * scale)) // 2
    r = pygame.Rect(logical_rect).inflate(-16, -16)
    area = pygame.Rect(ox + int(r.x * scale), oy + int(r.y * scale), int(r.w * scale), int(r.h * scale))
    points = [(x, y) for x in range(area.left, area.right, 3) for y in range(area.top, area.bottom, 3)]
    differ = sum(1 for p in points if sum(abs(a - b) for a, b in zip(window.get_at(p)[:3], background)) > 30)
    return differ / len(points)


def test_new_screens_show_their_buttons_before_any_hover(tmp_path):
    """The curtain of a hot-seat game and the results screen, with the mouse never over the
    window: their buttons are drawn from the first frame (they used to wait for a hover)."""
    _require_tools()
    from game.core.registry import get
    from game.core.session import PERSON, Seat, Session
    from game.tools.demo_session import bot_session
    from game.ui import theme

    home = tmp_path / "home"
    settings_file(home)
    people = Session(get("ubike"), [Seat("Ann", PERSON, colour=0), Seat("Ben", PERSON, colour=1)], {}, 4)
    people.save_to(tmp_path / "people.json")
    # all bots, one move before the end: the last bot move opens the results, as in play
    ending = bot_session(get("ubike"), 2, 6, 0, "easy", results=True, person_seat=None).to_save()
    ending["actions"] = ending["actions"][:-1]
    ending["over"] = False
    (tmp_path / "ending.json").write_text(json.dumps(ending))

    curtain = [(760, 700, 400, 72)]
    results = [(560, 940, 300, 68), (880, 940, 240, 68), (1140, 940, 240, 68)]
    for save, rects, what in (("people.json", curtain, "the curtain's button"),
                              ("ending.json", results, "the results' buttons")):
        screen = Screen(home, "--load", str(tmp_path / save))
        try:
            screen.park_mouse()
            time.sleep(4.0)   # the curtain at once; the results after the bot's move and a pause
            if save == "people.json":
                # the curtain that matters comes down in the middle of the game: Ann lifts hers
                # and takes a row, and the curtain for Ben comes while the table updates
                screen.key("space")
                ann_moves(screen, home, tmp_path / save)
                assert state_of_latest(home, tmp_path / save).current_player == 1, "Ann did not move"
                screen.park_mouse()
                time.sleep(2.0)
            window = screen.window_shot(tmp_path / f"{save}.png")
            if save == "people.json":   # the curtain is down: no map, the plain background
                assert drawn_share(window, (300, 300, 400, 300), theme.BG) < 0.05, "no curtain"
            for rect in rects:
                share = drawn_share(window, rect, theme.BG)
                assert share > 0.6, f"{what}: {rect} is {share:.0%} drawn before the mouse came"
        finally:
            screen.kill()
            _, err = screen.close()
        assert "Traceback" not in err, err[-3000:]


def state_of_latest(home: Path, first: Path):
    """The state in the newest autosave (one per game in data/autosaves, or the old single one),
    or in the file `first` while there is none."""
    from game.core.session import Session
    files = [first] + sorted((home / "data").glob("autosaves/*.json"), key=lambda p: p.stat().st_mtime)
    files += [p for p in [home / "data" / "autosave.json"] if p.exists()]
    for path in reversed(files):
        try:
            return Session.load(path).state
        except Exception:   # being written
            continue
    return None


def ann_moves(screen: Screen, home: Path, save: Path) -> None:
    """Seat 0 plays UBike until the turn passes to seat 1 (a Schedule: a row, then End)."""
    from game.games.ubike.rules import PLACE, TURN
    from game.games.ubike.layout import HAND, row_rect
    for _ in range(6):
        state = state_of_latest(home, save)
        if state is None or state.current_player != 0:
            return
        if state.phase == TURN:
            row = next(i for i, r in enumerate(state.rows) if r)
            screen.click(row_rect(row).center)
        elif state.phase == PLACE:
            screen.click((HAND.x + 20 + 90, HAND.bottom - 72 + 28))   # End Schedule
        time.sleep(0.6)


def test_a_software_gl_window_presents_through_the_plain_framebuffer(tmp_path):
    """Xvfb's GL is software: the app measures that and opens the window on SDL's plain path;
    the next start remembers it for this display and opens the plain window at once."""
    _require_tools()
    home = tmp_path / "home"
    settings_file(home)
    screen = Screen(home)
    try:
        code = ("from game.app import App; app = App(); "
                "print(app.present_path, app.present_ms, app.present_choice, app.window.get_size())")
        (home / "config" / "display.json").unlink(missing_ok=True)   # the screen's app wrote it
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=screen.env, capture_output=True,
                             text=True, timeout=60)
        assert out.returncode == 0, out.stderr[-2000:]
        path, ms, choice = out.stdout.split()[:3]
        assert path == "plain" and choice == "measured", out.stdout
        assert float(ms) < 1.5, f"presenting still costs {ms} ms"
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=screen.env, capture_output=True,
                             text=True, timeout=60)
        assert out.stdout.split()[0::2][:2] == ["plain", "remembered"], out.stdout + out.stderr[-2000:]
        env = dict(screen.env, SDL_FRAMEBUFFER_ACCELERATION="1")   # the override is obeyed
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=60)
        assert out.stdout.split()[0] == "texture", out.stdout + out.stderr[-2000:]
    finally:
        screen.kill()
        screen.close()


def test_the_window_keeps_its_minimum_size(tmp_path):
    """Asked for 800x450 (an edited settings file), the window opens at 960x540 and tells the
    window manager that this is its minimum; shrunk below it anyway (here is no window manager
    to refuse), the app goes on and still answers."""
    _require_tools()
    home = tmp_path / "home"
    settings_file(home)
    (home / "config" / "settings.json").write_text(json.dumps({"window_size": [800, 450], "muted": True}))
    screen = Screen(home)
    try:
        time.sleep(1.0)
        g = screen.geometry()
        assert (g["WIDTH"], g["HEIGHT"]) == (960, 540), g
        if shutil.which("xprop"):
            hints = subprocess.run(["xprop", "-id", screen.window, "WM_NORMAL_HINTS"], env=screen.env,
                                   capture_output=True, text=True).stdout
            assert "minimum size: 960 by 540" in hints, hints
        for size in (("300", "200"), ("1", "1"), ("1280", "720")):
            subprocess.run(["xdotool", "windowsize", screen.window, *size], env=screen.env, check=True)
            time.sleep(0.8)
            assert screen.app.poll() is None, f"the app stopped at {size}"
        screen.key("Escape")   # still answers: Escape at the main menu quits
    finally:
        code, err = screen.close()
    assert code == 0 and "Traceback" not in err, err[-3000:]


def autosave(home: Path) -> dict:
    path = autosave_file(home)
    return json.loads(path.read_text()) if path is not None else {}


def state_of(home: Path):
    from game.core.session import Session
    return Session.load(autosave_file(home)).state


def test_play_ubike_in_a_real_window(tmp_path):
    _require_tools()
    from game.games.ubike.layout import DECK_RECT, HAND, row_rect
    from game.games.ubike.rules import PLACE, TURN
    from game.scenes.menu import menu_games, tile_rects

    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps(
        {"window_size": [1280, 720], "animation_speed": "fast", "bot_pace": "fast", "muted": True}))
    screen = Screen(home)
    try:
        time.sleep(1.5)
        games = menu_games()
        index = next(i for i, g in enumerate(games) if g.id == "ubike")
        screen.click(tile_rects(len(games))[index].center)
        time.sleep(0.8)
        screen.click((1340 + 210, 920 + 38))           # "Start the game" (setup.py layout)
        deadline = time.time() + 20
        while not autosave(home) and time.time() < deadline:
            time.sleep(0.2)
        data = autosave(home)
        assert data.get("game") == "ubike", "the game did not start"
        assert [s["kind"] for s in data["seats"]] == ["person", "bot"]

        turns = 0
        moves_before = 0
        for _ in range(40):
            state = state_of(home)
            if state.is_over or turns >= 3:
                break
            if state.current_player != 0:
                time.sleep(0.4)   # the bot's turn: it thinks, then moves
                continue
            moves_before = len(autosave(home)["actions"])
            if state.phase == TURN:
                if turns == 0 and any(not p for p in state.passed):
                    screen.click(DECK_RECT.center)     # Search, by clicking the deck
                else:
                    row = next(i for i, r in enumerate(state.rows) if r)
                    screen.click(row_rect(row).center)   # Schedule: take a row
            elif state.phase == PLACE:
                screen.click((HAND.x + 20 + 90, HAND.bottom - 72 + 28))   # End Schedule
            else:
                row = next(i for i, r in enumerate(state.rows) if r)
                screen.click(row_rect(row).center)   # the last player's discard
            deadline = time.time() + 10
            while len(autosave(home)["actions"]) == moves_before and time.time() < deadline:
                time.sleep(0.2)
            assert len(autosave(home)["actions"]) > moves_before, "a click did not make a move"
            turns += 1
        assert turns >= 3, "could not play three turns"

        shot = tmp_path / "window.png"
        time.sleep(1.0)
        screen.screenshot(shot)
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        import pygame
        image = pygame.image.load(str(shot))
        g = screen.geometry()
        window = image.subsurface(pygame.Rect(g["X"], g["Y"], g["WIDTH"], g["HEIGHT"]))
        colours = {tuple(window.get_at((x, y)))[:3] for x in range(0, g["WIDTH"], 37)
                   for y in range(0, g["HEIGHT"], 29)}
        assert len(colours) > 40, "the window looks blank"
        # the top bar is the dark frame, the map's sea is blue
        assert sum(window.get_at((g["WIDTH"] // 2, 10))[:3]) < 200
        sea = window.get_at((int(700 * g["WIDTH"] / 1920), int(150 * g["HEIGHT"] / 1080)))
        assert sea.b > sea.r, f"expected the map's sea near the top right of the map, got {sea}"
        screen.quit_from_pause_menu()
    finally:
        code, err = screen.close()
    assert code == 0, f"the app did not close cleanly ({code}):\n{err[-3000:]}"
    assert "Traceback" not in err, err[-3000:]
