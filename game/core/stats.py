"""Statistics kept across games: played and won per game and per seat kind, best scores.

Stored as JSON in the user data folder; a damaged file is set aside (renamed) rather than
lost or allowed to stop the app.
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Sequence

from . import paths
from .saves import write_json_atomic

BEST_KEPT = 10


def load(path: Path | None = None) -> dict[str, Any]:
    path = path or paths.stats_path()
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"version": 1, "games": {}}
    except (OSError, ValueError):
        _set_aside(Path(path))
        return {"version": 1, "games": {}}
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        _set_aside(Path(path))
        return {"version": 1, "games": {}}
    return data


def _set_aside(path: Path) -> None:
    try:
        path.replace(path.with_name(path.name + f".damaged-{int(time.time())}"))
    except OSError:
        pass


def record_game(game_id: str, seats: Sequence[Any], scores: Sequence[int], winners: Sequence[int],
                path: Path | None = None, when: str | None = None) -> dict[str, Any]:
    """Add one finished game. `seats` are session Seats (name, kind_key())."""
    data = load(path)
    game = data["games"].setdefault(game_id, {"played": 0, "by_kind": {}, "best": []})
    game["played"] += 1
    when = when or time.strftime("%Y-%m-%d")
    for index, seat in enumerate(seats):
        kind = seat.kind_key()
        entry = game["by_kind"].setdefault(kind, {"played": 0, "won": 0})
        entry["played"] += 1
        if index in winners:
            entry["won"] += 1
        game["best"].append({"name": seat.name, "kind": kind, "score": int(scores[index]),
                             "date": when, "players": len(seats)})
    game["best"].sort(key=lambda e: -e["score"])
    del game["best"][BEST_KEPT:]
    write_json_atomic(path or paths.stats_path(), data)
    return data
