"""The sound effects in sounds/ and the SoundBank that plays them.

Runs under SDL's dummy drivers: nothing is heard, but pygame's mixer works normally.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import array  # noqa: E402
import importlib  # noqa: E402
import importlib.util  # noqa: E402
import math  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import textwrap  # noqa: E402
import wave  # noqa: E402
from pathlib import Path  # noqa: E402
from types import ModuleType  # noqa: E402
from typing import Any
from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import assets  # noqa: E402
from game.ui import sound  # noqa: E402
from game.ui.sound import PLAYED_LIMIT, SoundBank, effects  # noqa: E402

EFFECTS = effects()   # the app's and every game's

GENERATOR = Path(__file__).resolve().parents[2] / "build_scripts" / "make_sounds.py"
FULL_SCALE = 32768.0


def read_wav(path: Path) -> tuple[Any, list[float]]:
    """The parameters and the samples (full scale = 1.0) of a 16-bit WAV file."""
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        frames = w.readframes(w.getnframes())
    pcm = array.array("h")
    pcm.frombytes(frames)
    if sys.byteorder == "big":
        pcm.byteswap()
    return params, [v / FULL_SCALE for v in pcm]


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", GENERATOR)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def bank() -> Iterator[SoundBank]:
    """A SoundBank on a real (dummy-driver) mixer; the mixer is left as it was found."""
    was_running = pygame.mixer.get_init()
    b = SoundBank(volume=0.5, muted=False, min_interval=0.0)
    yield b
    b.close()
    if not was_running:
        pygame.mixer.quit()


@pytest.fixture
def broken_mixer(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A pygame whose mixer is not running and refuses to start; counts the attempts."""
    attempts: list[int] = []

    def refuse(*args: object, **kwargs: object) -> None:
        attempts.append(1)
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    return attempts


# -- the files -------------------------------------------------------------------------

def test_effect_names_are_unique_and_match_the_generator() -> None:
    assert len(set(EFFECTS)) == len(EFFECTS)
    if not GENERATOR.is_file():
        pytest.skip("build_scripts/ is not part of this installation")
    generator = load_generator()
    assert set(generator.recipes()) == set(EFFECTS)   # every effect made, and only those
    assert set(generator.APP_RECIPES) == set(sound.APP_EFFECTS)


def test_each_games_recipes_are_in_its_folder_for_the_effects_it_declares() -> None:
    """A game's recipes are found by name (game/games/<id>/sounds.py) and are exactly the
    effects its specs declare: none of another game's, none of the app's, none missing."""
    if not GENERATOR.is_file():
        pytest.skip("build_scripts/ is not part of this installation")
    from game.core.registry import GAMES_PACKAGE, GameSpec, game_packages
    found = load_generator().game_recipes()
    for folder in game_packages():
        package = importlib.import_module(f"{GAMES_PACKAGE}.{folder}")
        declared = {name for value in vars(package).values() if isinstance(value, GameSpec)
                    for name in value.sounds}
        assert set(found.get(folder, {})) == declared, folder



def test_the_app_never_imports_the_recipes_or_the_synthesiser() -> None:
    """The app plays files: opening every game (rules, bots, scene) and the sound bank brings
    in no recipe module and not the synthesiser. In a fresh interpreter, to see its imports."""
    code = textwrap.dedent("""
        import sys
        import game.app, game.ui.sound
        from game.core.registry import import_attr, playable_games
        for spec in playable_games():
            spec.options, spec.knowledge(), import_attr(spec.scene)
        game.ui.sound.SoundBank(volume=0.5).play("bell")
        made = sorted(m for m in sys.modules if m == "game.tools.synth" or m.endswith(".sounds"))
        print(" ".join(made) or "none")
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[-1] == "none", out.stdout

@pytest.mark.parametrize("name", EFFECTS)
def test_every_effect_is_a_short_soft_clean_wav(name: str) -> None:
    path = assets.path("sounds", f"{name}.wav")
    assert path.is_file(), f"sounds/{name}.wav is missing: run build_scripts/make_sounds.py"
    params, x = read_wav(path)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100)
    assert params.comptype == "NONE"
    seconds = params.nframes / params.framerate
    longest = 2.0 if name == "game_end" else 0.8
    assert 0.05 <= seconds <= longest, f"{name} lasts {seconds:.2f} s"
    peak = max(abs(v) for v in x)
    peak_db = 20 * math.log10(peak)
    assert -10.0 <= peak_db <= -3.0, f"{name} peaks at {peak_db:.1f} dBFS (want about -6)"
    rms_db = 10 * math.log10(sum(v * v for v in x) / len(x))
    assert rms_db > -40.0, f"{name} is nearly silent ({rms_db:.1f} dBFS RMS)"
    # no clicks at the ends: the first and last samples are (nearly) silent
    assert abs(x[0]) < 0.002 and abs(x[-1]) < 0.002
    assert max(abs(v) for v in x[-20:]) < 0.01, f"{name} ends abruptly"
    # no DC offset
    assert abs(sum(x) / len(x)) < 0.002


def test_the_sound_folder_stays_small() -> None:
    total = sum(assets.path("sounds", f"{name}.wav").stat().st_size for name in EFFECTS)
    assert total < 1_500_000


@pytest.mark.parametrize("name", [n for n in EFFECTS if n != "game_end"])  # game_end: ~3 s
def test_committed_files_are_what_the_generator_makes(name: str) -> None:
    """The generator is deterministic and the committed files are up to date (allowing one
    step of rounding for another platform's maths library)."""
    if not GENERATOR.is_file():
        pytest.skip("build_scripts/ is not part of this installation")
    generator = load_generator()
    made = generator.render(name)
    assert made == generator.render(name)
    committed = assets.path("sounds", f"{name}.wav").read_bytes()
    assert len(made) == len(committed), f"sounds/{name}.wav is stale: rerun make_sounds.py"
    a, b = array.array("h", made[44:]), array.array("h", committed[44:])
    assert max(abs(p - q) for p, q in zip(a, b)) <= 1, f"sounds/{name}.wav is stale"


# -- the SoundBank -----------------------------------------------------------------------

def test_every_effect_plays_and_is_recorded(bank: SoundBank) -> None:
    if not bank.available:
        pytest.skip(f"no audio mixer here: {bank.last_error}")
    for name in EFFECTS:
        assert bank.play(name), f"{name}: {bank.last_error}"
    assert bank.played == list(EFFECTS)
    assert bank.last_error is None
    assert bank.preload() == len(EFFECTS)


def test_played_keeps_only_the_latest_names(bank: SoundBank) -> None:
    for i in range(PLAYED_LIMIT * 2 + 7):
        bank.play(EFFECTS[i % len(EFFECTS)])
    assert len(bank.played) == PLAYED_LIMIT
    assert bank.played[-1] == EFFECTS[(PLAYED_LIMIT * 2 + 6) % len(EFFECTS)]


def test_a_missing_effect_is_silent_and_explained(bank: SoundBank) -> None:
    assert bank.play("no_such_effect") is False
    assert bank.played == ["no_such_effect"]
    assert bank.last_error and "no_such_effect" in bank.last_error
    assert bank.play("no_such_effect") is False  # remembered, no second look at the disk
    assert bank.play("../pyproject") is False
    assert bank.play("") is False
    if bank.available:
        assert bank.play("click")  # the rest still works


def test_a_mixer_that_will_not_start_never_raises(broken_mixer: list[int]) -> None:
    bank = SoundBank(volume=0.8)
    for name in EFFECTS:
        assert bank.play(name) is False
    assert bank.played == list(EFFECTS)
    assert bank.last_error and "No available audio device" in bank.last_error
    assert len(broken_mixer) == 1  # tried once, not on every click
    assert bank.available is False
    assert bank.preload() == 0
    bank.set_volume(0.3)
    bank.set_muted(True)
    bank.set_muted(False)
    bank.stop()
    bank.close()
    assert bank.volume == pytest.approx(0.3)


def test_a_device_failing_during_play_never_raises(bank: SoundBank) -> None:
    if not bank.available:
        pytest.skip(f"no audio mixer here: {bank.last_error}")

    class Vanishing:
        def play(self) -> None:
            raise pygame.error("Audio device has been removed")

        def set_volume(self, volume: float) -> None:
            raise pygame.error("Audio device has been removed")

        def stop(self) -> None:
            raise pygame.error("Audio device has been removed")

    bank._sounds["coin"] = Vanishing()  # type: ignore[assignment]
    assert bank.play("coin") is False
    assert bank.last_error and "removed" in bank.last_error
    bank.set_volume(0.2)
    bank.set_muted(True)


def test_a_missing_sounds_folder_never_raises(bank: SoundBank,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def no_folder(kind: str, *parts: str) -> Path:
        raise assets.AssetError("The sounds/ folder of Journeys is missing")

    monkeypatch.setattr(sound.assets, "path", no_folder)
    assert bank.play("dice") is False
    if bank.available:
        assert bank.last_error and "missing" in bank.last_error


def test_mute(bank: SoundBank) -> None:
    if not bank.available:
        pytest.skip(f"no audio mixer here: {bank.last_error}")
    bank.set_muted(True)
    assert bank.muted
    assert bank.play("bell") is False
    assert bank.played == ["bell"]  # asked for, though not heard
    bank.set_muted(False)
    assert bank.play("bell") is True
    assert SoundBank(volume=1.0, muted=True).play("bell") is False


def test_volume(bank: SoundBank) -> None:
    if not bank.available:
        pytest.skip(f"no audio mixer here: {bank.last_error}")
    bank.set_volume(2.0)
    assert bank.volume == 1.0
    bank.set_volume(-1.0)
    assert bank.volume == 0.0
    assert bank.play("coin") is False  # volume 0 is silence
    bank.set_volume(float("nan"))
    assert bank.volume == 0.0
    bank.set_volume(0.25)
    assert bank.play("coin") is True
    loaded = bank._sounds["coin"]
    assert loaded is not None
    assert loaded.get_volume() == pytest.approx(0.25, abs=1 / 64)
    bank.set_volume(0.75)  # applies to effects already loaded
    assert loaded.get_volume() == pytest.approx(0.75, abs=1 / 64)
    assert SoundBank(volume=0.4).volume == pytest.approx(0.4)


def test_the_same_effect_does_not_stack_within_min_interval() -> None:
    was_running = pygame.mixer.get_init()
    bank = SoundBank(volume=0.5, min_interval=60.0)
    try:
        if not bank.available:
            pytest.skip(f"no audio mixer here: {bank.last_error}")
        assert bank.play("dice") is True
        assert bank.play("dice") is False
        assert bank.play("coin") is True
        assert bank.played == ["dice", "dice", "coin"]
    finally:
        bank.close()
        if not was_running:
            pygame.mixer.quit()


def test_survives_the_mixer_being_shut_down_and_restarted(bank: SoundBank) -> None:
    if not bank.available:
        pytest.skip(f"no audio mixer here: {bank.last_error}")
    assert bank.play("click")
    pygame.mixer.quit()  # e.g. pygame.quit() between two scenes' tests
    assert bank.play("click") is True  # reloaded under a fresh mixer, no crash
    assert pygame.mixer.get_init()


def test_pre_init_is_harmless() -> None:
    sound.pre_init()
