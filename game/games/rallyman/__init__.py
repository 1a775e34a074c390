"""Rallyman GT: the dice race on hex track tiles, for 1 to 6 cars (one car alone races the
clock). The rules in rules.py (with dice.py and the track of track.py/tiles.py), the table in
scene.py."""
from game.core.registry import GameSpec, register

from . import rules

SPEC = register(GameSpec(
    id="rallyman",
    menu_order=50,
    maps=tuple(f"rallyman-{circuit}.tmx" for circuit in rules.CIRCUITS),
    map_pictures="game.games.rallyman.track:pictures",   # hex track tiles: read by its own loader
    sounds=("engine", "skid"),
    title="Rallyman GT",
    min_players=1,
    max_players=6,
    blurb="Race GT cars with gear dice: push your luck through the corners without losing control.",
    options=rules.OPTIONS,
    state=rules.RallymanState,
    new_state=rules.new_state,
    action_types=rules.ACTION_TYPES,
    bot_knowledge="game.games.rallyman.bot:KNOWLEDGE",
    scene="game.games.rallyman.scene:RallymanScene",
    rules_file=rules.RULES_FILE,
    accent="#E69F00",
    rules_version=rules.RULES_VERSION,
))
