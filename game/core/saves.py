"""Save files: JSON, versioned, written atomically, read defensively.

A save holds the session (seats, options, seed and the action log); loading replays the
actions. Reading checks every field a reader uses, so a damaged or hand-edited file gives a
clear SaveError, never an exception from deep inside json or int parsing; such a file is never
overwritten.
"""
from __future__ import annotations

import json
import logging
import os
import stat
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, TypeGuard
from collections.abc import Callable

SAVE_FORMAT = "journeys-save"
SAVE_VERSION = 1
#: no save of a real game comes near this; a bigger file is not read at all
MAX_SAVE_BYTES = 4 * 1024 * 1024
#: the app's own small files (settings, the display choice, the last set-up)
MAX_OWN_BYTES = 256 * 1024
#: names and seat names are cut to these lengths when read (what the screens can show)
MAX_NAME_CHARS = 80
MAX_SEAT_NAME_CHARS = 40
SEAT_KINDS = ("person", "bot")
BOT_LEVELS = ("easy", "normal", "hard")
#: a temporary file older than this belongs to a write that was interrupted
STALE_TEMP_S = 60.0
#: whether a folder can be opened and flushed (not on Windows)
FOLDER_FSYNC = os.name != "nt"


class SaveError(Exception):
    """A save file that cannot be used; the message is meant for the player."""


# ---- writing --------------------------------------------------------------------------------
def _fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable; Windows cannot open a folder for this, so skip it."""
    if not FOLDER_FSYNC:
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON so that the file is either the old one or the whole new one, never half.

    Write a temporary file beside it, flush it to disk, rename it over the target, then flush
    the folder so the rename itself survives a power cut."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = ("a file of that name is in the way" if isinstance(exc, (FileExistsError, NotADirectoryError))
               else describe_os_error(exc))
        raise OSError(exc.errno, f"the folder {path.parent} cannot be made ({why})") from exc
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
    _fsync_folder(path.parent)


def remove_temp_files(folder: Path, older_than: float = STALE_TEMP_S) -> list[Path]:
    """Delete what interrupted writes left in `folder` (`.name.xxxx.tmp`, older than
    `older_than` seconds, so a write going on right now is left alone); returns what went."""
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = [p for p in Path(folder).iterdir()
                      if p.name.startswith(".") and p.name.endswith(".tmp")]
    except OSError:
        return removed
    for path in candidates:
        try:
            if path.is_file() and now - path.stat().st_mtime > older_than:
                path.unlink()
                removed.append(path)
        except OSError:
            pass
    return removed


#: what a write reports when it is done: None when it worked, else the reason, in words
WriteDone = Callable[[str | None], None]


def describe_os_error(exc: OSError) -> str:
    """An OSError as a player reads it ("No space left on device")."""
    return exc.strerror or str(exc) or type(exc).__name__


class BackgroundWriter:
    """Writes JSON files atomically on a worker thread, so a frame never waits for the disk.

    The newest data for a path replaces any older one still waiting; `wait` blocks until a
    path (or everything) handed over is on disk. Data None removes the file. Each write may
    name a `done` callback, called on the worker thread with None or the reason it failed."""

    def __init__(self) -> None:
        self._pending: dict[Path, tuple[Any, WriteDone | None]] = {}
        self._busy: Path | None = None
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self.errors: list[str] = []

    def write(self, path: Path, data: Any, done: WriteDone | None = None) -> None:
        with self._cond:
            self._pending[Path(path)] = (data, done)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def wait(self, path: Path | None = None, timeout: float = 10.0) -> bool:
        """Wait until `path` (None: every path) is written; False if that took too long."""
        key = None if path is None else Path(path)

        def settled() -> bool:
            if key is None:
                return not self._pending and self._busy is None
            return key not in self._pending and self._busy != key
        with self._cond:
            return self._cond.wait_for(settled, timeout)

    def flush(self, timeout: float = 10.0) -> bool:
        return self.wait(None, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending))
                path, (data, done) = next(iter(self._pending.items()))
                del self._pending[path]
                self._busy = path
            problem = None
            try:
                if data is None:
                    path.unlink(missing_ok=True)
                else:
                    write_json_atomic(path, data)
            except OSError as exc:
                problem = describe_os_error(exc)
                self.errors.append(f"{path.name}: {problem}")
                del self.errors[:-20]
            except (TypeError, ValueError, RecursionError) as exc:   # data that is not JSON
                problem = f"the game could not be written as a save ({exc})"
                self.errors.append(f"{path.name}: {problem}")
            finally:
                if done is not None:
                    try:
                        done(problem)
                    except Exception:   # a report must never stop the writer
                        pass
                with self._cond:
                    self._busy = None
                    self._cond.notify_all()


#: the app's one background writer (autosaves)
WRITER = BackgroundWriter()


# ---- reading --------------------------------------------------------------------------------
def read_json_file(path: Path, what: str, max_bytes: int | None = None) -> Any:
    """The JSON in `path`, or SaveError with a sentence about `what` ("The save file x.json").

    Bounded: a file larger than `max_bytes` is not read; json's recursion limit, int parsing
    limits and anything else malformed become SaveError."""
    path = Path(path)
    max_bytes = MAX_SAVE_BYTES if max_bytes is None else max_bytes
    try:
        info = path.stat()
    except FileNotFoundError:
        raise SaveError(f"{what} does not exist.") from None
    except OSError as exc:
        raise SaveError(f"{what} cannot be read: {describe_os_error(exc)}.") from None
    if not stat.S_ISREG(info.st_mode):   # a folder, a pipe (which would wait for a writer forever)...
        raise SaveError(f"{what} is not a file.")
    size = info.st_size
    if size > max_bytes:
        raise SaveError(f"{what} is damaged: it is far too large for a save "
                        f"({size // (1024 * 1024)} MB).")
    try:
        with open(path, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise SaveError(f"{what} does not exist.") from None
    except OSError as exc:
        raise SaveError(f"{what} cannot be read: {describe_os_error(exc)}.") from None
    if len(raw) > max_bytes:
        raise SaveError(f"{what} is damaged: it is far too large for a save.")
    if not raw.strip():
        raise SaveError(f"{what} is empty.")
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{what} is not a Journeys save (it is not text).") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"{what} is damaged or cut short "
                        f"(line {exc.lineno}, column {exc.colno}).") from None
    except RecursionError:
        raise SaveError(f"{what} is damaged: it is nested far too deeply.") from None
    except ValueError as exc:   # e.g. an integer with thousands of digits
        raise SaveError(f"{what} is damaged: {str(exc)[:120]}.") from None


#: what happened to the app's own files this run (damaged ones put aside, a folder that cannot
#: be written), for the main menu to tell; `take_notices` empties it
NOTICES: list[str] = []


def take_notices() -> list[str]:
    taken = list(NOTICES)
    NOTICES.clear()
    return taken


def read_own_json(path: Path, what: str) -> Any:
    """A JSON file the app itself writes (settings, the display choice, the last set-up): its
    data, or None when it is not there. A damaged one (malformed, nested too deeply, far too
    large, not a file) is renamed aside and told in NOTICES, and None lets the caller go on
    with its defaults: a bad file never stops the app."""
    path = Path(path)
    try:
        return read_json_file(path, what, MAX_OWN_BYTES)
    except SaveError as exc:
        if not path.exists() and not path.is_symlink():
            return None
        kept = _put_aside(path)
        where = f" It is kept as {kept.name}." if kept else ""
        NOTICES.append(f"{exc}{where} Journeys goes on with the defaults.")
        logging.getLogger(__name__).warning("%s", NOTICES[-1])
        return None


def _put_aside(path: Path) -> Path | None:
    """Rename a damaged file out of the way (so it is not read again, and not lost)."""
    if not path.is_file():
        return None
    aside = path.with_name(f"{path.stem}.damaged-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    try:
        path.rename(aside)
    except OSError:
        return None
    return aside


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, bool, int, float))


def _is_option_value(value: Any) -> bool:
    """One choice, or one choice per seat (a per-seat option such as Ubi's expert areas)."""
    if isinstance(value, list):
        return len(value) <= 8 and all(_is_scalar(v) for v in value)
    return _is_scalar(value)


def _check_fields(data: dict[str, Any], name: str) -> None:
    """Every field a reader of a save uses, with its type; SaveError names the first bad one."""
    def bad(key: str) -> SaveError:
        return SaveError(f"The save file {name} is damaged: '{key}' is missing or wrong.")

    for key, kind in (("seats", list), ("options", dict), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise bad(key)
    if not _is_int(data.get("seed")) or not 0 <= data["seed"] < 2 ** 64:
        raise bad("seed")
    if not data["seats"] or len(data["seats"]) > 8:
        raise bad("seats")
    for seat in data["seats"]:
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            raise bad("seats")
        if seat.get("kind", "person") not in SEAT_KINDS or seat.get("level", "normal") not in BOT_LEVELS:
            raise bad("seats")
        if not _is_int(seat.get("colour", 0)) or not 0 <= seat.get("colour", 0) < 64:
            raise bad("seats")
    for key, value in data["options"].items():
        if not isinstance(key, str) or not _is_option_value(value):
            raise bad("options")
    if not all(isinstance(action, dict) for action in data["actions"]):
        raise bad("actions")
    for key, kinds in (("name", str), ("title", str), ("saved_at", str), ("over", bool),
                       ("seed_known", bool), ("rules_version", int)):
        if key in data and not isinstance(data[key], kinds):
            raise bad(key)


def read_save(path: Path, known_games: set[str] | None = None) -> dict[str, Any]:
    """Read and check a save file; raises SaveError with a reason a player can act on.

    Names come back cut to what a screen can show."""
    path = Path(path)
    name = path.name if len(path.name) <= 120 else path.name[:100] + "…"
    data = read_json_file(path, f"The save file {name}")
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"The file {name} is not a Journeys save.")
    version = data.get("version")
    if not _is_int(version):
        raise SaveError(f"The save file {name} has no version number.")
    if version > SAVE_VERSION:
        shown = f"save version {version}; " if version < 10 ** 6 else ""
        raise SaveError(f"The save file {name} was made by a newer Journeys ({shown}this one "
                        f"reads up to save version {SAVE_VERSION}). Please update.")
    if version < 1:
        raise SaveError(f"The save file {name} has an unknown version ({version}).")
    game = data.get("game")
    if not isinstance(game, str):
        raise SaveError(f"The save file {name} is damaged: 'game' is missing or wrong.")
    if known_games is not None and game not in known_games:
        raise SaveError(f"The save file {name} is for a game this Journeys does not know "
                        f"({game[:40]!r}).")
    _check_fields(data, name)
    for key in ("name", "title"):
        if key in data:
            data[key] = data[key][:MAX_NAME_CHARS]
    for seat in data["seats"]:
        seat["name"] = seat["name"][:MAX_SEAT_NAME_CHARS]
    return data
