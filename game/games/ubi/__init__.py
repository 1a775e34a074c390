"""Ubi: the world geography game, for 2 to 6 players or teams. The rules in rules.py (with the
hexagon sheets of grid.py and the cards of cards.py), the bots in bot.py, the table in
scene.py."""
from game.core.registry import GameSpec, register

# the rules, bots and scene are named, not imported: they are imported when the game is opened

SPEC = register(GameSpec(
    id="ubi",
    menu_order=60,
    maps=("ubi.tmx",),
    map_pictures="game.core.board:picture_files",   # the table draws the picture; nothing reads the hexagons
    sounds=("right", "wrong", "capstone"),
    title="Ubi",
    min_players=2,
    max_players=6,
    blurb="The world according to Ubi: find places on an unlabelled hex map of the world.",
    available=True,
    scene="game.games.ubi.scene:UbiScene",
    options="game.games.ubi.rules:OPTIONS",
    state="game.games.ubi.rules:UbiState",
    new_state="game.games.ubi.rules:new_state",
    action_types="game.games.ubi.rules:ACTION_TYPES",
    determinize="game.games.ubi.rules:determinize",
    bot_knowledge="game.games.ubi.bot:KNOWLEDGE",
    rules_file="ubi.md",
    accent="#56B4E9",
    rules_version="game.games.ubi.rules:RULES_VERSION",
))
