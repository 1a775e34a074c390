"""Tokaido (Antoine Bauza, Funforge 2012), with Crossroads and the New Encounters: walk the East
Sea Road from Kyoto to Edo and make the richest journey."""
from game.core.registry import GameSpec, register

# the rules, bots and scene are named, not imported: they are imported when the game is opened

SPEC = register(GameSpec(
    id="tokaido",
    menu_order=30,
    maps=("tokaido.tmx",),
    icons=("tok_village", "tok_temple", "tok_encounter", "tok_paddy", "tok_mountain", "tok_sea", "tok_hotspring",
           "tok_farm", "tok_inn", "tok_coin", "tok_meal"),
    title="Tokaido",
    min_players=2,
    max_players=5,
    blurb="Walk the East Sea Road from Kyoto to Edo: souvenirs, panoramas, hot springs, temples, "
          "encounters and fine meals. With Crossroads and the New Encounters.",
    options="game.games.tokaido.rules:OPTIONS",
    state="game.games.tokaido.rules:TokaidoState",
    action_types="game.games.tokaido.rules:ACTION_TYPES",
    rules_version="game.games.tokaido.upgrade:RULES_VERSION",
    upgrade_save="game.games.tokaido.upgrade:upgrade_save",
    determinize="game.games.tokaido.bot:determinize",
    bot_knowledge="game.games.tokaido.bot:KNOWLEDGE",
    scene="game.games.tokaido.scene:TokaidoScene",
    rules_file="tokaido.md",
    accent="#c0392b",
    available=True,
))
