"""Städtetour: announced in the menu, not built yet."""
from game.core.registry import GameSpec, register

SPEC = register(GameSpec(
    id="staedtetour",
    title="Städtetour",
    min_players=2,
    max_players=4,
    blurb="A bus tour of Europe and North Africa: draw tickets, steer the bus and keep your destination secret.",
    available=False,
))
