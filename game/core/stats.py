"""Statistics kept across games: played and won per game and per seat kind, best scores.

Stored as JSON in the user data folder. A file that is damaged or not shaped as statistics
(valid JSON but a list, a number where a table belongs...) is set aside, renamed
`statistics.json.damaged-<date>`, rather than lost or allowed to stop the app; the screen that
comes next says so (`take_notice`).
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from collections.abc import Sequence

from . import paths
from .saves import SaveError, read_json_file, write_json_atomic

BEST_KEPT = 10
MAX_STATS_BYTES = 2 * 1024 * 1024
_notices: list[str] = []


def empty() -> dict[str, Any]:
    return {"version": 1, "games": {}}


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def well_formed(data: Any) -> bool:
    """Whether `data` has the shape record_game writes (so adding a game cannot fail)."""
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        return False
    for game in data["games"].values():
        if not isinstance(game, dict) or not _is_count(game.get("played")):
            return False
        if not isinstance(game.get("by_kind"), dict) or not isinstance(game.get("best"), list):
            return False
        for entry in game["by_kind"].values():
            if not (isinstance(entry, dict) and _is_count(entry.get("played"))
                    and _is_count(entry.get("won"))):
                return False
        for best in game["best"]:
            if not isinstance(best, dict) or not isinstance(best.get("score"), (int, float)) \
                    or isinstance(best.get("score"), bool):
                return False
    return True


def load(path: Path | None = None) -> dict[str, Any]:
    """The statistics, or empty ones (a damaged file is set aside, with a notice)."""
    path = Path(path or paths.stats_path())
    if not path.exists():
        return empty()
    try:
        data = read_json_file(path, "The statistics file", MAX_STATS_BYTES)
    except SaveError as exc:
        if "cannot be read" in str(exc):    # a locked or unreadable file: leave it alone
            _notices.append(f"{exc} Counting goes on in a new file.")
            return empty()
        data = None
    if data is None or not well_formed(data):
        _set_aside(path)
        return empty()
    return data


def _set_aside(path: Path) -> None:
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        path.replace(aside)
    except OSError as exc:
        _notices.append(f"The statistics file was damaged and could not be set aside "
                        f"({exc.strerror or exc}); counting starts afresh.")
        return
    _notices.append(f"The statistics file was damaged. It was set aside as {aside.name}, "
                    "and counting starts afresh.")


def take_notice() -> str:
    """What happened to the statistics file since the last call ("" if nothing), once."""
    text = " ".join(dict.fromkeys(_notices))
    _notices.clear()
    return text


#: what a game's scores count (GameState.score_unit): points, the more the better, or seconds
#: on the clock, the fewer the better; best lists keep the two apart
UNITS = ("points", "seconds")


def unit_of(entry: dict[str, Any]) -> str:
    unit = entry.get("unit")
    return unit if unit in UNITS else "points"


def record_game(game_id: str, seats: Sequence[Any], scores: Sequence[int], winners: Sequence[int],
                path: Path | None = None, when: str | None = None, unit: str = "points",
                hints: int = 0) -> dict[str, Any]:
    """Add one finished game. `seats` are session Seats (name, kind_key()); `unit` says what
    the scores count (UNITS): the best points and the best times are kept apart; `hints` is
    how many hints were asked in it (games played with hints are counted apart too)."""
    data = load(path)
    game = data["games"].setdefault(game_id, {"played": 0, "by_kind": {}, "best": []})
    game["played"] += 1
    if hints:
        game["with_hints"] = (game.get("with_hints") if _is_count(game.get("with_hints")) else 0) + 1
    when = when or time.strftime("%Y-%m-%d")
    for index, seat in enumerate(seats):
        kind = seat.kind_key()
        entry = game["by_kind"].setdefault(kind, {"played": 0, "won": 0})
        entry["played"] += 1
        if index in winners:
            entry["won"] += 1
        game["best"].append({"name": seat.name, "kind": kind, "score": int(scores[index]),
                             "date": when, "players": len(seats), "unit": unit if unit in UNITS else "points"})
    points = sorted((e for e in game["best"] if unit_of(e) == "points"), key=lambda e: -e["score"])
    times = sorted((e for e in game["best"] if unit_of(e) == "seconds"), key=lambda e: e["score"])
    game["best"] = points[:BEST_KEPT] + times[:BEST_KEPT]
    write_json_atomic(path or paths.stats_path(), data)
    return data
