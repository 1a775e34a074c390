"""Städtetour (Eugen Wyss, HABA 2009): a bus tour of Europe and North Africa. Each player
secretly hopes the bus will stop at their destination; the tour guide draws tickets and
steers, and everybody tries to read everybody else."""
from game.core.registry import GameSpec, register

# the rules, bots and scene are named, not imported: they are imported when the game is opened

SPEC = register(GameSpec(
    id="staedtetour",
    menu_order=20,
    maps=("staedtetour.tmx",),
    icons=("ticket_single", "ticket_return", "ticket_round", "bus"),
    sounds=("horn",),
    title="Städtetour",
    min_players=2,
    max_players=4,
    blurb="A bus tour of Europe and North Africa: draw tickets, steer the bus at the forks, keep "
          "your destination secret and guess everyone else's.",
    options="game.games.staedtetour.rules:OPTIONS",
    state="game.games.staedtetour.rules:StaedtetourState",
    action_types="game.games.staedtetour.rules:ACTION_TYPES",
    determinize="game.games.staedtetour.bot:determinize",
    bot_knowledge="game.games.staedtetour.bot:KNOWLEDGE",
    scene="game.games.staedtetour.scene:StaedtetourScene",
    rules_file="staedtetour.md",
    accent="#D55E00",
    rules_version="game.games.staedtetour.rules:RULES_VERSION",
    upgrade_save="game.games.staedtetour.rules:upgrade_save",
))

