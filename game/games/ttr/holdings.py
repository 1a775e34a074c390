"""A seat's holdings in words, for a finished game's replay with everything revealed
(table/everything.py): "Hand: 3 red, 2 blue, 1 locomotive · Tickets: Madrid–Barcelona 8 (done)"."""
from __future__ import annotations

from typing import Any

from game.core.text import plural

from .data import COLOUR_LABELS, FESTIVALS, LOCO
from .layout import ORDER
from .rules import DRAFT, DRAFTED, KEEP, OVER


def holdings_words(scene: Any, seat: int, held: dict[str, Any], view: dict[str, Any], brief: bool) -> list[str]:
    """`seat`'s hand, tickets (done, or failed once the game is over), festival cards and the
    tickets it is choosing among; `brief` leaves the tickets' points out."""
    tickets = scene.board.tickets

    def ticket(t: int) -> str:
        return f"{scene.city(tickets[t].a)}–{scene.city(tickets[t].b)}" + ("" if brief else f" {tickets[t].points}")

    hand = held.get("hands") or []
    counts = [(hand.count(c), c) for c in ORDER if hand.count(c)]
    words = [f"Hand: {', '.join(colour_count(n, c) for n, c in counts) or 'no cards'}"]
    done = dict(zip(held.get("tickets") or [], view.get("ticket_done") or []))
    over = view["phase"] == OVER
    marks = {True: " (done)", False: " (failed)" if over else ""}
    words.append("Tickets: " + (", ".join(ticket(t) + marks[done.get(t, False)] for t in done) or "none yet"))
    pile = held.get("festival_piles") or []
    if pile:
        cities = sorted(set(pile), key=pile.index)
        words.append("Festival cards: " + ", ".join(f"{pile.count(k)} {FESTIVALS.get(k, k)}" for k in cities))
    if view["phase"] in (DRAFT, DRAFTED):
        if held.get("draft_packs"):
            words.append("Draft packet: " + ", ".join(ticket(t) for t in held["draft_packs"]))
        if held.get("draft_picks"):
            words.append("Picked: " + ", ".join(ticket(t) for t in held["draft_picks"]))
    if view["phase"] == KEEP and held.get("offered"):
        words.append("Tickets drawn: " + ", ".join(ticket(t) for t in held["offered"]))
    return words


def colour_count(count: int, colour: str) -> str:
    if colour == LOCO:
        return plural(count, "locomotive")
    return f"{count} {COLOUR_LABELS[colour].lower()}"
