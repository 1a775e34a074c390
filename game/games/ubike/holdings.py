"""A seat's holdings in words, for a finished game's replay with everything revealed
(table/everything.py): its face-down scenery storage and its opportunity cards."""
from __future__ import annotations

from typing import Any

from .rules import CARDS, OPPORTUNITIES, TYPES


def holdings_words(scene: Any, seat: int, held: dict[str, Any], view: dict[str, Any], brief: bool) -> list[str]:
    """`brief` leaves out each scenery card's type and distance."""
    def card(number: int) -> str:
        c = CARDS[number]
        if c.is_bike:
            return f"a {c.bikes}-bike card"
        return c.place if brief else f"{c.place} ({TYPES[c.type]['label']}, {c.distance})"

    stored = held.get("scenery_storage") or []
    chances = held.get("opportunities") or []
    return [f"Scenery storage: {', '.join(card(n) for n in stored) or 'empty'}",
            f"Opportunities: {', '.join(OPPORTUNITIES[n].title for n in chances) or 'none'}"]
