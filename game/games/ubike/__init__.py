"""UBike Tour: Taiwan (Chih-Fan Chen, Big Fun Games 2019): plan a nine-stop bike journey
across north-western Taiwan from rows of scenery cards."""
from game.core.registry import GameSpec, register

# the rules, bots and scene are named, not imported: they are imported when the game is opened

SPEC = register(GameSpec(
    id="ubike",
    menu_order=10,
    maps=("ubike.tmx",),
    icons=("ubike_nature", "ubike_heritage", "ubike_market", "ubike_modern", "bike", "wheel", "bike_marker",
           "opp_bike", "opp_extra", "opp_markers", "opp_point", "opp_types"),
    sounds=("bell", "opportunity"),
    title="UBike Tour: Taiwan",
    short_title="UBike Taiwan",
    min_players=2,
    max_players=4,
    blurb="Plan a nine-stop bike trip across north-western Taiwan: search for scenery cards, "
          "take whole rows, and pay bikes to ride the long stretches.",
    options="game.games.ubike.rules:OPTIONS",
    state="game.games.ubike.rules:UBikeState",
    action_types="game.games.ubike.rules:ACTION_TYPES",
    determinize="game.games.ubike.bot:determinize",
    bot_knowledge="game.games.ubike.bot:KNOWLEDGE",
    scene="game.games.ubike.scene:UBikeScene",
    rules_file="ubike.md",
    rules_version="game.games.ubike.rules:RULES_VERSION",
    upgrade_save="game.games.ubike.rules:upgrade_save",
    accent="#009E73",
))
