"""UBike Tour: Taiwan (Chih-Fan Chen, Big Fun Games 2019): plan a nine-stop bike journey
across north-western Taiwan from rows of scenery cards."""
from game.core.registry import GameSpec, OptionSpec, register

from . import bot, rules

SPEC = register(GameSpec(
    id=rules.GAME_ID,
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
    options=(
        OptionSpec("start", "Start player", (("first", "First seat"), ("random", "Random")),
                   "first", "The rulebook: whoever rode a bike most recently starts. "
                   "Put them in the first seat, or let the game choose."),
    ),
    state=rules.UBikeState,
    action_types=rules.ACTION_TYPES,
    determinize=bot.determinize,
    bot_knowledge="game.games.ubike.bot:KNOWLEDGE",
    scene="game.games.ubike.scene:UBikeScene",
    rules_file="ubike.md",
    rules_version=rules.RULES_VERSION,
    upgrade_save=rules.upgrade_save,
    accent="#009E73",
))
