"""The rules viewer and the settings overlay, driven through the app's real event path.

Clicks are posted to pygame's event queue in window coordinates (a 1280x720 window, so the
app's viewport has to map them onto the 1920x1080 canvas), and every frame takes the queue
with `pygame.event.get()`, exactly as the main loop does: pygame-gui's own events (button
pressed, slider moved, drop-down changed) travel the same way.
"""
from __future__ import annotations

import json
import time
import warnings
from collections.abc import Callable

import pygame
import pygame_gui
import pytest

from game import assets
from game.app import App
from game.core import paths
from game.core.registry import GameSpec, get
from game.core.rng import Rng
from game.scenes.settings import SettingsScene, size_label
from game.settings import Settings
from game.scenes import rules
from game.scenes.rules import RulesScene, markdown_to_html, rules_html
from game.ui.scene import Scene
from uihelpers import centre, frames, make_app, monkey_events, press, to_window

WINDOW = (1280, 720)
FRAME = 1 / 60


# ---- driving the app ------------------------------------------------------------------------

@pytest.fixture
def app():
    """A headless app in a 1280x720 window over a plain base scene (nothing to open by accident)."""
    app = make_app(WINDOW, animation_speed="normal", bot_pace="normal", volume=0.7)
    app.push(Scene(app))
    pygame.event.clear()
    yield app
    app.reset_to()
    pygame.event.clear()


def move(app: App, logical_xy: tuple[float, float]) -> None:
    """Point at a place of the canvas."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to_window(app, logical_xy), rel=(0, 0),
                                         buttons=(0, 0, 0), touch=False))
    frames(app, 1)


def click(app: App, logical_xy: tuple[float, float]) -> None:
    """Point at a place of the canvas, press and release the left button there, one frame
    apart as a hand would, then let the answers arrive: some widgets answer through a chain
    of events (list item -> drop-down -> scene), one hop per frame."""
    move(app, logical_xy)
    window_pos = to_window(app, logical_xy)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=window_pos, touch=False))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=window_pos, touch=False))
    frames(app, 5)


def click_element(app: App, element: pygame_gui.core.UIElement) -> None:
    """Click the middle of a pygame-gui element (its `rect` is on the canvas)."""
    click(app, centre(element))


def wheel(app: App, logical_xy: tuple[float, float], y: int) -> None:
    move(app, logical_xy)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, precise_x=0.0, precise_y=float(y),
                                         flipped=False, touch=False, which=0))
    frames(app, 1)


def visible_button(scene: Scene, text: str) -> pygame_gui.elements.UIButton:
    """The shown pygame-gui button reading `text` (such as a drop-down's option)."""
    for sprite in scene.ui.get_sprite_group().sprites():
        if isinstance(sprite, pygame_gui.elements.UIButton) and sprite.text == text and sprite.visible:
            return sprite
    raise AssertionError(f"no button {text!r} on screen")


def saved_settings() -> dict:
    return json.loads(paths.settings_path().read_text(encoding="utf-8"))


NOWHERE = GameSpec(id="nowhere", title="Nowhere Tour", min_players=2, max_players=4,
                   rules_file="nowhere-tour.md")


@pytest.fixture
def two_games(monkeypatch):
    """UBike plus a game whose rules file does not exist, so there are two tabs to switch."""
    monkeypatch.setattr(rules, "playable_games", lambda: [get("ubike"), NOWHERE])


# ---- markdown_to_html -----------------------------------------------------------------------

def test_headings_become_bigger_bold_text():
    out = markdown_to_html("# Title\n\n## Part\n\n### Piece\n\nBody.")
    sizes = rules.HEADING_PX
    assert f'<font pixel_size="{sizes[1]}"><b>Title</b></font>' in out
    assert f'<font pixel_size="{sizes[2]}"><b>Part</b></font>' in out
    assert f'<font pixel_size="{sizes[3]}"><b>Piece</b></font>' in out
    assert sizes[1] > sizes[2] > sizes[3] > rules.BODY_PX >= 21
    assert "#" not in out


def test_paragraph_lines_are_joined_and_blocks_separated():
    out = markdown_to_html("one line\nthe same paragraph\n\nnext paragraph")
    assert "one line the same paragraph" in out
    assert out.index("the same paragraph") < out.index("<br>") < out.index("next paragraph")
    assert "\n" not in out  # the text box would turn a newline into an extra line break


def test_bullets_show_a_bullet_and_keep_their_continuation_lines():
    out = markdown_to_html("- first item\n  goes on here\n- second item")
    assert out.count(rules.BULLET) == 2
    assert "first item goes on here" in out
    assert "- " not in out


def test_bold_and_italic():
    out = markdown_to_html("a **strong** word and an *leaning* one; 2 * 3 stays")
    assert "<b>strong</b>" in out
    assert "<i>leaning</i>" in out
    assert "2 * 3 stays" in out
    assert "**" not in out


def test_a_clauses_id_goes_small_and_grey_to_its_end_and_the_rule_reads_first():
    out = markdown_to_html("- **UBK-12** If its number is lower ...")
    tag = f'<font color="{rules.ID_COLOUR}" pixel_size="{rules.ID_PX}">UBK-12</font>'
    assert tag in out and out.index("If its number") < out.index(tag)
    assert rules.ID_PX < rules.BODY_PX
    assert "<b>UBK-12</b>" not in out
    inside = markdown_to_html("As in **UBK-3**, pay first.")
    assert inside.index("As in") < inside.index("UBK-3") < inside.index("pay first")
    plain_bold = markdown_to_html("**Search** or **Schedule**")
    assert rules.ID_COLOUR not in plain_bold and "<b>Search</b>" in plain_bold


def test_the_rules_files_say_nothing_to_players_about_tests():
    from game.core.registry import playable_games
    for spec in playable_games():
        intro = assets.require("seeds", spec.rules_file).read_text(encoding="utf-8").split("\n## ")[0]
        assert "test" not in intro.lower(), f"{spec.id}: the intro speaks to developers"


def test_markup_characters_are_escaped():
    out = markdown_to_html("a < b & c > d <b>not bold</b>")
    assert "a &lt; b &amp; c &gt; d &lt;b&gt;not bold&lt;/b&gt;" in out
    assert "<b>not bold</b>" not in out


def test_the_whole_rules_file_converts_without_leftover_markdown():
    text = assets.require("seeds", "ubike.md").read_text(encoding="utf-8")
    out = markdown_to_html(text)
    assert "UBK-12" in out and "Planning Expert" in out
    assert "**" not in out and "\n" not in out


# ---- the rules viewer ------------------------------------------------------------------------

def test_rules_open_on_the_first_playable_game_with_its_text(app):
    with warnings.catch_warnings():
        warnings.simplefilter("error")      # no unsupported tags, no fonts loaded on the fly
        scene = app.push(RulesScene(app))
        frames(app)
    assert scene.current is not None and scene.current.id == "ubike"
    assert "UBK-12" in scene.html_text and "Planning Expert" in scene.html_text
    assert scene.tabs["ubike"].is_selected
    assert app.errors == []


def test_rules_open_on_the_game_asked_for(app, two_games):
    scene = app.push(RulesScene(app, "ubike"))
    frames(app)
    assert scene.current.id == "ubike"
    assert set(scene.tabs) == {"ubike", "nowhere"}


def test_tabs_switch_between_games(app, two_games):
    scene = app.push(RulesScene(app, "ubike"))
    frames(app)
    click_element(app, scene.tabs["nowhere"])
    assert scene.current is NOWHERE
    assert scene.tabs["nowhere"].is_selected and not scene.tabs["ubike"].is_selected
    assert "UBK-12" not in scene.html_text
    click_element(app, scene.tabs["ubike"])
    assert scene.current.id == "ubike"
    assert "UBK-12" in scene.html_text
    press(app, pygame.K_TAB)
    assert scene.current is NOWHERE
    assert app.errors == []


def test_a_missing_rules_file_shows_a_message(app, two_games):
    scene = app.push(RulesScene(app, "nowhere"))
    frames(app)
    assert scene.current is NOWHERE
    assert "could not be opened" in scene.html_text
    assert "seeds/nowhere-tour.md" in scene.html_text
    assert scene in app.scenes and app.errors == []


def test_an_unreadable_rules_file_shows_a_message(tmp_path, monkeypatch):
    broken = tmp_path / "broken.md"
    broken.write_bytes(b"# Rules\n\xff\xfe\xfa not UTF-8")
    monkeypatch.setattr(assets, "require", lambda kind, name: broken)
    text = rules_html(NOWHERE)
    assert "could not be opened" in text and "Reinstalling" in text


def test_a_game_without_a_rules_file_says_so():
    spec = GameSpec(id="plain", title="Plain <Game>", min_players=2, max_players=2)
    text = rules_html(spec)
    assert "No rules for Plain &lt;Game&gt; yet" in text


def test_an_unknown_or_unbuilt_game_does_not_crash(app, coming_game):
    scene = app.push(RulesScene(app, "no-such-game"))   # falls back to the first game
    frames(app)
    assert scene.current.id == "ubike" and "UBK-12" in scene.html_text
    scene.close()
    scene = app.push(RulesScene(app, coming_game.id))   # announced, not playable yet
    frames(app)
    assert scene.current.id == coming_game.id and coming_game.id in scene.tabs
    assert f"No rules for {coming_game.title} yet" in scene.html_text
    assert app.errors == []


def test_close_button_closes_the_rules(app):
    scene = app.push(RulesScene(app))
    frames(app)
    click_element(app, scene.close_button)
    assert scene.closed and scene not in app.scenes
    assert app.errors == []


def test_escape_closes_the_rules(app):
    scene = app.push(RulesScene(app))
    frames(app)
    press(app, pygame.K_ESCAPE)
    assert scene.closed and scene not in app.scenes


def test_mouse_wheel_scrolls_the_rules(app):
    scene = app.push(RulesScene(app))
    frames(app)
    bar = scene.text_box.scroll_bar
    assert bar is not None and bar.start_percentage == 0
    wheel(app, scene.text_box.rect.center, -3)
    assert scene.wants_frames()          # the text glides: frames, not sleep
    for _ in range(300):
        if not scene.wants_frames():
            break
        frames(app, 1)
    assert not scene.wants_frames()      # ... and the app may sleep again once it stops
    assert bar.start_percentage > 0
    # anywhere on the overlay, too (pygame-gui alone scrolls only over the text)
    before = bar.start_percentage
    wheel(app, (rules.PANEL.centerx, rules.PANEL.bottom - 20), -2)
    frames(app, 20)
    assert bar.start_percentage > before
    press(app, pygame.K_HOME)
    frames(app, 5)
    assert bar.start_percentage == 0


# ---- the settings ------------------------------------------------------------------------------

def open_settings(app: App) -> SettingsScene:
    scene = app.push(SettingsScene(app))
    frames(app)
    return scene


def test_volume_slider_changes_volume_and_file(app):
    scene = open_settings(app)
    click_element(app, scene.volume_slider.right_button)
    frames(app, 3)
    assert app.settings.volume == pytest.approx(0.75)
    assert app.sound.volume == pytest.approx(0.75)
    assert saved_settings()["volume"] == pytest.approx(0.75)


def test_dragging_the_volume_slider_to_the_left_end_silences(app):
    scene = open_settings(app)
    thumb = scene.volume_slider.sliding_button.rect.center
    move(app, thumb)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=to_window(app, thumb), touch=False))
    frames(app, 2)
    left = (scene.volume_slider.rect.left + 2, thumb[1])
    for x in range(thumb[0], left[0] - 1, -40):
        move(app, (x, thumb[1]))
    move(app, left)
    frames(app, 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=to_window(app, left), touch=False))
    frames(app, 3)
    assert app.settings.volume == 0
    assert saved_settings()["volume"] == 0


def test_mute_toggles(app):
    scene = open_settings(app)
    app.settings.muted = False
    app.sound.set_muted(False)
    click_element(app, scene.mute_button)
    assert app.settings.muted and app.sound.muted
    assert saved_settings()["muted"] is True
    assert scene.mute_button.text == "On"
    click_element(app, scene.mute_button)
    assert not app.settings.muted and not app.sound.muted
    assert saved_settings()["muted"] is False


def test_animation_speed_and_bot_pace(app):
    scene = open_settings(app)
    click_element(app, scene.speed_buttons["slow"])
    assert app.settings.animation_speed == "slow"
    assert scene.speed_buttons["slow"].is_selected and not scene.speed_buttons["normal"].is_selected
    click_element(app, scene.pace_buttons["off"])
    assert app.settings.bot_pace == "off"
    saved = saved_settings()
    assert saved["animation_speed"] == "slow" and saved["bot_pace"] == "off"
    click_element(app, scene.speed_buttons["off"])
    assert app.settings.animation_speed == "off" and app.animation_speed == 0.0
    assert Settings.load().animation_speed == "off"


def test_window_size_from_the_drop_down(app):
    scene = open_settings(app)
    click_element(app, scene.window_menu)
    click_element(app, visible_button(scene, size_label((1600, 900))))
    assert app.settings.window_size == (1600, 900)   # headless: recorded, not applied
    assert saved_settings()["window_size"] == [1600, 900]


def test_fullscreen_toggle_calls_through(app, monkeypatch):
    calls: list[bool] = []
    original = app.set_fullscreen
    monkeypatch.setattr(app, "set_fullscreen", lambda on: (calls.append(on), original(on)))
    scene = open_settings(app)
    click_element(app, scene.fullscreen_button)
    assert calls == [True] and app.settings.fullscreen
    assert saved_settings()["fullscreen"] is True
    click_element(app, scene.fullscreen_button)
    assert calls == [True, False] and not app.settings.fullscreen


def test_done_saves_and_closes(app):
    scene = open_settings(app)
    app.settings.bot_pace = "slow"     # changed elsewhere: Done still keeps it
    click_element(app, scene.done_button)
    assert scene.closed and scene not in app.scenes
    assert saved_settings()["bot_pace"] == "slow"
    assert app.errors == []


def test_a_failed_save_is_shown_and_done_twice_still_closes(app, monkeypatch):
    def refuse(path=None):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(app.settings, "save", refuse)
    scene = open_settings(app)
    click_element(app, scene.pace_buttons["fast"])
    assert app.settings.bot_pace == "fast"            # applied even so
    assert "Could not save" in scene.message
    click_element(app, scene.done_button)
    assert not scene.closed                           # once: the player sees why
    click_element(app, scene.done_button)
    assert scene.closed and app.errors == []


def test_escape_saves_and_closes(app):
    scene = open_settings(app)
    press(app, pygame.K_ESCAPE)
    assert scene.closed
    assert paths.settings_path().exists()


# ---- monkey tests ------------------------------------------------------------------------------

EXTRA_KEYS = ([pygame.K_ESCAPE, pygame.K_F1, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END,
               pygame.K_F11]
              + [getattr(pygame, f"K_{c}") for c in "bcdfghijklmnopqrtuvwx0246789"])


def extra_events(app: App, rng: Rng, count: int) -> list[pygame.event.Event]:
    """What `monkey_events` leaves out: a press or a release alone (drags that start or end
    anywhere), keys held with Shift, more keys, precise wheel turns and VIDEORESIZE events
    of any size from 1x1 to 2560x1440."""
    events = []
    for _ in range(count):
        roll = rng.below(100)
        pos = to_window(app, (rng.randint(-40, 1960), rng.randint(-40, 1120)))
        if roll < 40:
            kind = pygame.MOUSEBUTTONDOWN if rng.below(2) else pygame.MOUSEBUTTONUP
            events.append(pygame.event.Event(kind, pos=pos, button=rng.choice((1, 1, 2, 3)), touch=False))
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=to_window(app, (rng.below(1920), rng.below(1080))),
                                             rel=(5, -5), buttons=(1, 0, 0), touch=False))
        elif roll < 75:
            key = rng.choice(EXTRA_KEYS)
            mod = rng.choice((0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
            kind = pygame.KEYDOWN if rng.below(3) else pygame.KEYUP
            events.append(pygame.event.Event(kind, key=key, mod=mod, unicode=chr(key) if key < 127 else "",
                                             scancode=0))
        elif roll < 90:
            y = rng.choice((-5, -1, 1, 4))
            events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, precise_x=0.0, precise_y=float(y),
                                             flipped=False, touch=False, which=0))
        else:
            w, h = rng.randint(1, 2560), rng.randint(1, 1440)
            if rng.below(2):
                events.append(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))
            else:
                events.append(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h))
    return events


def monkey(app: App, make: Callable[[App], Scene], seed: int, total: int = 5000) -> int:
    """Feed `total` random events in batches through `app.step`; re-open the scene whenever it
    closed. Returns how many times it was opened."""
    rng = Rng(seed)
    scene = app.push(make(app))
    opened = 1
    started = time.perf_counter()
    sent = 0
    while sent < total:
        # Escape and F1 (both close the rules) come from extra_events only, now and then:
        # re-opening the rules costs a text layout, and the point is what happens while open.
        batch = [event for event in monkey_events(app, rng, 24, allow_escape=False)
                 if getattr(event, "key", None) != pygame.K_F1] + extra_events(app, rng, 12)
        sent += len(batch)
        app.step(events=batch + pygame.event.get(), dt=FRAME)   # plus pygame-gui's own events
        assert app.errors == [], app.errors[-1]
        if scene.closed:
            scene = app.push(make(app))
            opened += 1
        app.running = True   # a stray Escape on the base scene must not matter here
    app.on_resize(WINDOW)
    frames(app, 3)
    assert time.perf_counter() - started < 60
    print(f"{sent} events, opened {opened} times, {time.perf_counter() - started:.1f} s")
    return opened


def test_monkey_rules(app, two_games):
    opened = monkey(app, lambda a: RulesScene(a), seed=1234)
    assert app.errors == []
    assert opened > 1          # Escape, F1 or Close were hit, and it opened again


def test_monkey_settings(app):
    opened = monkey(app, SettingsScene, seed=4321)
    assert app.errors == []
    assert opened > 1
    # whatever the monkey chose was saved, and the file reads back the same
    assert Settings.load() == app.settings


@pytest.mark.parametrize("home", ["/home/ann", "/home/" + "a-very-long-user-name" * 4])
def test_where_the_settings_are_kept_is_said_inside_the_panel_clear_of_done(app, monkeypatch, home):
    """The line under the settings sat over the Done button (issue 22): now it stays in its own
    box inside the panel, the path shortened from the middle but never cut at its file name."""
    from game.scenes import settings as settings_module
    from pathlib import Path
    from game.ui import theme
    monkeypatch.setattr(settings_module.paths, "settings_path",
                        lambda: Path(home) / ".config" / "Journeys" / "deep" / "folder" / "settings.json")
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: Path("/elsewhere")))
    box = settings_module.FOOTNOTE
    assert settings_module.PANEL.contains(box) and not box.colliderect(settings_module.DONE)
    text = settings_module.short_path(settings_module.paths.settings_path(), theme.SIZE_SMALL, box.width)
    assert theme.font(theme.SIZE_SMALL).size(text)[0] <= box.width
    assert text.endswith("settings.json")
    scene = open_settings(app)
    frames(app, 2)
    assert app.errors == [] and not scene.closed
