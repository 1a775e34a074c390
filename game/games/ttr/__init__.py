"""Ticket to Ride: Iberia and South Korea (Map Collection 8): two boards on one engine.

Iberia adds the ticket drafts and the festival cards; South Korea the express cards and the
province mat. Both assume the base game's rules (seeds/ttr-base.md)."""
from game.core.registry import GameSpec, register

# the rules, bots and scene are named, not imported: they are imported when the game is opened

#: South Korea's own rules version: 2 since the board was widened for five players (TKO-18,
#: TKO-22); a save made on the old board (version 1) would replay onto other routes, so it is
#: refused with the reason. Iberia keeps rules.RULES_VERSION.
KOREA_RULES_VERSION = 2

IBERIA = register(GameSpec(
    id="ttr-iberia",
    menu_order=40,
    maps=("ttr-iberia.tmx",),
    icons=("ticket_single",),
    sounds=("whistle", "train"),
    title="Ticket to Ride: Iberia",
    short_title="TtR Iberia",
    min_players=2,
    max_players=5,
    blurb="Claim railway routes across Spain and Portugal: draft your tickets, and collect the "
          "festival cards of the cities your trains reach.",
    state="game.games.ttr.rules:IberiaState",
    new_state="game.games.ttr.rules:new_iberia",
    action_types="game.games.ttr.rules:ACTION_TYPES",
    determinize="game.games.ttr.deal:determinize",
    bot_knowledge="game.games.ttr.bot:KNOWLEDGE",
    scene="game.games.ttr.scene:TtrScene",
    rules_file="ttr-iberia.md",
    accent="#CC79A7",
    rules_version="game.games.ttr.rules:RULES_VERSION",
))
KOREA = register(GameSpec(
    id="ttr-korea",
    menu_order=41,
    maps=("ttr-korea.tmx",),
    icons=("ticket_single",),
    sounds=("whistle", "train"),
    title="Ticket to Ride: South Korea",
    short_title="TtR South Korea",
    min_players=2,
    max_players=5,
    blurb="Claim railway routes across South Korea's provinces: spend your express cards well, "
          "and win the lines of the province mat.",
    state="game.games.ttr.rules:KoreaState",
    new_state="game.games.ttr.rules:new_korea",
    action_types="game.games.ttr.rules:ACTION_TYPES",
    determinize="game.games.ttr.deal:determinize",
    bot_knowledge="game.games.ttr.bot:KNOWLEDGE",
    scene="game.games.ttr.scene:TtrScene",
    rules_file="ttr-korea.md",
    accent="#0072B2",
    rules_version=KOREA_RULES_VERSION,
))
