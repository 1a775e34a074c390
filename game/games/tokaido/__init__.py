"""Tokaido (Antoine Bauza, Funforge 2012), with Crossroads and the New Encounters: walk the East
Sea Road from Kyoto to Edo and make the richest journey."""
from game.core.registry import GameSpec, OptionSpec, register

from . import bot, rules, upgrade
from .data import FIRST_EDITION, LATER_EDITION

ON_OFF = ((False, "Off"), (True, "On"))

SPEC = register(GameSpec(
    id=rules.GAME_ID,
    menu_order=30,
    maps=("tokaido.tmx",),
    icons=("tok_village", "tok_temple", "tok_encounter", "tok_paddy", "tok_mountain", "tok_sea", "tok_hotspring",
           "tok_farm", "tok_inn", "tok_coin", "tok_meal"),
    title="Tokaido",
    min_players=2,
    max_players=5,
    blurb="Walk the East Sea Road from Kyoto to Edo: souvenirs, panoramas, hot springs, temples, "
          "encounters and fine meals. With Crossroads and the New Encounters.",
    options=(
        OptionSpec("crossroads", "Crossroads", ON_OFF, False,
                   "Two options at every stop, and six more travellers."),
        OptionSpec("edition", "Rules edition", ((FIRST_EDITION, "First (rulebook)"), (LATER_EDITION, "Later")),
                   FIRST_EDITION,
                   "Crossroads as first printed, or as later revised."),
        OptionSpec("new_encounters", "New Encounters", ON_OFF, False,
                   "Four more encounters join the deck."),
        OptionSpec("gastronomy", "Gastronomy", ON_OFF, False,
                   "The first at an inn draws one meal card fewer."),
        OptionSpec("preparations", "Preparations", ON_OFF, False,
                   "Starting coins depend on the queue in Kyoto."),
        OptionSpec("return_trip", "Return trip", ON_OFF, False, "Walk from Edo to Kyoto."),
        OptionSpec("initiation", "Initiation", ON_OFF, False,
                   "No travellers; everyone starts with 7 coins."),
    ),
    state=rules.TokaidoState,
    action_types=rules.ACTION_TYPES,
    rules_version=upgrade.RULES_VERSION,
    upgrade_save=upgrade.upgrade_save,
    determinize=bot.determinize,
    bot_knowledge="game.games.tokaido.bot:KNOWLEDGE",
    scene="game.games.tokaido.scene:TokaidoScene",
    rules_file="tokaido.md",
    accent="#c0392b",
    available=True,
))
