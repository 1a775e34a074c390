"""Four Tokaido bots at one table, over many seeds: points per traveller and where they come from.

    python build_scripts/tokaido_table.py --seeds 160 [--start 7001] [--iterations 300]
        [--level hard] [--crossroads] [--jobs 2] [--out games.jsonl]
        [--set STEP_COST=1.4 ...] [--compare before.jsonl]

Prints the points per traveller with a 95 % interval over the games' table averages, the
winner's and the last traveller's points, the points by category, how the coins were spent,
the stops of each kind a traveller made, and the inn visits where a dish was left that the
traveller could not pay for. These are the figures the bot's docstring compares with the Board
Game Arena arena games (issue 24).

`--set` plays with one of the bot's named constants changed (a number in
`game/games/tokaido/bot.py`, for every seat), and `--compare` pairs the games by seed with an
earlier `--out` file: the difference of the table averages, with its interval.
"""
from __future__ import annotations

import argparse
import collections
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def bot_constants(settings: list[str]) -> dict[str, float]:
    """The `NAME=VALUE` settings, checked against the bot's named numeric constants."""
    from game.games.tokaido import bot
    values = {}
    for item in settings:
        name, _, text = item.partition("=")
        current = getattr(bot, name, None)
        if not name.isupper() or isinstance(current, bool) or not isinstance(current, (int, float)):
            raise SystemExit(f"--set {item}: {name!r} is not a numeric constant of game/games/tokaido/bot.py")
        try:
            values[name] = int(text) if isinstance(current, int) else float(text)
        except ValueError:
            kind = "a whole number" if isinstance(current, int) else "a number"
            raise SystemExit(f"--set {item}: {text!r} is not {kind}") from None
    return values


def one_game(task: tuple[int, int, str, bool, dict[str, float]]) -> dict:
    seed, iterations, level, crossroads, constants = task
    from game.games.tokaido import bot
    from game.core.ai.arena import play_game
    from game.core.registry import get
    from game.games.tokaido.actions import (BuyAmulet, BuyCalligraphy, BuyLegendary, BuySouvenirs, Donate, EatMeal,
                                            EatNothing, Move, TakeFreeMeal)
    from game.games.tokaido.data import FAMILIES, MEALS, SOUVENIRS
    stops = [collections.Counter() for _ in range(4)]
    spent = [collections.Counter() for _ in range(4)]
    inns = [0, 0]                                         # inn visits, of which broke
    seen = []                                             # the game's state (one object, played on)

    def watch(state, seat, legal, action) -> None:
        if not seen:
            seen.append(state)
        piece = state.acting_piece()
        if any(isinstance(a, EatNothing) for a in legal):
            inns[0] += 1
            eaten = state.dishes_eaten(piece)
            if (any(MEALS[m].dish not in eaten for m in state.meal_hand)
                    and not any(isinstance(a, (EatMeal, TakeFreeMeal)) for a in legal)):
                inns[1] += 1
        if piece != seat:
            return                                        # the neutral traveller
        if isinstance(action, Move):
            stops[piece][state.road[action.index].kind] += 1
        elif isinstance(action, BuySouvenirs):
            spent[piece]["souvenir cards"] += len(action.cards)
            spent[piece]["souvenir coins"] += state.souvenir_price(piece, action.cards)
        elif isinstance(action, Donate):
            spent[piece]["temple coins"] += action.coins
        elif isinstance(action, (BuyCalligraphy, BuyAmulet, BuyLegendary)):     # Crossroads' shops
            spent[piece][{BuyCalligraphy: "calligraphies", BuyAmulet: "amulets",
                          BuyLegendary: "legendary objects"}[type(action)]] += 1
        elif isinstance(action, EatMeal):
            dish = next(m for m in state.meal_hand if MEALS[m].dish == action.dish)
            spent[piece]["meal coins"] += 0 if action.hospitality else state.meal_price(piece, dish)

    saved = {name: getattr(bot, name) for name in constants}
    try:
        for name, value in constants.items():
            setattr(bot, name, value)
        play_game(get("tokaido"), [level] * 4, seed, {"crossroads": crossroads}, hard_iterations=iterations,
                  watch=watch)
    finally:
        for name, value in saved.items():
            setattr(bot, name, value)
    state = seen[0]
    for p, record in enumerate(state.players[:4]):
        spent[p]["coins left"] = record["coins"]
        spent[p]["souvenirs held"] = len(record["souvenirs"])
        spent[p]["full souvenir sets"] = int(len({SOUVENIRS[c].family for c in record["souvenirs"]}) == len(FAMILIES))
    return {"seed": seed, "scores": state.scores(), "parts": dict(state.score_breakdown()),
            "stops": [dict(c) for c in stops], "spent": [dict(c) for c in spent], "inns": inns[0], "broke": inns[1]}


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean of `values` and the half-width of its 95 % interval."""
    mean = sum(values) / len(values)
    sd = (sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)) ** 0.5
    return mean, 1.96 * sd / math.sqrt(len(values))


def summary(games: list[dict]) -> str:
    from game.games.tokaido.data import FAMILIES
    mean, half = mean_interval([sum(g["scores"]) / len(g["scores"]) for g in games])
    travellers = sum(len(g["scores"]) for g in games)
    lines = [f"{len(games)} games: {mean:.2f} points per traveller [{mean - half:.2f}, {mean + half:.2f}]",
             f"the winner {sum(max(g['scores']) for g in games) / len(games):.2f}, "
             f"the last {sum(min(g['scores']) for g in games) / len(games):.2f}"]
    for title, key in (("points", "parts"), ("coins and cards", "spent"), ("stops", "stops")):
        totals: collections.Counter = collections.Counter()
        for g in games:
            if key == "parts":
                totals.update({k: sum(v) for k, v in g[key].items()})
            else:
                for per_seat in g[key]:
                    totals.update(per_seat)
        lines.append(f"{title}: " + ", ".join(f"{k} {v / travellers:.2f}" for k, v in sorted(totals.items())))
    cards = sum(seat.get("souvenirs held", 0) for g in games for seat in g["spent"])
    if cards:
        full = sum(seat.get("full souvenir sets", 0) for g in games for seat in g["spent"])
        points = sum(sum(g["parts"].get("Souvenirs", [])) for g in games)
        lines.append(f"souvenirs: {points / cards:.2f} points a card; {100 * full / travellers:.0f} % of travellers "
                     f"hold all {len(FAMILIES)} families")
    inns = sum(g["inns"] for g in games)
    lines.append(f"inn visits without money for a dish left: {sum(g['broke'] for g in games)} of {inns}")
    return "\n".join(lines)


def paired(games: list[dict], before: list[dict]) -> str:
    """The difference of the table averages from `before`, game by game on the seeds both hold."""
    earlier = {g["seed"]: sum(g["scores"]) / len(g["scores"]) for g in before}
    diffs = [sum(g["scores"]) / len(g["scores"]) - earlier[g["seed"]] for g in games if g["seed"] in earlier]
    if len(diffs) < 2:
        return "compare: fewer than two seeds in common"
    mean, half = mean_interval(diffs)
    return (f"against the earlier games, paired on {len(diffs)} seeds: "
            f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--start", type=int, default=7001)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--crossroads", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="also write each game as a JSON line here")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="play with one of the bot's named constants changed (repeatable)")
    parser.add_argument("--compare", type=Path, help="an earlier --out file to pair the games with by seed")
    args = parser.parse_args()
    constants = bot_constants(args.set)
    before = None
    if args.compare:
        try:
            before = [json.loads(line) for line in args.compare.read_text(encoding="utf-8").splitlines() if line]
        except (OSError, ValueError) as error:
            raise SystemExit(f"--compare {args.compare}: {error}") from None
    seeds = range(args.start, args.start + args.seeds)
    tasks = [(seed, args.iterations, args.level, args.crossroads, constants) for seed in seeds]
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(one_game, tasks))
    if args.out:
        args.out.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    print(summary(games))
    if before is not None:
        print(paired(games, before))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
