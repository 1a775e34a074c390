"""Sound effects: the one object the app plays its short effects through.

The effects are WAV files in `sounds/`, made by `build_scripts/make_sounds.py`: the app's own
(`APP_EFFECTS`, their recipes in make_sounds.py) and each game's (`GameSpec.sounds`, their
recipes in the game's `sounds.py`); `effects()` names them all. The app only plays the files:
it never imports a recipe or the synthesiser (`game/tools/synth.py`). A
`SoundBank` loads each one the first time it is asked for and keeps it.

Sound is a nicety, never a reason to fail: with no audio device, SDL's dummy driver, a
mixer that will not start or a file that is missing, `play` quietly does nothing and the
reason is kept in `last_error` for diagnostics (the settings screen or a log may show it).
"""
from __future__ import annotations

import logging
import time
from collections.abc import Iterable

import pygame

from game import assets

#: the effects of the app and of the table games share
APP_EFFECTS: tuple[str, ...] = (
    "card_flip",     # a card turned face up
    "card_place",    # a card laid on the table
    "card_shuffle",  # a deck shuffled
    "coin",          # money gained or paid
    "dice",          # dice rolled
    "click",         # a UI button
    "error",         # an illegal click
    "turn",          # your turn
    "game_end",      # the game is over
)


def effects() -> tuple[str, ...]:
    """Every effect: the app's, then each game's own (`GameSpec.sounds`), once each."""
    from game.core.registry import declared_names
    return declared_names("sounds", APP_EFFECTS)

MIXER_FREQUENCY = 44100  # the rate the effects are made at, so nothing is resampled
MIXER_BUFFER = 512       # samples per buffer: about 12 ms, low latency for clicks
MIXER_CHANNELS = 24      # effects that may sound at once (every effect at once, with room)
PLAYED_LIMIT = 50        # how many names `played` keeps


def pre_init() -> None:
    """Ask pygame for a low-latency mixer. Call before `pygame.init()`, which otherwise
    starts the mixer with a large default buffer; harmless (and silent) if it fails."""
    try:
        pygame.mixer.pre_init(MIXER_FREQUENCY, -16, 2, MIXER_BUFFER)
    except Exception:  # sound must never stop the app
        pass


class SoundBank:
    """The app's sound effects, with a volume and a mute switch.

    `played` lists the names asked for through `play`, newest last and at most the last
    `PLAYED_LIMIT`, whether or not they could be heard (muted, no device): tests read it to
    check that a scene asked for the right sound.
    """

    def __init__(self, volume: float = 0.7, muted: bool = False,
                 min_interval: float = 0.03) -> None:
        """`volume` is 0..1; the same effect asked for again within `min_interval` seconds
        is not started twice (a burst of bot moves would otherwise stack up loudly)."""
        self.volume: float = _clamp(volume)
        self.muted: bool = bool(muted)
        self.min_interval: float = max(0.0, float(min_interval))
        self.played: list[str] = []
        self.last_error: str | None = None
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}  # None: could not load
        self._last_started: dict[str, float] = {}
        self._mixer_failed = False
        self._closed = False

    # -- settings ----------------------------------------------------------------------

    def set_volume(self, volume: float) -> None:
        """Set the volume (clamped to 0..1) for every effect, loaded or not."""
        self.volume = _clamp(volume)
        for name, sound in self._sounds.items():
            if sound is not None and self._mixer_ready():
                try:
                    sound.set_volume(self.volume)
                except Exception as exc:  # pygame.error if the mixer went away meanwhile
                    self._fail(f"volume of {name}: {exc}")

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute; muting also silences effects that are still sounding."""
        self.muted = bool(muted)
        if self.muted:
            self.stop()

    # -- playing -----------------------------------------------------------------------

    @property
    def available(self) -> bool:
        """True if effects can be heard at all (a working mixer), whatever the volume.
        Starts the mixer if nobody has yet."""
        return self._ensure_mixer()

    def start(self) -> bool:
        """Start the audio device now rather than at the first effect (whose click would
        wait for it); the same answer as `available`."""
        return self._ensure_mixer()

    def play(self, name: str) -> bool:
        """Play effect `name` (one of `effects()`, i.e. the file sounds/<name>.wav).

        Returns True if the effect was handed to the mixer, False if it is silent for any
        reason (muted, volume 0, no audio device, missing file, all channels busy). Never
        raises.
        """
        self.played.append(name)
        if len(self.played) > PLAYED_LIMIT:
            del self.played[:-PLAYED_LIMIT]
        if self.muted or self.volume <= 0.0 or self._closed:
            return False
        now = time.monotonic()
        if now - self._last_started.get(name, -1e9) < self.min_interval:
            return False
        sound = self._load(name)
        if sound is None:
            return False
        try:
            channel = sound.play()
        except Exception as exc:  # the device vanished under us
            self._fail(f"play {name}: {exc}")
            return False
        if channel is None:  # every channel busy: dropping one effect is fine
            return False
        self._last_started[name] = now
        return True

    def preload(self, names: Iterable[str] | None = None) -> int:
        """Load effects ahead of time (all by default; e.g. behind a loading screen) so the
        first `play` does not touch the disk; returns how many are ready."""
        return sum(1 for name in (effects() if names is None else names) if self._load(name) is not None)

    def stop(self) -> None:
        """Silence every effect of this bank that is still sounding."""
        if not self._mixer_ready():
            return
        for sound in self._sounds.values():
            if sound is not None:
                try:
                    sound.stop()
                except Exception as exc:
                    self._fail(f"stop: {exc}")

    def close(self) -> None:
        """Stop and forget every effect; later `play` calls are silent. Call before
        `pygame.quit()` on the way out."""
        self.stop()
        self._sounds.clear()
        self._closed = True

    # -- inside --------------------------------------------------------------------------

    def _fail(self, message: str) -> None:
        if message != self.last_error:
            logging.getLogger(__name__).warning("sound: %s", message)
        self.last_error = message

    @staticmethod
    def _mixer_ready() -> bool:
        try:
            return bool(pygame.mixer.get_init())
        except Exception:
            return False

    def _ensure_mixer(self) -> bool:
        """Is the mixer running? Start it if nobody has (once: a failure is remembered, so a
        machine without sound does not retry on every click)."""
        if self._mixer_ready():
            try:  # a mixer started by pygame.init() has only 8 channels
                if pygame.mixer.get_num_channels() < MIXER_CHANNELS:
                    pygame.mixer.set_num_channels(MIXER_CHANNELS)
            except Exception:
                pass
            return True
        # Sounds loaded under a mixer that has since been shut down must not be touched
        # again (pygame may crash playing them); load afresh when a mixer returns.
        self._sounds = {name: None for name, sound in self._sounds.items() if sound is None}
        if self._mixer_failed or self._closed:
            return False
        try:
            pygame.mixer.init(MIXER_FREQUENCY, -16, 2, MIXER_BUFFER)
            if pygame.mixer.get_num_channels() < MIXER_CHANNELS:
                pygame.mixer.set_num_channels(MIXER_CHANNELS)
        except Exception as exc:  # pygame.error: no device, driver missing, ...
            self._mixer_failed = True
            self._fail(f"audio unavailable: {exc}")
            return False
        return self._mixer_ready()

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        """The Sound for `name`, loading and caching it on first use; None if unavailable."""
        if not self._ensure_mixer():
            return None
        if name in self._sounds:
            return self._sounds[name]
        sound: pygame.mixer.Sound | None = None
        if not name or any(ch in name for ch in "/\\:") or name.startswith("."):
            self._fail(f"not an effect name: {name!r}")
        else:
            try:
                sound = pygame.mixer.Sound(str(assets.path("sounds", f"{name}.wav")))
                sound.set_volume(self.volume)
            except Exception as exc:  # missing or unreadable file, AssetError, pygame.error
                self._fail(f"effect {name!r} unavailable: {exc}")
                sound = None
        self._sounds[name] = sound
        return sound


def _clamp(volume: float) -> float:
    """`volume` as a float in 0..1 (NaN counts as 0)."""
    v = float(volume)
    if v != v:
        return 0.0
    return min(1.0, max(0.0, v))
