"""Ticket to Ride: Iberia and South Korea share one engine; announced, not built yet."""
from game.core.registry import GameSpec, register

IBERIA = register(GameSpec(
    id="ttr-iberia",
    title="Ticket to Ride: Iberia",
    min_players=2,
    max_players=5,
    blurb="Claim railway routes across Spain and Portugal, with the ticket draft and province bonuses.",
    available=False,
))
KOREA = register(GameSpec(
    id="ttr-korea",
    title="Ticket to Ride: South Korea",
    min_players=2,
    max_players=5,
    blurb="Claim railway routes across South Korea.",
    available=False,
))
