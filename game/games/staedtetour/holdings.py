"""A seat's holdings in words, for a finished game's replay with everything revealed
(table/everything.py): its secret destination."""
from __future__ import annotations

from typing import Any

from .rules import place_name


def holdings_words(scene: Any, seat: int, held: dict[str, Any], view: dict[str, Any], brief: bool) -> list[str]:
    destination = held.get("destinations")
    return [f"Destination: {place_name(destination)}" if destination else "No destination card"]
