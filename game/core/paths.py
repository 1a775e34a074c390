"""Where the user's files live: saves and statistics in the data folder, settings in the
config folder, each where the system expects them (platformdirs).

`JOURNEYS_HOME` overrides both (tests, or a portable install on a USB stick).
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

APP_NAME = "Journeys"


def _home() -> Path | None:
    value = os.environ.get("JOURNEYS_HOME")
    return Path(value) if value else None


#: folders that could not be made this run (a read-only medium): told once, then left alone
_UNWRITABLE: set[Path] = set()


def _made(path: Path) -> Path:
    """`path`, created if needed. A folder that cannot be made (a write-protected portable copy)
    is said once in the menu's notices; the app goes on, and what it would write there is not
    saved (each writer already says so when it fails)."""
    if path in _UNWRITABLE:
        return path
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _UNWRITABLE.add(path)
        from .saves import NOTICES, describe_os_error
        NOTICES.append(f"Journeys cannot make its folder {path} ({describe_os_error(exc)}): "
                       "you can play, but games, settings and statistics are not saved.")
        logging.getLogger(__name__).warning("%s", NOTICES[-1])
    return path


def _user_dir(kind: str) -> Path:
    """The user's `kind` folder ("data" or "config"), created if needed."""
    home = _home()
    if home is not None:
        path = home / kind
    else:
        import platformdirs
        finder = platformdirs.user_data_dir if kind == "data" else platformdirs.user_config_dir
        path = Path(finder(APP_NAME, appauthor=False))
    return _made(path)


def data_dir() -> Path:
    return _user_dir("data")


def config_dir() -> Path:
    return _user_dir("config")


def saves_dir() -> Path:
    return _made(data_dir() / "saves")


def autosaves_dir() -> Path:
    """One autosave per unfinished game lives here (see `game.core.autosaves`)."""
    return _made(data_dir() / "autosaves")


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

