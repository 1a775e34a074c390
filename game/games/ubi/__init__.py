"""Ubi: announced in the menu, not built yet."""
from game.core.registry import GameSpec, register

SPEC = register(GameSpec(
    id="ubi",
    title="Ubi",
    min_players=2,
    max_players=6,
    blurb="The world according to Ubi: find places on an unlabelled hex map of the world.",
    available=False,
))
