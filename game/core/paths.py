"""Where the user's files live: saves and statistics in the data folder, settings in the
config folder, each where the system expects them (platformdirs).

`JOURNEYS_HOME` overrides both (tests, or a portable install on a USB stick).
"""
from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "Journeys"


def _home() -> Path | None:
    value = os.environ.get("JOURNEYS_HOME")
    return Path(value) if value else None


def _user_dir(kind: str) -> Path:
    """The user's `kind` folder ("data" or "config"), created if needed."""
    home = _home()
    if home is not None:
        path = home / kind
    else:
        import platformdirs
        finder = platformdirs.user_data_dir if kind == "data" else platformdirs.user_config_dir
        path = Path(finder(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    return _user_dir("data")


def config_dir() -> Path:
    return _user_dir("config")


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosaves_dir() -> Path:
    """One autosave per unfinished game lives here (see `game.core.autosaves`)."""
    path = data_dir() / "autosaves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    """The single autosave of Journeys before every game had its own; still read, never
    written for a new game (continuing it moves it into `autosaves_dir`)."""
    return data_dir() / "autosave.json"


def stats_path() -> Path:
    return data_dir() / "statistics.json"


def settings_path() -> Path:
    return config_dir() / "settings.json"


def display_choice_path() -> Path:
    """How the window was best presented on each display (see `game.app`), so later starts
    need not measure again."""
    return config_dir() / "display.json"


def crash_log_path() -> Path:
    return data_dir() / "crash.log"
