"""The player's settings, kept as JSON in the user config folder (no pygame here)."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from game.core import paths
from game.core.saves import read_own_json, write_json_atomic

WINDOW_SIZES = ((1280, 720), (1366, 768), (1600, 900), (1920, 1080))
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")


@dataclasses.dataclass
class Settings:
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    animation_speed: str = "normal"
    bot_pace: str = "normal"          # how long bots pause so a person can follow

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read the settings; anything missing or damaged falls back to its default."""
        settings = cls()
        try:
            path = path or paths.settings_path()
        except OSError:   # no config folder, and none can be made (a read-only medium)
            return settings
        data = read_own_json(Path(path), "The settings file")
        if not isinstance(data, dict):
            return settings
        size = data.get("window_size")
        if (isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) for v in size)
                and 320 <= size[0] <= 10000 and 200 <= size[1] <= 10000):
            settings.window_size = (size[0], size[1])
        if isinstance(data.get("fullscreen"), bool):
            settings.fullscreen = data["fullscreen"]
        if isinstance(data.get("volume"), (int, float)):
            settings.volume = min(1.0, max(0.0, float(data["volume"])))
        if isinstance(data.get("muted"), bool):
            settings.muted = data["muted"]
        if data.get("animation_speed") in ANIMATION_SPEEDS:
            settings.animation_speed = data["animation_speed"]
        if data.get("bot_pace") in ANIMATION_SPEEDS:
            settings.bot_pace = data["bot_pace"]
        return settings

    def save(self, path: Path | None = None) -> None:
        write_json_atomic(path or paths.settings_path(), self.to_json())

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["window_size"] = list(self.window_size)
        return data
