"""Save files: JSON, versioned, written atomically.

A save holds the session (seats, options, seed and the action log); loading replays the
actions. A damaged file is reported with a clear message and never overwritten.
"""
from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

SAVE_FORMAT = "journeys-save"
SAVE_VERSION = 1


class SaveError(Exception):
    """A save file that cannot be used; the message is meant for the player."""


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON so that the file is either the old one or the whole new one, never half.

    Write a temporary file beside it, flush it to disk, then rename it over the target."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class BackgroundWriter:
    """Writes JSON files atomically on a worker thread, so a frame never waits for the disk.

    The newest data for a path replaces any older one still waiting; `flush` waits until
    everything handed over is on disk. Write errors are kept in `errors`."""

    def __init__(self) -> None:
        self._pending: dict[Path, Any] = {}
        self._busy = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self.errors: list[str] = []

    def write(self, path: Path, data: Any) -> None:
        with self._cond:
            self._pending[Path(path)] = data
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending))
                path, data = next(iter(self._pending.items()))
                del self._pending[path]
                self._busy = True
            try:
                write_json_atomic(path, data)
            except OSError as exc:
                self.errors.append(f"{path.name}: {exc}")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


#: the app's one background writer (autosaves)
WRITER = BackgroundWriter()


def read_save(path: Path, known_games: set[str] | None = None) -> dict[str, Any]:
    """Read and check a save file; raises SaveError with a reason a player can act on."""
    path = Path(path)
    name = path.name
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"The save file {name} does not exist.") from None
    except OSError as exc:
        raise SaveError(f"The save file {name} cannot be read: {exc.strerror or exc}.") from None
    if not raw.strip():
        raise SaveError(f"The save file {name} is empty.")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"The save file {name} is not a Journeys save (it is not text).") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"The save file {name} is damaged or cut short "
                        f"(line {exc.lineno}, column {exc.colno}).") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"The file {name} is not a Journeys save.")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError(f"The save file {name} has no version number.")
    if version > SAVE_VERSION:
        raise SaveError(f"The save file {name} was made by a newer Journeys (save version "
                        f"{version}; this one reads up to {SAVE_VERSION}). Please update.")
    if version < 1:
        raise SaveError(f"The save file {name} has an unknown version ({version}).")
    game = data.get("game")
    if known_games is not None and game not in known_games:
        raise SaveError(f"The save file {name} is for a game this Journeys does not know "
                        f"({game!r}).")
    for key, kind in (("seats", list), ("options", dict), ("seed", int), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"The save file {name} is damaged: '{key}' is missing or wrong.")
    return data
