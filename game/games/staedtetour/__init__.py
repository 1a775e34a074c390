"""Städtetour (Eugen Wyss, HABA 2009): a bus tour of Europe and North Africa. Each player
secretly hopes the bus will stop at their destination; the tour guide draws tickets and
steers, and everybody tries to read everybody else."""
from game.core.registry import GameSpec, OptionSpec, register

from . import bot, rules

SPEC = register(GameSpec(
    id=rules.GAME_ID,
    menu_order=20,
    maps=("staedtetour.tmx",),
    icons=("ticket_single", "ticket_return", "ticket_round", "bus"),
    sounds=("horn",),
    title="Städtetour",
    min_players=2,
    max_players=4,
    blurb="A bus tour of Europe and North Africa: draw tickets, steer the bus at the forks, keep "
          "your destination secret and guess everyone else's.",
    options=(
        OptionSpec("star_value", "A star is worth", tuple((v, rules.plural(v, "ticket")) for v in range(1, 6)), 3,
                   "At the end, piles are compared with each star counted as this many tickets."),
        OptionSpec("start", "Where the bus starts", (("random", "A random stop"),
                                                     ("choose", "The first tour guide chooses")),
                   "random", "The bus starts on an intermediate stop, facing one of its roads."),
    ),
    state=rules.StaedtetourState,
    action_types=rules.ACTION_TYPES,
    determinize=bot.determinize,
    bot_knowledge="game.games.staedtetour.bot:KNOWLEDGE",
    scene="game.games.staedtetour.scene:StaedtetourScene",
    rules_file="staedtetour.md",
    accent="#D55E00",
    rules_version=rules.RULES_VERSION,
    upgrade_save=rules.upgrade_save,
))

