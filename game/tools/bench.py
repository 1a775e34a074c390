"""`--bench`: the performance report of DESIGN.md, printed as one JSON object.

    {"startup_s", "idle_cpu_pct", "games": {id: {"frame_ms_p50", "frame_ms_p99",
     "playouts_per_s", "bot_normal_p95_s", "bot_hard_p95_s", "peak_rss_mb"}}}

Window measurements run in child processes (`--bench-child`), so that start-up includes the
interpreter and memory is measured with one game open. Benchmarks print figures; the tests
never assert timings.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

BENCH_WINDOW = (1280, 720)


def _child(kind: str, game: str = "", quick: bool = False) -> dict[str, Any]:
    command = _self_command() + ["--bench-child", f"{kind}:{game}"] + (["--quick"] if quick else [])
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    started = time.time()
    out = subprocess.run(command, capture_output=True, text=True, env=env, timeout=900)
    if out.returncode != 0:
        raise RuntimeError(f"bench child {kind} failed:\n{out.stderr[-2000:]}")
    data = json.loads(out.stdout.strip().splitlines()[-1])
    data["_started"] = started
    return data


def _self_command() -> list[str]:
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "game"]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def peak_rss_mb() -> float | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


# ---- children ---------------------------------------------------------------------------------

def child_startup() -> dict[str, Any]:
    from game.app import App
    from game.settings import Settings
    app = App(headless=True, settings=Settings(muted=True), window_size=BENCH_WINDOW)
    app.push(app.scene("menu"))
    app.step(events=[], dt=0.0)
    return {"first_frame_time": time.time()}


def child_idle(seconds: float) -> dict[str, Any]:
    from game.app import App
    from game.settings import Settings
    app = App(headless=True, settings=Settings(muted=True), window_size=BENCH_WINDOW)
    app.push(app.scene("menu"))
    app.step(events=[], dt=0.0)
    settle = time.perf_counter() + 1.0   # past the first frames and window events
    while time.perf_counter() < settle:
        app.step()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds:
        app.step()          # the real loop: waits for events when nothing moves
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {"idle_cpu_pct": round(100 * cpu / wall, 2)}


def child_frames(game_id: str, frames: int) -> dict[str, Any]:
    """Bots play a game in the window at normal animation speed; every frame is timed."""
    from game.app import App
    from game.core.registry import get
    from game.core.session import BOT, Seat, Session
    from game.settings import Settings
    from game.table.frame import open_game
    spec = get(game_id)
    app = App(headless=True, settings=Settings(muted=True, animation_speed="normal", bot_pace="fast"),
              window_size=BENCH_WINDOW)
    app.push(app.scene("menu"))
    seats = [Seat(f"Bot {i + 1}", BOT, "normal", i) for i in range(spec.max_players)]
    seed = 1
    scene = open_game(app, Session(spec, seats, {}, seed))
    times: list[float] = []
    clock_dt = 1 / 60
    while len(times) < frames:
        if scene.session.state.is_over or scene.closed:
            seed += 1
            scene = open_game(app, Session(spec, seats, {}, seed))
        animating = scene.anim.busy
        start = time.perf_counter()
        app.step(events=[], dt=clock_dt)
        spent = time.perf_counter() - start
        if animating:
            times.append(spent * 1000)
        time.sleep(max(0.0, clock_dt - spent))   # a 60 Hz loop, as in the app
    return {"frame_ms_p50": round(percentile(times, 50), 2), "frame_ms_p99": round(percentile(times, 99), 2),
            "frames": len(times), "peak_rss_mb": peak_rss_mb()}


# ---- in-process measurements ------------------------------------------------------------------------

def playouts_per_second(game_id: str, seconds: float) -> dict[str, float]:
    """Random games to the end with checked moves (apply validates each one, as a person's
    click is), at every player count: games per second for each count."""
    from game.core.registry import get
    from game.core.rng import Rng
    spec = get(game_id)
    counts = range(spec.min_players, spec.max_players + 1)
    share = seconds / len(counts)
    rates: dict[str, float] = {}
    for n in counts:
        rng = Rng(7 + n)
        games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < share or games == 0:
            state = spec.make(n, games)
            state.logging = False
            state.settle_chance()
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
                state.settle_chance()
            games += 1
        rates[str(n)] = round(games / (time.perf_counter() - start), 1)
    return rates


def bot_move_times(game_id: str, level: str, moves: int,
                   iterations: list[int] | None = None) -> list[float]:
    """Decision times of a bot at `level` against normal bots, over whole games (and, for a
    searching bot, its iterations per move into `iterations`)."""
    from game.core.ai import make_bot
    from game.core.registry import get
    spec = get(game_id)
    times: list[float] = []
    seed = 0
    while len(times) < moves:
        seed += 1
        n = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        state = spec.make(n, seed)
        state.settle_chance()
        bots = [make_bot(spec, level if i == 0 else "normal", seed * 10 + i) for i in range(n)]
        while not state.is_over and len(times) < moves:
            seat = state.current_player
            legal = state.legal_actions()
            start = time.perf_counter()
            action = bots[seat].choose(state.view(seat), legal)
            if seat == 0 and len(legal) > 1:
                times.append(time.perf_counter() - start)
                if iterations is not None and hasattr(bots[0], "last_iterations"):
                    iterations.append(bots[0].last_iterations)
            state.apply(action)
            state.settle_chance()
    return times


def run(args: argparse.Namespace) -> int:
    if args.bench_child:
        kind, _, game = args.bench_child.partition(":")
        if kind == "startup":
            result = child_startup()
        elif kind == "idle":
            result = child_idle(3.0 if args.quick else 8.0)
        else:
            result = child_frames(game, 300 if args.quick else 1200)
        print(json.dumps(result))
        return 0
    from game.core.registry import playable_games
    quick = bool(args.quick)
    startups = []
    for _ in range(1 if quick else 3):
        data = _child("startup")
        startups.append(data["first_frame_time"] - data["_started"])
    report: dict[str, Any] = {
        "startup_s": round(min(startups), 3),
        "idle_cpu_pct": _child("idle", quick=quick)["idle_cpu_pct"],
        "games": {},
    }
    for spec in playable_games():
        frames = _child("frames", spec.id, quick=quick)
        normal = bot_move_times(spec.id, "normal", 40 if quick else 150)
        hard_iterations: list[int] = []
        hard = bot_move_times(spec.id, "hard", 6 if quick else 40, hard_iterations)
        rates = playouts_per_second(spec.id, 2.0 if quick else 6.0)
        report["games"][spec.id] = {
            "frame_ms_p50": frames["frame_ms_p50"],
            "frame_ms_p99": frames["frame_ms_p99"],
            "playouts_per_s": min(rates.values()),
            "playouts_per_s_by_players": rates,
            "bot_normal_p95_s": round(percentile(normal, 95), 3),
            "bot_hard_p95_s": round(percentile(hard, 95), 3),
            "bot_hard_iterations_median": int(percentile(hard_iterations, 50)) if hard_iterations else 0,
            "peak_rss_mb": frames["peak_rss_mb"],
        }
    print(json.dumps(report))
    return 0
