"""Bot against bot over many seeds: how often does one level beat another?

    python build_scripts/bot_arena.py ubike hard random --seeds 50 [--players 2]
        [--iterations N | --time S] [--jobs 2] [--option circuit=old-town --option laps=1]

Seat order alternates with the seed so neither side always starts. Prints one JSON line:
the first level's win share (a shared win counts by its share), its average score and the
other side's, and the hard bot's move times.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def one_game(args: tuple) -> dict:
    game, first, second, seed, players, iterations, seconds, options = args
    from game.core.ai.arena import play_game
    from game.core.registry import get
    spec = get(game)
    levels = [second] * players
    seat = seed % players
    levels[seat] = first
    timings: dict[str, list[float]] = {}
    result = play_game(spec, levels, seed, options, hard_iterations=iterations, hard_time=seconds,
                       timings=timings)
    won = (1.0 / len(result["winners"])) if seat in result["winners"] else 0.0
    others = [s for i, s in enumerate(result["scores"]) if i != seat]
    return {"won": won, "score": result["scores"][seat], "other": sum(others) / len(others),
            "times": timings.get(first, [])}


def arena(game: str, first: str, second: str, seeds: int, players: int = 2, iterations: int | None = None,
          seconds: float | None = None, jobs: int = 1, start: int = 0,
          options: dict | None = None) -> dict:
    tasks = [(game, first, second, seed, players, iterations, seconds, options or {})
             for seed in range(start, start + seeds)]
    began = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(one_game, tasks))
    else:
        results = [one_game(t) for t in tasks]
    times = sorted(t for r in results for t in r["times"])
    return {
        "game": game, "options": options or {}, "first": first, "second": second, "players": players, "seeds": seeds,
        "iterations": iterations, "time_budget": seconds,
        "first_win_share": round(sum(r["won"] for r in results) / len(results), 3),
        "first_avg_score": round(sum(r["score"] for r in results) / len(results), 2),
        "others_avg_score": round(sum(r["other"] for r in results) / len(results), 2),
        "first_move_p95_s": round(times[int(0.95 * (len(times) - 1))], 3) if times else None,
        "wall_s": round(time.perf_counter() - began, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int)
    parser.add_argument("--time", type=float)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (numbers and true/false are read as such)")
    args = parser.parse_args()
    options = {}
    for item in args.option:
        key, _, raw = item.partition("=")
        value: object = raw
        if raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        elif raw.lstrip("-").isdigit():
            value = int(raw)
        options[key] = value
    print(json.dumps(arena(args.game, args.first, args.second, args.seeds, args.players, args.iterations,
                           args.time, args.jobs, args.start, options)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
