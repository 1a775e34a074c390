"""The window, the main loop and the scene stack.

The loop reads events, maps mouse positions onto the 1920x1080 canvas, lets the top scene
handle them, updates, and redraws only when something changed. With nothing moving it sleeps
in `event.wait`, so an idle screen costs almost no CPU. Anything unexpected inside a frame
is caught: the app says what happened and offers to continue from the autosave.

Scenes reach each other by name through `App.scene` and the route table `ROUTES`, never by
importing one another: the table is the one place that knows which module holds which scene.
"""
from __future__ import annotations

import importlib
import locale
import os
import sys
import threading
import time
import traceback
import warnings
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterable

import pygame

from game import log
from game.core import paths
from game.core.saves import read_own_json
from game.garbage import GarbagePolicy
from game.settings import Settings
from game.ui import caches
from game.ui import sound as sound_module
from game.ui.anim import SPEEDS
from game.ui.render import FULL_REDRAW_SHARE, LOGICAL_SIZE, Viewport, merge_rects
from game.ui.scene import Scene

TITLE = "Journeys"
#: The window's class for docks, task bars and window managers (X11 WM_CLASS, Wayland app id),
#: and the desktop entry's StartupWMClass (build_scripts/build.py). Without it pygame names the
#: window after the script: "__main__.py" for `python -m game`.
WINDOW_CLASS = "Journeys"
WINDOW_CLASS_HINTS = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")
#: The smallest window: below it the canvas is scaled so far that body text is unreadable
#: (at 960x540 it is half size; at 800x450 it was 6 pixels tall).
MIN_WINDOW = (960, 540)
#: SDL presents the window through a texture (OpenGL) or its plain framebuffer (X11 shared
#: memory, GDI). Where GL is software (virtual machines, remote desktops, Xvfb) the texture path
#: costs several milliseconds a frame against a tenth of one. Measured at start: when a full
#: update of the window takes longer than this, the window is opened again on the plain path.
#: SDL's own SDL_FRAMEBUFFER_ACCELERATION (0 or 1) in the environment overrides the choice.
#: The choice is remembered per display (`paths.display_choice_path`): measuring costs a GL
#: window opened and closed, about 0.2 s of the start.
SLOW_PRESENT_MS = 1.5
FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"
#: More dirty rectangles than this in a frame: present their bounding box instead.
MAX_DIRTY_RECTS = 24
# Up to this many changed areas are drawn one by one (each scene's draw once per area) when
# together they cover less than this share of the box around them; else the box is drawn once.
MAX_SEPARATE_CLIPS = 4
SEPARATE_CLIP_SHARE = 0.4
ACTIVE_FPS = 60
IDLE_SLEEP_S = 1 / 30     # how long an idle screen sleeps between looks at the queue
LONG_IDLE_SLEEP_S = 1 / 12   # ... once nothing has happened for a few seconds
STAY_ACTIVE_S = 0.3       # full frame rate this long after any input
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

#: Every scene by name: "module:attribute", imported on first use (so starting the app loads
#: only the menu, and no scene module needs to import another). A target is a Scene class,
#: built as `cls(app, *args, **kwargs)` and tagged with its route's name (`scene.route`), or a
#: function with the same call that opens a scene itself ("game" puts the game's table on the
#: stack and returns it).
ROUTES: dict[str, str] = {
    "menu": "game.scenes.menu:MenuScene",
    "opening": "game.scenes.opening:OpeningScene",        # (menu, path, data, autosave_path)
    "setup": "game.scenes.setup:SetupScene",              # (spec)
    "load": "game.scenes.load:LoadScene",
    "save_dialog": "game.scenes.save_dialog:SaveDialog",  # (session)
    "stats": "game.scenes.stats:StatsScene",
    "settings": "game.scenes.settings:SettingsScene",
    "rules": "game.scenes.rules:RulesScene",              # (game_id=None)
    "pause": "game.scenes.pause:PauseScene",              # (game_scene, hide_board=False)
    "results": "game.scenes.results:ResultsScene",        # (session)
    "error": "game.scenes.error:ErrorScene",              # (exception)
    "curtain": "game.table.curtain:CurtainScene",         # (game_scene, seat)
    "game": "game.table.frame:open_game",                 # (session, bots_paused=False)
    "replay": "game.table.replay:open_replay",            # (save data, source=...)
    "lesson": "game.table.lesson:open_lesson",            # (spec): Learn to play
}


def resolve(target: str) -> Callable[..., Any]:
    """Import "module:attribute" and return the attribute (after the first time the module
    comes from sys.modules, so this is cheap; not cached here, so a patched attribute counts)."""
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


class App:
    ROUTES = ROUTES

    def __init__(self, *, headless: bool = False, settings: Settings | None = None,
                 window_size: tuple[int, int] | None = None) -> None:
        self.headless = headless
        self.settings = settings or Settings.load()
        sound_module.pre_init()
        # the present path known for this display before SDL starts, and who chose it
        self._known_path, self._known_by = ("", "") if headless else recall_present_path()
        name_the_window_class()   # read when SDL's video starts, so before pygame.init
        # Only what the first frame needs: pygame.init() would also start the audio device
        # (started after the first frame, see run) and the joysticks (with that subsystem up,
        # SDL polls for them every millisecond even while the app waits for events), and
        # took 0.11 s of a 0.5 s start in a real window.
        pygame.display.init()
        pygame.font.init()
        # fonts, text and icons cached by an earlier App belong to a pygame that has quit
        from game.ui import icons
        from game.ui.scene import forget_shared_theme
        caches.clear_all()
        icons.clear_cache()
        forget_shared_theme()
        pygame.key.set_repeat(400, 40)
        self.sound = sound_module.SoundBank(self.settings.volume, self.settings.muted)
        # the window's size and place before fullscreen, to go back to (None: not known)
        self._windowed_at: tuple[tuple[int, int], tuple[int, int]] | None = None
        self.window = self._open_window(window_size)
        # made in the window's own format: converting one made before would take a second
        # 1920x1080 surface (12 ms of a start)
        self.canvas = pygame.Surface(LOGICAL_SIZE, 0, self.window)
        self.viewport = Viewport(self.window.get_size())
        self.scenes: list[Scene] = []
        self.mouse_pos: tuple[int, int] = (-1, -1)
        self.recovering = False   # True while the error screen replaces what went wrong
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.first_frame_at: float | None = None
        self._when_shown: list[Callable[[], Any]] = []   # work that waits for the first frame
        self.errors: list[str] = []
        self._need_full_present = True
        self.draws = 0            # times the scenes were drawn (once per frame that changed)
        self._release_memory = False
        self.garbage = GarbagePolicy()
        self._settle_garbage = False   # a table opened: settle the garbage after this frame
        self._idle = False             # the last wait found nothing to show
        self._active_until = 0.0
        self._last_step = time.perf_counter()
        self.frame_started = self._last_step

    # ---- window ---------------------------------------------------------------------------
    def _open_window(self, size: tuple[int, int] | None) -> pygame.Surface:
        """Open the window; where SDL presents through a slow (software) GL, open it again on
        SDL's plain framebuffer. `present_path` and `present_ms` say what was chosen."""
        _title_and_icon()
        self.present_path, self.present_ms = "", None
        self.present_choice = ""   # how: "measured", "remembered" (for this display), "environment"
        if self.headless or pygame.display.get_driver() in ("dummy", "offscreen"):
            return self._set_mode(size)
        if self._known_by:
            # chosen before SDL started (the person's hint, or measured at an earlier start
            # on this display): open it shown, without measuring again
            self.present_path, self.present_choice = self._known_path, self._known_by
            return self._set_mode(size)
        # Measured on the window still hidden, so a window opened again never flashes.
        window = self._set_mode(size, pygame.HIDDEN)
        self.present_ms = measure_present(window)
        self.present_path = "plain" if os.environ.get(FRAMEBUFFER_HINT) == "0" else "texture"
        if self.present_path == "texture" and self.present_ms > SLOW_PRESENT_MS:
            # SDL decides once per video start: start the display again on the plain path
            os.environ[FRAMEBUFFER_HINT] = "0"
            pygame.display.quit()
            pygame.display.init()
            _title_and_icon()
            window = self._set_mode(size, pygame.HIDDEN)
            self.present_ms, self.present_path = measure_present(window), "plain"
        self.present_choice = "measured"
        remember_present_path(self.present_path)
        try:
            _display_window().show()
        except Exception:   # no Window API: open it again, shown
            window = self._set_mode(size)
        return window

    def _set_mode(self, size: tuple[int, int] | None, hidden: int = 0) -> pygame.Surface:
        if self.settings.fullscreen and not self.headless and size is None:
            window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN | hidden)
        else:
            window = pygame.display.set_mode(at_least_minimum(size or self.settings.window_size),
                                             pygame.RESIZABLE | hidden)
        try:
            _display_window().minimum_size = MIN_WINDOW
        except Exception:
            pass
        if not self.headless:
            title_for_x11()
        return window

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen (SDL's desktop fullscreen: no change of video mode), or go back to
        the window exactly as it was before: same size, same place.

        Not through `display.set_mode`: on X11 with SDL's plain framebuffer it left the window
        at the screen's size after fullscreen, and under a window manager it moved the window
        down by its title bar each time."""
        self.settings.fullscreen = on
        if self.headless:
            return
        try:
            window = _display_window()
        except Exception:   # no Window API: open the window again
            self.window = self._set_mode(None)
            self.on_resize(self.window.get_size())
            return
        if on:
            if not pygame.display.is_fullscreen():
                self._windowed_at = (tuple(window.size), tuple(window.position))
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
            self._restore_window(window)
        self.on_resize((pygame.display.get_surface() or self.window).get_size())

    def _restore_window(self, window: pygame.Window) -> None:
        """After fullscreen: the size and place the window had before, or the size from the
        settings, centred, when it started in fullscreen. Set again only where SDL or the
        window manager did not restore them itself."""
        if self._windowed_at is not None:
            size, position = self._windowed_at
        else:
            size, position = at_least_minimum(self.settings.window_size), None
        if tuple(window.size) != tuple(size):
            window.size = size
        if position is None:
            window.position = pygame.WINDOWPOS_CENTERED
        elif tuple(window.position) != tuple(position):
            window.position = position

    def set_window_size(self, size: tuple[int, int]) -> None:
        self.settings.window_size = size
        if self.headless:
            return
        if self.settings.fullscreen:
            # used when fullscreen ends, in the place the window had
            if self._windowed_at is not None:
                self._windowed_at = (at_least_minimum(size), self._windowed_at[1])
            return
        try:
            _display_window().size = at_least_minimum(size)
        except Exception:   # no Window API: open the window again
            self.window = self._set_mode(size)
        self.on_resize((pygame.display.get_surface() or self.window).get_size())

    def on_resize(self, size: tuple[int, int]) -> None:
        self.window = pygame.display.get_surface() or self.window
        self.viewport.resize(size)
        self._need_full_present = True

    @property
    def animation_speed(self) -> float:
        return SPEEDS.get(self.settings.animation_speed, 1.0)

    # ---- scene stack ----------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        self.scenes.append(scene)
        if scene.releases_memory:   # a game's table: what lives now stays for the game
            self._settle_garbage = True
        scene.on_enter()
        self._need_full_present = True
        return scene

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            was_top = scene is self.top
            self.scenes.remove(scene)
            self._retire(scene)
            if was_top and self.top is not None:
                self.top.on_resume()
        self._need_full_present = True

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for `scene`."""
        if self.top is not None:
            self._retire(self.scenes.pop())
        return self.push(scene)

    def reset_to(self, *scenes: Scene) -> None:
        """Clear the stack and start again with `scenes` (bottom first)."""
        while self.scenes:
            try:
                self._retire(self.scenes.pop())
            except Exception:
                pass
        for scene in scenes:
            self.push(scene)

    def _retire(self, scene: Scene) -> None:
        """A scene leaves the stack. After a game's table, the caches are emptied at the end of
        the frame (what the next scene needs is drawn again on demand)."""
        scene.closed = True
        if scene.releases_memory:
            self._release_memory = True
        scene.on_exit()

    def route(self, name: str) -> Any:
        """The class (or function) behind the route `name`."""
        try:
            target = self.ROUTES[name]
        except KeyError:
            raise KeyError(f"No scene is called {name!r}; the routes are {', '.join(self.ROUTES)}") from None
        return resolve(target)

    def scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Make the scene called `name` (see ROUTES) for this app, to push or replace as usual.

        A function route such as "game" opens its scene itself and returns it."""
        target = self.route(name)
        scene = target(self, *args, **kwargs)
        if isinstance(target, type):
            # not for a function's scene: a game's table may use the attribute for itself
            scene.route = name
        return scene

    def find(self, kind: type | str) -> Scene | None:
        """The topmost scene of `kind`: a class, or a route's name ("menu")."""
        if isinstance(kind, str):
            kind = self.route(kind)
            if not isinstance(kind, type):
                raise TypeError("find() needs a route to a scene class, not to a function")
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # ---- the loop -------------------------------------------------------------------------
    def run(self) -> None:
        self.garbage.start()   # collections in the frames' spare time (game/garbage.py)
        try:
            self.step()
            # the audio device starts once the first frame is shown, not before it
            if not self.sound.muted:
                self.sound.start()
            # pygame-gui, which every scene but the menu uses, is read while the menu waits
            threading.Thread(target=importlib.import_module, args=("game.ui.manager",),
                             name="journeys-warm-gui", daemon=True).start()
            while self.running:
                self.step()
        finally:
            self.garbage.release()
        self.shutdown()

    def step(self, events: Iterable[pygame.event.Event] | None = None, dt: float | None = None) -> None:
        """One frame: events, update, draw. Tests pass `events` and `dt` for full control."""
        if events is None:
            events = self._wait_for_events()
        now = time.perf_counter()
        self.frame_started = now   # scenes spread heavy work over frames from this
        if dt is None:
            dt = min(0.1, max(0.0, now - self._last_step))
        self._last_step = now
        try:
            for event in events:
                self.dispatch(event)
            top = self.top
            if top is not None:
                top.update(dt)
            self.draw()
        except Exception as exc:  # keep the app alive; tell the player
            self.report_error(exc)
        if self._release_memory:
            self._release_memory = False
            if self.garbage.active:
                self.garbage.unsettle()
            caches.release_memory()
        if self._settle_garbage:
            self._settle_garbage = False
            if self.garbage.active:
                self.garbage.settle()
        else:
            self.garbage.after_frame(time.perf_counter() - now, idle=self._idle)
        self.frames += 1

    def _wait_for_events(self) -> list[pygame.event.Event]:
        """Run at 60 frames a second while something moves or a person just acted; otherwise
        look at the queue a few times a second and sleep in between (timers such as tooltips
        still run).

        Measured: SDL's own `event.wait` costs more CPU than this on X11 (it polls inside),
        and busy-polls on the dummy driver."""
        now = time.perf_counter()
        busy = any(scene.wants_frames() for scene in self.scenes[-2:])
        self._idle = not busy and now >= self._active_until
        if busy or now < self._active_until:
            self.clock.tick(ACTIVE_FPS)
            events = pygame.event.get()
        else:
            events = pygame.event.get()
            if not events:
                idle_for = now - self._active_until
                time.sleep(IDLE_SLEEP_S if idle_for < 3.0 else LONG_IDLE_SLEEP_S)
                events = pygame.event.get()
        if events:
            self._active_until = time.perf_counter() + STAY_ACTIVE_S
        return events

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (event.x, event.y) if event.type == pygame.WINDOWSIZECHANGED else event.size
            self.on_resize(size)
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self._need_full_present = True
            return
        if event.type == pygame.WINDOWLEAVE:
            # nothing is under the pointer now: every scene drops its hover and its pictures
            self.mouse_pos = (-1, -1)
            for scene in self.scenes:
                scene.on_pointer_left()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            try:
                self.settings.save()
            except OSError:
                pass   # kept for this run; the settings screen says why it cannot be saved
            return
        if event.type in MOUSE_EVENTS:
            event = self._to_canvas(event)
            self.mouse_pos = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            pass
        top = self.top
        if top is not None:
            top.handle(event)

    def _to_canvas(self, event: pygame.event.Event) -> pygame.event.Event:
        data = dict(event.dict)
        data["pos"] = self.viewport.to_logical(event.pos)
        data["window_pos"] = event.pos
        if "rel" in data and self.viewport.scale > 0:
            data["rel"] = (int(data["rel"][0] / self.viewport.scale), int(data["rel"][1] / self.viewport.scale))
        return pygame.event.Event(event.type, data)

    def draw(self) -> None:
        """Draw the shown scenes once, inside the bounding box of what changed, and present
        only the changed rectangles (or everything, after a resize or a new scene)."""
        if not self.scenes or not self.viewport.visible:
            for scene in self.scenes:
                scene.take_dirty()
            return
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        shown = self.scenes[start:]
        dirty: list[pygame.Rect] | None = []
        for scene in shown:
            rects = scene.take_dirty()
            if rects is None:
                dirty = None
            elif dirty is not None:
                dirty.extend(rects)
        if self._need_full_present:
            dirty = None
        clips: list[pygame.Rect | None] = [None]
        if dirty is not None:
            bounds = self.canvas.get_rect()
            dirty = merge_rects([r.clip(bounds) for r in dirty])
            if not dirty:
                return  # nothing changed: no drawing at all
            clip = dirty[0].unionall(dirty[1:])
            if len(dirty) > MAX_DIRTY_RECTS:
                dirty = [clip]
            if len(dirty) <= MAX_SEPARATE_CLIPS and sum(map(_area, dirty)) < SEPARATE_CLIP_SHARE * _area(clip):
                # a few changes far apart (a car on the board, a line in the side panel): each
                # drawn on its own, not everything in the box around them
                clips = list(dirty)
            elif _area(clip) <= FULL_REDRAW_SHARE * _area(bounds):
                clips = [clip]
            # else as dear as drawing it all; present only what changed still
        # Blits outside the clip cost nothing, so a small change is drawn cheaply.
        for clip in clips:
            self.canvas.set_clip(clip)
            for scene in shown:
                scene.draw(self.canvas)
        self.canvas.set_clip(None)
        self.draws += 1
        updated = self.viewport.present(self.window, self.canvas, dirty)
        self._need_full_present = False
        if updated is None:
            pygame.display.flip()
        elif updated:
            pygame.display.update(updated)
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
        while self._when_shown:
            self._when_shown.pop(0)()

    def when_shown(self, work: Callable[[], Any]) -> None:
        """Do `work` once the first frame is on the screen (now, if it is): what the menu can
        do without, so that the window shows sooner."""
        if self.first_frame_at is None:
            self._when_shown.append(work)
        else:
            work()

    # ---- errors ---------------------------------------------------------------------------
    def report_error(self, exc: BaseException) -> None:
        """Something unexpected: keep a trace, then show what happened and offer the autosave."""
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.errors.append(text)
        log.error("caught on the window's thread; the error screen offers the autosave", exc)
        if len(self.errors) > 20:  # errors in the error screen itself: give up cleanly
            self.running = False
            return
        self.recovering = True   # the table closing now keeps its autosave for the error screen
        try:
            self.reset_to(self.scene("menu"), self.scene("error", exc))
        except Exception:
            self.running = False
        finally:
            self.recovering = False

    # ---- leaving --------------------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def shutdown(self) -> None:
        for scene in list(self.scenes):
            try:
                scene.on_exit()
            except Exception:
                pass
        try:
            self.settings.save()
        except OSError:
            pass
        from game.core.ai.worker import close_shared_runner
        from game.core.saves import WRITER
        WRITER.flush()
        close_shared_runner()
        self.sound.close()
        pygame.quit()


def at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    """`size`, grown to the minimum window where it is smaller."""
    return (max(int(size[0]), MIN_WINDOW[0]), max(int(size[1]), MIN_WINDOW[1]))


def name_the_window_class() -> None:
    """Tell SDL the window's class before its video starts. Importing pygame has already
    named it after the script (`sys.argv[0]`'s file name) where DISPLAY is set; that default
    is replaced, a class the person set in the environment stays."""
    script = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    for hint in WINDOW_CLASS_HINTS:
        if os.environ.get(hint, "") in ("", script):
            os.environ[hint] = WINDOW_CLASS


def title_for_x11() -> None:
    """Set the title again on an X11 window, this time with LC_CTYPE at "C".

    SDL writes the title twice: _NET_WM_NAME in UTF-8, and the older WM_NAME in the encoding of
    the current locale. In a UTF-8 locale (Python's own default) WM_NAME then has the type
    UTF8_STRING, which ICCCM does not allow and which tools such as `xdotool search --name`
    and older window managers cannot read. In the C locale SDL writes WM_NAME as a plain STRING
    (the title is ASCII). The locale is put back at once; SDL reads it only while setting the
    title."""
    if pygame.display.get_driver() != "x11" or not TITLE.isascii():
        return
    try:
        before = locale.setlocale(locale.LC_CTYPE)
    except locale.Error:
        return
    try:
        locale.setlocale(locale.LC_CTYPE, "C")
        pygame.display.set_caption(TITLE)
    except locale.Error:
        pass
    finally:
        try:
            locale.setlocale(locale.LC_CTYPE, before)
        except locale.Error:
            pass


def _title_and_icon() -> None:
    pygame.display.set_caption(TITLE)
    try:
        from game.assets import require
        pygame.display.set_icon(pygame.image.load(str(require("sprites", "icon.png"))))
    except Exception:  # an icon is not worth failing over
        pass


def _display_window() -> pygame.Window:
    with warnings.catch_warnings():  # the display module's window, deprecated but fine
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def display_key() -> str:
    """Which display the window opens on, as far as the environment says before SDL starts."""
    return "|".join((sys.platform, os.environ.get("SDL_VIDEODRIVER", ""), os.environ.get("DISPLAY", ""),
                      os.environ.get("WAYLAND_DISPLAY", "")))


def _remembered() -> dict[str, str]:
    try:
        data = read_own_json(paths.display_choice_path(), "The display settings file")
    except OSError:   # no config folder, and none can be made
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and v in ("plain", "texture")}


def recall_present_path() -> tuple[str, str]:
    """Before SDL starts: the present path known for this display ("plain" or "texture", or
    "" when not known) and who chose it: "environment" (the person, through SDL's hint) or
    "remembered" (measured at an earlier start). A remembered "plain" sets SDL's hint now, so
    the window opens on it without a GL window first."""
    if FRAMEBUFFER_HINT in os.environ:
        return ("plain" if os.environ[FRAMEBUFFER_HINT] == "0" else "texture"), "environment"
    known = _remembered().get(display_key(), "")
    if known == "plain":
        os.environ[FRAMEBUFFER_HINT] = "0"
    return known, "remembered" if known else ""


def remember_present_path(path: str) -> None:
    data = _remembered()
    key = display_key()
    if data.get(key) == path:
        return
    data.pop(key, None)
    data[key] = path
    from game.core.saves import write_json_atomic
    try:
        write_json_atomic(paths.display_choice_path(), dict(list(data.items())[-8:]))
    except OSError:
        pass   # then it is measured again next time


def measure_present(window: pygame.Surface) -> float:
    """Milliseconds a full update of the window takes (the median of a few, after two that
    may map the window)."""
    window.fill((12, 13, 15))
    times = []
    for _ in range(5):
        started = time.perf_counter()
        pygame.display.update(window.get_rect())
        times.append(time.perf_counter() - started)
    return round(1000 * sorted(times[2:])[1], 3)


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height


def start(*, load: Path | None = None) -> int:
    """Open the window at the main menu (or straight into a saved game) and run."""
    log.start()
    app = App()
    menu = app.push(app.scene("menu"))
    if load is not None:
        menu.open_save(load)  # type: ignore[attr-defined]
    app.run()
    return 0
