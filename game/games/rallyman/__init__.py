"""Rallyman GT: announced in the menu, not built yet."""
from game.core.registry import GameSpec, register

SPEC = register(GameSpec(
    id="rallyman",
    title="Rallyman GT",
    min_players=1,
    max_players=6,
    blurb="Race GT cars with gear dice: push your luck through the corners without losing control.",
    available=False,
))
