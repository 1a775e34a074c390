"""Game numbers: the seed a game is dealt from, as the players see it.

A random game number has 64 bits, so nobody can try every number against the opening cards
to learn the rest of the deal. It is drawn when the game starts and shown only where it gives
nothing away: at the results, and for a game that is over or whose number a person typed in
to replay it (a "known" number).
"""
from __future__ import annotations

import os

MAX_GAME_NUMBER = 2**64 - 1
MAX_DIGITS = len(str(MAX_GAME_NUMBER))     # 20


class GameNumberError(ValueError):
    """What a person typed is not a game number; the message says why, in a sentence."""


def new_game_number() -> int:
    """A fresh random game number: 64 bits from the system's secure source, never 0."""
    while True:
        number = int.from_bytes(os.urandom(8), "big")
        if number:
            return number


def parse_game_number(text: str) -> int | None:
    """The number typed into a game-number box, or None when it is empty (a random one then).

    Raises GameNumberError for anything that is not a whole number from 0 to 2**64-1."""
    text = text.strip()
    if not text:
        return None
    # isdigit() alone would take "²" or Arabic-Indic digits
    if not (text.isascii() and text.isdigit()):
        raise GameNumberError("A game number has digits only (0-9).")
    if len(text.lstrip("0")) > MAX_DIGITS or int(text) > MAX_GAME_NUMBER:
        raise GameNumberError(f"Game numbers go up to {MAX_GAME_NUMBER}.")
    return int(text)


def shown_game_number(seed: int, *, known: bool, over: bool) -> int | None:
    """`seed` where it may be shown (the game is over, or its number was typed in), else None."""
    return seed if known or over else None
