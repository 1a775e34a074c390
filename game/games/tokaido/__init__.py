"""Tokaido: announced in the menu, not built yet."""
from game.core.registry import GameSpec, register

SPEC = register(GameSpec(
    id="tokaido",
    title="Tokaido",
    min_players=2,
    max_players=5,
    blurb="Walk the East Sea Road from Kyoto to Edo and make the richest journey, with Crossroads and New Encounters.",
    available=False,
))
