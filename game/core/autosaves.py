"""Every unfinished game keeps its own autosave: one file per game in the autosaves folder.

A new game gets a fresh file name, so starting or loading a game never overwrites another
game's autosave, nor a damaged or newer-version one. The single `autosave.json` of earlier
versions is listed with them and moved into the folder when it is continued. Finished games'
autosaves are kept a while (the newest few), then removed; half-written temporary files of
interrupted writes are removed at start. A game nobody made a move in has nothing to resume:
its autosave is removed when its table closes (`remove_if_unmoved`; not after a crash, whose
screen offers it) and, left over from an earlier run, at start (`remove_unmoved`).
"""
from __future__ import annotations

import os
import time
from pathlib import Path

from . import paths
from .saves import WRITER, SaveError, read_save, remove_temp_files

#: finished games' autosaves kept (newest first); older ones go at start
FINISHED_KEPT = 10
_tidied: set[Path] = set()


def new_path(game_id: str) -> Path:
    """A file name no other autosave has: the game, the time and a few random letters.

    Never raises: when the folder cannot be made, the autosave's own write fails and says so."""
    try:
        folder = paths.autosaves_dir()
    except OSError:
        folder = paths.data_dir() / "autosaves"
    safe = "".join(c for c in game_id if c.isalnum() or c in "-_")[:32] or "game"
    while True:
        path = folder / f"{safe}-{time.strftime('%Y%m%d-%H%M%S')}-{os.urandom(3).hex()}.json"
        if not path.exists():
            return path


def is_legacy(path: Path) -> bool:
    return Path(path) == paths.autosave_path()


def is_autosave(path: Path) -> bool:
    """Whether `path` is one of the autosaves (in their folder, or the old single one)."""
    path = Path(path)
    return is_legacy(path) or path.parent == paths.data_dir() / "autosaves"


def files() -> list[Path]:
    """Every autosave file (the old single one too), newest first."""
    found = []
    legacy = paths.autosave_path()
    if legacy.is_file():
        found.append(legacy)
    try:
        found += [p for p in paths.autosaves_dir().glob("*.json")
                  if p.is_file() and not p.name.startswith(".")]
    except OSError:
        pass

    def modified(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0
    return sorted(found, key=lambda p: (modified(p), p.name), reverse=True)


def _finished(path: Path) -> bool:
    """Whether the file is a save this Journeys reads, of a game that is over: only such a file
    is ever removed (a damaged or newer-version one is left for the player to see)."""
    try:
        return read_save(path).get("over") is True
    except SaveError:
        return False


def unmoved(data: dict) -> bool:
    """Whether a save's data is of a game still at its start: not over, no move in it."""
    return data.get("over") is not True and not data.get("actions")


def remove_if_unmoved(path: Path) -> bool:
    """Remove the autosave at `path` if it holds a game nobody moved in (True if removed); a
    file this Journeys cannot read is kept."""
    WRITER.flush()
    try:
        if not unmoved(read_save(path)):
            return False
        path.unlink()
    except (SaveError, OSError):
        return False
    return True


def remove_unmoved() -> list[Path]:
    """Remove the autosaves of games nobody moved in (left at move 0); returns them. Only
    files this Journeys reads are removed, never a damaged or newer-version one. Call it only
    while no game is open (at start): the open game's autosave may still be at move 0."""
    WRITER.flush()   # a write still queued (an undo back to move 0, say) lands first
    removed = []
    for path in files():
        if is_legacy(path):
            continue
        try:
            if not unmoved(read_save(path)):
                continue
        except SaveError:
            continue
        try:
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def tidy(force: bool = False) -> None:
    """Once per data folder and run: remove stale temporary files, old finished autosaves and
    the autosaves of games left at move 0."""
    folder = paths.data_dir()
    if folder in _tidied and not force:
        return
    _tidied.add(folder)
    for place in (folder, paths.saves_dir(), paths.autosaves_dir(), paths.config_dir()):
        remove_temp_files(place)
    finished = [p for p in files() if not is_legacy(p) and _finished(p)]
    for path in finished[FINISHED_KEPT:]:
        try:
            path.unlink()
        except OSError:
            pass
    remove_unmoved()
