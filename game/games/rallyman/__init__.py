"""Rallyman GT: the dice race on hex track tiles, for 1 to 6 cars (one car alone races the
clock). The rules in rules.py and the parts it is composed of (with dice.py and the track of
track.py/tiles.py), the table in scene.py."""
from game.core.registry import GameSpec, register

# the rules, bots and scene are named, not imported: they are imported when the game is opened

SPEC = register(GameSpec(
    id="rallyman",
    menu_order=50,
    maps=("rallyman-hairpin-oval.tmx", "rallyman-coast-speedway.tmx", "rallyman-old-town.tmx"),   # its CIRCUITS
    map_pictures="game.games.rallyman.track:pictures",   # hex track tiles: read by its own loader
    sounds=("engine", "skid"),
    title="Rallyman GT",
    min_players=1,
    max_players=6,
    blurb="Race GT cars with gear dice: push your luck through the corners without losing control.",
    options="game.games.rallyman.rules:OPTIONS",
    state="game.games.rallyman.rules:RallymanState",
    new_state="game.games.rallyman.rules:new_state",
    action_types="game.games.rallyman.actions:ACTION_TYPES",
    bot_knowledge="game.games.rallyman.bot:KNOWLEDGE",
    scene="game.games.rallyman.scene:RallymanScene",
    rules_file="rallyman.md",
    accent="#E69F00",
    rules_version="game.games.rallyman.rules:RULES_VERSION",
))
