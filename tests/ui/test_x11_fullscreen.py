"""In a real X11 window (Xvfb): the window is found by its name and class "Journeys", and F11
to fullscreen and back gives the window back at the size and place it had.

Without a window manager (plain Xvfb, as on CI) SDL's fullscreen is a request nobody answers,
so only the way back is checked: before, the window was left at the screen's size. Where
openbox is installed it runs on the virtual screen too, and fullscreen must fill the screen and
the way back must not move the window (under a window manager it used to creep down by a
title bar each time). Needs what tests/ui/test_x11_window.py needs, and xprop."""
from __future__ import annotations

import shutil
import subprocess
import time

import pytest

from test_x11_window import Screen, _require_tools, settings_file

pytestmark = pytest.mark.x11


def _wait_for(condition, timeout: float = 6.0) -> bool:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def _xprop(screen: Screen, *names: str) -> str:
    return subprocess.run(["xprop", "-id", screen.window, *names], env=screen.env,
                          capture_output=True, text=True).stdout


@pytest.mark.parametrize("window_manager", ["none", "openbox"])
def test_f11_twice_gives_the_window_back_in_place(tmp_path, window_manager):
    _require_tools()
    if shutil.which("xprop") is None:
        pytest.skip("xprop is missing (x11-utils)")
    if window_manager != "none" and shutil.which(window_manager) is None:
        pytest.skip(f"{window_manager} is not installed")
    home = tmp_path / "home"
    settings_file(home)
    screen = Screen(home)
    manager = None
    try:
        if window_manager != "none":
            # a window manager started after the window adopts it (openbox reparents it)
            manager = subprocess.Popen([window_manager], env=screen.env, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
            _wait_for(lambda: "_NET_FRAME_EXTENTS" in _xprop(screen, "_NET_FRAME_EXTENTS")
                      and "not found" not in _xprop(screen, "_NET_FRAME_EXTENTS"))
            time.sleep(0.5)
        found = subprocess.run(["xdotool", "search", "--name", "^Journeys$"], env=screen.env,
                               capture_output=True, text=True).stdout.split()
        assert screen.window in found, (found, _xprop(screen, "WM_NAME"))
        assert 'WM_CLASS(STRING) = "Journeys", "Journeys"' in _xprop(screen, "WM_CLASS")
        before = screen.geometry()
        assert (before["WIDTH"], before["HEIGHT"]) == (1280, 720), before
        for _ in range(2):
            screen.key("F11")
            if manager is not None:
                assert _wait_for(lambda: screen.geometry() == {"X": 0, "Y": 0, "WIDTH": 1920, "HEIGHT": 1080}), \
                    screen.geometry()
            time.sleep(0.6)
            screen.key("F11")
            assert _wait_for(lambda: screen.geometry() == before), (before, screen.geometry())
        assert screen.app.poll() is None
        screen.key("Escape")   # still answers: Escape at the main menu quits
    finally:
        if manager is not None:
            manager.terminate()
            manager.wait(timeout=10)
        code, err = screen.close()
    assert "Traceback" not in err, err[-3000:]
