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
    """A virtual X screen with Journeys running in a window on it."""

    def __init__(self, home: Path) -> None:
        self.display = f":{150 + os.getpid() % 700}"
        self.xvfb = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.env = dict(os.environ, DISPLAY=self.display, SDL_AUDIODRIVER="dummy", JOURNEYS_HOME=str(home),
                        PYTHONPATH=str(ROOT))
        self.env.pop("SDL_VIDEODRIVER", None)
        self._wait(lambda: subprocess.run(["xdotool", "getdisplaygeometry"], env=self.env,
                                          capture_output=True).returncode == 0, "Xvfb did not start")
        self.app: subprocess.Popen | None = None
        self.app = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, env=self.env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.window = ""
        try:
            self._wait(self._find_window, "the Journeys window did not appear", timeout=30)
        except AssertionError:
            self.app.kill()
            self.close()
            raise

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
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y)], env=self.env, check=True)
        time.sleep(0.15)
        subprocess.run(["xdotool", "click", "1"], env=self.env, check=True)
        time.sleep(0.4)

    def screenshot(self, path: Path) -> None:
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=True,
                       capture_output=True)

    def key(self, name: str) -> None:
        subprocess.run(["xdotool", "key", "--window", self.window, name], env=self.env, check=True)
        time.sleep(0.4)

    def quit_from_pause_menu(self) -> None:
        """Leave as a player does: Escape opens the pause menu, then click Quit."""
        from game.scenes.pause import PANEL
        self.key("Escape")
        self.click((PANEL.centerx, PANEL.y + 120 + 5 * 90 + 34))

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


def autosave(home: Path) -> dict:
    path = home / "data" / "autosave.json"
    return json.loads(path.read_text()) if path.exists() else {}


def state_of(home: Path):
    from game.core.session import Session
    return Session.load(home / "data" / "autosave.json").state


def test_play_ubike_in_a_real_window(tmp_path):
    _require_tools()
    from game.games.ubike.scene import DECK_RECT, HAND, UBikeScene
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

        scene_rows = UBikeScene.row_rect
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
                    screen.click(scene_rows(None, row).center)   # Schedule: take a row
            elif state.phase == PLACE:
                screen.click((HAND.x + 20 + 90, HAND.bottom - 72 + 28))   # End Schedule
            else:
                row = next(i for i, r in enumerate(state.rows) if r)
                screen.click(scene_rows(None, row).center)   # the last player's discard
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
