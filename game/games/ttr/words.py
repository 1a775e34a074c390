"""Ticket to Ride's words for cards: the word on a train card's face, and a way to pay for a
route as its button says it."""
from __future__ import annotations

from .data import COLOUR_LABELS, LOCO, PROVINCE_SPOTS
from .rules import Claim


def face_label(card: str) -> str:
    """The word on a train card's face: its colour, "Loco" for a locomotive (the whole word
    does not fit the card)."""
    return "Loco" if card == LOCO else COLOUR_LABELS[card]


def pay_label(claim: Claim, korea: bool) -> str:
    """A way to pay, as its button says it ("3 red + 1 loco", on South Korea with the mat spot
    it earns)."""
    parts = []
    plain = claim.cards - claim.locomotives
    if plain:
        parts.append(f"{plain} {COLOUR_LABELS[claim.colour].lower()}")
    if claim.locomotives:
        parts.append(f"{claim.locomotives} loco")
    label = " + ".join(parts)
    if korea:
        label += f" · spot {min(claim.cards, PROVINCE_SPOTS)}"
    return label

